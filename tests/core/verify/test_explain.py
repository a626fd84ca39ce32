"""``inspector.core.verify.explain``: why an object has its status, in words a person acts
on, in the language asked for; whatever the id, an answer, never an exception."""

from __future__ import annotations

import pytest

from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.core.verify.explain import explain
from inspector.core.verify.report import Status

from ...conftest import ALETHECH


@pytest.fixture(scope="module")
def dark_v2():
    return verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))


def test_the_explanation_speaks_the_language_asked_for() -> None:
    """The Detail pane's explanation is core text: in Spanish it comes from the catalogue."""
    report = verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))
    dark = next(c for c, s in report.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
    english = explain(report, dark)
    spanish = explain(report, dark, "es")
    assert english.startswith("Not proven: signed by key-001 (agent key, fingerprint")
    assert spanish.startswith("No probado: firmado por key-001 (clave de agente, huella")
    assert "este commit no es un ancestro" in spanish


CASES = [
    ("01_basic", Status.VALID, "Valid: signed by key-001"),
    ("09_tampered_a_commit_content", Status.DIGEST_MISMATCH, "Digest mismatch:"),
    ("09_tampered_b_parent_deleted", Status.MISSING_PARENT, "Missing parent: "),
    ("05_dark_v2", Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY, "Not proven: signed by key-001"),
    ("03_rotation_eras", Status.VALID_HISTORICAL, "Valid (historical): signed by key-00"),
]


@pytest.mark.parametrize(("case", "status", "starts"), CASES, ids=[c[0] for c in CASES])
def test_each_status_is_said_in_its_own_words(case: str, status: Status, starts: str) -> None:
    report = verify(read_directory(str(ALETHECH / case / "store")))
    cid = next(c for c, s in report.commits.items() if s is status)
    text = explain(report, cid)
    assert text.startswith(starts), text
    # the findings about the object follow, each with its code
    for f in report.findings:
        if f.object_id == cid:
            assert f"• {f.code}: " in text


def test_an_id_the_report_does_not_know_is_an_answer(dark_v2) -> None:
    assert explain(dark_v2, "sha256:" + "0" * 64) == "No status: this object is not verified on its own."
    assert explain(dark_v2, "") and explain(dark_v2, "\udcff") and explain(dark_v2, "x", "fr")
