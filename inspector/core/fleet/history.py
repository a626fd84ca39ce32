"""A file's history against what was seen of it before: the one comparison ``--since``
and the fleet ledger share.

A :class:`Mark` is what a judged reading of a file's history says, small enough to keep
for every file of a fleet: HEAD, the commit and evidence counts, the first commit, the
key eras, the control chain's tip and the newest stored checkpoint's sequence.  The
baseline is a mark: the previous audit's record (``--since``, which may also list every
commit id) or the ledger's high-water mark (the most ever seen verified).

:func:`reading_of` takes the mark of a freshly verified report and :func:`compare`
compares a report with a baseline, both on the worker, while the parsed objects (parent
links, control events, stored checkpoints) are still at hand.  Nothing here touches the
report: the comparison's findings live beside it (:class:`HistoryChange`), so each
file's report stays exactly what ``verify`` gives it.

The rule (a property: a history may only be appended to):

* the baseline's HEAD must be an ancestor of (or equal to) the current HEAD;
* the commit and evidence counts, the control chain and the stored checkpoints' sequence
  may not go back; each control event seen before is still there, at its place;
* key eras may only be appended: each era seen before is still there, unchanged (an era
  active then may since have been revoked: that is appending a control event).

A history that holds less and nothing in its place is *rolled back* (an older copy); one
that does not continue the baseline is *rewritten* (a fork); one that holds neither the
first commit nor the HEAD seen before is *replaced* (another memory in its place).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..findings import Finding, Severity, make_finding, message
from ..i18n import Phrase
from ..verify.graph import Dag
from ..verify.report import Report

MAX_LISTED_COMMITS = 200  # ids listed per file in the change (the count is always exact)
TRAIL_EXACT = 16  # milestones at every depth of HEAD's first-parent line up to this one
ERA_IDENTITY = ("key_id", "role", "public_key", "granted_by", "granted_event_type", "grant_cutoff")
ERA_REVOCATION = ("revoked_by", "revoke_reason", "cutoff")
ERA_FIELDS = ERA_IDENTITY + ERA_REVOCATION
JUDGED = ("pass", "fail")  # verdicts of a file whose history was read
STATUSES = ("unchanged", "grown", "rolled_back", "rewritten", "replaced", "not_checked")

Baseline = Literal["since", "ledger"]
BASELINE_PHRASE = {"since": message("the last audit"), "ledger": message("the fleet ledger")}
# the finding code of each kind of change, per baseline
CODES: dict[Baseline, dict[str, str]] = {
    "since": {
        "rolled_back": "rollback_since_last_audit",
        "rewritten": "history_rewritten_since_last_audit",
        "replaced": "history_rewritten_since_last_audit",
    },
    "ledger": {"rolled_back": "ledger_rollback", "rewritten": "ledger_fork", "replaced": "ledger_replaced"},
}

HEAD_GONE = message(
    "HEAD {head_before} seen by {baseline} is no longer in the file, and every commit in it now "
    "was already there: the file was rolled back to an older copy."
)
FEWER_COMMITS = message("The file has {now} commits where {baseline} counted {before}: commits were removed.")
FEWER_EVIDENCE = message(
    "The file has {now} evidence records where {baseline} counted {before}: evidence was removed."
)
FEWER_ERAS = message("The file has {now} key eras where {baseline} saw {before}: key history was removed.")
HEAD_REPLACED = message(
    "HEAD {head_before} seen by {baseline} is no longer in the file and {added} commits it did not "
    "see took its place: the history was rewritten."
)
NOT_ANCESTOR = message(
    "HEAD {head_before} seen by {baseline} is still in the file but is not an ancestor of HEAD "
    "{head_after}: the history continues on another branch."
)
ERA_CHANGED = message(
    "Key era {index} ({key_id}) is not the one {baseline} saw: its {field} was {before} and is "
    "now {now}; key history may only be appended."
)
REVOCATION_GONE = message(
    "Key era {index} ({key_id}) was revoked when {baseline} saw it and is not any more: the "
    "revocation was removed."
)
SHORTER_CONTROL = message(
    "The control chain ends at event {now} where {baseline} saw event {before}: control events were removed."
)
CONTROL_CHANGED = message(
    "Control event {sequence} is not the one {baseline} saw ({before}); the control chain may only "
    "be appended."
)
OLDER_CHECKPOINT = message(
    "The newest checkpoint stored in the file has sequence {now} where {baseline} saw {before}: "
    "checkpoints were removed."
)
ANOTHER_MEMORY = message(
    "Neither the first commit {genesis} nor HEAD {head_before} seen by {baseline} is in the file: "
    "another memory took this file's place."
)


@dataclass(frozen=True)
class Mark:
    """What a judged reading of one file's history says (picklable, small: no commit ids
    unless ``commits`` is given, which only a full ``--since`` baseline does)."""

    verdict: str
    head: str | None
    n_commits: int
    n_evidence: int
    eras: tuple[dict[str, Any], ...] = ()
    genesis: str | None = None  # the first commit, parents before children
    control: tuple[int, str] | None = None  # (sequence, id) of the control chain's last event
    checkpoint_sequence: int | None = None  # the newest checkpoint stored in the file
    commits: frozenset[str] | None = field(default=None, repr=False)  # every id, when known
    # milestones of HEAD's first-parent line: (depth, id, commits in its ancestry), at every
    # depth up to TRAIL_EXACT then at powers of two: enough to tell a rollback to an older
    # copy from a fork without keeping every id
    trail: tuple[tuple[int, str, int], ...] = field(default=(), repr=False)

    def to_json(self) -> dict[str, Any]:
        """The ledger's record of the mark (no commit ids)."""
        return {
            "verdict": self.verdict,
            "head": self.head,
            "commits": self.n_commits,
            "evidence": self.n_evidence,
            "eras": [dict(e) for e in self.eras],
            "genesis": self.genesis,
            "control": list(self.control) if self.control is not None else None,
            "checkpoint_sequence": self.checkpoint_sequence,
            "trail": [list(t) for t in self.trail],
        }

    @classmethod
    def from_json(cls, doc: Any) -> Mark:
        """The mark of :meth:`to_json`; raises ``ValueError`` on anything else."""
        if not isinstance(doc, dict):
            raise ValueError("a mark is an object")

        def text(name: str) -> str | None:
            v = doc.get(name)
            if v is not None and not isinstance(v, str):
                raise ValueError(f"{name} is not a string")
            return v

        def count(name: str) -> int:
            v = doc.get(name)
            if type(v) is not int or v < 0:
                raise ValueError(f"{name} is not a count")
            return v

        eras = doc.get("eras")
        if not isinstance(eras, list) or not all(isinstance(e, dict) for e in eras):
            raise ValueError("eras is not a list of objects")
        control = doc.get("control")
        if control is not None:
            if not (
                isinstance(control, list)
                and len(control) == 2
                and type(control[0]) is int
                and isinstance(control[1], str)
            ):
                raise ValueError("control is not [sequence, id]")
            control = (control[0], control[1])
        seq = doc.get("checkpoint_sequence")
        if seq is not None and type(seq) is not int:
            raise ValueError("checkpoint_sequence is not an integer")
        verdict = text("verdict")
        if verdict is None:
            raise ValueError("verdict is missing")
        trail = doc.get("trail", [])
        if not isinstance(trail, list) or not all(
            isinstance(t, list)
            and len(t) == 3
            and type(t[0]) is int
            and isinstance(t[1], str)
            and type(t[2]) is int
            for t in trail
        ):
            raise ValueError("trail is not a list of [depth, id, count]")
        return cls(
            verdict,
            text("head"),
            count("commits"),
            count("evidence"),
            tuple({k: e.get(k) for k in ERA_FIELDS} for e in eras),
            text("genesis"),
            control,
            seq,
            trail=tuple((d, cid, n) for d, cid, n in trail),
        )


