"""Anchored inclusion proofs (SPEC C4): a proof stands on the receipt's signature and on
something the auditor trusts (the memory file, or a key), never on itself.

Every store here is written by the core's own writers; forged proofs are built the way an
attacker would build them, from a genuine proof's parts.
"""

from __future__ import annotations

import base64
import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.core.canonical import canonical
from inspector.core.container import Credential
from inspector.core.keys import KeyPair, b64url, fingerprint, sha256_id
from inspector.core.objects import build_object, signing_bytes_of
from inspector.core.proofs import (
    MAX_PROOF_BYTES,
    NOTE_SCOPE,
    PROOF_FORMAT,
    AnchoredProof,
    ProofError,
    check_proof,
    export_proof,
    key_fingerprint,
    load_trusted_key,
    make_proof_from,
    parse_proof,
    write_proof,
)
from inspector.core.store import Store
from inspector.core.verify.engine import verify
from inspector.core.verify.merkle import leaf_hash, make_proof, root_of_entries
from inspector.core.verify.report import Report, Status
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import write_directory
from inspector.core.write.mutmem import MutMemWriter

ROOT = Path(__file__).resolve().parents[2]
MUTMEM = ROOT / "tests" / "fixtures" / "mutmem" / "valid_basic"
DEMO = ROOT / "resources" / "demo.aleth"
DEMO_PASSPHRASE = (ROOT / "resources" / "demo.passphrase").read_text(encoding="utf-8").strip()


# =========================================================================== worlds


@dataclass
class World:
    """A directory store with two recall receipts, written by the core's writers."""

    dir: Path
    store: Store
    report: Report
    agent: KeyPair
    receipt: str  # 4 entries
    small: str  # 1 entry
    outcome: str  # an evidence record that is not a receipt


TEXTS = [
    "payroll export owner is Ana Ruiz",
    "payroll export runs on Fridays",
    "payroll export goes to finance",
    "payroll export uses the ledger template",
    "VPN access goes through the helpdesk",
]


def build_world(where: Path, name: str = "store") -> World:
    """The reference world: a v2 store, four payroll memories and one VPN memory,
    a 4-entry and a 1-entry recall receipt, written to ``where/name``."""
    agent = KeyPair.generate()
    w = StoreWriter.create(root=KeyPair.generate(), agent_key=agent, clock=stepping_clock())
    mm = MutMemWriter(w)
    for t in TEXTS:
        mm.memory({"kind": "fact", "text": t})
    outcome = w.evidence(event_type="task_outcome", tool="agent.task")["commit_id"]
    receipt = mm.recall("payroll export", k=5)["commit_id"]
    small = mm.recall("VPN helpdesk", k=2)["commit_id"]
    path = write_directory(w.store, where / name)
    report = verify(w.store)
    assert report.verdict == "pass", [(f.code, f.message) for f in report.findings]
    assert len(report.mutmem.receipts[receipt].entries) == 4
    assert len(report.mutmem.receipts[small].entries) == 1
    return World(path, w.store, report, agent, receipt, small, outcome)


def crafted_receipt_world(
    where: Path, name: str, mutate: Callable[[dict[str, Any]], None]
) -> tuple[World, str]:
    """A small store whose one recall receipt has an honest body changed by ``mutate``
    (then signed by the agent key, so only the body is wrong)."""
    world_w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    mm = MutMemWriter(world_w)
    mids = [mm.memory({"kind": "fact", "text": t})["commit_id"] for t in TEXTS]
    entries = [{"ordinal": i, "memory": m, "weight_q": 1000, "label": None} for i, m in enumerate(mids[:3])]
    body: dict[str, Any] = {
        "mutmem": 1,
        "kind": "recall_receipt",
        "head": world_w.head,
        "query_sha256": sha256_id(b"q"),
        "k": 5,
        "calibration": {"eta": 0.2, "w_min": 0.1, "w_max": 3.0},
        "entries": entries,
        "root": root_of_entries(entries),
    }
    mutate(body)
    data = canonical(body)
    rid = world_w.evidence(
        event_type="recall_receipt",
        tool="mutmem.recall",
        input_hash=body["query_sha256"],
        output_hash=sha256_id(data),
        artifacts=[("receipt.json", data)],
    )["commit_id"]
    path = write_directory(world_w.store, where / name)
    report = verify(world_w.store)
    return World(path, world_w.store, report, world_w.agent_key, rid, rid, rid), rid


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return build_world(tmp_path_factory.mktemp("world"))


