"""``verify --jobs N`` (issue 14, "one big file uses every core"): the commits and
evidence of a large file are checked in N worker processes, and the report is the one
a single process gives."""

from __future__ import annotations

import json
import re

import pytest

from inspector.core.verify import shards

from ..conftest import ALETHECH

STORES = ["05_dark_v2", "02_evidence", "03_rotation_eras_branch"]  # a failure, evidence, branches


def comparable(doc: dict) -> dict:
    """The report without what differs between two runs of the same verification."""
    return {k: v for k, v in doc.items() if k not in ("timings", "started_at", "duration_s")}


@pytest.fixture
def sharded(monkeypatch):
    """Shards of 4 objects, so the small fixture stores are "large"; records each sharded run."""
    calls: list[int] = []
    real = shards.parse_and_sign_sharded

    def spy(ctx, processes):  # type: ignore[no-untyped-def]
        calls.append(processes)
        return real(ctx, processes)

    monkeypatch.setattr(shards, "SHARD", 4)
    monkeypatch.setattr(shards, "parse_and_sign_sharded", spy)
    return calls


@pytest.mark.parametrize("case", STORES)
def test_jobs_2_gives_the_json_of_jobs_1(cli, sharded, case):
    store = ALETHECH / case / "store"
    one = cli("verify", store, "--json", "--jobs", "1")
    assert sharded == []  # one process: today's path
    two = cli("verify", store, "--json", "--jobs", "2")
    assert sharded == [2]  # the commits and evidence went to two worker processes
    assert one.code == two.code and one.err == two.err == ""
    assert comparable(one.json()) == comparable(two.json())
    if case == "05_dark_v2":
        assert one.code == 1 and "not_in_proven_pre_rotation_history" in one.out


def test_every_format_is_the_same_with_jobs(cli, sharded):
    store = ALETHECH / "05_dark_v2" / "store"
    for fmt in ("text", "sarif"):
        one = cli("verify", store, "--format", fmt, "--jobs", "1")
        two = cli("verify", store, "--format", fmt, "--jobs", "2")
        if fmt == "sarif":  # the start time differs
            for doc in (a := json.loads(one.out), b := json.loads(two.out)):
                doc["runs"][0]["invocations"][0].pop("startTimeUtc")
            assert a == b
        else:  # but for when it ran and the time it took
            when = r"checked \S+|in [0-9.]+ s"
            assert re.sub(when, "", one.out) == re.sub(when, "", two.out)
        assert one.code == two.code == 1


def test_default_is_every_core(cli, monkeypatch):
    import inspector.core.opener as opener

    seen = []
    real = opener.open_and_verify

    def spy(path, credential=None, options=None):  # type: ignore[no-untyped-def]
        seen.append(options.processes)
        return real(path, credential, options)

    monkeypatch.setattr(opener, "open_and_verify", spy)
    monkeypatch.setattr("os.cpu_count", lambda: 3)
    assert cli("verify", ALETHECH / "01_basic" / "store", "--json").code == 0
    assert cli("verify", ALETHECH / "01_basic" / "store", "--json", "--jobs", "1").code == 0
    assert seen == [3, 1]


@pytest.mark.parametrize("value", ["0", "-2", "many"])
def test_jobs_must_be_a_positive_count(cli, value):
    r = cli("verify", ALETHECH / "01_basic" / "store", "--json", "--jobs", value)
    assert r.code == 3
    doc = r.json()
    assert doc["verdict"] == "error" and "--jobs" in doc["findings"][0]["message"]
