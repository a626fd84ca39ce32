"""Eras: a timeline of the keys — one row per key era, a bar from its grant to
its revocation positioned by the DAG order of the events' cutoffs.

The x axis is the position in ``report.order`` (parents before children).  An
era granted without a cutoff starts at 0; an era granted by a rotation starts
at the rotation's cutoff; a revoked era ends at its cutoff; an active era runs
to the end.  Every mark carries text as well as colour: the era's key id and
role, "grant" / "rotation" / "revoked: <reason>" under the bar ends, and a
"✂ cutoff #N" flag on the cutoff commit.

Mouse: click a row to select the era; click a cutoff flag to select the cutoff
commit.  Keyboard: Up/Down/Home/End move the selected era, Enter selects the
era's cutoff commit.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QToolTip, QVBoxLayout, QWidget

from ...core.verify.report import KeyEra, Report
from ..hom import HomIndex, index, is_hom, number
from ..style import PROBLEM_COLOR, era_color, mix
from .epochs import EpochsView
from .timeline import Timeline

LABEL_W = 270  # key / role / fingerprint column (wide panes)
MIN_W = 250  # narrowest the timeline draws without clipping
MARGIN = 10
AXIS_H = 40
ROW_H = 64
LEGEND_LINE = 20
BAR_H = 12


def _short(object_id: str | None, n: int = 10) -> str:
    return object_id.split(":", 1)[-1][:n] if object_id else "—"


@dataclass(frozen=True)
class ProblemMark:
    """One commit of an era whose status is not valid, placed on the proven order:
    a dark commit that escapes a cutoff is drawn after it (``after_cutoff``), with the
    position where its branch left the proven history (``branch_pos``)."""

    commit: str
    pos: int  # its position in report.order
    after_cutoff: bool  # drawn just after the era's cutoff (its order position is earlier)
    branch_pos: int | None  # position of its nearest ancestor inside the proven history
    dark: bool  # NOT_IN_PROVEN_PRE_ROTATION_HISTORY (else another invalid status)


@dataclass(frozen=True)
class EraSpan:
    """Where one era sits on the timeline (positions in ``report.order``)."""

    era: KeyEra
    start: int
    end: int
    start_known: bool  # grant_cutoff found in the order (else starts at 0)
    cutoff_pos: int | None  # position of the revocation's cutoff commit
    commits: int  # commits signed in this era
    problems: tuple[int, ...] = ()  # positions of this era's commits whose status is not ok
    marks: tuple[ProblemMark, ...] = ()  # the same commits, placed on the proven order

    @property
    def start_label(self) -> str:
        return (
            "rotation"
            if self.era.granted_event_type == "key_rotation"
            else (
                "grant"
                if self.era.granted_event_type == "key_grant"
                else self.era.granted_event_type or "grant"
            )
        )

    @property
    def end_label(self) -> str:
        e = self.era
        if e.revoked_by is None:
            return "active →"
        reason = e.revoke_reason or "revoked"
        text = "rotation" if reason == "rotation" else f"revoked: {reason}"
        if self.cutoff_pos is None:
            text += " (no cutoff in store)" if e.cutoff else " (no cutoff)"
        return text


MAX_MARKS = 200  # problem commits placed individually per era (the rest are counted)


def era_spans(report: Report) -> list[EraSpan]:
    """Timeline spans of ``report``'s eras (pure; also used by tests)."""
    # linear in C where possible: a 99k-commit report must not stall the GUI thread
    from ...core.lanes import branch_point, proven_region
    from ...core.verify.report import Status

    last = max(len(report.order) - 1, 0)
    counts = [report.counts.get(f"era_commits:{i}", 0) for i in range(len(report.eras))]
    bad = {s for s in Status if not s.ok}
    bad_ids = {cid for cid, st in report.commits.items() if st in bad}
    wanted = (
        bad_ids
        | {e.cutoff for e in report.eras if e.cutoff}
        | {e.grant_cutoff for e in report.eras if e.grant_cutoff}
    )
    pos = {cid: i for i, cid in enumerate(report.order) if cid in wanted} if wanted else {}
    problems: list[list[str]] = [[] for _ in report.eras]
    for cid in bad_ids:
        i = report.signer.get(cid)
        if i is not None and 0 <= i < len(problems) and cid in pos:
            problems[i].append(cid)
    out = []
    for era in report.eras:
        gpos = pos.get(era.grant_cutoff) if era.grant_cutoff else None
        start = gpos if gpos is not None else 0
        cpos = pos.get(era.cutoff) if era.cutoff else None
        end = last if era.revoked_by is None else cpos if cpos is not None else start
        k = era.index if 0 <= era.index < len(counts) else None
        mine = sorted(problems[k], key=pos.__getitem__) if k is not None else []
        marks: list[ProblemMark] = []
        if mine:
            region = proven_region(report, era.cutoff) if cpos is not None else set()
            for cid in mine[:MAX_MARKS]:
                p = pos[cid]
                dark = report.commits.get(cid) == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
                bp = branch_point(report, cid, region) if region and cid not in region else None
                bpos = report.order.index(bp) if bp is not None else None
                marks.append(ProblemMark(cid, p, cpos is not None and p <= cpos and dark, bpos, dark))
        out.append(
            EraSpan(
                era,
                start,
                max(start, end),
                gpos is not None,
                cpos,
                counts[k] if k is not None else 0,
                tuple(pos[c] for c in mine),
                tuple(marks),
            )
        )
    return out


