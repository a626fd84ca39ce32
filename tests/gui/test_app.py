"""Application-level behaviour: the crash dialog shows the traceback and the
versions instead of the window vanishing; the dependency check passes here."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QMessageBox

from inspector.gui.about import versions
from inspector.gui.app import check_dependencies, install_crash_dialog


def test_dependency_check_passes_when_everything_is_installed(qapp):
    assert check_dependencies() is None


def test_crash_dialog_shows_traceback_and_versions(qapp, capsys, monkeypatch):
    # the crash dialog is modal by design (the application is in trouble): the test runs
    # it through a replacement of exec that records the box and answers at once
    seen: dict[str, object] = {}

    def answer(box) -> int:
        seen.update(
            box=box,
            title=box.windowTitle(),
            text=box.text(),
            details=box.detailedText(),
            name=box.objectName(),
        )
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer)
    old = sys.excepthook
    install_crash_dialog()
    try:
        try:
            raise RuntimeError("boom in a slot")
        except RuntimeError:
            sys.excepthook(*sys.exc_info())
    finally:
        sys.excepthook = old
    assert isinstance(seen["box"], QMessageBox) and seen["name"] == "crashDialog"
    assert "unexpected error" in seen["title"]
    assert "RuntimeError: boom in a slot" in seen["text"]
    assert "Traceback" in seen["details"] and "PySide6" in seen["details"]
    assert versions().splitlines()[0] in seen["details"]
    assert "boom in a slot" in capsys.readouterr().err  # also on stderr for logs
