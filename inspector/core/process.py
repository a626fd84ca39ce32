"""The process while it holds secrets: no core dumps, and interruptions that come
at a moment the program chooses.

:func:`harden` turns core dumps off for the whole process (``RLIMIT_CORE`` 0 and,
on Linux, ``prctl(PR_SET_DUMPABLE, 0)``): a crash while passphrases, private keys
or plaintext are in memory leaves no file holding them (SPEC E5).  The command
line calls it first thing, the desktop app when it starts and each worker process
when it starts.

:func:`signals_deferred` holds SIGINT, SIGTERM and SIGHUP back while a write
switches files: the signal is recorded, not acted on, and the writer looks at
:attr:`Deferral.pending` between its steps (before the switch it abandons the
write and leaves nothing new; after it, it finishes).  :func:`terminate_as_interrupt`
makes SIGTERM and SIGHUP end a command the way Ctrl-C does (an exception the
command answers with its last words), instead of killing it silently.

This module is a ground floor: it imports nothing from the rest of the core.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

DEFERRED_SIGNALS = tuple(
    s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP")) if s is not None
)

PR_SET_DUMPABLE = 4
PR_GET_DUMPABLE = 3


class Interrupted(KeyboardInterrupt):
    """A signal (SIGINT, SIGTERM, SIGHUP) ended the work.  A KeyboardInterrupt, so
    that everything that answers Ctrl-C answers the others the same way."""

    def __init__(self, signum: int = int(signal.SIGINT)) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        try:
            return signal.Signals(self.signum).name
        except ValueError:
            return str(self.signum)


# --------------------------------------------------------------------------- core dumps


def _libc() -> Any:
    """The C library (Linux only: its symbols are the process's own, as in
    :mod:`.lifeline`; no search, which would import ``ctypes.util`` and its subprocess)."""
    import ctypes

    return ctypes.CDLL(None, use_errno=True)


def harden() -> None:
    """Turn core dumps off for this process (best effort where the platform lacks a
    mechanism; never raises): the core size limit is 0 (children inherit it; the hard
    limit is left alone, so a program this one starts may raise it again), and on
    Linux the process is not dumpable (no core, no ptrace by other processes of the
    user; reset by exec)."""
    try:
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
        resource.setrlimit(resource.RLIMIT_CORE, (0, hard))
    except (ImportError, ValueError, OSError):
        pass
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            _libc().prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


def dumpable() -> bool | None:
    """The Linux dumpable flag of this process (None elsewhere)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return int(_libc().prctl(PR_GET_DUMPABLE, 0, 0, 0, 0)) != 0
    except (OSError, AttributeError):
        return None


def core_dumps_off() -> bool:
    """Whether this process can leave no core dump (what :func:`harden` set)."""
    try:
        import resource

        if resource.getrlimit(resource.RLIMIT_CORE)[0] != 0:
            return False
    except ImportError:
        return False
    return dumpable() is not True


# --------------------------------------------------------------------------- interruptions


@dataclass
class Deferral:
    """The signals that arrived while they were deferred (the first one is ``pending``)."""

    received: list[int] = field(default_factory=list)
    active: bool = False  # False where signals cannot be deferred (not the main thread)

    @property
    def pending(self) -> int | None:
        return self.received[0] if self.received else None

    def check(self) -> None:
        """Raise :class:`Interrupted` when a signal is pending (the writer calls this
        at each step before its switch)."""
        if self.received:
            raise Interrupted(self.received[0])


_DEFERRALS: list[Deferral] = []


def current_deferral() -> Deferral | None:
    """The innermost :func:`signals_deferred` block running now, if any."""
    return _DEFERRALS[-1] if _DEFERRALS else None


@contextlib.contextmanager
def signals_deferred() -> Iterator[Deferral]:
    """Record SIGINT, SIGTERM and SIGHUP instead of acting on them, for the block.

    Nested blocks share the outermost one's record.  Outside the main thread
    signals cannot be caught; the block then defers nothing (``active`` False).
    The previous handlers come back at the end; a recorded signal is *not*
    re-raised: the caller decides (``pending``)."""
    outer = current_deferral()
    if outer is not None:
        _DEFERRALS.append(outer)
        try:
            yield outer
        finally:
            _DEFERRALS.pop()
        return
    deferral = Deferral()
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():

        def record(signum: int, _frame: FrameType | None) -> None:
            deferral.received.append(signum)

        try:
            for s in DEFERRED_SIGNALS:
                previous[s] = signal.signal(s, record)
            deferral.active = True
        except (ValueError, OSError):  # pragma: no cover - an embedding that forbids it
            pass
    _DEFERRALS.append(deferral)
    try:
        yield deferral
    finally:
        _DEFERRALS.pop()
        for s, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(s, handler)


def _raise_interrupted(signum: int, _frame: FrameType | None) -> None:
    raise Interrupted(signum)


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """For the block, SIGTERM and SIGHUP raise :class:`Interrupted` like Ctrl-C does
    (main thread only; elsewhere nothing changes)."""
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            s = getattr(signal, name, None)
            if s is None:
                continue
            with contextlib.suppress(ValueError, OSError):
                previous[s] = signal.signal(s, _raise_interrupted)
    try:
        yield
    finally:
        for s, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(s, handler)
