"""The one background-task abstraction of the GUI.

Heavy work (key derivation, reading and verifying big files, sealing) runs in
a worker *process* (``multiprocessing`` spawn), so the GUI thread never waits
on the GIL.  A reader thread (a daemon Python thread) receives the worker's messages one at
a time — large results arrive in batches — and re-emits them as a Qt signal,
which Qt queues to the GUI thread.  Every task has a token; a new task makes older ones
stale and their late messages are dropped; ``cancel()`` terminates the worker.
"""

from __future__ import annotations

import multiprocessing as mp
import threading
from multiprocessing.connection import Connection
from typing import Any

from PySide6.QtCore import QObject, Signal

_ctx = mp.get_context("spawn")


def _child(conn: Connection, name: str, kwargs: dict[str, Any]) -> None:
    import os

    from inspector.core.jobs import run_job
    from inspector.core.process import harden

    harden()  # the job holds passphrases, keys or plaintext: no core dump (SPEC E5)

    if name == "export_report":  # a PDF is laid out by Qt, which the core never imports
        from inspector.pdf import render_pdf

        kwargs = {**kwargs, "render_pdf": render_pdf}
    try:
        run_job(conn.send, name, kwargs)
    finally:
        conn.close()
    # Exit without tearing down a heap of a million objects one by one (that
    # takes the better part of a second); the operating system frees it at once.
    os._exit(0)


class _Bridge(QObject):
    """Carries a reader thread's messages to the GUI thread (a queued signal)."""

    message = Signal(int, object)


def _read(token: int, conn: Connection, bridge: _Bridge) -> None:
    """Forward the worker's messages until its last one.  A plain daemon thread, not a
    QThread: nothing Qt owns can be destroyed while it still runs (Qt aborts the
    process on a QThread destroyed while running)."""
    try:
        while True:
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                msg = ("eof",)
            try:
                bridge.message.emit(token, msg)
            except RuntimeError:  # the GUI side is gone (window closed, test ended)
                return
            if msg[0] in ("result", "error", "eof"):
                return
    finally:
        conn.close()


class TaskRunner(QObject):
    """Runs one job at a time in a worker process.

    Signals (all on the GUI thread, stale tasks filtered out):
    ``started(token)``, ``progress(token, phase, done, total)``,
    ``batch(token, kind, payload)``, ``finished(token, payload)``,
    ``failed(token, code, message, details)``, ``cancelled(token)``.
    """

    started = Signal(int)
    progress = Signal(int, str, int, int)
    batch = Signal(int, str, object)
    finished = Signal(int, object)
    failed = Signal(int, str, str, str)
    cancelled = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.token = 0
        self._proc: Any = None
        self._bridge = _Bridge(self)
        self._bridge.message.connect(self._on_message)
        self._readers: list[threading.Thread] = []
        self._exited: list[Any] = []  # finished workers, reaped lazily

    @property
    def running(self) -> bool:
        return self._proc is not None

    def start(self, name: str, **kwargs: Any) -> int:
        """Start job ``name`` (see :mod:`inspector.core.jobs`); cancels a running one."""
        if self.running:
            self.cancel()
        self.token += 1
        parent_conn, child_conn = _ctx.Pipe(duplex=False)
        proc = _ctx.Process(target=_child, args=(child_conn, name, kwargs), daemon=True)
        proc.start()
        child_conn.close()
        self._proc = proc
        reader = threading.Thread(
            target=_read, args=(self.token, parent_conn, self._bridge), name="task-reader", daemon=True
        )
        self._readers = [r for r in self._readers if r.is_alive()] + [reader]
        reader.start()
        self.started.emit(self.token)
        return self.token

    def cancel(self) -> None:
        """Stop the running job now (its late messages are dropped)."""
        if self._proc is None:
            return
        token = self.token
        self._stop_process()
        self.token += 1  # anything still in flight is stale
        self.cancelled.emit(token)

    def _stop_process(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.is_alive():
            proc.terminate()
        if proc is not None:
            proc.join(timeout=2)

    def _on_message(self, token: int, msg: tuple[Any, ...]) -> None:
        if token != self.token:
            return  # stale
        kind = msg[0]
        if kind == "progress":
            self.progress.emit(token, msg[1], msg[2], msg[3])
        elif kind == "batch":
            self.batch.emit(token, msg[1], msg[2])
        elif kind == "result":
            self._finish()
            self.finished.emit(token, msg[1])
        elif kind == "error":
            self._finish()
            self.failed.emit(token, msg[1], msg[2], msg[3])
        elif kind == "eof":
            self._finish()
            self.failed.emit(token, "worker_died", "the worker process ended unexpectedly", "")

    def _finish(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:  # reap without blocking the GUI thread
            self._exited.append(proc)
        self._exited = [p for p in self._exited if p.is_alive()]

    def shutdown(self) -> None:
        """Stop everything (application exit)."""
        self._stop_process()
        for p in self._exited:
            p.join(timeout=2)
        self._exited.clear()
        for r in self._readers:
            r.join(timeout=2)  # the worker is gone: its pipe ends, and so does the reader
        self._readers.clear()
