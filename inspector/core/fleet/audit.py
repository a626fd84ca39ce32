"""A fleet audit: plan the jobs, run them on an executor, collect the answer.

:func:`run_audit` maps :func:`~.task.audit_file` over the discovered targets through an
:class:`~.executors.Executor` and returns an :class:`AuditResult`: the per-file reports
(each the single-file :class:`~inspector.core.verify.report.Report`, exactly what
``verify`` gives the file alone), and beside each report the fleet's own findings — the
comparison with ``--since``, the comparison with the fleet ledger's mark and the file's
open alarms — then totals, the files not checked (and why), what the cluster did wrong,
the ledger's night and the audit's exit code.  Renderers (text, JSON, HTML) are
functions of the result; nothing here prints.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ... import __version__
from ..codes import audit as C
from ..errors import Cancelled, InspectorError
from ..findings import Finding, Severity, make_finding
from ..i18n import Phrase
from ..render.json import report_document
from ..render.options import tool_info
from ..secrets import Secret
from ..verify.engine import CancelToken
from ..verify.report import Report
from .credentials import CredentialRef, CredentialRules
from .discover import Discovery, Skipped, Target
from .executors import ClusterLost, Executor, InlineExecutor
from .history import HistoryChange, Mark
from .ledger import Alarm, Ledger, Night, seen_of
from .since import AUDIT_SCHEMA, PreviousAudit, SinceSummary
from .task import CredentialFailure, FileJob, FileResult, SentSecret, _now

VERDICT_RANK = {"fail": 0, "error": 1, "unopenable": 2, "indeterminate": 3, "interrupted": 4, "pass": 5}
NO_CREDENTIAL_KINDS = ("directory", "hom-aimos")
EXIT_INCOMPLETE = (
    7  # the audit stopped before every file was checked (the cluster was lost); 6 is an output lost
)
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_TERMINATED = 143  # SIGTERM (what timeout, cron and service managers send)
FLEET_VERDICTS = ("pass", "fail", "unopenable", "indeterminate", "error", "incomplete", "interrupted")


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread by the command line's handler: stops the run
    as Ctrl-C does (the workers too), and the audit exits 143."""


@dataclass(frozen=True)
class AuditOptions:
    strict: bool = False
    file_timeout: float | None = None  # None: the default, proportional to each file's size
    send_secrets: bool = False
    detail: str = "full"  # "summary": reports without per-object maps (the GUI's table)
    threads: int = 1  # signature threads inside each file's verification

    def to_json(self) -> dict[str, Any]:
        return {
            "strict": self.strict,
            "file_timeout": self.file_timeout,
            "send_secrets": self.send_secrets,
            "detail": self.detail,
        }


@dataclass
class FileEntry:
    """One audited file: where it is, what the verifier said (``report``, exactly
    ``verify``'s) and what the fleet adds beside it."""

    target: Target
    report: Report
    seconds: float
    since: HistoryChange | None = None
    worker: str = ""
    tool_version: str = __version__
    cpu_seconds: float = 0.0
    ledger: HistoryChange | None = None  # the comparison with the ledger's mark
    reading: Mark | None = None
    alarms: list[Alarm] = field(default_factory=list)  # the file's open alarms after this run
    notes: list[Finding] = field(default_factory=list)  # the fleet's own remarks on the file

    @property
    def verdict(self) -> str:
        """The file's verdict in the fleet: its report's, or ``fail`` when the comparison
        with ``--since`` found a rollback or a rewrite, or an alarm of the ledger is open."""
        if self.alarms or (self.since is not None and self.since.findings):
            return "fail"
        return str(self.report.verdict)

    def fleet_findings(self) -> list[Finding]:
        """The fleet's findings about this file, worst first: alarms, then ``--since``, then notes."""
        out = [f for a in self.alarms for f in a.findings]
        if self.since is not None:
            out.extend(self.since.findings)
        return out + self.notes

    def checkpoint_state(self) -> str:
        state = str(self.report.checkpoint.get("state", "none"))
        if state == "none" and "continuity" in self.report.container:
            return str(self.report.container["continuity"])
        return state

    def sort_key(self) -> tuple[Any, ...]:
        sev = self.report.severity_counts()
        extra = len(self.fleet_findings())
        return (
            VERDICT_RANK.get(self.verdict, 1),
            -(sev["error"] + extra),
            -sev["warning"],
            self.target.display,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.target.display,
            "location": self.target.location,
            "identity": self.target.identity,
            "kind": self.target.kind,
            "verdict": self.verdict,
            "seconds": round(self.seconds, 4),
            "cpu_seconds": round(self.cpu_seconds, 4),
            "worker": self.worker,
            "report": report_document(self.report, tool_info(self.tool_version)),
            "since": self.since.to_json() if self.since is not None else None,
            "ledger": self.ledger.to_json() if self.ledger is not None else None,
            "alarms": [a.to_json() for a in self.alarms],
            "notes": [f.to_json() for f in self.notes],
        }


