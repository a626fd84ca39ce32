"""Never lose data: the one atomic writer, its transaction, the locks, and the leftovers finder.

Every file this program writes goes through :func:`atomic_write` (or its
streaming form :func:`atomic_writer`): a temporary file beside the target
(mode set explicitly, 0600 unless asked otherwise) → fsync → atomic rename (or,
for a new file, a no-clobber link) → directory fsync.  The target path holds
the old file or the complete new one at every instant.

An authoring write changes several files at once — the memory file, a new private
key, a recovery code, the backup — and :func:`apply` makes that one transaction
(SPEC E5):

1. **journal**: ``.F.aleth-inspector.txn`` names every file the run will create
   (paths and SHA-256, never a secret) — durable before anything else;
2. **stage**: every output is written under its temporary name, given its mode,
   owner and extended attributes, fsynced and read back; the backup of an in-place
   write is a hard link to the current file (or a copy);
3. **publish the secrets**: each new key or recovery code is linked to its final
   name (never over an existing file) and its directory fsynced;
4. **switch**: the new file replaces FILE (a rename; a no-clobber link for a new
   path; an atomic exchange for a directory store) — the commit point;
5. **finish**: the backup takes the name ``F.bak`` (only now: the old ``F.bak``
   survives anything that fails earlier), the temporary names and the journal go.

SIGINT, SIGTERM and SIGHUP are deferred for the whole transaction
(:func:`inspector.core.process.signals_deferred`): one that arrives before the
switch abandons it (everything this run created is removed, by exact name and
only when it is still the file this run made) and :class:`~inspector.core.process.Interrupted`
is raised; one that arrives after it is reported in :attr:`Committed.interrupted`
once the transaction is complete.  A failure before the switch is rolled back the
same way; after it, the write stands and what could not be finished is a warning.
A run killed outright (SIGKILL, power loss) leaves the journal: the next write to
the same target (:func:`recover`, under the lock) finishes it when the switch had
happened, or removes what it created when it had not.  So at every instant FILE is
the old file or the new one; when it is the new one every secret is at its final
name; and once the journal is resolved, an old FILE has nothing new beside it.

Names this program owns beside a file ``F`` (and deletes only by these exact
names, never by pattern): the temporary file ``.F.aleth-inspector.tmp``, the lock
file ``.F.aleth-inspector.lock`` (empty, kept so waiters share one inode), the
journal ``.F.aleth-inspector.txn`` and the backup ``F.bak`` of an in-place write
(replaced, never deleted).  Older builds left backups named
``F.bak-YYYYmmdd-HHMMSS-PID``; :func:`stale_leftovers` reports those that open
with credentials ``F`` no longer accepts, and nothing ever deletes them.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import io
import json
import os
import re
import shutil
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..errors import KeyError_, OperationError
from ..findings import message
from ..i18n import Phrase
from ..keys import KeyPair
from ..process import Deferral, signals_deferred

if TYPE_CHECKING:
    from ..findings import Finding

TMP_SUFFIX = ".aleth-inspector.tmp"
LOCK_SUFFIX = ".aleth-inspector.lock"
TXN_SUFFIX = ".aleth-inspector.txn"
OLD_SUFFIX = ".aleth-inspector.old"
BACKUP_SUFFIX = ".bak"
_LEGACY_BACKUP = re.compile(r"\.bak-\d{8}-\d{6}-\d+")  # older builds: F.bak-YYYYmmdd-HHMMSS-PID
_MAGICS = (b"ALETH001", b"ALETH002")
JOURNAL_FORMAT = "aleth-inspector/journal/1"

MISSING_DIR = message("directory {directory} does not exist")
EXISTS = message("{path} already exists; choose another path")
TAKEN = message("{path} already exists ({kind}); choose a new path")
PARENT_NOT_DIR = message("{directory} is not a directory")
CANNOT_WRITE = message("cannot write {path}: {reason}")
BUSY = message("{path} is being written by another process")
HELD_BY_OTHER = message("another program holds a lock on {path}")
CANNOT_LOCK = message("cannot lock {path} for writing: {reason}")
TEMP_IS_LINK = message("cannot write {path}: its temporary name {temp} is a symbolic link")
NOT_REGULAR = message("{path} is {kind}, not a regular file or a store directory")
IS_LINK = message("{path} is a symbolic link; write to the file it points to, or to a new path (-o)")
OWNER_NOT_KEPT = message(
    "{path} belongs to user {uid} and group {gid}; the new file could not be given that owner"
)
XATTR_NOT_KEPT = message("the extended attribute {name} of {path} could not be kept: {reason}")
BACKUP_NOT_KEPT = message("the previous version could not be kept as {backup}: {reason}")
SOURCE_MOVED = message("{path} changed after it was read; nothing was written")
RECOVERED_FORWARD = message(
    "a write to {path} was interrupted after the new file was in place; it is finished now "
    "({count} files put in place or tidied)"
)
RECOVERED_BACK = message(
    "a write to {path} was interrupted before the new file was in place; the {count} files it had made "
    "are removed"
)
JOURNAL_LEFT = message("{journal} is not a journal this program can use; it is left alone")
CLEANUP_LEFT = message("{path} could not be removed: {reason}; the next write removes it")
# kinds of file (a parameter of NOT_REGULAR and TAKEN)
K_FILE = message("a file")
K_DIRECTORY = message("a directory")
K_FIFO = message("a FIFO")
K_DEVICE = message("a device")
K_SOCKET = message("a socket")
K_LINK = message("a symbolic link")
K_OTHER = message("a special file")

# Tests inject a signal or a failure at each named step of :func:`apply` through this
# hook (called with the step's name); nothing else sets it.
STEP_HOOK: Callable[[str], None] | None = None


def _err(code: str, template: str, *, likely_cause: str | None = None, **params: Any) -> OperationError:
    return OperationError.templated(code, template, likely_cause=likely_cause, **params)


def temp_path(target: str | os.PathLike[str]) -> Path:
    """The one temporary name used while ``target`` is written."""
    t = Path(target)
    return t.parent / f".{t.name}{TMP_SUFFIX}"


def lock_path(target: str | os.PathLike[str]) -> Path:
    t = Path(target)
    return t.parent / f".{t.name}{LOCK_SUFFIX}"


def journal_path(target: str | os.PathLike[str]) -> Path:
    """The journal of a transaction on ``target`` (exists only while one is unfinished)."""
    t = Path(target)
    return t.parent / f".{t.name}{TXN_SUFFIX}"


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


def kind_of(mode: int) -> Phrase:
    """What kind of file ``mode`` describes, as a translatable phrase."""
    for test, template in (
        (stat.S_ISREG, K_FILE),
        (stat.S_ISDIR, K_DIRECTORY),
        (stat.S_ISFIFO, K_FIFO),
        (stat.S_ISCHR, K_DEVICE),
        (stat.S_ISBLK, K_DEVICE),
        (stat.S_ISSOCK, K_SOCKET),
        (stat.S_ISLNK, K_LINK),
    ):
        if test(mode):
            return Phrase(template)
    return Phrase(K_OTHER)


def check_new_target(path: str | os.PathLike[str]) -> None:
    """Refuse, before any work, a path a new file cannot be written to: one that exists
    (a file, a directory, a FIFO, a link…) or whose directory is missing.  Raises
    :class:`OperationError` ``target_exists`` or ``target_directory_missing``."""
    target = Path(path)
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        raise _err("target_directory_missing", PARENT_NOT_DIR, directory=_parent(target)) from None
    except OSError as exc:
        raise _err("write_failed", CANNOT_WRITE, path=target, reason=exc.strerror or str(exc)) from exc
    if st is not None:
        raise _err("target_exists", TAKEN, path=target, kind=kind_of(st.st_mode))
    parent = _parent(target)
    if not parent.exists():
        raise _err("target_directory_missing", MISSING_DIR, directory=parent)
    if not parent.is_dir():
        raise _err("target_directory_missing", PARENT_NOT_DIR, directory=parent)


# --------------------------------------------------------------------------- the temp file


def _open_temp(target: Path) -> tuple[int, Path]:
    """Create the temp file exclusively and hold a flock on it while writing.

    A leftover of a killed run (nobody holds its flock) is reclaimed by its exact
    name; one another writer holds means that writer is busy with ``target``."""
    tmp = temp_path(target)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
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
    if stat.S_ISDIR(st.st_mode):
        shutil.rmtree(tmp)  # a killed directory write's stage, by its exact name
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


def _give_owner(fd: int, owner: tuple[int, int] | None, path: Path) -> None:
    """Give the open file ``owner`` (uid, gid), or refuse: a write never silently
    changes who owns a file (SPEC E5)."""
    if owner is None:
        return
    uid, gid = owner
    st = os.fstat(fd)
    if (st.st_uid, st.st_gid) == (uid, gid):
        return
    with contextlib.suppress(OSError):
        os.fchown(fd, uid if st.st_uid != uid else -1, gid if st.st_gid != gid else -1)
    st = os.fstat(fd)
    if (st.st_uid, st.st_gid) != (uid, gid):
        raise _err(
            "owner_not_kept",
            OWNER_NOT_KEPT,
            path=path,
            uid=str(uid),  # an identifier, never grouped like a quantity
            gid=str(gid),
            likely_cause="the file belongs to another user; run as its owner, or write to a new path (-o)",
        )


def _xattr_names(path: Path) -> list[str]:
    try:
        return list(os.listxattr(path, follow_symlinks=False))
    except (OSError, AttributeError):  # no extended attributes on this file system or platform
        return []


def _keep_xattrs(like: Path | None, dest: int | Path, shown: Path) -> None:
    """Copy the extended attributes of ``like`` (ACLs included) to ``dest``.  Where the
    file system has none, there is nothing to keep; privileged namespaces this user
    cannot set are left to the system; any other that cannot be kept refuses the write."""
    if like is None:
        return
    for name in _xattr_names(like):
        try:
            value = os.getxattr(like, name, follow_symlinks=False)
            if isinstance(dest, int):
                os.setxattr(dest, name, value)
            else:
                os.setxattr(dest, name, value, follow_symlinks=False)
        except OSError as exc:
            if exc.errno in (errno.ENOTSUP, errno.EOPNOTSUPP):
                continue
            if exc.errno in (errno.EPERM, errno.EACCES) and not name.startswith(
                ("user.", "system.posix_acl")
            ):
                continue  # security.* and trusted.*: the system's, set by its own policy
            raise _err("xattr_not_kept", XATTR_NOT_KEPT, name=name, path=shown, reason=exc.strerror) from exc


def _publish(tmp: Path, target: Path, overwrite: bool) -> None:
    if overwrite:
        os.replace(tmp, target)
        return
    _link_new(tmp, target)
    os.unlink(tmp)


def _link_new(tmp: Path, target: Path) -> None:
    """Give the file ``tmp`` the new name ``target`` without ever replacing a file there."""
    try:
        os.link(tmp, target)  # fails if target exists: no clobbering, no race
    except FileExistsError:
        raise _err("target_exists", EXISTS, path=target) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS):
            raise
        if not rename_noreplace(tmp, target):  # a file system without hard links
            if os.path.lexists(target):
                raise _err("target_exists", EXISTS, path=target) from None
            os.replace(tmp, target)
        # the temporary name is gone: link it back so the caller's unlink finds it
        with contextlib.suppress(OSError):
            os.link(target, tmp)


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
    is given or the write refused (``owner_not_kept``); ``overwrite=False`` refuses
    an existing ``path`` atomically.  Raises :class:`OperationError`
    (``target_directory_missing``, ``target_exists``, ``busy``, ``write_failed``)."""
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
        _give_owner(fd, owner, target)
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


