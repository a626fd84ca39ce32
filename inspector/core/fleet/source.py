"""Open a file of the fleet that lives behind a URL (``s3://``, ``gs://``, ``memory://`` …).

Local paths go through :func:`inspector.core.opener.open_and_verify` unchanged.  For a
URL the worker reads the bytes through ``fsspec`` into memory (bounded by the format's
limits; nothing is written to the worker's disk) and runs the same steps the opener
runs on a local file: :func:`~inspector.core.container.open_container` for a sealed
file, a :class:`~inspector.core.store.Store` for a directory store, then
:func:`~inspector.core.verify.engine.verify`.

This mirrors ``open_and_verify`` for bytes; ``tests/core/fleet/test_task.py`` checks
that a fixture read by URL gets exactly the report it gets by path.  When the opener
accepts bytes itself, :func:`open_and_verify_url` should call it and shrink to the
reading part.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .. import container
from ..container import Credential
from ..errors import ContainerError, InspectorError, StoreError
from ..store import ALL_DIRS, MAX_FILE, MAX_FILES, MAX_TOTAL, TOP_FILES, Store, physical_to_logical
from ..verify.engine import VerifyOptions, verify
from ..verify.report import Report


def _read(fs: Any, path: str, limit: int) -> bytes:
    with fs.open(path, "rb") as fh:
        data: bytes = fh.read(limit + 1)
    return data


def read_remote_store(fs: Any, root: str, location: str) -> Store:
    """A directory store behind ``fs`` (the same files ``read_directory`` reads)."""
    files: dict[str, bytes] = {}
    total = 0

    def add(rel: str, path: str) -> None:
        nonlocal total
        data = _read(fs, path, MAX_FILE)
        if len(data) > MAX_FILE:
            raise StoreError("too_large", f"{rel} is larger than {MAX_FILE} bytes")
        total += len(data)
        if total > MAX_TOTAL or len(files) >= MAX_FILES:
            raise StoreError("too_large", "store exceeds the format's limits")
        files[physical_to_logical(rel)] = data

    root = root.rstrip("/")
    for name in TOP_FILES:
        p = f"{root}/{name}"
        if fs.isfile(p):
            add(name, p)
    for directory in ALL_DIRS:
        d = f"{root}/{directory}"
        if not fs.isdir(d):
            continue
        for entry in sorted(fs.ls(d, detail=True), key=lambda e: str(e["name"])):
            if entry.get("type") == "file":
                name = str(entry["name"]).rstrip("/").rsplit("/", 1)[-1]
                add(f"{directory}/{name}", str(entry["name"]))
    return Store(files, origin="directory", source=location)


def open_and_verify_url(location: str, credential: Credential | None, options: VerifyOptions) -> Report:
    """``open_and_verify`` for a URL: an unopenable input is a report, never an exception
    (except :class:`~inspector.core.errors.Cancelled`)."""
    from fsspec.core import url_to_fs

    blob: bytes | None = None
    try:
        try:
            fs, path = url_to_fs(location)
            is_dir = fs.isdir(path)
        except Exception as exc:
            raise StoreError("unreadable", f"cannot reach {location}: {exc}") from exc
        if is_dir:
            store = read_remote_store(fs, path, location)
            report = verify(store, options)
            report.container.update({"format": "directory", "files": len(store.files)})
            return report
        try:
            blob = _read(fs, path, container.MAX_CONTAINER)
        except Exception as exc:
            raise ContainerError("unreadable", f"cannot read {location}: {exc}") from exc
        if len(blob) > container.MAX_CONTAINER:
            raise ContainerError(
                "too_large", f"{location} is larger than 512 MiB", expected="at most 512 MiB"
            )
        if credential is None:
            raise ContainerError(
                "credential_required", f"{location} is sealed: a passphrase or recovery code is needed"
            )
        opened = container.open_container(blob, credential)
        store = Store(dict(opened.files), origin=opened.format, source=location)
    except InspectorError as exc:
        kind = "container" if isinstance(exc, ContainerError) else "store"
        report = Report.unopenable(
            exc.code,
            exc.message,
            object_kind=kind,
            object_id=location,
            expected=exc.expected,
            found=exc.found,
            likely_cause=exc.likely_cause,
        )
        _input(report, location, blob, None)
        return report
    report = verify(store, options)
    report.container.update(
        {"format": opened.format, "has_recovery_slot": opened.has_recovery_slot, "files": len(opened.files)}
    )
    _input(report, location, blob, opened.format)
    return report


def _input(report: Report, location: str, blob: bytes | None, fmt: str | None) -> None:
    """``input`` of the audit record from the bytes that were read (a sealed file)."""
    if blob is not None and not report.input:
        whole = len(blob) <= container.MAX_CONTAINER  # else only a prefix was read
        report.input = {
            "path": location,
            "sha256": hashlib.sha256(blob).hexdigest() if whole else None,
            "size": len(blob) if whole else None,
            "format": fmt,
        }


def read_bytes(location: str, limit: int) -> bytes:
    """The first ``limit`` bytes (+1, to tell a larger file) of a URL."""
    from fsspec.core import url_to_fs

    fs, path = url_to_fs(location)
    return _read(fs, path, limit)
