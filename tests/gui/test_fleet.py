"""The fleet table widget, driven for real: the audit runs off the GUI thread (worker
processes), rows stream in, filter and sort work, double-click names the file, Export
writes the HTML report, Cancel stops the run."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTimer

from inspector.gui.fleet import LOCATION_ROLE, VERDICT_FILTERS, FleetView

from ..conftest import ALETHECH

TIMEOUT = 180_000


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "fleet"
    shutil.copytree(ALETHECH / "01_basic" / "store", root / "basic")
    shutil.copytree(ALETHECH / "09_tampered_a_commit_content" / "store", root / "tampered")
    (root / "sealed").mkdir()
    shutil.copyfile(ALETHECH / "03_rotation_eras" / "memory.aleth", root / "sealed" / "eras.aleth")
    shutil.copyfile(ALETHECH / "02_evidence" / "memory.aleth", root / "sealed" / "locked.aleth")
    code = json.loads((ALETHECH / "03_rotation_eras" / "case.json").read_text())["recovery_code"]
    (tmp_path / "eras.code").write_text(code)
    rules = tmp_path / "rules.toml"
    rules.write_text('[[file]]\nmatch = "sealed/eras.aleth"\nrecovery_code_file = "eras.code"\n')
    return root, rules


def show(qtbot, view):
    qtbot.addWidget(view)
    view.resize(1000, 500)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_audits_a_folder_off_the_gui_thread_and_shows_the_table(qtbot, folder, tmp_path):
    root, rules = folder
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    view = FleetView(str(root), credentials=str(rules), jobs=2, autostart=False)
    show(qtbot, view)
    with qtbot.waitSignal(view.auditFinished, timeout=TIMEOUT) as blocker:
        view.start()
        assert view.running and view.cancel_button.isEnabled()
    timer.stop()
    result = blocker.args[0]
    assert len(ticks) > 5  # the event loop kept running while the files were verified
    assert not result.interrupted and len(result.entries) == 4
    assert view.model.rowCount() == 4 and view.export_button.isEnabled()
    # worst first: the failing store, the locked file, then the two that pass
    paths = view.visible_paths()
    assert paths[0].endswith("tampered") and paths[1].endswith("locked.aleth")
    assert {Path(p).name for p in paths[2:]} == {"basic", "eras.aleth"}
    assert paths[1] == "sealed/locked.aleth"  # shown relative to the folder audited
    verdicts = [view.proxy.index(r, 1).data() for r in range(4)]
    assert verdicts == ["✖ fail", "⊘ unopenable", "✔ pass", "✔ pass"]
    assert "FAIL" in view.title.text()
    assert "4 files: 2 pass, 1 fail, 1 unopenable" in view.summary.text()

    # filter by text (a finding code) and by verdict
    qtbot.keyClicks(view.search, "digest_mismatch")
    assert view.visible_paths() == [paths[0]]
    view.search.clear()
    view.verdict_filter.setCurrentIndex([v for _, v in VERDICT_FILTERS].index("pass"))
    assert len(view.visible_paths()) == 2
    view.verdict_filter.setCurrentIndex(0)

    # sort by clicking the File header
    header = view.table.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(10, 5))
    assert view.visible_paths() in (sorted(paths), sorted(paths, reverse=True))

    # double-click opens (emits) the file's path
    index = view.proxy.index(
        view.visible_paths().index(next(p for p in paths if p.endswith("eras.aleth"))), 0
    )
    rect = view.table.visualRect(index)
    with qtbot.waitSignal(view.fileActivated, timeout=5000) as opened:
        # a real double-click is press, release, then the double-click event
        qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened.args == [str(root / "sealed" / "eras.aleth")]

    # export the HTML fleet report
    out = tmp_path / "fleet.html"
    view.export_html(str(out))
    page = out.read_text(encoding="utf-8")
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert page.count("<h2 id='file-") == 4 and "digest_mismatch" in page


def test_cancel_stops_the_audit_and_keeps_the_rows_so_far(qtbot, tmp_path):
    from inspector.core.demo import build_demo
    from inspector.core.write.directory import write_directory

    root = tmp_path / "many"
    root.mkdir()
    demo = build_demo().store
    for i in range(8):  # about 0.2 s each: time enough to cancel after the first
        write_directory(demo, root / f"agent-{i}")
    view = show(qtbot, FleetView(str(root), jobs=1, autostart=False))
    first = []
    view.model.rowsInserted.connect(lambda *a: first.append(1) if not first else None)
    with qtbot.waitSignal(view.auditFinished, timeout=TIMEOUT) as blocker:
        view.start()
        qtbot.waitUntil(lambda: bool(first), timeout=TIMEOUT)
        qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    result = blocker.args[0]
    assert result.interrupted and 1 <= len(result.entries) < 8
    assert view.model.rowCount() == len(result.entries)
    assert "cancelled" in view.title.text()
    qtbot.waitUntil(lambda: view.credentials_button.isEnabled(), timeout=10_000)
    assert not view.cancel_button.isEnabled()


def test_a_folder_that_cannot_be_audited_says_why(qtbot, tmp_path):
    view = show(qtbot, FleetView(str(tmp_path / "missing"), autostart=False))
    view.start()
    qtbot.waitUntil(lambda: "could not audit" in view.title.text(), timeout=TIMEOUT)
    assert "does not exist" in view.summary.text()
    assert view.model.rowCount() == 0 and not view.export_button.isEnabled()


def test_a_view_destroyed_while_auditing_stops_the_audit_and_takes_nothing_down(qtbot, tmp_path):
    """Its parent window closed mid-run: the C++ view goes while the audit still runs.
    No Qt object is touched from the audit's thread (a QThread destroyed while running
    aborts the whole process); the run is cancelled and its thread ends."""
    import shiboken6

    from inspector.core.demo import build_demo
    from inspector.core.write.directory import write_directory

    root = tmp_path / "many"
    root.mkdir()
    demo = build_demo().store
    for i in range(8):
        write_directory(demo, root / f"agent-{i}")
    view = show(qtbot, FleetView(str(root), jobs=1, autostart=False))
    view.start()
    qtbot.waitUntil(lambda: view.model.rowCount() >= 1, timeout=TIMEOUT)
    audit = view.audit
    assert audit is not None and audit.is_alive()
    poll = view._poll  # the only way the audit's results reach the view
    assert poll.isActive()
    shiboken6.delete(view)  # what deleting its parent window does
    qtbot.waitUntil(lambda: not audit.is_alive(), timeout=TIMEOUT)
    assert audit.token.cancelled  # the run was stopped, not left to finish every file
    # nothing can be delivered to the deleted view: its drain timer went with it, and
    # whatever else was posted before the thread ended is delivered now, harmlessly
    assert not shiboken6.isValid(poll)
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()


def test_the_ledgers_alarms_and_acknowledgements_are_shown_read_only(qtbot, tmp_path):
    """A fleet whose rules name a ledger: a rolled-back file reads FAIL with its alarm,
    a gone file and an acknowledgement are listed in the ledger pane, and the window
    writes nothing to the ledger (the nightly audit records)."""
    from inspector.core.fleet.audit import run_audit
    from inspector.core.fleet.credentials import load_rules
    from inspector.core.fleet.discover import discover
    from inspector.core.fleet.ledger import Ledger
    from inspector.core.keys import KeyPair
    from inspector.core.write.builder import StoreWriter
    from inspector.core.write.directory import write_directory

    root = tmp_path / "fleet"
    root.mkdir()
    w = StoreWriter.create(root=KeyPair.generate())
    older = w.store.copy()
    w.commit({"note": "learned later"})
    for name in ("rolled", "gone", "acked"):
        write_directory(w.store, root / name)
    rules = tmp_path / "rules.toml"
    rules.write_text('ledger = "fleet.ledger"\n')

    def night() -> None:
        r = load_rules(rules)
        with Ledger.open(r.ledger or "") as ledger:
            run_audit(discover([str(root)]), rules=r, ledger=ledger)

    night()
    for name in ("rolled", "acked"):  # older copies put back
        shutil.rmtree(root / name)
        write_directory(older, root / name)
    shutil.rmtree(root / "gone")
    night()
    with Ledger.open(str(tmp_path / "fleet.ledger")) as ledger:
        ledger.acknowledge("acked", "restored from the backup of Tuesday", by="ops@site")
        runs = ledger.last_run()
    before = (tmp_path / "fleet.ledger").read_bytes()

    view = show(qtbot, FleetView(str(root), credentials=str(rules), jobs=1, autostart=False))
    with qtbot.waitSignal(view.auditFinished, timeout=TIMEOUT):
        view.start()
    verdicts = {p: view.proxy.index(r, 1).data() for r, p in enumerate(view.visible_paths())}
    assert verdicts == {"rolled": "✖ fail", "acked": "✔ pass"}
    tip = view.proxy.index(view.visible_paths().index("rolled"), 1).data(Qt.ItemDataRole.ToolTipRole)
    assert "ledger_rollback" in tip
    assert view.ledger_title.isVisible() and "2 open alarm" in view.ledger_title.text()
    rows = view.ledger_rows()
    assert rows[:2] == [("gone", "⚠ ledger_gone"), ("rolled", "⚠ ledger_rollback")]
    assert rows[2] == ("acked", "✔ rollback")
    assert "restored from the backup of Tuesday" in view.ledger_list.topLevelItem(2).text(3)
    with Ledger.open(str(tmp_path / "fleet.ledger")) as ledger:
        assert ledger.last_run() == runs  # nothing recorded by the window
    assert (tmp_path / "fleet.ledger").read_bytes() == before


def test_without_a_ledger_the_pane_stays_hidden(qtbot, folder):
    root, rules = folder
    view = show(qtbot, FleetView(str(root), credentials=str(rules), jobs=1, autostart=False))
    with qtbot.waitSignal(view.auditFinished, timeout=TIMEOUT):
        view.start()
    assert not view.ledger_list.isVisible() and view.ledger_rows() == []


# ---- one verdict per file: a row opens in the window with the fleet's settings -------------
@pytest.fixture
def ruled_fleet(tmp_path):
    """A folder whose rules give credentials and checkpoints: a checkpoint that fails
    ``10_checkpoint_after_rotation`` (which passes without it), one that fails a rewritten
    history, sealed files unlocked by a recovery code, a passphrase from a file and a
    passphrase from the environment, a sealed file whose rule's passphrase is wrong, one
    no rule matches, plain stores that pass and fail."""
    root = tmp_path / "fleet"
    for case, name in (
        ("10_checkpoint_after_rotation", "rotated"),
        ("10_checkpoint_rewritten_side_branch", "rewritten"),
        ("01_basic", "basic"),
        ("09_tampered_a_commit_content", "tampered"),
    ):
        shutil.copytree(ALETHECH / case / "store", root / "stores" / name)
    (root / "sealed").mkdir()
    for case, name in (
        ("03_rotation_eras", "eras.aleth"),
        ("02_evidence", "evidence.aleth"),
        ("01_basic", "env.aleth"),
        ("11_container_v2_wrong_passphrase", "wrong.aleth"),
        ("02_evidence", "unruled.aleth"),
    ):
        shutil.copyfile(ALETHECH / case / "memory.aleth", root / "sealed" / name)
    secrets = tmp_path / "secrets"
    secrets.mkdir()
    eras = json.loads((ALETHECH / "03_rotation_eras" / "case.json").read_text())
    evidence = json.loads((ALETHECH / "02_evidence" / "case.json").read_text())
    wrong = json.loads((ALETHECH / "11_container_v2_wrong_passphrase" / "case.json").read_text())
    (secrets / "eras.code").write_text(eras["recovery_code"])
    (secrets / "evidence.pass").write_text(evidence["passphrase"])
    (secrets / "wrong.pass").write_text(wrong["inputs"]["containers"][0]["unlock"]["passphrase"])
    for case, name in (
        ("10_checkpoint_after_rotation", "rotated.json"),
        ("10_checkpoint_rewritten_side_branch", "rewritten.json"),
    ):
        shutil.copyfile(ALETHECH / case / "checkpoint.json", secrets / name)
    rules = tmp_path / "rules.toml"
    rules.write_text(
        '[[file]]\nmatch = "stores/rotated"\ncheckpoint = "secrets/rotated.json"\n\n'
        '[[file]]\nmatch = "stores/rewritten"\ncheckpoint = "secrets/rewritten.json"\n\n'
        '[[file]]\nmatch = "sealed/eras.aleth"\nrecovery_code_file = "secrets/eras.code"\n\n'
        '[[file]]\nmatch = "sealed/evidence.aleth"\npassphrase_file = "secrets/evidence.pass"\n\n'
        '[[file]]\nmatch = "sealed/env.aleth"\npassphrase_env = "ALETH_TEST_FLEET_PASSPHRASE"\n\n'
        '[[file]]\nmatch = "sealed/wrong.aleth"\npassphrase_file = "secrets/wrong.pass"\n'
    )
    return root, rules


def test_every_row_opens_in_the_window_with_the_verdict_the_row_shows(
    qtbot, tmp_path, ruled_fleet, monkeypatch
):
    """Double-click each row: the window judges the file with the settings the fleet used
    (the rule's credential without asking again, its checkpoint, no master pinned) and
    shows the row's verdict and findings; it says which settings produced them, and
    opening the same file with the window's own settings drops them."""
    from PySide6.QtCore import QSettings

    from inspector.gui.dialogs.unlock import UnlockDialog
    from inspector.gui.main_window import MainWindow

    basic = json.loads((ALETHECH / "01_basic" / "case.json").read_text())
    monkeypatch.setenv("ALETH_TEST_FLEET_PASSPHRASE", basic["passphrase"])
    root, rules = ruled_fleet
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.pin_master("ab" * 32)  # a pin of this window's own is not the fleet's setting
    fleet = window.open_folder(str(root), credentials=str(rules), jobs=2, autostart=False)
    with qtbot.waitSignal(fleet.auditFinished, timeout=TIMEOUT) as done:
        fleet.start()
    result = done.args[0]
    by_location = {e.target.location: e for e in result.entries}
    assert len(by_location) == 9
    verdicts = {Path(loc).name: e.verdict for loc, e in by_location.items()}
    assert verdicts["rotated"] == "fail" and verdicts["rewritten"] == "fail"  # their checkpoints
    assert verdicts["eras.aleth"] == verdicts["evidence.aleth"] == verdicts["env.aleth"] == "pass"
    assert verdicts["wrong.aleth"] == verdicts["unruled.aleth"] == "unopenable"

    def double_click(row: int) -> None:
        rect = fleet.table.visualRect(fleet.proxy.index(row, 0))
        qtbot.mouseClick(fleet.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(fleet.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    for row in range(fleet.proxy.rowCount()):
        location = fleet.proxy.index(row, 0).data(LOCATION_ROLE)
        entry = by_location[location]
        with qtbot.waitSignal(window.reportReady, timeout=TIMEOUT) as shown:
            double_click(row)
        report = shown.args[0]
        name = Path(location).name
        assert window.path == location, name
        assert report.verdict == entry.verdict, name
        assert report.codes() == entry.report.codes(), name
        assert window._unlock is None and not window.findChildren(UnlockDialog), name  # never re-asked
        assert window.verdict_banner.settings.isVisible(), name
        said = window.verdict_banner.settings.text()
        assert "rules.toml" in said, name
        assert window.overview.settings and "rules.toml" in window.overview.settings, name
        if name in ("rotated", "rewritten"):
            assert f"checkpoint {name}.json" in said and "rule" in said
        if name == "eras.aleth":
            assert window.credential is not None and window.credential.recovery_code == eras_code(), name
            assert "recovery code from the file" in said
        if name == "unruled.aleth":
            assert "no rule of rules.toml matches" in said
            assert report.findings[0].code == "no_credential"
            assert window.overview.retry_button.isVisibleTo(window.overview)  # type one here instead
        if name == "rotated":
            with qtbot.waitSignal(window.reportReady, timeout=TIMEOUT) as again:
                window.reload()  # F5 keeps the settings that judged it
            assert again.args[0].verdict == "fail"
    # the same file opened with the window's own settings (no checkpoint): its own verdict
    rotated = str(root / "stores" / "rotated")
    with qtbot.waitSignal(window.reportReady, timeout=TIMEOUT) as own:
        window.open_path(rotated)
    assert own.args[0].verdict == "pass"
    assert not window.verdict_banner.settings.isVisible()
    assert "this window's settings" in window.overview.settings
    fleet.close()


def eras_code() -> str:
    return json.loads((ALETHECH / "03_rotation_eras" / "case.json").read_text())["recovery_code"]
