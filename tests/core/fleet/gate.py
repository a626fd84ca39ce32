"""A file that is verified only when the test says so.

Tests hold a worker in the middle of a file — to kill it, cancel the run, stop the
scheduler or send the audit a signal — without a named pipe (the container reader refuses
non-regular files, and discovery skips them) and without sleeping.  A *gated* file is any
memory file whose name starts with ``gate-``.  The worker that takes it (a local worker
process, a Dask worker, or this process) first writes ``<GATES>/<name>.entered`` (its pid),
then waits for ``<GATES>/<name>.go`` to exist, then audits the file for real.  ``GATES``
is the folder in the ``ALETH_TEST_GATES`` environment variable (workers inherit it).

While it waits, a gated task stops when its run is cancelled on the worker
(:func:`inspector.core.fleet.task.cancel_run`), as a verification does at its next check;
a file named ``hang-…`` ignores cancellation (a read on a file system that does not
answer).

The executors submit their task function by reference, so :func:`install` (which
replaces it with :func:`gated_audit_file` / :func:`gated_on_dask_worker`, functions of this
importable module) makes every worker run the gate, in any process that unpickles it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

ENV = "ALETH_TEST_GATES"
POLL_S = 0.02


def _name(job) -> str:  # type: ignore[no-untyped-def]
    return os.path.basename(job.location.rstrip("/"))


def gated(job) -> bool:  # type: ignore[no-untyped-def]
    return _name(job).startswith(("gate-", "hang-"))


def wait_at_gate(job) -> None:  # type: ignore[no-untyped-def]
    from inspector.core.errors import Cancelled
    from inspector.core.fleet import task

    gates = Path(os.environ[ENV])
    name = _name(job)
    tmp = gates / f".{name}.{os.getpid()}.tmp"
    tmp.write_text(str(os.getpid()))
    os.replace(tmp, gates / f"{name}.entered")
    go = gates / f"{name}.go"
    cancellable = name.startswith("gate-")
    while not go.exists():
        if cancellable and job.run and job.run in task._CANCELLED_RUNS:
            (gates / f"{name}.cancelled").write_text(str(os.getpid()))
            raise Cancelled()
        time.sleep(POLL_S)  # a worker waiting for the test, not a test waiting for time


def gated_audit_file(job):  # type: ignore[no-untyped-def]
    from inspector.core.fleet.task import audit_file

    if gated(job):
        wait_at_gate(job)
    return audit_file(job)


def gated_on_dask_worker(job):  # type: ignore[no-untyped-def]
    from distributed import get_worker

    result = gated_audit_file(job)
    result.address = str(get_worker().address)
    return result


def install(monkeypatch=None) -> None:  # type: ignore[no-untyped-def]
    """Make the executors submit the gated task functions (``monkeypatch``: undone after the test)."""
    from inspector.core.fleet import executors

    if monkeypatch is None:
        executors.audit_file = gated_audit_file
        executors._on_dask_worker = gated_on_dask_worker
    else:
        monkeypatch.setattr(executors, "audit_file", gated_audit_file)
        monkeypatch.setattr(executors, "_on_dask_worker", gated_on_dask_worker)


class Gates:
    """The test's side: where the gates are, who entered, opening them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def entered(self, name: str) -> int | None:
        """The pid of the worker waiting at ``name``'s gate, or None (yet)."""
        p = self.folder / f"{name}.entered"
        try:
            return int(p.read_text())
        except (FileNotFoundError, ValueError):
            return None

    def cancelled(self, name: str) -> bool:
        return (self.folder / f"{name}.cancelled").exists()

    def open(self, name: str) -> None:
        (self.folder / f"{name}.go").write_text("go")

    def reset(self, name: str) -> None:
        for suffix in ("entered", "go", "cancelled"):
            (self.folder / f"{name}.{suffix}").unlink(missing_ok=True)
