"""Open a file of the fleet that lives behind a URL (``s3://``, ``gs://``, ``memory://`` …).

Local paths go through :func:`inspector.core.opener.open_and_verify` unchanged.  For a
URL the worker reads through ``fsspec`` into memory (bounded by the format's limits;
nothing is written to the worker's disk) and hands the bytes, or the directory
store's files, to the opener's own entry points: the same rules, the same report.
"""

from __future__ import annotations

from typing import Any

from .. import container
from ..container import Credential
from ..errors import InspectorError, StoreError
from ..opener import verify_bytes, verify_store_at
from ..store import read_store
from ..verify.engine import VerifyOptions
from ..verify.report import Report


def _read(fs: Any, path: str, limit: int) -> bytes:
    with fs.open(path, "rb") as fh:
        data: bytes = fh.read(limit + 1)
    return data


class RemoteListing:
    """A directory store behind ``fsspec`` (:class:`~inspector.core.store.Listing`)."""

    def __init__(self, fs: Any, root: str) -> None:
        self.fs = fs
        self.root = root.rstrip("/")

    def entries(self, rel_dir: str) -> list[tuple[str, str]]:
        where = f"{self.root}/{rel_dir}" if rel_dir else self.root
        out = []
        for entry in self.fs.ls(where, detail=True):
            name = str(entry["name"]).rstrip("/").rsplit("/", 1)[-1]
            kind = {"file": "file", "directory": "dir", "link": "link"}.get(entry.get("type"), "other")
            if entry.get("islink"):
                kind = "link"
            out.append((name, kind))
        return out

    def read(self, rel: str, limit: int) -> bytes:
        return _read(self.fs, f"{self.root}/{rel}", limit)


def open_and_verify_url(location: str, credential: Credential | None, options: VerifyOptions) -> Report:
    """``open_and_verify`` for a URL: an unopenable input is a report, never an exception
    (except :class:`~inspector.core.errors.Cancelled`)."""
    from fsspec.core import url_to_fs

    try:
        try:
            fs, path = url_to_fs(location)
            is_dir = fs.isdir(path)
        except Exception as exc:
            raise StoreError("unreadable", f"cannot reach {location}: {exc}") from exc
        if is_dir:
            return verify_store_at(read_store(RemoteListing(fs, path), location), location, options)
        try:
            blob = _read(fs, path, container.MAX_CONTAINER)
        except Exception as exc:
            raise StoreError("unreadable", f"cannot read {location}: {exc}") from exc
    except InspectorError as exc:
        report = Report.unopenable(
            exc.code,
            exc.message,
            object_kind="store",
            object_id=location,
            expected=exc.expected,
            found=exc.found,
            likely_cause=exc.likely_cause,
        )
        report.input = {"path": location, "sha256": None, "size": None, "format": None}
        return report
    return verify_bytes(blob, location, credential, options)


def read_bytes(location: str, limit: int) -> bytes:
    """The first ``limit`` bytes (+1, to tell a larger file) of a URL."""
    from fsspec.core import url_to_fs

    fs, path = url_to_fs(location)
    return _read(fs, path, limit)
