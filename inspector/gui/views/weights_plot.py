"""The Weights tab's two plots.

:class:`TrajectoryPlot` draws one memory's weight: a step line through its transitions
(a store: x = index in ``report.order``; a HOM-AIMOS bundle: x = signed time), dashed
lines at the 100 floor, 1000 start and 3000 ceiling, a store memory's label records as
diamonds with their label written beside them (never overlapping), the title above it
and an Export PNG button.  Clicking a point or a label marker emits
:attr:`TrajectoryPlot.pointActivated` with the record it stands for.

:class:`WeightHistogram` counts every memory's current weight in bins of 100 (log-scaled
heights, so a single outlier is as visible as the 300 memories at 1000); clicking a bar
emits :attr:`WeightHistogram.binClicked`.

Colours come from the widget's palette, set per plot (``pg.setConfigOptions`` is never
touched), and follow light/dark changes.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from ...core.verify.mutmem import Q_MAX, Q_MIN, Q_START, TrajectoryPoint, rank
from ..hom import HomIndex, float4_value, number, short, time_labels, time_ticks, when
from ..i18n import QT_TRANSLATE_NOOP
from ..style import displayable, is_dark
from .label_text import label_badge, memory_text, short_id
from .weights_model import BIN, MemoryRow, bin_of

# the guide lines, named in the plot's one unit (milli-weight)
BOUNDS = (
    (Q_MAX, QT_TRANSLATE_NOOP("TrajectoryPlot", "3000 ceiling")),
    (Q_START, QT_TRANSLATE_NOOP("TrajectoryPlot", "1000 start")),
    (Q_MIN, QT_TRANSLATE_NOOP("TrajectoryPlot", "100 floor")),
)
Y_TOP = Q_MAX + 350
HIST_TIP = QT_TRANSLATE_NOOP(
    "WeightHistogram", "Click a bar to list only the memories of that weight; click it again to show all"
)


class TimeAxis(pg.DateAxisItem):  # type: ignore[misc]  # pyqtgraph ships no type stubs: its classes are Any
    """Signed time (UTC) for a bundle's weight chains: ticks on whole seconds, minutes,
    hours or days, each labelled as its spacing needs (``11:22:01``, ``08-11 10:40``,
    ``2026-08-11``) rather than pyqtgraph's sub-second ``01.000``."""

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        spacing, values = time_ticks(minVal, maxVal, int(size // 110))  # a label every ~110 px
        return [(spacing, values)] if values else []

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return time_labels(values, spacing)


@dataclass
class Points:
    """What one plot of a trajectory shows: the points (x, milli-weight), the record each
    stands for (None: the start) and its tooltip."""

    xy: list[tuple[float, int]] = field(default_factory=list)
    ids: list[str | None] = field(default_factory=list)
    tips: list[str] = field(default_factory=list)
    ok: list[bool] = field(default_factory=list)  # a bundle's step that did not verify is drawn ✖


def step_line(xs: list[float], ys: list[int], end_x: float | None = None) -> tuple[list[float], list[float]]:
    """The step line through (xs, ys), carried on to ``end_x`` at the last weight."""
    sx: list[float] = [xs[0]]
    sy: list[float] = [ys[0]]
    for x, y in zip(xs[1:], ys[1:], strict=True):
        sx += [x, x]
        sy += [sy[-1], y]
    if end_x is not None:
        sx.append(end_x)
        sy.append(sy[-1])
    return sx, sy


class Plot(QWidget):
    """A pane with a plot that follows the palette and the font: on a change it styles
    itself again and draws what it showed."""

    def fit_axes(self) -> None:
        raise NotImplementedError

    def apply_palette(self) -> None:
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.fit_axes()
        if event.type() in (
            QEvent.Type.PaletteChange,
            QEvent.Type.ApplicationPaletteChange,
            QEvent.Type.StyleChange,
        ):
            self.apply_palette()
            self.redraw()


class TrajectoryPlot(Plot):
    """One memory's weight over the DAG or over signed time (see the module docstring)."""

    pointActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.memory: str | None = None
        self.highlight: str | None = None
        self.points = Points()
        self._label_ids: list[str] = []
        self._label_pos: list[tuple[float, float]] = []
        self._label_tips: list[str] = []
        self._label_texts: list[pg.TextItem] = []
        self._left_tick = str(Q_MAX)
        self._replay: Callable[[], None] | None = None  # draws the same again (a palette change)

        head = QHBoxLayout()
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head.addWidget(self.title, 1)
        self.export_button = QPushButton(self.tr("Export PNG…"))
        self.export_button.setToolTip(self.tr("Save the weight plot as a PNG image"))
        self.export_button.clicked.connect(lambda: self.export_png())
        head.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.plot = pg.PlotWidget()
        self.plot.setMinimumHeight(150)
        self._build_plot()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 0)
        lay.addLayout(head)
        lay.addWidget(self.caption)
        lay.addWidget(self.plot, 1)
        self.set_time_axis(False)

    def _build_plot(self) -> None:
        pi = self.plot.getPlotItem()
        self._dag_axis = pi.getAxis("bottom")
        self._time_axis = TimeAxis(orientation="bottom", utcOffset=0)
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

    # ---- mode ---------------------------------------------------------------------------
    def set_time_axis(self, on: bool) -> None:
        """Signed time (UTC) along x for a bundle's chains; DAG positions for a store."""
        pi = self.plot.getPlotItem()
        want = self._time_axis if on else self._dag_axis
        if pi.getAxis("bottom") is not want:
            pi.setAxisItems({"bottom": want})
        pi.setLabel("bottom", self.tr("signed time (UTC)") if on else self.tr("DAG position"))
        self.caption.setText(
            self.tr(
                "● signed weight transition at its signing time (click to select it)   "
                "■ the chain's start (1000, or its signed baseline)   dashed: floor, start, ceiling"
            )
            if on
            else self.tr(
                "● weight transition (click to select its commit)   ◆ label record   "
                "■ the memory's own commit (start, 1000)   dashed: floor, start, ceiling"
            )
        )

    # ---- what is drawn ----------------------------------------------------------------------
    def show_nothing(self, hint: str, x_span: int = 1) -> None:
        """No memory: an empty plot and ``hint`` as its title."""
        self._replay = lambda: self.show_nothing(hint, x_span)
        self.memory = self.highlight = None
        self.points = Points()
        self._clear_labels()
        self._curve.setData([], [])
        self._scatter.setData([])
        self._halo.setData([])
        self.title.setText(hint)
        self.title.setToolTip("")
        self.plot.getPlotItem().setXRange(0, max(x_span, 1), padding=0.02)
        self.export_button.setEnabled(False)

    def show_memory(
        self, report: Any, mv: Any, memory_id: str, pos: dict[str, int], highlight: str | None = None
    ) -> None:
        """A store memory (``mv``, a MutMem memory view): its trajectory over the DAG and
        its label records."""
        self._replay = lambda: self.show_memory(report, mv, memory_id, pos, self.highlight)
        self.memory, self.highlight = memory_id, highlight
        self._clear_labels()
        self.export_button.setEnabled(True)
        head_x = max(len(pos) - 1, 0)
        traj = mv.trajectory or [TrajectoryPoint(None, None, Q_START)]  # the core always has the start
        x0 = pos.get(memory_id)
        if x0 is None:
            x0 = next((p.position for p in traj if p.position is not None), 0)
        self.points = self._trajectory_points(traj, x0)
        xs = [x for x, _ in self.points.xy]
        ys = [y for _, y in self.points.xy]
        end_x = max(head_x, xs[-1])
        self._draw_points(step_line(xs, ys, end_x))
        self._draw_labels(mv.labels, x0, end_x, ys)
        self._draw_halo()
        span = max(end_x - x0, 1)
        pad = max(span * 0.03, 2)
        self._set_ranges(x0 - pad, end_x + pad, ys)
        n = len(traj) - 1
        cur_text = label_badge(mv.label)[0] if mv.label is not None else self.tr("none (no label record)")
        trust = " · ⚠ " + self.tr("untrusted") if mv.untrusted else ""
        self.title.setText(
            self.tr("Memory %1 — “%2”")
            .replace("%1", short_id(memory_id))
            .replace("%2", displayable(memory_text(report, memory_id, 110))[0])
            + "\n"
            + self.tr("weight now %1 after %n transition(s)", "", n).replace("%1", str(mv.weight_q))
            + " · "
            + self.tr("label %1").replace("%1", cur_text)
            + trust
        )
        self.title.setToolTip(memory_id)

    def show_chain(self, hom: HomIndex, memory_id: str, highlight: str | None = None) -> None:
        """One bundle weight chain: milli-weights over signed time; each point's tooltip
        gives the float32 mirrors, the signed JSON floats, the judge valence, the signer
        and whether every check of the step passed."""
        chain = hom.memories[memory_id]
        self._replay = lambda: self.show_chain(hom, memory_id, self.highlight)
        self.memory, self.highlight = memory_id, highlight
        self._clear_labels()
        self.export_button.setEnabled(True)
        self.points = self._chain_points(chain)
        xs = [x for x, _ in self.points.xy]
        ys = [y for _, y in self.points.xy]
        self._draw_points(step_line(xs, ys))
        self._draw_halo()
        lo, hi = min(xs), max(xs)
        pad = max((hi - lo) * 0.08, 1.0)
        self._set_ranges(lo - pad, hi + pad, ys)
        n = len(chain.steps)
        rec = hom.records.get(memory_id)
        status = ""
        if rec is not None:
            status = " · " + ("✔ " if rec.ok else "✖ ") + str(rec.certification_status)
            if rec.reason:
                status += f" ({rec.reason})"
        self.title.setText(
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
        self.title.setToolTip(str(memory_id))

    # ---- points and their tooltips -------------------------------------------------------------
    def _trajectory_points(self, traj: list[TrajectoryPoint], x0: int) -> Points:
        out = Points()
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
            out.xy.append((int(x), int(y)))
            out.ids.append(p.commit)
            out.ok.append(True)
            out.tips.append(self._transition_tip(i, n, p, prev_y, y, x))
            prev_x, prev_y = x, y
        return out

    def _transition_tip(self, i: int, n: int, p: TrajectoryPoint, prev_y: float, y: float, x: int) -> str:
        if i == 0:
            return (
                self.tr("start: weight %1\nposition %2 (the memory itself)")
                .replace("%1", str(y))
                .replace("%2", str(x))
            )
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
                self.tr("valence %1, eta %2").replace("%1", f"{p.valence:+.3f}").replace("%2", str(p.eta))
            )
        lines.append(self.tr("commit %1").replace("%1", str(p.commit)))
        return "\n".join(lines)

    def _chain_points(self, chain: Any) -> Points:
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
        out = Points([(start_x, start_y)], [None], [start_tip], [True])
        for i, st in enumerate(steps):
            x = number(st.signed_at)
            x = x if x is not None else out.xy[-1][0]
            y = _int(st.new_weight_milli)
            y = y if y is not None else out.xy[-1][1]
            out.tips.append(self._step_tip(i, len(steps), st, y - out.xy[-1][1]))
            out.xy.append((x, y))
            out.ids.append(st.projection_id if isinstance(st.projection_id, str) else None)
            out.ok.append(bool(st.verified))
        return out

    def _step_tip(self, i: int, n: int, st: Any, delta: int) -> str:
        return "\n".join(
            [
                self.tr("transition %1 of %2: %3 → %4 (%5)")
                .replace("%1", str(i + 1))
                .replace("%2", str(n))
                .replace("%3", str(st.old_weight_milli))
                .replace("%4", str(st.new_weight_milli))
                .replace("%5", f"{delta:+d}"),
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
        )

    # ---- drawing ----------------------------------------------------------------------------
    def _draw_points(self, line: tuple[list[float], list[float]]) -> None:
        pal = self.palette()
        line_color = pal.color(QPalette.ColorRole.Highlight)
        bad = QColor(label_badge("poison_confirmed")[1])
        base = pal.color(QPalette.ColorRole.Base)
        self._curve.setData(*line, pen=pg.mkPen(line_color, width=2))
        self._scatter.setData(
            [
                {
                    "pos": xy,
                    "data": i,
                    "brush": pg.mkBrush(line_color if ok else bad),
                    "pen": pg.mkPen(base, width=1.5),
                    "symbol": "s" if i == 0 else ("o" if ok else "x"),
                }
                for i, (xy, ok) in enumerate(zip(self.points.xy, self.points.ok, strict=True))
            ]
        )

    def _clear_labels(self) -> None:
        for t in self._label_texts:
            self.plot.getPlotItem().removeItem(t)
        self._label_texts = []
        self._label_ids, self._label_tips, self._label_pos = [], [], []
        self._label_scatter.setData([])

    def _draw_labels(self, labels: list[Any], x0: int, end_x: float, ys: list[int]) -> None:
        """A diamond on the step line per label record, its label written above it, raised
        a level whenever it would overlap one already placed."""
        base = self.palette().color(QPalette.ColorRole.Base)
        spots = []
        span = max(end_x - x0, 1)
        placed: list[tuple[float, float, float, int]] = []  # (left, right, y, level) in pixels
        px_x, px_y = self._pixels_per_unit(end_x - x0 + 2 * max(span * 0.03, 2), max(Y_TOP, max(ys) + 250))
        fm = self.plot.fontMetrics()
        line_h = fm.height() * 1.15 + 4
        for j, lp in enumerate(labels):
            lx = lp.position if isinstance(lp.position, int) and lp.position >= 0 else x0
            ly = self._weight_at(lx)
            text, color = label_badge(lp.label)
            spots.append(
                {"pos": (lx, ly), "data": j, "brush": pg.mkBrush(color), "pen": pg.mkPen(base, width=1.5)}
            )
            self._label_ids.append(lp.commit)
            self._label_pos.append((lx, ly))
            self._label_tips.append(self._record_tip(lp, text))
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

    def _record_tip(self, lp: Any, text: str) -> str:
        conf = lp.confidence_milli
        return (
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

    def _set_ranges(self, x_lo: float, x_hi: float, ys: list[int]) -> None:
        pi = self.plot.getPlotItem()
        pi.setXRange(x_lo, x_hi, padding=0)
        pi.setYRange(0, max(Y_TOP, max(ys) + 250), padding=0)
        self.fit_axes(left_tick=str(max(Q_MAX, max(ys))))

    def _draw_halo(self) -> None:
        spots = []
        ring = pg.mkPen(self.palette().color(QPalette.ColorRole.Text), width=2)
        if self.highlight is not None:
            for i, c in enumerate(self.points.ids):
                if c == self.highlight:
                    spots.append({"pos": self.points.xy[i], "pen": ring, "brush": pg.mkBrush(None)})
            for j, c in enumerate(self._label_ids):
                if c == self.highlight:
                    spots.append({"pos": self._label_pos[j], "pen": ring, "brush": pg.mkBrush(None)})
        self._halo.setData(spots)

    def _pixels_per_unit(self, x_span: float, y_span: float) -> tuple[float, float]:
        """Pixels per data unit along x and y of the trajectory plot (its view box, or
        an estimate from the widget before the first layout)."""
        vb = self.plot.getPlotItem().getViewBox()
        w = vb.width() if vb.width() > 50 else max(self.plot.width() - 110, 200)
        h = vb.height() if vb.height() > 50 else max(self.plot.height() - 50, 120)
        return w / max(x_span, 1e-9), h / max(y_span, 1e-9)

    def _weight_at(self, x: float) -> int:
        y = self.points.xy[0][1] if self.points.xy else Q_START
        for px, py in self.points.xy:
            if px <= x:
                y = py
        return y

    # ---- reading it back (tests, export) ---------------------------------------------------------
    def label_text_rects(self) -> list[QRectF]:
        """Scene rectangles of the label texts on the plot (tests: they never overlap)."""
        return [t.sceneBoundingRect() for t in self._label_texts]

    def bound_lines(self) -> dict[int, str]:
        """Horizontal reference lines on the weight plot: value → label text."""
        names = {v: self.tr(t) for v, t in BOUNDS}
        return {int(line.value()): names[v] for v, line in self._bound_lines.items()}

    def activate_point(self, index: int) -> None:
        """What a click on point ``index`` does: highlight it and emit its record (the
        memory itself for the start)."""
        if not 0 <= index < len(self.points.ids):
            return
        target = self.points.ids[index] or self.memory
        self.highlight = self.points.ids[index]
        self._draw_halo()
        if target:
            self.pointActivated.emit(target)

    def export_png(self, path: str | None = None) -> str | None:
        """Save the plot as PNG (asks with a file dialog when ``path`` is None).
        Returns the path written, or None when cancelled."""
        if path is None:
            from PySide6.QtWidgets import QFileDialog

            name = f"weights-{short_id(self.memory)}.png" if self.memory else "weights.png"
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

    # ---- palette and axes -------------------------------------------------------------------------
    def apply_palette(self) -> None:
        pal = self.palette()
        fg = pal.color(QPalette.ColorRole.Text)
        style_plot(self.plot, pal)
        for ax in (self._dag_axis, self._time_axis):  # the one not shown now, for when it is
            ax.setPen(pg.mkPen(fg))
            ax.setTextPen(pg.mkPen(fg))
        dim = _with_alpha(fg, 150)
        for line in self._bound_lines.values():
            line.setPen(pg.mkPen(dim, width=1, style=Qt.PenStyle.DashLine))

    def fit_axes(self, left_tick: str | None = None) -> None:
        """Give the vertical axes room for their widest tick text up front (pyqtgraph
        would otherwise widen them only after a first paint with clipped labels)."""
        if left_tick is not None:
            self._left_tick = left_tick
        fm = self.plot.fontMetrics()
        pi = self.plot.getPlotItem()
        widest_bound = max((self.tr(t) for _, t in BOUNDS), key=fm.horizontalAdvance)
        for name, widest in (("left", self._left_tick), ("right", widest_bound)):
            pi.getAxis(name).setStyle(
                autoExpandTextSpace=False, tickTextWidth=fm.horizontalAdvance(widest) + 6
            )

    def redraw(self) -> None:
        if self._replay is not None:
            self._replay()

    # ---- slots ------------------------------------------------------------------------------------
    def _point_tip(self, x: float, y: float, data: Any) -> str:
        tips = self.points.tips
        return tips[data] if isinstance(data, int) and 0 <= data < len(tips) else ""

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
        if 0 <= j < len(self._label_ids):
            self.highlight = self._label_ids[j]
            self._draw_halo()
            self.pointActivated.emit(self._label_ids[j])


class WeightHistogram(Plot):
    """Every memory's current weight, in bins of 100 (see the module docstring)."""

    binClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.counts: dict[int, int] = {}
        self._tick = "1000"
        self._shown: tuple[list[MemoryRow], bool] = ([], False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 0, 0, 0)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay.addWidget(self.title)
        self.plot = pg.PlotWidget()
        self.plot.setToolTip(self.tr(HIST_TIP))
        hpi = self.plot.getPlotItem()
        hpi.setLabel("bottom", self.tr("current milli-weight"))
        # a short label: the plot is short (its title says the heights are on a log scale)
        hpi.setLabel("left", self.tr("memories"))
        hpi.getAxis("left").enableAutoSIPrefix(False)  # log heights: never "(x0.1)"
        hpi.setMouseEnabled(x=False, y=False)
        hpi.hideButtons()
        hpi.setMenuEnabled(False)
        hpi.setXRange(-BIN, Q_MAX + 2 * BIN, padding=0)
        self.bars = pg.BarGraphItem(x=[], height=[], width=BIN * 0.8)
        hpi.addItem(self.bars)
        self.marker = pg.InfiniteLine(angle=90, movable=False)
        self.marker.setZValue(5)
        self.marker.hide()
        hpi.addItem(self.marker)
        self.plot.scene().sigMouseClicked.connect(self._on_clicked)
        self.plot.scene().sigMouseMoved.connect(self._on_hover)
        lay.addWidget(self.plot, 1)

    def fill(self, rows: list[MemoryRow], *, hom: bool) -> None:
        self._shown = (rows, hom)
        counts: dict[int, int] = {}
        for r in rows:
            c = bin_of(r.weight_q)
            counts[c] = counts.get(c, 0) + 1
        self.counts = counts
        xs = sorted(counts)
        heights = [_log_height(counts[x]) for x in xs]
        down, neutral, up = (QColor("#ef6c00"), QColor("#9e9e9e"), QColor("#1e88e5"))
        if is_dark():
            down, up = down.lighter(130), up.lighter(130)
        brushes = [pg.mkBrush(up if x > Q_START else down if x < Q_START else neutral) for x in xs]
        self.bars.setOpts(x=xs, height=heights, width=BIN * 0.8, brushes=brushes, pen=pg.mkPen(None))
        hpi = self.plot.getPlotItem()
        top = max(heights, default=_log_height(1))
        ticks = [
            (_log_height(v), str(v))
            for v in (1, 10, 100, 1000, 10000, 100000)
            if _log_height(v) <= top * 1.001 or v == 1
        ]
        hpi.getAxis("left").setTicks([ticks, []])
        self.fit_axes(max((t for _, t in ticks), key=len))
        hpi.setYRange(0, top * 1.08, padding=0)
        hpi.getAxis("bottom").setTicks(
            [[(v, str(v)) for v in (100, 1000, 2000, 3000)], [(v, "") for v in range(500, 3000, 500)]]
        )
        self.title.setText(self._title_text(rows, hom))

    def _title_text(self, rows: list[MemoryRow], hom: bool) -> str:
        if not rows:
            return ""
        moved = sum(r.weight_q != Q_START for r in rows)
        if hom:  # a bundle's chains carry no labels: no trust to count
            counts = self.tr("%n moved from the 1000 start", "", moved)
        else:
            counts = (
                self.tr("%1 reweighted · %2 ⚠ untrusted")
                .replace("%1", str(moved))
                .replace("%2", str(sum(r.untrusted for r in rows)))
            )
        return (
            self.tr("%n memory(ies)", "", len(rows))
            + " · "
            + counts
            + "\n"
            + self.tr("▼ orange: below the 1000 start · ▲ blue: above · bar heights on a log scale")
        )

    def set_marker(self, value: int | None) -> None:
        """Mark the selected memory's weight (None: no mark)."""
        if value is None:
            self.marker.hide()
        else:
            self.marker.setValue(value)
            self.marker.show()

    def apply_palette(self) -> None:
        pal = self.palette()
        style_plot(self.plot, pal)
        self.marker.setPen(
            pg.mkPen(pal.color(QPalette.ColorRole.Highlight), width=2, style=Qt.PenStyle.DashLine)
        )

    def redraw(self) -> None:
        rows, hom = self._shown
        self.fill(rows, hom=hom)

    def fit_axes(self, tick: str | None = None) -> None:
        if tick is not None:
            self._tick = tick
        fm = self.plot.fontMetrics()
        self.plot.getPlotItem().getAxis("left").setStyle(
            autoExpandTextSpace=False, tickTextWidth=fm.horizontalAdvance(self._tick) + 6
        )

    def bin_at(self, scene_pos: QPointF) -> int | None:
        vb = self.plot.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(scene_pos):
            return None
        p = vb.mapSceneToView(scene_pos)
        centre = bin_of(round(p.x()))
        if abs(p.x() - centre) > BIN * 0.5 or centre not in self.counts:
            return None
        return centre

    def _on_clicked(self, ev: Any) -> None:
        centre = self.bin_at(ev.scenePos())
        if centre is not None:
            self.binClicked.emit(centre)

    def _on_hover(self, scene_pos: QPointF) -> None:
        from .weights_model import bin_range

        centre = self.bin_at(scene_pos)
        if centre is None:
            self.plot.setToolTip(self.tr(HIST_TIP))
            return
        lo, hi = bin_range(centre)
        self.plot.setToolTip(
            self.tr("weight %1–%2: %n memory(ies)\nclick to show only these", "", self.counts[centre])
            .replace("%1", str(lo))
            .replace("%2", str(hi))
        )


def style_plot(pw: pg.PlotWidget, pal: QPalette) -> None:
    """A plot's background and axes in the palette's colours."""
    bg = pal.color(QPalette.ColorRole.Base)
    fg = pal.color(QPalette.ColorRole.Text)
    pw.setBackground(bg)
    pi = pw.getPlotItem()
    for name in ("left", "bottom", "right"):
        ax = pi.getAxis(name)
        ax.setPen(pg.mkPen(fg))
        ax.setTextPen(pg.mkPen(fg))


def _log_height(count: int) -> float:
    return math.log10(count + 1)


def _with_alpha(c: QColor, alpha: int) -> QColor:
    out = QColor(c)
    out.setAlpha(alpha)
    return out


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _signed(value: Any) -> str:
    x = number(value)
    return f"{x:+.3g}" if x is not None else str(value)
