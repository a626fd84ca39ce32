"""Findings: every finding by severity (icon + text), filter and search."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.verify.report import Report
from ..models import OBJECT_ID_ROLE, FindingsFilter, FindingsModel


class FindingsView(QWidget):
    selectionRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FindingsModel(self)
        self.proxy = FindingsFilter(self)
        self.proxy.setSourceModel(self.model)
        self.severity = QComboBox()
        self.severity.setAccessibleName("Filter findings by severity")
        for text, value in (
            ("All severities", None),
            ("Errors", "error"),
            ("Warnings", "warning"),
            ("Notes", "info"),
        ):
            self.severity.addItem(text, value)
        self.search = QLineEdit(placeholderText="Search findings…")
        self.search.setAccessibleName("Search findings")
        self.count = QLabel()
        bar = QHBoxLayout()
        lab = QLabel("Show:")
        lab.setBuddy(self.severity)
        bar.addWidget(lab)
        bar.addWidget(self.severity)
        bar.addWidget(self.search, 1)
        bar.addWidget(self.count)
        self.table = QTableView()
        self.table.setAccessibleName("Findings")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        for col, w in ((0, 100), (1, 250), (2, 110), (3, 190)):
            self.table.setColumnWidth(col, w)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(bar)
        lay.addWidget(self.table)
        self.severity.currentIndexChanged.connect(self._apply)
        self.search.textChanged.connect(self._apply)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self._quiet = False
        self._apply()

    def clear(self) -> None:
        self.set_report(None)

    def set_report(self, report: Report | None) -> None:
        self.model.set_report(report)
        self._apply()

    def select(self, object_id: str) -> None:
        for row in range(self.proxy.rowCount()):
            idx = self.proxy.index(row, 0)
            if idx.data(OBJECT_ID_ROLE) == object_id:
                self._quiet = True
                self.table.setCurrentIndex(idx)
                self._quiet = False
                return

    def show_severity(self, severity: str | None) -> None:
        self.severity.setCurrentIndex(max(0, self.severity.findData(severity)))

    def _apply(self) -> None:
        self.proxy.set_filter(self.severity.currentData(), self.search.text())
        self.proxy.sort(0, Qt.SortOrder.AscendingOrder)
        self.count.setText(f"{self.proxy.rowCount():,} of {self.model.rowCount():,}")

    def _row_changed(self, current: QModelIndex, _prev: QModelIndex) -> None:
        if self._quiet or not current.isValid():
            return
        oid = current.data(OBJECT_ID_ROLE)
        if oid:
            self.selectionRequested.emit(oid)
