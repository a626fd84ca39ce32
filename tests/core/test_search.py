"""The one text search (History, MCP): every string of the signed fields, keys and
values at any depth, codes, statuses, key_ids and labels; all terms must match."""

import pytest

from inspector.core.demo import build_demo
from inspector.core.errors import Cancelled
from inspector.core.objects import build_object
from inspector.core.search import CHUNK, SearchIndex, object_text, terms
from inspector.core.verify.engine import verify


@pytest.fixture(scope="module")
def demo_report():
    return verify(build_demo(n_memories=40).store)


def _memory(content: dict, provenance: dict | None = None):
    raw = {
        "type": "MemoryCommit",
        "version": 1,
        "agent_id": "did:alethech:x",
        "key_id": "key-001",
        "parents": [],
        "timestamp": "2026-01-01T00:00:00Z",
        "session_id": "s",
        "memory_type": "semantic",
        "content": content,
        "provenance": provenance or {},
        "commit_id": "sha256:" + "0" * 64,
        "signature": "ed25519:AA",
    }
    return raw


def test_terms_fold_case_and_drop_repeats():
    assert terms("  User:4935  user:4935 ÄB ") == ("user:4935", "äb")
    assert terms("") == ()


def test_every_nested_key_and_value_is_searchable():

    deep = {"list": [{"k": "Ignore previous instructions"}]}
    raw = _memory({"subject": "user:4935", "deep": deep, "n": 12})
    obj = build_object("commits/x.json", raw, "commits")
    text = object_text(obj)
    for needle in ("user:4935", "ignore previous", "deep", "subject", "12", "semantic"):
        assert needle in text


def test_find_needs_every_term_and_keeps_the_given_order(demo_report):
    idx = SearchIndex.from_report(demo_report)
    assert len(idx) == len(demo_report.objects)
    some = next(iter(demo_report.commits))
    found = idx.find(some)
    assert some in found  # and its children, whose parents name it
    assert all(some in object_text(demo_report.objects[c]) for c in found)
    assert idx.find(some + " " + "no-such-word-anywhere") == []
    order = list(reversed(demo_report.order))
    everything = idx.find("", order)
    assert everything == order


def test_codes_statuses_and_key_ids_are_words_of_the_object(demo_report):
    idx = SearchIndex.from_report(demo_report)
    cid, status = next(iter(demo_report.commits.items()))
    assert idx.matches(cid, status.value.lower())
    era = demo_report.era_of(cid)
    assert era is not None and idx.matches(cid, era.key_id.upper())


def test_cancel_is_honoured_between_chunks(demo_report):
    idx = SearchIndex(texts={f"id{i}": "x" for i in range(CHUNK * 2 + 1)})
    calls = []

    def cancel():
        calls.append(1)
        if len(calls) == 2:
            raise Cancelled()

    with pytest.raises(Cancelled):
        idx.find("x", cancel=cancel)
    assert len(calls) == 2


def test_building_in_steps_gives_the_index_from_report_gives(demo_report):
    """The stepped build (a window interleaves it with its event loop) is the same index,
    step by step: every step indexes at most ``step`` objects and counts them."""
    whole = SearchIndex.from_report(demo_report)
    index, steps = SearchIndex.building(demo_report, step=7)
    done = list(steps)
    assert done[-1] == len(demo_report.objects)
    assert all(b - a <= 7 for a, b in zip([0, *done], done, strict=False))
    assert index.texts == whole.texts
    ids = list(reversed(demo_report.order))
    assert index.find("memory", ids[:50]) + index.find("memory", ids[50:]) == whole.find("memory", ids)
