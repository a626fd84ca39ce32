"""Check proof… and the anchored proof export (SPEC C4).

Two entry points for the main window and the Labels pane:

* :func:`check_proof_dialog` — pick a proof file and what to anchor it to (the memory
  file it came from, with its credential; a trusted key or its ``sha256:``
  fingerprint; or nothing), press Check, and read what the proof is anchored to and
  every check behind it.  A check against a file unlocks and verifies it in the worker
  process (job ``check_proof``); a check against a key or against nothing takes
  milliseconds and runs at once (in the worker too when the proof is large).
* :func:`export_proof_dialog` — write the anchored proof of one receipt entry of the
  open file (job ``export_proof``: the worker reopens and verifies the file, so the
  proof carries the receipt's signed evidence, its bytes and its status there) and say
  what was written.

The dialogs show what :mod:`inspector.core.proofs` says, word for word.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ...core.container import Credential
from ...core.errors import InspectorError
from ...core.hom_proof import check_hom_proof, hom_proof_display, is_hom_proof
from ...core.jobs import proof_display
from ...core.proofs import check_proof, load_trusted_key, read_proof_file
from ..i18n import QT_TRANSLATE_NOOP, language
from ..style import readable
from ..tasks import TaskRunner

__all__ = ["ProofDialog", "ProofExportDialog", "check_proof_dialog", "export_proof_dialog"]

RECOVERY_PREFIX = "aleth-recovery-v1:"

# outcome -> (glyph + word, colour); the word always travels with the colour
VALID = QT_TRANSLATE_NOOP("ProofDialog", "VALID")
NOT_ANCHORED = QT_TRANSLATE_NOOP("ProofDialog", "NOT ANCHORED")
INVALID = QT_TRANSLATE_NOOP("ProofDialog", "INVALID")
UNOPENABLE = QT_TRANSLATE_NOOP("ProofDialog", "UNOPENABLE")
VERDICT_STYLE: dict[str, tuple[str, Any, str]] = {
    "anchored": ("✔", VALID, "#2e7d32"),
    "not_anchored": ("⚠", NOT_ANCHORED, "#b45309"),
    "anchor_mismatch": ("⚠", NOT_ANCHORED, "#b45309"),
    "legacy": ("⚠", NOT_ANCHORED, "#b45309"),
    "invalid": ("✖", INVALID, "#c62828"),
    "unopenable": ("✖", UNOPENABLE, "#c62828"),
}


def _said(exc: InspectorError) -> str:
    """An error's sentence in the GUI's language (a ProofError carries its template)."""
    said = getattr(exc, "said", None)
    return str(said.tr(language())) if said is not None else exc.message


def _browse_row(
    edit: QLineEdit, parent: QWidget, *, title: str, filters: str, folder: bool = False
) -> QWidget:
    """``edit`` with a Browse… button (and Folder… for a directory store)."""
    box = QWidget()
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(edit, 1)
    browse = QPushButton(QCoreApplication.translate("ProofDialog", "Browse…"))

    def pick_file() -> None:
        path, _ = QFileDialog.getOpenFileName(parent, title, edit.text(), filters)
        if path:
            edit.setText(path)

    browse.clicked.connect(pick_file)
    lay.addWidget(browse)
    if folder:
        pick = QPushButton(QCoreApplication.translate("ProofDialog", "Folder…"))

        def pick_dir() -> None:
            path = QFileDialog.getExistingDirectory(parent, title, edit.text())
            if path:
                edit.setText(path)

        pick.clicked.connect(pick_dir)
        lay.addWidget(pick)
    return box


class ProofDialog(QDialog):
    """Check an inclusion proof and say what it is anchored to."""

    checked = Signal(object)  # the result, as ProofResult.to_json()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        proof_path: str | None = None,
        file: str | None = None,
        credential: Credential | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Check proof"))
        self.runner = TaskRunner(self)
        self.runner.finished.connect(self._worker_done)
        self.runner.failed.connect(self._worker_failed)
        self.outcome: dict[str, Any] | None = None  # the last answer shown (not QDialog.result())
        # a proof up to this size is checked at once (a few milliseconds; 512 KiB is about
        # 3,000 entries, under 0.1 s); a larger one, and any check against a file, in the worker
        self.inline_limit = 512 * 1024
        # the open file's credential applies to that file only, and is never shown
        self._open_file = file if credential is not None else None
        self._open_credential = credential

        intro = QLabel(
            self.tr(
                "A proof stands on the receipt's signature, and on the memory file or a key you trust. "
                "Without either it is only consistent, not anchored."
            )
        )
        intro.setWordWrap(True)
        form = self._build_form(proof_path, file)
        self._build_result()
        self.buttons = QDialogButtonBox()
        self.check_button = self.buttons.addButton(self.tr("&Check"), QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setVisible(False)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.check_button.clicked.connect(self.run_check)
        self.cancel_button.clicked.connect(self._cancel)
        self.buttons.rejected.connect(self.reject)

        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addWidget(self.error)
        lay.addWidget(self.busy)
        lay.addWidget(self.verdict)
        lay.addWidget(self.message)
        lay.addWidget(self.checks, 1)
        lay.addWidget(self.notes)
        lay.addWidget(self.buttons)

        for b in (self.use_file, self.use_key, self.use_none):
            b.toggled.connect(self._sync)
        self.file.textChanged.connect(self._sync)
        (self.use_file if file else self.use_key).setChecked(True)
        self._sync()
        self.resize(760, 620)

    def _build_form(self, proof_path: str | None, file: str | None) -> QFormLayout:
        """The proof file and what to anchor it to: the memory file (and its secret), a
        trusted key, or nothing."""
        self.proof = QLineEdit(proof_path or "")
        self.proof.setPlaceholderText(
            self.tr("proof file (.json) written by Export inclusion proof or receipt prove")
        )
        self.proof.setAccessibleName(self.tr("Proof file"))
        self.use_file = QRadioButton(self.tr("The &memory file it came from"))
        self.use_key = QRadioButton(self.tr("A &trusted key"))
        self.use_none = QRadioButton(self.tr("&Nothing (consistency only)"))
        group = QButtonGroup(self)
        for b in (self.use_file, self.use_key, self.use_none):
            group.addButton(b)
        self.file = QLineEdit(file or "")
        self.file.setPlaceholderText(self.tr(".aleth file or directory store"))
        self.file.setAccessibleName(self.tr("Memory file"))
        self.secret = QLineEdit()
        self.secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret.setPlaceholderText(self.tr("passphrase, or aleth-recovery-v1:… (sealed files only)"))
        self.secret.setAccessibleName(self.tr("Passphrase or recovery code"))
        self.key = QLineEdit()
        self.key.setPlaceholderText(self.tr("public key file (PEM or JWK), or sha256:<64 hex digits>"))
        self.key.setAccessibleName(self.tr("Trusted key"))

        form = QFormLayout()
        form.addRow(
            self.tr("Proof:"),
            _browse_row(
                self.proof,
                self,
                title=self.tr("Proof file"),
                filters=self.tr("Proofs (*.json);;All files (*)"),
            ),
        )
        form.addRow(self.tr("Anchor to:"), self.use_file)
        form.addRow(
            "",
            _browse_row(
                self.file,
                self,
                title=self.tr("Memory file"),
                filters=self.tr("Aleth files (*.aleth);;All files (*)"),
                folder=True,
            ),
        )
        form.addRow("", self.secret)
        form.addRow("", self.use_key)
        form.addRow(
            "",
            _browse_row(
                self.key,
                self,
                title=self.tr("Trusted public key"),
                filters=self.tr("Keys (*.pem *.pub *.jwk *.json);;All files (*)"),
            ),
        )
        form.addRow("", self.use_none)
        return form

    def _build_result(self) -> None:
        """The input error, progress, verdict, what it is anchored to, checks and notes."""
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828;")
        self.error.setAccessibleName(self.tr("Input error"))
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setVisible(False)
        self.busy.setAccessibleName(self.tr("Checking"))
        self.verdict = QLabel()
        self.verdict.setAccessibleName(self.tr("Proof verdict"))
        font = self.verdict.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.verdict.setFont(font)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAccessibleName(self.tr("What the proof is anchored to"))
        self.checks = QListWidget()
        self.checks.setAccessibleName(self.tr("Checks"))
        self.checks.setWordWrap(True)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setAccessibleName(self.tr("Notes"))

    # ---- inputs ---------------------------------------------------------------------
    def _uses_open_credential(self) -> bool:
        return self._open_credential is not None and self.file.text() == self._open_file

    def _sync(self) -> None:
        on_file = self.use_file.isChecked()
        self.file.setEnabled(on_file)
        self.secret.setEnabled(on_file and not self._uses_open_credential())
        self.key.setEnabled(self.use_key.isChecked())

    def _credential(self, path: Path) -> Credential | None:
        if self._uses_open_credential():
            return self._open_credential
        if not path.is_file():
            return None
        text = self.secret.text()
        if not text:
            raise InspectorError(
                "usage",
                self.tr("%1 is sealed: enter its passphrase or recovery code.").replace("%1", path.name),
            )
        if text.strip().startswith(RECOVERY_PREFIX):
            return Credential(recovery_code=text.strip())
        return Credential(passphrase=text)

    # ---- running --------------------------------------------------------------------
    def run_check(self) -> None:
        """Check the proof with the chosen anchor (a file: in the worker process)."""
        self.error.clear()
        try:
            proof_path = self.proof.text().strip()
            if not proof_path:
                raise InspectorError("usage", self.tr("Choose a proof file."))
            if self.use_file.isChecked():
                self._check_against_file(proof_path)
                return
            data = read_proof_file(proof_path)
            trusted = None
            if is_hom_proof(data):  # a bundle's proof anchors to the master fingerprint pinned
                pin = self.key.text().strip() if self.use_key.isChecked() else None
                if self.use_key.isChecked() and not pin:
                    raise InspectorError(
                        "usage", self.tr("Enter the master key's sha256: fingerprint you trust.")
                    )
                self.show_result(check_hom_proof(data, trusted=pin))
                return
            if self.use_key.isChecked():
                if not self.key.text().strip():
                    raise InspectorError(
                        "usage", self.tr("Enter the trusted key's file or its sha256: fingerprint.")
                    )
                trusted = load_trusted_key(self.key.text())
        except InspectorError as exc:
            self.error.setText(_said(exc))
            return
        if len(data) > self.inline_limit:  # a receipt of thousands of entries: not on the GUI thread
            self._set_busy(True, self.tr("Checking the proof…"))
            spec = self.key.text() if trusted is not None else None
            self.runner.start("check_proof", proof_path=proof_path, trusted_key=spec, lang=language())
            return
        self.show_result(proof_display(check_proof(data, trusted_key=trusted), language()))

    def _check_against_file(self, proof_path: str) -> None:
        """In the worker: the memory file (or a HOM-AIMOS bundle) vouches for the proof."""
        file = self.file.text().strip()
        if not file:
            raise InspectorError("usage", self.tr("Choose the memory file the proof came from."))
        head = read_proof_file(proof_path)  # a missing proof is said before anything is unlocked
        if is_hom_proof(head):  # a HOM-AIMOS recall proof: anchored to its bundle
            self._set_busy(True, self.tr("Verifying the bundle…"))
            self.runner.start("check_hom_proof", proof_path=proof_path, file=file)
            return
        cred = self._credential(Path(file))
        self._set_busy(True)
        self.runner.start("check_proof", proof_path=proof_path, file=file, credential=cred, lang=language())

    def _set_busy(self, busy: bool, doing: str | None = None) -> None:
        self.busy.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.check_button.setEnabled(not busy)
        if busy:
            self.verdict.setText(doing or self.tr("Unlocking and verifying the memory file…"))
            self.verdict.setStyleSheet("")
            self.message.clear()
            self.checks.clear()
            self.notes.clear()

    def _cancel(self) -> None:
        self.runner.cancel()
        self._set_busy(False)
        self.verdict.setText(self.tr("Cancelled."))

    def _worker_done(self, _token: int, payload: dict[str, Any]) -> None:
        self._set_busy(False)
        self.show_result(payload)

    def _worker_failed(self, _token: int, code: str, message: str, _details: str) -> None:
        self._set_busy(False)
        self.verdict.clear()
        self.error.setText(
            message if code != "internal_error" else self.tr("The check failed: %1").replace("%1", message)
        )

    def show_result(self, result: dict[str, Any]) -> None:
        """Show a :meth:`ProofResult.to_json` answer and emit :attr:`checked`."""
        if result.get("hom"):
            result = hom_proof_display(result, language())
        self.outcome = result
        glyph, word, color = VERDICT_STYLE.get(result["result"], ("?", "?", "#757575"))
        self.verdict.setText(f"{glyph} {self.tr(word)}")
        base = self.palette().color(QPalette.ColorRole.Window)
        self.verdict.setStyleSheet(f"color: {readable(QColor(color), base).name()};")
        self.message.setText(result["message"])
        self.checks.clear()
        for c in result["checks"]:
            item = QListWidgetItem(f"{'✔' if c['ok'] else '✖'} {c['name']}: {c['message']}")
            item.setToolTip(c["message"])
            self.checks.addItem(item)
        self.notes.setText("\n".join(self.tr("Note: %1").replace("%1", n) for n in result["notes"]))
        self.checked.emit(result)

    def done(self, r: int) -> None:
        """Closing the dialog stops a check that is still running (and waits for its
        reader thread: nothing may still post to a dialog that may be deleted)."""
        if self.runner.running:
            self.runner.cancel()
        self.runner.shutdown()
        super().done(r)


def check_proof_dialog(
    parent: QWidget | None = None,
    *,
    proof_path: str | None = None,
    file: str | None = None,
    credential: Credential | None = None,
) -> ProofDialog:
    """Show the "Check proof…" dialog (non-modal) and return it.

    From the main window pass the open file and its credential: the file is then the
    proposed anchor, unlocked with that credential (which is never displayed).
    """
    dlg = ProofDialog(parent, proof_path=proof_path, file=file, credential=credential)
    dlg.show()
    return dlg


class ProofExportDialog(QDialog):
    """Writes one anchored proof in the worker and says what was written."""

    exported = Signal(str)  # the path written
    failed = Signal(str)  # what went wrong
    check_requested = Signal(str)  # the proof path, when "Check proof…" is pressed

    def __init__(
        self,
        parent: QWidget | None,
        *,
        path: str,
        credential: Credential | None,
        receipt_id: str,
        ordinal: int,
        output: str,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export inclusion proof"))
        self.path, self.credential, self.output = path, credential, output
        self.checker: ProofDialog | None = None
        self.runner = TaskRunner(self)
        self.runner.finished.connect(self._done)
        self.runner.failed.connect(self._failed)
        self.message = QLabel(
            self.tr("Writing the proof of entry %1 of receipt %2…")
            .replace("%1", str(ordinal))
            .replace("%2", receipt_id)
        )
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAccessibleName(self.tr("Export result"))
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.check_button = self.buttons.addButton(
            self.tr("Check &proof…"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.check_button.setEnabled(False)
        self.check_button.clicked.connect(self._check)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.message)
        lay.addWidget(self.busy)
        lay.addWidget(self.buttons)
        self.resize(640, 220)
        self.runner.start(
            "export_proof",
            path=path,
            credential=credential,
            receipt_id=receipt_id,
            ordinal=ordinal,
            output=output,
            lang=language(),
        )

    def _done(self, _token: int, payload: dict[str, Any]) -> None:
        self.busy.setVisible(False)
        st = payload["status"]
        lines = [
            "✔ "
            + self.tr(
                "Saved %1: entry %2 of %3 of receipt %4, signed by %5 (%6); %7 in this file, receipt %8."
            )
            .replace("%1", Path(payload["path"]).name)
            .replace("%2", str(payload["ordinal"]))
            .replace("%3", str(payload["tree_size"]))
            .replace("%4", str(payload["receipt"]))
            .replace("%5", str(payload["key_id"]))
            .replace("%6", str(payload["fingerprint"]))
            .replace("%7", str(st["evidence"]))
            .replace("%8", str(st["receipt"])),
            self.tr("It is anchored when checked against this file or that key (Check proof…)."),
        ]
        lines += [self.tr("Note: %1").replace("%1", n) for n in payload["notes"]]
        self.message.setText("\n".join(lines))
        self.message.setToolTip(payload["path"])
        self.check_button.setEnabled(True)
        self.exported.emit(payload["path"])

    def _failed(self, _token: int, _code: str, message: str, _details: str) -> None:
        self.busy.setVisible(False)
        self.message.setText("✖ " + self.tr("No proof was written: %1").replace("%1", message))
        self.failed.emit(message)

    def _check(self) -> None:
        self.check_requested.emit(self.output)
        self.checker = check_proof_dialog(
            self, proof_path=self.output, file=self.path, credential=self.credential
        )

    def done(self, r: int) -> None:
        """Closing the dialog stops an export that is still running (nothing is written then)."""
        if self.runner.running:
            self.runner.cancel()
        self.runner.shutdown()
        super().done(r)


def export_proof_dialog(
    parent: QWidget | None,
    *,
    path: str,
    credential: Credential | None,
    receipt_id: str,
    ordinal: int,
    output: str | None = None,
) -> ProofExportDialog | None:
    """Export the anchored proof of entry ``ordinal`` of ``receipt_id`` of the open file
    ``path`` (asks where to save it when ``output`` is None; None if the user cancels).
    The worker reopens and verifies the file with ``credential``, writes the proof
    atomically (mode 0600) and the returned non-modal dialog says what was written."""
    if output is None:
        suggested = f"proof-{receipt_id.removeprefix('sha256:')[:12]}-{ordinal}.json"
        output, _ = QFileDialog.getSaveFileName(
            parent,
            QCoreApplication.translate("ProofDialog", "Export inclusion proof"),
            suggested,
            QCoreApplication.translate("ProofDialog", "JSON files (*.json);;All files (*)"),
        )
        if not output:
            return None
    dlg = ProofExportDialog(
        parent, path=path, credential=credential, receipt_id=receipt_id, ordinal=ordinal, output=output
    )
    dlg.show()
    return dlg
