"""Detail: the selected object's fields as a tree, its canonical bytes (the
signable bytes whose SHA-256 is the id, the signed bytes, a hex view, copy
buttons), the recomputed id against the stored one, the signature and the key
that verifies it, its era, and a plain-language explanation of its status.  A
checkpoint is explained as a checkpoint: signer, head, counts and what failed."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.canonical import canonical
from ...core.findings import Severity
from ...core.hom_aimos.view import hom_view
from ...core.objects import build_object, signing_bytes_of
from ...core.verify.explain import explain
from ...core.verify.report import Report
from ..hom import epoch_text, float4_value, is_hom, part_json, when
from ..i18n import finding_text, language
from ..judgement import findings_by_object, judge, title_badge
from ..style import displayable, status_badge, wrappable
from ..summary import master_text, verdict_word

HEX_LIMIT = 64 * 1024  # bytes shown in the hex view (the copy buttons copy everything)


def hexdump(data: bytes, limit: int = HEX_LIMIT) -> str:
    """``offset  hex bytes  |ascii|`` lines, 16 bytes each."""
    lines = []
    for off in range(0, min(len(data), limit), 16):
        chunk = data[off : off + 16]
        hexes = " ".join(f"{b:02x}" for b in chunk)
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{off:08x}  {hexes:<47}  |{text}|")
    if len(data) > limit:
        lines.append(f"… {len(data) - limit:,} more bytes")
    return "\n".join(lines)


class CanonicalBytes(QWidget):
    """The signable bytes (what the id hashes), the signed bytes (what the signature
    covers: signable + ``commit_id``), as text or hex, each with a copy button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.signable = b""
        self.signed = b""
        self.which = QComboBox()
        self.which.addItem(self.tr("Signable bytes (their SHA-256 is the id)"), "signable")
        self.which.addItem(self.tr("Signed bytes (signable + commit_id)"), "signed")
        self.which.setAccessibleName(self.tr("Which bytes"))
        self.which.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.which.setMinimumContentsLength(14)
        self.as_hex = QComboBox()
        self.as_hex.addItem(self.tr("Text"), False)
        self.as_hex.addItem(self.tr("Hex"), True)
        self.as_hex.setAccessibleName(self.tr("Show as"))
        self.digest = QLabel()
        self.digest.setWordWrap(True)
        self.digest.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text = QPlainTextEdit(readOnly=True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setAccessibleName(self.tr("Canonical bytes"))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.copy_signable = QPushButton(self.tr("Copy signable"))
        self.copy_signed = QPushButton(self.tr("Copy signed"))
        self.copy_hex = QPushButton(self.tr("Copy hex"))
        self.copy_signable.clicked.connect(lambda: self._copy(self.signable.decode("utf-8", "replace")))
        self.copy_signed.clicked.connect(lambda: self._copy(self.signed.decode("utf-8", "replace")))
        self.copy_hex.clicked.connect(lambda: self._copy(self.current().hex()))
        top = QHBoxLayout()
        top.addWidget(self.which, 1)
        top.addWidget(self.as_hex)
        buttons = QGridLayout()
        buttons.addWidget(self.copy_signable, 0, 0)
        buttons.addWidget(self.copy_signed, 0, 1)
        buttons.addWidget(self.copy_hex, 1, 0)
        buttons.setColumnStretch(2, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addLayout(top)
        lay.addWidget(self.digest)
        lay.addWidget(self.text, 1)
        lay.addLayout(buttons)
        self.which.currentIndexChanged.connect(self._refresh)
        self.as_hex.currentIndexChanged.connect(self._refresh)
        self.set_bytes(b"", b"", None)

    def set_bytes(
        self, signable: bytes, signed: bytes, stored_id: str | None, text: str | None = None
    ) -> None:
        """Show these bytes; ``text`` replaces them with a note (eras, malformed objects)."""
        self.signable, self.signed, self.stored_id, self.note = signable, signed, stored_id, text
        for w in (self.which, self.as_hex, self.copy_signable, self.copy_signed, self.copy_hex):
            w.setEnabled(bool(signable or signed))
        self._refresh()

    def current(self) -> bytes:
        return self.signed if self.which.currentData() == "signed" else self.signable

    def _refresh(self) -> None:
        if self.note is not None and not (self.signable or self.signed):
            self.digest.setText("")
            self.text.setPlainText(self.note)
            return
        data = self.current()
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        if self.which.currentData() == "signable":
            same = digest == self.stored_id
            verdict = self.tr("= the stored id ✔") if same else self.tr("≠ the stored id ✖")
            self.digest.setText(wrappable(f"SHA-256 {digest} {verdict}"))
        else:
            self.digest.setText(wrappable(self.tr("%n byte(s) covered by the signature", "", len(data))))
        self.text.setPlainText(
            hexdump(data) if self.as_hex.currentData() else data.decode("utf-8", "replace")
        )

    def _copy(self, text: str) -> None:
        QApplication.clipboard().setText(text)


class DetailView(QWidget):
    selectionRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.current: str | None = None
        self.external: Any = None  # the external checkpoint as an object
        self.title = QLabel()
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.title.setWordWrap(True)
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.explanation.setAccessibleName(self.tr("Status explanation"))
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form = QFormLayout()
        self.form_box = QWidget()
        self.form_box.setLayout(self.form)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Field"), self.tr("Value")])
        self.tree.setAccessibleName(self.tr("Object fields"))
        self.tree.setColumnWidth(0, 170)
        self.canonical = CanonicalBytes()
        self.bytes = self.canonical.text  # the visible byte text (tests, accessibility)
        tabs = QTabWidget()
        tabs.addTab(self.tree, self.tr("Fields"))
        tabs.addTab(self.canonical, self.tr("Canonical bytes"))
        self.inner_tabs = tabs
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addWidget(self.title)
        tl.addWidget(self.explanation)
        tl.addWidget(self.form_box)
        tl.addStretch()
        scroll = QScrollArea()
        scroll.setWidget(top)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(scroll)
        split.addWidget(tabs)
        split.setSizes([340, 300])
        split.setChildrenCollapsible(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(split)
        self.clear()

    def clear(self) -> None:
        self.set_report(None)

    def set_external_checkpoint(self, data: bytes | None) -> None:
        """The external checkpoint's bytes, so its detail can show its fields even when
        the report does not carry the object."""
        self.external = None
        if not data:
            return
        try:
            raw = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return
        if isinstance(raw, dict):
            try:
                self.external = build_object("checkpoint", raw, "checkpoint")
            except Exception:  # a hostile checkpoint: the report's findings say why
                self.external = None

    def set_report(self, report: Report | None) -> None:
        self.report = report
        self._by_object = findings_by_object(report.findings) if report is not None else {}
        self.current = None
        self.title.setText(self.tr("Nothing selected") if report else self.tr("No file open"))
        self.explanation.setText(self.tr("Select a commit, finding or era to see why it has its status."))
        self._set_form([])
        self.tree.clear()
        self.canonical.set_bytes(b"", b"", None)

    def _set_form(self, rows: list[tuple[str, str]]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        for k, v in rows:
            shown, original = displayable(v)
            lab = QLabel(wrappable(shown))
            lab.setWordWrap(True)
            lab.setTextFormat(Qt.TextFormat.PlainText)
            lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            if original is not None:
                lab.setToolTip(original)
            self.form.addRow(k + ":", lab)

    def select(self, object_id: str) -> None:
        r = self.report
        if r is None:
            return
        self.current = object_id
        if is_hom(r):
            self._show_hom(object_id)
            return
        if object_id.startswith("era:"):
            try:
                self._show_era(int(object_id[4:]))
            except (ValueError, IndexError):
                return
            return
        obj = r.objects.get(object_id)
        if obj is None and self.external is not None and self.external.stored_id == object_id:
            obj = self.external
        if (obj is not None and obj.kind == "checkpoint") or object_id in r.checkpoints:
            self._show_checkpoint(object_id, obj)
            return
        status = r.commits.get(object_id) or r.evidence.get(object_id)
        kind = obj.kind if obj is not None else self.tr("object")
        badge = title_badge(judge(r, object_id, self._by_object))  # its worst error first
        self.title.setText(wrappable(displayable(f"{kind} {object_id}  {badge}")[0]))
        if status is None and obj is None:
            findings = [f for f in r.findings if f.object_id == object_id]
            text = "\n".join(f"• {f.code}: {finding_text(f)}" for f in findings)
            self.explanation.setText(
                wrappable(text or self.tr("No status: this object is not verified on its own."))
            )
        else:
            self.explanation.setText(wrappable(self._explain(object_id)))
        self._set_form(self._object_rows(object_id, obj))
        self._fill_tree(obj)
        self._fill_bytes(obj)

    def _object_rows(self, object_id: str, obj: Any) -> list[tuple[str, str]]:
        """Stored and recomputed id, signature, verifying key and era; or why the object
        could not be read."""
        rows: list[tuple[str, str]] = []
        if obj is not None and obj.malformed is None:
            same = obj.computed_id == obj.stored_id
            rows.append((self.tr("Stored id"), obj.stored_id))
            rows.append(
                (
                    self.tr("Recomputed id"),
                    self.tr("✔ matches the stored id")
                    if same
                    else self.tr("✖ differs: %1").replace("%1", obj.computed_id),
                )
            )
            if obj.signature:
                rows.append((self.tr("Signature"), obj.signature[:40] + "…"))
            rows += self._era_rows(object_id, obj)
            if obj.unsigned_fields:
                rows.append((self.tr("Unsigned fields"), ", ".join(obj.unsigned_fields)))
        elif obj is not None and obj.malformed is not None:
            rows.append((self.tr("Problem"), f"{obj.malformed.code}: {obj.malformed.reason}"))
        return rows

    def _explain(self, object_id: str) -> str:
        """Why the object has its judgement: its errors and warnings first, then what its
        status (signature, id, key era) says, then its notes."""
        r = self.report
        assert r is not None
        j = judge(r, object_id, self._by_object)
        if j.error is None:
            return explain(r, object_id, language())
        marks = {Severity.ERROR: "✖", Severity.WARNING: "⚠", Severity.INFO: "•"}
        first = [
            f"{marks[f.severity]} {f.code}: {finding_text(f)}"
            for f in j.findings
            if f.severity != Severity.INFO
        ]
        notes = [f"• {f.code}: {finding_text(f)}" for f in j.findings if f.severity == Severity.INFO]
        status = explain(r, object_id, language(), with_findings=False)
        return (
            "\n".join(first)
            + "\n\n"
            + self.tr("Status: %1").replace("%1", status)
            + ("\n\n" + "\n".join(notes) if notes else "")
        )

    def _era_rows(self, object_id: str, obj: Any) -> list[tuple[str, str]]:
        r = self.report
        assert r is not None
        era = r.era_of(object_id)
        if era is not None:
            state = (
                self.tr("revoked by %1… at cutoff %2…")
                .replace("%1", era.revoked_by[:19])
                .replace("%2", str(era.cutoff)[:19])
                if era.revoked_by
                else self.tr("active")
            )
            return [
                (
                    self.tr("Verifying key"),
                    self.tr("%1 (%2), fingerprint %3, x = %4")
                    .replace("%1", era.key_id)
                    .replace("%2", era.role)
                    .replace("%3", era.fingerprint)
                    .replace("%4", era.public_key),
                ),
                (self.tr("Key era"), f"{era.key_id}: {state}"),
            ]
        if obj.key_id:
            return [
                (
                    self.tr("Named key"),
                    self.tr("%1 of %2 (no verifying key found)")
                    .replace("%1", str(obj.key_id))
                    .replace("%2", str(obj.agent_id)),
                )
            ]
        return []

    def _fill_tree(self, obj: Any) -> None:
        self.tree.clear()
        if obj is not None and obj.raw is not None:
            self._fill(self.tree.invisibleRootItem(), obj.raw)
            self.tree.expandToDepth(0)

    def _fill_bytes(self, obj: Any) -> None:
        if obj is None or obj.malformed is not None:
            self.canonical.set_bytes(
                b"", b"", None, self.tr("This object has no canonical bytes (it could not be read).")
            )
            return
        try:
            signable = canonical(obj.fields)  # the signable form's bytes: what the id hashes
            signed = signing_bytes_of(obj)
        except Exception as exc:  # a hostile value the canonicaliser refuses: show why, never crash
            self.canonical.set_bytes(b"", b"", None, self.tr("No canonical form: %1").replace("%1", str(exc)))
            return
        self.canonical.set_bytes(signable, signed, obj.stored_id)

    def _show_checkpoint(self, object_id: str, obj: Any) -> None:
        """A checkpoint, explained: who signed it, which head and counts it states,
        what the store has, and which checks failed (never a bare "valid")."""
        r = self.report
        assert r is not None
        status = r.checkpoints.get(object_id)
        findings = [f for f in r.findings if f.object_id == object_id]
        errors = [f for f in findings if f.severity == Severity.ERROR]
        if errors:
            badge = "✖ " + self.tr("checkpoint check failed")
        elif status is not None and status.ok:
            badge = "✔ " + self.tr("checkpoint verified")
        else:
            badge = status_badge(status)[0] if status else ""
        kind = self.tr("checkpoint")
        self.title.setText(wrappable(f"{kind} {object_id}  {badge}"))
        get = obj.get if obj is not None and obj.malformed is None else (lambda _k, _d=None: None)
        head = get("head_commit_id")
        lines = [
            self.tr(
                "A checkpoint is a signed statement of the history at one moment: its head commit and how "
                "many commits and evidence records existed. Kept outside the file, it lets an auditor detect "
                "a rollback or a rewritten history."
            )
        ]
        if status is not None and status.ok and not errors:
            lines.append(self.tr("Its signature verifies and the file's history continues from its head."))
        elif status is not None and status.ok:
            lines.append(
                self.tr("Its signature verifies, but the file does not continue the history it describes:")
            )
        elif status is not None:
            lines.append(self.tr("Its signature does not verify (%1):").replace("%1", status.value))
        for f in findings:
            lines.append(f"• {f.code}: {finding_text(f)}")
        self.explanation.setText(wrappable("\n".join(lines)))
        rows: list[tuple[str, str]] = []
        era = r.era_of(object_id)
        signer = get("key_id")
        rows.append(
            (
                self.tr("Signer"),
                f"{era.key_id} ({era.role}), {era.fingerprint}" if era is not None else str(signer or "—"),
            )
        )
        rows.append((self.tr("Head"), str(head or "—")))
        if isinstance(head, str):
            rows.append(
                (
                    self.tr("Head in this file"),
                    self.tr("yes") if head in r.commits else self.tr("no — missing from the file"),
                )
            )
        n_commits, n_ev = len(r.commits), len(r.evidence)
        rows.append(
            (
                self.tr("Commits"),
                self.tr("%1 in the checkpoint, %2 in the file")
                .replace("%1", str(get("commit_count")))
                .replace("%2", str(n_commits)),
            )
        )
        rows.append(
            (
                self.tr("Evidence"),
                self.tr("%1 in the checkpoint, %2 in the file")
                .replace("%1", str(get("evidence_count")))
                .replace("%2", str(n_ev)),
            )
        )
        for label, key in ((self.tr("Sequence"), "sequence"), (self.tr("Created at"), "created_at")):
            value = get(key)
            if value is not None:
                rows.append((label, str(value)))
        self._set_form(rows)
        self._fill_tree(obj)
        self._fill_bytes(obj)

    def _show_era(self, index: int) -> None:
        r = self.report
        assert r is not None
        e = r.eras[index]
        self.title.setText(
            self.tr("Key era %1: %2 (%3)")
            .replace("%1", str(index + 1))
            .replace("%2", e.key_id)
            .replace("%3", e.role)
        )
        if e.revoked_by:
            text = (
                self.tr(
                    "%1 was revoked by control event %2 (%3) at cutoff %4. Its commits count as valid "
                    "history only if they are ancestors of that cutoff; anything else it signed is not "
                    "proven."
                )
                .replace("%1", e.key_id)
                .replace("%2", e.revoked_by)
                .replace("%3", str(e.revoke_reason))
                .replace("%4", str(e.cutoff))
            )
        elif e.role == "agent":
            text = self.tr("%1 is active: it may sign new commits.").replace("%1", e.key_id)
        else:
            text = self.tr("%1 is active: it may sign new records.").replace("%1", e.key_id)
        self.explanation.setText(wrappable(text))
        n = sum(1 for v in r.signer.values() if v == index)
        self._set_form(
            [
                (self.tr("Fingerprint"), e.fingerprint),
                (self.tr("Public key (x)"), e.public_key),
                (self.tr("Granted by"), f"{e.granted_by} ({e.granted_event_type})"),
                (self.tr("Grant cutoff"), e.grant_cutoff or "—"),
                (self.tr("Objects signed"), f"{n:,}"),
            ]
        )
        self.tree.clear()
        self._fill(self.tree.invisibleRootItem(), e.to_json())
        self.canonical.set_bytes(b"", b"", None, json.dumps(e.to_json(), indent=1))

    def _show_hom(self, object_id: str) -> None:
        """A part of a HOM-AIMOS bundle (a weight chain, one signed transition, a signer
        epoch, a receipt entry, a corpus member, the master key): what it is, what the
        findings say about it, and its fields as the bundle states them."""
        r = self.report
        assert r is not None
        found = part_json(r, object_id)
        findings = [f for f in r.findings if object_id and object_id in (f.object_id, *f.related)]
        kinds = {
            "memory": self.tr("weight chain"),
            "projection": self.tr("signed weight transition"),
            "signer epoch": self.tr("signer epoch"),
            "receipt entry": self.tr("receipt entry"),
            "corpus member": self.tr("corpus member"),
            "master key": self.tr("master key"),
        }
        kind, value = found if found is not None else ("", None)
        rows: list[tuple[str, str]] = []
        badge = ""
        if kind == "projection" and isinstance(value, dict):
            badge = "✔ " + self.tr("verified") if value.get("verified") else "✖ " + self.tr("did not verify")
            rows += [
                (self.tr("Weight"), f"{value.get('old_weight_milli')} → {value.get('new_weight_milli')}"),
                (
                    self.tr("float32 mirrors"),
                    f"{value.get('old_weight_float4')} → {value.get('new_weight_float4')} "
                    f"({float4_value(value.get('old_weight_float4'))} → "
                    f"{float4_value(value.get('new_weight_float4'))})",
                ),
                (self.tr("Judge valence"), str(value.get("judge_valence"))),
                (self.tr("Signed"), when(value.get("signed_at"))),
                (
                    self.tr("Signer"),
                    f"{value.get('signer_agent_id')} · {value.get('certificate_fingerprint')}",
                ),
            ]
        elif kind == "memory" and isinstance(value, dict):
            rec = value.get("record") or {}
            if rec:
                badge = ("✔ " if rec.get("ok") else "✖ ") + str(rec.get("certification_status"))
                rows.append(
                    (
                        self.tr("Certification"),
                        self.tr("signatures verified: %1 · chain length: %2")
                        .replace("%1", str(rec.get("sigs_verified")))
                        .replace("%2", str(rec.get("chain_length"))),
                    )
                )
                if rec.get("reason"):
                    rows.append((self.tr("Reason"), str(rec.get("reason"))))
            rows.append((self.tr("Terminal weight"), str(value.get("terminal_weight_milli"))))
        elif kind == "signer epoch":
            signers = view.signers if (view := hom_view(r)) is not None else []
            epoch = next((e for e in signers if e.certificate_fingerprint == object_id), None)
            if epoch is not None:
                rows.append((self.tr("Epoch"), epoch_text(epoch)))
        elif kind == "master key":
            rows.append((self.tr("Trust"), master_text(r)))
        elif kind == "corpus member" and isinstance(value, dict):
            verdict = value.get("verdict")
            badge = verdict_word(str(verdict)) if verdict else ""
            same = value.get("bundle_sha256") == value.get("recomputed_sha256")
            rows.append(
                (
                    self.tr("Bundle SHA-256"),
                    ("✔ " if same else "✖ ") + str(value.get("recomputed_sha256")),
                )
            )
        name = object_id
        if kind == "receipt entry" and isinstance(value, dict):
            name = f"#{value.get('ordinal')} · {value.get('memory_id')}"
        elif kind == "corpus member" and isinstance(value, dict):
            name = f"#{value.get('ordinal')} · {value.get('bundle_id')}"
        title = f"{kinds.get(kind, self.tr('object'))} {name}  {badge}".rstrip()
        self.title.setText(wrappable(displayable(title)[0]))
        if findings:
            text = "\n".join(f"• {f.code}: {finding_text(f)}" for f in findings)
        elif found is not None:
            text = self.tr("No finding names this part of the bundle.")
        else:
            text = self.tr("No status: this object is not verified on its own.")
        self.explanation.setText(wrappable(text))
        self._set_form(rows)
        self.tree.clear()
        if value is not None:
            self._fill(self.tree.invisibleRootItem(), value)
            self.tree.expandToDepth(0)
        self.canonical.set_bytes(
            b"",
            b"",
            None,
            self.tr(
                "A part of a bundle has no id of its own: the bundle SHA-256 (Overview) covers the whole "
                "canonical document."
            ),
        )

    def _fill(self, parent: QTreeWidgetItem, value: Any, key: str | None = None) -> None:
        items: Iterable[tuple[Any, Any]]
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list):
            items = ((f"[{i}]", v) for i, v in enumerate(value))
        else:
            return
        for k, v in items:
            text = "" if isinstance(v, (dict, list)) else json.dumps(v, ensure_ascii=False)
            shown, original = displayable(text)
            kshown, _ = displayable(str(k))
            item = QTreeWidgetItem(parent, [kshown, shown])
            if original is not None:
                item.setToolTip(1, original)
            if isinstance(v, (dict, list)):
                n = len(v)
                item.setText(
                    1, self.tr("%n field(s)", "", n) if isinstance(v, dict) else self.tr("%n item(s)", "", n)
                )
                self._fill(item, v)
