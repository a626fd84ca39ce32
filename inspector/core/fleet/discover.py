"""Find the memory files under the paths an auditor names.

A PATH is a file, a folder or a URL (``s3://…``, ``gs://``, ``memory://`` … through
``fsspec``; ``file://`` is a local path).  Folders are searched recursively for

* sealed ``.aleth`` containers (kind ``"sealed"``),
* directory stores — a folder with ``identities/`` or ``HEAD``, the test
  :func:`inspector.core.store.read_directory` applies (kind ``"directory"``); a
  store is one target and is not searched further,
* HOM-AIMOS bundles — ``.json`` files whose ``format.schema`` starts with
  ``hom.aimos.`` (kind ``"hom-aimos"``, decided by :func:`hom_bundle_kind`).

A file named explicitly is audited whatever its name (kind ``"file"``: the opener
decides what it is), as ``verify`` would.  Symbolic links inside the folders are
never followed — not out of the folders, and not inside them either (their target
is audited at its own path if it is there); each is listed in ``skipped``, and so are
named pipes, sockets and devices (never opened: reading one may block for ever).  A PATH
that is itself a link is followed: the auditor named it.

Each target has an *identity*, the key the fleet ledger keeps it under: its path relative
to the folder PATH it was found under (``/``-separated; the same however the folder is
spelled, through a symbolic link or not), or, for a file or store named as a PATH
itself, its resolved absolute path (a URL: the URL).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InspectorError
from ..store import MAX_TOTAL

KINDS = ("sealed", "directory", "hom-aimos", "file")
HOM_PREFIX = b"hom.aimos."
_SCAN_CHUNK = 1 << 20
_FULL_PARSE_LIMIT = 64 * 1024 * 1024  # bigger candidates are left to the verifier to judge
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


@dataclass(frozen=True, slots=True)
class Target:
    """One memory file of the fleet.

    ``location`` is what the worker opens: an absolute local path or a URL.
    ``display`` is how the auditor named it: the PATH argument joined with the
    path found under it.  ``kind`` is one of :data:`KINDS`.  ``identity`` is its key in
    the fleet ledger (see the module docstring; empty when unknown).
    """

    location: str
    display: str
    kind: str
    identity: str = ""

    @property
    def remote(self) -> bool:
        return is_url(self.location)


@dataclass(frozen=True, slots=True)
class Skipped:
    """Something under a PATH that was not audited, and why."""

    display: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"path": self.display, "reason": self.reason}


@dataclass
class Discovery:
    targets: list[Target] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


def is_url(text: str) -> bool:
    """True for ``scheme://…`` (a Windows drive letter is not a scheme)."""
    return bool(_URL.match(text)) and not re.match(r"^[A-Za-z]:[\\/]", text)


def _special(mode: int) -> str | None:
    """Why a directory entry of this mode is not read (None: a regular file)."""
    if stat.S_ISFIFO(mode):
        return "named pipe (FIFO): never read"
    if stat.S_ISSOCK(mode):
        return "socket: never read"
    if stat.S_ISBLK(mode) or stat.S_ISCHR(mode):
        return "device: never read"
    if not stat.S_ISREG(mode):
        return "not a regular file: never read"
    return None


def _local_from_file_url(text: str) -> str:
    from urllib.parse import unquote, urlparse

    u = urlparse(text)
    return unquote(u.path)


def is_store_dir(path: Path) -> bool:
    """A directory store, by the same test the store reader applies."""
    return (path / "identities").is_dir() or (path / "HEAD").is_file()


# ---------------------------------------------------------------------------- HOM-AIMOS


def hom_bundle_kind(data: bytes) -> str | None:
    """The one place that decides whether bytes are a HOM-AIMOS bundle: the profile's
    own detector (which never raises)."""
    from ..hom_aimos import detect

    return detect(data)


def _mentions_hom(read_chunk: Iterable[bytes]) -> bool:
    """Cheap pre-filter: does the stream contain ``hom.aimos.`` at all?"""
    tail = b""
    for chunk in read_chunk:
        if HOM_PREFIX in tail + chunk:
            return True
        tail = chunk[-(len(HOM_PREFIX) - 1) :]
    return False


def _is_hom_file(open_file, size: int) -> bool:  # type: ignore[no-untyped-def]
    """Pre-filter by a streaming scan, then decide on the whole document."""
    if size > MAX_TOTAL:
        return False
    with open_file() as fh:
        if not _mentions_hom(iter(lambda: fh.read(_SCAN_CHUNK), b"")):
            return False
    if size > _FULL_PARSE_LIMIT:
        return True  # too big to parse twice here: the verifier judges it
    with open_file() as fh:
        data = fh.read(_FULL_PARSE_LIMIT + 1)
    return hom_bundle_kind(data) is not None


def is_hom_bundle(path: str | os.PathLike[str]) -> bool:
    """True when the local file at ``path`` is a HOM-AIMOS bundle."""
    p = Path(path)
    try:
        return _is_hom_file(lambda: p.open("rb"), p.stat().st_size)
    except OSError:
        return False


# ---------------------------------------------------------------------------- discovery


def discover(paths: Sequence[str]) -> Discovery:
    """The targets under ``paths``, in a stable order (each PATH in turn, names
    sorted), each location once.  Raises :class:`InspectorError` (``not_found``)
    for a PATH that does not exist: nothing is audited then."""
    out = Discovery()
    seen: set[str] = set()
    for arg in paths:
        found: list[Target] = []
        skipped: list[Skipped] = []
        if is_url(arg) and not arg.lower().startswith("file://"):
            _discover_remote(arg, found, skipped)
        else:
            local = _local_from_file_url(arg) if is_url(arg) else arg
            _discover_local(local, found, skipped)
        out.skipped.extend(sorted(skipped, key=lambda s: _parts(s.display)))
        for t in sorted(found, key=lambda t: _parts(t.display)):
            if t.location not in seen:
                seen.add(t.location)
                out.targets.append(t)
    return out


