"""Who may sign what, in which role, from when (SPEC B2, B3, B8, revision 3).

:func:`derive` is a pure function.  Its inputs are the statements the root signed
— the control events whose root signature verified, the identity records whose root
signature verified, the migration records bound to this root (both signatures) —
and the legacy identities, which are unsigned: a legacy identity only ever says
*which* key an agent_id derives from (its ``key_id`` is a display label, never a
role).  Its output, :class:`Authority`, is the only place the verifier asks "may
this public key sign this object, under this agent_id, in this role, then?":

* **eras**: one per public key, in grant order (legacy keys no grant brought into
  the chain come last), each with its role (the prefix of the key_id the *root*
  granted; a legacy key is an agent key), its grant cutoff, and every revocation
  cutoff any root-signed statement gave it;
* **who signs under which agent_id**: under the v2 agent_id, the keys the chain
  granted, named by a valid grant or a root-signed record (a key_id that only an
  ineffective grant named is unknown); under a legacy agent_id that counts, that
  identity's own key (B8);
* the **problems** of the replay (chain breaks, invalid events, absent events a
  record cites, membership), as data the caller reports.

Rules, in the words of SPEC B2 (rev 3): the chain is replayed in sequence order;
from the first invalid event on no grant takes effect while every revocation of a
root-signed statement applies; revocations are the union of the events' and the
records' (a record's ``revoked_keys`` entry applies at its cutoff even when the
event it names is gone); a revocation of a legacy public key applies under every
agent_id; one public key, one era, and the root's own key is never granted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..findings import message
from ..keys import b64url, b64url_decode, fingerprint
from .report import KeyEra

__all__ = [
    "ROLES",
    "Authority",
    "Event",
    "Legacy",
    "Migration",
    "Problem",
    "Record",
    "RecordEntry",
    "Statements",
    "derive",
    "raw_from_era",
    "role_of",
]

ROLES = ("housekeeper", "auditor")
KNOWN_EVENT_TYPES = ("key_grant", "key_rotation", "key_revoke", "migration")


def role_of(key_id: str) -> str:
    """SPEC C: the role is the prefix of the key_id the root granted (``housekeeper-…``,
    ``auditor-…``); any other key is an agent key."""
    for role in ROLES:
        if key_id.startswith(role + "-"):
            return role
    return "agent"


def raw_from_era(era: KeyEra) -> bytes:
    return b64url_decode(era.public_key)


# ---- inputs ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """A control event whose root signature verified, of this root."""

    id: str
    sequence: int
    previous: str
    event_type: str
    key_id: str = ""
    public_key: bytes | None = None  # None: not an Ed25519 JWK (``{}`` in a key_revoke)
    old_key_id: str = ""
    cutoff: str | None = None
    reason: str = ""
    migration_record_id: str = ""


@dataclass(frozen=True, slots=True)
class RecordEntry:
    """One ``active_keys`` or ``revoked_keys`` entry with an Ed25519 public key."""

    key_id: str | None
    public_key: bytes
    cutoff: str | None = None  # revoked_keys only
    revoked_by: str = ""  # revoked_keys only


@dataclass(frozen=True, slots=True)
class Record:
    """An identity record whose root signature verified, naming this root's agent."""

    id: str
    agent_id: str
    active: tuple[RecordEntry, ...] = ()
    revoked: tuple[RecordEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class Migration:
    """A migration record whose both signatures verified, bound to this root."""

    id: str
    legacy_agent_id: str
    legacy_public_key: bytes


@dataclass(frozen=True, slots=True)
class Legacy:
    """A legacy Identity whose agent_id derives from its key (unsigned: ``label`` is
    its key_id, shown, never read as a right)."""

    agent_id: str
    public_key: bytes
    label: str = ""


@dataclass(frozen=True)
class Statements:
    """Everything :func:`derive` reads."""

    has_root: bool = False  # root_authority.json is present (valid or not): B8 membership
    root_public_key: bytes | None = None  # the root key, when the root authority verified
    agent_id: str | None = None  # the v2 agent_id (derived from the root key)
    events: tuple[Event, ...] = ()
    records: tuple[Record, ...] = ()
    migrations: tuple[Migration, ...] = ()
    legacy: tuple[Legacy, ...] = ()


@dataclass(frozen=True)
class Problem:
    """A finding of the replay, for the caller to report (all are errors)."""

    code: str
    kind: str  # "control_event", "identity" or "store"
    object_id: str
    template: str
    related: tuple[str, ...] = ()
    params: dict[str, Any] = field(default_factory=dict)


# ---- messages ---------------------------------------------------------------------------

P_SEQUENCE = message(
    "Control event #{seq} ({event_type}) breaks the chain: expected sequence {want}, found {got}."
)
P_PREVIOUS = message(
    "Control event #{seq} ({event_type}) breaks the chain: previous_control_hash should be {want}, "
    "found {got}."
)
P_GRANT_SHAPE = message(
    "Control event #{seq} ({event_type}) is invalid: a grant needs a key_id and an Ed25519 public key."
)
P_KEY_ID_ACTIVE = message(
    "Control event #{seq} ({event_type}) is invalid: key_id {key_id} is already active."
)
P_NOT_ACTIVE = message("Control event #{seq} ({event_type}) is invalid: {key_id} is not an active key.")
P_UNKNOWN_TYPE = message(
    "Control event #{seq} has an unknown event_type {event_type}: it applies nothing, and no grant after it "
    "takes effect."
)
P_REUSED_ACTIVE = message(
    "Control event #{seq} ({event_type}) grants public key {fingerprint}, which is already active as "
    "{other}: one public key, one era."
)
P_REUSED_REVOKED = message(
    "Control event #{seq} ({event_type}) grants public key {fingerprint}, which was revoked as {other}: a "
    "revoked key is never granted again."
)
P_REUSED_ROOT = message(
    "Control event #{seq} ({event_type}) grants the root's own public key {fingerprint}: the root key is "
    "never granted."
)
P_MIGRATION = message(
    "Control event #{seq} ({event_type}) grants the legacy public key {fingerprint} without a "
    "migration_record_id naming a valid migration record that binds that key to this root."
)
M_EVENT_MISSING = message(
    "The identity record revokes key {key_id} (fingerprint {fingerprint}) at cutoff {cutoff} by control "
    "event {event}, which is not a root-signed event of this store: the revocation still applies."
)
M_UNBOUND = message(
    "Legacy identity {agent_id} is not bound to this store's root by any valid migration record: its "
    "commits are UNKNOWN_IDENTITY."
)
M_AMBIGUOUS = message(
    "This store has no root authority and {count} legacy identities ({agent_ids}); only the identity that "
    "signed the root commit reached from HEAD by first parents counts."
)


# ---- the result ---------------------------------------------------------------------------

Revocation = tuple[str, str | None, str | None]  # (statement: event id, reason, cutoff_head)


@dataclass
class Authority:
    """Who may sign: eras, names and membership (see the module doc).  Plain data, so
    it crosses to the worker processes of :mod:`.shards`."""

    eras: list[KeyEra]
    by_pub: dict[bytes, int]  # public key -> era index (one era per public key)
    chain: list[bool]  # per era: brought in by a valid grant (else a legacy key that counts)
    agent_id: str | None  # the v2 agent_id, or the single legacy one (MutMem tenant)
    v2_agent: str | None  # the agent_id the chain's keys sign under
    names: dict[str, list[int]]  # key_id -> the eras it may name (the keys worth trying)
    void: dict[str, str]  # key_id -> the event whose grant of it took no effect (and no valid one did)
    legacy: dict[str, bytes]  # legacy agent_id that counts -> its public key
    unbound: set[str]  # legacy agent_ids that do not belong to the store (B8)
    ambiguous: list[str]  # root-less store with several legacy identities: all of them
    events: list[Event]  # the root-signed events, in replay order
    chain_revocations: dict[int, list[Revocation]]  # era -> what the events (not records) revoked
    record_revocations: list[tuple[Record, RecordEntry]]  # record entries applied (their era exists)
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.era_raw = [b64url_decode(e.public_key) for e in self.eras]
        self.legacy_only = [i for i, c in enumerate(self.chain) if not c]

    def candidates(self, agent_id: str, key_id: str) -> tuple[str, list[bytes]]:
        """The public keys worth trying on an object that claims ``agent_id`` and
        ``key_id``, and how the claim resolved: ``ok``, ``unknown_identity``,
        ``unknown_key`` or ``void_key`` (a key_id only an ineffective grant named).
        Whether the key that verifies may sign is :meth:`signer`'s question."""
        if agent_id == self.v2_agent:
            if key_id in self.void:
                return "void_key", []
            eras = self.names.get(key_id)
            if eras:
                # and the legacy keys no grant brought in: one that verifies here is
                # UNKNOWN_KEY (it signs only under its own agent_id), never a bad signature
                extra = [i for i in self.legacy_only if i not in eras]
                return "ok", [self.era_raw[i] for i in (*eras, *extra)]
            return "unknown_key", []
        raw = self.legacy.get(agent_id)
        if raw is not None:
            return "ok", [raw]
        return "unknown_identity", []

    def signer(self, agent_id: str, raw: bytes) -> tuple[int | None, str]:
        """The era of the public key that verified an object claiming ``agent_id``, and
        whether it may sign there: ``ok``; ``legacy_key`` (a legacy key that no grant
        brought into the chain, under the v2 agent_id: it signs only under its own
        legacy agent_id); ``no_era`` (a key no statement gave an era)."""
        i = self.by_pub.get(raw)
        if i is None:
            return None, "no_era"
        if agent_id == self.v2_agent and not self.chain[i]:
            return i, "legacy_key"
        if agent_id != self.v2_agent and self.legacy.get(agent_id) != raw:
            return None, "no_era"  # (candidates never offer such a key)
        return i, "ok"

    def resolve_ambiguity(self, member: str | None) -> None:
        """Root-less store with several legacy identities (B8): only ``member`` counts."""
        for aid in list(self.legacy):
            if aid != member:
                del self.legacy[aid]
                self.unbound.add(aid)
        if member is not None:
            self.agent_id = member


# ---- the replay ------------------------------------------------------------------------


@dataclass
class _Era:
    key_id: str
    raw: bytes
    granted_by: str
    granted_event_type: str
    chain: bool  # brought in by a valid grant (else: a legacy key that counts)
    grant_cutoff: str | None = None
    revocations: list[Revocation] = field(default_factory=list)
    chain_revocations: list[Revocation] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)

    @property
    def revoked(self) -> bool:
        return bool(self.revocations)

    def revoke(self, what: Revocation, *, by_event: bool) -> None:
        if what not in self.revocations:
            self.revocations.append(what)
        if by_event and what not in self.chain_revocations:
            self.chain_revocations.append(what)

    def alias(self, key_id: str | None) -> None:
        if key_id and key_id != self.key_id and key_id not in self.aliases:
            self.aliases.append(key_id)

    def freeze(self, index: int) -> KeyEra:
        first = self.revocations[0] if self.revocations else (None, None, None)
        return KeyEra(
            index=index,
            key_id=self.key_id,
            role=role_of(self.key_id) if self.chain else "agent",
            public_key=b64url(self.raw),
            fingerprint=fingerprint(self.raw),
            granted_by=self.granted_by,
            granted_event_type=self.granted_event_type,
            grant_cutoff=self.grant_cutoff,
            revoked_by=first[0],
            revoke_reason=first[1],
            cutoff=first[2],
            aliases=tuple(self.aliases),
            revocations=tuple(self.revocations),
        )


