"""Problems first (``inspector.gui.judgement``): a badge is an object's whole judgement.
An object with an error shows the error's glyph and its worst finding first, its
signature state second, in every pane; Labels & receipts opens on the failing receipt
and its failing entry, lists the least trusted memories first and gives the entries
room at 1280×800; Jump to first error lands on the object and the pane that explains it.
The receipt that admits a poisoned memory (its signature is fine) is the example; the
property is checked over every object of several reports."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from inspector.core.findings import Severity
from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.gui.judgement import badge, findings_by_object, judge, title_badge
from inspector.gui.views.detail import DetailView
from inspector.gui.views.graph import GraphView
from inspector.gui.views.history import HistoryView
from inspector.gui.views.labels import LabelsView

from ..conftest import ALETHECH
from .conftest import show_view
from .helpers import open_and_wait
from .stores import receipt_admitting_poison, write_store


@pytest.fixture(scope="module")
def poisoned():
    """The store, built until its failing receipt is not the first row of the receipts
    (their order follows their random ids), so opening on it is something to prove."""
    for _ in range(50):
        store, ids = receipt_admitting_poison()
        report = verify(store)
        if list(report.mutmem.receipts).index(ids["bad_receipt"]) > 0:
            break
    return report, ids, store


def failing_reports(demo_report, poisoned):
    reports = [demo_report, poisoned[0]]
    for case in (
        "05_dark_v2",
        "07_guard_a",
        "09_tampered_a_commit_content",
        "02_evidence_cli_after_rotation",
    ):
        reports.append(verify(read_directory(str(ALETHECH / case / "store"))))
    return reports


def test_the_receipt_admitting_poison_is_not_shown_valid(qtbot, poisoned):
    report, ids, _ = poisoned
    rid = ids["bad_receipt"]
    assert report.evidence[rid].ok  # its signature verifies …
    assert "poison_admitted" in {f.code for f in report.findings if f.object_id == rid}  # … and it fails
    detail = show_view(qtbot, DetailView, report)
    detail.select(rid)
    title = detail.title.text().replace("\u200b", "")
    assert "✖ poison_admitted" in title and "signature ✔ valid" in title
    assert title.index("✖") < title.index("✔")  # problem first, signature second
    explanation = detail.explanation.text().replace("\u200b", "")
    assert explanation.startswith("✖ poison_admitted")


def test_every_object_with_an_error_is_badged_as_failing_first(qtbot, demo_report, poisoned):
    """Property, over every object of every report: an error on it makes its badge ✖ and
    its Detail title begin with ✖ (never with ✔); History's badge of a commit likewise."""
    detail = show_view(qtbot, DetailView, None)
    history = show_view(qtbot, HistoryView, None)
    graph = GraphView()
    qtbot.addWidget(graph)
    checked = 0
    for report in failing_reports(demo_report, poisoned):
        by_object = findings_by_object(report.findings)
        detail.set_report(report)
        history.set_report(report)
        graph.set_report(report)
        for oid, found in by_object.items():
            if oid not in report.objects and oid not in report.commits and oid not in report.evidence:
                continue
            j = judge(report, oid, by_object)
            errors = [f for f in found if f.severity == Severity.ERROR]
            assert j.failing == bool(errors) or (j.status is not None and not j.status.ok)
            if not errors:
                continue
            checked += 1
            assert badge(j)[0].startswith("✖"), oid
            assert title_badge(j).startswith("✖"), oid
            detail.select(oid)
            shown = detail.title.text().replace("\u200b", "")
            assert "✔" not in shown or shown.index("✖") < shown.index("✔"), oid
            if oid in report.commits:
                m = history.model
                row = m.row_for(oid)
                assert row is not None
                assert m.data(m.index(row, m.STATUS)).startswith("✖"), oid
                graph.show_commit(oid)
                assert graph.node_item(oid).badge()[0].startswith("✖"), oid
    assert checked >= 5


