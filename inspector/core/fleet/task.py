"""The per-file task: the same code on a local worker process and on a Dask worker.

:func:`audit_file` takes a picklable :class:`FileJob` and returns a picklable
:class:`FileResult`; it never raises.  It resolves the credential *here* (a reference
travels unless ``--send-secrets``), opens and verifies the file with
:func:`inspector.core.opener.open_and_verify` (or :mod:`.source` for a URL) and completes
the report exactly as ``verify`` does (the passphrase hints, the audit-record fields), so
each file's report is the one ``verify --format json`` gives for it alone.  It stops a
file that runs past its timeout (by default one proportional to the file's size), compares
the history with the ``--since`` baseline and the ledger's mark while the parsed objects
are at hand (those findings travel beside the report, never in it), and ships the report
without the parsed objects.

A run can be cancelled where its tasks run: :func:`cancel_run` (called on every worker
of a cluster) stops the verifications of that run at their next check.
"""

from __future__ import annotations

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
from ..secrets import Secret
from ..verify.context import Progress
from ..verify.engine import CancelToken, VerifyOptions
from ..verify.report import Report, Verdict
from .credentials import CredentialRef, credential_of
from .discover import is_url
from .history import HistoryChange, Mark, compare, reading_of

TIMEOUT_GRACE = 5.0  # seconds a cancelled verification gets to stop before the task returns anyway
DEFAULT_TIMEOUT_S = 60.0  # the default per-file timeout: this much ...
DEFAULT_TIMEOUT_PER_MIB = 3.0  # ... plus this much per MiB of the file (about 10× the measured cost)
SUMMARY_DROP = ("commits", "evidence", "signer", "order", "unreachable")
# what a worker that cannot reach a file says: not a judgement of the file
CANNOT_READ = frozenset({"not_found", "unreadable", "credential_unreadable", "not_a_store"})
WRONG_CREDENTIAL = frozenset({"wrong_passphrase", "invalid_recovery_code", "authentication_failed"})


@dataclass(frozen=True)
class CredentialFailure:
    """A credential the coordinator could not read (``--send-secrets``): the file is
    reported unopenable, as if the worker had failed to read it."""

    code: str
    message: str
    source: str


@dataclass(frozen=True)
class SentSecret:
    """A secret read on the coordinator (``--send-secrets``) with its kind; ``repr``
    never shows it (:class:`~inspector.core.secrets.Secret` does not)."""

    kind: str  # "passphrase" or "recovery_code"
    secret: Secret


Cred = CredentialRef | Credential | SentSecret | CredentialFailure


@dataclass(frozen=True)
class FileJob:
    """Everything a worker needs to audit one file (picklable; ``repr`` hides secrets,
    because :class:`~inspector.core.container.Credential` and
    :class:`~inspector.core.secrets.Secret` do).

    ``timeout`` None is the default per-file timeout (:func:`default_timeout`, from the
    file's size where it is read); ``older`` are older credentials tried in turn when
    ``credential`` does not unlock the file; ``previous`` is the ``--since`` baseline and
    ``mark`` the ledger's high-water mark; ``run`` names the run (for :func:`cancel_run`)."""

    index: int
    location: str
    display: str
    kind: str
    credential: Cred | None = None
    checkpoint: bytes | None = field(default=None, repr=False)
    checkpoint_name: str = "checkpoint"
    strict: bool = False
    timeout: float | None = None
    previous: Mark | None = field(default=None, repr=False)
    detail: str = "full"  # "full": the report as verify gives it; "summary": no per-object maps
    threads: int = 1
    identity: str = ""
    mark: Mark | None = field(default=None, repr=False)
    older: tuple[Cred, ...] = ()
    run: str = ""


@dataclass
class FileResult:
    index: int
    report: Report
    seconds: float  # wall time of the task
    since: HistoryChange | None = None
    worker: str = ""
    tool_version: str = __version__
    cpu_seconds: float = 0.0  # CPU time of the worker process during the task (all its threads)
    ledger: HistoryChange | None = None  # the comparison with the ledger's mark
    reading: Mark | None = None  # the mark of this reading (None: no history was read)
    opened_with: int = 0  # 0: the current credential; k: the k-th older one
    cannot_read: bool = False  # the worker could not reach the file (not a judgement of it)
    address: str = ""  # the Dask worker that ran it


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# ---------------------------------------------------------------------------- cancelling a run

