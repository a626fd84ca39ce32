"""An in-memory store: logical payload paths → bytes.

Both a directory store (as alethech lays it out, with percent-encoded file
names) and a decrypted container payload become the same ``Store``.  Nothing
here writes: the writer of directory stores is
:func:`inspector.core.write.directory.write_directory`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol
from urllib.parse import quote, unquote

from .errors import StoreError
from .findings import message
from .i18n import Phrase
from .keys import sha256_id

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
    """alethech's portable file name for an id (safe characters ``-._~``).  A name read
    from a file system that does not hold UTF-8 (its bytes kept as surrogates) or any
    other lone surrogate is quoted byte by byte, never an exception."""
    try:
        data = identifier.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = identifier.encode("utf-8", "surrogatepass")
    return quote(data, safe="-._~")


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


M_NOT_A_STORE = message("{path} is not an alethech store.")
P_STORE_SHAPE = Phrase(message("a directory with identities/ and HEAD"))
P_EMPTY_DIR = Phrase(message("an empty directory"))


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
    read (``strays``: links, non-JSON files, unknown names — SPEC B9), the
    files whose names decode to a logical path already taken (``alternates``:
    logical path → [(file name, bytes)]) and the folders or files the system
    refused to read (``unreadable``: (name, reason)); the verifier reads and
    reports all of them, so the verdict never depends on the order the file system
    lists files in.
    """

    files: dict[str, bytes]
    origin: str = "memory"
    source: str = ""
    notes: list[str] = field(default_factory=list)
    strays: list[StrayFile] = field(default_factory=list)
    alternates: dict[str, list[tuple[str, bytes]]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # logical path -> file name it was read from
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (file or folder, why)

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
            list(self.unreadable),
        )


class Listing(Protocol):
    """What a store reader needs of where the files are: a local directory, or a
    remote one (``fsspec``).  ``entries`` gives ``(name, kind)`` of one folder (kind
    ``file``, ``dir``, ``link`` or ``other``; a link is never followed); ``read``
    gives one regular file's bytes, at most ``limit`` + 1 of them."""

    def entries(self, rel_dir: str) -> list[tuple[str, str]]: ...

    def read(self, rel: str, limit: int) -> bytes: ...


class LocalListing:
    """A directory on this machine, read without ever following a symbolic link."""

    def __init__(self, base: Path) -> None:
        self.base = base

    def entries(self, rel_dir: str) -> list[tuple[str, str]]:
        out = []
        with os.scandir(self.base / rel_dir if rel_dir else self.base) as it:
            for e in it:
                if e.is_symlink():
                    kind = "link"
                elif e.is_dir(follow_symlinks=False):
                    kind = "dir"
                elif e.is_file(follow_symlinks=False):
                    kind = "file"
                else:
                    kind = "other"
                out.append((e.name, kind))
        return out

    def read(self, rel: str, limit: int) -> bytes:
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self.base / rel, flags)
        except OSError as exc:
            raise StoreError("unreadable", f"cannot read {rel}: {exc.strerror}") from exc
        try:
            size = os.fstat(fd).st_size
            if size > limit:
                return b"\0" * (limit + 1)  # too large: said by the caller, without reading it
            chunks = []
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
            return b"".join(chunks)
        finally:
            os.close(fd)


def _first_copies(
    found: dict[str, list[tuple[str, bytes]]],
) -> tuple[dict[str, bytes], dict[str, str], dict[str, list[tuple[str, bytes]]]]:
    """Per logical path: the copy read first (by file name; of an artifact's copies,
    one holding bytes of its hash first), its file name, and the other copies."""
    files: dict[str, bytes] = {}
    names: dict[str, str] = {}
    alternates: dict[str, list[tuple[str, bytes]]] = {}
    for logical, copies in found.items():
        copies.sort(key=lambda c: c[0].encode("utf-8", "surrogatepass"))
        if len(copies) > 1 and logical.startswith("artifacts/"):
            name = logical[len("artifacts/") :]  # an artifact is the bytes of its hash
            copies.sort(key=lambda c: sha256_id(c[1]) != name)
        (first_name, first), *rest = copies
        files[logical] = first
        names[logical] = first_name
        if rest:
            alternates[logical] = rest
    return files, names, alternates


