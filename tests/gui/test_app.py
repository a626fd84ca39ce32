"""Application-level behaviour: the crash dialog shows the traceback and the
versions instead of the window vanishing; the dependency check passes here."""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from inspector.gui.about import versions
from inspector.gui.app import check_dependencies, install_crash_dialog


def test_dependency_check_passes_when_everything_is_installed(qapp):
    assert check_dependencies() is None


def test_crash_dialog_shows_traceback_and_versions(qapp, capsys):
    seen: dict[str, str] = {}

    def inspect_and_close() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen["title"] = box.windowTitle()
        seen["text"] = box.text()
        seen["details"] = box.detailedText()
        box.done(0)

    old = sys.excepthook
    install_crash_dialog()
    try:
        try:
            raise RuntimeError("boom in a slot")
        except RuntimeError:
            QTimer.singleShot(50, inspect_and_close)
            sys.excepthook(*sys.exc_info())
    finally:
        sys.excepthook = old
    assert "unexpected error" in seen["title"]
    assert "RuntimeError: boom in a slot" in seen["text"]
    assert "Traceback" in seen["details"] and "PySide6" in seen["details"]
    assert versions().splitlines()[0] in seen["details"]
    assert "boom in a slot" in capsys.readouterr().err  # also on stderr for logs
