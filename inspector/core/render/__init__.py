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

Each renderer's module is imported when one of its names is first used (``verify``
printing text or JSON loads neither the HTML template nor the SARIF and JUnit writers:
issue 27's fixed costs).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..verify.report import Report
from .options import RenderOptions, tool_info
from .stream import Sink, collect

if TYPE_CHECKING:
    from .html import render_html, write_html
    from .json import render_json, report_document, write_json
    from .junit import render_junit, write_junit
    from .sarif import render_sarif, write_sarif
    from .text import render_text, write_text

_MODULE_OF = {  # each public renderer name -> its module, imported on first use
    "render_html": "html",
    "write_html": "html",
    "render_json": "json",
    "report_document": "json",
    "write_json": "json",
    "render_junit": "junit",
    "write_junit": "junit",
    "render_sarif": "sarif",
    "write_sarif": "sarif",
    "render_text": "text",
    "write_text": "text",
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # the next use is a plain attribute
    return value


FORMATS = ("text", "json", "sarif", "junit", "html")  # PDF: inspector.pdf (needs Qt)
JSON_LIKE = ("json", "sarif")  # formats whose text is JSON (escaped as JSON when encoded)


def render_to(
    reports: Report | Sequence[Report], fmt: str, sink: Sink, options: RenderOptions | None = None
) -> None:
    """Write ``reports`` in format ``fmt`` (one of :data:`FORMATS`) to ``sink`` as the
    renderer makes it, in pieces of about :data:`~.stream.CHUNK` characters: the whole
    document never exists in memory as text."""
    o = options or RenderOptions()
    if fmt not in ("sarif", "junit") and not isinstance(reports, Report):
        raise ValueError(f"format {fmt} renders one report")
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    __getattr__(f"write_{fmt}")(reports, sink, o)  # only this format's module is imported


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
