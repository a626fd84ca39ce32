"""The audit record (``inspector.core.render.record``): which bytes were judged, when and
against what; :func:`complete` fills only what the opener left empty."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from inspector.core.render.record import complete, file_digest, utc_now
from inspector.core.verify.report import Report, Verdict


def test_utc_now_is_iso_8601_with_milliseconds() -> None:
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", utc_now())


def test_file_digest(tmp_path: Path) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(b"x" * (3 << 20))  # several chunks
    assert file_digest(f) == (hashlib.sha256(f.read_bytes()).hexdigest(), 3 << 20)
    assert file_digest(tmp_path) == (None, None)
    assert file_digest(tmp_path / "missing") == (None, None)
    assert file_digest(str(tmp_path / "nul\0name")) == (None, None)


def test_complete_fills_what_is_missing_and_keeps_what_is_there(tmp_path: Path) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(b"sealed")
    r = Report(verdict=Verdict.UNOPENABLE)
    complete(r, f, started_at="2026-12-01T00:00:00.000Z", duration_s=0.5, checkpoint_given=True)
    assert r.input == {
        "path": str(f),
        "sha256": hashlib.sha256(b"sealed").hexdigest(),
        "size": 6,
        "format": None,
    }
    assert (r.started_at, r.duration_s) == ("2026-12-01T00:00:00.000Z", 0.5)
    assert r.checkpoint == {"given": True, "state": "none"}  # given, not evaluated
    # what the opener recorded stays
    r2 = Report(verdict=Verdict.PASS, started_at="earlier", duration_s=1.0)
    r2.input = {"path": "p", "sha256": "abc", "size": 1, "format": "ALETH002"}
    r2.checkpoint = {"given": True, "state": "verified"}
    complete(r2, f, started_at="later", duration_s=9.0, checkpoint_given=True)
    assert r2.input == {"path": "p", "sha256": "abc", "size": 1, "format": "ALETH002"}
    assert (r2.started_at, r2.duration_s, r2.checkpoint["state"]) == ("earlier", 1.0, "verified")


def test_a_usage_error_does_not_read_the_file(tmp_path: Path) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(b"x")
    r = complete(Report(verdict=Verdict.ERROR), f, hash_input=False)
    assert r.input == {"path": str(f), "sha256": None, "size": None, "format": None}
