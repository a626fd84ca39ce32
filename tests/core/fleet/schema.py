"""Validating audit JSON against inspector/schemas/audit-v2.json.

Each file's report is checked against ``report-v1.json`` (the single-file schema) by its
file name.  Until that schema is in this tree, a stand-in with the members the fleet relies
on is used; once it is, the real one is (nothing to change here).
"""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from inspector.core.verify.report import VERDICTS

SCHEMAS = Path(__file__).resolve().parents[3] / "inspector" / "schemas"
BASE = "https://alethinspector.github.io/schemas/"

REPORT_STAND_IN = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": BASE + "report-v1.json",
    "type": "object",
    "required": [
        "schema",
        "tool",
        "verdict",
        "profile",
        "input",
        "head",
        "commits",
        "findings",
        "eras",
        "counts",
    ],
    "properties": {
        "schema": {"const": "aleth-inspector/report/1"},
        "tool": {
            "type": "object",
            "required": ["name", "version"],
            "properties": {"name": {"const": "aleth-inspector"}, "version": {"type": "string"}},
        },
        "verdict": {"enum": list(VERDICTS)},
        "findings": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["code", "severity", "object_kind", "object_id", "message"],
                "properties": {"severity": {"enum": ["error", "warning", "info"]}},
            },
        },
    },
}


def validator() -> Draft202012Validator:
    audit = json.loads((SCHEMAS / "audit-v2.json").read_text(encoding="utf-8"))
    report_file = SCHEMAS / "report-v1.json"
    report = json.loads(report_file.read_text(encoding="utf-8")) if report_file.exists() else REPORT_STAND_IN
    Draft202012Validator.check_schema(audit)
    registry = Registry().with_resources(
        [
            (BASE + "report-v1.json", Resource.from_contents(report)),
            (BASE + "audit-v2.json", Resource.from_contents(audit)),
        ]
    )
    return Draft202012Validator(audit, registry=registry)


def assert_valid(doc: dict) -> None:
    errors = sorted(validator().iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
