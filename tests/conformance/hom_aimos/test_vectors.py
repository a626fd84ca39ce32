"""All 42 HOM-AIMOS v1 conformance vectors: the exact verdict, primary reason, root and bundle hash.

The expected values are the reference verifier's own output (``expected.json``); the vectors are
read from ``../shared/hom-aimos-v1`` (AGPL data, never copied into the project).
"""

from __future__ import annotations

import hashlib

import pytest

from inspector.core.hom_aimos import detect, verify_bundle

from ..vectors import HOM_V1, expected_rows

VERDICT = {"valid": "pass", "invalid": "fail", "indeterminate": "indeterminate"}
EXIT = {"valid": 0, "invalid": 1, "indeterminate": 4}
ROWS = expected_rows()


def test_the_corpus_is_complete() -> None:
    assert len(ROWS) == 42
    counts = {"valid": 0, "invalid": 0, "indeterminate": 0}
    for row in ROWS:
        counts[row["expected"]["verdict"]] += 1
    assert counts == {"valid": 13, "invalid": 28, "indeterminate": 1}


@pytest.mark.parametrize("row", ROWS, ids=[r["vector_id"] for r in ROWS])
def test_vector(row: dict) -> None:
    data = (HOM_V1 / row["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == row["fixture_sha256"]
    assert detect(data) == row["bundle_kind"]
    exp = row["expected"]
    report = verify_bundle(data, source=row["file"])
    assert report.profile == "hom-aimos-v1"
    assert (report.verdict, report.primary_reason) == (VERDICT[exp["verdict"]], exp["primary_reason"])
    assert report.exit_code == EXIT[exp["verdict"]]
    assert report.root == exp["proof_root"]
    assert report.bundle_sha256 == exp["bundle_sha256"]
    if exp["primary_reason"] is None:
        assert not [f for f in report.findings if f.severity.value == "error"]
    else:
        primary = [f for f in report.findings if not f.additional and f.code.startswith("hom.")]
        assert primary[0].code == "hom." + exp["primary_reason"]
        assert all(
            f.additional for f in report.findings if f.severity.value == "error" and f is not primary[0]
        )
    if exp.get("terminal_weight_milli") is not None:
        chains = report.hom.memories
        assert chains[-1].terminal_weight_milli == exp["terminal_weight_milli"]
    js = report.to_json()
    assert js["profile"] == "hom-aimos-v1" and js["primary_reason"] == exp["primary_reason"]
