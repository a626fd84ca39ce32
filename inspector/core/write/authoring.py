"""Authoring operations (SPEC E): rotate, revoke, grant, migrate, label, rekey
and recover.

Each operation builds the new payload in memory, runs the complete verifier on
it and seals it, and returns a :class:`Result`: the preview.  The preview holds
the exact bytes to be written (:class:`Output`, with their SHA-256), the
verifier's report on them, the eras before and after, what becomes
NOT_IN_PROVEN_PRE_ROTATION_HISTORY, and the effect in plain words
(:mod:`.effects`).  :func:`write` writes those bytes or nothing: it re-checks by
hash that the source has not changed since the preview, keeps one backup
``FILE.bak`` of an in-place write (none after a re-key, which deletes every copy
the old passphrase opens), preserves the file's mode and owner, holds the
file's write lock, and writes new private keys and recovery codes only once the
output is in place (SPEC E1, E2; issue 16).

Before a rotation or revocation, evidence and stored checkpoints signed by the
retiring key that no commit cites are cited by one anchoring commit, which
becomes the cutoff (SPEC E4).  A revocation for ``compromise`` whose cutoff
leaves later objects outside the proven history can be written although the
result fails, when every new error is one of those disowned objects and the
caller confirms them (SPEC E3).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import container
from ..canonical import JsonError, canonical, loads_strict
from ..container import Credential, Opened, read_blob
from ..errors import ContainerError, InspectorError, OperationError, StoreError
from ..findings import Severity, message
from ..i18n import Phrase
from ..keys import KeyPair, fingerprint, root_id_for
from ..store import Store, read_directory
from ..verify.engine import VerifyOptions, verify
from ..verify.report import KeyEra, Report, Status
from . import effects as E
from . import safe
from .builder import StoreWriter, next_key_id
from .directory import unmanaged_files, write_directory
from .effects import Disowned, Effect, effect
from .mutmem import MutMemWriter

REASONS = ("compromise", "expiry", "rotation")
_BAD_EDGE = (Status.MALFORMED, Status.DIGEST_MISMATCH, Status.INVALID_SIGNATURE)

# ---- refusals (registered templates: the user reads them) -----------------------------
INVALID_INPUT = message("{path} does not verify ({errors} errors); refusing to build on it")
NO_ROOT = message("{path} has no root authority (a v0.1 store)")
WRONG_ROOT = message("the root key given is not this file's root key")
ROOT_AS_KEY = message(
    "the new key is the root key: the root key is never granted (it would be sealed into the file)"
)
NO_ACTIVE_KEY = message("the identity has no active key to rotate")
KEY_NOT_ACTIVE = message("{key_id} is not an active key")
MISSING_CUTOFF = message("cutoff {cutoff} is not a commit of this file")
BAD_REASON = message("reason must be one of {reasons}")
NOT_SEALED = message("rekey works on a sealed .aleth file, not a directory")
KEEP_OR_NEW = message("keep the recovery code or ask for a new one, not both")
NO_RECOVERY_SLOT = message("this file has no recovery slot to keep")
RECOVERY_DECISION = message(
    "this file has a recovery slot: give its recovery code to keep it, or ask for a new recovery code"
)
RECOVER_NEEDS_CODE = message("recover needs a sealed ALETH002 file opened with its recovery code")
V1_NEEDS_PASSPHRASE = message("an ALETH001 file is resealed with its passphrase")
SEAL_CHECK_FAILED = message("the sealed bytes do not hold the verified payload")
RESULT_INVALID = message("the result does not verify; nothing was written")
NEEDS_DISOWN = message(
    "{count} objects would be disowned; confirm them (--disown) to write the result although it fails"
)
NEEDS_OUTPUT = message("an output path is needed (or write in place explicitly)")
TARGET_EXISTS = message("{path} already exists; choose a new path")
TARGET_DIR_MISSING = message("directory {directory} does not exist")
SOURCE_CHANGED = message("{path} changed since the preview; preview again")
SOURCE_GONE = message("{path} cannot be read again for the write: {reason}")
IN_PLACE_LINK = message("{path} is a symbolic link; write to the file it points to, or to a new path (-o)")
BACKUP_BLOCKED = message(
    "{backup} exists and is not a backup of {path} made by this program; "
    "move it away or write without a backup"
)
WRITE_CHECK_FAILED = message("{path} does not read back as the previewed bytes")
SECRET_CLASH = message("{path} is named twice among the outputs")

# ---- notes ------------------------------------------------------------------------------
NOTE_ROTATED = message("{old} revoked at cutoff {cutoff}; {new} authorized")
NOTE_CUTOFF_NOT_HEAD = message(
    "the cutoff is not HEAD: objects of the old key outside its history become "
    "NOT_IN_PROVEN_PRE_ROTATION_HISTORY"
)
NOTE_REKEY = message("new passphrase slot; {recovery}")
NOTE_KEPT = message("recovery slot kept")
NOTE_NEW_CODE = message("new recovery code")
NOTE_NO_SLOT = message("no recovery slot")
NOTE_V1_UPGRADE = message("ALETH001 input: the output is ALETH002")


def _refuse(
    code: str,
    template: str,
    *,
    expected: str | None = None,
    found: str | None = None,
    likely_cause: str | None = None,
    cls: type[InspectorError] = OperationError,
    **params: Any,
) -> InspectorError:
    return cls.templated(code, template, expected=expected, found=found, likely_cause=likely_cause, **params)


def store_digest(files: Mapping[str, bytes]) -> str:
    """SHA-256 (hex) of a store's file list: the identity of a directory store's
    content, as a sealed file's identity is the SHA-256 of its bytes."""
    manifest = {path: hashlib.sha256(data).hexdigest() for path, data in files.items()}
    return hashlib.sha256(canonical({"aleth-inspector/store-digest": 1, "files": manifest})).hexdigest()


