"""The verifier reports progress through its callback, can be cancelled between
chunks, and keeps ancestry sets per cutoff (computed once)."""

from __future__ import annotations

import pytest

from inspector.core.demo import build_demo
from inspector.core.errors import Cancelled
from inspector.core.verify.engine import CancelToken, VerifyOptions, verify
from inspector.core.verify.graph import Dag


@pytest.fixture(scope="module")
def demo_store():
    return build_demo().store


def test_progress_reports_every_phase_in_order(demo_store):
    seen: list[tuple[str, int, int]] = []
    report = verify(demo_store, VerifyOptions(progress=lambda p, d, t: seen.append((p, d, t))))
    phases = [p for p, _, _ in seen]
    assert report.verdict == "pass"
    assert phases[0] == "identities" and phases[-1] == "done"
    sig = [(d, t) for p, d, t in seen if p == "signatures"]
    assert sig[-1][0] == sig[-1][1] == len(report.commits) + len(report.evidence)
    assert [d for d, _ in sig] == sorted(d for d, _ in sig)  # monotonic


def test_cancel_stops_the_work(demo_store):
    token = CancelToken()
    calls = []

    def progress(phase: str, done: int, total: int) -> None:
        calls.append(phase)
        if phase == "signatures":
            token.cancel()

    with pytest.raises(Cancelled):
        verify(demo_store, VerifyOptions(progress=progress, cancel=token))
    assert "done" not in calls


def test_ancestry_is_computed_once_per_cutoff():
    dag = Dag.build([("a", [], "1"), ("b", ["a"], "2"), ("c", ["b"], "3"), ("x", ["a"], "4")])
    first = dag.ancestry("c")
    assert first is dag.ancestry("c")  # cached, not recomputed
    assert dag.is_ancestor("a", "c") and not dag.is_ancestor("x", "c")
    assert [dag.ids[i] for i, m in enumerate(first) if m] == ["a", "b", "c"]
