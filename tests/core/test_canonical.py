"""Property tests of inspector.core.canonical against the reference ``rfc8785``.

(a) ``canonical(v)`` gives exactly the bytes of ``rfc8785.dumps(v)`` for generated
    JSON values (the fast C-encoder path must never diverge from RFC 8785);
(b) a round trip through ``json.dumps`` and ``loads_strict`` followed by
    ``canonical(value, trusted=fast_ok)`` still gives the RFC 8785 bytes of the
    original value: this is what proves the trusted fast path sound;
(c) ``loads_strict`` refuses what the format must not contain, each with its code,
    and never lets a RecursionError out.
"""

from __future__ import annotations

import json
import math

import pytest
import rfc8785
from hypothesis import example, given, settings
from hypothesis import strategies as st

from inspector.core.canonical import MAX_DEPTH, MAX_SAFE_INT, JsonError, canonical, jcs, loads_strict

# --------------------------------------------------------------------------- strategies

SPECIAL_FLOATS = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    2.0,
    100.0,
    0.1,
    -0.1,
    0.5,
    1.5,
    1e-7,
    -1e-7,
    1e-6,
    1e-5,
    1e-4,
    9.999e-5,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    1.7976931348623157e308,
    -1.7976931348623157e308,
    1e21,
    1e20,
    1e22,
    1e16,
    1e15,
    9999999999999998.0,
    1234567890123456.7,
    123456789012345680.0,
    9007199254740991.0,
    9007199254740992.0,
    9007199254740993.0,
    4.35,
    0.000001,
    333333333.3333333,
    1e-300,
    1e300,
    3.0e-5,
    2**63 * 1.0,
    float(MAX_SAFE_INT) + 0.0,
]

SPECIAL_CHARS = [
    "\U0001f600",  # astral (emoji): a UTF-16 surrogate pair
    "\U0001d11e",
    "\U00010000",
    "\U0010ffff",
    "\uffff",
    "\ufffe",
    "\ue000",  # private use: sorts after surrogates in UTF-16 order, before astral by code point
    "\ud7ff",
    "\u2028",
    "\u2029",
    "\u00e9",
    "\u0300",
    "\u20ac",
    "\x00",
    "\x01",
    "\x08",
    "\x09",
    "\x0a",
    "\x0c",
    "\x0d",
    "\x1f",
    "\x7f",
    "\x80",
    "\x9f",
    '"',
    "\\",
    "/",
]

# No lone surrogates: they are not Unicode scalar values and JSON text carries them
# only as escapes (see test_lone_surrogate_* below).
chars = st.one_of(
    st.characters(exclude_categories=("Cs",)),
    st.sampled_from(SPECIAL_CHARS),
)
texts = st.text(chars, max_size=12)

floats = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(SPECIAL_FLOATS),
    st.integers(-(2**70), 2**70).map(float),  # integral floats, some beyond 2^53
    st.floats(min_value=-1e-3, max_value=1e-3, allow_nan=False),  # tiny: exponent forms
    st.floats(min_value=1e15, max_value=1e23),  # around the 1e21 switch
)
integers = st.integers(-MAX_SAFE_INT, MAX_SAFE_INT) | st.sampled_from(
    [0, 1, -1, MAX_SAFE_INT, -MAX_SAFE_INT, 2**31, -(2**31), 2**32, 10**15]
)
scalars = st.none() | st.booleans() | integers | floats | texts
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(texts, inner, max_size=5),
    max_leaves=25,
)

# --------------------------------------------------------------------------- (a) equality


@settings(max_examples=400, deadline=None)
@given(json_values)
@example({"\U0001f600": 1, "\ue000": 2, "\uffff": 3, "a": 4})  # UTF-16 vs code point order
@example({"\U0001f600x": {"\uffffy": [1.0, -0.0, 1e21]}})
@example([1e-7, 5e-324, 1.7976931348623157e308, 1e21, 1.0, -0.0, 0.1])
@example('\x00\x1f\x7f\u2028"\\/')
@example({"": None, "\x00": True, "\x7f": False})
@example([MAX_SAFE_INT, -MAX_SAFE_INT, 9007199254740992.0])
def test_canonical_equals_rfc8785(value):
    expected = rfc8785.dumps(value)
    assert canonical(value) == expected
    assert canonical(value, trusted=False) == expected
    assert jcs(value) == expected


@given(floats)
@example(1e-7)
@example(5e-324)
@example(1e21)
@example(-0.0)
@settings(max_examples=300, deadline=None)
def test_canonical_float_leaf_equals_rfc8785(x):
    # a float alone and inside a container take the same decision
    assert canonical(x) == rfc8785.dumps(x)
    assert canonical({"k": [x]}) == rfc8785.dumps({"k": [x]})