def _parts(display: str) -> tuple[str, ...]:
    """Sort key: a path in folder order (``a/b/c`` before ``a/bz``)."""
    return tuple(display.replace("\\", "/").split("/"))


def _join(display_root: str, rel: str) -> str:
    if not rel:
        return display_root
    return display_root.rstrip("/\\") + "/" + rel if display_root else rel


def _discover_local(arg: str, found: list[Target], skipped: list[Skipped]) -> None:
    root = Path(arg)
    if not root.exists():
        raise InspectorError(
            "not_found",
            f"{arg} does not exist",
            expected="a file or folder to audit",
            found="nothing at that path",
        )
    location = os.path.abspath(root)
    resolved = os.path.realpath(root)
    if not root.is_dir():  # named explicitly: audited as verify would open it
        is_json = root.is_file() and root.suffix.lower() == ".json"
        kind = "hom-aimos" if is_json and is_hom_bundle(root) else "file"
        found.append(Target(location, arg, kind, resolved))
        return
    if is_store_dir(root):
        found.append(Target(location, arg, "directory", resolved))
        return
    stack: list[tuple[Path, str]] = [(root, "")]
    while stack:
        folder, rel = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            skipped.append(Skipped(_join(arg, rel), f"folder not readable: {exc.strerror}"))
            continue
        subdirs: list[tuple[Path, str]] = []
        for e in entries:
            erel = f"{rel}/{e.name}" if rel else e.name
            shown = _join(arg, erel)
            try:
                if e.is_symlink():
                    skipped.append(Skipped(shown, "symbolic link (not followed)"))
                elif e.is_dir(follow_symlinks=False):
                    p = Path(e.path)
                    if is_store_dir(p):
                        found.append(Target(os.path.abspath(p), shown, "directory", erel))
                    else:
                        subdirs.append((p, erel))
                elif (why := _special(e.stat(follow_symlinks=False).st_mode)) is not None:
                    skipped.append(Skipped(shown, why))
                else:
                    name = e.name.lower()
                    if name.endswith(".aleth"):
                        found.append(Target(os.path.abspath(e.path), shown, "sealed", erel))
                    elif name.endswith(".json") and is_hom_bundle(e.path):
                        found.append(Target(os.path.abspath(e.path), shown, "hom-aimos", erel))
            except OSError as exc:
                skipped.append(Skipped(shown, f"not readable: {exc.strerror}"))
        stack.extend(reversed(subdirs))  # depth first, names in order


def _discover_remote(url: str, found: list[Target], skipped: list[Skipped]) -> None:
    """The same search through ``fsspec`` (``s3://``, ``gs://``, ``memory://`` …)."""
    try:
        from fsspec.core import url_to_fs
    except ImportError as exc:
        raise InspectorError(
            "fsspec_missing",
            f"{url} is a URL: reading files by URL needs fsspec",
            likely_cause="install aleth-inspector[cluster]",
        ) from exc
    try:
        fs, root = url_to_fs(url)
        exists = fs.exists(root)
    except Exception as exc:  # any file-system error names the URL
        raise InspectorError("not_found", f"{url} cannot be read: {exc}") from exc
    if not exists:
        raise InspectorError("not_found", f"{url} does not exist")
    proto = url.split("://", 1)[0]

    def url_of(p: str) -> str:
        return fs.unstrip_protocol(p) if hasattr(fs, "unstrip_protocol") else f"{proto}://{p}"

    def is_store(names: dict[str, str]) -> bool:
        return names.get("identities") == "directory" or names.get("HEAD") == "file"

    def listing(p: str) -> dict[str, str]:
        return {
            str(e["name"]).rstrip("/").rsplit("/", 1)[-1]: str(e.get("type", "file"))
            for e in fs.ls(p, detail=True)
        }

    if not fs.isdir(root):
        kind = "file"
        if root.lower().endswith(".json"):
            kind = "hom-aimos" if _is_hom_file(lambda: fs.open(root, "rb"), fs.size(root)) else "file"
        found.append(Target(url_of(root), url, kind, url))
        return
    stack: list[tuple[str, str]] = [(root.rstrip("/"), "")]
    while stack:
        folder, rel = stack.pop()
        try:
            names = listing(folder)
        except Exception as exc:
            skipped.append(Skipped(_join(url, rel), f"folder not readable: {exc}"))
            continue
        if is_store(names):
            found.append(Target(url_of(folder), _join(url, rel), "directory", rel or url))
            continue
        subdirs = []
        for name in sorted(names):
            p = f"{folder}/{name}"
            erel = f"{rel}/{name}" if rel else name
            shown = _join(url, erel)
            if names[name] == "directory":
                subdirs.append((p, erel))
            elif names[name] == "link":
                skipped.append(Skipped(shown, "symbolic link (not followed)"))
            elif name.lower().endswith(".aleth"):
                found.append(Target(url_of(p), shown, "sealed", erel))
            elif name.lower().endswith(".json"):
                try:
                    if _is_hom_file(lambda p=p: fs.open(p, "rb"), fs.size(p)):
                        found.append(Target(url_of(p), shown, "hom-aimos", erel))
                except Exception as exc:
                    skipped.append(Skipped(shown, f"not readable: {exc}"))
        stack.extend(reversed(subdirs))
