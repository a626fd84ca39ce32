"""The authority module is a pure function (SPEC B2, B3, B8, rev 3): root-signed
statements in, eras, roles, names, cutoffs and problems out.  Table-driven: each
row is a set of statements (keys are plain 32-byte values: the function trusts its
caller to have checked the signatures) and what must come out."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from inspector.core.keys import b64url
from inspector.core.verify.authority import (
    Authority,
    Event,
    Legacy,
    Migration,
    Record,
    RecordEntry,
    Statements,
    derive,
    role_of,
)

ROOT = bytes([0xA0]) * 32
K1, K2, K3, HK, AU, L1, L2 = (bytes([i]) * 32 for i in range(1, 8))
V2 = "did:alethech:v2"
LEG, LEG2 = "did:alethech:legacy", "did:alethech:legacy2"
C1, C2, C3 = "sha256:c1", "sha256:c2", "sha256:c3"


def ev(n: int, event_type: str, prev: str | None = None, **kw: object) -> Event:
    return Event(
        id=f"ev{n}",
        sequence=n,
        previous=(f"ev{n - 1}" if n > 1 else "") if prev is None else prev,
        event_type=event_type,
        **kw,  # type: ignore[arg-type]
    )


def rooted(*events: Event, **kw: object) -> Statements:
    return Statements(has_root=True, root_public_key=ROOT, agent_id=V2, events=events, **kw)  # type: ignore[arg-type]


MIG = Migration("mig", LEG, L1)


@dataclass
class Want:
    eras: dict[bytes, tuple[str, str]] = field(default_factory=dict)  # key -> (key_id, role)
    cutoffs: dict[bytes, set[str | None]] = field(default_factory=dict)  # key -> every revocation cutoff
    active: set[bytes] = field(default_factory=set)  # keys with no revocation
    grant_cutoff: dict[bytes, str | None] = field(default_factory=dict)
    sign: dict[tuple[str, str], tuple[str, bytes | None]] = field(default_factory=dict)
    # (agent_id, key_id) -> (resolution, the key whose signature then makes it "ok" or None)
    refused: dict[tuple[str, bytes], str] = field(default_factory=dict)  # (agent, key) -> signer() verdict
    problems: list[tuple[str, str]] = field(default_factory=list)  # (code, object id), in order
    unbound: set[str] = field(default_factory=set)
    ambiguous: list[str] = field(default_factory=list)


TABLE: dict[str, tuple[Statements, Want]] = {
    "grant_then_rotation": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_rotation", key_id="key-002", public_key=K2, old_key_id="key-001", cutoff=C1),
        ),
        Want(
            eras={K1: ("key-001", "agent"), K2: ("key-002", "agent")},
            cutoffs={K1: {C1}},
            active={K2},
            grant_cutoff={K2: C1, K1: None},
            sign={
                (V2, "key-001"): ("ok", K1),
                (V2, "key-002"): ("ok", K2),
                (V2, "key-009"): ("unknown_key", None),
            },
        ),
    ),
    "role_is_the_prefix_the_root_granted": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_grant", key_id="housekeeper-001", public_key=HK),
            ev(
                3,
                "key_rotation",
                key_id="auditor-002",
                public_key=AU,
                old_key_id="housekeeper-001",
                cutoff=C1,
            ),
        ),
        Want(
            eras={
                K1: ("key-001", "agent"),
                HK: ("housekeeper-001", "housekeeper"),
                AU: ("auditor-002", "auditor"),
            }
        ),
    ),
    "legacy_label_is_no_role_without_a_root": (
        Statements(legacy=(Legacy(LEG, L1, "auditor-007"),)),
        Want(eras={L1: ("auditor-007", "agent")}, sign={(LEG, "anything"): ("ok", L1)}),
    ),
    "bound_legacy_key_not_granted_signs_only_as_itself": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            migrations=(MIG,),
            legacy=(Legacy(LEG, L1, "housekeeper-001"),),
        ),
        Want(
            eras={K1: ("key-001", "agent"), L1: ("housekeeper-001", "agent")},
            sign={
                (LEG, "key-001"): ("ok", L1),
                (V2, "key-001"): ("ok", K1),
                (V2, "housekeeper-001"): ("ok", L1),
            },
            refused={(V2, L1): "legacy_key"},
        ),
    ),
    "root_signed_record_names_a_legacy_key_under_v2": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            migrations=(MIG,),
            legacy=(Legacy(LEG, L1),),
            records=(Record("rec", V2, active=(RecordEntry("key-001", K1), RecordEntry("key-legacy", L1))),),
        ),
        Want(sign={(V2, "key-legacy"): ("ok", L1)}, refused={(V2, L1): "legacy_key"}),
    ),
    "migration_grant_brings_the_legacy_key_in": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=L1, migration_record_id="mig"),
            migrations=(MIG,),
            legacy=(Legacy(LEG, L1, "auditor-007"),),
        ),
        Want(
            eras={L1: ("key-001", "agent")},
            sign={(LEG, "x"): ("ok", L1), (V2, "key-001"): ("ok", L1)},
        ),
    ),
    "legacy_grant_without_its_migration": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=L1), migrations=(MIG,), legacy=(Legacy(LEG, L1),)
        ),
        Want(
            eras={L1: ("key-001", "agent")},
            problems=[("public_key_reused", "ev1"), ("migration_missing", "ev1")],
            sign={(V2, "key-001"): ("void_key", None)},
            refused={(V2, L1): "legacy_key"},
        ),
    ),
    "unbound_legacy_in_a_rooted_store": (
        rooted(ev(1, "key_grant", key_id="key-001", public_key=K1), legacy=(Legacy(LEG, L1),)),
        Want(
            unbound={LEG},
            problems=[("identity_unbound", LEG)],
            sign={(LEG, "key-001"): ("unknown_identity", None)},
        ),
    ),
    "two_legacy_without_a_root": (
        Statements(legacy=(Legacy(LEG2, L2), Legacy(LEG, L1))),
        Want(ambiguous=[LEG, LEG2], problems=[("identity_ambiguous", "")]),
    ),
    "unknown_event_type_voids_later_grants": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_suspend", key_id="key-001"),
            ev(3, "key_grant", key_id="key-late", public_key=K2),
            ev(4, "key_revoke", key_id="key-001", cutoff=C2),
        ),
        Want(
            eras={K1: ("key-001", "agent")},
            cutoffs={K1: {C2}},
            problems=[("control_event_unknown_type", "ev2")],
            sign={(V2, "key-late"): ("void_key", None)},
        ),
    ),
    "the_root_key_is_never_granted": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_grant", key_id="key-root", public_key=ROOT),
        ),
        Want(
            eras={K1: ("key-001", "agent")},
            problems=[("public_key_reused", "ev2")],
            sign={(V2, "key-root"): ("void_key", None)},
        ),
    ),
    "alias_of_an_active_key_is_void_even_if_a_record_lists_it": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_grant", key_id="key-backup", public_key=K1),
            records=(Record("rec", V2, active=(RecordEntry("key-001", K1), RecordEntry("key-backup", K1))),),
        ),
        Want(
            problems=[("public_key_reused", "ev2")],
            sign={(V2, "key-backup"): ("void_key", None), (V2, "key-001"): ("ok", K1)},
        ),
    ),
    "record_names_a_revoked_key_under_a_fresh_key_id": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_rotation", key_id="key-002", public_key=K2, old_key_id="key-001", cutoff=C1),
            records=(Record("rec", V2, active=(RecordEntry("key-002", K2), RecordEntry("key-076", K1))),),
        ),
        Want(cutoffs={K1: {C1}}, sign={(V2, "key-076"): ("ok", K1)}),
    ),
    "record_revocation_survives_a_deleted_event": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            records=(Record("rec", V2, revoked=(RecordEntry("key-001", K1, C1, "ev2"),)),),
        ),
        Want(cutoffs={K1: {C1}}, problems=[("control_event_missing", V2)]),
    ),
    "record_and_event_cutoffs_all_apply": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_rotation", key_id="key-002", public_key=K2, old_key_id="key-001", cutoff=C2),
            records=(Record("rec", V2, revoked=(RecordEntry("key-001", K1, C1, "ev2"),)),),
        ),
        Want(cutoffs={K1: {C1, C2}}, active={K2}),
    ),
    "record_revocation_of_a_key_no_statement_granted_changes_nothing": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            records=(Record("rec", V2, revoked=(RecordEntry("key-x", K3, C1, "ev9"),)),),
        ),
        Want(active={K1}, eras={K1: ("key-001", "agent")}),
    ),
    "revoke_of_a_legacy_key_by_public_key": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_revoke", key_id="whatever", public_key=L1, cutoff=C1, reason="compromise"),
            migrations=(MIG,),
            legacy=(Legacy(LEG, L1),),
        ),
        Want(cutoffs={L1: {C1}}, active={K1}),
    ),
    "revoke_of_a_legacy_key_by_its_label": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_revoke", key_id="key-legacy", cutoff=C1),
            migrations=(MIG,),
            legacy=(Legacy(LEG, L1, "key-legacy"),),
        ),
        Want(cutoffs={L1: {C1}}, active={K1}),
    ),
    "revocations_apply_after_an_invalid_event_and_grants_do_not": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(3, "key_grant", key_id="key-x", public_key=K2),
            ev(4, "key_revoke", key_id="key-001", cutoff=C1),
            ev(5, "key_grant", key_id="key-y", public_key=K3),
        ),
        Want(
            cutoffs={K1: {C1}},
            problems=[("control_chain_invalid", "ev3")] * 2,  # its sequence and its previous hash
            sign={(V2, "key-x"): ("void_key", None), (V2, "key-y"): ("void_key", None)},
        ),
    ),
    "a_revoked_key_is_never_granted_again": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_rotation", key_id="key-002", public_key=K2, old_key_id="key-001", cutoff=C1),
            ev(3, "key_grant", key_id="key-003", public_key=K1),
        ),
        Want(
            cutoffs={K1: {C1}},
            problems=[("public_key_reused", "ev3")],
            sign={(V2, "key-003"): ("void_key", None)},
        ),
    ),
    "revoking_a_key_never_granted_is_an_invalid_event": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_revoke", key_id="key-zzz", cutoff=C1),
        ),
        Want(active={K1}, problems=[("control_chain_invalid", "ev2")]),
    ),
    "previous_hash_break": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_grant", prev="evX", key_id="key-002", public_key=K2),
        ),
        Want(problems=[("control_chain_invalid", "ev2")], sign={(V2, "key-002"): ("void_key", None)}),
    ),
    "several_revocations_by_events_all_apply": (
        rooted(
            ev(1, "key_grant", key_id="key-001", public_key=K1),
            ev(2, "key_revoke", key_id="key-001", cutoff=C1),
            ev(3, "key_revoke", key_id="key-001", cutoff=C3, reason="compromise"),
        ),
        Want(cutoffs={K1: {C1, C3}}, problems=[("control_chain_invalid", "ev3")]),
    ),
}


@pytest.mark.parametrize("name", list(TABLE))
def test_authority_table(name: str) -> None:
    statements, want = TABLE[name]
    a = derive(statements)
    by_key = {e.public_key: e for e in a.eras}
    for key, (key_id, role) in want.eras.items():
        era = by_key[b64url(key)]
        assert (era.key_id, era.role) == (key_id, role)
    for key, cutoffs in want.cutoffs.items():
        assert {c for _, _, c in by_key[b64url(key)].revocations} == cutoffs
    for key in want.active:
        assert not by_key[b64url(key)].revocations
    for key, cutoff in want.grant_cutoff.items():
        assert by_key[b64url(key)].grant_cutoff == cutoff
    for (agent, key_id), (resolution, key) in want.sign.items():
        got, keys = a.candidates(agent, key_id)
        assert got == resolution, (agent, key_id, got)
        if key is not None:
            assert key in keys
            i, how = a.signer(agent, key)
            assert i is not None
            assert how == ("legacy_key" if (agent, key) in want.refused else "ok")
    for (agent, key), how in want.refused.items():
        assert a.signer(agent, key)[1] == how
    assert [(p.code, p.object_id) for p in a.problems] == want.problems
    assert a.unbound == want.unbound
    assert a.ambiguous == want.ambiguous


def test_the_function_is_pure() -> None:
    """The same statements give the same authority, and the statements are not changed."""
    for statements, _ in TABLE.values():
        first, second = derive(statements), derive(statements)
        assert first.eras == second.eras and first.names == second.names
        assert [(p.code, p.object_id) for p in first.problems] == [
            (p.code, p.object_id) for p in second.problems
        ]


def test_the_event_order_is_the_sequence_not_the_input_order() -> None:
    events = (
        ev(2, "key_rotation", key_id="key-002", public_key=K2, old_key_id="key-001", cutoff=C1),
        ev(1, "key_grant", key_id="key-001", public_key=K1),
    )
    a: Authority = derive(rooted(*events))
    assert [e.key_id for e in a.eras] == ["key-001", "key-002"]
    assert not a.problems


@pytest.mark.parametrize(
    "key_id,role",
    [
        ("housekeeper-001", "housekeeper"),
        ("auditor-x", "auditor"),
        ("key-001", "agent"),
        ("housekeeper", "agent"),
    ],
)
def test_role_of(key_id: str, role: str) -> None:
    assert role_of(key_id) == role
