"""SPEC B2 and B8, revision 3: authority comes only from root-signed statements.

One table: each case is a store written by the core's writer plus what a correct
writer never signs (``helpers``), named by the defect it carries, with the statuses,
error codes, roles, memory trust and verdict SPEC B2 (rev 3) gives it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from inspector.core.keys import KeyPair
from inspector.core.store import Store
from inspector.core.write.builder import dump
from inspector.core.write.mutmem import MutMemWriter

from .helpers import (
    Status,
    bound_legacy,
    check,
    commit_as,
    drop,
    errors,
    evidence_as,
    label_as,
    raw_event,
    rewrite_record,
    transition_as,
    writer,
)


@dataclass
class Case:
    store: Store
    statuses: dict[str, Status] = field(default_factory=dict)
    errors: dict[str, set[str]] = field(default_factory=dict)  # id ("" = store) -> codes among its errors
    no_errors: dict[str, set[str]] = field(default_factory=dict)  # object id -> codes it must not have
    roles: dict[str, str] = field(default_factory=dict)  # era public key (b64url) -> role
    untrusted: set[str] = field(default_factory=set)  # memories untrusted at HEAD
    weights: dict[str, int] = field(default_factory=dict)  # memory -> weight_q at HEAD
    revoked: dict[str, set[str | None]] = field(default_factory=dict)  # public key -> its cutoffs
    verdict: str = "fail"


def legacy_key_id_auditor_refutes_its_own_poison_label() -> Case:
    """Migrated store (the chain grants a fresh agent key; a migration binds the
    legacy key, which no grant brought in); the unsigned legacy Identity's key_id says
    auditor-007; the legacy key writes poison_refuted over the housekeeper's
    poison_likely and a receipt discloses the memory as refuted."""
    w = writer()
    mm = MutMemWriter(w)
    _, hk = mm.grant_role("housekeeper")
    legacy = KeyPair.generate()
    legacy_aid = bound_legacy(w, legacy, label="auditor-007")
    memory = mm.memory({"text": "wire the refund to account 42"})["commit_id"]
    flag = mm.label(memory, "poison_likely", key=hk, reason="detector")["commit_id"]
    review = evidence_as(w, legacy, "auditor-007", [("review.md", b"looks fine\n")])
    w.store.files[f"evidence/{review}.json"] = w.store.files.pop(f"evidence/{review}.json")
    refute = label_as(
        w, legacy, "auditor-007", memory, "poison_refuted", prev=flag, agent_id=legacy_aid, evidence=[review]
    )
    mm.label_tip[memory] = (refute, "poison_refuted")
    receipt = mm.recall("refund account", k=1)["commit_id"]
    return Case(
        w.store,
        statuses={refute: Status.VALID},
        errors={refute: {"mutmem_role_unauthorized"}, receipt: {"poison_admitted"}},
        roles={legacy.jwk["x"]: "agent"},
        untrusted={memory},
    )


def legacy_key_id_housekeeper_reweights_its_own_memory() -> Case:
    """Root-less store: the legacy Identity's key_id says housekeeper-001, and the agent
    key reweights its own memory."""
    w = writer(legacy=True)
    agent = w.agent_key
    assert agent is not None
    ident = next(p for p, _ in w.store.list("identities"))
    w.store.files[ident] = w.store.files[ident].replace(b'"key-001"', b'"housekeeper-001"')
    memory = w.commit({"text": "I am always right"})["commit_id"]
    outcome = w.evidence(event_type="task_outcome")["commit_id"]
    weight = transition_as(w, agent, "housekeeper-001", memory, outcome)
    return Case(
        w.store,
        statuses={weight: Status.VALID},
        errors={weight: {"mutmem_role_unauthorized"}},
        roles={agent.jwk["x"]: "agent"},
        weights={memory: 1000},
    )


def never_granted_legacy_key_signs_under_the_v2_agent_id() -> Case:
    """The migration binds the legacy key, the chain grants only a fresh key, the
    root-signed record lists the legacy key as active; the legacy key signs under the
    v2 agent_id, naming the record's key_id and the chain's."""
    w = writer()
    legacy = KeyPair.generate()
    listed = {"key_id": "key-legacy", "public_key": legacy.jwk, "authorized_at": "", "authorized_by": ""}
    rewrite_record(w, [*w.active, listed], w.revoked)
    legacy_aid = bound_legacy(w, legacy)
    by_record_name = commit_as(w, legacy, "key-legacy", None, {"text": "as key-legacy"}, move_head=True)
    by_chain_name = commit_as(w, legacy, "key-001", None, {"text": "as key-001"}, move_head=True)
    own = commit_as(w, legacy, "key-001", [], {"text": "legacy history"}, agent_id=legacy_aid)
    return Case(
        w.store,
        statuses={by_record_name: Status.UNKNOWN_KEY, by_chain_name: Status.UNKNOWN_KEY, own: Status.VALID},
        errors={by_record_name: {"unknown_key"}, by_chain_name: {"unknown_key"}},
        roles={legacy.jwk["x"]: "agent"},
    )


def deleted_rotation_event_still_cited_by_the_record() -> Case:
    """The last rotation's event is deleted; the root-signed record still lists the old
    key as revoked by it: the revocation holds (control_event_missing)."""
    w = writer()
    old = w.agent_key
    assert old is not None
    c1 = w.commit({"text": "before"})["commit_id"]
    ev = w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=c1)["commit_id"]
    drop(w, "control_events", ev)
    dark = commit_as(w, old, "key-001", [c1], {"text": "after the rotation"}, move_head=True)
    return Case(
        w.store,
        statuses={c1: Status.VALID_HISTORICAL, dark: Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY},
        errors={"": {"control_event_missing"}, dark: {"not_in_proven_pre_rotation_history"}},
        revoked={old.jwk["x"]: {c1}},
    )


def root_signed_revoke_of_a_never_granted_legacy_key() -> Case:
    """A root-signed key_revoke names a bound legacy key (by public key) that no grant
    brought in: it applies under the legacy agent_id too."""
    w = writer()
    legacy = KeyPair.generate()
    legacy_aid = bound_legacy(w, legacy)
    before = commit_as(w, legacy, "key-001", [], {"text": "legacy 1"}, agent_id=legacy_aid)
    raw_event(
        w, "key_revoke", key_id="legacy", public_key=legacy.jwk, cutoff_head=before, reason="compromise"
    )
    after = commit_as(w, legacy, "key-001", [before], {"text": "legacy 2"}, agent_id=legacy_aid)
    return Case(
        w.store,
        statuses={before: Status.VALID_HISTORICAL, after: Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY},
        errors={after: {"not_in_proven_pre_rotation_history"}},
        revoked={legacy.jwk["x"]: {before}},
    )


def root_signed_revoke_of_a_legacy_key_by_its_label() -> Case:
    """alethech writes a key_revoke with an empty public_key: naming the legacy key's
    key_id, which no grant of the chain took, revokes that key."""
    w = writer()
    legacy = KeyPair.generate()
    legacy_aid = bound_legacy(w, legacy, label="key-legacy")
    before = commit_as(w, legacy, "key-legacy", [], {"text": "legacy 1"}, agent_id=legacy_aid)
    raw_event(w, "key_revoke", key_id="key-legacy", cutoff_head=before, reason="compromise")
    after = commit_as(w, legacy, "key-legacy", [before], {"text": "legacy 2"}, agent_id=legacy_aid)
    return Case(
        w.store,
        statuses={before: Status.VALID_HISTORICAL, after: Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY},
        revoked={legacy.jwk["x"]: {before}},
    )


def two_cutoffs_for_one_key() -> Case:
    """The event revokes key-001 at c2; the root-signed record says c1: both apply."""
    w = writer()
    old = w.agent_key
    assert old is not None
    c1 = w.commit({"text": "c1"})["commit_id"]
    c2 = w.commit({"text": "c2"})["commit_id"]
    w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=c2)
    entry = next(k for k in w.revoked if k["key_id"] == "key-001")
    rewrite_record(w, w.active, [{**entry, "cutoff_head": c1}])
    return Case(
        w.store,
        statuses={c1: Status.VALID_HISTORICAL, c2: Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY},
        errors={c2: {"not_in_proven_pre_rotation_history"}},
        revoked={old.jwk["x"]: {c1, c2}},
    )


def junk_and_stranger_files_in_control_events() -> Case:
    """An unreadable file and an event a stranger signed with the next sequence number
    sit in control_events/: outside the chain, they break nothing."""
    w = writer()
    old = w.agent_key
    assert old is not None
    c1 = w.commit({"text": "c1"})["commit_id"]
    w.store.files["control_events/0000.json"] = b'{"type": "ControlEvent", "sequence": 2'
    forged = raw_event(
        w,
        "key_grant",
        key_id="key-x",
        public_key=KeyPair.generate().jwk,
        signer=KeyPair.generate(),
        advance=False,
    )
    new = KeyPair.generate()
    rotation = w.rotate("key-001", new, "key-002", cutoff=c1)["commit_id"]
    by_new = w.commit({"text": "by key-002"})["commit_id"]
    dark = commit_as(w, old, "key-001", [by_new], {"text": "dark"})
    return Case(
        w.store,
        statuses={by_new: Status.VALID, dark: Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY},
        errors={forged: {"control_event_signature_invalid"}, "0000": {"control_event_signature_invalid"}},
        no_errors={rotation: {"control_chain_invalid"}},
        revoked={old.jwk["x"]: {c1}},
    )


def root_signed_event_of_an_unknown_type() -> Case:
    """A root-signed key_suspend: an invalid event (no crash); grants after it void."""
    w = writer()
    w.commit({"text": "c1"})
    suspend = raw_event(w, "key_suspend", key_id="key-001", reason="suspend")
    late_key = KeyPair.generate()
    w.grant("key-late", late_key)
    late = commit_as(w, late_key, "key-late", None, {"text": "by a late grant"}, move_head=True)
    return Case(
        w.store,
        statuses={late: Status.UNKNOWN_KEY},
        errors={suspend: {"control_event_unknown_type"}, late: {"unknown_key"}},
    )


def the_root_key_granted_as_an_agent_key() -> Case:
    w = writer()
    assert w.root is not None
    grant = w.grant("key-root", w.root)["commit_id"]
    by_root = commit_as(w, w.root, "key-root", None, {"text": "signed by the root key"}, move_head=True)
    return Case(
        w.store,
        statuses={by_root: Status.UNKNOWN_KEY},
        errors={grant: {"public_key_reused"}, by_root: {"unknown_key"}},
    )


def alias_whose_grant_was_invalid_inside_the_cutoff() -> Case:
    """key-001's public key granted again as key-backup (an invalid event); a commit
    inside the rotation's cutoff history names key-backup: UNKNOWN_KEY, not
    VALID_HISTORICAL, whatever the record lists."""
    w = writer()
    agent = w.agent_key
    assert agent is not None
    c1 = w.commit({"text": "c1"})["commit_id"]
    w.grant("key-backup", agent)
    aliased = commit_as(w, agent, "key-backup", [c1], {"text": "as key-backup"}, move_head=True)
    w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=aliased)
    return Case(
        w.store,
        statuses={c1: Status.VALID_HISTORICAL, aliased: Status.UNKNOWN_KEY},
        errors={aliased: {"unknown_key"}},
    )


def honest_migrated_store_with_roles() -> Case:
    """The control case: alethech's migration (the legacy key granted as key-001 by a
    key_grant naming the record), role keys granted by the root, labels by them."""
    w = writer(legacy=True)
    legacy_commit = w.commit({"text": "v0.1"})["commit_id"]
    w.migrate(KeyPair.generate())
    mm = MutMemWriter(w)
    _, hk = mm.grant_role("housekeeper")
    memory = mm.memory({"text": "a fact"})["commit_id"]
    mm.label(memory, "poison_suspect", key=hk, reason="detector")
    assert w.agent_key is not None
    return Case(
        w.store,
        statuses={legacy_commit: Status.VALID},
        roles={w.agent_key.jwk["x"]: "agent", hk.jwk["x"]: "housekeeper"},
        untrusted={memory},
        verdict="pass",
    )


CASES: dict[str, Callable[[], Case]] = {
    f.__name__: f
    for f in (
        legacy_key_id_auditor_refutes_its_own_poison_label,
        legacy_key_id_housekeeper_reweights_its_own_memory,
        never_granted_legacy_key_signs_under_the_v2_agent_id,
        deleted_rotation_event_still_cited_by_the_record,
        root_signed_revoke_of_a_never_granted_legacy_key,
        root_signed_revoke_of_a_legacy_key_by_its_label,
        two_cutoffs_for_one_key,
        junk_and_stranger_files_in_control_events,
        root_signed_event_of_an_unknown_type,
        the_root_key_granted_as_an_agent_key,
        alias_whose_grant_was_invalid_inside_the_cutoff,
        honest_migrated_store_with_roles,
    )
}


@pytest.mark.parametrize("name", list(CASES))
def test_authority_rule(name: str) -> None:
    case = CASES[name]()
    r = check(case.store)
    assert "internal_error" not in r.codes()
    statuses = {**r.commits, **r.evidence}
    for oid, status in case.statuses.items():
        assert statuses[oid] == status, (oid, statuses[oid], [f for f in r.findings if f.object_id == oid])
    for oid, codes in case.errors.items():
        found = errors(r) if oid == "" else errors(r, oid)
        assert codes <= found, (oid, codes, found)
    for oid, codes in case.no_errors.items():
        assert not codes & errors(r, oid), (oid, errors(r, oid))
    roles = {e.public_key: e.role for e in r.eras}
    for pub, role in case.roles.items():
        assert roles[pub] == role, (pub, roles)
    cutoffs = {e.public_key: {c for _, _, c in e.revocations} for e in r.eras}
    for pub, want in case.revoked.items():
        assert want <= cutoffs[pub], (pub, cutoffs[pub])
    if case.untrusted or case.weights:
        assert r.mutmem is not None
        for m in case.untrusted:
            assert r.mutmem.memories[m].untrusted, r.mutmem.memories[m].label
        for m, q in case.weights.items():
            assert r.mutmem.memories[m].weight_q == q
    assert r.verdict == case.verdict, r.codes()


def test_a_missing_event_is_named() -> None:
    """control_event_missing names the absent event, on the identity record."""
    w = writer()
    c1 = w.commit({"text": "c1"})["commit_id"]
    ev = w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=c1)["commit_id"]
    drop(w, "control_events", ev)
    r = check(w.store)
    missing = [f for f in r.findings if f.code == "control_event_missing"]
    assert len(missing) == 1 and missing[0].object_kind == "identity"
    assert ev in missing[0].related and ev in missing[0].message


def test_a_stranger_event_takes_no_sequence_number() -> None:
    """A forged event with the next sequence number, then the genuine one: the
    genuine chain stays contiguous (no control_chain_invalid at all)."""
    w = writer()
    c1 = w.commit({"text": "c1"})["commit_id"]
    raw_event(w, "key_revoke", key_id="key-001", cutoff_head=c1, signer=KeyPair.generate(), advance=False)
    new = KeyPair.generate()
    w.rotate("key-001", new, "key-002", cutoff=c1)
    after = w.commit({"text": "by key-002"})["commit_id"]
    w.store.files["control_events/zzz.json"] = dump({"type": "ControlEvent"})
    r = check(w.store)
    assert "control_chain_invalid" not in errors(r)
    assert r.commits[after] == Status.VALID
    assert {e.key_id for e in r.eras} == {"key-001", "key-002"}