@dataclass
class HistoryChange:
    """What changed in one file since the baseline, and the findings that say it (kept
    outside the file's report)."""

    status: str  # one of STATUSES
    verdict_before: str | None = None
    verdict_after: str | None = None
    head_before: str | None = None
    head_after: str | None = None
    new_commits: int = 0
    new_commit_ids: list[str] = field(default_factory=list)
    removed_commits: int = 0
    new_eras: list[str] = field(default_factory=list)  # key ids
    revoked_eras: list[str] = field(default_factory=list)  # key ids revoked since
    findings: list[Finding] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return (
            self.status not in ("unchanged", "not_checked")
            or self.verdict_before != self.verdict_after
            or bool(self.revoked_eras)
        )

    @property
    def alarming(self) -> bool:
        """A rollback, a fork or a replaced memory."""
        return self.status in ("rolled_back", "rewritten", "replaced")

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
            "findings": [f.to_json() for f in self.findings],
        }


# ------------------------------------------------------------------------- reading


def _parents(report: Report, cid: str) -> list[str]:
    o = report.objects.get(cid)
    parents = o.parents if o is not None and getattr(o, "malformed", None) is None else []
    return [p for p in parents if isinstance(p, str)] if isinstance(parents, list) else []


def _dag(report: Report) -> Dag:
    return Dag.build([(cid, _parents(report, cid), "") for cid in report.order or report.commits])


