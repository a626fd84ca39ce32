"""The verify pipeline (issue 27) against the reference path.

The reference is one process and the strict parser alone (``VerifyOptions.reference``).
The pipeline (worker processes, compact records, light objects, the fast parser and
encoder) must give the same report JSON, byte for byte but for timings, and the same
objects once read in full, over:

* every directory store of the alethech 0.9.5 corpus and the MutMem fixture;
* generated honest histories (``tests/metamorphic.py``) and the same with untrusted
  additions and JSON escapes;
* hostile signed mutations of the all-types store (``tests/strategies.py``);
* the spawn start method (shared memory) as well as fork.

Batches of 3 objects and a threshold of 0, so every store is "large" and every worker
gets several batches.
"""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from inspector.core.errors import Cancelled
from inspector.core.render import RenderOptions, render_json
from inspector.core.store import Store, read_directory
from inspector.core.verify import shards
from inspector.core.verify.engine import CancelToken, VerifyOptions, verify
from inspector.core.verify.report import Report
from inspector.core.write.builder import dump

from ...conftest import ALETHECH, MUTMEM
from ...metamorphic import FileTree, escapings, histories, untrusted_additions
from ...strategies import all_types_store, mutated_stores
from .helpers import writer

PROPERTIES = settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "SHARD", 0)
    monkeypatch.setattr(shards, "BATCH", 3)


def comparable(report: Report) -> str:
    doc = json.loads(render_json(report, RenderOptions()))
    for k in ("timings", "started_at", "duration_s"):
        doc.pop(k, None)
    return json.dumps(doc, ensure_ascii=False, sort_keys=False)


def both(store: Store, **opts: object) -> tuple[Report, Report]:
    ref = verify(store, VerifyOptions(reference=True, processes=1, **opts))  # type: ignore[arg-type]
    fast = verify(store, VerifyOptions(processes=2, **opts))  # type: ignore[arg-type]
    return ref, fast


def assert_same(store: Store, **opts: object) -> Report:
    ref, fast = both(store, **opts)
    assert comparable(fast) == comparable(ref)
    assert list(fast.objects) == list(ref.objects)
    for oid, o in ref.objects.items():
        assert fast.objects[oid] == o, oid  # light objects read in full are the same objects
    return fast


CORPUS = [*sorted(p.parent.parent.name for p in ALETHECH.glob("*/store/HEAD")), "mutmem"]


@pytest.mark.parametrize("case", CORPUS)
def test_the_corpus_gives_the_reference_report(case: str) -> None:
    path = MUTMEM / "valid_basic" / "store" if case == "mutmem" else ALETHECH / case / "store"
    assert_same(read_directory(path))


def _unusual_store() -> Store:
    """One of every object the pipeline treats apart, each next to honest ones."""
    w = writer()
    ev = w.evidence(artifacts=[("out.json", b'{"a":1}')])["commit_id"]
    for i in range(6):
        w.commit({"text": f"memory {i}", "\U0001f600 key": 1.0, "weight": 0.25}, evidence_refs=[ev])
    private = w.commit({"text": "<private>secret</private>"})
    escaped = w.commit({"text": "\u003cprivate>x</private>"})  # the opener as an escape
    extra = w.commit({"text": "an extra field"})
    missing = w.commit({"text": "a field left out"})
    files = w.store.files
    files[f"commits/{extra['commit_id']}.json"] = dump({**extra, "note": "unsigned"})
    files[f"commits/{missing['commit_id']}.json"] = dump(
        {k: v for k, v in missing.items() if k != "session_id"}
    )
    files[f"commits/{escaped['commit_id']}.json"] = files[f"commits/{escaped['commit_id']}.json"].replace(
        b"<private", b"\\u003cprivate"
    )
    files[f"commits/{private['commit_id']}.copy.json"] = files[
        f"commits/{private['commit_id']}.json"
    ]  # misnamed
    files["commits/sha256:" + "0" * 64 + ".json"] = b'{"type": "MemoryCommit", "a": 1, "a": 2}'  # malformed
    files["commits/sha256:" + "1" * 64 + ".json"] = dump({**extra, "content": {"text": "edited"}})  # digest
    bad = dict(w.evidence(artifacts=[("x", b"y")]))
    bad["artifacts"] = [
        {"name": 1, "hash": "h"}
    ]  # a nested field of the wrong shape: read by the main process
    files[f"evidence/{bad['commit_id']}.json"] = dump(bad)
    w.commit({"mutmem": 1, "kind": "label", "memory": "m"})  # a record: its content travels
    return w.store


