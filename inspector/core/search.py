"""Text search over a verified store: one index, built once, that every face uses.

The History pane, the MCP server's ``memory_context`` query and any library user
ask the same question, "which objects mention this text?", and must get the same
answer.  :class:`SearchIndex` holds, for every object of a report, one folded
text made of:

- its id (stored and, when it differs, recomputed);
- every string of its signed fields, object keys and values alike, at any depth
  (``content.subject``, ``provenance.source``, an evidence's ``tool``...), and
  numbers and booleans as JSON writes them;
- the finding codes reported on it (``poison_admitted``...), its status, its
  signer's key_id;
- for a memory with MutMem state, its projected label (``poison_likely``).

A query is split on white space; an object matches when every term occurs in its
text (case-insensitive, Unicode case folding).  Building costs one walk of each
object; a query is one substring scan per object, linear in the store, with a
cancel check every :data:`CHUNK` objects so a GUI worker can drop a stale query.
:meth:`SearchIndex.building` builds the index in small steps, for a caller that
interleaves the work with other things (a window's event loop), and ``find`` over a
slice of ids answers for that slice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .objects import Obj

__all__ = ["CHUNK", "MAX_QUERY", "STEP", "SearchIndex", "object_text", "terms"]

CHUNK = 4096
"""Objects scanned between two cancel checks / progress calls."""

STEP = 128
"""Objects indexed by one step of :meth:`SearchIndex.building` (a few milliseconds)."""

MAX_QUERY = 1024
"""The longest query honoured (characters); the rest is ignored."""

_SEP = "\u0000"  # never inside a term: terms are split on white space, NUL is not typed


def terms(query: str) -> tuple[str, ...]:
    """The folded, de-duplicated terms of ``query`` (empty: everything matches)."""
    seen: dict[str, None] = {}
    for t in query[:MAX_QUERY].split():
        seen.setdefault(_fold(t), None)
    return tuple(seen)


def _fold(text: str) -> str:
    # lone surrogates (a hostile file may carry them) fold as themselves
    return text.casefold()


def _strings(value: Any, out: list[str], budget: list[int]) -> None:
    """Append every key and scalar of ``value`` to ``out``, iteratively (a hostile
    depth cannot overflow the stack) and within ``budget[0]`` characters."""
    stack: list[Any] = [value]
    while stack and budget[0] > 0:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
            budget[0] -= len(v)
        elif isinstance(v, dict):
            for k, item in v.items():
                if isinstance(k, str):
                    out.append(k)
                    budget[0] -= len(k)
                stack.append(item)
        elif isinstance(v, list | tuple):
            stack.extend(reversed(v))
        elif isinstance(v, bool):
            out.append("true" if v else "false")
        elif v is None:
            continue
        elif isinstance(v, int | float):
            out.append(repr(v))


MAX_TEXT = 1 << 20
"""Characters of one object kept in the index (1 MiB: a memory larger than that is
searched on its first MiB of strings, which the History header says)."""


def object_text(obj: Obj, extra: Iterable[str] = ()) -> str:
    """The folded search text of one object (see the module's docstring)."""
    parts: list[str] = [obj.stored_id]
    if obj.computed_id and obj.computed_id != obj.stored_id:
        parts.append(obj.computed_id)
    budget = [MAX_TEXT]
    source = obj.fields if obj.malformed is None else (obj.raw or {})
    _strings(source, parts, budget)
    parts.extend(extra)
    return _fold(_SEP.join(parts))


@dataclass
class SearchIndex:
    """Folded text per object id, in the order the ids were given."""

    texts: dict[str, str] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        objects: Mapping[str, Obj],
        *,
        codes: Mapping[str, Iterable[str]] | None = None,
        notes: Mapping[str, Iterable[str]] | None = None,
        cancel: Callable[[], None] | None = None,
    ) -> SearchIndex:
        """Index ``objects`` (id → object).  ``codes`` and ``notes`` add, per id, the
        finding codes and other words (status, key_id, label) the object is known by."""
        codes = codes or {}
        notes = notes or {}
        texts: dict[str, str] = {}
        for n, (oid, obj) in enumerate(objects.items()):
            if cancel is not None and n % CHUNK == 0:
                cancel()
            texts[oid] = object_text(obj, (*codes.get(oid, ()), *notes.get(oid, ())))
        return cls(texts)

    @classmethod
    def from_report(cls, report: Any, *, cancel: Callable[[], None] | None = None) -> SearchIndex:
        """The index of a verifier report: its objects, the codes of their findings,
        their statuses, signers' key_ids and (MutMem) projected labels."""
        codes, notes = _report_words(report)
        return cls.build(report.objects, codes=codes, notes=notes, cancel=cancel)

    @classmethod
    def building(cls, report: Any, step: int = STEP) -> tuple[SearchIndex, Iterator[int]]:
        """An index of ``report`` (as :meth:`from_report` makes it) and the steps that
        fill it: each indexes up to ``step`` objects and yields how many are done.  The
        index is complete once the steps are exhausted; a caller may stop early."""
        index = cls()

        def steps() -> Iterator[int]:
            codes: dict[str, list[str]] = {}
            notes: dict[str, list[str]] = {}
            for n, _ in enumerate(_gather_words(report, codes, notes), 1):
                if n % (step * 8) == 0:
                    yield 0  # the words objects are known by are gathered first
            done = 0
            for oid, obj in report.objects.items():
                index.texts[oid] = object_text(obj, (*codes.get(oid, ()), *notes.get(oid, ())))
                done += 1
                if done % step == 0:
                    yield done
            yield done

        return index, steps()

    def __len__(self) -> int:
        return len(self.texts)

    def find(
        self,
        query: str,
        ids: Iterable[str] | None = None,
        *,
        cancel: Callable[[], None] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[str]:
        """The ids (of ``ids``, default all, in their order) whose text holds every
        term of ``query``.  ``cancel`` is called every :data:`CHUNK` objects and may
        raise to stop; ``progress(done, total)`` likewise."""
        wanted = terms(query)
        pool = list(self.texts) if ids is None else list(ids)
        if not wanted:
            return [i for i in pool if i in self.texts]
        total = len(pool)
        out: list[str] = []
        texts = self.texts
        for start in range(0, total, CHUNK):
            if cancel is not None:
                cancel()
            if progress is not None:
                progress(start, total)
            for oid in pool[start : start + CHUNK]:
                text = texts.get(oid)
                if text is not None and all(t in text for t in wanted):
                    out.append(oid)
        if progress is not None:
            progress(total, total)
        return out

    def matches(self, oid: str, query: str) -> bool:
        """Whether object ``oid`` holds every term of ``query``."""
        text = self.texts.get(oid)
        return text is not None and all(t in text for t in terms(query))


def _report_words(report: Any) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Per object id: the codes of its findings, and the other words it is known by
    (status, signer's key_id, MutMem label)."""
    codes: dict[str, list[str]] = {}
    notes: dict[str, list[str]] = {}
    for _ in _gather_words(report, codes, notes):
        pass
    return codes, notes


def _gather_words(report: Any, codes: dict[str, list[str]], notes: dict[str, list[str]]) -> Iterator[None]:
    """Fill :func:`_report_words`'s maps, yielding after every item (a caller may pause)."""
    for f in report.findings:
        if f.object_id:
            codes.setdefault(f.object_id, []).append(f.code)
        yield
    for table in (report.commits, report.evidence, report.checkpoints):
        for oid, status in table.items():
            notes.setdefault(oid, []).append(str(status.value))
            yield
    for oid, era in report.signer.items():
        if 0 <= era < len(report.eras):
            notes.setdefault(oid, []).append(report.eras[era].key_id)
        yield
    mm = getattr(report, "mutmem", None)
    if mm is not None:
        for mid, view in mm.memories.items():
            if view.label:
                notes.setdefault(mid, []).append(view.label)
            yield
