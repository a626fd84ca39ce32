"""Worker processes that die with their parent (issue 27).

A ``verify`` killed by a timeout, by ``kill -9`` or by the end of the GUI's worker must
not leave its helpers running on a hostile payload for as long as they take.  Two
guards, because no one of them covers every platform and every way to die:

* **a parent-death signal** (Linux ``prctl(PR_SET_PDEATHSIG, SIGKILL)``): the kernel
  kills the worker the moment the thread that started it ends, whatever ended it;
* **a lifeline pipe**: the parent holds the only write end of a pipe the worker reads on
  a small thread; the operating system closes it when the parent ends, however it ends,
  and the read returns end-of-file: the worker exits at once.

The parent holds :class:`Lifeline` while its workers run; each worker calls
:func:`arm` first thing.  Nothing here imports the rest of the inspector.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from typing import Protocol

PR_SET_PDEATHSIG = 1
EXIT_ORPHANED = 70  # what a worker exits with when its parent is gone


class _Readable(Protocol):
    def recv_bytes(self) -> bytes: ...


def parent_death_signal() -> bool:
    """Ask the kernel to SIGKILL this process when its parent ends (Linux only); whether
    it was set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def arm(parent_pid: int, fd: int | None = None, conn: _Readable | None = None) -> None:
    """In a worker, before any work: end this process when ``parent_pid`` ends.  ``fd``
    (a forked worker) or ``conn`` (a spawned one) is the read end of the lifeline."""
    parent_death_signal()
    if os.getppid() != parent_pid:  # the parent died before the signal was set
        os._exit(EXIT_ORPHANED)
    if fd is not None or conn is not None:
        threading.Thread(target=_watch, args=(fd, conn), name="lifeline", daemon=True).start()


def _watch(fd: int | None, conn: _Readable | None) -> None:
    """Block until the parent's end of the lifeline closes, then end the process."""
    with contextlib.suppress(EOFError, OSError):
        while True:
            if conn is not None:
                conn.recv_bytes()
            elif fd is not None and not os.read(fd, 1):
                break
    os._exit(EXIT_ORPHANED)


class Lifeline:
    """The parent's side: a pipe whose write end only the parent keeps.  A forked worker
    closes :attr:`write_fd` and watches :attr:`read_fd`; the parent closes its read end
    once its workers are started (:meth:`started`) and the write end when they are done
    (:meth:`close`), or the operating system does when the parent dies."""

    def __init__(self) -> None:
        self.read_fd, self.write_fd = os.pipe()

    def started(self) -> None:
        if self.read_fd >= 0:
            os.close(self.read_fd)
            self.read_fd = -1

    def close(self) -> None:
        self.started()
        if self.write_fd >= 0:
            os.close(self.write_fd)
            self.write_fd = -1
