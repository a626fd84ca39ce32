"""The demo file (``inspector.core.demo``): a store that passes, with key eras, MutMem
weights and labels, recall receipts and a checkpoint; the same seed tells the same story
(the keys are new each time)."""

from __future__ import annotations

from inspector.core.demo import build_demo
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.core.write.builder import dump


def test_the_demo_passes_and_shows_every_pane() -> None:
    demo = build_demo()
    r = verify(demo.store)
    assert r.verdict == "pass", [f.code for f in r.findings if f.severity.value == "error"]
    assert len(r.eras) >= 2 and r.mutmem is not None
    assert any(mv.untrusted for mv in r.mutmem.memories.values())
    assert r.mutmem.receipts and all(v.status == "valid" for v in r.mutmem.receipts.values())
    assert "root" in demo.keys and {k.split("-")[0] for k in demo.keys} >= {"root", "housekeeper", "auditor"}
    assert demo.checkpoint is not None and demo.passphrase
    checked = verify(demo.store, VerifyOptions(checkpoint=dump(demo.checkpoint)))
    assert checked.verdict == "pass" and checked.checkpoint["state"] == "verified"


def test_the_same_seed_tells_the_same_story() -> None:
    a, b = verify(build_demo(n_memories=20, seed=3).store), verify(build_demo(n_memories=20, seed=3).store)
    assert a.counts == b.counts and len(a.order) == len(b.order) and len(a.eras) == len(b.eras)
    assert sorted(f.code for f in a.findings) == sorted(f.code for f in b.findings)
