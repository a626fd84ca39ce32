"""HOM-AIMOS JSON rules through the project's strict parser (no second parser).

* input at most 512 MiB;
* UTF-8, no duplicate keys, no NaN/Infinity, integers within ±(2^53−1)
  (:func:`inspector.core.canonical.loads_strict`);
* nesting: the root value is at depth 0 and no value (container *or* scalar) may be at
  depth 33, i.e. a non-empty container may sit at depth 31 at most, an empty one at 32.

``loads_strict`` counts bracket depth (the root container is 1), so a container at value
depth 33 is its bracket depth 34: ``max_depth=33`` refuses those without recursing, and a
short walk of the parsed value refuses the scalars at depth 33 (children of a non-empty
container at depth 32), which bracket counting cannot see.
"""

from __future__ import annotations

from typing import Any

from ..canonical import JsonError, loads_strict
from ..findings import message
from ..i18n import Phrase

# what the parse refused, in words (a Phrase, so a translated report says it in its language)
DEPTH = message("a value lies deeper than depth {depth}")
SIZE = message("input is {size} bytes, more than {limit}")
NOT_BYTES = message("input is {type}, not bytes")

MAX_BYTES = 512 * 1024 * 1024
MAX_VALUE_DEPTH = 32
_RETRY_DEPTH = 2048  # to learn whether a too-deep input also breaks an earlier rule

REASONS = {
    "invalid_json": "canonical_json_invalid",
    "duplicate_json_key": "canonical_json_duplicate_key",
    "non_finite_number": "canonical_json_non_finite_number",
    "integer_out_of_range": "canonical_json_unsafe_integer",
    "json_too_deep": "canonical_json_depth_limit",
}
SIZE_REASON = "canonical_json_size_limit"
DEPTH_REASON = "canonical_json_depth_limit"


class ParseFailure(Exception):
    """The document breaks a HOM-AIMOS JSON rule; ``reason`` is the reference-style reason."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def _too_deep(value: Any) -> bool:
    """Whether some value of ``value`` lies at depth > 32 (the root is depth 0)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, d = stack.pop()
        children = v.values() if isinstance(v, dict) else v if isinstance(v, list) else ()
        if not children:
            continue
        if d >= MAX_VALUE_DEPTH:
            return True
        stack.extend((c, d + 1) for c in children)
    return False


def parse_document(data: bytes) -> Any:
    """The parsed document; raises :class:`ParseFailure` on any rule broken.

    The order follows the reference's parse step: size, then what the JSON reader itself
    refuses (UTF-8, syntax, duplicate keys, non-finite numbers), then depth, then safe
    integers.
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ParseFailure("canonical_json_invalid", Phrase(NOT_BYTES, type=type(data).__name__))
    data = bytes(data)
    if len(data) > MAX_BYTES:
        raise ParseFailure(SIZE_REASON, Phrase(SIZE, size=len(data), limit=MAX_BYTES))
    try:
        value, _fast = loads_strict(data, max_depth=MAX_VALUE_DEPTH + 1)
    except JsonError as exc:
        if exc.code == "json_too_deep":
            _earlier_failure(data)
        reason = REASONS.get(exc.code, "canonical_json_invalid")
        detail = Phrase(DEPTH, depth=MAX_VALUE_DEPTH) if reason == DEPTH_REASON else str(exc)
        raise ParseFailure(reason, detail) from None
    if _too_deep(value):
        raise ParseFailure(DEPTH_REASON, Phrase(DEPTH, depth=MAX_VALUE_DEPTH))
    return value


def _earlier_failure(data: bytes) -> None:
    """Raise the failure a too-deep document also has when it precedes depth in the order."""
    try:
        loads_strict(data, max_depth=_RETRY_DEPTH)
    except JsonError as exc:
        if exc.code in ("invalid_json", "duplicate_json_key", "non_finite_number"):
            raise ParseFailure(REASONS[exc.code], str(exc)) from None
