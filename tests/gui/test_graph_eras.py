"""GraphView (DAG neighbourhood, cutoff, export) and ErasView (key timeline)
with a real verified demo report and the 05_dark_v2 corpus case."""

from __future__ import annotations

import networkx as nx
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from inspector.core import graphml
from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.gui.views.eras import ErasView, era_spans
from inspector.gui.views.graph import GraphView

from ..conftest import ALETHECH
from .conftest import show_view


@pytest.fixture(scope="module")
def dark_report():
    return verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))


@pytest.fixture
def graph(qtbot, demo_report):
    return show_view(qtbot, GraphView, demo_report, (900, 500))


@pytest.fixture
def eras(qtbot, demo_report):
    return show_view(qtbot, ErasView, demo_report, (900, 500))


def _merge(report):
    return next(c for c in report.order if len(report.objects[c].parents) == 2)


def _click_node(qtbot, view: GraphView, commit_id: str) -> None:
    item = view.node_item(commit_id)
    view.canvas.centerOn(item)
    QApplication.processEvents()
    pt = view.canvas.mapFromScene(item.sceneBoundingRect().center() + QPointF(0, 4))
    assert view.canvas.viewport().rect().contains(pt)
    QTest.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt)


# ---- GraphView ---------------------------------------------------------------


def test_generations_control(graph):
    spin = graph.generations
    assert spin.accessibleName() == "Generations"
    assert (spin.minimum(), spin.maximum(), spin.value()) == (1, 10, 3)
    for w in (graph.fit_button, graph.cutoff_combo, graph.cutoff_button, graph.export_button, graph.canvas):
        assert w.accessibleName()
        assert w.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_select_shows_neighbourhood_for_1_and_3_generations(qtbot, graph, demo_report):
    merge = _merge(demo_report)
    assert graph.node_ids() == []
    with qtbot.assertNotEmitted(graph.selectionRequested):
        graph.select(merge)
    three = {c for g in graphml.neighbourhood(demo_report, merge, 3) for c in g}
    assert set(graph.node_ids()) == three
    assert len(three) == 8
    assert graph.node_item(merge).center
    assert sum(graph.node_item(c).center for c in graph.node_ids()) == 1
    # one edge per parent link inside the neighbourhood, parent -> child
    edges = {(e.parent_id, e.child_id) for e in graph.edge_items()}
    expected = {(p, c) for c in three for p in demo_report.objects[c].parents if p in three}
    assert edges == expected
    graph.generations.setValue(1)
    one = {c for g in graphml.neighbourhood(demo_report, merge, 1) for c in g}
    assert set(graph.node_ids()) == one
    assert len(one) == 4  # the merge, both parents, its child
    # laid out left -> right by generation: parents left of the merge, child right
    x = {c: graph.node_item(c).pos().x() for c in one}
    for p in demo_report.objects[merge].parents:
        assert x[p] < x[merge]
    child = next(c for c in one if merge in demo_report.objects[c].parents)
    assert x[child] > x[merge]


def test_clicking_a_node_emits_its_id_and_recentres(qtbot, graph, demo_report):
    merge = _merge(demo_report)
    graph.select(merge)
    target = demo_report.objects[merge].parents[1]
    with qtbot.waitSignal(graph.selectionRequested, timeout=1000) as blocker:
        _click_node(qtbot, graph, target)
    assert blocker.args == [target]
    assert graph.center_id == target
    assert graph.node_item(target).center


def test_keyboard_walk_and_activate(qtbot, graph, demo_report):
    merge = _merge(demo_report)
    graph.select(merge)
    graph.canvas.setFocus()
    QApplication.processEvents()
    assert graph.canvas.current == merge
    QTest.keyClick(graph.canvas, Qt.Key.Key_Right)
    child = graph.canvas.current
    assert merge in demo_report.objects[child].parents
    with qtbot.waitSignal(graph.selectionRequested, timeout=1000) as blocker:
        QTest.keyClick(graph.canvas, Qt.Key.Key_Return)
    assert blocker.args == [child]


