"""Issue 14: one big file on every core.  Worker processes give exactly the report
one process gives, hostile objects included."""

from __future__ import annotations

from inspector.core.keys import KeyPair
from inspector.core.verify import shards
from inspector.core.write.builder import dump

from .helpers import check, commit_as, writer


def _comparable(report) -> dict:
    out = report.to_json()
    out.pop("timings")
    out.pop("duration_s")
    return out


def test_worker_processes_give_the_same_report(monkeypatch) -> None:
    monkeypatch.setattr(shards, "SHARD", 40)
    w = writer()
    old = w.agent_key
    ev = w.evidence(artifacts=[("o", b"x")])["commit_id"]
    for i in range(150):
        w.commit(
            {"text": f"memory {i}", "note": "<private>x</private>" if i == 7 else ""},
            evidence_refs=[ev] if i == 3 else [],
        )
    cutoff = w.head
    w.rotate("key-001", KeyPair.generate(), "key-002")
    commit_as(w, old, "key-001", [cutoff], {"text": "dark"})
    victim = next(p for p in w.store.files if p.startswith("commits/"))
    w.store.files[victim] = b'{"type": "MemoryCommit", "a": 1, "a": 2}'
    w.store.files["commits/copy.json"] = dump({"type": "MemoryCommit"})
    one = check(w.store)
    many = check(w.store, processes=2)
    assert one.verdict == "fail"
    assert _comparable(one) == _comparable(many)