# --------------------------------------------------------------------------- the source


@dataclass
class Source:
    """An opened input: where it came from, its store, its envelope, the
    verifier's report on it, and the identity (SHA-256) of the bytes read."""

    path: Path
    store: Store
    opened: Opened | None
    credential: Credential | None
    report: Report
    sha256: str = ""  # of the file's bytes; of the file list for a directory store

    @property
    def is_sealed(self) -> bool:
        return self.opened is not None


def _read_source(
    path: Path, credential: Credential | None, key: bytes | None
) -> tuple[Store, Opened | None, str]:
    if path.is_dir():
        store = read_directory(path)
        return store, None, store_digest(store.files)
    if not path.exists():
        raise StoreError("not_found", f"{path} does not exist")
    blob = read_blob(path)  # read once: the hash names exactly the bytes opened
    if credential is None and key is None:
        raise ContainerError(
            "credential_required", f"{path} is sealed: a passphrase or recovery code is needed"
        )
    opened = container.open_container(blob, credential, key=key)
    store = Store(dict(opened.files), origin=opened.format, source=str(path))
    return store, opened, hashlib.sha256(blob).hexdigest()


def load_source(
    path: str | os.PathLike[str],
    credential: Credential | None = None,
    *,
    options: VerifyOptions | None = None,
    key: bytes | None = None,
) -> Source:
    """Open and verify an input (raises :class:`InspectorError` if unopenable).
    ``key`` is the derived container key, when the caller has it already."""
    p = Path(path)
    store, opened, digest = _read_source(p, credential, key)
    return Source(p, store, opened, credential, verify(store, options), digest)


# --------------------------------------------------------------------------- the preview


@dataclass(frozen=True)
class Output:
    """Exactly what a write puts on disk.  What the preview shows is what is written:
    :func:`write` writes ``data`` (a sealed file) or ``files`` (a directory store)
    and nothing else, after checking ``source`` still hashes to ``source_sha256``."""

    kind: str  # "sealed" or "directory"
    sha256: str  # of data; of the file list (store_digest) for a directory
    source: str
    source_sha256: str
    verdict: str  # the verifier's verdict on the result
    disown_only: bool  # fails, but only by objects a compromise revocation disowns
    disowned: tuple[str, ...] = ()
    rekey: bool = False  # a new passphrase: no backup, and old-credential copies are deleted
    data: bytes = field(default=b"", repr=False)
    files: Mapping[str, bytes] | None = field(default=None, repr=False)

    @property
    def size(self) -> int:
        return len(self.data) if self.kind == "sealed" else sum(len(v) for v in (self.files or {}).values())