def test_ctrl_wheel_zooms_and_fit(graph, demo_report):
    graph.select(demo_report.order[100])
    before = graph.canvas.transform().m11()
    vp = graph.canvas.viewport()
    centre = QPointF(vp.width() / 2, vp.height() / 2)
    ev = QWheelEvent(
        centre,
        QPointF(vp.mapToGlobal(centre.toPoint())),
        QPoint(),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.ControlModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(vp, ev)
    assert graph.canvas.transform().m11() == pytest.approx(before * 1.15**2, rel=1e-3)
    graph.generations.setValue(1)
    graph.fit_button.click()
    assert graph.canvas.transform().m11() <= 1.0 + 1e-9
    rect = graph.canvas.mapFromScene(graph.canvas.scene().itemsBoundingRect()).boundingRect()
    assert graph.canvas.viewport().rect().contains(rect)


def test_around_cutoff(qtbot, graph, demo_report):
    combo = graph.cutoff_combo
    eras_with_cutoff = [combo.itemData(i) for i in range(combo.count())]
    assert eras_with_cutoff == [e.index for e in demo_report.eras if e.cutoff]
    era = demo_report.eras[eras_with_cutoff[1]]
    combo.setCurrentIndex(1)
    with qtbot.assertNotEmitted(graph.selectionRequested):
        graph.cutoff_button.click()
    assert graph.center_id == era.cutoff
    assert set(graph.node_ids()) == {c for g in graphml.around_cutoff(demo_report, era.index, 3) for c in g}
    assert graph.node_item(era.cutoff).cutoff_of == (era.key_id,)
    assert "cutoff" in graph.caption.text() and era.key_id in graph.caption.text()


def test_export_graphml(graph, demo_report, tmp_path):
    path = tmp_path / "x.graphml"
    assert graph.export_graphml(str(path)) == str(path)
    assert path.stat().st_size > 10_000
    g = nx.read_graphml(path)
    assert g.number_of_nodes() == len(demo_report.commits)
    assert g.number_of_edges() == 345


def test_clear_and_unknown_ids(graph, demo_report):
    graph.select(demo_report.order[10])
    assert graph.node_ids()
    graph.select("not-a-commit")  # ignored: the graph stays
    assert graph.center_id == demo_report.order[10]
    graph.clear()
    assert graph.node_ids() == []
    assert not graph.export_button.isEnabled()
    assert graph.export_graphml("/nonexistent/never.graphml") is None


# ---- ErasView ----------------------------------------------------------------


def test_eras_rows(eras, demo_report):
    assert eras.era_count() == 5
    assert sorted(s.era.key_id for s in eras.timeline.spans) == [
        "auditor-001",
        "housekeeper-001",
        "key-001",
        "key-002",
        "key-003",
    ]
    spans = era_spans(demo_report)
    last = len(demo_report.order) - 1
    by_key = {s.era.key_id: s for s in spans}
    pos = demo_report.order.index
    assert by_key["key-001"].start == 0 and by_key["key-001"].end == pos(by_key["key-001"].era.cutoff)
    assert by_key["key-002"].start == by_key["key-001"].end  # rotation: starts at the old key's cutoff
    assert by_key["key-003"].end == last and by_key["housekeeper-001"].end == last
    assert sum(s.commits for s in spans) == len(demo_report.commits)
    # bars are placed by those positions
    i1, i2 = by_key["key-001"].era.index, by_key["key-002"].era.index
    assert eras.timeline.bar_rect(i1).right() == pytest.approx(eras.timeline.bar_rect(i2).left(), abs=0.5)


def test_clicking_an_era_row_emits(qtbot, eras):
    tl = eras.timeline
    row = tl.row_rect(3)
    got: list[str] = []
    eras.selectionRequested.connect(got.append)
    with qtbot.waitSignal(eras.eraHighlighted, timeout=1000) as blocker:
        QTest.mouseClick(
            tl,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            QPoint(row.left() + 40, row.center().y()),
        )
    assert blocker.args == [3]
    assert got == ["era:3"]
    assert eras.selected_era == 3


def test_clicking_cutoff_marker_selects_the_commit(qtbot, eras, demo_report):
    era = next(e for e in demo_report.eras if e.cutoff)
    rect = eras.timeline.cutoff_rect(era.index)
    assert rect is not None
    with (
        qtbot.assertNotEmitted(eras.eraHighlighted),
        qtbot.waitSignal(eras.selectionRequested, timeout=1000) as blocker,
    ):
        QTest.mouseClick(
            eras.timeline, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center()
        )
    assert blocker.args == [era.cutoff]


def test_select_does_not_emit(qtbot, eras, demo_report):
    with qtbot.assertNotEmitted(eras.selectionRequested), qtbot.assertNotEmitted(eras.eraHighlighted):
        eras.select("era:2")
        assert eras.selected_era == 2
        commit = demo_report.order[300]
        eras.select(commit)
        assert eras.timeline.marker == 300
        assert eras.selected_era == demo_report.signer[commit]
        eras.select("era:nope")


def test_keyboard_moves_between_eras(qtbot, eras):
    eras.timeline.setFocus()
    with qtbot.waitSignal(eras.eraHighlighted, timeout=1000) as blocker:
        QTest.keyClick(eras.timeline, Qt.Key.Key_Down)
    assert blocker.args == [0]
    with qtbot.waitSignal(eras.eraHighlighted, timeout=1000) as blocker:
        QTest.keyClick(eras.timeline, Qt.Key.Key_End)
    assert blocker.args == [4]


def test_dark_report_revoked_era_has_cutoff_marker(qtbot, dark_report):
    view = ErasView()
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.set_report(dark_report)
    view.show()
    qtbot.waitExposed(view)
    revoked = [e for e in dark_report.eras if e.state == "revoked"]
    active = [e for e in dark_report.eras if e.state == "active"]
    assert len(revoked) == 1 and len(active) == 1
    assert view.timeline.cutoff_rect(revoked[0].index) is not None
    assert view.timeline.cutoff_rect(active[0].index) is None
    span = view.timeline.spans[revoked[0].index]
    assert span.cutoff_pos == dark_report.order.index(revoked[0].cutoff)
    # the dark commit (signed by the revoked key after its cutoff) is marked on its row
    assert span.problems and all(p > span.cutoff_pos for p in span.problems)
    img = view.grab().toImage()
    assert not img.isNull() and img.width() >= 900


def test_eras_clear(eras):
    eras.clear()
    assert eras.era_count() == 0
    assert eras.timeline.cutoff_rect(0) is None
