"""Authoring operations (SPEC E): rotate, revoke, grant, migrate, label, rekey
and recover — each builds the new payload in memory, runs the complete
verifier on it, and only a passing result can be written.

Every operation returns a :class:`Result` (the new store, what was added,
removed and changed, the key eras before and after, the verifier's report on
the result, and any generated secrets).  ``Result`` *is* the dry-run preview;
:func:`write_result` performs the safe write.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import container
from ..container import Credential, Opened
from ..errors import InspectorError, OperationError
from ..keys import KeyPair, fingerprint, root_id_for
from ..opener import open_path, read_blob
from ..store import Store, write_directory
from ..verify.engine import VerifyOptions, verify
from ..verify.report import KeyEra, Report, Severity
from .builder import StoreWriter
from .mutmem import MutMemWriter
from .safe import atomic_write, fsync_dir

REASONS = ("compromise", "expiry", "rotation")


@dataclass
class Source:
    """An opened input: where it came from, its store, its envelope, and the
    verifier's report on it."""

    path: Path
    store: Store
    opened: Opened | None
    credential: Credential | None
    report: Report

    @property
    def is_sealed(self) -> bool:
        return self.opened is not None


def load_source(
    path: str | os.PathLike[str],
    credential: Credential | None = None,
    *,
    options: VerifyOptions | None = None,
) -> Source:
    """Open and verify an input (raises :class:`InspectorError` if unopenable)."""
    res = open_path(path, credential)
    return Source(Path(path), res.store, res.opened, credential, verify(res.store, options))


@dataclass
class Result:
    """The outcome of an operation, before anything is written (the preview)."""

    operation: str
    source: Source
    store: Store
    report: Report
    eras_before: list[KeyEra]
    eras_after: list[KeyEra]
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    new_keys: dict[str, KeyPair] = field(default_factory=dict)  # key_id -> private key to save
    recovery_code: str | None = None  # a new recovery code, shown once
    allow_invalid_input: bool = False
    seal: Callable[[], bytes] | None = None  # builds the output container bytes

    @property
    def ok(self) -> bool:
        return self.report.verdict == "pass"

    def to_json(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "source": str(self.source.path),
            "verdict": self.report.verdict,
            "input_verdict": self.source.report.verdict,
            "allow_invalid_input": self.allow_invalid_input,
            "added": self.added,
            "removed": self.removed,
            "changed": self.changed,
            "eras_before": [e.to_json() for e in self.eras_before],
            "eras_after": [e.to_json() for e in self.eras_after],
            "new_keys": {k: {"fingerprint": fingerprint(v.raw_public)} for k, v in self.new_keys.items()},
            "recovery_code_generated": self.recovery_code is not None,
            "notes": self.notes,
            "findings": [f.to_json() for f in self.report.findings if f.severity != Severity.INFO],
        }


# ---- shared steps -----------------------------------------------------------


def _check_input(src: Source, allow_invalid: bool) -> None:
    if src.report.verdict != "pass" and not allow_invalid:
        errors = [f for f in src.report.findings if f.severity == Severity.ERROR]
        first = errors[0] if errors else None
        raise OperationError(
            "invalid_input",
            f"{src.path} does not verify ({len(errors)} errors); refusing to build on it",
            expected="an input that passes verification",
            found=f"{first.code}: {first.message}" if first else src.report.verdict,
            likely_cause="pass --allow-invalid-input to build on it anyway (recorded in the report)",
        )


def _check_root(src: Source, root: KeyPair) -> None:
    ra = src.store.files.get("root_authority.json")
    if ra is None:
        raise OperationError(
            "no_root",
            f"{src.path} has no root authority (a v0.1 store)",
            likely_cause="run 'migrate' first: it creates the root key",
        )
    from ..canonical import loads_strict

    rec, _ = loads_strict(ra)
    if rec.get("root_public_key") != root.jwk:
        raise OperationError(
            "wrong_root_key",
            "the root key given is not this file's root key",
            expected=f"root {rec.get('root_id')}",
            found=f"a key for {root_id_for(root.jwk)}",
            likely_cause="a root key from another file or identity",
        )


