"""Making a proof (``inspector.core.proofs.export``): only from a receipt whose signed bytes
bind its root, carrying what it stands on; said what is wrong when it cannot be made."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from inspector.core.container import Credential
from inspector.core.keys import KeyPair, sha256_id
from inspector.core.proofs import (
    PROOF_FORMAT,
    AnchoredProof,
    ProofError,
    check_proof,
    export_proof,
    make_proof_from,
    parse_proof,
    write_proof,
)
from inspector.core.verify.engine import verify
from inspector.core.verify.merkle import root_of_entries
from inspector.core.verify.report import Status

from .world import DEMO, DEMO_PASSPHRASE, MUTMEM, World, crafted_receipt_world


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