class EraTimeline(Timeline):
    """The painted timeline (inside :class:`ErasView`'s scroll area).  It scales to
    the pane's width (no horizontal scrolling from a docked pane at 1280×800):
    the label column narrows, cutoff tags shorten, the legend wraps onto as many
    lines as it needs and the widget asks for that height."""

    eraClicked = Signal(int)
    cutoffClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.spans: list[EraSpan] = []
        self.selected: int | None = None
        self.marker: int | None = None  # order position of the selected commit
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAccessibleName(self.tr("Key eras timeline"))
        self.setAccessibleDescription(
            self.tr("One row per key era. Up and Down select an era, Enter selects the era's cutoff commit.")
        )

    # ---- data ---------------------------------------------------------------
    def set_report(self, report: Report | None) -> None:
        self.report = report
        self.spans = era_spans(report) if report is not None else []
        self.selected = None
        self.marker = None
        self._fit_height()
        self.update()

    def _fit_height(self) -> None:
        h = self.height_for(max(self.width(), MIN_W))
        if self.minimumHeight() != h:
            self.setMinimumHeight(h)
        self.updateGeometry()

    def height_for(self, width: int) -> int:
        rows = max(len(self.spans), 1)
        return MARGIN + AXIS_H + rows * ROW_H + self.legend_height(width) + MARGIN

    def sizeHint(self) -> QSize:
        return QSize(LABEL_W + 420, self.height_for(LABEL_W + 420))

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_W, self.height_for(MIN_W))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    # ---- geometry -----------------------------------------------------------
    @property
    def compact(self) -> bool:
        return self.width() < 560

    def label_w(self) -> int:
        if self.compact:
            return int(min(150, max(110, self.width() * 0.36)))
        return int(min(LABEL_W, max(190, self.width() * 0.3)))

    def track(self) -> tuple[float, float]:
        return float(MARGIN + self.label_w() + 12), float(self.width() - MARGIN - 16)

    def x_of(self, position: float) -> float:
        x0, x1 = self.track()
        last = max(len(self.report.order) - 1, 1) if self.report is not None else 1
        return x0 + (x1 - x0) * (position / last)

    def row_rect(self, index: int) -> QRect:
        """The whole row of era ``index`` (widget coordinates)."""
        return QRect(MARGIN, MARGIN + AXIS_H + index * ROW_H, self.width() - 2 * MARGIN, ROW_H)

    def bar_rect(self, index: int) -> QRectF:
        span = self.spans[index]
        r = self.row_rect(index)
        xs, xe = self.x_of(span.start), self.x_of(span.end)
        return QRectF(xs, r.top() + 26, max(xe - xs, 3.0), BAR_H)

    def _cutoff_text(self, span: EraSpan) -> str:
        if self.compact:
            return f"✂ #{span.cutoff_pos}"
        return "✂ " + self.tr("cutoff #%1").replace("%1", str(span.cutoff_pos))

    def cutoff_rect(self, index: int) -> QRect | None:
        """The clickable "cutoff" flag of era ``index``, or ``None`` if it has
        no cutoff commit in the store."""
        if not 0 <= index < len(self.spans):
            return None
        span = self.spans[index]
        if span.cutoff_pos is None:
            return None
        r = self.row_rect(index)
        x = self.x_of(span.cutoff_pos)
        w = QFontMetrics(self._font(bold=True)).horizontalAdvance(self._cutoff_text(span)) + 12
        x0, _x1 = self.track()
        left = int(min(max(x - w / 2, x0 - 6), self.width() - MARGIN - w))
        return QRect(left, r.top() + 5, w, 17)

    def mark_x(self, span: EraSpan, k: int, mark: ProblemMark) -> float:
        """Where a problem commit is drawn: its order position, or, for a dark commit
        that escapes the cutoff, just after the cutoff (the proven order)."""
        if mark.after_cutoff and span.cutoff_pos is not None:
            before = sum(1 for m in span.marks[:k] if m.after_cutoff)
            _x0, x1 = self.track()
            return min(self.x_of(span.cutoff_pos) + 12 + 13 * before, x1)
        return self.x_of(mark.pos)

    def era_at(self, pos: QPoint) -> int | None:
        for i in range(len(self.spans)):
            if self.row_rect(i).contains(pos):
                return i
        return None

    def cutoff_at(self, pos: QPoint) -> int | None:
        for i in range(len(self.spans)):
            rect = self.cutoff_rect(i)
            if rect is not None and rect.adjusted(-2, -2, 2, 2).contains(pos):
                return i
        return None

    def mark_at(self, pos: QPoint) -> ProblemMark | None:
        i = self.era_at(pos)
        if i is None:
            return None
        span = self.spans[i]
        yc = self.bar_rect(i).center().y()
        for k, m in enumerate(span.marks):
            if abs(self.mark_x(span, k, m) - pos.x()) <= 7 and abs(yc - pos.y()) <= 9:
                return m
        return None

    # ---- legend ---------------------------------------------------------------
    def legend_items(self) -> list[tuple[str, str]]:
        items = [
            ("triangle", self.tr("grant")),
            ("diamond", self.tr("rotation")),
            ("cross", self.tr("revocation")),
            ("cutoff", self.tr("cutoff commit (click to select)")),
        ]
        if any(s.marks for s in self.spans):
            items.append(("problem", self.tr("commit not valid")))
        if any(m.after_cutoff for s in self.spans for m in s.marks):
            items.append(("branch", self.tr("dark commit: drawn after its cutoff, from its branch point")))
        if self.marker is not None:
            items.append(("marker", self.tr("selected commit #%1").replace("%1", str(self.marker))))
        return items

    def legend_layout(self, width: int) -> list[tuple[float, float, str, str]]:
        """(x, y offset, kind, label) of each legend item, wrapped to ``width``."""
        fm = QFontMetrics(self._font(size=self._small()))
        x, y = float(MARGIN + 4), 0.0
        out = []
        for kind, label in self.legend_items():
            w = 18 + fm.horizontalAdvance(label) + 14
            if x + w > width - MARGIN and x > MARGIN + 4:
                x, y = float(MARGIN + 4), y + LEGEND_LINE
            out.append((x, y, kind, label))
            x += w
        return out

    def legend_height(self, width: int) -> int:
        rows = self.legend_layout(width)
        return int((rows[-1][1] if rows else 0) + LEGEND_LINE + 8)

    def legend_rect(self) -> QRectF:
        y = MARGIN + AXIS_H + len(self.spans) * ROW_H + 6
        return QRectF(MARGIN, y, self.width() - 2 * MARGIN, self.legend_height(self.width()) - 6)

    # ---- interaction -------------------------------------------------------
    def set_selected(self, index: int | None) -> None:
        self.selected = index if index is not None and 0 <= index < len(self.spans) else None
        if self.selected is not None:
            s = self.spans[self.selected]
            self.setAccessibleDescription(
                self.tr("Era %1: %2, %3, %4, from %5 at commit %6 to %7 at commit %8.")
                .replace("%1", str(self.selected))
                .replace("%2", s.era.key_id)
                .replace("%3", s.era.role)
                .replace("%4", s.era.state)
                .replace("%5", s.start_label)
                .replace("%6", str(s.start))
                .replace("%7", s.end_label)
                .replace("%8", str(s.end))
            )
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        pos = event.position().toPoint()
        c = self.cutoff_at(pos)
        if c is not None:
            self.set_selected(c)
            self.cutoffClicked.emit(self.spans[c].era.cutoff or "")
            return
        m = self.mark_at(pos)
        if m is not None:
            self.cutoffClicked.emit(m.commit)
            return
        i = self.era_at(pos)
        if i is not None:
            self.set_selected(i)
            self.eraClicked.emit(i)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        hot = self.cutoff_at(pos) is not None or self.era_at(pos) is not None
        self.setCursor(Qt.CursorShape.PointingHandCursor if hot else Qt.CursorShape.ArrowCursor)
        super().mouseMoveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        n = len(self.spans)
        key = event.key()
        if n and key in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Home, Qt.Key.Key_End):
            cur = self.selected if self.selected is not None else -1
            new = {
                Qt.Key.Key_Up: max(cur - 1, 0),
                Qt.Key.Key_Down: min(cur + 1, n - 1),
                Qt.Key.Key_Home: 0,
                Qt.Key.Key_End: n - 1,
            }[Qt.Key(key)]
            if new != self.selected:
                self.set_selected(new)
                self.eraClicked.emit(new)
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.selected is not None:
            if self.spans[self.selected].cutoff_pos is not None:
                self.cutoffClicked.emit(self.spans[self.selected].era.cutoff or "")
            return
        super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self._tooltip(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def _tooltip(self, pos: QPoint) -> str:
        c = self.cutoff_at(pos)
        if c is not None:
            s = self.spans[c]
            return (
                self.tr("<b>cutoff of %1</b><br>%2<br>DAG order position %3<br>Click to select this commit.")
                .replace("%1", html.escape(s.era.key_id))
                .replace("%2", html.escape(str(s.era.cutoff)))
                .replace("%3", str(s.cutoff_pos))
            )
        m = self.mark_at(pos)
        if m is not None:
            lines = [
                f"<b>✖ {html.escape(m.commit)}</b>",
                self.tr("DAG order position %1").replace("%1", str(m.pos)),
            ]
            if m.after_cutoff:
                lines.append(self.tr("outside the history the cutoff proves: drawn after the cutoff"))
            if m.branch_pos is not None:
                lines.append(
                    self.tr("its branch leaves the proven history at commit #%1").replace(
                        "%1", str(m.branch_pos)
                    )
                )
            lines.append(self.tr("Click to select this commit."))
            return "<br>".join(lines)
        i = self.era_at(pos)
        if i is None:
            return ""
        s, e = self.spans[i], self.spans[i].era
        lines = [
            f"<b>{html.escape(e.key_id)}</b> ({e.role}, {e.state})",
            self.tr("fingerprint: %1").replace("%1", e.fingerprint),
            self.tr("granted by %1: %2")
            .replace("%1", e.granted_event_type)
            .replace("%2", html.escape(e.granted_by)),
        ]
        if e.grant_cutoff:
            lines.append(self.tr("grant cutoff: %1").replace("%1", html.escape(e.grant_cutoff)))
        if e.revoked_by:
            lines.append(
                self.tr("revoked by: %1 (%2)")
                .replace("%1", html.escape(e.revoked_by))
                .replace("%2", e.revoke_reason or self.tr("no reason"))
            )
            lines.append(self.tr("cutoff: %1").replace("%1", html.escape(e.cutoff or self.tr("none"))))
        if e.aliases:
            lines.append(self.tr("also named: %1").replace("%1", html.escape(", ".join(e.aliases))))
        lines.append(
            self.tr("commits signed: %1; timeline #%2–#%3")
            .replace("%1", str(s.commits))
            .replace("%2", str(s.start))
            .replace("%3", str(s.end))
        )
        if s.problems:
            shown = ", ".join(f"#{x}" for x in s.problems[:8]) + (" …" if len(s.problems) > 8 else "")
            lines.append(
                "✖ "
                + self.tr("%n commit(s) of this key not valid: %1", "", len(s.problems)).replace("%1", shown)
            )
        return "<br>".join(lines)

    # ---- painting -----------------------------------------------------------
    def _small(self) -> float:
        return max(self.font().pointSizeF() - 1, 7.0)

    def _font(self, *, bold: bool = False, size: float | None = None, mono: bool = False) -> QFont:
        f = QFont(self.font())
        if mono:
            f = QFont("DejaVu Sans Mono")
            f.setStyleHint(QFont.StyleHint.Monospace)
            f.setPointSizeF(self.font().pointSizeF() - 1)
        if size is not None:
            f.setPointSizeF(size)
        f.setBold(bold)
        return f

    def empty_text(self) -> str | None:
        if self.report is None:
            return self.tr("No file open")
        if not self.spans:
            if self.report.verdict in ("unopenable", "error"):
                return self.tr("Nothing to show: the file could not be verified")
            return self.tr("No key eras in this store")
        return None

    def paint_rows(self, p: QPainter, base: QColor, text: QColor, faint: QColor, grid: QColor) -> None:
        for i in range(len(self.spans)):
            self._paint_row(p, i, base, text, faint, grid)

    def has_marker(self) -> bool:
        return self.marker is not None

    def paint_axis(self, p: QPainter, text: QColor, faint: QColor, grid: QColor) -> None:
        assert self.report is not None
        x0, x1 = self.track()
        top = MARGIN
        last = max(len(self.report.order) - 1, 0)
        p.setFont(self._font(bold=True))
        p.setPen(text)
        fm = QFontMetrics(p.font())
        head = self.tr("Key · role") if self.compact else self.tr("Key · role · fingerprint")
        p.drawText(
            QRectF(MARGIN, top, self.label_w(), 18),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            fm.elidedText(head, Qt.TextElideMode.ElideRight, self.label_w()),
        )
        p.setFont(self._font(size=self._small()))
        p.setPen(faint)
        fm = QFontMetrics(p.font())
        title = fm.elidedText(
            self.tr("commit # in proven DAG order · %n commit(s)", "", len(self.report.order)),
            Qt.TextElideMode.ElideRight,
            int(self.width() - MARGIN - x0 + 10),
        )
        p.drawText(
            QRectF(x0 - 10, top, self.width() - MARGIN - x0 + 10, 16),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            title,
        )
        # ticks
        span = max(last, 1)
        room = max(int((x1 - x0) / (fm.horizontalAdvance(f"#{last}") + 24)), 1)
        step = 1
        for mult in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000,
                     25000, 50000, 100000, 200000, 500000, 1000000):  # fmt: skip
            step = mult
            if span / mult <= room:
                break
        ticks = list(range(0, last + 1, step)) if last else [0]
        if (
            ticks[-1] != last
            and self.x_of(last) - self.x_of(ticks[-1]) < fm.horizontalAdvance(f"#{last}") + 8
        ):
            ticks.pop()
        if last and ticks[-1] != last:
            ticks.append(last)
        ybase = top + AXIS_H - 6
        bottom = MARGIN + AXIS_H + len(self.spans) * ROW_H
        for t in ticks:
            x = self.x_of(t)
            p.setPen(QPen(grid, 1))
            p.drawLine(QPointF(x, ybase), QPointF(x, bottom))
            p.setPen(faint)
            label = f"#{t}"
            w = fm.horizontalAdvance(label)
            lx = min(max(x - w / 2 - 2, x0 - 8), self.width() - MARGIN - w - 4)
            p.drawText(QRectF(lx, top + 18, w + 4, 14), Qt.AlignmentFlag.AlignCenter, label)
        p.setPen(QPen(faint, 1))
        p.drawLine(QPointF(x0, ybase), QPointF(x1, ybase))

    def _paint_row(
        self, p: QPainter, i: int, base: QColor, text: QColor, faint: QColor, grid: QColor
    ) -> None:
        span = self.spans[i]
        r = QRectF(self.row_rect(i))
        self._paint_selection(p, i, r, text, grid)
        self._paint_label(p, span, r, text, faint)
        bar = self.bar_rect(i)
        self._paint_bar(p, span, bar, text, base)
        self._paint_bar_labels(p, span, bar, text, faint)
        crect = self.cutoff_rect(i)
        if crect is not None:
            self._paint_cutoff(p, span, crect, r, text, base)
        self._paint_marks(p, span, bar.center().y(), base)

    def _paint_selection(self, p: QPainter, i: int, r: QRectF, text: QColor, grid: QColor) -> None:
        if self.selected == i:
            hl = self.palette().color(QPalette.ColorRole.Highlight)
            sel = QColor(hl)
            sel.setAlpha(48)
            p.fillRect(r, sel)
            p.fillRect(QRectF(r.left(), r.top(), 4, r.height()), hl)
            if self.hasFocus():
                p.setPen(QPen(text, 1, Qt.PenStyle.DotLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5))
        p.setPen(QPen(grid, 1))
        p.drawLine(r.bottomLeft(), r.bottomRight())

    def _paint_label(self, p: QPainter, span: EraSpan, r: QRectF, text: QColor, faint: QColor) -> None:
        """The label column: swatch + key id, role · fingerprint, state."""
        era = span.era
        color = era_color(era.index)
        lx = r.left() + 10
        sw = QRectF(lx, r.top() + 9, 12, 12)
        p.setPen(QPen(color.darker(130), 1))
        p.setBrush(color)
        p.drawRoundedRect(sw, 3, 3)
        p.setFont(self._font(bold=True))
        p.setPen(text)
        tw = self.label_w() - 26
        fm = QFontMetrics(p.font())
        p.drawText(
            QRectF(lx + 18, r.top() + 5, tw, 20),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            fm.elidedText(era.key_id, Qt.TextElideMode.ElideRight, int(tw)),
        )
        p.setFont(self._font(size=self._small()) if self.compact else self._font())
        fm = QFontMetrics(p.font())
        p.drawText(
            QRectF(lx + 18, r.top() + 24, tw, 18),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            fm.elidedText(f"{era.role} · {era.fingerprint}", Qt.TextElideMode.ElideRight, int(tw)),
        )
        p.setPen(faint)
        if era.revoked_by is None:
            state = self.tr("active")
        elif era.revoke_reason == "rotation":
            state = self.tr("rotated out")
        else:
            state = self.tr("revoked: %1").replace("%1", era.revoke_reason or self.tr("no reason"))
        line3 = state + " · " + self.tr("%n commit(s)", "", span.commits)
        if span.problems:
            line3 += " · ✖ " + self.tr("%n not valid", "", len(span.problems))
        p.drawText(
            QRectF(lx + 18, r.top() + 42, tw, 16),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            fm.elidedText(line3, Qt.TextElideMode.ElideRight, int(tw)),
        )

    def _paint_bar(self, p: QPainter, span: EraSpan, bar: QRectF, text: QColor, base: QColor) -> None:
        """The era's bar (an arrow past its end while active), and the markers at its ends:
        grant ▶ / rotation ◆ at the start, ◆ / ⊗ at the end."""
        era = span.era
        color = era_color(era.index)
        path = QPainterPath()
        path.addRoundedRect(bar, BAR_H / 2, BAR_H / 2)
        p.fillPath(path, color)
        if era.revoked_by is None:  # active: an arrow past the end
            xe, yc = bar.right(), bar.center().y()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(color)
            p.drawPolygon(
                QPolygonF(
                    [
                        QPointF(xe + 1, yc - BAR_H / 2 - 2),
                        QPointF(xe + 10, yc),
                        QPointF(xe + 1, yc + BAR_H / 2 + 2),
                    ]
                )
            )

        yc = bar.center().y()
        self._marker_shape(
            p, bar.left(), yc, "diamond" if span.start_label == "rotation" else "triangle", text, base
        )
        if era.revoked_by is not None:
            self._marker_shape(
                p, bar.right(), yc, "diamond" if era.revoke_reason == "rotation" else "cross", text, base
            )

    def _paint_bar_labels(self, p: QPainter, span: EraSpan, bar: QRectF, text: QColor, faint: QColor) -> None:
        """Under the bar: the start left-aligned, the end right-aligned; never outside the
        pane, never over each other."""
        era = span.era
        small = self._font(size=self._small())
        p.setFont(small)
        fm = QFontMetrics(small)
        x0, _x1 = self.track()
        ly = bar.bottom() + 3
        limit = self.width() - MARGIN
        start_text = self._start_text(span)
        sw_ = fm.horizontalAdvance(start_text)
        sx = max(min(bar.left() - 4, limit - sw_), x0 - 8)
        p.setPen(faint)
        p.drawText(
            QRectF(sx, ly, sw_ + 2, 15),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            start_text,
        )
        end_text = self._end_text(span)
        ew = fm.horizontalAdvance(end_text)
        if era.revoked_by is None:  # "active →" ends under the arrow head
            ex = bar.right() + 10 - ew
        else:  # right of the end marker (clear of the cutoff line), else left of it
            ex = bar.right() + 10
            if ex + ew > limit:
                ex = bar.right() - 10 - ew
        if ex < sx + sw_ + 8 and sx + sw_ + 8 + ew <= limit:
            ex = sx + sw_ + 8  # after the start label when there is room
        ex = min(ex, limit - ew)
        if ex >= sx + sw_ + 4 or ex + ew <= sx - 4:  # never drawn over the start label
            p.setPen(text if era.revoked_by is not None else faint)
            p.drawText(
                QRectF(ex, ly, ew + 2, 15),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                end_text,
            )

    def _paint_cutoff(
        self, p: QPainter, span: EraSpan, crect: QRect, r: QRectF, text: QColor, base: QColor
    ) -> None:
        """The cutoff: a dashed line through the row and a labelled flag above the bar."""
        x = self.x_of(span.cutoff_pos or 0)
        p.setPen(QPen(text, 1.2, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(x, crect.bottom() + 1), QPointF(x, r.bottom() - 2))
        flag = QPainterPath()
        flag.addRoundedRect(QRectF(crect), 4, 4)
        p.fillPath(flag, mix(base, text, 0.85))
        p.setFont(self._font(bold=True))
        p.setPen(base)
        p.drawText(crect, Qt.AlignmentFlag.AlignCenter, self._cutoff_text(span))

    def _paint_marks(self, p: QPainter, span: EraSpan, yc: float, base: QColor) -> None:
        """Commits of this era that are not valid, on the proven order: a dark commit that
        escapes the cutoff after it, dashed from where its branch left."""
        seen: set[int] = set()
        for k, m in enumerate(span.marks):
            x = self.mark_x(span, k, m)
            if m.branch_pos is not None and m.dark:
                bx = self.x_of(m.branch_pos)
                p.setPen(QPen(QColor(PROBLEM_COLOR), 1.2, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                curve = QPainterPath(QPointF(bx, yc))
                curve.cubicTo(QPointF(bx, yc + 14), QPointF(x, yc + 14), QPointF(x, yc + 6))
                p.drawPath(curve)
                p.setBrush(base)
                p.drawEllipse(QPointF(bx, yc), 3.0, 3.0)
            if int(x) // 5 in seen:
                continue
            seen.add(int(x) // 5)
            self._problem_mark(p, x, yc)

    def _start_text(self, span: EraSpan) -> str:
        label = {"rotation": self.tr("rotation"), "grant": self.tr("grant")}.get(
            span.start_label, span.start_label
        )
        if not span.start_known and span.start_label == "rotation":
            label += " " + self.tr("(no cutoff)")
        return label

    def _end_text(self, span: EraSpan) -> str:
        e = span.era
        if e.revoked_by is None:
            return self.tr("active →")
        reason = e.revoke_reason or "revoked"
        text = self.tr("rotation") if reason == "rotation" else self.tr("revoked: %1").replace("%1", reason)
        if span.cutoff_pos is None:
            text += " " + (self.tr("(no cutoff in store)") if e.cutoff else self.tr("(no cutoff)"))
        return text

    def _marker_shape(self, p: QPainter, x: float, y: float, kind: str, text: QColor, base: QColor) -> None:
        s = 7.0
        p.setPen(QPen(text, 1.3))
        p.setBrush(base)
        if kind == "triangle":
            p.drawPolygon(
                QPolygonF([QPointF(x - s + 2, y - s), QPointF(x + s, y), QPointF(x - s + 2, y + s)])
            )
        elif kind == "diamond":
            p.drawPolygon(
                QPolygonF([QPointF(x, y - s), QPointF(x + s, y), QPointF(x, y + s), QPointF(x - s, y)])
            )
        else:  # cross on a disc: a revocation other than rotation
            p.drawEllipse(QPointF(x, y), s, s)
            p.drawLine(QPointF(x - 3.5, y - 3.5), QPointF(x + 3.5, y + 3.5))
            p.drawLine(QPointF(x - 3.5, y + 3.5), QPointF(x + 3.5, y - 3.5))

    @staticmethod
    def _problem_mark(p: QPainter, x: float, y: float) -> None:
        """An invalid commit: a filled red diamond with "!" (as in the History)."""
        d = 7.5
        path = QPainterPath()
        path.addPolygon(
            QPolygonF([QPointF(x, y - d), QPointF(x + d, y), QPointF(x, y + d), QPointF(x - d, y)])
        )
        path.closeSubpath()
        p.fillPath(path, QColor(PROBLEM_COLOR))
        p.setPen(QPen(QColor("white"), 1.6))
        p.drawLine(QPointF(x, y - 3.5), QPointF(x, y + 1))
        p.drawPoint(QPointF(x, y + 3.5))

    def paint_marker(self, p: QPainter, hl: QColor) -> None:
        x = self.x_of(self.marker or 0)
        top = MARGIN + AXIS_H - 6
        bottom = MARGIN + AXIS_H + len(self.spans) * ROW_H
        p.setPen(QPen(hl, 2))
        p.drawLine(QPointF(x, top), QPointF(x, bottom))
        p.setBrush(hl)
        p.setPen(Qt.PenStyle.NoPen)
        p.drawPolygon(QPolygonF([QPointF(x - 5, top - 6), QPointF(x + 5, top - 6), QPointF(x, top)]))

    def paint_legend(self, p: QPainter, text: QColor, faint: QColor) -> None:
        top = self.legend_rect().top()
        base = self.palette().color(QPalette.ColorRole.Base)
        p.setFont(self._font(size=self._small()))
        fm = QFontMetrics(p.font())
        hl = self.palette().color(QPalette.ColorRole.Highlight)
        for x, dy, kind, label in self.legend_layout(self.width()):
            y = top + dy
            cy = y + 8
            if kind in ("triangle", "diamond", "cross"):
                self._marker_shape(p, x + 6, cy, kind, text, base)
            elif kind == "cutoff":
                p.setPen(QPen(text, 1.2, Qt.PenStyle.DashLine))
                p.drawLine(QPointF(x + 6, y), QPointF(x + 6, y + 16))
            elif kind == "problem":
                self._problem_mark(p, x + 6, cy)
            elif kind == "branch":
                p.setPen(QPen(QColor(PROBLEM_COLOR), 1.2, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawArc(QRectF(x, cy - 6, 12, 12), 180 * 16, 180 * 16)
            elif kind == "marker":
                p.setPen(QPen(hl, 2))
                p.drawLine(QPointF(x + 6, y), QPointF(x + 6, y + 16))
            p.setPen(faint)
            p.drawText(
                QRectF(x + 18, y, fm.horizontalAdvance(label) + 4, 16),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                label,
            )


class ErasView(QWidget):
    """Key eras as a timeline (view contract: see ``views/__init__``).

    Signals: ``selectionRequested(str)`` — ``"era:<index>"`` when a row is
    clicked, the cutoff commit id when a cutoff flag is clicked;
    ``eraHighlighted(int)`` — the era index when a row is clicked (the main
    window highlights that era's commits).

    ``select("era:N")`` highlights row N; ``select(commit_id)`` marks the
    commit's position and highlights the era that signed it.  Neither emits.
    ``timeline`` is the painted :class:`EraTimeline` (``row_rect(i)``,
    ``cutoff_rect(i)`` for hit positions; ``spans`` for the computed bars).
    """

    selectionRequested = Signal(str)
    eraHighlighted = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.timeline = EraTimeline()
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.timeline)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.StyledPanel)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.epochs = EpochsView()  # a HOM-AIMOS bundle: signer epochs as time windows
        self.epochs.epochClicked.connect(self._epoch_clicked)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.scroll_area)
        self.stack.addWidget(self.epochs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.stack)
        self.setMinimumWidth(MIN_W + 20)  # the timeline never gets squeezed below what it can draw
        self.setFocusProxy(self.timeline)
        self.timeline.eraClicked.connect(self._era_clicked)
        self.timeline.cutoffClicked.connect(self._cutoff_clicked)
        self.report: Report | None = None
        self._hom: HomIndex | None = None
        self.clear()

    # ---- view contract ------------------------------------------------------
    def set_report(self, report: Report) -> None:
        self.report = report
        if is_hom(report):
            self._hom = index(report)
            self.timeline.set_report(None)
            self.epochs.set_report(report)
            self.stack.setCurrentWidget(self.epochs)
            return
        self._hom = None
        self.stack.setCurrentWidget(self.scroll_area)
        self.timeline.set_report(report)

    def select(self, object_id: str) -> None:
        if self.report is None:
            return
        if self._hom is not None:
            # a certificate selects its epoch; a transition its signer's, marking when it signed
            i = self._hom.epoch_of(object_id)
            step = self._hom.step(object_id)
            if i is not None or step is not None:
                self.epochs.set_selected(i, number(getattr(step, "signed_at", None)))
            return
        if object_id.startswith("era:"):
            try:
                index = int(object_id[4:])
            except ValueError:
                return
            if 0 <= index < len(self.report.eras):
                self.timeline.set_selected(index)
                self._ensure_visible(index)
            return
        if object_id in self.report.commits:
            # one C-speed scan; building a 99k-entry index here would stall the GUI thread
            self.timeline.marker = (
                self.report.order.index(object_id) if object_id in self.report.commits else None
            )
            era = self.report.signer.get(object_id)
            if era is not None:
                self.timeline.set_selected(era)
                self._ensure_visible(era)
            self.timeline.update()

    def clear(self) -> None:
        self.report = None
        self._hom = None
        self.stack.setCurrentWidget(self.scroll_area)
        self.timeline.set_report(None)

    # ---- helpers -------------------------------------------------------------
    @property
    def selected_era(self) -> int | None:
        return self.timeline.selected

    def era_count(self) -> int:
        return len(self.timeline.spans)

    def _ensure_visible(self, index: int) -> None:
        r = self.timeline.row_rect(index)
        self.scroll_area.ensureVisible(0, r.center().y(), 0, ROW_H)

    def _era_clicked(self, index: int) -> None:
        self.selectionRequested.emit(f"era:{index}")
        self.eraHighlighted.emit(index)

    def _epoch_clicked(self, index_: int) -> None:
        if 0 <= index_ < self.epochs.count():
            fpr = self.epochs.span(index_).epoch.certificate_fingerprint
            if isinstance(fpr, str):
                self.selectionRequested.emit(fpr)

    def _cutoff_clicked(self, commit_id: str) -> None:
        if commit_id:
            self.selectionRequested.emit(commit_id)
