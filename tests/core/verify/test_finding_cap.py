"""Findings in proportion: beyond FINDING_CAP findings of one code and severity, one
summary finding with the count and every id.  The property: the cap changes how findings
are listed, never what the report says (verdict, statuses, codes, severity tallies, the
set of objects concerned)."""

from __future__ import annotations

import json
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core import findings as F
from inspector.core.findings import FindingCap, Severity
from inspector.core.render import render
from inspector.core.render.record import complete
from inspector.core.verify.report import Report

from ..render.conftest import validate
from .helpers import check, writer

MISSING = [f"sha256:{i:064x}" for i in range(2_000)]


def store_citing(n: int, commits: int = 1):
    """A store whose commits cite ``n`` evidence ids the store does not have."""
    w = writer()
    per = -(-n // commits)
    for c in range(commits):
        w.commit({"text": f"c{c}"}, evidence_refs=MISSING[c * per : min(n, (c + 1) * per)])
    return w.store


def everything_said(r: Report) -> tuple:
    concerned = {(f.code, i) for f in r.findings for i in (f.object_id, *f.related, *f.ids)}
    return (r.verdict, r.commits, r.evidence, r.codes(), r.severity_counts(), concerned)


def test_1500_missing_refs_are_1000_findings_and_one_summary():
    r = check(store_citing(1_500))
    missing = [f for f in r.findings if f.code == "evidence_missing"]
    assert len(missing) == 1_001
    (summary,) = [f for f in missing if f.count > 1]
    assert summary.count == 500 and summary.severity is Severity.WARNING
    assert summary.related == tuple(MISSING[1_000:1_500])  # every id cited, in order
    assert summary.ids == (summary.object_id,)  # one commit cites them all
    assert summary.message.startswith("500 more findings of this kind are summarised here")
    assert MISSING[1_000] in summary.message and MISSING[1_003] not in summary.message  # the first three
    assert r.severity_counts()["warning"] == 1_500
    assert summary in r.findings_for(MISSING[1_400])


def test_the_json_keeps_every_id_in_one_line():
    r = complete(check(store_citing(1_200, commits=3)), None)
    text = render(r, "json")
    doc = json.loads(text)
    validate(doc)
    (summary,) = [f for f in doc["findings"] if "count" in f]
    listed = {r for f in doc["findings"] if "count" not in f for r in f["related"]}
    assert summary["count"] == 200 and len(set(summary["related"])) == 200
    assert set(summary["related"]) | listed == set(MISSING[:1_200]) and not set(summary["related"]) & listed
    assert len(summary["ids"]) == 1  # the commit checked last cites the last 200 (of its 400)
    some = summary["related"][100]
    (line,) = [line for line in text.splitlines() if some in line]  # the whole list on one line
    assert all(i in line for i in summary["related"])


def test_the_summary_reads_in_every_format():
    r = check(store_citing(1_050))
    assert "50 more findings of this kind" in render(r, "text")
    assert "evidence_missing (1,050)" in render(r, "text")
    sarif = json.loads(render(r, "sarif"))
    (summary,) = [x for x in sarif["runs"][0]["results"] if "count" in x["properties"]]
    assert summary["properties"]["count"] == 50 and len(summary["properties"]["related"]) == 50
    assert "50 more findings" in render(r, "junit") and "50 more findings" in render(r, "html")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(1, 4), st.integers(1, 12))
def test_the_cap_never_changes_what_the_report_says(n, commits, cap):
    store = store_citing(n, commits)
    whole = check(store)  # the real cap (1,000) is far above n: every finding one by one
    with mock.patch.object(F, "FINDING_CAP", cap):
        capped = check(store)
    assert everything_said(capped) == everything_said(whole)
    per_kind: dict[tuple, int] = {}
    for f in capped.findings:
        if f.count == 1:
            key = (f.code, f.severity, f.additional)
            per_kind[key] = per_kind.get(key, 0) + 1
    summarised = {(f.code, f.severity, f.additional) for f in capped.findings if f.count > 1}
    for key, kept in per_kind.items():  # one over the cap is kept whole: a summary stands for 2+
        assert kept <= cap or (kept == cap + 1 and key not in summarised), key
    assert all(f.count >= 2 for f in capped.findings if f.count != 1)


def test_findings_added_after_finalize_join_the_same_summary():
    r = Report(cap=FindingCap(2))
    for i in range(4):
        r.add("x", Severity.ERROR, "commit", f"c{i}", "bad {n}", n=i)
    r.finalize()
    r.add("x", Severity.ERROR, "commit", "c9", "bad {n}", n=9)
    r.finalize()
    summaries = [f for f in r.findings if f.count > 1]
    assert len(r.findings) == 3 and len(summaries) == 1
    assert summaries[0].count == 3 and summaries[0].ids == ("c2", "c3", "c9")
    assert r.verdict == "fail" and r.severity_counts()["error"] == 5