def control_chain(report: Report) -> list[str]:
    """The ids of the control chain as it links: event 1 (``previous_control_hash`` "")
    then each event whose sequence is one more and whose previous hash is the one
    before.  Whether the chain is *valid* is the verifier's judgement (its report);
    this is only its shape, to tell an appended chain from a shortened or forked one."""
    by_seq: dict[int, list[Any]] = {}
    for o in report.objects.values():
        if getattr(o, "kind", None) != "control_event" or getattr(o, "malformed", None) is not None:
            continue
        if not getattr(o, "digest_ok", False):
            continue
        seq = o.get("sequence")
        if type(seq) is int:
            by_seq.setdefault(seq, []).append(o)
    chain: list[str] = []
    prev = ""
    while True:
        nxt = [o for o in by_seq.get(len(chain) + 1, ()) if o.get("previous_control_hash") == prev]
        if len(nxt) != 1:
            return chain
        prev = nxt[0].stored_id
        chain.append(prev)


def _checkpoint_sequence(report: Report) -> int | None:
    seqs = [
        o.get("sequence")
        for o in report.objects.values()
        if getattr(o, "kind", None) == "checkpoint" and getattr(o, "malformed", None) is None
    ]
    ints = [s for s in seqs if type(s) is int]
    return max(ints) if ints else None


def _eras(report: Report) -> tuple[dict[str, Any], ...]:
    return tuple({k: e.to_json().get(k) for k in ERA_FIELDS} for e in report.eras)


def readable(report: Report) -> bool:
    """Whether ``report`` read an alethech history (a verdict of pass or fail)."""
    return report.verdict in JUDGED and report.profile == "alethech"


def reading_of(report: Report) -> Mark | None:
    """The mark of a freshly verified report (its parsed objects still attached), or
    None when it read no alethech history (unopenable, no verdict, a HOM-AIMOS bundle)."""
    if not readable(report):
        return None
    chain = control_chain(report)
    order = report.order or list(report.commits)
    trail = _trail(report)
    return Mark(
        str(report.verdict),
        report.head,
        int(report.counts.get("commits", len(report.commits)) or 0),
        int(report.counts.get("evidence", len(report.evidence)) or 0),
        _eras(report),
        order[0] if order else None,
        (len(chain), chain[-1]) if chain else None,
        _checkpoint_sequence(report),
        trail=trail,
    )


def _trail(report: Report) -> tuple[tuple[int, str, int], ...]:
    """HEAD's first-parent line at depths 0…TRAIL_EXACT, then at powers of two, and its
    first commit, each with the size of its ancestry (one pass over the DAG, deepest
    milestone first)."""
    if report.head is None or report.head not in report.commits:
        return ()
    dag = _dag(report)
    line: list[int] = []
    i: int | None = dag.index[report.head]
    seen_line: set[int] = set()
    while i is not None and i not in seen_line:
        seen_line.add(i)
        line.append(i)
        ps = dag.parents[i]
        i = ps[0] if ps else None
    last = len(line) - 1  # the line's first commit too: a copy as old as it is still placed
    depths = [d for d in range(len(line)) if d <= TRAIL_EXACT or d & (d - 1) == 0 or d == last]
    mark = bytearray(len(dag.ids))
    count = 0
    counts: dict[int, int] = {}
    for d in reversed(depths):  # deepest first: each ancestry grows the one below it
        stack = [line[d]] if not mark[line[d]] else []
        if stack:
            mark[line[d]] = 1
            count += 1
        while stack:
            for p in dag.parents[stack.pop()]:
                if not mark[p]:
                    mark[p] = 1
                    count += 1
                    stack.append(p)
        counts[d] = count
    return tuple((d, dag.ids[line[d]], counts[d]) for d in depths)


# ------------------------------------------------------------------------- comparing


