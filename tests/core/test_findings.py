"""``inspector.core.findings``, the ground floor: severities in rank order, findings that
keep what the message says apart from what was expected and found, and templates
registered for the catalogues."""

from __future__ import annotations

import json
import pickle

from hypothesis import given
from hypothesis import strategies as st

from inspector.core.findings import TEMPLATES, Finding, Severity, make_finding, message

T_SAMPLE = message("The {thing} was {how}.")


def test_severities_rank_worst_first() -> None:
    assert sorted(Severity, key=lambda s: s.rank) == [Severity.ERROR, Severity.WARNING, Severity.INFO]
    assert Severity("warning") is Severity.WARNING and Severity.ERROR == "error"  # a StrEnum


def test_a_template_is_registered_and_returned_unchanged() -> None:
    assert T_SAMPLE in TEMPLATES and T_SAMPLE == "The {thing} was {how}."


def test_make_finding_fills_the_template_and_keeps_its_values() -> None:
    f = make_finding(
        "x_code", Severity.WARNING, "commit", "sha256:aa", T_SAMPLE, ["r1"], thing="id", how="wrong"
    )
    assert f.message == "The id was wrong." and f.template == T_SAMPLE
    assert dict(f.params) == {"thing": "id", "how": "wrong"} and f.related == ("r1",)
    assert f.expected is None and not f.additional and f.traceback is None


@given(st.dictionaries(st.sampled_from(["thing", "how", "other"]), st.text(max_size=10), max_size=3))
def test_missing_or_extra_values_never_raise(params) -> None:
    f = make_finding("x_code", Severity.INFO, "store", "", T_SAMPLE, **params)
    whole = {"thing", "how"} <= set(params)
    assert f.message == (T_SAMPLE.format(**params) if whole else T_SAMPLE)  # unfilled: the template


def test_the_json_keeps_message_expected_found_and_cause_apart() -> None:
    f = Finding("c", Severity.ERROR, "evidence", "sha256:bb", "A sentence.", ("r",), "e", "f", "cause")
    doc = f.to_json()
    assert doc == {
        "code": "c",
        "severity": "error",
        "object_kind": "evidence",
        "object_id": "sha256:bb",
        "message": "A sentence.",
        "expected": "e",
        "found": "f",
        "likely_cause": "cause",
        "related": ["r"],
    }
    assert json.loads(json.dumps(doc)) == doc
    extra = Finding("c", Severity.ERROR, "x", "", "m", additional=True, traceback="Traceback …").to_json()
    assert extra["additional"] is True and extra["traceback"] == "Traceback …"


def test_a_finding_survives_the_worker_pipe() -> None:
    f = make_finding("x_code", Severity.ERROR, "commit", "id", T_SAMPLE, thing="a", how="b")
    assert pickle.loads(pickle.dumps(f)) == f