def _renameat2(a: Path, b: Path, flag: int) -> bool:
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
    at_fdcwd = -100
    if fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), flag) != 0:
        err = ctypes.get_errno()
        if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # the file system cannot
            return False
        raise OSError(err, os.strerror(err), str(b))
    return True


def rename_exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux renameat2 RENAME_EXCHANGE); False if
    the platform cannot."""
    return _renameat2(a, b, 2)


def rename_noreplace(a: Path, b: Path) -> bool:
    """Rename ``a`` to ``b`` only if ``b`` does not exist, atomically (Linux renameat2
    RENAME_NOREPLACE; EEXIST raises ``FileExistsError``); False if the platform cannot."""
    return _renameat2(a, b, 1)


# --------------------------------------------------------------------------- the locks


@dataclass
class _Held:
    sidecar: int  # the lock file's descriptor (-1 for a shared hold)
    file: int  # FILE's own descriptor (-1 when FILE did not exist)
    depth: int
    write: bool


_HELD: dict[str, _Held] = {}  # absolute path of FILE → what this process holds on it


def _forget_inherited() -> None:
    """A forked child holds none of its parent's locks: it drops its copies of the
    descriptors (the parent's lock stays, flock belongs to the open file description)."""
    for held in _HELD.values():
        for fd in (held.sidecar, held.file):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_inherited)