_RUNS_LOCK = threading.Lock()
_CANCELLED_RUNS: set[str] = set()
_RUNNING: dict[str, set[CancelToken]] = {}


def cancel_run(run: str) -> int:
    """Stop every verification of ``run`` in this process at its next check, and any
    that starts later; returns how many were running.  The Dask executor calls it on
    every worker when a run is cancelled (Ctrl-C, SIGTERM, a lost cluster)."""
    with _RUNS_LOCK:
        _CANCELLED_RUNS.add(run)
        tokens = list(_RUNNING.get(run, ()))
    for t in tokens:
        t.cancel()
    return len(tokens)


def _register(run: str, token: CancelToken) -> None:
    with _RUNS_LOCK:
        _RUNNING.setdefault(run, set()).add(token)
        if run in _CANCELLED_RUNS:
            token.cancel()


def _unregister(run: str, token: CancelToken) -> None:
    with _RUNS_LOCK:
        tokens = _RUNNING.get(run)
        if tokens is not None:
            tokens.discard(token)
            if not tokens:
                del _RUNNING[run]


# ---------------------------------------------------------------------------- the timeout


def default_timeout(size: int | None) -> float:
    """The default per-file timeout: :data:`DEFAULT_TIMEOUT_S` plus
    :data:`DEFAULT_TIMEOUT_PER_MIB` per MiB (a file whose size cannot be read gets the base)."""
    return DEFAULT_TIMEOUT_S + DEFAULT_TIMEOUT_PER_MIB * (size or 0) / (1024 * 1024)


def size_of(location: str) -> int | None:
    """Bytes of a file, or of every file of a directory store (links not followed); None
    when it cannot be read."""
    try:
        if is_url(location):
            from fsspec.core import url_to_fs

            fs, path = url_to_fs(location)
            return int(fs.du(path)) if fs.isdir(path) else int(fs.size(path))
        st = os.stat(location, follow_symlinks=False)
        if not os.path.isdir(location):
            return st.st_size
        total = 0
        stack = [location]
        while stack:
            with os.scandir(stack.pop()) as it:
                for e in it:
                    if e.is_dir(follow_symlinks=False):
                        stack.append(e.path)
                    elif e.is_file(follow_symlinks=False):
                        total += e.stat(follow_symlinks=False).st_size
        return total
    except (OSError, ValueError, ImportError):
        return None
    except Exception:  # an fsspec file system's own error: the size is unknown, the base applies
        return None


def _timeout_report(job: FileJob, seconds: float, sized: bool) -> Report:
    r = Report(verdict=Verdict.ERROR)
    how = (
        ""
        if job.timeout is not None
        else " (the default for its size)"
        if sized
        else " (its size could not be read)"
    )
    r.findings.append(
        make_finding(
            "file_timeout",
            Severity.ERROR,
            "store",
            job.location,
            C.FILE_TIMEOUT,
            expected=f"a verdict within {seconds:g} s{how}",
            found="still verifying at the deadline",
            likely_cause="a very large or deliberately slow file, or a file system that does not answer",
            path=job.display,
            seconds=f"{seconds:g}",
        )
    )
    return r


