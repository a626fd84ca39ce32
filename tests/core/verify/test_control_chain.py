"""SPEC B2 (revision 2): the control chain replayed into key eras.

One public key, one era: a re-grant of an active or revoked public key is
``public_key_reused`` and takes no effect, so an alias can neither dodge a
revocation nor move a grant cutoff.  After an invalid event no grant takes
effect, but root-signed revocations still apply.  The identity record must
agree with the replay, every entry counted.
"""

from __future__ import annotations

from inspector.core.keys import KeyPair
from inspector.core.write.builder import dump, legacy_identity

from .helpers import Status, check, commit_as, errors, raw_event, rewrite_record, writer


def test_alias_grant_cannot_dodge_a_revocation() -> None:
    """The root grants key-001's public key again as key-backup, then revokes key-001:
    commits signed by that key after the cutoff stay outside the proven history, and
    key-backup, which only an invalid event granted, is unknown (rev 3)."""
    w = writer()
    agent = w.agent_key
    c1 = w.commit({"text": "before"})["commit_id"]
    alias = w.grant("key-backup", agent)["commit_id"]
    w.revoke("key-001", cutoff=c1, reason="compromise")
    dark_alias = commit_as(w, agent, "key-backup", [c1], {"text": "after, as key-backup"})
    dark_same = commit_as(w, agent, "key-001", [c1], {"text": "after, as key-001"})
    r = check(w.store)
    assert "public_key_reused" in errors(r, alias)
    assert r.commits[dark_alias] == Status.UNKNOWN_KEY
    assert r.commits[dark_same] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert r.commits[c1] == Status.VALID_HISTORICAL
    assert "not_in_proven_pre_rotation_history" in errors(r, dark_same)
    assert "unknown_key" in errors(r, dark_alias)
    # the record still lists the revoked public key as active under key-backup
    assert "identity_control_event_mismatch" in errors(r)
    assert r.verdict == "fail"
    # one era per public key: the alias is not an era of its own
    assert [e.key_id for e in r.eras].count("key-backup") == 0


def test_alias_grant_cannot_hide_key_used_before_grant() -> None:
    """A commit signed by the rotation's new key inside the rotation's cutoff history is
    key_used_before_grant; under an alias the root granted later by an invalid event it
    is unknown (rev 3): either way UNKNOWN_KEY."""
    w = writer()
    c1 = w.commit({"text": "c1"})["commit_id"]
    k2 = KeyPair.generate()
    early = commit_as(w, k2, "key-alias", [c1], {"text": "signed before key-002 existed"})
    early2 = commit_as(w, k2, "key-002", [early], {"text": "also before key-002 existed"})
    c2 = commit_as(w, w.agent_key, "key-001", [early2], {"text": "c2"}, move_head=True)
    w.rotate("key-001", k2, "key-002", cutoff=c2)
    alias = w.grant("key-alias", k2)["commit_id"]
    r = check(w.store)
    assert "public_key_reused" in errors(r, alias)
    assert r.commits[early] == Status.UNKNOWN_KEY
    assert "unknown_key" in errors(r, early)
    assert r.commits[early2] == Status.UNKNOWN_KEY
    assert "key_used_before_grant" in errors(r, early2)
    assert r.commits[c2] == Status.VALID_HISTORICAL


def test_a_revoked_public_key_is_never_granted_again() -> None:
    w = writer()
    old = w.agent_key
    w.commit({"text": "c1"})
    w.rotate("key-001", KeyPair.generate(), "key-002")
    regrant = w.grant("key-005", old)["commit_id"]
    r = check(w.store)
    assert "public_key_reused" in errors(r, regrant)
    assert not any(e.key_id == "key-005" for e in r.eras)


