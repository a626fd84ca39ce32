"""Never lose data: the one atomic writer, the write lock, and the leftovers finder.

Every file this program writes goes through :func:`atomic_write` (or its
streaming form :func:`atomic_writer`): a temporary file beside the target
(mode set explicitly, 0600 unless asked otherwise) → fsync → atomic rename (or,
for a new file, a no-clobber link) → directory fsync.  The target path holds
the old file or the complete new one at every instant.

Names this program owns beside a file ``F`` (and deletes only by these exact
names, never by pattern): the temporary file ``.F.aleth-inspector.tmp``, the
lock file ``.F.aleth-inspector.lock`` (empty, kept so waiters share one inode)
and the backup ``F.bak`` of an in-place write.  Older builds left backups named
``F.bak-YYYYmmdd-HHMMSS-PID``; :func:`stale_leftovers` recognises those too,
but only when they are sealed copies that open with credentials ``F`` no longer
accepts.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import io
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..errors import KeyError_, OperationError
from ..findings import message
from ..keys import KeyPair

if TYPE_CHECKING:
    from ..findings import Finding

TMP_SUFFIX = ".aleth-inspector.tmp"
LOCK_SUFFIX = ".aleth-inspector.lock"
BACKUP_SUFFIX = ".bak"
_LEGACY_BACKUP = re.compile(r"\.bak-\d{8}-\d{6}-\d+")  # older builds: F.bak-YYYYmmdd-HHMMSS-PID
_MAGICS = (b"ALETH001", b"ALETH002")

MISSING_DIR = message("directory {directory} does not exist")
EXISTS = message("{path} already exists; choose another path")
CANNOT_WRITE = message("cannot write {path}: {reason}")
BUSY = message("{path} is being written by another process")
CANNOT_LOCK = message("cannot lock {path} for writing: {reason}")
TEMP_IS_LINK = message("cannot write {path}: its temporary name {temp} is a symbolic link")


def _err(code: str, template: str, *, likely_cause: str | None = None, **params: Any) -> OperationError:
    return OperationError.templated(code, template, likely_cause=likely_cause, **params)


def temp_path(target: str | os.PathLike[str]) -> Path:
    """The one temporary name used while ``target`` is written."""
    t = Path(target)
    return t.parent / f".{t.name}{TMP_SUFFIX}"


def lock_path(target: str | os.PathLike[str]) -> Path:
    t = Path(target)
    return t.parent / f".{t.name}{LOCK_SUFFIX}"


def backup_path(target: str | os.PathLike[str]) -> Path:
    """The backup an in-place write keeps (replaced by the next one)."""
    t = Path(target)
    return t.parent / f"{t.name}{BACKUP_SUFFIX}"


def _parent(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def fsync_dir(path: str | os.PathLike[str]) -> None:
    """Make a rename or new entry in directory ``path`` durable (best effort)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def sha256_file(path: str | os.PathLike[str]) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# --------------------------------------------------------------------------- the temp file


