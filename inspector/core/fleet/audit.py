"""A fleet audit: plan the jobs, run them on an executor, collect the answer.

:func:`run_audit` maps :func:`~.task.audit_file` over the discovered targets through an
:class:`~.executors.Executor` and returns an :class:`AuditResult`: the per-file reports
(each the single-file :class:`~inspector.core.verify.report.Report`, judged exactly as
``verify`` judges the file alone, plus the ``--since`` findings), totals, the since
summary, and the audit's exit code.  Renderers (text, JSON, HTML) are functions of the
result; nothing here prints.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ... import __version__
from ..container import Credential
from ..errors import Cancelled, InspectorError
from ..render.json import report_document
from ..render.options import tool_info
from ..verify.engine import CancelToken
from ..verify.report import Report
from .credentials import CredentialRef, CredentialRules
from .discover import Discovery, Skipped, Target
from .executors import Executor, InlineExecutor
from .since import AUDIT_SCHEMA, PreviousAudit, SinceChange, SinceSummary
from .task import CredentialFailure, FileJob, FileResult, _now

VERDICT_RANK = {"fail": 0, "error": 1, "unopenable": 2, "indeterminate": 3, "interrupted": 4, "pass": 5}
NO_CREDENTIAL_KINDS = ("directory", "hom-aimos")


@dataclass(frozen=True)
class AuditOptions:
    strict: bool = False
    file_timeout: float | None = None
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
    """One audited file: where it is and what the verifier said."""

    target: Target
    report: Report
    seconds: float
    since: SinceChange | None = None
    worker: str = ""
    tool_version: str = __version__
    cpu_seconds: float = 0.0

    @property
    def verdict(self) -> str:
        return self.report.verdict

    def checkpoint_state(self) -> str:
        state = str(self.report.checkpoint.get("state", "none"))
        if state == "none" and "continuity" in self.report.container:
            return str(self.report.container["continuity"])
        return state

    def sort_key(self) -> tuple[Any, ...]:
        sev = self.report.severity_counts()
        return (VERDICT_RANK.get(self.verdict, 1), -sev["error"], -sev["warning"], self.target.display)

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.target.display,
            "location": self.target.location,
            "kind": self.target.kind,
            "seconds": round(self.seconds, 4),
            "cpu_seconds": round(self.cpu_seconds, 4),
            "worker": self.worker,
            "report": report_document(self.report, tool_info(self.tool_version)),
            "since": self.since.to_json() if self.since is not None else None,
        }


@dataclass
class AuditResult:
    entries: list[FileEntry] = field(default_factory=list)  # in the order they finished
    skipped: list[Skipped] = field(default_factory=list)
    not_audited: list[Target] = field(default_factory=list)  # left when interrupted
    since: SinceSummary | None = None
    inputs: list[str] = field(default_factory=list)
    options: AuditOptions = field(default_factory=AuditOptions)
    executor: dict[str, Any] = field(default_factory=dict)
    credentials: str | None = None
    started_at: str = ""
    duration_s: float = 0.0
    interrupted: bool = False
    error: InspectorError | None = None  # the run could not start (usage) or broke (internal)
    error_exit: int = 3

    def worst_first(self) -> list[FileEntry]:
        return sorted(self.entries, key=FileEntry.sort_key)

    def by_path(self) -> list[FileEntry]:
        return sorted(self.entries, key=lambda e: (e.target.display, e.target.location))

    def verdicts(self) -> dict[str, int]:
        out = dict.fromkeys(VERDICT_RANK, 0)
        for e in self.entries:
            out[e.verdict] = out.get(e.verdict, 0) + 1
        return out

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
            "not_audited": len(self.not_audited),
            "file_seconds": round(sum(e.seconds for e in self.entries), 4),
            "files_per_second": round(n / self.duration_s, 3) if self.duration_s > 0 else None,
        }

    @property
    def exit_code(self) -> int:
        """130 interrupted; else 1 any fail, 2 any unopenable, 5 a file the inspector
        could not judge (a bug, a timeout, a lost worker), 4 any indeterminate, 3 nothing
        to audit, 0 every file passed."""
        if self.error is not None:
            return self.error_exit
        if self.interrupted:
            return 130
        v = self.verdicts()
        if not self.entries:
            return 3
        for verdict, code in (("fail", 1), ("unopenable", 2), ("error", 5), ("indeterminate", 4)):
            if v.get(verdict):
                return code
        return 130 if v.get("interrupted") else 0

    @property
    def verdict(self) -> str:
        """The fleet's verdict in the report vocabulary (the worst that decides the exit code)."""
        return {0: "pass", 1: "fail", 2: "unopenable", 3: "error", 4: "indeterminate", 5: "error"}.get(
            self.exit_code, "interrupted"
        )

    def to_json(self) -> dict[str, Any]:
        """Schema ``aleth-inspector/audit/1`` (``inspector/schemas/audit-v1.json``)."""
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
            "totals": self.totals(),
            "files": [e.to_json() for e in self.by_path()],
            "skipped": [s.to_json() for s in self.skipped],
            "not_audited": [t.display for t in self.not_audited],
            "since": self.since.to_json() if self.since is not None else None,
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


