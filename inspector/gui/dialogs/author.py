"""One dialog for every authoring operation (SPEC E): collect the inputs, preview,
confirm, write, and hand the result back to the main window to reopen.

What is previewed is what is written (E1): the preview job returns the exact
output (its bytes and SHA-256) with the effect in plain words; any change of any
input voids it and disables Write until the next preview; Write asks for
confirmation with the effect list (and a second time when it writes over the
source), then writes exactly those bytes.  A compromise answer shows what it
disowns and needs that list confirmed (E3).  A new recovery code is shown once,
can be copied or saved, and the dialog does not close until the user says it is
stored.  Work runs in the worker process (:class:`~inspector.gui.tasks.TaskRunner`);
new private keys are generated here and saved, only after the output is in place,
to the paths the user names (0600).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.container import Credential
from ...core.errors import InspectorError
from ...core.i18n import said
from ...core.keys import KeyPair
from ...core.privacy import strip_private
from ...core.verify.mutmem import LABELS, VERDICT_LABELS
from ...core.verify.report import Report
from ...core.write import authoring as A
from ...core.write.effects import Effect, short_id, summary_of
from ..i18n import language
from ..tasks import TaskRunner

OPERATIONS = ("rotate", "revoke", "grant", "migrate", "rekey", "recover", "label")
SEALED_ONLY = ("rekey", "recover")  # a directory store has no passphrase


def available_operations(path: str) -> tuple[str, ...]:
    """The operations the Author menu offers for ``path`` (no re-key for a directory store)."""
    return tuple(op for op in OPERATIONS if Path(path).is_file() or op not in SEALED_ONLY)


def _rows(view: QWidget, least: int, most: int) -> None:
    """Room for ``least`` to ``most`` lines of text in a list or text box (the dialog scrolls
    rather than squeezing them to one clipped line)."""
    line = view.fontMetrics().lineSpacing() + 2
    frame = 2 * view.frameWidth() + 6 if hasattr(view, "frameWidth") else 6
    view.setMinimumHeight(least * line + frame)
    view.setMaximumHeight(most * line + frame)


class _WrapLabel(QLabel):
    """A word-wrapped label that asks for the height its text needs at its width (a form
    in a crowded dialog would otherwise squeeze it to one clipped line)."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        need = self.heightForWidth(self.width())
        if need > 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)


def _file_row(placeholder: str, save: bool, parent: QWidget) -> tuple[QWidget, QLineEdit]:
    edit = QLineEdit()
    edit.setPlaceholderText(placeholder)
    button = QPushButton(QCoreApplication.translate("AuthorDialog", "Browse…"))

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