def test_labels_open_on_the_failing_receipt_and_its_failing_entry(qtbot, poisoned):
    report, ids, _ = poisoned
    labels = show_view(qtbot, LabelsView, report, (900, 600))
    rid = ids["bad_receipt"]
    assert list(report.mutmem.receipts).index(rid) > 0  # not simply the first row
    assert labels.panes.currentWidget() is labels.receipts
    assert labels.current_receipt() == rid
    entries = labels.receipts.entries
    row = entries.selectionModel().selectedRows()[0].row()
    assert report.mutmem.receipts[rid].entries[row]["ordinal"] == ids["bad_ordinal"]
    assert entries.item(row, 0).text().startswith("✖")
    status_col = LabelsView.RECEIPT_COLUMNS.index("Evidence")
    receipts = labels.receipts.table
    bad_row = next(r for r in range(receipts.rowCount()) if receipts.item(r, 0).toolTip() == rid)
    assert receipts.item(bad_row, status_col).text().startswith("✖ poison_admitted")
    assert "✖" in labels.panes.tabText(0) and "1 failing" in labels.panes.tabText(0)
    # the label chains list the least trusted first, and open on the poisoned memory
    assert labels.chains.picker_memories()[0] == ids["poisoned"]
    ranks = [report.mutmem.memories[m].label for m in labels.chains.picker_memories()]
    assert ranks[:2] == ["poison_likely", "poison_suspect"]
    labels.show_chains()
    assert labels.current_memory() == ids["poisoned"] or labels.chains.picker.currentData() == ids["poisoned"]


def test_the_receipt_s_entries_get_the_room_at_1280x800(qtbot, tmp_path, window, poisoned):
    _report, ids, store = poisoned
    win = window  # 1280×800
    open_and_wait(qtbot, win, write_store(store, tmp_path / "store"))
    win.tabs.setCurrentWidget(win.labels)
    qtbot.waitUntil(lambda: win.labels.receipts.entries.isVisible(), timeout=5000)
    assert win.size().width() == 1280 and win.size().height() == 800
    pane = win.labels.receipts
    entries, problems = pane.entries, pane.problems_area
    rv = win.report.mutmem.receipts[ids["bad_receipt"]]
    row_h = entries.verticalHeader().defaultSectionSize()
    assert entries.viewport().height() >= len(rv.entries) * row_h  # every entry shows, none clipped
    assert problems.isVisible()
    top = problems.mapTo(win, problems.rect().topLeft()).y()
    bottom = entries.mapTo(win, entries.rect().bottomLeft()).y()
    assert top > bottom  # the red message sits below the table, never over it
    assert pane.note.isVisible() and pane.export_button.isVisible()


def test_jump_to_first_error_lands_on_the_receipt_and_the_pane_that_explains_it(
    qtbot, tmp_path, window, poisoned
):
    _report, ids, store = poisoned
    win = window
    open_and_wait(qtbot, win, write_store(store, tmp_path / "store"))
    win.tabs.setCurrentWidget(win.history)
    qtbot.mouseClick(win.verdict_banner.jump_button, Qt.MouseButton.LeftButton)
    rid = ids["bad_receipt"]
    assert win.tabs.currentWidget() is win.labels
    assert win.labels.panes.currentWidget() is win.labels.receipts
    assert win.labels.current_receipt() == rid
    assert win.detail.current == rid and win.detail_dock.isVisible()
    assert "✖ poison_admitted" in win.detail.title.text().replace("\u200b", "")
    entries = win.labels.receipts.entries
    row = entries.selectionModel().selectedRows()[0].row()
    assert rv_ordinal(win, rid, row) == ids["bad_ordinal"]


def test_jump_to_a_dark_commit_lands_on_history(qtbot, window):
    open_and_wait(qtbot, window, ALETHECH / "05_dark_v2" / "store")
    window.tabs.setCurrentWidget(window.weights)
    window.jump_to_first_error()
    assert window.tabs.currentWidget() is window.history
    assert window.history.selected_id() == window.detail.current


def rv_ordinal(win, rid, row):
    return win.report.mutmem.receipts[rid].entries[row]["ordinal"]
