"""History's search and filters, in slices that never hold the window up.

Which commits the History table shows is decided by :func:`filter_steps`: the facets
(status, era, memory type) first, then the text, through the core's
:class:`~inspector.core.search.SearchIndex` (the one the MCP server uses: ids, every
string of content and provenance at any depth, keys and values, finding codes, statuses,
signers' key_ids, MutMem labels).  The index is built once per report, in steps
(:meth:`~inspector.core.search.SearchIndex.building`), the first time a query needs it.

:class:`HistorySearch` runs that work on the GUI thread in slices of at most 20 ms,
one slice per turn of the event loop, so keystrokes, painting and scrolling go on between
them; no second thread competes with the window for Python's lock (a thread would make
every paint of the table wait on it).  A new query makes the running one stale: its
slices stop and its answer never arrives.  It reports ``progress(generation, phase, done,
total)`` while it indexes (phase ``"indexing"``, objects) and looks (``"searching"``,
commits), and ``finished(generation, rows)`` once it has looked at every commit.  The
index built so far is kept when a query goes stale: the next one goes on from there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from ..core.search import SearchIndex, terms
from ..core.verify.report import Report, Status

INDEXING, SEARCHING = "indexing", "searching"
SLICE = 512  # commits looked at between two checks of the time budget
BUDGET_S = 0.02  # one turn of the event loop works at most this long (then paints, keys…)


@dataclass(frozen=True)
class Facets:
    """The History filters: text, and ``status`` (a Status value, ``"problems"``: any
    status that is not valid or an error on the commit, ``"untrusted"``: memories whose
    label ranks 3 or more), ``era`` (an era index) and ``mtype`` (a memory type)."""

    text: str = ""
    status: str | None = None
    era: int | None = None
    mtype: str | None = None

    @property
    def active(self) -> bool:
        return bool(terms(self.text) or self.status or self.era is not None or self.mtype)

    def accepts(
        self, report: Report, untrusted: Container[str], cid: str, erring: Container[str] = ()
    ) -> bool:
        """Whether commit ``cid`` passes the facets (the text is the index's); ``erring``:
        the commits with an error on them (a problem whatever their status)."""
        st = report.commits.get(cid, Status.MALFORMED)
        if self.status == "problems" and st.ok and cid not in erring:
            return False
        if self.status == "untrusted" and cid not in untrusted:
            return False
        if self.status and self.status not in ("problems", "untrusted") and st.value != self.status:
            return False
        if self.era is not None and report.signer.get(cid) != self.era:
            return False
        if self.mtype:
            obj = report.objects.get(cid)
            if obj is None or obj.malformed is not None or obj.get("memory_type") != self.mtype:
                return False
        return True


Step = tuple[str, int, int]  # phase, done, total


def filter_steps(
    report: Report,
    ids: list[str],
    untrusted: Container[str],
    facets: Facets,
    index: Callable[[], Iterator[Step | SearchIndex]],
    rows: list[int],
    erring: Container[str] = (),
) -> Iterator[Step]:
    """Fill ``rows`` with the rows of ``ids`` (History's order) that pass ``facets``
    (indices into ``ids``), yielding ``(phase, done, total)`` every :data:`SLICE`
    commits, where ``done`` counts the commits whose answer is known; ``index()`` yields
    its own build steps, then the index."""
    total = len(ids)
    text = bool(terms(facets.text))
    passing: list[int] = []
    for start in range(0, total, SLICE):
        passing += [
            i
            for i in range(start, min(start + SLICE, total))
            if facets.accepts(report, untrusted, ids[i], erring)
        ]
        seen = min(start + SLICE, total)
        yield SEARCHING, (seen - len(passing)) if text else seen, total  # the text is still to look at
    if not text:
        rows += passing
        return
    idx: SearchIndex | None = None
    for got in index():
        if isinstance(got, SearchIndex):
            idx = got
        else:
            yield got
    assert idx is not None
    decided = total - len(passing)
    for start in range(0, len(passing), SLICE):
        piece = passing[start : start + SLICE]
        found = set(idx.find(facets.text, [ids[i] for i in piece]))
        rows += [i for i in piece if ids[i] in found]
        yield SEARCHING, decided + start + len(piece), total


def filter_rows(
    report: Report,
    ids: list[str],
    untrusted: Container[str],
    facets: Facets,
    index: SearchIndex,
    erring: Container[str] = (),
) -> list[int]:
    """:func:`filter_steps` all at once (tests, a caller with nothing else to do)."""
    rows: list[int] = []

    def ready() -> Iterator[Step | SearchIndex]:
        yield index

    for _ in filter_steps(report, ids, untrusted, facets, ready, rows, erring):
        pass
    return rows


class HistorySearch(QObject):
    """One query at a time, in slices on the GUI thread (see the module docstring)."""

    progress = Signal(int, str, int, int)  # generation, phase, done, total
    finished = Signal(int, object)  # generation, the rows that pass (indices into the ids)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self._report: Report | None = None
        self._index: SearchIndex | None = None  # complete once _build is exhausted
        self._build: Iterator[int] | None = None
        self._job: Iterator[Step] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._slice)

    @property
    def index(self) -> SearchIndex | None:
        """The index of the current report, once built."""
        return self._index if self._build is None and self._index is not None else None

    def set_report(self, report: Report | None) -> None:
        """A new report: any running query is stale, the old index is dropped."""
        self.cancel()
        self._report = report
        self._index = None
        self._build = None

    def cancel(self) -> int:
        """Make the running query stale; returns the new generation."""
        self.generation += 1
        self._job = None
        self._timer.stop()
        return self.generation

    def running(self) -> bool:
        return self._job is not None

    def start(
        self, ids: list[str], untrusted: Container[str], facets: Facets, erring: Container[str] = ()
    ) -> int:
        """Start a query over ``ids``; returns its generation (``finished`` carries it)."""
        gen = self.cancel()
        report = self._report
        if report is None:
            return gen
        rows: list[int] = []
        steps = filter_steps(report, ids, untrusted, facets, self._index_steps, rows, erring)
        self._job = self._run(gen, steps, rows)
        self._timer.start()
        return gen

    def _index_steps(self) -> Iterator[Step | SearchIndex]:
        """The index, built here in steps unless an earlier query finished it; a build cut
        short by a stale query goes on where it stopped."""
        assert self._report is not None
        if self._index is None:
            self._index, self._build = SearchIndex.building(self._report)
        total = max(len(self._report.objects), 1)
        if self._build is not None:
            for done in self._build:
                yield INDEXING, done, total
            self._build = None
        yield self._index

    def _run(self, gen: int, steps: Iterator[Step], rows: list[int]) -> Iterator[Step]:
        yield from steps
        self.finished.emit(gen, rows)

    def _slice(self) -> None:
        """Work for one time budget, say how far it got, and come back next turn."""
        job, gen = self._job, self.generation
        if job is None:
            return
        end = time.perf_counter() + BUDGET_S
        step: Step | None = None
        try:
            step = next(job)  # at least one step a turn, however short the budget
            while time.perf_counter() < end:
                step = next(job)
        except StopIteration:
            if self._job is job:
                self._job = None
            return
        if step is not None and gen == self.generation:
            self.progress.emit(gen, *step)
        if self._job is job:
            self._timer.start()
