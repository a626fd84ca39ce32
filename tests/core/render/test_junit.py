"""JUnit XML: one testcase per commit, per evidence and per check family; failures
carry the findings; a crash is an <error>, not a failure of the file."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from inspector.core.render import RenderOptions, render_junit


def parse(report_or_reports, **kw) -> ET.Element:
    text = render_junit(report_or_reports, RenderOptions(**kw))
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    return ET.fromstring(text.encode("utf-8"))


def cases(suite: ET.Element) -> dict[tuple[str, str], ET.Element]:
    return {(tc.get("classname"), tc.get("name")): tc for tc in suite.iter("testcase")}


def test_every_kind_of_report_is_well_formed(every_report):
    for report in every_report.values():
        root = parse(report)
        (suite,) = root
        assert int(suite.get("tests")) == len(list(suite.iter("testcase")))
        failing = [tc for tc in suite.iter("testcase") if tc.find("failure") is not None]
        assert int(suite.get("failures")) == len(failing)
    assert len(parse(list(every_report.values()))) == len(every_report)


def test_one_testcase_per_commit_and_per_check_family(fail_report):
    (suite,) = parse(fail_report)
    tcs = cases(suite)
    commits = [name for cls, name in tcs if cls == "aleth-inspector.commits"]
    assert sorted(commits) == sorted(fail_report.commits)
    for family in ("open", "identity", "checkpoint", "store"):
        assert any(name == family for _, name in tcs), family
    dark = tcs[
        ("aleth-inspector.commits", "sha256:780282eac1fe0e5c84e316865c3c08b10a78aec3ab2623fd4bd4d7d747a5d8cd")
    ]
    failure = dark.find("failure")
    assert failure.get("type") == "not_in_proven_pre_rotation_history"
    assert "NOT_IN_PROVEN_PRE_ROTATION_HISTORY" in failure.text
    assert suite.get("failures") == "1"


def test_warnings_fail_only_with_strict(warning_only_report):
    (suite,) = parse(warning_only_report)
    assert suite.get("failures") == "0"
    store = cases(suite)[("aleth-inspector.checks", "store")]
    assert "signing_key_inactive" in store.find("system-out").text
    (strict,) = parse(warning_only_report, strict=True)
    assert strict.get("failures") == "1"


def test_unopenable_fails_the_open_testcase_only(unopenable_report):
    (suite,) = parse(unopenable_report)
    tcs = cases(suite)
    assert list(tcs) == [("aleth-inspector.open", "open")]
    assert tcs[("aleth-inspector.open", "open")].find("failure").get("type") == "wrong_passphrase"


def test_a_crash_is_a_junit_error(crash_report):
    (suite,) = parse(crash_report)
    assert suite.get("errors") == "1" and suite.get("failures") == "0"
    assert next(suite.iter("error")).get("type") == "internal_error"


def test_properties_record_the_input(checkpoint_report, hom_report):
    (suite,) = parse(checkpoint_report)
    props = {p.get("name"): p.get("value") for p in suite.iter("property")}
    assert props["verdict"] == "pass" and props["checkpoint"] == "verified" and props["exit_code"] == "0"
    (hom,) = parse(hom_report)
    props = {p.get("name"): p.get("value") for p in hom.iter("property")}
    assert props["primary_reason"] == "missing_receipt_evidence" and props["exit_code"] == "4"


def test_hostile_strings_stay_valid_xml(hostile_report):
    (suite,) = parse(hostile_report)
    assert any("\\ud800evil" in (tc.get("name") or "") for tc in suite.iter("testcase"))
