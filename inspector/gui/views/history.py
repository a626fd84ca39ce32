"""History: one commit per row, lanes painted by a delegate, era bands, status
badges, and search/filter by text, status, era and memory type.

The search box matches ids, every string of content and provenance (keys and values,
at any depth), signers' key_ids, statuses, finding codes and MutMem labels (the core's
:mod:`~inspector.core.search`); what it and the filters show is computed in slices of at most
20 ms between the window's events (:mod:`..history_search`), a quarter second
after the last keystroke, with its progress in the count label, which says "N of M" only
once all M were looked at."""

from __future__ import annotations

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.lanes import LaneRow
from ...core.verify.report import Report, Status
from ..history_search import INDEXING, Facets, HistorySearch
from ..hom import no_history_text
from ..models import (
    ERA_ROLE,
    LANE_ROLE,
    OBJECT_ID_ROLE,
    PROVEN_ROLE,
    STATUS_ROLE,
    HistoryModel,
    untrusted_label,
)
from ..style import PROBLEM_COLOR, era_color, status_badge

LANE_W = 14
BAND_W = 6
MIN_SUMMARY = 260  # the Summary column never gets narrower than this


class LaneDelegate(QStyledItemDelegate):
    """Paints the graph column: the era band, lane lines and the node."""

    def __init__(self, model: HistoryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        lanes: LaneRow | None = index.data(LANE_ROLE)
        w = BAND_W + 8 + LANE_W * (lanes.width if lanes else 1)
        return QSize(min(w, 220), 22)

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
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

        def lx(lane: int) -> float:
            return x0 + lane * LANE_W

        if not self.model.filter.active:
            for a, b in lanes.up:
                painter.drawLine(QPointF(lx(a), top), QPointF(lx(b), mid))
            for a, b in lanes.down:
                painter.drawLine(QPointF(lx(a), mid), QPointF(lx(b), bottom))
        if index.data(PROVEN_ROLE):  # inside the proven region: a green bar on the lane side
            painter.fillRect(QRectF(r.right() - 3, r.top(), 3, r.height()), QColor("#2e7d32"))
        cx = lx(lanes.lane if not self.model.filter.active else 0)
        failing = self.model.failing(index.data(OBJECT_ID_ROLE), status)
        self._paint_node(painter, QPointF(cx, mid), era, fg, lanes.is_merge, failing)
        painter.restore()

    @staticmethod
    def _paint_node(
        painter: QPainter, c: QPointF, era: int | None, fg: QColor, merge: bool, failing: bool
    ) -> None:
        """A circle (a square for a merge) in the era's colour; dark, broken or failing
        commits stand out: a red diamond with a mark."""
        rad = 5.0
        cx, mid = c.x(), c.y()
        if not failing:
            painter.setBrush(QBrush(era_color(era) if era is not None else QColor("#757575")))
            painter.setPen(QPen(fg, 1))
            if merge:
                painter.drawRect(QRectF(cx - rad, mid - rad, 2 * rad, 2 * rad))
            else:
                painter.drawEllipse(c, rad, rad)
            return
        d = rad + 2
        path = QPainterPath()
        path.addPolygon(
            QPolygonF(
                [QPointF(cx, mid - d), QPointF(cx + d, mid), QPointF(cx, mid + d), QPointF(cx - d, mid)]
            )
        )
        painter.fillPath(path, QBrush(QColor(PROBLEM_COLOR)))
        painter.setPen(QPen(QColor("white"), 1.5))
        painter.drawLine(QPointF(cx, mid - 3), QPointF(cx, mid + 1))
        painter.drawPoint(QPointF(cx, mid + 3))


class HistoryView(QWidget):
    """Signals: ``selectionRequested(str)``; ``provenCleared()`` when the user clears
    the shaded proven region."""

    selectionRequested = Signal(str)
    provenCleared = Signal()
    searchFinished = Signal(int)  # the rows shown after a search or filter (all were looked at)

    DEBOUNCE_MS = 250

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.model = HistoryModel(self)
        self._quiet = False
        self.searcher = HistorySearch(self)
        self.searcher.progress.connect(self._search_progress)
        self.searcher.finished.connect(self._search_finished)
        self._pending: Facets | None = None  # the facets of the query running
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(self.DEBOUNCE_MS)
        self._debounce.timeout.connect(self._apply_filter)

        bar, filters = self._build_filters()
        self._build_proven_bar()
        self._build_table()
        self.placeholder = QLabel()
        self.placeholder.setWordWrap(True)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setContentsMargins(24, 24, 24, 24)
        self.placeholder.setAccessibleName(self.tr("No history"))
        self.placeholder.setVisible(False)
        self.body = QWidget()
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addLayout(bar)
        body.addLayout(filters)
        body.addWidget(self.proven_bar)
        body.addWidget(self.table)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.body)
        lay.addWidget(self.placeholder)
        self.search.textChanged.connect(lambda _t: self._debounce.start())
        for c in (self.status_combo, self.era_combo, self.type_combo):
            c.currentIndexChanged.connect(self._apply_filter)
        self._fitting = False
        self.clear()

    def _build_filters(self) -> tuple[QHBoxLayout, QHBoxLayout]:
        """The search box and its count, and the status, era and type filters: two rows
        (the tab stays narrow enough for a 1024-pixel window with both side panes)."""
        self.search = QLineEdit(
            placeholderText=self.tr("Search ids, content, provenance, labels, codes…  (Ctrl+F)")
        )
        self.search.setToolTip(self.search_help())
        self.search.setAccessibleName(self.tr("Search history"))
        self.search.setAccessibleDescription(self.search_help())
        self.status_combo = QComboBox()
        self.status_combo.setAccessibleName(self.tr("Filter by status"))
        self.era_combo = QComboBox()
        self.era_combo.setAccessibleName(self.tr("Filter by era"))
        self.type_combo = QComboBox()
        self.type_combo.setAccessibleName(self.tr("Filter by memory type"))
        for combo in (self.status_combo, self.era_combo, self.type_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(5)
        self.status_combo.setMinimumContentsLength(10)  # "⚠ untrusted (4)" reads whole
        self.search.setMinimumWidth(100)
        self.count = QLabel()
        bar = QHBoxLayout()
        bar.addWidget(self.search, 1)
        bar.addWidget(self.count)
        filters = QHBoxLayout()
        for label, w in (
            (self.tr("Status:"), self.status_combo),
            (self.tr("Era:"), self.era_combo),
            (self.tr("Type:"), self.type_combo),
        ):
            lab = QLabel(label)
            lab.setBuddy(w)
            filters.addWidget(lab)
            filters.addWidget(w, 1)
        return bar, filters

    def _build_proven_bar(self) -> None:
        """The line that says which proven region is shaded, with Clear shading."""
        self.proven_label = QLabel()
        self.proven_label.setWordWrap(True)
        self.proven_label.setAccessibleName(self.tr("Proven region"))
        self.proven_clear = QPushButton(self.tr("Clear shading"))
        self.proven_clear.clicked.connect(self.provenCleared)
        self.proven_bar = QWidget()
        pb = QHBoxLayout(self.proven_bar)
        pb.setContentsMargins(4, 0, 4, 0)
        swatch = QLabel("▌")
        swatch.setStyleSheet("color: #2e7d32;")
        pb.addWidget(swatch)
        pb.addWidget(self.proven_label, 1)
        pb.addWidget(self.proven_clear)
        self.proven_bar.setVisible(False)

    def _build_table(self) -> None:
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Commit history"))
        self.table.setModel(self.model)
        self.table.setItemDelegateForColumn(HistoryModel.GRAPH, LaneDelegate(self.model, self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        h.setStretchLastSection(True)
        for col, width in (
            (HistoryModel.GRAPH, 56),
            (HistoryModel.STATUS, self.status_width()),
            (HistoryModel.SIGNER, 150),
            (HistoryModel.TYPE, 140),
            (HistoryModel.TIME, 128),
            (HistoryModel.ID, 110),
        ):
            self.table.setColumnWidth(col, width)
        self.table.setColumnWidth(HistoryModel.SUMMARY, MIN_SUMMARY)
        h.sectionResized.connect(self._section_resized)
        self.table.viewport().installEventFilter(self)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)

    def search_help(self) -> str:
        """What the search box looks at (its tooltip)."""
        return self.tr(
            "Shows the commits that contain every word typed (any case): in their id, any text of "
            "their content or provenance (keys and values, at any depth), their signer's key_id, their "
            "status, the codes of their findings or their MutMem label. The first MiB of each commit's "
            "text is searched."
        )

    # ---- column widths ------------------------------------------------------------
    def status_width(self) -> int:
        """Wide enough for the widest badge (status or untrusted label), never truncated."""
        fm = QFontMetrics(self.table.font() if hasattr(self, "table") else self.font())
        bold = self.font()
        bold.setBold(True)
        fmb = QFontMetrics(bold)
        texts = [status_badge(s)[0] for s in Status] + [
            untrusted_label(x) for x in ("poison_suspect", "poison_likely", "poison_confirmed")
        ]
        return max(max(fm.horizontalAdvance(t), fmb.horizontalAdvance(t)) for t in texts) + 18

    def _section_resized(self, index: int, _old: int, new: int) -> None:
        if index == HistoryModel.STATUS and new < self.status_width() and not self._fitting:
            self._fitting = True
            self.table.setColumnWidth(HistoryModel.STATUS, self.status_width())
            self._fitting = False
        if index != HistoryModel.SUMMARY and not self._fitting:
            self._fit_summary()

    def _fit_summary(self) -> None:
        """Summary takes the room the other columns leave, never less than MIN_SUMMARY
        (a horizontal scroll bar appears instead of squeezing it)."""
        h = self.table.horizontalHeader()
        others = sum(
            h.sectionSize(c)
            for c in range(self.model.columnCount())
            if c not in (HistoryModel.SUMMARY, HistoryModel.ID) and not h.isSectionHidden(c)
        )
        id_w = 110
        room = self.table.viewport().width() - others - id_w
        self._fitting = True
        self.table.setColumnWidth(HistoryModel.SUMMARY, max(MIN_SUMMARY, room))
        self._fitting = False

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_summary()
        return False

    def save_header(self) -> QByteArray:
        return self.table.horizontalHeader().saveState()

    def restore_header(self, state: QByteArray) -> None:
        self.table.horizontalHeader().restoreState(state)
        if self.table.columnWidth(HistoryModel.STATUS) < self.status_width():
            self.table.setColumnWidth(HistoryModel.STATUS, self.status_width())
        self._fit_summary()

    # ---- contract -------------------------------------------------------------
    def clear(self) -> None:
        self.set_report(None)

    def set_report(self, report: Report | None, lanes: list[LaneRow] | None = None) -> None:
        """Show ``report`` (``lanes``: its commits' lanes, when the worker laid them out)."""
        self.report = report
        empty = report is not None and not report.commits
        self.placeholder.setText(no_history_text(report) if report is not None and empty else "")
        self.placeholder.setVisible(empty)
        self.body.setVisible(not empty)
        self._quiet = True
        self.searcher.set_report(report)
        self._pending = None
        self._debounce.stop()
        self.model.set_report(report, lanes)
        self.proven_bar.setVisible(False)
        for combo in (self.status_combo, self.era_combo, self.type_combo):
            combo.blockSignals(True)
            combo.clear()
        self.status_combo.addItem(self.tr("All"), None)
        self.status_combo.addItem(self.tr("Problems only"), "problems")
        self.era_combo.addItem(self.tr("All"), None)
        self.type_combo.addItem(self.tr("All"), None)
        if report is not None:
            if self.model.untrusted:
                self.status_combo.addItem(
                    "⚠ " + self.tr("untrusted (%n)", "", len(self.model.untrusted)), "untrusted"
                )
            present = set(report.commits.values())
            for s in Status:
                if s in present:
                    self.status_combo.addItem(status_badge(s)[0], s.value)
            for e in report.eras:
                self.era_combo.addItem(f"{e.key_id} ({e.role})", e.index)
            types = sorted(k.split(":", 1)[1] for k in report.counts if k.startswith("memory_type:"))
            for t in types:
                self.type_combo.addItem(t, t)
        for combo in (self.status_combo, self.era_combo, self.type_combo):
            combo.blockSignals(False)
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self._apply_filter()
        self._quiet = False

    def select(self, object_id: str) -> None:
        if self.report is None or object_id not in self.report.commits:
            return
        row = self.model.row_for(object_id)
        if row is None:  # filtered out: clear filters so the selection shows
            self.clear_filters()
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

    def set_proven(self, region: set[str] | None, text: str) -> None:
        """Shade ``region`` (the ancestry of a cutoff); None clears the shading."""
        self.model.set_proven(region)
        self.proven_label.setText(text)
        self.proven_bar.setVisible(region is not None)

    def set_checkpoint_head(self, head: str | None) -> None:
        self.model.set_checkpoint_head(
            head if self.report is not None and head in self.report.commits else None
        )

    def filter_to(self, *, status: str | None = None, era: int | None = None) -> None:
        if status is not None:
            self.status_combo.setCurrentIndex(max(0, self.status_combo.findData(status)))
        if era is not None:
            self.era_combo.setCurrentIndex(max(0, self.era_combo.findData(era)))

    # ---- internals ------------------------------------------------------------
    def clear_filters(self) -> None:
        """Every commit again, now (no search runs for that)."""
        for w in (self.search, self.status_combo, self.era_combo, self.type_combo):
            w.blockSignals(True)
        self.search.clear()
        for c in (self.status_combo, self.era_combo, self.type_combo):
            c.setCurrentIndex(0)
        for w in (self.search, self.status_combo, self.era_combo, self.type_combo):
            w.blockSignals(False)
        self._apply_filter()

    def facets(self) -> Facets:
        return Facets(
            self.search.text(),
            self.status_combo.currentData(),
            self.era_combo.currentData(),
            self.type_combo.currentData(),
        )

    def searching(self) -> bool:
        """Whether a search or filter is still looking (the rows shown are the last answer)."""
        return self._pending is not None or self._debounce.isActive()

    def _apply_filter(self) -> None:
        """Ask for the rows of the current search and filters: none is a change made now;
        any other runs in short slices between the window's events (the rows shown stay
        until it has looked at all)."""
        self._debounce.stop()
        facets = self.facets()
        if not facets.active:
            self.searcher.cancel()
            self._pending = None
            if self.model.filter.active or self.model.visible is not None:
                self.model.set_visible(facets, None)
            self._show_count()
            self.searchFinished.emit(self.model.rowCount())
            return
        self._pending = facets
        self.count.setText(self.tr("searching…"))
        self.count.setToolTip("")
        self.searcher.start(self.model.ids, self.model.untrusted, facets, self.model.erring)

    def _search_progress(self, _gen: int, phase: str, done: int, total: int) -> None:
        if phase == INDEXING:
            text = self.tr("indexing %1 of %2 objects…")
        else:
            text = self.tr("searching… %1 of %2 looked at")
        self.count.setText(text.replace("%1", f"{done:,}").replace("%2", f"{total:,}"))

    def _search_finished(self, _gen: int, rows: object) -> None:
        facets, self._pending = self._pending, None
        if facets is None or not isinstance(rows, list):
            return
        self.model.set_visible(facets, rows)
        self._show_count()
        self.searchFinished.emit(len(rows))

    def _show_count(self) -> None:
        total = len(self.model.ids)
        shown = self.model.rowCount()
        self.count.setText(
            self.tr("%1 of %2").replace("%1", f"{shown:,}").replace("%2", f"{total:,}")
            if shown != total or self.model.filter.active
            else self.tr("%n commit(s)", "", total)
        )
        self.count.setToolTip(self.search_help() if self.model.filter.text else "")

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._quiet or not current.isValid():
            return
        cid = current.data(OBJECT_ID_ROLE)
        if cid:
            self.selectionRequested.emit(cid)

    def selected_id(self) -> str | None:
        idx = self.table.currentIndex()
        return idx.data(OBJECT_ID_ROLE) if idx.isValid() else None