def _bounded(job: FileJob, work: Callable[[CancelToken], Report]) -> Report:
    """Run ``work`` in a thread that is cancelled at the deadline: ``job.timeout``, or
    the default for the file's size (measured in that thread too: a file system that
    does not answer blocks the thread, not the task).  The task returns a
    ``file_timeout`` report at the deadline (plus a short grace to let the verifier
    stop) even if the work never stops: a file is reported, not awaited forever."""
    token = CancelToken()
    box: dict[str, Any] = {}
    sized = threading.Event()
    t0 = time.monotonic()

    def target() -> None:
        try:
            if job.timeout is None:
                box["size"] = size_of(job.location)
            sized.set()
            box["report"] = work(token)
        except Cancelled:
            box["cancelled"] = True
        except BaseException as exc:  # handed to the caller's thread
            box["exc"] = exc
        finally:
            sized.set()

    if job.run:
        _register(job.run, token)
    try:
        t = threading.Thread(target=target, name="aleth-audit-file", daemon=True)
        t.start()
        limit = job.timeout if job.timeout is not None else DEFAULT_TIMEOUT_S
        if job.timeout is None and sized.wait(limit):
            limit = default_timeout(box.get("size"))
        t.join(max(0.0, limit - (time.monotonic() - t0)))
        if t.is_alive() or box.get("cancelled"):
            token.cancel()
            t.join(TIMEOUT_GRACE)
            if job.run and job.run in _CANCELLED_RUNS:
                raise Cancelled()
            return _timeout_report(job, limit, box.get("size") is not None)
    finally:
        if job.run:
            _unregister(job.run, token)
    if "exc" in box:
        raise box["exc"]
    report: Report = box["report"]
    return report


# ---------------------------------------------------------------------------- credentials


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


def _secret(job: FileJob, cred: Cred) -> tuple[Credential, Secret | None] | Report:
    """The credential (and the secret with its hints) for ``job``, read here, or the
    report saying why it could not be read."""
    if isinstance(cred, CredentialRef):
        try:
            secret = cred.read()
        except InspectorError as exc:
            return _unopenable(
                job,
                "credential_unreadable",
                C.CREDENTIAL_UNREADABLE,
                found=exc.message,
                likely_cause=exc.likely_cause,
                what=cred.what,
                source=cred.describe(),
            )
        return credential_of(cred.kind, secret), secret
    if isinstance(cred, SentSecret):
        return credential_of(cred.kind, cred.secret), cred.secret
    if isinstance(cred, CredentialFailure):
        return _unopenable(
            job,
            cred.code,
            C.CREDENTIAL_UNREADABLE,
            found=cred.message,
            what="credential",
            source=cred.source,
        )
    return cred, None


def _read_head(job: FileJob, limit: int) -> bytes:
    if is_url(job.location):
        from .source import read_bytes

        return read_bytes(job.location, limit)
    with open(job.location, "rb") as fh:
        return fh.read(limit)


def _no_credential(job: FileJob) -> Report:
    """A sealed file no rule unlocks: say what is wrong with its envelope if anything
    (cheap, no key derivation), else ``no_credential``.  A file that cannot be read
    any more (it went away since the opener looked) is still ``no_credential``: that
    is what the auditor must fix first."""
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
    except OSError:
        pass
    return _unopenable(
        job,
        "no_credential",
        C.NO_CREDENTIAL,
        expected="a [[file]] rule matching this file with a passphrase or recovery code",
        found="no rule matches",
    )


def _verify_once(
    job: FileJob, cred: Credential | None, cancel: CancelToken | None, progress: Progress | None = None
) -> Report:
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

        return open_and_verify_url(job.location, cred, opts)
    from ..opener import open_and_verify

    return open_and_verify(job.location, cred, opts)


def _attempt(
    job: FileJob, c: Cred | None, cancel: CancelToken | None, progress: Progress | None = None
) -> tuple[Report, Credential | None]:
    """The report with credential ``c`` (resolved here), and the credential it was."""
    from ..opener import explain_failure

    got = _secret(job, c) if c is not None else (None, None)
    if isinstance(got, Report):
        return got, None
    cred, secret = got
    return explain_failure(_verify_once(job, cred, cancel, progress), secret), cred


