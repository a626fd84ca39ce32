"""Qt item models over a Report.  Rows are computed only when shown (``data``
is called for visible cells only), so 100k commits stay cheap."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from ..core.lanes import LaneRow, lanes_for
from ..core.verify.report import Finding, Report, Status
from .style import SEVERITY_TEXT, band_color, severity_icon, status_badge

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
OBJECT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
LANE_ROLE = Qt.ItemDataRole.UserRole + 2
STATUS_ROLE = Qt.ItemDataRole.UserRole + 3
ERA_ROLE = Qt.ItemDataRole.UserRole + 4
SORT_ROLE = Qt.ItemDataRole.UserRole + 5


class ColumnsModel(QAbstractTableModel):
    """A table model whose header is its ``COLUMNS``."""

    COLUMNS: tuple[str, ...] = ()

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.COLUMNS[section]
        return None


class FindingsModel(ColumnsModel):
    COLUMNS = ("Severity", "Code", "Object", "Id", "Message")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.findings: list[Finding] = []

    def set_report(self, report: Report | None) -> None:
        self.beginResetModel()
        self.findings = sorted(report.findings, key=lambda f: f.severity.rank) if report else []
        self.endResetModel()

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.findings)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        f = self.findings[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (SEVERITY_TEXT[f.severity], f.code, f.object_kind, f.object_id, f.message)[col]
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return severity_icon(f.severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f.message
        if role == OBJECT_ID_ROLE:
            return f.object_id
        if role == SORT_ROLE:
            return f.severity.rank if col == 0 else str(self.data(index))
        if role == STATUS_ROLE:
            return f.severity.value
        return None


class FindingsFilter(QSortFilterProxyModel):
    """Filter by severity and by text across code, object and message."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.severity: str | None = None
        self.text = ""
        self.setSortRole(SORT_ROLE)

    def set_filter(self, severity: str | None, text: str) -> None:
        self.beginFilterChange()
        self.severity, self.text = severity, text.lower()
        self.endFilterChange()

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        model = self.sourceModel()
        assert isinstance(model, FindingsModel)
        f = model.findings[row]
        if self.severity and f.severity.value != self.severity:
            return False
        if self.text:
            hay = f"{f.code} {f.object_kind} {f.object_id} {f.message}".lower()
            return self.text in hay
        return True


def summarize(content: Any, limit: int = 120) -> str:
    """One line of a memory's content for the history table."""
    if not isinstance(content, dict):
        return str(content)[:limit]
    if content.get("mutmem") == 1:
        kind = content.get("kind")
        if kind == "weight_transition":
            memory = str(content.get("memory"))[:15]
            return f"⚖ weight {content.get('old_q')} → {content.get('new_q')} ({memory}…)"
        if kind == "label":
            return f"🏷 label {content.get('label')} ({str(content.get('memory'))[:15]}…)"
    for key in ("text", "note", "summary", "name", "title", "kind"):
        v = content.get(key)
        if isinstance(v, str) and v:
            return v[:limit]
    return ", ".join(f"{k}={v}" for k, v in list(content.items())[:3])[:limit]


class HistoryFilter:
    """Search/filter history rows by text, status, era and memory type."""

    def __init__(
        self, text: str = "", status: str | None = None, era: int | None = None, mtype: str | None = None
    ) -> None:
        self.text = text.lower()
        self.status = status  # a Status value or "problems"
        self.era = era
        self.mtype = mtype

    @property
    def active(self) -> bool:
        return bool(self.text or self.status or self.era is not None or self.mtype)

    def accepts(self, m: HistoryModel, cid: str) -> bool:
        assert m.report is not None
        st = m.report.commits.get(cid, Status.MALFORMED)
        if self.status == "problems" and st.ok:
            return False
        if self.status and self.status != "problems" and st.value != self.status:
            return False
        if self.era is not None and m.era_index(cid) != self.era:
            return False
        obj = m.report.objects.get(cid)
        if self.mtype and (obj is None or obj.malformed is not None or obj.get("memory_type") != self.mtype):
            return False
        if self.text:
            summary = summarize(obj.content) if obj is not None and obj.malformed is None else ""
            return self.text in cid.lower() or self.text in summary.lower()
        return True