@pytest.fixture(scope="module")
def other(tmp_path_factory) -> World:
    """A second, unrelated file (other keys, other receipts)."""
    return build_world(tmp_path_factory.mktemp("other"))


@pytest.fixture(scope="module")
def genuine(world: World) -> dict[str, Any]:
    """The JSON form of a genuine proof of entry 2 of the 4-entry receipt."""
    return make_proof_from(world.store, world.report, world.receipt, 2).proof.to_json()


def as_bytes(d: Any) -> bytes:
    return json.dumps(d).encode()


def public_pem(key: KeyPair) -> bytes:
    return key.private.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def resign(evidence: dict[str, Any], key: KeyPair) -> dict[str, Any]:
    """The same evidence, signed again by ``key`` (its id does not change)."""
    obj = build_object("evidence/x.json", evidence, "evidence")
    return {**evidence, "signature": key.sign(signing_bytes_of(obj))}


def failing(result) -> list[str]:
    return [c.name for c in result.checks if not c.ok]


# =========================================================================== the format


def test_exported_proof_carries_the_signed_receipt(world: World, genuine: dict[str, Any]) -> None:
    assert genuine["proof"] == PROOF_FORMAT == "aleth-inspector/receipt-proof/2"
    assert set(genuine) == {
        "proof",
        "receipt",
        "ordinal",
        "tree_size",
        "entry",
        "leaf_hash",
        "audit_path",
        "root",
        "signer",
        "status",
        "evidence",
        "receipt_json",
    }
    rv = world.report.mutmem.receipts[world.receipt]
    assert genuine["receipt"] == world.receipt and genuine["ordinal"] == 2 and genuine["tree_size"] == 4
    assert genuine["entry"] == rv.entries[2] and genuine["root"] == rv.root
    # the evidence exactly as stored, the receipt bytes the artifact binds
    stored = json.loads(world.store.files[f"evidence/{world.receipt}.json"])
    assert genuine["evidence"] == stored
    raw = base64.urlsafe_b64decode(genuine["receipt_json"] + "=" * (-len(genuine["receipt_json"]) % 4))
    assert sha256_id(raw) == stored["output_hash"] == stored["artifacts"][0]["hash"]
    assert genuine["signer"] == {"key_id": "key-001", "public_key": world.agent.jwk}
    assert genuine["status"] == {"evidence": "VALID", "receipt": "valid", "file_verdict": "pass"}


def test_round_trip_and_bytes_are_ascii(world: World) -> None:
    export = make_proof_from(world.store, world.report, world.receipt, 0)
    data = export.proof.to_bytes()
    assert data.isascii() and data.endswith(b"\n")
    again = parse_proof(data)
    assert isinstance(again, AnchoredProof)
    assert again == export.proof
    assert export.notes == []


@pytest.mark.parametrize("ordinal", [0, 1, 2, 3])
def test_every_entry_of_a_receipt_anchors_to_its_file(world: World, ordinal: int) -> None:
    proof = make_proof_from(world.store, world.report, world.receipt, ordinal).proof
    r = check_proof(proof.to_bytes(), file=world.dir)
    assert r.outcome == "anchored", (r.message, failing(r))
    assert r.exit_code == 0 and r.valid and r.anchored
    assert all(c.ok for c in r.checks)


# =========================================================================== anchoring


def test_genuine_without_anchor_is_consistent_not_anchored(genuine: dict[str, Any]) -> None:
    r = check_proof(as_bytes(genuine))
    assert r.outcome == "not_anchored"
    assert r.valid and not r.anchored and r.exit_code == 1
    assert "consistent, not anchored" in r.message.lower()
    assert r.anchor is None


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


