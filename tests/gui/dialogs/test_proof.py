"""The "Check proof…" dialog and the anchored proof export, driven through their real
widgets: pick a proof, choose what to anchor it to, press Check, read what it says."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from inspector.core.container import Credential
from inspector.core.proofs import key_fingerprint, make_proof_from, parse_proof
from inspector.gui.dialogs.proof import (
    ProofDialog,
    ProofExportDialog,
    check_proof_dialog,
    export_proof_dialog,
)
from tests.core.proofs.world import World, build_world

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "resources" / "demo.aleth"
MUTMEM = ROOT / "tests" / "fixtures" / "mutmem" / "valid_basic"
T = 90_000  # a worker process starts, unlocks and verifies


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return build_world(tmp_path_factory.mktemp("gui-world"))


@pytest.fixture
def proof_path(world: World, tmp_path: Path) -> Path:
    p = tmp_path / "proof.json"
    p.write_bytes(make_proof_from(world.store, world.report, world.receipt, 1).proof.to_bytes())
    return p


def dialog(qtbot, **kw) -> ProofDialog:
    dlg = check_proof_dialog(None, **kw)
    qtbot.addWidget(dlg)
    qtbot.waitExposed(dlg)
    return dlg


def press_check(qtbot, dlg: ProofDialog, *, worker: bool = False) -> None:
    if worker:
        with qtbot.waitSignal(dlg.checked, timeout=T):
            qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
            assert dlg.busy.isVisible() and not dlg.check_button.isEnabled()
    else:
        with qtbot.waitSignal(dlg.checked, timeout=5000):
            qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)


def check_rows(dlg: ProofDialog) -> list[str]:
    return [dlg.checks.item(i).text() for i in range(dlg.checks.count())]


def test_anchored_to_a_trusted_fingerprint(qtbot, world: World, proof_path: Path) -> None:
    dlg = dialog(qtbot)
    assert dlg.isVisible() and not dlg.checks.count()
    dlg.proof.setText(str(proof_path))
    dlg.use_key.setChecked(True)
    fpr = key_fingerprint(world.agent.raw_public)
    dlg.key.setText(fpr)
    press_check(qtbot, dlg)
    assert dlg.verdict.text().startswith("✔ VALID")
    assert f"anchored to the trusted key {fpr}" in dlg.message.text()
    rows = check_rows(dlg)
    assert len(rows) == 8 and all(r.startswith("✔") for r in rows)
    assert rows[-1].startswith("✔ anchor:")
    assert "not checked" in dlg.notes.text()
    assert dlg.outcome["exit_code"] == 0


def test_a_large_proof_is_checked_in_the_worker(qtbot, world: World, proof_path: Path) -> None:
    dlg = dialog(qtbot, proof_path=str(proof_path))
    dlg.inline_limit = 0  # as if the proof were a receipt of many thousand entries
    fpr = key_fingerprint(world.agent.raw_public)
    dlg.key.setText(fpr)
    press_check(qtbot, dlg, worker=True)
    assert dlg.verdict.text().startswith("✔ VALID")
    assert f"anchored to the trusted key {fpr}" in dlg.message.text()


def test_without_anchor_it_is_consistent_not_anchored(qtbot, proof_path: Path) -> None:
    dlg = dialog(qtbot, proof_path=str(proof_path))
    assert dlg.proof.text() == str(proof_path)
    dlg.use_none.setChecked(True)
    press_check(qtbot, dlg)
    assert dlg.verdict.text().startswith("⚠ NOT ANCHORED")
    assert dlg.message.text().startswith("Consistent, not anchored")
    assert dlg.outcome["result"] == "not_anchored"


def test_forged_proof_is_invalid_and_says_which_check_failed(qtbot, proof_path: Path, tmp_path: Path) -> None:
    d = json.loads(proof_path.read_text())
    forged = copy.deepcopy(d)
    forged["root"] = "sha256:" + forged["leaf_hash"]
    forged["tree_size"], forged["audit_path"], forged["ordinal"] = 1, [], 0
    forged["entry"]["ordinal"] = 0
    from inspector.core.verify.merkle import leaf_hash

    forged["leaf_hash"] = leaf_hash(forged["entry"]).hex()
    forged["root"] = "sha256:" + forged["leaf_hash"]
    p = tmp_path / "forged.json"
    p.write_text(json.dumps(forged))
    dlg = dialog(qtbot, proof_path=str(p))
    dlg.use_none.setChecked(True)
    press_check(qtbot, dlg)
    assert dlg.verdict.text().startswith("✖ INVALID")
    assert "is not the root of the signed receipt" in dlg.message.text()
    assert any(r.startswith("✖ signed_root:") for r in check_rows(dlg))


def test_anchored_to_a_directory_store_in_the_worker(qtbot, world: World, proof_path: Path) -> None:
    dlg = dialog(qtbot, proof_path=str(proof_path))
    dlg.use_file.setChecked(True)
    dlg.file.setText(str(world.dir))
    press_check(qtbot, dlg, worker=True)
    assert not dlg.busy.isVisible() and dlg.check_button.isEnabled()
    assert dlg.verdict.text().startswith("✔ VALID")
    assert f"anchored to {world.dir} (directory store, verdict pass)" in dlg.message.text()
    assert dlg.outcome["anchor"]["kind"] == "file"


def test_sealed_file_with_a_typed_passphrase(qtbot, tmp_path: Path) -> None:
    from inspector.core.opener import open_path
    from inspector.core.verify.engine import verify

    store = open_path(DEMO, Credential(passphrase="demo")).store
    report = verify(store)
    rid = sorted(report.mutmem.receipts)[0]
    p = tmp_path / "demo-proof.json"
    p.write_bytes(make_proof_from(store, report, rid, 0).proof.to_bytes())
    dlg = dialog(qtbot, proof_path=str(p))
    dlg.use_file.setChecked(True)
    dlg.file.setText(str(DEMO))
    assert dlg.secret.isEnabled()
    dlg.secret.setText("wrong")
    press_check(qtbot, dlg, worker=True)
    assert dlg.verdict.text().startswith("✖ UNOPENABLE")
    dlg.secret.setText("demo")
    press_check(qtbot, dlg, worker=True)
    sha = hashlib.sha256(DEMO.read_bytes()).hexdigest()
    assert dlg.verdict.text().startswith("✔ VALID")
    assert f"(sha256 {sha}, verdict pass)" in dlg.message.text()


def test_the_open_files_credential_is_used(qtbot, tmp_path: Path) -> None:
    """Opened from the main window: the file and its credential come with it; the secret
    field is not needed (and never shows the credential)."""
    case = json.loads((MUTMEM / "case.json").read_text(encoding="utf-8"))
    rid = next(r for r, e in case["expected"]["receipts"].items() if e["n"] == 4)
    from inspector.core.proofs import export_proof

    p = tmp_path / "p.json"
    p.write_bytes(export_proof(MUTMEM / "store", receipt_id=rid, ordinal=0).proof.to_bytes())
    sealed = MUTMEM / "memory.aleth"
    dlg = dialog(
        qtbot, proof_path=str(p), file=str(sealed), credential=Credential(recovery_code=case["recovery_code"])
    )
    assert dlg.use_file.isChecked() and dlg.file.text() == str(sealed)
    assert dlg.secret.text() == "" and not dlg.secret.isEnabled()
    press_check(qtbot, dlg, worker=True)
    assert dlg.verdict.text().startswith("✔ VALID"), dlg.message.text()
    # another file path: the open file's credential no longer applies
    dlg.file.setText(str(DEMO))
    assert dlg.secret.isEnabled()


def test_input_errors_are_shown_not_raised(qtbot, world: World, proof_path: Path, tmp_path: Path) -> None:
    dlg = dialog(qtbot)
    qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert "Choose a proof file" in dlg.error.text()
    dlg.proof.setText(str(tmp_path / "missing.json"))
    dlg.use_none.setChecked(True)
    qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert "Cannot read the proof file" in dlg.error.text()
    dlg.proof.setText(str(proof_path))
    dlg.use_key.setChecked(True)
    dlg.key.setText("sha256:" + key_fingerprint(world.agent.raw_public)[7:23])
    qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert "16 hex digits" in dlg.error.text()
    dlg.use_file.setChecked(True)
    dlg.file.setText("")
    qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert "Choose the memory file" in dlg.error.text()
    assert dlg.outcome is None


def test_export_hook_writes_an_anchored_proof(qtbot, world: World, tmp_path: Path) -> None:
    out = tmp_path / "exported.json"
    dlg = export_proof_dialog(
        None, path=str(world.dir), credential=None, receipt_id=world.receipt, ordinal=3, output=str(out)
    )
    assert isinstance(dlg, ProofExportDialog)
    qtbot.addWidget(dlg)
    with qtbot.waitSignal(dlg.exported, timeout=T) as blocker:
        pass
    assert blocker.args == [str(out)]
    proof = parse_proof(out.read_bytes())
    assert proof.receipt == world.receipt and proof.inclusion.ordinal == 3
    assert out.stat().st_mode & 0o777 == 0o600
    text = dlg.message.text()
    assert f"Saved {out.name}" in text and "entry 3 of 4" in text
    assert key_fingerprint(world.agent.raw_public) in text
    # its "Check proof…" button opens the checker on the file just written
    with qtbot.waitSignal(dlg.check_requested) as req:
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert req.args == [str(out)]
    checker = dlg.checker
    assert checker is not None and checker.isVisible()
    assert checker.proof.text() == str(out) and checker.use_file.isChecked()
    assert checker.file.text() == str(world.dir)
    press_check(qtbot, checker, worker=True)
    assert checker.verdict.text().startswith("✔ VALID")


def test_export_hook_reports_what_is_wrong(qtbot, world: World, tmp_path: Path) -> None:
    out = tmp_path / "none.json"
    dlg = export_proof_dialog(
        None, path=str(world.dir), credential=None, receipt_id=world.receipt, ordinal=9, output=str(out)
    )
    qtbot.addWidget(dlg)
    with qtbot.waitSignal(dlg.failed, timeout=T):
        pass
    assert "outside 0…3" in dlg.message.text()
    assert not out.exists()
