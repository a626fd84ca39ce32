"""RFC 8785 canonical bytes and strict JSON loading.

``jcs`` is the reference path through the ``rfc8785`` package.  ``canonical``
is the fast path used in bulk verification: it serialises with msgspec's sorted
JSON encoder when that provably gives the same bytes as RFC 8785 (BMP keys, whose
code-point order is their UTF-16 order; integers within ±(2^53−1); floats whose
shortest repr already is the ECMAScript form), and falls back to ``rfc8785``
otherwise.  A hypothesis property test (``tests/core/test_canonical.py``) checks
byte equality over generated values.

``loads_strict`` parses untrusted JSON and rejects what alethech's format must
not contain: duplicate object keys, NaN/Infinity, integers outside ±(2^53−1) in
any written form (``9007199254740993``, and ``9007199254740993.0`` or
``9.007199254740993e15``: SPEC B6 rev 3 — every double beyond 2^53−1 is integral,
and a text that is not the shortest form of the double it reads as says another
integer than the one signed; ``1e+21`` or ``1.2345678901234568e+20``, the forms
alethech writes, stay numbers), nesting deeper than 64, invalid UTF-8.  Integral
floats whose canonical form is an integer are returned as ``int`` (RFC 8785 writes
``1.0`` as ``1``), so the loaded value re-serialises to the canonical bytes without a
second walk.

``loads_fast`` is the same function, faster: orjson parses, then an exact check
and one walk decide whether orjson's value is the strict parser's value; anything
unusual (an error, a number out of range, an escaped colon, more than 64 brackets)
is handed to ``loads_strict``, which then answers (value or error) as it always
does.  Differential tests (``tests/core/test_fast_json.py``) and a fuzz target
(``fuzz/fuzz_json.py``) hold the two to identical results.
"""

from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from typing import Any

import msgspec
import orjson
import rfc8785

MAX_SAFE_INT = 2**53 - 1
MAX_DEPTH = 64

__all__ = [
    "MAX_DEPTH",
    "MAX_SAFE_INT",
    "JsonError",
    "canonical",
    "jcs",
    "loads_fast",
    "loads_strict",
]


class JsonError(ValueError):
    """Strict JSON parsing failed; ``code`` is the finding code to report."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def jcs(value: Any) -> bytes:
    """RFC 8785 bytes of ``value`` through the reference ``rfc8785`` package."""
    try:
        return rfc8785.dumps(value)
    except rfc8785.IntegerDomainError as exc:
        raise JsonError("integer_out_of_range", str(exc)) from exc
    except rfc8785.FloatDomainError as exc:
        raise JsonError("non_finite_number", str(exc)) from exc
    except (rfc8785.CanonicalizationError, UnicodeError) as exc:
        raise JsonError("invalid_json", f"no canonical form: {exc}") from exc


# Sorted by code point, UTF-8, no insignificant space, "\u00XX" for the control characters
# with no short escape, shortest round-trip floats: RFC 8785 for the values
# _needs_slow_path lets through (the property tests compare it with rfc8785 byte for byte).
_encode = msgspec.json.Encoder(order="sorted").encode


def _fast_float(x: float) -> bool:
    """Whether ``repr(x)`` already is the ECMAScript form of a non-integral float."""
    a = abs(x)
    return 1e-4 <= a < 1e16 and not x.is_integer()


def _needs_slow_path(value: Any, depth: int = 0) -> bool:
    """True when the C encoder's bytes could differ from RFC 8785 for ``value``."""
    t = type(value)
    if t is str or t is bool or value is None:
        return False
    if t is int:
        return not -MAX_SAFE_INT <= value <= MAX_SAFE_INT
    if t is float:
        return not _fast_float(value)
    if t is dict:
        for k, v in value.items():
            if type(k) is not str:
                return True
            if not k.isascii() and any(ord(c) > 0xFFFF for c in k):
                return True  # UTF-16 order differs from code-point order
            if _needs_slow_path(v, depth + 1):
                return True
        return False
    if t is list:
        return any(_needs_slow_path(v, depth + 1) for v in value)
    return True


