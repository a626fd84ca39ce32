"""Writing a directory store: every file written and fsynced under a temporary name,
then renamed into place; and the identity of a store's content.

Used for directory stores that the user chose to keep as directories; nothing
here writes plaintext anywhere else.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from ..errors import StoreError
from ..store import ALL_DIRS, Store, logical_to_physical
from .safe import fsync_dir, rename_noreplace, store_digest

__all__ = ["fill_directory", "store_digest", "unmanaged_files", "write_directory"]


def fill_directory(store: Store, dest: Path, carry: Mapping[str, Path] | None = None) -> None:
    """Create the directory ``dest`` (it must not exist) holding ``store``, every file
    written with mode 0600 and fsynced, plus the ``carry`` files (relative path →
    file copied in unchanged: files this program does not manage, such as
    ``keys/root.key``)."""
    os.mkdir(dest, 0o700)
    for rel, src in (carry or {}).items():
        p = dest / rel
        p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        shutil.copy2(src, p)
    for d in (*ALL_DIRS, "keys"):
        (dest / d).mkdir(mode=0o700, exist_ok=True)
    for path, data in store.files.items():
        p = dest / logical_to_physical(path)
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
    for here, _dirs, _files in os.walk(dest):
        fsync_dir(here)


def write_directory(
    store: Store, target: str | os.PathLike[str], carry: Mapping[str, Path] | None = None
) -> Path:
    """Write ``store`` as a new directory at ``target``: built in a sibling
    temporary directory, fsynced, then renamed into place (never over anything).
    ``target`` must not exist.  (An authoring write goes through
    :func:`inspector.core.write.safe.apply`, which also publishes its secrets.)"""
    dest = Path(target)
    if os.path.lexists(dest):
        raise StoreError("target_exists", f"{dest} already exists")
    parent = dest.parent if str(dest.parent) else Path(".")
    if not parent.is_dir():
        raise StoreError("target_directory_missing", f"directory {parent} does not exist")
    try:
        stage = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".tmp", dir=parent))
        os.rmdir(stage)
    except OSError as exc:
        raise StoreError("write_failed", f"cannot create a directory in {parent}: {exc.strerror}") from exc
    try:
        fill_directory(store, stage, carry)
        try:
            done = rename_noreplace(stage, dest)
        except FileExistsError:
            raise StoreError("target_exists", f"{dest} already exists") from None
        if not done:
            if os.path.lexists(dest):
                raise StoreError("target_exists", f"{dest} already exists")
            os.rename(stage, dest)
        fsync_dir(parent)
    except OSError as exc:
        shutil.rmtree(stage, ignore_errors=True)
        raise StoreError(
            "write_failed",
            f"cannot write the store {dest}: {exc.strerror or exc}",
            likely_cause="the directory is not writable or the disk is full",
        ) from exc
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return dest


def unmanaged_files(root: Path, store: Store) -> dict[str, Path]:
    """Regular files under a directory store that ``store`` does not hold (private keys
    such as ``keys/root.key``, anything else a user keeps there).  Symbolic links are
    neither followed nor carried: a write never materialises a link's target."""
    managed = {logical_to_physical(p) for p in store.files}
    managed.update(store.names.values())
    out: dict[str, Path] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(dirpath)
        dirnames[:] = [d for d in dirnames if not (here / d).is_symlink()]
        for name in filenames:
            p = here / name
            if p.is_symlink() or not p.is_file():
                continue
            rel = p.relative_to(root).as_posix()
            if rel not in managed:
                out[rel] = p
    return out