def read_store(listing: Listing, source: str) -> Store:
    """The store a listing holds (SPEC A3, B9): only ``HEAD``, ``root_authority.json``,
    ``keys/signing.key``, the ``*.json`` files of the object folders and the files of
    ``artifacts/`` are read; everything else is a stray (reported, not read), links
    included; files whose names decode to one logical path are all kept
    (``Store.alternates``), ordered by file name, never by listing order; of the
    files of ``artifacts/`` that name one hash, the one holding bytes of that hash
    comes first (B9).  A folder or file the system refuses to list or read is
    recorded (``Store.unreadable``), never raised: the verifier reports it."""
    found: dict[str, list[tuple[str, bytes]]] = {}
    strays: list[StrayFile] = []
    unreadable: list[tuple[str, str]] = []
    total = count = 0

    def listed(rel_dir: str) -> list[tuple[str, str]]:
        try:
            return listing.entries(rel_dir)
        except OSError as exc:
            unreadable.append((rel_dir + "/", exc.strerror or type(exc).__name__))
            return []

    def add(logical: str, rel: str) -> None:
        nonlocal total, count
        try:
            data = listing.read(rel, MAX_FILE)
        except StoreError as exc:
            if exc.code != "unreadable":
                raise
            unreadable.append((rel, exc.message))
            return
        except OSError as exc:
            unreadable.append((rel, exc.strerror or type(exc).__name__))
            return
        if len(data) > MAX_FILE:
            raise StoreError(
                "too_large",
                f"{rel} is larger than {MAX_FILE} bytes",
                expected=f"at most {MAX_FILE} bytes per file",
                found=f"more than {MAX_FILE} bytes",
            )
        total += len(data)
        count += 1
        if total > MAX_TOTAL or count > MAX_FILES:
            raise StoreError(
                "too_large",
                "store exceeds the format's limits",
                expected=f"at most {MAX_FILES} files and {MAX_TOTAL} bytes",
                found=f"more than {count - 1} files or {total} bytes",
            )
        found.setdefault(logical, []).append((rel, data))

    def order(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return sorted(entries, key=lambda e: e[0].encode("utf-8", "surrogatepass"))

    for name, kind in order(listing.entries("")):
        if kind == "link":
            strays.append(StrayFile(name, "symlink"))
        elif kind == "file" and name in ("HEAD", "root_authority.json"):
            add(name, name)
        elif kind == "dir" and name in ALL_DIRS:
            for sub, sub_kind in order(listed(name)):
                rel = f"{name}/{sub}"
                if sub_kind == "link":
                    strays.append(StrayFile(rel, "symlink"))
                elif sub_kind == "dir":
                    strays.append(StrayFile(rel, "folder"))
                elif sub_kind != "file":
                    strays.append(StrayFile(rel, "unknown"))
                elif name == "artifacts" or sub.endswith(".json"):
                    add(f"{name}/{unquote(sub)}", rel)
                else:
                    strays.append(StrayFile(rel, "not_json"))
        elif kind == "dir" and name == "keys":
            for sub, sub_kind in listed("keys"):
                if sub != "signing.key":
                    continue  # root.key, recovery.key: never read
                if sub_kind == "file":
                    add("keys/signing.key", "keys/signing.key")
                else:
                    strays.append(
                        StrayFile("keys/signing.key", "symlink" if sub_kind == "link" else "unknown")
                    )
        else:
            strays.append(StrayFile(name, "folder" if kind == "dir" else "unknown"))
    files, names, alternates = _first_copies(found)
    return Store(
        files,
        origin="directory",
        source=source,
        strays=strays,
        alternates=alternates,
        names=names,
        unreadable=unreadable,
    )


def read_directory(root: str | os.PathLike[str]) -> Store:
    """Read a directory store on this machine into memory (:func:`read_store`)."""
    base = Path(root)
    if not base.is_dir():
        raise StoreError("not_a_store", f"{base} is not a directory")
    listing = LocalListing(base)
    try:
        top = dict(listing.entries(""))
    except OSError as exc:
        raise StoreError("unreadable", f"cannot list {base}: {exc.strerror}") from exc
    if top.get("identities") != "dir" and top.get("HEAD") != "file":
        raise StoreError.templated(
            "not_a_store",
            M_NOT_A_STORE,
            expected=P_STORE_SHAPE,
            found=", ".join(sorted(top)[:8]) or P_EMPTY_DIR,
            path=str(base),
        )
    return read_store(listing, str(base))
