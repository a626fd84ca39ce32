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
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from . import container
from .container import Credential, Opened, read_blob
from .errors import Cancelled, ContainerError, InspectorError, StoreError
from .files import is_sealed
from .findings import message
from .i18n import Phrase
from .secrets import Secret, read_secret_file
from .store import Store, read_directory
from .verify.engine import VerifyOptions, verify
from .verify.report import Report

__all__ = [
    "OpenResult",
    "Verified",
    "is_sealed",
    "open_and_verify",
    "open_and_verify_store",
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
M_UNREADABLE = container.M_UNREADABLE
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


@dataclass(frozen=True)
class OpenResult:
    store: Store
    opened: Opened | None  # None for a directory store


@dataclass(frozen=True)
class Verified:
    """A report and the alethech store it judged (None when there was none: a HOM-AIMOS
    bundle, an unopenable input, a crash).  The store is decrypted content, keys
    included: it lives in memory only, for what must follow from the very bytes that
    were judged (signing a checkpoint of them, :mod:`inspector.core.emit`)."""

    report: Report
    store: Store | None


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
        return OpenResult(_read_dir(p), None)
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


def _digest_meanwhile(blob: bytes) -> Callable[[], str]:
    """The SHA-256 of ``blob``, computed on a thread while this one goes on (hashlib and
    the key derivation both release the GIL: the digest of a large file costs no time);
    call the result to wait for it (always before any worker process is forked).  Only
    the thread holds ``blob``, and only until it is hashed (the ciphertext still goes
    as soon as it is decrypted)."""
    box: list[str | BaseException] = []

    def run(data: bytes) -> None:
        try:
            box.append(hashlib.sha256(data).hexdigest())
        except BaseException as exc:  # a MemoryError: said where the result is asked for
            box.append(exc)

    thread = threading.Thread(target=run, args=(blob,), name="aleth-input-digest", daemon=True)
    thread.start()

    def result() -> str:
        thread.join()
        if isinstance(box[0], BaseException):
            raise box[0]
        return box[0]

    return result


def open_and_verify(
    path: str | os.PathLike[str],
    credential: Credential | None = None,
    options: VerifyOptions | None = None,
) -> Report:
    """Open and verify ``path`` (a directory store, a sealed file or a HOM-AIMOS
    bundle); never raises for anything in the input (only :class:`Cancelled`)."""
    return open_and_verify_store(path, credential, options).report


def open_and_verify_store(
    path: str | os.PathLike[str],
    credential: Credential | None = None,
    options: VerifyOptions | None = None,
) -> Verified:
    """:func:`open_and_verify`, keeping the store that was judged (decrypted once)."""
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
    return _answer(location, lambda opts: _judge_bytes(data, location, credential, opts), options).report


def verify_store_at(store: Store, location: str, options: VerifyOptions | None = None) -> Report:
    """:func:`open_and_verify` for a directory store read by other means (a URL)."""
    return _answer(location, lambda opts: _judge_store(store, location, opts), options).report


def _answer(
    location: str, judge: Callable[[VerifyOptions], Verified], options: VerifyOptions | None
) -> Verified:
    """The audit record around a judgement, and the last-resort answer."""
    opts = options or VerifyOptions()
    started = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    t0 = time.perf_counter()
    try:
        judged = judge(opts)
    except (Cancelled, KeyboardInterrupt):
        raise
    except Exception as exc:  # the last-resort answer: a bug is a report, not a traceback
        judged = Verified(Report.internal_error(exc, object_id=location), None)
    report = judged.report
    report.started_at = started
    report.duration_s = time.perf_counter() - t0
    if not report.input:
        report.input = {"path": location, "sha256": None, "size": None, "format": None}
    return judged


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


def _judge_store(store: Store, location: str, opts: VerifyOptions) -> Verified:
    report = verify(store, opts)
    report.container.update({"format": "directory", "files": len(store.files)})
    report.input = {
        "path": location,
        "sha256": _tree_digest(store),
        "size": sum(len(v) for v in store.files.values()),
        "format": "directory",
    }
    return Verified(report, store)


def _judge_bytes(blob: bytes, location: str, credential: Credential | None, opts: VerifyOptions) -> Verified:
    """A sealed file or a HOM-AIMOS bundle, from its bytes."""
    magic = blob[:8]
    fmt = magic.decode("ascii") if magic in (b"ALETH001", b"ALETH002") else "unknown"
    digest = _digest_meanwhile(blob)
    info: dict[str, object] = {"path": location, "sha256": None, "size": len(blob), "format": fmt}
    try:
        if len(blob) > container.MAX_CONTAINER:
            raise ContainerError(
                "too_large",
                f"{location} is larger than {container.MAX_CONTAINER // (1024 * 1024)} MiB",
                expected=f"at most {container.MAX_CONTAINER} bytes",
                found=f"{len(blob)} bytes",
            )
        # the HOM-AIMOS profiles are imported only where a bundle may be: asked for, or
        # detected by content (a file with the container magic is never one: detect says so)
        if opts.profile in HOM_PROFILES or (opts.profile == "auto" and not blob.startswith(b"ALETH00")):
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
                report.input = {
                    **info,
                    "sha256": digest(),
                    "format": report.input.get("format") or HOM_V2_PROFILE,
                }
                return Verified(report, None)
            if opts.profile == HOM_PROFILE or (opts.profile == "auto" and hom_aimos.detect(blob)):
                report = hom_aimos.verify_bundle(blob, source=location, trust_master=opts.trust_master)
                report.input = {**info, "sha256": digest(), "format": HOM_PROFILE}
                return Verified(report, None)
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
        info["sha256"] = digest()
        return Verified(_unopenable(exc, location, info), None)
    info["sha256"] = digest()
    info["format"] = opened.format
    store = Store(dict(opened.files), origin=opened.format, source=location)
    report = verify(store, opts)
    report.container.update(
        {"format": opened.format, "has_recovery_slot": opened.has_recovery_slot, "files": len(opened.files)}
    )
    report.input = info
    return Verified(report, store)


def _open_and_verify(p: Path, credential: Credential | None, opts: VerifyOptions) -> Verified:
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
            store = _read_dir(p)
        else:
            if not p.exists():
                open_path(p)  # raises not_found
            blob = read_blob(p)
    except InspectorError as exc:
        return Verified(_unopenable(exc, location, info), None)
    if info["format"] == "directory":
        return _judge_store(store, location, opts)
    holder = [blob]
    del blob
    judged = _judge_bytes(holder.pop(), location, credential, opts)
    _leftovers(judged.report, p, opts)
    return judged


def _read_dir(p: Path) -> Store:
    """The directory store at ``p``; a folder or file the system will not let us read
    is ``unreadable`` (a report on the store), never an exception."""
    try:
        return read_directory(p)
    except OSError as exc:
        where = os.fsdecode(exc.filename) if exc.filename is not None else str(p)
        raise StoreError.templated(
            "unreadable", M_UNREADABLE, path=where, reason=exc.strerror or str(exc)
        ) from None


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
