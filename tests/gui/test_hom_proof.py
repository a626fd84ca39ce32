"""A HOM-AIMOS recall inclusion proof, exported from the window and checked in the
"Check proof…" dialog (SPEC C4 for bundles): the RFC 6962 path, the housekeeper-signed
event receipt that states the root, its signature and its certificate's issuer, then
the anchor — the bundle itself, or a master key fingerprint the auditor trusts."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from inspector.core import jobs
from inspector.core.hom_aimos import verify_bundle
from inspector.gui.dialogs.proof import check_proof_dialog
from tests.core.hom_aimos import builder as b

T = 90_000


@pytest.fixture(scope="module")
def self_issued(tmp_path_factory) -> Path:
    """A valid recall bundle of 3 entries whose housekeeper issued its own certificate."""
    return b.write(tmp_path_factory.mktemp("hom") / "self-issued.json", b.recall("R-self-issued", 3))


def export(bundle: Path, ordinal: int, out: Path) -> Path:
    report = verify_bundle(bundle.read_bytes(), source=str(bundle))
    messages: list[tuple] = []
    jobs.run_job(
        messages.append,
        "hom_export_proof",
        {
            "path": str(bundle),
            "ordinal": ordinal,
            "output": str(out),
            "expect_sha256": report.input["sha256"],
        },
    )
    assert messages[-1][0] == "result", messages[-1]
    return out


@pytest.fixture
def master_issued(tmp_path) -> tuple[Path, str]:
    """A recall bundle whose housekeeper the master certified, and that master's fingerprint."""
    doc = b.recall("R-master", 3, master_issued_housekeeper=True)
    path = tmp_path / "master.json"
    path.write_bytes(b.encode(doc))
    report = verify_bundle(path.read_bytes())
    assert report.verdict == "pass"
    return path, report.hom.master.fingerprint


def keys(result) -> list[str]:
    return [c["key"] for c in result["checks"]]


def test_core_check_of_a_self_issued_bundle_proof(tmp_path, self_issued):
    proof = export(self_issued, 1, tmp_path / "p.json").read_bytes()
    alone = jobs.check_hom_proof(proof)
    assert alone["result"] == "not_anchored" and alone["exit_code"] == 1
    assert keys(alone) == ["format_ok", "path_ok", "signed_root_ok", "signature_ok", "issuer_self"]
    anchored = jobs.check_hom_proof(proof, file=str(self_issued))
    assert anchored["result"] == "anchored" and anchored["exit_code"] == 0
    assert anchored["anchor"]["kind"] == "file"
    # a self-issued signer: pinning the bundle's own master does not vouch for it
    master = verify_bundle(self_issued.read_bytes()).hom.master.fingerprint
    assert jobs.check_hom_proof(proof, trusted=master)["result"] == "anchor_mismatch"


def test_core_check_anchors_to_the_pinned_master(tmp_path, master_issued):
    bundle, master = master_issued
    proof = export(bundle, 2, tmp_path / "p.json").read_bytes()
    ok = jobs.check_hom_proof(proof, trusted="sha256:" + master)
    assert ok["result"] == "anchored" and "issuer_master" in keys(ok)
    assert jobs.check_hom_proof(proof, trusted="cd" * 32)["result"] == "anchor_mismatch"


@pytest.mark.parametrize(
    ("tamper", "failing"),
    [
        (lambda d: d["entry"].update(calibrated_score=0.99), "path_bad"),
        (
            lambda d: d["event_receipt"]["signed_body"]["metadata"].update(merkle_root="0" * 64),
            "signed_root_bad",
        ),
        (lambda d: d["event_receipt"].update(nonce="another"), "signature_bad"),
        (lambda d: d.pop("event_receipt"), "format_bad"),
    ],
)
def test_core_check_refuses_a_tampered_proof(tmp_path, tamper, failing, self_issued):
    doc = json.loads(export(self_issued, 0, tmp_path / "p.json").read_text())
    bad = copy.deepcopy(doc)
    tamper(bad)
    result = jobs.check_hom_proof(json.dumps(bad).encode())
    assert result["result"] == "invalid" and keys(result)[-1] == failing


def test_a_proof_from_another_bundle_is_not_anchored_to_this_one(tmp_path, master_issued, self_issued):
    other, _ = master_issued
    proof = export(self_issued, 1, tmp_path / "p.json").read_bytes()
    result = jobs.check_hom_proof(proof, file=str(other))
    assert result["result"] == "anchor_mismatch" and keys(result)[-1] == "anchor_file_other"


def test_check_proof_dialog_words_a_bundle_proof(qtbot, tmp_path, self_issued):
    proof = export(self_issued, 1, tmp_path / "p.json")
    dlg = check_proof_dialog(None, proof_path=str(proof), file=str(self_issued))
    qtbot.addWidget(dlg)
    assert dlg.use_file.isChecked()
    with qtbot.waitSignal(dlg.checked, timeout=T):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert dlg.outcome["result"] == "anchored" and dlg.verdict.text().startswith("✔")
    rows = [dlg.checks.item(i).text() for i in range(dlg.checks.count())]
    assert len(rows) == 6 and all(r.startswith("✔") for r in rows)
    assert "Anchored to the bundle" in rows[-1] and "{" not in "".join(rows)
    assert "self-issued" in dlg.notes.text()
    dlg.use_none.setChecked(True)
    with qtbot.waitSignal(dlg.checked, timeout=5000):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert dlg.outcome["result"] == "not_anchored" and dlg.verdict.text().startswith("⚠")
    assert "not anchored" in dlg.message.text()
    dlg.close()
