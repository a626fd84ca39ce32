"""What the verifier's phases share: the store, the options, the report being
built, the parsed objects and the findings sink.  Each phase (a module of
``inspector.core.verify``) is a function of a :class:`Context`."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import Cancelled
from ..findings import Severity
from ..objects import Obj
from ..store import Store
from .authority import Authority
from .graph import Dag
from .report import Report, Status

Progress = Callable[[str, int, int], None]


class CancelToken:
    """Thread-safe cancel flag shared between a caller and running work."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        if self._event.is_set():
            raise Cancelled()


@dataclass
class VerifyOptions:
    checkpoint: bytes | None = None  # an external checkpoint (JSON bytes)
    checkpoint_name: str = "checkpoint"
    progress: Progress | None = None
    cancel: CancelToken | None = None
    threads: int = 2
    processes: int = 1  # > 1: commits and evidence checked in that many worker processes
    strict: bool = False
    profile: str = "auto"  # "auto" (by content), "alethech", "hom-aimos-v1" or "hom-aimos-v2"
    trust_master: str | None = None  # HOM-AIMOS: the master key fingerprint the auditor pins
    structural_only: bool = False  # HOM-AIMOS v2: the structural checks alone (no signature checked)
    witness: bytes | None = None  # HOM-AIMOS v2: a portable mutation bundle's witness (JSON bytes)
    trust_context: bytes | None = None  # HOM-AIMOS v2: its trust context (a v2 envelope, JSON bytes)
    # the strict parser alone, in one process: the reference every fast path is held to
    # (the differential tests compare its report with the default's, byte for byte)
    reference: bool = False


@dataclass
class Signed:
    """The signature check of one object: which keys may have signed it and which did."""

    resolution: str  # "ok", "unknown_identity", "unknown_key"
    candidates: list[bytes]
    verified: bytes | None = None


@dataclass
class Context:
    store: Store
    opts: VerifyOptions
    report: Report
    root: Obj | None = None
    identities: list[Obj] = field(default_factory=list)
    events: list[Obj] = field(default_factory=list)
    migrations: list[Obj] = field(default_factory=list)
    checkpoints: list[Obj] = field(default_factory=list)
    commits: dict[str, Obj] = field(default_factory=dict)
    evidence: dict[str, Obj] = field(default_factory=dict)
    signed: dict[tuple[str, str], Signed] = field(default_factory=dict)  # (kind, id) -> its signature check
    authority: Authority | None = None
    dag: Dag | None = None
    head: str | None = None  # HEAD when it names a commit of the store
    private: set[str] = field(default_factory=set)  # ids whose bytes mention "<private"
    external: Obj | None = None  # the external checkpoint, parsed
    t0: float = field(default_factory=time.perf_counter)
    tick: float = field(default_factory=time.perf_counter)

    def add(
        self,
        code: str,
        severity: Severity,
        kind: str,
        oid: str,
        template: str,
        related: Iterable[str] = (),
        /,
        **kw: Any,
    ) -> None:
        """Record one finding; ``template`` is a registered message, ``kw`` its
        parameters plus the optional ``expected``/``found``/``likely_cause``."""
        self.report.add(code, severity, kind, oid, template, related, **kw)

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.report.timings[name] = now - self.tick
        self.tick = now

    def progress(self, phase: str, done: int, total: int) -> None:
        if self.opts.cancel is not None:
            self.opts.cancel.check()
        if self.opts.progress is not None:
            self.opts.progress(phase, done, total)

    def status_of(self, oid: str) -> Status | None:
        r = self.report
        return r.commits.get(oid) or r.evidence.get(oid) or r.checkpoints.get(oid)
