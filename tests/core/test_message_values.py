"""Every value reaching a message template is typed first: whatever a file puts there (a
huge integer, NaN, a lone surrogate, a nested list, bytes), a finding, an error and their
translations are made, never an exception; a number is written one way, its digits grouped
as the language groups them."""

from __future__ import annotations

import string
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.errors import InspectorError
from inspector.core.findings import TEMPLATES, Severity, make_finding, typed
from inspector.core.i18n import LANGUAGES, Phrase, finding_message, tr

from ..strategies import hostile_json, surrogate_text
from .test_i18n import tool as _catalogue  # docs/i18n_catalogue.py

# every template the core and the command line register (each module imported: the command
# line imports only what a command uses, so importing it is not enough)
TEMPLATE_LIST = sorted(_catalogue.registered_templates())
assert set(TEMPLATE_LIST) <= set(TEMPLATES)


def names(template: str) -> list[str]:
    return [n for _, n, _, _ in string.Formatter().parse(template) if n]


values = st.one_of(
    hostile_json(max_leaves=6, long=300),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.just(10**5000),  # more digits than int() may print
    st.floats(allow_nan=True, allow_infinity=True),
    surrogate_text(),
    st.binary(max_size=40),
    st.just(Path("/tmp/a b")),
    st.just(ValueError("bad value")),
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(TEMPLATE_LIST), st.data())
def test_any_value_in_any_template_makes_a_finding_in_every_language(template, data):
    params = {n: data.draw(values, label=n) for n in names(template)}
    f = make_finding("some_code", Severity.ERROR, "commit", "sha256:x", template, (), **params)
    assert isinstance(f.message, str)
    assert all(type(v) in (str, int, float, Phrase) for _, v in f.params)
    for lang in LANGUAGES:
        assert isinstance(finding_message(f, lang), str)
    err = InspectorError.templated("some_code", template, **params)
    assert isinstance(err.message, str) and err.describe()


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-(10**30), max_value=10**30))
def test_an_integer_is_written_one_way_grouped_as_the_language_groups_it(n):
    template = next(t for t in TEMPLATE_LIST if t == "{n} bytes")
    f = make_finding("x", Severity.INFO, "store", "", template, n=n)
    assert f.message == (f"{n:,} bytes" if abs(n) >= 1000 else f"{n} bytes")
    es = finding_message(f, "es")
    fr = finding_message(f, "fr")
    digits = str(abs(n))
    if len(digits) >= 5:
        assert f"{abs(n):,}".replace(",", ".") in es
    if len(digits) >= 4:
        assert f"{abs(n):,}".replace(",", "\u202f") in fr


def test_examples_of_what_a_file_can_put_in_a_message():
    assert typed(10**5000) == "an integer of about 5,001 digits"
    assert typed(True) == "True" and typed(None) == "None"
    assert typed(float("nan")) != typed(float("nan"))  # still a float: NaN
    long_list = list(range(100_000))
    shown = typed(long_list)
    assert isinstance(shown, str) and len(shown) < 200 and "..." in shown
    assert typed(b"\xff" * 10_000).startswith("b'") and len(typed(b"\xff" * 10_000)) < 100
    assert typed(Path("/a/b")) == "/a/b" and typed(ValueError("v")) == "v"
    assert tr("{n} bytes", "es", n=99000) == "99.000 bytes"
    assert tr("{n} bytes", "en", n=99000) == "99,000 bytes"


def test_a_translation_that_does_not_fit_its_values_falls_back_to_english(monkeypatch):
    from inspector.core import i18n

    monkeypatch.setitem(i18n.catalogue("es"), "{n} bytes", "{m} octetos")  # a broken entry
    assert tr("{n} bytes", "es", n=5) == "5 bytes"
