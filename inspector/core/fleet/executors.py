"""Where the per-file tasks run: one interface, three implementations.

``executor.run(jobs, cancel)`` yields a :class:`~.task.FileResult` per job *as each
finishes* (not in job order) and ends with every job answered, or raises:
:class:`~inspector.core.errors.Cancelled` after stopping the work when ``cancel`` is set,
:class:`ClusterLost` when the cluster cannot finish the run.  Leaving the generator
early (closing it, Ctrl-C, SIGTERM) stops the work it started, within a bounded time.
All three run :func:`~.task.audit_file` — the same code.

* :class:`InlineExecutor` — in this process, one file after the other (``--jobs 1``).
* :class:`LocalExecutor` — worker processes of a
  :class:`concurrent.futures.ProcessPoolExecutor` (spawn start method).  Each worker dies
  with the process that started it (Linux: the parent-death signal, ``PR_SET_PDEATHSIG``;
  elsewhere a thread that watches the parent), so a killed audit never leaves workers
  behind.  A worker that dies takes the pool with it; the files that were in flight are run
  again, one at a time, so the file that kills its worker is found; a file whose worker
  dies twice is reported ``worker_lost``.
* :class:`DaskExecutor` — a ``distributed`` cluster (``tcp://`` or ``tls://``), watched:
  a task whose worker dies is rescheduled (up to ``distributed.scheduler.allowed-failures``)
  and reported ``worker_lost`` after; tasks the scheduler lost with its connection are
  submitted again once it is back; a scheduler that does not come back, or no worker alive,
  for ``grace`` seconds raises :class:`ClusterLost`.  A worker whose answers are "cannot
  read" (not found, unreadable) is asked for no verdict alone: each such file is verified
  again on a worker that reads files, and a worker those second answers contradict (twice,
  or once when it read nothing itself) is reported (``worker_cannot_read``) and given no
  more files.  Cancelling a run cancels its
  tasks on the scheduler *and* stops the verifications already running on the workers.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..codes import audit as C
from ..errors import Cancelled
from ..findings import Finding, Severity, make_finding
from ..verify.engine import CancelToken
from ..verify.report import Report, Verdict
from .task import FileJob, FileResult, audit_file, cancel_run, record_unread

Results = Generator[FileResult, None, None]  # closed early, it stops the work it started
POLL_S = 0.2  # how often a waiting executor looks at the cancel token and the cluster
STOP_GRACE_S = 5.0  # how long stopped workers get to exit before they are killed
CLUSTER_CALL_S = 10.0  # the longest a clean-up call to a cluster may take
DEFAULT_GRACE_S = 120.0  # scheduler unreachable, or no worker alive, for this long: the run stops
REROUTE_S = 2.0  # how often tasks bound to particular workers are checked for workers that left
MAX_REQUEUE = 5  # a task the cluster lost this many times (not its worker: its answer) is worker_lost
T = TypeVar("T")


class ClusterLost(Exception):
    """The cluster cannot finish the run: its scheduler is gone, or no worker was alive,
    for the grace period.  ``code`` is the reason's code, ``template`` its sentence."""

    def __init__(self, code: str, template: str, seconds: float) -> None:
        super().__init__(template.format(seconds=f"{seconds:g}"))
        self.code = code
        self.template = template
        self.seconds = seconds


class Executor(Protocol):
    name: str

    def run(self, jobs: Iterable[FileJob], cancel: CancelToken | None = None) -> Results: ...

    def describe(self) -> dict[str, Any]: ...

    def findings(self) -> list[Finding]: ...

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
    return FileResult(job.index, record_unread(r, job), 0.0)


def failed_result(job: FileJob, exc: BaseException) -> FileResult:
    """A task that raised (it never should): the last-resort report."""
    return FileResult(job.index, record_unread(Report.internal_error(exc, object_id=job.location), job), 0.0)


def _bounded_call(fn: Callable[[], T], seconds: float) -> T | None:
    """``fn()`` in a daemon thread, waited for at most ``seconds`` (a clean-up call to a
    cluster that may be gone must not hang the audit); None when it did not answer or raised."""
    box: list[T] = []

    def call() -> None:
        with contextlib.suppress(Exception):
            box.append(fn())

    t = threading.Thread(target=call, name="aleth-audit-cleanup", daemon=True)
    t.start()
    t.join(seconds)
    return box[0] if box else None


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

    def findings(self) -> list[Finding]:
        return []

    def close(self) -> None:
        pass


# ---------------------------------------------------------------------------- local workers

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> str:
    """Make this process die when ``parent`` (the process that started it) does: the
    parent-death signal on Linux, else a thread that watches the parent.  Returns how."""
    import signal

    if os.getppid() != parent:  # the parent died before we could ask
        os._exit(1)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
            if os.getppid() != parent:  # died between the check and the prctl
                os._exit(1)
            return "pdeathsig"
    except (OSError, AttributeError):
        pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="aleth-parent-watch", daemon=True).start()
    return "watch"


