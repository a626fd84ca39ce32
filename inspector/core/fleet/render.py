"""Renderers of an :class:`~.audit.AuditResult`: the text summary, the progress line and
the HTML fleet report.  Each is a function of the result (and options) to text; the fixed
texts are registered templates, so they can be translated like findings."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from typing import Any

from ..findings import message
from ..i18n import decimal, finding_message, said, tr
from ..render import FORMATS, strings  # the fleet report: every format of one report
from .audit import AuditResult, FileEntry

COLUMNS = (
    message("FILE"),
    message("VERDICT"),
    message("ERRORS"),
    message("WARNINGS"),
    message("COMMITS"),
    message("ERAS"),
    message("CHECKPOINT"),
    message("SECONDS"),
)
T_TOTAL = message(
    "{files} files: {pass} pass, {fail} fail, {unopenable} unopenable, {other} without a verdict, "
    "in {seconds} s ({rate} files/s)."
)
T_PROBLEMS = message("Why files did not pass")
T_MORE = message("… and {n} more (see --format json).")
T_SINCE = message("Since the audit of {when} ({path}):")
T_SINCE_NONE = message("Nothing changed since the audit of {when}.")
T_GROWN = message("{path}: {commits} new commits, {eras} new key eras")
T_VERDICT_CHANGE = message("{path}: verdict {before} → {after}")
T_ROLLED = message("{path}: rolled back since the last audit")
T_REWRITTEN = message("{path}: history rewritten since the last audit")
T_REVOKED = message("{path}: key eras revoked since: {keys}")
T_ADDED = message("New since the last audit: {paths}")
T_GONE = message("Gone since the last audit: {paths}")
T_SKIPPED = message("Not audited: {n} paths ({reasons}); see --format json.")
T_NOT_CHECKED = message("Not checked: {n} files. {reasons}")
T_INCOMPLETE = message("The audit is incomplete: {n} files were not checked. {reason}")
T_STOPPED = message("Stopped by {signal}: {n} files were not checked.")
T_UNDER = message("Files under {root}:")
T_LEDGER = message("Fleet ledger {path} (run {run}): {n} open alarms.")
T_LEDGER_NONE = message("Fleet ledger {path} (run {run}): no open alarm.")
T_ALARM = message("{identity}: {code} (open since {since}): {message}")
T_ACK = message("Acknowledged: {identity} by {by} on {at}: {reason}")
T_CLUSTER = message("Cluster: {message}")
T_PROGRESS = message("audit {done}/{total} files · {failed} not passing · {rate} files/s · ETA {eta}")
# the verdict words of the text report: the single-file report's, and the fleet's own
VERDICT = {**strings.VERDICT, "incomplete": message("INCOMPLETE")}
T_HTML_TITLE = message("Aleth Inspector fleet audit")
T_HTML_NOTE = message(
    "Each file's report is exactly what verify gives for it alone; the fleet's verdict of a file "
    "adds the comparison with the previous audit and the fleet ledger's alarms. Integrity is not "
    "truth: a valid signature proves who wrote a memory and that it is unchanged, not that it is "
    "correct."
)

MAX_PROBLEMS = 50
MAX_LISTED = 20


def row(entry: FileEntry) -> list[str]:
    """The summary-table cells of one file (the GUI table shows the same)."""
    r = entry.report
    sev = r.severity_counts()
    judged = r.verdict in ("pass", "fail")
    state = entry.checkpoint_state()
    return [
        entry.target.display,
        entry.verdict.upper(),
        str(sev["error"] + sum(1 for f in entry.fleet_findings() if f.severity.value == "error")),
        str(sev["warning"]),
        str(r.counts.get("commits", 0)) if judged else "–",
        str(r.counts.get("eras", len(r.eras))) if judged else "–",
        "–" if state == "none" else state,
        f"{entry.seconds:.2f}",
    ]


def common_root(paths: Sequence[str]) -> str:
    """The folder every path is under (``/``-separated, with its trailing ``/``), or ""."""
    if len(paths) < 2:
        return ""
    split = [p.split("/")[:-1] for p in paths]
    n = 0
    for parts in zip(*split, strict=False):
        if any(x != parts[0] for x in parts):
            break
        n += 1
    root = "/".join(split[0][:n])
    return root + "/" if n and root else ("/" if n else "")


def _lcp(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def fit_paths(paths: Sequence[str], width: int) -> list[str]:
    """Each path in at most ``width`` columns, keeping the part that tells it from the
    others.  A path that fits is shown whole; a longer one keeps its beginning and its end
    around ``…``, and the cut leaves whole either the end from where no other path ends
    the same (the file name, and the folder that tells two same-named files apart) or the
    beginning up to where it parts from every other path.  So two paths that differ
    within what fits are never shown alike (a cell is ``head…tail`` of exactly ``width``
    columns, and no other path shares that head or that tail)."""
    if width < 4:
        return [p[:width] for p in paths]
    rev = [p[::-1] for p in paths]
    order_l = sorted(range(len(paths)), key=lambda i: paths[i])
    order_r = sorted(range(len(paths)), key=lambda i: rev[i])

    def neighbours(order: list[int], texts: list[str]) -> list[int]:
        """The longest common prefix of each text with any other (its sorted neighbours)."""
        out = [0] * len(texts)
        for k, i in enumerate(order):
            for j in (order[k - 1] if k else None, order[k + 1] if k + 1 < len(order) else None):
                if j is not None and texts[j] != texts[i]:
                    out[i] = max(out[i], _lcp(texts[i], texts[j]))
        return out

    left, right = neighbours(order_l, list(paths)), neighbours(order_r, rev)
    out = []
    for i, p in enumerate(paths):
        if len(p) <= width:
            out.append(p)
            continue
        name = len(p) - p.rfind("/") - 1 if "/" in p else len(p)
        tail = max(right[i] + 1, name)  # the end no other path shares, at least the file name
        if tail <= width - 2:
            head = width - 1 - tail
        elif left[i] + 1 <= width - 2:  # the end is shared too far: the beginning tells it apart
            head = max(left[i] + 1, (width - 1) // 2)
            tail = width - 1 - head
        else:  # nothing short tells it apart: its beginning and its end
            head = (width - 1) // 2
            tail = width - 1 - head
        out.append(p[:head] + "…" + p[len(p) - tail :])
    return out


def _worst_finding(entry: FileEntry) -> Any:
    """The finding that says first why the file did not pass: the fleet's (an alarm, a
    rollback since the last audit) before the report's, the most severe first."""
    fleet = sorted(entry.fleet_findings(), key=lambda f: f.severity.rank)
    if fleet and fleet[0].severity.value == "error":
        return fleet[0]
    findings = sorted([*entry.report.findings, *fleet], key=lambda f: f.severity.rank)
    return findings[0] if findings else None


