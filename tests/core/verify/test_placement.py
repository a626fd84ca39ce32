"""SPEC B3/B4 (revision 2): an object signed by a revoked key is VALID_HISTORICAL
only when the file *proves* it existed before the cutoff; ancestry follows
authenticated edges only; key_used_before_grant places commits only."""

from __future__ import annotations

import json

import pytest

from inspector.core.canonical import canonical
from inspector.core.findings import Severity
from inspector.core.keys import KeyPair
from inspector.core.write.builder import dump, sign_fields
from inspector.core.write.mutmem import MutMemWriter

from .helpers import Status, check, commit_as, errors, evidence_as, warnings, writer


def _receipt_bytes(head: str) -> bytes:
    from inspector.core.verify.merkle import root_of_entries

    body = {
        "mutmem": 1,
        "kind": "recall_receipt",
        "head": head,
        "query_sha256": "sha256:" + "00" * 32,
        "k": 1,
        "calibration": {"eta": 0.2, "w_min": 0.1, "w_max": 3.0},
        "entries": [],
        "root": root_of_entries([]),
    }
    return canonical(body)


def _receipt(w, key, key_id: str, head: str) -> str:
    data = _receipt_bytes(head)
    from inspector.core.keys import sha256_id

    return evidence_as(
        w,
        key,
        key_id,
        [("receipt.json", data)],
        event_type="recall_receipt",
        input_hash="sha256:" + "00" * 32,
        output_hash=sha256_id(data),
    )


@pytest.mark.parametrize("reason", ["rotation", "compromise"])
def test_evidence_cited_inside_the_cutoff_history_is_historical(reason: str) -> None:
    w = writer()
    old = w.agent_key
    ev = w.evidence(artifacts=[("out", b"x")])["commit_id"]
    w.commit({"text": "cites it"}, evidence_refs=[ev])
    if reason == "rotation":
        w.rotate("key-001", KeyPair.generate(), "key-002")
    else:
        w.revoke("key-001", reason="compromise")
    r = check(w.store)
    assert r.evidence[ev] == Status.VALID_HISTORICAL
    assert not errors(r), r.findings
    assert old is not None


@pytest.mark.parametrize(
    "reason,severity,code",
    [
        ("rotation", Severity.WARNING, "evidence_unanchored"),
        ("compromise", Severity.ERROR, "not_in_proven_pre_rotation_history"),
    ],
)
def test_uncited_evidence_of_a_revoked_key(reason: str, severity: Severity, code: str) -> None:
    """An honest agent recorded evidence no memory cites, then rotated: a warning; after a
    compromise the same evidence may have been made with the stolen key: an error."""
    w = writer()
    ev = w.evidence(artifacts=[("out", b"x")])["commit_id"]
    w.commit({"text": "does not cite it"})
    if reason == "rotation":
        w.rotate("key-001", KeyPair.generate(), "key-002")
    else:
        w.revoke("key-001", reason="compromise")
    r = check(w.store)
    assert r.evidence[ev] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    f = next(f for f in r.findings if f.object_id == ev and f.code == code)
    assert f.severity == severity
    assert r.verdict == ("pass" if severity == Severity.WARNING else "fail")
    if reason == "compromise":
        assert "compromised" in f.message


def test_a_citation_by_a_tampered_commit_proves_nothing() -> None:
    w = writer()
    ev = w.evidence(artifacts=[("out", b"x")])["commit_id"]
    cite = w.commit({"text": "cites it"}, evidence_refs=[ev])
    w.rotate("key-001", KeyPair.generate(), "key-002")
    tampered = dict(cite, content={"text": "changed after signing"})
    w.store.files[f"commits/{cite['commit_id']}.json"] = dump(tampered)
    r = check(w.store)
    assert r.commits[cite["commit_id"]] == Status.DIGEST_MISMATCH
    assert r.evidence[ev] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert "evidence_unanchored" in warnings(r, ev)


def test_a_receipt_whose_head_is_outside_the_cutoff_history_is_an_error_even_when_cited() -> None:
    """The revoked key's receipt speaks about a side branch the cutoff does not vouch for;
    a commit inside the cutoff history cites it, which does not help."""
    w = writer()
    old = w.agent_key
    genesis = w.head
    side = commit_as(w, old, "key-001", [genesis], {"text": "a side branch"})
    receipt = _receipt(w, old, "key-001", side)
    cutoff = w.commit({"text": "cites the receipt"}, parents=[genesis], evidence_refs=[receipt])["commit_id"]
    w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=cutoff)
    r = check(w.store)
    assert r.commits[cutoff] == Status.VALID_HISTORICAL
    assert r.evidence[receipt] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert "not_in_proven_pre_rotation_history" in errors(r, receipt)