def _diff(before: Store, after: Store) -> tuple[list[str], list[str], list[str]]:
    added = sorted(p for p in after.files if p not in before.files)
    removed = sorted(p for p in before.files if p not in after.files)
    changed = sorted(p for p in after.files if p in before.files and after.files[p] != before.files[p])
    return added, removed, changed


def _sealer(src: Source, files: dict[str, bytes]) -> Callable[[], bytes] | None:
    opened = src.opened
    if opened is None:
        return None
    if opened.format == "ALETH002":
        return lambda: container.reseal_v2(files, opened)
    cred = src.credential
    if cred is None or cred.passphrase is None:
        raise OperationError("credential_required", "an ALETH001 file is resealed with its passphrase")
    passphrase = cred.passphrase
    return lambda: container.seal_v1(files, passphrase)


def _finish(
    op: str, src: Source, store: Store, *, allow_invalid: bool, options: VerifyOptions | None, **extra: Any
) -> Result:
    report = verify(store, options)
    added, removed, changed = _diff(src.store, store)
    res = Result(
        op,
        src,
        store,
        report,
        src.report.eras,
        report.eras,
        added,
        removed,
        changed,
        allow_invalid_input=allow_invalid,
        seal=_sealer(src, store.files),
        **extra,
    )
    if allow_invalid:
        res.notes.append(f"input verdict was {src.report.verdict}; built on it with --allow-invalid-input")
    return res


def next_key_id(existing: list[str], like: str) -> str:
    """key-003 → key-004; housekeeper-001 → housekeeper-002 (never reuses an id)."""
    m = re.match(r"^(.*?)(\d+)$", like)
    prefix, width = (m.group(1), len(m.group(2))) if m else (like + "-", 3)
    numbers = [int(k[len(prefix) :]) for k in existing if k.startswith(prefix) and k[len(prefix) :].isdigit()]
    return f"{prefix}{max(numbers, default=0) + 1:0{width}d}"


def _writer(src: Source, root: KeyPair | None) -> StoreWriter:
    return StoreWriter(src.store.copy(), root=root)


# ---- operations ---------------------------------------------------------------


def rotate(
    src: Source,
    root: KeyPair,
    *,
    key_id: str | None = None,
    cutoff: str | None = None,
    new_key: KeyPair | None = None,
    reason: str = "rotation",
    allow_invalid: bool = False,
    options: VerifyOptions | None = None,
) -> Result:
    """Revoke ``key_id`` (the agent key by default) at ``cutoff`` (HEAD by default)
    and authorize a fresh key in one ``key_rotation`` event signed by the root."""
    _check_input(src, allow_invalid)
    _check_root(src, root)
    w = _writer(src, root)
    if not w.active:
        raise OperationError("no_active_key", "the identity has no active key to rotate")
    key_id = key_id or w.active[0]["key_id"]
    if key_id not in [k["key_id"] for k in w.active]:
        raise OperationError(
            "key_not_active",
            f"{key_id} is not an active key",
            expected=", ".join(k["key_id"] for k in w.active),
            found=key_id,
        )
    cutoff = cutoff or w.head
    if not cutoff or f"commits/{cutoff}.json" not in src.store.files:
        raise OperationError("missing_cutoff_head", f"cutoff {cutoff} is not a commit of this file")
    if reason not in REASONS:
        raise OperationError("invalid_reason", f"reason must be one of {', '.join(REASONS)}")
    new_key = new_key or KeyPair.generate()
    new_id = next_key_id([k["key_id"] for k in w.active + w.revoked], key_id)
    w.rotate(key_id, new_key, new_id, cutoff=cutoff, reason=reason)
    res = _finish(
        "rotate", src, w.store, allow_invalid=allow_invalid, options=options, new_keys={new_id: new_key}
    )
    res.notes.append(f"{key_id} revoked at cutoff {cutoff}; {new_id} authorized")
    if cutoff != src.store.head:
        res.notes.append(
            "the cutoff is not HEAD: commits of the old key outside its history "
            "become NOT_IN_PROVEN_PRE_ROTATION_HISTORY"
        )
    return res


