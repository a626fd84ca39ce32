"""Redaction of ``<private>`` regions (SPEC Part D).

Every text the inspector authors goes through :func:`strip_private` before it is
hashed, signed or written; the verifier warns ``unredacted_private_region``
when stored content still holds a region (:func:`has_private_region`).

Grammar (ASCII, case-insensitive in the tag names only):

* **opener** ``<private`` then zero or more attributes, each one or more ASCII
  whitespace characters followed by ``name="value"``, then optional whitespace
  and ``>``.  ``name`` is ``[A-Za-z_:][-A-Za-z0-9_:.]*``; ``value`` is any text
  without ``"`` (it may hold newlines, ``<`` and ``>``).  So ``<private>``,
  ``<PRIVATE >`` and ``<private reason="pii" by="x">`` open a region, while
  ``<private-section>``, ``<private matters>`` (a bare word, not
  ``name="value"``), ``<private a='b'>`` and ``<private/>`` do not.
* **closer** ``</private``, optional whitespace, ``>``.
* ASCII whitespace is space, tab, LF, CR, FF and VT.

One **pass** scans left to right and replaces, without overlap, every opener
whose following text reaches a closer before any other opener starts (an
innermost region, content possibly empty or multi-line) with the literal
``[REDACTED]``; scanning resumes after the closer.  Passes repeat until one
changes nothing or 64 passes have run.  Then, if an opener is still present
(it is unclosed, or the nesting was deeper than 64), everything from the first
remaining opener to the end of the text becomes one ``[REDACTED]``.  Text
outside regions, including whitespace next to them, is kept byte for byte; a
lone closer is kept.

Cost: the patterns have one way to match and the text between tags is taken
atomically, so a pass never re-splits text on a failure; 64 passes bound the total
for any input.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "MAX_PASSES",
    "REDACTED",
    "find_private_regions",
    "has_private_region",
    "strip_private",
    "strip_private_value",
    "value_has_private_region",
]

REDACTED = "[REDACTED]"
"""What a private region becomes."""

MAX_PASSES = 64
"""Passes of the fixed-point loop before the rest is redacted from the first opener."""

_FLAGS = re.ASCII | re.IGNORECASE
# Attributes and the end of an opener, after "<private".  Whitespace, a name and a
# quoted value cannot trade characters (a name starts with no space, a value ends at
# its quote), so there is one way to match and a failure gives back each step once.
# No possessive quantifiers: Python 3.11 before 3.11.5 (Debian 12 ships 3.11.2)
# matches them wrongly next to a lookahead (CPython gh-100061, gh-106052), and a
# region then took the text after it.
_ATTRS = r'(?:\s+[A-Za-z_:][-A-Za-z0-9_:.]*="[^"]*")*\s*>'
_OPENER_SRC = r"<private" + _ATTRS
_CLOSER_SRC = r"</private\s*>"
# An innermost region: opener, then text in which no opener or closer starts, then
# a closer.  That text is matched inside a lookahead and taken by a back-reference:
# an atomic group in any Python, so a run of text is never re-split on a failure.
_BODY = r"(?:[^<]+|<(?!private" + _ATTRS + r")(?!/private\s*>))*"
_REGION_SRC = _OPENER_SRC + r"(?=(" + _BODY + r"))\1" + _CLOSER_SRC

_OPENER = re.compile(_OPENER_SRC, _FLAGS)
_REGION = re.compile(_REGION_SRC, _FLAGS)


def strip_private(text: str) -> str:
    """Replace every ``<private …>…</private>`` region of ``text`` by ``[REDACTED]``.

    Innermost regions go first on each pass, so nested regions collapse to one
    ``[REDACTED]``; passes repeat to a fixed point, at most :data:`MAX_PASSES`;
    then an opener still present (unclosed, or nested deeper than the pass
    limit) redacts from the first such opener to the end of the text.  Returns
    ``text`` itself when it has no opener.  The result has no opener left, so
    ``strip_private`` is idempotent.
    """
    if not isinstance(text, str):
        raise TypeError(f"strip_private expects str, got {type(text).__name__}")
    if _OPENER.search(text) is None:
        return text
    for _ in range(MAX_PASSES):
        text, count = _REGION.subn(REDACTED, text)
        if count == 0:
            break
    first = _OPENER.search(text)
    if first is not None:
        text = text[: first.start()] + REDACTED
    return text


def has_private_region(text: str) -> bool:
    """Whether :func:`strip_private` would change ``text``.

    That is exactly whether ``text`` contains an opener: a closed region is
    replaced and an unclosed opener redacts to the end, so either changes the
    text, and text without an opener is returned unchanged.
    """
    if not isinstance(text, str):
        raise TypeError(f"has_private_region expects str, got {type(text).__name__}")
    return _OPENER.search(text) is not None


find_private_regions = has_private_region
"""Alias of :func:`has_private_region` (returns a bool, not a list)."""


def strip_private_value(value: Any) -> Any:
    """Apply :func:`strip_private` to every string value inside a JSON value.

    Dicts and lists are rebuilt (the input is not modified); object keys are
    redacted too (SPEC D: the verifier warns about a region in a key), a key that
    would collide with another after redaction gets a counter (``[REDACTED] 2``);
    numbers, booleans and ``None`` pass through.  A tuple is treated like a list
    and comes back as a tuple.
    """
    if isinstance(value, str):
        return strip_private(value)
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for k, v in value.items():
            key = strip_private(k) if isinstance(k, str) else k
            n = 1
            base = key
            while key in out:
                n += 1
                key = f"{base} {n}"
            out[key] = strip_private_value(v)
        return out
    if isinstance(value, list):
        return [strip_private_value(v) for v in value]
    if isinstance(value, tuple):
        return tuple(strip_private_value(v) for v in value)
    return value


def value_has_private_region(value: Any) -> bool:
    """Whether any string inside a JSON value, object keys included, holds a private
    region (SPEC D: the verifier warns about every such string of an object)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if _OPENER.search(v) is not None:
                return True
        elif isinstance(v, dict):
            for k in v:
                if isinstance(k, str) and _OPENER.search(k) is not None:
                    return True
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return False