def _open_temp(target: Path) -> tuple[int, Path]:
    """Create the temp file exclusively and hold a flock on it while writing.

    A leftover of a killed run (nobody holds its flock) is reclaimed by its exact
    name; one another writer holds means that writer is busy with ``target``."""
    tmp = temp_path(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    for _attempt in range(2):
        try:
            fd = os.open(tmp, flags, 0o600)
        except FileExistsError:
            _reclaim(tmp, target)
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise _err("busy", BUSY, path=target) from None
        return fd, tmp
    raise _err("busy", BUSY, path=target)


def _reclaim(tmp: Path, target: Path) -> None:
    try:
        st = os.lstat(tmp)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISREG(st.st_mode):
        raise _err("write_failed", TEMP_IS_LINK, path=target, temp=tmp)
    try:
        fd = os.open(tmp, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise _err("busy", BUSY, path=target) from None
        now = os.fstat(fd)
        try:
            current = os.lstat(tmp)
        except FileNotFoundError:
            return
        if (now.st_dev, now.st_ino) == (current.st_dev, current.st_ino):
            os.unlink(tmp)  # a killed run's leftover, by its exact name
    finally:
        os.close(fd)


def _set_owner(fd: int, owner: tuple[int, int] | None) -> None:
    if owner is None:
        return
    uid, gid = owner
    for u, g in ((uid, gid), (-1, gid)):
        try:
            os.fchown(fd, u, g)
            return
        except PermissionError:
            continue
        except OSError:
            return


def _publish(tmp: Path, target: Path, overwrite: bool) -> None:
    if overwrite:
        os.replace(tmp, target)
        return
    try:
        os.link(tmp, target)  # fails if target exists: no clobbering, no race
    except FileExistsError:
        raise _err("target_exists", EXISTS, path=target) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS):
            raise
        if os.path.lexists(target):  # a file system without hard links
            raise _err("target_exists", EXISTS, path=target) from None
        os.replace(tmp, target)
        return
    os.unlink(tmp)


class _RawFd(io.RawIOBase):
    """A raw binary sink over an open descriptor (no close: the writer owns it)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def writable(self) -> bool:
        return True

    def write(self, b: object) -> int:
        return os.write(self._fd, b)  # type: ignore[arg-type]

    def close(self) -> None:  # the descriptor is closed by atomic_writer
        self._fd = -1
        super().close()


@contextlib.contextmanager
def atomic_writer(
    path: str | os.PathLike[str],
    *,
    mode: int = 0o600,
    overwrite: bool = True,
    owner: tuple[int, int] | None = None,
) -> Iterator[IO[bytes]]:
    """Stream into ``path`` atomically: the body writes to a binary file; when it
    ends normally the file is fsynced and renamed into place, when it raises the
    temp file is removed and ``path`` is untouched.

    ``mode`` is set explicitly (the umask does not apply); ``owner`` (uid, gid)
    is kept where the system permits; ``overwrite=False`` refuses an existing
    ``path`` atomically.  Raises :class:`OperationError` (``target_directory_missing``,
    ``target_exists``, ``busy``, ``write_failed``)."""
    target = Path(path)
    parent = _parent(target)
    if not parent.is_dir():
        raise _err("target_directory_missing", MISSING_DIR, directory=parent)
    if not overwrite and os.path.lexists(target):
        raise _err("target_exists", EXISTS, path=target)
    tmp: Path | None = None
    fd = -1
    try:
        fd, tmp = _open_temp(target)
        os.fchmod(fd, mode)
        _set_owner(fd, owner)
        sink = io.BufferedWriter(_RawFd(fd), buffer_size=1 << 20)
        try:
            yield sink
            sink.flush()
        finally:
            with contextlib.suppress(OSError, ValueError):
                sink.detach()
        os.fsync(fd)
        os.close(fd)
        fd = -1
        _publish(tmp, target, overwrite)
        tmp = None
        fsync_dir(parent)
    except OSError as exc:
        raise _err(
            "write_failed",
            CANNOT_WRITE,
            path=target,
            reason=exc.strerror or str(exc),
            likely_cause="the directory is not writable or the disk is full",
        ) from exc
    finally:
        if fd >= 0:
            os.close(fd)
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def atomic_write(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    mode: int = 0o600,
    overwrite: bool = True,
    owner: tuple[int, int] | None = None,
) -> Path:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_writer`)."""
    with atomic_writer(path, mode=mode, overwrite=overwrite, owner=owner) as fh:
        fh.write(data)
    return Path(path)


def rename_exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux renameat2 RENAME_EXCHANGE); False if
    the platform cannot."""
    import ctypes
    import ctypes.util
    import sys

    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_fdcwd, rename_exchange_flag = -100, 2
    if fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange_flag) != 0:
        err = ctypes.get_errno()
        if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # the file system cannot
            return False
        raise OSError(err, os.strerror(err), str(a))
    return True


# --------------------------------------------------------------------------- the write lock

_HELD: dict[str, list[int]] = {}  # lock file → [descriptor, depth] held by this process


def _forget_inherited() -> None:
    """A forked child holds none of its parent's locks: it drops its copies of the
    descriptors (the parent's lock stays, flock belongs to the open file description)."""
    for fd, _depth in _HELD.values():
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_inherited)


