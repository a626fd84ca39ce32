"""JUnit XML for CI test reports.

One ``<testsuite>`` per report; in it one ``<testcase>`` for opening the input,
one per commit, one per evidence record, and one per check family (identity and
control chain, checkpoint, store, MutMem, …) for the findings that are not about a
commit or an evidence record.  A testcase fails when it carries an error finding
(with ``--strict``, a warning too), or when its object's status is not valid; the
failure carries the findings.  A usage error, an interruption or a bug in the
inspector is a JUnit ``<error>``: it is not a verdict on the file.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ..findings import Finding, Severity
from ..verify.report import Report, Status
from .options import RenderOptions
from .safe import escape
from .stream import Chunks, Sink, collect

PREFIX = "aleth-inspector"
# Object kinds of findings → the check family (testcase) that carries them.
FAMILY = {
    "identity": "identity",
    "root_authority": "identity",
    "control_event": "identity",
    "migration": "identity",
    "key": "identity",
    "checkpoint": "checkpoint",
    "store": "store",
    "artifact": "store",
    "container": "open",
    "memory": "mutmem",
    "receipt": "mutmem",
}
ALWAYS = ("identity", "checkpoint", "store")  # families listed for every judged input


def _line(f: Finding) -> str:
    parts = [f"{f.severity.value} {f.code} {f.object_kind} {f.object_id}".rstrip() + f": {f.message}"]
    for name in ("expected", "found", "likely_cause"):
        value = getattr(f, name)
        if value:
            parts.append(f"  {name.replace('_', ' ')}: {value}")
    return escape("\n".join(parts))


def _attr(value: object) -> str:
    """An XML attribute value (quoted), as ElementTree writes it."""
    text = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return '"' + text.replace("\r", "&#13;").replace("\n", "&#10;").replace("\t", "&#09;") + '"'


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _tag(name: str, attrs: Sequence[tuple[str, object]], end: str = ">") -> str:
    return f"<{name}" + "".join(f" {k}={_attr(v)}" for k, v in attrs) + end


Case = tuple[str, str, list[Finding], Status | None]  # classname, name, findings, status


def _cases(report: Report) -> Iterator[Case]:
    """The testcases of one report, in order: opening the input, each commit (history
    order first) and evidence record, then one per check family."""
    by_object: dict[tuple[str, str], list[Finding]] = {}
    for f in report.findings:
        by_object.setdefault((f.object_kind, f.object_id), []).append(f)
    used: set[tuple[str, str]] = set()

    judged = report.verdict not in ("unopenable", "error", "interrupted")
    open_findings = [] if judged else list(report.findings)
    if not judged:
        used.update(by_object)
    yield "open", "open", open_findings + by_object.get(("container", ""), []), None
    used.add(("container", ""))

    seen: set[str] = set()
    for kind, statuses, ids in (
        ("commit", report.commits, itertools.chain(report.order, report.commits)),
        ("evidence", report.evidence, iter(report.evidence)),
    ):
        for oid in ids:
            if oid in seen or oid not in statuses:
                continue
            seen.add(oid)
            used.add((kind, oid))
            yield (
                ("commits" if kind == "commit" else kind),
                oid,
                by_object.get((kind, oid), []),
                statuses[oid],
            )

    families: dict[str, list[Finding]] = {name: [] for name in (ALWAYS if judged else ())}
    for key, items in by_object.items():
        if key in used:
            continue
        families.setdefault(FAMILY.get(key[0], key[0] or "store"), []).extend(items)
    for name, items in families.items():
        yield "checks", name, items, None


def _outcome(case: Case, report: Report, strict: bool) -> tuple[str | None, list[str]]:
    """``(None | "failure" | "error", the testcase's XML lines inside it)``."""
    _, _, findings, status = case
    failing: list[Finding] = []
    other: list[Finding] = []
    for f in findings:
        fails = f.severity is Severity.ERROR or (strict and f.severity is Severity.WARNING)
        (failing if fails else other).append(f)
    status_text = f"status {status.value}" if status is not None and not status.ok else None
    lines = [_line(f) for f in failing]
    inner: list[str] = []
    outcome: str | None = None
    if report.verdict in ("error", "interrupted") and failing:
        outcome = "error"
        attrs = [("message", escape(failing[0].message)), ("type", escape(failing[0].code))]
        inner.append(_tag("error", attrs) + _text("\n".join(lines)) + "</error>")
    elif failing or status_text:
        outcome = "failure"
        message = escape(failing[0].message) if failing else status_text
        kind = escape(failing[0].code) if failing else (status.value if status is not None else "")
        body = "\n".join([status_text, *lines] if status_text else lines)
        inner.append(
            _tag("failure", [("message", message or ""), ("type", kind)]) + _text(body) + "</failure>"
        )
    if other:
        inner.append("<system-out>" + _text("\n".join(_line(f) for f in other)) + "</system-out>")
    return outcome, inner


def _properties(report: Report, o: RenderOptions) -> list[tuple[str, object]]:
    inp = report.input or {}
    found = [
        ("verdict", report.verdict),
        ("exit_code", report.exit_code),
        ("profile", report.profile),
        ("format", inp.get("format")),
        ("sha256", inp.get("sha256")),
        ("size", inp.get("size")),
        ("checkpoint", (report.checkpoint or {}).get("state")),
        ("head", report.head),
        ("primary_reason", report.primary_reason),
        ("root", report.root),
        ("bundle_sha256", report.bundle_sha256),
        ("tool", f"{o.tool.get('name', '')} {o.tool.get('version', '')}".strip()),
    ]
    return [(name, escape(str(value))) for name, value in found if value is not None]


def _totals(report: Report, strict: bool) -> dict[str, int]:
    """tests, failures and errors of one report (a first pass: nothing is kept)."""
    out = {"tests": 0, "failures": 0, "errors": 0}
    for case in _cases(report):
        out["tests"] += 1
        outcome, _ = _outcome(case, report, strict)
        if outcome is not None:
            out["errors" if outcome == "error" else "failures"] += 1
    return out


def write_junit(reports: Report | Sequence[Report], sink: Sink, options: RenderOptions | None = None) -> None:
    """JUnit XML of ``reports``, written to ``sink`` testcase by testcase (the counts the
    opening tags carry come from a first pass that keeps nothing)."""
    o = options or RenderOptions()
    items = [reports] if isinstance(reports, Report) else list(reports)
    opts = [o if len(items) == 1 else replace(o, source=None) for _ in items]
    totals = [_totals(r, oo.strict) for r, oo in zip(items, opts, strict=True)]
    out = Chunks(sink)
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = [("name", PREFIX), *((k, sum(t[k] for t in totals)) for k in ("tests", "failures", "errors"))]
    root.append(("time", f"{sum(r.duration_s or 0.0 for r in items):.3f}"))
    out.write(_tag("testsuites", root) + "\n" if items else _tag("testsuites", root, " />") + "\n")
    for r, oo, t in zip(items, opts, totals, strict=True):
        source = oo.source if oo.source is not None else (r.input or {}).get("path")
        attrs: list[tuple[str, object]] = [("name", escape(str(source or "input"))), *t.items()]
        attrs += [("skipped", 0), ("time", f"{r.duration_s or 0:.3f}")]
        if r.started_at:
            attrs.append(("timestamp", r.started_at.rstrip("Z").split(".")[0]))
        out.write("  " + _tag("testsuite", attrs) + "\n")
        props = _properties(r, oo)
        if props:
            out.write("    <properties>\n")
            for name, value in props:
                out.write("      " + _tag("property", [("name", name), ("value", value)], " />") + "\n")
            out.write("    </properties>\n")
        else:
            out.write("    <properties />\n")
        for case in _cases(r):
            classname, name, _, _ = case
            _, inner = _outcome(case, r, oo.strict)
            attrs = [("classname", f"{PREFIX}.{classname}"), ("name", escape(name)), ("time", "0")]
            if inner:
                out.write("    " + _tag("testcase", attrs) + "\n")
                for line in inner:
                    out.write("      " + line + "\n")
                out.write("    </testcase>\n")
            else:
                out.write("    " + _tag("testcase", attrs, " />") + "\n")
        out.write("  </testsuite>\n")
    if items:
        out.write("</testsuites>\n")
    out.flush()


def render_junit(reports: Report | Sequence[Report], options: RenderOptions | None = None) -> str:
    return collect(write_junit, reports, options=options)