class _Replay:
    def __init__(self, s: Statements) -> None:
        self.s = s
        self.problems: list[Problem] = []
        self.chain: list[_Era] = []  # in grant order
        self.chain_by_pub: dict[bytes, _Era] = {}
        self.by_id: dict[str, _Era] = {}  # key_id -> latest valid grant of it
        self.granted_names: dict[str, list[_Era]] = {}  # key_id -> every era validly granted under it
        self.void: dict[str, str] = {}
        self.legacy: dict[bytes, _Era] = {}  # legacy keys that count, not (yet) brought into the chain
        self.legacy_members: dict[str, bytes] = {}
        self.unbound: set[str] = set()
        self.ambiguous: list[str] = []
        self.migrated = {m.id: m.legacy_public_key for m in s.migrations}
        self.legacy_keys = {x.public_key for x in s.legacy} | set(self.migrated.values())

    def problem(
        self, code: str, kind: str, oid: str, template: str, related: Iterable[str] = (), **params: Any
    ) -> None:
        self.problems.append(Problem(code, kind, oid, template, tuple(related), params))

    def era_by_pub(self, raw: bytes) -> _Era | None:
        return self.chain_by_pub.get(raw) or self.legacy.get(raw)

    # -- membership (B8) --------------------------------------------------------------
    def membership(self) -> None:
        s = self.s
        bound = {m.legacy_public_key for m in s.migrations}
        for x in sorted(s.legacy, key=lambda x: x.agent_id):
            if s.has_root and x.public_key not in bound:
                self.unbound.add(x.agent_id)
                self.problem("identity_unbound", "identity", x.agent_id, M_UNBOUND, agent_id=x.agent_id)
                continue
            self.legacy_members[x.agent_id] = x.public_key
            era = self.legacy.get(x.public_key)
            if era is None:
                self.legacy[x.public_key] = _Era(
                    x.label or "key-001", x.public_key, f"legacy-identity:{x.agent_id}", "legacy", False
                )
        if not s.has_root and len(self.legacy_members) > 1:
            self.ambiguous = sorted(self.legacy_members)
            self.problem(
                "identity_ambiguous",
                "store",
                "",
                M_AMBIGUOUS,
                self.ambiguous,
                count=len(self.ambiguous),
                agent_ids=", ".join(self.ambiguous),
            )

    # -- the chain ------------------------------------------------------------------------
    def replay(self) -> list[Event]:
        ordered = sorted(self.s.events, key=lambda e: (e.sequence, e.id))
        grants_open = True
        expected_seq, prev = 1, ""
        for ev in ordered:
            ctx = {"seq": ev.sequence, "event_type": ev.event_type}
            bad: list[tuple[str, str, dict[str, Any]]] = []
            if ev.sequence != expected_seq:
                bad.append(("control_chain_invalid", P_SEQUENCE, {"want": expected_seq, "got": ev.sequence}))
            if ev.previous != prev:
                bad.append(
                    (
                        "control_chain_invalid",
                        P_PREVIOUS,
                        {"want": prev or "(empty)", "got": ev.previous or "(empty)"},
                    )
                )
            grant, targets, semantic = self.semantics(ev)
            bad += semantic
            for code, template, params in bad:
                extra = (
                    {"expected": str(params["want"]), "found": str(params["got"])} if "want" in params else {}
                )
                self.problem(code, "control_event", ev.id, template, **{**ctx, **params, **extra})
            for era in targets:  # a root-signed revocation always applies (B2)
                era.revoke((ev.id, ev.reason, ev.cutoff), by_event=True)
            if bad:
                grants_open = False
            if grant is not None:
                if grants_open:
                    self.grant(ev, *grant)
                elif grant[0] not in self.granted_names:
                    self.void.setdefault(grant[0], ev.id)
            expected_seq, prev = ev.sequence + 1, ev.id
        return ordered

    def semantics(
        self, ev: Event
    ) -> tuple[tuple[str, bytes, str | None] | None, list[_Era], list[tuple[str, str, dict[str, Any]]]]:
        """What ``ev`` grants (key_id, public key, grant cutoff), which eras it revokes,
        and what is wrong with it."""
        et = ev.event_type
        bad: list[tuple[str, str, dict[str, Any]]] = []
        grant: tuple[str, bytes, str | None] | None = None
        targets: list[_Era] = []
        if et not in KNOWN_EVENT_TYPES:
            return None, [], [("control_event_unknown_type", P_UNKNOWN_TYPE, {})]
        if et in ("key_rotation", "key_revoke"):
            name = ev.old_key_id if et == "key_rotation" else ev.key_id
            named = self.by_id.get(name) if name else None
            if named is None and name:  # a legacy key by its label (a revocation only takes trust away)
                named = next((e for e in self.legacy.values() if e.key_id == name), None)
            if named is not None:
                targets.append(named)
            if et == "key_revoke" and ev.public_key is not None:
                by_key = self.era_by_pub(ev.public_key)
                if by_key is not None and by_key not in targets:
                    targets.append(by_key)
            if not targets or all(e.revoked for e in targets):
                bad.append(("control_chain_invalid", P_NOT_ACTIVE, {"key_id": name or "(empty)"}))
        if et in ("key_grant", "key_rotation"):
            raw, kid = ev.public_key, ev.key_id
            if raw is None or not kid:
                bad.append(("control_chain_invalid", P_GRANT_SHAPE, {}))
                return None, targets, bad
            active = self.by_id.get(kid)
            rotating = et == "key_rotation" and kid == ev.old_key_id
            if active is not None and not active.revoked and not rotating:
                bad.append(("control_chain_invalid", P_KEY_ID_ACTIVE, {"key_id": kid}))
            migration = et == "key_grant" and self.migrated.get(ev.migration_record_id) == raw
            other = self.chain_by_pub.get(raw)
            legacy = self.legacy.get(raw)
            if raw == self.s.root_public_key:
                bad.append(("public_key_reused", P_REUSED_ROOT, {"fingerprint": fingerprint(raw)}))
            elif other is not None or (legacy is not None and (legacy.revoked or not migration)):
                prior = other if other is not None else legacy
                assert prior is not None
                template = P_REUSED_REVOKED if prior.revoked else P_REUSED_ACTIVE
                bad.append(
                    ("public_key_reused", template, {"fingerprint": fingerprint(raw), "other": prior.key_id})
                )
            if raw in self.legacy_keys and not migration:
                bad.append(("migration_missing", P_MIGRATION, {"fingerprint": fingerprint(raw)}))
            grant = (kid, raw, ev.cutoff if et == "key_rotation" else None)
        return grant, targets, bad

    def grant(self, ev: Event, key_id: str, raw: bytes, grant_cutoff: str | None) -> None:
        era = _Era(key_id, raw, ev.id, ev.event_type, True, grant_cutoff)
        legacy = self.legacy.pop(raw, None)
        if legacy is not None:  # a migration grant brings the legacy key into the chain
            era.alias(legacy.key_id)
        self.chain.append(era)
        self.chain_by_pub[raw] = era
        self.by_id[key_id] = era
        self.granted_names.setdefault(key_id, []).append(era)
        self.void.pop(key_id, None)

    # -- what the records state ------------------------------------------------------------
    def records(self, chain_events: dict[str, Event]) -> list[tuple[Record, RecordEntry]]:
        applied: list[tuple[Record, RecordEntry]] = []
        for rec in self.s.records:
            missing: set[str] = set()
            for entry in rec.revoked:
                era = self.era_by_pub(entry.public_key)
                if era is None:
                    continue  # a key no statement gave a right: nothing to take away
                applied.append((rec, entry))
                ev = chain_events.get(entry.revoked_by)
                era.revoke((entry.revoked_by, ev.reason if ev else None, entry.cutoff), by_event=False)
                era.alias(entry.key_id)
                if ev is None and entry.revoked_by not in missing:
                    missing.add(entry.revoked_by)
                    self.problem(
                        "control_event_missing",
                        "identity",
                        rec.agent_id,
                        M_EVENT_MISSING,
                        (entry.revoked_by,) if entry.revoked_by else (),
                        key_id=entry.key_id or era.key_id,
                        fingerprint=fingerprint(entry.public_key),
                        cutoff=entry.cutoff or "(none)",
                        event=entry.revoked_by or "(none)",
                    )
            for entry in rec.active:
                era = self.chain_by_pub.get(entry.public_key)
                if era is not None:
                    era.alias(entry.key_id)
        return applied

    def names(self) -> dict[str, list[_Era]]:
        """key_id -> the eras it may name: the valid grants of it, the keys a root-signed
        record lists under it, and a legacy key under its own label.  A name only says
        which keys to try; :meth:`Authority.signer` decides whether the one that
        verifies may sign."""
        names = {k: list(v) for k, v in self.granted_names.items()}

        def add(key_id: str | None, era: _Era | None) -> None:
            if key_id is None or era is None or key_id in self.void:
                return
            listed = names.setdefault(key_id, [])
            if era not in listed:
                listed.append(era)

        for rec in self.s.records:
            for entry in (*rec.active, *rec.revoked):
                add(entry.key_id, self.era_by_pub(entry.public_key))
        for era in self.legacy.values():
            add(era.key_id, era)
        return names


def derive(s: Statements) -> Authority:
    """The eras, names and membership that the root-signed statements give (see the
    module doc).  Pure: the same statements give the same authority."""
    r = _Replay(s)
    r.membership()
    replayed = r.replay()
    applied = r.records({e.id: e for e in replayed})
    names = r.names()
    builders = [*r.chain, *sorted(r.legacy.values(), key=lambda e: e.granted_by)]
    index = {id(e): i for i, e in enumerate(builders)}
    legacy_agent = next(iter(r.legacy_members)) if len(r.legacy_members) == 1 else None
    return Authority(
        eras=[e.freeze(i) for i, e in enumerate(builders)],
        by_pub={e.raw: i for i, e in enumerate(builders)},
        chain=[e.chain for e in builders],
        agent_id=s.agent_id or legacy_agent,
        v2_agent=s.agent_id,
        names={k: [index[id(e)] for e in v] for k, v in names.items()},
        void=dict(r.void),
        legacy=dict(r.legacy_members),
        unbound=set(r.unbound),
        ambiguous=list(r.ambiguous),
        events=replayed,
        chain_revocations={index[id(e)]: list(e.chain_revocations) for e in builders if e.chain_revocations},
        record_revocations=applied,
        problems=r.problems,
    )