def canonical(value: Any, *, trusted: bool = False) -> bytes:
    """RFC 8785 bytes of ``value``.

    ``trusted=True`` promises the value came from :func:`loads_strict` with
    ``fast_ok`` (or was built from such values and plain ASCII strings), so the
    C encoder's output is canonical without a check.
    """
    if trusted or not _needs_slow_path(value):
        try:
            return _encode(value)
        except UnicodeEncodeError as exc:  # lone surrogate
            raise JsonError("invalid_json", "string is not valid Unicode") from exc
    return jcs(value)


_SPECIAL = re.compile(rb'[\[\]{}"\\]')


def _check_depth(raw: bytes, max_depth: int = MAX_DEPTH) -> None:
    """Reject nesting deeper than ``max_depth`` without recursing.

    Only the bracket, quote and backslash bytes are visited, so the scan costs
    little even on large inputs; the common case (≤ 64 brackets) is one count.
    """
    if raw.count(b"{") + raw.count(b"[") <= max_depth:
        return
    depth = 0
    in_str = False
    skip = -1  # position of a byte escaped by a backslash
    for m in _SPECIAL.finditer(raw):
        i = m.start()
        if i == skip:
            continue
        b = raw[i]
        if in_str:
            if b == 0x5C:
                skip = i + 1
            elif b == 0x22:
                in_str = False
        elif b == 0x22:
            in_str = True
        elif b in (0x7B, 0x5B):
            depth += 1
            if depth > max_depth:
                raise JsonError("json_too_deep", f"JSON nesting deeper than {max_depth}")
        elif b in (0x7D, 0x5D):
            depth -= 1


def loads_strict(data: bytes | str, *, max_depth: int = MAX_DEPTH) -> tuple[Any, bool]:
    """Parse ``data`` strictly; return ``(value, fast_ok)``.

    ``max_depth`` is the deepest bracket nesting allowed (the top-level object or
    array counts as 1); alethech allows 64, a profile may set its own.

    ``fast_ok`` tells whether :func:`canonical` may take its trusted path on the
    value (no float that needs ECMAScript formatting, no astral key).
    Raises :class:`JsonError` with the finding code on any violation.
    """
    if isinstance(data, bytes):
        _check_depth(data, max_depth)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonError("invalid_json", f"not UTF-8: {exc.reason} at byte {exc.start}") from exc
    else:
        text = data
        _check_depth(text.encode("utf-8", "surrogatepass"), max_depth)
    fast = True

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal fast
        d = dict(items)
        if len(d) != len(items):
            seen: set[str] = set()
            for k, _ in items:
                if k in seen:
                    raise JsonError("duplicate_json_key", f"duplicate object key {k!r}")
                seen.add(k)
        if fast:
            for k in d:
                if not k.isascii() and any(ord(c) > 0xFFFF for c in k):
                    fast = False
                    break
        return d

    def parse_float(s: str) -> float | int:
        nonlocal fast
        x = float(s)
        if not math.isfinite(x):
            raise JsonError("non_finite_number", f"number {s} is not finite")
        if abs(x) > MAX_SAFE_INT and Decimal(s) != Decimal(repr(x)):
            # an integral value beyond ±(2^53−1) whose text is not the double it reads as
            # (9007199254740993.0 is read as 2^53): an integer out of range, in another form
            raise JsonError("integer_out_of_range", f"number {s[:30]} is an integer outside ±(2^53−1)")
        if x.is_integer() and abs(x) <= MAX_SAFE_INT:
            return int(x)
        if not _fast_float(x):
            fast = False
        return x

    def parse_int(s: str) -> int:
        if len(s.lstrip("-")) > 16:
            raise JsonError("integer_out_of_range", f"integer {s[:30]}… is outside ±(2^53−1)")
        n = int(s)
        if not -MAX_SAFE_INT <= n <= MAX_SAFE_INT:
            raise JsonError("integer_out_of_range", f"integer {s[:30]} is outside ±(2^53−1)")
        return n

    def parse_constant(s: str) -> Any:
        raise JsonError("non_finite_number", f"{s} is not allowed")

    try:
        value = json.loads(
            text,
            object_pairs_hook=pairs,
            parse_float=parse_float,
            parse_int=parse_int,
            parse_constant=parse_constant,
        )
    except JsonError:
        raise
    except RecursionError as exc:
        raise JsonError("json_too_deep", "JSON nesting too deep") from exc
    except ValueError as exc:
        raise JsonError("invalid_json", f"invalid JSON: {exc}") from exc
    return value, fast


