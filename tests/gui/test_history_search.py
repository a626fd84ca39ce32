"""History's search (``inspector.gui.history_search``), driven through the real box: it
finds what the file holds wherever it is (a nested content key, a provenance value, a
finding code, a label, a status, a key_id), runs in slices between the window's events a moment after the
last keystroke, never says "0 of N" before it has looked at all N, keeps the rows shown
until its answer arrives, drops stale answers, and says what it searches."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from inspector.core.keys import KeyPair
from inspector.core.verify.engine import verify
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.gui.history_search import Facets, HistorySearch, filter_rows
from inspector.gui.views.history import HistoryView

from .conftest import show_view
from .helpers import WAIT_MS as T


@pytest.fixture(scope="module")
def store_report():
    """A store whose needles hide where no summary shows them: a nested content key, a
    provenance source, a value deep in a list; and many plain commits around them."""
    w = StoreWriter.create(clock=stepping_clock(), agent_key=KeyPair.generate())
    ids = {}
    for i in range(120):
        w.commit({"kind": "fact", "text": f"plain memory {i}"})
    ids["subject"] = w.commit(
        {"kind": "preference", "text": "prefers tea", "about": {"subject": "user:4935"}}
    )["commit_id"]
    ids["source"] = w.commit({"kind": "fact", "text": "a web page"}, source="https://evil.example/x")[
        "commit_id"
    ]
    ids["deep"] = w.commit(
        {"kind": "note", "text": "meeting", "items": [{"k": ["Ignore previous instructions"]}]}
    )["commit_id"]
    for i in range(120):
        w.commit({"kind": "fact", "text": f"more memory {i}"})
    return verify(w.store), ids


def typed(qtbot, view: HistoryView, text: str) -> int:
    """Type ``text`` into the search box as a user does; the number of rows shown once
    the search has looked at every commit."""
    with qtbot.waitSignal(view.searchFinished, timeout=T) as done:
        view.search.clear()
        qtbot.keyClicks(view.search, text)
    return done.args[0]


def shown_ids(view: HistoryView) -> list[str]:
    m = view.model
    return [m.commit_at(r) for r in range(m.rowCount())]


def test_search_finds_text_anywhere_in_content_and_provenance(qtbot, store_report):
    report, ids = store_report
    view = show_view(qtbot, HistoryView, report)
    assert typed(qtbot, view, "user:4935") == 1 and shown_ids(view) == [ids["subject"]]
    assert typed(qtbot, view, "IGNORE previous") == 1 and shown_ids(view) == [ids["deep"]]
    assert typed(qtbot, view, "evil.example") == 1 and shown_ids(view) == [ids["source"]]
    assert typed(qtbot, view, ids["deep"][7:20]) >= 1 and ids["deep"] in shown_ids(view)  # an id
    assert typed(qtbot, view, "subject") == 1  # a key, not only values
    assert view.count.text() == "1 of 244"
    assert typed(qtbot, view, "user:4935 nowhere-else") == 0
    assert view.count.text() == "0 of 244"  # said only after all 244 were looked at
    with qtbot.waitSignal(view.searchFinished, timeout=T) as done:
        view.search.clear()
    assert done.args == [244] and view.count.text() == "244 commits"


def test_search_finds_codes_statuses_key_ids_and_labels(qtbot, demo_report):
    view = show_view(qtbot, HistoryView, demo_report)
    mm = demo_report.mutmem
    untrusted = sorted(m for m, mv in mm.memories.items() if mv.untrusted)
    label = mm.memories[untrusted[0]].label
    assert typed(qtbot, view, label) >= 1
    assert untrusted[0] in shown_ids(view)
    era = demo_report.eras[0]
    n = sum(1 for c in demo_report.commits if demo_report.signer.get(c) == era.index)
    assert typed(qtbot, view, era.key_id) >= n  # its commits, and any that mention it
    assert typed(qtbot, view, "valid_historical") == sum(
        1 for s in demo_report.commits.values() if s.value.casefold() == "valid_historical"
    )


def test_typing_is_debounced_and_the_rows_stay_until_the_answer(qtbot, store_report):
    """Each keystroke restarts a quarter-second wait; one search runs after the last one,
    and until it answers the table keeps its rows and the count says it is searching."""
    report, ids = store_report
    view = show_view(qtbot, HistoryView, report)
    started: list[int] = []
    real_start = view.searcher.start
    view.searcher.start = lambda *a: started.append(1) or real_start(*a)  # type: ignore[method-assign]
    with qtbot.waitSignal(view.searchFinished, timeout=T):
        qtbot.keyClicks(view.search, "user:4935")
        assert view.model.rowCount() == 244  # nothing hidden while typing
        assert view.searching()
    assert len(started) == 1  # one search for nine keystrokes
    assert shown_ids(view) == [ids["subject"]]


def test_a_stale_answer_is_dropped(qtbot, store_report):
    """A query asked while another runs makes it stale: the first never answers, its
    rows never reach the table."""
    report, ids = store_report
    view = show_view(qtbot, HistoryView, report)
    answers: list[int] = []
    view.searcher.finished.connect(lambda gen, rows: answers.append(gen))
    first = view.searcher.start(view.model.ids, {}, Facets("plain"))
    with qtbot.waitSignal(view.searchFinished, timeout=T):
        view.search.setText("user:4935")
        view._apply_filter()
    assert first not in answers and answers  # only the newer query answered
    assert shown_ids(view) == [ids["subject"]]


def test_the_search_works_in_slices_the_event_loop_runs_between(qtbot, store_report, monkeypatch):
    """Each slice of work is short: between two slices the event loop runs (a timer
    ticks), and the slices together look at every commit."""
    from PySide6.QtCore import QTimer

    import inspector.gui.history_search as hs

    monkeypatch.setattr(hs, "SLICE", 16)
    monkeypatch.setattr(hs, "BUDGET_S", 0.0)  # one step per turn of the event loop
    report, _ = store_report
    view = show_view(qtbot, HistoryView, report)
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(0)
    steps: list[tuple[str, int, int]] = []
    view.searcher.progress.connect(lambda _g, phase, done, total: steps.append((phase, done, total)))
    with qtbot.waitSignal(view.searchFinished, timeout=T):
        view.search.setText("memory")
        view._apply_filter()
    timer.stop()
    assert len(steps) > 20 and len(ticks) >= len(steps) // 2  # the loop turned between the slices
    searching = [d for phase, d, _t in steps if phase == "searching"]
    assert searching == sorted(searching) and searching[-1] == len(report.commits)


def test_the_box_says_what_it_searches(qtbot, store_report):
    report, _ = store_report
    view = show_view(qtbot, HistoryView, report)
    for needle in ("content", "provenance"):
        assert needle in view.search.placeholderText()
    for needle in ("id", "content", "provenance", "key_id", "status", "codes", "label", "every word"):
        assert needle in view.search.toolTip()


def test_search_progress_never_claims_a_result_before_it_has_looked(qtbot, store_report, monkeypatch):
    """Progress goes to the count label while the search looks; the count says "N of M"
    only at the end.  A zero budget makes every turn one step (no clock decides how many
    turns there are)."""
    monkeypatch.setattr("inspector.gui.history_search.BUDGET_S", 0.0)
    report, _ = store_report
    view = show_view(qtbot, HistoryView, report)
    seen: list[str] = []
    view.searcher.progress.connect(lambda *_a: seen.append(view.count.text()))
    typed(qtbot, view, "memory")
    assert seen and all(" of 244" not in t or "looked at" in t or "objects" in t for t in seen)


@settings(max_examples=30, deadline=None)
@given(
    query=st.text(alphabet="ab :4", min_size=0, max_size=6),
    status=st.sampled_from([None, "problems", "valid", "untrusted"]),
)
def test_filter_rows_is_the_index_s_answer_in_history_order(store_report, query, status):
    """Property: the rows shown are exactly the commits that pass the facets and whose
    index text holds every term, in History's order."""
    from inspector.core.search import SearchIndex, terms

    report, _ = store_report
    ids = list(reversed(report.order))
    index = SearchIndex.from_report(report)
    facets = Facets(query, status)
    rows = filter_rows(report, ids, {}, facets, index)
    want = [
        i
        for i, cid in enumerate(ids)
        if facets.accepts(report, {}, cid) and all(t in index.texts[cid] for t in terms(query))
    ]
    assert rows == want


def test_history_search_builds_its_index_once_per_report(qtbot, store_report):
    report, _ = store_report
    hs = HistorySearch()
    hs.set_report(report)
    for text in ("plain", "memory", "user"):
        with qtbot.waitSignal(hs.finished, timeout=T):
            hs.start(list(reversed(report.order)), {}, Facets(text))
    first = hs.index
    with qtbot.waitSignal(hs.finished, timeout=T):
        hs.start(list(reversed(report.order)), {}, Facets("tea"))
    assert hs.index is first and first is not None
    hs.set_report(None)
    assert hs.index is None


def test_ctrl_f_focuses_the_search_box_in_the_window(qtbot, tmp_path, store_report):
    from PySide6.QtCore import QSettings

    from inspector.gui.main_window import MainWindow

    report, ids = store_report
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    with qtbot.waitSignal(win.reportReady, timeout=T):
        win.set_report(report)
    qtbot.keyClick(win, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert win.tabs.currentWidget() is win.history
    with qtbot.waitSignal(win.history.searchFinished, timeout=T):
        qtbot.keyClicks(win.history.search, "user:4935")
    assert shown_ids(win.history) == [ids["subject"]]
