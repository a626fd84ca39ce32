"""One dialog for every authoring operation: collect the inputs, show the
dry-run preview from the core (objects added, eras before and after, verdict),
then write safely and hand the result back to the main window to reopen.

Work runs in the worker process (:class:`~inspector.gui.tasks.TaskRunner`);
generated private keys are made here and written only to the paths the user
names (0600) before the file is written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.container import Credential
from ...core.errors import InspectorError
from ...core.keys import KeyPair, write_private_key
from ...core.privacy import strip_private
from ...core.verify.mutmem import LABELS, VERDICT_LABELS
from ...core.verify.report import Report
from ..tasks import TaskRunner

TITLES = {
    "rotate": "Rotate a key",
    "revoke": "Revoke a key",
    "grant": "Grant a role key",
    "migrate": "Migrate a v0.1 store",
    "rekey": "Re-key (new passphrase)",
    "recover": "Recover with the recovery code",
    "label": "Add an epistemic label",
}
EXPLAIN = {
    "rotate": "Revokes the key at the cutoff (HEAD unless you choose) and authorizes a fresh key in one "
    "root-signed event. Commits of the old key stay valid only inside the cutoff's history.",
    "revoke": "Revokes a key without a successor. Revoking the agent key also removes the sealed "
    "signing key.",
    "grant": "Generates a housekeeper or auditor key, grants it with the root key, and saves its "
    "private key.",
    "migrate": "Creates a root key, the migration record signed by the legacy key and the new root, and the "
    "genesis grant of key-001.",
    "rekey": "Seals the same payload under a new passphrase. Decide what happens to the recovery slot.",
    "recover": "Sets a new passphrase using the recovery code; the recovery code keeps working unless you "
    "ask for a new one.",
    "label": "Appends a signed label record. Verdict labels need an auditor key and evidence; "
    "nothing is deleted.",
}


def _file_row(placeholder: str, save: bool, parent: QWidget) -> tuple[QWidget, QLineEdit]:
    edit = QLineEdit()
    edit.setPlaceholderText(placeholder)
    button = QPushButton("Browse…")

    def browse() -> None:
        if save:
            path, _ = QFileDialog.getSaveFileName(parent, placeholder)
        else:
            path, _ = QFileDialog.getOpenFileName(parent, placeholder)
        if path:
            edit.setText(path)

    button.clicked.connect(browse)
    box = QWidget()
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.addWidget(edit, 1)
    lay.addWidget(button)
    return box, edit


class AuthorDialog(QDialog):
    written = Signal(str, object)  # output path, credential to reopen it with

    def __init__(
        self,
        op: str,
        path: str,
        credential: Credential | None,
        report: Report,
        parent: QWidget | None = None,
        *,
        selected_memory: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.op, self.path, self.credential, self.report = op, path, credential, report
        self.runner = TaskRunner(self)
        self.generated: dict[str, KeyPair] = {}
        self.preview: dict[str, Any] | None = None
        self.recovery_code: str | None = None
        self._writing = False
        self.setWindowTitle(TITLES[op])
        intro = QLabel(EXPLAIN[op])
        intro.setWordWrap(True)
        self.form = QFormLayout()
        self._build_form(selected_memory)
        out_box, self.output = _file_row("Save the result as…", True, self)
        self.output.setText(self._default_output())
        self.output.setAccessibleName("Output path")
        self.in_place = QCheckBox("Write over the source (a backup is kept until the new file is verified)")
        self.in_place.toggled.connect(lambda on: self.output.setEnabled(not on))
        self.allow_invalid = QCheckBox("Build on an input that fails verification (recorded)")
        self.allow_invalid.setVisible(report.verdict != "pass")
        self.form.addRow("Output:", out_box)
        self.form.addRow("", self.in_place)
        self.form.addRow("", self.allow_invalid)

        self.verdict = QLabel("Press Preview to see what would change.")
        self.verdict.setWordWrap(True)
        self.verdict.setAccessibleName("Preview verdict")
        self.added = QListWidget()
        self.added.setAccessibleName("Objects added")
        self.eras = QTableWidget(0, 4)
        self.eras.setHorizontalHeaderLabels(["Key", "Role", "Before", "After"])
        self.eras.setAccessibleName("Eras before and after")
        self.eras.horizontalHeader().setStretchLastSection(True)
        self.secret_out = QLineEdit(readOnly=True)
        self.secret_out.setVisible(False)
        self.secret_out.setAccessibleName("New recovery code")
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setVisible(False)
        self.buttons = QDialogButtonBox()
        self.preview_button = self.buttons.addButton("&Preview", QDialogButtonBox.ButtonRole.ActionRole)
        self.write_button = self.buttons.addButton("&Write", QDialogButtonBox.ButtonRole.AcceptRole)
        self.write_button.setEnabled(False)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.preview_button.clicked.connect(lambda: self.run(write=False))
        self.write_button.clicked.connect(lambda: self.run(write=True))
        self.buttons.rejected.connect(self.reject)
        self.runner.finished.connect(self._done)
        self.runner.failed.connect(self._failed)

        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(self.form)
        lay.addWidget(QLabel("<b>Preview</b>"))
        lay.addWidget(self.verdict)
        split = QHBoxLayout()
        split.addWidget(self.added, 1)
        split.addWidget(self.eras, 1)
        lay.addLayout(split)
        lay.addWidget(self.secret_out)
        lay.addWidget(self.busy)
        lay.addWidget(self.buttons)
        self.resize(820, 640)

    # ---- forms ---------------------------------------------------------------------
    def _active_keys(self) -> list[str]:
        """Active keys, the agent key first (the default to rotate)."""
        eras = [e for e in self.report.eras if e.state == "active" and e.granted_event_type != "legacy"]
        return [e.key_id for e in sorted(eras, key=lambda e: e.role != "agent")]

    def _build_form(self, selected_memory: str | None) -> None:
        f = self.form
        op = self.op
        if op in ("rotate", "revoke", "grant"):
            box, self.root_key = _file_row("Root private key (PEM)", False, self)
            self.root_key.setAccessibleName("Root key file")
            f.addRow("Root key:", box)
        if op in ("rotate", "revoke"):
            self.key_id = QComboBox()
            self.key_id.addItems(self._active_keys())
            self.key_id.setAccessibleName("Key to " + op)
            f.addRow("Key:", self.key_id)
        if op == "rotate":
            self.cutoff = QLineEdit(self.report.head or "")
            self.cutoff.setAccessibleName("Cutoff commit")
            f.addRow("Cutoff (commit):", self.cutoff)
        if op == "revoke":
            self.reason = QComboBox()
            self.reason.addItems(["compromise", "expiry", "rotation"])
            f.addRow("Reason:", self.reason)
        if op == "grant":
            self.role = QComboBox()
            self.role.addItems(["housekeeper", "auditor"])
            self.role.setAccessibleName("Role")
            f.addRow("Role:", self.role)
        if op in ("rotate", "grant", "migrate"):
            what = "new root key" if op == "migrate" else "new private key"
            box, self.key_out = _file_row(f"Save the {what} (PEM, 0600) as…", True, self)
            self.key_out.setAccessibleName("New key file")
            f.addRow("Save " + what + ":", box)
        if op in ("rekey", "recover"):
            if op == "recover" and (self.credential is None or self.credential.recovery_code is None):
                self.code_in = QLineEdit()
                self.code_in.setEchoMode(QLineEdit.EchoMode.Password)
                self.code_in.setAccessibleName("Recovery code")
                f.addRow("Recovery code:", self.code_in)
            self.pass1 = QLineEdit()
            self.pass1.setEchoMode(QLineEdit.EchoMode.Password)
            self.pass1.setAccessibleName("New passphrase")
            self.pass2 = QLineEdit()
            self.pass2.setEchoMode(QLineEdit.EchoMode.Password)
            self.pass2.setAccessibleName("Repeat new passphrase")
            f.addRow("New passphrase:", self.pass1)
            f.addRow("Repeat:", self.pass2)
            has_slot = bool(self.report.container.get("has_recovery_slot"))
            self.keep_code = QRadioButton("Keep the recovery code")
            self.new_code = QRadioButton("Make a new recovery code (shown once)")
            self.no_code = QRadioButton("No recovery slot")
            self.keep_code.setChecked(True)
            if op == "rekey":
                self.keep_code.setEnabled(has_slot)
                self.no_code.setEnabled(not has_slot)
                if not has_slot:
                    self.no_code.setChecked(True)
                self.code_keep = QLineEdit()
                self.code_keep.setEchoMode(QLineEdit.EchoMode.Password)
                self.code_keep.setAccessibleName("Current recovery code")
                self.code_keep.setPlaceholderText("current recovery code (to keep the slot)")
                self.code_keep.setEnabled(has_slot)
                self.keep_code.toggled.connect(self.code_keep.setEnabled)
            box = QWidget()
            bl = QVBoxLayout(box)
            bl.setContentsMargins(0, 0, 0, 0)
            bl.addWidget(self.keep_code)
            if op == "rekey":
                bl.addWidget(self.code_keep)
            bl.addWidget(self.new_code)
            if op == "rekey":
                bl.addWidget(self.no_code)
            f.addRow("Recovery:", box)
        if op == "label":
            self.memory = QComboBox()
            self.memory.setEditable(True)
            self.memory.setAccessibleName("Memory")
            mm = self.report.mutmem
            ids = list(mm.memories) if mm else [c for c in self.report.order]
            if mm:  # untrusted memories first: they are what auditors review
                ids.sort(key=lambda m: (not mm.memories[m].untrusted, m))
            for m in ids:
                label = mm.memories[m].label if mm else None
                self.memory.addItem(f"{m[:23]}…  {label or ''}", m)
            if selected_memory:
                i = self.memory.findData(selected_memory)
                if i >= 0:
                    self.memory.setCurrentIndex(i)
            f.addRow("Memory:", self.memory)
            self.label = QComboBox()
            self.label.addItems(list(LABELS))
            self.label.setCurrentText("poison_refuted")
            self.label.setAccessibleName("Label")
            f.addRow("Label:", self.label)
            box, self.sign_key = _file_row("Auditor or housekeeper private key (PEM)", False, self)
            self.sign_key.setAccessibleName("Signing key file")
            f.addRow("Signing key:", box)
            self.confidence = QSpinBox()
            self.confidence.setRange(0, 1000)
            self.confidence.setValue(800)
            self.confidence.setSuffix(" ‰")
            f.addRow("Confidence:", self.confidence)
            self.reason_text = QPlainTextEdit()
            self.reason_text.setAccessibleName("Reason")
            self.reason_text.setMaximumHeight(70)
            self.redacted = QLabel()
            self.redacted.setWordWrap(True)
            self.redacted.setAccessibleName("Redaction preview")
            self.reason_text.textChanged.connect(self._redaction_preview)
            f.addRow("Reason:", self.reason_text)
            f.addRow("Stored as:", self.redacted)
            self.evidence = QListWidget()
            self.evidence.setAccessibleName("Evidence")
            self.evidence.setMaximumHeight(110)
            for eid, status in self.report.evidence.items():
                if not status.ok:
                    continue
                obj = self.report.objects.get(eid)
                et = obj.get("event_type") if obj is not None else ""
                item = QListWidgetItem(f"{eid[:23]}…  {et}")
                item.setData(Qt.ItemDataRole.UserRole, eid)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.evidence.addItem(item)
            f.addRow("Evidence:", self.evidence)
            self._redaction_preview()

    def _redaction_preview(self) -> None:
        self.redacted.setText(strip_private(self.reason_text.toPlainText()) or "(empty)")

    def _default_output(self) -> str:
        p = Path(self.path)
        suffix = {
            "rotate": "rotated",
            "revoke": "revoked",
            "grant": "granted",
            "migrate": "migrated",
            "rekey": "rekeyed",
            "recover": "recovered",
            "label": "labelled",
        }[self.op]
        if p.is_dir():
            return str(p.with_name(f"{p.name}-{suffix}"))
        return str(p.with_name(f"{p.stem}-{suffix}{p.suffix or '.aleth'}"))

    # ---- running ---------------------------------------------------------------------
    def _key_pem(self, path: str, what: str) -> bytes:
        if not path:
            raise InspectorError("usage", f"choose the {what} file")
        return KeyPair.load(path).pem()

    def params(self) -> dict[str, Any]:
        """The job parameters (raises InspectorError on incomplete input)."""
        op = self.op
        p: dict[str, Any] = {"allow_invalid": self.allow_invalid.isChecked()}
        if op in ("rotate", "revoke", "grant"):
            p["root"] = self._key_pem(self.root_key.text(), "root key")
        if op in ("rotate", "revoke"):
            p["key_id"] = self.key_id.currentText()
        if op == "rotate":
            p["cutoff"] = self.cutoff.text().strip() or None
        if op == "revoke":
            p["reason"] = self.reason.currentText()
        if op == "grant":
            p["role"] = self.role.currentText()
        if op in ("rotate", "grant", "migrate"):
            key = self.generated.setdefault("new", KeyPair.generate())
            p["new_key"] = key.pem()
        if op in ("rekey", "recover"):
            if not self.pass1.text() or self.pass1.text() != self.pass2.text():
                raise InspectorError("usage", "enter the new passphrase twice (the two must match)")
            p["new_passphrase"] = self.pass1.text()
            p["new_recovery_code"] = self.new_code.isChecked()
            if op == "rekey" and self.keep_code.isChecked():
                p["keep_recovery_code"] = self.code_keep.text().strip()
        if op == "label":
            p["memory"] = self.memory.currentData() or self.memory.currentText().strip()
            p["label"] = self.label.currentText()
            p["key"] = self._key_pem(self.sign_key.text(), "signing key")
            p["reason"] = self.reason_text.toPlainText()
            p["confidence_milli"] = self.confidence.value()
            p["evidence"] = [
                self.evidence.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.evidence.count())
                if self.evidence.item(i).checkState() == Qt.CheckState.Checked
            ]
            if p["label"] in VERDICT_LABELS and not p["evidence"]:
                raise InspectorError(
                    "mutmem_label_evidence_missing",
                    f"{p['label']} is a verdict label: tick at least one evidence record",
                )
        return p

    def _credential(self) -> Credential | None:
        if self.op == "recover" and hasattr(self, "code_in"):
            return Credential(recovery_code=self.code_in.text().strip())
        return self.credential

    def run(self, write: bool) -> None:
        try:
            params = self.params()
            kwargs: dict[str, Any] = {
                "op": self.op,
                "path": self.path,
                "credential": self._credential(),
                "params": params,
            }
            if write:
                if self.preview is None or not self.preview.get("ok"):
                    raise InspectorError("usage", "preview first: only a passing result can be written")
                self._write_keys()
                if self.in_place.isChecked():
                    kwargs["in_place"] = True
                else:
                    if not self.output.text():
                        raise InspectorError("usage", "choose where to save the result")
                    kwargs["output"] = self.output.text()
        except InspectorError as exc:
            self.verdict.setText(f"✖ {exc.message}")
            return
        self._writing = write
        self.busy.setVisible(True)
        self.preview_button.setEnabled(False)
        self.write_button.setEnabled(False)
        self.verdict.setText("Writing…" if write else "Building and verifying the result…")
        self.runner.start("author", **kwargs)

    def _write_keys(self) -> None:
        if self.op not in ("rotate", "grant", "migrate"):
            return
        target = self.key_out.text()
        roles = {e.key_id: e.role for e in self.report.eras}
        is_agent_rotation = self.op == "rotate" and roles.get(self.key_id.currentText()) == "agent"
        if not target:
            if is_agent_rotation:
                return  # the new agent key is sealed as keys/signing.key
            raise InspectorError("usage", "choose where to save the new private key")
        write_private_key(target, self.generated["new"])

    def _done(self, _token: int, payload: dict[str, Any]) -> None:
        self.busy.setVisible(False)
        self.preview_button.setEnabled(True)
        preview = payload["preview"]
        self.preview = {**preview, "ok": payload["ok"]}
        if payload.get("recovery_code"):
            self.recovery_code = payload["recovery_code"]
        self._show_preview(preview, payload["ok"])
        if payload.get("written"):
            if self.recovery_code:
                self.secret_out.setText(self.recovery_code)
                self.secret_out.setVisible(True)
                self.verdict.setText(
                    self.verdict.text() + "\nNew recovery code below — store it now, it is shown only once."
                )
            cred = self.credential
            if self.op in ("rekey", "recover"):
                cred = Credential(passphrase=self.pass1.text())
            self.written.emit(payload["written"], cred)
            if not self.recovery_code:
                self.accept()
        else:
            self.write_button.setEnabled(bool(payload["ok"]))

    def _show_preview(self, preview: dict[str, Any], ok: bool) -> None:
        mark = "✔ PASS" if ok else "✖ FAIL"
        lines = [f"{mark}: the result {'verifies' if ok else 'does not verify — it cannot be written'}."]
        lines += [f"note: {n}" for n in preview.get("notes", [])]
        lines += [
            f"✖ {f['code']}: {f['message']}" for f in preview.get("findings", []) if f["severity"] == "error"
        ][:5]
        self.verdict.setText("\n".join(lines))
        self.added.clear()
        for label, items in (
            ("added", preview["added"]),
            ("changed", preview["changed"]),
            ("removed", preview["removed"]),
        ):
            for item in items:
                self.added.addItem(f"{label}: {item}")
        before = {e["key_id"]: e["state"] for e in preview["eras_before"]}
        after = preview["eras_after"]
        self.eras.setRowCount(len(after))
        for row, e in enumerate(after):
            cut = f" (cutoff {e['cutoff'][:15]}…)" if e.get("cutoff") else ""
            for col, text in enumerate(
                (e["key_id"], e["role"], before.get(e["key_id"], "—"), e["state"] + cut)
            ):
                self.eras.setItem(row, col, QTableWidgetItem(text))

    def _failed(self, _token: int, code: str, message: str, _details: str) -> None:
        self.busy.setVisible(False)
        self.preview_button.setEnabled(True)
        self.verdict.setText(f"✖ {code}: {message}")
