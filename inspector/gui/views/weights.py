"""MutMem milli-weights (SPEC Part C1): one memory's trajectory, and all memories at a glance.

Top: the selected memory's weight over the DAG — a step line through its
transitions (x = index in ``report.order``, y = ``weight_q``), dashed lines at
the 100 floor, 1000 start and 3000 ceiling, and its label records as diamond
markers with their label written next to them.  Clicking a transition point
(or a label marker) asks the main window to select that record's commit.

Bottom: a histogram of every memory's current weight (log-scaled counts, so
a single outlier is as visible as the 300 memories at 1000) and a sortable
table of memories with weight, label, trust and number of transitions.
Clicking a histogram bar filters the table to that weight bin.

Colours come from the widget's palette, set per plot (``pg.setConfigOptions``
is never touched), and follow light/dark changes.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Literal

import pyqtgraph as pg
from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.verify.mutmem import Q_MAX, Q_MIN, Q_START, TrajectoryPoint, rank
from ..hom import HomIndex, float4_value, index, is_hom, number, short, time_labels, time_ticks, when
from ..i18n import QT_TRANSLATE_NOOP
from ..models import ColumnsModel
from ..style import displayable, is_dark
from .labels import begin_mutmem_report, label_badge, memory_text, short_id

__all__ = ["MemoryTableModel", "WeightsView"]

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
MEMORY_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
WEIGHT_ROLE = Qt.ItemDataRole.UserRole + 3

NO_MUTMEM_TEXT = QT_TRANSLATE_NOOP("WeightsView", "This file carries no MutMem weights.")
BIN = 100  # histogram bin width (milli-weight); bins are centred on multiples of 100
# the guide lines, named in the plot's one unit (milli-weight)
BOUNDS = (
    (Q_MAX, QT_TRANSLATE_NOOP("WeightsView", "3000 ceiling")),
    (Q_START, QT_TRANSLATE_NOOP("WeightsView", "1000 start")),
    (Q_MIN, QT_TRANSLATE_NOOP("WeightsView", "100 floor")),
)
Y_TOP = Q_MAX + 350
HIST_TIP = QT_TRANSLATE_NOOP(
    "WeightsView", "Click a bar to list only the memories of that weight; click it again to show all"
)


@dataclass(frozen=True)
class _Row:
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
        self.rows: list[_Row] = []
        self.hom = False  # a HOM-AIMOS bundle: certification and reason instead of label and trust

    def set_rows(self, rows: list[_Row], *, hom: bool = False) -> None:
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
            if col == self.C_ID:
                return short_id(r.memory_id)
            if col == self.C_TEXT:
                return r.text
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
            if col == self.C_TRANS:
                return str(r.transitions)
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
        if role == Qt.ItemDataRole.ForegroundRole and self.hom:
            if col in (self.C_LABEL, self.C_TRUST) and r.status_ok is not None:
                return QBrush(label_badge("supported" if r.status_ok else "poison_confirmed")[1])
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == self.C_LABEL and r.label is not None:
                return QBrush(label_badge(r.label)[1])
            if col == self.C_TRUST and r.untrusted:
                return QBrush(label_badge("poison_likely")[1])
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (self.C_WEIGHT, self.C_TRANS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == self.C_ID:
                return r.memory_id
            if col == self.C_TEXT:
                return r.text
            if col == self.C_WEIGHT:
                return f"milli-weight {r.weight_q}" if self.hom else f"weight_q {r.weight_q}"
            if col == self.C_TRUST and self.hom:
                return r.reason or ""
            if col == self.C_LABEL and r.label_records:
                return self.tr("%n label record(s); the chain is in the Labels view", "", r.label_records)
        return None


class _MemoryFilter(QSortFilterProxyModel):
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


class TimeAxis(pg.DateAxisItem):  # type: ignore[misc]  # pyqtgraph ships no type stubs: its classes are Any
    """Signed time (UTC) for a bundle's weight chains: ticks on whole seconds, minutes,
    hours or days, each labelled as its spacing needs (``11:22:01``, ``08-11 10:40``,
    ``2026-08-11``) rather than pyqtgraph's sub-second ``01.000``."""

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        spacing, values = time_ticks(minVal, maxVal, int(size // 110))  # a label every ~110 px
        return [(spacing, values)] if values else []

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return time_labels(values, spacing)


def _bin_of(q: int) -> int:
    """Centre of the histogram bin holding milli-weight ``q`` (clamped to 100…3000)."""
    return min(max(math.floor(q / BIN + 0.5) * BIN, Q_MIN), Q_MAX)


def _log_height(count: int) -> float:
    return math.log10(count + 1)


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
        self._memory: str | None = None
        self._points: list[tuple[float, int]] = []
        self._commits: list[str | None] = []
        self._tips: list[str] = []
        self._label_commits: list[str] = []
        self._label_pos: list[tuple[float, float]] = []
        self._label_tips: list[str] = []
        self._highlight: str | None = None
        self._syncing = False
        self._hist_counts: dict[int, int] = {}
        self._left_tick = str(Q_MAX)
        self._hist_tick = "1000"

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

        # ---- top: trajectory -------------------------------------------------
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(4, 4, 4, 0)
        head = QHBoxLayout()
        self._title = QLabel()
        self._title.setWordWrap(True)
        self._title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._title.setTextFormat(Qt.TextFormat.PlainText)
        self._title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head.addWidget(self._title, 1)
        self._export_btn = QPushButton(self.tr("Export PNG…"))
        self._export_btn.setToolTip(self.tr("Save the weight plot as a PNG image"))
        self._export_btn.clicked.connect(lambda: self.export_png())
        head.addWidget(self._export_btn, 0, Qt.AlignmentFlag.AlignTop)
        tl.addLayout(head)
        self._caption = QLabel(self._caption_text())
        self._caption.setWordWrap(True)
        tl.addWidget(self._caption)

        self.plot = pg.PlotWidget()
        self.plot.setMinimumHeight(180)
        pi = self.plot.getPlotItem()
        self._dag_axis = pi.getAxis("bottom")
        self._time_axis = TimeAxis(orientation="bottom", utcOffset=0)
        pi.setLabel("bottom", self.tr("DAG position"))
        pi.setLabel("left", self.tr("milli-weight"))
        pi.setMouseEnabled(x=True, y=False)
        pi.hideButtons()
        pi.setMenuEnabled(False)
        pi.showGrid(x=True, y=True, alpha=0.15)
        self._curve = pg.PlotCurveItem()
        self._curve.setZValue(5)
        pi.addItem(self._curve)
        self._halo = pg.ScatterPlotItem(size=20, pxMode=True)
        self._halo.setZValue(6)
        pi.addItem(self._halo)
        self._scatter = pg.ScatterPlotItem(size=10, pxMode=True, hoverable=True, tip=self._point_tip)
        self._scatter.setZValue(10)
        self._scatter.sigClicked.connect(self._on_scatter_clicked)
        pi.addItem(self._scatter)
        self._label_scatter = pg.ScatterPlotItem(
            size=13, symbol="d", pxMode=True, hoverable=True, tip=self._label_tip
        )
        self._label_scatter.setZValue(11)
        self._label_scatter.sigClicked.connect(self._on_label_clicked)
        pi.addItem(self._label_scatter)
        self._label_texts: list[pg.TextItem] = []
        self._bound_lines: dict[int, pg.InfiniteLine] = {}
        for value, _text in BOUNDS:
            line = pg.InfiniteLine(pos=value, angle=0, movable=False)
            line.setZValue(1)
            pi.addItem(line)
            self._bound_lines[value] = line
        # the bounds are named on a right-hand axis, where no data point can hide them
        pi.showAxis("right")
        right = pi.getAxis("right")
        right.setTicks([[(v, self.tr(t)) for v, t in BOUNDS], []])
        right.setStyle(tickLength=0, showValues=True)
        pi.setYRange(0, Y_TOP, padding=0)
        tl.addWidget(self.plot, 1)

        # ---- bottom: overview ------------------------------------------------
        bottom = QSplitter(Qt.Orientation.Horizontal)
        hist_box = QWidget()
        hl = QVBoxLayout(hist_box)
        hl.setContentsMargins(4, 0, 0, 0)
        self._hist_title = QLabel()
        self._hist_title.setWordWrap(True)
        hl.addWidget(self._hist_title)
        self.histogram = pg.PlotWidget()
        self.histogram.setToolTip(self.tr(HIST_TIP))
        hpi = self.histogram.getPlotItem()
        hpi.setLabel("bottom", self.tr("current milli-weight"))
        # a short label: the plot is short (its title says the heights are on a log scale)
        hpi.setLabel("left", self.tr("memories"))
        hpi.getAxis("left").enableAutoSIPrefix(False)  # log heights: never "(x0.1)"
        hpi.setMouseEnabled(x=False, y=False)
        hpi.hideButtons()
        hpi.setMenuEnabled(False)
        hpi.setXRange(-BIN, Q_MAX + 2 * BIN, padding=0)
        self._bars = pg.BarGraphItem(x=[], height=[], width=BIN * 0.8)
        hpi.addItem(self._bars)
        self._hist_marker = pg.InfiniteLine(angle=90, movable=False)
        self._hist_marker.setZValue(5)
        self._hist_marker.hide()
        hpi.addItem(self._hist_marker)
        self.histogram.scene().sigMouseClicked.connect(self._on_histogram_clicked)
        self.histogram.scene().sigMouseMoved.connect(self._on_histogram_hover)
        hl.addWidget(self.histogram, 1)
        bottom.addWidget(hist_box)

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
        self._proxy = _MemoryFilter(self.model, self)
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
        fm = self.fontMetrics()
        for col, sample in (
            (MemoryTableModel.C_ID, "0123456789ab"),  # short_id() is 12 hex
            (MemoryTableModel.C_WEIGHT, "▲ 3000 ▲"),
            (MemoryTableModel.C_LABEL, "✖ poison_confirmed"),
            (MemoryTableModel.C_TRUST, "⚠ untrusted"),
            (MemoryTableModel.C_TRANS, "Transitions"),
        ):
            self.table.setColumnWidth(col, fm.horizontalAdvance(sample) + 16)
        self.table.selectionModel().currentRowChanged.connect(self._on_row_changed)
        bl.addWidget(self.table, 1)
        bottom.addWidget(table_box)
        bottom.setStretchFactor(0, 2)
        bottom.setStretchFactor(1, 3)
        bottom.setSizes([330, 670])
        bottom.setChildrenCollapsible(False)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        cl = QVBoxLayout(content)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.addWidget(split)

        self._fit_axes()
        self._apply_palette()
        self.clear()

    # ------------------------------------------------------------------ contract
    def clear(self) -> None:
        self._report = None
        self._mm = None
        if self._hom is not None:
            self._set_columns(False)
        self._hom = None
        self._set_time_axis(False)
        self._pos = {}
        self._record_to_memory = {}
        self.model.set_rows([])
        self._proxy.set_filter(text="", weight_range=None)
        self._filter_edit.blockSignals(True)
        self._filter_edit.clear()
        self._filter_edit.blockSignals(False)
        self._update_bin_label()
        self._plot_memory(None)
        self._fill_histogram()
        self._placeholder.setText(self.tr("No file open."))
        self._stack.setCurrentIndex(0)

    def set_report(self, report: Any) -> None:
        if is_hom(report):
            self._set_hom_report(report)
            return
        if not begin_mutmem_report(self, report, NO_MUTMEM_TEXT):  # translated there
            return
        self._pos = {cid: i for i, cid in enumerate(getattr(report, "order", []) or [])}
        rows = []
        for mid, mv in self._mm.memories.items():
            q = mv.weight_q if isinstance(mv.weight_q, int) else Q_START
            rows.append(
                _Row(
                    mid,
                    memory_text(report, mid),
                    q,
                    mv.label,
                    mv.untrusted,
                    max(len(mv.trajectory) - 1, 0),
                    len(mv.labels),
                )
            )
        self.model.set_rows(rows)
        self._fill_histogram()
        self._stack.setCurrentIndex(1)
        # outliers first: heaviest at the top; show the first one right away
        self.table.sortByColumn(MemoryTableModel.C_WEIGHT, Qt.SortOrder.DescendingOrder)
        if self._proxy.rowCount():
            first = self._proxy.index(0, 0).data(MEMORY_ID_ROLE)
            self.select(first)

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
            self._plot_memory(memory, highlight)
        finally:
            self._syncing = False

    # ------------------------------------------------------------------ for tests / export
    def current_memory(self) -> str | None:
        return self._memory

    def plotted_points(self) -> list[tuple[float, int]]:
        """(x, y) of the plotted trajectory points: DAG position, milli-weight."""
        return list(self._points)

    def point_commits(self) -> list[str | None]:
        """Transition commit of each plotted point (None for the implicit start)."""
        return list(self._commits)

    def label_markers(self) -> list[tuple[int, str | None, str]]:
        """(x, label, commit) of each label marker on the plot."""
        mv = self._mm.memories.get(self._memory) if self._mm and self._memory else None
        return [(lp.position, lp.label, lp.commit) for lp in mv.labels] if mv else []  # a bundle has none

    def bound_lines(self) -> dict[int, str]:
        """Horizontal reference lines on the weight plot: value → label text."""
        names = {v: self.tr(t) for v, t in BOUNDS}
        return {int(line.value()): names[v] for v, line in self._bound_lines.items()}

    def histogram_counts(self) -> dict[int, int]:
        """Bin centre (milli-weight) → number of memories."""
        return dict(self._hist_counts)

    def activate_point(self, index: int) -> None:
        """What a click on trajectory point ``index`` does: highlight it and emit
        its commit (the memory itself for the implicit start)."""
        if not 0 <= index < len(self._commits):
            return
        target = self._commits[index] or self._memory
        self._highlight = self._commits[index]
        self._draw_halo()
        if target and not self._syncing:
            self.selectionRequested.emit(target)

    def filter_weight_bin(self, centre: int | None) -> None:
        """Show only memories whose weight falls in the histogram bin at ``centre``
        (None: all)."""
        if centre is None:
            self._proxy.set_filter(weight_range=None)
        else:
            self._proxy.set_filter(weight_range=self._bin_range(centre))
        self._update_bin_label()

    def export_png(self, path: str | None = None) -> str | None:
        """Save the weight plot as PNG (asks with a file dialog when ``path`` is None).
        Returns the path written, or None when cancelled."""
        if path is None:
            name = f"weights-{short_id(self._memory)}.png" if self._memory else "weights.png"
            path, _ = QFileDialog.getSaveFileName(
                self, self.tr("Export weight plot"), name, self.tr("PNG images (*.png)")
            )
            if not path:
                return None
        ok = False
        try:
            from pyqtgraph.exporters import ImageExporter

            exporter = ImageExporter(self.plot.getPlotItem())
            exporter.parameters()["background"] = self.plot.backgroundBrush().color()
            exporter.export(path)
            ok = os.path.exists(path) and os.path.getsize(path) > 0
        except Exception:
            ok = False
        if not ok:
            self.plot.grab().save(path, "PNG")
        return path

    # ------------------------------------------------------------------ drawing
    def _plot_memory(self, memory_id: str | None, highlight: str | None = None) -> None:
        self._memory = memory_id
        self._highlight = highlight
        for t in self._label_texts:
            self.plot.getPlotItem().removeItem(t)
        self._label_texts = []
        if self._hom is not None:
            self._plot_chain(memory_id, highlight)
            return
        mv = self._mm.memories.get(memory_id) if self._mm is not None and memory_id else None
        if mv is None or not memory_id:
            self._points, self._commits, self._tips = [], [], []
            self._label_commits, self._label_tips, self._label_pos = [], [], []
            self._curve.setData([], [])
            self._scatter.setData([])
            self._label_scatter.setData([])
            self._halo.setData([])
            self._hist_marker.hide()
            self._title.setText(
                self.tr("Select a memory in the table below to plot its weight.")
                if self._mm is not None
                else ""
            )
            self.plot.getPlotItem().setXRange(0, max(len(self._pos) - 1, 1), padding=0.02)
            self._export_btn.setEnabled(False)
            return
        self._export_btn.setEnabled(True)
        head_x = max(len(self._pos) - 1, 0)
        traj = mv.trajectory or [TrajectoryPoint(None, None, Q_START)]  # the core always has the start
        x0 = self._pos.get(memory_id)
        if x0 is None:
            x0 = next((p.position for p in traj if p.position is not None), 0)
        xs: list[int] = []
        ys: list[int] = []
        commits: list[str | None] = []
        tips: list[str] = []
        prev_x = x0
        prev_y: float = Q_START  # a hostile file's weight may be any number (int() where it is drawn)
        n = len(traj) - 1
        for i, p in enumerate(traj):
            x = x0 if i == 0 else (p.position if p.position is not None else prev_x)
            y = (
                p.weight_q
                if isinstance(p.weight_q, (int, float)) and not isinstance(p.weight_q, bool)
                else prev_y
            )
            xs.append(int(x))
            ys.append(int(y))
            commits.append(p.commit)
            if i == 0:
                tips.append(
                    self.tr("start: weight %1\nposition %2 (the memory itself)")
                    .replace("%1", str(y))
                    .replace("%2", str(x))
                )
            else:
                delta = y - prev_y
                lines = [
                    self.tr("transition %1 of %2: %3 → %4 (%5)")
                    .replace("%1", str(i))
                    .replace("%2", str(n))
                    .replace("%3", str(prev_y))
                    .replace("%4", str(y))
                    .replace("%5", f"{'+' if delta >= 0 else ''}{delta}"),
                    self.tr("position %1").replace("%1", str(x)),
                ]
                if p.valence is not None:
                    lines.append(
                        self.tr("valence %1, eta %2")
                        .replace("%1", f"{p.valence:+.3f}")
                        .replace("%2", str(p.eta))
                    )
                lines.append(self.tr("commit %1").replace("%1", str(p.commit)))
                tips.append("\n".join(lines))
            prev_x, prev_y = x, y
        self._points = list(zip(xs, ys, strict=False))
        self._commits = commits
        self._tips = tips

        # step line, carried on to HEAD at the current weight
        sx: list[float] = [xs[0]]
        sy: list[float] = [ys[0]]
        for x, y in zip(xs[1:], ys[1:], strict=False):
            sx += [x, x]
            sy += [sy[-1], y]
        end_x = max(head_x, xs[-1])
        sx.append(end_x)
        sy.append(sy[-1])
        pal = self.palette()
        line_color = pal.color(QPalette.ColorRole.Highlight)
        self._curve.setData(sx, sy, pen=pg.mkPen(line_color, width=2))
        base = pal.color(QPalette.ColorRole.Base)
        self._scatter.setData(
            [
                {
                    "pos": (x, y),
                    "data": i,
                    "brush": pg.mkBrush(line_color),
                    "pen": pg.mkPen(base, width=1.5),
                    "symbol": "s" if i == 0 else "o",
                }
                for i, (x, y) in enumerate(self._points)
            ]
        )

        # label records: a diamond on the step line, the label written beside it
        spots = []
        self._label_commits, self._label_tips, self._label_pos = [], [], []
        span = max(end_x - x0, 1)
        placed: list[tuple[float, float, float, int]] = []  # (left, right, y, level) in pixels
        px_x, px_y = self._pixels_per_unit(end_x - x0 + 2 * max(span * 0.03, 2), max(Y_TOP, max(ys) + 250))
        fm = self.plot.fontMetrics()
        line_h = fm.height() * 1.15 + 4
        for j, lp in enumerate(mv.labels):
            lx = lp.position if isinstance(lp.position, int) and lp.position >= 0 else x0
            ly = self._weight_at(lx)
            text, color = label_badge(lp.label)
            spots.append(
                {"pos": (lx, ly), "data": j, "brush": pg.mkBrush(color), "pen": pg.mkPen(base, width=1.5)}
            )
            self._label_commits.append(lp.commit)
            self._label_pos.append((lx, ly))
            conf = lp.confidence_milli
            self._label_tips.append(
                self.tr("%1 (rank %2)\nby %3 (%4)")
                .replace("%1", text)
                .replace("%2", str(rank(lp.label)))
                .replace("%3", lp.key_id or "?")
                .replace("%4", lp.role or "?")
                + (self.tr(", confidence %1/1000").replace("%1", str(conf)) if isinstance(conf, int) else "")
                + "\n"
                + self.tr("position %1").replace("%1", str(lp.position))
                + f"\n{lp.reason}\n"
                + self.tr("commit %1").replace("%1", str(lp.commit))
            )
            half = (fm.horizontalAdvance(text) + 14) / 2
            cx, cy = lx * px_x, ly * px_y
            level = 0
            while any(
                lvl == level and left < cx + half and cx - half < right and abs(cy - y) < line_h
                for left, right, y, lvl in placed
            ):
                level += 1
            placed.append((cx - half, cx + half, cy, level))
            item = pg.TextItem(
                text, color=color, anchor=(0.5, 1.25 + 1.15 * level), fill=pg.mkBrush(_with_alpha(base, 215))
            )
            item.setPos(lx, ly)
            item.setZValue(12)
            self.plot.getPlotItem().addItem(item)
            self._label_texts.append(item)
        self._label_scatter.setData(spots)
        self._draw_halo()

        pi = self.plot.getPlotItem()
        pad = max(span * 0.03, 2)
        pi.setXRange(x0 - pad, end_x + pad, padding=0)
        top = max(Y_TOP, max(ys) + 250)
        pi.setYRange(0, top, padding=0)
        self._fit_axes(left_tick=str(max(Q_MAX, max(ys))))

        cur_text = label_badge(mv.label)[0] if mv.label is not None else self.tr("none (no label record)")
        trust = " · ⚠ " + self.tr("untrusted") if mv.untrusted else ""
        self._title.setText(
            self.tr("Memory %1 — “%2”")
            .replace("%1", short_id(memory_id))
            .replace("%2", displayable(memory_text(self._report, memory_id, 110))[0])
            + "\n"
            + self.tr("weight now %1 after %n transition(s)", "", n).replace("%1", str(mv.weight_q))
            + " · "
            + self.tr("label %1").replace("%1", cur_text)
            + trust
        )
        self._title.setToolTip(memory_id)
        self._hist_marker.setValue(mv.weight_q)
        self._hist_marker.show()

    # ------------------------------------------------------------------ HOM-AIMOS bundles
    def _caption_text(self) -> str:
        if self._hom is not None:
            return self.tr(
                "● signed weight transition at its signing time (click to select it)   "
                "■ the chain's start (1000, or its signed baseline)   dashed: floor, start, ceiling"
            )
        return self.tr(
            "● weight transition (click to select its commit)   ◆ label record   "
            "■ the memory's own commit (start, 1000)   dashed: floor, start, ceiling"
        )

    def _set_time_axis(self, on: bool) -> None:
        """Signed time (UTC) along x for a bundle's chains; DAG positions for a store."""
        pi = self.plot.getPlotItem()
        want = self._time_axis if on else self._dag_axis
        if pi.getAxis("bottom") is not want:
            pi.setAxisItems({"bottom": want})
        pi.setLabel("bottom", self.tr("signed time (UTC)") if on else self.tr("DAG position"))
        self._caption.setText(self._caption_text())

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

    def _set_hom_report(self, report: Any) -> None:
        """A HOM-AIMOS bundle: one row per weight chain, its certification and reason."""
        self.clear()
        self._set_columns(True)
        self._report = report
        self._hom = index(report)
        self._set_time_axis(True)
        self._caption.setText(self._caption_text())
        if not self._hom.memories:
            self._placeholder.setText(
                self.tr("This bundle carries no weight chains (a %1 bundle).").replace(
                    "%1", str(report.hom.kind)
                )
            )
            self._stack.setCurrentIndex(0)
            return
        rows = []
        for mid, chain in self._hom.memories.items():
            term = chain.terminal_weight_milli
            q = term if isinstance(term, int) and not isinstance(term, bool) else Q_START
            rec = self._hom.records.get(mid)
            rows.append(
                _Row(
                    mid,
                    self.tr("content %1").replace("%1", short(chain.content_hash, 16)),
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
        self.model.set_rows(rows, hom=True)
        self._fill_histogram()
        self._stack.setCurrentIndex(1)
        self.table.sortByColumn(MemoryTableModel.C_WEIGHT, Qt.SortOrder.DescendingOrder)
        if self._proxy.rowCount():
            self.select(self._proxy.index(0, 0).data(MEMORY_ID_ROLE))

    def _plot_chain(self, memory_id: str | None, highlight: str | None) -> None:
        """One bundle weight chain: milli-weights over signed time; each point's tooltip
        gives the float32 mirrors, the signed JSON floats, the judge valence, the signer
        and whether every check of the step passed."""
        assert self._hom is not None
        chain = self._hom.memories.get(memory_id) if memory_id else None
        pi = self.plot.getPlotItem()
        self._label_commits, self._label_tips, self._label_pos = [], [], []
        self._label_scatter.setData([])
        if chain is None:
            self._points, self._commits, self._tips = [], [], []
            self._curve.setData([], [])
            self._scatter.setData([])
            self._halo.setData([])
            self._hist_marker.hide()
            self._title.setText(self.tr("Select a memory in the table below to plot its weight."))
            self._export_btn.setEnabled(False)
            return
        self._export_btn.setEnabled(True)
        steps = chain.steps
        base = chain.baseline
        start_y = Q_START
        if base is not None and _int(base.observed_weight_milli) is not None:
            start_y = int(base.observed_weight_milli)
        elif steps and _int(steps[0].old_weight_milli) is not None:
            start_y = int(steps[0].old_weight_milli)
        first_t = next((number(st.signed_at) for st in steps if number(st.signed_at) is not None), None)
        start_x = number(base.observed_at) if base is not None else None
        if start_x is None:
            start_x = first_t if first_t is not None else 0.0
        start_tip = self.tr("start: %1").replace("%1", str(start_y))
        if base is not None:
            start_tip += "\n" + self.tr("signed baseline, observed %1 (float32 %2)").replace(
                "%1", when(base.observed_at)
            ).replace("%2", str(base.observed_weight_float4))
        else:
            start_tip += "\n" + self.tr("the protocol default (no baseline)")
        xs: list[float] = [start_x]
        ys: list[int] = [start_y]
        ids: list[str | None] = [None]
        tips: list[str] = [start_tip]
        n = len(steps)
        for i, st in enumerate(steps):
            x = number(st.signed_at)
            x = x if x is not None else xs[-1]
            y = _int(st.new_weight_milli)
            y = y if y is not None else ys[-1]
            prev = ys[-1]
            lines = [
                self.tr("transition %1 of %2: %3 → %4 (%5)")
                .replace("%1", str(i + 1))
                .replace("%2", str(n))
                .replace("%3", str(st.old_weight_milli))
                .replace("%4", str(st.new_weight_milli))
                .replace("%5", f"{y - prev:+d}"),
                self.tr("float32 mirrors %1 → %2 (%3 → %4)")
                .replace("%1", str(st.old_weight_float4))
                .replace("%2", str(st.new_weight_float4))
                .replace("%3", float4_value(st.old_weight_float4))
                .replace("%4", float4_value(st.new_weight_float4)),
                self.tr("signed JSON floats %1 → %2")
                .replace("%1", str(st.old_weight))
                .replace("%2", str(st.new_weight)),
                self.tr("judge valence %1").replace("%1", _signed(st.judge_valence)),
                self.tr("signed %1 by %2, certificate %3")
                .replace("%1", when(st.signed_at))
                .replace("%2", str(st.signer_agent_id))
                .replace("%3", short(st.certificate_fingerprint, 16)),
                ("✔ " + self.tr("every check of this step passed"))
                if st.verified
                else ("✖ " + self.tr("this step did not verify (see Findings)")),
                self.tr("projection %1").replace("%1", str(st.projection_id)),
            ]
            xs.append(x)
            ys.append(y)
            ids.append(st.projection_id if isinstance(st.projection_id, str) else None)
            tips.append("\n".join(lines))
        self._points = list(zip(xs, ys, strict=True))
        self._commits = ids
        self._tips = tips
        sx, sy = [xs[0]], [ys[0]]
        for x, y in zip(xs[1:], ys[1:], strict=True):
            sx += [x, x]
            sy += [sy[-1], y]
        pal = self.palette()
        line_color = pal.color(QPalette.ColorRole.Highlight)
        bad = QColor(label_badge("poison_confirmed")[1])
        self._curve.setData(sx, sy, pen=pg.mkPen(line_color, width=2))
        basec = pal.color(QPalette.ColorRole.Base)
        self._scatter.setData(
            [
                {
                    "pos": (x, y),
                    "data": i,
                    "brush": pg.mkBrush(line_color if i == 0 or steps[i - 1].verified else bad),
                    "pen": pg.mkPen(basec, width=1.5),
                    "symbol": "s" if i == 0 else ("o" if steps[i - 1].verified else "x"),
                }
                for i, (x, y) in enumerate(self._points)
            ]
        )
        self._draw_halo()
        lo, hi = min(xs), max(xs)
        pad = max((hi - lo) * 0.08, 1.0)
        pi.setXRange(lo - pad, hi + pad, padding=0)
        top = max(Y_TOP, max(ys) + 250)
        pi.setYRange(0, top, padding=0)
        self._fit_axes(left_tick=str(max(Q_MAX, max(ys))))
        rec = self._hom.records.get(memory_id or "")
        status = ""
        if rec is not None:
            status = " · " + ("✔ " if rec.ok else "✖ ") + str(rec.certification_status)
            if rec.reason:
                status += f" ({rec.reason})"
        self._title.setText(
            self.tr("Memory %1 — content %2")
            .replace("%1", str(memory_id))
            .replace("%2", short(chain.content_hash, 16))
            + "\n"
            + self.tr("weight now %1 after %n signed transition(s)", "", n).replace(
                "%1", str(chain.terminal_weight_milli)
            )
            + " · "
            + self.tr("declared %1 (float32 %2)")
            .replace("%1", str(chain.declared_weight_milli))
            .replace("%2", str(chain.declared_weight_float4))
            + status
        )
        self._title.setToolTip(str(memory_id))
        self._hist_marker.setValue(ys[-1])
        self._hist_marker.show()

    def _pixels_per_unit(self, x_span: float, y_span: float) -> tuple[float, float]:
        """Pixels per data unit along x and y of the trajectory plot (its view box, or
        an estimate from the widget before the first layout)."""
        vb = self.plot.getPlotItem().getViewBox()
        w = vb.width() if vb.width() > 50 else max(self.plot.width() - 110, 200)
        h = vb.height() if vb.height() > 50 else max(self.plot.height() - 50, 120)
        return w / max(x_span, 1e-9), h / max(y_span, 1e-9)

    def label_text_rects(self) -> list[QRectF]:
        """Scene rectangles of the label texts on the plot (tests: they never overlap)."""
        return [t.sceneBoundingRect() for t in self._label_texts]

    def _weight_at(self, x: float) -> int:
        y = self._points[0][1] if self._points else Q_START
        for px, py in self._points:
            if px <= x:
                y = py
        return y

    def _draw_halo(self) -> None:
        spots = []
        ring = pg.mkPen(self.palette().color(QPalette.ColorRole.Text), width=2)
        if self._highlight is not None:
            for i, c in enumerate(self._commits):
                if c == self._highlight:
                    spots.append({"pos": self._points[i], "pen": ring, "brush": pg.mkBrush(None)})
            for j, c in enumerate(self._label_commits):
                if c == self._highlight:
                    spots.append({"pos": self._label_pos[j], "pen": ring, "brush": pg.mkBrush(None)})
        self._halo.setData(spots)

    def _fill_histogram(self) -> None:
        counts: dict[int, int] = {}
        untrusted = 0
        rows = self.model.rows
        for r in rows:
            c = _bin_of(r.weight_q)
            counts[c] = counts.get(c, 0) + 1
            untrusted += r.untrusted
        self._hist_counts = counts
        xs = sorted(counts)
        heights = [_log_height(counts[x]) for x in xs]
        dark = is_dark()
        down, neutral, up = (QColor("#ef6c00"), QColor("#9e9e9e"), QColor("#1e88e5"))
        if dark:
            down, up = down.lighter(130), up.lighter(130)
        brushes = [pg.mkBrush(up if x > Q_START else down if x < Q_START else neutral) for x in xs]
        self._bars.setOpts(x=xs, height=heights, width=BIN * 0.8, brushes=brushes, pen=pg.mkPen(None))
        hpi = self.histogram.getPlotItem()
        top = max(heights, default=_log_height(1))
        ticks = [
            (_log_height(v), str(v))
            for v in (1, 10, 100, 1000, 10000, 100000)
            if _log_height(v) <= top * 1.001 or v == 1
        ]
        hpi.getAxis("left").setTicks([ticks, []])
        self._fit_axes(hist_tick=max((t for _, t in ticks), key=len))
        hpi.setYRange(0, top * 1.08, padding=0)
        hpi.getAxis("bottom").setTicks(
            [[(v, str(v)) for v in (100, 1000, 2000, 3000)], [(v, "") for v in range(500, 3000, 500)]]
        )
        if rows and self._hom is not None:  # a bundle's chains carry no labels: no trust to count
            moved = sum(r.weight_q != Q_START for r in rows)
            self._hist_title.setText(
                self.tr("%n memory(ies)", "", len(rows))
                + " · "
                + self.tr("%n moved from the 1000 start", "", moved)
                + "\n"
                + self.tr("▼ orange: below the 1000 start · ▲ blue: above · bar heights on a log scale")
            )
        elif rows:
            moved = sum(r.weight_q != Q_START for r in rows)
            self._hist_title.setText(
                self.tr("%n memory(ies)", "", len(rows))
                + " · "
                + self.tr("%1 reweighted · %2 ⚠ untrusted")
                .replace("%1", str(moved))
                .replace("%2", str(untrusted))
                + "\n"
                + self.tr("▼ orange: below the 1000 start · ▲ blue: above · bar heights on a log scale")
            )
        else:
            self._hist_title.setText("")

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

    # ------------------------------------------------------------------ palette
    def _apply_palette(self) -> None:
        pal = self.palette()
        bg = pal.color(QPalette.ColorRole.Base)
        fg = pal.color(QPalette.ColorRole.Text)
        for pw in (self.plot, self.histogram):
            pw.setBackground(bg)
            pi = pw.getPlotItem()
            for name in ("left", "bottom", "right"):
                ax = pi.getAxis(name)
                ax.setPen(pg.mkPen(fg))
                ax.setTextPen(pg.mkPen(fg))
        for ax in (self._dag_axis, self._time_axis):  # the one not shown now, for when it is
            ax.setPen(pg.mkPen(fg))
            ax.setTextPen(pg.mkPen(fg))
        dim = _with_alpha(fg, 150)
        for _value, line in self._bound_lines.items():
            line.setPen(pg.mkPen(dim, width=1, style=Qt.PenStyle.DashLine))
        self._hist_marker.setPen(
            pg.mkPen(pal.color(QPalette.ColorRole.Highlight), width=2, style=Qt.PenStyle.DashLine)
        )

    def _fit_axes(self, left_tick: str | None = None, hist_tick: str | None = None) -> None:
        """Give the vertical axes room for their widest tick text up front (pyqtgraph
        would otherwise widen them only after a first paint with clipped labels)."""
        if left_tick is not None:
            self._left_tick = left_tick
        if hist_tick is not None:
            self._hist_tick = hist_tick
        fm = self.plot.fontMetrics()
        pi = self.plot.getPlotItem()
        widest_bound = max((self.tr(t) for _, t in BOUNDS), key=fm.horizontalAdvance)
        for name, widest in (("left", self._left_tick), ("right", widest_bound)):
            pi.getAxis(name).setStyle(
                autoExpandTextSpace=False, tickTextWidth=fm.horizontalAdvance(widest) + 6
            )
        hfm = self.histogram.fontMetrics()
        self.histogram.getPlotItem().getAxis("left").setStyle(
            autoExpandTextSpace=False, tickTextWidth=hfm.horizontalAdvance(self._hist_tick) + 6
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit_axes()
        if event.type() in (
            QEvent.Type.PaletteChange,
            QEvent.Type.ApplicationPaletteChange,
            QEvent.Type.StyleChange,
        ):
            self._apply_palette()
            if self._mm is not None or self._hom is not None:
                self._plot_memory(self._memory, self._highlight)
                self._fill_histogram()
        super().changeEvent(event)

    # ------------------------------------------------------------------ slots
    def _point_tip(self, x: float, y: float, data: Any) -> str:
        return self._tips[data] if isinstance(data, int) and 0 <= data < len(self._tips) else ""

    def _label_tip(self, x: float, y: float, data: Any) -> str:
        if isinstance(data, int) and 0 <= data < len(self._label_tips):
            return self._label_tips[data]
        return ""

    def _on_scatter_clicked(self, item: Any, points: Any, ev: Any = None) -> None:
        if len(points):
            self.activate_point(int(points[0].data()))

    def _on_label_clicked(self, item: Any, points: Any, ev: Any = None) -> None:
        if not len(points):
            return
        j = int(points[0].data())
        if 0 <= j < len(self._label_commits):
            self._highlight = self._label_commits[j]
            self._draw_halo()
            if not self._syncing:
                self.selectionRequested.emit(self._label_commits[j])

    def _on_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if not current.isValid():
            return
        mid = current.data(MEMORY_ID_ROLE)
        if not mid:
            return
        if mid != self._memory:
            self._plot_memory(mid)
        if not self._syncing:
            self.selectionRequested.emit(mid)

    def _bin_at_scene(self, scene_pos: QPointF) -> int | None:
        vb = self.histogram.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(scene_pos):
            return None
        p = vb.mapSceneToView(scene_pos)
        centre = _bin_of(round(p.x()))
        if abs(p.x() - centre) > BIN * 0.5 or centre not in self._hist_counts:
            return None
        return centre

    def _on_histogram_clicked(self, ev: Any) -> None:
        centre = self._bin_at_scene(ev.scenePos())
        if centre is not None:
            self.filter_weight_bin(None if self._proxy.weight_range == self._bin_range(centre) else centre)

    def _bin_range(self, centre: int) -> tuple[int, int]:
        lo = Q_MIN if centre <= Q_MIN else centre - BIN // 2
        hi = Q_MAX if centre >= Q_MAX else centre + BIN // 2 - 1
        return lo, hi

    def _on_histogram_hover(self, scene_pos: QPointF) -> None:
        centre = self._bin_at_scene(scene_pos)
        if centre is None:
            self.histogram.setToolTip(self.tr(HIST_TIP))
            return
        lo, hi = self._bin_range(centre)
        self.histogram.setToolTip(
            self.tr("weight %1–%2: %n memory(ies)\nclick to show only these", "", self._hist_counts[centre])
            .replace("%1", str(lo))
            .replace("%2", str(hi))
        )


def _with_alpha(c: QColor, alpha: int) -> QColor:
    out = QColor(c)
    out.setAlpha(alpha)
    return out


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _signed(value: Any) -> str:
    x = number(value)
    return f"{x:+.3g}" if x is not None else str(value)


def fm_width(widget: QWidget, sample: str) -> int:
    return widget.fontMetrics().horizontalAdvance(sample) + 16