def render_text(result: AuditResult, *, width: int = 100, lang: str | None = None) -> str:
    """The summary an auditor reads: the table (worst first; the file column keeps what
    tells the files apart), why files failed, the ledger's alarms, what changed since the
    previous audit, what was not checked, totals."""
    header = [tr(c, lang) for c in COLUMNS]
    files = result.worst_first()
    rows = [row(e) for e in files]
    root = common_root([r[0] for r in rows])
    for r, e in zip(rows, files, strict=True):  # the words and numbers of the language
        r[0] = r[0][len(root) :]
        r[1], r[7] = _verdict(e.verdict, lang), decimal(e.seconds, 2, lang)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    fixed = sum(widths[1:]) + 2 * (len(widths) - 1)
    widths[0] = max(12, min(widths[0], width - fixed))
    for r, shown in zip(rows, fit_paths([r[0] for r in rows], widths[0]), strict=True):
        r[0] = shown
    out = []

    def line(cells: list[str]) -> str:
        parts = [cells[0].ljust(widths[0]), cells[1].ljust(widths[1])]
        parts.extend(c.rjust(w) for c, w in zip(cells[2:], widths[2:], strict=True))
        return "  ".join(parts).rstrip()

    if root:
        out.extend(_wrap(tr(T_UNDER, lang, root=root), width))
    out.append(line(header))
    out.extend(line(r) for r in rows)
    bad = [e for e in files if e.verdict != "pass"]
    if bad:
        out.append("")
        out.append(tr(T_PROBLEMS, lang))
        names = fit_paths([e.target.display for e in bad[:MAX_PROBLEMS]], width - 2)
        for e, name in zip(bad[:MAX_PROBLEMS], names, strict=True):
            f = _worst_finding(e)
            if f is None:
                continue
            out.append(f"  {name}")
            out.extend(_wrap(f"{f.code}: {finding_message(f, lang)}", width, "    "))
        if len(bad) > MAX_PROBLEMS:
            out.append("  " + tr(T_MORE, lang, n=len(bad) - MAX_PROBLEMS))
    for block in (_ledger_lines(result, lang), _since_lines(result, lang)):
        if not block:
            continue
        out.append("")
        for ln in block:
            stripped = ln.lstrip(" ")
            out.extend(_wrap(stripped, width, " " * (len(ln) - len(stripped))))
    out.append("")
    for text in (_total_line(result, lang), *_tail_lines(result, lang)):
        out.extend(_wrap(text, width))
    return "\n".join(out) + "\n"


