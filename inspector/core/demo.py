"""The demo file: a realistic agent memory a person can explore in a minute.

``build_demo()`` writes, with the core's own writer, a store of plain memories
over three key eras (two rotations), an evidence trail with artifacts, one
merge in the DAG and an external checkpoint.  ``aleth-inspector demo`` seals it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .keys import KeyPair
from .store import Store
from .write.builder import StoreWriter, dump, stepping_clock

TOPICS = [
    ("preference", "prefers concise answers with sources"),
    ("entity", "Ana Ruiz is the vendor contact for the Lisbon office"),
    ("fact", "the staging database is rebuilt every Sunday at 02:00 UTC"),
    ("task", "quarterly report draft is due on the 14th"),
    ("procedure", "deployments need a green canary for 30 minutes"),
    ("observation", "user asked twice about refund policy wording"),
]


@dataclass
class Demo:
    store: Store
    root: KeyPair
    keys: dict[str, KeyPair] = field(default_factory=dict)
    checkpoint: dict | None = None


def build_demo(n_memories: int = 300, seed: int = 7) -> Demo:
    rng = random.Random(seed)
    clock = stepping_clock("2026-03-02T08:00:00.000Z", 37_000)
    root = KeyPair.generate()
    w = StoreWriter.create(root=root, clock=clock)
    per_era = n_memories // 3
    evidence_ids: list[str] = []
    branch_at = per_era + per_era // 2
    for i in range(n_memories):
        if i in (per_era, 2 * per_era):
            era = i // per_era
            old = f"key-{era:03d}"
            w.rotate(old, KeyPair.generate(), f"key-{era + 1:03d}")
        kind, text = TOPICS[i % len(TOPICS)]
        refs: list[str] = []
        if i % 25 == 5:
            ev = w.evidence(event_type="tool_execution", tool="web.fetch", tool_version="2.1",
                            artifacts=[(f"page-{i}.html", f"<html>source {i}</html>".encode())])
            evidence_ids.append(ev["commit_id"])
            refs.append(ev["commit_id"])
        content = {"kind": kind, "text": f"{text} (note {i})", "tags": [kind, f"s{i % 7}"]}
        if i == branch_at:
            base = w.head
            a = w.commit({"kind": "observation", "text": "branch A: draft plan"}, parents=[base])
            b = w.commit({"kind": "observation", "text": "branch B: alternative plan"}, parents=[base])
            w.commit({"kind": "decision", "text": "merged both plans"},
                     parents=[a["commit_id"], b["commit_id"]], memory_type="episodic")
            continue
        w.commit(content, memory_type=rng.choice(["semantic", "episodic"]),
                 evidence_refs=refs, confidence=round(rng.uniform(0.5, 1.0), 2),
                 session_id=f"sess-{i // 20:03d}")
    cp = w.checkpoint(sequence=1)
    return Demo(w.store, root, {"agent": w.agent_key} if w.agent_key else {}, cp)


def demo_checkpoint_bytes(demo: Demo) -> bytes:
    assert demo.checkpoint is not None
    return dump(demo.checkpoint)
