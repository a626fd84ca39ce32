"""Renderers of the one :class:`~inspector.core.verify.report.Report`.

Each renderer writes (report or reports, :class:`RenderOptions`) to a sink as it
goes (``write_*``, :func:`render_to`: never the whole document in memory), or returns
the text (``render_*``, :func:`render`), with no CLI state inside, so the command
line, the GUI and the fleet audit share them:

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
from .html import render_html, write_html
from .json import render_json, report_document, write_json
from .junit import render_junit, write_junit
from .options import RenderOptions, tool_info
from .sarif import render_sarif, write_sarif
from .stream import Sink, collect
from .text import render_text, write_text

FORMATS = ("text", "json", "sarif", "junit", "html")  # PDF: inspector.pdf (needs Qt)
JSON_LIKE = ("json", "sarif")  # formats whose text is JSON (escaped as JSON when encoded)


def render_to(
    reports: Report | Sequence[Report], fmt: str, sink: Sink, options: RenderOptions | None = None
) -> None:
    """Write ``reports`` in format ``fmt`` (one of :data:`FORMATS`) to ``sink`` as the
    renderer makes it, in pieces of about :data:`~.stream.CHUNK` characters: the whole
    document never exists in memory as text."""
    o = options or RenderOptions()
    if fmt in ("sarif", "junit"):
        (write_sarif if fmt == "sarif" else write_junit)(reports, sink, o)
        return
    if not isinstance(reports, Report):
        raise ValueError(f"format {fmt} renders one report")
    writers = {"text": write_text, "json": write_json, "html": write_html}
    if fmt not in writers:
        raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    writers[fmt](reports, sink, o)


def render(reports: Report | Sequence[Report], fmt: str, options: RenderOptions | None = None) -> str:
    """``reports`` in format ``fmt`` (one of :data:`FORMATS`), as one string."""
    return collect(render_to, reports, fmt, options=options)


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
    "render_to",
    "report_document",
    "tool_info",
    "write_html",
    "write_json",
    "write_junit",
    "write_sarif",
    "write_text",
]
