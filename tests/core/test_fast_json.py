"""The fast JSON path (``loads_fast``) against the strict parser (``loads_strict``), the
reference (issue 27).

The property: for *any* bytes, ``loads_fast`` gives what ``loads_strict`` gives — the
same value (types, key order, ``-0.0`` → ``0``, ``1.0`` → ``1``: compared through
``repr``), the same ``fast_ok``, or the same error with the same code and message.  The
inputs are the ones where two parsers disagree: duplicate keys (even inside values that
a duplicate drops), numbers in every written form around ±(2^53−1), ``1.0``, ``-0.0``,
floats needing ECMAScript formatting, non-BMP keys, lone surrogates (escaped and as
CESU-8 bytes), ``\\u`` escapes as alethech writes them (``ensure_ascii``), escaped colons,
nesting around the limit, and random byte damage to all of these.  ``fuzz/fuzz_json.py``
asserts the same property under libFuzzer.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector.core.canonical import MAX_SAFE_INT, JsonError, loads_fast, loads_strict
from inspector.core.objects import parse_object

from ..metamorphic import escape_strings
from ..strategies import hostile_json
from .verify.helpers import writer


def outcome(loads: Any, data: bytes) -> tuple[Any, ...]:
    """What a parser answers, in a form where equal means identical."""
    try:
        value, fast = loads(data)
    except JsonError as exc:
        return ("error", exc.code, str(exc))
    return ("value", repr(value), fast)


def same(data: bytes) -> None:
    assert outcome(loads_fast, data) == outcome(loads_strict, data), data[:300]


# --------------------------------------------------------------------------- text with duplicates

NUMBER_TEXTS = [
    "0", "-0", "1", "-1", "1.0", "-0.0", "0.0", "1e2", "1E2", "1.5", "-2.25", "0.1", "1e-7", "5e-324",
    "1e400", "-1e400", "1e-400", "1e21", "1e16", "9999999999999998.5", "0.0001", "0.00009999",
    "9007199254740991", "-9007199254740991", "9007199254740992", "9007199254740993",
    "9007199254740991.0", "9007199254740993.0", "9.007199254740993e15", "9.007199254740991e15",
    "18446744073709551615", "18446744073709551616", "-9223372036854775809", "1" * 30, "1" * 400,
    "123456789012345678", "12345678901234567.0", "1234567890123456.7", "2.5e-5",
]  # fmt: skip
KEY_TEXTS = [
    "a", "b", "type", "commit_id", "", "a:b", "\U0001f600", "\ue000", "\uffff", "é", ":", "x" * 20,
]  # fmt: skip
STRING_TEXTS = ["x", "a:b", "::", "", "é", "\U0001f600", "\x7f", "<private>", "\u2028", '"', "\\"]
RAW_STRINGS = [  # written as they stand (escapes the strings above cannot produce)
    '"\\ud800"', '"\\udc00x"', '"\\ud83d\\ude00"', '"\\u003a"', '"\\u003A:"', '"\\u00e9"', '"\\/"',
    '"\\u0000"', '"\\\\u003a"', '"a\\nb"',
]  # fmt: skip


def _string(rng: random.Random, s: str) -> str:
    r = rng.random()
    if r < 0.4:
        return json.dumps(s)  # alethech: ensure_ascii, \u escapes
    if r < 0.8:
        return json.dumps(s, ensure_ascii=False)
    return escape_strings(json.dumps(s, ensure_ascii=False), rng, 0.5)


def _text(rng: random.Random, depth: int = 0) -> str:
    r = rng.random()
    if depth > 4 or r < 0.35:
        k = rng.random()
        if k < 0.45:
            return rng.choice(NUMBER_TEXTS)
        if k < 0.75:
            return _string(rng, rng.choice(STRING_TEXTS))
        if k < 0.9:
            return rng.choice(RAW_STRINGS)
        return rng.choice(["true", "false", "null"])
    if r < 0.55:
        items = [_text(rng, depth + 1) for _ in range(rng.randint(0, 4))]
        return "[" + ",".join(items) + "]"
    keys = [rng.choice(KEY_TEXTS) for _ in range(rng.randint(0, 5))]  # repeats on purpose
    sep = rng.choice([",", ", ", ",\n  "])
    members = [f"{_string(rng, k)}:{rng.choice(['', ' '])}{_text(rng, depth + 1)}" for k in keys]
    return "{" + sep.join(members) + "}"


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_generated_texts_parse_the_same(seed: int) -> None:
    rng = random.Random(seed)
    text = _text(rng)
    same(text.encode("utf-8", "surrogatepass"))


MUTATION_BYTES = b'{}[],:"\\u0123456789.eE-+ \n\xff\xed\xa0\x80'


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_damaged_texts_parse_the_same(seed: int, edits: int) -> None:
    rng = random.Random(seed)
    data = bytearray(_text(rng).encode("utf-8", "surrogatepass"))
    for _ in range(edits):
        op = rng.random()
        i = rng.randint(0, len(data))
        if op < 0.4 and data:
            del data[min(i, len(data) - 1)]
        elif op < 0.8:
            data.insert(i, rng.choice(MUTATION_BYTES))
        elif data:  # duplicate a slice: repeats members, keys, digits
            j = rng.randint(i, min(len(data), i + 12))
            data[i:i] = data[i:j]
    same(bytes(data))


@settings(max_examples=300, deadline=None)
@given(hostile_json(long=200), st.sampled_from(["ascii", "utf8", "indent", "escaped"]))
def test_hostile_values_in_every_written_form_parse_the_same(value: Any, form: str) -> None:
    if form == "ascii":
        text = json.dumps(value)
    elif form == "indent":
        text = json.dumps(value, indent=2)  # how alethech writes an object file
    else:
        text = json.dumps(value, ensure_ascii=False)
        if form == "escaped":  # (a lone surrogate is escaped already: ensure_ascii)
            plain = text if text.encode("utf-8", "surrogatepass") == text.encode("utf-8", "replace") else None
            text = escape_strings(plain or json.dumps(value), random.Random(len(text)), 0.3)
    same(text.encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize(
    "text",
    [
        '{"a":1,"a":2}',
        '{"a":"x:y","a":"z"}',  # the dropped value holds a colon
        '{"a":{"b":1,"c":2},"a":{}}',  # the dropped value holds members
        '{"a":[{"b":1}],"a":1}',
        '[{"k":1},{"k":1,"k":1}]',
        '{"\\u0061":1,"a":2}',  # one key written two ways
        '{"\\u003a":1,":":2}',  # an escaped colon in a key
        '{"a":"\\u003a","b":"c"}',
        '{"\\ud83d\\ude00":1,"\\ue000":2}',  # non-BMP key: fast_ok false
        '{"\\ud800":1}',  # lone surrogate key
        '"\\udc00"',
        "[1.0,-0.0,1e2,0.5,1e-7]",
        "[9007199254740993]",
        "[9007199254740993.0]",
        "[9.007199254740993e15]",
        "[-9007199254740992.0]",
        "[" + "1" * 400 + "]",
        "[1e400]",
        "[NaN]",
        "[Infinity]",
        "\ufeff{}",
        '{"a":1,}',
        "[01]",
        '"\x01"',
        "[" * 64 + "]" * 64,
        "[" * 65 + "]" * 65,
        '{"a":' * 65 + "1" + "}" * 65,
        "1.0",
        "-0.0",
        "9007199254740991.0",
        "",
        " ",
        "nul",
    ],
)
def test_the_classic_disagreements_parse_the_same(text: str) -> None:
    same(text.encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize(
    "data", [b"\xed\xa0\x80", b'"\xed\xa0\x80"', b'{"a\xff":1}', b"\xc0\xaf", b"[1]\x00"]
)
def test_invalid_utf8_parses_the_same(data: bytes) -> None:
    same(data)


def test_the_fast_path_converts_as_the_strict_parser_does() -> None:
    value, fast = loads_fast(b'{"a":[1.0,-0.0,2e3,9007199254740991.0,0.5],"b":{"c":1.0}}')
    assert repr(value) == "{'a': [1, 0, 2000, 9007199254740991, 0.5], 'b': {'c': 1}}"
    assert fast is True
    _, fast = loads_fast(b"[1.5e-7]")
    assert fast is False  # needs ECMAScript formatting: the canonical encoder may not take it trusted
    with pytest.raises(JsonError) as info:
        loads_fast(b'{"a":1,"a":1}')
    assert info.value.code == "duplicate_json_key"
    with pytest.raises(JsonError) as info:
        loads_fast(str(MAX_SAFE_INT + 2).encode() + b".0")
    assert info.value.code == "integer_out_of_range"


# --------------------------------------------------------------------------- objects


def _obj_state(o: Any) -> tuple[Any, ...]:
    return (
        o.path, o.kind, o.type, o.stored_id, repr(o.fields), repr(o.raw), o.computed_id, o.sign_bytes,
        o.signature, o.extra_signatures, o.unsigned_fields, o.malformed, o.field_problems, o.fast,
    )  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
@example(0)
def test_objects_parse_the_same_by_both_paths(seed: int) -> None:
    rng = random.Random(seed)
    commit = writer().commit({"text": rng.choice(STRING_TEXTS), "n": 1.5})
    data = json.dumps(commit, indent=2).encode()
    text = _text(rng)
    # an object whose content is any generated text (kept when it parses, else the bytes as they are)
    spliced = data.replace(b'"n": 1.5', b'"n": ' + text.encode("utf-8", "surrogatepass"))
    for blob in (data, spliced):
        fast = parse_object("commits/x.json", blob, "commit")
        strict = parse_object("commits/x.json", blob, "commit", strict=True)
        assert _obj_state(fast) == _obj_state(strict)


# --------------------------------------------------------------------------- the <private pre-check

PRIVATE_PIECES = [
    b"<",
    b"private",
    b"PRIVATE",
    b"\\u003c",
    b"\\u003C",
    b"\\u0070",
    b"\\u0050",
    b"p",
    b"x",
    b"\\",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PRIVATE_PIECES), max_size=12))
@example([b"\\u003c", b"private"])
@example([b"\\u003C", b"\\u0070rivate"])
def test_the_private_pre_check_never_hides_a_match(pieces: list[bytes]) -> None:
    from inspector.core.verify.parse import _PRIVATE, mentions_private

    data = b"".join(pieces)
    assert mentions_private(data) == (_PRIVATE.search(data) is not None)
