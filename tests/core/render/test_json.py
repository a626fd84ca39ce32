"""The JSON report is the schema's: every kind of report validates, the tool is
named, hostile strings survive any encoding, and no NaN is ever printed."""

from __future__ import annotations

import json

import jsonschema
import pytest

from inspector import __version__
from inspector.core.render import RenderOptions, render_json, report_document
from inspector.core.render.safe import encode
from inspector.core.verify.report import Report

from .conftest import HOSTILE_ID, REPORT_SCHEMA, validate


def test_the_schema_is_valid_2020_12():
    jsonschema.Draft202012Validator.check_schema(REPORT_SCHEMA)
    assert REPORT_SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_kind_of_report_validates(every_report):
    for name, report in every_report.items():
        doc = json.loads(render_json(report))
        try:
            validate(doc)
        except jsonschema.ValidationError as exc:  # pragma: no cover - the message is the point
            pytest.fail(f"{name}: {exc.message} at {list(exc.absolute_path)}")


def test_schema_and_tool_come_first(fail_report):
    doc = report_document(fail_report)
    assert list(doc)[:3] == ["schema", "tool", "verdict"]
    assert doc["schema"] == "aleth-inspector/report/1"
    assert doc["tool"] == {"name": "aleth-inspector", "version": __version__}


def test_audit_record_fields(checkpoint_report, fail_report):
    doc = report_document(checkpoint_report)
    assert doc["checkpoint"]["given"] is True and doc["checkpoint"]["state"] == "verified"
    # a directory store is judged by the digest of its files' hashes (the opener's tree digest)
    assert doc["input"]["format"] == "directory" and len(doc["input"]["sha256"]) == 64
    assert doc["started_at"] == "2026-11-30T11:20:00.123Z" and doc["duration_s"] == 0.25
    assert report_document(fail_report)["checkpoint"] == {"given": False, "state": "none"}


def test_a_finding_keeps_its_fields_apart(unopenable_report):
    (f,) = report_document(unopenable_report)["findings"]
    assert f["code"] == "wrong_passphrase" and "wrong_passphrase" not in f["message"]
    assert f["expected"].startswith("a passphrase") and f["found"] is None
    assert f["likely_cause"] == "a mistyped or outdated passphrase"


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "cp1252", "latin-1"])
def test_lone_surrogates_survive_any_encoding_as_json_escapes(hostile_report, encoding):
    data = encode(render_json(hostile_report), encoding, kind="json")
    doc = json.loads(data.decode(encoding))
    assert doc["head"] == HOSTILE_ID  # the very same string, escaped on the way
    assert doc["input"]["path"] == "/tmp/st\udcf6re"
    validate(doc)


def test_non_finite_numbers_become_null():
    r = Report()
    r.timings["parse"] = float("nan")
    r.counts["commits"] = 0
    text = render_json(r, RenderOptions())
    assert "NaN" not in text and json.loads(text)["timings"]["parse"] is None


def test_additional_findings_are_marked(hom_report):
    doc = report_document(hom_report)
    assert [f.get("additional", False) for f in doc["findings"]] == [False, True]
    assert doc["primary_reason"] == "missing_receipt_evidence" and doc["root"] == "ab" * 32
