"""What a renderer is given besides the report (``inspector.core.render.options``)."""

from __future__ import annotations

import dataclasses

import pytest

from inspector import __version__
from inspector.core.render.options import TOOL_NAME, RenderOptions, tool_info


def test_the_tool_is_this_program_unless_another_judged() -> None:
    assert tool_info() == {"name": TOOL_NAME, "version": __version__}
    assert tool_info("0.0.9") == {"name": "aleth-inspector", "version": "0.0.9"}


def test_defaults_and_immutability() -> None:
    o = RenderOptions()
    assert (o.lang, o.width, o.color, o.quiet, o.strict) == ("en", 80, False, False, False)
    assert o.tool == tool_info() and o.max_per_code > 0 and o.max_rows > 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.lang = "fr"  # type: ignore[misc]
    assert RenderOptions().tool is not o.tool  # each its own dict