@dataclass(frozen=True)
class NotChecked:
    """A file found but not checked, and why (an interrupted run, a lost cluster)."""

    target: Target
    code: str  # interrupted, terminated, scheduler_lost, no_workers
    reason: str  # one sentence (a Phrase: shown in the reader's language)

    def to_json(self) -> dict[str, str]:
        t = self.target
        return {
            "path": t.display,
            "location": t.location,
            "identity": t.identity,
            "code": self.code,
            "reason": self.reason,
        }


@dataclass
class AuditResult:
    entries: list[FileEntry] = field(default_factory=list)  # in the order they finished
    skipped: list[Skipped] = field(default_factory=list)
    not_checked: list[NotChecked] = field(default_factory=list)  # left when the run stopped early
    since: SinceSummary | None = None
    inputs: list[str] = field(default_factory=list)
    options: AuditOptions = field(default_factory=AuditOptions)
    executor: dict[str, Any] = field(default_factory=dict)
    credentials: str | None = None
    started_at: str = ""
    duration_s: float = 0.0
    interrupted: bool = False
    stopped_by: str | None = None  # SIGINT or SIGTERM when interrupted
    incomplete: str | None = None  # why the run stopped early (scheduler_lost, no_workers)
    cluster: list[Finding] = field(default_factory=list)  # what went wrong with the workers
    ledger: Night | None = None
    ledger_path: str | None = None
    error: InspectorError | None = None  # the run could not start (usage) or broke (internal)
    error_exit: int = 3

    @property
    def not_audited(self) -> list[Target]:
        return [n.target for n in self.not_checked]

    def worst_first(self) -> list[FileEntry]:
        return sorted(self.entries, key=FileEntry.sort_key)

    def by_path(self) -> list[FileEntry]:
        return sorted(self.entries, key=lambda e: (e.target.display, e.target.location))

    def verdicts(self) -> dict[str, int]:
        out = dict.fromkeys(VERDICT_RANK, 0)
        for e in self.entries:
            out[e.verdict] = out.get(e.verdict, 0) + 1
        return out

    def open_alarms(self) -> list[Alarm]:
        return self.ledger.open_alarms() if self.ledger is not None else []

    def totals(self) -> dict[str, Any]:
        sev = {"error": 0, "warning": 0, "info": 0}
        commits = 0
        for e in self.entries:
            for k, v in e.report.severity_counts().items():
                sev[k] += v
            commits += int(e.report.counts.get("commits", 0) or 0)
        n = len(self.entries)
        return {
            "files": n,
            **self.verdicts(),
            "errors": sev["error"],
            "warnings": sev["warning"],
            "notes": sev["info"],
            "commits": commits,
            "skipped": len(self.skipped),
            "not_checked": len(self.not_checked),
            "alarms": len(self.open_alarms()),
            "file_seconds": round(sum(e.seconds for e in self.entries), 4),
            "files_per_second": round(n / self.duration_s, 3) if self.duration_s > 0 else None,
        }

    @property
    def exit_code(self) -> int:
        """143 stopped by SIGTERM, 130 interrupted (Ctrl-C), 6 incomplete (the cluster was
        lost: files not checked); else 1 a file failed, an alarm of the ledger is open or a
        file of the ``--since`` baseline is gone, 2 a file was unopenable, 5 a file the
        inspector could not judge (a bug, a timeout, a lost worker), 4 a file was
        indeterminate, 3 nothing to audit, 0 every file passed."""
        if self.error is not None:
            return self.error_exit
        if self.interrupted:
            return EXIT_TERMINATED if self.stopped_by == "SIGTERM" else EXIT_INTERRUPTED
        if self.incomplete is not None:
            return EXIT_INCOMPLETE
        v = self.verdicts()
        if self.open_alarms() or (self.since is not None and self.since.gone):
            return 1
        if not self.entries:
            return 3
        for verdict, code in (("fail", 1), ("unopenable", 2), ("error", 5), ("indeterminate", 4)):
            if v.get(verdict):
                return code
        return EXIT_INTERRUPTED if v.get("interrupted") else 0

    @property
    def verdict(self) -> str:
        """The fleet's verdict (the worst, the one that decides the exit code)."""
        return {
            0: "pass",
            1: "fail",
            2: "unopenable",
            3: "error",
            4: "indeterminate",
            5: "error",
            EXIT_INCOMPLETE: "incomplete",
        }.get(self.exit_code, "interrupted")

    def to_json(self) -> dict[str, Any]:
        """Schema ``aleth-inspector/audit/2`` (``inspector/schemas/audit-v2.json``)."""
        return {
            "schema": AUDIT_SCHEMA,
            "tool": tool_info(),
            "started_at": self.started_at,
            "duration_s": round(self.duration_s, 4),
            "inputs": list(self.inputs),
            "options": {**self.options.to_json(), "credentials": self.credentials},
            "executor": self.executor,
            "verdict": self.verdict,
            "exit_code": self.exit_code,
            "interrupted": self.interrupted,
            "stopped_by": self.stopped_by,
            "incomplete": self.incomplete,
            "totals": self.totals(),
            "files": [e.to_json() for e in self.by_path()],
            "skipped": [s.to_json() for s in self.skipped],
            "not_checked": [n.to_json() for n in self.not_checked],
            "cluster": [f.to_json() for f in self.cluster],
            "since": self.since.to_json() if self.since is not None else None,
            "ledger": self.ledger.to_json(self.ledger_path or "") if self.ledger is not None else None,
            "error": None
            if self.error is None
            else {"code": self.error.code, "message": self.error.message, "details": self.error.describe()},
        }