def open_checked(path: str | os.PathLike[str], *, follow: bool = True) -> tuple[int, os.stat_result]:
    """Open FILE for reading without ever blocking (a FIFO given as FILE opens at once
    and is refused) and check, on the opened descriptor, that it is a regular file or a
    directory.  ``follow=False`` refuses a symbolic link (a write in place).  Raises
    :class:`OperationError` ``not_a_regular_file``, ``in_place_link`` or ``unreadable``."""
    p = Path(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow:
        flags |= os.O_NOFOLLOW
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        if not follow and exc.errno == errno.ELOOP:
            raise _err("in_place_link", IS_LINK, path=p) from None
        raise _err("unreadable", CANNOT_LOCK, path=p, reason=exc.strerror or str(exc)) from exc
    st = os.fstat(fd)
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
        os.close(fd)
        raise _err(
            "not_a_regular_file",
            NOT_REGULAR,
            path=p,
            kind=kind_of(st.st_mode),
            likely_cause="only a sealed .aleth file or a store directory can be read or written",
        )
    return fd, st


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], *, write: bool) -> Iterator[os.stat_result | None]:
    """Hold ``path`` (a file or a directory store) for reading or for writing.

    For writing: the exclusive advisory ``flock`` on the lock file
    ``.F.aleth-inspector.lock`` beside it (this program's writers wait on one inode)
    *and* on FILE itself (so a write is refused while another program holds FILE);
    for reading, a shared ``flock`` on FILE.  Taken without waiting: when another
    process holds either, :class:`OperationError` ``busy``.  FILE is opened without
    blocking and must be a regular file or a directory (:func:`open_checked`); a
    path that does not exist yet (a new output) gets the lock file only.  The same
    process may nest the hold (the CLI holds it for the read-verify-write cycle, the
    writer takes it again); a write hold inside a read hold is refused (``busy``).
    The kernel frees the locks of a killed holder at once; the (empty) lock file
    stays, so every process locks the same inode.  Yields FILE's status, or None."""
    target = Path(path)
    key = os.path.abspath(target)
    held = _HELD.get(key)
    if held is not None:
        if write and not held.write:
            raise _err("busy", BUSY, path=target)
        held.depth += 1
        try:
            yield os.fstat(held.file) if held.file >= 0 else None
        finally:
            held.depth -= 1
        return
    parent = _parent(target)
    if not parent.is_dir():
        raise _err("target_directory_missing", MISSING_DIR, directory=parent)
    fd, st = -1, None
    if os.path.lexists(target):
        fd, st = open_checked(target, follow=not write)  # never hangs, before any lock is held
    sidecar = -1
    try:
        if write:
            sidecar = _lock_sidecar(target)
        if fd >= 0:
            try:
                fcntl.flock(fd, (fcntl.LOCK_EX if write else fcntl.LOCK_SH) | fcntl.LOCK_NB)
            except OSError as exc:
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise _err(
                        "busy",
                        HELD_BY_OTHER,
                        path=target,
                        likely_cause="another program is writing it; try again when it is done",
                    ) from None
                raise _err("lock_failed", CANNOT_LOCK, path=target, reason=exc.strerror or str(exc)) from exc
    except BaseException:
        for d in (fd, sidecar):
            if d >= 0:
                os.close(d)
        raise
    _HELD[key] = _Held(sidecar, fd, 1, write)
    try:
        yield st
    finally:
        del _HELD[key]
        for d in (fd, sidecar):
            if d >= 0:
                os.close(d)  # releases the locks


