"""Renderers write as they go: to a *sink* (any ``write(str)``), in pieces of bounded
size, so a report is never built whole in memory a second time as text.

:func:`iter_json` is the JSON writer the JSON and SARIF reports share: the layout of
``json.dumps(indent=1)``, any iterable (a generator of findings or results) written as a
list while it is consumed, lists of ids (``ids``, ``related``) on one line, and a
non-finite float written as ``null`` (strict JSON has no NaN).  :class:`Chunks` gathers
the small pieces into writes of about :data:`CHUNK` characters; :func:`collect` runs a
writer into one string (the ``render_*`` functions that return text).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, cast

CHUNK = 1 << 16
"""Characters gathered before one write to the sink."""
SMALL = 64
"""A list or object with at most this many members is written in one piece."""
COMPACT_KEYS = frozenset({"ids", "related"})
"""Members whose list of ids is written on one line (a summary may name 200,000)."""


class Sink(Protocol):
    def write(self, text: str, /) -> Any: ...


class Chunks:
    """A sink that gathers small pieces and hands them on in writes of about
    :data:`CHUNK` characters (``flush`` hands on the rest)."""

    def __init__(self, sink: Sink, size: int = CHUNK) -> None:
        self._write = sink.write
        self.size = size
        self._parts: list[str] = []
        self._n = 0

    def write(self, text: str) -> None:
        if not text:
            return
        self._parts.append(text)
        self._n += len(text)
        if self._n >= self.size:
            self.flush()

    def flush(self) -> None:
        if self._parts:
            self._write("".join(self._parts))
            self._parts.clear()
            self._n = 0


def collect(writer: Callable[..., None], *args: Any, **kw: Any) -> str:
    """What ``writer(*args, sink, **kw)`` writes, as one string."""
    parts: list[str] = []
    writer(*args, _ListSink(parts), **kw)
    return "".join(parts)


class _ListSink:
    def __init__(self, parts: list[str]) -> None:
        self.parts = parts

    def write(self, text: str) -> None:
        self.parts.append(text)


def _scalar(value: Any) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return "null"
    return json.dumps(value, ensure_ascii=False)


def _finite(value: Any) -> bool:
    """Whether ``value`` holds no NaN or infinity (so the C encoder may write it at once)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_finite(v) for v in value)
    return True


def _nodes(value: Any, budget: int) -> int:
    """What is left of ``budget`` after counting the members of ``value`` (below 0: too many)."""
    if isinstance(value, dict):
        budget -= len(value)
        values: Iterable[Any] = value.values()
    elif isinstance(value, (list, tuple)):
        budget -= len(value)
        values = value
    elif isinstance(value, (str, int, float, bool)) or value is None:
        return budget
    else:
        return -1  # a generator (written as it is consumed) or anything else: never one piece
    if budget < 0:
        return budget
    for v in values:
        budget = _nodes(v, budget)
        if budget < 0:
            break
    return budget


def _small(value: Any) -> bool:
    """A list or dict of at most :data:`SMALL` members in all, without NaN: one piece."""
    return isinstance(value, (dict, list, tuple)) and _nodes(value, SMALL) >= 0 and _finite(value)


def _plain_scalars(values: Iterable[Any]) -> bool:
    """Whether every value is a scalar the C encoder writes as :func:`_scalar` does (a
    finite float, str, int, bool or None); one pass in C over the types."""
    values = values if isinstance(values, (list, tuple)) else list(values)
    types = set(map(type, values))
    if not all(t is type(None) or issubclass(t, (str, int, float)) for t in types):
        return False
    if any(issubclass(t, float) for t in types):
        return all(math.isfinite(v) for v in values if isinstance(v, float))
    return True


def _scalar_members(value: Mapping[Any, Any]) -> bool:
    """Whether every key is a str and every value a plain scalar."""
    return set(map(type, value)) == {str} and _plain_scalars(value.values())


def _in_batches(value: Mapping[str, Any] | Sequence[Any], level: int) -> Iterator[str]:
    """A large map or list of plain scalars (a report's statuses by id, its order) in
    pieces of 512 members, each written by the C encoder (``json.dumps`` without
    ``indent``, whose item separator carries the new line and the indentation) in the
    layout of ``json.dumps(indent=1)`` at ``level``."""
    mapping = isinstance(value, Mapping)
    items: list[Any] = list(cast("Mapping[str, Any]", value).items()) if mapping else list(value)
    pad = "\n" + " " * (level + 1)
    encode = json.JSONEncoder(ensure_ascii=False, separators=("," + pad, ": ")).encode
    for i in range(0, len(items), 512):
        batch = items[i : i + 512]
        text = encode(dict(batch) if mapping else batch)
        yield ("{" if mapping else "[") if i == 0 else ","
        yield pad + text[1:-1]
    yield "\n" + " " * level + ("}" if mapping else "]")


def iter_json(value: Any, level: int = 0, key: str | None = None) -> Iterator[str]:
    """The JSON text of ``value`` in pieces (see the module's description)."""
    pad = "\n" + " " * (level + 1)
    if key in COMPACT_KEYS and isinstance(value, (list, tuple)) and len(value) > SMALL:
        yield "["
        for i in range(0, len(value), 512):  # pieces of about 40 KB
            batch = json.dumps(list(value[i : i + 512]), ensure_ascii=False)[1:-1]
            yield (", " if i else "") + batch
        yield "]"
    elif isinstance(value, Mapping):
        if not value:
            yield "{}"
        elif _small(value):
            yield json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n" + " " * level)
        elif _scalar_members(value):
            yield from _in_batches(value, level)
        else:
            first = True
            for k, v in value.items():
                yield ("{" if first else ",") + pad + json.dumps(str(k), ensure_ascii=False) + ": "
                first = False
                yield from iter_json(v, level + 1, str(k))
            yield "\n" + " " * level + "}"
    elif isinstance(value, (str, int, float, bool)) or value is None:
        yield _scalar(value)
    elif isinstance(value, (list, tuple)) and _small(value):
        yield json.dumps(list(value), indent=1, ensure_ascii=False).replace("\n", "\n" + " " * level)
    elif isinstance(value, (list, tuple)) and value and _plain_scalars(value):
        yield from _in_batches(value, level)
    elif isinstance(value, Iterable):  # a list, or a generator consumed as it is written
        first = True
        for item in value:
            yield ("[" if first else ",") + pad
            first = False
            yield from iter_json(item, level + 1)
        yield "[]" if first else "\n" + " " * level + "]"
    else:
        yield _scalar(value)


def write_json_document(doc: Any, sink: Sink) -> None:
    """``doc`` as JSON text (one object, a trailing newline), written to ``sink`` in pieces."""
    out = Chunks(sink)
    for piece in iter_json(doc):
        out.write(piece)
    out.write("\n")
    out.flush()
