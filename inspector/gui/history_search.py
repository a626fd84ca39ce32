"""History's search and filters, off the GUI thread.

Which commits the History table shows is decided by :func:`filter_rows` on a plain
Python thread (never the GUI thread): the facets (status, era, memory type) first, then
the text, through the core's :class:`~inspector.core.search.SearchIndex` (the one the MCP
server uses: ids, every string of content and provenance at any depth, keys and values,
finding codes, statuses, signers' key_ids, MutMem labels).  The index is built once per
report, on the same thread, before the first query needs it.

:class:`HistorySearch` runs one query at a time: a new one makes the running one stale
(it stops at its next check, every :data:`~inspector.core.search.CHUNK` objects, and its
answer is dropped).  It reports ``progress(generation, phase, done, total)`` while it indexes (phase
``"indexing"``, objects) and looks (``"searching"``, commits), and ``finished(generation,
rows)`` once it has looked at every commit; the thread touches no Qt object but a bridge
whose signals Qt queues to the GUI thread.  A query made stale while the index is being
built leaves the build running: the next query uses it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from ..core.search import CHUNK, SearchIndex, terms
from ..core.verify.report import Report, Status


class Stale(Exception):
    """A newer query (or report) replaced this one."""


@dataclass(frozen=True)
class Facets:
    """The History filters: text, and ``status`` (a Status value, ``"problems"``: any
    status that is not valid, ``"untrusted"``: memories whose label ranks 3 or more),
    ``era`` (an era index) and ``mtype`` (a memory type)."""

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


Check = Callable[[], None]
Progress = Callable[[int, int], None]
INDEXING, SEARCHING = "indexing", "searching"


def filter_rows(
    report: Report,
    ids: list[str],
    untrusted: Container[str],
    facets: Facets,
    index: Callable[[], SearchIndex],
    check: Check = lambda: None,
    progress: Progress = lambda _done, _total: None,
    erring: Container[str] = (),
) -> list[int]:
    """The rows of ``ids`` (History's order) that pass ``facets``: indices into ``ids``.
    ``index()`` gives the search index (built on first need); ``check`` raises to stop;
    ``progress(done, total)`` counts the commits looked at."""
    total = len(ids)
    rows: list[int] = []
    for start in range(0, total, CHUNK):
        check()
        rows += [
            i
            for i in range(start, min(start + CHUNK, total))
            if facets.accepts(report, untrusted, ids[i], erring)
        ]
    if not terms(facets.text):
        progress(total, total)
        return rows
    idx = index()
    found = set(idx.find(facets.text, [ids[i] for i in rows], cancel=check, progress=progress))
    progress(total, total)
    return [i for i in rows if ids[i] in found]


class _Bridge(QObject):
    progress = Signal(int, str, int, int)
    finished = Signal(int, object)


class HistorySearch(QObject):
    """One query at a time on a worker thread (see the module docstring)."""

    progress = Signal(int, str, int, int)  # generation, phase, done, total
    finished = Signal(int, object)  # generation, the rows that pass (indices into the ids)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.generation = 0
        self._report: Report | None = None
        self._index: SearchIndex | None = None
        self._lock = threading.Lock()  # one build of the index
        self._bridge = _Bridge(self)
        self._bridge.progress.connect(self._relay_progress)
        self._bridge.finished.connect(self._relay_finished)
        self._threads: list[threading.Thread] = []

    @property
    def index(self) -> SearchIndex | None:
        """The index of the current report, once built."""
        return self._index

    def set_report(self, report: Report | None) -> None:
        """A new report: any running query is stale, the old index is dropped."""
        self.generation += 1
        with self._lock:
            self._report = report
            self._index = None

    def cancel(self) -> int:
        """Make the running query stale; returns the new generation."""
        self.generation += 1
        return self.generation

    def start(
        self, ids: list[str], untrusted: Container[str], facets: Facets, erring: Container[str] = ()
    ) -> int:
        """Start a query over ``ids``; returns its generation (``finished`` carries it)."""
        gen = self.cancel()
        report = self._report
        if report is None:
            return gen
        t = threading.Thread(
            target=self._run,
            args=(gen, report, ids, untrusted, facets, erring),
            name="history-search",
            daemon=True,
        )
        self._threads = [x for x in self._threads if x.is_alive()] + [t]
        t.start()
        return gen

    def wait(self, timeout: float = 5.0) -> None:
        """Wait for the threads (application exit)."""
        self.generation += 1
        for t in self._threads:
            t.join(timeout)

    def _index_of(self, report: Report, gen: int) -> SearchIndex:
        """The report's index, built here if no query built it yet (the build stops only
        for a new report, not for a newer query: that one will want it too)."""
        objects = max(len(report.objects), 1)
        built = [0]

        def check() -> None:
            if self._report is not report:
                raise Stale()
            built[0] += 1
            if gen == self.generation:
                self._emit(self._bridge.progress, gen, INDEXING, min(built[0] * CHUNK, objects), objects)

        with self._lock:
            if self._report is not report:
                raise Stale()
            if self._index is None:
                self._index = SearchIndex.from_report(report, cancel=check)
            return self._index

    def _run(
        self,
        gen: int,
        report: Report,
        ids: list[str],
        untrusted: Container[str],
        facets: Facets,
        erring: Container[str],
    ) -> None:
        def check() -> None:
            if gen != self.generation:
                raise Stale()

        def progress(done: int, total: int) -> None:
            check()
            self._emit(self._bridge.progress, gen, SEARCHING, done, total)

        try:
            rows = filter_rows(
                report, ids, untrusted, facets, lambda: self._index_of(report, gen), check, progress, erring
            )
        except Stale:
            return
        self._emit(self._bridge.finished, gen, rows)

    @staticmethod
    def _emit(signal: Any, *args: Any) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:  # the window is gone
            return

    def _relay_progress(self, gen: int, phase: str, done: int, total: int) -> None:
        if gen == self.generation:
            self.progress.emit(gen, phase, done, total)

    def _relay_finished(self, gen: int, rows: object) -> None:
        if gen == self.generation:
            self.finished.emit(gen, rows)
