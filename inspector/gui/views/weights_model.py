"""The Weights tab's table of memories: one row per memory (a store's MutMem memories,
or a HOM-AIMOS bundle's weight chains), its model, and the text and weight-bin filter.
The histogram's bins (:func:`bin_of`, :func:`bin_range`) are defined here, beside the
filter that uses them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush

from ...core.verify.mutmem import Q_MAX, Q_MIN, Q_START, rank
from ..hom import HomIndex, short
from ..i18n import QT_TRANSLATE_NOOP
from ..models import ColumnsModel
from .label_text import label_badge, memory_text, short_id

__all__ = [
    "BIN",
    "MEMORY_ID_ROLE",
    "MemoryFilter",
    "MemoryRow",
    "MemoryTableModel",
    "bin_of",
    "bin_range",
    "bundle_rows",
    "mutmem_rows",
]

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
MEMORY_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
WEIGHT_ROLE = Qt.ItemDataRole.UserRole + 3
BIN = 100  # histogram bin width (milli-weight); bins are centred on multiples of 100


@dataclass(frozen=True)
class MemoryRow:
    memory_id: str
    text: str
    weight_q: int
    label: str | None
    untrusted: bool
    transitions: int
    label_records: int
    status: str | None = None  # HOM-AIMOS: the record's certification status
    status_ok: bool | None = None  # … whether every check of the chain passed
    reason: str | None = None  # … and the reference's reason when not


class MemoryTableModel(ColumnsModel):
    """One row per memory of ``report.mutmem.memories``."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("Columns", "Memory"),
        QT_TRANSLATE_NOOP("Columns", "Content"),
        QT_TRANSLATE_NOOP("Columns", "Weight"),
        QT_TRANSLATE_NOOP("Columns", "Label"),
        QT_TRANSLATE_NOOP("Columns", "Trust"),
        QT_TRANSLATE_NOOP("Columns", "Transitions"),
    )
    C_ID, C_TEXT, C_WEIGHT, C_LABEL, C_TRUST, C_TRANS = range(6)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[MemoryRow] = []
        self.hom = False  # a HOM-AIMOS bundle: certification and reason instead of label and trust

    def set_rows(self, rows: list[MemoryRow], *, hom: bool = False) -> None:
        self.beginResetModel()
        self.rows = rows
        self.hom = hom
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.COLUMNS) - 1)

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and self.hom:
            if role == Qt.ItemDataRole.DisplayRole and section in (self.C_LABEL, self.C_TRUST):
                return self.tr("Certification") if section == self.C_LABEL else self.tr("Reason")
            if role == Qt.ItemDataRole.ToolTipRole:
                return {
                    self.C_WEIGHT: self.tr(
                        "the chain's terminal milli-weight (▲ above, ▼ below the 1000 start)"
                    ),
                    self.C_LABEL: self.tr("the reference verifier's certification status of the chain"),
                    self.C_TRUST: self.tr("why the chain did not certify (the reference's reason string)"),
                    self.C_TRANS: self.tr("number of signed weight transitions"),
                }.get(section)
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return {
                self.C_WEIGHT: self.tr("current milli-weight at HEAD (▲ above, ▼ below the 1000 start)"),
                self.C_TRUST: self.tr("a memory whose label ranks 3 or more is untrusted"),
                self.C_TRANS: self.tr("number of weight transitions"),
            }.get(section)
        return super().headerData(section, orientation, role)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(r, col)
        if role == SORT_ROLE:
            return (
                r.memory_id,
                r.text.lower(),
                r.weight_q,
                rank(r.label) if r.label else -1,
                int(r.untrusted),
                r.transitions,
            )[col]
        if role == MEMORY_ID_ROLE:
            return r.memory_id
        if role == WEIGHT_ROLE:
            return r.weight_q
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(r, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (self.C_WEIGHT, self.C_TRANS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(r, col)
        return None

    def _display(self, r: MemoryRow, col: int) -> str | None:
        if col == self.C_WEIGHT:
            arrow = "▲ " if r.weight_q > Q_START else "▼ " if r.weight_q < Q_START else ""
            return f"{arrow}{r.weight_q}"
        if self.hom and col == self.C_LABEL:
            return ("✔ " if r.status_ok else "✖ ") + str(r.status) if r.status is not None else "—"
        if self.hom and col == self.C_TRUST:
            return r.reason or ""
        if col == self.C_LABEL:
            return label_badge(r.label)[0] if r.label is not None else ""
        if col == self.C_TRUST:
            return "⚠ " + self.tr("untrusted") if r.untrusted else ""
        return {self.C_ID: short_id(r.memory_id), self.C_TEXT: r.text, self.C_TRANS: str(r.transitions)}.get(
            col
        )

    def _foreground(self, r: MemoryRow, col: int) -> QBrush | None:
        if self.hom:
            if col in (self.C_LABEL, self.C_TRUST) and r.status_ok is not None:
                return QBrush(label_badge("supported" if r.status_ok else "poison_confirmed")[1])
            return None
        if col == self.C_LABEL and r.label is not None:
            return QBrush(label_badge(r.label)[1])
        if col == self.C_TRUST and r.untrusted:
            return QBrush(label_badge("poison_likely")[1])
        return None

    def _tooltip(self, r: MemoryRow, col: int) -> str | None:
        if col == self.C_WEIGHT:
            return f"milli-weight {r.weight_q}" if self.hom else f"weight_q {r.weight_q}"
        if col == self.C_TRUST and self.hom:
            return r.reason or ""
        if col == self.C_LABEL and r.label_records:
            return self.tr("%n label record(s); the chain is in the Labels view", "", r.label_records)
        return {self.C_ID: r.memory_id, self.C_TEXT: r.text}.get(col)


class MemoryFilter(QSortFilterProxyModel):
    """Text filter over id, content and label, plus an optional weight bin."""

    def __init__(self, memories: MemoryTableModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.memories = memories  # the source model, typed (sourceModel() is any model)
        self.setSourceModel(memories)
        self.text = ""
        self.weight_range: tuple[int, int] | None = None
        self.setSortRole(SORT_ROLE)

    def set_filter(
        self, text: str | None = None, weight_range: tuple[int, int] | Literal[False] | None = False
    ) -> None:
        """Change the text filter and/or the weight bin (None: every weight; False: keep it)."""
        self.beginFilterChange()
        if text is not None:
            self.text = text.strip().lower()
        if weight_range is not False:
            self.weight_range = weight_range
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        r = self.memories.rows[source_row]
        if self.weight_range is not None:
            lo, hi = self.weight_range
            if not lo <= r.weight_q <= hi:
                return False
        if self.text:
            hay = f"{r.memory_id} {r.text} {r.label or ''} {'untrusted' if r.untrusted else ''}".lower()
            return self.text in hay
        return True


def bin_of(q: int) -> int:
    """Centre of the histogram bin holding milli-weight ``q`` (clamped to 100…3000)."""
    return min(max(math.floor(q / BIN + 0.5) * BIN, Q_MIN), Q_MAX)


def bin_range(centre: int) -> tuple[int, int]:
    """The milli-weights of the histogram bin centred on ``centre`` (inclusive)."""
    lo = Q_MIN if centre <= Q_MIN else centre - BIN // 2
    hi = Q_MAX if centre >= Q_MAX else centre + BIN // 2 - 1
    return lo, hi


def mutmem_rows(report: Any, mm: Any) -> list[MemoryRow]:
    """One row per memory of a store's MutMem view."""
    rows = []
    for mid, mv in mm.memories.items():
        q = mv.weight_q if isinstance(mv.weight_q, int) else Q_START
        rows.append(
            MemoryRow(
                mid,
                memory_text(report, mid),
                q,
                mv.label,
                mv.untrusted,
                max(len(mv.trajectory) - 1, 0),
                len(mv.labels),
            )
        )
    return rows


def bundle_rows(hom: HomIndex) -> list[MemoryRow]:
    """One row per weight chain of a HOM-AIMOS bundle: its certification and reason."""
    rows = []
    for mid, chain in hom.memories.items():
        term = chain.terminal_weight_milli
        q = term if isinstance(term, int) and not isinstance(term, bool) else Q_START
        rec = hom.records.get(mid)
        rows.append(
            MemoryRow(
                mid,
                QCoreApplication.translate("WeightsView", "content %1").replace(
                    "%1", short(chain.content_hash, 16)
                ),
                q,
                None,
                False,
                len(chain.steps),
                0,
                status=str(rec.certification_status) if rec is not None else None,
                status_ok=bool(rec.ok) if rec is not None else None,
                reason=str(rec.reason) if rec is not None and rec.reason else None,
            )
        )
    return rows
