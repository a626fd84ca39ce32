"""``aleth-inspector receipt prove|check`` of a HOM-AIMOS recall bundle: the proof
(``aleth-inspector/hom-recall-proof/1``) is written only from a bundle that verifies and
checked against its signed event receipt, anchored to the bundle (``--file``) or a pinned
master (``--trust-master``); exit codes as for the alethech proof (0 anchored and valid,
1 invalid or not anchored, 2 the anchor cannot be read, 3 usage).  The bundles are built
by ``tests/core/hom_aimos/builder.py`` with fresh keys."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from inspector.cli import main
from inspector.core.hom_aimos import verify_bundle
from inspector.core.hom_proof import HOM_PROOF_FORMAT
from inspector.core.proofs import RESULT_SCHEMA
from tests.core.hom_aimos import builder as b

SELF_ID = "R-self-issued"


@pytest.fixture(scope="module")
def bundles(tmp_path_factory) -> tuple[Path, Path]:
    """A valid recall bundle of 3 entries whose housekeeper issued its own certificate, and
    an indeterminate one (its signed event receipt is missing)."""
    folder = tmp_path_factory.mktemp("hom-bundles")
    self_issued = b.write(folder / "self-issued.json", b.recall(SELF_ID, 3))
    failing = b.write(folder / "failing.json", b.indeterminate_recall("R-failing"))
    return self_issued, failing


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def master_issued(tmp_path_factory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("hom-cli") / "recall.json"
    path.write_bytes(b.encode(b.recall("R-cli", 4, master_issued_housekeeper=True)))
    report = verify_bundle(path.read_bytes())
    assert report.verdict == "pass"
    return path, report.hom.master.fingerprint


def prove(capsys, bundle: Path, ordinal: int, out: Path) -> Path:
    bundle_id = json.loads(bundle.read_bytes())["bundle_id"]
    code, said, err = run(capsys, "receipt", "prove", str(bundle), bundle_id, str(ordinal), "-o", str(out))
    assert code == 0, err
    assert said.startswith(f"Wrote {out}: entry {ordinal} of ")
    return out


def test_prove_prints_the_proof_of_a_bundle_entry(capsys, bundles):
    self_issued, _ = bundles
    code, out, err = run(capsys, "receipt", "prove", str(self_issued), SELF_ID, "2")
    assert code == 0
    doc = json.loads(out)
    assert doc["proof"] == HOM_PROOF_FORMAT and doc["ordinal"] == 2 and doc["tree_size"] == 3
    assert doc["root"] == "sha256:" + verify_bundle(self_issued.read_bytes()).root
    assert doc["event_receipt"]["signed_body"]["metadata"]["merkle_root"] == doc["root"][7:]
    assert "note:" in err and "self-issued" in err  # only the bundle anchors it


def test_check_anchored_to_the_bundle_or_not_anchored(capsys, tmp_path, bundles):
    self_issued, _ = bundles
    proof = prove(capsys, self_issued, 1, tmp_path / "p.json")
    assert proof.stat().st_mode & 0o777 == 0o600
    code, out, _ = run(capsys, "receipt", "check", str(proof), "--file", str(self_issued))
    assert code == 0 and out.startswith("VALID  The proof is consistent, signed, and anchored.")
    assert "[ok]   anchor: Anchored to the bundle" in out
    code, out, _ = run(capsys, "receipt", "check", str(proof))
    assert code == 1 and out.startswith("NOT ANCHORED  ")
    assert "[FAIL]" not in out and "anchor:" not in out


def test_check_json_is_one_object_in_the_same_schema(capsys, tmp_path, bundles):
    self_issued, _ = bundles
    proof = prove(capsys, self_issued, 0, tmp_path / "p.json")
    code, out, err = run(capsys, "receipt", "check", str(proof), "--file", str(self_issued), "--json")
    assert code == 0 and err == ""
    d = json.loads(out)
    assert d["schema"] == RESULT_SCHEMA and d["profile"] == "hom-aimos-v1"
    assert d["result"] == "anchored" and d["valid"] is True and d["anchored"] is True and d["exit_code"] == 0
    assert d["receipt"] == SELF_ID and d["ordinal"] == 0 and d["tree_size"] == 3
    assert d["signer"]["agent_id"] == "housekeeper"
    assert (
        d["anchor"]["kind"] == "file"
        and d["anchor"]["sha256"] == hashlib.sha256(self_issued.read_bytes()).hexdigest()
    )
    assert [c["name"] for c in d["checks"]] == [
        "format",
        "path",
        "signed_root",
        "signature",
        "issuer",
        "anchor",
    ]
    assert all(c["ok"] and c["message"] for c in d["checks"])


def test_check_anchored_to_a_pinned_master(capsys, tmp_path, master_issued, bundles):
    self_issued, _ = bundles
    bundle, master = master_issued
    proof = prove(capsys, bundle, 3, tmp_path / "p.json")
    code, out, _ = run(capsys, "receipt", "check", str(proof), "--trust-master", "sha256:" + master)
    assert code == 0 and out.startswith("VALID  ") and master in out
    code, out, _ = run(capsys, "receipt", "check", str(proof), "--trust-master", "ab" * 32, "--json")
    d = json.loads(out)
    assert code == 1 and d["result"] == "anchor_mismatch" and d["anchored"] is False
    # a self-issued signer: its bundle's own master does not vouch for it
    other = prove(capsys, self_issued, 0, tmp_path / "q.json")
    own = verify_bundle(self_issued.read_bytes()).hom.master.fingerprint
    code, out, _ = run(capsys, "receipt", "check", str(other), "--trust-master", own)
    assert code == 1 and out.startswith("NOT ANCHORED  ")


def test_a_proof_from_another_bundle_or_a_tampered_one(capsys, tmp_path, master_issued, bundles):
    self_issued, _ = bundles
    bundle, _ = master_issued
    proof = prove(capsys, self_issued, 1, tmp_path / "p.json")
    code, out, _ = run(capsys, "receipt", "check", str(proof), "--file", str(bundle))
    assert code == 1 and "[FAIL] anchor: The bundle" in out
    doc = json.loads(proof.read_text())
    doc["entry"]["calibrated_score"] = 0.99
    proof.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "receipt", "check", str(proof), "--file", str(self_issued))
    assert code == 1 and out.startswith("INVALID  ") and "[FAIL] path:" in out and "anchor:" not in out


def test_exit_codes_of_prove(capsys, tmp_path, bundles):
    self_issued, failing = bundles
    code, _, err = run(capsys, "receipt", "prove", str(self_issued), "another-id", "0")
    assert code == 3 and SELF_ID in err
    code, _, err = run(capsys, "receipt", "prove", str(self_issued), SELF_ID, "3")
    assert code == 3 and "outside 0…2" in err
    code, out, err = run(capsys, "receipt", "prove", str(failing), "R-failing", "0")
    assert code == 1 and out == "" and "recall_mandatory_evidence_missing" in err
    assert not list(tmp_path.iterdir())


def test_exit_codes_of_check(capsys, tmp_path, bundles):
    self_issued, _ = bundles
    proof = prove(capsys, self_issued, 1, tmp_path / "p.json")
    code, out, _ = run(capsys, "receipt", "check", str(proof), "--file", str(tmp_path / "gone.json"))
    assert code == 2 and out.startswith("UNOPENABLE  ")
    code, _, err = run(capsys, "receipt", "check", str(proof), "--trust-master", "sha256:1234")
    assert code == 3 and "64 hex digits" in err
    code, out, _ = run(capsys, "receipt", "check", str(proof), "--trust-master", "zz", "--json")
    assert code == 3 and json.loads(out)["result"] == "error"
    code, _, err = run(capsys, "receipt", "check", str(proof), "--trusted-key", "sha256:" + "ab" * 32)
    assert code == 3 and "--trust-master" in err
    alethech = tmp_path / "a.json"
    alethech.write_text('{"proof": "aleth-inspector/receipt-proof/2"}')
    code, _, err = run(capsys, "receipt", "check", str(alethech), "--trust-master", "ab" * 32)
    assert code == 3 and "--trusted-key" in err
    assert (
        main(["receipt", "check", str(proof), "--file", str(self_issued), "--trust-master", "ab" * 32]) == 3
    )
    capsys.readouterr()


def test_help_names_the_bundle_anchors(capsys):
    assert main(["receipt", "check", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--trust-master", "HOM-AIMOS recall proof", "master"):
        assert words in text, words
    assert main(["receipt", "prove", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "HOM-AIMOS recall bundle, RECEIPT_ID is its bundle id" in text and "event receipt" in text
