"""Who may sign (SPEC B2, B3, B8): the root authority, the control chain replayed
into key eras, the identity record's agreement with the replay, migration
records, and which identities belong to the store.

Revision 2 of the contract:

* **One public key, one era.** A grant of a public key that is active under any
  key_id, or that was ever revoked, is an invalid event (``public_key_reused``),
  so an alias can neither dodge a revocation nor move a grant cutoff.
* **After an invalid event** no later grant takes effect, but every revocation
  carried by a root-signed event is still applied at its cutoff (a revocation
  can only take trust away).  An era may therefore carry several revocations;
  an object of that era is historical only inside the history of all of them.
* **Membership.** With a root authority, a legacy Identity counts only through a
  valid MigrationRecord that binds its key to this root (else
  ``identity_unbound``); a legacy key enters the chain only by a ``key_grant``
  naming such a record (else ``migration_missing``).  Without a root, a second
  legacy Identity is ``identity_ambiguous``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..findings import Severity, message
from ..keys import (
    agent_id_for,
    b64url,
    b64url_decode,
    decode_signature,
    fingerprint,
    raw_from_jwk,
    root_id_for,
    verify_sig,
)
from ..objects import Obj
from .report import KeyEra

AddFinding = Callable[..., None]
E, W = Severity.ERROR, Severity.WARNING

ROLES = ("housekeeper", "auditor")


def role_of(key_id: str) -> str:
    """SPEC C: the role is the key_id's prefix (``housekeeper-…``, ``auditor-…``)."""
    for role in ROLES:
        if key_id.startswith(role + "-"):
            return role
    return "agent"


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
M_EVENT_UNREADABLE = message("Control event {event} cannot be read; no grant after it takes effect.")
P_NO_ROOT = message(
    "Control event #{seq} ({event_type}) cannot be checked: there is no valid root authority."
)
P_SEQUENCE = message(
    "Control event #{seq} ({event_type}) breaks the chain: expected sequence {want}, found {got}."
)
P_PREVIOUS = message(
    "Control event #{seq} ({event_type}) breaks the chain: previous_control_hash should be {want}, "
    "found {got}."
)
P_DIGEST = message("Control event #{seq} ({event_type}) does not match its id (expected {want}).")
P_ROOT_ID = message("Control event #{seq} ({event_type}) names root {got}, but the store's root is {want}.")
P_SIGNATURE = message(
    "Control event #{seq} ({event_type}) is not signed by the root key: its signature does not verify."
)
P_GRANT_SHAPE = message(
    "Control event #{seq} ({event_type}) is invalid: a grant needs a key_id and an Ed25519 public key."
)
P_KEY_ID_ACTIVE = message(
    "Control event #{seq} ({event_type}) is invalid: key_id {key_id} is already active."
)
P_NOT_ACTIVE = message("Control event #{seq} ({event_type}) is invalid: {key_id} is not an active key.")
P_UNKNOWN_TYPE = message("Control event #{seq} has an unknown event_type {event_type}.")
P_REUSED_ACTIVE = message(
    "Control event #{seq} ({event_type}) grants public key {fingerprint}, which is already active as "
    "{other}: one public key, one era."
)
P_REUSED_REVOKED = message(
    "Control event #{seq} ({event_type}) grants public key {fingerprint}, which was revoked as {other}: a "
    "revoked key is never granted again."
)
P_MIGRATION = message(
    "Control event #{seq} ({event_type}) grants the legacy public key {fingerprint} without a "
    "migration_record_id naming a valid migration record that binds that key to this root."
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
M_UNBOUND = message(
    "Legacy identity {agent_id} is not bound to this store's root by any valid migration record: its "
    "commits are UNKNOWN_IDENTITY."
)
M_AMBIGUOUS = message(
    "This store has no root authority and {count} legacy identities ({agent_ids}); only the identity that "
    "signed the root commit reached from HEAD by first parents counts."
)


# ---- eras -------------------------------------------------------------------------


@dataclass
class _EraBuilder:
    key_id: str
    raw: bytes
    granted_by: str
    granted_event_type: str
    grant_cutoff: str | None = None
    revocations: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)

    @property
    def revoked(self) -> bool:
        return bool(self.revocations)

    def freeze(self, index: int) -> KeyEra:
        first = self.revocations[0] if self.revocations else (None, None, None)
        return KeyEra(
            index=index,
            key_id=self.key_id,
            role=role_of(self.key_id),
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


@dataclass
class KeyBook:
    """Who may sign: the result of the identity layer."""

    eras: list[KeyEra]
    by_pub: dict[bytes, int]  # public key -> era index (one era per public key)
    chain_key_by_id: dict[str, int]  # key_id -> era index of the latest valid grant of that id
    record_keys: dict[tuple[str, str], list[bytes]]  # (agent_id, key_id) -> public keys a record lists
    legacy: dict[str, tuple[bytes, str]]  # legacy agent_id that counts -> (public key, key_id)
    unbound: set[str]  # legacy agent_ids that do not belong to the store (B8)
    v2_agents: set[str]
    has_root: bool
    root_raw: bytes | None
    agent_id: str | None  # the v2 agent id (tenant), or the single legacy one
    events: list[Obj]  # control events in replay order (all readable ones)
    ambiguous: list[str] = field(default_factory=list)  # root-less store: every legacy agent_id

    def __post_init__(self) -> None:
        self.era_raw = [b64url_decode(e.public_key) for e in self.eras]
        self._cand_cache: dict[tuple[str, str], tuple[str, list[bytes]]] = {}

    def candidates(self, agent_id: str, key_id: str) -> tuple[str, list[bytes]]:
        """("ok", keys) | ("unknown_identity", []) | ("unknown_key", [])."""
        hit = self._cand_cache.get((agent_id, key_id))
        if hit is None:
            hit = self._candidates(agent_id, key_id)
            if len(self._cand_cache) < 10_000:
                self._cand_cache[(agent_id, key_id)] = hit
        return hit

    def _candidates(self, agent_id: str, key_id: str) -> tuple[str, list[bytes]]:
        if agent_id in self.v2_agents:
            cands: list[bytes] = []
            i = self.chain_key_by_id.get(key_id)
            if i is not None:
                cands.append(self.era_raw[i])
            for raw in self.record_keys.get((agent_id, key_id), ()):
                if raw not in cands:
                    cands.append(raw)
            return ("ok", cands) if cands else ("unknown_key", [])
        leg = self.legacy.get(agent_id)
        if leg is not None:
            return "ok", [leg[0]]
        return "unknown_identity", []

    def resolve_ambiguity(self, member: str | None) -> None:
        """Root-less store with several legacy identities (B8): only ``member`` counts."""
        for aid in list(self.legacy):
            if aid != member:
                del self.legacy[aid]
                self.unbound.add(aid)
        self._cand_cache.clear()
        if member is not None:
            self.agent_id = member


def raw_from_era(era: KeyEra) -> bytes:
    return b64url_decode(era.public_key)


# ---- the build -----------------------------------------------------------------------


class _Builder:
    def __init__(self, add: AddFinding) -> None:
        self.add = add
        self.eras: list[_EraBuilder] = []
        self.by_pub: dict[bytes, int] = {}
        self.by_id: dict[str, int] = {}
        self.root_raw: bytes | None = None
        self.root_id: str | None = None
        self.legacy_keys: dict[bytes, str] = {}  # legacy public key -> agent_id (every readable one)
        self.migrated: dict[str, bytes] = {}  # valid migration record id -> legacy public key

    # -- root authority ------------------------------------------------------------
    def root_authority(self, root: Obj) -> None:
        rid = root.stored_id
        rr = jwk_raw(root.get("root_public_key"))
        if rr is None:
            self.add("root_authority_invalid", E, "root_authority", rid, M_ROOT_NOT_JWK)
        elif root.get("root_id") != derived_id(root.get("root_public_key"), root=True):
            self.add(
                "root_authority_invalid",
                E,
                "root_authority",
                rid,
                M_ROOT_ID,
                expected=derived_id(root.get("root_public_key"), root=True),
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
            self.root_raw, self.root_id = rr, root.get("root_id")

    # -- migration records -----------------------------------------------------------
    def migrations(self, migrations: list[Obj]) -> None:
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
                self.migrated[mig.stored_id] = lraw

    # -- the control chain ---------------------------------------------------------------
    def replay(self, events: list[Obj]) -> list[Obj]:
        for e in events:
            if e.malformed is not None:
                self.add(
                    "control_chain_invalid",
                    E,
                    "control_event",
                    e.stored_id,
                    M_EVENT_UNREADABLE,
                    event=e.stored_id,
                )
        readable = [e for e in events if e.malformed is None]
        ordered = sorted(
            readable,
            key=lambda e: (
                (0, e.get("sequence"), e.stored_id) if type(e.get("sequence")) is int else (1, 0, e.stored_id)
            ),
        )
        grants_open = not any(e.malformed is not None for e in events)
        expected_seq, prev = 1, ""
        for ev in ordered:
            seq = ev.get("sequence")
            problems: list[tuple[str, str, dict[str, Any]]] = []
            root_signed = (
                self.root_raw is not None
                and ev.digest_ok
                and verify_sig(self.root_raw, decode_signature(ev.signature), ev.sign_bytes)
            )
            if self.root_raw is None:
                problems.append(("control_chain_invalid", P_NO_ROOT, {}))
            else:
                if seq != expected_seq:
                    problems.append(("control_chain_invalid", P_SEQUENCE, {"want": expected_seq, "got": seq}))
                if ev.get("previous_control_hash") != prev:
                    problems.append(
                        (
                            "control_chain_invalid",
                            P_PREVIOUS,
                            {
                                "want": prev or "(empty)",
                                "got": ev.get("previous_control_hash") or "(empty)",
                            },
                        )
                    )
                if not ev.digest_ok:
                    problems.append(("control_chain_invalid", P_DIGEST, {"want": ev.computed_id}))
                if ev.get("root_id") != self.root_id:
                    problems.append(
                        (
                            "control_chain_invalid",
                            P_ROOT_ID,
                            {"got": ev.get("root_id"), "want": self.root_id},
                        )
                    )
                if ev.digest_ok and not root_signed:
                    problems.append(("control_event_signature_invalid", P_SIGNATURE, {}))
            grant, revoke, semantic = self._semantics(ev)
            problems += semantic
            for code, template, params in problems:
                extra = {}
                if "want" in params:
                    extra = {"expected": str(params["want"]), "found": str(params.get("got"))}
                self.add(
                    code,
                    E,
                    "control_event",
                    ev.stored_id,
                    template,
                    seq=seq,
                    event_type=ev.get("event_type"),
                    **extra,
                    **params,
                )
            if root_signed and revoke is not None:
                i, reason, cutoff = revoke
                self.eras[i].revocations.append((ev.stored_id, reason, cutoff))
            if problems:
                grants_open = False
            elif grants_open and grant is not None:
                self._grant(ev, *grant)
            expected_seq = seq + 1 if type(seq) is int else expected_seq
            prev = ev.stored_id
        return ordered

    def _semantics(
        self, ev: Obj
    ) -> tuple[
        tuple[str, bytes, str | None] | None,
        tuple[int, str | None, str | None] | None,
        list[tuple[str, str, dict[str, Any]]],
    ]:
        """What ``ev`` grants (key_id, public key, grant cutoff), what it revokes
        (era index, reason, cutoff) and what is wrong with it."""
        et = ev.get("event_type")
        problems: list[tuple[str, str, dict[str, Any]]] = []
        grant: tuple[str, bytes, str | None] | None = None
        revoke: tuple[int, str | None, str | None] | None = None
        reason, cutoff = ev.get("reason"), ev.get("cutoff_head") or None
        if et in ("key_rotation", "key_revoke"):
            target = ev.get("old_key_id") if et == "key_rotation" else ev.get("key_id")
            i = self.by_id.get(target) if target else None
            if i is not None:
                revoke = (i, reason, cutoff)
            if i is None or self.eras[i].revoked:
                problems.append(("control_chain_invalid", P_NOT_ACTIVE, {"key_id": target or "(empty)"}))
        if et in ("key_grant", "key_rotation"):
            raw = jwk_raw(ev.get("public_key"))
            kid = ev.get("key_id")
            if raw is None or not kid:
                problems.append(("control_chain_invalid", P_GRANT_SHAPE, {}))
            else:
                i = self.by_id.get(kid)
                rotating = et == "key_rotation" and kid == ev.get("old_key_id")
                if i is not None and not self.eras[i].revoked and not rotating:
                    problems.append(("control_chain_invalid", P_KEY_ID_ACTIVE, {"key_id": kid}))
                j = self.by_pub.get(raw)
                if j is not None:
                    other = self.eras[j]
                    template = P_REUSED_REVOKED if other.revoked else P_REUSED_ACTIVE
                    problems.append(
                        (
                            "public_key_reused",
                            template,
                            {"fingerprint": fingerprint(raw), "other": other.key_id},
                        )
                    )
                if raw in self.legacy_keys and not (
                    et == "key_grant" and self.migrated.get(ev.get("migration_record_id")) == raw
                ):
                    problems.append(("migration_missing", P_MIGRATION, {"fingerprint": fingerprint(raw)}))
                grant = (kid, raw, cutoff if et == "key_rotation" else None)
        elif et not in ("key_revoke", "migration"):
            problems.append(("control_chain_invalid", P_UNKNOWN_TYPE, {"event_type": repr(et)}))
        return grant, revoke, problems

    def _grant(self, ev: Obj, key_id: str, raw: bytes, grant_cutoff: str | None) -> None:
        self.eras.append(_EraBuilder(key_id, raw, ev.stored_id, ev.get("event_type"), grant_cutoff))
        n = len(self.eras) - 1
        self.by_id[key_id] = n
        self.by_pub[raw] = n


def _entries(ident: Obj, name: str) -> list[tuple[Any, bytes | None, dict[str, Any]]]:
    """(key_id if a string else None, raw public key or None, entry) of a record list."""
    out = []
    for entry in ident.get(name):
        kid = entry.get("key_id")
        out.append((kid if type(kid) is str else None, jwk_raw(entry.get("public_key")), entry))
    return out


def build_keybook(
    root: Obj | None,
    identities: list[Obj],
    events: list[Obj],
    migrations: list[Obj],
    add: AddFinding,
) -> KeyBook:
    b = _Builder(add)
    has_root = root is not None
    if root is not None and root.malformed is None:
        b.root_authority(root)

    # --- identities -------------------------------------------------------
    legacy_all: dict[str, tuple[bytes, str]] = {}
    records: list[Obj] = []
    v2_agents: set[str] = set()
    record_keys: dict[tuple[str, str], list[bytes]] = {}
    for ident in identities:
        if ident.malformed is not None:
            continue
        if ident.type == "Identity":
            jwk = ident.get("public_key")
            raw = jwk_raw(jwk)
            derived = derived_id(jwk)
            if raw is None or derived is None or ident.get("agent_id") != derived:
                add(
                    "identity_invalid",
                    E,
                    "identity",
                    ident.stored_id,
                    M_LEGACY_DERIVE,
                    expected=derived or "a valid Ed25519 JWK",
                    found=str(ident.get("agent_id")),
                )
                continue
            legacy_all[ident.get("agent_id")] = (raw, ident.get("key_id"))
            b.legacy_keys[raw] = ident.get("agent_id")
            continue
        records.append(ident)
    b.migrations(migrations)

    for ident in records:
        aid = ident.get("agent_id")
        jwk = ident.get("root_public_key")
        ok = True
        if root is None or root.malformed is not None:
            add(
                "root_authority_invalid",
                E,
                "root_authority",
                "root_authority.json",
                M_RECORD_NEEDS_ROOT,
                record=ident.stored_id,
            )
            ok = False
        elif jwk_raw(jwk) is None or aid != derived_id(jwk) or ident.get("root_id") != derived_id(jwk, True):
            add("identity_invalid", E, "identity", aid, M_RECORD_DERIVE)
            ok = False
        elif b.root_raw is not None and (ident.get("root_id") != b.root_id or jwk_raw(jwk) != b.root_raw):
            add(
                "identity_invalid",
                E,
                "identity",
                aid,
                M_RECORD_OTHER_ROOT,
                record_root=ident.get("root_id"),
                root=b.root_id,
            )
            ok = False
        if b.root_raw is not None and not (
            ident.digest_ok and verify_sig(b.root_raw, decode_signature(ident.signature), ident.sign_bytes)
        ):
            add(
                "identity_signature_invalid",
                E,
                "identity",
                aid,
                M_RECORD_SIG if ident.digest_ok else M_RECORD_SIG_DIGEST,
            )
            ok = False
        if ok or b.root_raw is not None:
            v2_agents.add(aid)
        for kid, raw, _ in _entries(ident, "active_keys") + _entries(ident, "revoked_keys"):
            if raw is not None and kid is not None:
                record_keys.setdefault((aid, kid), []).append(raw)

    # --- control chain replay --------------------------------------------
    replayed = b.replay(events)

    # --- membership (B8) ---------------------------------------------------
    legacy: dict[str, tuple[bytes, str]] = {}
    unbound: set[str] = set()
    ambiguous: list[str] = []
    if has_root:
        bound = set(b.migrated.values())
        for aid, (raw, kid) in legacy_all.items():
            if raw in bound:
                legacy[aid] = (raw, kid)
            else:
                unbound.add(aid)
                add("identity_unbound", E, "identity", aid, M_UNBOUND, agent_id=aid)
    else:
        legacy = dict(legacy_all)
        if len(legacy) > 1:
            ambiguous = sorted(legacy)
            add(
                "identity_ambiguous",
                E,
                "store",
                "",
                M_AMBIGUOUS,
                ambiguous,
                count=len(ambiguous),
                agent_ids=", ".join(ambiguous),
            )

    # legacy identities vouch for their own key unless the chain speaks for it
    for aid, (raw, kid) in legacy.items():
        i = b.by_pub.get(raw)
        if i is None:
            b.eras.append(_EraBuilder(kid, raw, f"legacy-identity:{aid}", "legacy"))
            b.by_pub[raw] = len(b.eras) - 1
        elif kid not in b.eras[i].aliases and kid != b.eras[i].key_id:
            b.eras[i].aliases.append(kid)

    eras = [e.freeze(i) for i, e in enumerate(b.eras)]
    for ident in records:
        _record_agreement(ident, b, eras, add)

    agent_id = (
        next(iter(sorted(v2_agents))) if v2_agents else (next(iter(legacy)) if len(legacy) == 1 else None)
    )
    return KeyBook(
        eras,
        b.by_pub,
        b.by_id,
        record_keys,
        legacy,
        unbound,
        v2_agents,
        has_root,
        b.root_raw,
        agent_id,
        replayed,
        ambiguous,
    )


def _record_agreement(ident: Obj, b: _Builder, eras: list[KeyEra], add: AddFinding) -> None:
    """The identity record must agree with the replay, compared by public key (B2)."""
    aid = ident.get("agent_id")
    active = [(kid, raw) for kid, raw, _ in _entries(ident, "active_keys") if raw is not None]
    revoked = [(kid, raw, entry) for kid, raw, entry in _entries(ident, "revoked_keys") if raw is not None]
    for era, eb in zip(eras, b.eras, strict=True):
        if era.granted_event_type == "legacy":
            continue
        if eb.revoked:
            listed_active = [kid for kid, raw in active if raw == eb.raw]
            listed_revoked = [entry for _, raw, entry in revoked if raw == eb.raw]
            for kid in listed_active:
                add(
                    "identity_control_event_mismatch",
                    E,
                    "identity",
                    aid,
                    M_MISMATCH_ACTIVE,
                    (era.revoked_by,),
                    event=era.revoked_by,
                    key_id=era.key_id,
                    fingerprint=era.fingerprint,
                    cutoff=era.cutoff,
                    listed=kid,
                )
            for entry in listed_revoked:
                if entry.get("cutoff_head") != era.cutoff:
                    add(
                        "identity_control_event_mismatch",
                        E,
                        "identity",
                        aid,
                        M_MISMATCH_CUTOFF,
                        (era.revoked_by,),
                        expected=era.cutoff,
                        found=str(entry.get("cutoff_head")),
                        event=era.revoked_by,
                        key_id=era.key_id,
                        cutoff=era.cutoff,
                        listed=entry.get("cutoff_head"),
                    )
            if not listed_active and not listed_revoked:
                add(
                    "identity_record_stale",
                    W,
                    "identity",
                    aid,
                    M_STALE_NOT_REVOKED,
                    (era.revoked_by,),
                    key_id=era.key_id,
                    event=era.revoked_by,
                )
        else:
            if not any(raw == eb.raw for _, raw in active):
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
            if any(raw == eb.raw for _, raw, _ in revoked):
                add("identity_record_stale", W, "identity", aid, M_STALE_LISTED_REVOKED, key_id=era.key_id)
    for kid, raw in active:
        if raw in b.by_pub:
            continue
        i = b.by_id.get(kid) if kid is not None else None
        if i is not None and b.eras[i].revoked:
            add(
                "identity_control_event_mismatch",
                E,
                "identity",
                aid,
                M_MISMATCH_ACTIVE_BY_ID,
                (b.eras[i].revocations[0][0],),
                key_id=kid,
                event=b.eras[i].revocations[0][0],
            )
        else:
            add("identity_record_stale", W, "identity", aid, M_STALE_NEVER_GRANTED, key_id=str(kid))
