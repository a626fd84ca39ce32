"""Where the per-file tasks run: one interface, three implementations.

``executor.run(jobs, cancel)`` yields a :class:`~.task.FileResult` per job *as each
finishes* (not in job order) and always ends with every job answered (or raises
:class:`~inspector.core.errors.Cancelled` after stopping the work when ``cancel`` is
set).  All three run :func:`~.task.audit_file` — the same code.

* :class:`InlineExecutor` — in this process, one file after the other (``--jobs 1``).
* :class:`LocalExecutor` — worker processes of a
  :class:`concurrent.futures.ProcessPoolExecutor` (spawn start method).  A worker that
  dies takes the pool with it; the files that were in flight are run again, one at a
  time, so the file that kills its worker is found; a file whose worker dies twice is
  reported ``worker_lost``.
* :class:`DaskExecutor` — a ``distributed`` cluster (``tcp://`` or ``tls://``).  Tasks
  are submitted with ``retries=1``; a task whose worker dies is rescheduled by the
  scheduler (up to its ``distributed.scheduler.allowed-failures``; a cluster this
  module starts sets it to 1, so: retried once) and reported ``worker_lost`` after.
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from typing import Any, Protocol

from ..codes import audit as C
from ..errors import Cancelled
from ..findings import Severity, make_finding
from ..verify.engine import CancelToken
from ..verify.report import Report, Verdict
from .task import FileJob, FileResult, audit_file

Results = Generator[FileResult, None, None]  # closed early, it stops the work it started
POLL_S = 0.2  # how often a waiting executor looks at the cancel token
DASK_POLL_S = 0.02  # how often the Dask executor looks for finished futures (no client-free wait)


class Executor(Protocol):
    name: str

    def run(self, jobs: Iterable[FileJob], cancel: CancelToken | None = None) -> Results: ...

    def describe(self) -> dict[str, Any]: ...

    def close(self) -> None: ...


def lost_result(job: FileJob, found: str) -> FileResult:
    """The answer for a file whose worker died twice, or whose task the cluster lost."""
    r = Report(verdict=Verdict.ERROR)
    r.findings.append(
        make_finding(
            "worker_lost",
            Severity.ERROR,
            "store",
            job.location,
            C.WORKER_LOST,
            expected="a verdict",
            found=found,
            likely_cause="the file exhausts memory or crashes the verifier, or the machine lost the worker",
            path=job.display,
        )
    )
    return FileResult(job.index, r, 0.0)


def failed_result(job: FileJob, exc: BaseException) -> FileResult:
    """A task that raised (it never should): the last-resort report."""
    return FileResult(job.index, Report.internal_error(exc, object_id=job.location), 0.0)


class InlineExecutor:
    """The tasks in this process, in order (``--jobs 1``; also what the benchmark's
    "one process" measures)."""

    name = "inline"

    def run(self, jobs: Iterable[FileJob], cancel: CancelToken | None = None) -> Results:
        for job in jobs:
            if cancel is not None and cancel.cancelled:
                raise Cancelled()
            yield audit_file(job)

    def describe(self) -> dict[str, Any]:
        return {"executor": self.name, "workers": 1}

    def close(self) -> None:
        pass


def _worker_init() -> None:
    """Worker processes leave Ctrl-C to the coordinator, which stops them cleanly."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread while it starts worker processes: a child inherits the
    mask, so a Ctrl-C during its start-up waits (and is then ignored by :func:`_worker_init`)
    instead of printing a traceback from a half-started worker."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class LocalExecutor:
    """Worker processes on this machine (``--jobs N``, default: every core)."""

    name = "local"

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self._pool: Any = None

    def describe(self) -> dict[str, Any]:
        return {"executor": self.name, "workers": self.jobs}

    def worker_pids(self) -> list[int]:
        """The pids of the live worker processes (diagnostics and tests)."""
        pool = self._pool
        procs = getattr(pool, "_processes", None) or {}
        return [p.pid for p in list(procs.values()) if p.is_alive()]

    def _new_pool(self) -> Any:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        self._pool = ProcessPoolExecutor(
            max_workers=self.jobs, mp_context=mp.get_context("spawn"), initializer=_worker_init
        )
        return self._pool

    def _kill(self) -> None:
        """Stop the pool now, running tasks included (cancel, Ctrl-C)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # ProcessPoolExecutor has no public way to stop a running task before Python
        # 3.14 (terminate_workers); its _processes map is stable since 3.7.
        for p in list((getattr(pool, "_processes", None) or {}).values()):
            if p.is_alive():
                p.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    def run(self, jobs: Iterable[FileJob], cancel: CancelToken | None = None) -> Results:
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        todo: deque[FileJob] = deque(jobs)
        suspects: deque[FileJob] = deque()  # in flight when a worker died: run alone
        breaks: dict[int, int] = {}
        window = self.jobs * 2
        pool = self._new_pool()
        inflight: dict[Any, FileJob] = {}
        finished = False
        try:
            while todo or suspects or inflight:
                if cancel is not None and cancel.cancelled:
                    raise Cancelled()
                with _sigint_blocked():  # submit starts the worker processes
                    if suspects:
                        if not inflight:
                            job = suspects.popleft()
                            inflight[pool.submit(audit_file, job)] = job
                    else:
                        while todo and len(inflight) < window:
                            job = todo.popleft()
                            inflight[pool.submit(audit_file, job)] = job
                done, _ = wait(list(inflight), timeout=POLL_S, return_when=FIRST_COMPLETED)
                broken: list[FileJob] = []
                for fut in done:
                    job = inflight.pop(fut)
                    try:
                        result = fut.result()
                    except BrokenProcessPool:
                        broken.append(job)
                        continue
                    except Exception as exc:  # the task itself never raises; pickling might
                        result = failed_result(job, exc)
                    yield result
                if not broken:
                    continue
                # A worker died: every task still in flight is lost with the pool.
                wait(list(inflight))
                broken.extend(inflight.values())
                inflight.clear()
                alone = len(broken) == 1
                for job in sorted(broken, key=lambda j: j.index):
                    n = breaks[job.index] = breaks.get(job.index, 0) + 1
                    if n >= 2 and alone:
                        yield lost_result(job, f"its worker process died {n} times (retried once, alone)")
                    else:
                        suspects.append(job)
                self._kill()
                pool = self._new_pool()
            finished = True
        finally:
            if finished:
                pool.shutdown(wait=True)
                self._pool = None
            else:
                self._kill()

    def close(self) -> None:
        self._kill()


class DaskExecutor:
    """A ``distributed`` cluster: ``DaskExecutor("tcp://host:8786")``, or an existing
    ``Client``.  TLS settings (CA, certificate, key) come from Dask's own
    configuration (``distributed.comm.tls.*``, e.g. ``DASK_DISTRIBUTED__COMM__TLS__CA_FILE``)."""

    name = "dask"

    def __init__(self, address: str | None = None, *, client: Any = None, window: int | None = None) -> None:
        if client is None:
            from distributed import Client

            client = Client(address, set_as_default=False)  # type: ignore[no-untyped-call]  # distributed is untyped
            self._own = True
        else:
            self._own = False
        self.client = client
        self.address = address or str(getattr(client.scheduler, "address", ""))
        self._window = window

    def workers(self) -> int:
        return sum(self.client.nthreads().values())

    def describe(self) -> dict[str, Any]:
        return {"executor": self.name, "scheduler": self.address, "workers": self.workers()}

    def versions(self) -> dict[str, str]:
        """The inspector version on each worker (the same code must judge every file)."""

        def version() -> str:
            try:
                import inspector

                return str(inspector.__version__)
            except ImportError:
                return "not installed"

        return {str(k): str(v) for k, v in self.client.run(version).items()}

    def run(self, jobs: Iterable[FileJob], cancel: CancelToken | None = None) -> Results:
        import time
        import uuid

        from distributed.scheduler import KilledWorker

        todo: deque[FileJob] = deque(jobs)
        window = self._window or max(4, 2 * self.workers())
        run_id = uuid.uuid4().hex[:12]
        inflight: dict[str, tuple[Any, FileJob]] = {}

        def submit(job: FileJob) -> None:
            key = f"aleth-audit-{run_id}-{job.index}"
            fut = self.client.submit(audit_file, job, retries=1, pure=False, key=key)
            inflight[key] = (fut, job)

        try:
            while todo and len(inflight) < window:
                submit(todo.popleft())
            while inflight:
                if cancel is not None and cancel.cancelled:
                    raise Cancelled()
                ready = [key for key, (fut, _) in inflight.items() if fut.done()]
                if not ready:
                    time.sleep(DASK_POLL_S)
                    continue
                for key in ready:
                    fut, job = inflight[key]
                    del inflight[key]
                    try:
                        result = fut.result()
                    except KilledWorker as exc:
                        result = lost_result(job, f"Dask: the workers running it died ({exc})")
                    except Exception as exc:  # the task never raises: the cluster lost it
                        result = lost_result(job, f"Dask: {type(exc).__name__}: {exc}")
                    fut.release()
                    yield result
                    if todo:
                        submit(todo.popleft())
        finally:
            if inflight:
                self.client.cancel([f for f, _ in inflight.values()])

    def close(self) -> None:
        if self._own:
            self.client.close()