def revoke(
    src: Source,
    root: KeyPair,
    key_id: str,
    *,
    reason: str = "compromise",
    cutoff: str | None = None,
    allow_invalid: bool = False,
    options: VerifyOptions | None = None,
) -> Result:
    """Revoke ``key_id`` without a successor.  Revoking the agent key also
    drops ``keys/signing.key`` from the payload (alethech refuses a sealed
    signing key that is not active)."""
    _check_input(src, allow_invalid)
    _check_root(src, root)
    if reason not in REASONS:
        raise OperationError("invalid_reason", f"reason must be one of {', '.join(REASONS)}")
    w = _writer(src, root)
    if key_id not in [k["key_id"] for k in w.active]:
        raise OperationError(
            "key_not_active",
            f"{key_id} is not an active key",
            expected=", ".join(k["key_id"] for k in w.active) or "(none)",
            found=key_id,
        )
    w.revoke(key_id, reason=reason, cutoff=cutoff)
    res = _finish("revoke", src, w.store, allow_invalid=allow_invalid, options=options)
    if "keys/signing.key" in src.store.files and "keys/signing.key" not in w.store.files:
        res.notes.append(
            "the agent key was revoked: keys/signing.key is no longer sealed; "
            "nothing can commit until a new key is granted"
        )
    return res


def grant(
    src: Source,
    root: KeyPair,
    role: str,
    *,
    new_key: KeyPair | None = None,
    allow_invalid: bool = False,
    options: VerifyOptions | None = None,
) -> Result:
    """Grant a housekeeper or auditor key (appended after the agent key)."""
    _check_input(src, allow_invalid)
    _check_root(src, root)
    w = _writer(src, root)
    key_id, key = MutMemWriter.grant_role_on(w, role, new_key)
    return _finish(
        "grant", src, w.store, allow_invalid=allow_invalid, options=options, new_keys={key_id: key}
    )


def migrate(
    src: Source,
    *,
    new_root: KeyPair | None = None,
    allow_invalid: bool = False,
    options: VerifyOptions | None = None,
) -> Result:
    """v0.1 → v0.2: a new root key, the migration record (both signatures), the
    root authority, the identity record and the genesis grant of key-001."""
    _check_input(src, allow_invalid)
    w = _writer(src, None)
    root = new_root or KeyPair.generate()
    w.migrate(root)
    return _finish(
        "migrate", src, w.store, allow_invalid=allow_invalid, options=options, new_keys={"root": root}
    )


def label(
    src: Source,
    memory: str,
    label_: str,
    key: KeyPair,
    reason: str,
    *,
    evidence: list[str] | None = None,
    confidence_milli: int = 800,
    allow_invalid: bool = False,
    options: VerifyOptions | None = None,
) -> Result:
    """Append a label record (SPEC C2); refuses what the verifier would flag."""
    _check_input(src, allow_invalid)
    w = _writer(src, None)
    mm = MutMemWriter(w, report=src.report)
    mm.label(
        memory, label_, key=key, reason=reason, evidence=evidence or [], confidence_milli=confidence_milli
    )
    return _finish("label", src, w.store, allow_invalid=allow_invalid, options=options)


