"""Open what the user points at: a directory store or a sealed ``.aleth`` file.

The decrypted payload stays in memory; no plaintext is ever written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from . import container
from .container import Credential, Opened
from .errors import ContainerError, InspectorError, StoreError
from .secrets import read_secret_file  # noqa: F401  (re-exported until callers import core.secrets)
from .store import Store, read_directory
from .verify.engine import VerifyOptions, verify
from .verify.report import Report


def is_sealed(path: str | os.PathLike[str]) -> bool:
    return Path(path).is_file()


def read_blob(path: str | os.PathLike[str]) -> bytes:
    """Read a container file, refusing one larger than the format allows."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            blob = fh.read(container.MAX_CONTAINER + 1)
    except OSError as exc:
        raise ContainerError("unreadable", f"cannot read {p}: {exc.strerror}") from exc
    if len(blob) > container.MAX_CONTAINER:
        raise ContainerError(
            "too_large",
            f"{p} is larger than 512 MiB",
            expected="at most 512 MiB",
            found=f"{p.stat().st_size} bytes",
        )
    return blob


@dataclass(frozen=True)
class OpenResult:
    store: Store
    opened: Opened | None  # None for a directory store


def open_path(
    path: str | os.PathLike[str], credential: Credential | None = None, *, key: bytes | None = None
) -> OpenResult:
    """Open a directory store, or unlock a sealed file with ``credential``.

    Raises :class:`ContainerError` / :class:`StoreError` (both
    :class:`InspectorError`) when there is nothing to verify.
    """
    p = Path(path)
    if p.is_dir():
        return OpenResult(read_directory(p), None)
    if not p.exists():
        raise StoreError("not_found", f"{p} does not exist")
    blob = read_blob(p)
    if credential is None and key is None:
        container.parse_envelope(blob)  # a file that is no container says what it is first (bad_magic, …)
        raise ContainerError("credential_required", f"{p} is sealed: a passphrase or recovery code is needed")
    opened = container.open_container(blob, credential or Credential(passphrase="-"), key=key)
    store = Store(dict(opened.files), origin=opened.format, source=str(p))
    return OpenResult(store, opened)


def open_and_verify(
    path: str | os.PathLike[str], credential: Credential | None = None, options: VerifyOptions | None = None
) -> Report:
    """Open and verify; an unopenable input gives a report with verdict
    "unopenable" and one finding carrying the error code."""
    try:
        res = open_path(path, credential)
    except InspectorError as exc:
        kind = "container" if isinstance(exc, ContainerError) else "store"
        return Report.unopenable(
            exc.code,
            exc.message,
            object_kind=kind,
            object_id=str(path),
            expected=exc.expected,
            found=exc.found,
            likely_cause=exc.likely_cause,
        )
    report = verify(res.store, options)
    if res.opened is not None:
        report.container.update(
            {
                "format": res.opened.format,
                "has_recovery_slot": res.opened.has_recovery_slot,
                "files": len(res.opened.files),
            }
        )
    else:
        report.container.update({"format": "directory", "files": len(res.store.files)})
    return report
