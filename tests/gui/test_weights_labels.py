"""WeightsView and LabelsView over the demo store (SPEC Part C), offscreen."""

from __future__ import annotations

import itertools
import json
import struct

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.core.verify.merkle import InclusionProof
from inspector.gui.views.labels import LabelsView
from inspector.gui.views.tables import DISCLOSURE_NOTE
from inspector.gui.views.weights import MEMORY_ID_ROLE, MemoryTableModel, WeightsView

from ..conftest import ALETHECH
from .conftest import show_view

BASIC = str(ALETHECH / "01_basic" / "store")


# ---------------------------------------------------------------- fixtures
@pytest.fixture
def weights(qtbot, demo_report):
    return show_view(qtbot, WeightsView, demo_report)


@pytest.fixture
def labels(qtbot, demo_report):
    return show_view(qtbot, LabelsView, demo_report)


def _reweighted(report):
    """The memory with the most transitions (a raised one in the demo)."""
    mems = report.mutmem.memories
    return max(mems, key=lambda m: (len(mems[m].trajectory), m))


def _lowered(report):
    mems = report.mutmem.memories
    return min(mems, key=lambda m: (mems[m].weight_q, m))


def _refuted(report):
    return next(m for m, v in report.mutmem.memories.items() if v.label == "poison_refuted")


def _row_texts(table, col):
    return [table.item(r, col).text() for r in range(table.rowCount())]


# ---------------------------------------------------------------- weights: the plot
def test_plot_points_equal_core_trajectory(weights, demo_report):
    mid = _reweighted(demo_report)
    mv = demo_report.mutmem.memories[mid]
    assert len(mv.trajectory) >= 4  # the demo really reweights it
    weights.select(mid)
    pts = weights.plotted_points()
    assert [y for _, y in pts] == [p.weight_q for p in mv.trajectory]
    # point 0 is the implicit start at the memory's own DAG position
    assert pts[0][0] == demo_report.order.index(mid)
    assert [x for x, _ in pts[1:]] == [p.position for p in mv.trajectory[1:]]
    assert weights.point_commits() == [p.commit for p in mv.trajectory]
    assert weights.point_commits()[0] is None
    # the scatter item really draws those points
    xs, ys = weights.trajectory._scatter.getData()
    assert list(zip(map(int, xs), map(int, ys), strict=False)) == pts


def test_lowered_memory_is_plotted_below_start(weights, demo_report):
    mid = _lowered(demo_report)
    weights.select(mid)
    ys = [y for _, y in weights.plotted_points()]
    assert ys[0] == 1000 and ys[-1] < 1000
    assert ys[-1] == demo_report.mutmem.memories[mid].weight_q


def test_bound_lines_and_axis_labels(weights):
    pi = weights.plot.getPlotItem()
    horizontal = {
        round(item.value()) for item in pi.items if isinstance(item, pg.InfiniteLine) and item.angle == 0
    }
    assert {100, 1000, 3000} <= horizontal
    named = dict(weights.bound_lines())
    assert named[100] == "100 floor" and named[3000] == "3000 ceiling" and named[1000] == "1000 start"
    right_ticks = dict(pi.getAxis("right")._tickLevels[0])
    assert right_ticks[100] == "100 floor" and right_ticks[3000] == "3000 ceiling"
    assert pi.getAxis("bottom").labelText == "DAG position"
    assert pi.getAxis("left").labelText == "milli-weight"


def test_real_click_on_point_emits_transition_commit(qtbot, weights, demo_report):
    mid = _reweighted(demo_report)
    weights.select(mid)
    QApplication.processEvents()
    target = 2
    x, y = weights.plotted_points()[target]
    vb = weights.plot.getPlotItem().getViewBox()
    scene_pt = vb.mapViewToScene(QPointF(x, y))
    view_pt = weights.plot.mapFromScene(scene_pt)
    with qtbot.waitSignal(weights.selectionRequested, timeout=2000) as blocker:
        qtbot.mouseClick(weights.plot.viewport(), Qt.MouseButton.LeftButton, pos=view_pt)
    expected = demo_report.mutmem.memories[mid].trajectory[target].commit
    assert expected is not None
    assert blocker.args == [expected]