def _ledger_lines(result: AuditResult, lang: str | None) -> list[str]:
    """The ledger's open alarms (gone files included) and the acknowledgements since the last run."""
    night = result.ledger
    if night is None:
        return []
    alarms = sorted(night.open_alarms(), key=lambda a: (a.identity, a.kind))
    run = night.run if night.run is not None else "–"
    head = T_LEDGER if alarms else T_LEDGER_NONE
    out = [tr(head, lang, path=result.ledger_path or "", run=run, n=len(alarms))]
    for a in alarms[:MAX_PROBLEMS]:
        f = a.findings[0] if a.findings else None
        msg = finding_message(f, lang) if f is not None else ""
        out.append("  " + tr(T_ALARM, lang, identity=a.identity, code=a.code, since=a.opened_at, message=msg))
    if len(alarms) > MAX_PROBLEMS:
        out.append("  " + tr(T_MORE, lang, n=len(alarms) - MAX_PROBLEMS))
    for ack in night.acknowledged[:MAX_LISTED]:
        out.append("  " + tr(T_ACK, lang, identity=ack.identity, by=ack.by, at=ack.at, reason=ack.reason))
    return out


def _total_line(result: AuditResult, lang: str | None) -> str:
    t = result.totals()
    rate = t["files_per_second"]
    return tr(
        T_TOTAL,
        lang,
        files=t["files"],
        other=t["error"] + t["indeterminate"] + t["interrupted"],
        seconds=decimal(result.duration_s, 1, lang),
        rate=decimal(rate, 1, lang) if rate is not None else "–",
        **{k: t[k] for k in ("pass", "fail", "unopenable")},
    )


def _tail_lines(result: AuditResult, lang: str | None) -> list[str]:
    """What was not audited, and what went wrong with the cluster, after the totals."""
    out = []
    if result.skipped:
        reasons = sorted({s.reason for s in result.skipped})
        out.append(tr(T_SKIPPED, lang, n=len(result.skipped), reasons="; ".join(reasons)))
    for f in result.cluster:
        out.append(tr(T_CLUSTER, lang, message=finding_message(f, lang)))
    if result.incomplete is not None and result.not_checked:
        out.append(tr(T_INCOMPLETE, lang, n=len(result.not_checked), reason=result.not_checked[0].reason))
    if result.interrupted:
        out.append(tr(T_STOPPED, lang, signal=result.stopped_by or "SIGINT", n=len(result.not_checked)))
    elif result.not_checked and result.incomplete is None:
        reasons = sorted({said(n.reason, lang) for n in result.not_checked})
        out.append(tr(T_NOT_CHECKED, lang, n=len(result.not_checked), reasons=" ".join(reasons)))
    return out


def _verdict(verdict: object, lang: str | None) -> str:
    """The verdict word in the user's language (``FAIL``, ``FALLA``, ``ÉCHEC``)."""
    word = str(verdict).upper()
    return tr(VERDICT[str(verdict)], lang) if str(verdict) in VERDICT else word


def _wrap(text: str, width: int, indent: str = "", more: str = "  ") -> list[str]:
    """``text`` broken into lines of at most ``width`` columns."""
    return textwrap.wrap(
        text,
        width=max(40, width),
        initial_indent=indent,
        subsequent_indent=indent + more,
        break_long_words=True,
        break_on_hyphens=False,
    ) or [indent]


def _listed(items: list[str]) -> str:
    shown = ", ".join(items[:MAX_LISTED])
    return shown + (f", … (+{len(items) - MAX_LISTED})" if len(items) > MAX_LISTED else "")


def _since_lines(result: AuditResult, lang: str | None) -> list[str]:
    s = result.since
    if s is None:
        return []
    when = s.previous.started_at or "?"
    out = [tr(T_SINCE, lang, when=when, path=s.previous.path)]
    entries = {e.target.display: e for e in result.entries}
    for path in s.changed:
        c = entries[path].since
        assert c is not None
        if c.status == "rolled_back":
            out.append("  " + tr(T_ROLLED, lang, path=path))
        elif c.status == "rewritten":
            out.append("  " + tr(T_REWRITTEN, lang, path=path))
        if c.new_commits or c.new_eras:
            out.append("  " + tr(T_GROWN, lang, path=path, commits=c.new_commits, eras=len(c.new_eras)))
        if c.revoked_eras:
            out.append("  " + tr(T_REVOKED, lang, path=path, keys=", ".join(c.revoked_eras)))
        if c.verdict_before != c.verdict_after:
            out.append(
                "  "
                + tr(
                    T_VERDICT_CHANGE,
                    lang,
                    path=path,
                    before=_verdict(c.verdict_before, lang),
                    after=_verdict(c.verdict_after, lang),
                )
            )
    if s.added:
        out.append("  " + tr(T_ADDED, lang, paths=_listed(s.added)))
    if s.gone:
        out.append("  " + tr(T_GONE, lang, paths=_listed(s.gone)))
    if len(out) == 1:
        return [tr(T_SINCE_NONE, lang, when=when)]
    return out


