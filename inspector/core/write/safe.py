"""Never lose data: temp file in the target directory (0600) → fsync → atomic
rename → directory fsync.  The target path holds either the old file or the
complete new one at every instant."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from ..errors import OperationError


def fsync_dir(path: Path) -> None:
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


def remove_stale_temps(target: Path) -> None:
    """Remove temporary files a killed earlier write of ``target`` left behind."""
    for stale in target.parent.glob(f".{target.name}.*.tmp"):
        try:
            if stale.is_dir():
                import shutil

                shutil.rmtree(stale)
            else:
                stale.unlink()
        except OSError:
            pass


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
        if err in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: filesystem cannot
            return False
        raise OSError(err, os.strerror(err), str(a))
    return True


def atomic_write(
    path: str | os.PathLike[str], data: bytes, *, mode: int = 0o600, overwrite: bool = True
) -> Path:
    """Write ``data`` to ``path`` atomically.  Raises :class:`OperationError`
    with a clear message (target directory missing, not writable, exists)."""
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise OperationError(
            "target_directory_missing",
            f"directory {parent} does not exist",
            expected="an existing directory for the output",
            found=str(parent),
        )
    if not overwrite and target.exists():
        raise OperationError("target_exists", f"{target} already exists; choose another path")
    remove_stale_temps(target)
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent)
        try:
            os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp_name, target)
        tmp_name = None
        fsync_dir(parent)
    except OSError as exc:
        raise OperationError(
            "write_failed",
            f"cannot write {target}: {exc.strerror or exc}",
            likely_cause="the directory is not writable or the disk is full",
        ) from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    return target