def _worker_init(parent: int) -> None:
    """Worker processes leave Ctrl-C to the coordinator, which stops them cleanly, and
    never outlive it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # started with both blocked (_signals_blocked): SIGTERM stops it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    die_with_parent(parent)


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """Block SIGINT and SIGTERM in this thread while it starts worker processes: a child
    inherits the mask, so a Ctrl-C during its start-up waits (and is then ignored by
    :func:`_worker_init`) instead of printing a traceback from a half-started worker; the
    signals are delivered once the mask is restored."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
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

    def findings(self) -> list[Finding]:
        return []

    def _processes(self) -> list[Any]:
        pool = self._pool
        return list((getattr(pool, "_processes", None) or {}).values())

    def worker_pids(self) -> list[int]:
        """The pids of the live worker processes (diagnostics and tests)."""
        return [p.pid for p in self._processes() if p.is_alive()]

    def _new_pool(self) -> Any:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        self._pool = ProcessPoolExecutor(
            max_workers=self.jobs,
            mp_context=mp.get_context("spawn"),
            initializer=_worker_init,
            initargs=(os.getpid(),),
        )
        return self._pool

    def _kill(self) -> None:
        """Stop the pool now, running tasks included (cancel, Ctrl-C, SIGTERM): SIGTERM to
        each worker, :data:`STOP_GRACE_S` to exit, then SIGKILL."""
        procs = self._processes()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # ProcessPoolExecutor has no public way to stop a running task before Python
        # 3.14 (terminate_workers); its _processes map is stable since 3.7.
        for p in procs:
            if p.is_alive():
                p.terminate()
        deadline = time.monotonic() + STOP_GRACE_S
        for p in procs:
            p.join(max(0.0, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
                p.join(STOP_GRACE_S)
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
                with _signals_blocked():  # submit starts the worker processes
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


# ---------------------------------------------------------------------------- a Dask cluster


def _on_dask_worker(job: FileJob) -> FileResult:
    """The task as a Dask worker runs it: :func:`audit_file`, and the worker's address."""
    from distributed import get_worker

    result = audit_file(job)
    with contextlib.suppress(ValueError):
        result.address = str(get_worker().address)
    return result


@dataclass
class _Flight:
    fut: Any
    job: FileJob
    second: _Held | None = None  # a second opinion on a "cannot read" answer
    workers: list[str] | None = None  # the only workers it may run on (None: any)


@dataclass
class _Held:
    """A "cannot read" answer waiting for a second opinion from another worker."""

    job: FileJob
    result: FileResult
    worker: str
    tries: int = 0


@dataclass
class _Workers:
    """What the run learned about the workers from their answers."""

    reads: dict[str, int] = field(default_factory=dict)  # address -> files it read
    contradicted: dict[str, int] = field(default_factory=dict)  # address -> "cannot read" shown wrong
    banned: set[str] = field(default_factory=set)


class DaskExecutor:
    """A ``distributed`` cluster: ``DaskExecutor("tcp://host:8786")``, or an existing
    ``Client``.  TLS settings (CA, certificate, key) come from Dask's own
    configuration (``distributed.comm.tls.*``, e.g. ``DASK_DISTRIBUTED__COMM__TLS__CA_FILE``).
    ``grace``: seconds the scheduler may stay unreachable, or the cluster without a
    worker, before the run stops (:class:`ClusterLost`)."""

    name = "dask"

    def __init__(
        self,
        address: str | None = None,
        *,
        client: Any = None,
        window: int | None = None,
        grace: float = DEFAULT_GRACE_S,
    ) -> None:
        if client is None:
            from distributed import Client

            client = Client(address, set_as_default=False)  # type: ignore[no-untyped-call]  # distributed is untyped
            self._own = True
        else:
            self._own = False
        self.client = client
        self.address = address or str(getattr(client.scheduler, "address", ""))
        self._window = window
        self.grace = grace
        self._workers = _Workers()
        self._requeued: dict[int, int] = {}

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

    def findings(self) -> list[Finding]:
        """What the run found about the cluster: the workers that could not read the files."""
        return [
            make_finding(
                "worker_cannot_read",
                Severity.ERROR,
                "worker",
                worker,
                C.WORKER_CANNOT_READ,
                expected="the files the other workers read",
                found=f"{n} files not found or unreadable",
                likely_cause="the worker lacks a mount, a permission or a credential the others have",
                worker=worker,
                files=n,
            )
            for worker, n in sorted(self._workers.contradicted.items())
            if worker in self._workers.banned
        ]

    # ---- watching the cluster ---------------------------------------------------------
    def _alive_workers(self) -> int | None:
        """Workers the scheduler knows, from the client's cache (refreshed by the client
        every few seconds; no call to a scheduler that may be gone); None: unknown."""
        ident = getattr(self.client, "_scheduler_identity", None) or {}
        n = ident.get("n_workers")
        if isinstance(n, int):
            return n
        workers = ident.get("workers")
        return len(workers) if isinstance(workers, dict) else None

    def _check(self, since: dict[str, float | None]) -> bool:
        """Whether tasks can be submitted now; raises :class:`ClusterLost` when the
        scheduler, or every worker, has been gone for the grace period."""
        now = time.monotonic()
        status = str(getattr(self.client, "status", "running"))
        if status in ("closed", "closing"):
            raise ClusterLost("scheduler_lost", C.REASON_SCHEDULER_LOST, self.grace)
        if status != "running":
            since["scheduler"] = since["scheduler"] or now
            if now - (since["scheduler"] or now) >= self.grace:
                raise ClusterLost("scheduler_lost", C.REASON_SCHEDULER_LOST, self.grace)
            return False
        since["scheduler"] = None
        n = self._alive_workers()
        if n == 0:
            since["workers"] = since["workers"] or now
            if now - (since["workers"] or now) >= self.grace:
                raise ClusterLost("no_workers", C.REASON_NO_WORKERS, self.grace)
        else:
            since["workers"] = None
        return True

    def _allowed(self, exclude: str | None = None, readers_only: bool = False) -> list[str] | None:
        """The workers a task may go to (None: any)."""
        w = self._workers
        if readers_only:
            return [a for a, n in w.reads.items() if n and a not in w.banned and a != exclude]
        if not w.banned and exclude is None:
            return None
        try:
            everyone = list(self.client.nthreads())
        except Exception:
            return None
        return [a for a in everyone if a not in w.banned and a != exclude]

    # ---- the run ---------------------------------------------------------------------
    def run(self, jobs: Iterable[FileJob], cancel: CancelToken | None = None) -> Results:
        import uuid

        todo: deque[FileJob] = deque(jobs)
        held: deque[_Held] = deque()
        run = uuid.uuid4().hex[:12]
        todo = deque(j if j.run else _with_run(j, run) for j in todo)
        window = self._window or max(4, 2 * self.workers())
        inflight: dict[str, _Flight] = {}
        wake = threading.Event()
        since: dict[str, float | None] = {
            "scheduler": None,
            "workers": None,
            "blocked": None,
            "rerouted": None,
        }
        attempt = 0

        def submit(job: FileJob, second: _Held | None = None) -> bool:
            nonlocal attempt
            workers = self._allowed(second.worker if second else None, readers_only=second is not None)
            if workers is not None and not workers:
                return False
            attempt += 1
            key = f"aleth-audit-{run}-{job.index}-{attempt}"
            fut = self.client.submit(
                _on_dask_worker,
                job,
                retries=1,
                pure=False,
                key=key,
                workers=workers,
                allow_other_workers=False,  # loose, an idle excluded worker would steal it
            )
            fut.add_done_callback(lambda _f: wake.set())
            inflight[key] = _Flight(fut, job, second, workers)
            return True

        finished = False
        try:
            while todo or held or inflight:
                if cancel is not None and cancel.cancelled:
                    raise Cancelled()
                if self._check(since) and not self._fill(todo, held, inflight, window, submit):
                    since["blocked"] = since["blocked"] or time.monotonic()
                    if time.monotonic() - (since["blocked"] or 0.0) >= self.grace:
                        raise ClusterLost("no_workers", C.REASON_ONLY_BLIND_WORKERS, self.grace)
                else:
                    since["blocked"] = None
                wake.wait(POLL_S)
                wake.clear()
                for key in [k for k, f in inflight.items() if f.fut.done()]:
                    flight = inflight.pop(key)
                    yield from self._answer(flight, todo, held)
                self._reroute(inflight, todo, held, since)
                if not inflight and not todo and held:
                    yield from self._accept_held(held)
            finished = True
        finally:
            if not finished:
                self._stop(run, [f.fut for f in inflight.values()])

    def _fill(
        self,
        todo: deque[FileJob],
        held: deque[_Held],
        inflight: dict[str, _Flight],
        window: int,
        submit: Callable[[FileJob, _Held | None], bool],
    ) -> bool:
        """Submit what the window allows; False when files wait that no allowed worker can take."""
        for _ in range(len(held)):  # second opinions first, where a worker that reads can give one
            if len(inflight) >= window:
                return True
            h = held.popleft()
            if not (self._readers_besides(h.worker) and submit(h.job, h)):
                held.append(h)
        while todo and len(inflight) < window:
            if not submit(todo[0], None):
                return False
            todo.popleft()
        return True

    def _reroute(
        self,
        inflight: dict[str, _Flight],
        todo: deque[FileJob],
        held: deque[_Held],
        since: dict[str, float | None],
    ) -> None:
        """A task that may run only on workers that have all left would wait for ever:
        take it back (looked at every few seconds, and only while such tasks exist)."""
        restricted = [k for k, f in inflight.items() if f.workers is not None and not f.fut.done()]
        now = time.monotonic()
        if not restricted or now - (since.get("rerouted") or 0.0) < REROUTE_S:
            return
        since["rerouted"] = now
        try:
            alive = set(self.client.nthreads())
        except Exception:
            return
        for key in restricted:
            flight = inflight[key]
            if set(flight.workers or ()) & alive:
                continue
            del inflight[key]
            with contextlib.suppress(Exception):
                self.client.cancel([flight.fut], force=True)
            if flight.second is not None:
                held.appendleft(flight.second)
            else:
                todo.appendleft(flight.job)

    def _readers_besides(self, worker: str) -> bool:
        w = self._workers
        return any(n and a != worker and a not in w.banned for a, n in w.reads.items())

    def _answer(self, flight: _Flight, todo: deque[FileJob], held: deque[_Held]) -> Iterator[FileResult]:
        from distributed.scheduler import KilledWorker

        job, fut = flight.job, flight.fut

        def again() -> None:  # not answered: submitted again (a few times at most)
            self._requeued[job.index] = self._requeued.get(job.index, 0) + 1
            if flight.second is not None:
                held.appendleft(flight.second)
            else:
                todo.appendleft(job)

        status = str(fut.status)
        if status in ("cancelled", "lost") and self._requeued.get(job.index, 0) < MAX_REQUEUE:
            again()  # the scheduler lost it with the connection
            return
        try:
            result: FileResult = fut.result(timeout=CLUSTER_CALL_S)
        except KilledWorker as exc:
            result = lost_result(job, f"Dask: the workers running it died ({exc})")
        except (OSError, TimeoutError) as exc:  # finished, but its answer could not be fetched
            if self._requeued.get(job.index, 0) < MAX_REQUEUE:
                again()
                return
            result = lost_result(job, f"Dask: its answer could not be fetched ({type(exc).__name__})")
        except Exception as exc:  # the task never raises: the cluster lost it
            result = lost_result(job, f"Dask: {type(exc).__name__}: {exc}")
        except BaseException as exc:  # a CancelledError of a future cancelled meanwhile
            if not type(exc).__name__.endswith("CancelledError"):
                raise
            if self._requeued.get(job.index, 0) >= MAX_REQUEUE:
                result = lost_result(job, "Dask: the task was cancelled on the cluster, again and again")
            else:
                again()
                return
        finally:
            with contextlib.suppress(Exception):
                fut.release()
        yield from self._judge(flight, result, held)

    def _judge(self, flight: _Flight, result: FileResult, held: deque[_Held]) -> Iterator[FileResult]:
        w = self._workers
        address = result.address
        h = flight.second
        if not result.cannot_read:
            if address:
                w.reads[address] = w.reads.get(address, 0) + 1
            if h is not None:  # the first worker's "cannot read" was wrong
                n = w.contradicted[h.worker] = w.contradicted.get(h.worker, 0) + 1
                if n >= 2 or not w.reads.get(h.worker):  # not a file replaced at that moment: blind
                    w.banned.add(h.worker)
            yield result
            return
        if h is None and address:  # a first "cannot read": ask another worker
            held.append(_Held(flight.job, result, address))
            return
        if h is not None and address == h.worker and h.tries < 2:  # the same worker again
            h.tries += 1
            held.append(h)
            return
        yield result  # two workers agree: the file cannot be read

    def _accept_held(self, held: deque[_Held]) -> Iterator[FileResult]:
        """Nothing else runs: a "cannot read" answer for which no other worker that reads
        files exists stands (the others get their second opinion on the next turn)."""
        for h in list(held):
            if not self._readers_besides(h.worker):
                held.remove(h)
                yield h.result

    def _stop(self, run: str, futures: list[Any]) -> None:
        """Cancel the run's tasks on the scheduler and stop those already running on the
        workers (each at its next check), each call bounded: the cluster may be gone."""
        if str(getattr(self.client, "status", "running")) != "running":
            return  # no scheduler to tell (a restarted one knows nothing of this run)
        if futures:
            _bounded_call(lambda: self.client.cancel(futures, force=True), CLUSTER_CALL_S)
        _bounded_call(lambda: self.client.run(cancel_run, run, on_error="ignore"), CLUSTER_CALL_S)

    def close(self) -> None:
        if self._own:
            _bounded_call(lambda: self.client.close(timeout=CLUSTER_CALL_S), CLUSTER_CALL_S + 1)


def _with_run(job: FileJob, run: str) -> FileJob:
    from dataclasses import replace

    return replace(job, run=run)