@dataclass
class Result:
    """The outcome of an operation before anything is written: the preview."""

    operation: str
    source: Source
    store: Store
    report: Report
    eras_before: list[KeyEra]
    eras_after: list[KeyEra]
    output: Output
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    notes: list[Effect] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    unproven: list[Disowned] = field(default_factory=list)  # every object newly NOT_IN_PROVEN…
    anchored: list[str] = field(default_factory=list)  # ids an anchoring commit cites (E4)
    new_keys: dict[str, KeyPair] = field(default_factory=dict)  # key_id -> private key to save
    recovery_code: str | None = None  # a new recovery code, shown once
    allow_invalid_input: bool = False

    @property
    def ok(self) -> bool:
        return self.report.verdict == "pass"

    @property
    def disown_only(self) -> bool:
        """The result fails only by the objects a compromise revocation disowns."""
        return self.output.disown_only

    @property
    def disowned(self) -> list[Disowned]:
        return [d for d in self.unproven if d.error]

    @property
    def writable(self) -> bool:
        """Writable as it is (passing), or with the disowned objects confirmed."""
        return self.ok or self.disown_only

    def to_json(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "source": str(self.source.path),
            "source_sha256": self.source.sha256,
            "verdict": self.report.verdict,
            "input_verdict": self.source.report.verdict,
            "allow_invalid_input": self.allow_invalid_input,
            "output": {"kind": self.output.kind, "sha256": self.output.sha256, "size": self.output.size},
            "effects": [e.to_json() for e in self.effects],
            "disowned": [d.to_json() for d in self.disowned],
            "unproven": [d.to_json() for d in self.unproven],
            "needs_disown": not self.ok and self.disown_only,
            "anchored": self.anchored,
            "added": self.added,
            "removed": self.removed,
            "changed": self.changed,
            "eras_before": [e.to_json() for e in self.eras_before],
            "eras_after": [e.to_json() for e in self.eras_after],
            "new_keys": {k: {"fingerprint": fingerprint(v.raw_public)} for k, v in self.new_keys.items()},
            "recovery_code_generated": self.recovery_code is not None,
            "notes": [n.text for n in self.notes],
            "findings": [f.to_json() for f in self.report.findings if f.severity != Severity.INFO],
        }


# ---- shared steps -----------------------------------------------------------


def _check_input(src: Source, allow_invalid: bool) -> None:
    if src.report.verdict != "pass" and not allow_invalid:
        errors = [f for f in src.report.findings if f.severity == Severity.ERROR]
        first = errors[0] if errors else None
        raise _refuse(
            "invalid_input",
            INVALID_INPUT,
            path=src.path,
            errors=len(errors),
            expected="an input that passes verification",
            found=f"{first.code}: {first.message}" if first else src.report.verdict,
            likely_cause="pass --allow-invalid-input to build on it anyway (recorded in the report)",
        )


def _check_root(src: Source, root: KeyPair) -> None:
    ra = src.store.files.get("root_authority.json")
    if ra is None:
        raise _refuse(
            "no_root", NO_ROOT, path=src.path, likely_cause="run 'migrate' first: it creates the root key"
        )
    try:
        rec, _ = loads_strict(ra)
    except JsonError:
        rec = None
    if not isinstance(rec, dict) or rec.get("root_public_key") != root.jwk:
        raise _refuse(
            "wrong_root_key",
            WRONG_ROOT,
            expected=f"root {rec.get('root_id') if isinstance(rec, dict) else '?'}",
            found=f"a key for {root_id_for(root.jwk)}",
            likely_cause="a root key from another file or identity",
        )


def _check_not_root(new_key: KeyPair | None, root: KeyPair) -> None:
    """SPEC B2 (rev 3): the root's own key is never granted."""
    if new_key is not None and new_key.raw_public == root.raw_public:
        raise _refuse("public_key_reused", ROOT_AS_KEY, expected="a key other than the root key")


def _check_reason(reason: str) -> None:
    if reason not in REASONS:
        raise _refuse("invalid_reason", BAD_REASON, reasons=", ".join(REASONS))


def _diff(before: Store, after: Store) -> tuple[list[str], list[str], list[str]]:
    added = sorted(p for p in after.files if p not in before.files)
    removed = sorted(p for p in before.files if p not in after.files)
    changed = sorted(p for p in after.files if p in before.files and after.files[p] != before.files[p])
    return added, removed, changed


def _seal(src: Source, files: dict[str, bytes]) -> bytes:
    """The output container, checked to decrypt to exactly ``files``."""
    opened = src.opened
    assert opened is not None
    if opened.format == "ALETH002":
        blob = container.reseal_v2(files, opened)
        check = container.open_container(blob, None, key=opened.key)
    else:
        cred = src.credential
        if cred is None or cred.passphrase is None:
            raise _refuse("credential_required", V1_NEEDS_PASSPHRASE)
        blob = container.seal_v1(files, cred.passphrase)
        check = container.open_container(blob, Credential(passphrase=cred.passphrase))
    if check.files != files:
        raise _refuse("write_check_failed", SEAL_CHECK_FAILED)
    return blob


