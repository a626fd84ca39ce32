"""The checks that need only the proof (``inspector.core.proofs.consistency``): a forged
tree, signature, key or receipt is invalid whatever else it carries."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.core.canonical import canonical
from inspector.core.keys import KeyPair, b64url
from inspector.core.proofs import (
    check_proof,
    key_fingerprint,
    load_trusted_key,
    make_proof_from,
)
from inspector.core.verify.merkle import make_proof, root_of_entries

from .world import FAKE_ENTRY, World, as_bytes, crafted_receipt_world, failing, one_leaf, public_pem, resign


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
