"""Evidence and its artifacts (``inspector.core.verify.evidence``): what a commit cites is
there, an evidence record's artifacts are there under their hash, and an artifact nothing
cites is noted."""

from __future__ import annotations

from inspector.core.verify.engine import verify
from inspector.core.write.builder import StoreWriter, stepping_clock


def with_evidence() -> tuple[StoreWriter, str, str]:
    w = StoreWriter.create(clock=stepping_clock())
    ev = w.evidence(tool="web.fetch", artifacts=[("page.txt", b"fetched")])
    w.commit({"text": "cites it"}, evidence_refs=[ev["commit_id"]])
    art = next(k for k in w.store.files if k.startswith("artifacts/"))
    return w, ev["commit_id"], art


def codes(report) -> set[str]:  # type: ignore[no-untyped-def]
    return {f.code for f in report.findings}


def test_cited_evidence_and_its_artifact_pass() -> None:
    w, _, _ = with_evidence()
    r = verify(w.store)
    assert r.verdict == "pass" and not codes(r) & {"evidence_missing", "artifact_missing", "orphan_artifact"}


def test_an_artifact_gone_is_an_error_on_its_evidence() -> None:
    w, ev, art = with_evidence()
    del w.store.files[art]
    r = verify(w.store)
    assert r.verdict == "fail"
    found = next(f for f in r.findings if f.code == "artifact_missing")
    assert found.object_id == ev and art.removeprefix("artifacts/") in found.related


def test_cited_evidence_gone_is_a_warning() -> None:
    w, ev, _ = with_evidence()
    del w.store.files[f"evidence/{ev}.json"]
    r = verify(w.store)
    found = next(f for f in r.findings if f.code == "evidence_missing")
    assert found.severity.value == "warning" and ev in found.related


def test_an_artifact_nothing_cites_is_noted() -> None:
    w, _, _ = with_evidence()
    from inspector.core.keys import sha256_id

    stray = b"left over"
    w.store.files[f"artifacts/{sha256_id(stray)}"] = stray
    r = verify(w.store)
    assert r.verdict == "pass" and "orphan_artifact" in codes(r)