def test_demo_receipts_prove_and_anchor_including_historical_ones() -> None:
    cred = Credential(passphrase=DEMO_PASSPHRASE)
    statuses = set()
    for rid in _demo_receipts():
        export = export_proof(DEMO, cred, receipt_id=rid, ordinal=1)
        statuses.add(export.proof.status["evidence"])
        r = check_proof(export.proof.to_bytes(), file=DEMO, credential=cred)
        assert r.outcome == "anchored", (rid, r.message)
        assert r.anchor["evidence_status"] == export.proof.status["evidence"]
    assert statuses == {"VALID", "VALID_HISTORICAL"}  # receipts of a rotated-out key anchor too


def _demo_receipts() -> list[str]:
    from inspector.core.opener import open_path

    store = open_path(DEMO, Credential(passphrase=DEMO_PASSPHRASE)).store
    return sorted(verify(store).mutmem.receipts)


def test_fixture_receipts_match_the_independent_proofs() -> None:
    """valid_basic's expected inclusion proofs (computed by the fixture generator) are what
    we export, and each exported proof anchors to the fixture store."""
    case = json.loads((MUTMEM / "case.json").read_text(encoding="utf-8"))
    for rid, e in case["expected"]["receipts"].items():
        for p in e["inclusion_proofs"]:
            export = export_proof(MUTMEM / "store", receipt_id=rid, ordinal=p["ordinal"])
            d = export.proof.to_json()
            assert d["leaf_hash"] == p["leaf_hash"] and d["audit_path"] == p["audit_path"]
            assert d["root"] == e["root"] and d["entry"] == e["entries"][p["ordinal"]]
            assert check_proof(export.proof.to_bytes(), file=MUTMEM / "store").exit_code == 0


# =========================================================================== forgeries


def one_leaf(entry: dict[str, Any]) -> dict[str, Any]:
    """The self-certifying tree: one leaf, whose root is its own hash."""
    h = leaf_hash(entry).hex()
    return {
        "ordinal": 0,
        "tree_size": 1,
        "entry": entry,
        "leaf_hash": h,
        "audit_path": [],
        "root": "sha256:" + h,
    }


FAKE_ENTRY = {"ordinal": 0, "memory": "sha256:" + "ab" * 32, "weight_q": 3000, "label": "supported"}


def test_forged_one_leaf_legacy_proof_is_not_anchored(world: World) -> None:
    """The attack of issue 9: a seven-key proof under a real receipt id."""
    forged = {"receipt": world.receipt, **one_leaf(FAKE_ENTRY)}
    assert make_proof(world.receipt, [FAKE_ENTRY], 0, forged["root"]).check()[0]  # it is self-consistent
    for kw in ({}, {"file": world.dir}):
        r = check_proof(as_bytes(forged), **kw)
        assert r.outcome == "legacy" and r.exit_code == 1 and not r.anchored
        assert "re-export" in r.message and "not anchored" in r.message


def test_forged_one_leaf_under_the_genuine_signature_is_invalid(
    world: World, genuine: dict[str, Any]
) -> None:
    forged = {**copy.deepcopy(genuine), **one_leaf(FAKE_ENTRY)}
    for kw in (
        {},
        {"file": world.dir},
        {"trusted_key": load_trusted_key(key_fingerprint(world.agent.raw_public))},
    ):
        r = check_proof(as_bytes(forged), **kw)
        assert r.outcome == "invalid" and r.exit_code == 1, kw
        assert "signed_root" in failing(r)
        assert "is not the root of the signed receipt" in r.message
        assert r.anchor is None  # an invalid proof is never checked against the anchor


