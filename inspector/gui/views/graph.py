"""Graph: the DAG neighbourhood of the selected commit (or of an era's cutoff),
laid out left → right by topological generation.

Nodes are rounded cards coloured by the signer's era, carrying the short id,
the era's key id and the status badge as text (colour is never the only cue);
edges run parent → child with arrow heads; a dashed stub on a card's side says
the history goes on beyond the shown neighbourhood.

Mouse: click a card to select that commit (and recentre on it), drag to pan,
Ctrl+wheel to zoom.  Keyboard: arrow keys walk the cards, Enter/Space selects,
+ / − zoom, 0 fits.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QFrame,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneHoverEvent,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from ...core import graphml
from ...core.findings import Finding
from ...core.verify.report import Report, Status
from ..hom import no_history_text
from ..judgement import Judgement, findings_by_object, judge
from ..judgement import badge as judged_badge
from ..style import AA, contrast, era_color, mix, readable

NODE_W = 208.0
NODE_H = 64.0
COL_GAP = 46.0
ROW_GAP = 30.0  # room for the "cutoff" tag above a card
TAG_H = 16.0
MARGIN = 24.0
STUB = 18.0  # length of the "history goes on" stubs
NO_ERA = QColor("#757575")
READABLE_SCALE = 0.7  # below this the 8-pt card text is too small to read


def short_id(commit_id: str, n: int = 10) -> str:
    return commit_id.split(":", 1)[-1][:n]


def _palette(widget: QWidget | None) -> QPalette:
    return widget.palette() if widget is not None else QGuiApplication.palette()


# ---------------------------------------------------------------------------
# scene items


class NodeItem(QGraphicsItem):
    """One commit card."""

    def badge(self) -> tuple[str, QColor]:
        """The card's badge: the commit's worst error first, else its status."""
        text, hue = judged_badge(self.judgement)
        if text:
            return text, hue
        return "? " + QCoreApplication.translate("GraphView", "no status"), NO_ERA

    def __init__(
        self,
        commit_id: str,
        *,
        position: int,
        status: Status | None,
        era_index: int | None,
        era_label: str,
        memory_type: str,
        timestamp: str,
        hidden_parents: int,
        hidden_children: int,
        center: bool,
        cutoff_of: tuple[str, ...] = (),
        merge: bool = False,
        judgement: Judgement | None = None,
    ) -> None:
        super().__init__()
        self.commit_id = commit_id
        self.position = position
        self.status = status
        self.judgement = judgement if judgement is not None else Judgement((), status)
        self.era_index = era_index
        self.era_label = era_label
        self.memory_type = memory_type
        self.timestamp = timestamp
        self.hidden_parents = hidden_parents
        self.hidden_children = hidden_children
        self.center = center
        self.cutoff_of = cutoff_of  # key ids of the eras whose cutoff this is
        self.merge = merge
        self.proven = False  # inside the shaded proven region of a cutoff
        self.current = False  # keyboard cursor
        self.hovered = False
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setZValue(2)
        badge = self.badge()[0]
        tip = [
            f"<b>{commit_id}</b>",
            QCoreApplication.translate("GraphView", "status: %1").replace("%1", badge),
            QCoreApplication.translate("GraphView", "era: %1").replace("%1", era_label),
            QCoreApplication.translate("GraphView", "memory type: %1").replace("%1", memory_type or "—"),
            QCoreApplication.translate("GraphView", "timestamp: %1").replace("%1", timestamp or "—"),
            QCoreApplication.translate("GraphView", "DAG order position: %1").replace("%1", str(position)),
        ]
        if merge:
            tip.append(QCoreApplication.translate("GraphView", "merge commit"))
        if cutoff_of:
            tip.append(
                QCoreApplication.translate("GraphView", "cutoff commit of %1").replace(
                    "%1", ", ".join(cutoff_of)
                )
            )
        if hidden_parents:
            tip.append(
                QCoreApplication.translate("GraphView", "parents beyond this neighbourhood: %1").replace(
                    "%1", str(hidden_parents)
                )
            )
        if hidden_children:
            tip.append(
                QCoreApplication.translate("GraphView", "children beyond this neighbourhood: %1").replace(
                    "%1", str(hidden_children)
                )
            )
        self.setToolTip("<br>".join(tip))

    @property
    def color(self) -> QColor:
        return era_color(self.era_index) if self.era_index is not None else NO_ERA

    def card_rect(self) -> QRectF:
        return QRectF(0, 0, NODE_W, NODE_H)

    def boundingRect(self) -> QRectF:
        return QRectF(-STUB - 4, -TAG_H - 6, NODE_W + 2 * STUB + 8, NODE_H + TAG_H + 12)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.card_rect(), 8, 8)
        return path

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = True
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = False
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pal = _palette(widget)
        base = pal.color(QPalette.ColorRole.Base)
        text = pal.color(QPalette.ColorRole.Text)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._paint_card(painter, pal, base, text)
        small = QFont()
        small.setPointSizeF(8.0)
        self._paint_lines(painter, small, base, text)
        self._paint_badge(painter, small)
        if self.cutoff_of:
            self._paint_cutoff_tag(painter, small, base, text)

    def _paint_card(self, painter: QPainter, pal: QPalette, base: QColor, text: QColor) -> None:
        """The card in its era's colour (green-tinted inside the proven region), its
        stubs where the history continues, the centre's and the cursor's outlines."""
        dark = base.lightness() < 128
        color = self.color
        rect = self.card_rect()
        # stubs: the history continues outside the neighbourhood
        stub_pen = QPen(mix(base, text, 0.55), 1.4, Qt.PenStyle.DashLine)
        painter.setPen(stub_pen)
        mid = rect.center().y()
        if self.hidden_parents:
            painter.drawLine(QPointF(-STUB, mid), QPointF(0, mid))
        if self.hidden_children:
            painter.drawLine(QPointF(NODE_W, mid), QPointF(NODE_W + STUB, mid))

        # card
        fill = mix(base, color, 0.30 if dark else 0.14)
        if self.proven:
            fill = mix(fill, QColor("#2e7d32"), 0.30 if dark else 0.18)
        if self.hovered:
            fill = mix(fill, color, 0.12)
        path = QPainterPath()
        path.addRoundedRect(rect, 8, 8)
        painter.fillPath(path, fill)
        # era stripe on the left edge
        stripe = QPainterPath()
        stripe.addRoundedRect(QRectF(0, 0, 14, NODE_H), 8, 8)
        clip = QPainterPath()
        clip.addRect(QRectF(0, 0, 7, NODE_H))
        painter.fillPath(stripe.intersected(clip), color)
        if self.center:
            hl = pal.color(QPalette.ColorRole.Highlight)
            painter.setPen(QPen(hl, 3.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 10, 10)
        painter.setPen(QPen(color.darker(115) if not dark else color.lighter(120), 1.4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        if self.proven:
            painter.fillRect(QRectF(7, NODE_H - 4, NODE_W - 14, 3), QColor("#2e7d32"))
        if self.current:
            painter.setPen(QPen(text, 1.2, Qt.PenStyle.DotLine))
            painter.drawRoundedRect(rect.adjusted(-6, -6, 6, 6), 11, 11)

    def _paint_lines(self, painter: QPainter, small: QFont, base: QColor, text: QColor) -> None:
        """Line 1: the short id and the order position; line 2: era and memory type."""
        left = 14.0
        # line 1: short id (monospace, bold) and the order position
        left = 14.0
        mono = QFont("DejaVu Sans Mono")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setPointSizeF(9.0)
        mono.setBold(True)
        painter.setFont(mono)
        painter.setPen(text)
        painter.drawText(
            QRectF(left, 5, NODE_W - left - 8, 18),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            ("◉ " if self.center else "") + short_id(self.commit_id),
        )
        painter.setFont(small)
        painter.setPen(mix(text, base, 0.35))
        painter.drawText(
            QRectF(left, 5, NODE_W - left - 8, 18),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            f"#{self.position}",
        )

        # line 2: era key id and memory type
        painter.setPen(text)
        fm = QFontMetricsF(small)
        line2 = " · ".join(
            x
            for x in (
                self.era_label,
                self.memory_type,
                QCoreApplication.translate("GraphView", "merge") if self.merge else "",
            )
            if x
        )
        painter.drawText(
            QRectF(left, 23, NODE_W - left - 8, 16),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            fm.elidedText(line2, Qt.TextElideMode.ElideRight, NODE_W - left - 8),
        )

    def _paint_badge(self, painter: QPainter, small: QFont) -> None:
        left = 14.0
        # line 3: the commit's badge, problems first (icon + text on a pill)
        label, bcolor = self.badge()
        bfont = QFont(small)
        bfm = QFontMetricsF(bfont)
        label = bfm.elidedText(label, Qt.TextElideMode.ElideRight, NODE_W - left - 22)
        pill = QRectF(left, 41, bfm.horizontalAdvance(label) + 12, 17)
        pp = QPainterPath()
        pp.addRoundedRect(pill, 8, 8)
        painter.fillPath(pp, bcolor)
        painter.setFont(bfont)
        painter.setPen(
            readable(QColor("white"), bcolor) if contrast(QColor("white"), bcolor) < AA else QColor("white")
        )
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, label)

    def _paint_cutoff_tag(self, painter: QPainter, small: QFont, base: QColor, text: QColor) -> None:
        # a text tag above the card for an era's cutoff commit
        tfont = QFont(small)
        tfont.setBold(True)
        tfm = QFontMetricsF(tfont)
        tag = tfm.elidedText(
            "✂ "
            + QCoreApplication.translate("GraphView", "cutoff of %1").replace(
                "%1", ", ".join(self.cutoff_of)
            ),
            Qt.TextElideMode.ElideRight,
            NODE_W - 16,
        )
        trect = QRectF(8, -TAG_H - 3, tfm.horizontalAdvance(tag) + 12, TAG_H)
        tp = QPainterPath()
        tp.addRoundedRect(trect, 4, 4)
        painter.fillPath(tp, mix(base, text, 0.85))
        painter.setFont(tfont)
        painter.setPen(base)
        painter.drawText(trect, Qt.AlignmentFlag.AlignCenter, tag)


class EdgeItem(QGraphicsPathItem):
    """Parent → child link with an arrow head at the child."""

    def __init__(self, parent_item: NodeItem, child_item: NodeItem, color: QColor) -> None:
        super().__init__()
        self.parent_id = parent_item.commit_id
        self.child_id = child_item.commit_id
        a = parent_item.pos() + QPointF(NODE_W, NODE_H / 2)
        b = child_item.pos() + QPointF(0, NODE_H / 2)
        b_tip = b - QPointF(5.0 if child_item.center else 1.5, 0)
        dx = max(24.0, (b.x() - a.x()) * 0.5)
        path = QPainterPath(a)
        path.cubicTo(a + QPointF(dx, 0), b_tip - QPointF(dx, 0), b_tip - QPointF(8, 0))
        path.lineTo(b_tip - QPointF(8, 0))
        arrow = QPolygonF([b_tip, b_tip + QPointF(-9, -4.5), b_tip + QPointF(-9, 4.5)])
        path.addPolygon(arrow)
        path.closeSubpath()
        self.setPath(path)
        self._arrow = arrow
        self.setPen(QPen(color, 1.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        self.setZValue(1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = self.pen()
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        line = QPainterPath(self.path())
        painter.drawPath(line)
        painter.setBrush(QBrush(pen.color()))
        painter.drawPolygon(self._arrow)


# ---------------------------------------------------------------------------
# the graphics view


class GraphCanvas(QGraphicsView):
    """The QGraphicsView: click/keyboard activation, Ctrl+wheel zoom, fit."""

    nodeActivated = Signal(str)

    MIN_SCALE = 0.1
    MAX_SCALE = 4.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(self.tr("Commit neighbourhood graph"))
        self.setAccessibleDescription(
            self.tr("Arrow keys move between commits, Enter or Space selects, plus and minus zoom, 0 fits.")
        )
        self.nodes: dict[str, NodeItem] = {}
        self.columns: list[list[str]] = []
        self.current: str | None = None
        self._press: tuple[QPoint, str | None] | None = None

    # ---- helpers ----------------------------------------------------------
    def node_at(self, pos: QPoint) -> NodeItem | None:
        for item in self.items(pos):
            while item is not None and not isinstance(item, NodeItem):
                item = item.parentItem()
            if isinstance(item, NodeItem) and item.shape().contains(item.mapFromScene(self.mapToScene(pos))):
                return item
        return None

    def zoom(self, factor: float) -> None:
        current = self.transform().m11()
        target = min(self.MAX_SCALE, max(self.MIN_SCALE, current * factor))
        if current > 0 and abs(target - current) > 1e-9:
            self.scale(target / current, target / current)

    def fit(self, *, max_scale: float = 1.0, min_scale: float = 0.0) -> None:
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            self.resetTransform()
            return
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        s = self.transform().m11()
        bounded = min(max_scale, max(min_scale, s))
        if abs(bounded - s) > 1e-9:
            self.resetTransform()
            self.scale(bounded, bounded)
            self.centerOn(rect.center())

    def set_current(self, commit_id: str | None) -> None:
        if self.current in self.nodes:
            self.nodes[self.current].current = False
            self.nodes[self.current].update()
        self.current = commit_id if commit_id in self.nodes else None
        if self.current is not None:
            item = self.nodes[self.current]
            item.current = self.hasFocus()
            item.update()
            self.ensureVisible(item, 24, 24)
            badge = item.badge()[0]
            self.setAccessibleDescription(
                self.tr("Current commit %1, %2, era %3. Arrow keys move, Enter selects.")
                .replace("%1", short_id(item.commit_id))
                .replace("%2", badge)
                .replace("%3", item.era_label)
            )

    # ---- events -------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120.0
            if steps:
                self.zoom(1.15**steps)
            event.accept()
            return
        super().wheelEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            node = self.node_at(event.position().toPoint())
            self._press = (event.position().toPoint(), node.commit_id if node else None)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press, self._press = self._press, None
        if event.button() != Qt.MouseButton.LeftButton or press is None or press[1] is None:
            return
        moved = (event.position().toPoint() - press[0]).manhattanLength()
        node = self.node_at(event.position().toPoint())
        if moved <= QApplication.startDragDistance() and node is not None and node.commit_id == press[1]:
            self.nodeActivated.emit(node.commit_id)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if self.current is None and self.nodes:
            self.set_current(next((c for c, n in self.nodes.items() if n.center), next(iter(self.nodes))))
        else:
            self.set_current(self.current)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if self.current in self.nodes:
            self.nodes[self.current].current = False
            self.nodes[self.current].update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.2)
            return
        if key == Qt.Key.Key_Minus:
            self.zoom(1 / 1.2)
            return
        if key == Qt.Key.Key_0:
            self.fit()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.current:
            self.nodeActivated.emit(self.current)
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down) and self.columns:
            self.set_current(self._step(Qt.Key(key)))
            return
        super().keyPressEvent(event)

    def _step(self, key: Qt.Key) -> str | None:
        if self.current is None:
            return self.columns[0][0]
        col = next(i for i, c in enumerate(self.columns) if self.current in c)
        row = self.columns[col].index(self.current)
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            row = max(0, min(len(self.columns[col]) - 1, row + (1 if key == Qt.Key.Key_Down else -1)))
            return self.columns[col][row]
        ncol = max(0, min(len(self.columns) - 1, col + (1 if key == Qt.Key.Key_Right else -1)))
        if ncol == col:
            return self.current
        y = self.nodes[self.current].pos().y()
        return min(self.columns[ncol], key=lambda c: abs(self.nodes[c].pos().y() - y))


# ---------------------------------------------------------------------------
# the view


class GraphView(QWidget):
    """The commit DAG around one commit (view contract: see ``views/__init__``).

    Public API: ``selectionRequested(str)``, ``set_report``, ``select``,
    ``clear``, ``show_commit(commit_id)``, ``show_around_cutoff(era_index)``,
    ``export_graphml(path=None)``, ``fit()``, ``node_ids()``, ``node_item(id)``,
    ``center_id``, and the controls ``generations`` (QSpinBox),
    ``cutoff_combo``, ``cutoff_button``, ``fit_button``, ``export_button``,
    ``canvas`` (the QGraphicsView).
    """

    selectionRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self._by_object: dict[str, list[Finding]] = {}
        self.center_id: str | None = None
        self.mode: str = "none"  # "none", "commit", "cutoff"
        self.cutoff_era: int | None = None
        self.proven: set[str] | None = None

        bar, bar2 = self._build_controls()
        self.caption = QLabel()
        self.caption.setWordWrap(True)  # a long caption wraps: it never widens the window
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.caption.setAccessibleName(self.tr("Graph caption"))
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.canvas = GraphCanvas()

        self.placeholder = QLabel()
        self.placeholder.setWordWrap(True)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setContentsMargins(24, 24, 24, 24)
        self.placeholder.setAccessibleName(self.tr("No commit graph"))
        self.placeholder.setVisible(False)
        self.body = QWidget()
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(bar)
        layout.addLayout(bar2)
        layout.addWidget(self.caption)
        layout.addWidget(self.canvas, 1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addWidget(self.body)
        outer.addWidget(self.placeholder)
        self.setTabOrder(self.generations, self.fit_button)
        self.setTabOrder(self.fit_button, self.cutoff_combo)
        self.setTabOrder(self.cutoff_combo, self.cutoff_button)
        self.setTabOrder(self.cutoff_button, self.export_button)
        self.setTabOrder(self.export_button, self.canvas)

        self.generations.valueChanged.connect(lambda _v: self._rebuild())
        self.fit_button.clicked.connect(self.fit)
        self.cutoff_button.clicked.connect(self._cutoff_clicked)
        self.export_button.clicked.connect(lambda: self.export_graphml())
        self.canvas.nodeActivated.connect(self._activated)
        self.clear()

    # ---- view contract ------------------------------------------------------
    def _build_controls(self) -> tuple[QHBoxLayout, QHBoxLayout]:
        """Generations, Fit and Export GraphML; the era cutoff and Around cutoff…"""
        gen_label = QLabel(self.tr("&Generations:"))
        self.generations = QSpinBox()
        self.generations.setRange(1, 10)
        self.generations.setValue(3)
        self.generations.setAccessibleName(self.tr("Generations"))
        self.generations.setAccessibleDescription(
            self.tr("How many parent/child steps around the commit to show")
        )
        self.generations.setToolTip(self.tr("Parent/child steps shown around the commit (1–10)"))
        gen_label.setBuddy(self.generations)
        self.fit_button = QPushButton(self.tr("&Fit"))
        self.fit_button.setAccessibleName(self.tr("Fit graph to view"))
        self.fit_button.setToolTip(self.tr("Fit the whole neighbourhood into the view (0)"))
        cutoff_label = QLabel(self.tr("Era c&utoff:"))
        self.cutoff_combo = QComboBox()
        cutoff_label.setBuddy(self.cutoff_combo)
        self.cutoff_combo.setAccessibleName(self.tr("Era cutoff"))
        self.cutoff_combo.setToolTip(self.tr("Eras whose revocation or rotation names a cutoff commit"))
        self.cutoff_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.cutoff_combo.setMinimumContentsLength(12)
        self.cutoff_button = QPushButton(self.tr("Around &cutoff…"))
        self.cutoff_button.setAccessibleName(self.tr("Show commits around the era's cutoff"))
        self.cutoff_button.setToolTip(
            self.tr("Show the commits around the cutoff of the era chosen on the left")
        )
        self.export_button = QPushButton(self.tr("&Export GraphML…"))
        self.export_button.setAccessibleName(self.tr("Export commit graph as GraphML"))
        self.export_button.setToolTip(self.tr("Write the whole commit DAG to a GraphML file"))

        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(gen_label)
        bar.addWidget(self.generations)
        bar.addWidget(self.fit_button)
        bar.addStretch(1)
        bar.addWidget(self.export_button)
        bar2 = QHBoxLayout()
        bar2.setContentsMargins(0, 0, 0, 0)
        bar2.addWidget(cutoff_label)
        bar2.addWidget(self.cutoff_combo, 1)
        bar2.addWidget(self.cutoff_button)
        return bar, bar2

    def set_report(self, report: Report) -> None:
        self.report = report
        self._by_object = findings_by_object(report.findings)
        empty = not report.commits
        self.placeholder.setText(no_history_text(report) if empty else "")
        self.placeholder.setVisible(empty)
        self.body.setVisible(not empty)
        self.proven = None
        self.center_id = None
        self.mode = "none"
        self.cutoff_era = None
        self.cutoff_combo.clear()
        for era in report.eras:
            if era.cutoff and era.cutoff in report.commits:
                self.cutoff_combo.addItem(
                    self.tr("%1 (era %2) — %3")
                    .replace("%1", era.key_id)
                    .replace("%2", str(era.index))
                    .replace("%3", era.revoke_reason or self.tr("revoked")),
                    era.index,
                )
        has_cutoff = self.cutoff_combo.count() > 0
        if not has_cutoff:
            self.cutoff_combo.addItem(self.tr("no era has a cutoff"), None)
        self.cutoff_combo.setEnabled(has_cutoff)
        self.cutoff_button.setEnabled(has_cutoff)
        self.export_button.setEnabled(bool(report.commits))
        self._rebuild()

    def select(self, object_id: str) -> None:
        """Centre on a commit; ``era:N`` shows that era's cutoff (if any).
        Other ids leave the graph as it is.  Never emits."""
        if self.report is None:
            return
        if object_id in self.report.commits:
            self.show_commit(object_id)
        elif object_id.startswith("era:"):
            try:
                index = int(object_id[4:])
            except ValueError:
                return
            if 0 <= index < len(self.report.eras) and self.report.eras[index].cutoff in self.report.commits:
                self.show_around_cutoff(index)

    def clear(self) -> None:
        self.report = None
        self.placeholder.setVisible(False)
        self.body.setVisible(True)
        self.center_id = None
        self.mode = "none"
        self.cutoff_era = None
        self.cutoff_combo.clear()
        self.cutoff_combo.setEnabled(False)
        self.cutoff_button.setEnabled(False)
        self.export_button.setEnabled(False)
        self._rebuild()

    # ---- actions ------------------------------------------------------------
    def show_commit(self, commit_id: str) -> None:
        if self.mode == "commit" and self.center_id == commit_id:
            return
        self.mode, self.center_id, self.cutoff_era = "commit", commit_id, None
        self._rebuild()

    def show_around_cutoff(self, era_index: int) -> None:
        if self.report is None or not 0 <= era_index < len(self.report.eras):
            return
        era = self.report.eras[era_index]
        if not era.cutoff:
            return
        self.mode, self.center_id, self.cutoff_era = "cutoff", era.cutoff, era_index
        k = self.cutoff_combo.findData(era_index)
        if k >= 0:
            self.cutoff_combo.setCurrentIndex(k)
        self._rebuild()

    def fit(self) -> None:
        """Fit the neighbourhood, but never below a scale where card text stays readable
        (the view scrolls instead)."""
        self.canvas.fit(max_scale=1.0, min_scale=READABLE_SCALE)

    def set_proven(self, region: set[str] | None) -> None:
        """Shade the cards inside ``region`` (the ancestry of a selected cutoff)."""
        self.proven = region
        for cid, item in self.canvas.nodes.items():
            item.proven = region is not None and cid in region
            item.update()

    def export_graphml(self, path: str | None = None) -> str | None:
        """Write the whole DAG as GraphML to ``path`` (asked with a file dialog
        when ``None``).  Returns the path written, or ``None``."""
        if self.report is None:
            return None
        if path is None:
            path, _filter = QFileDialog.getSaveFileName(
                self,
                self.tr("Export GraphML"),
                "commits.graphml",
                self.tr("GraphML files (*.graphml);;All files (*)"),
            )
            if not path:
                return None
            if not os.path.splitext(path)[1]:
                path += ".graphml"
        path = os.fspath(path)
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            graphml.write_graphml(self.report, path)
        except OSError as exc:
            QApplication.restoreOverrideCursor()
            QMessageBox.warning(
                self,
                self.tr("Export GraphML"),
                self.tr("Could not write %1:\n%2").replace("%1", path).replace("%2", str(exc)),
            )
            return None
        QApplication.restoreOverrideCursor()
        self.caption.setText(
            self.tr("Exported %n commit(s) to %1", "", len(self.report.commits)).replace("%1", path)
        )
        return path

    # ---- introspection (tests, main window) --------------------------------
    def node_ids(self) -> list[str]:
        return list(self.canvas.nodes)

    def node_item(self, commit_id: str) -> NodeItem | None:
        return self.canvas.nodes.get(commit_id)

    def edge_items(self) -> list[EdgeItem]:
        return [i for i in self.canvas.scene().items() if isinstance(i, EdgeItem)]

    # ---- internals ----------------------------------------------------------
    def _cutoff_clicked(self) -> None:
        data = self.cutoff_combo.currentData()
        if data is not None:
            self.show_around_cutoff(int(data))

    def _activated(self, commit_id: str) -> None:
        self.selectionRequested.emit(commit_id)
        self.show_commit(commit_id)
        self.canvas.set_current(commit_id)

    def _message(self, text: str) -> None:
        scene = self.canvas.scene()
        item = QGraphicsSimpleTextItem(text)
        item.setBrush(self.palette().color(QPalette.ColorRole.PlaceholderText))
        scene.addItem(item)
        scene.setSceneRect(item.boundingRect().adjusted(-40, -40, 40, 40))
        self.canvas.resetTransform()
        self.canvas.centerOn(item)

    def _rebuild(self) -> None:
        canvas = self.canvas
        scene = canvas.scene()
        scene.clear()
        canvas.nodes = {}
        canvas.columns = []
        canvas.current = None
        report = self.report
        if report is None:
            self.caption.setText(self.tr("No file open."))
            self._message(self.tr("No file open"))
            return
        if self.center_id is None:
            self.caption.setText(
                self.tr("%n commit(s). Select a commit to see its neighbourhood.", "", len(report.commits))
            )
            self._message(self.tr("Select a commit to see its neighbourhood"))
            return
        n = self.generations.value()
        gens = graphml.neighbourhood(report, self.center_id, n)
        if not gens:
            self.caption.setText(
                self.tr("%1 is not a commit of this store.").replace("%1", short_id(self.center_id))
            )
            self._message(self.tr("Commit not in the store"))
            return
        self._lay_out(report, gens)
        self.caption.setText(self._caption(report, gens, n))
        canvas.resetTransform()
        canvas.fit(max_scale=1.0, min_scale=READABLE_SCALE)
        canvas.centerOn(canvas.nodes[self.center_id])

    def _lay_out(self, report: Report, gens: list[list[str]]) -> None:
        """One column per generation (parents left, children right), the cards centred
        on the tallest column, then the parent → child edges."""
        canvas = self.canvas
        scene = canvas.scene()
        index = graphml.dag_index(report)
        shown = {c for g in gens for c in g}
        pal = self.palette()
        edge_color = mix(pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text), 0.6)
        cutoffs: dict[str, list[str]] = {}
        for era in report.eras:
            if era.cutoff:
                cutoffs.setdefault(era.cutoff, []).append(era.key_id)
        tallest = max(len(g) for g in gens)
        for col, ids in enumerate(gens):
            x = col * (NODE_W + COL_GAP)
            y0 = (tallest - len(ids)) * (NODE_H + ROW_GAP) / 2
            for row, cid in enumerate(ids):
                item = self._node(report, index, cid, shown, tuple(cutoffs.get(cid, ())))
                item.setPos(x, y0 + row * (NODE_H + ROW_GAP))
                scene.addItem(item)
                canvas.nodes[cid] = item
        canvas.columns = [list(g) for g in gens]
        for cid, item in canvas.nodes.items():
            for p in index.parents[index.position[cid]]:
                parent_item = canvas.nodes.get(index.ids[p])
                if parent_item is not None:
                    scene.addItem(EdgeItem(parent_item, item, edge_color))
        scene.setSceneRect(scene.itemsBoundingRect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

    def _node(
        self, report: Report, index: graphml.DagIndex, cid: str, shown: set[str], cutoff_of: tuple[str, ...]
    ) -> NodeItem:
        pos = index.position[cid]
        era_i = report.signer.get(cid)
        era_label = (
            report.eras[era_i].key_id if era_i is not None and era_i < len(report.eras) else self.tr("no era")
        )
        obj = report.objects.get(cid)
        get = getattr(obj, "get", None)
        mt = get("memory_type") if get else None
        ts = get("timestamp") if get else None
        item = NodeItem(
            cid,
            position=pos,
            status=report.commits.get(cid),
            era_index=era_i,
            era_label=era_label,
            memory_type=mt if isinstance(mt, str) else "",
            timestamp=ts if isinstance(ts, str) else "",
            hidden_parents=sum(1 for p in index.parents[pos] if index.ids[p] not in shown),
            hidden_children=sum(1 for c in index.children[pos] if index.ids[c] not in shown),
            center=cid == self.center_id,
            cutoff_of=cutoff_of,
            merge=len(index.parents[pos]) > 1,
            judgement=judge(report, cid, self._by_object),
        )
        item.proven = self.proven is not None and cid in self.proven
        return item

    def _caption(self, report: Report, gens: list[list[str]], n: int) -> str:
        center = short_id(self.center_id or "")
        if self.mode == "cutoff" and self.cutoff_era is not None:
            what = (
                self.tr("Around the cutoff of %1 (era %2): %3")
                .replace("%1", report.eras[self.cutoff_era].key_id)
                .replace("%2", str(self.cutoff_era))
                .replace("%3", center)
            )
        else:
            what = self.tr("Neighbourhood of %1").replace("%1", center)
        shown = sum(len(g) for g in gens)
        parts: tuple[str, ...] = (
            what,
            self.tr("%n generation(s)", "", n),
            self.tr("%n commit(s) in %1 columns (parents left, children right)", "", shown).replace(
                "%1", str(len(gens))
            ),
        )
        if self.proven is not None:
            parts += (self.tr("green: inside the proven history"),)
        return " · ".join(parts)
