"""MutMem milli-weights (SPEC Part C1): one memory's trajectory, and all memories at a glance.

Top: the selected memory's weight (:class:`~.weights_plot.TrajectoryPlot`); clicking a
transition point or a label marker asks the main window to select that record's commit.
Bottom: a histogram of every memory's current weight
(:class:`~.weights_plot.WeightHistogram`) and a sortable, filterable table of memories
(:mod:`.weights_model`); clicking a histogram bar filters the table to that weight bin.
This module wires them together and keeps them in step with the window's selection.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.verify.mutmem import Q_START
from ..hom import HomIndex, index, is_hom
from ..i18n import QT_TRANSLATE_NOOP
from .label_text import begin_mutmem_report
from .weights_model import (
    MEMORY_ID_ROLE,
    MemoryFilter,
    MemoryTableModel,
    bin_range,
    bundle_rows,
    mutmem_rows,
)
from .weights_plot import TrajectoryPlot, WeightHistogram

__all__ = ["MEMORY_ID_ROLE", "MemoryTableModel", "WeightsView"]

NO_MUTMEM_TEXT = QT_TRANSLATE_NOOP("WeightsView", "This file carries no MutMem weights.")


class WeightsView(QWidget):
    """Weight trajectory of one memory, and an overview of all (view contract)."""

    selectionRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: Any = None
        self._mm: Any = None
        self._hom: HomIndex | None = None  # a HOM-AIMOS bundle's weight chains (x = signed time)
        self._pos: dict[str, int] = {}
        self._record_to_memory: dict[str, str] = {}
        self._syncing = False

        self._stack = QStackedWidget(self)
        self._placeholder = QLabel(self.tr("No file open."))
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._placeholder.setWordWrap(True)
        self._stack.addWidget(self._placeholder)
        content = QWidget()
        self._stack.addWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self._stack)

        self.trajectory = TrajectoryPlot()
        self.trajectory.pointActivated.connect(self._point_activated)
        self.plot = self.trajectory.plot
        self.histogram_pane = WeightHistogram()
        self.histogram_pane.binClicked.connect(self._bin_clicked)
        self.histogram = self.histogram_pane.plot
        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(self.histogram_pane)
        bottom.addWidget(self._build_table())
        bottom.setStretchFactor(0, 2)
        bottom.setStretchFactor(1, 3)
        bottom.setSizes([330, 670])
        bottom.setChildrenCollapsible(False)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.trajectory)
        split.addWidget(bottom)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        cl = QVBoxLayout(content)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(split)

        self.trajectory.fit_axes()
        self.trajectory.apply_palette()
        self.histogram_pane.apply_palette()
        self.clear()

    def _build_table(self) -> QWidget:
        """The filter row and the table of memories."""
        table_box = QWidget()
        bl = QVBoxLayout(table_box)
        bl.setContentsMargins(0, 0, 4, 0)
        frow = QHBoxLayout()
        self._filter_edit = QLineEdit()
        self._filter_edit.setPlaceholderText(self.tr("Filter memories by id, text or label…"))
        self._filter_edit.setClearButtonEnabled(True)
        frow.addWidget(self._filter_edit, 1)
        self._bin_label = QLabel()
        frow.addWidget(self._bin_label)
        self._bin_clear = QPushButton(self.tr("Show all weights"))
        self._bin_clear.clicked.connect(lambda: self.filter_weight_bin(None))
        self._bin_clear.hide()
        frow.addWidget(self._bin_clear)
        bl.addLayout(frow)
        self.model = MemoryTableModel(self)
        self._proxy = MemoryFilter(self.model, self)
        self._filter_edit.textChanged.connect(lambda t: self._proxy.set_filter(text=t))
        self.table = QTableView()
        self.table.setModel(self._proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hh.setSectionResizeMode(MemoryTableModel.C_TEXT, QHeaderView.ResizeMode.Stretch)
        hh.setHighlightSections(False)
        for col, sample in (
            (MemoryTableModel.C_ID, "0123456789ab"),  # short_id() is 12 hex
            (MemoryTableModel.C_WEIGHT, "▲ 3000 ▲"),
            (MemoryTableModel.C_LABEL, "✖ poison_confirmed"),
            (MemoryTableModel.C_TRUST, "⚠ untrusted"),
            (MemoryTableModel.C_TRANS, "Transitions"),
        ):
            self.table.setColumnWidth(col, fm_width(self, sample))
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        bl.addWidget(self.table, 1)
        return table_box

    # ------------------------------------------------------------------ contract
    def clear(self) -> None:
        self._report = None
        self._mm = None
        if self._hom is not None:
            self._set_columns(False)
        self._hom = None
        self.trajectory.set_time_axis(False)
        self._pos = {}
        self._record_to_memory = {}
        self.model.set_rows([])
        self._proxy.set_filter(text="", weight_range=None)
        self._filter_edit.blockSignals(True)
        self._filter_edit.clear()
        self._filter_edit.blockSignals(False)
        self._update_bin_label()
        self._plot(None)
        self.histogram_pane.fill([], hom=False)
        self._placeholder.setText(self.tr("No file open."))
        self._stack.setCurrentIndex(0)

    def set_report(self, report: Any) -> None:
        if is_hom(report):
            self._set_hom_report(report)
            return
        if not begin_mutmem_report(self, report, NO_MUTMEM_TEXT):  # translated there
            return
        self._pos = {cid: i for i, cid in enumerate(getattr(report, "order", []) or [])}
        self._show_rows(mutmem_rows(report, self._mm), hom=False)

    def _set_hom_report(self, report: Any) -> None:
        """A HOM-AIMOS bundle: one row per weight chain, its certification and reason."""
        self.clear()
        self._set_columns(True)
        self._report = report
        self._hom = index(report)
        self.trajectory.set_time_axis(True)
        if not self._hom.memories:
            self._placeholder.setText(
                self.tr("This bundle carries no weight chains (a %1 bundle).").replace(
                    "%1", str(report.hom.kind)
                )
            )
            self._stack.setCurrentIndex(0)
            return
        self._show_rows(bundle_rows(self._hom), hom=True)

    def _show_rows(self, rows: list[Any], *, hom: bool) -> None:
        self.model.set_rows(rows, hom=hom)
        self.histogram_pane.fill(rows, hom=hom)
        self._stack.setCurrentIndex(1)
        # outliers first: heaviest at the top; show the first one right away
        self.table.sortByColumn(MemoryTableModel.C_WEIGHT, Qt.SortOrder.DescendingOrder)
        if self._proxy.rowCount():
            self.select(self._proxy.index(0, 0).data(MEMORY_ID_ROLE))

    def select(self, object_id: str) -> None:
        """Plot the memory ``object_id`` names — the memory itself, or one of its
        transition or label records (highlighted) — without re-emitting."""
        if self._hom is not None and object_id:
            hit = self._hom.memory_of(object_id)
            if hit is None:
                return
            memory, highlight = hit, (object_id if object_id != hit else None)
        elif self._mm is None or not object_id:
            return
        elif object_id in self._mm.memories:
            memory, highlight = object_id, None
        elif object_id in self._record_to_memory:
            memory, highlight = self._record_to_memory[object_id], object_id
        else:
            return
        self._syncing = True
        try:
            self._select_row(memory)
            self._plot(memory, highlight)
        finally:
            self._syncing = False

    # ------------------------------------------------------------------ for tests / export
    def current_memory(self) -> str | None:
        return self.trajectory.memory

    def plotted_points(self) -> list[tuple[float, int]]:
        """(x, y) of the plotted trajectory points: DAG position, milli-weight."""
        return list(self.trajectory.points.xy)

    def point_commits(self) -> list[str | None]:
        """Transition commit of each plotted point (None for the implicit start)."""
        return list(self.trajectory.points.ids)

    def label_markers(self) -> list[tuple[int, str | None, str]]:
        """(x, label, commit) of each label marker on the plot."""
        memory = self.trajectory.memory
        mv = self._mm.memories.get(memory) if self._mm and memory else None
        return [(lp.position, lp.label, lp.commit) for lp in mv.labels] if mv else []  # a bundle has none

    def label_text_rects(self) -> list[Any]:
        return self.trajectory.label_text_rects()

    def bound_lines(self) -> dict[int, str]:
        return self.trajectory.bound_lines()

    def histogram_counts(self) -> dict[int, int]:
        """Bin centre (milli-weight) → number of memories."""
        return dict(self.histogram_pane.counts)

    def activate_point(self, index: int) -> None:
        """What a click on trajectory point ``index`` does: highlight it and emit
        its commit (the memory itself for the implicit start)."""
        self.trajectory.activate_point(index)

    def filter_weight_bin(self, centre: int | None) -> None:
        """Show only memories whose weight falls in the histogram bin at ``centre``
        (None: all)."""
        self._proxy.set_filter(weight_range=None if centre is None else bin_range(centre))
        self._update_bin_label()

    def export_png(self, path: str | None = None) -> str | None:
        """Save the weight plot as PNG (asks with a file dialog when ``path`` is None)."""
        return self.trajectory.export_png(path)

    # ------------------------------------------------------------------ internals
    def _plot(self, memory_id: str | None, highlight: str | None = None) -> None:
        if self._hom is not None and memory_id in self._hom.memories:
            assert memory_id is not None
            self.trajectory.show_chain(self._hom, memory_id, highlight)
            self.histogram_pane.set_marker(self.trajectory.points.xy[-1][1])
            return
        mv = self._mm.memories.get(memory_id) if self._mm is not None and memory_id else None
        if mv is None or memory_id is None:
            hint = self.tr("Select a memory in the table below to plot its weight.")
            self.trajectory.show_nothing(
                hint if self._mm is not None or self._hom is not None else "", len(self._pos) - 1
            )
            self.histogram_pane.set_marker(None)
            return
        self.trajectory.show_memory(self._report, mv, memory_id, self._pos, highlight)
        self.histogram_pane.set_marker(mv.weight_q if isinstance(mv.weight_q, int) else Q_START)

    def _set_columns(self, hom: bool) -> None:
        """A store's memories stretch their text; a bundle's chains their reason (the content
        of a chain is only a hash)."""
        hh = self.table.horizontalHeader()
        text, reason, label = MemoryTableModel.C_TEXT, MemoryTableModel.C_TRUST, MemoryTableModel.C_LABEL
        stretch, interactive = QHeaderView.ResizeMode.Stretch, QHeaderView.ResizeMode.Interactive
        hh.setSectionResizeMode(text, interactive if hom else stretch)
        hh.setSectionResizeMode(reason, stretch if hom else interactive)
        # a chain's content is only a hash (in the plot's title and the Detail pane): its
        # column gives way to the certification and the reason
        self.table.setColumnHidden(text, hom)
        if hom:
            self.table.setColumnWidth(label, fm_width(self, "✔ unattested_initial_weight"))
        else:
            self.table.setColumnWidth(reason, fm_width(self, "⚠ untrusted"))
            self.table.setColumnWidth(label, fm_width(self, "✖ poison_confirmed"))

    def _update_bin_label(self) -> None:
        wr = self._proxy.weight_range
        if wr is None:
            self._bin_label.setText("")
            self._bin_clear.hide()
        else:
            self._bin_label.setText(
                self.tr("weight %1–%2: %n memory(ies)", "", self._proxy.rowCount())
                .replace("%1", str(wr[0]))
                .replace("%2", str(wr[1]))
            )
            self._bin_clear.show()

    def _select_row(self, memory_id: str) -> None:
        row = next((i for i, r in enumerate(self.model.rows) if r.memory_id == memory_id), None)
        if row is None:
            return
        src = self.model.index(row, 0)
        idx = self._proxy.mapFromSource(src)
        if not idx.isValid():  # filtered out: show everything again
            self._filter_edit.blockSignals(True)
            self._filter_edit.clear()
            self._filter_edit.blockSignals(False)
            self._proxy.set_filter(text="", weight_range=None)
            self._update_bin_label()
            idx = self._proxy.mapFromSource(src)
        sm = self.table.selectionModel()
        sm.setCurrentIndex(
            idx, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        )
        self.table.scrollTo(idx)

    # ------------------------------------------------------------------ slots
    def _point_activated(self, target: str) -> None:
        if not self._syncing:
            self.selectionRequested.emit(target)

    def _bin_clicked(self, centre: int) -> None:
        self.filter_weight_bin(None if self._proxy.weight_range == bin_range(centre) else centre)

    def _on_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if not current.isValid():
            return
        mid = current.data(MEMORY_ID_ROLE)
        if not mid:
            return
        if mid != self.trajectory.memory:
            self._plot(mid)
        if not self._syncing:
            self.selectionRequested.emit(mid)


def fm_width(widget: QWidget, sample: str) -> int:
    return widget.fontMetrics().horizontalAdvance(sample) + 16
