"""Writing to the terminal so that nothing can crash the command.

While a command runs, ``sys.stdout`` and ``sys.stderr`` are :class:`SafeStream`
proxies: what the stream's encoding cannot carry is escaped (glyph fallbacks and
backslash escapes for text, ``\\uXXXX`` for JSON), and a closed pipe (``| head -1``)
ends the output quietly instead of raising, so the command still exits with its
verdict's code.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..core.render.safe import for_stream


def _closed_pipe(exc: BaseException) -> bool:
    return isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno == errno.EPIPE)


class SafeStream:
    """A text stream that escapes what it cannot encode and survives a closed pipe."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.broken = False

    @property
    def stream(self) -> TextIO:
        return self._stream

    @property
    def encoding(self) -> str:
        return getattr(self._stream, "encoding", None) or "utf-8"

    def _write(self, text: str, kind: str) -> int:
        if not self.broken and text:
            try:
                self._stream.write(for_stream(text, self.encoding, kind=kind))
            except (OSError, ValueError) as exc:  # ValueError: the stream was closed
                if not (_closed_pipe(exc) or isinstance(exc, ValueError)):
                    raise
                self.broken = True
        return len(text)

    def write(self, text: str) -> int:
        return self._write(text, "text")

    def write_json(self, text: str) -> int:
        """Write JSON text: unencodable characters become JSON escapes, not glyphs."""
        return self._write(text, "json")

    def flush(self) -> None:
        if self.broken:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            if not (_closed_pipe(exc) or isinstance(exc, ValueError)):
                raise
            self.broken = True

    def isatty(self) -> bool:
        try:
            return bool(self._stream.isatty())
        except (OSError, ValueError, AttributeError):
            return False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _silence(stream: TextIO) -> None:
    """Point a closed pipe's descriptor at /dev/null, so the interpreter's final
    flush of what is still buffered does not report a BrokenPipeError."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


@contextlib.contextmanager
def safe_streams() -> Iterator[tuple[SafeStream, SafeStream]]:
    """Replace ``sys.stdout``/``sys.stderr`` with :class:`SafeStream` for the block."""
    old_out, old_err = sys.stdout, sys.stderr
    out = old_out if isinstance(old_out, SafeStream) else SafeStream(old_out)
    err = old_err if isinstance(old_err, SafeStream) else SafeStream(old_err)
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        out.flush()
        err.flush()
        sys.stdout, sys.stderr = old_out, old_err
        for proxy, real in ((out, sys.__stdout__), (err, sys.__stderr__)):
            if proxy.broken and real is not None and proxy.stream is real:
                _silence(real)


def stdout() -> SafeStream:
    """The current standard output as a :class:`SafeStream`."""
    s = sys.stdout
    return s if isinstance(s, SafeStream) else SafeStream(s)


def stderr() -> SafeStream:
    s = sys.stderr
    return s if isinstance(s, SafeStream) else SafeStream(s)


def use_color(stream: SafeStream | TextIO) -> bool:
    """Colour only on a terminal, never with ``NO_COLOR`` set (https://no-color.org) or TERM=dumb."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False


def terminal_width(stream: SafeStream | TextIO) -> int:
    """The terminal's width when ``stream`` is one (``COLUMNS`` first), else 80."""
    try:
        if not stream.isatty():
            return 80
    except (OSError, ValueError, AttributeError):
        return 80
    return shutil.get_terminal_size((80, 24)).columns