def test_click_on_empty_plot_area_emits_nothing(qtbot, weights, demo_report):
    weights.select(_reweighted(demo_report))
    QApplication.processEvents()
    vb = weights.plot.getPlotItem().getViewBox()
    # far from every point: top-left corner of the view box, above the ceiling
    rng = vb.viewRange()
    empty = weights.plot.mapFromScene(vb.mapViewToScene(QPointF(rng[0][0] + 1, rng[1][1] - 50)))
    with qtbot.assertNotEmitted(weights.selectionRequested, wait=100):
        qtbot.mouseClick(weights.plot.viewport(), Qt.MouseButton.LeftButton, pos=empty)


def test_activate_point_emits_commit_and_start_emits_memory(qtbot, weights, demo_report):
    mid = _reweighted(demo_report)
    weights.select(mid)
    commits = weights.point_commits()
    with qtbot.waitSignal(weights.selectionRequested) as blocker:
        weights.activate_point(len(commits) - 1)
    assert blocker.args == [commits[-1]]
    with qtbot.waitSignal(weights.selectionRequested) as blocker:
        weights.activate_point(0)
    assert blocker.args == [mid]


def test_select_transition_commit_plots_its_memory_without_emitting(qtbot, weights, demo_report):
    lowered = _lowered(demo_report)
    raised = _reweighted(demo_report)
    weights.select(lowered)
    commit = demo_report.mutmem.memories[raised].trajectory[1].commit
    with qtbot.assertNotEmitted(weights.selectionRequested, wait=50):
        weights.select(commit)
    assert weights.current_memory() == raised
    assert weights.point_commits()[1] == commit
    # the table follows
    assert weights.table.currentIndex().data(MEMORY_ID_ROLE) == raised


def test_select_label_record_plots_memory_with_label_markers(qtbot, weights, demo_report):
    mid = _refuted(demo_report)
    lp = demo_report.mutmem.memories[mid].labels[-1]
    with qtbot.assertNotEmitted(weights.selectionRequested, wait=50):
        weights.select(lp.commit)
    assert weights.current_memory() == mid
    assert [lab for _, lab, _ in weights.label_markers()] == ["poison_likely", "poison_refuted"]
    texts = [t.textItem.toPlainText() for t in weights.trajectory._label_texts]
    assert any("poison_likely" in t for t in texts) and any("poison_refuted" in t for t in texts)


def test_select_unknown_id_keeps_current_plot(weights, demo_report):
    mid = _reweighted(demo_report)
    weights.select(mid)
    before = weights.plotted_points()
    weights.select("sha256:" + "0" * 64)
    assert weights.current_memory() == mid and weights.plotted_points() == before


# ---------------------------------------------------------------- weights: the overview
def test_table_has_one_row_per_memory_and_sorts_by_weight(weights, demo_report):
    mems = demo_report.mutmem.memories
    proxy = weights.table.model()
    assert proxy.rowCount() == len(mems) > 250
    col = MemoryTableModel.C_WEIGHT

    def weights_in_order():
        return [mems[proxy.index(r, 0).data(MEMORY_ID_ROLE)].weight_q for r in range(proxy.rowCount())]

    weights.table.sortByColumn(col, Qt.SortOrder.AscendingOrder)
    asc = weights_in_order()
    assert asc == sorted(asc) and asc[0] < 1000 < asc[-1]
    weights.table.sortByColumn(col, Qt.SortOrder.DescendingOrder)
    desc = weights_in_order()
    assert desc == sorted(asc, reverse=True)
    assert proxy.index(0, col).data().endswith("3000")


def test_table_shows_untrusted_and_label_as_text(weights, demo_report):
    proxy = weights.table.model()
    untrusted_rows = []
    for r in range(proxy.rowCount()):
        mid = proxy.index(r, 0).data(MEMORY_ID_ROLE)
        mv = demo_report.mutmem.memories[mid]
        trust = proxy.index(r, MemoryTableModel.C_TRUST).data()
        assert (trust == "⚠ untrusted") == mv.untrusted
        if mv.untrusted:
            untrusted_rows.append(r)
            assert "poison_likely" in proxy.index(r, MemoryTableModel.C_LABEL).data()
        assert proxy.index(r, MemoryTableModel.C_TRANS).data() == str(len(mv.trajectory) - 1)
    assert len(untrusted_rows) >= 4