def _lock_sidecar(target: Path) -> int:
    lp = lock_path(target)
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
    return fd


@contextlib.contextmanager
def exclusive(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the write lock of ``path`` (:func:`locked` for writing)."""
    with locked(path, write=True):
        yield


# --------------------------------------------------------------------------- the transaction


@dataclass(frozen=True)
class Secret:
    """A new private key or recovery code: a new file, mode 0600, never over another."""

    path: Path
    data: bytes = field(repr=False)


@dataclass
class Change:
    """One authoring write, as :func:`apply` carries it out.

    ``target`` receives the output: ``data`` (a sealed file) or the directory that
    ``stage_directory(path)`` writes (a directory store), whose identity is ``sha256``
    (of the bytes; :func:`directory_digest` of a directory).  ``in_place``: the target
    is the source, which must still be ``source_sha256`` (``source_unchanged`` checks
    it just before the switch); its mode, owner and extended attributes are kept, and
    with ``backup`` its previous version becomes ``target.bak``.  Otherwise the target
    must not exist.  ``secrets`` are published before the switch."""

    target: Path
    kind: str  # "sealed" or "directory"
    sha256: str
    data: bytes = field(default=b"", repr=False)
    stage_directory: Callable[[Path], None] | None = None
    in_place: bool = False
    backup: bool = False
    secrets: Sequence[Secret] = ()
    source_sha256: str = ""
    source_unchanged: Callable[[], None] | None = None


@dataclass(frozen=True)
class Committed:
    """What :func:`apply` left in place: the new file, its backup and secrets, what it
    could not finish after the switch (warnings, as templated errors), and a signal
    that arrived after the switch (deferred until the end)."""

    target: Path
    backup: Path | None
    secrets: tuple[Path, ...]
    warnings: tuple[OperationError, ...] = ()
    interrupted: int | None = None


@dataclass
class _Entry:
    role: str  # output, secret, backup
    final: Path
    temp: Path
    sha256: str
    fd: int = -1  # held (flocked) from staging to the end
    made: bool = False  # the temp exists and is this run's
    published: bool = False  # a secret linked to its final name

    def to_json(self) -> dict[str, str]:
        return {"role": self.role, "final": str(self.final), "temp": str(self.temp), "sha256": self.sha256}


def store_digest(files: Mapping[str, bytes]) -> str:
    """SHA-256 (hex) of a store's file list: the identity of a directory store's
    content, as a sealed file's identity is the SHA-256 of its bytes."""
    from ..canonical import canonical

    manifest = {path: hashlib.sha256(data).hexdigest() for path, data in files.items()}
    return hashlib.sha256(canonical({"aleth-inspector/store-digest": 1, "files": manifest})).hexdigest()


def directory_digest(path: Path) -> str:
    from ..store import read_directory

    return store_digest(read_directory(path).files)


def _digest(path: Path, kind: str) -> str | None:
    """The identity of what is at ``path`` now (None when nothing readable is there)."""
    try:
        st = os.lstat(path)
        if kind == "directory":
            return directory_digest(path) if stat.S_ISDIR(st.st_mode) else None
        return sha256_file(path) if stat.S_ISREG(st.st_mode) else None
    except Exception:
        return None


def _step(name: str, deferral: Deferral | None, *, forward: bool) -> None:
    """A named point of the transaction: the test hook runs, and before the switch a
    pending signal abandons the write."""
    hook = STEP_HOOK
    if hook is not None:
        hook(name)
    if not forward and deferral is not None:
        deferral.check()


def _linked(a: Path, b: Path) -> bool:
    """Whether the names ``a`` and ``b`` are one file (a hard link)."""
    try:
        return os.path.samestat(os.lstat(a), os.lstat(b))
    except OSError:
        return False


def _same_file(path: Path, fd: int) -> bool:
    """Whether ``path`` is still the very file open as ``fd`` (never delete another)."""
    try:
        a, b = os.lstat(path), os.fstat(fd)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _write_journal(change: Change, entries: Sequence[_Entry]) -> Path:
    doc = {
        "journal": JOURNAL_FORMAT,
        "target": str(change.target),
        "kind": change.kind,
        "in_place": change.in_place,
        "backup": change.backup,
        "sha256": change.sha256,
        "source_sha256": change.source_sha256,
        "entries": [e.to_json() for e in entries],
    }
    path = journal_path(change.target)
    try:  # never over another: a killed run's journal was resolved by recover() first
        atomic_write(path, json.dumps(doc, indent=1).encode("utf-8"), mode=0o600, overwrite=False)
    except OperationError as exc:
        reason = dict(exc.params).get("reason", exc.message) if exc.params else exc.message
        raise _err(exc.code, CANNOT_WRITE, path=change.target, reason=reason) from exc
    return path


def _stage_file(
    e: _Entry, data: bytes, *, mode: int, owner: tuple[int, int] | None, like: Path | None
) -> None:
    e.fd, _ = _open_temp(e.final)
    e.made = True
    fd = e.fd
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]
    os.fchmod(fd, mode)
    _give_owner(fd, owner, e.final)
    _keep_xattrs(like, fd, e.final)
    os.fsync(fd)
    h = hashlib.sha256()  # read back what the disk holds
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 20, offset)
        if not chunk:
            break
        h.update(chunk)
        offset += len(chunk)
    if h.hexdigest() != e.sha256:
        raise _err("write_failed", CANNOT_WRITE, path=e.final, reason="it does not read back as written")


