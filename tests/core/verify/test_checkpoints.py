"""SPEC B5, revision 3: with an external checkpoint, evidence or a stored checkpoint
that a commit inside ancestry(checkpoint head) cites, and that the store lost, is
``checkpointed_evidence_missing`` (an error), whatever the counts say.  One table of
stores written by the core's writer, named by what was removed or kept."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from inspector.core.store import Store
from inspector.core.write.builder import dump

from .helpers import check, drop, errors, warnings, writer

Built = tuple[Store, bytes, set[str], str]  # store, external checkpoint, expected errors, verdict


def cited_evidence_deleted_and_count_padded() -> Built:
    """The evidence the checkpointed history cites is deleted; an unrelated evidence
    keeps the count the checkpoint made."""
    w = writer()
    ev = w.evidence(tool="the one cited")["commit_id"]
    w.commit({"text": "cites it"}, evidence_refs=[ev])
    cp = dump(w.checkpoint())
    drop(w, "evidence", ev)
    w.evidence(tool="padding")
    return w.store, cp, {"checkpointed_evidence_missing"}, "fail"


def cited_stored_checkpoint_deleted() -> Built:
    w = writer()
    stored = w.checkpoint()
    w.store.files[f"checkpoints/{stored['checkpoint_id']}.json"] = dump(stored)
    w.commit({"text": "anchors it"}, evidence_refs=[stored["checkpoint_id"]])
    cp = dump(w.checkpoint(sequence=2))
    drop(w, "checkpoints", stored["checkpoint_id"])
    return w.store, cp, {"checkpointed_evidence_missing"}, "fail"


def cited_after_the_checkpoint_and_missing() -> Built:
    """A commit made after the checkpoint cites a missing evidence: not covered by the
    checkpoint (a warning, evidence_missing, as without one)."""
    w = writer()
    w.commit({"text": "one"})
    cp = dump(w.checkpoint())
    w.commit({"text": "later"}, evidence_refs=["sha256:" + "ab" * 32])
    return w.store, cp, set(), "pass"


def honest_checkpoint_with_evidence() -> Built:
    w = writer()
    ev = w.evidence(tool="kept")["commit_id"]
    w.commit({"text": "cites it"}, evidence_refs=[ev])
    cp = dump(w.checkpoint())
    w.commit({"text": "after"})
    return w.store, cp, set(), "pass"


CASES: dict[str, Callable[[], Built]] = {
    f.__name__: f
    for f in (
        cited_evidence_deleted_and_count_padded,
        cited_stored_checkpoint_deleted,
        cited_after_the_checkpoint_and_missing,
        honest_checkpoint_with_evidence,
    )
}


@pytest.mark.parametrize("name", list(CASES))
def test_checkpointed_evidence(name: str) -> None:
    store, cp, expected, verdict = CASES[name]()
    r = check(store, checkpoint=cp)
    found = errors(r) & {"checkpointed_evidence_missing", "checkpoint_count_regression"}
    assert found == expected, r.findings
    assert r.verdict == verdict, r.codes()
    if expected:
        f = next(f for f in r.findings if f.code == "checkpointed_evidence_missing")
        assert f.object_kind == "checkpoint" and len(f.related) == 2
        assert r.checkpoint["state"] == "failed"


def test_without_a_checkpoint_a_missing_reference_stays_a_warning() -> None:
    store, _, _, _ = cited_evidence_deleted_and_count_padded()
    r = check(store)
    assert "evidence_missing" in warnings(r)
    assert "checkpointed_evidence_missing" not in r.codes()
