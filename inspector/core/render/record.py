"""The audit-record fields of a report: which bytes were judged, when, how long,
against which checkpoint.  The opener fills them; :func:`complete` fills what it
left empty, so every rendered report carries them."""

from __future__ import annotations

import hashlib
import os
from datetime import UTC, datetime

from ..verify.report import Report

_CHUNK = 1 << 20


def utc_now() -> str:
    """ISO 8601 UTC with milliseconds (``2026-11-30T11:20:00.123Z``)."""
    now = datetime.now(UTC)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def file_digest(path: str | os.PathLike[str]) -> tuple[str | None, int | None]:
    """SHA-256 (hex) and size of a regular file, read in chunks; ``(None, None)`` for
    a directory or anything that cannot be read."""
    from ..files import NotAFile, open_regular

    try:
        h = hashlib.sha256()
        size = 0
        with open_regular(path) as fh:
            while chunk := fh.read(_CHUNK):
                h.update(chunk)
                size += len(chunk)
        return h.hexdigest(), size
    except (OSError, ValueError, NotAFile):  # ValueError: a name no file system can hold
        return None, None


def complete(
    report: Report,
    path: str | os.PathLike[str] | None,
    *,
    started_at: str | None = None,
    duration_s: float | None = None,
    checkpoint_given: bool | None = None,
    hash_input: bool = True,
) -> Report:
    """Fill the audit-record fields the opener left empty (in place; returns ``report``).

    ``input.sha256``/``size`` are hashed from the file here only when missing (and
    ``hash_input``: a report of a usage error does not read the file).
    """
    inp = dict(report.input or {})
    if "path" not in inp or inp["path"] is None:
        inp["path"] = os.fsdecode(path) if path is not None else None
    if hash_input and path is not None and ("sha256" not in inp or "size" not in inp):
        sha, size = file_digest(path)
        inp.setdefault("sha256", sha)
        inp.setdefault("size", size)
    inp.setdefault("sha256", None)
    inp.setdefault("size", None)
    if inp.get("format") is None:
        fmt = report.container.get("format") if report.container else None
        if fmt is None and report.is_hom:
            fmt = report.profile
        inp["format"] = fmt
    report.input = {k: inp[k] for k in ("path", "sha256", "size", "format")}
    if report.started_at is None:
        report.started_at = started_at
    if report.duration_s is None:
        report.duration_s = duration_s
    cp = dict(report.checkpoint or {})
    if checkpoint_given is not None and not cp.get("given"):
        cp["given"] = checkpoint_given
    if cp.get("given") and cp.get("state") in (None, "none"):  # not evaluated when unopenable
        cp["state"] = (report.container or {}).get("continuity") or "none"
    cp.setdefault("given", False)
    cp.setdefault("state", "none")
    report.checkpoint = {"given": bool(cp["given"]), "state": cp["state"]}
    return report
