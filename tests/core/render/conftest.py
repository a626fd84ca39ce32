"""Reports to render: real verifier output on the fixture corpus, plus reports built
by hand for what the corpus lacks (hostile ids, a HOM-AIMOS verdict, a crash)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from inspector.core.findings import Finding, Severity, make_finding, message
from inspector.core.opener import open_and_verify
from inspector.core.render.record import complete
from inspector.core.verify.engine import VerifyOptions
from inspector.core.verify.report import Report, Status

from ...conftest import ALETHECH, MUTMEM

ROOT = Path(__file__).resolve().parents[3]
REPORT_SCHEMA = json.loads((ROOT / "inspector" / "schemas" / "report-v1.json").read_text())

HOSTILE_ID = "sha256:\ud800evil\udcff\x07id"
_HOSTILE = message("object {oid} holds a lone surrogate")


def verified(name: str, *, checkpoint: str | None = None) -> Report:
    path = ALETHECH / name / "store"
    opts = VerifyOptions(checkpoint=(ALETHECH / name / checkpoint).read_bytes() if checkpoint else None)
    report = open_and_verify(path, None, opts)
    # fixed times, so the rendered pages can be compared (the opener filled real ones)
    report.started_at, report.duration_s = "2026-11-30T11:20:00.123Z", 0.25
    return complete(report, path, checkpoint_given=checkpoint is not None)


def validate(doc: dict) -> None:
    jsonschema.Draft202012Validator(REPORT_SCHEMA).validate(doc)


@pytest.fixture(scope="session")
def pass_report() -> Report:
    return verified("03_rotation_eras")


@pytest.fixture(scope="session")
def fail_report() -> Report:
    """A forged commit after a rotation (1 error)."""
    return verified("05_dark_v2")


@pytest.fixture(scope="session")
def many_warnings_report() -> Report:
    """A deleted parent: 1 error and 7 unreachable_commit warnings."""
    return verified("09_tampered_b_parent_deleted")


@pytest.fixture(scope="session")
def warning_only_report() -> Report:
    """Passes, with one warning (signing_key_inactive): FAIL under --strict."""
    return verified("04_revoke_compromise")


@pytest.fixture(scope="session")
def checkpoint_report() -> Report:
    return verified("10_checkpoint_continuity_ok", checkpoint="checkpoint.json")


@pytest.fixture(scope="session")
def mutmem_report() -> Report:
    path = MUTMEM / "valid_basic" / "store"
    report = open_and_verify(path)
    report.started_at, report.duration_s = "2026-11-30T11:20:00.000Z", 0.5
    return complete(report, path)


@pytest.fixture()
def unopenable_report() -> Report:
    r = Report.unopenable(
        "wrong_passphrase",
        "The passphrase does not unlock this file.",
        object_id="memory.aleth",
        expected="a passphrase that unwraps slot passphrase-1",
        likely_cause="a mistyped or outdated passphrase",
    )
    return complete(r, None, started_at="2026-11-30T11:20:00.000Z", duration_s=0.2)


@pytest.fixture()
def hostile_report() -> Report:
    """Ids with lone surrogates and control characters, a file name that is not UTF-8."""
    r = Report(verdict="fail", head=HOSTILE_ID)
    r.commits[HOSTILE_ID] = Status.MALFORMED
    r.order.append(HOSTILE_ID)
    r.findings.append(
        make_finding(
            "invalid_json", Severity.ERROR, "commit", HOSTILE_ID, _HOSTILE, found="\udcff", oid=HOSTILE_ID
        )
    )
    r.findings.append(
        Finding("stray_file", Severity.INFO, "store", "", "commits/caf\udce9.json is not part of the store")
    )
    r.input = {"path": "/tmp/st\udcf6re", "sha256": None, "size": None, "format": "directory"}
    return complete(r, None, started_at="2026-11-30T11:20:00.000Z", duration_s=0.01)


@pytest.fixture()
def hom_report() -> Report:
    """A HOM-AIMOS verdict: indeterminate, a primary reason, findings after it."""
    r = Report(verdict="indeterminate", profile="hom-aimos-v1")
    r.primary_reason = "missing_receipt_evidence"
    r.root = "ab" * 32
    r.bundle_sha256 = "cd" * 32
    r.findings.append(
        Finding(
            "hom.missing_receipt_evidence", Severity.ERROR, "bundle", "", "The bundle lacks receipt evidence."
        )
    )
    r.findings.append(
        Finding(
            "self_issued_certificate",
            Severity.WARNING,
            "signer",
            "signer-1",
            "The signer's certificate is self-issued.",
            additional=True,
        )
    )
    r.input = {"path": "bundle.json", "sha256": "ef" * 32, "size": 1234, "format": "hom-aimos-v1"}
    return complete(r, None, started_at="2026-11-30T11:20:00.000Z", duration_s=0.05)


@pytest.fixture()
def crash_report() -> Report:
    try:
        {}["missing"]
    except KeyError as exc:
        r = Report.internal_error(exc)
    return complete(r, "memory.aleth", started_at="2026-11-30T11:20:00.000Z", duration_s=0.0)


@pytest.fixture()
def every_report(
    pass_report,
    fail_report,
    many_warnings_report,
    warning_only_report,
    checkpoint_report,
    mutmem_report,
    unopenable_report,
    hostile_report,
    hom_report,
    crash_report,
) -> dict[str, Report]:
    return {
        "pass": pass_report,
        "fail": fail_report,
        "many_warnings": many_warnings_report,
        "warning_only": warning_only_report,
        "checkpoint": checkpoint_report,
        "mutmem": mutmem_report,
        "unopenable": unopenable_report,
        "hostile": hostile_report,
        "hom": hom_report,
        "crash": crash_report,
    }