def test_altered_evidence_signature_is_invalid(world: World, genuine: dict[str, Any]) -> None:
    forged = copy.deepcopy(genuine)
    sig = forged["evidence"]["signature"]
    forged["evidence"]["signature"] = sig[:-2] + ("A" if sig[-2] != "A" else "B") + sig[-1]
    r = check_proof(as_bytes(forged), file=world.dir)
    assert r.outcome == "invalid" and failing(r) == ["signature"]
    assert "does not verify" in r.message


def test_swapped_receipt_bytes_are_invalid(world: World, genuine: dict[str, Any]) -> None:
    other_bytes = make_proof_from(world.store, world.report, world.small, 0).proof.receipt_bytes
    forged = copy.deepcopy(genuine)
    forged["receipt_json"] = b64url(other_bytes)
    r = check_proof(as_bytes(forged), file=world.dir)
    assert r.outcome == "invalid" and "binding" in failing(r)
    assert "binds receipt.json to" in r.message


def test_altered_evidence_field_breaks_its_id(world: World, genuine: dict[str, Any]) -> None:
    forged = copy.deepcopy(genuine)
    forged["evidence"]["tool"] = "something-else"
    r = check_proof(as_bytes(forged))
    assert r.outcome == "invalid" and "evidence" in failing(r)


def test_swapped_key_without_resigning_is_invalid(world: World, genuine: dict[str, Any]) -> None:
    forged = copy.deepcopy(genuine)
    forged["signer"]["public_key"] = KeyPair.generate().jwk
    r = check_proof(as_bytes(forged))
    assert r.outcome == "invalid" and failing(r) == ["signature"]


def test_swapped_key_resigned_by_an_attacker(world: World, genuine: dict[str, Any], tmp_path: Path) -> None:
    """The attacker re-signs the genuine evidence with their own key: the proof is consistent,
    so only the anchor can tell, and it does."""
    attacker = KeyPair.generate()
    forged = copy.deepcopy(genuine)
    forged["evidence"] = resign(forged["evidence"], attacker)
    forged["signer"]["public_key"] = attacker.jwk
    assert check_proof(as_bytes(forged)).outcome == "not_anchored"
    real = tmp_path / "real.pem"
    real.write_bytes(public_pem(world.agent))
    for tk in (load_trusted_key(str(real)), load_trusted_key(key_fingerprint(world.agent.raw_public))):
        r = check_proof(as_bytes(forged), trusted_key=tk)
        assert r.outcome == "anchor_mismatch" and r.exit_code == 1 and not r.anchored
        assert key_fingerprint(attacker.raw_public) in r.message and tk.fingerprint in r.message
    r = check_proof(as_bytes(forged), file=world.dir)
    assert r.outcome == "anchor_mismatch" and r.exit_code == 1
    assert "anchor" in failing(r)
    assert "different public key" in r.message


def test_signer_key_id_must_be_the_evidence_key_id(genuine: dict[str, Any]) -> None:
    forged = copy.deepcopy(genuine)
    forged["signer"]["key_id"] = "auditor-001"
    r = check_proof(as_bytes(forged))
    assert r.outcome == "invalid" and failing(r) == ["signature"]
    assert "auditor-001" in r.message and "key-001" in r.message


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


def test_proof_recording_an_invalid_receipt_does_not_pass(tmp_path: Path) -> None:
    """A receipt whose entry contradicts the projection (receipt_projection_mismatch) can
    still be exported - it shows what the agent disclosed - but never checks as valid."""

    def overstate(body: dict[str, Any]) -> None:
        body["entries"][1]["weight_q"] = 2999
        body["root"] = root_of_entries(body["entries"])

    bad, rid = crafted_receipt_world(tmp_path, "projection", overstate)
    assert bad.report.mutmem.receipts[rid].status == "invalid"
    export = make_proof_from(bad.store, bad.report, rid, 1)
    assert export.proof.status == {"evidence": "VALID", "receipt": "invalid", "file_verdict": "fail"}
    assert export.notes and "invalid" in export.notes[0]
    tk = load_trusted_key(key_fingerprint(bad.agent.raw_public))
    r = check_proof(export.proof.to_bytes(), trusted_key=tk)
    assert r.outcome == "invalid" and "recorded_status" in failing(r)
    r = check_proof(export.proof.to_bytes(), file=bad.dir)
    assert r.exit_code == 1 and not r.anchored


