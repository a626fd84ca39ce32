"""The JSON report (schema ``aleth-inspector/report/1``, ``inspector/schemas/report-v1.json``)."""

from __future__ import annotations

import json
import math
from typing import Any

from ..verify.report import Report
from .options import RenderOptions, tool_info


def report_document(report: Report, tool: dict[str, Any] | None = None) -> dict[str, Any]:
    """``report.to_json()`` with the ``tool`` that judged it, right after ``schema``."""
    body = report.to_json()
    doc: dict[str, Any] = {"schema": body.pop("schema"), "tool": dict(tool or tool_info())}
    doc.update(body)
    return doc


def _finite(value: Any) -> Any:
    """``value`` with NaN/Infinity replaced by null (strict JSON has neither)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def dumps(doc: Any) -> str:
    """Strict JSON text of ``doc`` (one object, a trailing newline).  Characters the
    output cannot carry are escaped when it is encoded (:func:`.safe.encode`)."""
    try:
        text = json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False)
    except ValueError:  # a non-finite float somewhere: never print NaN
        text = json.dumps(_finite(doc), indent=1, ensure_ascii=False, allow_nan=False)
    return text + "\n"


def render_json(report: Report, options: RenderOptions | None = None) -> str:
    return dumps(report_document(report, (options or RenderOptions()).tool))
