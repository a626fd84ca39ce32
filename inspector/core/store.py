"""An in-memory store: logical payload paths → bytes.

Both a directory store (as alethech lays it out, with percent-encoded file
names) and a decrypted container payload become the same ``Store``.  Nothing
here writes plaintext anywhere; the only writer, :func:`write_directory`, is
used for directory stores that the user chose to keep as directories.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, unquote

from .errors import StoreError

OBJECT_DIRS: tuple[str, ...] = (
    "identities",
    "commits",
    "evidence",
    "control_events",
    "migrations",
    "checkpoints",
)
ALL_DIRS: tuple[str, ...] = (*OBJECT_DIRS, "artifacts")
TOP_FILES: tuple[str, ...] = ("HEAD", "root_authority.json", "keys/signing.key")
NEVER_SEALED: tuple[str, ...] = ("keys/root.key", "keys/recovery.key")

# Limits as alethech enforces them for a payload (a directory gets the same).
MAX_FILES = 100_000
MAX_FILE = 100 * 1024 * 1024
MAX_TOTAL = 512 * 1024 * 1024


def fs_name(identifier: str) -> str:
    """alethech's portable file name for an id (safe characters ``-._~``)."""
    return quote(identifier, safe="-._~")


def logical_to_physical(path: str) -> str:
    if "/" not in path:
        return path
    directory, name = path.split("/", 1)
    if directory in OBJECT_DIRS and name.endswith(".json"):
        return f"{directory}/{fs_name(name[:-5])}.json"
    if directory == "artifacts":
        return f"artifacts/{fs_name(name)}"
    return path


def physical_to_logical(path: str) -> str:
    if "/" not in path:
        return path
    directory, name = path.split("/", 1)
    if directory in ALL_DIRS:
        return f"{directory}/{unquote(name)}"
    return path


@dataclass
class Store:
    """The files of one store, by logical path (``commits/sha256:<hex>.json``).

    ``origin`` is "directory", "ALETH001" or "ALETH002"; ``source`` the path it
    came from (for display).
    """

    files: dict[str, bytes]
    origin: str = "memory"
    source: str = ""
    notes: list[str] = field(default_factory=list)

    def list(self, directory: str) -> Iterator[tuple[str, bytes]]:
        prefix = directory + "/"
        for path, data in self.files.items():
            if path.startswith(prefix):
                yield path, data

    def count(self, directory: str) -> int:
        prefix = directory + "/"
        return sum(1 for p in self.files if p.startswith(prefix))

    @property
    def head(self) -> str | None:
        data = self.files.get("HEAD")
        if data is None:
            return None
        if len(data) > 256:  # an id is 71 characters; do not carry megabytes around
            return "<HEAD of " + str(len(data)) + " bytes>"
        try:
            text = data.decode("utf-8").strip()
        except UnicodeDecodeError:
            return "<not UTF-8>"
        return text or None

    def artifact(self, hash_id: str) -> bytes | None:
        return self.files.get("artifacts/" + hash_id)

    def copy(self) -> Store:
        return Store(dict(self.files), self.origin, self.source, list(self.notes))


def read_directory(root: str | os.PathLike[str]) -> Store:
    """Read a directory store into memory (private keys other than
    ``keys/signing.key`` are never read)."""
    base = Path(root)
    if not base.is_dir():
        raise StoreError("not_a_store", f"{base} is not a directory")
    if not (base / "identities").is_dir() and not (base / "HEAD").is_file():
        raise StoreError(
            "not_a_store",
            f"{base} is not an alethech store",
            expected="a directory with identities/ and HEAD",
            found=", ".join(sorted(p.name for p in base.iterdir())[:8]) or "an empty directory",
        )
    files: dict[str, bytes] = {}
    total = 0

    def add(rel: str, p: Path) -> None:
        nonlocal total
        if p.is_symlink():
            raise StoreError("invalid_payload_path", f"symbolic link in store: {rel}")
        size = p.stat().st_size
        if size > MAX_FILE:
            raise StoreError("too_large", f"{rel} is larger than {MAX_FILE} bytes")
        total += size
        if total > MAX_TOTAL or len(files) >= MAX_FILES:
            raise StoreError("too_large", "store exceeds the format's limits")
        files[physical_to_logical(rel)] = p.read_bytes()

    for name in ("HEAD", "root_authority.json"):
        p = base / name
        if p.is_file():
            add(name, p)
    signing = base / "keys" / "signing.key"
    if signing.is_file():
        add("keys/signing.key", signing)
    for directory in ALL_DIRS:
        d = base / directory
        if not d.is_dir():
            continue
        with os.scandir(d) as it:
            for entry in it:
                if entry.is_file(follow_symlinks=False):
                    add(f"{directory}/{entry.name}", Path(entry.path))
    return Store(files, origin="directory", source=str(base))


def write_directory(
    store: Store, target: str | os.PathLike[str], carry: dict[str, Path] | None = None
) -> Path:
    """Write ``store`` as a new directory at ``target``: built in a sibling
    temporary directory, fsynced, then renamed into place.  ``target`` must not
    exist.  ``carry`` maps extra relative paths (files this program does not
    manage, such as ``keys/root.key``) to files copied in unchanged."""
    import shutil
    import tempfile

    dest = Path(target)
    if dest.exists():
        raise StoreError("target_exists", f"{dest} already exists")
    parent = dest.parent
    if not parent.is_dir():
        raise StoreError("target_directory_missing", f"directory {parent} does not exist")
    try:
        stage = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", suffix=".tmp", dir=parent))
    except OSError as exc:
        raise StoreError("write_failed", f"cannot create a directory in {parent}: {exc.strerror}") from exc
    try:
        for rel, src in (carry or {}).items():
            p = stage / rel
            p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            shutil.copy2(src, p)
        for d in (*ALL_DIRS, "keys"):
            (stage / d).mkdir(mode=0o700, exist_ok=True)
        for path, data in store.files.items():
            p = stage / logical_to_physical(path)
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
        os.rename(stage, dest)
        _fsync_dir(parent)
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
    """Files under a directory store that ``store`` does not hold (private keys
    such as ``keys/root.key``, anything else a user keeps there)."""
    managed = {logical_to_physical(p) for p in store.files}
    out: dict[str, Path] = {}
    for p in root.rglob("*"):
        if p.is_file() and not p.is_symlink():
            rel = p.relative_to(root).as_posix()
            if rel not in managed:
                out[rel] = p
    return out


def _fsync_dir(path: Path) -> None:
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
