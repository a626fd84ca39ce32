"""Renderers of an :class:`~.audit.AuditResult`: the text summary, the progress line and
the HTML fleet report.  Each is a function of the result (and options) to text; the fixed
texts are registered templates, so they can be translated like findings."""

from __future__ import annotations

import html
import json
import textwrap
from typing import Any

from ..i18n import decimal, finding_message, tr
from ..verify.report import message
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
T_INTERRUPTED = message("Interrupted: {n} files were not audited.")
T_PROGRESS = message("audit {done}/{total} files · {failed} not passing · {rate} files/s · ETA {eta}")
# the verdict words of the text report (the same templates as inspector.core.render.strings,
# not imported from there: importing the render package re-registers the code table)
VERDICT = {
    "pass": message("PASS"),
    "fail": message("FAIL"),
    "unopenable": message("UNOPENABLE"),
    "indeterminate": message("INDETERMINATE"),
    "error": message("ERROR"),
    "interrupted": message("INTERRUPTED"),
}
T_HTML_TITLE = message("Aleth Inspector fleet audit")
T_HTML_NOTE = message(
    "Each file's verdict is exactly what verify gives for it alone, plus the comparison with the "
    "previous audit when one was given. Integrity is not truth: a valid signature proves who wrote a "
    "memory and that it is unchanged, not that it is correct."
)

MAX_PROBLEMS = 50
MAX_LISTED = 20


def _dash(value: Any) -> str:
    return "–" if value is None or value == "" else str(value)


def row(entry: FileEntry) -> list[str]:
    """The summary-table cells of one file (the GUI table shows the same)."""
    r = entry.report
    sev = r.severity_counts()
    judged = r.verdict in ("pass", "fail")
    state = entry.checkpoint_state()
    return [
        entry.target.display,
        r.verdict.upper(),
        str(sev["error"]),
        str(sev["warning"]),
        str(r.counts.get("commits", 0)) if judged else "–",
        str(r.counts.get("eras", len(r.eras))) if judged else "–",
        "–" if state == "none" else state,
        f"{entry.seconds:.2f}",
    ]


