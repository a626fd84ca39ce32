"""Reading a file the user named: a regular file, checked on the opened descriptor.

A path may name anything: a named pipe that no one writes (``open`` would wait
forever), ``/dev/zero`` (a read would fill memory up to the limit), a terminal, a
socket, a directory.  Every file a user points at (the memory file, a checkpoint, a
proof, a key, a passphrase file) is opened here: without waiting
(``O_NONBLOCK``), then ``fstat`` on the descriptor decides, so a path swapped
between a check and the open cannot slip through.  Only a regular file is read
(and a pipe where a secret may come from one: ``--passphrase-file <(pass show x)``);
anything else is refused at once with what it is.  Callers turn the two errors
below into their own findings or messages.
"""

from __future__ import annotations

import errno
import io
import os
import stat

from .findings import message
from .i18n import Phrase

P_FIFO = Phrase(message("a named pipe (FIFO)"))
P_CHAR_DEVICE = Phrase(message("a character device"))
P_BLOCK_DEVICE = Phrase(message("a block device"))
P_SOCKET = Phrase(message("a socket"))
P_DIRECTORY = Phrase(message("a directory"))
P_SPECIAL = Phrase(message("a special file"))

_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
_FLAGS |= getattr(os, "O_BINARY", 0)


class NotAFile(Exception):
    """The path names something other than a regular file; ``kind`` says what
    (a translatable :class:`~inspector.core.i18n.Phrase`)."""

    def __init__(self, path: str, kind: Phrase) -> None:
        super().__init__(f"{path} is {kind}, not a regular file")
        self.path = path
        self.kind = kind


class FileTooLarge(Exception):
    """The file holds more than the limit; ``size`` is what ``fstat`` said (or the
    limit + 1 when it grew while being read)."""

    def __init__(self, path: str, size: int, limit: int) -> None:
        super().__init__(f"{path} is larger than {limit} bytes")
        self.path = path
        self.size = size
        self.limit = limit


def kind_of(mode: int) -> Phrase | None:
    """What a file of ``mode`` is, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return P_FIFO
    if stat.S_ISCHR(mode):
        return P_CHAR_DEVICE
    if stat.S_ISBLK(mode):
        return P_BLOCK_DEVICE
    if stat.S_ISSOCK(mode):
        return P_SOCKET
    if stat.S_ISDIR(mode):
        return P_DIRECTORY
    return P_SPECIAL


def _allowed(mode: int, pipes: bool) -> bool:
    return stat.S_ISREG(mode) or (pipes and stat.S_ISFIFO(mode))


def open_regular(path: str | os.PathLike[str], *, pipes: bool = False) -> io.FileIO:
    """The opened file at ``path`` when it is a regular file (or, with ``pipes``, a
    pipe or FIFO); never waits to open.  Raises :class:`NotAFile`, or
    :class:`OSError` when the system refuses (missing, permissions)."""
    name = os.fsdecode(path)
    try:
        before = os.stat(path).st_mode
    except OSError:
        before = None  # the open below says why
    if before is not None and not _allowed(before, pipes):
        kind = kind_of(before)
        assert kind is not None
        raise NotAFile(name, kind)  # refused without opening a device at all
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, or a FIFO opened for writing elsewhere
            try:
                kind = kind_of(os.stat(path).st_mode)
            except OSError:
                kind = None
            if kind is not None:
                raise NotAFile(name, kind) from None
        raise
    try:
        mode = os.fstat(fd).st_mode  # the descriptor decides, whatever the path says now
        if not _allowed(mode, pipes):
            kind = kind_of(mode)
            assert kind is not None
            raise NotAFile(name, kind)
        os.set_blocking(fd, True)  # a pipe's writer may still be writing: wait for its data
        return io.FileIO(fd, "rb", closefd=True)
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike[str], limit: int, *, pipes: bool = False) -> bytes:
    """All of the regular file at ``path`` (see :func:`open_regular`), refusing one of
    more than ``limit`` bytes before reading it (:class:`FileTooLarge`).  The bytes are
    read into one buffer of the file's size: no second copy."""
    with open_regular(path, pipes=pipes) as fh:
        size = os.fstat(fh.fileno()).st_size
        name = os.fsdecode(path)
        if size > limit:
            raise FileTooLarge(name, size, limit)
        data = fh.read(size + 1) if size else b""
        if not size or len(data) != size:  # a pipe or /proc file (size 0), a short read, growth
            chunks = [data]
            total = len(data)
            while total <= limit:
                chunk = fh.read(min(1 << 20, limit + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
            if total > limit:
                raise FileTooLarge(name, total, limit)
            data = b"".join(chunks) if len(chunks) > 1 else chunks[0]
        return data


def is_sealed(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a file that starts like a sealed alethech container
    (``ALETH``): only then is a passphrase or recovery code needed to open it.  A
    directory, a missing path, a HOM-AIMOS bundle or any other file is not (the opener
    says what it is); never raises."""
    try:
        with open_regular(path) as fh:  # a FIFO or a device is never waited on
            return fh.read(5) == b"ALETH"
    except (OSError, ValueError, NotAFile):  # ValueError: a name no file system can hold (a NUL)
        return False
