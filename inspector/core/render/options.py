"""What a renderer needs besides the report(s): no CLI state, no streams."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import __version__

TOOL_NAME = "aleth-inspector"


def tool_info(version: str | None = None) -> dict[str, str]:
    """``{name, version}`` of this program, as the JSON report's ``tool`` says it
    (``version``: of the program that judged, when it ran elsewhere, e.g. a Dask worker)."""
    return {"name": TOOL_NAME, "version": __version__ if version is None else version}


@dataclass(frozen=True)
class RenderOptions:
    """``source``: how the input is named (default: ``report.input["path"]``);
    ``lang``: the language of the text and HTML reports; ``width``/``color``: the
    terminal the text report is for; ``quiet``: the verdict line only; ``strict``:
    the verdict was reached with ``--strict`` (warnings fail); ``max_per_code`` /
    ``max_rows``: how many findings of one code / table rows a person is shown
    (the JSON report always has them all)."""

    source: str | None = None
    lang: str = "en"
    width: int = 80
    color: bool = False
    quiet: bool = False
    strict: bool = False
    tool: dict[str, Any] = field(default_factory=tool_info)
    max_per_code: int = 20
    max_rows: int = 5000
