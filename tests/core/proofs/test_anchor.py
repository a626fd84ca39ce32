"""Anchoring (``inspector.core.proofs.anchor``): a proof stands on the memory file it came
from, verified there, or on a key the auditor trusts, never on itself."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from inspector.core.container import Credential
from inspector.core.keys import fingerprint
from inspector.core.proofs import (
    check_proof,
    key_fingerprint,
    load_trusted_key,
    make_proof_from,
    parse_proof,
)
from inspector.core.proofs.anchor import NOTE_SCOPE
from inspector.core.verify.engine import verify
from inspector.core.verify.report import Status
from inspector.core.write.directory import write_directory

from .world import DEMO, MUTMEM, World, as_bytes, failing, public_pem


@pytest.mark.parametrize("ordinal", [0, 1, 2, 3])
def test_every_entry_of_a_receipt_anchors_to_its_file(world: World, ordinal: int) -> None:
    proof = make_proof_from(world.store, world.report, world.receipt, ordinal).proof
    r = check_proof(proof.to_bytes(), file=world.dir)
    assert r.outcome == "anchored", (r.message, failing(r))
    assert r.exit_code == 0 and r.valid and r.anchored
    assert all(c.ok for c in r.checks)


def test_genuine_anchored_to_directory_store(world: World, genuine: dict[str, Any]) -> None:
    r = check_proof(as_bytes(genuine), file=world.dir)
    assert r.outcome == "anchored" and r.exit_code == 0
    assert r.anchor == {
        "kind": "file",
        "path": str(world.dir),
        "format": "directory",
        "sha256": None,
        "verdict": "pass",
        "evidence_status": "VALID",
        "receipt_status": "valid",
    }
    assert f"anchored to {world.dir} (directory store, verdict pass)" in r.message
    assert r.notes == [NOTE_SCOPE]  # what an anchored receipt still does not prove


def test_genuine_anchored_to_trusted_key_pem_and_fingerprint(
    world: World, genuine: dict[str, Any], tmp_path: Path
) -> None:
    fpr = key_fingerprint(world.agent.raw_public)
    assert fpr == "sha256:" + __import__("hashlib").sha256(world.agent.raw_public).hexdigest()
    assert fpr[7:23] == fingerprint(world.agent.raw_public)  # the short display form is its prefix
    pem = tmp_path / "agent.pub.pem"
    pem.write_bytes(public_pem(world.agent))
    private = tmp_path / "signing.key"
    private.write_bytes(world.agent.pem())
    jwk = tmp_path / "agent.jwk"
    jwk.write_text(json.dumps(world.agent.jwk))
    for spec in (str(pem), str(private), str(jwk), fpr, fpr.upper().replace("SHA256:", "sha256:")):
        tk = load_trusted_key(spec)
        assert tk.fingerprint == fpr
        r = check_proof(as_bytes(genuine), trusted_key=tk)
        assert r.outcome == "anchored" and r.exit_code == 0, (spec, r.message)
        assert r.anchor == {"kind": "trusted_key", "fingerprint": fpr}
        assert f"anchored to the trusted key {fpr}" in r.message
        # without the file, the key's standing there is not checked: the result says so
        assert any("not checked" in n for n in r.notes)


def test_sealed_file_anchor_names_its_sha256() -> None:
    case = json.loads((MUTMEM / "case.json").read_text(encoding="utf-8"))
    from inspector.core.opener import open_path

    opened = open_path(MUTMEM / "store")
    report = verify(opened.store)
    rid = next(r for r, e in case["expected"]["receipts"].items() if e["n"] == 4)
    proof = make_proof_from(opened.store, report, rid, 3).proof
    r = check_proof(
        proof.to_bytes(), file=MUTMEM / "memory.aleth", credential=Credential(passphrase=case["passphrase"])
    )
    import hashlib

    sha = hashlib.sha256((MUTMEM / "memory.aleth").read_bytes()).hexdigest()
    assert r.outcome == "anchored", r.message
    assert r.anchor["sha256"] == sha and r.anchor["format"] == "ALETH002"
    assert f"(sha256 {sha}, verdict pass)" in r.message


def test_proof_from_another_file(world: World, other: World, genuine: dict[str, Any]) -> None:
    r = check_proof(as_bytes(genuine), file=other.dir)
    assert r.outcome == "anchor_mismatch" and r.exit_code == 1
    assert f"receipt {world.receipt} is not in {other.dir}" in r.message
    theirs = make_proof_from(other.store, other.report, other.receipt, 0).proof.to_bytes()
    assert check_proof(theirs, file=world.dir).outcome == "anchor_mismatch"
    assert check_proof(theirs, file=other.dir).outcome == "anchored"


def test_same_receipt_id_with_other_bytes_in_the_file(
    world: World, genuine: dict[str, Any], tmp_path
) -> None:
    """A copy of the file whose artifact bytes for the receipt differ fails the anchor (and
    the copy itself fails verification)."""
    store = world.store.copy()
    h = genuine["evidence"]["output_hash"]
    store.files[f"artifacts/{h}"] = b"{}"
    d = write_directory(store, tmp_path / "swapped")
    r = check_proof(as_bytes(genuine), file=d)
    assert r.outcome == "anchor_mismatch"
    assert "receipt bytes" in r.message or "does not verify" in r.message


def test_failing_file_does_not_anchor(world: World, genuine: dict[str, Any], tmp_path: Path) -> None:
    store = world.store.copy()
    # a commit nobody can vouch for: its content changed after signing
    victim = next(p for p in store.files if p.startswith("commits/"))
    obj = json.loads(store.files[victim])
    obj["content"] = {"kind": "fact", "text": "changed after signing"}
    store.files[victim] = json.dumps(obj).encode()
    d = write_directory(store, tmp_path / "failing")
    r = check_proof(as_bytes(genuine), file=d)
    assert r.outcome == "anchor_mismatch" and r.exit_code == 1
    assert "does not verify (verdict fail" in r.message


@pytest.mark.parametrize(
    "evidence_status, receipt_status, expect",
    [
        (Status.VALID, "valid", "anchored"),
        (Status.VALID_HISTORICAL, "valid", "anchored"),
        (Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY, "valid", "anchor_mismatch"),
        (Status.UNKNOWN_KEY, "valid", "anchor_mismatch"),
        (Status.VALID, "invalid", "anchor_mismatch"),
    ],
)
def test_anchor_needs_the_receipt_valid_in_the_file(
    world: World, genuine: dict[str, Any], evidence_status: Status, receipt_status: str, expect: str
) -> None:
    """The status rule on its own: the file's verdict stays pass (as with a warning-only
    evidence_unanchored), only the receipt's standing in it changes."""
    from inspector.core.proofs import anchor_to_store

    report = copy.copy(world.report)
    report.evidence = {**world.report.evidence, world.receipt: evidence_status}
    rv = copy.copy(world.report.mutmem.receipts[world.receipt])
    rv.status = receipt_status
    report.mutmem = copy.copy(world.report.mutmem)
    report.mutmem.receipts = {**world.report.mutmem.receipts, world.receipt: rv}
    proof = parse_proof(as_bytes(genuine))
    check, anchor = anchor_to_store(
        proof, world.store, report, label=str(world.dir), sha256=None, fmt="directory"
    )
    assert (expect == "anchored") == check.ok, check.message
    assert anchor["evidence_status"] == evidence_status.value
    if not check.ok:
        assert evidence_status.value in check.message or "invalid" in check.message


def test_file_unopenable(genuine: dict[str, Any], tmp_path: Path) -> None:
    junk = tmp_path / "junk.aleth"
    junk.write_bytes(b"ALETH002" + b"\x00" * 40)
    for kw in (
        {"file": junk, "credential": Credential(passphrase="x")},
        {"file": tmp_path / "missing.aleth"},
        {"file": DEMO, "credential": Credential(passphrase="wrong")},
    ):
        r = check_proof(as_bytes(genuine), **kw)
        assert r.outcome == "unopenable" and r.exit_code == 2, (kw, r.message)
        assert r.valid and not r.anchored
