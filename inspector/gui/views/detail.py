"""Detail: the selected object's fields as a tree, its canonical bytes, the
recomputed id against the stored one, the signature and the key that verifies
it, its era, and a plain-language explanation of its status."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.objects import signing_bytes_of
from ...core.verify.explain import explain
from ...core.verify.report import Report
from ..style import status_badge, wrappable


class DetailView(QWidget):
    selectionRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.current: str | None = None
        self.title = QLabel()
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.title.setWordWrap(True)
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.explanation.setAccessibleName("Status explanation")
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form = QFormLayout()
        self.form_box = QWidget()
        self.form_box.setLayout(self.form)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Field", "Value"])
        self.tree.setAccessibleName("Object fields")
        self.tree.setColumnWidth(0, 170)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.bytes = QPlainTextEdit(readOnly=True)
        self.bytes.setFont(mono)
        self.bytes.setAccessibleName("Canonical bytes")
        self.bytes.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        tabs = QTabWidget()
        tabs.addTab(self.tree, "Fields")
        tabs.addTab(self.bytes, "Canonical bytes")
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
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(split)
        self.clear()

    def clear(self) -> None:
        self.set_report(None)

    def set_report(self, report: Report | None) -> None:
        self.report = report
        self.current = None
        self.title.setText("Nothing selected" if report else "No file open")
        self.explanation.setText("Select a commit, finding or era to see why it has its status.")
        self._set_form([])
        self.tree.clear()
        self.bytes.clear()

    def _set_form(self, rows: list[tuple[str, str]]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        for k, v in rows:
            lab = QLabel(wrappable(v))
            lab.setWordWrap(True)
            lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.form.addRow(k + ":", lab)

    def select(self, object_id: str) -> None:
        r = self.report
        if r is None:
            return
        self.current = object_id
        if object_id.startswith("era:"):
            self._show_era(int(object_id[4:]))
            return
        obj = r.objects.get(object_id)
        status = r.commits.get(object_id) or r.evidence.get(object_id) or r.checkpoints.get(object_id)
        kind = obj.kind if obj is not None else "object"
        badge = status_badge(status)[0] if status else ""
        self.title.setText(wrappable(f"{kind} {object_id}  {badge}"))
        self.explanation.setText(wrappable(explain(r, object_id)))
        rows: list[tuple[str, str]] = []
        if obj is not None and obj.malformed is None:
            same = obj.computed_id == obj.stored_id
            rows.append(("Stored id", obj.stored_id))
            rows.append(
                ("Recomputed id", ("✔ matches the stored id" if same else "✖ differs: " + obj.computed_id))
            )
            if obj.signature:
                rows.append(("Signature", obj.signature[:40] + "…"))
            era = r.era_of(object_id)
            if era is not None:
                state = (
                    f"revoked by {era.revoked_by[:19]}… at cutoff {str(era.cutoff)[:19]}…"
                    if era.revoked_by
                    else "active"
                )
                rows.append(
                    (
                        "Verifying key",
                        f"{era.key_id} ({era.role}), fingerprint {era.fingerprint}, x = {era.public_key}",
                    )
                )
                rows.append(("Key era", f"{era.key_id}: {state}"))
            elif obj.key_id:
                rows.append(("Named key", f"{obj.key_id} of {obj.agent_id} (no verifying key found)"))
            if obj.unsigned_fields:
                rows.append(("Unsigned fields", ", ".join(obj.unsigned_fields)))
        elif obj is not None and obj.malformed is not None:
            rows.append(("Problem", f"{obj.malformed.code}: {obj.malformed.reason}"))
        self._set_form(rows)
        self.tree.clear()
        if obj is not None and obj.raw is not None:
            self._fill(self.tree.invisibleRootItem(), obj.raw)
            self.tree.expandToDepth(0)
        data = signing_bytes_of(obj) if obj is not None else b""
        self.bytes.setPlainText(data.decode("utf-8", "replace"))

    def _show_era(self, index: int) -> None:
        r = self.report
        assert r is not None
        e = r.eras[index]
        self.title.setText(f"Key era {index + 1}: {e.key_id} ({e.role})")
        if e.revoked_by:
            text = (
                f"{e.key_id} was revoked by control event {e.revoked_by} ({e.revoke_reason}) at cutoff "
                f"{e.cutoff}. Its commits count as valid history only if they are ancestors of that "
                "cutoff; anything else it signed is not proven."
            )
        else:
            text = f"{e.key_id} is active: it may sign new {'records' if e.role != 'agent' else 'commits'}."
        self.explanation.setText(text)
        n = sum(1 for v in r.signer.values() if v == index)
        self._set_form(
            [
                ("Fingerprint", e.fingerprint),
                ("Public key (x)", e.public_key),
                ("Granted by", f"{e.granted_by} ({e.granted_event_type})"),
                ("Grant cutoff", e.grant_cutoff or "—"),
                ("Objects signed", f"{n:,}"),
            ]
        )
        self.tree.clear()
        self._fill(self.tree.invisibleRootItem(), e.to_json())
        self.bytes.setPlainText(json.dumps(e.to_json(), indent=1))

    def _fill(self, parent: QTreeWidgetItem, value: Any, key: str | None = None) -> None:
        if isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list):
            items = ((f"[{i}]", v) for i, v in enumerate(value))
        else:
            return
        for k, v in items:
            item = QTreeWidgetItem(
                parent, [str(k), "" if isinstance(v, (dict, list)) else json.dumps(v, ensure_ascii=False)]
            )
            if isinstance(v, (dict, list)):
                item.setText(1, f"{len(v)} {'fields' if isinstance(v, dict) else 'items'}")
                self._fill(item, v)
