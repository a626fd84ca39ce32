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

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import replace

from ..findings import Finding, Severity
from ..verify.report import Report, Status
from .options import RenderOptions
from .safe import escape

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


class _Suite:
    def __init__(self, report: Report, o: RenderOptions) -> None:
        self.report = report
        self.strict = o.strict
        self.tests = self.failures = self.errors = 0
        source = o.source if o.source is not None else (report.input or {}).get("path")
        self.el = ET.Element("testsuite", name=escape(str(source or "input")))

    def case(self, classname: str, name: str, findings: list[Finding], status: Status | None = None) -> None:
        self.tests += 1
        tc = ET.SubElement(self.el, "testcase", classname=f"{PREFIX}.{classname}", name=escape(name))
        tc.set("time", "0")
        failing: list[Finding] = []
        other: list[Finding] = []
        for f in findings:
            fails = f.severity is Severity.ERROR or (self.strict and f.severity is Severity.WARNING)
            (failing if fails else other).append(f)
        status_text = f"status {status.value}" if status is not None and not status.ok else None
        lines = [_line(f) for f in failing]
        if self.report.verdict in ("error", "interrupted") and failing:
            self.errors += 1
            el = ET.SubElement(tc, "error", message=escape(failing[0].message), type=escape(failing[0].code))
            el.text = "\n".join(lines)
        elif failing or status_text:
            self.failures += 1
            message = escape(failing[0].message) if failing else status_text
            kind = escape(failing[0].code) if failing else (status.value if status is not None else "")
            el = ET.SubElement(tc, "failure", message=message or "", type=kind)
            el.text = "\n".join([status_text, *lines] if status_text else lines)
        if other:
            ET.SubElement(tc, "system-out").text = "\n".join(_line(f) for f in other)


def _suite(report: Report, o: RenderOptions) -> ET.Element:
    s = _Suite(report, o)
    inp = report.input or {}
    props = ET.SubElement(s.el, "properties")
    for name, value in (
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
    ):
        if value is not None:
            ET.SubElement(props, "property", name=name, value=escape(str(value)))

    by_object: dict[tuple[str, str], list[Finding]] = {}
    for f in report.findings:
        by_object.setdefault((f.object_kind, f.object_id), []).append(f)
    used: set[tuple[str, str]] = set()

    judged = report.verdict not in ("unopenable", "error", "interrupted")
    open_findings = [] if judged else list(report.findings)
    if not judged:
        used.update(by_object)
    s.case("open", "open", open_findings + by_object.get(("container", ""), []))
    used.add(("container", ""))

    seen: set[str] = set()
    for kind, statuses, ids in (
        ("commit", report.commits, [*report.order, *report.commits]),
        ("evidence", report.evidence, list(report.evidence)),
    ):
        for oid in ids:
            if oid in seen or oid not in statuses:
                continue
            seen.add(oid)
            used.add((kind, oid))
            classname = "commits" if kind == "commit" else kind
            s.case(classname, oid, by_object.get((kind, oid), []), statuses[oid])

    families: dict[str, list[Finding]] = {name: [] for name in (ALWAYS if judged else ())}
    for key, items in by_object.items():
        if key in used:
            continue
        families.setdefault(FAMILY.get(key[0], key[0] or "store"), []).extend(items)
    for name, items in families.items():
        s.case("checks", name, items)

    s.el.set("tests", str(s.tests))
    s.el.set("failures", str(s.failures))
    s.el.set("errors", str(s.errors))
    s.el.set("skipped", "0")
    s.el.set("time", f"{report.duration_s or 0:.3f}")
    if report.started_at:
        s.el.set("timestamp", report.started_at.rstrip("Z").split(".")[0])
    return s.el


def render_junit(reports: Report | Sequence[Report], options: RenderOptions | None = None) -> str:
    o = options or RenderOptions()
    items = [reports] if isinstance(reports, Report) else list(reports)
    root = ET.Element("testsuites", name=PREFIX)
    totals = {"tests": 0, "failures": 0, "errors": 0}
    duration = 0.0
    for r in items:
        suite = _suite(r, o if len(items) == 1 else replace(o, source=None))
        root.append(suite)
        for k in totals:
            totals[k] += int(suite.get(k, "0"))
        duration += r.duration_s or 0.0
    for k, v in totals.items():
        root.set(k, str(v))
    root.set("time", f"{duration:.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
