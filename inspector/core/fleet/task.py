"""The per-file task: the same code on a local worker process and on a Dask worker.

:func:`audit_file` takes a picklable :class:`FileJob` and returns a picklable
:class:`FileResult`; it never raises.  It resolves the credential *here* (a reference
travels unless ``--send-secrets``), opens and verifies the file with
:func:`inspector.core.opener.open_and_verify` (or :mod:`.source` for a URL), stops a
file that runs past its timeout, compares it with the previous audit while the store's
parent links are at hand, and ships the report without the parsed objects.
"""

from __future__ import annotations

import hashlib
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ... import __version__
from ..codes import audit as C
from ..container import Credential
from ..errors import Cancelled, InspectorError
from ..findings import Severity, make_finding
from ..verify.context import Progress
from ..verify.engine import CancelToken, VerifyOptions
from ..verify.report import Report, Verdict
from .credentials import CredentialRef
from .discover import is_url
from .since import PreviousRecord, SinceChange, check_since

TIMEOUT_GRACE = 5.0  # seconds a cancelled verification gets to stop before the task returns anyway
SUMMARY_DROP = ("commits", "evidence", "signer", "order", "unreachable")


@dataclass(frozen=True)
class CredentialFailure:
    """A credential the coordinator could not read (``--send-secrets``): the file is
    reported unopenable, as if the worker had failed to read it."""

    code: str
    message: str
    source: str


@dataclass(frozen=True)
class FileJob:
    """Everything a worker needs to audit one file (picklable; ``repr`` hides secrets,
    because :class:`~inspector.core.container.Credential` does)."""

    index: int
    location: str
    display: str
    kind: str
    credential: CredentialRef | Credential | CredentialFailure | None = None
    checkpoint: bytes | None = field(default=None, repr=False)
    checkpoint_name: str = "checkpoint"
    strict: bool = False
    timeout: float | None = None
    previous: PreviousRecord | None = field(default=None, repr=False)
    detail: str = "full"  # "full": the report as verify gives it; "summary": no per-object maps
    threads: int = 1


@dataclass
class FileResult:
    index: int
    report: Report
    seconds: float  # wall time of the task
    since: SinceChange | None = None
    worker: str = ""
    tool_version: str = __version__
    cpu_seconds: float = 0.0  # CPU time of the worker process during the task (all its threads)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _unopenable(job: FileJob, code: str, template: str, **kw: Any) -> Report:
    r = Report(verdict=Verdict.UNOPENABLE)
    expected = kw.pop("expected", None)
    found = kw.pop("found", None)
    likely = kw.pop("likely_cause", None)
    r.findings.append(
        make_finding(
            code,
            Severity.ERROR,
            "container",
            job.location,
            template,
            expected=expected,
            found=found,
            likely_cause=likely,
            path=job.display,
            **kw,
        )
    )
    return r


def _credential(job: FileJob) -> Credential | Report | None:
    """The credential for ``job`` resolved here, or the report saying why not."""
    cred = job.credential
    if isinstance(cred, CredentialRef):
        try:
            return cred.resolve()
        except InspectorError as exc:
            return _unopenable(
                job,
                "credential_unreadable",
                C.CREDENTIAL_UNREADABLE,
                found=exc.message,
                likely_cause=exc.likely_cause,
                what="passphrase" if cred.kind == "passphrase" else "recovery code",
                source=cred.describe(),
            )
    if isinstance(cred, CredentialFailure):
        return _unopenable(
            job,
            cred.code,
            C.CREDENTIAL_UNREADABLE,
            found=cred.message,
            what="credential",
            source=cred.source,
        )
    return cred


def _read_head(job: FileJob, limit: int) -> bytes:
    if is_url(job.location):
        from .source import read_bytes

        return read_bytes(job.location, limit)
    with open(job.location, "rb") as fh:
        return fh.read(limit)


def _no_credential(job: FileJob) -> Report:
    """A sealed file no rule unlocks: say what is wrong with its envelope if anything
    (cheap, no key derivation), else ``no_credential``."""
    from ..container import MAX_CONTAINER, parse_envelope

    try:
        blob = _read_head(job, MAX_CONTAINER + 1)
        if len(blob) <= MAX_CONTAINER:
            parse_envelope(blob)
    except InspectorError as exc:
        return Report.unopenable(
            exc.code,
            exc.message,
            object_kind="container",
            object_id=job.location,
            expected=exc.expected,
            found=exc.found,
            likely_cause=exc.likely_cause,
        )
    except Exception:  # unreadable now: the opener said so already; keep the plain answer
        pass
    return _unopenable(
        job,
        "no_credential",
        C.NO_CREDENTIAL,
        expected="a [[file]] rule matching this file with a passphrase or recovery code",
        found="no rule matches",
    )