def _memory_text(report: Report, mid: str) -> str:
    obj = report.objects.get(mid)
    content = obj.get("content") if obj is not None else None
    if isinstance(content, dict):
        for name in ("text", "subject", "note"):
            if isinstance(content.get(name), str):
                return str(content[name])
    return ""


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
        self.lang = language()  # the GUI's language (effects and notes come from the core)
        self.runner = TaskRunner(self)
        self.generated: dict[str, KeyPair] = {}
        self.preview: dict[str, Any] | None = None  # the preview of the current inputs
        self.output: A.Output | None = None  # exactly what Write writes
        self.effects: list[Effect] = []
        self.recovery_code: str | None = None
        self.removes: list[str] = []
        self.confirm_box: QMessageBox | None = None
        self.code_stored = True  # False while a new recovery code waits to be confirmed stored
        self._generation = 0  # bumped by every input change
        self._job: str | None = None
        self._job_generation = -1
        self._secrets: list[A.SecretFile] = []
        self.key_notes: list[str] = []  # warnings about the key files given (readable by others)
        titles = {
            "rotate": self.tr("Rotate a key"),
            "revoke": self.tr("Revoke a key"),
            "grant": self.tr("Grant a role key"),
            "migrate": self.tr("Migrate a v0.1 store"),
            "rekey": self.tr("Re-key (new passphrase)"),
            "recover": self.tr("Recover with the recovery code"),
            "label": self.tr("Add an epistemic label"),
        }
        self.setWindowTitle(titles[op])
        intro = _WrapLabel(self._explain())
        self.form_box = QWidget()
        self.form = QFormLayout(self.form_box)
        self._build_form(selected_memory)
        out_box, self.output_path = _file_row(self.tr("Save the result as…"), True, self)
        self.output_path.setText(self._default_output())
        self.output_path.setAccessibleName(self.tr("Output path"))
        self.in_place = QCheckBox(self.tr("Write over the source"))
        self.in_place.toggled.connect(lambda on: self.output_path.setEnabled(not on))
        self.no_backup = QCheckBox(self.tr("Keep no backup (FILE.bak)"))
        self.no_backup.setEnabled(False)
        self.no_backup.setVisible(op not in SEALED_ONLY)
        self.in_place.toggled.connect(self.no_backup.setEnabled)
        self.allow_invalid = QCheckBox(self.tr("Build on an input that fails verification (recorded)"))
        self.allow_invalid.setVisible(report.verdict != "pass")
        self.form.addRow(self.tr("Output:"), out_box)
        self.form.addRow("", self.in_place)
        self.form.addRow("", self.no_backup)
        self.form.addRow("", self.allow_invalid)

        self.verdict = QLabel(self.tr("Press Preview to see what would change."))
        self.verdict.setWordWrap(True)
        self.verdict.setAccessibleName(self.tr("Preview verdict"))
        self.effect_list = QListWidget()
        _rows(self.effect_list, 3, 12)
        self.effect_list.setAccessibleName(self.tr("What changes"))
        self.disowned = QListWidget()
        _rows(self.disowned, 4, 12)
        self.disowned.setAccessibleName(self.tr("Objects that become NOT_IN_PROVEN_PRE_ROTATION_HISTORY"))
        self.disowned.setVisible(False)
        self.disown_box = QCheckBox()
        self.disown_box.setVisible(False)
        self.disown_box.toggled.connect(self._update_write)
        self.added = QListWidget()
        _rows(self.added, 3, 12)
        self.added.setAccessibleName(self.tr("Objects added"))
        self.eras = QTableWidget(0, 4)
        _rows(self.eras, 4, 12)  # the header and three keys at least
        self.eras.setHorizontalHeaderLabels(
            [self.tr("Key"), self.tr("Role"), self.tr("Before"), self.tr("After")]
        )
        self.eras.setAccessibleName(self.tr("Eras before and after"))
        self.eras.horizontalHeader().setStretchLastSection(True)
        self.sha_label = QLabel()
        self.sha_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sha_label.setAccessibleName(self.tr("Output SHA-256"))
        self.code_panel = self._build_code_panel()
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setVisible(False)
        self.buttons = QDialogButtonBox()
        self.preview_button = self.buttons.addButton(
            self.tr("&Preview"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.write_button = self.buttons.addButton(self.tr("&Write"), QDialogButtonBox.ButtonRole.ActionRole)
        self.write_button.setEnabled(False)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.preview_button.clicked.connect(self.run_preview)
        self.write_button.clicked.connect(self.confirm_write)
        self.cancel_button.clicked.connect(self.reject)
        self.runner.finished.connect(self._done)
        self.runner.failed.connect(self._failed)

        # everything but the buttons scrolls: on a short screen nothing is squeezed over its
        # neighbour, the buttons stay in reach
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.addWidget(intro)
        lay.addWidget(self.form_box)
        lay.addWidget(QLabel(self.tr("<b>Preview</b>")))
        lay.addWidget(self.verdict)
        lay.addWidget(self._heading(self.tr("What changes")))
        lay.addWidget(self.effect_list)
        self.disowned_heading = self._heading(
            self.tr("Objects this answer disowns (they become NOT_IN_PROVEN_PRE_ROTATION_HISTORY)")
        )
        self.disowned_heading.setVisible(False)
        lay.addWidget(self.disowned_heading)
        lay.addWidget(self.disowned)
        lay.addWidget(self.disown_box)
        split = QHBoxLayout()
        left, right = QVBoxLayout(), QVBoxLayout()
        left.addWidget(self._heading(self.tr("Files added, changed or removed")))
        left.addWidget(self.added, 1)
        right.addWidget(self._heading(self.tr("Key eras before and after")))
        right.addWidget(self.eras, 1)
        split.addLayout(left, 1)
        split.addLayout(right, 1)
        lay.addLayout(split)
        lay.addWidget(self.sha_label)
        lay.addWidget(self.code_panel)
        lay.addWidget(self.busy)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(body)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer = QVBoxLayout(self)
        outer.addWidget(self.scroll_area, 1)
        outer.addWidget(self.buttons)
        self.resize(860, 760)
        self._watch_inputs()
        if op in SEALED_ONLY and not Path(path).is_file():
            self.preview_button.setEnabled(False)
            self.form_box.setEnabled(False)
            self.verdict.setText(
                self.tr("Re-keying needs a sealed .aleth file: a directory store has no passphrase.")
            )

    @staticmethod
    def _heading(text: str) -> QLabel:
        label = QLabel(text)
        font = label.font()
        font.setBold(True)
        label.setFont(font)
        label.setWordWrap(True)
        return label

    # ---- forms ---------------------------------------------------------------------
    def _explain(self) -> str:
        return {
            "rotate": self.tr(
                "Revokes the key at the cutoff (HEAD unless you choose) and authorizes a fresh key in one "
                "root-signed event. What the old key signed and no commit cites is anchored first. After a "
                "theft, choose the reason 'compromise' and the last commit you trust as the cutoff."
            ),
            "revoke": self.tr(
                "Revokes a key without a successor. Revoking the agent key also removes the sealed "
                "signing key. After a theft, choose 'compromise' and the last commit you trust."
            ),
            "grant": self.tr(
                "Generates a housekeeper or auditor key, grants it with the root key, and saves its "
                "private key."
            ),
            "migrate": self.tr(
                "Creates a root key, the migration record signed by the legacy key and the new root, and the "
                "genesis grant of key-001."
            ),
            "rekey": self.tr(
                "Seals the same payload under a new passphrase: the old passphrase stops working. Decide "
                "what happens to the recovery slot."
            ),
            "recover": self.tr(
                "Sets a new passphrase using the recovery code; the recovery code keeps working unless you "
                "ask for a new one."
            ),
            "label": self.tr(
                "Appends a signed label record. Verdict labels need an auditor key and evidence; "
                "nothing is deleted."
            ),
        }[self.op]

    def _active_keys(self) -> list[str]:
        """Active keys, the agent key first (the default to rotate)."""
        eras = [e for e in self.report.eras if e.state == "active" and e.granted_event_type != "legacy"]
        return [e.key_id for e in sorted(eras, key=lambda e: e.role != "agent")]

    def _build_form(self, selected_memory: str | None) -> None:
        f = self.form
        op = self.op
        if op in ("rotate", "revoke", "grant"):
            box, self.root_key = _file_row(self.tr("Root private key (PEM)"), False, self)
            self.root_key.setAccessibleName(self.tr("Root key file"))
            f.addRow(self.tr("Root key:"), box)
        if op in ("rotate", "revoke"):
            self.key_id = QComboBox()
            self.key_id.addItems(self._active_keys())
            self.key_id.setAccessibleName(self.tr("Key"))
            f.addRow(self.tr("Key:"), self.key_id)
            self.reason = QComboBox()
            self.reason.addItems(
                ["rotation", "compromise", "expiry"]
                if op == "rotate"
                else ["compromise", "expiry", "rotation"]
            )
            self.reason.setAccessibleName(self.tr("Reason"))
            self.reason_hint = _WrapLabel()
            self.reason.currentIndexChanged.connect(lambda _i: self._explain_reason())
            f.addRow(self.tr("Reason:"), self.reason)
            f.addRow("", self.reason_hint)
            self._explain_reason()
            self.cutoff = QLineEdit(self.report.head or "")
            self.cutoff.setAccessibleName(self.tr("Cutoff commit"))
            self.cutoff.setPlaceholderText(self.tr("the last commit you trust (HEAD when empty)"))
            f.addRow(self.tr("Cutoff (commit):"), self.cutoff)
        if op == "grant":
            self.role = QComboBox()
            self.role.addItems(["housekeeper", "auditor"])
            self.role.setAccessibleName(self.tr("Role"))
            self.role_hint = _WrapLabel()
            self.role.currentIndexChanged.connect(lambda _i: self._explain_role())
            f.addRow(self.tr("Role:"), self.role)
            f.addRow("", self.role_hint)
            self._explain_role()
        if op in ("rotate", "grant", "migrate"):
            root = op == "migrate"
            box, self.key_out = _file_row(
                self.tr("Save the new root key (PEM, 0600) as…")
                if root
                else self.tr("Save the new private key (PEM, 0600) as…"),
                True,
                self,
            )
            self.key_out.setAccessibleName(self.tr("New key file"))
            f.addRow(self.tr("Save the new root key:") if root else self.tr("Save the new private key:"), box)
        if op in SEALED_ONLY:
            self._build_passphrase_form()
        if op == "label":
            self._build_label_form(selected_memory)

    def _explain_reason(self) -> None:
        """What the chosen revocation reason means (the reasons are the SPEC's words, as on
        the command line's ``--reason``)."""
        self.reason_hint.setText(
            {
                "rotation": self.tr(
                    "A routine replacement: what the key signed in the proven history up to the cutoff "
                    "stays valid."
                ),
                "compromise": self.tr(
                    "The key was stolen or exposed: what it signed outside the proven history up to the "
                    "cutoff becomes NOT_IN_PROVEN_PRE_ROTATION_HISTORY, and the preview lists it."
                ),
                "expiry": self.tr("The key's term ended: nothing it signed before the cutoff changes."),
            }.get(self.reason.currentText(), "")
        )

    def _explain_role(self) -> None:
        self.role_hint.setText(
            {
                "housekeeper": self.tr(
                    "A housekeeper reweights memories and writes detector labels (unverified, "
                    "poison_suspect, poison_likely)."
                ),
                "auditor": self.tr(
                    "An auditor writes verdict labels (supported, disputed, poison_confirmed, "
                    "poison_refuted), each citing evidence."
                ),
            }.get(self.role.currentText(), "")
        )

    def _build_passphrase_form(self) -> None:
        f = self.form
        if self.op == "recover" and (self.credential is None or self.credential.recovery_code is None):
            self.code_in = QLineEdit()
            self.code_in.setEchoMode(QLineEdit.EchoMode.Password)
            self.code_in.setAccessibleName(self.tr("Recovery code"))
            f.addRow(self.tr("Recovery code:"), self.code_in)
        self.pass1 = QLineEdit()
        self.pass1.setEchoMode(QLineEdit.EchoMode.Password)
        self.pass1.setAccessibleName(self.tr("New passphrase"))
        self.pass2 = QLineEdit()
        self.pass2.setEchoMode(QLineEdit.EchoMode.Password)
        self.pass2.setAccessibleName(self.tr("Repeat new passphrase"))
        f.addRow(self.tr("New passphrase:"), self.pass1)
        f.addRow(self.tr("Repeat:"), self.pass2)
        has_slot = bool(self.report.container.get("has_recovery_slot"))
        self.keep_code = QRadioButton(self.tr("Keep the recovery code"))
        self.new_code = QRadioButton(self.tr("Make a new recovery code (shown once)"))
        self.no_code = QRadioButton(self.tr("No recovery slot"))
        self.keep_code.setChecked(True)
        box = QWidget()
        bl = QVBoxLayout(box)
        bl.setContentsMargins(0, 0, 0, 0)
        bl.addWidget(self.keep_code)
        if self.op == "rekey":
            self.keep_code.setEnabled(has_slot)
            self.no_code.setEnabled(not has_slot)
            if not has_slot:
                self.no_code.setChecked(True)
            self.code_keep = QLineEdit()
            self.code_keep.setEchoMode(QLineEdit.EchoMode.Password)
            self.code_keep.setAccessibleName(self.tr("Current recovery code"))
            self.code_keep.setPlaceholderText(self.tr("current recovery code (to keep the slot)"))
            self.code_keep.setEnabled(has_slot)
            self.keep_code.toggled.connect(self.code_keep.setEnabled)
            bl.addWidget(self.code_keep)
        bl.addWidget(self.new_code)
        if self.op == "rekey":
            bl.addWidget(self.no_code)
        f.addRow(self.tr("Recovery:"), box)

    def _build_label_form(self, selected_memory: str | None) -> None:
        f = self.form
        report = self.report
        self.memory = QComboBox()
        self.memory.setEditable(True)
        self.memory.setAccessibleName(self.tr("Memory"))
        mm = report.mutmem
        ids = list(mm.memories) if mm else list(report.order)
        if mm:  # untrusted memories first: they are what auditors review
            ids.sort(key=lambda m: (not mm.memories[m].untrusted, m))
        for m in ids:
            label = mm.memories[m].label if mm else None
            self.memory.addItem(f"{short_id(m)}  {label or '—'}  {_memory_text(report, m)[:60]}", m)
        if selected_memory:
            i = self.memory.findData(selected_memory)
            if i >= 0:
                self.memory.setCurrentIndex(i)
        f.addRow(self.tr("Memory:"), self.memory)
        self.memory_text = QLabel()
        self.memory_text.setWordWrap(True)
        self.memory_text.setAccessibleName(self.tr("Memory text"))
        self.memory_text.setTextFormat(Qt.TextFormat.PlainText)
        f.addRow(self.tr("It says:"), self.memory_text)
        self.history = QListWidget()
        self.history.setAccessibleName(self.tr("Label history"))
        _rows(self.history, 3, 4)
        f.addRow(self.tr("Label history:"), self.history)
        self.memory.currentIndexChanged.connect(lambda _i: self._show_memory())
        self.label = QComboBox()
        self.label.addItems(list(LABELS))
        self.label.setCurrentIndex(-1)  # nothing that changes trust is preselected
        self.label.setPlaceholderText(self.tr("choose a label"))
        self.label.setAccessibleName(self.tr("Label"))
        f.addRow(self.tr("Label:"), self.label)
        box, self.sign_key = _file_row(self.tr("Auditor or housekeeper private key (PEM)"), False, self)
        self.sign_key.setAccessibleName(self.tr("Signing key file"))
        f.addRow(self.tr("Signing key:"), box)
        self.confidence = QSpinBox()
        self.confidence.setRange(0, 1000)
        self.confidence.setValue(800)
        self.confidence.setSuffix(" ‰")
        f.addRow(self.tr("Confidence:"), self.confidence)
        self.reason_text = QPlainTextEdit()
        self.reason_text.setAccessibleName(self.tr("Reason"))
        _rows(self.reason_text, 2, 3)
        self.redacted = QLabel()
        self.redacted.setWordWrap(True)
        self.redacted.setAccessibleName(self.tr("Redaction preview"))
        self.reason_text.textChanged.connect(self._redaction_preview)
        f.addRow(self.tr("Reason:"), self.reason_text)
        f.addRow(self.tr("Stored as:"), self.redacted)
        self.evidence = QListWidget()
        self.evidence.setAccessibleName(self.tr("Evidence"))
        _rows(self.evidence, 4, 5)
        for eid, status in report.evidence.items():
            if not status.ok:
                continue
            item = QListWidgetItem(self._evidence_summary(eid))
            item.setData(Qt.ItemDataRole.UserRole, eid)
            item.setToolTip(eid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.evidence.addItem(item)
        f.addRow(self.tr("Evidence:"), self.evidence)
        self._redaction_preview()
        self._show_memory()

    def _evidence_summary(self, eid: str) -> str:
        obj = self.report.objects.get(eid)
        what = summary_of(self.report, "evidence", eid)
        when = obj.get("timestamp") if obj is not None else ""
        arts = obj.get("artifacts") if obj is not None else []
        names = (
            ", ".join(a.get("name", "") for a in arts if isinstance(a, dict))
            if isinstance(arts, list)
            else ""
        )
        era = self.report.era_of(eid)
        signer = self.tr("signed by {key}").format(key=era.key_id) if era else ""
        parts = [short_id(eid), what, str(when or ""), names, signer]
        return "  ".join(p for p in parts if p)

    def _show_memory(self) -> None:
        mid = self.memory.currentData() or self.memory.currentText().strip()
        self.memory_text.setText(
            _memory_text(self.report, mid) or self.tr("(not a plain memory of this file)")
        )
        self.history.clear()
        mm = self.report.mutmem
        view = mm.memories.get(mid) if mm else None
        if view is None or not view.labels:
            self.history.addItem(self.tr("no label yet"))
            return
        for p in view.labels:
            conf = f" {p.confidence_milli}‰" if p.confidence_milli is not None else ""
            self.history.addItem(f"{p.label}{conf}  {p.key_id} ({p.role})  {p.reason}")

    def _redaction_preview(self) -> None:
        self.redacted.setText(strip_private(self.reason_text.toPlainText()) or self.tr("(empty)"))

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

    def _build_code_panel(self) -> QWidget:
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.setContentsMargins(0, 0, 0, 0)
        note = QLabel(
            self.tr(
                "The new recovery code is shown only now. Copy it or save it to a file kept apart from the "
                "memory file, then confirm you have stored it."
            )
        )
        note.setWordWrap(True)
        row = QHBoxLayout()
        self.secret_out = QLineEdit()
        self.secret_out.setReadOnly(True)
        self.secret_out.setAccessibleName(self.tr("New recovery code"))
        self.copy_code = QPushButton(self.tr("&Copy"))
        self.save_code = QPushButton(self.tr("&Save to a file…"))
        row.addWidget(self.secret_out, 1)
        row.addWidget(self.copy_code)
        row.addWidget(self.save_code)
        self.stored = QCheckBox(self.tr("I have stored the new recovery code"))
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.setEnabled(False)
        self.stored.toggled.connect(self.close_button.setEnabled)
        self.stored.toggled.connect(self._code_confirmed)
        self.copy_code.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.secret_out.text()))
        self.save_code.clicked.connect(self._save_code)
        self.close_button.clicked.connect(self.accept)
        lay.addWidget(note)
        lay.addLayout(row)
        lay.addWidget(self.stored)
        lay.addWidget(self.close_button)
        panel.setVisible(False)
        return panel

    # ---- voiding the preview ------------------------------------------------------
    def _watch_inputs(self) -> None:
        """Any change of any input voids the preview (E1)."""
        for w in self.form_box.findChildren(QWidget):
            if isinstance(w, QLineEdit):
                w.textChanged.connect(self._invalidate)
            elif isinstance(w, QComboBox):
                w.currentIndexChanged.connect(self._invalidate)
                if w.isEditable():
                    w.editTextChanged.connect(self._invalidate)
            elif isinstance(w, (QCheckBox, QRadioButton)):
                w.toggled.connect(self._invalidate)
            elif isinstance(w, QSpinBox):
                w.valueChanged.connect(self._invalidate)
            elif isinstance(w, QPlainTextEdit):
                w.textChanged.connect(self._invalidate)
            elif isinstance(w, QListWidget) and w is not getattr(self, "history", None):
                w.itemChanged.connect(self._invalidate)

    def _invalidate(self, *_args: object) -> None:
        self._generation += 1
        if self.preview is None and self.output is None and self._job != "preview":
            return
        self.preview = None
        self.output = None
        self.effects = []
        self.effect_list.clear()
        self.disowned.clear()
        self.disowned.setVisible(False)
        self.disowned_heading.setVisible(False)
        self.disown_box.setChecked(False)
        self.disown_box.setVisible(False)
        self.sha_label.clear()
        self.write_button.setEnabled(False)
        self.verdict.setText(self.tr("The inputs changed: press Preview again before writing."))

    # ---- running -----------------------------------------------------------------------
    def _key_pem(self, path: str, what: str) -> bytes:
        if not path:
            raise InspectorError("usage", self.tr("choose the {what} file").format(what=what))
        key = KeyPair.load(path)
        self.key_notes += key.notes  # a key file others can read: said with the preview, never refused
        return key.pem()

    def params(self) -> dict[str, Any]:
        """The job parameters (raises InspectorError on incomplete input)."""
        op = self.op
        self.key_notes = []
        p: dict[str, Any] = {"allow_invalid": self.allow_invalid.isChecked()}
        if op in ("rotate", "revoke", "grant"):
            p["root"] = self._key_pem(self.root_key.text(), self.tr("root key"))
        if op in ("rotate", "revoke"):
            p["key_id"] = self.key_id.currentText()
            p["reason"] = self.reason.currentText()
            p["cutoff"] = self.cutoff.text().strip() or None
        if op == "grant":
            p["role"] = self.role.currentText()
        if op in ("rotate", "grant", "migrate"):
            key = self.generated.setdefault("new", KeyPair.generate())
            p["new_key"] = key.pem()
        if op in SEALED_ONLY:
            if not self.pass1.text() or self.pass1.text() != self.pass2.text():
                raise InspectorError("usage", self.tr("enter the new passphrase twice (the two must match)"))
            p["new_passphrase"] = self.pass1.text()
            p["new_recovery_code"] = self.new_code.isChecked()
            if op == "rekey" and self.keep_code.isChecked():
                p["keep_recovery_code"] = self.code_keep.text().strip()
        if op == "label":
            p["memory"] = self.memory.currentData() or self.memory.currentText().strip()
            if self.label.currentIndex() < 0:
                raise InspectorError("usage", self.tr("choose a label"))
            p["label"] = self.label.currentText()
            p["key"] = self._key_pem(self.sign_key.text(), self.tr("signing key"))
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
                    self.tr("{label} is a verdict label: tick at least one evidence record").format(
                        label=p["label"]
                    ),
                )
        return p

    def _credential(self) -> Credential | None:
        if self.op == "recover" and hasattr(self, "code_in"):
            return Credential(recovery_code=self.code_in.text().strip())
        return self.credential

    def _busy(self, on: bool) -> None:
        self.busy.setVisible(on)
        self.preview_button.setEnabled(not on)
        self.form_box.setEnabled(not on)
        if on:
            self.write_button.setEnabled(False)

    def run_preview(self) -> None:
        try:
            params = self.params()
        except InspectorError as exc:
            self.verdict.setText(f"✖ {exc.message}")
            return
        self._job, self._job_generation = "preview", self._generation
        self._busy(True)
        self.verdict.setText(self.tr("Building and verifying the result…"))
        self.runner.start(
            "author_preview", op=self.op, path=self.path, credential=self._credential(), params=params
        )

    def _target(self) -> tuple[str | None, bool, bool]:
        in_place = self.in_place.isChecked()
        backup = not self.no_backup.isChecked()
        target = None if in_place else self.output_path.text().strip()
        if not in_place and not target:
            raise InspectorError("usage", self.tr("choose where to save the result"))
        return target, in_place, backup

    def _secret_files(self) -> list[A.SecretFile]:
        if self.op not in ("rotate", "grant", "migrate") or self.preview is None:
            return []
        path = self.key_out.text().strip()
        new_id = next(iter(self.preview["new_keys"]))
        roles = {e.key_id: e.role for e in self.report.eras}
        if not path:
            if self.op == "rotate" and roles.get(self.key_id.currentText()) == "agent":
                return []  # the new agent key is sealed as keys/signing.key
            raise InspectorError("usage", self.tr("choose where to save the new private key"))
        return [A.SecretFile.key(path, new_id, self.generated["new"])]

    def confirmation_text(self) -> str:
        """What the write will do, in plain words (the first confirmation)."""
        assert self.output is not None
        target, in_place, backup = self._target()
        where = A.write_effects(
            self.output,
            target,
            in_place=in_place,
            backup=backup,
            secrets=self._secret_files(),
            removes=[Path(p) for p in self.removes],
        )
        lines = [self.tr("Write this result?"), ""]
        lines += [f"• {e.translated(self.lang)}" for e in [*self.effects, *where]]
        if self.disown_box.isChecked():
            lines.append("• " + self.tr("you disown the {n} objects listed").format(n=self.disowned.count()))
        lines += ["", self.tr("SHA-256 of what is written: {sha}").format(sha=self.output.sha256)]
        return "\n".join(lines)

    def confirm_write(self) -> None:
        if self.output is None:
            self.verdict.setText(self.tr("Preview first: only a previewed result can be written."))
            return
        try:
            text = self.confirmation_text()
            self._secrets = self._secret_files()
        except InspectorError as exc:
            self.verdict.setText(f"✖ {exc.message}")
            return
        self._ask(self.tr("Confirm the write"), text, self._second_confirmation)

    def _second_confirmation(self) -> None:
        if not self.in_place.isChecked():
            self._start_write()
            return
        if self.output is not None and self.output.rekey:
            detail = self.tr("No backup is kept, and copies the old passphrase opens are deleted.")
        elif self.no_backup.isChecked():
            detail = self.tr("No backup is kept.")
        else:
            detail = self.tr("The previous version is kept as {backup}.").format(backup=f"{self.path}.bak")
        text = self.tr("Write over the source {path}?").format(path=self.path) + "\n\n" + detail
        self._ask(self.tr("Write over the source"), text, self._start_write)

    def _ask(self, title: str, text: str, then: Any) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        yes = box.addButton(self.tr("&Write"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)

        def clicked(button: QAbstractButton) -> None:
            self.confirm_box = None
            if button is yes:
                then()

        box.buttonClicked.connect(clicked)
        self.confirm_box = box
        box.open()

    def _start_write(self) -> None:
        if self.output is None:  # voided while the confirmation was open
            self.verdict.setText(self.tr("The inputs changed: press Preview again before writing."))
            return
        target, in_place, backup = self._target()
        self._job, self._job_generation = "write", self._generation
        self._busy(True)
        self.cancel_button.setEnabled(False)  # a write is not interrupted half way
        self.verdict.setText(self.tr("Writing…"))
        self.runner.start(
            "author_write",
            output=self.output,
            target=target,
            in_place=in_place,
            backup=backup,
            disown=self.disown_box.isChecked(),
            secrets=self._secrets,
        )

    def _done(self, _token: int, payload: dict[str, Any]) -> None:
        job, self._job = self._job, None
        self._busy(False)
        self.cancel_button.setEnabled(True)
        if job == "preview":
            if self._job_generation != self._generation:  # an input changed while it ran
                self.verdict.setText(self.tr("The inputs changed: press Preview again before writing."))
                return
            self.preview = payload["preview"]
            self.output = payload["output"]
            self.effects = list(payload.get("effects", []))
            self.recovery_code = payload.get("recovery_code")
            self.removes = list(payload.get("removes", []))
            self._show_preview(self.preview, bool(payload["ok"]))
            self._update_write()
        elif job == "write":
            self._show_written(payload)

    def _update_write(self) -> None:
        ok = self.preview is not None and self.output is not None
        if ok and self.output is not None and self.output.verdict != "pass":
            ok = self.output.disown_only and self.disown_box.isChecked()
        self.write_button.setEnabled(bool(ok))

    def _show_preview(self, preview: dict[str, Any], ok: bool) -> None:
        assert self.output is not None
        if ok:
            head = "✔ " + self.tr("PASS: the result verifies.")
        elif self.output.disown_only:
            head = "✖ " + self.tr(
                "FAIL: the result fails only by the objects listed below, which this answer to a key theft "
                "disowns. Confirm the list to write it."
            )
        else:
            head = "✖ " + self.tr("FAIL: the result does not verify — it cannot be written.")
        lines = [head]
        lines += [f"⚠ {said(note, self.lang)}" for note in self.key_notes]
        lines += [self.tr("note: {text}").format(text=n) for n in preview.get("notes", [])]
        disowned_ids = {d["object_id"] for d in preview.get("disowned", [])}
        lines += [
            f"✖ {f['code']}: {f['message']}"
            for f in preview.get("findings", [])
            if f["severity"] == "error" and f["object_id"] not in disowned_ids
        ][:5]
        self.verdict.setText("\n".join(lines))
        self.effect_list.clear()
        for e in self.effects:
            self.effect_list.addItem(e.translated(self.lang))
        unproven = preview.get("unproven", [])
        self.disowned.clear()
        for d in unproven:
            self.disowned.addItem(f"{d['kind']}  {short_id(d['object_id'])}  {d['key_id']}  {d['summary']}")
            self.disowned.item(self.disowned.count() - 1).setToolTip(d["object_id"])
        self.disowned.setVisible(bool(unproven))
        self.disowned_heading.setVisible(bool(unproven))
        needs = not ok and self.output.disown_only
        self.disown_box.setText(
            self.tr("These {n} objects are not mine: disown them and write the result").format(
                n=len(disowned_ids)
            )
        )
        self.disown_box.setChecked(False)
        self.disown_box.setVisible(needs)
        self.added.clear()
        for label, items in (
            (self.tr("added"), preview["added"]),
            (self.tr("changed"), preview["changed"]),
            (self.tr("removed"), preview["removed"]),
        ):
            for item in items:
                self.added.addItem(self.tr("%1: %2").replace("%1", label).replace("%2", item))
        before = {e["key_id"]: e["state"] for e in preview["eras_before"]}
        after = preview["eras_after"]
        self.eras.setRowCount(len(after))
        for row, e in enumerate(after):
            cut = " " + self.tr("(cutoff %1)").replace("%1", short_id(e["cutoff"])) if e.get("cutoff") else ""
            states = {"active": self.tr("active"), "revoked": self.tr("revoked")}
            was = before.get(e["key_id"])
            for col, text in enumerate(
                (
                    e["key_id"],
                    e["role"],
                    states.get(was, was) if was else "—",
                    states.get(e["state"], e["state"]) + cut,
                )
            ):
                self.eras.setItem(row, col, QTableWidgetItem(text))
        self.sha_label.setText(
            self.tr("Output SHA-256: {sha} ({size} bytes)").format(
                sha=self.output.sha256, size=self.output.size
            )
        )

    def _show_written(self, payload: dict[str, Any]) -> None:
        assert self.output is not None
        if payload["sha256"] != self.output.sha256:  # the core guarantees it; say so if it ever does not
            self.verdict.setText("✖ " + self.tr("What was written differs from the preview."))
            return
        lines = [
            "✔ "
            + self.tr("Written: {path} (SHA-256 {sha})").format(
                path=payload["written"], sha=payload["sha256"]
            )
        ]
        if payload.get("backup"):
            lines.append(self.tr("The previous version is kept as {path}.").format(path=payload["backup"]))
        lines += [
            self.tr("Deleted {path}: it opened with the old passphrase.").format(path=p)
            for p in payload["removed"]
        ]
        lines += [self.tr("Saved {path} (mode 0600).").format(path=p) for p in payload["saved"]]
        self.verdict.setText("\n".join(lines))
        self.preview_button.setEnabled(False)
        self.write_button.setEnabled(False)
        cred = self.credential
        if self.op in SEALED_ONLY:
            cred = Credential(passphrase=self.pass1.text())
        self.written.emit(payload["written"], cred)
        if self.recovery_code:
            self.secret_out.setText(self.recovery_code)
            self.code_panel.setVisible(True)
            self.code_stored = False
            self.cancel_button.setEnabled(False)
            self.form_box.setEnabled(False)
        else:
            self.accept()

    def _failed(self, _token: int, code: str, message: str, _details: str) -> None:
        self._job = None
        self._busy(False)
        self.cancel_button.setEnabled(True)
        self.verdict.setText(f"✖ {code}: {message}")
        self._update_write()

    # ---- the new recovery code ---------------------------------------------------------
    def _save_code(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the new recovery code"))
        if not path:
            return
        from ...core.write.safe import atomic_write

        try:
            atomic_write(path, (self.secret_out.text() + "\n").encode(), mode=0o600, overwrite=False)
        except InspectorError as exc:
            self.verdict.setText(f"✖ {exc.message}")
            return
        self.verdict.setText(self.tr("The recovery code is saved to {path} (mode 0600).").format(path=path))

    def _code_confirmed(self, on: bool) -> None:
        self.code_stored = on

    def reject(self) -> None:
        if not self.code_stored:
            self.verdict.setText(self.tr("Store the new recovery code first, then confirm it."))
            return
        if self.runner.running and self._job == "write":
            return  # a write is not interrupted half way
        self.runner.cancel()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.code_stored or (self.runner.running and self._job == "write"):
            event.ignore()
            self.reject()
            return
        super().closeEvent(event)
