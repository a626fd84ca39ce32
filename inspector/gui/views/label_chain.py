"""The label chain of one memory (SPEC Part C2): every label record of the memory, in
DAG order, with its label (icon + text), restriction rank, signing role and key,
confidence, cited evidence, reason and position.  Nothing is hidden: a refuted memory
shows the detector's labels *and* the auditor's verdict.  The memory picker lists the
labelled memories worst first (poison_confirmed, poison_likely, poison_suspect, then
the rest), so the pane opens on the memory an auditor must see."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ...core.verify.mutmem import rank
from ..i18n import QT_TRANSLATE_NOOP
from ..style import displayable
from .label_text import html_text, label_badge, label_tip, memory_text, rank_text, short_id
from .tables import make_table, row_id, table_cell

CHAIN_COLUMNS = (
    "#",
    QT_TRANSLATE_NOOP("Columns", "Label"),
    QT_TRANSLATE_NOOP("Columns", "Rank"),
    QT_TRANSLATE_NOOP("Columns", "Signed by"),
    QT_TRANSLATE_NOOP("Columns", "Confidence"),
    QT_TRANSLATE_NOOP("Columns", "Evidence"),
    QT_TRANSLATE_NOOP("Columns", "Reason"),
    QT_TRANSLATE_NOOP("Columns", "Position"),
)


def worst_first(mm: Any) -> list[str]:
    """The labelled memories, highest restriction rank first (file order within a rank)."""
    labelled = [m for m, mv in mm.memories.items() if mv.labels]
    return sorted(labelled, key=lambda m: -rank(mm.memories[m].label))


class LabelChainPane(QWidget):
    """The memory picker and the chosen memory's label chain."""

    selectionRequested = Signal(str)
    MIN_CHAIN_ROWS = 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: Any = None
        self._mm: Any = None
        self.memory: str | None = None
        self.syncing = False  # set by the view while it reflects a selection made elsewhere

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Labelled memories:")))
        self.picker = QComboBox()
        self.picker.setMinimumContentsLength(20)
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setToolTip(
            self.tr("Memories that carry at least one label record, the least trusted first")
        )
        self.picker.activated.connect(self._on_picker)
        top.addWidget(self.picker, 1)
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.header.setWordWrap(True)
        self.header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.table = make_table(CHAIN_COLUMNS, stretch=6)
        self.table.itemSelectionChanged.connect(self._on_row_selected)
        self.table.setMinimumHeight(self.min_table_height())
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.header)
        lay.addWidget(self.summary)
        lay.addWidget(self.table, 1)

    def min_table_height(self) -> int:
        """Room for the header and MIN_CHAIN_ROWS rows of the label chain."""
        t = self.table
        rows = t.verticalHeader().defaultSectionSize() * self.MIN_CHAIN_ROWS
        scrollbar = t.horizontalScrollBar().sizeHint().height()  # shown when the columns overflow
        return t.horizontalHeader().sizeHint().height() + rows + scrollbar + 2 * t.frameWidth() + 4

    def visible_rows(self) -> int:
        """How many label-chain rows fit in the table's viewport (tests)."""
        return self.table.viewport().height() // max(self.table.verticalHeader().defaultSectionSize(), 1)

    # ---- content ----------------------------------------------------------------------
    def set_view(self, report: Any, mm: Any) -> None:
        self._report, self._mm = report, mm
        self.fill_picker()
        order = worst_first(mm) if mm is not None else []
        self.show_memory(order[0] if order else None)

    def fill_picker(self) -> None:
        blocker = QSignalBlocker(self.picker)
        self.picker.clear()
        if self._mm is not None:
            for mid in worst_first(self._mm):
                text, _ = label_badge(self._mm.memories[mid].label)
                self.picker.addItem(f"{text} · {short_id(mid)} · {memory_text(self._report, mid, 40)}", mid)
        self.picker.setEnabled(self.picker.count() > 0)
        if not self.picker.count():
            self.picker.addItem(self.tr("(no labelled memories)"))
        del blocker

    def picker_memories(self) -> list[str]:
        """The picker's memories, top to bottom."""
        return [self.picker.itemData(i) for i in range(self.picker.count()) if self.picker.itemData(i)]

    def show_memory(self, memory_id: str | None) -> None:
        self.memory = memory_id
        blocker = QSignalBlocker(self.table)
        self.table.setRowCount(0)
        mv = self._mm.memories.get(memory_id) if self._mm is not None and memory_id else None
        if mv is None or not memory_id:
            self.header.setText(
                self.tr("Select a memory to see its label chain.") if self._mm is not None else ""
            )
            self.summary.setText("")
            del blocker
            return
        self._fill_header(memory_id, mv)
        self.table.setRowCount(len(mv.labels))
        for row, lp in enumerate(mv.labels):
            for col, it in enumerate(self._cells(row, lp)):
                self.table.setItem(row, col, it)
        del blocker
        # keep the picker in step when the memory is one of its entries
        i = self.picker.findData(memory_id)
        if self.picker.isEnabled():
            b = QSignalBlocker(self.picker)
            self.picker.setCurrentIndex(i)  # -1 (blank) for a memory without labels
            del b

    def _fill_header(self, memory_id: str, mv: Any) -> None:
        cur_text, _ = label_badge(mv.label)
        trust = "⚠ " + self.tr("untrusted") if mv.untrusted else self.tr("trusted")
        self.header.setText(
            self.tr("Memory %1 — “%2”")
            .replace("%1", short_id(memory_id))
            .replace("%2", displayable(memory_text(self._report, memory_id, 120))[0])
            + "\n"
            + self.tr("Now: %1 (%2) · weight %3 · ")
            .replace("%1", cur_text)
            .replace("%2", trust)
            .replace("%3", str(mv.weight_q))
            + self.tr("%n label record(s), none ever deleted", "", len(mv.labels))
        )
        self.header.setToolTip(memory_id)
        if mv.labels:
            parts = []
            for lp in mv.labels:
                text, color = label_badge(lp.label)
                parts.append(f'<span style="color:{color.name()}"><b>{html_text(text)}</b></span>')
            self.summary.setText(self.tr("Chain:") + " " + " → ".join(parts))
        else:
            self.summary.setText(
                self.tr("No label records: the label is null (ranks like <i>unverified</i>, trusted).")
            )

    def _cells(self, row: int, lp: Any) -> list[Any]:
        text, color = label_badge(lp.label)
        conf = lp.confidence_milli
        conf_text = f"{conf / 1000:.3f}".rstrip("0").rstrip(".") if isinstance(conf, int) else "—"
        ev = ", ".join(short_id(e) for e in lp.evidence) or "—"
        return [
            table_cell(
                str(row + 1), object_id=lp.commit, tip=self.tr("label record %1").replace("%1", lp.commit)
            ),
            table_cell(text, tip=label_tip(lp), color=color),
            table_cell(
                rank_text(lp.label),
                tip=self.tr(
                    "restriction rank: supported/poison_refuted 0, "
                    "unverified 1, disputed 2, poison_suspect 3, poison_likely 4, "
                    "poison_confirmed 5; rank ≥ 3 is untrusted"
                ),
            ),
            table_cell(f"{lp.role or '?'} · {lp.key_id or '?'}"),
            table_cell(conf_text, tip=f"confidence_milli = {conf!r}", align_right=True),
            table_cell(ev, tip="\n".join(map(str, lp.evidence)) or self.tr("no evidence cited")),
            table_cell(" ".join(str(lp.reason).split()), tip=str(lp.reason)),
            table_cell(
                str(lp.position),
                align_right=True,
                tip=self.tr("index %1 in DAG order").replace("%1", str(lp.position)),
            ),
        ]

    def select_record(self, record_id: str) -> None:
        for row in range(self.table.rowCount()):
            if row_id(self.table, row) == record_id:
                self.table.selectRow(row)
                return

    # ---- slots ----------------------------------------------------------------------
    def _on_row_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows and not self.syncing:
            oid = row_id(self.table, rows[0].row())
            if oid:
                self.selectionRequested.emit(oid)

    def _on_picker(self, index: int) -> None:
        mid = self.picker.itemData(index)
        if mid:
            self.show_memory(mid)
            if not self.syncing:
                self.selectionRequested.emit(mid)
