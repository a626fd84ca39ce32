"""Compatibility for callers written before :mod:`inspector.core.render`.

The renderers of the report (text, JSON, SARIF, JUnit, HTML, PDF) live in
``inspector.core.render``; these two names remain only until the GUI's export
calls the renderers itself.  Remove this module then.
"""

from __future__ import annotations

from .render import RenderOptions, render_html, render_json
from .verify.report import Report


def report_json(report: Report) -> str:
    return render_json(report)


def report_html(report: Report, source: str, *, max_rows: int = 5000) -> str:
    return render_html(report, RenderOptions(source=source, max_rows=max_rows))
