"""The Labels & receipts tab for HOM-AIMOS bundles: a recall bundle's receipt (its
entries, stated and recomputed Merkle root, the signed event receipt, and an inclusion
proof of one entry, written by the worker), and a recall corpus's member bundles, each
opening on double-click as a bundle of its own."""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.hom_aimos.view import hom_view
from ...core.verify.report import Report
from ..hom import number, short, when
from ..i18n import QT_TRANSLATE_NOOP
from ..style import readable
from ..summary import verdict_word
from ..tasks import TaskRunner
from .tables import DISCLOSURE_NOTE, ID_ROLE, make_table, table_cell

GREEN, RED = "#2e7d32", "#c62828"


class HomReceiptView(QWidget):
    """One recall receipt.  Signals: ``selectionRequested("entry:<n>")``,
    ``exported(path)`` and ``failed(message)`` for a proof export."""

    selectionRequested = Signal(str)
    exported = Signal(str)
    failed = Signal(str)

    COLUMNS = (
        "#",
        QT_TRANSLATE_NOOP("Columns", "Memory"),
        QT_TRANSLATE_NOOP("Columns", "Truth state"),
        QT_TRANSLATE_NOOP("Columns", "Calibrated score"),
        QT_TRANSLATE_NOOP("Columns", "Live content hash"),
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self._source: tuple[str | None, bytes | None] = (None, None)
        self._output = ""
        self.runner = TaskRunner(self)
        self.runner.finished.connect(self._done)
        self.runner.failed.connect(self._failed)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header.setAccessibleName(self.tr("Recall receipt"))
        self.entries = make_table(self.COLUMNS, stretch=4)
        self.entries.setAccessibleName(self.tr("Receipt entries"))
        self.entries.itemSelectionChanged.connect(self._entry_selected)
        self.note = QLabel(QCoreApplication.translate("LabelsView", DISCLOSURE_NOTE))  # one note, one context
        self.note.setWordWrap(True)
        self.export_button = QPushButton(self.tr("Export inclusion proof…"))
        self.export_button.setToolTip(
            self.tr(
                "Save the RFC 6962 inclusion proof of the selected entry with the signed event receipt "
                "it stands on"
            )
        )
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(lambda: self.export_proof(self._selected_row()))
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setAccessibleName(self.tr("Export result"))
        row = QHBoxLayout()
        row.addWidget(self.export_button)
        row.addWidget(self.status, 1)
        lay = QVBoxLayout(self)
        lay.addWidget(self.header)
        lay.addWidget(self.entries, 1)
        lay.addWidget(self.note)
        lay.addLayout(row)

    def set_source(self, path: str | None, data: bytes | None) -> None:
        self._source = (path, data)

    def set_report(self, report: Report) -> None:
        self.report = report
        self.status.clear()
        view = hom_view(report)
        rv = view.receipt if view is not None else None
        self.entries.setRowCount(0)
        if rv is None:
            self.header.setText(self.tr("This bundle has no recall receipt."))
            return
        same = rv.recomputed_root is not None and rv.recomputed_root == rv.stated_root
        lines = [
            self.tr("Receipt %1 · requested by %2 at %3")
            .replace("%1", str(rv.bundle_id))
            .replace("%2", str(rv.requester))
            .replace("%3", when(rv.requested_at)),
            self.tr("query: %1").replace("%1", short(rv.query, 120)),
            self.tr("%n entry(ies) disclosed · Merkle schema %1", "", len(rv.entries)).replace(
                "%1", str(rv.merkle_schema)
            ),
            self.tr("stated root %1").replace("%1", str(rv.stated_root)),
            "✔ " + self.tr("the root recomputes from the entries")
            if same
            else "✖ "
            + self.tr("recomputed root %1: not the stated root").replace("%1", str(rv.recomputed_root)),
            ("✔ " + self.tr("the housekeeper-signed event receipt is present"))
            if rv.event_receipt_present
            else ("? " + self.tr("the signed event receipt is missing: the verdict is indeterminate")),
            self.tr("the command hash is checked against the signed event receipt, not recomputed")
            if not rv.command_hash_recomputed
            else self.tr("the command hash recomputes"),
        ]
        self.header.setText("\n".join(lines))
        base = self.entries.palette().color(QPalette.ColorRole.Base)
        self.entries.setRowCount(len(rv.entries))
        for row, e in enumerate(rv.entries):
            e = e if isinstance(e, dict) else {}
            mid = e.get("memory_id")
            score = number(e.get("calibrated_score"))
            cells = [
                table_cell(str(e.get("ordinal", row)), object_id=f"entry:{row}", align_right=True),
                table_cell(short(mid, 13), tip=str(mid)),
                table_cell(str(e.get("truth_state", "—"))),
                table_cell(
                    f"{score:.3f}" if score is not None else str(e.get("calibrated_score")), align_right=True
                ),
                table_cell(short(e.get("live_content_hash"), 24), tip=str(e.get("live_content_hash"))),
            ]
            for col, it in enumerate(cells):
                self.entries.setItem(row, col, it)
        self.header.setStyleSheet("" if same else f"color: {readable(QColor(RED), base).name()};")

    # ---- export ---------------------------------------------------------------------
    def provable(self) -> str | None:
        """Why no proof can be made of this receipt (None when one can)."""
        r = self.report
        view = hom_view(r)
        rv = view.receipt if view is not None else None
        if rv is None:
            return self.tr("this bundle has no recall receipt")
        if rv.recomputed_root is None or rv.recomputed_root != rv.stated_root:
            return self.tr("the receipt's stated root is not the root of its entries")
        if not rv.event_receipt_present:
            return self.tr("the signed event receipt is missing: a proof would stand on nothing signed")
        if r is not None and r.verdict != "pass":
            return self.tr("the bundle does not verify (%1)").replace(
                "%1", str(r.primary_reason or r.verdict)
            )
        return None

    def export_proof(self, ordinal: int | None, path: str | None = None) -> str | None:
        """Write the inclusion proof of entry ``ordinal`` (in the worker; ``exported`` says
        when it is written).  Returns the path it will write, or None: cancelled, or no
        proof can be made (the status line says why)."""
        if ordinal is None or self.report is None:
            return None
        why = self.provable()
        if why is not None:
            self.status.setText("✖ " + self.tr("No proof: %1").replace("%1", why))
            return None
        view = hom_view(self.report)
        rv = view.receipt if view is not None else None
        if rv is None or not 0 <= ordinal < len(rv.entries):
            self.status.setText("✖ " + self.tr("No proof: there is no entry %1").replace("%1", str(ordinal)))
            return None
        file, data = self._source
        if file is None:
            self.status.setText("✖ " + self.tr("No proof: no bundle is open"))
            return None
        if path is None:
            suggested = f"proof-{short(rv.bundle_id, 24).rstrip('…')}-{ordinal}.json"
            path, _ = QFileDialog.getSaveFileName(
                self,
                self.tr("Export inclusion proof"),
                suggested,
                self.tr("JSON files (*.json);;All files (*)"),
            )
            if not path:
                return None
        inp = self.report.input if isinstance(self.report.input, dict) else {}
        self._output = path
        self.status.setText(self.tr("Writing the proof…"))
        self.export_button.setEnabled(False)
        self.runner.start(
            "hom_export_proof",
            path=file,
            data=data,
            ordinal=ordinal,
            output=path,
            expect_sha256=inp.get("sha256"),
        )
        return path

    def _done(self, _token: int, payload: dict[str, Any]) -> None:
        self.export_button.setEnabled(self._selected_row() is not None)
        self.status.setText(
            "✔ "
            + self.tr("Saved %1: entry %2 of %3 under root %4, with the signed event receipt")
            .replace("%1", os.path.basename(str(payload["path"])))
            .replace("%2", str(payload["ordinal"]))
            .replace("%3", str(payload["tree_size"]))
            .replace("%4", short(str(payload["root"]).removeprefix("sha256:"), 16))
        )
        self.status.setToolTip(str(payload["path"]))
        self.exported.emit(str(payload["path"]))

    def _failed(self, _token: int, _code: str, message: str, _details: str) -> None:
        self.export_button.setEnabled(self._selected_row() is not None)
        self.status.setText("✖ " + self.tr("No proof was written: %1").replace("%1", message))
        self.failed.emit(message)

    # ---- selection ------------------------------------------------------------------
    def _selected_row(self) -> int | None:
        rows = self.entries.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def _entry_selected(self) -> None:
        row = self._selected_row()
        self.export_button.setEnabled(row is not None)
        if row is not None:
            self.selectionRequested.emit(f"entry:{row}")

    def select(self, object_id: str) -> None:
        if object_id.startswith("entry:"):
            try:
                row = int(object_id[6:])
            except ValueError:
                return
            if 0 <= row < self.entries.rowCount():
                self.entries.blockSignals(True)
                self.entries.selectRow(row)
                self.entries.blockSignals(False)
                self.export_button.setEnabled(True)

    def shutdown(self) -> None:
        self.runner.shutdown()


class HomCorpusView(QWidget):
    """A recall corpus: its member bundles.  Signals: ``selectionRequested("member:<n>")``
    and ``memberActivated(index)`` (double-click: open it as a bundle of its own)."""

    selectionRequested = Signal(str)
    memberActivated = Signal(int)

    COLUMNS = (
        "#",
        QT_TRANSLATE_NOOP("Columns", "Bundle"),
        QT_TRANSLATE_NOOP("Columns", "SHA-256 (stated)"),
        QT_TRANSLATE_NOOP("Columns", "Verdict"),
        QT_TRANSLATE_NOOP("Columns", "Primary reason"),
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header.setAccessibleName(self.tr("Recall corpus"))
        self.table: QTableWidget = make_table(self.COLUMNS, stretch=4)
        self.table.setAccessibleName(self.tr("Member bundles"))
        self.table.itemSelectionChanged.connect(self._selected)
        self.table.cellDoubleClicked.connect(lambda row, _col: self.memberActivated.emit(row))
        self.hint = QLabel(
            self.tr(
                "Double-click a member to open it as a bundle of its own; File › Back to the corpus "
                "returns here."
            )
        )
        self.hint.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(self.header)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.hint)

    def set_report(self, report: Report) -> None:
        view = hom_view(report)
        corpus = view.corpus if view is not None else None
        self.table.setRowCount(0)
        if corpus is None:
            self.header.setText(self.tr("This bundle is not a recall corpus."))
            return
        same = corpus.recomputed_root is not None and corpus.recomputed_root == corpus.stated_root
        self.header.setText(
            "\n".join(
                (
                    self.tr("%n member bundle(s) retained; intended_n %1", "", len(corpus.members)).replace(
                        "%1", str(corpus.intended_n)
                    ),
                    self.tr("stated corpus root %1").replace("%1", str(corpus.stated_root)),
                    "✔ " + self.tr("the corpus root recomputes from the members")
                    if same
                    else "✖ "
                    + self.tr("recomputed corpus root %1: not the stated root").replace(
                        "%1", str(corpus.recomputed_root)
                    ),
                )
            )
        )
        base = self.table.palette().color(QPalette.ColorRole.Base)
        green, red = readable(QColor(GREEN), base), readable(QColor(RED), base)
        amber = readable(QColor("#b45309"), base)
        self.table.setRowCount(len(corpus.members))
        for row, m in enumerate(corpus.members):
            hash_ok = m.recomputed_sha256 is not None and m.recomputed_sha256 == m.bundle_sha256
            verdict = m.verdict or "—"
            glyph = {"pass": "✔", "fail": "✖", "indeterminate": "?"}.get(verdict, "!")
            colour = {"pass": green, "fail": red}.get(verdict, amber)
            cells = [
                table_cell(str(m.ordinal), object_id=f"member:{row}", align_right=True),
                table_cell(str(m.bundle_id), tip=str(m.bundle_id)),
                table_cell(
                    ("✔ " if hash_ok else "✖ ") + short(m.bundle_sha256, 16),
                    tip=self.tr("stated %1\nrecomputed %2")
                    .replace("%1", str(m.bundle_sha256))
                    .replace("%2", str(m.recomputed_sha256)),
                    color=green if hash_ok else red,
                ),
                table_cell(f"{glyph} {verdict_word(verdict) if m.verdict else '—'}", color=colour),
                table_cell(str(m.primary_reason or ""), tip=str(m.primary_reason or "")),
            ]
            for col, it in enumerate(cells):
                self.table.setItem(row, col, it)

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        item = self.table.item(rows[0].row(), 0) if rows else None
        if item is not None:
            self.selectionRequested.emit(str(item.data(ID_ROLE)))

    def select(self, object_id: str) -> None:
        if object_id.startswith("member:"):
            try:
                row = int(object_id[7:])
            except ValueError:
                return
            if 0 <= row < self.table.rowCount():
                self.table.blockSignals(True)
                self.table.selectRow(row)
                self.table.blockSignals(False)