def _output(src: Source, report: Report, files: dict[str, bytes], blob: bytes | None, **kw: Any) -> Output:
    unproven = E.newly_unproven(src.report, report)
    base: dict[str, Any]
    if src.is_sealed:
        assert blob is not None
        base = {"kind": "sealed", "sha256": hashlib.sha256(blob).hexdigest(), "data": blob}
    else:
        base = {"kind": "directory", "sha256": store_digest(files), "files": files}
    disowned = tuple(d.object_id for d in unproven if d.error)
    foreign = [k for k in E.new_errors(src.report, report) if k[2] not in disowned]
    compromise = kw.pop("compromise", False)
    return Output(
        source=str(src.path),
        source_sha256=src.sha256,
        verdict=report.verdict,
        disown_only=bool(report.verdict == "fail" and compromise and disowned and not foreign),
        disowned=disowned,
        **base,
        **kw,
    )


def _finish(
    op: str,
    src: Source,
    store: Store,
    *,
    allow_invalid: bool,
    options: VerifyOptions | None,
    compromise: bool = False,
    extra_effects: Sequence[Effect] = (),
    **extra: Any,
) -> Result:
    report = verify(store, options)
    added, removed, changed = _diff(src.store, store)
    files = dict(store.files)
    blob = _seal(src, files) if src.is_sealed else None
    out = _output(src, report, files, blob, compromise=compromise)
    res = Result(
        op,
        src,
        store,
        report,
        src.report.eras,
        report.eras,
        out,
        added,
        removed,
        changed,
        allow_invalid_input=allow_invalid,
        unproven=E.newly_unproven(src.report, report),
        **extra,
    )
    res.effects = [*extra_effects, *E.report_effects(src.report, report)]
    if allow_invalid and src.report.verdict != "pass":
        res.effects.append(effect("note", E.INVALID_INPUT, verdict=src.report.verdict))
    return res


def _writer(src: Source, root: KeyPair | None) -> StoreWriter:
    return StoreWriter(src.store.copy(), root=root)


# ---- E4: anchoring what a rotation retires ---------------------------------------------


def _cited_in_history(report: Report, head: str | None) -> set[str]:
    """Ids cited by ``provenance.evidence_refs`` of the commits in ancestry(head),
    following authenticated edges only (SPEC B3)."""
    cited: set[str] = set()
    seen: set[str] = set()
    stack = [head] if head else []
    while stack:
        cid = stack.pop()
        if cid in seen:
            continue
        seen.add(cid)
        obj = report.objects.get(cid)
        if obj is None or report.commits.get(cid) in _BAD_EDGE or getattr(obj, "malformed", None):
            continue
        cited.update(obj.evidence_refs)
        parents = obj.parents
        if isinstance(parents, list):  # a hostile value is no edge (an input may be built on as allowed)
            stack.extend(p for p in parents if isinstance(p, str))
    return cited


def _retiring(report: Report, key_id: str) -> KeyEra | None:
    return next((e for e in report.eras if e.key_id == key_id and e.state == "active"), None)