def _stage_directory(
    e: _Entry, change: Change, *, mode: int, owner: tuple[int, int] | None, like: Path | None
) -> None:
    assert change.stage_directory is not None
    if os.path.lexists(e.temp):
        _reclaim(e.temp, e.final)
    e.made = True
    change.stage_directory(e.temp)
    os.chmod(e.temp, mode)
    if owner is not None:
        for here, dirs, files in os.walk(e.temp):
            for name in (here, *(os.path.join(here, n) for n in dirs + files)):
                st = os.lstat(name)
                if (st.st_uid, st.st_gid) != owner:
                    with contextlib.suppress(OSError):
                        os.chown(name, *owner, follow_symlinks=False)
                    st = os.lstat(name)
                    if (st.st_uid, st.st_gid) != owner:
                        uid, gid = (str(n) for n in owner)  # identifiers, not quantities
                        raise _err("owner_not_kept", OWNER_NOT_KEPT, path=e.final, uid=uid, gid=gid)
    _keep_xattrs(like, e.temp, e.final)
    if directory_digest(e.temp) != e.sha256:
        raise _err("write_failed", CANNOT_WRITE, path=e.final, reason="it does not read back as written")


def _stage_backup(e: _Entry, change: Change) -> None:
    """The backup of an in-place write: a second name for FILE as it is (a hard link
    keeps its bytes, mode, owner and attributes), or a copy where links are not had."""
    if os.path.lexists(e.temp):
        _reclaim(e.temp, e.final)
    e.made = True
    try:
        os.link(change.target, e.temp, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK):
            raise
        fd, _ = _open_temp(e.final)
        os.close(fd)
        shutil.copy2(change.target, e.temp)  # bytes, mode and times
        st = os.stat(change.target)
        with contextlib.suppress(OSError):
            os.chown(e.temp, st.st_uid, st.st_gid)
        _keep_xattrs(change.target, e.temp, e.final)
        fd = os.open(e.temp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    if sha256_file(e.temp) != e.sha256:  # FILE changed after it was checked
        raise _err("source_changed", SOURCE_MOVED, path=change.target)


def _plan_entries(change: Change) -> list[_Entry]:
    target = change.target
    out = [_Entry("output", target, temp_path(target), change.sha256)]
    out += [
        _Entry("secret", s.path, temp_path(s.path), hashlib.sha256(s.data).hexdigest())
        for s in change.secrets
    ]
    if change.in_place and change.backup and change.kind == "sealed":
        bak = backup_path(target)
        out.append(_Entry("backup", bak, temp_path(bak), change.source_sha256))
    return out


def _drop(e: _Entry, kind: str) -> None:
    """Remove what this run made for ``e`` — by exact name, and only while the name is
    still the file this run made."""
    if e.published and e.fd >= 0 and _same_file(e.final, e.fd):
        os.unlink(e.final)
        e.published = False
    if not e.made:
        return
    if e.role == "output" and kind == "directory":
        if os.path.isdir(e.temp) and not os.path.islink(e.temp):
            shutil.rmtree(e.temp)
    elif e.role == "backup":
        with contextlib.suppress(FileNotFoundError):
            os.unlink(e.temp)  # the second name of FILE this run made
    elif e.fd >= 0 and _same_file(e.temp, e.fd):
        os.unlink(e.temp)
    e.made = False


def _release(entries: Sequence[_Entry]) -> None:
    for e in entries:
        if e.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(e.fd)
            e.fd = -1


def _dirs(entries: Sequence[_Entry]) -> set[Path]:
    return {_parent(e.final) for e in entries}


def _rollback(entries: Sequence[_Entry], kind: str, journal: Path | None) -> None:
    """Undo everything this run made before its switch; the journal stays when
    something could not be removed (the next write finishes the job)."""
    complete = True
    for e in reversed(entries):
        try:
            _drop(e, kind)
        except OSError:
            complete = False
    for d in _dirs(entries):
        fsync_dir(d)
    if journal is not None and complete:
        with contextlib.suppress(OSError):
            os.unlink(journal)
            fsync_dir(_parent(journal))


def _switch(change: Change, out: _Entry) -> None:
    target = change.target
    if change.kind == "sealed":
        if change.in_place:
            os.replace(out.temp, target)
        else:
            _link_new(out.temp, target)
    elif change.in_place:
        if not rename_exchange(out.temp, target):  # now: target = new, temp = old
            old = target.with_name(f".{target.name}{OLD_SUFFIX}")
            if os.path.lexists(old):
                shutil.rmtree(old)
            os.rename(target, old)
            os.rename(out.temp, target)
            os.rename(old, out.temp)
    else:
        try:
            done = rename_noreplace(out.temp, target)
        except FileExistsError:
            raise _err("target_exists", EXISTS, path=target) from None
        if not done:
            if os.path.lexists(target):
                raise _err("target_exists", EXISTS, path=target)
            os.rename(out.temp, target)
    fsync_dir(_parent(target))


def _warn(template: str, code: str, **params: Any) -> OperationError:
    return _err(code, template, **params)


def apply(change: Change) -> Committed:
    """Carry out ``change`` as one transaction (see the module's docstring).

    Raises :class:`OperationError` (nothing new is left: the failure came before the
    switch) or :class:`~inspector.core.process.Interrupted` (a signal before the
    switch; nothing new is left either).  Returns :class:`Committed` once the new file
    is in place with every secret; what failed after the switch is in ``warnings``."""
    target = change.target
    with signals_deferred() as deferral:
        recover(target, change.kind)
        entries = _plan_entries(change)
        journal: Path | None = None
        try:
            journal = _write_journal(change, entries)
            _step("journal", deferral, forward=False)
            _stage_all(change, entries, deferral)
            _publish_secrets(entries, deferral)
            if change.source_unchanged is not None:
                change.source_unchanged()
            _step("switch", deferral, forward=False)
            _switch(change, entries[0])
        except BaseException as exc:
            try:
                _rollback(entries, change.kind, journal)
            finally:
                _release(entries)
            if isinstance(exc, OSError):
                raise _err(
                    "write_failed",
                    CANNOT_WRITE,
                    path=target,
                    reason=exc.strerror or str(exc),
                    likely_cause="the directory is not writable or the disk is full",
                ) from exc
            raise
        # ---- the new file is in place with every secret: forward only from here
        warnings: list[OperationError] = []
        try:
            _step("switched", deferral, forward=True)
        except OSError as exc:
            warnings.append(
                _warn(CANNOT_WRITE, "write_incomplete", path=target, reason=exc.strerror or str(exc))
            )
        backup = _keep_backup(change, entries, deferral, warnings)
        _drop_second_names(change, entries, warnings)
        _release(entries)
        _close_journal(entries, journal, target, deferral, warnings)
        return Committed(
            target,
            backup,
            tuple(s.path for s in change.secrets),
            tuple(warnings),
            deferral.pending,
        )


def _stage_all(change: Change, entries: Sequence[_Entry], deferral: Deferral) -> None:
    """Every output, secret and backup written under its temporary name and made durable."""
    kind = change.kind
    mode, owner, like = (0o600 if kind == "sealed" else 0o700), None, None
    if change.in_place:
        st = os.stat(change.target)
        mode, owner, like = stat.S_IMODE(st.st_mode), (st.st_uid, st.st_gid), change.target
    for e in entries:
        if e.role == "output":
            if kind == "sealed":
                _stage_file(e, change.data, mode=mode, owner=owner, like=like)
            else:
                _stage_directory(e, change, mode=mode, owner=owner, like=like)
        elif e.role == "secret":
            data = next(s.data for s in change.secrets if s.path == e.final)
            _stage_file(e, data, mode=0o600, owner=None, like=None)
        else:
            _stage_backup(e, change)
        _step(f"staged {e.role} {e.final.name}", deferral, forward=False)
    for d in _dirs(entries):
        fsync_dir(d)


def _publish_secrets(entries: Sequence[_Entry], deferral: Deferral) -> None:
    """Each staged secret linked to its final name, durably, before the switch."""
    for e in entries:
        if e.role == "secret":
            _link_new(e.temp, e.final)
            e.published = True
            fsync_dir(_parent(e.final))
            _step(f"published secret {e.final.name}", deferral, forward=False)


def _keep_backup(
    change: Change, entries: Sequence[_Entry], deferral: Deferral, warnings: list[OperationError]
) -> Path | None:
    """After the switch: the previous version becomes ``FILE.bak`` (or, not kept, is
    removed when it is a folder this run made); returns the backup's path if kept."""
    kind, target = change.kind, change.target
    backup: Path | None = None
    for e in entries:
        if e.role != "backup" and not (e.role == "output" and kind == "directory" and change.in_place):
            continue
        bak = backup_path(target)
        try:
            if change.backup:
                _step("backup", deferral, forward=True)
                _replace_backup(e.temp, bak, kind)
                backup = bak
            elif os.path.isdir(e.temp):
                shutil.rmtree(e.temp)  # the previous version, which the user chose not to keep
            e.made = False
        except OSError as exc:
            warnings.append(
                _warn(BACKUP_NOT_KEPT, "backup_not_kept", backup=bak, reason=exc.strerror or str(exc))
            )
    return backup


def _drop_second_names(change: Change, entries: Sequence[_Entry], warnings: list[OperationError]) -> None:
    """After the switch: the temporary names of published files are removed."""
    kind = change.kind
    for e in entries:
        if e.role == "output" and kind == "directory" and not change.in_place:
            e.made = False  # renamed into place
        if not e.made or e.role == "backup" or (e.role == "output" and kind == "directory"):
            continue
        try:
            if e.fd >= 0 and _same_file(e.temp, e.fd):
                os.unlink(e.temp)  # the second name of a published file
            e.made = False
        except OSError as exc:
            warnings.append(_warn(CLEANUP_LEFT, "cleanup_incomplete", path=e.temp, reason=exc.strerror))


def _close_journal(
    entries: Sequence[_Entry],
    journal: Path | None,
    target: Path,
    deferral: Deferral,
    warnings: list[OperationError],
) -> None:
    """After the switch: folders made durable and, when nothing of the run is left,
    the journal removed."""
    clean = not any(e.made for e in entries)
    try:
        for d in _dirs(entries):
            fsync_dir(d)
        if clean and journal is not None:
            os.unlink(journal)
            fsync_dir(_parent(journal))
        _step("cleaned", deferral, forward=True)
    except OSError as exc:
        warnings.append(
            _warn(
                CLEANUP_LEFT,
                "cleanup_incomplete",
                path=journal or target,
                reason=exc.strerror or str(exc),
            )
        )


def _replace_backup(temp: Path, bak: Path, kind: str) -> None:
    if kind == "directory":
        if os.path.lexists(bak) and not rename_exchange(temp, bak):
            shutil.rmtree(bak)
            os.rename(temp, bak)
        elif os.path.lexists(bak):
            shutil.rmtree(temp)  # after the exchange: the backup before last
        else:
            os.rename(temp, bak)
    else:
        os.replace(temp, bak)
    fsync_dir(_parent(bak))


def recover(target: str | os.PathLike[str], kind: str | None = None) -> list[Phrase]:
    """Finish or undo the transaction a killed run left on ``target`` (its journal).

    When the target is the new file the run was writing, the secrets still under
    their temporary names are published, the backup is given its name and the rest
    removed (forward); otherwise every file the run made is removed (back).  Only
    files that are still what the journal says are touched, by exact name.  The
    caller holds the target's write lock.  Returns what was done, as a sentence (none
    when there was no journal); an unreadable journal is left alone."""
    t = Path(target)
    jp = journal_path(t)
    if not os.path.lexists(jp):
        return []
    journal = _read_journal(jp, t, kind)
    if journal is None:
        return [Phrase(JOURNAL_LEFT, journal=str(jp))]
    entries, kind, new_sha, in_place, keep = journal
    old = t.with_name(f".{t.name}{OLD_SUFFIX}")
    if kind == "directory" and not os.path.lexists(t) and os.path.isdir(old):
        os.rename(old, t)  # a switch without an atomic exchange was cut in half
    committed = _digest(t, kind) == new_sha
    touched = 0
    for e in entries:
        touched += int(os.path.lexists(e.temp) or (e.role == "secret" and os.path.lexists(e.final)))
        _recover_entry(e, t, kind, committed, keep_previous=in_place and keep)
    for d in {_parent(e.final) for e in entries} | {_parent(t)}:
        fsync_dir(d)
    os.unlink(jp)
    fsync_dir(_parent(jp))
    return [Phrase(RECOVERED_FORWARD if committed else RECOVERED_BACK, path=str(t), count=touched)]


def _read_journal(
    jp: Path, target: Path, kind: str | None
) -> tuple[list[_Entry], str, str, bool, bool] | None:
    """(entries, kind, new file's SHA-256, in place, backup kept) from the journal at
    ``jp``, or None when it is unreadable or about another target."""
    try:
        doc = json.loads(Path(jp).read_text(encoding="utf-8"))
        if doc.get("journal") != JOURNAL_FORMAT or doc.get("target") != str(target):
            return None
        entries = [_Entry(e["role"], Path(e["final"]), Path(e["temp"]), e["sha256"]) for e in doc["entries"]]
        return (
            entries,
            str(doc.get("kind") or kind or "sealed"),
            str(doc["sha256"]),
            bool(doc.get("in_place")),
            bool(doc.get("backup")),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _recover_entry(e: _Entry, t: Path, kind: str, committed: bool, *, keep_previous: bool) -> None:
    """One file of a killed run: given its final name (``committed``) or removed."""
    if e.role == "secret":
        _recover_secret(e, committed)
    elif e.role == "backup":
        if _digest(e.temp, "sealed") == e.sha256:
            if committed:
                os.replace(e.temp, e.final)
            else:
                os.unlink(e.temp)
    elif kind == "directory":
        if os.path.isdir(e.temp) and not os.path.islink(e.temp):
            if committed and keep_previous:
                _replace_backup(e.temp, backup_path(t), "directory")  # the previous version
            else:
                shutil.rmtree(e.temp)
    elif _linked(e.temp, e.final):
        os.unlink(e.temp)  # the second name of the published file
    else:
        with contextlib.suppress(OperationError):
            _reclaim(e.temp, e.final)


def _recover_secret(e: _Entry, committed: bool) -> None:
    """A secret of a killed run: published (the run switched) or removed (it did not)."""
    final_ok = _digest(e.final, "sealed") == e.sha256
    temp_ok = _digest(e.temp, "sealed") == e.sha256
    if committed:
        if not final_ok and temp_ok and not os.path.lexists(e.final):
            os.link(e.temp, e.final)
            final_ok = True
        if final_ok and temp_ok:
            os.unlink(e.temp)
    else:
        if final_ok:
            os.unlink(e.final)
        with contextlib.suppress(OperationError):
            _reclaim(e.temp, e.final)


# --------------------------------------------------------------------------- leftovers (issue 16)


def envelope_head(path: Path) -> tuple[str, object, bytes | None] | None:
    """(format, slots, container id) of a sealed file from its first bytes, or None
    when it is not a regular file holding a structurally valid container start."""
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
    if env.format != "ALETH002":
        return env.format, None, None
    return env.format, env.header.get("slots"), env.container_id


def _in_use(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
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
    container.  Never a symbolic link, never a temp file another writer holds.
    (A list to report from, never to delete from.)"""
    target = Path(path)
    found = []
    for cand in _candidates(target):
        if not os.path.lexists(cand) or envelope_head(cand) is None:
            continue
        if cand.name.endswith(TMP_SUFFIX) and _in_use(cand):
            continue  # being written right now
        found.append(cand)
    return found


def stale_leftovers(path: str | os.PathLike[str]) -> list[Path]:
    """The :func:`sealed_copies` of the ALETH002 file ``path`` that open with
    credentials it no longer accepts: earlier versions of the same container (its
    container id) whose unlock slots differ from ``path``'s (a re-key changes every
    slot; an ordinary write keeps them), and ALETH001 copies (a re-key makes
    ALETH002).  Another container under such a name is not an earlier version and is
    not named.  Reads container headers only."""
    current = envelope_head(Path(path))
    if current is None or current[0] != "ALETH002":
        return []
    found = []
    for cand in sealed_copies(path):
        other = envelope_head(cand)
        if other is None:
            continue
        if other[0] == "ALETH001" or (other[2] == current[2] and other[1] != current[1]):
            found.append(cand)
    return found


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