class HistoryModel(ColumnsModel):
    """One commit per row, newest first, with lanes from :func:`assign_lanes`.

    Filtering lives in the model (``set_filter``): unfiltered, rows map 1:1 to
    commits and nothing is computed per row until Qt asks for visible cells."""

    COLUMNS = ("Graph", "Status", "Summary", "Signer", "Type", "Time", "Id")
    GRAPH, STATUS, SUMMARY, SIGNER, TYPE, TIME, ID = range(7)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.ids: list[str] = []
        self.lanes: list[LaneRow] = []
        self.highlight_era: int | None = None
        self.visible: list[int] | None = None  # filtered rows (indices into ids), None = all
        self.filter = HistoryFilter()

    def set_report(self, report: Report | None) -> None:
        self.beginResetModel()
        self.report = report
        self.highlight_era = None
        self.visible = None
        self.filter = HistoryFilter()
        if report is None:
            self.ids, self.lanes = [], []
        else:
            self.ids = list(reversed(report.order))
            # the worker lays out lanes; compute them here only for reports built in-process
            self.lanes = (
                report.lanes
                if report.lanes is not None and len(report.lanes) == len(self.ids)
                else lanes_for(report)
            )
        self.endResetModel()

    def set_highlight_era(self, era: int | None) -> None:
        self.highlight_era = era
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, len(self.COLUMNS) - 1))

    def rowCount(self, parent: Index = _ROOT) -> int:
        if parent.isValid():
            return 0
        return len(self.ids) if self.visible is None else len(self.visible)

    def commit_at(self, row: int) -> str:
        return self.ids[row if self.visible is None else self.visible[row]]

    def row_for(self, cid: str) -> int | None:
        """The visible row of a commit (None when absent or filtered out)."""
        if self.report is None or cid not in self.report.commits:
            return None
        i = self.ids.index(cid)  # one C-speed scan instead of a 100k-entry map kept around
        if self.visible is None:
            return i
        import bisect

        k = bisect.bisect_left(self.visible, i)
        return k if k < len(self.visible) and self.visible[k] == i else None

    def set_filter(self, flt: HistoryFilter) -> None:
        self.beginResetModel()
        self.filter = flt
        if not flt.active or self.report is None:
            self.visible = None
        else:
            self.visible = [i for i, cid in enumerate(self.ids) if flt.accepts(self, cid)]
        self.endResetModel()

    def era_index(self, cid: str) -> int | None:
        return self.report.signer.get(cid) if self.report else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.report is None:
            return None
        r = self.report
        row = index.row()
        cid = self.commit_at(row)
        col = index.column()
        status = r.commits.get(cid, Status.MALFORMED)
        obj = r.objects.get(cid)
        era = self.era_index(cid)
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.STATUS:
                return status_badge(status)[0]
            if col == self.TIME:
                return (obj.get("timestamp", "") if obj is not None and obj.malformed is None else "")[
                    :19
                ].replace("T", " ")
            if col == self.TYPE:
                if obj is None or obj.malformed is not None:
                    return "?"
                return obj.get("memory_type", "") + (" (MutMem)" if "mutmem" in obj.content else "")
            if col == self.SIGNER:
                if era is None:
                    return obj.key_id if obj is not None and obj.malformed is None else ""
                e = r.eras[era]
                return e.key_id + ("" if e.revoked_by is None else " (revoked)")
            if col == self.SUMMARY:
                return summarize(obj.content) if obj is not None and obj.malformed is None else "(unreadable)"
            if col == self.ID:
                return cid
            return None
        if role == Qt.ItemDataRole.ForegroundRole and col == self.STATUS:
            return QBrush(status_badge(status)[1])
        if role == Qt.ItemDataRole.FontRole and not status.ok:
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.BackgroundRole:
            if not status.ok:
                return QBrush(QColor(198, 40, 40, 60))
            if self.highlight_era is not None and era == self.highlight_era:
                return QBrush(band_color(era, 90))
            if era is not None and col == self.SIGNER:
                return QBrush(band_color(era))
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{cid}\n{status.value}"
        if role == Qt.ItemDataRole.AccessibleTextRole and col == self.GRAPH:
            return f"commit {cid[:15]}, {status.value}"
        if role == OBJECT_ID_ROLE:
            return cid
        if role == LANE_ROLE:
            return self.lanes[row if self.visible is None else self.visible[row]]
        if role == STATUS_ROLE:
            return status
        if role == ERA_ROLE:
            return era
        return None