def test_selecting_a_row_emits_memory_and_plots_it(qtbot, weights, demo_report):
    lowered = _lowered(demo_report)
    proxy = weights.table.model()
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(MEMORY_ID_ROLE) == lowered)
    weights.table.scrollTo(proxy.index(row, 0))
    rect = weights.table.visualRect(proxy.index(row, MemoryTableModel.C_WEIGHT))
    with qtbot.waitSignal(weights.selectionRequested) as blocker:
        qtbot.mouseClick(weights.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == [lowered]
    assert weights.current_memory() == lowered
    assert [y for _, y in weights.plotted_points()] == [
        p.weight_q for p in demo_report.mutmem.memories[lowered].trajectory
    ]


def test_histogram_counts_every_memory_and_filters(weights, demo_report):
    mems = demo_report.mutmem.memories
    counts = weights.histogram_counts()
    assert sum(counts.values()) == len(mems)
    assert counts[3000] == sum(1 for v in mems.values() if v.weight_q == 3000) >= 2
    bars = weights.histogram_pane.bars.opts
    assert list(bars["x"]) == sorted(counts)
    weights.filter_weight_bin(3000)
    proxy = weights.table.model()
    assert proxy.rowCount() == counts[3000]
    weights.filter_weight_bin(None)
    assert proxy.rowCount() == len(mems)


def test_export_png_writes_a_png(tmp_path, weights, demo_report):
    weights.select(_reweighted(demo_report))
    out = tmp_path / "weights.png"
    assert weights.export_png(str(out)) == str(out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 100 and height > 100


def test_placeholder_without_mutmem(qtbot):
    report = verify(read_directory(BASIC))
    assert report.mutmem is None
    w = WeightsView()
    lv = LabelsView()
    qtbot.addWidget(w)
    qtbot.addWidget(lv)
    w.set_report(report)
    lv.set_report(report)
    w.show()
    lv.show()
    assert w._stack.currentWidget() is w._placeholder
    assert w._placeholder.isVisible()
    assert w._placeholder.text() == "This file carries no MutMem weights."
    assert not w.plot.isVisible()
    assert w.plotted_points() == [] and w.table.model().rowCount() == 0
    assert lv._placeholder.isVisible() and "no MutMem" in lv._placeholder.text()
    w.select("anything")  # harmless
    assert w.current_memory() is None


def test_clear_then_set_report_again(weights, demo_report):
    weights.clear()
    assert weights.plotted_points() == [] and weights.table.model().rowCount() == 0
    assert weights._placeholder.isVisible()
    weights.set_report(demo_report)
    assert weights.table.model().rowCount() == len(demo_report.mutmem.memories)
    assert weights.plotted_points()  # an outlier is shown right away


# ---------------------------------------------------------------- labels: the chain
def test_refuted_memory_shows_whole_chain(qtbot, labels, demo_report):
    mid = _refuted(demo_report)
    with qtbot.assertNotEmitted(labels.selectionRequested, wait=50):
        labels.select(mid)
    assert labels.current_memory() == mid
    label_col = LabelsView.CHAIN_COLUMNS.index("Label")
    shown = _row_texts(labels.chains.table, label_col)
    assert len(shown) == 2
    assert "poison_likely" in shown[0] and "poison_refuted" in shown[1]
    assert labels.chain_labels() == ["poison_likely", "poison_refuted"]
    signed = _row_texts(labels.chains.table, LabelsView.CHAIN_COLUMNS.index("Signed by"))
    assert "housekeeper" in signed[0] and "auditor" in signed[1]
    rank = _row_texts(labels.chains.table, LabelsView.CHAIN_COLUMNS.index("Rank"))
    assert rank == ["4 · untrusted", "0"]
    evidence = _row_texts(labels.chains.table, LabelsView.CHAIN_COLUMNS.index("Evidence"))
    assert evidence[0] == "—" and evidence[1] != "—"
    summary = labels.chains.summary.text()
    assert summary.index("poison_likely") < summary.index("poison_refuted")


def test_poisoned_memory_chain_and_selecting_record_emits_commit(qtbot, labels, demo_report):
    mid = next(m for m, v in demo_report.mutmem.memories.items() if v.untrusted)
    labels.select(mid)
    assert labels.chain_labels() == ["poison_suspect", "poison_likely"]
    rec = demo_report.mutmem.memories[mid].labels[0].commit
    with qtbot.waitSignal(labels.selectionRequested) as blocker:
        labels.chains.table.selectRow(0)
    assert blocker.args == [rec]


def test_select_label_record_shows_its_memory(labels, demo_report):
    mid = _refuted(demo_report)
    rec = demo_report.mutmem.memories[mid].labels[1].commit
    labels.select(rec)
    assert labels.current_memory() == mid
    assert labels.chains.table.selectionModel().selectedRows()[0].row() == 1


# ---------------------------------------------------------------- labels: receipts
def test_receipts_table_five_valid_rows(labels, demo_report):
    t = labels.receipts.table
    assert t.rowCount() == len(demo_report.mutmem.receipts) == 5
    status = _row_texts(t, LabelsView.RECEIPT_COLUMNS.index("Status"))
    assert status == ["✔ valid"] * 5
    roots = _row_texts(t, LabelsView.RECEIPT_COLUMNS.index("Root check"))
    assert roots == ["✔ root recomputes"] * 5
    entries = _row_texts(t, LabelsView.RECEIPT_COLUMNS.index("Entries"))
    assert entries == [str(len(rv.entries)) for rv in demo_report.mutmem.receipts.values()]


def test_selecting_receipt_emits_and_lists_entries(qtbot, labels, demo_report):
    rid = list(demo_report.mutmem.receipts)[2]
    rv = demo_report.mutmem.receipts[rid]
    with qtbot.waitSignal(labels.selectionRequested) as blocker:
        labels.receipts.table.selectRow(2)
    assert blocker.args == [rid]
    assert labels.current_receipt() == rid
    e = labels.receipts.entries
    assert e.rowCount() == len(rv.entries)
    assert _row_texts(e, 0) == [str(x["ordinal"]) for x in rv.entries]
    assert _row_texts(e, LabelsView.ENTRY_COLUMNS.index("Weight")) == [str(x["weight_q"]) for x in rv.entries]
    snippet = e.item(0, LabelsView.ENTRY_COLUMNS.index("Content")).text()
    text = demo_report.objects[rv.entries[0]["memory"]].content["text"]
    assert snippet and text.startswith(snippet.rstrip("…"))
    with qtbot.waitSignal(labels.selectionRequested) as blocker:
        e.selectRow(1)
    assert blocker.args == [rv.entries[1]["memory"]]
    assert labels.receipts.export_button.isEnabled()


def test_select_receipt_id_selects_row_without_emitting(qtbot, labels, demo_report):
    rid = list(demo_report.mutmem.receipts)[4]
    with qtbot.assertNotEmitted(labels.selectionRequested, wait=50):
        labels.select(rid)
    assert labels.current_receipt() == rid
    assert labels.receipts.table.selectionModel().selectedRows()[0].row() == 4


def test_export_proof_checks(qtbot, tmp_path):
    """The pane exports the anchored proof (SPEC C4, format 2) of an entry of the open
    file's receipt through the worker: RFC 6962 part, signed evidence, and it checks
    anchored to that file."""
    from inspector.core.demo import build_demo
    from inspector.core.proofs import PROOF_FORMAT, check_proof
    from inspector.core.verify.merkle import PROOF_FIELDS
    from inspector.core.write.directory import write_directory

    store = tmp_path / "store"
    write_directory(build_demo().store, store)  # a demo of its own (every build has fresh keys)
    report = verify(read_directory(str(store)))
    labels = show_view(qtbot, LabelsView, report)
    labels.set_source(str(store), None)
    for i, (rid, rv) in enumerate(list(report.mutmem.receipts.items())[:3]):
        ordinal = i % len(rv.entries)
        out = tmp_path / f"proof{i}.json"
        dlg = labels.export_proof(rid, ordinal, str(out))
        with qtbot.waitSignal(dlg.exported, timeout=90_000):
            pass
        doc = json.loads(out.read_text())
        assert doc["proof"] == PROOF_FORMAT == "aleth-inspector/receipt-proof/2"
        proof = InclusionProof.from_json({k: doc[k] for k in PROOF_FIELDS})
        ok, reason = proof.check()
        assert ok, reason
        assert proof.receipt == rid and proof.ordinal == ordinal
        assert proof.entry == rv.entries[ordinal] and proof.root == rv.root
        assert doc["signer"]["key_id"] and doc["evidence"] and doc["receipt_json"]
        assert check_proof(out.read_bytes(), file=store).outcome == "anchored"
        assert (
            "✔" in labels.receipts.export_status.text() and out.name in labels.receipts.export_status.text()
        )
        dlg.done(0)


def test_export_proof_rejects_bad_ordinal(tmp_path, labels, demo_report):
    rid = next(iter(demo_report.mutmem.receipts))
    with pytest.raises(ValueError):
        labels.export_proof(rid, 99, str(tmp_path / "x.json"))
    assert not (tmp_path / "x.json").exists()


def test_disclosure_note_is_visible(labels):
    labels.show_receipts()
    note = labels.disclosure_note()
    assert note.isVisible()
    assert note.text() == DISCLOSURE_NOTE
    assert "not that nothing else existed or was withheld" in note.text()
    # still there with no receipt selected
    labels.receipts.table.clearSelection()
    assert note.isVisible()


def test_labels_clear(labels):
    labels.clear()
    assert labels.receipts.table.rowCount() == 0 and labels.chain_labels() == []
    assert labels._placeholder.isVisible()


def test_render_both_views(weights, labels, demo_report, tmp_path):
    weights.select(_reweighted(demo_report))
    labels.select(_refuted(demo_report))
    QApplication.processEvents()
    for name, w in (("weights", weights), ("labels", labels)):
        img = w.grab()
        assert img.width() == 1000 and img.height() == 650
        assert img.save(str(tmp_path / f"{name}.png"))
    # the right-hand axis names the bounds without clipping (pyqtgraph would
    # otherwise hide tick text wider than the axis)
    right = weights.plot.getPlotItem().getAxis("right")
    fm = weights.plot.fontMetrics()
    assert right.width() >= fm.horizontalAdvance("3000 ceiling")


def test_plot_colours_follow_the_palette(qtbot, weights, labels, demo_report):
    from PySide6.QtGui import QColor, QPalette

    before = (pg.getConfigOption("background"), pg.getConfigOption("foreground"))
    dark = QPalette(weights.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    dark.setColor(QPalette.ColorRole.Window, QColor("#2b2b2b"))
    dark.setColor(QPalette.ColorRole.Text, QColor("#e0e0e0"))
    weights.setPalette(dark)
    QApplication.processEvents()
    assert weights.plot.backgroundBrush().color().name() == "#1e1e1e"
    assert weights.histogram.backgroundBrush().color().name() == "#1e1e1e"
    ax = weights.plot.getPlotItem().getAxis("left")
    assert ax.textPen().color().name() == "#e0e0e0"
    # per-widget colours only: the global pyqtgraph options are untouched
    assert (pg.getConfigOption("background"), pg.getConfigOption("foreground")) == before
    # the label view re-renders on a palette change and keeps its selection
    rid = labels.current_receipt()
    labels.setPalette(dark)
    QApplication.processEvents()
    assert labels.current_receipt() == rid and labels.receipts.table.rowCount() == 5


# ---------------------------------------------------------------- issue 12: readable at a glance
def test_label_markers_never_overlap(qtbot, demo_report):
    view = show_view(qtbot, WeightsView, demo_report, (900, 600))
    mems = demo_report.mutmem.memories

    # the memory whose label records are closest together (the demo refutes one right after)
    def gap(m):
        pos = [lp.position for lp in mems[m].labels]
        return min(b - a for a, b in itertools.pairwise(pos))

    busiest = min((m for m in mems if len(mems[m].labels) >= 2), key=lambda m: (gap(m), m))
    assert gap(busiest) <= 2
    view.select(busiest)
    QApplication.processEvents()
    view.select(busiest)  # laid out at its real size now
    rects = view.label_text_rects()
    assert len(rects) == len(mems[busiest].labels)
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.intersects(b), (a, b)


def test_label_chain_shows_at_least_six_rows_in_a_1280x800_window(qtbot, tmp_path, demo_report):
    from PySide6.QtCore import QSettings

    from inspector.gui.main_window import MainWindow

    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    with qtbot.waitSignal(win.reportReady, timeout=10_000):
        win.set_report(demo_report)
    win.tabs.setCurrentWidget(win.labels)
    QApplication.processEvents()
    assert win.width() == 1280
    assert win.labels.visible_chain_rows() >= 6
    win.runner.shutdown()
