"""``inspector.core.verify.report``: the report fails closed.  Its verdict is a
``Verdict`` (a StrEnum: the JSON keeps the schema's strings), computed by ``finalize``
from the findings or set to what ended the run, never defaulted: a report nobody
finalized is not ok, exits 5 and says ``"error"``, never ``"pass"``."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.core.findings import Finding, Severity
from inspector.core.verify.report import EXIT_CODES, EXIT_INTERNAL_ERROR, VERDICTS, Report, Verdict

ROOT = Path(__file__).resolve().parents[3]


def finding(severity: Severity, code: str = "some_code") -> Finding:
    return Finding(code, severity, "commit", "sha256:" + "0" * 64, "a message")


def test_a_report_nobody_finalized_does_not_read_as_pass() -> None:
    r = Report()
    assert r.verdict is Verdict.UNDECIDED
    assert not r.ok and r.verdict != "pass"
    assert r.exit_code == EXIT_INTERNAL_ERROR
    assert r.to_json()["verdict"] == "error"  # in the schema's words: a bug, not a verdict


def test_finalize_computes_the_verdict_and_again_after_new_findings() -> None:
    r = Report()
    r.finalize()
    assert r.verdict is Verdict.PASS and r.ok and r.exit_code == 0
    r.findings.append(finding(Severity.WARNING))
    r.finalize()
    assert r.verdict is Verdict.PASS
    r.finalize(strict=True)
    assert r.verdict is Verdict.FAIL and r.exit_code == 1
    r.findings.append(finding(Severity.ERROR))
    r.finalize()
    assert r.verdict is Verdict.FAIL


@pytest.mark.parametrize(
    "verdict", [Verdict.UNOPENABLE, Verdict.INDETERMINATE, Verdict.ERROR, Verdict.INTERRUPTED]
)
def test_a_verdict_that_is_no_judgement_of_the_findings_is_kept(verdict: Verdict) -> None:
    r = Report(verdict=verdict)
    r.finalize(strict=True)
    assert r.verdict is verdict and not r.ok and r.exit_code == EXIT_CODES[verdict]


severities = st.lists(st.sampled_from(list(Severity)), max_size=8)


@given(severities, st.booleans())
def test_pass_iff_no_finding_fails_the_file(found: list[Severity], strict: bool) -> None:
    r = Report()
    r.findings.extend(finding(s) for s in found)
    r.finalize(strict=strict)
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    assert r.ok == (not failing & set(found))
    assert r.verdict in (Verdict.PASS, Verdict.FAIL)


def test_the_json_keeps_the_schema_strings() -> None:
    schema = json.loads((ROOT / "inspector" / "schemas" / "report-v1.json").read_text())
    allowed = schema["properties"]["verdict"]["enum"]
    assert sorted(VERDICTS) == sorted(allowed)
    for v in VERDICTS:
        doc = Report(verdict=v).to_json()
        assert type(doc["verdict"]) is str and doc["verdict"] == v.value
        assert json.loads(json.dumps(doc))["verdict"] == v.value


def test_a_schema_string_becomes_its_member_and_anything_else_is_refused() -> None:
    assert Report(verdict="fail").verdict is Verdict.FAIL  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Report(verdict="passed")  # type: ignore[arg-type]


def test_the_verdict_survives_the_worker_pipe() -> None:
    r = Report()
    r.finalize()
    assert pickle.loads(pickle.dumps(r)).verdict is Verdict.PASS