def check_send_secrets(address: str | None) -> None:
    """``--send-secrets`` puts passphrases on the wire: only to a TLS scheduler."""
    if address is not None and not address.lower().startswith(("tls://", "wss://")):
        raise InspectorError(
            "insecure_scheduler",
            f"--send-secrets refuses the scheduler {address}: secrets travel only over TLS",
            expected="a tls:// (or wss://) scheduler address",
            found=address.split("://", 1)[0] + "://" if "://" in address else address,
            likely_cause="drop --send-secrets to send credential references, resolved on the workers",
        )


def _sent(ref: CredentialRef, resolved: dict[CredentialRef, SentSecret | CredentialFailure]) -> Any:
    """``ref`` read here, once, for ``--send-secrets``."""
    if ref not in resolved:
        try:
            secret: Secret = ref.read()
            resolved[ref] = SentSecret(ref.kind, secret)
        except InspectorError as exc:
            resolved[ref] = CredentialFailure("credential_unreadable", exc.message, ref.describe())
    return resolved[ref]


def identities(targets: Sequence[Target], rules: CredentialRules | None) -> list[Target]:
    """The targets with their ledger identity: the one their rule's ``id`` gives, else
    the one discovery gave.  Raises :class:`InspectorError` (``identity_conflict``) when
    two files would share one."""
    from dataclasses import replace

    out: list[Target] = []
    seen: dict[str, Target] = {}
    for t in targets:
        rule = rules.match(t.location) if rules is not None else None
        ident = (rule.identity(t.identity) if rule is not None else None) or t.identity or t.location
        other = seen.get(ident)
        if other is not None:
            raise InspectorError(
                "identity_conflict",
                f"{other.display} and {t.display} would share the ledger identity {ident}",
                expected="one identity per file",
                found=ident,
                likely_cause="two PATHs hold files of the same relative name, or a rule's id names "
                "several files: audit them into separate ledgers, or give each its own id",
            )
        seen[ident] = t
        out.append(replace(t, identity=ident) if ident != t.identity else t)
    return out


