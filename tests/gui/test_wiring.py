"""What landed elsewhere, wired into the window and driven through it: the Author
menu offers what the open file can do and the label dialog starts from the selected
memory; File › Check inclusion proof… anchors a proof to the open file; the Labels
pane exports anchored proofs (format 2) through the worker; File › Open folder…
shows the fleet table, whose double-click opens the file here with the fleet's settings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from inspector.core.container import Credential
from inspector.core.demo import build_demo
from inspector.core.proofs import PROOF_FORMAT, check_proof, export_proof, write_proof
from inspector.core.write.directory import write_directory
from inspector.gui.dialogs.author import AuthorDialog
from inspector.gui.dialogs.proof import ProofDialog, ProofExportDialog
from inspector.gui.dialogs.unlock import UnlockDialog
from inspector.gui.fleet import FleetView
from inspector.gui.main_window import MainWindow

from .helpers import WAIT_MS, open_and_wait

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo.aleth"
FIX = ROOT / "tests" / "fixtures" / "alethech-0.9.5"


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory) -> Path:
    """The demo as a directory store (no scrypt: quick to open)."""
    d = tmp_path_factory.mktemp("demo") / "store"
    write_directory(build_demo().store, d)
    return d


def offered(win: MainWindow) -> list[str]:
    return [op for op, a in win.author_actions.items() if a.isVisible() and a.isEnabled()]


# ---- authoring ------------------------------------------------------------------------------
def test_author_menu_offers_no_rekey_for_a_directory_store(qtbot, window, demo_dir):
    open_and_wait(qtbot, window, demo_dir)
    assert offered(window) == ["rotate", "revoke", "grant", "migrate", "label"]
    shown = [a.text() for a in window.author_menu.actions() if a.isVisible()]
    assert not any("Re-&key" in t or "Re&cover" in t for t in shown)
    assert window.author("rekey") is None  # the shortcut cannot reach it either
    open_and_wait(qtbot, window, DEMO, credential=Credential(passphrase="demo"))
    assert offered(window) == ["rotate", "revoke", "grant", "migrate", "rekey", "recover", "label"]


def test_nothing_to_author_on_an_unopenable_file(qtbot, window):
    case = FIX / "11_container_v2_wrong_passphrase" / "memory.aleth"
    open_and_wait(qtbot, window, case, credential=Credential(passphrase="not it"))
    assert offered(window) == []


def test_label_dialog_starts_from_the_memory_selected_in_the_window(qtbot, window, demo_dir):
    report = open_and_wait(qtbot, window, demo_dir)
    mm = report.mutmem
    target = sorted(m for m, mv in mm.memories.items() if mv.untrusted)[-1]
    window.tabs.setCurrentWidget(window.weights)
    window.weights.select(target)
    window.weights.selectionRequested.emit(target)  # as a click in its table does
    assert window.selected_memory() == target
    window.author_actions["label"].trigger()
    dlg = next(d for d in window.findChildren(AuthorDialog) if d.isVisible())
    qtbot.waitExposed(dlg)
    assert dlg.op == "label" and dlg.memory.currentData() == target
    assert dlg.memory_text.text() and dlg.memory_text.text()[:40] in dlg.memory.currentText()
    assert dlg.label.currentIndex() == -1  # nothing that changes trust is preselected
    dlg.reject()

    # a label record selected in the Labels pane stands for its memory
    record = mm.memories[target].labels[-1].commit
    window.select(record, window.labels)
    assert window.selected_memory() == target
    dlg = window.author("label")
    assert dlg.memory.currentData() == target
    dlg.reject()


# ---- proofs (C4) ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def demo_proof(tmp_path_factory, demo_dir) -> Path:
    from inspector.core.opener import open_and_verify

    report = open_and_verify(demo_dir)
    rid = next(iter(report.mutmem.receipts))
    out = tmp_path_factory.mktemp("proof") / "proof.json"
    write_proof(out, export_proof(demo_dir, receipt_id=rid, ordinal=1).proof)
    return out


def test_check_proof_action_anchors_to_the_open_file(qtbot, window, demo_dir, demo_proof):
    open_and_wait(qtbot, window, demo_dir)
    proof = demo_proof
    window.check_proof_action.trigger()
    dlg = next(d for d in window.findChildren(ProofDialog) if d.isVisible())
    qtbot.waitExposed(dlg)
    assert dlg.file.text() == str(demo_dir) and dlg.use_file.isChecked()
    dlg.proof.setText(str(proof))
    with qtbot.waitSignal(dlg.checked, timeout=WAIT_MS):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert dlg.outcome["result"] == "anchored" and dlg.verdict.text().startswith("✔")
    assert str(demo_dir) in dlg.message.text()
    # the same proof with nothing to anchor to: consistent, not anchored
    dlg.use_none.setChecked(True)
    with qtbot.waitSignal(dlg.checked, timeout=5000):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert dlg.outcome["result"] == "not_anchored" and dlg.outcome["exit_code"] == 1
    assert dlg.verdict.text().startswith("⚠")
    dlg.close()


def test_check_proof_of_a_sealed_file_uses_its_credential_unseen(qtbot, window):
    open_and_wait(qtbot, window, DEMO, credential=Credential(passphrase="demo"))
    dlg = window.check_proof()
    qtbot.addWidget(dlg)
    assert dlg.file.text() == str(DEMO) and not dlg.secret.isEnabled() and dlg.secret.text() == ""
    dlg.close()


def test_labels_pane_exports_an_anchored_proof(qtbot, window, demo_dir, tmp_path):
    report = open_and_wait(qtbot, window, demo_dir)
    window.tabs.setCurrentWidget(window.labels)
    rid, rv = next(iter(report.mutmem.receipts.items()))
    out = tmp_path / "p.json"
    window.labels.export_proof(rid, 2, str(out))
    dlg = next(d for d in window.findChildren(ProofExportDialog) if d.isVisible())
    with qtbot.waitSignal(dlg.exported, timeout=WAIT_MS):
        pass
    doc = json.loads(out.read_text())
    assert doc["proof"] == PROOF_FORMAT == "aleth-inspector/receipt-proof/2"
    assert doc["receipt"] == rid and doc["ordinal"] == 2 and doc["entry"] == rv.entries[2]
    assert doc["evidence"]["commit_id" if "commit_id" in doc["evidence"] else "id"]  # the signed evidence
    assert check_proof(out.read_bytes(), file=demo_dir).outcome == "anchored"
    assert "✔" in dlg.message.text() and "p.json" in dlg.message.text()
    dlg.close()


def test_labels_pane_export_through_its_button(qtbot, window, demo_dir, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    open_and_wait(qtbot, window, demo_dir)
    labels = window.labels
    window.tabs.setCurrentWidget(labels)
    qtbot.mouseClick(
        labels.panes.tabBar(), Qt.MouseButton.LeftButton, pos=labels.panes.tabBar().tabRect(0).center()
    )
    assert labels.panes.currentWidget() is labels.receipts
    labels.receipts.table.selectRow(0)
    labels.receipts.entries.selectRow(0)
    assert labels.receipts.export_button.isEnabled()
    out = tmp_path / "via-button.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    qtbot.mouseClick(labels.receipts.export_button, Qt.MouseButton.LeftButton)
    dlg = next(d for d in window.findChildren(ProofExportDialog) if d.isVisible())
    with qtbot.waitSignal(dlg.exported, timeout=WAIT_MS):
        pass
    assert json.loads(out.read_text())["ordinal"] == 0
    dlg.close()


# ---- fleet ----------------------------------------------------------------------------------
def test_open_folder_shows_the_fleet_and_a_double_click_opens_the_file(qtbot, window, tmp_path):
    root = tmp_path / "fleet"
    shutil.copytree(FIX / "05_dark_v2" / "store", root / "dark")
    (root / "sealed").mkdir()
    shutil.copyfile(DEMO, root / "sealed" / "demo.aleth")
    fleet = window.open_folder(str(root), jobs=1, autostart=False)
    assert isinstance(fleet, FleetView) and fleet.isWindow() and fleet.parent() is window
    with qtbot.waitSignal(fleet.auditFinished, timeout=WAIT_MS):
        fleet.start()
    assert fleet.model.rowCount() == 2

    def double_click(name: str) -> None:
        row = next(r for r, p in enumerate(fleet.visible_paths()) if p.endswith(name))
        rect = fleet.table.visualRect(fleet.proxy.index(row, 0))
        qtbot.mouseClick(fleet.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(fleet.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        double_click("dark")
    assert blocker.args[0].verdict == "fail" and window.path == str(root / "dark")

    # a sealed file no rule unlocks shows what its row shows (no credential), and the
    # unopenable page's button asks for one in the unlock dialog
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        double_click("demo.aleth")
    assert blocker.args[0].verdict == "unopenable" and blocker.args[0].findings[0].code == "no_credential"
    assert window._unlock is None and window.overview.retry_button.isVisibleTo(window.overview)
    qtbot.mouseClick(window.overview.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window._unlock is not None and window._unlock.isVisible(), timeout=5000)
    unlock = window._unlock
    assert isinstance(unlock, UnlockDialog) and unlock.path == str(root / "sealed" / "demo.aleth")
    unlock.secret.setText("demo")
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        unlock.buttons.button(unlock.buttons.StandardButton.Open).click()
    assert blocker.args[0].verdict == "pass" and window.credential == Credential(passphrase="demo")
    assert not window.verdict_banner.settings.isVisible()  # the typed passphrase: this window's settings
    fleet.close()
    QApplication.processEvents()
