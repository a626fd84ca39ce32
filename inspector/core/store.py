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
from .write.safe import fsync_dir

OBJECT_DIRS: tuple[str, ...] = (
    "identities",
    "commits",
    "evidence",
    "control_events",
    "migrations",
    "checkpoints",
)
ALL_DIRS: tuple[str, ...] = (*OBJECT_DIRS, "artifacts")

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


@dataclass(frozen=True, slots=True)
class StrayFile:
    """A file or folder of a directory store that is not read (SPEC B9)."""

    name: str  # path relative to the store, as the file system names it
    why: str  # "symlink", "not_json", "folder", "unknown"


@dataclass
class Store:
    """The files of one store, by logical path (``commits/sha256:<hex>.json``).

    ``origin`` is "directory", "ALETH001" or "ALETH002"; ``source`` the path it
    came from (for display).  A directory store also records what it did not
    read (``strays``: links, non-JSON files, unknown names — SPEC B9) and the
    files whose names decode to a logical path already taken (``alternates``:
    logical path → [(file name, bytes)]); the verifier reads and reports both,
    so the verdict never depends on the order the file system lists files in.
    """

    files: dict[str, bytes]
    origin: str = "memory"
    source: str = ""
    notes: list[str] = field(default_factory=list)
    strays: list[StrayFile] = field(default_factory=list)
    alternates: dict[str, list[tuple[str, bytes]]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # logical path -> file name it was read from

    def list(self, directory: str) -> Iterator[tuple[str, bytes]]:
        prefix = directory + "/"
        for path, data in self.files.items():
            if path.startswith(prefix):
                yield path, data

    def count(self, directory: str) -> int:
        prefix = directory + "/"
        return sum(1 for p in self.files if p.startswith(prefix))

    def file_name(self, logical: str) -> str:
        """The name a logical path was read from (itself for a container payload)."""
        return self.names.get(logical, logical)

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
        return Store(
            dict(self.files),
            self.origin,
            self.source,
            list(self.notes),
            list(self.strays),
            {k: list(v) for k, v in self.alternates.items()},
            dict(self.names),
        )


class _Reader:
    """Reads one directory store without ever following a symbolic link."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.found: dict[str, list[tuple[str, bytes]]] = {}
        self.strays: list[StrayFile] = []
        self.total = 0
        self.count = 0

    def read(self, rel: str, entry: os.DirEntry[str]) -> bytes:
        """The bytes of a regular file, opened without following links, within the limits."""
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(entry.path, flags)
        except OSError as exc:
            raise StoreError("unreadable", f"cannot read {rel}: {exc.strerror}") from exc
        try:
            size = os.fstat(fd).st_size
            if size > MAX_FILE:
                raise StoreError(
                    "too_large",
                    f"{rel} is larger than {MAX_FILE} bytes",
                    expected=f"at most {MAX_FILE} bytes per file",
                    found=f"{size} bytes",
                )
            self.total += size
            self.count += 1
            if self.total > MAX_TOTAL or self.count > MAX_FILES:
                raise StoreError(
                    "too_large",
                    "store exceeds the format's limits",
                    expected=f"at most {MAX_FILES} files and {MAX_TOTAL} bytes",
                    found=f"more than {self.count - 1} files or {self.total} bytes",
                )
            chunks = []
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
            return b"".join(chunks)
        finally:
            os.close(fd)

    def add(self, logical: str, rel: str, entry: os.DirEntry[str]) -> None:
        self.found.setdefault(logical, []).append((rel, self.read(rel, entry)))

    def stray(self, rel: str, why: str) -> None:
        self.strays.append(StrayFile(rel, why))

    def scan(self, directory: str) -> None:
        with os.scandir(self.base / directory) as it:
            entries = sorted(it, key=lambda e: os.fsencode(e.name))
        for entry in entries:
            rel = f"{directory}/{entry.name}"
            if entry.is_symlink():
                self.stray(rel, "symlink")
            elif entry.is_dir(follow_symlinks=False):
                self.stray(rel, "folder")
            elif not entry.is_file(follow_symlinks=False):
                self.stray(rel, "unknown")
            elif directory == "artifacts":
                self.add(f"artifacts/{unquote(entry.name)}", rel, entry)
            elif entry.name.endswith(".json"):
                self.add(f"{directory}/{unquote(entry.name)}", rel, entry)
            else:
                self.stray(rel, "not_json")


def read_directory(root: str | os.PathLike[str]) -> Store:
    """Read a directory store into memory (SPEC A3, B9).

    Symbolic links are never followed (a link anywhere in the store is a stray
    file, reported, not read); only ``*.json`` files of the object directories
    are objects; private keys other than ``keys/signing.key`` are never read.
    Files whose names decode to the same logical path are all kept
    (``Store.alternates``), chosen between by file name, never by listing order.
    """
    base = Path(root)
    if not base.is_dir():
        raise StoreError("not_a_store", f"{base} is not a directory")
    with os.scandir(base) as it:
        top = {e.name: e for e in it}

    def real_dir(name: str) -> bool:
        e = top.get(name)
        return e is not None and not e.is_symlink() and e.is_dir(follow_symlinks=False)

    def real_file(name: str) -> bool:
        e = top.get(name)
        return e is not None and not e.is_symlink() and e.is_file(follow_symlinks=False)

    if not real_dir("identities") and not real_file("HEAD"):
        raise StoreError(
            "not_a_store",
            f"{base} is not an alethech store",
            expected="a directory with identities/ and HEAD",
            found=", ".join(sorted(top)[:8]) or "an empty directory",
        )
    reader = _Reader(base)
    for name in sorted(top, key=os.fsencode):
        entry = top[name]
        if entry.is_symlink():
            reader.stray(name, "symlink")
        elif name in ("HEAD", "root_authority.json") and real_file(name):
            reader.add(name, name, entry)
        elif name in ALL_DIRS and real_dir(name):
            reader.scan(name)
        elif name == "keys" and real_dir(name):
            with os.scandir(base / "keys") as it:
                for key_entry in it:
                    if key_entry.name != "signing.key":
                        continue  # root.key, recovery.key: never read
                    if key_entry.is_symlink() or not key_entry.is_file(follow_symlinks=False):
                        reader.stray("keys/signing.key", "symlink" if key_entry.is_symlink() else "unknown")
                    else:
                        reader.add("keys/signing.key", "keys/signing.key", key_entry)
        else:
            reader.stray(name, "folder" if entry.is_dir(follow_symlinks=False) else "unknown")
    files: dict[str, bytes] = {}
    names: dict[str, str] = {}
    alternates: dict[str, list[tuple[str, bytes]]] = {}
    for logical, copies in reader.found.items():
        copies.sort(key=lambda c: os.fsencode(c[0]))
        (first_name, first), *rest = copies
        files[logical] = first
        names[logical] = first_name
        if rest:
            alternates[logical] = rest
    return Store(
        files,
        origin="directory",
        source=str(base),
        strays=reader.strays,
        alternates=alternates,
        names=names,
    )


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
