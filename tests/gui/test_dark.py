"""The panes follow a dark palette: the scheme is detected and era bands get
the stronger tint meant for dark backgrounds; text stays readable (the status
badge colour is the same, its text never depends on colour alone)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from inspector.gui.models import HistoryModel
from inspector.gui.style import band_color, is_dark
from inspector.gui.views.history import HistoryView


def dark_palette() -> QPalette:
    p = QPalette()
    for role, color in (
        (QPalette.ColorRole.Window, "#202124"),
        (QPalette.ColorRole.Base, "#17181a"),
        (QPalette.ColorRole.Text, "#e8eaed"),
        (QPalette.ColorRole.WindowText, "#e8eaed"),
    ):
        p.setColor(role, QColor(color))
    return p


def test_dark_palette_is_followed(qtbot, demo_report):
    app = QApplication.instance()
    old = app.palette()
    light_alpha = band_color(0).alpha()
    app.setPalette(dark_palette())
    try:
        assert is_dark()
        assert band_color(0).alpha() > light_alpha  # stronger tint on dark backgrounds
        view = HistoryView()
        qtbot.addWidget(view)
        view.set_report(demo_report)
        idx = view.model.index(0, HistoryModel.STATUS)
        assert view.model.data(idx).startswith("✔")  # the badge says it in words
        view.resize(900, 400)
        view.show()
        img = view.table.viewport().grab().toImage()
        # the table background is dark, like the palette
        assert QColor(img.pixel(img.width() // 2, img.height() - 5)).lightness() < 128
    finally:
        app.setPalette(old)
