"""The guide's list of finding codes is the code table, and explain prints it."""

from __future__ import annotations

import importlib.util

from inspector.core.codebook import all_codes

from .conftest import ROOT


def _generator():
    spec = importlib.util.spec_from_file_location("gen_codes", ROOT / "docs" / "gen_codes.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


def md(text: str) -> str:
    return _generator().md(text)


def test_codes_md_is_the_code_table():
    assert (ROOT / "docs" / "codes.md").read_text(encoding="utf-8") == _generator().render(), (
        "docs/codes.md is stale: run python docs/gen_codes.py > docs/codes.md"
    )


def test_every_code_has_its_entry():
    text = (ROOT / "docs" / "codes.md").read_text(encoding="utf-8")
    for code, info in all_codes().items():
        assert f'<a id="{code}"></a>' in text and md(info.action) in text, code