def _duration(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def progress_fields(done: int, total: int, failed: int, elapsed: float) -> dict[str, Any]:
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else None
    return {"done": done, "total": total, "failed": failed, "rate": round(rate, 3), "eta_s": eta}


def progress_line(done: int, total: int, failed: int, elapsed: float, lang: str | None = None) -> str:
    """``audit 37/200 files · 2 not passing · 12.3 files/s · ETA 0:13`` (``failed``: files not passing)."""
    p = progress_fields(done, total, failed, elapsed)
    eta = "–" if p["eta_s"] is None else _duration(p["eta_s"])
    rate = decimal(p["rate"], 1, lang)
    return tr(T_PROGRESS, lang, done=done, total=total, failed=failed, rate=rate, eta=eta)


def progress_json(done: int, total: int, failed: int, elapsed: float, path: str) -> str:
    """One line of ``--progress json``: the fields ``verify`` prints (``type``, ``phase``,
    ``done``, ``total``, ``elapsed_s``; the phase is ``files``), then the fleet's own
    (``failed``, ``rate``, ``eta_s``, and the ``path`` just finished)."""
    p = progress_fields(done, total, failed, elapsed)
    if p["eta_s"] is not None:
        p["eta_s"] = round(p["eta_s"], 1)
    head = {"type": "progress", "phase": "files", "done": done, "total": total}
    return json.dumps({**head, "elapsed_s": round(elapsed, 3), **p, "path": path}, ensure_ascii=False)


def render(result: AuditResult, fmt: str, *, width: int = 100, lang: str | None = None) -> str:
    """``result`` in ``fmt`` (one of :data:`FORMATS`).  SARIF and JUnit are the
    single-file renderers over every file's report (one artifact, one testsuite per
    file, in path order); HTML is the one report template with the fleet table."""
    if fmt == "text":
        return render_text(result, width=width, lang=lang)
    if fmt == "html":
        return render_html(result, lang=lang)
    from ..render.json import dumps
    from ..render.junit import render_junit
    from ..render.options import RenderOptions
    from ..render.sarif import render_sarif

    if fmt == "json":
        return dumps(result.to_json())
    reports = [e.report for e in result.by_path()]
    if fmt == "sarif":
        return render_sarif(reports, RenderOptions())
    if fmt == "junit":
        return render_junit(reports, RenderOptions())
    raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")


# --------------------------------------------------------------------------- HTML

MAX_HTML_ROWS = 200  # findings and commits shown per file (the JSON has them all)


def render_html(result: AuditResult, *, lang: str | None = None) -> str:
    """A self-contained HTML fleet report through the one report template: the fleet
    table (worst first) linking to one section per file, which is that file's report
    as ``verify --format html`` shows it; the since-comparison; the totals."""
    from ..render.html import render_fleet_html
    from ..render.options import RenderOptions

    files = result.worst_first()
    t = result.totals()
    notices = [tr(T_HTML_NOTE, lang), *_tail_lines(result, lang), *_ledger_lines(result, lang)]
    since = None
    if result.since is not None:
        lines = [ln.strip() for ln in _since_lines(result, lang)]
        since = {"title": lines[0], "lines": lines[1:]}
    fleet = {
        "title": tr(T_HTML_TITLE, lang),
        "verdict": result.verdict,
        "run": " · ".join(
            p
            for p in (
                result.started_at,
                str(result.executor.get("executor", "")),
                f"{t['files']} files",
                f"{result.duration_s:.1f} s",
            )
            if p
        ),
        "totals": _total_line(result, lang),
        "notices": notices,
        "columns": [tr(c, lang) for c in COLUMNS],
        "rows": [{"verdict": e.verdict, "cells": row(e)} for e in files],
        "since": since,
    }
    options = RenderOptions(lang=lang or "en", max_rows=MAX_HTML_ROWS)
    return render_fleet_html(fleet, [(e.target.display, e.report) for e in files], options)