def _open_verify(
    job: FileJob, cancel: CancelToken | None, progress: Progress | None = None
) -> tuple[Report, int, Credential | None]:
    """The file's report as ``verify`` gives it with the credential that opens it (the
    current one, else each older one in turn), which one that was (its index) and the
    credential itself (None when there was none)."""
    from ..render.record import complete

    started = _now()
    t0 = time.perf_counter()
    creds: tuple[Cred | None, ...] = (job.credential, *job.older) if job.credential is not None else (None,)
    (report, cred), used = _attempt(job, creds[0], cancel, progress), 0
    if report.verdict == "unopenable" and report.codes() & WRONG_CREDENTIAL:
        # an older credential, only for a file the current one cannot unlock
        for i, c in enumerate(creds[1:], 1):
            older, older_cred = _attempt(job, c, cancel, progress)
            if older.verdict != "unopenable":
                report, used, cred = older, i, older_cred
                break
    if (
        job.credential is None
        and job.kind in ("sealed", "file")
        and report.verdict == "unopenable"
        and any(f.code == "credential_required" for f in report.findings)
    ):
        report = _no_credential(job)
    complete(
        report,
        job.location if not is_url(job.location) else None,
        started_at=started,
        duration_s=time.perf_counter() - t0,
        checkpoint_given=job.checkpoint is not None,
    )
    if is_url(job.location) and not report.input.get("path"):
        report.input["path"] = job.location
    return report, used, cred


def judge_file(
    job: FileJob, cancel: CancelToken | None = None, progress: Progress | None = None
) -> tuple[Report, Credential | None]:
    """The report of ``job``'s file exactly as the audit judges it (its credential
    resolved here, an older one tried when the current one does not unlock it, its
    checkpoint, its strictness), and the credential that was used (None when there was
    none).  The desktop window opens a row of its fleet table with this, so the file
    shows the verdict its row shows."""
    report, _, cred = _open_verify(job, cancel, progress)
    return report, cred


def record_unread(
    report: Report, job: FileJob, started: str | None = None, seconds: float | None = None
) -> Report:
    """The audit-record fields of a report that has no verdict on the file's bytes (a
    timeout, a lost worker, a bug), without reading the file again (in place)."""
    from ..render.record import complete

    complete(
        report,
        job.location,
        started_at=started or _now(),
        duration_s=seconds if seconds is not None else 0.0,
        checkpoint_given=job.checkpoint is not None,
        hash_input=False,
    )
    return report


def slim(report: Report, detail: str) -> None:
    """Drop what a fleet result does not ship: the parsed objects always (not in the JSON
    report); with ``detail="summary"`` also the per-object maps (for a table)."""
    report.objects = {}
    if detail == "summary":
        for name in SUMMARY_DROP:
            setattr(report, name, type(getattr(report, name))())
        report.mutmem = None


def cannot_read(report: Report) -> bool:
    """Whether ``report`` says the file could not be reached (rather than judging it)."""
    return report.verdict == "unopenable" and bool(report.codes()) and report.codes() <= CANNOT_READ


def audit_file(job: FileJob) -> FileResult:
    """Audit one file; every failure becomes a report (never an exception, except
    :class:`~inspector.core.errors.Cancelled` when its run was cancelled)."""
    t0 = time.perf_counter()
    c0 = time.process_time()
    started = _now()
    since = ledger = reading = None
    used = 0
    box: dict[str, Any] = {}

    def work(cancel: CancelToken) -> Report:
        report, box["used"], _ = _open_verify(job, cancel)
        return report

    try:
        report = _bounded(job, work)
        used = box.get("used", 0)
    except Cancelled:
        raise
    except Exception as exc:  # a bug in the inspector: the last-resort report
        report = Report.internal_error(exc, object_id=job.location)
    if not report.input:  # a timeout or a bug: the record without reading the file again
        record_unread(report, job, started, time.perf_counter() - t0)
    try:
        if job.previous is not None:
            since = compare(report, job.previous, "since")
        if job.mark is not None:
            ledger = compare(report, job.mark, "ledger")
        reading = reading_of(report)
    except Exception as exc:
        report = Report.internal_error(exc, object_id=job.location)
        since = ledger = reading = None
    slim(report, job.detail)
    return FileResult(
        job.index,
        report,
        time.perf_counter() - t0,
        since,
        f"{socket.gethostname()}:{os.getpid()}",
        cpu_seconds=time.process_time() - c0,
        ledger=ledger,
        reading=reading,
        opened_with=used,
        cannot_read=cannot_read(report),
    )
