"""The main window driven like a user would: open (passphrase, recovery code,
wrong passphrase, directory), progress and cancel, findings filter, linked
selection, era highlight, detail explanations, exports and the screenshot
command.  Work runs in the real worker process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from inspector.core.container import Credential
from inspector.core.verify.report import Status

from .helpers import WAIT_MS, open_and_wait

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo.aleth"
FIX = ROOT / "tests" / "fixtures" / "alethech-0.9.5"


@pytest.fixture
def window_size():
    return (1300, 850)


def test_open_demo_with_passphrase_shows_pass_verdict(qtbot, window):
    report = open_and_wait(qtbot, window, DEMO, credential=Credential(passphrase="demo"))
    assert report.verdict == "pass"
    assert window.verdict.text().startswith("PASS")
    assert "0 errors" in window.verdict.text()
    assert window.verdict_banner.word.text() == "PASS"
    assert window.tabs.currentWidget() is window.overview  # a new file opens on the overview
    assert window.history.model.rowCount() == len(report.commits) == 345
    assert window.windowTitle().endswith("demo.aleth")
    assert window.recent()[0] == str(DEMO)


def test_open_with_recovery_code(qtbot, window):
    code = (ROOT / "resources" / "demo.recovery.txt").read_text().strip()
    report = open_and_wait(qtbot, window, DEMO, credential=Credential(recovery_code=code))
    assert report.verdict == "pass"
    assert report.container["format"] == "ALETH002"


def test_unlock_dialog_wrong_passphrase_then_retry(qtbot, window):
    window.open_path(str(DEMO))
    dlg = window._unlock
    assert dlg is not None and dlg.isVisible()
    dlg.secret.setText("not-the-passphrase")
    qtbot.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Open), Qt.MouseButton.LeftButton)
    assert dlg.busy.isVisible()  # the key derivation runs in the worker; the dialog shows it
    qtbot.waitUntil(lambda: dlg.error.text() != "", timeout=WAIT_MS)
    assert "Wrong passphrase" in dlg.error.text()
    assert dlg.secret.isEnabled() and not dlg.busy.isVisible()
    dlg.secret.setText("demo")
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS):
        qtbot.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Open), Qt.MouseButton.LeftButton)
    assert window.report.verdict == "pass"
    assert window._unlock is None


def test_failing_fixture_selects_the_dark_commit_and_explains_it(qtbot, window):
    report = open_and_wait(qtbot, window, FIX / "06_dark_legacy" / "store")
    dark = [c for c, s in report.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY]
    assert len(dark) == 1
    assert window.verdict.text().startswith("FAIL")
    window.tabs.setCurrentWidget(window.history)  # hidden tabs catch up when shown
    assert window.history.selected_id() == dark[0]  # the worst finding is selected everywhere
    text = window.detail.explanation.text().replace("\u200b", "")
    assert "Not proven" in text and "revoked" in text and "not an ancestor" in text


@pytest.mark.parametrize(
    "case,status,phrase",
    [
        ("03_rotation_eras", Status.VALID_HISTORICAL, "inside the history that cutoff closes"),
        ("03_rotation_eras", Status.VALID, "active now"),
        ("09_tampered_a_commit_content", Status.DIGEST_MISMATCH, "changed after it was signed"),
        ("09_tampered_b_parent_deleted", Status.MISSING_PARENT, "parent it names is not in the file"),
        ("02_evidence_cli_after_rotation", Status.INVALID_SIGNATURE, "does not verify"),
    ],
)
def test_detail_explains_each_status(qtbot, window, case, status, phrase):
    report = open_and_wait(qtbot, window, FIX / case / "store")
    target = next(i for i, s in {**report.commits, **report.evidence}.items() if s is status)
    window.select(target, None)
    assert phrase in window.detail.explanation.text().replace("\u200b", "")


def test_findings_filter_and_selection_linking(qtbot, window):
    report = open_and_wait(qtbot, window, FIX / "07_guard_a" / "store")
    fv = window.findings
    assert fv.proxy.rowCount() == len(report.findings)
    fv.search.setText("identity_control")
    assert fv.proxy.rowCount() == 1
    fv.search.clear()
    fv.show_severity("warning")
    assert fv.proxy.rowCount() == sum(1 for f in report.findings if f.severity.value == "warning")
    fv.show_severity(None)
    # clicking a commit finding selects that commit in the history and the detail
    row = next(
        r
        for r in range(fv.proxy.rowCount())
        if fv.proxy.index(r, 1).data() == "not_in_proven_pre_rotation_history"
    )
    fv.table.setCurrentIndex(fv.proxy.index(row, 0))
    oid = fv.proxy.index(row, 3).data()
    window.tabs.setCurrentWidget(window.history)  # the hidden tab catches up when shown
    assert window.history.selected_id() == oid
    assert oid.replace("", "") in window.detail.title.text().replace("\u200b", "")


def test_history_filter_by_status_and_era_highlight(qtbot, window):
    report = open_and_wait(qtbot, window, FIX / "03_rotation_unmerged_legacy_branch" / "store")
    h = window.history
    with qtbot.waitSignal(h.searchFinished, timeout=10_000) as found:
        h.filter_to(status="problems")  # filtered in slices between events
    assert found.args == [2] and h.model.rowCount() == 2
    with qtbot.waitSignal(h.searchFinished, timeout=10_000):
        h.status_combo.setCurrentIndex(0)
    assert h.model.rowCount() == len(report.commits)
    window.eras.eraHighlighted.emit(0)
    assert h.model.highlight_era == 0
    assert window.tabs.currentWidget() is h


def test_cancel_stops_the_worker_and_keeps_the_window_usable(qtbot, window):
    window.open_path(str(DEMO), credential=Credential(passphrase="demo"))
    assert window.runner.running and window.cancel_button.isVisible()
    with qtbot.waitSignal(window.runner.cancelled, timeout=5000):
        qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.runner.running
    assert window.report is None
    assert window.progress_label.text() == "cancelled"
    report = open_and_wait(qtbot, window, DEMO, credential=Credential(passphrase="demo"))
    assert report.verdict == "pass"


def test_stale_results_are_dropped(qtbot, window):
    # a second open supersedes the first; only the second report is shown
    window.open_path(str(FIX / "05_dark_v2" / "store"))
    stale_token = window.runner.token
    first_reader = window.runner._readers[-1]
    report = open_and_wait(qtbot, window, FIX / "01_basic" / "store")
    # the first worker was stopped: its reader has forwarded its last message ("eof"),
    # which now waits in the event queue; deliver it, and it changes nothing
    first_reader.join()
    QApplication.processEvents()
    assert window.report is report and report.verdict == "pass"
    # a late answer of the superseded task, delivered on purpose, is dropped too
    delivered: list[object] = []
    for signal in (window.runner.batch, window.runner.finished, window.runner.failed):
        signal.connect(lambda *args: delivered.append(args))
    window.runner._bridge.message.emit(stale_token, ("batch", "report", report))
    window.runner._bridge.message.emit(stale_token, ("result", {"path": "stale"}))
    assert delivered == [] and window.report is report


def test_a_missing_path_is_said_without_a_modal_box(qtbot, window, tmp_path):
    gone = tmp_path / "gone.aleth"
    window.open_path(str(gone))  # a modal box would fail this test (tests/modal_guard.py)
    assert window.statusBar().currentMessage() == f"{gone} does not exist."
    assert not window.runner.running and window.report is None


def test_unopenable_file_shows_the_code(qtbot, window):
    case = FIX / "11_container_v2_bad_magic"
    report = open_and_wait(qtbot, window, case / "memory.aleth", credential=Credential(passphrase="x"))
    assert report.verdict == "unopenable"
    assert window.verdict.text().startswith("UNOPENABLE")
    assert window.findings.model.findings[0].code == "bad_magic"


def test_recent_files_can_be_cleared(qtbot, window):
    open_and_wait(qtbot, window, FIX / "01_basic" / "store")
    assert window.recent() == [str(FIX / "01_basic" / "store")]
    window.clear_recent()
    assert window.recent() == []
    assert not window.recent_menu.actions()[-1].isEnabled()


def test_screenshot_command_writes_png(tmp_path):
    out = tmp_path / "shot.png"
    pw = tmp_path / "pw"
    pw.write_text("demo\n")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspector",
            "gui",
            str(DEMO),
            "--passphrase-file",
            str(pw),
            "--screenshot",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 20_000


def test_detail_shows_the_signable_and_signed_bytes_of_a_shipped_object(qtbot, window):
    # objects arrive from the worker without their signing bytes; the detail recomputes them
    import hashlib

    report = open_and_wait(qtbot, window, FIX / "01_basic" / "store")
    cid = report.head
    assert report.objects[cid].sign_bytes == b""
    window.select(cid, None)
    cb = window.detail.canonical
    signable = window.detail.bytes.toPlainText()
    # exactly the bytes whose SHA-256 is the id: no commit_id inside
    assert '"commit_id"' not in signable and signable.startswith("{")
    assert "sha256:" + hashlib.sha256(signable.encode()).hexdigest() == cid
    assert "= the stored id ✔" in cb.digest.text().replace("\u200b", "")
    cb.which.setCurrentIndex(cb.which.findData("signed"))
    signed = window.detail.bytes.toPlainText()
    assert f'"commit_id":"{cid}"' in signed
    cb.as_hex.setCurrentIndex(1)
    first = window.detail.bytes.toPlainText().splitlines()[0]
    assert first.startswith("00000000  7b 22") and first.endswith("|")
    cb.copy_signable.click()
    assert QApplication.clipboard().text() == signable
    cb.copy_hex.click()
    assert QApplication.clipboard().text() == signed.encode().hex()


def test_the_history_lanes_come_from_the_worker_not_the_gui_thread(qtbot, window, monkeypatch):
    from inspector.core.lanes import lanes_for
    from inspector.gui import models

    laid_out_here: list[int] = []
    monkeypatch.setattr(models, "lanes_for", lambda r: laid_out_here.append(len(r.order)) or lanes_for(r))
    report = open_and_wait(qtbot, window, FIX / "03_rotation_eras" / "store")
    assert report.order and laid_out_here == []  # the worker sent them beside the report
    assert window.history.model.lanes == lanes_for(report)
    assert not hasattr(report, "lanes")  # GUI state, not part of the report
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS):
        window.set_report(report)  # a report made in this process: laid out here
    assert laid_out_here == [len(report.order)]
