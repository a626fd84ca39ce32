"""Build and sign every alethech object type, and grow a store with them.

Objects are written the way alethech 0.9.5 writes them (``json.dumps(indent=2)``
of the signed dict), so alethech reads what we write.  ``StoreWriter`` works on
an in-memory :class:`~inspector.core.store.Store`; nothing touches the disk.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from ..canonical import canonical, loads_strict
from ..errors import OperationError
from ..keys import KeyPair, agent_id_for, root_id_for, sha256_id
from ..store import Store

Clock = Callable[[], str]


def utc_now() -> str:
    """ISO 8601 UTC with milliseconds, as alethech writes timestamps."""
    now = datetime.now(UTC)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def stepping_clock(start: str = "2026-01-05T09:00:00.000Z", step_ms: int = 1000) -> Clock:
    """A deterministic clock for generated files (tests, demo, benchmarks)."""
    t = datetime.strptime(start, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    state = {"t": t}

    def tick() -> str:
        state["t"] += timedelta(milliseconds=step_ms)
        v = state["t"]
        return v.strftime("%Y-%m-%dT%H:%M:%S.") + f"{v.microsecond // 1000:03d}Z"

    return tick


def sign_fields(fields: dict[str, Any], key: KeyPair, *, id_field: str = "commit_id") -> dict[str, Any]:
    """Signed stored form of a signable ``fields`` dict (``type``/``version`` included)."""
    oid = sha256_id(canonical(fields))
    sig = key.sign(canonical({**fields, "commit_id": oid}))
    return {**fields, id_field: oid, "signature": sig}


def dump(obj: dict[str, Any]) -> bytes:
    """File bytes of an object, as alethech writes them."""
    return json.dumps(obj, indent=2).encode("utf-8")


def memory_commit(
    *,
    agent_id: str,
    key_id: str,
    parents: list[str],
    timestamp: str,
    session_id: str,
    memory_type: str,
    content: dict[str, Any],
    provenance: dict[str, Any],
    key: KeyPair,
) -> dict[str, Any]:
    return sign_fields(
        {
            "type": "MemoryCommit",
            "version": 1,
            "agent_id": agent_id,
            "key_id": key_id,
            "parents": parents,
            "timestamp": timestamp,
            "session_id": session_id,
            "memory_type": memory_type,
            "content": content,
            "provenance": provenance,
        },
        key,
    )


def evidence_commit(
    *,
    agent_id: str,
    key_id: str,
    timestamp: str,
    event_type: str,
    tool: str,
    tool_version: str,
    input_hash: str,
    output_hash: str,
    artifacts: list[dict[str, Any]],
    result: str,
    key: KeyPair,
) -> dict[str, Any]:
    return sign_fields(
        {
            "type": "EvidenceCommit",
            "version": 1,
            "agent_id": agent_id,
            "key_id": key_id,
            "timestamp": timestamp,
            "event_type": event_type,
            "tool": tool,
            "tool_version": tool_version,
            "input_hash": input_hash,
            "output_hash": output_hash,
            "artifacts": artifacts,
            "result": result,
        },
        key,
    )


def checkpoint(
    *,
    agent_id: str,
    head_commit_id: str,
    commit_count: int,
    evidence_count: int,
    sequence: int,
    key_id: str,
    created_at: str,
    key: KeyPair,
) -> dict[str, Any]:
    return sign_fields(
        {
            "type": "Checkpoint",
            "version": 2,
            "agent_id": agent_id,
            "head_commit_id": head_commit_id,
            "commit_count": commit_count,
            "evidence_count": evidence_count,
            "sequence": sequence,
            "key_id": key_id,
            "created_at": created_at,
        },
        key,
        id_field="checkpoint_id",
    )


def control_event(
    *,
    root_id: str,
    sequence: int,
    previous: str,
    event_type: str,
    key_id: str = "",
    public_key: dict[str, Any] | None = None,
    old_key_id: str = "",
    cutoff_head: str = "",
    reason: str = "rotation",
    timestamp: str,
    migration_record_id: str = "",
    root: KeyPair,
) -> dict[str, Any]:
    return sign_fields(
        {
            "type": "ControlEvent",
            "version": 1,
            "root_id": root_id,
            "sequence": sequence,
            "previous_control_hash": previous,
            "event_type": event_type,
            "key_id": key_id,
            "public_key": public_key or {},
            "old_key_id": old_key_id,
            "cutoff_head": cutoff_head,
            "reason": reason,
            "timestamp": timestamp,
            "migration_record_id": migration_record_id,
        },
        root,
    )


def root_authority(root: KeyPair, created_at: str) -> dict[str, Any]:
    return sign_fields(
        {
            "type": "RootAuthority",
            "version": 1,
            "root_id": root_id_for(root.jwk),
            "root_public_key": root.jwk,
            "created_at": created_at,
            "recovery_quorum": {"type": "single", "threshold": 1, "members": []},
        },
        root,
    )


def identity_record(
    root: KeyPair, active: list[dict[str, Any]], revoked: list[dict[str, Any]], created_at: str
) -> dict[str, Any]:
    return sign_fields(
        {
            "type": "IdentityRecordV2",
            "version": 2,
            "agent_id": agent_id_for(root.jwk),
            "root_id": root_id_for(root.jwk),
            "root_public_key": root.jwk,
            "active_keys": active,
            "revoked_keys": revoked,
            "created_at": created_at,
        },
        root,
    )


def migration_record(legacy: KeyPair, legacy_agent_id: str, root: KeyPair, timestamp: str) -> dict[str, Any]:
    fields = {
        "type": "MigrationRecord",
        "version": 1,
        "legacy_agent_id": legacy_agent_id,
        "legacy_public_key": legacy.jwk,
        "new_agent_id": agent_id_for(root.jwk),
        "new_root_id": root_id_for(root.jwk),
        "new_root_public_key": root.jwk,
        "migration_timestamp": timestamp,
    }
    oid = sha256_id(canonical(fields))
    msg = canonical({**fields, "commit_id": oid})
    return {**fields, "commit_id": oid, "legacy_signature": legacy.sign(msg), "signature": root.sign(msg)}


def legacy_identity(key: KeyPair, created_at: str, recovery: KeyPair | None = None) -> dict[str, Any]:
    rec = ""
    if recovery is not None:
        rec = "ed25519:" + recovery.jwk["x"]
    return {
        "type": "Identity",
        "version": 1,
        "agent_id": agent_id_for(key.jwk),
        "public_key": key.jwk,
        "key_id": "key-001",
        "created_at": created_at,
        "recovery_root": rec,
    }


class StoreWriter:
    """Append signed objects to an in-memory store.

    ``agent_key`` signs commits and evidence (and is sealed as
    ``keys/signing.key``); ``root`` signs control events and the identity
    record.  The writer keeps the identity record and the control-chain tip up
    to date after each control event, the way alethech does.
    """

    def __init__(
        self,
        store: Store,
        *,
        agent_key: KeyPair | None = None,
        root: KeyPair | None = None,
        clock: Clock = utc_now,
    ) -> None:
        self.store = store
        self.clock = clock
        self.root = root
        self.agent_key = agent_key
        if agent_key is None and "keys/signing.key" in store.files:
            self.agent_key = KeyPair.from_pem(store.files["keys/signing.key"], source="keys/signing.key")
        self._load_identity()

    # ---- creation --------------------------------------------------------
    @classmethod
    def create(
        cls,
        *,
        legacy: bool = False,
        agent_key: KeyPair | None = None,
        root: KeyPair | None = None,
        clock: Clock = utc_now,
        genesis: dict[str, Any] | None = None,
    ) -> StoreWriter:
        """A new store with a genesis commit.

        ``legacy=True`` makes a v0.1 store (legacy identity only, like
        ``alethech init``); otherwise a v0.2 store with root authority,
        identity record and a ``key_grant`` of ``key-001``.
        """
        agent_key = agent_key or KeyPair.generate()
        store = Store({}, origin="memory")
        now = clock()
        store.files["keys/signing.key"] = agent_key.pem()
        if legacy:
            ident = legacy_identity(agent_key, now)
            store.files[f"identities/{ident['agent_id']}.json"] = dump(ident)
            w = cls(store, agent_key=agent_key, clock=clock)
        else:
            root = root or KeyPair.generate()
            ra = root_authority(root, now)
            store.files["root_authority.json"] = dump(ra)
            w = cls(store, agent_key=agent_key, root=root, clock=clock)
            w.root_id = ra["root_id"]
            w.agent_id = agent_id_for(root.jwk)
            w.created_at = now
            w._control("key_grant", key_id="key-001", public_key=agent_key.jwk, reason="initial")
        w.commit(
            genesis or {"kind": "genesis", "note": "memory initialised"}, memory_type="semantic", parents=[]
        )
        return w

    def _load_identity(self) -> None:
        """Pick up identity, control-chain tip and HEAD from the store."""
        self.agent_id = ""
        self.root_id = ""
        self.created_at = ""
        self.active: list[dict[str, Any]] = []
        self.revoked: list[dict[str, Any]] = []
        self.seq, self.prev = 0, ""
        self.legacy_agent_id = ""
        for _path, data in self.store.list("identities"):
            obj, _ = loads_strict(data)
            if obj.get("type") == "IdentityRecordV2":
                self.agent_id, self.root_id = obj["agent_id"], obj["root_id"]
                self.created_at = obj["created_at"]
                self.active = list(obj.get("active_keys", []))
                self.revoked = list(obj.get("revoked_keys", []))
            elif obj.get("type") == "Identity":
                self.legacy_agent_id = obj["agent_id"]
        for _path, data in self.store.list("control_events"):
            obj, _ = loads_strict(data)
            if obj.get("sequence", 0) > self.seq:
                self.seq, self.prev = obj["sequence"], obj["commit_id"]

    # ---- properties -------------------------------------------------------
    @property
    def head(self) -> str | None:
        return self.store.head

    @property
    def signer_agent_id(self) -> str:
        return self.agent_id or self.legacy_agent_id

    def key_id_of(self, key: KeyPair) -> str:
        for k in self.active:
            if k.get("public_key") == key.jwk:
                return str(k["key_id"])
        if not self.agent_id and self.legacy_agent_id:
            return "key-001"
        raise OperationError(
            "key_not_active",
            "the signing key is not an active key of this identity",
            expected="a key listed in active_keys",
            found=key.jwk["x"],
        )

    def _put(self, directory: str, obj: dict[str, Any], id_field: str = "commit_id") -> None:
        self.store.files[f"{directory}/{obj[id_field]}.json"] = dump(obj)

    # ---- commits and evidence --------------------------------------------
    def commit(
        self,
        content: dict[str, Any],
        *,
        memory_type: str = "semantic",
        parents: list[str] | None = None,
        session_id: str = "session-1",
        evidence_refs: Iterable[str] = (),
        confidence: float = 1.0,
        source: str = "agent_observation",
        key: KeyPair | None = None,
        move_head: bool = True,
    ) -> dict[str, Any]:
        key = key or self.agent_key
        if key is None:
            raise OperationError("no_signing_key", "no agent key to sign the commit with")
        if parents is None:
            parents = [self.head] if self.head else []
        obj = memory_commit(
            agent_id=self.signer_agent_id,
            key_id=self.key_id_of(key),
            parents=parents,
            timestamp=self.clock(),
            session_id=session_id,
            memory_type=memory_type,
            content=content,
            key=key,
            provenance={
                "source": source,
                "source_id": "",
                "evidence_refs": list(evidence_refs),
                "confidence": float(confidence),
            },
        )
        self._put("commits", obj)
        if move_head:
            self.store.files["HEAD"] = (obj["commit_id"] + "\n").encode()
        return obj

    def anchor(self, refs: Iterable[str], note: str) -> dict[str, Any]:
        """The anchoring commit of SPEC E4: signed by the agent key on top of HEAD,
        memory_type procedural, content ``{kind: "anchor", note}``, citing ``refs``
        (evidence and stored checkpoints) in ``provenance.evidence_refs``.  Made
        just before a rotation or revocation, whose cutoff it becomes."""
        return self.commit(
            {"kind": "anchor", "note": note},
            memory_type="procedural",
            evidence_refs=sorted(refs),
            source="aleth-inspector.anchor",
        )

    def evidence(
        self,
        *,
        event_type: str = "tool_execution",
        tool: str = "tool",
        tool_version: str = "1.0",
        input_hash: str = "",
        output_hash: str = "",
        artifacts: Iterable[tuple[str, bytes]] = (),
        result: str = "success",
        key: KeyPair | None = None,
    ) -> dict[str, Any]:
        key = key or self.agent_key
        if key is None:
            raise OperationError("no_signing_key", "no agent key to sign the evidence with")
        arts = []
        for name, data in artifacts:
            h = sha256_id(data)
            self.store.files[f"artifacts/{h}"] = data
            arts.append({"name": name, "hash": h, "size": len(data)})
        obj = evidence_commit(
            agent_id=self.signer_agent_id,
            key_id=self.key_id_of(key),
            timestamp=self.clock(),
            event_type=event_type,
            tool=tool,
            tool_version=tool_version,
            input_hash=input_hash,
            output_hash=output_hash,
            artifacts=arts,
            result=result,
            key=key,
        )
        self._put("evidence", obj)
        return obj

    def checkpoint(self, sequence: int = 1, key: KeyPair | None = None) -> dict[str, Any]:
        key = key or self.agent_key
        assert key is not None and self.head is not None
        return checkpoint(
            agent_id=self.signer_agent_id,
            head_commit_id=self.head,
            commit_count=self.store.count("commits"),
            evidence_count=self.store.count("evidence"),
            sequence=sequence,
            key_id=self.key_id_of(key),
            created_at=self.clock(),
            key=key,
        )

    # ---- control events ---------------------------------------------------
    def _need_root(self) -> KeyPair:
        if self.root is None:
            raise OperationError("root_key_required", "this operation needs the root key")
        return self.root

    def _control(self, event_type: str, **kw: Any) -> dict[str, Any]:
        root = self._need_root()
        now = self.clock()
        ev = control_event(
            root_id=self.root_id,
            sequence=self.seq + 1,
            previous=self.prev,
            event_type=event_type,
            timestamp=now,
            root=root,
            **kw,
        )
        self._put("control_events", ev)
        self.seq, self.prev = ev["sequence"], ev["commit_id"]
        eid = ev["commit_id"]
        if event_type in ("key_rotation", "key_revoke"):
            old_id = kw["old_key_id"] if event_type == "key_rotation" else kw["key_id"]
            old = next((k for k in self.active if k["key_id"] == old_id), None)
            if old is None:
                raise OperationError("key_not_active", f"{old_id} is not an active key")
            i = self.active.index(old)
            self.active.remove(old)
            self.revoked.append(
                {
                    "key_id": old_id,
                    "public_key": old["public_key"],
                    "revoked_at": now,
                    "revoked_by": eid,
                    "cutoff_head": kw.get("cutoff_head", ""),
                }
            )
            if event_type == "key_rotation":
                self.active.insert(
                    i,
                    {
                        "key_id": kw["key_id"],
                        "public_key": kw["public_key"],
                        "authorized_at": now,
                        "authorized_by": eid,
                        "expires_at": None,
                    },
                )
        elif event_type == "key_grant":
            self.active.append(
                {
                    "key_id": kw["key_id"],
                    "public_key": kw["public_key"],
                    "authorized_at": now,
                    "authorized_by": eid,
                    "expires_at": None,
                }
            )
        self._write_identity()
        return ev

    def _write_identity(self) -> None:
        root = self._need_root()
        rec = identity_record(root, self.active, self.revoked, self.created_at or self.clock())
        for path, _ in list(self.store.list("identities")):
            obj, _ = loads_strict(self.store.files[path])
            if obj.get("type") == "IdentityRecordV2":
                del self.store.files[path]
        self.store.files[f"identities/{rec['agent_id']}.json"] = dump(rec)

    def grant(self, key_id: str, public: KeyPair) -> dict[str, Any]:
        return self._control("key_grant", key_id=key_id, public_key=public.jwk, reason="grant")

    def grant_agent(self, key_id: str, key: KeyPair) -> dict[str, Any]:
        """Grant a new agent key to a store that has none active: it goes first in
        ``active_keys`` (alethech signs with the first entry) and is sealed as
        ``keys/signing.key``."""
        ev = self._control("key_grant", key_id=key_id, public_key=key.jwk, reason="grant")
        entry = next(k for k in self.active if k["key_id"] == key_id)
        self.active.remove(entry)
        self.active.insert(0, entry)
        self._write_identity()
        self.agent_key = key
        self.store.files["keys/signing.key"] = key.pem()
        return ev

    def rotate(
        self,
        old_key_id: str,
        new_key: KeyPair,
        new_key_id: str,
        *,
        cutoff: str | None = None,
        reason: str = "rotation",
    ) -> dict[str, Any]:
        cutoff = cutoff or self.head or ""
        ev = self._control(
            "key_rotation",
            key_id=new_key_id,
            public_key=new_key.jwk,
            old_key_id=old_key_id,
            cutoff_head=cutoff,
            reason=reason,
        )
        if self.agent_key is not None and self.active and self.active[0]["key_id"] == new_key_id:
            self.agent_key = new_key
            self.store.files["keys/signing.key"] = new_key.pem()
        return ev

    def revoke(self, key_id: str, *, reason: str = "compromise", cutoff: str | None = None) -> dict[str, Any]:
        was_agent = bool(self.active) and self.active[0]["key_id"] == key_id
        ev = self._control("key_revoke", key_id=key_id, cutoff_head=cutoff or self.head or "", reason=reason)
        if was_agent:
            self.store.files.pop("keys/signing.key", None)
            self.agent_key = None
        return ev

    def migrate(self, root: KeyPair) -> dict[str, Any]:
        """v0.1 → v0.2 exactly as ``alethech migrate --to v0.2``: migration record
        (both signatures), root authority, identity record and the genesis grant
        of the legacy key as ``key-001``."""
        if self.agent_id:
            raise OperationError("already_migrated", "the store already has a v2 identity")
        if not self.legacy_agent_id or self.agent_key is None:
            raise OperationError("not_migratable", "migration needs a legacy identity and its signing key")
        now = self.clock()
        mig = migration_record(self.agent_key, self.legacy_agent_id, root, now)
        self._put("migrations", mig)
        ra = root_authority(root, now)
        self.store.files["root_authority.json"] = dump(ra)
        self.root, self.root_id, self.agent_id = root, ra["root_id"], agent_id_for(root.jwk)
        self.created_at = now
        self._control(
            "key_grant",
            key_id="key-001",
            public_key=self.agent_key.jwk,
            reason="migration",
            migration_record_id=mig["commit_id"],
        )
        return mig


def next_key_id(existing: list[str], like: str) -> str:
    """key-003 → key-004; housekeeper-001 → housekeeper-002 (never reuses an id)."""
    m = re.match(r"^(.*?)(\d+)$", like)
    prefix, width = (m.group(1), len(m.group(2))) if m else (like + "-", 3)
    numbers = [int(k[len(prefix) :]) for k in existing if k.startswith(prefix) and k[len(prefix) :].isdigit()]
    return f"{prefix}{max(numbers, default=0) + 1:0{width}d}"
