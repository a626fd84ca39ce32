"""The core's catalogues (``inspector/core/locale/{es,fr}.json``) translate every
registered message template with the same named placeholders, so the GUI and the
text report can say every finding in Spanish and French (issue 12).  They hold
nothing else and stay in their canonical form (sorted, one entry per line), so an
addition is a one-line diff (``python docs/i18n_catalogue.py --missing es``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from inspector.core import i18n

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_catalogue", ROOT / "docs" / "i18n_catalogue.py")
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)


@pytest.fixture(scope="module")
def templates() -> set[str]:
    found = tool.fresh_templates()  # the core's and the command line's, not the fixtures'
    from inspector.cli.messages import USAGE
    from inspector.core.render.strings import HTML_TITLE

    assert {USAGE, HTML_TITLE} <= found
    return found


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_template_is_translated_with_its_placeholders(lang, templates):
    i18n.catalogue.cache_clear()
    cat = i18n.catalogue(lang)
    missing = sorted(t for t in templates if t not in cat)
    assert not missing, f"{lang}.json lacks {len(missing)} template(s), e.g. {missing[:3]}"
    for template in templates:
        assert tool.problem(template, cat[template]) is None, (lang, template, cat[template])
        # it formats with the template's parameters, braces escaped as in the template
        params = dict.fromkeys(tool.fields(template), "X")
        said, english = cat[template].format(**params), template.format(**params)
        assert (said.count("{"), said.count("}")) == (english.count("{"), english.count("}")), template


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_catalogue_holds_no_stale_entry_and_is_canonical(lang, templates):
    assert tool.stale(lang, templates) == []
    text = tool.path(lang).read_text(encoding="utf-8")
    assert text == tool.dump(tool.load(lang))  # sorted keys, one entry per line, UTF-8
    assert [e for e in tool.check(templates) if e.startswith(f"{lang}:")] == []


def test_the_tool_lists_what_is_missing_and_refuses_a_bad_translation(templates, tmp_path, monkeypatch):
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    tool.write("es", {})
    some = sorted(t for t in templates if not tool.fields(t))[:3]
    assert set(some) <= set(tool.missing("es", templates))
    placeholder = next(t for t in sorted(templates) if "{path}" in t)
    assert tool.merge("es", {placeholder: "sin la ruta"}, templates)  # a lost placeholder
    assert tool.merge("es", {"not a template": "x"}, templates)
    assert tool.load("es") == {}  # nothing written on an error
    assert tool.merge("es", {some[1]: "b", some[0]: "a"}, templates) == []
    assert (tmp_path / "es.json").read_text(encoding="utf-8").splitlines()[1:3] == [
        f' "{some[0]}": "a",'.replace("\n", "\\n"),
        f' "{some[1]}": "b"'.replace("\n", "\\n"),
    ]
