"""The previous audit as a checkpoint: ``audit --since PREVIOUS.json``.

For each file the previous audit saw, its record (:class:`PreviousRecord`) travels
with the file's job to wherever the store is opened, and :func:`check_since` runs there
on the freshly verified report (it needs the commits' parent links):

* the previous HEAD must be an ancestor of (or equal to) the current HEAD;
* the commit and evidence counts may not go down;
* key eras may only be appended: each era seen before is still there, unchanged (an
  active era may since have been revoked — that is appending a control event).

Otherwise the report gains ``rollback_since_last_audit`` (the file holds less and
nothing replaced it: an older copy) or ``history_rewritten_since_last_audit`` (the
recorded history is not a prefix of the current one), both errors.  The change
(:class:`SinceChange`) lists what is new: commits (ids in topological order), eras and
the verdict before and after.  :func:`summarize` compares the file lists: files added
and gone.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..codes import audit as C
from ..errors import InspectorError
from ..findings import Finding, Severity, make_finding
from ..verify.graph import Dag
from ..verify.report import Report

AUDIT_SCHEMA = "aleth-inspector/audit/1"
MAX_PREVIOUS = 2 * 1024 * 1024 * 1024
MAX_LISTED_COMMITS = 200  # ids listed per file in the change (the count is always exact)
ERA_IDENTITY = ("key_id", "role", "public_key", "granted_by", "granted_event_type", "grant_cutoff")
ERA_REVOCATION = ("revoked_by", "revoke_reason", "cutoff")
JUDGED = ("pass", "fail")  # verdicts of a file whose history was read


@dataclass(frozen=True)
class PreviousRecord:
    """What the previous audit recorded about one file (only what the check needs)."""

    location: str
    verdict: str
    head: str | None
    commits: frozenset[str] | None  # every commit id; None when the audit kept none (summary)
    n_commits: int
    n_evidence: int
    eras: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class PreviousAudit:
    path: str
    sha256: str
    started_at: str | None
    records: dict[str, PreviousRecord]  # by location


@dataclass
class SinceChange:
    """What changed in one file since the previous audit."""

    status: str  # unchanged, grown, rolled_back, rewritten, not_checked
    verdict_before: str | None = None
    verdict_after: str | None = None
    head_before: str | None = None
    head_after: str | None = None
    new_commits: int = 0
    new_commit_ids: list[str] = field(default_factory=list)
    removed_commits: int = 0
    new_eras: list[str] = field(default_factory=list)  # key ids
    revoked_eras: list[str] = field(default_factory=list)  # key ids revoked since

    @property
    def changed(self) -> bool:
        return (
            self.status not in ("unchanged", "not_checked")
            or self.verdict_before != self.verdict_after
            or bool(self.revoked_eras)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "verdict_before": self.verdict_before,
            "verdict_after": self.verdict_after,
            "head_before": self.head_before,
            "head_after": self.head_after,
            "new_commits": self.new_commits,
            "new_commit_ids": self.new_commit_ids,
            "removed_commits": self.removed_commits,
            "new_eras": self.new_eras,
            "revoked_eras": self.revoked_eras,
        }


# ------------------------------------------------------------------------- loading


def _bad(path: str, message: str, **kw: Any) -> InspectorError:
    return InspectorError("previous_audit_invalid", f"{path}: {message}", **kw)


def load_previous(path: str | Path) -> PreviousAudit:
    """Read an ``aleth-inspector/audit/1`` JSON file.  Raises :class:`InspectorError`
    (``previous_audit_invalid``) for anything that is not one: the comparison is
    only as good as its baseline, so a damaged baseline stops the run."""
    from ..canonical import JsonError, loads_strict

    p = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_PREVIOUS + 1)
    except OSError as exc:
        raise _bad(p, f"cannot read it: {exc.strerror}") from exc
    if len(data) > MAX_PREVIOUS:
        raise _bad(p, "larger than 2 GiB")
    try:
        doc, _ = loads_strict(data)
    except JsonError as exc:
        raise _bad(p, f"not strict JSON: {exc}") from exc
    if not isinstance(doc, dict) or doc.get("schema") != AUDIT_SCHEMA:
        found = doc.get("schema") if isinstance(doc, dict) else type(doc).__name__
        raise _bad(p, "not a fleet audit", expected=f'schema "{AUDIT_SCHEMA}"', found=repr(found)[:80])
    files = doc.get("files")
    if not isinstance(files, list):
        raise _bad(p, "'files' is not a list")
    options = doc.get("options")
    summary = isinstance(options, dict) and options.get("detail") == "summary"
    records: dict[str, PreviousRecord] = {}
    for i, entry in enumerate(files):
        rec = _record(p, i, entry, summary)
        records[rec.location] = rec
    started = doc.get("started_at")
    return PreviousAudit(
        p,
        hashlib.sha256(data).hexdigest(),
        started if isinstance(started, str) else None,
        records,
    )


def _record(p: str, i: int, entry: Any, summary: bool = False) -> PreviousRecord:
    """One file's record; a ``--detail summary`` audit kept no commit ids (``commits=None``)."""
    where = f"files[{i}]"
    if not isinstance(entry, dict):
        raise _bad(p, f"{where} is not an object")
    location = entry.get("location")
    report = entry.get("report")
    if not isinstance(location, str) or not isinstance(report, dict):
        raise _bad(p, f"{where} has no 'location' string and 'report' object")
    verdict = report.get("verdict")
    head = report.get("head")
    commits = report.get("commits")
    counts = report.get("counts")
    eras = report.get("eras")
    if not isinstance(verdict, str):
        raise _bad(p, f"{where}.report.verdict is not a string")
    if head is not None and not isinstance(head, str):
        raise _bad(p, f"{where}.report.head is not a string")
    if not isinstance(commits, dict):
        raise _bad(p, f"{where}.report.commits is not an object")
    if not isinstance(counts, dict):
        raise _bad(p, f"{where}.report.counts is not an object")
    if not isinstance(eras, list) or not all(isinstance(e, dict) for e in eras):
        raise _bad(p, f"{where}.report.eras is not a list of objects")

    def count(name: str) -> int:
        v = counts.get(name, 0)
        if type(v) is not int or v < 0:
            raise _bad(p, f"{where}.report.counts.{name} is not a count")
        return v

    return PreviousRecord(
        location,
        verdict,
        head,
        None if summary else frozenset(commits),
        count("commits"),
        count("evidence"),
        tuple(eras),
    )