def plan(
    targets: Sequence[Target],
    rules: CredentialRules | None = None,
    options: AuditOptions | None = None,
    previous: PreviousAudit | None = None,
) -> list[FileJob]:
    """One job per target: its credential reference (or, with ``send_secrets``, the
    secret), its checkpoint and its previous record."""
    opts = options or AuditOptions()
    resolved: dict[CredentialRef, Credential | CredentialFailure] = {}
    jobs = []
    for i, t in enumerate(targets):
        rule = rules.match(t.location) if rules is not None else None
        cred: CredentialRef | Credential | CredentialFailure | None = None
        if rule is not None and rule.credential is not None and t.kind not in NO_CREDENTIAL_KINDS:
            cred = rule.credential
            if opts.send_secrets:
                if cred not in resolved:
                    try:
                        resolved[cred] = cred.resolve()
                    except InspectorError as exc:
                        resolved[cred] = CredentialFailure(
                            "credential_unreadable", exc.message, cred.describe()
                        )
                cred = resolved[cred]
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
                cred,
                checkpoint,
                name or "checkpoint",
                opts.strict,
                opts.file_timeout,
                previous.records.get(t.location) if previous is not None else None,
                opts.detail,
                opts.threads,
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
) -> AuditResult:
    """Audit every target; results stream to ``on_result(entry, done, total)`` as they
    finish.  Ctrl-C (``KeyboardInterrupt``) or ``cancel`` stop the work: the result is
    then ``interrupted`` and lists the files not audited.  The executor is the caller's
    (it is not closed here)."""
    opts = options or AuditOptions()
    ex = executor or InlineExecutor()
    targets = list(discovery.targets)
    result = AuditResult(
        skipped=list(discovery.skipped),
        inputs=list(inputs),
        options=opts,
        executor=ex.describe(),
        credentials=rules.source if rules is not None else None,
        started_at=_now(),
    )
    t0 = time.perf_counter()
    jobs = plan(targets, rules, opts, previous)
    done: set[int] = set()
    stream = ex.run(jobs, cancel)
    try:
        for res in stream:
            entry = _entry(targets[res.index], res)
            done.add(res.index)
            result.entries.append(entry)
            if on_result is not None:
                on_result(entry, len(done), len(targets))
    except (KeyboardInterrupt, Cancelled):
        result.interrupted = True
    finally:
        stream.close()  # stops the workers if we leave early
    result.not_audited = [t for i, t in enumerate(targets) if i not in done]
    result.duration_s = time.perf_counter() - t0
    if previous is not None:
        result.since = summarize_since(previous, targets, result.entries)
    return result


def _entry(target: Target, res: FileResult) -> FileEntry:
    return FileEntry(
        target, res.report, res.seconds, res.since, res.worker, res.tool_version, res.cpu_seconds
    )


def summarize_since(
    previous: PreviousAudit, targets: Sequence[Target], entries: Sequence[FileEntry]
) -> SinceSummary:
    s = SinceSummary(previous)
    now = {t.location for t in targets}
    s.gone = sorted(loc for loc in previous.records if loc not in now)
    s.added = sorted(t.display for t in targets if t.location not in previous.records)
    for e in sorted(entries, key=lambda e: e.target.display):
        c = e.since
        if c is None:
            continue
        if c.changed:
            s.changed.append(e.target.display)
        if c.status == "rolled_back":
            s.rolled_back.append(e.target.display)
        elif c.status == "rewritten":
            s.rewritten.append(e.target.display)
    return s
