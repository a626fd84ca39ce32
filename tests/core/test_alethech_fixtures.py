"""Every case of the alethech 0.9.5 corpus reaches its expected verdict.

For each case: the directory store (with the external checkpoint when the case
has one) and each container input with each unlock credential.  The verdict,
HEAD, every commit and evidence status, and the error finding codes must equal
``expected`` (codes listed in ``findings_also_acceptable`` may accompany or
stand in for a required one).
"""

from __future__ import annotations

import json

import pytest

from inspector.core.container import Credential
from inspector.core.findings import Severity
from inspector.core.opener import open_and_verify
from inspector.core.verify.engine import VerifyOptions

from ..conftest import ALETHECH

CASES = sorted(p.name for p in ALETHECH.iterdir() if (p / "case.json").is_file())


def _inputs():
    for name in CASES:
        case = json.loads((ALETHECH / name / "case.json").read_text())
        if case["inputs"]["store"]:
            yield pytest.param(name, "store", None, id=f"{name}-store")
        for _i, c in enumerate(case["inputs"]["containers"]):
            unlock = next(iter(c["unlock"]))
            yield pytest.param(name, c["file"], c["unlock"], id=f"{name}-{c['file']}-{unlock}")


def test_corpus_is_complete():
    # 48 cases in the corpus as shipped; a missing copy must not pass silently.
    assert len(CASES) == 48


@pytest.mark.parametrize("name,target,unlock", list(_inputs()))
def test_case_reaches_expected_verdict(name, target, unlock):
    case = json.loads((ALETHECH / name / "case.json").read_text())
    expected = case["expected"]
    cred = None
    if unlock is not None:
        cred = Credential(passphrase=unlock.get("passphrase"), recovery_code=unlock.get("recovery_code"))
    cp = case["inputs"]["checkpoint"]
    opts = VerifyOptions(checkpoint=(ALETHECH / name / cp).read_bytes() if cp else None)
    report = open_and_verify(ALETHECH / name / target, cred, opts)

    errors = report.codes(Severity.ERROR)
    required = set(expected["findings"])
    acceptable = set(expected.get("findings_also_acceptable", []))
    assert (report.verdict == "pass") == expected["ok"], report.findings
    # every required code is reported, unless an acceptable stand-in is
    assert required - errors == set() or ((required - errors) and errors & acceptable), errors
    assert errors <= required | acceptable, f"unexpected errors: {errors - required - acceptable}"
    if report.verdict != "unopenable":
        assert report.head == expected["head"]
    assert {k: v.value for k, v in report.commits.items()} == expected["commits"]
    assert {k: v.value for k, v in report.evidence.items()} == expected["evidence"]
    if "unreachable_from_head" in expected and report.verdict != "unopenable":
        assert sorted(report.unreachable) == sorted(expected["unreachable_from_head"])
    if case["inputs"]["checkpoint"]:
        # a checkpoint whose signature fails cannot vouch for continuity
        assert report.container["continuity"] == expected.get("continuity", "failed")