# ------------------------------------------------------------------------- the check


def _dag(report: Report) -> Dag:
    triples = []
    for cid in report.order or report.commits:
        o = report.objects.get(cid)
        parents = o.parents if o is not None and getattr(o, "malformed", None) is None else []
        if not isinstance(parents, list):
            parents = []
        triples.append((cid, [p for p in parents if isinstance(p, str)], ""))
    return Dag.build(triples)


def _short(value: Any, limit: int = 80) -> str:
    """A value of the (untrusted) baseline, bounded for a message."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_since(report: Report, prev: PreviousRecord, *, strict: bool = False) -> SinceChange:
    """Compare ``report`` (freshly verified, ``objects`` still attached) with the
    previous record; add the findings to the report and re-judge its verdict."""
    change = SinceChange(
        "not_checked",
        verdict_before=prev.verdict,
        verdict_after=report.verdict,
        head_before=prev.head,
        head_after=report.head,
    )
    if report.verdict not in JUDGED or prev.verdict not in JUDGED:
        return change  # one side has no history to compare
    findings: list[Finding] = []
    cur = set(report.commits)
    order = report.order or list(report.commits)
    dag: Dag | None = None
    if prev.commits is not None:
        new = [c for c in order if c not in prev.commits]
        change.removed_commits = sum(1 for c in prev.commits if c not in cur)
        replaced = bool(new)
    else:  # the baseline kept no ids (--detail summary): what HEAD then did not contain is new
        dag = _dag(report)
        known = dag.ancestry(prev.head) if prev.head in cur else bytearray(len(dag.ids))
        new = [c for c in order if not known[dag.index[c]]]
        change.removed_commits = max(0, prev.n_commits - (len(cur) - len(new)))
        replaced = len(cur) > prev.n_commits  # fewer commits replacing more reads as a rollback
    change.new_commits = len(new)
    change.new_commit_ids = new[:MAX_LISTED_COMMITS]
    rolled = rewritten = False

    def add(code: str, template: str, **params: Any) -> None:
        findings.append(
            make_finding(
                code,
                Severity.ERROR,
                "store",
                "HEAD",
                template,
                tuple(h for h in (prev.head, report.head) if h),
                expected=params.pop("expected", None),
                found=params.pop("found", None),
                **params,
            )
        )

    if prev.head is not None and prev.head != report.head:
        if prev.head not in cur:
            if replaced:
                rewritten = True
                add(
                    "history_rewritten_since_last_audit",
                    C.REWRITTEN_HEAD_GONE,
                    expected=f"{prev.head} in the history of HEAD",
                    found=f"{change.removed_commits} commits gone, {len(new)} new",
                    head_before=prev.head,
                    added=len(new) if prev.commits is not None else len(cur) - prev.n_commits,
                )
            else:
                rolled = True
                add(
                    "rollback_since_last_audit",
                    C.ROLLBACK_HEAD,
                    expected=f"{prev.head} in the history of HEAD",
                    found=f"HEAD {report.head}, {change.removed_commits} commits gone",
                    head_before=prev.head,
                )
        elif report.head in cur and not (dag or _dag(report)).is_ancestor(prev.head, report.head):
            rewritten = True
            add(
                "history_rewritten_since_last_audit",
                C.REWRITTEN_NOT_ANCESTOR,
                expected=f"{prev.head} an ancestor of HEAD",
                found=f"HEAD {report.head} does not descend from it",
                head_before=prev.head,
                head_after=report.head,
            )
    n_commits = report.counts.get("commits", len(cur))
    n_evidence = report.counts.get("evidence", len(report.evidence))
    if n_commits < prev.n_commits and not (rolled or rewritten):
        rolled = True
        add(
            "rollback_since_last_audit",
            C.ROLLBACK_COMMITS,
            expected=f"at least {prev.n_commits} commits",
            found=f"{n_commits} commits",
            now=n_commits,
            before=prev.n_commits,
        )
    if n_evidence < prev.n_evidence:
        rolled = True
        add(
            "rollback_since_last_audit",
            C.ROLLBACK_EVIDENCE,
            expected=f"at least {prev.n_evidence} evidence records",
            found=f"{n_evidence} evidence records",
            now=n_evidence,
            before=prev.n_evidence,
        )
    eras_now = [e.to_json() for e in report.eras]
    for i, old in enumerate(prev.eras):
        if i >= len(eras_now):
            rolled = True
            add(
                "rollback_since_last_audit",
                C.ROLLBACK_ERAS,
                expected=f"at least {len(prev.eras)} key eras",
                found=f"{len(eras_now)} key eras",
                now=len(eras_now),
                before=len(prev.eras),
            )
            break
        now = eras_now[i]
        names = ERA_IDENTITY + (ERA_REVOCATION if old.get("revoked_by") is not None else ())
        diff = next((n for n in names if old.get(n) != now.get(n)), None)
        if diff is not None:
            rewritten = True
            add(
                "history_rewritten_since_last_audit",
                C.REWRITTEN_ERA,
                expected=f"era {i} unchanged",
                found=f"{diff} changed",
                index=i,
                key_id=str(now.get("key_id")),
                field=diff,
                before=_short(old.get(diff)),
                now=_short(now.get(diff)),
            )
        elif old.get("revoked_by") is None and now.get("revoked_by") is not None:
            change.revoked_eras.append(str(now.get("key_id")))
    change.new_eras = [str(e.get("key_id")) for e in eras_now[len(prev.eras) :]]
    if rewritten:
        change.status = "rewritten"
    elif rolled:
        change.status = "rolled_back"
    elif new or change.new_eras or n_evidence > prev.n_evidence:
        change.status = "grown"
    else:
        change.status = "unchanged"
    if findings:
        report.findings.extend(findings)
        report.finalize(strict=strict)
    change.verdict_after = report.verdict
    return change


@dataclass
class SinceSummary:
    """The fleet-level comparison: which files changed, appeared or disappeared."""

    previous: PreviousAudit
    changed: list[str] = field(default_factory=list)  # display paths
    added: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)  # previous locations no longer found
    rolled_back: list[str] = field(default_factory=list)
    rewritten: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "previous": {
                "path": self.previous.path,
                "sha256": self.previous.sha256,
                "started_at": self.previous.started_at,
                "files": len(self.previous.records),
            },
            "changed": self.changed,
            "added": self.added,
            "gone": self.gone,
            "rolled_back": self.rolled_back,
            "rewritten": self.rewritten,
        }
