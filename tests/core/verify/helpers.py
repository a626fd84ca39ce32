"""Crafting stores for the rule tests: the core's own writer, plus low-level
signing of objects a correct writer would never produce (a commit by a revoked
key, an event out of sequence, a record that lies)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from inspector.core.canonical import canonical
from inspector.core.findings import Severity
from inspector.core.keys import KeyPair, sha256_id
from inspector.core.store import Store
from inspector.core.verify import mutmem as rules
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.core.verify.report import Report, Status
from inspector.core.write.builder import (
    StoreWriter,
    control_event,
    dump,
    evidence_commit,
    identity_record,
    legacy_identity,
    memory_commit,
    migration_record,
    stepping_clock,
)


def writer(*, legacy: bool = False) -> StoreWriter:
    return StoreWriter.create(legacy=legacy, clock=stepping_clock())


def commit_as(
    w: StoreWriter,
    key: KeyPair,
    key_id: str,
    parents: list[str] | None = None,
    content: dict[str, Any] | None = None,
    *,
    agent_id: str | None = None,
    evidence_refs: Iterable[str] = (),
    move_head: bool = False,
) -> str:
    """A MemoryCommit signed by ``key`` under ``key_id`` (whatever the chain says)."""
    obj = memory_commit(
        agent_id=agent_id if agent_id is not None else w.signer_agent_id,
        key_id=key_id,
        parents=[w.head] if parents is None else parents,
        timestamp=w.clock(),
        session_id="s",
        memory_type="semantic",
        content=content or {"text": "crafted"},
        provenance={
            "source": "test",
            "source_id": "",
            "evidence_refs": list(evidence_refs),
            "confidence": 1.0,
        },
        key=key,
    )
    w.store.files[f"commits/{obj['commit_id']}.json"] = dump(obj)
    if move_head:
        w.store.files["HEAD"] = (obj["commit_id"] + "\n").encode()
    return obj["commit_id"]


def evidence_as(
    w: StoreWriter,
    key: KeyPair,
    key_id: str,
    artifacts: Iterable[tuple[str, bytes]] = (),
    *,
    event_type: str = "tool_execution",
    input_hash: str = "",
    output_hash: str = "",
) -> str:
    arts = []
    for name, data in artifacts:
        h = sha256_id(data)
        w.store.files[f"artifacts/{h}"] = data
        arts.append({"name": name, "hash": h, "size": len(data)})
    obj = evidence_commit(
        agent_id=w.signer_agent_id,
        key_id=key_id,
        timestamp=w.clock(),
        event_type=event_type,
        tool="t",
        tool_version="1",
        input_hash=input_hash,
        output_hash=output_hash,
        artifacts=arts,
        result="success",
        key=key,
    )
    w.store.files[f"evidence/{obj['commit_id']}.json"] = dump(obj)
    return obj["commit_id"]


def raw_event(
    w: StoreWriter,
    event_type: str,
    *,
    sequence: int | None = None,
    previous: str | None = None,
    signer: KeyPair | None = None,
    advance: bool = True,
    **kw: Any,
) -> str:
    """A control event with the chain position and signer chosen by the test; the
    identity record is left as it is."""
    assert w.root is not None
    ev = control_event(
        root_id=w.root_id,
        sequence=w.seq + 1 if sequence is None else sequence,
        previous=w.prev if previous is None else previous,
        event_type=event_type,
        timestamp=w.clock(),
        root=signer or w.root,
        **kw,
    )
    w.store.files[f"control_events/{ev['commit_id']}.json"] = dump(ev)
    if advance:
        w.seq, w.prev = ev["sequence"], ev["commit_id"]
    return ev["commit_id"]


def rewrite_record(w: StoreWriter, active: list[dict[str, Any]], revoked: list[dict[str, Any]]) -> None:
    """Replace the identity record with one signed by the root (it may lie)."""
    assert w.root is not None
    for path in [p for p, _ in w.store.list("identities")]:
        del w.store.files[path]
    rec = identity_record(w.root, active, revoked, w.created_at)
    w.store.files[f"identities/{rec['agent_id']}.json"] = dump(rec)


def bound_legacy(w: StoreWriter, key: KeyPair, *, label: str = "key-001", bind: bool = True) -> str:
    """A legacy Identity of ``key`` whose (unsigned) key_id is ``label``, bound to the
    store's root by a migration record when ``bind``; no control event grants the key.
    Returns the legacy agent_id."""
    assert w.root is not None
    ident = legacy_identity(key, w.clock())
    ident["key_id"] = label
    w.store.files[f"identities/{ident['agent_id']}.json"] = dump(ident)
    if bind:
        mig = migration_record(key, ident["agent_id"], w.root, w.clock())
        w.store.files[f"migrations/{mig['commit_id']}.json"] = dump(mig)
    return str(ident["agent_id"])


def label_as(
    w: StoreWriter,
    key: KeyPair,
    key_id: str,
    memory: str,
    label: str,
    *,
    prev: str | None,
    agent_id: str | None = None,
    evidence: Iterable[str] = (),
) -> str:
    """A MutMem label record signed by ``key`` under ``key_id``, whatever its role."""
    content = {
        "mutmem": 1,
        "kind": "label",
        "memory": memory,
        "prev": prev,
        "label": label,
        "confidence_milli": 900,
        "reason": "crafted",
        "detector": "test",
        "evidence": list(evidence),
    }
    return commit_as(w, key, key_id, None, content, agent_id=agent_id, evidence_refs=evidence, move_head=True)


def transition_as(
    w: StoreWriter,
    key: KeyPair,
    key_id: str,
    memory: str,
    outcome: str,
    *,
    prev: str | None = None,
    old_q: int = rules.Q_START,
    agent_id: str | None = None,
) -> str:
    """A weight transition of ``memory`` (eta 0.3, one +1 outcome) signed by ``key``
    under ``key_id``, whatever its role; its commitment signed by the same key."""
    outcomes = [{"ref": outcome, "reward": 1, "count": 2}]
    content: dict[str, Any] = {
        "mutmem": 1,
        "kind": "weight_transition",
        "tenant": agent_id if agent_id is not None else w.signer_agent_id,
        "memory": memory,
        "prev": prev,
        "old_q": old_q,
        "new_q": rules.update_rule(old_q, 0.3, outcomes),
        "eta": 0.3,
        "outcomes": outcomes,
    }
    commitment = rules.commitment_for(content)
    content["commitment"] = commitment
    content["commitment_signature"] = key.sign(canonical(commitment))
    return commit_as(
        w, key, key_id, None, content, agent_id=agent_id, evidence_refs=[outcome], move_head=True
    )


def drop(w: StoreWriter, directory: str, oid: str) -> bytes:
    """Delete the object ``oid`` of ``directory``; its bytes."""
    return w.store.files.pop(f"{directory}/{oid}.json")


def check(store: Store, **opts: Any) -> Report:
    return verify(store, VerifyOptions(**opts))


def errors(report: Report, oid: str | None = None) -> set[str]:
    return {
        f.code
        for f in report.findings
        if f.severity == Severity.ERROR and (oid is None or f.object_id == oid)
    }


def warnings(report: Report, oid: str | None = None) -> set[str]:
    return {
        f.code
        for f in report.findings
        if f.severity == Severity.WARNING and (oid is None or f.object_id == oid)
    }


def codes(report: Report, oid: str) -> set[str]:
    return {f.code for f in report.findings if f.object_id == oid}


__all__ = [
    "Status",
    "bound_legacy",
    "check",
    "codes",
    "commit_as",
    "drop",
    "errors",
    "evidence_as",
    "label_as",
    "raw_event",
    "rewrite_record",
    "transition_as",
    "warnings",
    "writer",
]