@pytest.mark.parametrize(
    "value,expected",
    [
        ({"\U0001f600": 1, "\ue000": 2}, '{"\U0001f600":1,"\ue000":2}'),  # D83D < E000 in UTF-16
        ({"b": 1, "a": 2, "aa": 3, "": 4}, '{"":4,"a":2,"aa":3,"b":1}'),
        ([1.0, -0.0, 1e21, 1e-7, 5e-324], "[1,0,1e+21,1e-7,5e-324]"),
        ("\x00\x1f\x7f", '"\\u0000\\u001f\x7f"'),
    ],
)
def test_canonical_known_bytes(value, expected):
    assert canonical(value) == expected.encode("utf-8")


# --------------------------------------------------------------------------- (b) round trip


@settings(max_examples=400, deadline=None)
@given(json_values)
@example({"\U0001f600": 1.5, "\ue000": 1e-7})
@example({"a": [1.0, 2.5, -0.0, 1e16, 1e21, 5e-324]})
@example({"x": 9007199254740992.0})
def test_loads_strict_round_trip_proves_trusted_path(value):
    expected = rfc8785.dumps(value)
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False)):
        parsed, fast = loads_strict(text)
        assert canonical(parsed, trusted=fast) == expected
        parsed_b, fast_b = loads_strict(text.encode("utf-8"))
        assert fast_b == fast
        assert canonical(parsed_b, trusted=fast_b) == expected


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_fast_ok_means_the_c_encoder_is_canonical(value):
    # Whenever loads_strict says fast_ok, the plain C encoder output (trusted path)
    # is byte-identical to the reference; when it says not, the untrusted path is.
    parsed, fast = loads_strict(json.dumps(value))
    assert canonical(parsed) == rfc8785.dumps(value)
    if fast:
        assert canonical(parsed, trusted=True) == rfc8785.dumps(parsed)


def test_integral_floats_load_as_int_and_huge_ones_stay_float():
    value, fast = loads_strict("[1.0, -0.0, 2e3, 1e16, 0.5]")
    assert value[:3] == [1, 0, 2000] and all(type(v) is int for v in value[:3])
    assert type(value[3]) is float and value[3] == 1e16
    assert fast is False  # 1e16 needs ECMAScript formatting
    assert canonical(value, trusted=fast) == b"[1,0,2000,10000000000000000,0.5]"


def test_astral_key_clears_fast_ok():
    value, fast = loads_strict('{"\\ud83d\\ude00": 1, "\\ue000": 2}')
    assert fast is False
    assert canonical(value, trusted=fast) == rfc8785.dumps(value)


# --------------------------------------------------------------------------- (c) rejections

DEEP65_LIST = "[" * 65 + "]" * 65
DEEP65_OBJ = '{"a":' * 64 + "[]" + "}" * 64  # 64 objects + 1 list = depth 65
DEEP64_LIST = "[" * 64 + "]" * 64
DEEP64_MIXED = '{"a":' * 32 + "[" * 32 + "1" + "]" * 32 + "}" * 32

REJECTIONS = [
    # duplicate keys, top level and nested
    ('{"a":1,"a":2}', "duplicate_json_key"),
    ('{"a":1,"a":1}', "duplicate_json_key"),
    ('{"x":{"b":1,"c":0,"b":1}}', "duplicate_json_key"),
    ('[{"k":[{"z":0,"z":0}]}]', "duplicate_json_key"),
    ('{"\\u0061":1,"a":2}', "duplicate_json_key"),  # same key after unescaping
    # non-finite numbers
    ("NaN", "non_finite_number"),
    ('{"a":NaN}', "non_finite_number"),
    ("[Infinity]", "non_finite_number"),
    ('{"a":-Infinity}', "non_finite_number"),
    ("1e400", "non_finite_number"),
    ("[-1e400]", "non_finite_number"),
    ('{"a":1E+999}', "non_finite_number"),
    # integers beyond ±(2^53 − 1)
    (str(2**53), "integer_out_of_range"),
    (str(-(2**53)), "integer_out_of_range"),
    (f'{{"n":{2**60}}}', "integer_out_of_range"),
    (f"[{2**64}]", "integer_out_of_range"),
    # ... in another written form (B6 rev 3): the text says another integer than the signed double
    ("9007199254740993.0", "integer_out_of_range"),
    ("9.007199254740993e15", "integer_out_of_range"),
    ('{"q":-9007199254740993.0}', "integer_out_of_range"),
    ("9007199254740991.5", "integer_out_of_range"),  # reads as 2^53
    ("[1.00000000000000001e20]", "integer_out_of_range"),
    # nesting deeper than 64
    (DEEP65_LIST, "json_too_deep"),
    (DEEP65_OBJ, "json_too_deep"),
    # invalid UTF-8
    (b'{"a":"\xff"}', "invalid_json"),
    (b"\xc3\x28", "invalid_json"),
    (b'"\xed\xa0\x80"', "invalid_json"),  # UTF-8-encoded surrogate
    (b'"\xc0\xaf"', "invalid_json"),  # overlong encoding
    (b'{"a":"\xe2\x82"}', "invalid_json"),  # truncated sequence
    # trailing garbage and other invalid JSON
    ("{} x", "invalid_json"),
    ("[1] [2]", "invalid_json"),
    ('{"a":1}}', "invalid_json"),
    ("1 2", "invalid_json"),
    ("", "invalid_json"),
    ("{'a':1}", "invalid_json"),
    ("[1,]", "invalid_json"),
]


