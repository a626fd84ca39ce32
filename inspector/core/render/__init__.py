"""Renderers of the one :class:`~inspector.core.verify.report.Report`.

Each renderer is a function of (report or reports, :class:`RenderOptions`) → text
or bytes, with no CLI state inside, so the command line, the GUI and the fleet
audit share them:

* :func:`render_text` — the terminal report (``text``);
* :func:`render_json` — schema ``aleth-inspector/report/1`` (``json``);
* :func:`render_sarif` — SARIF 2.1.0 for code-scanning dashboards (``sarif``);
* :func:`render_junit` — JUnit XML for CI test reports (``junit``);
* :func:`render_html` — one Jinja2 template (``templates/report.html.j2``); the PDF is
  that HTML laid out by Qt, outside the core (:mod:`inspector.pdf`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..verify.report import Report
from .html import render_html
from .json import render_json, report_document
from .junit import render_junit
from .options import RenderOptions, tool_info
from .sarif import render_sarif
from .text import render_text

FORMATS = ("text", "json", "sarif", "junit", "html")  # PDF: inspector.pdf (needs Qt)
JSON_LIKE = ("json", "sarif")  # formats whose text is JSON (escaped as JSON when encoded)


def render(reports: Report | Sequence[Report], fmt: str, options: RenderOptions | None = None) -> str:
    """``reports`` in format ``fmt`` (one of :data:`FORMATS`)."""
    o = options or RenderOptions()
    one = reports if isinstance(reports, Report) else None
    if fmt in ("sarif", "junit"):
        return (render_sarif if fmt == "sarif" else render_junit)(reports, o)
    if one is None:
        raise ValueError(f"format {fmt} renders one report")
    if fmt == "text":
        return render_text(one, o)
    if fmt == "json":
        return render_json(one, o)
    if fmt == "html":
        return render_html(one, o)
    raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")


__all__ = [
    "FORMATS",
    "JSON_LIKE",
    "RenderOptions",
    "render",
    "render_html",
    "render_json",
    "render_junit",
    "render_sarif",
    "render_text",
    "report_document",
    "tool_info",
]
