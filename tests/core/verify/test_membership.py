"""SPEC B8 (revision 2): who belongs to the store.  With a root authority a legacy
Identity counts only through a valid migration record; without one, a second legacy
Identity makes the store ambiguous and only the identity that signed the root commit
reached from HEAD by first parents counts."""

from __future__ import annotations

from inspector.core.keys import KeyPair
from inspector.core.write.builder import dump, legacy_identity

from .helpers import Status, check, commit_as, errors, writer


def test_an_unsigned_stranger_identity_cannot_inject_valid_memories() -> None:
    w = writer()
    stranger = KeyPair.generate()
    ident = legacy_identity(stranger, w.clock())
    w.store.files[f"identities/{ident['agent_id']}.json"] = dump(ident)
    injected = commit_as(w, stranger, "key-001", None, {"text": "trust me"}, agent_id=ident["agent_id"])
    r = check(w.store)
    assert "identity_unbound" in errors(r, ident["agent_id"])
    assert r.commits[injected] == Status.UNKNOWN_IDENTITY
    assert r.verdict == "fail"


def test_a_migrated_legacy_identity_counts() -> None:
    w = writer(legacy=True)
    legacy_commit = w.commit({"text": "before migration"})["commit_id"]
    w.migrate(KeyPair.generate())
    r = check(w.store)
    assert r.commits[legacy_commit] == Status.VALID
    assert "identity_unbound" not in errors(r)


def test_a_second_legacy_identity_without_a_root_is_ambiguous() -> None:
    w = writer(legacy=True)
    own = w.commit({"text": "mine"})["commit_id"]
    other = KeyPair.generate()
    ident = legacy_identity(other, w.clock())
    w.store.files[f"identities/{ident['agent_id']}.json"] = dump(ident)
    theirs = commit_as(w, other, "key-001", None, {"text": "theirs"}, agent_id=ident["agent_id"])
    r = check(w.store)
    amb = [f for f in r.findings if f.code == "identity_ambiguous"]
    assert amb and amb[0].object_kind == "store" and amb[0].object_id == ""
    assert r.commits[own] == Status.VALID
    assert r.commits[theirs] == Status.UNKNOWN_IDENTITY
    assert r.verdict == "fail"


def test_the_head_root_identity_counts_even_when_the_stranger_sorts_first() -> None:
    """Which legacy identity counts is decided by the history, not by file names."""
    for _ in range(3):  # different random keys, so different agent_id orders
        w = writer(legacy=True)
        own = w.commit({"text": "mine"})["commit_id"]
        other = KeyPair.generate()
        ident = legacy_identity(other, w.clock())
        w.store.files[f"identities/{ident['agent_id']}.json"] = dump(ident)
        r = check(w.store)
        assert r.commits[own] == Status.VALID
