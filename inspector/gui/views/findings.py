"""Findings: every finding by severity (icon + text), filter and search."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QModelIndex, Qt, Signal
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
    """Signals: ``selectionRequested(object_id)`` and ``findingSelected(code, object_id)``
    (which finding, so the main window can keep it selected across reloads)."""

    selectionRequested = Signal(str)
    findingSelected = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FindingsModel(self)
        self.proxy = FindingsFilter(self)
        self.proxy.setSourceModel(self.model)
        self.severity = QComboBox()
        self.severity.setAccessibleName(self.tr("Filter findings by severity"))
        for text, value in (
            (self.tr("All severities"), None),
            (self.tr("Errors"), "error"),
            (self.tr("Warnings"), "warning"),
            (self.tr("Notes"), "info"),
        ):
            self.severity.addItem(text, value)
        self.search = QLineEdit(placeholderText=self.tr("Search findings…"))
        self.search.setAccessibleName(self.tr("Search findings"))
        self.count = QLabel()
        bar = QHBoxLayout()
        lab = QLabel(self.tr("Show:"))
        lab.setBuddy(self.severity)
        bar.addWidget(lab)
        bar.addWidget(self.severity)
        bar.addWidget(self.search, 1)
        bar.addWidget(self.count)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Findings"))
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
        """Select the first finding on ``object_id`` (unless the selected one is on it)."""
        current = self.table.currentIndex()
        if current.isValid() and current.data(OBJECT_ID_ROLE) == object_id:
            return
        for row in range(self.proxy.rowCount()):
            idx = self.proxy.index(row, 0)
            if idx.data(OBJECT_ID_ROLE) == object_id:
                self._quiet = True
                self.table.setCurrentIndex(idx)
                self.table.scrollTo(idx)
                self._quiet = False
                return
        self._quiet = True
        self.table.clearSelection()
        self.table.setCurrentIndex(QModelIndex())
        self._quiet = False

    def select_finding(self, code: str, object_id: str) -> bool:
        """Select the finding (``code``, ``object_id``), clearing filters that hide it."""
        for attempt in range(2):
            for row in range(self.proxy.rowCount()):
                idx = self.proxy.index(row, 0)
                if idx.data(OBJECT_ID_ROLE) == object_id and self.proxy.index(row, 1).data() == code:
                    self._quiet = True
                    self.table.setCurrentIndex(idx)
                    self.table.scrollTo(idx)
                    self._quiet = False
                    return True
            if attempt == 0:
                self.search.clear()
                self.severity.setCurrentIndex(0)
        return False

    def selected_finding(self) -> tuple[str, str] | None:
        idx = self.table.currentIndex()
        if not idx.isValid():
            return None
        return self.proxy.index(idx.row(), 1).data(), idx.data(OBJECT_ID_ROLE)

    def save_header(self) -> QByteArray:
        return self.table.horizontalHeader().saveState()

    def restore_header(self, state: QByteArray) -> None:
        self.table.horizontalHeader().restoreState(state)

    def show_severity(self, severity: str | None) -> None:
        self.severity.setCurrentIndex(max(0, self.severity.findData(severity)))

    def _apply(self) -> None:
        self.proxy.set_filter(self.severity.currentData(), self.search.text())
        self.proxy.sort(0, Qt.SortOrder.AscendingOrder)
        self.count.setText(
            self.tr("%1 of %2")
            .replace("%1", f"{self.proxy.rowCount():,}")
            .replace("%2", f"{self.model.rowCount():,}")
        )

    def _row_changed(self, current: QModelIndex, _prev: QModelIndex) -> None:
        if self._quiet or not current.isValid():
            return
        oid = current.data(OBJECT_ID_ROLE)
        code = self.proxy.index(current.row(), 1).data()
        self.findingSelected.emit(code or "", oid or "")
        if oid:
            self.selectionRequested.emit(oid)
