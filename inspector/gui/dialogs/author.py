"""One dialog for every authoring operation (SPEC E): collect the inputs, preview,
confirm, write, and hand the result back to the main window to reopen.

What is previewed is what is written (E1), and the preview is the plan (E6): the
preview job returns the exact output (its bytes and SHA-256, bound to the source's
SHA-256) with the effect in plain words; any change of any input voids it and
disables Write until the next preview; Write asks for confirmation with the effect
list (and a second time when it writes over the source), then writes exactly those
bytes, or nothing when the source changed since.  Output paths are checked while
they are typed.  A compromise answer shows what it disowns and needs that list
confirmed (E3).  A new recovery code gets a page of its own before the write: the
code on top, a copy button, and the write happens only once the user confirms it
is stored (a code is never lost with the file already changed, E5).  Work runs in
the worker process (:class:`~inspector.gui.tasks.TaskRunner`); new private keys are
generated here and saved, before the new file replaces the old one, to the paths
the user names (0600).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent, QFontDatabase, QGuiApplication
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
    QStackedWidget,
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
from ...core.verify.mutmem import VERDICT_LABELS
from ...core.verify.report import Report
from ...core.write import authoring as A
from ...core.write import safe
from ...core.write.effects import Effect, short_id, summary_of
from ...core.write.mutmem import writable_labels
from ..i18n import language
from ..tasks import TaskRunner

OPERATIONS = ("rotate", "revoke", "grant", "migrate", "rekey", "recover", "label")
SEALED_ONLY = ("rekey", "recover")  # a directory store has no passphrase
SUFFIXES = {
    "rotate": "rotated",
    "revoke": "revoked",
    "grant": "granted",
    "migrate": "migrated",
    "rekey": "rekeyed",
    "recover": "recovered",
    "label": "labelled",
}
_STACKED = re.compile(r"(?:-(?:" + "|".join(SUFFIXES.values()) + r")(?:-\d+)?)+$")


def default_output(path: str, op: str) -> str:
    """``FILE-<done>.aleth`` beside the source (``store-<done>`` for a directory), the
    suffixes of earlier writes replaced rather than stacked (``demo-rekeyed`` labelled is
    ``demo-labelled``), and a number added when the name is taken."""
    p = Path(path)
    stem = p.name if p.is_dir() else p.stem
    base = _STACKED.sub("", stem) or stem
    ext = "" if p.is_dir() else (p.suffix or ".aleth")
    for n in range(1, 1000):
        name = f"{base}-{SUFFIXES[op]}{'' if n == 1 else f'-{n}'}{ext}"
        if not os.path.lexists(p.with_name(name)):
            return str(p.with_name(name))
    return str(p.with_name(f"{base}-{SUFFIXES[op]}{ext}"))


def is_anchor(report: Report, oid: str) -> bool:
    obj = report.objects.get(oid)
    content = obj.get("content") if obj is not None else None
    return isinstance(content, dict) and content.get("kind") == "anchor"


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
    """A word-wrapped label that asks for the height its text needs at its width: no
    clipped line in a crowded form, and no blank band either (QLabel's own hint assumes a
    narrow column and asks for several lines)."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self.width() > 0 and self.text():
            need = self.heightForWidth(self.width())
            if need > 0:
                return QSize(hint.width(), need)
        return hint

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        need = self.heightForWidth(self.width()) if self.width() > 0 and self.text() else 0
        if need != self.minimumHeight():
            self.setMinimumHeight(max(need, 0))
            self.updateGeometry()


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
        self.preview: dict[str, Any] | None = None  # the preview of the current inputs: the plan
        self.output: A.Output | None = None  # exactly what Write writes
        self.effects: list[Effect] = []
        self.recovery_code: str | None = None
        self.old_copies: list[str] = []
        self.confirm_box: QMessageBox | None = None
        self._generation = 0  # bumped by every input change
        self._job: str | None = None
        self._job_generation = -1
        self._secrets: list[A.SecretFile] = []
        self.key_notes: list[str] = []  # warnings about the key files given (readable by others)
        self.output_problem: str | None = None  # why the output path cannot be written, as typed
        titles = {
            "rotate": self.tr("Rotate a key"),
            "revoke": self.tr("Revoke a key"),
            "grant": self.tr("Grant a key"),
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
        self.output_path.setText(default_output(path, op))
        self.output_path.setAccessibleName(self.tr("Output path"))
        self.output_check = _WrapLabel()
        self.output_check.setAccessibleName(self.tr("Output path check"))
        self.output_check.setTextFormat(Qt.TextFormat.PlainText)
        self.in_place = QCheckBox(self.tr("Write over the source"))
        self.in_place.toggled.connect(lambda on: self.output_path.setEnabled(not on))
        self.no_backup = QCheckBox(self.tr("Keep no backup (FILE.bak)"))
        self.no_backup.setEnabled(False)
        self.no_backup.setVisible(op not in SEALED_ONLY)
        self.in_place.toggled.connect(self.no_backup.setEnabled)
        self.form.addRow(self.tr("Output:"), out_box)
        self.form.addRow("", self.output_check)
        self.form.addRow("", self.in_place)
        self.form.addRow("", self.no_backup)

        self.verdict = _WrapLabel(self.tr("Press Preview to see what would change."))
        self.verdict.setAccessibleName(self.tr("Preview verdict"))
        self.effect_list = QListWidget()
        _rows(self.effect_list, 3, 12)
        self.effect_list.setWordWrap(True)
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
        self.sha_label = _WrapLabel()
        self.sha_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sha_label.setAccessibleName(self.tr("Output SHA-256"))
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
        lay.addWidget(self.busy)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(body)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        form_page = QWidget()
        fl = QVBoxLayout(form_page)
        fl.setContentsMargins(0, 0, 0, 0)
        fl.addWidget(self.scroll_area, 1)
        fl.addWidget(self.buttons)
        self.code_page = self._build_code_page()
        self.pages = QStackedWidget()
        self.pages.addWidget(form_page)
        self.pages.addWidget(self.code_page)
        outer = QVBoxLayout(self)
        outer.addWidget(self.pages)
        screen = QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        width, height = 860, 760
        if room is not None:  # never larger than the screen (issue 23)
            width, height = min(width, int(room.width() * 0.9)), min(height, int(room.height() * 0.9))
        self.resize(width, height)
        self._watch_inputs()
        self.output_path.textChanged.connect(self._check_output)
        self.in_place.toggled.connect(self._check_output)
        self._check_output()
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
                "root-signed event. For a routine rotation, what the old key signed and no commit cites is "
                "anchored first. After a theft, choose the reason 'compromise' and the last commit you "
                "trust as the cutoff: nothing is anchored, and what the key signed after it is disowned."
            ),
            "revoke": self.tr(
                "Revokes a key without a successor. Revoking the only agent key grants a new one in the same "
                "write, so the store can still be written. After a theft, choose 'compromise' and the last "
                "commit you trust."
            ),
            "grant": self.tr(
                "Generates a key and grants it with the root key: a housekeeper or auditor key, whose "
                "private key is saved, or a new agent key for a store that has none (sealed in the file)."
            ),
            "migrate": self.tr(
                "Creates a root key, the migration record signed by the legacy key and the new root, and the "
                "genesis grant of key-001."
            ),
            "rekey": self.tr(
                "Seals the same payload under a new passphrase: the old passphrase stops working. Decide "
                "what happens to the recovery slot. Nothing beside the file is deleted."
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

    def _active_agents(self) -> list[str]:
        return [e.key_id for e in self.report.eras if e.state == "active" and e.role == "agent"]

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
            f.addRow(self.tr("Reason:"), self.reason)
            f.addRow("", self.reason_hint)
            self.cutoff = QLineEdit()
            self.cutoff.setAccessibleName(self.tr("Cutoff commit"))
            f.addRow(self.tr("Cutoff (commit):"), self.cutoff)
            self.reason.currentIndexChanged.connect(lambda _i: self._explain_reason())
            self._explain_reason()
        if op == "revoke":
            self.grant_agent = QCheckBox(
                self.tr("Grant a new agent key in the same write (sealed in the file)")
            )
            self.grant_agent.setChecked(True)
            self.grant_agent_hint = _WrapLabel(
                self.tr(
                    "This is the only agent key: without a new one, nothing could ever be committed to "
                    "the store again."
                )
            )
            f.addRow("", self.grant_agent)
            f.addRow("", self.grant_agent_hint)
            self.key_id.currentIndexChanged.connect(lambda _i: self._show_grant_agent())
            self._show_grant_agent()
        if op == "grant":
            self.role = QComboBox()
            self.role.addItems(["housekeeper", "auditor"] + ([] if self._active_agents() else ["agent"]))
            self.role.setAccessibleName(self.tr("Role"))
            self.role_hint = _WrapLabel()
            self.role.currentIndexChanged.connect(lambda _i: self._explain_role())
            f.addRow(self.tr("Role:"), self.role)
            f.addRow("", self.role_hint)
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
            self.key_out_check = _WrapLabel()
            self.key_out_check.setTextFormat(Qt.TextFormat.PlainText)
            self.key_out_check.setAccessibleName(self.tr("New key file check"))
            f.addRow(self.tr("Save the new root key:") if root else self.tr("Save the new private key:"), box)
            f.addRow("", self.key_out_check)
            self.key_out.textChanged.connect(self._check_key_out)
            self._check_key_out()
        if op == "grant":
            self._explain_role()
        if op in SEALED_ONLY:
            self._build_passphrase_form()
        if op == "label":
            self._build_label_form(selected_memory)

    def _show_grant_agent(self) -> None:
        """The new-agent-key choice, only when the key to revoke is the only agent key."""
        only = self._active_agents() == [self.key_id.currentText()]
        self.grant_agent.setVisible(only)
        self.grant_agent_hint.setVisible(only)

    def _explain_reason(self) -> None:
        """What the chosen revocation reason means (the reasons are the SPEC's words, as on
        the command line's ``--reason``); a compromise has no default cutoff."""
        compromise = self.reason.currentText() == "compromise"
        self.reason_hint.setText(
            {
                "rotation": self.tr(
                    "A routine replacement: what the key signed in the proven history up to the cutoff "
                    "stays valid."
                ),
                "compromise": self.tr(
                    "The key was stolen or exposed: name the last commit you trust. Nothing is anchored; "
                    "what the key signed outside the history up to that commit becomes "
                    "NOT_IN_PROVEN_PRE_ROTATION_HISTORY, and the preview lists it."
                ),
                "expiry": self.tr("The key's term ended: nothing it signed before the cutoff changes."),
            }.get(self.reason.currentText(), "")
        )
        head = self.report.head or ""
        if compromise:
            if self.cutoff.text() == head:
                self.cutoff.clear()  # the owner names it: HEAD may be the thief's
            self.cutoff.setPlaceholderText(self.tr("required: the last commit you trust"))
        else:
            if not self.cutoff.text():
                self.cutoff.setText(head)
            self.cutoff.setPlaceholderText(self.tr("the last commit you trust (HEAD when empty)"))

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
                "agent": self.tr(
                    "A new agent key for a store that has none left (after a revocation): it signs new "
                    "memories and is sealed in the file; saving a copy is optional."
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
        self.new_code = QRadioButton(self.tr("Make a new recovery code (shown before the write)"))
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

    def _label_candidates(self) -> list[str]:
        """The memories a label may be about: plain memories of the file, never an anchoring
        commit; untrusted memories first (they are what auditors review)."""
        report = self.report
        mm = report.mutmem
        if mm is not None:
            ids = [m for m in mm.memories if not is_anchor(report, m)]
            ids.sort(key=lambda m: (not mm.memories[m].untrusted, m))
            return ids
        return [c for c in report.order if c in report.commits and not is_anchor(report, c)]

    def _build_label_form(self, selected_memory: str | None) -> None:
        f = self.form
        report = self.report
        self.memory = QComboBox()
        self.memory.setEditable(True)
        self.memory.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.memory.setAccessibleName(self.tr("Memory"))
        mm = report.mutmem
        self._candidates = self._label_candidates()
        for m in self._candidates:
            label = mm.memories[m].label if mm else None
            self.memory.addItem(f"{short_id(m)}  {label or '—'}  {_memory_text(report, m)[:60]}", m)
        if selected_memory and selected_memory in self._candidates:
            self.memory.setCurrentIndex(self.memory.findData(selected_memory))
        f.addRow(self.tr("Memory:"), self.memory)
        self.memory_text = _WrapLabel()
        self.memory_text.setAccessibleName(self.tr("Memory text"))
        self.memory_text.setTextFormat(Qt.TextFormat.PlainText)
        f.addRow(self.tr("It says:"), self.memory_text)
        self.history = QListWidget()
        self.history.setAccessibleName(self.tr("Label history"))
        _rows(self.history, 3, 4)
        f.addRow(self.tr("Label history:"), self.history)
        self.memory.currentIndexChanged.connect(lambda _i: self._show_memory())
        self.memory.editTextChanged.connect(lambda _t: self._show_memory())  # follows what is typed
        box, self.sign_key = _file_row(self.tr("Auditor or housekeeper private key (PEM)"), False, self)
        self.sign_key.setAccessibleName(self.tr("Signing key file"))
        f.addRow(self.tr("Signing key:"), box)
        self.label = QComboBox()
        self.label.setAccessibleName(self.tr("Label"))
        self.label_hint = _WrapLabel()
        self.label_hint.setAccessibleName(self.tr("Labels this key may write"))
        f.addRow(self.tr("Label:"), self.label)
        f.addRow("", self.label_hint)
        self.sign_key.textChanged.connect(lambda _t: self._offer_labels())
        self.confidence = QSpinBox()
        self.confidence.setRange(0, 1000)
        self.confidence.setValue(800)
        self.confidence.setSuffix(" ‰")
        f.addRow(self.tr("Confidence:"), self.confidence)
        self.reason_text = QPlainTextEdit()
        self.reason_text.setAccessibleName(self.tr("Reason"))
        _rows(self.reason_text, 2, 3)
        self.redacted = _WrapLabel()
        self.redacted.setAccessibleName(self.tr("Redaction preview"))
        self.redacted.setTextFormat(Qt.TextFormat.PlainText)
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
        self._offer_labels()
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

    def chosen_memory(self) -> str | None:
        """The memory the Memory field names now: the item chosen, or what is typed (a
        full id, or the start of exactly one memory's id)."""
        i = self.memory.currentIndex()
        text = self.memory.currentText().strip()
        if i >= 0 and text == self.memory.itemText(i):
            return str(self.memory.itemData(i))
        word = text.split()[0] if text else ""
        if word in self._candidates:
            return word
        prefix = word.rstrip("…").removeprefix("sha256:").lower()
        if len(prefix) >= 4:
            hits = [m for m in self._candidates if m.split(":", 1)[-1].startswith(prefix)]
            if len(hits) == 1:
                return hits[0]
        return None

    def _show_memory(self) -> None:
        mid = self.chosen_memory()
        self.history.clear()
        if mid is None:
            self.memory_text.setText(self.tr("(not a plain memory of this file)"))
            return
        self.memory_text.setText(_memory_text(self.report, mid) or self.tr("(no text)"))
        mm = self.report.mutmem
        view = mm.memories.get(mid) if mm else None
        if view is None or not view.labels:
            self.history.addItem(self.tr("no label yet"))
            return
        for p in view.labels:
            conf = f" {p.confidence_milli}‰" if p.confidence_milli is not None else ""
            self.history.addItem(f"{p.label}{conf}  {p.key_id} ({p.role})  {p.reason}")

    def signing_role(self) -> tuple[str | None, str]:
        """The role of the signing key chosen (None without a usable key) and why."""
        path = self.sign_key.text().strip()
        if not path:
            return None, self.tr("Choose the signing key: the labels it may write are offered then.")
        try:
            key = A.load_key(path)
        except InspectorError:
            return None, self.tr("This file is not a readable private key.")
        x = key.jwk.get("x")
        era = next((e for e in self.report.eras if e.public_key == x and e.state == "active"), None)
        if era is None:
            return None, self.tr("This key is not an active key of this file.")
        return era.role, ""

    def _offer_labels(self) -> None:
        """Only the labels the chosen key's role may write (SPEC C2); nothing preselected."""
        role, why = self.signing_role()
        labels = writable_labels(role) if role else ()
        current = self.label.currentText() if self.label.currentIndex() >= 0 else None
        self.label.blockSignals(True)
        self.label.clear()
        self.label.addItems(list(labels))
        self.label.setCurrentIndex(labels.index(current) if current in labels else -1)
        self.label.blockSignals(False)
        self.label.setEnabled(bool(labels))
        self.label.setPlaceholderText(self.tr("choose a label") if labels else self.tr("no label to offer"))
        if role and not labels:
            why = self.tr("This is an agent key: labels need a housekeeper or auditor key.")
        elif role == "housekeeper":
            why = self.tr("A housekeeper key writes the detector labels; verdict labels need an auditor key.")
        elif role == "auditor":
            why = self.tr("An auditor key writes every label; the verdict labels need evidence.")
        self.label_hint.setText(why)
        self._invalidate()

    def _redaction_preview(self) -> None:
        self.redacted.setText(strip_private(self.reason_text.toPlainText()) or self.tr("(empty)"))

    # ---- output paths, as they are typed ------------------------------------------
    def _path_problem(self, text: str) -> str | None:
        path = text.strip()
        if not path:
            return self.tr("choose where to save it")
        if os.path.abspath(path) == os.path.abspath(self.path):
            return self.tr("this is the source: tick 'Write over the source' instead")
        try:
            safe.check_new_target(path)
        except InspectorError as exc:
            return self._tr_error(exc)
        return None

    def _tr_error(self, exc: InspectorError) -> str:
        from ...core.i18n import tr

        template = getattr(exc, "template", None)
        return tr(template, self.lang, **dict(getattr(exc, "params", ()))) if template else exc.message

    def _check_output(self, *_args: object) -> None:
        if self.in_place.isChecked():
            self.output_problem = None
            self.output_check.setText("")
            self.output_check.setVisible(False)
        else:
            self.output_problem = self._path_problem(self.output_path.text())
            self.output_check.setVisible(True)
            self.output_check.setText(
                f"✖ {self.output_problem}" if self.output_problem else "✔ " + self.tr("a new file")
            )
        self._update_write()

    def _check_key_out(self, *_args: object) -> None:
        text = self.key_out.text().strip()
        if not text:
            self.key_out_check.setText("")
            self.key_out_check.setVisible(False)
            return
        problem = self._path_problem(text)
        self.key_out_check.setVisible(True)
        self.key_out_check.setText(f"✖ {problem}" if problem else "✔ " + self.tr("a new file"))

    # ---- the new recovery code: a page of its own, before the write -------------------
    def _build_code_page(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        title = self._heading(self.tr("The new recovery code"))
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        title.setFont(font)
        self.secret_out = QLineEdit()
        self.secret_out.setReadOnly(True)
        self.secret_out.setAccessibleName(self.tr("New recovery code"))
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(mono.pointSizeF() * 1.2)
        self.secret_out.setFont(mono)
        self.secret_out.setMinimumWidth(self.secret_out.fontMetrics().horizontalAdvance("M" * 30))
        row = QHBoxLayout()
        self.copy_code = QPushButton(self.tr("&Copy"))
        self.save_code = QPushButton(self.tr("&Save to a file…"))
        row.addWidget(self.secret_out, 1)
        row.addWidget(self.copy_code)
        row.addWidget(self.save_code)
        note = _WrapLabel(
            self.tr(
                "This code opens the file when the passphrase is lost, and it is shown only now. Store it "
                "apart from the memory file (a password manager, paper in a safe). The file is written only "
                "once you confirm the code is stored, so the new file never exists without it."
            )
        )
        self.code_status = _WrapLabel()
        self.code_status.setAccessibleName(self.tr("Recovery code status"))
        self.code_target = _WrapLabel()
        self.code_target.setAccessibleName(self.tr("What is written next"))
        self.code_target.setTextFormat(Qt.TextFormat.PlainText)
        self.stored = QCheckBox(self.tr("I have stored the new recovery code"))
        self.code_back = QPushButton(self.tr("&Back"))
        self.code_write = QPushButton(self.tr("&Write the file"))
        self.code_write.setEnabled(False)
        self.code_write.setDefault(True)
        self.stored.toggled.connect(self._code_confirmed)
        self.copy_code.clicked.connect(self._copy_code)
        self.save_code.clicked.connect(self._save_code)
        self.code_back.clicked.connect(self._leave_code_page)
        self.code_write.clicked.connect(self._start_write)
        buttons = QHBoxLayout()
        buttons.addWidget(self.code_back)
        buttons.addStretch(1)
        buttons.addWidget(self.code_write)
        lay.addWidget(title)
        lay.addLayout(row)
        lay.addWidget(note)
        lay.addWidget(self.stored)
        lay.addWidget(self.code_target)
        lay.addWidget(self.code_status)
        lay.addStretch(1)
        lay.addLayout(buttons)
        return page

    def _show_code_page(self) -> None:
        assert self.recovery_code is not None
        self.secret_out.setText(self.recovery_code)
        self.stored.setChecked(False)
        self.code_status.setText("")
        target = self.path if self.in_place.isChecked() else self.output_path.text().strip()
        self.code_target.setText(
            self.tr(
                "Once you tick the box above, Write the file writes {target}; this code opens it."
            ).format(target=target)
        )
        self.code_back.setEnabled(True)
        self.pages.setCurrentWidget(self.code_page)
        self.secret_out.setFocus()
        self.secret_out.selectAll()

    def _leave_code_page(self) -> None:
        self.secret_out.clear()
        self.pages.setCurrentIndex(0)

    def _copy_code(self) -> None:
        QGuiApplication.clipboard().setText(self.secret_out.text())
        self.code_status.setText(self.tr("Copied to the clipboard."))

    def _save_code(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the new recovery code"))
        if not path:
            return
        try:
            safe.atomic_write(path, (self.secret_out.text() + "\n").encode(), mode=0o600, overwrite=False)
        except InspectorError as exc:
            self.code_status.setText(f"✖ {self._tr_error(exc)}")
            return
        self.code_status.setText(
            self.tr("The recovery code is saved to {path} (mode 0600).").format(path=path)
        )

    def _code_confirmed(self, on: bool) -> None:
        self.code_write.setEnabled(on and self.output is not None and not self.runner.running)

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
        if not hasattr(self, "write_button"):
            return  # still building the form
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
        key = A.load_key(path)
        self.key_notes += key.notes  # a key file others can read: said with the preview, never refused
        return key.pem()

    def params(self) -> dict[str, Any]:
        """The job parameters (raises InspectorError on incomplete input)."""
        op = self.op
        self.key_notes = []
        p: dict[str, Any] = {}
        if op in ("rotate", "revoke", "grant"):
            p["root"] = self._key_pem(self.root_key.text(), self.tr("root key"))
        if op in ("rotate", "revoke"):
            p["key_id"] = self.key_id.currentText()
            p["reason"] = self.reason.currentText()
            p["cutoff"] = self.cutoff.text().strip() or None
        if op == "revoke" and self.grant_agent.isVisible() and self.grant_agent.isChecked():
            p["grant_agent"] = True
            p["new_key"] = self.generated.setdefault("new", KeyPair.generate()).pem()
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
            memory = self.chosen_memory()
            if memory is None:
                raise InspectorError("usage", self.tr("choose a memory of this file"))
            p["memory"] = memory
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
        if not in_place and self.output_problem:
            raise InspectorError("usage", self.output_problem)
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
            if self.op == "grant" and self.role.currentText() == "agent":
                return []  # sealed as keys/signing.key too
            raise InspectorError("usage", self.tr("choose where to save the new private key"))
        problem = self._path_problem(path)
        if problem:
            raise InspectorError("usage", problem)
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
            old_copies=[Path(p) for p in self.old_copies],
        )
        lines = [self.tr("Write this result?"), ""]
        lines += [f"• {e.translated(self.lang)}" for e in [*self.effects, *where]]
        if self.disown_box.isChecked():
            lines.append("• " + self.tr("you disown the {n} objects listed").format(n=self.disowned.count()))
        if self.recovery_code:
            lines.append(
                "• " + self.tr("the new recovery code is shown next; the file is written once it is stored")
            )
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
            self._before_write()
            return
        if self.output is not None and self.output.rekey:
            detail = self.tr("No backup is kept; nothing beside the file is deleted.")
        elif self.no_backup.isChecked():
            detail = self.tr("No backup is kept.")
        else:
            detail = self.tr("The previous version is kept as {backup}.").format(backup=f"{self.path}.bak")
        text = self.tr("Write over the source {path}?").format(path=self.path) + "\n\n" + detail
        self._ask(self.tr("Write over the source"), text, self._before_write)

    def _before_write(self) -> None:
        """A new recovery code is stored by the user before the file changes (E5)."""
        if self.recovery_code:
            self._show_code_page()
        else:
            self._start_write()

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
            self.pages.setCurrentIndex(0)
            self.verdict.setText(self.tr("The inputs changed: press Preview again before writing."))
            return
        target, in_place, backup = self._target()
        self._job, self._job_generation = "write", self._generation
        self._busy(True)
        self.cancel_button.setEnabled(False)  # a write is not interrupted half way
        self.code_write.setEnabled(False)
        self.code_back.setEnabled(False)
        self.verdict.setText(self.tr("Writing…"))
        self.code_status.setText(self.tr("Writing…"))
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
            self.old_copies = list(payload.get("old_copies", []))
            self._show_preview(self.preview, bool(payload["ok"]))
            self._update_write()
        elif job == "write":
            self._show_written(payload)

    def _update_write(self) -> None:
        if not hasattr(self, "write_button"):
            return
        ok = self.preview is not None and self.output is not None
        if ok and self.output is not None:
            if not self.output.writable:
                ok = False
            elif self.output.disown_only:
                ok = self.disown_box.isChecked()
        if not self.in_place.isChecked() and self.output_problem:
            ok = False  # the output path cannot be written, as the field says
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
        elif self.output.writable:
            head = "⚠ " + self.tr(
                "FAIL, as the input does: the result adds no error it did not have, so it can be written."
            )
        else:
            head = "✖ " + self.tr(
                "FAIL: the result adds errors the input does not have — it cannot be written."
            )
        lines = [head]
        lines += [f"⚠ {said(note, self.lang)}" for note in self.key_notes]
        lines += [self.tr("note: {text}").format(text=n) for n in preview.get("notes", [])]
        new = {(e["code"], e["object_id"]) for e in preview.get("new_errors", [])}
        disowned_ids = {d["object_id"] for d in preview.get("disowned", [])}
        lines += [
            f"✖ {f['code']}: {f['message']}"
            for f in preview.get("findings", [])
            if f["severity"] == "error"
            and (f["code"], f["object_id"]) in new
            and f["object_id"] not in disowned_ids
        ][:5]
        lines.append(
            self.tr(
                "This preview is the plan: Write writes exactly these bytes, or nothing if the file changes."
            )
        )
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
        needs = self.output.disown_only
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
            self.tr("{path} still opens with the old passphrase; it was not deleted.").format(path=p)
            for p in payload.get("old_copies", [])
        ]
        lines += [self.tr("Saved {path} (mode 0600).").format(path=p) for p in payload["saved"]]
        lines += [f"⚠ {w}" for w in payload.get("warnings", [])]
        self.verdict.setText("\n".join(lines))
        self.preview_button.setEnabled(False)
        self.write_button.setEnabled(False)
        cred = self.credential
        if self.op in SEALED_ONLY:
            cred = Credential(passphrase=self.pass1.text())
        self.secret_out.clear()
        self.written.emit(payload["written"], cred)
        self.accept()

    def _failed(self, _token: int, code: str, message: str, _details: str) -> None:
        job, self._job = self._job, None
        self._busy(False)
        self.cancel_button.setEnabled(True)
        self.verdict.setText(f"✖ {code}: {message}")
        if job == "write" and self.pages.currentWidget() is self.code_page:
            self.code_status.setText(
                f"✖ {code}: {message}\n"
                + self.tr("Nothing was written: this code opens nothing. Go back and try again.")
            )
            self.code_back.setEnabled(True)
        self._update_write()

    def reject(self) -> None:
        if self.runner.running and self._job == "write":
            return  # a write is not interrupted half way
        self.runner.cancel()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.runner.running and self._job == "write":
            event.ignore()
            return
        super().closeEvent(event)
