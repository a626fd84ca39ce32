"""SPEC E4: a rotation or revocation first anchors what the retiring key signed.

Evidence (receipts included) and stored checkpoints signed by the retiring key
that no commit in HEAD's history cites are cited by one anchoring MemoryCommit
(agent key, memory_type procedural, content {kind: "anchor", note}), which
becomes the cutoff; under SPEC B3 they then stay VALID_HISTORICAL.
"""

from __future__ import annotations

from inspector.core.canonical import loads_strict
from inspector.core.container import Credential
from inspector.core.findings import Severity
from inspector.core.keys import agent_id_for
from inspector.core.opener import open_and_verify
from inspector.core.store import Store
from inspector.core.verify.report import Status
from inspector.core.write import authoring as A
from inspector.core.write import effects as E
from inspector.core.write.builder import StoreWriter
from inspector.core.write.directory import write_directory

from .conftest import open_small
from .stores import DEMO, DEMO_PASS

UNPLACED = ("evidence_unanchored", "not_in_proven_pre_rotation_history")


def obj(store, oid: str) -> dict:  # type: ignore[no-untyped-def]
    return loads_strict(store.files[f"commits/{oid}.json"])[0]


def last_event(store) -> dict:  # type: ignore[no-untyped-def]
    events = [loads_strict(d)[0] for _, d in store.list("control_events")]
    return max(events, key=lambda e: e["sequence"])


def test_rotation_anchors_what_no_commit_cites(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.rotate(src, small.root)
    expected = sorted([small.uncited, small.receipt, small.checkpoint])
    assert res.anchored == expected
    anchor = res.store.head
    assert anchor is not None and f"commits/{anchor}.json" in res.added
    commit = obj(res.store, anchor)
    assert commit["content"]["kind"] == "anchor" and isinstance(commit["content"]["note"], str)
    assert set(commit["content"]) == {"kind", "note"}
    assert commit["memory_type"] == "procedural" and commit["parents"] == [small.head]
    assert commit["key_id"] == "key-001" and commit["agent_id"] == agent_id_for(small.root.jwk)
    assert commit["provenance"]["evidence_refs"] == expected
    ev = last_event(res.store)
    assert (
        ev["event_type"] == "key_rotation" and ev["cutoff_head"] == anchor and ev["old_key_id"] == "key-001"
    )
    r = res.report
    assert res.ok, [(f.code, f.message) for f in r.findings if f.severity == Severity.ERROR]
    assert r.commits[anchor] == Status.VALID_HISTORICAL
    for oid in (small.uncited, small.receipt, small.cited):
        assert r.evidence[oid] == Status.VALID_HISTORICAL, oid
    assert r.checkpoints[small.checkpoint] == Status.VALID_HISTORICAL
    assert not [f for f in r.findings if f.code in UNPLACED]
    assert E.ANCHORED in [e.template for e in res.effects]


def test_an_anchored_stored_checkpoint_is_a_resolved_reference(sealed_copy, small, small_sealed) -> None:
    """SPEC B9: a stored checkpoint cited in evidence_refs is a resolved reference, so the
    rotated file has no warning at all."""
    res = A.rotate(open_small(sealed_copy, small_sealed), small.root)
    assert [(f.code, f.object_id) for f in res.report.findings if f.severity == Severity.WARNING] == []


def test_nothing_to_anchor_means_no_anchor(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.rotate(src, small.root, key_id=small.hk_id)  # the housekeeper signed commits only
    assert res.ok and res.anchored == []
    assert res.store.head == small.head and last_event(res.store)["cutoff_head"] == small.head
    assert not [e for e in res.effects if e.kind == "anchor"]


def test_revocation_anchors_too(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.revoke(src, small.root, small.au_id, reason="expiry")  # the review nobody cites yet
    assert res.anchored == [small.review] and res.ok
    commit = obj(res.store, res.store.head)
    assert commit["key_id"] == "key-001" and commit["provenance"]["evidence_refs"] == [small.review]
    assert last_event(res.store)["cutoff_head"] == res.store.head
    assert res.report.evidence[small.review] == Status.VALID_HISTORICAL
    agent = A.revoke(src, small.root, "key-001", reason="rotation", grant_agent=True)
    assert agent.ok and agent.anchored == sorted([small.uncited, small.receipt, small.checkpoint])
    ((new_id, new_key),) = agent.new_keys.items()  # the only agent key: a new one in the same write
    assert new_id == "key-002" and agent.store.files["keys/signing.key"] == new_key.pem()


def test_a_compromise_never_anchors(sealed_copy, small, small_sealed) -> None:
    """SPEC E3 (rev 3): an anchoring commit would be signed by the stolen key itself and
    would launder what the thief planted; what no commit before the cutoff cites is
    disowned and listed instead, even at cutoff HEAD."""
    src = open_small(sealed_copy, small_sealed)
    res = A.rotate(src, small.root, cutoff=small.head, reason="compromise")
    assert res.anchored == [] and res.store.head == small.head
    assert not [e for e in res.effects if e.template in (E.ANCHORED, E.NOT_ANCHORED)]
    assert {d.object_id for d in res.disowned} == {small.uncited, small.receipt, small.checkpoint}
    assert res.report.verdict == "fail" and res.disown_only and res.writable
    assert last_event(res.store)["cutoff_head"] == small.head


def test_an_earlier_cutoff_is_not_anchored_and_says_why(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.rotate(src, small.root, cutoff=small.memories[-1], reason="rotation")
    assert res.anchored == []
    (note,) = [e for e in res.effects if e.template == E.NOT_ANCHORED]
    assert dict(note.params) == {"count": 3, "key_id": "key-001", "why": E.WHY_CUTOFF}
    assert last_event(res.store)["cutoff_head"] == small.memories[-1]


def test_without_an_agent_key_nothing_is_anchored(tmp_path, small) -> None:
    # a store whose agent key was revoked without a successor (an older build allowed it)
    w = StoreWriter(Store(dict(small.files)), root=small.root)
    w.revoke("key-001", reason="rotation")
    src2 = A.load_source(write_directory(w.store, tmp_path / "no-agent"))
    res = A.revoke(src2, small.root, small.au_id, reason="expiry")
    assert res.anchored == []
    (note,) = [e for e in res.effects if e.template == E.NOT_ANCHORED]
    assert dict(note.params)["why"] == E.WHY_NO_AGENT_KEY


def test_the_demo_passes_with_no_warning() -> None:
    """resources/demo.aleth: its recall receipts of the retired eras are anchored."""
    report = open_and_verify(DEMO, Credential(passphrase=DEMO_PASS))
    assert report.verdict == "pass"
    assert [(f.code, f.object_id) for f in report.findings if f.severity != Severity.INFO] == []
    retired = {e.index for e in report.eras if e.state == "revoked"}
    signed_by_retired = [e for e in report.evidence if report.signer.get(e) in retired]
    assert signed_by_retired and all(report.evidence[e] == Status.VALID_HISTORICAL for e in signed_by_retired)
    anchors = [c for c in report.commits if report.objects[c].content.get("kind") == "anchor"]
    assert len(anchors) == 2 and len(report.commits) == 345
    receipts = {e for e in signed_by_retired if report.objects[e].get("event_type") == "recall_receipt"}
    cited = {r for a in anchors for r in report.objects[a].evidence_refs}
    assert receipts and receipts <= cited