def test_after_an_invalid_event_revocations_apply_and_grants_do_not() -> None:
    w = writer()
    agent = w.agent_key
    c1 = w.commit({"text": "c1"})["commit_id"]
    x, y = KeyPair.generate(), KeyPair.generate()
    gap = raw_event(w, "key_grant", sequence=w.seq + 2, key_id="key-x", public_key=x.jwk, reason="grant")
    revoke = raw_event(w, "key_revoke", key_id="key-001", cutoff_head=c1, reason="compromise")
    late = raw_event(w, "key_grant", key_id="key-y", public_key=y.jwk, reason="grant")
    dark = commit_as(w, agent, "key-001", [c1], {"text": "after the revocation"})
    by_x = commit_as(w, x, "key-x", [c1])
    by_y = commit_as(w, y, "key-y", [c1])
    r = check(w.store)
    assert "control_chain_invalid" in errors(r, gap)
    assert not errors(r, revoke)  # contiguous after the gap, root-signed: it applies
    era = next(e for e in r.eras if e.key_id == "key-001")
    assert era.revoked_by == revoke and era.cutoff == c1
    assert r.commits[dark] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert r.commits[c1] == Status.VALID_HISTORICAL
    assert r.commits[by_x] == Status.UNKNOWN_KEY
    assert r.commits[by_y] == Status.UNKNOWN_KEY
    assert not any(e.key_id in ("key-x", "key-y") for e in r.eras)
    assert late not in {e.granted_by for e in r.eras}  # a grant after an invalid event takes no effect


def test_an_event_without_a_root_signature_applies_nothing() -> None:
    w = writer()
    agent = w.agent_key
    c1 = w.commit({"text": "c1"})["commit_id"]
    forged = raw_event(w, "key_revoke", key_id="key-001", cutoff_head=c1, signer=KeyPair.generate())
    after = commit_as(w, agent, "key-001", [c1], {"text": "after"}, move_head=True)
    r = check(w.store)
    assert errors(r, forged) == {"control_event_signature_invalid"}
    assert r.commits[after] == Status.VALID
    assert next(e for e in r.eras if e.key_id == "key-001").revoked_by is None


def test_a_public_key_listed_twice_in_revoked_keys_is_a_mismatch() -> None:
    """A decoy cutoff first, the true one second: every entry counts."""
    w = writer()
    c1 = w.commit({"text": "c1"})["commit_id"]
    c2 = w.commit({"text": "c2"})["commit_id"]
    w.rotate("key-001", KeyPair.generate(), "key-002", cutoff=c1)
    true_entry = next(k for k in w.revoked if k["key_id"] == "key-001")
    decoy = {**true_entry, "cutoff_head": c2}
    rewrite_record(w, w.active, [decoy, true_entry])
    r = check(w.store)
    assert "identity_control_event_mismatch" in errors(r)
    # and the true record alone agrees
    rewrite_record(w, w.active, [true_entry])
    assert "identity_control_event_mismatch" not in errors(check(w.store))


def test_an_event_invalid_for_two_reasons_gets_both_codes() -> None:
    w = writer()
    agent = w.agent_key
    w.commit({"text": "c1"})
    ev = raw_event(
        w, "key_grant", sequence=w.seq + 3, key_id="key-again", public_key=agent.jwk, reason="grant"
    )
    r = check(w.store)
    assert {"control_chain_invalid", "public_key_reused"} <= errors(r, ev)


def test_granting_a_legacy_key_needs_its_migration_record() -> None:
    w = writer()
    legacy = KeyPair.generate()
    ident = legacy_identity(legacy, w.clock())
    w.store.files[f"identities/{ident['agent_id']}.json"] = dump(ident)
    grant = w.grant("key-legacy", legacy)["commit_id"]
    r = check(w.store)
    assert "migration_missing" in errors(r, grant)
    assert not any(e.key_id == "key-legacy" for e in r.eras)


def test_a_proper_migration_grants_the_legacy_key() -> None:
    w = writer(legacy=True)
    w.commit({"text": "v0.1 memory"})
    w.migrate(KeyPair.generate())
    w.commit({"text": "after migration"})
    r = check(w.store)
    assert r.verdict == "pass", r.findings
    assert not errors(r)
