"""Progress messages of the worker-job protocol (:mod:`inspector.core.jobs`), Qt-free.

A job ships each message through ``send``; progress goes as ``("progress", phase,
done, total)``.  The verifier reports far more often than a window can redraw, so
:func:`throttled` turns ``send`` into a ``VerifyOptions.progress`` callback that
sends at most one update per interval, and always the last one of a phase.

The GUI jobs (:mod:`inspector.core.jobs`) and the authoring jobs
(:mod:`inspector.core.write.job`) both use it; it imports neither.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

Send = Callable[[tuple[Any, ...]], None]
"""Ships one picklable message from a job to the GUI."""


def throttled(
    send: Send, min_interval: float = 0.05, clock: Callable[[], float] = time.monotonic
) -> Callable[[str, int, int], None]:
    """A progress callback that sends ``("progress", phase, done, total)`` at most once
    per ``min_interval`` seconds, and always when ``done >= total`` (the end arrives)."""
    last = [0.0]

    def progress(phase: str, done: int, total: int) -> None:
        now = clock()
        if now - last[0] >= min_interval or done >= total:
            last[0] = now
            send(("progress", phase, done, total))

    return progress
