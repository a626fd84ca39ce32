"""The modal-dialog guard (tests/modal_guard.py): any modal run fails the test that
started it, at once and at teardown, instead of hanging offscreen."""

from __future__ import annotations

import contextlib

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

from tests import modal_guard


def _forget() -> None:
    """These tests open modals on purpose: the teardown check must not fail them."""
    modal_guard.attempts.clear()


@pytest.mark.parametrize(
    "call",
    [
        lambda: QMessageBox.warning(None, "Not found", "x does not exist."),
        lambda: QMessageBox.question(None, "Sure?", "Really?"),
        lambda: QMessageBox.about(None, "About", "text"),
        lambda: QFileDialog.getOpenFileName(None, "Open"),
        lambda: QFileDialog.getSaveFileName(None, "Save"),
        lambda: QInputDialog.getText(None, "Name", "name"),
    ],
    ids=["warning", "question", "about", "open-file", "save-file", "input"],
)
def test_a_static_modal_is_refused(qapp, call):
    with pytest.raises(modal_guard.ModalDialogOpened, match="modal dialog"):
        call()
    assert modal_guard.attempts
    _forget()


@pytest.mark.parametrize("cls", [QDialog, QMessageBox, QFileDialog])
def test_exec_of_any_dialog_is_refused(qtbot, cls):
    dlg = cls()
    qtbot.addWidget(dlg)
    dlg.setWindowTitle("a title the failure names")
    with pytest.raises(modal_guard.ModalDialogOpened):
        dlg.exec()
    assert modal_guard.attempts == ["QDialog.exec(a title the failure names)"]
    assert not dlg.isVisible()
    _forget()


def test_a_swallowed_refusal_still_fails_the_test_at_teardown(qapp):
    with contextlib.suppress(Exception):  # code under test that swallows everything
        QMessageBox.critical(None, "Error", "boom")
    assert modal_guard.attempts == ["QMessageBox.critical(Error — boom)"]
    _forget()


def test_open_and_show_are_allowed(qtbot):
    box = QMessageBox(QMessageBox.Icon.Information, "Info", "non-modal")
    qtbot.addWidget(box)
    box.open()
    assert box.isVisible() and not modal_guard.attempts
    box.done(0)