def _short(value: Any, limit: int = 80) -> str:
    """A value of the (untrusted) baseline, bounded for a message."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Findings:
    def __init__(self, report: Report, mark: Mark, baseline: Baseline) -> None:
        self.baseline = baseline
        self.phrase = Phrase(BASELINE_PHRASE[baseline])
        self.related = tuple(h for h in (mark.head, report.head) if h)
        self.items: list[tuple[str, Finding]] = []  # (kind of change, finding)

    def add(self, kind: str, template: str, **params: Any) -> None:
        self.items.append(
            (
                kind,
                make_finding(
                    CODES[self.baseline][kind],
                    Severity.ERROR,
                    "store",
                    "HEAD",
                    template,
                    self.related,
                    expected=params.pop("expected", None),
                    found=params.pop("found", None),
                    baseline=self.phrase,
                    **params,
                ),
            )
        )

    def kinds(self) -> set[str]:
        return {k for k, _ in self.items}


def compare(report: Report, mark: Mark, baseline: Baseline = "since") -> HistoryChange:
    """Compare ``report`` (freshly verified, ``objects`` still attached) with ``mark``.
    The findings use the codes of ``baseline`` (:data:`CODES`); the report is unchanged."""
    change = HistoryChange(
        "not_checked",
        verdict_before=mark.verdict,
        verdict_after=str(report.verdict),
        head_before=mark.head,
        head_after=report.head,
    )
    if not readable(report) or mark.verdict not in JUDGED:
        return change  # one side has no history to compare
    out = _Findings(report, mark, baseline)
    cur = set(report.commits)
    if mark.genesis is not None and cur and mark.genesis not in cur and (mark.head not in cur):
        change.status = "replaced"
        out.add(
            "replaced",
            ANOTHER_MEMORY,
            expected=f"{mark.genesis} and {mark.head} in the history",
            found=f"HEAD {report.head}, {len(cur)} commits, none of them seen before",
            genesis=mark.genesis,
            head_before=mark.head,
        )
        change.findings = [f for _, f in out.items]
        return change
    new, dag = _new_commits(report, mark, change, cur)
    _check_head(report, mark, change, cur, new, dag, out)
    _check_counts(report, mark, out)
    _check_eras(report, mark, change, out)
    _check_control(report, mark, out)
    kinds = out.kinds()
    n_evidence = int(report.counts.get("evidence", len(report.evidence)) or 0)
    if "rewritten" in kinds:
        change.status = "rewritten"
    elif "rolled_back" in kinds:
        change.status = "rolled_back"
    elif new or change.new_eras or n_evidence > mark.n_evidence:
        change.status = "grown"
    else:
        change.status = "unchanged"
    change.findings = [f for _, f in out.items]
    return change


def _new_commits(
    report: Report, mark: Mark, change: HistoryChange, cur: set[str]
) -> tuple[list[str], Dag | None]:
    order = report.order or list(report.commits)
    dag: Dag | None = None
    if mark.commits is not None:
        new = [c for c in order if c not in mark.commits]
        change.removed_commits = sum(1 for c in mark.commits if c not in cur)
    else:  # no ids kept: what the baseline's HEAD (or its nearest milestone here) did not contain
        dag = _dag(report)
        new = _new_by_trail(report, mark, dag, order, cur)
        change.removed_commits = max(0, mark.n_commits - (len(cur) - len(new)))
    change.new_commits = len(new)
    change.new_commit_ids = new[:MAX_LISTED_COMMITS]
    return new, dag


def _new_by_trail(report: Report, mark: Mark, dag: Dag, order: list[str], cur: set[str]) -> list[str]:
    """The commits the baseline did not hold, from its HEAD's milestones.  Beyond the
    nearest milestone M still here, the file is taken for an older copy (nothing new) when
    it could be one: its HEAD's first-parent line reaches M in fewer steps than the
    baseline's line from the next milestone up, and it holds fewer commits than that
    milestone's ancestry.  Anything else beyond M is new (a fork).  Exact where the
    milestones are dense (near HEAD); deeper, a fork of a few commits may read as an
    older copy — an alarm either way."""
    if mark.head in cur:
        known = dag.ancestry(mark.head)
        return [c for c in order if not known[dag.index[c]]]
    present = [(d, cid) for d, cid, _ in mark.trail if cid in cur]
    if not present:
        return list(order)
    depth, milestone = present[0]
    known = dag.ancestry(milestone)
    beyond = [c for c in order if not known[dag.index[c]]]
    above = [(d, n) for d, _, n in mark.trail if d < depth]
    if not beyond or not above:
        return beyond
    d_up, n_up = max(above)
    steps, i = 0, dag.index.get(report.head or "")
    target = dag.index[milestone]
    while i is not None and i != target and steps < depth - d_up:
        ps = dag.parents[i]
        i, steps = (ps[0] if ps else None), steps + 1
    older_copy = i == target and steps < depth - d_up and len(cur) < n_up
    return [] if older_copy else beyond


def _check_head(
    report: Report,
    mark: Mark,
    change: HistoryChange,
    cur: set[str],
    new: list[str],
    dag: Dag | None,
    out: _Findings,
) -> None:
    if mark.head is None or mark.head == report.head:
        return
    if mark.head not in cur:
        # commits the baseline did not see in place of its HEAD: rewritten; none: an older copy
        exact = mark.commits is not None or bool(mark.trail)
        replaced = bool(new) if exact else len(cur) > mark.n_commits
        if replaced:
            out.add(
                "rewritten",
                HEAD_REPLACED,
                expected=f"{mark.head} in the history of HEAD",
                found=f"{change.removed_commits} commits gone, {len(new)} new",
                head_before=mark.head,
                added=len(new) if exact else len(cur) - mark.n_commits,
            )
        else:
            out.add(
                "rolled_back",
                HEAD_GONE,
                expected=f"{mark.head} in the history of HEAD",
                found=f"HEAD {report.head}, {change.removed_commits} commits gone",
                head_before=mark.head,
            )
    elif report.head in cur and not (dag or _dag(report)).is_ancestor(mark.head, report.head):
        out.add(
            "rewritten",
            NOT_ANCESTOR,
            expected=f"{mark.head} an ancestor of HEAD",
            found=f"HEAD {report.head} does not descend from it",
            head_before=mark.head,
            head_after=report.head,
        )


def _check_counts(report: Report, mark: Mark, out: _Findings) -> None:
    n_commits = int(report.counts.get("commits", len(report.commits)) or 0)
    n_evidence = int(report.counts.get("evidence", len(report.evidence)) or 0)
    if n_commits < mark.n_commits and not out.kinds():
        out.add(
            "rolled_back",
            FEWER_COMMITS,
            expected=f"at least {mark.n_commits} commits",
            found=f"{n_commits} commits",
            now=n_commits,
            before=mark.n_commits,
        )
    if n_evidence < mark.n_evidence:
        out.add(
            "rolled_back",
            FEWER_EVIDENCE,
            expected=f"at least {mark.n_evidence} evidence records",
            found=f"{n_evidence} evidence records",
            now=n_evidence,
            before=mark.n_evidence,
        )
    seq = _checkpoint_sequence(report)
    if mark.checkpoint_sequence is not None and (seq or 0) < mark.checkpoint_sequence:
        out.add(
            "rolled_back",
            OLDER_CHECKPOINT,
            expected=f"a stored checkpoint of sequence {mark.checkpoint_sequence} or more",
            found=f"sequence {seq}" if seq is not None else "no stored checkpoint",
            now=seq if seq is not None else 0,
            before=mark.checkpoint_sequence,
        )


def _check_eras(report: Report, mark: Mark, change: HistoryChange, out: _Findings) -> None:
    eras_now = [e.to_json() for e in report.eras]
    for i, old in enumerate(mark.eras):
        if i >= len(eras_now):
            out.add(
                "rolled_back",
                FEWER_ERAS,
                expected=f"at least {len(mark.eras)} key eras",
                found=f"{len(eras_now)} key eras",
                now=len(eras_now),
                before=len(mark.eras),
            )
            break
        now = eras_now[i]
        names = ERA_IDENTITY + (ERA_REVOCATION if old.get("revoked_by") is not None else ())
        diff = next((n for n in names if old.get(n) != now.get(n)), None)
        if diff in ERA_REVOCATION and now.get("revoked_by") is None:
            out.add(
                "rolled_back",
                REVOCATION_GONE,
                expected=f"era {i} revoked by {_short(old.get('revoked_by'))}",
                found="not revoked",
                index=i,
                key_id=_short(now.get("key_id")),
            )
        elif diff is not None:
            out.add(
                "rewritten",
                ERA_CHANGED,
                expected=f"era {i} unchanged",
                found=f"{diff} changed",
                index=i,
                key_id=_short(now.get("key_id")),
                field=diff,
                before=_short(old.get(diff)),
                now=_short(now.get(diff)),
            )
        elif old.get("revoked_by") is None and now.get("revoked_by") is not None:
            change.revoked_eras.append(str(now.get("key_id")))
    change.new_eras = [str(e.get("key_id")) for e in eras_now[len(mark.eras) :]]


def _check_control(report: Report, mark: Mark, out: _Findings) -> None:
    if mark.control is None:
        return
    seq, tip = mark.control
    chain = control_chain(report)
    if len(chain) >= seq and chain[seq - 1] == tip:
        return
    if len(chain) < seq:
        out.add(
            "rolled_back",
            SHORTER_CONTROL,
            expected=f"control event {seq} ({tip}) in the chain",
            found=f"the chain ends at event {len(chain)}",
            now=len(chain),
            before=seq,
        )
    else:
        out.add(
            "rewritten",
            CONTROL_CHANGED,
            expected=f"control event {seq} is {tip}",
            found=f"control event {seq} is {chain[seq - 1]}",
            sequence=seq,
            before=_short(tip),
        )
