"""Qt item models over a Report.  Rows are computed only when shown (``data``
is called for visible cells only), so 100k commits stay cheap."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPalette

from ..core.findings import Finding, Severity
from ..core.lanes import LaneRow, lanes_for
from ..core.verify.mutmem import rank
from ..core.verify.report import Report, Status
from .history_search import Facets
from .i18n import QT_TRANSLATE_NOOP, finding_text
from .judgement import Judgement, badge, findings_by_object
from .style import (
    UNTRUSTED_COLOR,
    band_color,
    displayable,
    mix,
    palette,
    problem_row_background,
    proven_row_background,
    readable,
    severity_color,
    severity_icon,
    severity_text,
    status_badge,
)

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
OBJECT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
LANE_ROLE = Qt.ItemDataRole.UserRole + 2
STATUS_ROLE = Qt.ItemDataRole.UserRole + 3
ERA_ROLE = Qt.ItemDataRole.UserRole + 4
SORT_ROLE = Qt.ItemDataRole.UserRole + 5
PROVEN_ROLE = Qt.ItemDataRole.UserRole + 6


class ColumnsModel(QAbstractTableModel):
    """A table model whose header is its ``COLUMNS`` (English sources, marked with
    ``QT_TRANSLATE_NOOP`` in the context ``CONTEXT`` and translated when shown)."""

    COLUMNS: tuple[str, ...] = ()
    CONTEXT = "Columns"

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate(self.CONTEXT, self.COLUMNS[section])
        return None


class FindingsModel(ColumnsModel):
    COLUMNS = (
        QT_TRANSLATE_NOOP("Columns", "Severity"),
        QT_TRANSLATE_NOOP("Columns", "Code"),
        QT_TRANSLATE_NOOP("Columns", "Object"),
        QT_TRANSLATE_NOOP("Columns", "Id"),
        QT_TRANSLATE_NOOP("Columns", "Message"),
    )

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
            if col == 4:
                return displayable(finding_text(f))[0]
            if col == 3:
                return displayable(f.object_id)[0]
            return (severity_text(f.severity), f.code, f.object_kind)[col]
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return severity_icon(f.severity)
        if role == Qt.ItemDataRole.ForegroundRole and col == 0:
            return QBrush(severity_color(f.severity))
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(f)
        if role == SORT_ROLE:
            return f.severity.rank if col == 0 else str(self.data(index))
        return {OBJECT_ID_ROLE: f.object_id, STATUS_ROLE: f.severity.value}.get(role)

    @staticmethod
    def _tooltip(f: Finding) -> str:
        parts = [finding_text(f)]
        for label, value in (
            (QT_TRANSLATE_NOOP("Columns", "expected: %1"), f.expected),
            (QT_TRANSLATE_NOOP("Columns", "found: %1"), f.found),
            (QT_TRANSLATE_NOOP("Columns", "likely cause: %1"), f.likely_cause),
        ):
            if value:
                parts.append(QCoreApplication.translate("Columns", label).replace("%1", value))
        return "\n".join(parts)


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
            hay = f"{f.code} {f.object_kind} {f.object_id} {f.message} {finding_text(f)}".lower()
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
            word = QCoreApplication.translate("History", "weight")
            return f"⚖ {word} {content.get('old_q')} → {content.get('new_q')} ({memory}…)"
        if kind == "label":
            word = QCoreApplication.translate("History", "label")
            return f"◆ {word} {content.get('label')} ({str(content.get('memory'))[:15]}…)"
    for key in ("text", "note", "summary", "name", "title", "kind"):
        v = content.get(key)
        if isinstance(v, str) and v:
            return v[:limit]
    return ", ".join(f"{k}={v}" for k, v in list(content.items())[:3])[:limit]


def untrusted_label(label: str | None) -> str:
    """Badge text of an untrusted memory's label (icon + word)."""
    glyph = "✖" if label == "poison_confirmed" else "⚠"
    return f"{glyph} {label}"


