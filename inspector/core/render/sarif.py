"""SARIF 2.1.0 for code-scanning dashboards.

One run of ``aleth-inspector``; one rule per finding code (its help from the code
table), one result per finding, each input an artifact (its SHA-256 and size, the
verdict in its properties), ``level`` from the severity.  Several reports (a fleet
audit) become one run with one artifact each.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import quote

from ..codes import CodeInfo, lookup
from ..findings import Finding, Severity
from ..verify.report import Report
from .options import RenderOptions
from .safe import escape
from .stream import Sink, collect, write_json_document

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_NOT_A_VERDICT = ("error", "interrupted")
_URL = re.compile(r"([a-z][a-z0-9+.-]*://)", re.IGNORECASE)


def artifact_uri(path: str | None) -> str:
    """A URI reference for ``path``: relative paths stay relative, absolute ones become
    ``file://`` URIs, URLs keep their scheme; bytes that are not UTF-8 are percent-encoded
    like any other."""
    if not path:
        return "input"
    url = _URL.match(path)
    if url is not None:  # a fleet's file read by URL (s3://…, file://…): its scheme stays
        return url.group(1) + artifact_uri(path[url.end() :]).removeprefix("file://")
    try:
        raw = os.fsencode(path)
    except UnicodeEncodeError:  # a surrogate no file system name can hold: show it escaped
        raw = path.encode("utf-8", "backslashreplace")
    if os.sep == "\\":
        raw = raw.replace(b"\\", b"/")
    encoded = quote(raw, safe="/")
    return f"file://{encoded}" if raw.startswith(b"/") else encoded


def _rule(code: str, info: CodeInfo | None) -> dict[str, Any]:
    rule: dict[str, Any] = {"id": escape(code)}
    if info is None:
        rule["shortDescription"] = {"text": escape(code)}
        return rule
    rule["name"] = "".join(part.capitalize() for part in code.replace(".", "_").split("_") if part)
    rule["shortDescription"] = {"text": info.title}
    rule["fullDescription"] = {"text": info.meaning}
    rule["help"] = {
        "text": f"{info.meaning}\n\nWhy it matters: {info.why}\n\nWhat to do: {info.action}",
        "markdown": f"{info.meaning}\n\n**Why it matters:** {info.why}\n\n**What to do:** {info.action}",
    }
    rule["defaultConfiguration"] = {"level": LEVEL[info.severity]}
    rule["properties"] = {"profile": info.profile}
    return rule


def _fingerprint(f: Finding) -> str:
    key = "\x1f".join((f.code, f.object_kind, f.object_id)).encode("utf-8", "surrogatepass")
    return hashlib.sha256(key).hexdigest()


def _result(f: Finding, rule_index: int, uri: str, artifact_index: int) -> dict[str, Any]:
    location: dict[str, Any] = {
        "physicalLocation": {"artifactLocation": {"uri": uri, "index": artifact_index}},
    }
    if f.object_id or f.object_kind:
        logical: dict[str, Any] = {"kind": escape(f.object_kind)}
        if f.object_id:
            logical["name"] = escape(f.object_id)
        location["logicalLocations"] = [logical]
    properties: dict[str, Any] = {
        "object_kind": escape(f.object_kind),
        "object_id": escape(f.object_id),
        "related": [escape(r) for r in f.related],
    }
    for name in ("expected", "found", "likely_cause"):
        value = getattr(f, name)
        if value is not None:
            properties[name] = escape(value)
    if f.additional:
        properties["additional"] = True
    if f.count > 1:  # a summary of the findings of this code beyond the cap
        properties["count"] = f.count
        properties["ids"] = [escape(i) for i in f.ids]
    return {
        "ruleId": escape(f.code),
        "ruleIndex": rule_index,
        "level": LEVEL[f.severity],
        "message": {"text": escape(f.message)},
        "locations": [location],
        "partialFingerprints": {"alethInspectorFinding/v1": _fingerprint(f)},
        "properties": properties,
    }


def _artifact(r: Report, uri: str) -> dict[str, Any]:
    inp = r.input or {}
    artifact: dict[str, Any] = {"location": {"uri": uri}, "roles": ["analysisTarget"]}
    if inp.get("size") is not None:
        artifact["length"] = inp["size"]
    if inp.get("sha256"):
        artifact["hashes"] = {"sha-256": inp["sha256"]}
    props: dict[str, Any] = {
        "verdict": r.verdict,
        "exit_code": r.exit_code,
        "profile": r.profile,
        "format": inp.get("format"),
        "checkpoint": dict(r.checkpoint or {}),
        "head": escape(r.head) if r.head else None,
    }
    if r.profile != "alethech":
        props.update(
            primary_reason=escape(r.primary_reason) if r.primary_reason else None,
            root=r.root,
            bundle_sha256=r.bundle_sha256,
        )
    artifact["properties"] = props
    return artifact


def _log(reports: Report | Sequence[Report], options: RenderOptions | None, lazy: bool) -> dict[str, Any]:
    """The SARIF log; with ``lazy``, its results are a generator made as it is written
    (the rules are gathered first: one per code, a pass over the findings)."""
    o = options or RenderOptions()
    items = [reports] if isinstance(reports, Report) else list(reports)
    uris = [
        artifact_uri((r.input or {}).get("path") if o.source is None or len(items) > 1 else o.source)
        for r in items
    ]
    rules: list[dict[str, Any]] = []
    rule_index: dict[str, int] = {}
    notifications: list[dict[str, Any]] = []
    for r in items:
        for f in r.findings:
            if f.code not in rule_index:
                rule_index[f.code] = len(rules)
                rules.append(_rule(f.code, lookup(f.code)))
            if r.verdict in _NOT_A_VERDICT and f.severity is Severity.ERROR:
                notifications.append({"level": "error", "message": {"text": escape(f.message)}})

    def results() -> Iterator[dict[str, Any]]:
        for i, r in enumerate(items):
            for f in r.findings:
                yield _result(f, rule_index[f.code], uris[i], i)

    invocation: dict[str, Any] = {
        "executionSuccessful": not any(r.verdict in _NOT_A_VERDICT for r in items),
    }
    started = [r.started_at for r in items if r.started_at]
    if started:
        invocation["startTimeUtc"] = min(started)
    if len(items) == 1:
        invocation["exitCode"] = items[0].exit_code
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    driver: dict[str, Any] = {
        "name": str(o.tool.get("name", "aleth-inspector")),
        "version": str(o.tool.get("version", "")),
        "rules": rules,
    }
    run: dict[str, Any] = {
        "tool": {"driver": driver},
        "invocations": [invocation],
        "artifacts": [_artifact(r, uris[i]) for i, r in enumerate(items)],
        "results": results() if lazy else list(results()),
        "columnKind": "unicodeCodePoints",
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def sarif_log(reports: Report | Sequence[Report], options: RenderOptions | None = None) -> dict[str, Any]:
    """The SARIF log object of ``reports``."""
    return _log(reports, options, lazy=False)


def write_sarif(reports: Report | Sequence[Report], sink: Sink, options: RenderOptions | None = None) -> None:
    """The SARIF log of ``reports``, written to ``sink`` as its results are made (never
    the whole log in memory)."""
    write_json_document(_log(reports, options, lazy=True), sink)


def render_sarif(reports: Report | Sequence[Report], options: RenderOptions | None = None) -> str:
    return collect(write_sarif, reports, options=options)
