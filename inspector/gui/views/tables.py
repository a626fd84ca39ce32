"""What the panes of the Labels & receipts tab share (the MutMem label chains and
receipts of :mod:`.labels`, the HOM-AIMOS receipts and corpora of :mod:`.hom_pages`):
compact read-only tables, their cells, and the standing note on what a receipt
does not prove."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from ..i18n import QT_TRANSLATE_NOOP

ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

DISCLOSURE_NOTE = QT_TRANSLATE_NOOP(
    "LabelsView",
    "A receipt proves what was disclosed and in which order — not that nothing else existed or was withheld.",
)


def table_cell(
    text: str,
    *,
    object_id: str | None = None,
    tip: str | None = None,
    color: QColor | None = None,
    icon: QIcon | None = None,
    sort: Any = None,
    align_right: bool = False,
) -> QTableWidgetItem:
    it = QTableWidgetItem(text)
    it.setFlags(Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled)
    if object_id is not None:
        it.setData(ID_ROLE, object_id)
    if tip:
        it.setToolTip(tip)
    if color is not None:
        it.setForeground(color)
    if icon is not None and not icon.isNull():
        it.setIcon(icon)
    if sort is not None:
        it.setData(SORT_ROLE, sort)
    if align_right:
        it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return it


def make_table(columns: tuple[str, ...], stretch: int) -> QTableWidget:
    """A read-only, single-row-selection table whose headers are ``columns``
    (marked in the context ``Columns``, translated here); column ``stretch`` takes
    the room left."""
    t = QTableWidget(0, len(columns))
    t.setHorizontalHeaderLabels([QCoreApplication.translate("Columns", c) for c in columns])
    t.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    t.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    t.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    t.verticalHeader().setVisible(False)
    t.verticalHeader().setDefaultSectionSize(t.fontMetrics().height() + 8)  # compact rows
    t.setAlternatingRowColors(True)
    t.setWordWrap(False)
    h = t.horizontalHeader()
    h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    h.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    h.setHighlightSections(False)
    return t


def row_id(table: QTableWidget, row: int) -> str | None:
    """The object id the first cell of ``row`` carries (None: no cell, or no id)."""
    first = table.item(row, 0)
    oid = first.data(ID_ROLE) if first is not None else None
    return oid if isinstance(oid, str) else None