def rekey(
    src: Source,
    new_passphrase: str,
    *,
    keep_recovery_code: str | None = None,
    new_recovery_code: bool = False,
    allow_invalid: bool = False,
) -> Result:
    """A new passphrase for a sealed file.  An ALETH002 recovery slot is kept
    when its code is given, replaced when a new code is asked for; with
    neither, a file that has one is refused.  ALETH001 becomes ALETH002."""
    _check_input(src, allow_invalid)
    opened = src.opened
    if opened is None:
        raise OperationError("not_sealed", "rekey works on a sealed .aleth file, not a directory")
    if keep_recovery_code is not None and new_recovery_code:
        raise OperationError("usage", "keep the recovery code or ask for a new one, not both")
    secret: bytes | None = None
    code: str | None = None
    if keep_recovery_code is not None:
        if not opened.has_recovery_slot:
            raise OperationError("no_recovery_slot", "this file has no recovery slot to keep")
        secret = _check_recovery_code(opened, keep_recovery_code, src.path)
    elif new_recovery_code:
        secret = container.new_recovery_secret()
        code = container.encode_recovery_code(secret)
    elif opened.has_recovery_slot:
        raise OperationError(
            "recovery_slot_decision",
            "this file has a recovery slot: give its recovery code to keep "
            "it, or ask for a new recovery code",
            likely_cause="a rekey must not silently drop recovery",
        )
    files = dict(src.store.files)
    res = Result(
        "rekey",
        src,
        src.store,
        src.report,
        src.report.eras,
        src.report.eras,
        allow_invalid_input=allow_invalid,
        recovery_code=code,
        seal=lambda: container.rekey_v2(files, opened, new_passphrase, recovery_secret=secret),
    )
    res.notes.append(
        "new passphrase slot; "
        + (
            "recovery slot kept"
            if keep_recovery_code
            else "new recovery code"
            if code
            else "no recovery slot"
        )
    )
    if opened.format == "ALETH001":
        res.notes.append("ALETH001 input: the output is ALETH002")
    return res


def recover(
    src: Source, new_passphrase: str, *, new_recovery_code: bool = False, allow_invalid: bool = False
) -> Result:
    """After opening with the recovery code: set a new passphrase.  The recovery
    slot stays (same code) unless a new code is asked for."""
    cred = src.credential
    if src.opened is None or cred is None or cred.recovery_code is None:
        raise OperationError("usage", "recover needs a sealed ALETH002 file opened with its recovery code")
    if new_recovery_code:
        res = rekey(src, new_passphrase, new_recovery_code=True, allow_invalid=allow_invalid)
    else:
        res = rekey(src, new_passphrase, keep_recovery_code=cred.recovery_code, allow_invalid=allow_invalid)
    res.operation = "recover"
    return res


def _check_recovery_code(opened: Opened, code: str, path: Path) -> bytes:
    secret = container.decode_recovery_code(code)
    blob = read_blob(path)
    env = container.parse_envelope(blob)
    container.derive_key(env, Credential(recovery_code=code))  # raises wrong_passphrase
    return secret


# ---- writing -------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    path: Path


def _output_credential(res: Result, new_passphrase: str | None) -> Credential | None:
    if res.operation in ("rekey", "recover"):
        if not new_passphrase:
            raise OperationError("usage", "writing a rekey/recover result needs the new passphrase")
        return Credential(passphrase=new_passphrase)
    return res.source.credential


