"""Renderers stream: each writes to its sink in pieces of bounded size as it makes them
(SARIF's results are made while they are written), and what they write is exactly the
document the one-string renderers return."""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.render import FORMATS, render, render_to
from inspector.core.render import sarif as sarif_module
from inspector.core.render.json import report_document
from inspector.core.render.record import complete
from inspector.core.render.stream import CHUNK, SMALL, iter_json

from ..verify.helpers import check, writer
from .conftest import validate


class Recorder:
    """A sink that keeps every write apart (and, for SARIF, how many results existed)."""

    def __init__(self) -> None:
        self.chunks: list[str] = []
        self.results_made: list[int] = []

    def write(self, text: str) -> None:
        self.chunks.append(text)
        self.results_made.append(Counting.calls)


class Counting:
    calls = 0


@pytest.fixture(scope="module")
def big_report():
    """2,000 commits citing 3,000 missing ids: a document of a few MB in every format."""
    w = writer()
    for i in range(2_000):
        refs = [f"sha256:{i * 2:064x}"] if i < 1_500 else [f"sha256:{i * 2:064x}", f"sha256:{i * 2 + 1:064x}"]
        w.commit({"text": f"memory {i}", "n": i}, evidence_refs=refs)
    return complete(check(w.store), "big-store")


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_is_written_in_bounded_pieces(big_report, fmt):
    rec = Recorder()
    render_to(big_report, fmt, rec)
    text = "".join(rec.chunks)
    assert text == render(big_report, fmt)
    assert len(rec.chunks) >= len(text) // (2 * CHUNK)  # many writes, never the whole document at once
    assert max(len(c) for c in rec.chunks) <= 2 * CHUNK
    if fmt in ("text", "html"):
        return
    assert len(text) > 4 * CHUNK, "the report is big enough to need many pieces"


def test_sarif_results_are_made_while_they_are_written(big_report, monkeypatch):
    made = sarif_module._result

    def counting(*a, **kw):
        Counting.calls += 1
        return made(*a, **kw)

    Counting.calls = 0
    monkeypatch.setattr(sarif_module, "_result", counting)
    rec = Recorder()
    render_to(big_report, "sarif", rec)
    total = Counting.calls
    assert total == len(big_report.findings) > 1_000
    assert rec.results_made[0] < total // 4  # the first piece left before most results existed
    assert rec.results_made == sorted(rec.results_made)


def test_the_json_stream_is_the_report(big_report):
    rec = Recorder()
    render_to(big_report, "json", rec)
    doc = json.loads("".join(rec.chunks))
    validate(doc)
    assert doc == json.loads(json.dumps(report_document(big_report)))


@pytest.mark.parametrize(
    "value",
    [
        {"a": [1, 2.5, None, True], "b": {}, "c": [], "d": "é\u2028"},
        {"rows": [{"i": i, "l": list(range(i % 7))} for i in range(200)]},
        [{"related": [f"x{i}" for i in range(3)]}, {"ids": ["a", "b"]}],
    ],
)
def test_the_layout_is_json_dumps_indent_1(value):
    assert "".join(iter_json(value)) == json.dumps(value, indent=1, ensure_ascii=False)


def test_non_finite_numbers_and_generators():
    text = "".join(
        iter_json({"n": float("nan"), "i": float("-inf"), "g": (x for x in range(3)), "e": iter(())})
    )
    assert json.loads(text) == {"n": None, "i": None, "g": [0, 1, 2], "e": []}


class _Tone(enum.StrEnum):
    """A str enum, as the report's statuses are."""

    VALID = "VALID"
    ODD = 'o\u2028"dd'


def _reference(value):
    """What iter_json must write for ``value``: json.dumps(indent=1) of the same value with
    keys as str() and non-finite floats as null."""
    if isinstance(value, dict):
        return {str(k): _reference(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_reference(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8), st.sampled_from(list(_Tone))
)


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        # non-str keys whose str() no text key of at most 6 characters can be (no two members collide)
        st.one_of(st.text(max_size=6), st.integers(min_value=10**7)),
        _scalars,
        min_size=SMALL + 1,
        max_size=300,
    ),
    st.integers(min_value=0, max_value=3),
)
def test_a_large_map_or_list_of_scalars_is_written_as_its_members_one_by_one_would_be(members, depth):
    """The property behind the batched path for large maps and lists (a report's commits,
    signers and trust by id, its order): whatever the keys and scalars (non-str keys, NaN,
    str enums), at any depth, the text is the layout of json.dumps(indent=1) with str()
    keys and null for non-finite."""
    value: object = members
    if depth % 2:
        value = {"list": list(members.values()), "map": value}
    for _ in range(depth):
        value = {"outer": value, "n": [1, 2]}
    assert "".join(iter_json(value)) == json.dumps(_reference(value), indent=1, ensure_ascii=False)
