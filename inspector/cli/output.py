"""Writing to the terminal so that nothing can crash the command.

While a command runs, ``sys.stdout`` and ``sys.stderr`` are :class:`SafeStream`
proxies: what the stream's encoding cannot carry is escaped (glyph fallbacks and
backslash escapes for text, ``\\uXXXX`` for JSON), and a stream that cannot be
written to any more ends the output quietly instead of raising:

* a pipe whose reader has gone (``| head -1``, ``EPIPE``) or a stream the caller
  closed before the command started (``>&-``) is *closed*: nobody reads it, the
  command exits with its own code (the verdict's);
* any other write error (a full disk, ``ENOSPC``; an I/O error) *loses* output that
  was asked for: the command line then says so on standard error and exits with
  :data:`~inspector.cli.common.EXIT_OUTPUT_FAILED` (6), never with a traceback.
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

_READER_GONE = (errno.EPIPE, errno.ECONNRESET)


def _reader_gone(exc: BaseException) -> bool:
    return isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno in _READER_GONE)


class SafeStream:
    """A text stream that escapes what it cannot encode and never raises on a write.

    ``broken``: nothing more is written.  ``lost``: the write error that lost output
    someone wanted (None when nothing was lost, or the reader went away)."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self.broken = stream is None  # a descriptor closed before the start (>&-)
        self.lost: OSError | None = None
        self.written = 0  # characters handed to the stream (a test's view of progress)

    @property
    def stream(self) -> TextIO | None:
        return self._stream

    @property
    def encoding(self) -> str:
        return getattr(self._stream, "encoding", None) or "utf-8"

    def _failed(self, exc: BaseException) -> None:
        """Record why the stream stopped: a reader that went away, a closed stream, or
        output lost (a full disk, an I/O error)."""
        self.broken = True
        if isinstance(exc, OSError) and not _reader_gone(exc) and self.lost is None:
            self.lost = exc

    def _write(self, text: str, kind: str) -> int:
        if not self.broken and text:
            try:
                assert self._stream is not None
                self._stream.write(for_stream(text, self.encoding, kind=kind))
                self.written += len(text)
            except (OSError, ValueError) as exc:  # ValueError: the stream was closed
                self._failed(exc)
        return len(text)

    def write(self, text: str) -> int:
        return self._write(text, "text")

    def write_json(self, text: str) -> int:
        """Write JSON text: unencodable characters become JSON escapes, not glyphs."""
        return self._write(text, "json")

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self.broken or self._stream is None:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            self._failed(exc)

    def isatty(self) -> bool:
        try:
            return bool(self._stream is not None and self._stream.isatty())
        except (OSError, ValueError, AttributeError):
            return False

    def fileno(self) -> int:
        if self._stream is None:
            raise OSError(errno.EBADF, "standard stream closed")
        return self._stream.fileno()

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def _silence(stream: TextIO) -> None:
    """Point a broken stream's descriptor at /dev/null, so the interpreter's final
    flush of what is still buffered neither fails nor prints an error."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


def guard_standard_descriptors() -> tuple[int, ...]:
    """Open /dev/null on any of descriptors 0, 1 and 2 that is closed (``>&-``), so
    that no file the command opens later takes that number and receives what was
    meant for a terminal.  Returns the descriptors that were closed."""
    closed = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.append(fd)
    for fd in closed:
        with contextlib.suppress(OSError):
            new = os.open(os.devnull, os.O_RDWR)
            if new != fd:
                os.dup2(new, fd)
                os.close(new)
    return tuple(closed)


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