def _fast_walk(value: Any, keys: bool) -> tuple[Any, bool] | None:  # noqa: PLR0912 -- one hot loop, inlined
    """orjson's ``value`` as :func:`loads_strict` returns it, and ``fast_ok``; None when a
    number needs the strict parser (one it refuses, or would convert differently).
    Integral floats become ``int`` in place, as the strict parser does.  Strings are not
    visited; keys only when ``keys`` (the document holds a character beyond the BMP
    somewhere, which in a key clears ``fast_ok``)."""
    fast = True
    stack: list[Any] = [value]
    top: list[Any] = [value]  # a scalar at the top level is converted here
    while stack:
        v = stack.pop()
        if type(v) is dict:
            if keys and fast and any(not k.isascii() and any(ord(c) > 0xFFFF for c in k) for k in v):
                fast = False
            for k, x in v.items():
                t = type(x)
                if t is str:
                    continue
                if t is dict or t is list:
                    stack.append(x)
                elif t is int:
                    if not -MAX_SAFE_INT <= x <= MAX_SAFE_INT:
                        return None
                elif t is float:
                    n = _fast_number(x)
                    if n is None:
                        return None
                    if type(n) is int:
                        v[k] = n
                    elif fast and not _fast_float(x):
                        fast = False
        elif type(v) is list:
            for i, x in enumerate(v):
                t = type(x)
                if t is str:
                    continue
                if t is dict or t is list:
                    stack.append(x)
                elif t is int:
                    if not -MAX_SAFE_INT <= x <= MAX_SAFE_INT:
                        return None
                elif t is float:
                    n = _fast_number(x)
                    if n is None:
                        return None
                    if type(n) is int:
                        v[i] = n
                    elif fast and not _fast_float(x):
                        fast = False
        else:  # a scalar document
            t = type(v)
            if t is int:
                if not -MAX_SAFE_INT <= v <= MAX_SAFE_INT:
                    return None
            elif t is float:
                n = _fast_number(v)
                if n is None:
                    return None
                top[0] = n
                if type(n) is float and not _fast_float(n):
                    fast = False
    return top[0], fast


_BEYOND_BMP = re.compile(rb"[\xf0-\xf4]")  # the lead byte of a 4-byte UTF-8 sequence


def _fast_number(x: float) -> float | int | None:
    """A float as the strict parser returns it (``int`` when integral), or None when
    the strict parser refuses it (it then says why)."""
    if not math.isfinite(x) or abs(x) > MAX_SAFE_INT:
        return None
    return int(x) if x.is_integer() else x


def loads_fast(data: bytes, *, max_depth: int = MAX_DEPTH) -> tuple[Any, bool]:
    """:func:`loads_strict` of ``data`` (same value, same ``fast_ok``, same error and
    code), mostly without running it.

    orjson parses; its value is the strict parser's value when (1) the document has at
    most ``max_depth`` brackets (so it is not deeper than allowed), (2) no key repeats
    — checked by counting colons: orjson writes the value back with one ``:`` per member
    plus the ``:`` inside its strings, the text has one per member it holds plus those
    inside its strings, and a repeated key orjson dropped takes at least its own ``:``
    away, so the two counts are equal exactly when nothing was dropped, provided no
    ``:`` was written as an escape (a ``\\u003`` in the text sends it to the strict
    parser) — and (3) every number is one the strict parser accepts, converted as it
    converts it (one walk over the containers: integers within ±(2^53−1), floats finite
    and within it, integral floats as ``int``).  orjson refuses all that the strict parser
    refuses (invalid UTF-8, lone surrogates, NaN, control characters, a BOM, trailing
    commas); when orjson refuses anything, or a check fails, :func:`loads_strict`
    decides."""
    if data.count(b"{") + data.count(b"[") > max_depth or b"\\u003" in data:
        return loads_strict(data, max_depth=max_depth)
    try:
        value = orjson.loads(data)
        again = orjson.dumps(value)
    except (orjson.JSONDecodeError, orjson.JSONEncodeError):
        return loads_strict(data, max_depth=max_depth)
    if data.count(b":") != again.count(b":"):
        return loads_strict(data, max_depth=max_depth)  # a key repeats: the strict parser names it
    walked = _fast_walk(value, _BEYOND_BMP.search(again) is not None)
    if walked is None:
        return loads_strict(data, max_depth=max_depth)
    value, fast = walked
    return value, fast