def plan(
    targets: Sequence[Target],
    rules: CredentialRules | None = None,
    options: AuditOptions | None = None,
    previous: PreviousAudit | None = None,
    marks: dict[str, Mark | None] | None = None,
) -> list[FileJob]:
    """One job per target: its credential references (or, with ``send_secrets``, the
    secrets), its checkpoint, its ``--since`` record and its ledger mark."""
    opts = options or AuditOptions()
    resolved: dict[CredentialRef, SentSecret | CredentialFailure] = {}
    jobs = []
    for i, t in enumerate(targets):
        rule = rules.match(t.location) if rules is not None else None
        creds: list[Any] = []
        if rule is not None and t.kind not in NO_CREDENTIAL_KINDS:
            creds = [_sent(r, resolved) if opts.send_secrets else r for r in rule.credentials]
        checkpoint = name = None
        if rule is not None and rule.checkpoint is not None and rules is not None:
            checkpoint = rules.checkpoint_bytes(rule.checkpoint)
            name = Path(rule.checkpoint).name
        jobs.append(
            FileJob(
                i,
                t.location,
                t.display,
                t.kind,
                creds[0] if creds else None,
                checkpoint,
                name or "checkpoint",
                opts.strict,
                opts.file_timeout,
                previous.record(t.location, t.identity) if previous is not None else None,
                opts.detail,
                opts.threads,
                t.identity,
                (marks or {}).get(t.identity),
                tuple(creds[1:]),
            )
        )
    return jobs


OnResult = Callable[[FileEntry, int, int], None]


def run_audit(
    discovery: Discovery,
    *,
    rules: CredentialRules | None = None,
    options: AuditOptions | None = None,
    executor: Executor | None = None,
    previous: PreviousAudit | None = None,
    inputs: Sequence[str] = (),
    on_result: OnResult | None = None,
    cancel: CancelToken | None = None,
    ledger: Ledger | None = None,
    record: bool = True,
) -> AuditResult:
    """Audit every target; results stream to ``on_result(entry, done, total)`` as they
    finish.  Ctrl-C (``KeyboardInterrupt``; :class:`Terminated` for SIGTERM) or
    ``cancel`` stop the work: the result is then ``interrupted``, and a lost cluster
    makes it ``incomplete``; either way it lists the files not checked and why.  With a
    ``ledger`` each file is compared with its mark and the night is recorded in the
    ledger (``record=False``: evaluated, not written).  The executor is the caller's (it
    is not closed here).  Raises :class:`InspectorError` only before any work (two files
    with one identity)."""
    opts = options or AuditOptions()
    ex = executor or InlineExecutor()
    targets = identities(discovery.targets, rules)
    result = AuditResult(
        skipped=list(discovery.skipped),
        inputs=list(inputs),
        options=opts,
        executor=ex.describe(),
        credentials=rules.source if rules is not None else None,
        started_at=_now(),
        ledger_path=ledger.path if ledger is not None else None,
    )
    t0 = time.perf_counter()
    snapshot = ledger.marks() if ledger is not None else {}
    jobs = plan(targets, rules, opts, previous, {k: m for k, (m, _) in snapshot.items()})
    done: set[int] = set()
    stream = ex.run(jobs, cancel)
    stop: tuple[str, Phrase] | None = None
    try:
        for res in stream:
            entry = _entry(targets[res.index], res)
            done.add(res.index)
            result.entries.append(entry)
            if on_result is not None:
                on_result(entry, len(done), len(targets))
    except Terminated:
        result.interrupted, result.stopped_by = True, "SIGTERM"
        stop = ("terminated", Phrase(C.REASON_TERMINATED))
    except (KeyboardInterrupt, Cancelled):
        result.interrupted, result.stopped_by = True, "SIGINT"
        stop = ("interrupted", Phrase(C.REASON_INTERRUPTED))
    except ClusterLost as exc:
        result.incomplete = exc.code
        stop = (exc.code, Phrase(exc.template, seconds=f"{exc.seconds:g}"))
    finally:
        stream.close()  # stops the workers if we leave early
    result.cluster = ex.findings()
    if stop is not None:
        code, reason = stop
        result.not_checked = [NotChecked(t, code, reason) for i, t in enumerate(targets) if i not in done]
    result.duration_s = time.perf_counter() - t0
    if previous is not None:
        result.since = summarize_since(previous, targets, result.entries)
    if ledger is not None:
        _night(result, ledger, snapshot, record)
    return result