def _anchor(
    w: StoreWriter, src: Source, key_id: str, explicit_cutoff: str | None
) -> tuple[str | None, list[str], list[Effect]]:
    """Cite every evidence and stored checkpoint signed by the retiring key that no
    commit in HEAD's history cites, in one anchoring commit (SPEC E4).  Returns
    (the anchor's id or None, the ids it cites, effects)."""
    report = src.report
    era = _retiring(report, key_id)
    if era is None:
        return None, [], []
    cited = _cited_in_history(report, src.store.head)
    pending = sorted(
        oid
        for statuses in (report.evidence, report.checkpoints)
        for oid, status in statuses.items()
        if status.ok and report.signer.get(oid) == era.index and oid not in cited
    )
    if not pending:
        return None, [], []
    if explicit_cutoff is not None and explicit_cutoff != src.store.head:
        why = E.WHY_CUTOFF
    elif w.agent_key is None or not w.active or w.active[0].get("public_key") != w.agent_key.jwk:
        why = E.WHY_NO_AGENT_KEY
    else:
        obj = w.anchor(pending, f"anchors {len(pending)} records signed by {key_id} before it is retired")
        return obj["commit_id"], pending, [effect("anchor", E.ANCHORED, count=len(pending), key_id=key_id)]
    return None, [], [effect("note", E.NOT_ANCHORED, count=len(pending), key_id=key_id, why=Phrase(why))]


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
    _check_reason(reason)
    _check_not_root(new_key, root)
    w = _writer(src, root)
    if not w.active:
        raise _refuse("no_active_key", NO_ACTIVE_KEY)
    key_id = key_id or w.active[0]["key_id"]
    active = [k["key_id"] for k in w.active]
    if key_id not in active:
        raise _refuse(
            "key_not_active", KEY_NOT_ACTIVE, key_id=key_id, expected=", ".join(active), found=key_id
        )
    if cutoff is not None and f"commits/{cutoff}.json" not in src.store.files:
        raise _refuse("missing_cutoff_head", MISSING_CUTOFF, cutoff=cutoff)
    if cutoff is None and not w.head:
        raise _refuse("missing_cutoff_head", MISSING_CUTOFF, cutoff="HEAD")
    anchor, anchored, anchor_effects = _anchor(w, src, key_id, cutoff)
    cut = anchor or cutoff or w.head
    assert cut is not None
    new_key = new_key or KeyPair.generate()
    new_id = next_key_id([k["key_id"] for k in w.active + w.revoked], key_id)
    w.rotate(key_id, new_key, new_id, cutoff=cut, reason=reason)
    res = _finish(
        "rotate",
        src,
        w.store,
        allow_invalid=allow_invalid,
        options=options,
        compromise=reason == "compromise",
        extra_effects=anchor_effects,
        new_keys={new_id: new_key},
        anchored=anchored,
    )
    res.notes.append(effect("note", NOTE_ROTATED, old=key_id, cutoff=cut, new=new_id))
    if cutoff is not None and cutoff != src.store.head:
        res.notes.append(effect("note", NOTE_CUTOFF_NOT_HEAD))
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
    _check_reason(reason)
    w = _writer(src, root)
    active = [k["key_id"] for k in w.active]
    if key_id not in active:
        raise _refuse(
            "key_not_active",
            KEY_NOT_ACTIVE,
            key_id=key_id,
            expected=", ".join(active) or "(none)",
            found=key_id,
        )
    if cutoff is not None and f"commits/{cutoff}.json" not in src.store.files:
        raise _refuse("missing_cutoff_head", MISSING_CUTOFF, cutoff=cutoff)
    anchor, anchored, anchor_effects = _anchor(w, src, key_id, cutoff)
    w.revoke(key_id, reason=reason, cutoff=anchor or cutoff)
    extra = list(anchor_effects)
    if "keys/signing.key" in src.store.files and "keys/signing.key" not in w.store.files:
        extra.append(effect("key", E.SIGNING_KEY_REMOVED))
    res = _finish(
        "revoke",
        src,
        w.store,
        allow_invalid=allow_invalid,
        options=options,
        compromise=reason == "compromise",
        extra_effects=extra,
        anchored=anchored,
    )
    if cutoff is not None and cutoff != src.store.head:
        res.notes.append(effect("note", NOTE_CUTOFF_NOT_HEAD))
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
    _check_not_root(new_key, root)
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
        "migrate",
        src,
        w.store,
        allow_invalid=allow_invalid,
        options=options,
        extra_effects=[effect("key", E.MIGRATED, root_id=root_id_for(root.jwk))],
        new_keys={"root": root},
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
    neither, a file that has one is refused.  ALETH001 becomes ALETH002.
    Written in place it keeps no backup and deletes every copy beside the file
    that the old passphrase opens (issue 16)."""
    _check_input(src, allow_invalid)
    opened = src.opened
    if opened is None:
        raise _refuse("not_sealed", NOT_SEALED)
    if keep_recovery_code is not None and new_recovery_code:
        raise _refuse("usage", KEEP_OR_NEW)
    secret: bytes | None = None
    code: str | None = None
    if keep_recovery_code is not None:
        if not opened.has_recovery_slot:
            raise _refuse("no_recovery_slot", NO_RECOVERY_SLOT)
        secret = _check_recovery_code(src, keep_recovery_code)
    elif new_recovery_code:
        secret = container.new_recovery_secret()
        code = container.encode_recovery_code(secret)
    elif opened.has_recovery_slot:
        raise _refuse(
            "recovery_slot_decision",
            RECOVERY_DECISION,
            likely_cause="a rekey must not silently drop recovery",
        )
    files = dict(src.store.files)
    blob = container.rekey_v2(files, opened, new_passphrase, recovery_secret=secret)
    if container.open_container(blob, Credential(passphrase=new_passphrase)).files != files:
        raise _refuse("write_check_failed", SEAL_CHECK_FAILED)
    out = _output(src, src.report, files, blob, rekey=True)
    if keep_recovery_code is not None:
        creds, note = E.OLD_PASSPHRASE_STOPS_CODE_KEPT, NOTE_KEPT
    elif code is not None:
        creds = E.OLD_PASSPHRASE_AND_CODE_STOP if opened.has_recovery_slot else E.OLD_PASSPHRASE_STOPS_NO_CODE
        note = NOTE_NEW_CODE
    else:
        creds, note = E.OLD_PASSPHRASE_STOPS_NO_CODE, NOTE_NO_SLOT
    fx = [effect("credentials", creds)]
    if code is not None:
        fx.append(effect("credentials", E.NEW_CODE))
    res = Result(
        "rekey",
        src,
        src.store,
        src.report,
        src.report.eras,
        src.report.eras,
        out,
        allow_invalid_input=allow_invalid,
        recovery_code=code,
        effects=fx,
    )
    res.notes.append(effect("note", NOTE_REKEY, recovery=Phrase(note)))
    if opened.format == "ALETH001":
        res.notes.append(effect("note", NOTE_V1_UPGRADE))
        res.effects.append(effect("format", E.BECOMES_ALETH002))
    return res


def recover(
    src: Source, new_passphrase: str, *, new_recovery_code: bool = False, allow_invalid: bool = False
) -> Result:
    """After opening with the recovery code: set a new passphrase.  The recovery
    slot stays (same code) unless a new code is asked for."""
    cred = src.credential
    if src.opened is None or cred is None or cred.recovery_code is None:
        raise _refuse("usage", RECOVER_NEEDS_CODE)
    if new_recovery_code:
        res = rekey(src, new_passphrase, new_recovery_code=True, allow_invalid=allow_invalid)
    else:
        res = rekey(src, new_passphrase, keep_recovery_code=cred.recovery_code, allow_invalid=allow_invalid)
    res.operation = "recover"
    return res


def _check_recovery_code(src: Source, code: str) -> bytes:
    """The secret of ``code`` when it opens the source (as read for the preview)."""
    opened = src.opened
    assert opened is not None
    secret = container.decode_recovery_code(code)
    header = opened.header
    env = container.Envelope(opened.format, header, canonical(header), b"")
    container.derive_key(env, Credential(recovery_code=code))  # raises wrong_passphrase
    return secret


# --------------------------------------------------------------------------- writing


@dataclass(frozen=True)
class SecretFile:
    """A private key or recovery code to save (0600, never over an existing file)
    once the output is in place."""

    path: Path
    data: bytes = field(repr=False)
    effect: Effect | None = None

    @classmethod
    def key(cls, path: str | os.PathLike[str], key_id: str, key: KeyPair) -> SecretFile:
        return cls(Path(path), key.pem(), effect("write", E.SAVES_KEY, key_id=key_id, path=str(path)))

    @classmethod
    def recovery_code(cls, path: str | os.PathLike[str], code: str) -> SecretFile:
        return cls(Path(path), (code + "\n").encode(), effect("write", E.SAVES_CODE, path=str(path)))


@dataclass(frozen=True)
class Written:
    path: Path
    sha256: str  # what was written (equal to the preview's)
    backup: Path | None = None
    removed: tuple[Path, ...] = ()  # copies the old passphrase opened (re-key in place)
    secrets: tuple[Path, ...] = ()


def old_credential_copies(path: str | os.PathLike[str]) -> list[Path]:
    """What a re-key in place deletes beside ``path``: every sealed copy under a name
    this program uses (:func:`safe.sealed_copies`) — after the re-key, each opens
    only with an old passphrase or recovery code."""
    return safe.sealed_copies(path)


def write_effects(
    output: Output,
    target: str | os.PathLike[str] | None,
    *,
    in_place: bool,
    backup: bool = True,
    secrets: Sequence[SecretFile] = (),
    removes: Sequence[Path] = (),
) -> list[Effect]:
    """Where the result goes, in plain words (for the confirmation)."""
    src = output.source
    fx: list[Effect] = []
    if in_place:
        if output.rekey:
            fx.append(effect("write", E.WRITE_REKEY_IN_PLACE, source=src))
            fx += [effect("write", E.REMOVES_OLD_COPY, path=str(p)) for p in removes]
        elif backup:
            fx.append(effect("write", E.WRITE_IN_PLACE_BACKUP, source=src, backup=str(safe.backup_path(src))))
        else:
            fx.append(effect("write", E.WRITE_IN_PLACE_NO_BACKUP, source=src))
    else:
        fx.append(effect("write", E.WRITE_NEW, target=str(target), source=src))
        if output.rekey:
            fx.append(effect("write", E.SOURCE_KEEPS_OLD_SECRET, source=src))
    fx += [s.effect for s in secrets if s.effect is not None]
    return fx


def write_result(
    res: Result,
    out: str | os.PathLike[str] | None = None,
    *,
    in_place: bool = False,
    backup: bool = True,
    disown: bool = False,
    secrets: Sequence[SecretFile] = (),
) -> Written:
    """Write a previewed result (see :func:`write`)."""
    return write(res.output, out, in_place=in_place, backup=backup, disown=disown, secrets=secrets)


def write(
    output: Output,
    out: str | os.PathLike[str] | None = None,
    *,
    in_place: bool = False,
    backup: bool = True,
    disown: bool = False,
    secrets: Sequence[SecretFile] = (),
) -> Written:
    """Write exactly the previewed ``output``, or nothing.

    To a new path ``out`` (which must not exist) or, with ``in_place``, over the
    source, under the source's write lock, keeping the previous version as
    ``FILE.bak`` unless ``backup`` is false (a re-key keeps none and deletes every
    copy the old passphrase opens), with the source's mode and owner.  Refused
    when the source changed since the preview, or when the result fails and
    ``disown`` does not confirm a compromise revocation's disowned objects.
    ``secrets`` are written (0600, never over a file) only once the output is in
    place; if one cannot be written, the output is rolled back and nothing new
    remains."""
    if output.verdict != "pass" and not (disown and output.disown_only):
        if output.disown_only:
            raise _refuse("needs_disown", NEEDS_DISOWN, count=len(output.disowned))
        raise _refuse("result_invalid", RESULT_INVALID)
    source = Path(output.source)
    if in_place:
        target = source
        if target.is_symlink():
            raise _refuse("in_place_link", IN_PLACE_LINK, path=target)
    else:
        if out is None:
            raise _refuse("usage", NEEDS_OUTPUT)
        target = Path(out)
        if os.path.lexists(target):
            raise _refuse("target_exists", TARGET_EXISTS, path=target)
        parent = target.parent if str(target.parent) else Path(".")
        if not parent.is_dir():
            raise _refuse(
                "target_directory_missing",
                TARGET_DIR_MISSING,
                directory=parent,
                expected="an existing directory",
                found=str(parent),
            )
    _check_secret_targets(secrets, {os.path.abspath(target), os.path.abspath(source)})
    if output.kind == "sealed":
        if in_place:
            with safe.exclusive(target):
                return _sealed_in_place(output, target, backup and not output.rekey, secrets)
        _check_source(output)
        safe.atomic_write(target, output.data, overwrite=False)
        return _finish_new(output, target, secrets, lambda: os.unlink(target))
    assert output.files is not None
    if in_place:
        with safe.exclusive(target):
            return _directory_in_place(output, target, backup, secrets)
    _check_source(output)
    write_directory(Store(dict(output.files)), target)
    return _finish_new(output, target, secrets, lambda: shutil.rmtree(target))


def _check_secret_targets(secrets: Sequence[SecretFile], taken: set[str]) -> None:
    for s in secrets:
        p = os.path.abspath(s.path)
        if p in taken:
            raise _refuse("usage", SECRET_CLASH, path=s.path)
        taken.add(p)
        if os.path.lexists(s.path):
            raise _refuse("target_exists", TARGET_EXISTS, path=s.path)
        parent = s.path.parent if str(s.path.parent) else Path(".")
        if not parent.is_dir():
            raise _refuse("target_directory_missing", TARGET_DIR_MISSING, directory=parent)


def _current_digest(output: Output) -> tuple[str, bytes | Store]:
    path = Path(output.source)
    try:
        if output.kind == "sealed":
            blob = read_blob(path)
            return hashlib.sha256(blob).hexdigest(), blob
        store = read_directory(path)
        return store_digest(store.files), store
    except InspectorError as exc:
        raise _refuse("source_changed", SOURCE_GONE, path=path, reason=exc.message) from exc


def _check_source(output: Output) -> bytes | Store:
    """The source as it is now (its bytes, or its store), when it hashes as at the preview."""
    digest, current = _current_digest(output)
    if digest != output.source_sha256:
        raise _refuse(
            "source_changed",
            SOURCE_CHANGED,
            path=output.source,
            expected=f"SHA-256 {output.source_sha256}",
            found=f"SHA-256 {digest}",
            likely_cause="another program or another write changed it after the preview",
        )
    return current


def _check_written(target: Path, expected: str, directory: bool = False) -> None:
    try:
        digest = store_digest(read_directory(target).files) if directory else safe.sha256_file(target)
    except (OSError, InspectorError) as exc:
        raise _refuse("write_check_failed", WRITE_CHECK_FAILED, path=target, found=str(exc)) from exc
    if digest != expected:
        raise _refuse(
            "write_check_failed",
            WRITE_CHECK_FAILED,
            path=target,
            expected=f"SHA-256 {expected}",
            found=f"SHA-256 {digest}",
        )


def _write_secrets(secrets: Sequence[SecretFile]) -> list[Path]:
    written: list[Path] = []
    try:
        for s in secrets:
            safe.atomic_write(s.path, s.data, mode=0o600, overwrite=False)
            written.append(s.path)
    except BaseException:
        for p in written:  # a key or code for a file that was not written is only a liability
            with contextlib.suppress(OSError):
                os.unlink(p)
        raise
    return written


def _finish_new(output: Output, target: Path, secrets: Sequence[SecretFile], undo: Any) -> Written:
    try:
        _check_written(target, output.sha256, directory=output.kind == "directory")
        saved = _write_secrets(secrets)
    except BaseException:
        with contextlib.suppress(OSError):
            undo()  # the output this call created, by its exact name
        raise
    return Written(target, output.sha256, secrets=tuple(saved))


def _is_our_sealed_copy(path: Path) -> bool:
    """A regular file starting with a container magic (what an earlier backup is)."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return False
        with open(path, "rb") as fh:
            return fh.read(8) in (container.MAGIC_V1, container.MAGIC_V2)
    except OSError:
        return False


