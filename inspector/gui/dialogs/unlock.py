"""Unlock a sealed file with its passphrase or recovery code.

The dialog only collects the credential and shows a busy state; the key
derivation runs in the worker process started by the main window, which calls
:meth:`UnlockDialog.show_error` on a wrong credential so the user can retry.

Focus starts in the secret field; "Show" reveals what was typed or pasted (a
recovery code is long: paste it, then check it); a warning appears while Caps
Lock seems to be on (a letter arrives in the opposite case of what Shift says).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
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
from ..style import readable


def caps_lock_from(event: QKeyEvent) -> bool | None:
    """Whether this key press says Caps Lock is on (None: a key that cannot tell)."""
    text = event.text()
    if len(text) != 1 or not text.isalpha() or text.lower() == text.upper():
        return None
    shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
    return text.isupper() != shift


class UnlockDialog(QDialog):
    unlockRequested = Signal(object)  # Credential

    def __init__(self, path: str, has_recovery: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Unlock file"))
        self.path = path
        intro = QLabel()
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setText(
            self.tr("%1 is sealed. Enter its passphrase, or its recovery code.").replace("%1", path)
        )
        intro.setWordWrap(True)
        mode = self._build_mode(has_recovery)
        field = self._build_field()
        self._build_status()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._submit)
        self.buttons.rejected.connect(self.reject)
        self.use_code.toggled.connect(self._mode_changed)
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(mode)
        lay.addLayout(field)
        lay.addWidget(self.caps)
        lay.addWidget(self.error)
        lay.addWidget(self.busy_label)
        lay.addWidget(self.busy)
        lay.addWidget(self.buttons)
        self._recolour()
        self.resize(480, self.sizeHint().height())
        self.secret.setFocus(Qt.FocusReason.OtherFocusReason)

    def _build_mode(self, has_recovery: bool) -> QHBoxLayout:
        self.use_pass = QRadioButton(self.tr("&Passphrase"))
        self.use_code = QRadioButton(self.tr("&Recovery code"))
        self.use_pass.setChecked(True)
        self.use_code.setEnabled(has_recovery)
        group = QButtonGroup(self)
        group.addButton(self.use_pass)
        group.addButton(self.use_code)
        mode = QHBoxLayout()
        mode.addWidget(self.use_pass)
        mode.addWidget(self.use_code)
        mode.addStretch()
        return mode

    def _build_field(self) -> QHBoxLayout:
        """The secret (hidden unless Show is ticked)."""
        self.secret = QLineEdit()
        self.secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret.setAccessibleName(self.tr("Passphrase or recovery code"))
        self.secret.setPlaceholderText(self.tr("passphrase"))
        self.secret.installEventFilter(self)
        self.show_secret = QCheckBox(self.tr("&Show"))
        self.show_secret.setAccessibleName(self.tr("Show the passphrase or recovery code"))
        self.show_secret.toggled.connect(self._set_shown)
        field = QHBoxLayout()
        field.addWidget(self.secret, 1)
        field.addWidget(self.show_secret)
        return field

    def _build_status(self) -> None:
        """Caps Lock warning, the error, the key-derivation progress."""
        self.caps = QLabel("⇪ " + self.tr("Caps Lock is on"))
        self.caps.setAccessibleName(self.tr("Caps Lock warning"))
        self.caps.setVisible(False)
        self.error = QLabel()
        self.error.setAccessibleName(self.tr("Unlock error"))
        self.error.setWordWrap(True)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setVisible(False)
        self.busy.setAccessibleName(self.tr("Deriving key"))
        self.busy_label = QLabel(self.tr("Deriving the key (scrypt) and verifying…"))
        self.busy_label.setVisible(False)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, lambda: self.secret.setFocus(Qt.FocusReason.OtherFocusReason))

    def _recolour(self) -> None:
        bg = self.palette().color(self.backgroundRole())
        red = readable("#c62828", bg)
        amber = readable("#b45309", bg)
        self.error.setStyleSheet(f"color: {red.name()};")
        self.caps.setStyleSheet(f"color: {amber.name()}; font-weight: bold;")

    def _mode_changed(self, code: bool) -> None:
        self.secret.setPlaceholderText("aleth-recovery-v1:…" if code else self.tr("passphrase"))
        self.secret.setFocus(Qt.FocusReason.OtherFocusReason)

    def _set_shown(self, shown: bool) -> None:
        self.secret.setEchoMode(QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.secret and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() == Qt.Key.Key_CapsLock:
                self.caps.setVisible(not self.caps.isVisible())
            else:
                on = caps_lock_from(event)
                if on is not None:
                    self.caps.setVisible(on)
        return False

    def credential(self) -> Credential:
        text = self.secret.text()
        if self.use_code.isChecked():
            return Credential(recovery_code=text.strip())
        return Credential(passphrase=text)

    def _submit(self) -> None:
        if not self.secret.text():
            self.show_error(self.tr("Enter a passphrase or recovery code."))
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
