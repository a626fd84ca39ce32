"""The auditor's first minute (issue 12): the verdict banner for pass, fail,
unopenable and each checkpoint state; the overview; checkpoints attached from the
menu and by drop; untrusted memories in the history; a checkpoint finding
explained; the last-resort crash panel (issue 16).  Real worker process."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QApplication

from inspector.core import jobs
from inspector.core.container import Credential
from inspector.core.verify.report import Status
from inspector.gui.models import HistoryModel

from .helpers import WAIT_MS, open_and_wait

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo.aleth"
DEMO_CHECKPOINT = ROOT / "resources" / "demo.checkpoint.json"
FIX = ROOT / "tests" / "fixtures" / "alethech-0.9.5"
SIDE = FIX / "10_checkpoint_rewritten_side_branch"


def banner_text(win) -> str:
    b = win.verdict_banner
    return " | ".join(w.text() for w in (b.word, b.reason, b.counts, b.checkpoint, b.untrusted))


# ---- the banner --------------------------------------------------------------------------
def test_banner_pass_without_checkpoint_says_rollback_is_not_detectable(qtbot, window):
    open_and_wait(qtbot, window, FIX / "01_basic" / "store")
    b = window.verdict_banner
    assert b.isVisible()
    assert b.word.text() == "PASS"
    assert "0 errors" in b.counts.text()
    assert b.checkpoint.text() == "○ No checkpoint — rollback not detectable"
    assert not b.jump_button.isEnabled()  # nothing to jump to
    assert b.attach_button.isVisible() and not b.retry_button.isVisible()
    assert b.word.font().pointSizeF() >= 1.8 * window.font().pointSizeF()  # large type


def test_banner_fail_names_the_key_and_counts_and_jumps_to_the_error(qtbot, window):
    report = open_and_wait(qtbot, window, FIX / "05_dark_v2" / "store")
    dark = [c for c, s in report.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY]
    era = report.era_of(dark[0])
    b = window.verdict_banner
    assert b.word.text() == "FAIL"
    reason = b.reason.text()
    assert era.key_id in reason and reason.startswith(f"{len(dark)} commit")
    # what the file proves: not "after it was rotated out", but not proven to come first
    word = "rotation" if era.revoke_reason == "rotation" else "revocation"
    assert f"not proven to predate its {word}" in reason and "after" not in reason
    assert f"{report.severity_counts()['error']} error" in b.counts.text()
    assert b.jump_button.isEnabled()
    window.tabs.setCurrentWidget(window.overview)
    b.jump_button.click()
    assert window.tabs.currentWidget() is window.history
    assert window.history.selected_id() == dark[0]
    assert window.findings.selected_finding() == ("not_in_proven_pre_rotation_history", dark[0])


def test_banner_and_overview_for_a_wrong_passphrase(qtbot, window):
    case = FIX / "11_container_v2_wrong_passphrase"
    report = open_and_wait(qtbot, window, case / "memory.aleth", credential=Credential(passphrase="nope"))
    assert report.verdict == "unopenable"
    b = window.verdict_banner
    assert b.word.text() == "UNOPENABLE"
    assert b.retry_button.isVisible() and not b.attach_button.isVisible()
    assert not b.checkpoint.isVisible()
    ov = window.overview
    assert window.tabs.currentWidget() is ov and ov.page() == ov.UNOPENABLE
    assert ov.retry_button.isVisible()
    text = ov.unopenable_text.toPlainText()
    assert "could not be opened" in text and "passphrase" in text.lower()
    assert not window.tabs.isTabEnabled(window.tabs.indexOf(window.history))
    # "Try another passphrase" opens the unlock dialog on the same file
    ov.retry_button.click()
    assert window._unlock is not None and window._unlock.path == str(case / "memory.aleth")
    window._unlock.reject()


def test_unopenable_damaged_file_says_where(qtbot, window):
    case = FIX / "11_container_v2_truncated_half"
    report = open_and_wait(qtbot, window, case / "memory.aleth", credential=Credential(passphrase="x"))
    assert report.verdict == "unopenable"
    f = report.findings[0]
    text = window.overview.unopenable_text.toPlainText()
    assert f.code in text
    for value in (f.expected, f.found, f.likely_cause):
        if value:
            assert value in text


def test_no_other_passphrase_is_offered_for_a_file_that_is_no_container(qtbot, window):
    case = FIX / "11_container_v2_bad_magic"
    report = open_and_wait(qtbot, window, case / "memory.aleth", credential=Credential(passphrase="x"))
    assert report.verdict == "unopenable" and report.findings[0].code == "bad_magic"
    # another passphrase cannot turn it into one: no "try another" there
    assert window.overview.page() == window.overview.UNOPENABLE
    assert not window.overview.retry_button.isVisible()
    assert not window.verdict_banner.retry_button.isVisible()


def test_checkpoint_verified_marks_the_head_in_banner_and_history(qtbot, window):
    report = open_and_wait(
        qtbot,
        window,
        FIX / "10_checkpoint_continuity_ok" / "store",
        checkpoint=str(FIX / "10_checkpoint_continuity_ok" / "checkpoint.json"),
    )
    head = json.loads((FIX / "10_checkpoint_continuity_ok" / "checkpoint.json").read_text())["head_commit_id"]
    assert report.verdict == "pass"
    assert window.verdict_banner.checkpoint.text().startswith("⚑ Checkpoint verified")
    assert head.split(":")[1][:10] in window.verdict_banner.checkpoint.text()
    m = window.history.model
    row = m.row_for(head)
    summary = m.data(m.index(row, HistoryModel.SUMMARY))
    assert summary.startswith("⚑ checkpoint head")


def test_checkpoint_failed_banner_and_detail_explains_never_valid(qtbot, window):
    report = open_and_wait(qtbot, window, SIDE / "store", checkpoint=str(SIDE / "checkpoint.json"))
    assert report.verdict == "fail"
    assert window.verdict_banner.checkpoint.text().startswith("✖ Checkpoint failed")
    f = next(f for f in report.findings if f.code == "checkpoint_continuity_failed")
    fv = window.findings
    row = next(
        r
        for r in range(fv.proxy.rowCount())
        if fv.proxy.index(r, 1).data() == f.code and fv.proxy.index(r, 3).data() == f.object_id
    )
    fv.table.setCurrentIndex(fv.proxy.index(row, 0))  # as a click does
    assert window.detail.current == f.object_id
    title = window.detail.title.text().replace("\u200b", "")
    assert "✔ valid" not in title and "✖ checkpoint check failed" in title
    text = window.detail.explanation.text().replace("\u200b", "")
    assert "checkpoint_continuity_failed" in text and "does not continue" in text
    form = {
        window.detail.form.itemAt(i, window.detail.form.ItemRole.LabelRole)
        .widget()
        .text(): window.detail.form.itemAt(i, window.detail.form.ItemRole.FieldRole)
        .widget()
        .text()
        .replace("\u200b", "")
        for i in range(window.detail.form.rowCount())
    }
    cp = json.loads((SIDE / "checkpoint.json").read_text())
    assert form["Head:"] == cp["head_commit_id"]
    assert f"{cp['commit_count']} in the checkpoint" in form["Commits:"]
    assert cp["key_id"] in form["Signer:"]


def test_attach_checkpoint_and_drop_it_reverify(qtbot, window):
    open_and_wait(qtbot, window, SIDE / "store")
    assert window.verdict_banner.checkpoint.text().startswith("○ No checkpoint")
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        window.attach_checkpoint(str(SIDE / "checkpoint.json"))
    assert blocker.args[0].verdict == "fail"
    assert window.verdict_banner.checkpoint.text().startswith("✖ Checkpoint failed")
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        window.detach_checkpoint()
    assert blocker.args[0] is window.report and window.report.verdict == "pass"
    # dropping the checkpoint JSON on the window attaches it (it does not "open" it)
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS):
        window.open_dropped(str(SIDE / "checkpoint.json"))
    assert window.path == str(SIDE / "store")
    assert window.checkpoint_path == str(SIDE / "checkpoint.json")
    assert window.report.verdict == "fail"


def test_demo_untrusted_memories_carry_their_label_and_a_filter(qtbot, window):
    report = open_and_wait(
        qtbot, window, DEMO, credential=Credential(passphrase="demo"), checkpoint=str(DEMO_CHECKPOINT)
    )
    untrusted = [m for m, mv in report.mutmem.memories.items() if mv.untrusted]
    assert len(untrusted) == 4 and report.verdict == "pass"
    assert window.verdict_banner.untrusted.text().startswith("⚠ 4 untrusted memories")
    assert window.verdict_banner.checkpoint.text().startswith("⚑ Checkpoint verified")
    h = window.history
    m = h.model
    for mid in untrusted:
        label = report.mutmem.memories[mid].label
        text = m.data(m.index(m.row_for(mid), HistoryModel.STATUS))
        assert text == f"⚠ {label}" and "✔" not in text
    with qtbot.waitSignal(h.searchFinished, timeout=10_000):
        h.filter_to(status="untrusted")
    assert sorted(m.commit_at(r) for r in range(m.rowCount())) == sorted(untrusted)


def test_overview_lists_file_facts_and_links_problems(qtbot, window):
    report = open_and_wait(qtbot, window, FIX / "05_dark_v2" / "store")
    ov = window.overview
    assert ov.page() == ov.REPORT
    text = ov.browser.toPlainText()
    for needle in ("Format", "directory", "Agent", "Key eras", "What a verdict does not prove", "rollback"):
        assert needle in text
    for e in report.eras:
        assert e.key_id in text
    dark = next(c for c, s in report.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
    assert dark in ov.links()
    with qtbot.waitSignal(ov.selectionRequested) as blocker:
        ov.activate_link(ov.links().index(dark))
    assert blocker.args == [dark]
    assert window.detail.current == dark


def test_sealed_overview_shows_sha256_and_unlock_method(qtbot, window):
    import hashlib

    open_and_wait(qtbot, window, DEMO, credential=Credential(passphrase="demo"))
    text = window.overview.browser.toPlainText()
    assert hashlib.sha256(DEMO.read_bytes()).hexdigest() in text
    assert "ALETH002" in text and "unlocked with the passphrase" in text


# ---- selection survives reloads and tab switches -----------------------------------------
def test_selected_problem_survives_reload_and_tab_switches(qtbot, window):
    report = open_and_wait(qtbot, window, FIX / "07_guard_a" / "store")
    fv = window.findings
    warn = [f for f in report.findings if f.object_id in report.objects][-1]
    row = next(
        r
        for r in range(fv.proxy.rowCount())
        if fv.proxy.index(r, 1).data() == warn.code and fv.proxy.index(r, 3).data() == warn.object_id
    )
    fv.table.setCurrentIndex(fv.proxy.index(row, 0))
    assert window.detail.current == warn.object_id
    window.tabs.setCurrentWidget(window.graph)
    window.tabs.setCurrentWidget(window.history)
    assert fv.selected_finding() == (warn.code, warn.object_id)
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS):
        window.reload()
    assert fv.selected_finding() == (warn.code, warn.object_id)
    assert window.detail.current == warn.object_id
    assert window.tabs.currentWidget() is window.history  # a reload keeps the tab


# ---- the last resort -----------------------------------------------------------------------
def test_internal_error_shows_the_crash_panel_with_a_copyable_report(qtbot, window, monkeypatch):
    messages: list[tuple] = []

    def boom(send, **kw):
        raise ZeroDivisionError("boom inside the verifier")

    monkeypatch.setitem(jobs.JOBS, "open_verify", boom)
    jobs.run_job(messages.append, "open_verify", {"path": str(FIX / "01_basic" / "store")})
    kinds = [m[0] for m in messages]
    assert kinds == ["batch", "error"] and messages[1][1] == "internal_error"
    window._target = (str(FIX / "01_basic" / "store"), None)
    with qtbot.waitSignal(window.reportReady, timeout=5000):
        window._on_batch(window.runner.token, *messages[0][1:])
        window._on_failed(window.runner.token, *messages[1][1:])
    assert window.report.verdict == "error" and window.report.exit_code == 5
    ov = window.overview
    assert window.tabs.currentWidget() is ov and ov.page() == ov.CRASH
    assert "not a verdict on the file" in ov.crash_title.text()
    assert window.verdict_banner.word.text() == "ERROR"
    crash = ov.crash_report.toPlainText()
    assert "ZeroDivisionError" in crash and "Traceback" in crash and "PySide6" in crash
    ov.copy_button.click()
    assert QApplication.clipboard().text() == crash


def test_a_dead_worker_is_a_crash_panel_not_a_blank_window(qtbot, window):
    window._target = (str(FIX / "01_basic" / "store"), None)
    with qtbot.waitSignal(window.reportReady, timeout=5000):
        window._on_failed(window.runner.token, "worker_died", "the worker process ended unexpectedly", "")
    assert window.overview.page() == window.overview.CRASH
    assert "WorkerFailed" in window.overview.crash_report.toPlainText()
    assert window.tabs.isVisible() and window.verdict_banner.isVisible()