def write_result(
    res: Result,
    out: str | os.PathLike[str] | None,
    *,
    in_place: bool = False,
    new_passphrase: str | None = None,
) -> Written:
    """Write a passing result safely.

    A new path by default (it must not exist).  ``in_place`` writes over the
    source: the source is first copied to a backup, which is removed only after
    the new file has been written, fsynced, renamed, read back and found equal
    to the verified payload.
    """
    if not res.ok:
        errors = [f for f in res.report.findings if f.severity == Severity.ERROR]
        raise OperationError(
            "result_invalid",
            "the result does not verify; nothing was written",
            found="; ".join(f"{f.code}: {f.message}" for f in errors[:3]),
        )
    src = res.source
    if in_place:
        target = src.path
    else:
        if out is None:
            raise OperationError("usage", "an output path is needed (or write in place explicitly)")
        target = Path(out)
        if target.exists():
            raise OperationError("target_exists", f"{target} already exists; choose a new path")
        if not target.parent.is_dir():
            raise OperationError(
                "target_directory_missing",
                f"directory {target.parent} does not exist",
                expected="an existing directory",
                found=str(target.parent),
            )
    if src.is_sealed:
        assert res.seal is not None
        blob = res.seal()
        cred = _output_credential(res, new_passphrase)
        _check_blob(blob, res.store, cred)
        if in_place:
            return _replace_file(target, blob, res.store, cred)
        atomic_write(target, blob, overwrite=False)
        _read_back(target, res.store, cred)
        return Written(target)
    if in_place:
        return _replace_directory(target, res.store)
    write_directory(res.store, target)
    _read_back(target, res.store, None)
    return Written(target)


def _check_blob(blob: bytes, store: Store, cred: Credential | None) -> None:
    opened = container.open_container(blob, cred)
    if opened.files != store.files:
        raise OperationError("write_check_failed", "the sealed bytes do not hold the verified payload")


def _read_back(path: Path, store: Store, cred: Credential | None) -> None:
    try:
        files = open_path(path, cred).store.files
    except InspectorError as exc:
        raise OperationError("write_check_failed", f"{path} could not be read back: {exc.message}") from exc
    if files != store.files:
        raise OperationError("write_check_failed", f"{path} does not read back as the verified payload")


def _backup_name(path: Path) -> Path:
    return path.with_name(f"{path.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}")


def _clean_backups(target: Path) -> None:
    """Backups that killed earlier in-place writes left (they may hold an old
    passphrase's envelope) go once a new file is verified in place."""
    for stale in target.parent.glob(f"{target.name}.bak-*"):
        with contextlib.suppress(OSError):
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()


def _replace_file(target: Path, blob: bytes, store: Store, cred: Credential | None) -> Written:
    backup = _backup_name(target)
    try:
        shutil.copy2(target, backup)
        with open(backup, "rb+") as fh:
            os.fsync(fh.fileno())
        fsync_dir(target.parent)
    except OSError as exc:
        with contextlib.suppress(OSError):
            backup.unlink()
        raise OperationError(
            "write_failed",
            f"cannot keep a backup of {target}: {exc.strerror or exc}",
            likely_cause="the directory is not writable or the disk is full",
        ) from exc
    try:
        atomic_write(target, blob)
        _read_back(target, store, cred)
    except BaseException:
        os.replace(backup, target)  # the source comes back whole
        fsync_dir(target.parent)
        raise
    os.unlink(backup)
    _clean_backups(target)
    fsync_dir(target.parent)
    return Written(target)


def _replace_directory(target: Path, store: Store) -> Written:
    """Swap a verified new directory into place.  Files this program does not
    manage (``keys/root.key``, ``keys/recovery.key``, …) are carried over; the
    swap is one atomic exchange where the platform has it."""
    from ..store import unmanaged_files
    from .safe import remove_stale_temps, rename_exchange

    fresh = target.with_name(f".{target.name}.new.tmp")
    remove_stale_temps(target)
    if fresh.exists():
        shutil.rmtree(fresh)
    write_directory(store, fresh, carry=unmanaged_files(target, store))
    if rename_exchange(fresh, target):  # now: target = new, fresh = old
        try:
            fsync_dir(target.parent)
            _read_back(target, store, None)
        except BaseException:
            rename_exchange(fresh, target)
            raise
        shutil.rmtree(fresh)
        return Written(target)
    backup = _backup_name(target)
    os.rename(target, backup)
    try:
        os.rename(fresh, target)
        fsync_dir(target.parent)
        _read_back(target, store, None)
    except BaseException:
        if target.exists():
            shutil.rmtree(target, ignore_errors=True)
        os.rename(backup, target)
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    shutil.rmtree(backup)
    return Written(target)