def test_an_honest_receipt_by_a_newly_granted_key_at_an_old_head_passes() -> None:
    """B4 places commits only: a receipt by key-002 about a head before key-002's grant
    cutoff is not 'used before grant' (its head is chosen by its signer)."""
    w = writer()
    c1 = w.commit({"text": "c1"})["commit_id"]
    k2 = KeyPair.generate()
    w.rotate("key-001", k2, "key-002", cutoff=c1)
    receipt = _receipt(w, k2, "key-002", c1)
    w.commit({"text": "cites the receipt"}, evidence_refs=[receipt])
    r = check(w.store)
    assert r.evidence[receipt] == Status.VALID
    assert "key_used_before_grant" not in errors(r)


def test_a_tampered_commit_cannot_launder_a_dark_commit_into_the_proven_history() -> None:
    """B3: the parents of a DIGEST_MISMATCH commit are not followed."""
    w = writer()
    old = w.agent_key
    a = w.commit({"text": "a"})["commit_id"]
    b = w.commit({"text": "b, the cutoff"})
    w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=b["commit_id"])
    dark = commit_as(w, old, "key-001", [a], {"text": "made with the old key after the rotation"})
    # splice the dark commit under the cutoff by editing the cutoff's parents
    spliced = dict(b, parents=[a, dark])
    w.store.files[f"commits/{b['commit_id']}.json"] = dump(spliced)
    r = check(w.store)
    assert r.commits[b["commit_id"]] == Status.DIGEST_MISMATCH
    assert r.commits[dark] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY


def test_stored_checkpoint_of_a_revoked_key_needs_a_citation() -> None:
    w = writer()
    cp = w.checkpoint()
    w.store.files[f"checkpoints/{cp['checkpoint_id']}.json"] = dump(cp)
    w.commit({"text": "after the checkpoint"})
    w.rotate("key-001", KeyPair.generate(), "key-002")
    r = check(w.store)
    assert r.checkpoints[cp["checkpoint_id"]] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert "evidence_unanchored" in warnings(r, cp["checkpoint_id"])
    # cited by a commit inside the cutoff history: historical, and a resolved reference
    w2 = writer()
    cp2 = w2.checkpoint()
    w2.store.files[f"checkpoints/{cp2['checkpoint_id']}.json"] = dump(cp2)
    w2.commit({"text": "cites the checkpoint"}, evidence_refs=[cp2["checkpoint_id"]])
    w2.rotate("key-001", KeyPair.generate(), "key-002")
    r2 = check(w2.store)
    assert r2.checkpoints[cp2["checkpoint_id"]] == Status.VALID_HISTORICAL
    assert "evidence_missing" not in warnings(r2)


def test_external_checkpoint_of_a_revoked_key_is_dated_by_its_head() -> None:
    w = writer()
    cp = w.checkpoint()
    w.commit({"text": "more"})
    w.rotate("key-001", KeyPair.generate(), "key-002")
    r = check(w.store, checkpoint=json.dumps(cp).encode())
    assert r.checkpoints[cp["checkpoint_id"]] == Status.VALID_HISTORICAL
    assert r.container["continuity"] == "verified"
    assert r.checkpoint["state"] == "verified"


def test_external_checkpoint_of_a_revoked_key_about_later_history_fails() -> None:
    w = writer()
    old = w.agent_key
    c1 = w.commit({"text": "c1"})["commit_id"]
    w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=c1)
    w.commit({"text": "after"})
    cp = sign_fields(
        {
            "type": "Checkpoint",
            "version": 2,
            "agent_id": w.signer_agent_id,
            "head_commit_id": w.head,
            "commit_count": w.store.count("commits"),
            "evidence_count": 0,
            "sequence": 1,
            "key_id": "key-001",
            "created_at": w.clock(),
        },
        old,
        id_field="checkpoint_id",
    )
    r = check(w.store, checkpoint=json.dumps(cp).encode())
    assert r.checkpoints[cp["checkpoint_id"]] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert "not_in_proven_pre_rotation_history" in errors(r, cp["checkpoint_id"])
    assert r.checkpoint["state"] == "failed"


def test_mutmem_demo_style_file_with_cited_outcomes_passes_after_rotation() -> None:
    """Transitions cite their outcome evidence (the writer does): rotating the agent key
    leaves that evidence historical."""
    w = writer()
    mm = MutMemWriter(w)
    hk_id, hk = mm.grant_role("housekeeper")
    m = mm.memory({"text": "refund policy"})["commit_id"]
    ev = w.evidence(artifacts=[("outcome", b"ok")])["commit_id"]
    from inspector.core.write.mutmem import Outcome

    mm.transition(m, [Outcome(ev, 1, 2)], eta=0.2, key=hk)
    w.rotate("key-001", KeyPair.generate(), "key-002")
    r = check(w.store)
    assert r.evidence[ev] == Status.VALID_HISTORICAL
    assert r.verdict == "pass", [f for f in r.findings if f.severity != Severity.INFO]
    assert hk_id.startswith("housekeeper-")
