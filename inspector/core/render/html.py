"""The HTML report (and the source of the PDF): one Jinja2 template,
``templates/report.html.j2`` (with ``body.html.j2`` and ``findings.html.j2`` included, so a
page is written as it is made), shared by the command line and the GUI.

The template receives a view of the report made of plain strings (already
translated, ids shortened, anything from the file escaped); Jinja2 escapes HTML
and never prints ``None`` (a missing value is shown as an em dash).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from ..codes import lookup
from ..findings import Finding
from ..i18n import finding_message
from ..verify.report import Report, Status
from . import strings as S
from .options import RenderOptions
from .safe import escape
from .stream import Chunks, Sink, collect
from .text import finding_target, short_id, shorten_ids, worst_finding

MISSING = "—"


@cache
def _environment():  # type: ignore[no-untyped-def]
    import jinja2

    return jinja2.Environment(
        # a plain directory beside this module: the wheel and the PyInstaller bundle both have it
        loader=jinja2.FileSystemLoader(Path(__file__).with_name("templates")),
        autoescape=True,
        finalize=lambda value: MISSING if value is None or value == "" else value,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def _finding_row(f: Finding, t: S.Tr) -> dict[str, Any]:
    info = lookup(f.code)
    details = [
        (t(S.HTML[name]), shorten_ids(escape(value)))
        for name, value in (("expected", f.expected), ("found", f.found), ("likely_cause", f.likely_cause))
        if value
    ]
    return {
        "severity": f.severity.value,
        "severity_word": t(S.SEVERITY_WORD[f.severity.value]),
        "code": escape(f.code),
        "title": t(info.title) if info else None,
        "object": " ".join(p for p in (escape(f.object_kind), short_id(f.object_id, 60)) if p),
        "message": shorten_ids(escape(finding_message(f, t.lang))),
        "details": details,
    }


def html_context(report: Report, options: RenderOptions | None = None) -> dict[str, Any]:
    """What the template shows, as plain strings (for the GUI to reuse piecewise too)."""
    o = options or RenderOptions()
    t = S.Tr(o.lang)
    inp = report.input or {}
    counts = report.severity_counts()
    source = o.source if o.source is not None else inp.get("path")
    worst = worst_finding(report)
    reason = None
    if report.is_hom and report.primary_reason:
        reason = t(S.PRIMARY_REASON, reason=escape(report.primary_reason))
    elif report.verdict != "pass" and worst is not None:
        target = finding_target(worst, inp.get("path"))
        message = shorten_ids(escape(finding_message(worst, o.lang)))
        reason = f"{target}: {message}" if target else message
    strict_note = None
    if o.strict and report.verdict == "fail" and counts["error"] == 0 and counts["warning"]:
        strict_note = t(S.STRICT_FAIL, warnings=t.count(counts["warning"], S.WARNINGS))
    state = (report.checkpoint or {}).get("state", "none")
    checkpoint = None
    if report.profile == "alethech" and report.verdict in ("pass", "fail"):
        template = S.CHECKPOINT_STATE.get(state)
        checkpoint = t(template) if template else t(S.CHECKPOINT_OTHER, state=escape(str(state)))
    fmt = inp.get("format")
    size = inp.get("size")
    primary = sorted((f for f in report.findings if not f.additional), key=lambda f: f.severity.rank)
    additional = [f for f in report.findings if f.additional]
    limit = max(1, o.max_rows)
    ordered = set(report.order)
    commit_ids = list(reversed(report.order)) + [c for c in report.commits if c not in ordered]
    statuses = Counter(report.commits.values())
    notes = [t(n) for n in S.NOT_PROVEN]
    if report.profile == "hom-aimos-v1":
        notes.append(t(S.NOT_PROVEN_HOM))
    elif report.profile == "hom-aimos-v2":
        notes.append(t(S.NOT_PROVEN_HOM_V2))
    memories: list[dict[str, Any]] = []
    receipts: list[dict[str, Any]] = []
    if report.mutmem is not None:
        for mid, view in report.mutmem.memories.items():
            if len(view.trajectory) > 1 or view.labels:
                memories.append(
                    {
                        "id": short_id(mid),
                        "weight_q": view.weight_q,
                        "label": escape(str(view.label)) if view.label is not None else None,
                        "untrusted": view.untrusted,
                        "trajectory": " → ".join(str(p.weight_q) for p in view.trajectory),
                    }
                )
            if len(memories) >= limit:
                break
        for rid, rv in list(report.mutmem.receipts.items())[:limit]:
            receipts.append(
                {
                    "id": short_id(rid),
                    "status": rv.status,
                    "head": short_id(rv.head),
                    "entries": len(rv.entries),
                    "root": short_id(rv.root),
                }
            )
    return {
        "lang": o.lang,
        "title": t(S.HTML_TITLE),
        "T": {name: t(template) for name, template in S.HTML.items()},
        "verdict": report.verdict,
        "verdict_word": t(S.VERDICT.get(report.verdict, report.verdict.upper())),
        "reason": reason,
        "strict_note": strict_note,
        "tally": ", ".join(
            (
                t.count(counts["error"], S.ERRORS),
                t.count(counts["warning"], S.WARNINGS),
                t.count(counts["info"], S.NOTES),
            )
        ),
        "checkpoint": checkpoint,
        "file": escape(str(source)) if source else None,
        "sha256": inp.get("sha256") or (t(S.HTML["directory_store"]) if fmt == "directory" else None),
        "size": t.count(size, S.BYTES) if isinstance(size, int) else None,
        "format": t(S.DIRECTORY) if fmt == "directory" else (escape(str(fmt)) if fmt else None),
        "profile": report.profile,
        "head": escape(report.head) if report.head else None,
        "hom": (
            {
                "primary_reason": escape(report.primary_reason) if report.primary_reason else None,
                "root": report.root,
                "bundle_sha256": report.bundle_sha256,
            }
            if report.is_hom
            else None
        ),
        "checked": escape(report.started_at) if report.started_at else None,
        "duration": f"{t.decimal(report.duration_s, 2)} s" if report.duration_s is not None else None,
        "tool": escape(f"{o.tool.get('name', '')} {o.tool.get('version', '')}".strip()) or None,
        "notes": notes,
        "findings": [_finding_row(f, t) for f in primary[:limit]],
        "findings_more": t(S.HTML_MORE_ROWS, n=len(primary) - limit) if len(primary) > limit else None,
        "additional": [_finding_row(f, t) for f in additional[:limit]],
        "eras": [
            {
                "key_id": escape(e.key_id),
                "role": escape(e.role),
                "fingerprint": escape(e.fingerprint),
                "state": (
                    t(S.ERA_REVOKED, reason=escape(e.revoke_reason or "?"))
                    if e.revoked_by is not None
                    else t(S.ERA_ACTIVE)
                ),
                "granted_by": short_id(e.granted_by, 60),
                "cutoff": short_id(e.cutoff) or None,
            }
            for e in report.eras
        ],
        "commit_summary": " · ".join(
            f"{s.value} {t.number(statuses[s])}" for s in reversed(Status) if statuses[s]
        ),
        "commits": [
            {
                "id": short_id(cid),
                "status": report.commits[cid].value,
                "signer": escape(era.key_id) if (era := report.era_of(cid)) is not None else None,
            }
            for cid in commit_ids[:limit]
            if cid in report.commits
        ],
        "commits_more": (t(S.HTML_MORE_ROWS, n=len(commit_ids) - limit) if len(commit_ids) > limit else None),
        "memories": memories,
        "receipts": receipts,
    }


def _page(**context: Any) -> str:
    return str(_environment().get_template("report.html.j2").render(**context))


def write_html(report: Report, sink: Sink, options: RenderOptions | None = None) -> None:
    """A self-contained HTML report of ``report``, written to ``sink`` as the template
    makes it (Jinja2's ``generate``)."""
    view = html_context(report, options)
    out = Chunks(sink)
    for piece in (
        _environment()
        .get_template("report.html.j2")
        .generate(
            lang=view["lang"],
            title=view["title"],
            verdict_word=view["verdict_word"],
            T=view["T"],
            report=view,
            fleet=None,
            reports=[],
        )
    ):
        out.write(piece)
    out.flush()


def render_html(report: Report, options: RenderOptions | None = None) -> str:
    """A self-contained HTML report of ``report``."""
    return collect(write_html, report, options=options)


def render_fleet_html(
    fleet: dict[str, Any], files: Sequence[tuple[str, Report]], options: RenderOptions | None = None
) -> str:
    """One self-contained HTML page for many reports (a fleet audit): the fleet's own
    view first (``fleet``: its ``title``, ``verdict``, ``verdict_word``, ``run`` and
    ``totals`` lines, ``notices``, table ``columns`` and ``rows`` of cells, ``since``
    ``{title, lines}`` or None), then each ``(name, report)`` of ``files`` as the
    single-file report shows it, in a section whose anchor is ``file-N`` (N from 1, in
    the order of ``files``); row N of the table links to it.  Every string of ``fleet``
    is shown as text (escaped here)."""
    o = options or RenderOptions()
    t = S.Tr(o.lang)
    views = []
    profiles: set[str] = set()
    for i, (name, report) in enumerate(files):
        view = html_context(report, replace(o, source=name))
        view["anchor"] = f"file-{i + 1}"
        views.append(view)
        profiles.add(report.profile)
    rows = fleet.get("rows", [])
    notes = [t(n) for n in S.NOT_PROVEN]
    notes += [t(S.NOT_PROVEN_HOM)] if "hom-aimos-v1" in profiles else []
    notes += [t(S.NOT_PROVEN_HOM_V2)] if "hom-aimos-v2" in profiles else []
    since = fleet.get("since")
    view_fleet = {
        "verdict": fleet.get("verdict", ""),
        "run": escape(str(fleet.get("run", ""))),
        "totals": escape(str(fleet.get("totals", ""))),
        "notices": [escape(str(n)) for n in fleet.get("notices", ())],
        "columns": [escape(str(c)) for c in fleet.get("columns", ())],
        "rows": [
            {
                "anchor": f"file-{i + 1}",
                "verdict": str(row.get("verdict", "")),
                "cells": [escape(str(c)) for c in row.get("cells", ())],
            }
            for i, row in enumerate(rows)
        ],
        "since": (
            {"title": escape(str(since["title"])), "lines": [escape(str(x)) for x in since["lines"]]}
            if since
            else None
        ),
        "notes": notes,
    }
    return _page(
        lang=o.lang,
        title=escape(str(fleet.get("title", t(S.HTML_TITLE)))),
        verdict_word=t(S.VERDICT.get(str(fleet.get("verdict")), str(fleet.get("verdict", "")).upper())),
        T={name: t(template) for name, template in S.HTML.items()},
        report=None,
        fleet=view_fleet,
        reports=views,
    )