# =========================================================================== export refusals


@pytest.mark.parametrize(
    "change, words",
    [
        ({"entries": {"0": "not a list"}}, "entries are not a list of objects"),
        ({"entries": "x"}, "entries are not a list of objects"),
        ({"entries": [1, 2]}, "entries are not a list of objects"),
        ({"entries": [], "root": root_of_entries([])}, "disclosed no entries"),
        ({"root": "sha256:" + "00" * 32}, "does not recompute"),
        ({"root": 7}, "root"),
        ({"kind": "something"}, "not a MutMem recall receipt"),
    ],
)
def test_prove_says_what_is_wrong_with_a_tampered_receipt(
    tmp_path: Path, change: dict[str, Any], words: str
) -> None:
    bad, rid = crafted_receipt_world(tmp_path, "tampered", lambda body: body.update(change))
    with pytest.raises(ProofError) as exc:
        make_proof_from(bad.store, bad.report, rid, 0)
    assert words in exc.value.message
    assert "outside" not in exc.value.message and "-1" not in exc.value.message


def test_prove_refuses_missing_artifact(world: World) -> None:
    store = world.store.copy()
    h = json.loads(store.files[f"evidence/{world.small}.json"])["output_hash"]
    del store.files[f"artifacts/{h}"]
    with pytest.raises(ProofError) as exc:
        make_proof_from(store, verify(store), world.small, 0)
    assert "receipt.json" in exc.value.message and "missing" in exc.value.message


def test_prove_ordinal_outside_names_the_range(world: World) -> None:
    for bad in (4, -1, 99):
        with pytest.raises(ProofError) as exc:
            make_proof_from(world.store, world.report, world.receipt, bad)
        assert exc.value.code == "ordinal_out_of_range"
        assert "0…3" in exc.value.message and "(n = 4)" in exc.value.message


def test_prove_not_a_receipt(world: World) -> None:
    with pytest.raises(ProofError) as exc:
        make_proof_from(world.store, world.report, world.outcome, 0)
    assert exc.value.code == "not_a_receipt" and "task_outcome" in exc.value.message
    with pytest.raises(ProofError) as exc:
        make_proof_from(world.store, world.report, "sha256:" + "cd" * 32, 0)
    assert exc.value.code == "not_a_receipt"


def test_prove_refuses_a_receipt_with_a_bad_signature(world: World) -> None:
    store = world.store.copy()
    path = f"evidence/{world.small}.json"
    obj = json.loads(store.files[path])
    obj["signature"] = KeyPair.generate().sign(b"other")
    store.files[path] = json.dumps(obj).encode()
    report = verify(store)
    assert report.evidence[world.small] == Status.INVALID_SIGNATURE
    with pytest.raises(ProofError) as exc:
        make_proof_from(store, report, world.small, 0)
    assert "INVALID_SIGNATURE" in exc.value.message


def test_write_proof_is_atomic_and_private(world: World, tmp_path: Path) -> None:
    export = make_proof_from(world.store, world.report, world.receipt, 1)
    out = write_proof(tmp_path / "p.json", export.proof)
    assert out.read_bytes() == export.proof.to_bytes()
    assert out.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json"]


# =========================================================================== trusted keys


def test_trusted_key_short_fingerprint_is_refused(world: World) -> None:
    short = "sha256:" + fingerprint(world.agent.raw_public)
    with pytest.raises(ProofError) as exc:
        load_trusted_key(short)
    assert exc.value.code == "trusted_key_invalid"
    assert "64" in exc.value.message and "16" in exc.value.message


