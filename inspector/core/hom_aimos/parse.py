"""A HOM-AIMOS v1 document as the reference verifier parses it, with its reasons.

The reference reads the bytes with Python's ``json`` decoder and then walks the value with
its canonical-JSON writer, so its parse step reports, in this order:

1. ``bundle_size_limit``: more than 512 MiB;
2. what the decoder refuses: ``json_duplicate_key``, ``json_non_finite`` (``NaN``,
   ``Infinity``), and ``bundle_json_malformed`` for anything else (not UTF-8, a BOM, a syntax
   error, an integer of more than 4300 digits);
3. what the canonical writer refuses, in its traversal order: ``canonical_json_depth_limit``
   (a value at depth 33, the root being depth 0), ``canonical_json_integer_out_of_range``
   (outside ±(2^53−1)), ``canonical_json_non_finite_number`` (a number such as ``1e400``);
4. ``cognitive_evidence_bundle_invalid``: the document is not a JSON object.

The decoder is the standard library's (the one :func:`inspector.core.canonical.loads_strict`
wraps), called with the reference's hooks so that numbers keep their JSON type (``1.0`` stays
a float: the reference's integer checks see the difference).

A text with a lone surrogate (``"\\ud800"``) has no UTF-8 form: the reference accepts it here
and then fails internally at its first hash of it.  The inspector refuses it at this step as
``bundle_json_malformed``, the reference's reason for text that is not well-formed, before any
hash helper sees it.  A nesting too deep for the decoder itself (thousands of levels) is
``canonical_json_depth_limit`` too.
"""

from __future__ import annotations

import json
from typing import Any

from ..canonical import JsonError, _check_depth
from ..findings import message
from ..i18n import Phrase
from .ref import _first_canonical_error

# what the parse refused, in words (a Phrase, so a translated report says it in its language)
DEPTH = message("a value lies deeper than depth {depth}")
SIZE = message("input is {size} bytes, more than {limit}")
NOT_BYTES = message("input is {type}, not bytes")
SURROGATE = message("a text holds a lone surrogate, which has no UTF-8 form")
NOT_OBJECT = message("the document is a {type}, not a JSON object")

MAX_BYTES = 512 * 1024 * 1024
MAX_VALUE_DEPTH = 32
_DECODER_DEPTH = 512  # deeper input is refused before the decoder recurses into it

MALFORMED = "bundle_json_malformed"
DEPTH_REASON = "canonical_json_depth_limit"


class ParseFailure(Exception):
    """The document breaks a rule of the parse step; ``reason`` is the reference's reason."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


class _Refused(Exception):
    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def _pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in items:
        if k in out:
            raise _Refused("json_duplicate_key", f"duplicate object key {k[:80]!r}")
        out[k] = v
    return out


def _constant(name: str) -> Any:
    raise _Refused("json_non_finite", f"{name} is not allowed")


def decode(data: bytes) -> Any:
    """The JSON value of ``data`` as the reference's decoder reads it; :class:`ParseFailure`
    for steps 1–2 above (no canonical checks)."""
    if len(data) > MAX_BYTES:
        raise ParseFailure("bundle_size_limit", Phrase(SIZE, size=len(data), limit=MAX_BYTES))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseFailure(MALFORMED, f"not UTF-8: {exc.reason} at byte {exc.start}") from None
    try:
        _check_depth(data, _DECODER_DEPTH)
    except JsonError:
        raise ParseFailure(DEPTH_REASON, Phrase(DEPTH, depth=MAX_VALUE_DEPTH)) from None
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except _Refused as exc:
        raise ParseFailure(exc.reason, str(exc)) from None
    except (ValueError, RecursionError) as exc:
        raise ParseFailure(MALFORMED, f"invalid JSON: {str(exc)[:200]}") from None


def has_lone_surrogate(value: Any) -> bool:
    """Whether any text of ``value`` (object keys included) holds a lone surrogate."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if not _encodable(v):
                return True
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, dict):
            for k, item in v.items():
                if not _encodable(k):
                    return True
                stack.append(item)
    return False


def _encodable(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_value(data: Any) -> Any:
    """Steps 1–3 (any JSON value, object or not): the value, or :class:`ParseFailure`."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ParseFailure(MALFORMED, Phrase(NOT_BYTES, type=type(data).__name__))
    value = decode(bytes(data))
    reason = _first_canonical_error(value)
    if reason is not None:
        detail = Phrase(DEPTH, depth=MAX_VALUE_DEPTH) if reason == DEPTH_REASON else reason
        raise ParseFailure(reason, detail)
    if has_lone_surrogate(value):
        raise ParseFailure(MALFORMED, Phrase(SURROGATE))
    return value


def parse_document(data: Any) -> dict[str, Any]:
    """Steps 1–4: the document (a JSON object), or :class:`ParseFailure`."""
    value = parse_value(data)
    if not isinstance(value, dict):
        raise ParseFailure("cognitive_evidence_bundle_invalid", Phrase(NOT_OBJECT, type=type(value).__name__))
    return value
