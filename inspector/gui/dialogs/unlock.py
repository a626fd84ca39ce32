"""Unlock a sealed file with its passphrase or recovery code.

The dialog only collects the credential and shows a busy state; the key
derivation runs in the worker process started by the main window, which calls
:meth:`UnlockDialog.show_error` on a wrong credential so the user can retry.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ...core.container import Credential


class UnlockDialog(QDialog):
    unlockRequested = Signal(object)  # Credential

    def __init__(self, path: str, has_recovery: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Unlock file")
        self.path = path
        intro = QLabel(f"<b>{path}</b> is sealed. Enter its passphrase, or its recovery code.")
        intro.setWordWrap(True)
        self.use_pass = QRadioButton("&Passphrase")
        self.use_code = QRadioButton("&Recovery code")
        self.use_pass.setChecked(True)
        self.use_code.setEnabled(has_recovery)
        group = QButtonGroup(self)
        group.addButton(self.use_pass)
        group.addButton(self.use_code)
        mode = QHBoxLayout()
        mode.addWidget(self.use_pass)
        mode.addWidget(self.use_code)
        mode.addStretch()
        self.secret = QLineEdit()
        self.secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret.setAccessibleName("Passphrase or recovery code")
        self.secret.setPlaceholderText("passphrase")
        self.error = QLabel()
        self.error.setStyleSheet("color: #c62828;")
        self.error.setAccessibleName("Unlock error")
        self.error.setWordWrap(True)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setVisible(False)
        self.busy.setAccessibleName("Deriving key")
        self.busy_label = QLabel("Deriving the key (scrypt) and verifying…")
        self.busy_label.setVisible(False)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._submit)
        self.buttons.rejected.connect(self.reject)
        self.use_code.toggled.connect(
            lambda on: self.secret.setPlaceholderText("aleth-recovery-v1:…" if on else "passphrase")
        )
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(mode)
        lay.addWidget(self.secret)
        lay.addWidget(self.error)
        lay.addWidget(self.busy_label)
        lay.addWidget(self.busy)
        lay.addWidget(self.buttons)
        self.resize(460, self.sizeHint().height())

    def credential(self) -> Credential:
        text = self.secret.text()
        if self.use_code.isChecked():
            return Credential(recovery_code=text.strip())
        return Credential(passphrase=text)

    def _submit(self) -> None:
        if not self.secret.text():
            self.show_error("Enter a passphrase or recovery code.")
            return
        self.set_busy(True)
        self.unlockRequested.emit(self.credential())

    def set_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self.busy_label.setVisible(busy)
        self.secret.setEnabled(not busy)
        self.use_pass.setEnabled(not busy)
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(not busy)
        if busy:
            self.error.clear()

    def show_error(self, message: str) -> None:
        self.set_busy(False)
        self.error.setText(message)
        self.secret.selectAll()
        self.secret.setFocus(Qt.FocusReason.OtherFocusReason)