class HistoryModel(ColumnsModel):
    """One commit per row, newest first, with lanes from :func:`assign_lanes`.

    Which rows show is decided off the GUI thread (:mod:`..history_search`) and handed
    to :meth:`set_visible`: unfiltered, rows map 1:1 to commits and nothing is computed
    per row until Qt asks for visible cells.
    A memory whose label makes it untrusted shows that label as its badge; the
    checkpoint's head and the proven region of a selected cutoff are marked."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("Columns", "Graph"),
        QT_TRANSLATE_NOOP("Columns", "Status"),
        QT_TRANSLATE_NOOP("Columns", "Summary"),
        QT_TRANSLATE_NOOP("Columns", "Signer"),
        QT_TRANSLATE_NOOP("Columns", "Type"),
        QT_TRANSLATE_NOOP("Columns", "Time"),
        QT_TRANSLATE_NOOP("Columns", "Id"),
    )
    GRAPH, STATUS, SUMMARY, SIGNER, TYPE, TIME, ID = range(7)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.ids: list[str] = []
        self.lanes: list[LaneRow] = []
        self.highlight_era: int | None = None
        self.visible: list[int] | None = None  # filtered rows (indices into ids), None = all
        self.filter = Facets()
        self.untrusted: dict[str, str | None] = {}  # memory id -> its untrusted label
        self.proven: set[str] | None = None
        self.checkpoint_head: str | None = None
        self.by_object: dict[str, list[Finding]] = {}  # commit id -> its findings, worst first
        self.erring: dict[str, Finding] = {}  # commit id -> its worst error

    def set_report(self, report: Report | None, lanes: list[LaneRow] | None = None) -> None:
        """Show ``report``'s commits, with the ``lanes`` the worker laid out for it (laid
        out here when there are none, or they are not this report's)."""
        self.beginResetModel()
        self.report = report
        self.highlight_era = None
        self.visible = None
        self.proven = None
        self.checkpoint_head = None
        self.filter = Facets()
        self.untrusted = {}
        self.by_object = findings_by_object(report.findings) if report is not None else {}
        self.erring = {oid: fs[0] for oid, fs in self.by_object.items() if fs[0].severity == Severity.ERROR}
        if report is None:
            self.ids, self.lanes = [], []
        else:
            self.ids = list(reversed(report.order))
            self.lanes = lanes if lanes is not None and len(lanes) == len(self.ids) else lanes_for(report)
            mm = report.mutmem
            if mm is not None:
                self.untrusted = {m: mv.label for m, mv in mm.memories.items() if mv.untrusted}
        self.endResetModel()

    def label_of(self, cid: str) -> str | None:
        """The label of an untrusted memory (None for anything trusted)."""
        return self.untrusted.get(cid) if cid in self.untrusted else None

    def _all_changed(self) -> None:
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, len(self.COLUMNS) - 1))

    def set_highlight_era(self, era: int | None) -> None:
        self.highlight_era = era
        self._all_changed()

    def set_proven(self, region: set[str] | None) -> None:
        self.proven = region
        self._all_changed()

    def set_checkpoint_head(self, head: str | None) -> None:
        self.checkpoint_head = head
        self._all_changed()

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

    def set_visible(self, facets: Facets, rows: list[int] | None) -> None:
        """Show ``rows`` (indices into :attr:`ids`, in order; None: every commit), the
        answer to ``facets``."""
        self.beginResetModel()
        self.filter = facets
        self.visible = None if rows is None or self.report is None else rows
        self.endResetModel()

    def era_index(self, cid: str) -> int | None:
        return self.report.signer.get(cid) if self.report else None

    def background(self, cid: str, status: Status) -> QColor:
        """The opaque background a row is painted with (its text colours are chosen
        against it, so they keep 4.5:1 contrast)."""
        pal = palette()
        if self.failing(cid, status):
            return problem_row_background(pal)
        if self.proven is not None and cid in self.proven:
            return proven_row_background(pal)
        base = pal.color(QPalette.ColorRole.Base)
        if self.highlight_era is not None and self.era_index(cid) == self.highlight_era:
            band = band_color(self.highlight_era, 90)
            return mix(base, QColor(band.rgb()), band.alphaF())
        return base

    def failing(self, cid: str, status: Status) -> bool:
        """Whether the commit fails: a status that is not valid, or an error on it."""
        return not status.ok or cid in self.erring

    def badge(self, cid: str, status: Status) -> tuple[str, QColor]:
        """The Status cell, problems first: an error on the commit (whatever its
        signature), else an untrusted memory's label, else its status."""
        if status.ok and cid in self.erring:
            return badge(Judgement(tuple(self.by_object[cid]), status))
        if status.ok and cid in self.untrusted:
            return untrusted_label(self.label_of(cid)), QColor(UNTRUSTED_COLOR)
        return status_badge(status)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.report is None:
            return None
        row = index.row()
        cid = self.commit_at(row)
        col = index.column()
        status = self.report.commits.get(cid, Status.MALFORMED)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(cid, col, status)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(cid, col, status)
        if role == Qt.ItemDataRole.FontRole and (self.failing(cid, status) or cid == self.checkpoint_head):
            f = QFont()
            f.setBold(True)
            return f
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background_brush(cid, col, status)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(cid, col, status)
        if role == Qt.ItemDataRole.AccessibleTextRole and col == self.GRAPH:
            return f"commit {cid[:15]}, {self.badge(cid, status)[0]}"
        return {
            OBJECT_ID_ROLE: cid,
            LANE_ROLE: self.lanes[row if self.visible is None else self.visible[row]],
            STATUS_ROLE: status,
            ERA_ROLE: self.era_index(cid),
            PROVEN_ROLE: self.proven is not None and cid in self.proven,
        }.get(role)

    def _display(self, cid: str, col: int, status: Status) -> str | None:
        assert self.report is not None
        obj = self.report.objects.get(cid)
        readable_obj = obj is not None and obj.malformed is None
        if col == self.STATUS:
            return self.badge(cid, status)[0]
        if col == self.TIME:
            ts = obj.get("timestamp", "") if obj is not None and readable_obj else ""
            return (ts if isinstance(ts, str) else "")[:19].replace("T", " ")
        if col == self.TYPE:
            if obj is None or not readable_obj:
                return "?"
            mt = obj.get("memory_type", "")
            mt = mt if isinstance(mt, str) else "?"
            return mt + (" (MutMem)" if isinstance(obj.content, dict) and "mutmem" in obj.content else "")
        if col == self.SIGNER:
            return self._signer(cid, obj)
        if col == self.SUMMARY:
            text = (
                summarize(obj.content)
                if obj is not None and readable_obj
                else QCoreApplication.translate("History", "(unreadable)")
            )
            if cid == self.checkpoint_head:
                text = "⚑ " + QCoreApplication.translate("History", "checkpoint head") + " · " + text
            return displayable(text)[0]
        return cid if col == self.ID else None

    def _signer(self, cid: str, obj: Any) -> str:
        assert self.report is not None
        era = self.era_index(cid)
        if era is None:
            return obj.key_id if obj is not None and obj.malformed is None else ""
        e = self.report.eras[era]
        revoked = QCoreApplication.translate("History", "(revoked)")
        return e.key_id + ("" if e.revoked_by is None else f" {revoked}")

    def _foreground(self, cid: str, col: int, status: Status) -> QBrush | None:
        if col == self.STATUS:
            return QBrush(readable(self.badge(cid, status)[1], self.background(cid, status)))
        if col == self.SUMMARY and cid == self.checkpoint_head:
            return QBrush(readable(palette().color(QPalette.ColorRole.Link), self.background(cid, status)))
        return None

    def _background_brush(self, cid: str, col: int, status: Status) -> QBrush | None:
        bg = self.background(cid, status)
        if bg != palette().color(QPalette.ColorRole.Base):
            return QBrush(bg)
        era = self.era_index(cid)
        if era is not None and col == self.SIGNER:
            return QBrush(band_color(era))
        return None

    def _tooltip(self, cid: str, col: int, status: Status) -> str:
        lines = [cid]
        for f in self.by_object.get(cid, [])[:3]:
            if f.severity != Severity.INFO:
                lines.append(f"{'✖' if f.severity == Severity.ERROR else '⚠'} {f.code}: {finding_text(f)}")
        lines.append(status_badge(status)[0] + f" ({status.value})")
        label = self.label_of(cid)
        if cid in self.untrusted:
            lines.append(
                QCoreApplication.translate("History", "label %1 (rank %2): untrusted")
                .replace("%1", str(label))
                .replace("%2", str(rank(label)))
            )
        if cid == self.checkpoint_head:
            lines.append(QCoreApplication.translate("History", "the head of the attached checkpoint"))
        if self.proven is not None and cid in self.proven:
            lines.append(QCoreApplication.translate("History", "inside the shaded proven history"))
        obj = self.report.objects.get(cid) if self.report is not None else None
        if col == self.SUMMARY and obj is not None and obj.malformed is None:
            _shown, original = displayable(summarize(obj.content))
            if original is not None:
                lines.append(original)
        return "\n".join(lines)