@contextlib.contextmanager
def exclusive(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the exclusive write lock of ``path`` (a file or a directory store).

    An advisory ``flock`` on the lock file ``.F.aleth-inspector.lock`` beside it,
    taken without waiting: when another process holds it, :class:`OperationError`
    ``busy`` says "PATH is being written by another process".  The same process
    may nest it (the CLI holds it for the read-verify-write cycle, the writer
    takes it again).  The kernel frees the lock of a killed holder at once; the
    (empty) lock file stays, so every process locks the same inode."""
    target = Path(path)
    lp = lock_path(target)
    key = os.path.abspath(lp)
    held = _HELD.get(key)
    if held is not None:
        held[1] += 1
        try:
            yield
        finally:
            held[1] -= 1
        return
    if not _parent(target).is_dir():
        raise _err("target_directory_missing", MISSING_DIR, directory=_parent(target))
    try:
        fd = os.open(lp, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as exc:
        raise _err("lock_failed", CANNOT_LOCK, path=target, reason=exc.strerror or str(exc)) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise _err(
                "busy",
                BUSY,
                path=target,
                likely_cause="another aleth-inspector (or the app) is writing it; try again when it is done",
            ) from None
        raise _err("lock_failed", CANNOT_LOCK, path=target, reason=exc.strerror or str(exc)) from exc
    _HELD[key] = [fd, 1]
    try:
        yield
    finally:
        del _HELD[key]
        os.close(fd)  # releases the lock


# --------------------------------------------------------------------------- leftovers (issue 16)


def _read_envelope_header(path: Path) -> tuple[str, object] | None:
    """(format, header) of a sealed file from its first bytes, or None when it
    is not a regular file holding a structurally valid container start."""
    from ..container import MAX_HEADER, parse_envelope
    from ..errors import ContainerError

    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return None
        with open(path, "rb") as fh:
            prefix = fh.read(12)
            if prefix[:8] not in _MAGICS or len(prefix) < 12:
                return None
            hlen = int.from_bytes(prefix[8:12], "big")
            if not 0 < hlen <= MAX_HEADER:
                return None
            rest = fh.read(hlen + 16)
    except OSError:
        return None
    try:
        env = parse_envelope(prefix + rest)
    except ContainerError:
        return None
    return env.format, env.header.get("slots") if env.format == "ALETH002" else None


def _in_use(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def _candidates(target: Path) -> list[Path]:
    bak = backup_path(target)
    out = [bak, temp_path(bak), temp_path(target)]
    try:
        with os.scandir(_parent(target)) as it:
            for entry in it:
                name = entry.name
                if name.startswith(target.name) and _LEGACY_BACKUP.fullmatch(name[len(target.name) :]):
                    out.append(_parent(target) / name)
    except OSError:
        pass
    return out


def sealed_copies(path: str | os.PathLike[str]) -> list[Path]:
    """Sealed copies beside ``path`` under the names this program (or an older build
    of it) gives them — ``F.bak``, the temp files of ``F`` and ``F.bak``, and
    ``F.bak-YYYYmmdd-HHMMSS-PID`` — that are regular files starting as a valid
    container.  Never a symbolic link, never a temp file another writer holds."""
    target = Path(path)
    found = []
    for cand in _candidates(target):
        if not os.path.lexists(cand) or _read_envelope_header(cand) is None:
            continue
        if cand.name.endswith(TMP_SUFFIX) and _in_use(cand):
            continue  # being written right now
        found.append(cand)
    return found


def stale_leftovers(path: str | os.PathLike[str]) -> list[Path]:
    """The :func:`sealed_copies` of the ALETH002 file ``path`` that open with
    credentials it no longer accepts: their unlock slots differ from ``path``'s (a
    re-key changes every slot; an ordinary write keeps them).  Reads container
    headers only; an ALETH001 file has none (a re-key makes ALETH002)."""
    current = _read_envelope_header(Path(path))
    if current is None or current[0] != "ALETH002":
        return []
    found = []
    for cand in sealed_copies(path):
        other = _read_envelope_header(cand)
        if other is not None and not (other[0] == "ALETH002" and other[1] == current[1]):
            found.append(cand)
    return found


def remove_stale_leftovers(path: str | os.PathLike[str]) -> list[Path]:
    """Delete exactly the files :func:`stale_leftovers` names; returns them."""
    removed = []
    for p in stale_leftovers(path):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(p)
            removed.append(p)
    if removed:
        fsync_dir(_parent(Path(path)))
    return removed


STALE_LEFTOVER = message(
    "the leftover copy {path} still opens with an old passphrase or recovery code; delete it (rm -- {path})"
)


# the code stale_backup_old_credentials is in the alethech code table (core/codes/alethech.py)


def stale_leftover_findings(path: str | os.PathLike[str]) -> list[Finding]:
    """One ``stale_backup_old_credentials`` warning per stale leftover beside ``path``
    (for the opener to add to the report)."""
    from ..findings import Severity, make_finding

    return [
        make_finding(
            "stale_backup_old_credentials",
            Severity.WARNING,
            "store",
            "",
            STALE_LEFTOVER,
            (),
            expected="no copy that an old passphrase or recovery code opens",
            found=str(p),
            likely_cause="an earlier re-key or recovery was interrupted, or an older version kept a backup",
            path=str(p),
        )
        for p in stale_leftovers(path)
    ]


def write_private_key(path: str | os.PathLike[str], key: KeyPair) -> Path:
    """Write ``key`` as PEM to exactly ``path`` with mode 0600 (never elsewhere),
    atomically through the one writer.  Refuses to overwrite an existing file."""
    p = Path(path)
    try:
        return atomic_write(p, key.pem(), mode=0o600, overwrite=False)
    except OperationError as exc:
        if exc.code == "target_exists":
            raise KeyError_("key_exists", f"refusing to overwrite existing key file {p}") from exc
        raise KeyError_("key_unwritable", f"cannot write key file {p}: {exc.message}") from exc
