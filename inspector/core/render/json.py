"""The JSON report (schema ``aleth-inspector/report/1``, ``inspector/schemas/report-v1.json``),
written as it is made (:mod:`.stream`)."""

from __future__ import annotations

from typing import Any

from ..verify.report import Report
from .options import RenderOptions, tool_info
from .stream import Sink, collect, iter_json, write_json_document


def report_document(report: Report, tool: dict[str, Any] | None = None) -> dict[str, Any]:
    """``report.to_json()`` with the ``tool`` that judged it, right after ``schema``."""
    body = report.to_json()
    doc: dict[str, Any] = {"schema": body.pop("schema"), "tool": dict(tool or tool_info())}
    doc.update(body)
    return doc


def dumps(doc: Any) -> str:
    """Strict JSON text of ``doc`` (one object, a trailing newline; NaN and infinity are
    written as null).  Characters the output cannot carry are escaped when it is encoded
    (:func:`.safe.encode`)."""
    return "".join(iter_json(doc)) + "\n"


def write_json(report: Report, sink: Sink, options: RenderOptions | None = None) -> None:
    """The JSON report of ``report``, written to ``sink`` in pieces."""
    write_json_document(report_document(report, (options or RenderOptions()).tool), sink)


def render_json(report: Report, options: RenderOptions | None = None) -> str:
    return collect(write_json, report, options=options)
