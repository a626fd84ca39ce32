"""The history's shape (``inspector.core.verify.dagcheck``): HEAD names a commit of the
file, every parent is there, and a commit HEAD cannot reach is said to be unreachable."""

from __future__ import annotations

from inspector.core.verify.engine import verify
from inspector.core.verify.report import Status
from inspector.core.write.builder import StoreWriter, stepping_clock


def two_commits() -> tuple[StoreWriter, str, str]:
    w = StoreWriter.create(clock=stepping_clock())
    first = w.commit({"text": "one"})["commit_id"]
    second = w.commit({"text": "two"})["commit_id"]
    return w, first, second


def codes(report) -> set[str]:  # type: ignore[no-untyped-def]
    return {f.code for f in report.findings}


def test_a_written_history_has_no_shape_finding() -> None:
    w, first, second = two_commits()
    r = verify(w.store)
    assert r.verdict == "pass" and r.head == second and r.order.index(first) < r.order.index(second)
    assert not codes(r) & {"head_invalid", "parent_missing", "unreachable_commit", "dag_cycle"}


def test_head_naming_no_commit_of_the_file() -> None:
    w, _, _ = two_commits()
    w.store.files["HEAD"] = b"sha256:" + b"0" * 64 + b"\n"
    r = verify(w.store)
    assert r.verdict == "fail" and "head_invalid" in codes(r)


def test_a_missing_parent() -> None:
    w, first, second = two_commits()
    del w.store.files[f"commits/{first}.json"]
    r = verify(w.store)
    assert "parent_missing" in codes(r) and r.commits[second] is Status.MISSING_PARENT
    found = next(f for f in r.findings if f.code == "parent_missing")
    assert found.object_id == second and first in found.related


def test_a_commit_head_cannot_reach() -> None:
    w, first, second = two_commits()
    w.store.files["HEAD"] = (first + "\n").encode()  # the newer commit is left behind
    r = verify(w.store)
    assert r.head == first and "unreachable_commit" in codes(r)
    assert next(f for f in r.findings if f.code == "unreachable_commit").object_id == second
