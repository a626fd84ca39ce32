"""The text report a person reads in a terminal.

The verdict line comes first and the reason of the worst finding right under it;
then the findings grouped by severity and code (each code printed once, with its
title from the code table), the key eras, the object statuses and the input that
was judged.  Every line fits ``options.width``; ids are shortened (the JSON report
has them in full); anything taken from the file is escaped so any stream can
print it; colour only when ``options.color``.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter

from ..codes import lookup
from ..findings import Finding, Severity
from ..i18n import finding_message
from ..verify.report import Report, Status
from . import strings as S
from .options import RenderOptions
from .safe import escape
from .stream import Chunks, Sink, collect

_FULL_ID = re.compile(r"sha256:([0-9a-f]{8})[0-9a-f]{56}")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
GLYPH = {Severity.ERROR: "✗", Severity.WARNING: "!", Severity.INFO: "i"}
_STYLE = {
    "pass": "1;32",
    "fail": "1;31",
    "unopenable": "1;31",
    "indeterminate": "1;33",
    "error": "1;35",
    "interrupted": "1;33",
    Severity.ERROR: "31",
    Severity.WARNING: "33",
    Severity.INFO: "36",
}
MIN_WIDTH = 40


def shorten_ids(text: str) -> str:
    """Every full ``sha256:<64 hex>`` id in ``text`` shortened to its first 8 hex digits."""
    return _FULL_ID.sub(r"sha256:\1…", text)


def short_id(oid: str | None, limit: int = 40) -> str:
    """A display form of an id: a content id shortened, anything else escaped and capped."""
    if not oid:
        return ""
    text = shorten_ids(escape(oid))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain_width(line: str) -> int:
    """The printed width of a line (colour codes take no room)."""
    return len(_ANSI.sub("", line))


class _LineSink:
    """Lines handed on as they are made, each with its newline."""

    def __init__(self, sink: Chunks) -> None:
        self.sink = sink

    def append(self, line: str) -> None:
        self.sink.write(line + "\n")

    def extend(self, lines: list[str]) -> None:
        for line in lines:
            self.append(line)


class _Lines:
    def __init__(self, width: int, color: bool, sink: Chunks) -> None:
        self.width = width
        self.color = color
        self.out = _LineSink(sink)

    def paint(self, text: str, style: object) -> str:
        code = _STYLE.get(style)  # type: ignore[call-overload]
        return f"\x1b[{code}m{text}\x1b[0m" if self.color and code else text

    def fit(self, text: str) -> str:
        return text if len(text) <= self.width else text[: self.width - 1] + "…"

    def add(self, text: str = "", style: object = None) -> None:
        """One line that is not wrapped (cut to the width, then coloured)."""
        self.out.append(self.paint(self.fit(text), style))

    def wrap(self, text: str, indent: int, hanging: int | None = None) -> None:
        """``text`` wrapped to the width, ``indent`` spaces in, continuation lines
        ``hanging`` spaces in."""
        lines = textwrap.wrap(
            text,
            width=self.width,
            initial_indent=" " * indent,
            subsequent_indent=" " * (indent if hanging is None else hanging),
            break_long_words=True,
            break_on_hyphens=False,
        )
        self.out.extend(lines or [])


def _source(report: Report, o: RenderOptions) -> str:
    if o.source is not None:
        return escape(o.source)
    return escape(str((report.input or {}).get("path") or ""))


def _summary(report: Report, t: S.Tr) -> str:
    """What the input is: its format and sizes (nothing for an input never opened)."""
    parts: list[str] = []
    fmt = (report.input or {}).get("format") or (report.container or {}).get("format")
    if report.profile == "hom-aimos-v1":
        parts.append(t(S.PROFILE_HOM))
    elif report.profile == "hom-aimos-v2":
        parts.append(t(S.PROFILE_HOM_V2))
    elif fmt == "directory":
        parts.append(t(S.DIRECTORY))
    elif fmt:
        parts.append(escape(str(fmt)))
    if report.verdict in ("pass", "fail") and report.profile == "alethech":
        c = report.counts
        parts.append(t.count(c.get("commits", len(report.commits)), S.COMMITS))
        parts.append(t.count(c.get("evidence", len(report.evidence)), S.EVIDENCE))
        parts.append(t.count(len(report.eras), S.ERAS))
    return " · ".join(parts)


def worst_finding(report: Report) -> Finding | None:
    """The finding whose reason a report leads with: the first of the worst severity
    (a profile's primary finding before any additional one)."""
    primary = [f for f in report.findings if not f.additional] or report.findings
    if not primary:
        return None
    return min(primary, key=lambda f: f.severity.rank)


def finding_target(f: Finding, source: str | None = None) -> str:
    """``kind id`` of what a finding is about (the id left out when it is just the
    input's path, as for an unopenable file)."""
    oid = "" if source and f.object_id == source else short_id(f.object_id)
    return " ".join(p for p in (escape(f.object_kind), oid) if p)


def _message(f: Finding, lang: str) -> str:
    return shorten_ids(escape(finding_message(f, lang)))


def _verdict_line(report: Report, o: RenderOptions, t: S.Tr, lines: _Lines) -> str:
    """Print the verdict line; return the summary that did not fit on it."""
    word = t(S.VERDICT.get(report.verdict, report.verdict.upper()))
    source = _source(report, o)
    room = lines.width - len(word) - 2
    if len(source) > room:
        source = "…" + source[-(room - 1) :] if room > 1 else ""
    head = f"{word}  {source}".rstrip()
    summary = _summary(report, t)
    if summary and len(head) + len(summary) + 4 <= lines.width:
        head += f"  ({summary})"
        summary = ""
    lines.out.append(lines.paint(word, report.verdict) + lines.fit(head)[len(word) :])
    return summary


def _reason(
    report: Report, o: RenderOptions, t: S.Tr, lines: _Lines, counts: dict[str, int], summary: str
) -> None:
    if report.is_hom and report.primary_reason:
        lines.wrap(t(S.PRIMARY_REASON, reason=escape(report.primary_reason)), 2, 4)
    elif report.verdict != "pass":
        worst = worst_finding(report)
        if worst is not None:
            target = finding_target(worst, (report.input or {}).get("path"))
            text = f"{target}: {_message(worst, o.lang)}" if target else _message(worst, o.lang)
            lines.wrap(text, 2, 4)
    if o.strict and report.verdict == "fail" and counts["error"] == 0 and counts["warning"]:
        lines.wrap(t(S.STRICT_FAIL, warnings=t.count(counts["warning"], S.WARNINGS)), 2, 4)
    tally = ", ".join(
        (
            t.count(counts["error"], S.ERRORS),
            t.count(counts["warning"], S.WARNINGS),
            t.count(counts["info"], S.NOTES),
        )
    )
    lines.wrap(tally, 2, 4)
    if summary:
        lines.wrap(summary, 2, 4)
    if report.profile == "alethech" and report.verdict in ("pass", "fail"):
        state = (report.checkpoint or {}).get("state", "none")
        template = S.CHECKPOINT_STATE.get(state)
        lines.wrap(t(template) if template else t(S.CHECKPOINT_OTHER, state=escape(str(state))), 2, 4)


def _finding_groups(
    findings: list[Finding], source: str | None, o: RenderOptions, t: S.Tr, lines: _Lines
) -> None:
    groups: dict[str, list[Finding]] = {}
    for f in findings:
        groups.setdefault(f.code, []).append(f)
    for code, group in groups.items():
        items = [f for f in group if f.count == 1]
        summaries = [f for f in group if f.count > 1]  # beyond the cap: one finding, a count and ids
        total = sum(f.count for f in group)
        sev = min((f.severity for f in group), key=lambda s: s.rank)
        head = f"  {GLYPH[sev]} {escape(code)}" + (f" ({t.number(total)})" if total > 1 else "")
        info = lookup(code)
        title = t(info.title) if info is not None else ""
        if title and len(head) + len(title) + 3 <= lines.width:
            head, title = f"{head} — {title}", ""
        lines.add(head, sev)
        if title:
            lines.wrap(title, 4, 6)
        for f in items[: o.max_per_code]:
            _one_finding(f, source, o, t, lines)
        if len(items) > o.max_per_code:
            lines.wrap(t(S.MORE, n=len(items) - o.max_per_code), 4, 6)
        for f in summaries:
            _one_finding(f, source, o, t, lines)


def _one_finding(f: Finding, source: str | None, o: RenderOptions, t: S.Tr, lines: _Lines) -> None:
    target = finding_target(f, source)
    if target:
        lines.wrap(target, 4, 6)
    lines.wrap(_message(f, o.lang), 6)
    for template, value in (
        (S.EXPECTED, f.expected),
        (S.FOUND, f.found),
        (S.LIKELY_CAUSE, f.likely_cause),
    ):
        if value:
            lines.wrap(t(template, value=shorten_ids(escape(value))), 6, 8)


def _findings(report: Report, o: RenderOptions, t: S.Tr, lines: _Lines) -> None:
    source = (report.input or {}).get("path")
    primary = [f for f in report.findings if not f.additional]
    for sev in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        items = [f for f in primary if f.severity is sev]
        if items:
            lines.add()
            lines.add(t(S.SECTION[sev.value], n=sum(f.count for f in items)), sev)
            _finding_groups(items, source, o, t, lines)
    extra = [f for f in report.findings if f.additional]
    if extra:
        lines.add()
        lines.wrap(t(S.SECTION_ADDITIONAL, n=sum(f.count for f in extra)), 0, 2)
        _finding_groups(sorted(extra, key=lambda f: f.severity.rank), source, o, t, lines)


def _eras(report: Report, t: S.Tr, lines: _Lines) -> None:
    if not report.eras:
        return
    lines.add()
    lines.add(t(S.SECTION_ERAS, n=len(report.eras)))
    kw = min(max(len(escape(e.key_id)) for e in report.eras), 18)
    rw = min(max(len(escape(e.role)) for e in report.eras), 11)
    for e in report.eras:
        key = escape(e.key_id)
        key = key if len(key) <= kw else key[: kw - 1] + "…"
        role = escape(e.role)
        role = role if len(role) <= rw else role[: rw - 1] + "…"
        state = (
            t(S.ERA_REVOKED, reason=escape(e.revoke_reason or "?"))
            if e.revoked_by is not None
            else t(S.ERA_ACTIVE)
        )
        head = f"  {key:<{kw}}  {role:<{rw}}  {escape(e.fingerprint)[:16]}"
        if len(head) + 2 + len(state) <= lines.width:
            lines.add(f"{head}  {state}")
        else:
            lines.add(head)
            lines.wrap(state, 4 + kw, 6 + kw)
        if e.revoked_by is not None:
            cutoff = t(S.ERA_CUTOFF, cutoff=short_id(e.cutoff) or "?", event=short_id(e.revoked_by))
            lines.wrap(cutoff, 4 + kw, 6 + kw)


def _statuses(report: Report, t: S.Tr, lines: _Lines) -> None:
    for template, statuses in ((S.SECTION_COMMITS, report.commits), (S.SECTION_EVIDENCE, report.evidence)):
        if not statuses:
            continue
        counts = Counter(statuses.values())
        label = t(template)
        parts = " · ".join(f"{s.value} {t.number(counts[s])}" for s in reversed(Status) if counts[s])
        if template == S.SECTION_COMMITS:
            lines.add()
        lines.wrap(f"{label}  {parts}", 0, len(label) + 2)


def _mutmem(report: Report, t: S.Tr, lines: _Lines) -> None:
    """How many memories the file holds and how many are untrusted; receipts that hold."""
    mm = report.mutmem
    if mm is None or not (mm.memories or mm.receipts):
        return
    if mm.memories:
        untrusted = Counter(str(v.label) for v in mm.memories.values() if v.untrusted)
        parts = [t.count(len(mm.memories), S.MEMORIES)]
        if untrusted:
            labels = ", ".join(f"{escape(k)} {t.number(n)}" for k, n in sorted(untrusted.items()))
            parts.append(t(S.UNTRUSTED, n=sum(untrusted.values()), labels=labels))
        label = t(S.SECTION_MEMORIES)
        lines.wrap(f"{label}  " + " · ".join(parts), 0, len(label) + 2)
    if mm.receipts:
        valid = sum(1 for r in mm.receipts.values() if r.status == "valid")
        label = t(S.SECTION_RECEIPTS)
        lines.wrap(f"{label}  " + t(S.RECEIPTS_VALID, valid=valid, n=len(mm.receipts)), 0, len(label) + 2)


def _input(report: Report, o: RenderOptions, t: S.Tr, lines: _Lines) -> None:
    inp = report.input or {}
    lines.add()
    lines.add(t(S.SECTION_INPUT))
    source = _source(report, o)
    if source:
        lines.wrap(source, 2, 4)
    facts: list[str] = []
    fmt = inp.get("format")
    if fmt:
        facts.append(t(S.DIRECTORY) if fmt == "directory" else escape(str(fmt)))
    if isinstance(inp.get("size"), int):
        facts.append(t.count(inp["size"], S.BYTES))
    if facts:
        lines.wrap(" · ".join(facts), 2, 4)
    if inp.get("sha256"):
        lines.wrap(t(S.SHA256, sha256=escape(str(inp["sha256"]))), 2, 4)
    if report.head:
        lines.wrap(t(S.HEAD, head=short_id(report.head)), 2, 4)
    if report.is_hom:
        if report.root:
            lines.wrap(t(S.ROOT, root=escape(report.root)), 2, 4)
        if report.bundle_sha256:
            lines.wrap(t(S.BUNDLE_SHA256, sha256=escape(report.bundle_sha256)), 2, 4)
    tool = {"tool": escape(str(o.tool.get("name", ""))), "version": escape(str(o.tool.get("version", "")))}
    checked = (
        t(S.CHECKED, time=escape(report.started_at), **tool) if report.started_at else t(S.CHECKED_BY, **tool)
    )
    if report.duration_s is not None:
        checked += " " + t(S.DURATION, seconds=t.decimal(report.duration_s, 2))
    lines.wrap(checked, 2, 4)


def render_text(report: Report, options: RenderOptions | None = None) -> str:
    """The text report of ``report`` (``options.quiet``: the verdict line only)."""
    return collect(write_text, report, options=options)


def write_text(report: Report, sink: Sink, options: RenderOptions | None = None) -> None:
    """The text report of ``report``, written to ``sink`` line by line."""
    o = options or RenderOptions()
    t = S.Tr(o.lang)
    out = Chunks(sink)
    lines = _Lines(max(MIN_WIDTH, o.width), o.color, out)
    summary = _verdict_line(report, o, t, lines)
    if not o.quiet:
        counts = report.severity_counts()
        _reason(report, o, t, lines, counts, summary)
        _findings(report, o, t, lines)
        _eras(report, t, lines)
        _statuses(report, t, lines)
        _mutmem(report, t, lines)
        _input(report, o, t, lines)
    out.flush()
