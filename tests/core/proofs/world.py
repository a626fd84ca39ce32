"""Worlds for the proof tests: stores written by the core's own writers, with recall
receipts to prove; forged parts are built from a genuine proof's, as an attacker would."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization

from inspector.core.canonical import canonical
from inspector.core.keys import KeyPair, sha256_id
from inspector.core.objects import build_object, signing_bytes_of
from inspector.core.store import Store
from inspector.core.verify.engine import verify
from inspector.core.verify.merkle import leaf_hash, root_of_entries
from inspector.core.verify.report import Report
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import write_directory
from inspector.core.write.mutmem import MutMemWriter

ROOT = Path(__file__).resolve().parents[3]


MUTMEM = ROOT / "tests" / "fixtures" / "mutmem" / "valid_basic"


DEMO = ROOT / "resources" / "demo.aleth"


DEMO_PASSPHRASE = (ROOT / "resources" / "demo.passphrase").read_text(encoding="utf-8").strip()


@dataclass
class World:
    """A directory store with two recall receipts, written by the core's writers."""

    dir: Path
    store: Store
    report: Report
    agent: KeyPair
    receipt: str  # 4 entries
    small: str  # 1 entry
    outcome: str  # an evidence record that is not a receipt


TEXTS = [
    "payroll export owner is Ana Ruiz",
    "payroll export runs on Fridays",
    "payroll export goes to finance",
    "payroll export uses the ledger template",
    "VPN access goes through the helpdesk",
]


def build_world(where: Path, name: str = "store") -> World:
    """The reference world: a v2 store, four payroll memories and one VPN memory,
    a 4-entry and a 1-entry recall receipt, written to ``where/name``."""
    agent = KeyPair.generate()
    w = StoreWriter.create(root=KeyPair.generate(), agent_key=agent, clock=stepping_clock())
    mm = MutMemWriter(w)
    for t in TEXTS:
        mm.memory({"kind": "fact", "text": t})
    outcome = w.evidence(event_type="task_outcome", tool="agent.task")["commit_id"]
    receipt = mm.recall("payroll export", k=5)["commit_id"]
    small = mm.recall("VPN helpdesk", k=2)["commit_id"]
    path = write_directory(w.store, where / name)
    report = verify(w.store)
    assert report.verdict == "pass", [(f.code, f.message) for f in report.findings]
    assert len(report.mutmem.receipts[receipt].entries) == 4
    assert len(report.mutmem.receipts[small].entries) == 1
    return World(path, w.store, report, agent, receipt, small, outcome)


def crafted_receipt_world(
    where: Path, name: str, mutate: Callable[[dict[str, Any]], None]
) -> tuple[World, str]:
    """A small store whose one recall receipt has an honest body changed by ``mutate``
    (then signed by the agent key, so only the body is wrong)."""
    world_w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    mm = MutMemWriter(world_w)
    mids = [mm.memory({"kind": "fact", "text": t})["commit_id"] for t in TEXTS]
    entries = [{"ordinal": i, "memory": m, "weight_q": 1000, "label": None} for i, m in enumerate(mids[:3])]
    body: dict[str, Any] = {
        "mutmem": 1,
        "kind": "recall_receipt",
        "head": world_w.head,
        "query_sha256": sha256_id(b"q"),
        "k": 5,
        "calibration": {"eta": 0.2, "w_min": 0.1, "w_max": 3.0},
        "entries": entries,
        "root": root_of_entries(entries),
    }
    mutate(body)
    data = canonical(body)
    rid = world_w.evidence(
        event_type="recall_receipt",
        tool="mutmem.recall",
        input_hash=body["query_sha256"],
        output_hash=sha256_id(data),
        artifacts=[("receipt.json", data)],
    )["commit_id"]
    path = write_directory(world_w.store, where / name)
    report = verify(world_w.store)
    return World(path, world_w.store, report, world_w.agent_key, rid, rid, rid), rid


def as_bytes(d: Any) -> bytes:
    return json.dumps(d).encode()


def public_pem(key: KeyPair) -> bytes:
    return key.private.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def resign(evidence: dict[str, Any], key: KeyPair) -> dict[str, Any]:
    """The same evidence, signed again by ``key`` (its id does not change)."""
    obj = build_object("evidence/x.json", evidence, "evidence")
    return {**evidence, "signature": key.sign(signing_bytes_of(obj))}


def failing(result) -> list[str]:
    return [c.name for c in result.checks if not c.ok]


def one_leaf(entry: dict[str, Any]) -> dict[str, Any]:
    """The self-certifying tree: one leaf, whose root is its own hash."""
    h = leaf_hash(entry).hex()
    return {
        "ordinal": 0,
        "tree_size": 1,
        "entry": entry,
        "leaf_hash": h,
        "audit_path": [],
        "root": "sha256:" + h,
    }


FAKE_ENTRY = {"ordinal": 0, "memory": "sha256:" + "ab" * 32, "weight_q": 3000, "label": "supported"}
