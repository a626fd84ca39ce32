"""Identity layer: legacy identities, root authority, identity records, the
control chain replayed into key eras, migration records, and the agreement of
the identity record with the replay (SPEC B2)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..keys import (
    agent_id_for,
    decode_signature,
    fingerprint,
    raw_from_jwk,
    root_id_for,
    verify_sig,
)
from ..objects import Obj
from .report import KeyEra, Severity

AddFinding = Callable[..., None]


def role_of(key_id: str) -> str:
    if key_id.startswith("housekeeper-"):
        return "housekeeper"
    if key_id.startswith("auditor-"):
        return "auditor"
    return "agent"


@dataclass
class _EraBuilder:
    key_id: str
    raw: bytes
    granted_by: str
    granted_event_type: str
    grant_cutoff: str | None = None
    revoked_by: str | None = None
    revoke_reason: str | None = None
    cutoff: str | None = None
    aliases: list[str] = field(default_factory=list)

    def freeze(self, index: int) -> KeyEra:
        from ..keys import b64url

        return KeyEra(
            index=index,
            key_id=self.key_id,
            role=role_of(self.key_id),
            public_key=b64url(self.raw),
            fingerprint=fingerprint(self.raw),
            granted_by=self.granted_by,
            granted_event_type=self.granted_event_type,
            grant_cutoff=self.grant_cutoff,
            revoked_by=self.revoked_by,
            revoke_reason=self.revoke_reason,
            cutoff=self.cutoff,
            aliases=tuple(self.aliases),
        )


@dataclass
class KeyBook:
    """Who may sign: the result of the identity layer."""

    eras: list[KeyEra]
    by_pub: dict[bytes, int]  # public key -> era index
    chain_key_by_id: dict[str, int]  # key_id named by the chain -> era index
    record_keys: dict[tuple[str, str], list[bytes]]  # (agent_id, key_id) -> listed public keys
    legacy: dict[str, tuple[bytes, str]]  # legacy agent_id -> (public key, key_id)
    v2_agents: set[str]
    has_chain: bool
    root_raw: bytes | None
    agent_id: str | None  # the v2 agent id (tenant), or the single legacy one
    events: list[Obj]  # control events in replay order (valid prefix)

    def __post_init__(self) -> None:
        self.era_raw = [raw_from_era(e) for e in self.eras]
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


def raw_from_era(era: KeyEra) -> bytes:
    from ..keys import b64url_decode

    return b64url_decode(era.public_key)


def _jwk_raw(jwk: Any) -> bytes | None:
    try:
        return raw_from_jwk(jwk)
    except ValueError:
        return None


def build_keybook(
    root: Obj | None,
    identities: list[Obj],
    events: list[Obj],
    migrations: list[Obj],
    add: AddFinding,
) -> KeyBook:
    E, W = Severity.ERROR, Severity.WARNING
    builders: list[_EraBuilder] = []
    by_pub: dict[bytes, int] = {}
    by_id: dict[str, int] = {}
    record_keys: dict[tuple[str, str], list[bytes]] = {}
    legacy: dict[str, tuple[bytes, str]] = {}
    v2_agents: set[str] = set()
    root_raw: bytes | None = None
    root_id: str | None = None

    # --- root authority ---------------------------------------------------
    if root is not None and root.malformed is None:
        rr = _jwk_raw(root.get("root_public_key"))
        if rr is None:
            add(
                "root_authority_invalid",
                E,
                "root_authority",
                root.stored_id,
                "root_public_key is not an Ed25519 JWK",
            )
        elif root.get("root_id") != root_id_for(root.get("root_public_key")):
            add(
                "root_authority_invalid",
                E,
                "root_authority",
                root.stored_id,
                f"root_id does not derive from root_public_key: expected "
                f"{root_id_for(root.get('root_public_key'))}, found {root.get('root_id')}",
            )
        elif not root.digest_ok:
            add(
                "root_authority_invalid",
                E,
                "root_authority",
                root.stored_id,
                f"id does not match content: expected {root.computed_id}, found {root.stored_id}",
            )
        elif not verify_sig(rr, decode_signature(root.signature), root.sign_bytes):
            add(
                "root_authority_invalid",
                E,
                "root_authority",
                root.stored_id,
                "the root authority's self-signature does not verify",
            )
        else:
            root_raw, root_id = rr, root.get("root_id")

    # --- identities -------------------------------------------------------
    records: list[Obj] = []
    for ident in identities:
        if ident.malformed is not None:
            continue
        if ident.type == "Identity":
            jwk = ident.get("public_key")
            raw = _jwk_raw(jwk)
            if raw is None or ident.get("agent_id") != agent_id_for(jwk):
                add(
                    "identity_invalid",
                    E,
                    "identity",
                    ident.stored_id,
                    "legacy identity: agent_id does not derive from its public key "
                    f"(expected {agent_id_for(jwk) if raw else 'a valid Ed25519 JWK'}, "
                    f"found {ident.get('agent_id')})",
                )
                continue
            legacy[ident.get("agent_id")] = (raw, ident.get("key_id"))
            continue
        records.append(ident)
        jwk = ident.get("root_public_key")
        ok = True
        if root is None or root.malformed is not None:
            add(
                "root_authority_invalid",
                E,
                "root_authority",
                "root_authority.json",
                f"identity record {ident.stored_id} needs a root authority, but "
                "root_authority.json is missing or unreadable",
            )
            ok = False
        elif (
            _jwk_raw(jwk) is None
            or ident.get("agent_id") != agent_id_for(jwk)
            or ident.get("root_id") != root_id_for(jwk)
        ):
            add(
                "identity_invalid",
                E,
                "identity",
                ident.get("agent_id"),
                "agent_id/root_id do not derive from root_public_key",
            )
            ok = False
        elif root_raw is not None and (ident.get("root_id") != root_id or _jwk_raw(jwk) != root_raw):
            add(
                "identity_invalid",
                E,
                "identity",
                ident.get("agent_id"),
                f"identity record is bound to root {ident.get('root_id')}, "
                f"but the store's root authority is {root_id}",
            )
            ok = False
        if root_raw is not None and not (
            ident.digest_ok and verify_sig(root_raw, decode_signature(ident.signature), ident.sign_bytes)
        ):
            add(
                "identity_signature_invalid",
                E,
                "identity",
                ident.get("agent_id"),
                "the identity record's signature does not verify with the root key"
                + ("" if ident.digest_ok else " (its id does not match its content)"),
            )
            ok = False
        if ok or root_raw is not None:
            v2_agents.add(ident.get("agent_id"))
        for entry in list(ident.get("active_keys")) + list(ident.get("revoked_keys")):
            raw = _jwk_raw(entry.get("public_key"))
            kid = entry.get("key_id")
            if raw is not None and type(kid) is str:
                record_keys.setdefault((ident.get("agent_id"), kid), []).append(raw)

    # --- control chain replay --------------------------------------------
    has_chain = root is not None
    replayed: list[Obj] = []
    ordered = sorted(
        (e for e in events if e.malformed is None),
        key=lambda e: (e.get("sequence"), e.stored_id),
    )
    for e in events:
        if e.malformed is not None:
            add(
                "control_chain_invalid",
                E,
                "control_event",
                e.stored_id,
                f"control event cannot be read ({e.malformed.reason}); the chain stops here",
            )
    expected_seq, prev = 1, ""
    for ev in ordered:
        seq = ev.get("sequence")
        problem = None
        code = "control_chain_invalid"
        if root_raw is None:
            problem = "there is no valid root authority to check it against"
        elif seq != expected_seq:
            problem = f"expected sequence {expected_seq}, found {seq}"
        elif ev.get("previous_control_hash") != prev:
            problem = (
                f"previous_control_hash should be {prev or '(empty)'}, "
                f"found {ev.get('previous_control_hash') or '(empty)'}"
            )
        elif not ev.digest_ok:
            problem = f"id does not match content (expected {ev.computed_id})"
        elif ev.get("root_id") != root_id:
            problem = f"root_id is {ev.get('root_id')}, the store's root is {root_id}"
        elif not verify_sig(root_raw, decode_signature(ev.signature), ev.sign_bytes):
            code = "control_event_signature_invalid"
            problem = "its signature does not verify with the root key"
        if problem is None:
            problem = _apply(ev, builders, by_pub, by_id)
        if problem is not None:
            add(
                code,
                E,
                "control_event",
                ev.stored_id,
                f"control event #{seq} ({ev.get('event_type')}) is invalid: {problem}; "
                "replay stops here and keys granted after it are unknown",
            )
            break
        replayed.append(ev)
        expected_seq, prev = expected_seq + 1, ev.stored_id

    # legacy identities vouch for their own key unless the chain speaks for it
    for aid, (raw, kid) in legacy.items():
        i = by_pub.get(raw)
        if i is None:
            builders.append(_EraBuilder(kid, raw, f"legacy-identity:{aid}", "legacy"))
            by_pub[raw] = len(builders) - 1
        elif kid not in builders[i].aliases and kid != builders[i].key_id:
            builders[i].aliases.append(kid)

    eras = [b.freeze(i) for i, b in enumerate(builders)]

    # --- identity record vs replay ---------------------------------------
    for ident in records:
        aid = ident.get("agent_id")
        active = {}
        for entry in ident.get("active_keys"):
            raw = _jwk_raw(entry.get("public_key"))
            if raw is not None:
                active[raw] = entry.get("key_id")
        revoked = {}
        for entry in ident.get("revoked_keys"):
            raw = _jwk_raw(entry.get("public_key"))
            if raw is not None:
                revoked[raw] = entry
        for era, b in zip(eras, builders, strict=False):
            if era.granted_event_type == "legacy":
                continue
            if era.revoked_by is not None:
                if b.raw in active:
                    add(
                        "identity_control_event_mismatch",
                        E,
                        "identity",
                        aid,
                        f"control event {era.revoked_by} revoked key {era.key_id} "
                        f"(fingerprint {era.fingerprint}) at {era.cutoff}, but the identity record "
                        f"lists that public key as active under key_id {active[b.raw]}",
                        (era.revoked_by,),
                    )
                elif b.raw in revoked and revoked[b.raw].get("cutoff_head") != era.cutoff:
                    add(
                        "identity_control_event_mismatch",
                        E,
                        "identity",
                        aid,
                        f"control event {era.revoked_by} revoked key {era.key_id} with cutoff_head "
                        f"{era.cutoff}, but the identity record says cutoff_head "
                        f"{revoked[b.raw].get('cutoff_head')}",
                        (era.revoked_by,),
                    )
                elif b.raw not in revoked:
                    add(
                        "identity_record_stale",
                        W,
                        "identity",
                        aid,
                        f"key {era.key_id} was revoked by {era.revoked_by} but the identity "
                        "record does not list it as revoked",
                        (era.revoked_by,),
                    )
            elif b.raw not in active:
                add(
                    "identity_record_stale",
                    W,
                    "identity",
                    aid,
                    f"key {era.key_id} granted by {era.granted_by} is absent from the identity "
                    "record's active keys",
                    (era.granted_by,),
                )
        for raw, kid in active.items():
            if raw not in by_pub:
                i = by_id.get(kid)
                if i is not None and builders[i].revoked_by is not None:
                    add(
                        "identity_control_event_mismatch",
                        E,
                        "identity",
                        aid,
                        f"the identity record lists {kid} as active, but control event "
                        f"{builders[i].revoked_by} revoked {kid}",
                        (builders[i].revoked_by,),
                    )
                else:
                    add(
                        "identity_record_stale",
                        W,
                        "identity",
                        aid,
                        f"the identity record lists key {kid} as active, but the control chain "
                        "never granted that public key; anything it signs is UNKNOWN_KEY",
                    )

    # --- migration records -------------------------------------------------
    for mig in migrations:
        if mig.malformed is not None:
            continue
        lraw = _jwk_raw(mig.get("legacy_public_key"))
        nraw = _jwk_raw(mig.get("new_root_public_key"))
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
            add(
                "migration_signature_invalid",
                E,
                "migration",
                mig.stored_id,
                "migration record: the legacy signature and the root signature must both verify "
                "over the record" + ("" if mig.digest_ok else " (its id does not match its content)"),
            )
            continue
        problems = []
        if mig.get("legacy_agent_id") != agent_id_for(mig.get("legacy_public_key")):
            problems.append("legacy_agent_id does not derive from legacy_public_key")
        if mig.get("new_agent_id") != agent_id_for(mig.get("new_root_public_key")):
            problems.append("new_agent_id does not derive from new_root_public_key")
        if mig.get("new_root_id") != root_id_for(mig.get("new_root_public_key")):
            problems.append("new_root_id does not derive from new_root_public_key")
        if root_raw is not None and nraw != root_raw:
            problems.append("new_root_public_key is not the store's root key")
        if problems:
            add("identity_invalid", E, "migration", mig.stored_id, "; ".join(problems))

    agent_id = next(iter(v2_agents)) if v2_agents else (next(iter(legacy)) if len(legacy) == 1 else None)
    return KeyBook(
        eras, by_pub, by_id, record_keys, legacy, v2_agents, has_chain, root_raw, agent_id, replayed
    )


def _apply(
    ev: Obj, builders: list[_EraBuilder], by_pub: dict[bytes, int], by_id: dict[str, int]
) -> str | None:
    """Apply one verified control event; return a problem text or None."""
    et = ev.get("event_type")
    eid = ev.stored_id
    if et == "key_grant":
        raw = _jwk_raw(ev.get("public_key"))
        kid = ev.get("key_id")
        if raw is None or not kid:
            return "key_grant needs a key_id and an Ed25519 public key"
        i = by_id.get(kid)
        if i is not None and builders[i].revoked_by is None:
            return f"key_id {kid} is already active"
        builders.append(_EraBuilder(kid, raw, eid, "key_grant"))
    elif et == "key_rotation":
        old = ev.get("old_key_id")
        i = by_id.get(old)
        if i is None or builders[i].revoked_by is not None:
            return f"old_key_id {old or '(empty)'} is not an active key"
        raw = _jwk_raw(ev.get("public_key"))
        kid = ev.get("key_id")
        if raw is None or not kid:
            return "key_rotation needs a new key_id and an Ed25519 public key"
        b = builders[i]
        b.revoked_by, b.revoke_reason, b.cutoff = eid, ev.get("reason"), ev.get("cutoff_head")
        builders.append(
            _EraBuilder(kid, raw, eid, "key_rotation", grant_cutoff=ev.get("cutoff_head") or None)
        )
    elif et == "key_revoke":
        kid = ev.get("key_id")
        i = by_id.get(kid)
        if i is None or builders[i].revoked_by is not None:
            return f"key_id {kid or '(empty)'} is not an active key"
        b = builders[i]
        b.revoked_by, b.revoke_reason, b.cutoff = eid, ev.get("reason"), ev.get("cutoff_head")
        return None
    elif et == "migration":
        return None
    else:
        return f"unknown event_type {et!r}"
    n = len(builders) - 1
    by_id[builders[n].key_id] = n
    by_pub[builders[n].raw] = n
    return None
