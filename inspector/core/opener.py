"""Open what the user points at — a directory store, a sealed ``.aleth`` file or a
HOM-AIMOS evidence bundle — and verify it.

The decrypted payload stays in memory; no plaintext is ever written.
:func:`open_and_verify` always answers with a report: an input that cannot be
opened is ``unopenable``, and a bug in the inspector is an ``internal_error``
report (verdict ``error``), never an exception.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from . import container
from .container import Credential, Opened, read_blob
from .errors import Cancelled, ContainerError, InspectorError, StoreError
from .findings import message
from .i18n import Phrase
from .secrets import Secret, read_secret_file
from .store import Store, read_directory
from .verify.engine import VerifyOptions, verify
from .verify.report import Report

__all__ = [
    "OpenResult",
    "is_sealed",
    "open_and_verify",
    "open_path",
    "read_blob",
    "read_secret_file",
    "verify_bytes",
    "verify_store_at",
]

HOM_PROFILE = "hom-aimos-v1"
HOM_V2_PROFILE = "hom-aimos-v2"
HOM_PROFILES = (HOM_PROFILE, HOM_V2_PROFILE)


M_NOT_FOUND = message("{path} does not exist.")
M_SEALED = message("{path} is sealed: a passphrase or recovery code is needed.")
M_JSON_NOT_MEMORY = message(
    "{path} is a JSON file, neither a sealed alethech container nor a HOM-AIMOS evidence bundle."
)
P_MEMORY_FILE = Phrase(message("a .aleth file or a store directory"))
P_NO_SUCH = Phrase(message("no such file or directory"))
P_GIVE_CREDENTIAL = Phrase(message("give --passphrase-file or --recovery-code-file"))
P_ANY_MEMORY_FILE = Phrase(
    message("a .aleth file (ALETH001/ALETH002), a store directory or a HOM-AIMOS bundle")
)
P_JSON_TEXT = Phrase(message("JSON text"))
P_WRONG_JSON = Phrase(message("a checkpoint, a proof or an export was given where a memory file belongs"))


def is_sealed(path: str | os.PathLike[str]) -> bool:
    return Path(path).is_file()


@dataclass(frozen=True)
class OpenResult:
    store: Store
    opened: Opened | None  # None for a directory store


def _not_a_container(p: str | Path, blob: bytes) -> ContainerError | None:
    """A clearer error than ``bad_magic`` for a JSON file that is no bundle we know."""
    if blob[:1] in (b"{", b"[") or blob.lstrip()[:1] in (b"{", b"["):
        return ContainerError.templated(
            "unsupported_format",
            M_JSON_NOT_MEMORY,
            expected=P_ANY_MEMORY_FILE,
            found=P_JSON_TEXT,
            likely_cause=P_WRONG_JSON,
            path=str(p),
        )
    return None


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
        raise StoreError.templated(
            "not_found", M_NOT_FOUND, expected=P_MEMORY_FILE, found=P_NO_SUCH, path=str(p)
        )
    blob = read_blob(p)
    not_container = _not_a_container(p, blob)
    if not_container is not None:
        raise not_container
    if credential is None and key is None:
        container.parse_envelope(blob)  # a file that is no container says what it is first (bad_magic, …)
        raise ContainerError.templated(
            "credential_required", M_SEALED, likely_cause=P_GIVE_CREDENTIAL, path=str(p)
        )
    holder = [blob]
    del blob
    opened = container.open_owned(holder, credential or Credential(passphrase="-"), key=key)
    store = Store(dict(opened.files), origin=opened.format, source=str(p))
    return OpenResult(store, opened)


def _name_bytes(name: str) -> bytes:
    try:
        return name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate that no file system name decodes to
        return name.encode("utf-8", "surrogatepass")


def _tree_digest(store: Store) -> str:
    """A directory store has no single byte stream: its digest is the SHA-256 of the
    lines ``<file name> NUL <sha256 hex> LF`` of the files read, sorted by name (names
    as the file system gives their bytes, so any name can be hashed)."""
    lines = sorted(
        _name_bytes(store.file_name(k)) + b"\0" + hashlib.sha256(v).hexdigest().encode()
        for k, v in store.files.items()
    )
    return hashlib.sha256(b"".join(line + b"\n" for line in lines)).hexdigest()


def _input_of(location: str, fmt: str, blob: bytes) -> dict[str, object]:
    return {"path": location, "sha256": hashlib.sha256(blob).hexdigest(), "size": len(blob), "format": fmt}


def open_and_verify(
    path: str | os.PathLike[str],
    credential: Credential | None = None,
    options: VerifyOptions | None = None,
) -> Report:
    """Open and verify ``path`` (a directory store, a sealed file or a HOM-AIMOS
    bundle); never raises for anything in the input (only :class:`Cancelled`)."""
    p = Path(path)
    return _answer(str(p), lambda opts: _open_and_verify(p, credential, opts), options)


def verify_bytes(
    data: bytes,
    location: str,
    credential: Credential | None = None,
    options: VerifyOptions | None = None,
) -> Report:
    """:func:`open_and_verify` for a file already read into memory (a sealed file or a
    HOM-AIMOS bundle fetched from ``location``, a URL for instance)."""
    return _answer(location, lambda opts: _judge_bytes(data, location, credential, opts), options)


def verify_store_at(store: Store, location: str, options: VerifyOptions | None = None) -> Report:
    """:func:`open_and_verify` for a directory store read by other means (a URL)."""
    return _answer(location, lambda opts: _judge_store(store, location, opts), options)


def _answer(location: str, judge: Callable[[VerifyOptions], Report], options: VerifyOptions | None) -> Report:
    """The audit record around a judgement, and the last-resort answer."""
    opts = options or VerifyOptions()
    started = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    t0 = time.perf_counter()
    try:
        report = judge(opts)
    except (Cancelled, KeyboardInterrupt):
        raise
    except Exception as exc:  # the last-resort answer: a bug is a report, not a traceback
        report = Report.internal_error(exc, object_id=location)
    report.started_at = started
    report.duration_s = time.perf_counter() - t0
    if not report.input:
        report.input = {"path": location, "sha256": None, "size": None, "format": None}
    return report


def _unopenable(exc: InspectorError, location: str, info: dict[str, object]) -> Report:
    kind = "container" if isinstance(exc, ContainerError) else "store"
    report = Report.unopenable(
        exc.code,
        exc.message,
        object_kind=kind,
        object_id=location,
        expected=exc.expected,
        found=exc.found,
        likely_cause=exc.likely_cause,
        template=exc.template,
        params=exc.params,
    )
    report.input = info
    return report


def _judge_store(store: Store, location: str, opts: VerifyOptions) -> Report:
    report = verify(store, opts)
    report.container.update({"format": "directory", "files": len(store.files)})
    report.input = {
        "path": location,
        "sha256": _tree_digest(store),
        "size": sum(len(v) for v in store.files.values()),
        "format": "directory",
    }
    return report


def _judge_bytes(blob: bytes, location: str, credential: Credential | None, opts: VerifyOptions) -> Report:
    """A sealed file or a HOM-AIMOS bundle, from its bytes."""
    magic = blob[:8]
    info = _input_of(
        location, magic.decode("ascii") if magic in (b"ALETH001", b"ALETH002") else "unknown", blob
    )
    try:
        if len(blob) > container.MAX_CONTAINER:
            raise ContainerError(
                "too_large",
                f"{location} is larger than {container.MAX_CONTAINER // (1024 * 1024)} MiB",
                expected=f"at most {container.MAX_CONTAINER} bytes",
                found=f"{len(blob)} bytes",
            )
        from . import hom_aimos, hom_aimos_v2

        if opts.profile == HOM_V2_PROFILE or (opts.profile == "auto" and hom_aimos_v2.detect(blob)):
            report = hom_aimos_v2.verify_bundle(
                blob,
                source=location,
                trust_master=opts.trust_master,
                structural_only=opts.structural_only,
                witness=opts.witness,
                trust_context=opts.trust_context,
            )
            report.input = _input_of(location, report.input.get("format") or HOM_V2_PROFILE, blob)
            return report
        if opts.profile == HOM_PROFILE or (opts.profile == "auto" and hom_aimos.detect(blob)):
            report = hom_aimos.verify_bundle(blob, source=location, trust_master=opts.trust_master)
            report.input = _input_of(location, HOM_PROFILE, blob)
            return report
        not_container = _not_a_container(location, blob)
        if not_container is not None:
            raise not_container
        if credential is None:
            container.parse_envelope(blob)  # a file that is no container says what it is first
            raise ContainerError.templated(
                "credential_required", M_SEALED, likely_cause=P_GIVE_CREDENTIAL, path=str(location)
            )
        holder = [blob]
        del blob  # the container takes the only reference: the ciphertext goes once decrypted
        opened = container.open_owned(holder, credential)
    except InspectorError as exc:
        return _unopenable(exc, location, info)
    info["format"] = opened.format
    store = Store(dict(opened.files), origin=opened.format, source=location)
    report = verify(store, opts)
    report.container.update(
        {"format": opened.format, "has_recovery_slot": opened.has_recovery_slot, "files": len(opened.files)}
    )
    report.input = info
    return report


def _open_and_verify(p: Path, credential: Credential | None, opts: VerifyOptions) -> Report:
    location = str(p)
    info: dict[str, object] = {"path": location, "sha256": None, "size": None, "format": None}
    try:
        if p.is_dir():
            info["format"] = "directory"
            if opts.profile in HOM_PROFILES:
                raise StoreError(
                    "unsupported_format",
                    f"{p} is a directory; a HOM-AIMOS bundle is one JSON file",
                    expected="a HOM-AIMOS bundle file",
                    found="a directory",
                )
            return _judge_store(read_directory(p), location, opts)
        if not p.exists():
            open_path(p)  # raises not_found
        blob = read_blob(p)
    except InspectorError as exc:
        return _unopenable(exc, location, info)
    holder = [blob]
    del blob
    report = _judge_bytes(holder.pop(), location, credential, opts)
    _leftovers(report, p, opts)
    return report


def _leftovers(report: Report, p: Path, opts: VerifyOptions) -> None:
    """Warn about copies beside a sealed file that an old passphrase still opens (a
    re-key or recovery killed half-way, or an older version's backup)."""
    if report.profile != "alethech" or not p.is_file():
        return
    from .write.safe import stale_leftover_findings

    found = stale_leftover_findings(p)
    if found:
        report.findings.extend(found)
        report.finalize(strict=opts.strict)


def explain_failure(report: Report, secret: Secret | None) -> Report:
    """When ``secret`` did not unlock the file, put its hints in the finding's
    ``likely_cause`` (in place; returns ``report``)."""
    if secret is None or not secret.hints or report.verdict != "unopenable":
        return report
    for i, f in enumerate(report.findings):
        if f.code in ("wrong_passphrase", "invalid_recovery_code", "authentication_failed"):
            report.findings[i] = replace(f, likely_cause=" ".join(secret.hints))
    return report