def _fit_left(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    return "…" + text[-(width - 1) :] if width > 1 else text[:width]


def _worst_finding(entry: FileEntry) -> Any:
    findings = sorted(entry.report.findings, key=lambda f: f.severity.rank)
    return findings[0] if findings else None


def render_text(result: AuditResult, *, width: int = 100, lang: str | None = None) -> str:
    """The summary an auditor reads: the table (worst first), why files failed, what
    changed since the previous audit, totals."""
    header = [tr(c, lang) for c in COLUMNS]
    rows = [row(e) for e in result.worst_first()]
    for r, e in zip(rows, result.worst_first(), strict=True):  # the words and numbers of the language
        r[1], r[7] = _verdict(e.report.verdict, lang), decimal(e.seconds, 2, lang)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    fixed = sum(widths[1:]) + 2 * (len(widths) - 1)
    widths[0] = max(12, min(widths[0], width - fixed))
    out = []

    def line(cells: list[str]) -> str:
        parts = [_fit_left(cells[0], widths[0]).ljust(widths[0])]
        parts.append(cells[1].ljust(widths[1]))
        parts.extend(c.rjust(w) for c, w in zip(cells[2:], widths[2:], strict=True))
        return "  ".join(parts).rstrip()

    out.append(line(header))
    out.extend(line(r) for r in rows)
    bad = [e for e in result.worst_first() if e.verdict != "pass"]
    if bad:
        out.append("")
        out.append(tr(T_PROBLEMS, lang))
        for e in bad[:MAX_PROBLEMS]:
            f = _worst_finding(e)
            if f is None:
                continue
            out.append(f"  {_fit_left(e.target.display, width - 2)}")
            out.extend(_wrap(f"{f.code}: {finding_message(f, lang)}", width, "    "))
        if len(bad) > MAX_PROBLEMS:
            out.append("  " + tr(T_MORE, lang, n=len(bad) - MAX_PROBLEMS))
    if result.since is not None:
        out.append("")
        for ln in _since_lines(result, lang):
            stripped = ln.lstrip(" ")
            out.extend(_wrap(stripped, width, " " * (len(ln) - len(stripped))))
    out.append("")
    t = result.totals()
    other = t["error"] + t["indeterminate"] + t["interrupted"]
    rate = t["files_per_second"]
    out.extend(
        _wrap(
            tr(
                T_TOTAL,
                lang,
                files=t["files"],
                other=other,
                seconds=decimal(result.duration_s, 1, lang),
                rate=decimal(rate, 1, lang) if rate is not None else "–",
                **{k: t[k] for k in ("pass", "fail", "unopenable")},
            ),
            width,
        )
    )
    if result.skipped:
        reasons = sorted({s.reason for s in result.skipped})
        out.extend(_wrap(tr(T_SKIPPED, lang, n=len(result.skipped), reasons="; ".join(reasons)), width))
    if result.interrupted:
        out.extend(_wrap(tr(T_INTERRUPTED, lang, n=len(result.not_audited)), width))
    return "\n".join(out) + "\n"


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
    assert s is not None
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
    p = progress_fields(done, total, failed, elapsed)
    if p["eta_s"] is not None:
        p["eta_s"] = round(p["eta_s"], 1)
    return json.dumps({"event": "progress", **p, "path": path}, ensure_ascii=False)


# --------------------------------------------------------------------------- HTML

CSS = """
body { font-family: sans-serif; font-size: 10pt; color: #222; margin: 1.5em; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 22pt; }
table { border-collapse: collapse; width: 100%; margin-bottom: 8pt; }
td, th { border: 1px solid #bbb; padding: 2pt 5pt; text-align: left; vertical-align: top; }
th { background: #eee; } td.n { text-align: right; }
.pass { color: #1b5e20; } .fail, .unopenable, .error { color: #b71c1c; font-weight: bold; }
.indeterminate, .interrupted { color: #8d4a00; }
.sev-error { color: #b71c1c; } .sev-warning { color: #8d4a00; } .sev-info { color: #0d47a1; }
.mono { font-family: monospace; font-size: 8.5pt; word-break: break-all; }
"""
MAX_HTML_FINDINGS = 200


def render_html(result: AuditResult, *, lang: str | None = None) -> str:
    """A self-contained HTML fleet report: the fleet table linking to one section per file
    (verdict, input hash, HEAD, counts, findings), and the since-comparison."""
    e = html.escape
    files = result.worst_first()
    anchors = {id(f): f"file-{i + 1}" for i, f in enumerate(files)}
    t = result.totals()
    title = tr(T_HTML_TITLE, lang)
    out = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        f"<title>{e(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{e(title)}: <span class='{e(result.verdict)}'>{e(result.verdict.upper())}</span></h1>",
        f"<p>{e(result.started_at)} · {e(result.executor.get('executor', ''))} · "
        f"{t['files']} files · {result.duration_s:.1f} s</p>",
        f"<p><i>{e(tr(T_HTML_NOTE, lang))}</i></p>",
        "<table><tr>" + "".join(f"<th>{e(tr(c, lang))}</th>" for c in COLUMNS) + "</tr>",
    ]
    for f in files:
        cells = row(f)
        out.append(
            f"<tr><td><a href='#{anchors[id(f)]}'>{e(cells[0])}</a></td>"
            f"<td class='{e(f.verdict)}'>{e(cells[1])}</td>"
            + "".join(f"<td class='n'>{e(c)}</td>" for c in cells[2:6])
            + f"<td>{e(cells[6])}</td><td class='n'>{e(cells[7])}</td></tr>"
        )
    out.append("</table>")
    text_total = render_text(result, width=200, lang=lang).rstrip().splitlines()[-1]
    out.append(f"<p>{e(text_total)}</p>")
    if result.since is not None:
        out.append(
            "<h2>"
            + e(
                tr(
                    T_SINCE,
                    lang,
                    when=result.since.previous.started_at or "?",
                    path=result.since.previous.path,
                )
            )
            + "</h2><ul>"
        )
        for ln in _since_lines(result, lang)[1:]:
            out.append(f"<li>{e(ln.strip())}</li>")
        out.append("</ul>")
    for f in files:
        r = f.report
        sev = r.severity_counts()
        out.append(f"<h2 id='{anchors[id(f)]}'>{e(f.target.display)}</h2>")
        out.append(
            f"<p><b class='{e(r.verdict)}'>{e(r.verdict.upper())}</b> · {sev['error']} errors, "
            f"{sev['warning']} warnings, {sev['info']} notes<br>"
            f"<span class='mono'>{e(f.target.location)}</span><br>"
            f"SHA-256 <span class='mono'>{e(_dash(r.input.get('sha256')))}</span> · "
            f"{e(_dash(r.input.get('format') or r.container.get('format')))}<br>"
            f"HEAD <span class='mono'>{e(_dash(r.head))}</span> · "
            f"{r.counts.get('commits', 0)} commits · {r.counts.get('evidence', 0)} evidence · "
            f"{len(r.eras)} key eras · checkpoint {e(f.checkpoint_state())}</p>"
        )
        if r.findings:
            out.append("<table><tr><th>Severity</th><th>Code</th><th>Object</th><th>Message</th></tr>")
            for fd in sorted(r.findings, key=lambda x: x.severity.rank)[:MAX_HTML_FINDINGS]:
                out.append(
                    f"<tr><td class='sev-{fd.severity.value}'>{e(fd.severity.value)}</td>"
                    f"<td>{e(fd.code)}</td><td class='mono'>{e(fd.object_kind)} {e(fd.object_id)}</td>"
                    f"<td>{e(finding_message(fd, lang))}</td></tr>"
                )
            out.append("</table>")
            if len(r.findings) > MAX_HTML_FINDINGS:
                out.append(f"<p>{e(tr(T_MORE, lang, n=len(r.findings) - MAX_HTML_FINDINGS))}</p>")
    out.append("</body></html>")
    return "\n".join(out)