def _open_verify(job: FileJob, cancel: CancelToken | None) -> Report:
    return judge_file(job, cancel)[0]


def judge_file(
    job: FileJob, cancel: CancelToken | None = None, progress: Progress | None = None
) -> tuple[Report, Credential | None]:
    """The report of ``job``'s file exactly as the audit judges it (its credential
    resolved here, its checkpoint, its strictness), and the credential that was used
    (None when there was none).  The desktop window opens a row of its fleet table with
    this, so the file shows the verdict its row shows."""
    cred = _credential(job)
    if isinstance(cred, Report):
        return cred, None
    opts = VerifyOptions(
        checkpoint=job.checkpoint,
        checkpoint_name=job.checkpoint_name,
        progress=progress,
        cancel=cancel,
        threads=job.threads,
        processes=1,  # the fleet runs files in parallel: no pool of processes inside a worker
        strict=job.strict,
    )
    if is_url(job.location):
        from .source import open_and_verify_url

        report = open_and_verify_url(job.location, cred, opts)
    else:
        from ..opener import open_and_verify

        report = open_and_verify(job.location, cred, opts)
    if (
        cred is None
        and job.kind in ("sealed", "file")
        and report.verdict == "unopenable"
        and any(f.code == "credential_required" for f in report.findings)
    ):
        return _no_credential(job), None
    return report, cred


def _bounded(job: FileJob, work: Callable[[CancelToken | None], Report]) -> Report:
    """Run ``work``; with a timeout, in a thread that is cancelled at the deadline.  The
    task returns a ``file_timeout`` report at the deadline (plus a short grace to let the
    verifier stop) even if the work never stops: a file is reported, not awaited forever."""
    if not job.timeout or job.timeout <= 0:
        return work(None)
    token = CancelToken()
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["report"] = work(token)
        except Cancelled:
            box["cancelled"] = True
        except BaseException as exc:  # handed to the caller's thread
            box["exc"] = exc

    t = threading.Thread(target=target, name="aleth-audit-file", daemon=True)
    t.start()
    t.join(job.timeout)
    if t.is_alive() or box.get("cancelled"):
        token.cancel()
        t.join(TIMEOUT_GRACE)
        r = Report(verdict=Verdict.ERROR)
        r.findings.append(
            make_finding(
                "file_timeout",
                Severity.ERROR,
                "store",
                job.location,
                C.FILE_TIMEOUT,
                expected=f"a verdict within {job.timeout:g} s",
                found="still verifying at the deadline",
                likely_cause="a very large or deliberately slow file",
                path=job.display,
                seconds=f"{job.timeout:g}",
            )
        )
        return r
    if "exc" in box:
        raise box["exc"]
    report: Report = box["report"]
    return report


def _input(job: FileJob, report: Report) -> dict[str, Any]:
    """``input`` of the audit record when the opener did not fill it."""
    sha = size = None
    if not is_url(job.location) and os.path.isfile(job.location):
        h = hashlib.sha256()
        try:
            with open(job.location, "rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
                    size = (size or 0) + len(chunk)
            sha = h.hexdigest()
            size = size or 0
        except OSError:
            sha = size = None
    return {"path": job.location, "sha256": sha, "size": size, "format": report.container.get("format")}


def slim(report: Report, detail: str) -> None:
    """Drop what a fleet result does not ship: the parsed objects always (not in the JSON
    report); with ``detail="summary"`` also the per-object maps (for a table)."""
    report.objects = {}
    if detail == "summary":
        for name in SUMMARY_DROP:
            setattr(report, name, type(getattr(report, name))())
        report.mutmem = None


def audit_file(job: FileJob) -> FileResult:
    """Audit one file; every failure becomes a report (never an exception)."""
    t0 = time.perf_counter()
    c0 = time.process_time()
    started = _now()
    since = None
    try:
        report = _bounded(job, lambda cancel: _open_verify(job, cancel))
    except Exception as exc:  # a bug in the inspector: the last-resort report
        report = Report.internal_error(exc, object_id=job.location)
    try:
        if job.previous is not None:
            since = check_since(report, job.previous, strict=job.strict)
    except Exception as exc:
        report = Report.internal_error(exc, object_id=job.location)
    seconds = time.perf_counter() - t0
    if not report.input:
        report.input = _input(job, report)
    if report.started_at is None:
        report.started_at = started
    if report.duration_s is None:
        report.duration_s = seconds
    slim(report, job.detail)
    return FileResult(
        job.index,
        report,
        time.perf_counter() - t0,
        since,
        f"{socket.gethostname()}:{os.getpid()}",
        cpu_seconds=time.process_time() - c0,
    )