def _is_our_directory_copy(path: Path) -> bool:
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and ((path / "HEAD").is_file() or (path / "identities").is_dir())


def _backup_allowed(target: Path, bak: Path, directory: bool) -> None:
    if not os.path.lexists(bak):
        return
    ours = _is_our_directory_copy(bak) if directory else _is_our_sealed_copy(bak)
    if not ours:
        raise _refuse(
            "backup_blocked",
            BACKUP_BLOCKED,
            backup=bak,
            path=target,
            likely_cause="a file of yours carries the name the backup uses",
        )


def _sealed_in_place(output: Output, target: Path, backup: bool, secrets: Sequence[SecretFile]) -> Written:
    old = _check_source(output)
    assert isinstance(old, bytes)
    st = os.stat(target)
    mode, owner = stat.S_IMODE(st.st_mode), (st.st_uid, st.st_gid)
    bak = safe.backup_path(target)
    removed: list[Path] = []
    previous_backup: bytes | None = None
    if output.rekey:  # nothing the old passphrase opens may stay beside the file (issue 16)
        for p in old_credential_copies(target):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(p)
                removed.append(p)
        safe.fsync_dir(target.parent)
    elif backup:
        _backup_allowed(target, bak, directory=False)
        if os.path.lexists(bak):
            previous_backup = bak.read_bytes()
        safe.atomic_write(bak, old, mode=mode, owner=owner)
    safe.atomic_write(target, output.data, mode=mode, owner=owner)
    try:
        _check_written(target, output.sha256)
        saved = _write_secrets(secrets)
    except BaseException:
        safe.atomic_write(target, old, mode=mode, owner=owner)  # the source comes back whole
        if backup:
            if previous_backup is None:
                with contextlib.suppress(OSError):
                    os.unlink(bak)
            else:
                safe.atomic_write(bak, previous_backup, mode=mode, owner=owner)
        raise
    return Written(target, output.sha256, bak if backup else None, tuple(removed), tuple(saved))


