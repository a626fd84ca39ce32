"""What the two painted timelines share: the Key eras (:mod:`.eras`) and a HOM-AIMOS
bundle's signer epochs (:mod:`.epochs`) paint the same way — the palette's colours, a
message when there is nothing to draw, then axis, rows, the selection's marker and the
legend, each drawn by the subclass."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QWidget

from ..style import mix, readable


class Timeline(QWidget):
    """A painted timeline: subclasses say what is empty and draw axis, rows, marker and
    legend with the colours :meth:`paintEvent` hands them."""

    def empty_text(self) -> str | None:
        """The message shown instead of the rows (None: there are rows to draw)."""
        raise NotImplementedError

    def empty_rect(self) -> QRect:
        return self.rect()

    def has_marker(self) -> bool:
        return False

    def paint_axis(self, p: QPainter, text: QColor, faint: QColor, grid: QColor) -> None:
        raise NotImplementedError

    def paint_rows(self, p: QPainter, base: QColor, text: QColor, faint: QColor, grid: QColor) -> None:
        raise NotImplementedError

    def paint_marker(self, p: QPainter, highlight: QColor) -> None:
        raise NotImplementedError

    def paint_legend(self, p: QPainter, text: QColor, faint: QColor) -> None:
        raise NotImplementedError

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        faint = readable(mix(base, text, 0.5), base)
        grid = mix(base, text, 0.15)
        p.fillRect(self.rect(), base)
        empty = self.empty_text()
        if empty is not None:
            p.setPen(faint)
            p.drawText(self.empty_rect(), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, empty)
            return
        self.paint_axis(p, text, faint, grid)
        self.paint_rows(p, base, text, faint, grid)
        if self.has_marker():
            self.paint_marker(p, pal.color(QPalette.ColorRole.Highlight))
        self.paint_legend(p, text, faint)
