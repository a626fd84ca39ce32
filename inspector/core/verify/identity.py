"""The identity layer (SPEC B2, B8): which statements the root signed, and whether
the identity records agree with them.

:func:`establish` checks the signatures of the small objects that speak about keys
— the root authority, the migration records, the identity records, the control
events — and hands what the root signed to :func:`.authority.derive`, the one place
rights are decided.  Anything else only produces findings here: a control event
without a valid root signature (or of another root, or unreadable) is
``control_event_signature_invalid`` and is not an event of the chain; an identity
record whose signature fails is ``identity_signature_invalid`` and states nothing;
a legacy Identity is unsigned, so its ``key_id`` is a label.  Then each root-signed
identity record is compared with the replay, by public key
(``identity_control_event_mismatch``, ``identity_record_stale``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..findings import Severity, message
from ..keys import agent_id_for, decode_signature, raw_from_jwk, root_id_for, verify_sig
from ..objects import Obj
from .authority import Authority, Event, Legacy, Migration, Record, RecordEntry, Statements, derive

AddFinding = Callable[..., None]
E, W = Severity.ERROR, Severity.WARNING


def jwk_raw(jwk: Any) -> bytes | None:
    """The raw Ed25519 key of a JWK, or None when it is not one."""
    try:
        return raw_from_jwk(jwk)
    except ValueError:
        return None


def derived_id(jwk: Any, root: bool = False) -> str | None:
    """``did:alethech[:root]:…`` of a JWK; None when it has no canonical form."""
    if type(jwk) is not dict:
        return None
    try:
        return root_id_for(jwk) if root else agent_id_for(jwk)
    except ValueError:  # JsonError: a string that is not valid Unicode
        return None


# ---- messages -----------------------------------------------------------------------

M_ROOT_NOT_JWK = message("The root authority's root_public_key is not an Ed25519 JWK.")
M_ROOT_ID = message("root_id does not derive from root_public_key.")
M_ROOT_DIGEST = message("The root authority's id does not match its content.")
M_ROOT_SIG = message("The root authority's self-signature does not verify.")
M_LEGACY_DERIVE = message("This legacy identity's agent_id does not derive from its own public key.")
M_RECORD_NEEDS_ROOT = message(
    "Identity record {record} needs a root authority, but root_authority.json is missing or unreadable."
)
M_RECORD_DERIVE = message(
    "The identity record's agent_id and root_id do not derive from its root_public_key."
)
M_RECORD_OTHER_ROOT = message(
    "The identity record is bound to root {record_root}, but the store's root authority is {root}."
)
M_RECORD_SIG = message("The identity record's signature does not verify with the root key.")
M_RECORD_SIG_DIGEST = message(
    "The identity record's signature does not verify with the root key (its id does not match its content)."
)
M_RECORD_MISSING = message(
    "The store has a root authority but no identity record for its agent {agent_id}: the record the root "
    "signs is missing."
)
M_EVENT_UNREADABLE = message(
    "Control event file {event} cannot be read, so no root signature holds it: it is not an event of the "
    "chain and is replayed as nothing."
)
M_EVENT_NO_ROOT = message(
    "Control event #{seq} ({event_type}) cannot be checked: there is no valid root authority, so it is not "
    "an event of the chain."
)
M_EVENT_DIGEST = message(
    "Control event #{seq} ({event_type}) does not match its id (expected {want}): no root signature holds "
    "it, so it is not an event of the chain and is replayed as nothing."
)
M_EVENT_ROOT_ID = message(
    "Control event #{seq} ({event_type}) names root {got}, but the store's root is {want}: it is not an "
    "event of this chain and is replayed as nothing."
)
M_EVENT_SIGNATURE = message(
    "Control event #{seq} ({event_type}) is not signed by the root key: its signature does not verify, so "
    "it is not an event of the chain and is replayed as nothing."
)
M_MISMATCH_ACTIVE = message(
    "Control event {event} revoked key {key_id} (fingerprint {fingerprint}) at {cutoff}, but the identity "
    "record lists that public key as active under key_id {listed}."
)
M_MISMATCH_CUTOFF = message(
    "Control event {event} revoked key {key_id} with cutoff_head {cutoff}, but the identity record says "
    "cutoff_head {listed}."
)
M_MISMATCH_ACTIVE_BY_ID = message(
    "The identity record lists {key_id} as active, but control event {event} revoked {key_id}."
)
M_STALE_NOT_REVOKED = message(
    "Key {key_id} was revoked by {event} but the identity record does not list it as revoked."
)
M_STALE_NOT_ACTIVE = message(
    "Key {key_id} granted by {event} is absent from the identity record's active keys."
)
M_STALE_NEVER_GRANTED = message(
    "The identity record lists key {key_id} as active, but the control chain never granted that public "
    "key; anything it signs is UNKNOWN_KEY."
)
M_STALE_LISTED_REVOKED = message(
    "The identity record lists key {key_id} as revoked, but the control chain never revoked it."
)
M_MIGRATION_SIG = message(
    "The migration record's legacy signature and root signature must both verify over the record."
)
M_MIGRATION_SIG_DIGEST = message(
    "The migration record's legacy signature and root signature must both verify over the record (its id "
    "does not match its content)."
)
M_MIGRATION_FIELDS = message("The migration record is inconsistent: {problems}.")


# ---- what the root signed ---------------------------------------------------------------


class _Gather:
    def __init__(self, add: AddFinding) -> None:
        self.add = add
        self.root_raw: bytes | None = None
        self.root_id: str | None = None
        self.agent_id: str | None = None

    def root_authority(self, root: Obj) -> None:
        rid = root.stored_id
        jwk = root.get("root_public_key")
        rr = jwk_raw(jwk)
        if rr is None:
            self.add("root_authority_invalid", E, "root_authority", rid, M_ROOT_NOT_JWK)
        elif root.get("root_id") != derived_id(jwk, root=True):
            self.add(
                "root_authority_invalid",
                E,
                "root_authority",
                rid,
                M_ROOT_ID,
                expected=derived_id(jwk, root=True),
                found=str(root.get("root_id")),
            )
        elif not root.digest_ok:
            self.add(
                "root_authority_invalid",
                E,
                "root_authority",
                rid,
                M_ROOT_DIGEST,
                expected=root.computed_id,
                found=rid,
            )
        elif not verify_sig(rr, decode_signature(root.signature), root.sign_bytes):
            self.add("root_authority_invalid", E, "root_authority", rid, M_ROOT_SIG)
        else:
            self.root_raw, self.root_id, self.agent_id = rr, root.get("root_id"), derived_id(jwk)

    def migrations(self, migrations: list[Obj]) -> list[Migration]:
        out = []
        for mig in migrations:
            if mig.malformed is not None:
                continue
            lraw = jwk_raw(mig.get("legacy_public_key"))
            nraw = jwk_raw(mig.get("new_root_public_key"))
            sig_ok = (
                mig.digest_ok
                and lraw is not None
                and nraw is not None
                and verify_sig(
                    lraw, decode_signature(mig.extra_signatures.get("legacy_signature")), mig.sign_bytes
                )
                and verify_sig(nraw, decode_signature(mig.signature), mig.sign_bytes)
            )
            if not sig_ok:
                self.add(
                    "migration_signature_invalid",
                    E,
                    "migration",
                    mig.stored_id,
                    M_MIGRATION_SIG if mig.digest_ok else M_MIGRATION_SIG_DIGEST,
                )
                continue
            problems = []
            if mig.get("legacy_agent_id") != derived_id(mig.get("legacy_public_key")):
                problems.append("legacy_agent_id does not derive from legacy_public_key")
            if mig.get("new_agent_id") != derived_id(mig.get("new_root_public_key")):
                problems.append("new_agent_id does not derive from new_root_public_key")
            if mig.get("new_root_id") != derived_id(mig.get("new_root_public_key"), root=True):
                problems.append("new_root_id does not derive from new_root_public_key")
            if self.root_raw is not None and nraw != self.root_raw:
                problems.append("new_root_public_key is not the store's root key")
            if problems:
                self.add(
                    "identity_invalid",
                    E,
                    "migration",
                    mig.stored_id,
                    M_MIGRATION_FIELDS,
                    problems="; ".join(problems),
                )
                continue
            if self.root_raw is not None and lraw is not None:
                out.append(Migration(mig.stored_id, mig.get("legacy_agent_id"), lraw))
        return out

    def legacy(self, ident: Obj) -> Legacy | None:
        jwk = ident.get("public_key")
        raw = jwk_raw(jwk)
        derived = derived_id(jwk)
        if raw is None or derived is None or ident.get("agent_id") != derived:
            self.add(
                "identity_invalid",
                E,
                "identity",
                ident.stored_id,
                M_LEGACY_DERIVE,
                expected=derived or "a valid Ed25519 JWK",
                found=str(ident.get("agent_id")),
            )
            return None
        label = ident.get("key_id")
        return Legacy(derived, raw, label if type(label) is str else "")

    def record(self, ident: Obj, root: Obj | None) -> Record | None:
        """The record as a root-signed statement, or None (then it only has findings)."""
        aid = ident.get("agent_id")
        jwk = ident.get("root_public_key")
        ok = True
        if root is None or root.malformed is not None:
            self.add(
                "root_authority_invalid",
                E,
                "root_authority",
                "root_authority.json",
                M_RECORD_NEEDS_ROOT,
                record=ident.stored_id,
            )
            ok = False
        elif jwk_raw(jwk) is None or aid != derived_id(jwk) or ident.get("root_id") != derived_id(jwk, True):
            self.add("identity_invalid", E, "identity", aid, M_RECORD_DERIVE)
            ok = False
        elif self.root_raw is not None and (
            ident.get("root_id") != self.root_id or jwk_raw(jwk) != self.root_raw
        ):
            self.add(
                "identity_invalid",
                E,
                "identity",
                aid,
                M_RECORD_OTHER_ROOT,
                record_root=ident.get("root_id"),
                root=self.root_id,
            )
            ok = False
        if self.root_raw is not None and not (
            ident.digest_ok and verify_sig(self.root_raw, decode_signature(ident.signature), ident.sign_bytes)
        ):
            self.add(
                "identity_signature_invalid",
                E,
                "identity",
                aid,
                M_RECORD_SIG if ident.digest_ok else M_RECORD_SIG_DIGEST,
            )
            ok = False
        if not ok or self.root_raw is None:
            return None
        # only now, with the root's signature verified, are the entries read (B7)
        return Record(ident.stored_id, aid, _entries(ident, "active_keys"), _entries(ident, "revoked_keys"))

    def event(self, ev: Obj) -> Event | None:
        """The event as a root-signed statement of this root, or None (reported)."""
        if ev.malformed is not None:
            self.add(
                "control_event_signature_invalid",
                E,
                "control_event",
                ev.stored_id,
                M_EVENT_UNREADABLE,
                event=ev.stored_id,
            )
            return None
        where = {"seq": ev.get("sequence"), "event_type": ev.get("event_type")}
        extra: dict[str, Any] = {}
        if self.root_raw is None:
            template = M_EVENT_NO_ROOT
        elif not ev.digest_ok:
            template = M_EVENT_DIGEST
            extra = {"want": ev.computed_id, "expected": ev.stored_id, "found": ev.computed_id}
        elif ev.get("root_id") != self.root_id:
            template = M_EVENT_ROOT_ID
            extra = {"want": self.root_id, "got": ev.get("root_id"), "expected": self.root_id}
            extra["found"] = str(ev.get("root_id"))
        elif not verify_sig(self.root_raw, decode_signature(ev.signature), ev.sign_bytes):
            template = M_EVENT_SIGNATURE
        else:
            cutoff = ev.get("cutoff_head")
            return Event(
                id=ev.stored_id,
                sequence=ev.get("sequence"),
                previous=ev.get("previous_control_hash"),
                event_type=ev.get("event_type"),
                key_id=ev.get("key_id"),
                public_key=jwk_raw(ev.get("public_key")),
                old_key_id=ev.get("old_key_id"),
                cutoff=cutoff or None,
                reason=ev.get("reason"),
                migration_record_id=ev.get("migration_record_id"),
            )
        self.add(
            "control_event_signature_invalid", E, "control_event", ev.stored_id, template, **where, **extra
        )
        return None


def _entries(ident: Obj, name: str) -> tuple[RecordEntry, ...]:
    out = []
    for entry in ident.get(name):
        raw = jwk_raw(entry.get("public_key"))
        if raw is None:
            continue  # malformed_field was reported at parse time
        kid, cutoff, by = entry.get("key_id"), entry.get("cutoff_head"), entry.get("revoked_by")
        out.append(
            RecordEntry(
                kid if type(kid) is str else None,
                raw,
                cutoff if type(cutoff) is str and cutoff else None,
                by if type(by) is str else "",
            )
        )
    return tuple(out)


def establish(
    root: Obj | None,
    identities: list[Obj],
    events: list[Obj],
    migrations: list[Obj],
    add: AddFinding,
) -> Authority:
    """Check what the root signed, derive the authority from it, and report every
    problem of the replay and every disagreement of the identity records."""
    g = _Gather(add)
    if root is not None and root.malformed is not None:
        root_ok: Obj | None = None
    else:
        root_ok = root
    if root_ok is not None:
        g.root_authority(root_ok)
    legacy: list[Legacy] = []
    records: list[Record] = []
    record_agents: set[str] = set()
    for ident in identities:
        if ident.malformed is not None:
            continue
        if ident.type == "Identity":
            x = g.legacy(ident)
            if x is not None:
                legacy.append(x)
            continue
        record_agents.add(ident.get("agent_id"))
        rec = g.record(ident, root)
        if rec is not None:
            records.append(rec)
    if g.agent_id is not None and g.agent_id not in record_agents:
        add("identity_invalid", E, "store", "", M_RECORD_MISSING, agent_id=g.agent_id)
    statements = Statements(
        has_root=root is not None,
        root_public_key=g.root_raw,
        agent_id=g.agent_id,
        events=tuple(e for ev in events if (e := g.event(ev)) is not None),
        records=tuple(records),
        migrations=tuple(g.migrations(migrations)),
        legacy=tuple(legacy),
    )
    authority = derive(statements)
    for p in authority.problems:
        add(p.code, E, p.kind, p.object_id, p.template, p.related, **p.params)
    for rec in records:
        _record_agreement(rec, authority, add)
    return authority


# ---- the records' agreement with the replay -------------------------------------------


def _record_agreement(rec: Record, a: Authority, add: AddFinding) -> None:
    """A root-signed identity record must agree with the replay, compared by public key
    (B2); every entry counts.  Linear in the record: its entries are indexed once."""
    aid = rec.agent_id
    active: dict[bytes, list[str | None]] = {}
    for entry in rec.active:
        active.setdefault(entry.public_key, []).append(entry.key_id)
    revoked: dict[bytes, list[RecordEntry]] = {}
    for entry in rec.revoked:
        revoked.setdefault(entry.public_key, []).append(entry)
    events = {e.id for e in a.events}
    chain_pubs = {a.era_raw[i]: i for i, c in enumerate(a.chain) if c}
    for raw, i in chain_pubs.items():
        era = a.eras[i]
        revs = a.chain_revocations.get(i)
        if revs:
            first, _, first_cutoff = revs[0]
            for kid in active.get(raw, ()):
                add(
                    "identity_control_event_mismatch",
                    E,
                    "identity",
                    aid,
                    M_MISMATCH_ACTIVE,
                    (first,),
                    event=first,
                    key_id=era.key_id,
                    fingerprint=era.fingerprint,
                    cutoff=first_cutoff,
                    listed=kid,
                )
            cutoff_of = {ev: cutoff for ev, _, cutoff in revs}
            for entry in revoked.get(raw, ()):
                event = entry.revoked_by if entry.revoked_by in cutoff_of else first
                if entry.cutoff != cutoff_of[event]:
                    add(
                        "identity_control_event_mismatch",
                        E,
                        "identity",
                        aid,
                        M_MISMATCH_CUTOFF,
                        (event,),
                        expected=cutoff_of[event],
                        found=str(entry.cutoff),
                        event=event,
                        key_id=era.key_id,
                        cutoff=cutoff_of[event],
                        listed=entry.cutoff,
                    )
            if raw not in active and raw not in revoked:
                add(
                    "identity_record_stale",
                    W,
                    "identity",
                    aid,
                    M_STALE_NOT_REVOKED,
                    (first,),
                    key_id=era.key_id,
                    event=first,
                )
        else:
            if raw not in active:
                add(
                    "identity_record_stale",
                    W,
                    "identity",
                    aid,
                    M_STALE_NOT_ACTIVE,
                    (era.granted_by,),
                    key_id=era.key_id,
                    event=era.granted_by,
                )
            # an entry whose event is absent is control_event_missing (an error) already
            if any(entry.revoked_by in events for entry in revoked.get(raw, ())):
                add("identity_record_stale", W, "identity", aid, M_STALE_LISTED_REVOKED, key_id=era.key_id)
    by_id = {a.eras[i].key_id: i for i in chain_pubs.values()}
    for raw, kids in active.items():
        if raw in chain_pubs:
            continue
        for kid in kids:
            j = by_id.get(kid) if kid is not None else None
            revs = a.chain_revocations.get(j) if j is not None else None
            if revs:
                add(
                    "identity_control_event_mismatch",
                    E,
                    "identity",
                    aid,
                    M_MISMATCH_ACTIVE_BY_ID,
                    (revs[0][0],),
                    key_id=kid,
                    event=revs[0][0],
                )
            else:
                add("identity_record_stale", W, "identity", aid, M_STALE_NEVER_GRANTED, key_id=str(kid))
