"""Progress on standard error: a line a person watches, or JSON lines for wrappers.

``auto`` shows the phase and count on a terminal once the run has taken more than
a second (and clears the line when done); ``json`` prints one object per update
(``{"type": "progress", "phase", "done", "total", "elapsed_s"}``) whatever stderr
is; ``off`` prints nothing.  The verifier calls :meth:`Progress.update` from its
own thread of work; a light timer thread redraws the line, so a long silent phase
(the key derivation of a sealed file) still shows that the program is alive.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import TextIO

from ..core.findings import message
from ..core.i18n import number, tr
from .output import SafeStream, terminal_width

MODES = ("auto", "off", "json")

PHASES = {
    "opening": message("opening the file"),
    "identities": message("reading identities and keys"),
    "signatures": message("checking signatures"),
    "graph": message("building the history graph"),
    "statuses": message("judging each object"),
    "done": message("finishing"),
}
COUNTED = message("{phase}: {done} of {total}")


class Progress:
    def __init__(
        self,
        stream: SafeStream | TextIO,
        mode: str = "auto",
        *,
        lang: str | None = None,
        delay: float = 1.0,
        interval: float = 0.2,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.lang = lang
        self.delay = delay
        self.interval = interval
        self.clock = clock
        self.json = mode == "json"
        self.human = mode == "auto" and _isatty(stream)
        self.phase, self.done, self.total = "opening", 0, 0
        self.t0 = clock()
        self._drawn = False
        self._last_json = -1.0
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @property
    def active(self) -> bool:
        return self.json or self.human

    def start(self) -> Progress:
        self.t0 = self.clock()
        if self.json:
            self._emit_json(force=True)
        if self.human:
            self._thread = threading.Thread(target=self._run, name="progress", daemon=True)
            # it touches nothing a forked verifier worker uses (issue 27): the verifier may fork
            self._thread.fork_safe = True  # type: ignore[attr-defined]
            self._thread.start()
        return self

    def update(self, phase: str, done: int, total: int) -> None:
        """The verifier's callback (``VerifyOptions.progress``)."""
        changed = phase != self.phase
        with self._lock:
            self.phase, self.done, self.total = phase, done, total
        if self.json:
            self._emit_json(force=changed or phase == "done")

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        with self._lock:
            if self._drawn:
                self._write("\r\x1b[K")
                self._drawn = False

    def __enter__(self) -> Progress:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ---------------------------------------------------------------- output
    def line(self) -> str:
        """The human progress line for the current state."""
        label = tr(PHASES[self.phase], self.lang) if self.phase in PHASES else self.phase
        if self.total > 1:
            done, total = number(self.done, self.lang), number(self.total, self.lang)
            label = tr(COUNTED, self.lang, phase=label, done=done, total=total)
        return f"{label} ({self.clock() - self.t0:.0f} s)"

    def draw(self) -> None:
        """Draw the line now, if the run is older than the delay."""
        if self.clock() - self.t0 < self.delay:
            return
        width = max(20, terminal_width(self.stream) - 1)
        with self._lock:
            text = self.line()[:width]
            self._write("\r\x1b[K" + text)
            self._drawn = True

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self.draw()

    def _emit_json(self, *, force: bool) -> None:
        now = self.clock()
        if not force and now - self._last_json < 0.1:
            return
        self._last_json = now
        doc = {
            "type": "progress",
            "phase": self.phase,
            "done": self.done,
            "total": self.total,
            "elapsed_s": round(now - self.t0, 3),
        }
        self._write(json.dumps(doc) + "\n")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            pass


def _isatty(stream: SafeStream | TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False