@pytest.mark.parametrize(
    "content",
    [
        b"not a key",
        b"-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
        b'{"kty": "OKP", "crv": "Ed25519", "x": "short"}',
        b"\xff\xfe",
        b"",
    ],
)
def test_trusted_key_unreadable(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "k"
    p.write_bytes(content)
    with pytest.raises(ProofError) as exc:
        load_trusted_key(str(p))
    assert exc.value.code == "trusted_key_invalid"


def test_trusted_key_other_algorithm_and_missing_file(tmp_path: Path) -> None:
    p = tmp_path / "ec.pem"
    p.write_bytes(
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    with pytest.raises(ProofError, match="Ed25519"):
        load_trusted_key(str(p))
    with pytest.raises(ProofError, match=r"(?i)cannot read"):
        load_trusted_key(str(tmp_path / "missing.pem"))


# =========================================================================== hostile proofs


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


@pytest.mark.parametrize(
    "data, words",
    [
        (b"", "not strict JSON"),
        (b"not json", "not strict JSON"),
        (b"[1, 2]", "JSON object"),
        (b'{"proof": 5}', "proof format"),
        (b'{"proof": "aleth-inspector/receipt-proof/9"}', "proof format"),
        (b"[" * 100 + b"]" * 100, "not strict JSON"),
        (b'{"a": 1, "a": 2}', "not strict JSON"),
        (b'{"receipt": "x"}', "missing"),
    ],
)
def test_unreadable_proofs_are_invalid(data: bytes, words: str) -> None:
    r = check_proof(data)
    assert r.outcome == "invalid" and r.exit_code == 1
    assert words in r.message


def test_oversized_proof_is_refused_without_parsing() -> None:
    r = check_proof(b" " * (MAX_PROOF_BYTES + 1))
    assert r.outcome == "invalid" and "larger than" in r.message


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("receipt_json", "!!!", "receipt_json"),
        ("receipt_json", 5, "receipt_json"),
        ("evidence", [1], "evidence"),
        ("signer", {"key_id": "key-001"}, "signer"),
        ("signer", {"key_id": "key-001", "public_key": {"kty": "RSA"}}, "Ed25519"),
        ("status", "VALID", "status"),
        ("audit_path", ["00" * 32] * 65, "audit_path"),
        ("tree_size", 2**52, str(2**52)),
        ("entry", {"memory": "\ud800"}, "entry"),
        ("extra", 1, "unknown"),
    ],
)
def test_malformed_fields_are_invalid_not_exceptions(
    genuine: dict[str, Any], field: str, value: Any, words: str
) -> None:
    forged = copy.deepcopy(genuine)
    forged[field] = value
    r = check_proof(json.dumps(forged).encode("utf-8", "surrogatepass"))
    assert r.outcome == "invalid" and r.exit_code == 1
    assert words in r.message


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)

# every part of a proof that an anchored result depends on (the recorded status is
# information only: an anchored result never rests on it being "valid")
_PATHS = [
    ("proof",),
    ("receipt",),
    ("ordinal",),
    ("tree_size",),
    ("entry",),
    ("entry", "memory"),
    ("entry", "weight_q"),
    ("leaf_hash",),
    ("audit_path",),
    ("root",),
    ("signer",),
    ("signer", "key_id"),
    ("signer", "public_key"),
    ("evidence",),
    ("evidence", "output_hash"),
    ("evidence", "artifacts"),
    ("evidence", "key_id"),
    ("evidence", "signature"),
    ("evidence", "commit_id"),
    ("receipt_json",),
]


@pytest.fixture(scope="module")
def agent_key(world: World):
    return load_trusted_key(key_fingerprint(world.agent.raw_public))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(_PATHS), value=_JSON)
def test_any_change_to_a_checked_field_never_anchors(genuine, agent_key, path, value) -> None:
    forged = copy.deepcopy(genuine)
    target = forged
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    data = json.dumps(forged).encode("utf-8", "surrogatepass")
    r = check_proof(data, trusted_key=agent_key)
    if canonical_or_none(forged) == canonical_or_none(genuine):
        return  # the same value written differently
    assert r.exit_code != 0, (path, value, r.message)
    assert r.message


def canonical_or_none(d: Any) -> bytes | None:
    try:
        return canonical(d)
    except ValueError:
        return None
