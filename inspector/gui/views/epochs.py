"""Signer epochs of a HOM-AIMOS bundle as time windows (the Key eras pane shows them
instead of key eras: a bundle's epochs are windows in time, not eras of a DAG).

One row per signer identity (``report.hom.signers``): its role, who issued its
certificate (the bundle's master or the signer itself), the certificate fingerprint; a
bar over signed time (UTC) from ``valid_from`` to ``valid_until`` (an arrow when it runs
past the axis), a cross at ``revoked_at`` with the rest of the window struck through,
and a dot at each signature the bundle's weight chains made with it — a cross where a
signature falls at or after the revocation.  Above the rows, the master key's
fingerprint and whether it is pinned.  Every mark carries text as well as colour.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QPolygonF,
    QResizeEvent,
)
from PySide6.QtWidgets import QLabel, QScrollArea, QToolTip, QVBoxLayout, QWidget

from ...core.hom_aimos.view import hom_view
from ...core.verify.report import Report
from ..hom import FOREVER, epoch_text, issued_text, number, short, time_labels, time_ticks, when
from ..style import PROBLEM_COLOR, era_color, readable, wrappable
from ..summary import master_text
from .timeline import Timeline

MARGIN = 10
AXIS_H = 40
ROW_H = 58
BAR_H = 12


@dataclass
class EpochSpan:
    """One signer epoch on the time axis (unix seconds)."""

    epoch: Any  # SignerEpoch
    start: float | None  # valid_from
    end: float | None  # valid_until (None: no end, or not a time)
    revoked: float | None  # revoked_at
    uses: list[float] = field(default_factory=list)  # signing times of the weight chains
    users: list[str] = field(default_factory=list)  # the projection ids signed, in the same order

    @property
    def late(self) -> list[float]:
        """Signatures at or after the revocation (they do not count)."""
        return [u for u in self.uses if self.revoked is not None and u >= self.revoked]


def epoch_spans(report: Report) -> list[EpochSpan]:
    view = hom_view(report)
    if view is None:
        return []
    out = []
    for sgn in view.signers:
        end = number(sgn.valid_until)
        out.append(
            EpochSpan(
                sgn,
                number(sgn.valid_from),
                None if end is None or end >= FOREVER else end,
                number(sgn.revoked_at),
            )
        )
    by_fpr = {
        s.epoch.certificate_fingerprint: s for s in out if isinstance(s.epoch.certificate_fingerprint, str)
    }
    for chain in view.memories:
        for step in chain.steps:
            span = (
                by_fpr.get(step.certificate_fingerprint)
                if isinstance(step.certificate_fingerprint, str)
                else None
            )
            t = number(step.signed_at)
            if span is not None and t is not None:
                span.uses.append(t)
                span.users.append(str(step.projection_id))
    return out


def _tick_format(span: float) -> str:
    if span <= 180:
        return "%H:%M:%S"
    if span <= 2 * 86400:
        return "%m-%d %H:%M"
    return "%Y-%m-%d"


class EpochTimeline(Timeline):
    """The painted rows (inside :class:`EpochsView`'s scroll area)."""

    epochClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spans: list[EpochSpan] = []
        self.selected: int | None = None
        self.marker: float | None = None  # the signing time of the selected transition
        self.t0 = 0.0
        self.t1 = 1.0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAccessibleName(self.tr("Signer epochs timeline"))

    # ---- data -------------------------------------------------------------------
    def set_spans(self, spans: list[EpochSpan]) -> None:
        self.spans = spans
        self.selected = None
        self.marker = None
        times: list[float] = []
        for s in spans:
            times += [t for t in (s.start, s.end, s.revoked) if t is not None]
            times += s.uses
        if times:
            lo, hi = min(times), max(times)
            pad = max((hi - lo) * 0.06, 30.0)
            self.t0, self.t1 = lo - pad, hi + pad
        else:
            self.t0, self.t1 = 0.0, 1.0
        self._fit_height()
        self.update()

    def _fit_height(self) -> None:
        h = self.height_for(max(self.width(), 250))
        if self.minimumHeight() != h:
            self.setMinimumHeight(h)
        self.updateGeometry()

    def legend_height(self, width: int) -> int:
        fm = QFontMetrics(self._font(small=True))
        box = fm.boundingRect(
            QRect(0, 0, max(width - 2 * MARGIN, 50), 10_000),
            int(Qt.TextFlag.TextWordWrap),
            "   ".join(self.legend_items()),
        )
        return box.height() + 10

    def height_for(self, width: int = 520) -> int:
        return MARGIN + AXIS_H + max(len(self.spans), 1) * ROW_H + self.legend_height(width) + MARGIN

    def sizeHint(self) -> QSize:
        return QSize(520, self.height_for(520))

    def minimumSizeHint(self) -> QSize:
        return QSize(250, self.height_for(250))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    # ---- geometry ---------------------------------------------------------------
    def label_w(self) -> int:
        return int(min(230, max(120, self.width() * 0.34)))

    def track(self) -> tuple[float, float]:
        return float(MARGIN + self.label_w() + 10), float(self.width() - MARGIN - 14)

    def x_of(self, t: float) -> float:
        x0, x1 = self.track()
        return x0 + (x1 - x0) * ((t - self.t0) / max(self.t1 - self.t0, 1e-9))

    def row_rect(self, i: int) -> QRect:
        return QRect(MARGIN, MARGIN + AXIS_H + i * ROW_H, self.width() - 2 * MARGIN, ROW_H)

    def bar_rect(self, i: int) -> QRectF:
        s = self.spans[i]
        r = self.row_rect(i)
        x0, x1 = self.track()
        a = self.x_of(s.start) if s.start is not None else x0
        b = self.x_of(s.end) if s.end is not None else x1
        a, b = max(a, x0), min(b, x1)
        return QRectF(a, r.top() + 24, max(b - a, 3.0), BAR_H)

    def row_at(self, pos: QPoint) -> int | None:
        for i in range(len(self.spans)):
            if self.row_rect(i).contains(pos):
                return i
        return None

    # ---- interaction ------------------------------------------------------------
    def set_selected(self, i: int | None) -> None:
        self.selected = i if i is not None and 0 <= i < len(self.spans) else None
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            i = self.row_at(event.position().toPoint())
            if i is not None:
                self.set_selected(i)
                self.epochClicked.emit(i)
                return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        n = len(self.spans)
        if n and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            cur = self.selected if self.selected is not None else -1
            new = max(cur - 1, 0) if event.key() == Qt.Key.Key_Up else min(cur + 1, n - 1)
            if new != self.selected:
                self.set_selected(new)
                self.epochClicked.emit(new)
            return
        super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            i = self.row_at(event.pos())
            if i is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip(i), self)
            return True
        return super().event(event)

    def tooltip(self, i: int) -> str:
        s = self.spans[i]
        e = s.epoch
        lines = [
            f"<b>{html.escape(str(e.agent_id))}</b> — {html.escape(issued_text(e.issued_by))}",
            html.escape(epoch_text(e)),
            self.tr("certificate window: %1 – %2")
            .replace("%1", html.escape(when(e.cert_valid_from)))
            .replace("%2", html.escape(when(e.cert_valid_until))),
            self.tr("issuer: %1").replace("%1", html.escape(str(e.issuer))),
            self.tr("certificate fingerprint: %1").replace("%1", html.escape(str(e.certificate_fingerprint))),
        ]
        if s.uses:
            lines.append(self.tr("%n signature(s) in the weight chains", "", len(s.uses)))
        if s.late:
            lines.append("✖ " + self.tr("%n signature(s) at or after the revocation", "", len(s.late)))
        return "<br>".join(lines)

    def row_text(self, i: int) -> str:
        """The row's words, as drawn and read aloud (tests, accessibility)."""
        s = self.spans[i]
        return f"{s.epoch.agent_id} · {epoch_text(s.epoch)}"

    # ---- painting ---------------------------------------------------------------
    def _font(self, *, bold: bool = False, small: bool = False, mono: bool = False) -> QFont:
        f = QFont(self.font())
        if mono:
            f = QFont("DejaVu Sans Mono")
            f.setStyleHint(QFont.StyleHint.Monospace)
            f.setPointSizeF(max(self.font().pointSizeF() - 1.5, 7.0))
        elif small:
            f.setPointSizeF(max(self.font().pointSizeF() - 1, 7.0))
        f.setBold(bold)
        return f

    def empty_text(self) -> str | None:
        if self.spans:
            return None
        return self.tr("No signer epochs: this bundle records no signer identities with time windows.")

    def empty_rect(self) -> QRect:
        return self.rect().adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)

    def paint_rows(self, p: QPainter, base: QColor, text: QColor, faint: QColor, grid: QColor) -> None:
        for i in range(len(self.spans)):
            self._paint_row(p, i, base, text, faint)

    def has_marker(self) -> bool:
        return self.marker is not None

    def paint_marker(self, p: QPainter, highlight: QColor) -> None:
        x = self.x_of(self.marker or 0.0)
        p.setPen(QPen(highlight, 2, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(x, MARGIN + AXIS_H - 4), QPointF(x, MARGIN + AXIS_H + len(self.spans) * ROW_H))

    def paint_axis(self, p: QPainter, text: QColor, faint: QColor, grid: QColor) -> None:
        x0, x1 = self.track()
        y = MARGIN + AXIS_H - 10
        p.setPen(QPen(faint, 1))
        p.drawLine(QPointF(x0, y), QPointF(x1, y))
        font = self._font(small=True)
        fm = QFontMetrics(font)
        p.setFont(font)
        room = int((x1 - x0) // (fm.horizontalAdvance("08-31 23:59") + 14))
        spacing, values = time_ticks(self.t0, self.t1, room)
        bottom = MARGIN + AXIS_H + len(self.spans) * ROW_H
        last_right = -1e9
        for t, label in zip(values, time_labels(values, spacing), strict=True):
            x = self.x_of(t)
            p.setPen(QPen(grid, 1))
            p.drawLine(QPointF(x, y), QPointF(x, bottom))
            w = fm.horizontalAdvance(label)
            left = min(max(x - w / 2, x0 - 4), x1 - w + 4)
            if left < last_right + 6:  # never two labels on top of each other
                continue
            p.setPen(faint)
            p.drawText(QPointF(left, y - 6), label)
            last_right = left + w
        p.setPen(faint)
        p.drawText(
            QRectF(MARGIN, y - 20, self.label_w(), 18),
            Qt.AlignmentFlag.AlignLeft,
            self.tr("signed time (UTC)"),
        )

    def _paint_row(self, p: QPainter, i: int, base: QColor, text: QColor, faint: QColor) -> None:
        s = self.spans[i]
        e = s.epoch
        r = self.row_rect(i)
        hl = self.palette().color(QPalette.ColorRole.Highlight)
        if self.selected == i:
            sel = QColor(hl)
            sel.setAlpha(40)
            p.fillRect(r, sel)
        colour = readable(era_color(i), base, 3.0)
        warn = readable(QColor("#b45309"), base)
        bad = readable(QColor(PROBLEM_COLOR), base)
        # label column: role, issuer, fingerprint
        lw = self.label_w()
        fm_b = QFontMetrics(self._font(bold=True))
        p.setFont(self._font(bold=True))
        p.setPen(text)
        p.drawText(
            QPointF(r.left() + 4, r.top() + 17),
            fm_b.elidedText(str(e.agent_id), Qt.TextElideMode.ElideRight, lw),
        )
        p.setFont(self._font(small=True))
        p.setPen(warn if e.issued_by != "master" else faint)
        p.drawText(QPointF(r.left() + 4, r.top() + 33), issued_text(e.issued_by))
        p.setFont(self._font(mono=True))
        p.setPen(faint)
        p.drawText(QPointF(r.left() + 4, r.top() + 48), short(e.certificate_fingerprint, 16))
        # the window
        bar = self.bar_rect(i)
        _x0, x1 = self.track()
        fill = QColor(colour)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawRoundedRect(bar, 3, 3)
        if s.end is None:  # runs past the axis: an arrow head
            yc = bar.center().y()
            p.drawPolygon(QPolygonF([QPointF(x1, yc - 7), QPointF(x1 + 9, yc), QPointF(x1, yc + 7)]))
        if s.revoked is not None:
            xr = self.x_of(s.revoked)
            after = QRectF(
                max(xr, bar.left()), bar.top(), max(bar.right() - max(xr, bar.left()), 0.0), bar.height()
            )
            p.setBrush(base)
            p.drawRect(after)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(bad, 1.5))
            p.drawRect(after)
            p.drawLine(after.topLeft(), after.bottomRight())
            self._cross(p, xr, bar.center().y(), bad, 7)
            # the label stays inside the track (elided, the time as on the axis); the
            # tooltip and the row text have the full date
            font = self._font(small=True, bold=True)
            p.setFont(font)
            fm = QFontMetrics(font)
            x0 = self.track()[0]
            stamp = datetime.fromtimestamp(s.revoked, UTC).strftime(_tick_format(self.t1 - self.t0))
            label = fm.elidedText(
                "✖ " + self.tr("revoked %1").replace("%1", stamp), Qt.TextElideMode.ElideRight, int(x1 - x0)
            )
            w = fm.horizontalAdvance(label)
            left = min(max(xr - w / 2, x0), x1 - w)
            p.drawText(QPointF(left, bar.top() - 4), label)
        # the signatures made with it
        for t in s.uses:
            x = self.x_of(t)
            y = bar.bottom() + 8
            if s.revoked is not None and t >= s.revoked:
                self._cross(p, x, y, bad, 5)
            else:
                p.setPen(QPen(base, 1))
                p.setBrush(text)
                p.drawEllipse(QPointF(x, y), 3.5, 3.5)

    @staticmethod
    def _cross(p: QPainter, x: float, y: float, colour: QColor, r: float) -> None:
        p.setPen(QPen(colour, 2.2))
        p.drawLine(QPointF(x - r, y - r), QPointF(x + r, y + r))
        p.drawLine(QPointF(x - r, y + r), QPointF(x + r, y - r))

    def legend_items(self) -> list[str]:
        items = [
            self.tr("bar: the signer's valid window (→ no end)"),
            self.tr("● a signature of the weight chains"),
        ]
        if any(s.revoked is not None for s in self.spans):
            items.append(self.tr("✖ revocation; struck through: revoked"))
        if any(s.late for s in self.spans):
            items.append(self.tr("✖ below the bar: a signature at or after the revocation"))
        return items

    def paint_legend(self, p: QPainter, text: QColor, faint: QColor) -> None:
        top = MARGIN + AXIS_H + len(self.spans) * ROW_H + 6
        rect = QRectF(MARGIN, top, self.width() - 2 * MARGIN, self.legend_height(self.width()))
        p.setPen(faint)
        p.setFont(self._font(small=True))
        p.drawText(rect, Qt.TextFlag.TextWordWrap, "   ".join(self.legend_items()))


class EpochsView(QWidget):
    """The master key above the painted epoch rows (signals: ``epochClicked(index)``)."""

    epochClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header.setAccessibleName(self.tr("Master key"))
        self.timeline = EpochTimeline()
        self.timeline.epochClicked.connect(self.epochClicked)
        scroll = QScrollArea()
        scroll.setWidget(self.timeline)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.header)
        lay.addWidget(scroll, 1)
        self.scroll_area = scroll

    def set_report(self, report: Report) -> None:
        spans = epoch_spans(report)
        self.timeline.set_spans(spans)
        master = master_text(report)
        full = getattr(getattr(report.hom, "master", None), "fingerprint", None)
        lines = [master]
        if isinstance(full, str):  # 64 hex digits: breakable, so a narrow pane wraps them
            lines.append(self.tr("fingerprint %1").replace("%1", wrappable(full)))
        if not spans:
            lines.append(self.tr("No signer epochs in this bundle."))
        self.header.setText("\n".join(lines))

    # ---- for the window and the tests -------------------------------------------
    def count(self) -> int:
        return len(self.timeline.spans)

    def span(self, i: int) -> EpochSpan:
        return self.timeline.spans[i]

    def row_text(self, i: int) -> str:
        return self.timeline.row_text(i)

    def header_text(self) -> str:
        return self.header.text()

    @property
    def selected(self) -> int | None:
        return self.timeline.selected

    def set_selected(self, i: int | None, marker: float | None = None) -> None:
        self.timeline.marker = marker
        self.timeline.set_selected(i)
        if i is not None and 0 <= i < self.count():
            self.scroll_area.ensureVisible(0, self.timeline.row_rect(i).center().y(), 0, ROW_H)