def _directory_in_place(output: Output, target: Path, backup: bool, secrets: Sequence[SecretFile]) -> Written:
    """Swap a verified new directory into place (one atomic exchange where the
    platform has it).  Files this program does not manage (``keys/root.key``, …)
    are carried over."""
    current = _check_source(output)
    assert output.files is not None and isinstance(current, Store)
    bak = safe.backup_path(target)
    if backup:
        _backup_allowed(target, bak, directory=True)
    fresh = safe.temp_path(target)  # one exact name; a killed run's leftover is reclaimed
    if os.path.lexists(fresh):
        if fresh.is_symlink() or not fresh.is_dir():
            os.unlink(fresh)
        else:
            shutil.rmtree(fresh)
    mode = stat.S_IMODE(os.stat(target).st_mode)
    write_directory(Store(dict(output.files)), fresh, carry=unmanaged_files(target, current))
    os.chmod(fresh, mode)
    exchanged = safe.rename_exchange(fresh, target)  # now: target = new, fresh = old
    if not exchanged:
        old = target.with_name(f".{target.name}.aleth-inspector.old")
        if os.path.lexists(old):
            shutil.rmtree(old)
        os.rename(target, old)
        os.rename(fresh, target)
        os.rename(old, fresh)
    safe.fsync_dir(target.parent)
    try:
        _check_written(target, output.sha256, directory=True)
        saved = _write_secrets(secrets)
    except BaseException:
        if not safe.rename_exchange(fresh, target):
            shutil.rmtree(target)
            os.rename(fresh, target)
        else:
            shutil.rmtree(fresh)
        safe.fsync_dir(target.parent)
        raise
    if backup:
        if os.path.lexists(bak):
            shutil.rmtree(bak)
        os.rename(fresh, bak)
    else:
        shutil.rmtree(fresh)
    safe.fsync_dir(target.parent)
    return Written(target, output.sha256, bak if backup else None, (), tuple(saved))
