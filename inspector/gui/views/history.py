"""History: one commit per row, lanes painted by a delegate, era bands, status
badges, and search/filter by text, status, era and memory type."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPointF, QRectF, QSize, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.lanes import LaneRow
from ...core.verify.report import Report, Status
from ..models import ERA_ROLE, LANE_ROLE, OBJECT_ID_ROLE, STATUS_ROLE, HistoryFilter, HistoryModel
from ..style import era_color

LANE_W = 14
BAND_W = 6


class LaneDelegate(QStyledItemDelegate):
    """Paints the graph column: the era band, lane lines and the node."""

    def __init__(self, model: HistoryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        lanes: LaneRow | None = index.data(LANE_ROLE)
        w = BAND_W + 8 + LANE_W * (lanes.width if lanes else 1)
        return QSize(min(w, 220), 22)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        style = option.widget.style() if option.widget else None
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget)
        lanes: LaneRow | None = index.data(LANE_ROLE)
        raw_status = index.data(STATUS_ROLE)  # Qt hands a str-Enum back as a plain str
        era: int | None = index.data(ERA_ROLE)
        if lanes is None or raw_status is None:
            return
        status = Status(raw_status)
        r = option.rect
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if era is not None:
            painter.fillRect(QRectF(r.left(), r.top(), BAND_W, r.height()), era_color(era))
        x0 = r.left() + BAND_W + 4 + LANE_W / 2
        top, mid, bottom = r.top(), r.top() + r.height() / 2, r.bottom() + 1
        fg = option.palette.color(option.palette.ColorRole.Text)
        line = QColor(fg)
        line.setAlpha(150)
        pen = QPen(line, 1.6)
        painter.setPen(pen)
        lx = lambda lane: x0 + lane * LANE_W  # noqa: E731
        if not self.model.filter.active:
            for a, b in lanes.up:
                painter.drawLine(QPointF(lx(a), top), QPointF(lx(b), mid))
            for a, b in lanes.down:
                painter.drawLine(QPointF(lx(a), mid), QPointF(lx(b), bottom))
        cx, rad = lx(lanes.lane if not self.model.filter.active else 0), 5.0
        if status.ok:
            color = era_color(era) if era is not None else QColor("#757575")
            painter.setBrush(QBrush(color))
            painter.setPen(QPen(fg, 1))
            if lanes.is_merge:
                painter.drawRect(QRectF(cx - rad, mid - rad, 2 * rad, 2 * rad))
            else:
                painter.drawEllipse(QPointF(cx, mid), rad, rad)
        else:  # dark or broken commits stand out: a red diamond with a mark
            d = rad + 2
            poly = QPolygonF(
                [QPointF(cx, mid - d), QPointF(cx + d, mid), QPointF(cx, mid + d), QPointF(cx - d, mid)]
            )
            path = QPainterPath()
            path.addPolygon(poly)
            painter.fillPath(path, QBrush(QColor("#c62828")))
            painter.setPen(QPen(QColor("white"), 1.5))
            painter.drawLine(QPointF(cx, mid - 3), QPointF(cx, mid + 1))
            painter.drawPoint(QPointF(cx, mid + 3))
        painter.restore()


class HistoryView(QWidget):
    selectionRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.model = HistoryModel(self)
        self._quiet = False

        self.search = QLineEdit(placeholderText="Search id or content…  (Ctrl+F)")
        self.search.setAccessibleName("Search history")
        self.status_combo = QComboBox()
        self.status_combo.setAccessibleName("Filter by status")
        self.era_combo = QComboBox()
        self.era_combo.setAccessibleName("Filter by era")
        self.type_combo = QComboBox()
        self.type_combo.setAccessibleName("Filter by memory type")
        self.count = QLabel()
        bar = QHBoxLayout()
        bar.addWidget(self.search, 3)
        for label, w in (("Status", self.status_combo), ("Era", self.era_combo), ("Type", self.type_combo)):
            lab = QLabel(label + ":")
            lab.setBuddy(w)
            bar.addWidget(lab)
            bar.addWidget(w, 1)
        bar.addWidget(self.count)

        self.table = QTableView()
        self.table.setAccessibleName("Commit history")
        self.table.setModel(self.model)
        self.table.setItemDelegateForColumn(HistoryModel.GRAPH, LaneDelegate(self.model, self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        h.setStretchLastSection(False)
        h.setSectionResizeMode(HistoryModel.SUMMARY, QHeaderView.ResizeMode.Stretch)
        for col, w in (
            (HistoryModel.GRAPH, 56),
            (HistoryModel.STATUS, 118),
            (HistoryModel.SIGNER, 150),
            (HistoryModel.TYPE, 140),
            (HistoryModel.TIME, 128),
            (HistoryModel.ID, 110),
        ):
            self.table.setColumnWidth(col, w)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(bar)
        lay.addWidget(self.table)
        self.search.textChanged.connect(self._apply_filter)
        for c in (self.status_combo, self.era_combo, self.type_combo):
            c.currentIndexChanged.connect(self._apply_filter)
        self.clear()

    # ---- contract -------------------------------------------------------------
    def clear(self) -> None:
        self.set_report(None)

    def set_report(self, report: Report | None) -> None:
        self.report = report
        self._quiet = True
        self.model.set_report(report)
        for combo in (self.status_combo, self.era_combo, self.type_combo):
            combo.blockSignals(True)
            combo.clear()
        self.status_combo.addItem("All", None)
        self.status_combo.addItem("Problems only", "problems")
        self.era_combo.addItem("All", None)
        self.type_combo.addItem("All", None)
        if report is not None:
            present = set(report.commits.values())
            for s in Status:
                if s in present:
                    self.status_combo.addItem(s.value, s.value)
            for e in report.eras:
                self.era_combo.addItem(f"{e.key_id} ({e.role})", e.index)
            types = sorted(k.split(":", 1)[1] for k in report.counts if k.startswith("memory_type:"))
            for t in types:
                self.type_combo.addItem(t, t)
        for combo in (self.status_combo, self.era_combo, self.type_combo):
            combo.blockSignals(False)
        self.search.clear()
        self._apply_filter()
        self._quiet = False

    def select(self, object_id: str) -> None:
        if self.report is None or object_id not in self.report.commits:
            return
        row = self.model.row_for(object_id)
        if row is None:  # filtered out: clear filters so the selection shows
            self.search.clear()
            for c in (self.status_combo, self.era_combo, self.type_combo):
                c.setCurrentIndex(0)
            row = self.model.row_for(object_id)
        if row is None:
            return
        idx = self.model.index(row, 0)
        self._quiet = True
        self.table.setCurrentIndex(idx)
        self.table.scrollTo(idx, QAbstractItemView.ScrollHint.PositionAtCenter)
        self._quiet = False

    def highlight_era(self, era: int | None) -> None:
        self.model.set_highlight_era(era)

    def filter_to(self, *, status: str | None = None, era: int | None = None) -> None:
        if status is not None:
            self.status_combo.setCurrentIndex(max(0, self.status_combo.findData(status)))
        if era is not None:
            self.era_combo.setCurrentIndex(max(0, self.era_combo.findData(era)))

    # ---- internals ------------------------------------------------------------
    def _apply_filter(self) -> None:
        flt = HistoryFilter(
            self.search.text(),
            self.status_combo.currentData(),
            self.era_combo.currentData(),
            self.type_combo.currentData(),
        )
        if flt.active or self.model.filter.active:
            self.model.set_filter(flt)
        total = len(self.model.ids)
        shown = self.model.rowCount()
        self.count.setText(f"{shown:,} of {total:,}" if shown != total else f"{total:,} commits")

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._quiet or not current.isValid():
            return
        cid = current.data(OBJECT_ID_ROLE)
        if cid:
            self.selectionRequested.emit(cid)

    def selected_id(self) -> str | None:
        idx = self.table.currentIndex()
        return idx.data(OBJECT_ID_ROLE) if idx.isValid() else None
