"""The recall receipts of a store (SPEC Part C3): one row per receipt, its whole
judgement (root check and status, then its evidence record judged problems first: a
receipt whose signature verifies but which admits a poisoned memory is ✖, not "✔ valid"),
and, below, the selected receipt's entries with the failing ones marked, what failed in
full words, the standing note on what a receipt does not prove, and "Export inclusion
proof…" for one entry.  The pane opens on the first failing receipt and its failing
entry."""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.findings import Finding
from ..i18n import QT_TRANSLATE_NOOP, finding_text
from ..judgement import Judgement, badge, findings_by_object
from ..style import problem_row_background, readable
from .label_text import label_badge, memory_text, short_id
from .tables import DISCLOSURE_NOTE, make_table, row_id, table_cell

RECEIPT_COLUMNS = (
    QT_TRANSLATE_NOOP("Columns", "Receipt"),
    QT_TRANSLATE_NOOP("Columns", "Status"),
    QT_TRANSLATE_NOOP("Columns", "Root check"),
    QT_TRANSLATE_NOOP("Columns", "Evidence"),
    QT_TRANSLATE_NOOP("Columns", "Entries"),
    "k",
    QT_TRANSLATE_NOOP("Columns", "Head"),
)
ENTRY_COLUMNS = (
    "#",
    QT_TRANSLATE_NOOP("Columns", "Label"),
    QT_TRANSLATE_NOOP("Columns", "Memory"),
    QT_TRANSLATE_NOOP("Columns", "Content"),
    QT_TRANSLATE_NOOP("Columns", "Weight"),
)


def failing_entries(findings: list[Finding]) -> dict[int, list[Finding]]:
    """Ordinal → the findings that name that entry of a receipt (``ordinal`` parameter)."""
    out: dict[int, list[Finding]] = {}
    for f in findings:
        ordinal = dict(f.params).get("ordinal")
        try:
            n = int(str(ordinal))
        except ValueError:
            continue
        out.setdefault(n, []).append(f)
    return out