@pytest.mark.parametrize("data,code", REJECTIONS, ids=[f"{c}-{i}" for i, (_, c) in enumerate(REJECTIONS)])
def test_loads_strict_rejects(data, code):
    for variant in {data, data.encode("utf-8") if isinstance(data, str) else data}:
        with pytest.raises(JsonError) as exc_info:
            loads_strict(variant)
        assert exc_info.value.code == code, str(exc_info.value)


def test_loads_strict_rejects_huge_integer_literal_as_out_of_range():
    # regression test for a bug found by this test (now fixed)
    for text in ("1" * 5000, "[-" + "9" * 5000 + "]"):
        with pytest.raises(JsonError) as exc_info:
            loads_strict(text)
        assert exc_info.value.code == "integer_out_of_range"


@pytest.mark.parametrize(
    "text,expected",
    [
        (str(MAX_SAFE_INT), MAX_SAFE_INT),
        (str(-MAX_SAFE_INT), -MAX_SAFE_INT),
        ("1e308", 1e308),
        # the shortest form of a double beyond 2^53−1 is that double (alethech writes these)
        ("1e+21", 1e21),
        ("1.2345678901234568e+20", 1.2345678901234568e20),
        ("9007199254740992.0", 9007199254740992.0),
        ("1E16", 1e16),
        ("5e-324", 5e-324),
        ('{"a":1,"b":{"a":1}}', {"a": 1, "b": {"a": 1}}),  # same key in different objects
        ('["' + "[" * 72 + '"]', ["[" * 72]),  # brackets inside a string are not nesting
        ('"\\"' + "{" * 72 + '"', '"' + "{" * 72),  # an escaped quote does not end the string
    ],
)
def test_loads_strict_accepts(text, expected):
    value, _ = loads_strict(text)
    assert value == expected


@pytest.mark.parametrize("text", [DEEP64_LIST, DEEP64_MIXED, '{"a":' * 64 + "1" + "}" * 64])
def test_depth_64_is_accepted(text):
    value, _ = loads_strict(text)
    depth = 0
    while isinstance(value, (list, dict)):
        depth += 1
        value = value["a"] if isinstance(value, dict) else (value[0] if value else None)
    assert depth == MAX_DEPTH


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        ("[" * 100_000).encode(),
        "[1," * 50_000 + "2" + "]" * 50_000,
    ],
    ids=["open-only", "balanced", "objects", "bytes", "mixed"],
)
def test_100k_deep_is_json_too_deep_not_recursion_error(text):
    try:
        loads_strict(text)
    except JsonError as exc:
        assert exc.code == "json_too_deep"
    except RecursionError:  # pragma: no cover - this is the failure being tested
        pytest.fail("RecursionError escaped loads_strict")
    else:  # pragma: no cover
        pytest.fail("a 100k-deep document was accepted")


def test_canonical_refuses_non_finite_and_out_of_range():
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(JsonError) as exc_info:
            canonical({"x": [bad]})
        assert exc_info.value.code == "non_finite_number"
    for bad in (2**53, -(2**53), 2**100):
        with pytest.raises(JsonError) as exc_info:
            canonical([bad])
        assert exc_info.value.code == "integer_out_of_range"


@pytest.mark.parametrize(
    "value",
    [
        ["\ud800"],  # fast path
        {"\udc00": 1},  # fast path, surrogate key
        ["\ud800", 1e-7],  # slow path (1e-7 needs ECMAScript formatting)
        {"\udc00": 1e-7},  # slow path, surrogate key
    ],
    ids=["value-fast", "key-fast", "value-slow", "key-slow"],
)
def test_lone_surrogate_is_json_error(value):
    # regression test for a bug found by this test (now fixed)
    with pytest.raises(JsonError) as exc_info:
        canonical(value)
    assert exc_info.value.code == "invalid_json"


def test_lone_surrogate_escape_then_canonical_is_json_error():
    # loads_strict accepts the escape; the canonical step must then refuse it with a
    # JsonError whatever path it takes.
    # regression test for a bug found by this test (now fixed)
    for text in ('{"a":"\\ud800"}', '{"a":"\\ud800","b":1e-7}'):
        value, fast = loads_strict(text)
        with pytest.raises(JsonError) as exc_info:
            canonical(value, trusted=fast)
        assert exc_info.value.code == "invalid_json"