def test_unusual_objects_give_the_reference_report() -> None:
    report = assert_same(_unusual_store())
    codes = report.codes()
    for code in (
        "unsigned_field",
        "duplicate_object",
        "malformed_field",
        "digest_mismatch",
        "duplicate_json_key",
    ):
        assert code in codes, code
    assert "unredacted_private_region" in codes


def test_the_reference_is_what_it_says() -> None:
    # the reference path parses strictly in one process: no worker, no light object
    w = writer()
    for i in range(12):
        w.commit({"text": f"memory {i}"})
    seen: list[list[int]] = []
    shards.on_started = seen.append
    try:
        ref, fast = both(w.store)
    finally:
        shards.on_started = None
    assert len(seen) == 1 and len(seen[0]) == 2  # only the pipeline started workers, two of them
    assert not any(o.light for o in ref.objects.values())
    light = [o for o in fast.objects.values() if o.kind == "commit" and o.light]
    assert len(light) == 13  # the genesis and twelve memories arrive light…
    assert all("content" not in o._fields for o in light)
    assert light[0].content == ref.objects[light[0].stored_id].content  # …and are read when asked
    assert not light[0].light


@PROPERTIES
@given(data=st.data())
def test_generated_histories_give_the_reference_report(data: st.DataObject) -> None:
    h = data.draw(histories(), label="history")
    files = h.files
    variant = data.draw(st.sampled_from(["plain", "untrusted", "escaped"]), label="variant")
    if variant == "untrusted":
        files = data.draw(untrusted_additions(h), label="files")
    elif variant == "escaped":
        files = data.draw(escapings(h), label="files")
    assert_same(FileTree(files).store(), checkpoint=h.checkpoint)


_ALL_TYPES = all_types_store()


@PROPERTIES
@given(data=st.data())
def test_hostile_mutations_give_the_reference_report(data: st.DataObject) -> None:
    store, options = data.draw(mutated_stores(_ALL_TYPES.model, long=200), label="store")
    assert_same(store, checkpoint=options.checkpoint)


def test_spawned_workers_give_the_same_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "fork_safe", lambda: False)
    assert_same(read_directory(ALETHECH / "05_dark_v2" / "store"))


def test_a_daemonic_process_verifies_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # it may not start children (the GUI's worker without fork): one process does the work
    monkeypatch.setattr(shards, "fork_safe", lambda: False)
    monkeypatch.setattr(shards.multiprocessing.current_process(), "_config", {"daemon": True})
    seen: list[list[int]] = []
    monkeypatch.setattr(shards, "on_started", seen.append)
    assert_same(read_directory(ALETHECH / "02_evidence" / "store"))
    assert seen == []


def test_a_worker_that_fails_is_an_error_not_a_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> bytes:
        raise RuntimeError("boom")

    monkeypatch.setattr(shards, "_batch_record", broken)
    # forked workers, whatever threads an earlier test of this process left running: a
    # spawned worker imports the module afresh and would not see the broken function
    monkeypatch.setattr(shards, "fork_safe", lambda: True)
    store = read_directory(ALETHECH / "01_basic" / "store")
    with pytest.raises(RuntimeError, match="boom"):
        verify(store, VerifyOptions(processes=2))


def test_cancel_ends_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    import psutil

    token = CancelToken()
    started: list[list[int]] = []

    def on_started(pids: list[int]) -> None:
        started.append(pids)
        token.cancel()

    monkeypatch.setattr(shards, "on_started", on_started)
    with pytest.raises(Cancelled):
        verify(read_directory(ALETHECH / "05_dark_v2" / "store"), VerifyOptions(processes=2, cancel=token))
    assert started and all(not psutil.pid_exists(p) for p in started[0])  # ended and reaped


# --------------------------------------------------------------------------- library hygiene


@pytest.mark.parametrize("enabled", [True, False])
def test_the_garbage_collector_is_left_as_it_was(enabled: bool) -> None:
    store = read_directory(ALETHECH / "02_evidence" / "store")
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        verify(store)
        assert gc.isenabled() is enabled
        token = CancelToken()
        token.cancel()
        with pytest.raises(Cancelled):
            verify(store, VerifyOptions(cancel=token))
        assert gc.isenabled() is enabled  # restored on an error too
    finally:
        (gc.enable if was else gc.disable)()


def test_fixtures_exist() -> None:
    assert len(CORPUS) > 20 and all(Path(ALETHECH / c / "store").is_dir() for c in CORPUS[:-1])