class ReceiptsPane(QWidget):
    """The receipts table above the selected receipt's entries (see the module docstring).

    Signals: ``selectionRequested(id)`` (a receipt, or an entry's memory) and
    ``memoryChosen(id)`` (an entry's memory: the label chain shows it)."""

    selectionRequested = Signal(str)
    memoryChosen = Signal(str)
    exportRequested = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: Any = None
        self._mm: Any = None
        self._by_object: dict[str, list[Finding]] = {}
        self.receipt: str | None = None
        self.syncing = False

        self.table = make_table(RECEIPT_COLUMNS, stretch=1)
        self.table.setSortingEnabled(False)
        self.table.itemSelectionChanged.connect(self._on_receipt_selected)
        self.split = split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self._build_detail())
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(split)
        self.fill()

    def _build_detail(self) -> QWidget:
        detail = QWidget()
        rr = QVBoxLayout(detail)
        rr.setContentsMargins(0, 0, 0, 0)
        self.header = QLabel(self.tr("Select a receipt to see what it disclosed."))
        self.header.setWordWrap(True)
        self.header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        rr.addWidget(self.header)
        self.entries = make_table(ENTRY_COLUMNS, stretch=3)
        self.entries.itemSelectionChanged.connect(self._on_entry_selected)
        rows = self.entries.verticalHeader().defaultSectionSize()
        self.entries.setMinimumHeight(self.entries.horizontalHeader().sizeHint().height() + 3 * rows + 6)
        rr.addWidget(self.entries, 3)
        rr.addWidget(self._build_problems(), 1)
        note_row = QHBoxLayout()
        note_icon = QLabel()
        note_icon.setPixmap(
            QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation).pixmap(16, 16)
        )
        note_icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        note_row.addWidget(note_icon)
        self.note = QLabel(QApplication.translate("LabelsView", DISCLOSURE_NOTE))
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.note.setObjectName("disclosureNote")
        note_row.addWidget(self.note, 1)
        rr.addLayout(note_row)
        actions = QHBoxLayout()
        self.export_button = QPushButton(self.tr("Export inclusion proof…"))
        self.export_button.setToolTip(
            self.tr("Save an RFC 6962 inclusion proof of the selected entry as JSON")
        )
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self._on_export_clicked)
        actions.addWidget(self.export_button)
        self.export_status = QLabel()
        self.export_status.setWordWrap(True)
        # a long message must never widen the pane and squeeze the receipts table
        self.export_status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.export_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        actions.addWidget(self.export_status, 1)
        rr.addLayout(actions)
        return detail

    def _build_problems(self) -> QScrollArea:
        """What failed, in full words: it scrolls rather than overlapping the table."""
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setTextFormat(Qt.TextFormat.PlainText)
        self.problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems.setAccessibleName(self.tr("What failed in this receipt"))
        self.problems_area = QScrollArea()
        self.problems_area.setWidget(self.problems)
        self.problems_area.setWidgetResizable(True)
        self.problems_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.problems_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        line = self.problems.fontMetrics().lineSpacing()
        self.problems_area.setMinimumHeight(2 * line + 6)
        self.problems_area.setMaximumHeight(5 * line + 6)
        self.problems_area.hide()
        return self.problems_area

    # ---- content ----------------------------------------------------------------------
    def set_view(self, report: Any, mm: Any) -> None:
        self._report, self._mm = report, mm
        self._by_object = findings_by_object(report.findings) if report is not None else {}
        self.fill()

    def receipt_ids(self) -> list[str]:
        return list(self._mm.receipts) if self._mm is not None else []

    def judgement(self, receipt_id: str) -> Judgement:
        """The receipt's evidence record judged problems first."""
        status = self._report.evidence.get(receipt_id) if self._report is not None else None
        return Judgement(tuple(self._by_object.get(receipt_id, [])), status)

    def first_failing(self) -> str | None:
        """The first receipt that fails (invalid, or an error on its evidence record)."""
        for rid, rv in self._mm.receipts.items() if self._mm is not None else ():
            if rv.status != "valid" or self.judgement(rid).failing:
                return str(rid)
        return None

    def failing_ordinals(self, receipt_id: str) -> dict[int, list[Finding]]:
        return failing_entries(self._by_object.get(receipt_id, []))

    def fill(self) -> None:
        blocker = QSignalBlocker(self.table)
        self.table.setRowCount(0)
        receipts = list(self._mm.receipts.values()) if self._mm is not None else []
        self.table.setRowCount(len(receipts))
        base = self.table.palette().color(QPalette.ColorRole.Base)
        for row, rv in enumerate(receipts):
            for col, it in enumerate(self._receipt_cells(rv, base)):
                self.table.setItem(row, col, it)
        del blocker
        self._fit_table(len(receipts))
        self.show_receipt(None)

    def _fit_table(self, rows: int) -> None:
        """The receipts table shows up to four rows (it scrolls for more); the entries
        below take the rest."""
        t = self.table
        h = (
            t.horizontalHeader().sizeHint().height()
            + min(max(rows, 1), 4) * t.verticalHeader().defaultSectionSize()
            + 2 * t.frameWidth()
            + 4
        )
        t.setMinimumHeight(
            min(h, t.horizontalHeader().sizeHint().height() + 2 * t.verticalHeader().defaultSectionSize() + 8)
        )
        self.split.setSizes([h, max(self.split.height() - h, 200)])

    def _receipt_cells(self, rv: Any, base: QColor) -> list[Any]:
        root_ok = rv.root is not None and rv.root == rv.root_recomputed
        root_text = "✔ " + self.tr("root recomputes") if root_ok else "✖ " + self.tr("root mismatch")
        valid = rv.status == "valid"
        status_text = (
            "✔ " + self.tr("valid")
            if valid
            else "✖ " + self.tr("invalid (%1)").replace("%1", str(len(rv.problems)))
        )
        ev_text, ev_hue = badge(self.judgement(rv.evidence_id))
        problems = "\n".join(rv.problems) or self.tr("all receipt checks pass")
        return [
            table_cell(short_id(rv.evidence_id, 8), object_id=rv.evidence_id, tip=rv.evidence_id),
            table_cell(status_text, color=readable("#2e7d32" if valid else "#c62828", base), tip=problems),
            table_cell(
                root_text,
                color=readable("#2e7d32" if root_ok else "#c62828", base),
                tip=self.tr("stated root %1\nrecomputed root %2")
                .replace("%1", str(rv.root))
                .replace("%2", str(rv.root_recomputed)),
            ),
            table_cell(
                ev_text or str(rv.evidence_status),
                color=readable(ev_hue, base),
                tip=self.tr("evidence record: %1 (its signature: %2)")
                .replace("%1", ev_text)
                .replace("%2", str(rv.evidence_status)),
            ),
            table_cell(str(len(rv.entries)), align_right=True),
            table_cell(str(rv.k) if rv.k is not None else "—", align_right=True),
            table_cell(short_id(rv.head, 8), tip=f"head {rv.head}"),
        ]

    def show_receipt(self, receipt_id: str | None) -> None:
        """List ``receipt_id``'s entries (None: none), the failing ones marked."""
        self.receipt = receipt_id
        blocker = QSignalBlocker(self.entries)
        self.entries.setRowCount(0)
        self.export_button.setEnabled(False)
        self.export_status.setText("")
        rv = self._mm.receipts.get(receipt_id) if self._mm is not None and receipt_id else None
        if rv is None:
            self.header.setText(
                self.tr("Select a receipt to see what it disclosed.")
                if self._mm is not None and self._mm.receipts
                else self.tr("This file has no recall receipts.")
            )
            self.problems_area.hide()
            del blocker
            return
        self._fill_header(rv)
        failing = self.failing_ordinals(rv.evidence_id)
        self.entries.setRowCount(len(rv.entries))
        for row, e in enumerate(rv.entries):
            for col, it in enumerate(self._entry_cells(e, failing)):
                self.entries.setItem(row, col, it)
        self._show_problems(rv)
        del blocker

    def _fill_header(self, rv: Any) -> None:
        self.header.setText(
            self.tr("Receipt %1: %2 of k = %3 disclosed at head %4 · query %5 · root %6")
            .replace("%1", short_id(rv.evidence_id))
            .replace("%2", str(len(rv.entries)))
            .replace("%3", str(rv.k))
            .replace("%4", short_id(rv.head))
            .replace("%5", short_id(rv.query_sha256))
            .replace("%6", short_id(rv.root))
        )
        self.header.setToolTip(
            f"receipt {rv.evidence_id}\nhead {rv.head}\nquery_sha256 {rv.query_sha256}\nroot {rv.root}"
        )

    def _entry_cells(self, e: dict[str, Any], failing: dict[int, list[Finding]]) -> list[Any]:
        mid = e.get("memory")
        mid_s = mid if isinstance(mid, str) else None
        text, color = label_badge(e.get("label"))
        ordinal = e.get("ordinal")
        fails = failing.get(ordinal) if isinstance(ordinal, int) else None
        tip = "\n".join(f"✖ {f.code}: {finding_text(f)}" for f in fails or [])
        cells = [
            table_cell(("✖ " if fails else "") + str(ordinal), object_id=mid_s, align_right=True, tip=tip),
            table_cell(text, color=color, tip=tip),
            table_cell(short_id(mid_s, 10), tip=str(mid)),
            table_cell(
                memory_text(self._report, mid_s, 80) if mid_s else "",
                tip=memory_text(self._report, mid_s, 1000) if mid_s else "",
            ),
            table_cell(str(e.get("weight_q")), align_right=True),
        ]
        if fails:
            bg = QBrush(problem_row_background(self.entries.palette()))
            for it in cells:
                it.setBackground(bg)
                f = it.font()
                f.setBold(True)
                it.setFont(f)
        return cells

    def _show_problems(self, rv: Any) -> None:
        errors = [f for f in self._by_object.get(rv.evidence_id, []) if f.severity.rank == 0]
        lines = [f"✖ {f.code}: {finding_text(f)}" for f in errors] or [f"✖ {p}" for p in rv.problems]
        if not lines:
            self.problems_area.hide()
            return
        self.problems.setText("\n".join(lines))
        red = readable("#c62828", self.palette().color(QPalette.ColorRole.Window))
        self.problems.setStyleSheet(f"color: {red.name()}")
        self.problems_area.show()

    # ---- selection ----------------------------------------------------------------------
    def select_receipt(self, receipt_id: str, *, failing_entry: bool = False) -> None:
        """Select ``receipt_id``'s row (and, with ``failing_entry``, its first failing entry)."""
        for row in range(self.table.rowCount()):
            if row_id(self.table, row) == receipt_id:
                self.table.selectRow(row)
                break
        if self.receipt != receipt_id:
            self.show_receipt(receipt_id)
        if failing_entry:
            failing = self.failing_ordinals(receipt_id)
            rv = self._mm.receipts.get(receipt_id) if self._mm is not None else None
            for row, e in enumerate(rv.entries if rv is not None else []):
                if e.get("ordinal") in failing:
                    self.entries.selectRow(row)
                    self.entries.scrollTo(self.entries.model().index(row, 0))
                    return

    def select_entry_of(self, memory_id: str) -> None:
        for row in range(self.entries.rowCount()):
            if row_id(self.entries, row) == memory_id:
                self.entries.selectRow(row)
                return
        self.entries.clearSelection()

    def selected_row(self, table: QTableWidget) -> int | None:
        rows = table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def _on_receipt_selected(self) -> None:
        row = self.selected_row(self.table)
        rid = row_id(self.table, row) if row is not None else None
        if rid == self.receipt:
            return
        self.show_receipt(rid)
        if rid and not self.syncing:
            self.selectionRequested.emit(rid)

    def _on_entry_selected(self) -> None:
        row = self.selected_row(self.entries)
        self.export_button.setEnabled(row is not None)
        if row is None:
            return
        mid = row_id(self.entries, row)
        if mid:
            self.memoryChosen.emit(mid)
            if not self.syncing:
                self.selectionRequested.emit(mid)

    def _on_export_clicked(self) -> None:
        row = self.selected_row(self.entries)
        if row is not None and self.receipt is not None:
            self.exportRequested.emit(self.receipt, row)

    def proof_exported(self, path: str) -> None:
        self.export_status.setText(
            "✔ "
            + self.tr("Saved %1: an anchored proof (check it with File › Check inclusion proof…)").replace(
                "%1", os.path.basename(path)
            )
        )
        self.export_status.setToolTip(path)

    def proof_failed(self, message: str) -> None:
        self.export_status.setText("✖ " + self.tr("Could not export the proof: %1").replace("%1", message))