def _entry(target: Target, res: FileResult) -> FileEntry:
    e = FileEntry(
        target,
        res.report,
        res.seconds,
        res.since,
        res.worker,
        res.tool_version,
        res.cpu_seconds,
        res.ledger,
        res.reading,
    )
    if res.opened_with:
        e.notes.append(
            make_finding(
                "opened_with_older_credential",
                Severity.WARNING,
                "container",
                target.location,
                C.OPENED_WITH_OLDER,
                expected="the current credential of its rule",
                found=f"older credential {res.opened_with + 1}",
                number=res.opened_with + 1,
            )
        )
    return e


def _night(
    result: AuditResult, ledger: Ledger, snapshot: dict[str, tuple[Mark | None, int | None]], record: bool
) -> None:
    """Evaluate the night against the ledger, attach each file's open alarms, and record it
    (one transaction, with SIGINT and SIGTERM held off while it is written)."""
    from .executors import _signals_blocked

    night = ledger.evaluate(
        result.started_at, seen_of(result.entries), {k: r for k, (_, r) in snapshot.items()}
    )
    result.ledger = night
    for e in result.entries:
        e.alarms = list(night.alarms.get(e.target.identity, []))
    if not record:
        return
    state = "interrupted" if result.interrupted else "incomplete" if result.incomplete else "complete"
    try:
        with _signals_blocked():
            ledger.record(
                night,
                inputs=result.inputs,
                state=state,
                files=len(result.entries),
                exit_code=result.exit_code,
                tool_version=__version__,
            )
    except KeyboardInterrupt as exc:  # held off while writing, delivered once it was written
        result.interrupted = True
        result.stopped_by = "SIGTERM" if isinstance(exc, Terminated) else "SIGINT"


def summarize_since(
    previous: PreviousAudit, targets: Sequence[Target], entries: Sequence[FileEntry]
) -> SinceSummary:
    s = SinceSummary(previous)
    if previous.identities:
        now = {t.identity for t in targets}
        s.gone = sorted(previous.identities[i] for i in previous.identities if i not in now)
    else:
        here = {t.location for t in targets}
        s.gone = sorted(loc for loc in previous.records if loc not in here)
    s.added = sorted(t.display for t in targets if not previous.known(t.location, t.identity))
    for e in sorted(entries, key=lambda e: e.target.display):
        c = e.since
        if c is None:
            continue
        if c.changed:
            s.changed.append(e.target.display)
        if c.status == "rolled_back":
            s.rolled_back.append(e.target.display)
        elif c.status in ("rewritten", "replaced"):
            s.rewritten.append(e.target.display)
    return s
