"""SARIF 2.1.0, valid against the published schema (vendored in tests/data): one
rule per code with its help from the code table, one result per finding, the
input as the artifact, level from severity."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from inspector.core.codes import CODES
from inspector.core.render import RenderOptions, render_sarif
from inspector.core.render.sarif import artifact_uri

SARIF_SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
)


def sarif(report_or_reports, **kw) -> dict:
    doc = json.loads(render_sarif(report_or_reports, RenderOptions(**kw)))
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(doc)
    return doc


def test_the_vendored_schema_is_the_published_one():
    assert SARIF_SCHEMA["id"].endswith("/sarif-schema-2.1.0.json")
    assert SARIF_SCHEMA["properties"]["version"]["enum"] == ["2.1.0"]
    jsonschema.Draft4Validator.check_schema(SARIF_SCHEMA)


def test_every_kind_of_report_is_valid_sarif(every_report):
    for report in every_report.values():
        sarif(report)
    sarif(list(every_report.values()))  # a fleet: one run, one artifact per input


def test_one_rule_per_code_one_result_per_finding(many_warnings_report):
    (run,) = sarif(many_warnings_report)["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted({r["id"] for r in rules}, key=[r["id"] for r in rules].index)
    assert {r["id"] for r in rules} == {"parent_missing", "unreachable_commit", "no_checkpoint"}
    assert len(run["results"]) == len(many_warnings_report.findings) == 9
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels == {"parent_missing": "error", "unreachable_commit": "warning", "no_checkpoint": "note"}


def test_rules_carry_the_code_tables_help(fail_report):
    (run,) = sarif(fail_report)["runs"]
    rule = next(r for r in run["tool"]["driver"]["rules"] if r["id"] == "not_in_proven_pre_rotation_history")
    info = CODES["not_in_proven_pre_rotation_history"]
    assert rule["shortDescription"]["text"] == info.title
    assert info.why in rule["help"]["text"] and info.action in rule["help"]["text"]
    assert rule["defaultConfiguration"]["level"] == "error"


def test_the_file_is_the_artifact(fail_report, mutmem_report):
    (run,) = sarif(fail_report)["runs"]
    (artifact,) = run["artifacts"]
    assert artifact["location"]["uri"].endswith("05_dark_v2/store")
    assert artifact["properties"]["verdict"] == "fail"
    result = next(r for r in run["results"] if r["ruleId"] == "not_in_proven_pre_rotation_history")
    loc = result["locations"][0]
    assert loc["physicalLocation"]["artifactLocation"] == {"uri": artifact["location"]["uri"], "index": 0}
    assert loc["logicalLocations"][0]["kind"] == "commit"
    notes = [r for r in sarif(mutmem_report)["runs"][0]["results"] if r["ruleId"] == "receipt_scope"]
    assert notes and notes[0]["level"] == "note"


def test_a_sealed_files_hash_and_size(unopenable_report):
    unopenable_report.input.update(sha256="0" * 64, size=10)
    (artifact,) = sarif(unopenable_report)["runs"][0]["artifacts"]
    assert artifact["hashes"] == {"sha-256": "0" * 64} and artifact["length"] == 10


def test_a_crash_is_an_unsuccessful_execution(crash_report, pass_report):
    inv = sarif(crash_report)["runs"][0]["invocations"][0]
    assert inv["executionSuccessful"] is False and inv["exitCode"] == 5
    assert "bug in the inspector" in inv["toolExecutionNotifications"][0]["message"]["text"]
    assert sarif(pass_report)["runs"][0]["invocations"][0] == {
        "executionSuccessful": True,
        "startTimeUtc": "2026-11-30T11:20:00.123Z",
        "exitCode": 0,
    }


@pytest.mark.parametrize(
    "path,uri",
    [
        ("memory.aleth", "memory.aleth"),
        ("dir/a b.aleth", "dir/a%20b.aleth"),
        ("/abs/x.aleth", "file:///abs/x.aleth"),
        ("caf\udce9.aleth", "caf%E9.aleth"),  # not UTF-8 on disk: the byte itself
        ("c:memory", "c%3Amemory"),  # never read as a URI scheme
        ("\ud800.aleth", "%5Cud800.aleth"),  # no file system name holds this: escaped, never a crash
        ("s3://bucket/agents/a b.aleth", "s3://bucket/agents/a%20b.aleth"),  # a fleet's URL stays a URL
        ("gs://b/x:y.aleth", "gs://b/x%3Ay.aleth"),
        ("file:///srv/m.aleth", "file:///srv/m.aleth"),
    ],
)
def test_artifact_uris(path, uri):
    assert artifact_uri(path) == uri


def test_hostile_strings_are_escaped(hostile_report):
    text = render_sarif(hostile_report)
    assert "\\\\ud800evil" in text  # the escape is text, not a lone surrogate
    json.loads(text.encode("utf-8").decode("utf-8"))
