"""Authoring operations (SPEC E): rotate, revoke, grant, migrate, label, rekey
and recover.

Each operation builds the new payload in memory, runs the complete verifier on
it and seals it, and returns a :class:`Result`: the preview.  The preview holds
the exact bytes to be written (:class:`Output`, with their SHA-256), the
verifier's report on them, the eras before and after, what becomes
NOT_IN_PROVEN_PRE_ROTATION_HISTORY, and the effect in plain words
(:mod:`.effects`).  :func:`write` writes those bytes or nothing, as one
transaction of the atomic writer (:func:`inspector.core.write.safe.apply`): it
re-checks by hash that the source has not changed since the preview, holds the
source's locks, publishes new private keys and recovery codes before the new
file replaces the old one, keeps one backup ``FILE.bak`` of an in-place write
(none after a re-key), and keeps the file's mode, owner and extended attributes
(SPEC E1, E2, E5).  Nothing is ever deleted by a re-key: copies beside the file
that still open with the old passphrase are reported.

Before a routine rotation or revocation, evidence and stored checkpoints signed
by the retiring key that no commit cites are cited by one anchoring commit, which
becomes the cutoff (SPEC E4).  A revocation for ``compromise`` needs an explicit
cutoff and never anchors: what the stolen key signed outside the history up to
the cutoff — commits, evidence, receipts and stored checkpoints — is listed and
disowned, and the result is written although it fails when every new error is
one of those objects and the caller confirms them (SPEC E3).

A write on an input that already fails is allowed when the result adds no error
the input did not have (compared by code and object); a re-key or recovery
changes no signed byte and never needs the input to pass (SPEC E5).  The root
key is never granted and never sealed, nor is any public key granted twice.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import container
from ..canonical import JsonError, canonical, loads_strict
from ..container import Credential, Opened, read_blob
from ..errors import ContainerError, InspectorError, KeyError_, OperationError, StoreError
from ..findings import Severity, message
from ..i18n import Phrase
from ..keys import KeyPair, fingerprint, root_id_for
from ..store import Store, read_directory
from ..verify.authority import role_of
from ..verify.engine import VerifyOptions, verify
from ..verify.report import KeyEra, Report, Status
from . import effects as E
from . import safe
from .builder import StoreWriter, next_key_id
from .directory import fill_directory, store_digest, unmanaged_files
from .effects import Disowned, Effect, effect
from .mutmem import MutMemWriter

REASONS = ("compromise", "expiry", "rotation")
ROLES = ("agent", "housekeeper", "auditor")
_BAD_EDGE = (Status.MALFORMED, Status.DIGEST_MISMATCH, Status.INVALID_SIGNATURE)

# ---- refusals (registered templates: the user reads them) -----------------------------
NO_ROOT = message("{path} has no root authority (a v0.1 store)")
WRONG_ROOT = message("the root key given is not this file's root key")
NO_ACTIVE_KEY = message("the identity has no active key to rotate")
KEY_NOT_ACTIVE = message("{key_id} is not an active key")
MISSING_CUTOFF = message("cutoff {cutoff} is not a commit of this file")
CUTOFF_REQUIRED = message(
    "answering a compromise needs the last commit you trust as the cutoff (--cutoff); none was given"
)
BAD_REASON = message("reason must be one of {reasons}")
BAD_ROLE = message("role must be one of {roles}")
ROOT_NOT_GRANTABLE = message("the new {role} key is this file's root key; the root key is never granted")
KEY_REUSED = message(
    "the new {role} key is already {key_id} of this file; a public key is never granted twice"
)
SEALS_FOREIGN_KEY = message(
    "the result would seal {what} as keys/signing.key; only the active agent key is ever sealed"
)
LAST_AGENT_KEY = message(
    "revoking {key_id} leaves no agent key, so nothing could ever be committed again; "
    "grant a new agent key in the same write (--grant-agent) or rotate the key instead"
)
AGENT_KEY_ACTIVE = message("{key_id} is the active agent key: rotate it to replace it")
NOT_SEALED = message("rekey works on a sealed .aleth file, not a directory")
KEEP_OR_NEW = message("keep the recovery code or ask for a new one, not both")
NO_RECOVERY_SLOT = message("this file has no recovery slot to keep")
RECOVERY_DECISION = message(
    "this file has a recovery slot: give its recovery code to keep it, or ask for a new recovery code"
)
RECOVER_NEEDS_CODE = message("recover needs a sealed ALETH002 file opened with its recovery code")
SAME_PASSPHRASE = message("the new passphrase is the one that already opens the file; nothing would change")
V1_NEEDS_PASSPHRASE = message("an ALETH001 file is resealed with its passphrase")
SEAL_CHECK_FAILED = message("the sealed bytes do not hold the verified payload")
NEW_ERRORS = message(
    "the result has {count} errors the input does not have (first: {first}); nothing was written"
)
NEEDS_DISOWN = message(
    "{count} objects would be disowned; confirm them (--disown) to write the result although it fails"
)
NEEDS_OUTPUT = message("an output path is needed (or write in place explicitly)")
SOURCE_CHANGED = message("{path} changed since the preview; preview again")
SOURCE_GONE = message("{path} cannot be read again for the write: {reason}")
BACKUP_BLOCKED = message(
    "{backup} exists and is not an earlier version of {path}; move it away or write without a backup"
)
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
DEMO_KEY_READABLE = message(
    "the demo key file {path} can be read by other users (mode {mode}): git checks the demo keys out "
    "that way, and they are public in the repository anyway; a key of your own must be chmod 600"
)


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


# --------------------------------------------------------------------------- keys given


def _demo_keys() -> set[bytes]:
    """The PEM bytes of the demo's keys (``resources/demo.keys`` of this checkout)."""
    folder = Path(__file__).resolve().parents[3] / "resources" / "demo.keys"
    try:
        return {p.read_bytes() for p in folder.glob("*.pem") if p.is_file()}
    except OSError:
        return set()


def load_key(path: str | os.PathLike[str]) -> KeyPair:
    """A private key from a PEM file, for an authoring command.  A key file others can
    read is used with a note (never refused); for the demo's own keys the note says
    why they are readable (git checks them out with mode 0644)."""
    key = KeyPair.load(path)
    if key.notes and key.pem() in _demo_keys():
        from dataclasses import replace

        mode = stat.S_IMODE(os.stat(path).st_mode)
        key = replace(key, notes=(Phrase(DEMO_KEY_READABLE, path=str(path), mode=f"{mode:04o}"),))
    return key


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


def store_identity(files: Mapping[str, bytes]) -> str:
    """What stays the same across every version of one store: its root authority, or
    (a v0.1 store) its legacy identities.  Tells an earlier version of this file from
    another file."""
    parts = {p: hashlib.sha256(d).hexdigest() for p, d in files.items() if p == "root_authority.json"}
    if not parts:
        for p, d in files.items():
            if p.startswith("identities/"):
                try:
                    obj, _ = loads_strict(d)
                except JsonError:
                    continue
                if isinstance(obj, dict) and obj.get("type") == "Identity":
                    parts[p] = hashlib.sha256(d).hexdigest()
    return hashlib.sha256(canonical(parts)).hexdigest() if parts else ""


# --------------------------------------------------------------------------- the preview


Key3 = tuple[str, str, str]  # (code, object kind, object id) of a finding


@dataclass(frozen=True)
class Output:
    """Exactly what a write puts on disk.  What the preview shows is what is written:
    :func:`write` writes ``data`` (a sealed file) or ``files`` (a directory store)
    and nothing else, after checking ``source`` still hashes to ``source_sha256``.

    ``new_errors`` are the errors the result has and the input had not (code, kind,
    object); those on ``disowned`` objects are what a compromise answer disowns, any
    other makes the output unwritable.  ``key``, ``credential``, ``container_id`` and
    ``identity`` let the writer tell an earlier version of the source (a backup it may
    replace) from another file; they never leave memory except through a pipe."""

    kind: str  # "sealed" or "directory"
    sha256: str  # of data; of the file list (store_digest) for a directory
    source: str
    source_sha256: str
    verdict: str  # the verifier's verdict on the result
    input_verdict: str = "pass"
    new_errors: tuple[Key3, ...] = ()
    disowned: tuple[str, ...] = ()
    compromise: bool = False  # a revocation for compromise: its disowned errors may be confirmed
    rekey: bool = False  # a new passphrase: no backup is kept
    data: bytes = field(default=b"", repr=False)
    files: Mapping[str, bytes] | None = field(default=None, repr=False)
    identity: str = ""  # store_identity of the source
    container_id: bytes | None = field(default=None, repr=False)
    key: bytes | None = field(default=None, repr=False, compare=False)
    credential: Credential | None = field(default=None, repr=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.data) if self.kind == "sealed" else sum(len(v) for v in (self.files or {}).values())

    @property
    def blocking(self) -> tuple[Key3, ...]:
        """New errors no confirmation can accept."""
        if not self.compromise:
            return self.new_errors
        return tuple(k for k in self.new_errors if k[2] not in self.disowned)

    @property
    def disown_only(self) -> bool:
        """It adds errors, but only on objects a compromise answer disowns."""
        return bool(self.new_errors) and not self.blocking

    @property
    def writable(self) -> bool:
        """Writable as it is (no new error), or with the disowned objects confirmed."""
        return not self.blocking


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
    old_copies: list[Path] = field(default_factory=list)  # re-key: copies the old passphrase opens

    @property
    def ok(self) -> bool:
        return self.report.verdict == "pass"

    @property
    def disown_only(self) -> bool:
        """The result adds errors only on the objects a compromise revocation disowns."""
        return self.output.disown_only

    @property
    def disowned(self) -> list[Disowned]:
        return [d for d in self.unproven if d.error]

    @property
    def writable(self) -> bool:
        """Writable as it is, or with the disowned objects confirmed."""
        return self.output.writable

    @property
    def needs_disown(self) -> bool:
        return self.output.disown_only

    def to_json(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "source": str(self.source.path),
            "source_sha256": self.source.sha256,
            "verdict": self.report.verdict,
            "input_verdict": self.source.report.verdict,
            "writable": self.writable,
            "new_errors": [
                {"code": c, "object_kind": k, "object_id": o} for c, k, o in self.output.new_errors
            ],
            "output": {"kind": self.output.kind, "sha256": self.output.sha256, "size": self.output.size},
            "effects": [e.to_json() for e in self.effects],
            "disowned": [d.to_json() for d in self.disowned],
            "unproven": [d.to_json() for d in self.unproven],
            "needs_disown": self.needs_disown,
            "anchored": self.anchored,
            "added": self.added,
            "removed": self.removed,
            "changed": self.changed,
            "eras_before": [e.to_json() for e in self.eras_before],
            "eras_after": [e.to_json() for e in self.eras_after],
            "new_keys": {k: {"fingerprint": fingerprint(v.raw_public)} for k, v in self.new_keys.items()},
            "recovery_code_generated": self.recovery_code is not None,
            "old_copies": [str(p) for p in self.old_copies],
            "notes": [n.text for n in self.notes],
            "findings": [f.to_json() for f in self.report.findings if f.severity != Severity.INFO],
        }


# ---- shared steps -----------------------------------------------------------


def _root_public(src: Source) -> Any:
    ra = src.store.files.get("root_authority.json")
    if ra is None:
        return None
    try:
        rec, _ = loads_strict(ra)
    except JsonError:
        return None
    return rec.get("root_public_key") if isinstance(rec, dict) else None


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


def _check_reason(reason: str, cutoff: str | None) -> None:
    if reason not in REASONS:
        raise _refuse("invalid_reason", BAD_REASON, reasons=", ".join(REASONS))
    if reason == "compromise" and cutoff is None:
        raise _refuse(
            "cutoff_required",
            CUTOFF_REQUIRED,
            expected="--cutoff LAST_TRUSTED_COMMIT",
            likely_cause="a compromise answer never anchors: an anchoring commit would be signed by the "
            "stolen key itself (SPEC E3)",
        )


def _check_new_key(src: Source, w: StoreWriter, key: KeyPair, role: str) -> None:
    """SPEC B2: the root's public key is never granted, and no public key is granted
    twice (active, revoked, or known to the verifier under any key_id).  Refused before
    anything is built."""
    x = key.jwk.get("x")
    root = _root_public(src)
    if (isinstance(root, dict) and root.get("x") == x) or (w.root is not None and w.root.jwk.get("x") == x):
        raise _refuse("public_key_reused", ROOT_NOT_GRANTABLE, role=role, found=fingerprint(key.raw_public))
    known = [(k.get("key_id"), k.get("public_key")) for k in w.active + w.revoked]
    known += [(e.key_id, {"x": e.public_key}) for e in src.report.eras]
    for key_id, pub in known:
        if isinstance(pub, dict) and pub.get("x") == x:
            raise _refuse(
                "public_key_reused", KEY_REUSED, role=role, key_id=key_id, found=fingerprint(key.raw_public)
            )


def refuse_foreign_sealed_key(src: Source, store: Store) -> None:
    """The library never seals the root key or a role key (SPEC E): a new
    ``keys/signing.key`` must be the first active key, of the agent role."""
    pem = store.files.get("keys/signing.key")
    unchanged = (
        "keys/signing.key",
        "root_authority.json",
        *(p for p in store.files if p.startswith("identities/")),
    )
    if pem is None or all(store.files.get(p) == src.store.files.get(p) for p in unchanged):
        return
    try:
        sealed = KeyPair.from_pem(pem, source="keys/signing.key")
    except KeyError_:
        raise _refuse("sealed_key_invalid", SEALS_FOREIGN_KEY, what="an unreadable key") from None
    x = sealed.jwk.get("x")
    root = _root_public(Source(src.path, store, None, None, src.report))
    if isinstance(root, dict) and root.get("x") == x:
        raise _refuse("public_key_reused", SEALS_FOREIGN_KEY, what="the root key")
    w = StoreWriter(store)
    first = w.active[0] if w.active else None
    if first is None or not isinstance(first.get("public_key"), dict) or first["public_key"].get("x") != x:
        holder = next(
            (k.get("key_id") for k in w.active + w.revoked if k.get("public_key", {}).get("x") == x), None
        )
        raise _refuse("sealed_key_invalid", SEALS_FOREIGN_KEY, what=str(holder or "a key that is not active"))
    if role_of(str(first.get("key_id"))) != "agent":
        raise _refuse("sealed_key_invalid", SEALS_FOREIGN_KEY, what=str(first.get("key_id")))


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


def _output(
    src: Source, report: Report, files: dict[str, bytes], blob: bytes | None, *, compromise: bool, rekey: bool
) -> Output:
    unproven = E.newly_unproven(src.report, report)
    base: dict[str, Any]
    if src.is_sealed:
        assert blob is not None and src.opened is not None
        base = {
            "kind": "sealed",
            "sha256": hashlib.sha256(blob).hexdigest(),
            "data": blob,
            "container_id": src.opened.container_id,
            "key": src.opened.key,
            "credential": src.credential,
        }
    else:
        base = {"kind": "directory", "sha256": store_digest(files), "files": files}
    return Output(
        source=str(src.path),
        source_sha256=src.sha256,
        verdict=report.verdict,
        input_verdict=src.report.verdict,
        new_errors=tuple(E.new_errors(src.report, report)),
        disowned=tuple(d.object_id for d in unproven if d.error),
        compromise=compromise,
        rekey=rekey,
        identity=store_identity(src.store.files),
        **base,
    )


def _finish(
    op: str,
    src: Source,
    store: Store,
    *,
    options: VerifyOptions | None,
    compromise: bool = False,
    extra_effects: Sequence[Effect] = (),
    **extra: Any,
) -> Result:
    refuse_foreign_sealed_key(src, store)
    report = verify(store, options)
    added, removed, changed = _diff(src.store, store)
    files = dict(store.files)
    blob = _seal(src, files) if src.is_sealed else None
    out = _output(src, report, files, blob, compromise=compromise, rekey=False)
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
        unproven=E.newly_unproven(src.report, report),
        **extra,
    )
    res.effects = [*extra_effects, *E.report_effects(src.report, report)]
    if src.report.verdict != "pass":
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


def _active_ids(w: StoreWriter) -> list[str]:
    return [str(k["key_id"]) for k in w.active]


def _need_active(w: StoreWriter, key_id: str) -> None:
    active = _active_ids(w)
    if key_id not in active:
        raise _refuse(
            "key_not_active",
            KEY_NOT_ACTIVE,
            key_id=key_id,
            expected=", ".join(active) or "(none)",
            found=key_id,
        )


def _need_cutoff(src: Source, cutoff: str | None) -> None:
    if cutoff is not None and f"commits/{cutoff}.json" not in src.store.files:
        raise _refuse("missing_cutoff_head", MISSING_CUTOFF, cutoff=cutoff)


def _role(key_id: str) -> str:
    return role_of(key_id)


def rotate(
    src: Source,
    root: KeyPair,
    *,
    key_id: str | None = None,
    cutoff: str | None = None,
    new_key: KeyPair | None = None,
    reason: str = "rotation",
    options: VerifyOptions | None = None,
) -> Result:
    """Revoke ``key_id`` (the agent key by default) at ``cutoff`` and authorize a fresh
    key in one ``key_rotation`` event signed by the root.  A routine rotation's cutoff
    is HEAD unless chosen, after anchoring what the key signed and no commit cites
    (E4); a compromise needs an explicit cutoff and anchors nothing (E3)."""
    _check_root(src, root)
    _check_reason(reason, cutoff)
    w = _writer(src, root)
    if not w.active:
        raise _refuse("no_active_key", NO_ACTIVE_KEY)
    key_id = key_id or w.active[0]["key_id"]
    assert key_id is not None
    _need_active(w, key_id)
    _need_cutoff(src, cutoff)
    if cutoff is None and not w.head:
        raise _refuse("missing_cutoff_head", MISSING_CUTOFF, cutoff="HEAD")
    new_key = new_key or KeyPair.generate()
    _check_new_key(src, w, new_key, _role(key_id))
    compromise = reason == "compromise"
    anchor, anchored, anchor_effects = (None, [], []) if compromise else _anchor(w, src, key_id, cutoff)
    cut = anchor or cutoff or w.head
    assert cut is not None
    new_id = next_key_id([k["key_id"] for k in w.active + w.revoked], key_id)
    w.rotate(key_id, new_key, new_id, cutoff=cut, reason=reason)
    res = _finish(
        "rotate",
        src,
        w.store,
        options=options,
        compromise=compromise,
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
    grant_agent: bool = False,
    new_key: KeyPair | None = None,
    options: VerifyOptions | None = None,
) -> Result:
    """Revoke ``key_id`` without a successor.  Revoking the agent key also drops
    ``keys/signing.key`` from the payload (alethech refuses a sealed signing key that
    is not active); revoking the only agent key is refused unless ``grant_agent``
    grants a new one (``new_key``, or a fresh key) in the same write, sealed as
    ``keys/signing.key``: a store no one can write is never the result."""
    _check_root(src, root)
    _check_reason(reason, cutoff)
    w = _writer(src, root)
    _need_active(w, key_id)
    _need_cutoff(src, cutoff)
    agents = [k for k in _active_ids(w) if _role(k) == "agent"]
    last_agent = agents == [key_id]
    if last_agent and not grant_agent:
        raise _refuse(
            "last_agent_key",
            LAST_AGENT_KEY,
            key_id=key_id,
            likely_cause="a revocation without a successor would leave a store no one can write",
        )
    if grant_agent and not last_agent:
        raise _refuse("agent_key_active", AGENT_KEY_ACTIVE, key_id=next(k for k in agents if k != key_id))
    if grant_agent:
        new_key = new_key or KeyPair.generate()
        _check_new_key(src, w, new_key, "agent")
    compromise = reason == "compromise"
    anchor, anchored, anchor_effects = (None, [], []) if compromise else _anchor(w, src, key_id, cutoff)
    w.revoke(key_id, reason=reason, cutoff=anchor or cutoff)
    extra = list(anchor_effects)
    new_keys: dict[str, KeyPair] = {}
    if grant_agent:
        assert new_key is not None
        new_id = next_key_id([k["key_id"] for k in w.active + w.revoked], key_id)
        w.grant_agent(new_id, new_key)
        new_keys[new_id] = new_key
    elif "keys/signing.key" in src.store.files and "keys/signing.key" not in w.store.files:
        extra.append(effect("key", E.SIGNING_KEY_REMOVED))
    res = _finish(
        "revoke",
        src,
        w.store,
        options=options,
        compromise=compromise,
        extra_effects=extra,
        anchored=anchored,
        new_keys=new_keys,
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
    options: VerifyOptions | None = None,
) -> Result:
    """Grant a key: a housekeeper or auditor key (appended after the agent key), or a
    new agent key for a store that has none left (first in ``active_keys``, sealed as
    ``keys/signing.key``; with an active agent key, rotate it instead)."""
    if role not in ROLES:
        raise _refuse("invalid_role", BAD_ROLE, roles=", ".join(ROLES))
    _check_root(src, root)
    w = _writer(src, root)
    key = new_key or KeyPair.generate()
    _check_new_key(src, w, key, role)
    if role == "agent":
        agents = [k for k in _active_ids(w) if _role(k) == "agent"]
        if agents:
            raise _refuse("agent_key_active", AGENT_KEY_ACTIVE, key_id=agents[0])
        key_id = next_key_id([k["key_id"] for k in w.active + w.revoked], "key-000")
        w.grant_agent(key_id, key)
    else:
        key_id, key = MutMemWriter.grant_role_on(w, role, key)
    return _finish("grant", src, w.store, options=options, new_keys={key_id: key})


def migrate(
    src: Source,
    *,
    new_root: KeyPair | None = None,
    options: VerifyOptions | None = None,
) -> Result:
    """v0.1 → v0.2: a new root key, the migration record (both signatures), the
    root authority, the identity record and the genesis grant of key-001."""
    w = _writer(src, None)
    root = new_root or KeyPair.generate()
    if w.agent_key is not None and w.agent_key.jwk.get("x") == root.jwk.get("x"):
        raise _refuse("public_key_reused", KEY_REUSED, role="root", key_id="key-001")
    w.migrate(root)
    return _finish(
        "migrate",
        src,
        w.store,
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
    options: VerifyOptions | None = None,
) -> Result:
    """Append a label record (SPEC C2); refuses what the verifier would flag."""
    w = _writer(src, None)
    mm = MutMemWriter(w, report=src.report)
    mm.label(
        memory, label_, key=key, reason=reason, evidence=evidence or [], confidence_milli=confidence_milli
    )
    return _finish("label", src, w.store, options=options)


def _opens_with(opened: Opened, passphrase: str) -> bool:
    """Whether ``passphrase`` already opens the file ``opened`` came from (one key
    derivation per passphrase slot)."""
    header = opened.header
    env = container.Envelope(opened.format, header, canonical(header), b"")
    try:
        key = container.derive_key(env, Credential(passphrase=passphrase))
    except ContainerError:
        return False
    return opened.format == "ALETH002" or key == opened.key


def _is_current_passphrase(src: Source, new_passphrase: str) -> bool:
    opened, cred = src.opened, src.credential
    assert opened is not None
    if not isinstance(new_passphrase, str) or not new_passphrase:
        return False  # refused as empty by the sealing itself
    if cred is not None and cred.passphrase is not None:
        if cred.passphrase == new_passphrase:
            return True
        slots = [s for s in opened.header.get("slots", []) if s.get("type") == "passphrase"]
        if opened.format == "ALETH001" or len(slots) == 1:
            return False  # one passphrase opens it, and it is another text
    return _opens_with(opened, new_passphrase)


def rekey(
    src: Source,
    new_passphrase: str,
    *,
    keep_recovery_code: str | None = None,
    new_recovery_code: bool = False,
) -> Result:
    """A new passphrase for a sealed file.  An ALETH002 recovery slot is kept
    when its code is given, replaced when a new code is asked for; with
    neither, a file that has one is refused.  ALETH001 becomes ALETH002.  No
    signed byte changes, so the input need not pass (a file that answered a
    compromise can always get a new passphrase); the passphrase the file already
    has is refused.  Written in place it keeps no backup; copies beside the file
    that open with the old passphrase are listed (``old_copies``), never deleted."""
    opened = src.opened
    if opened is None:
        raise _refuse("not_sealed", NOT_SEALED)
    if keep_recovery_code is not None and new_recovery_code:
        raise _refuse("usage", KEEP_OR_NEW)
    if _is_current_passphrase(src, new_passphrase):
        raise _refuse(
            "same_passphrase",
            SAME_PASSPHRASE,
            likely_cause="choose a passphrase the file does not have yet",
        )
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
    out = _output(src, src.report, files, blob, compromise=False, rekey=True)
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
    if src.report.verdict != "pass":
        fx.append(effect("note", E.REKEY_FAILING_INPUT, verdict=src.report.verdict))
    res = Result(
        "rekey",
        src,
        src.store,
        src.report,
        src.report.eras,
        src.report.eras,
        out,
        recovery_code=code,
        effects=fx,
        old_copies=copies_opening_with(src),
    )
    res.notes.append(effect("note", NOTE_REKEY, recovery=Phrase(note)))
    if opened.format == "ALETH001":
        res.notes.append(effect("note", NOTE_V1_UPGRADE))
        res.effects.append(effect("format", E.BECOMES_ALETH002))
    return res


def recover(src: Source, new_passphrase: str, *, new_recovery_code: bool = False) -> Result:
    """After opening with the recovery code: set a new passphrase.  The recovery
    slot stays (same code) unless a new code is asked for."""
    cred = src.credential
    if src.opened is None or cred is None or cred.recovery_code is None:
        raise _refuse("usage", RECOVER_NEEDS_CODE)
    if new_recovery_code:
        res = rekey(src, new_passphrase, new_recovery_code=True)
    else:
        res = rekey(src, new_passphrase, keep_recovery_code=cred.recovery_code)
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


def _opens(
    path: Path, key: bytes | None, credential: Credential | None, like: Opened | None
) -> dict[str, bytes] | None:
    """The payload of the sealed file ``path`` when ``key`` (the data key of ``like``)
    or ``credential`` actually opens it; None otherwise (never raises)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        blob = read_blob(path)
        env = container.parse_envelope(blob)
    except (OSError, InspectorError):
        return None
    tries: list[tuple[Credential | None, bytes | None]] = []
    if key is not None and like is not None and env.format == like.format:
        if like.format == "ALETH002":
            shared = [s for s in env.slots if s in like.header.get("slots", [])]
            if env.container_id == like.container_id and shared:
                tries.append((None, key))
        elif env.header.get("salt") == like.header.get("salt"):
            tries.append((None, key))
    elif key is not None and like is None:
        tries.append((None, key))
    if credential is not None:
        tries.append((credential, None))
    for cred, k in tries:
        try:
            return dict(container.open_container(blob, cred, key=k).files)
        except (InspectorError, ValueError):
            continue
    return None


def copies_opening_with(src: Source) -> list[Path]:
    """The sealed copies beside the source, under the names this program (or an older
    build) uses, that its current credential actually opens — after a re-key in place
    they are what the old passphrase still opens.  Reported, never deleted."""
    opened = src.opened
    if opened is None:
        return []
    return [
        p for p in safe.sealed_copies(src.path) if _opens(p, opened.key, src.credential, opened) is not None
    ]


# --------------------------------------------------------------------------- writing


@dataclass(frozen=True)
class SecretFile:
    """A private key or recovery code to save: a new file, mode 0600, never over an
    existing one, durable before the output replaces the source (SPEC E5)."""

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
    """What a write left: the new file (``sha256`` equals the preview's), its backup,
    the secrets saved, the copies beside it that still open with the old passphrase
    (a re-key: reported, not deleted), what could not be finished after the switch
    (``warnings``: the file and its secrets are in place all the same) and a signal
    that arrived once the switch was made (``interrupted``)."""

    path: Path
    sha256: str
    backup: Path | None = None
    secrets: tuple[Path, ...] = ()
    old_copies: tuple[Path, ...] = ()
    warnings: tuple[InspectorError, ...] = ()
    interrupted: int | None = None


def write_effects(
    output: Output,
    target: str | os.PathLike[str] | None,
    *,
    in_place: bool,
    backup: bool = True,
    secrets: Sequence[SecretFile] = (),
    old_copies: Sequence[Path] = (),
) -> list[Effect]:
    """Where the result goes, in plain words (for the confirmation)."""
    src = output.source
    fx: list[Effect] = [s.effect for s in secrets if s.effect is not None]  # saved before the switch
    if in_place:
        if output.rekey:
            fx.append(effect("write", E.WRITE_REKEY_IN_PLACE, source=src))
        elif backup:
            fx.append(effect("write", E.WRITE_IN_PLACE_BACKUP, source=src, backup=str(safe.backup_path(src))))
        else:
            fx.append(effect("write", E.WRITE_IN_PLACE_NO_BACKUP, source=src))
    else:
        fx.append(effect("write", E.WRITE_NEW, target=str(target), source=src))
        if output.rekey:
            fx.append(effect("write", E.SOURCE_KEEPS_OLD_SECRET, source=src))
    if output.rekey:
        fx += [effect("write", E.OLD_COPY_KEPT, path=str(p)) for p in old_copies]
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


def check_outputs(
    source: str | os.PathLike[str],
    out: str | os.PathLike[str] | None,
    *,
    in_place: bool,
    secrets: Sequence[Path] = (),
) -> None:
    """Refuse, before anything is built or previewed, outputs that cannot be written:
    ``out`` (for a new path) and every secret's path must be new paths in existing
    directories, all different, and none the source (raises :class:`OperationError`)."""
    taken = {os.path.abspath(source)}
    paths = list(secrets)
    if not in_place:
        if out is None:
            raise _refuse("usage", NEEDS_OUTPUT)
        paths.insert(0, Path(out))
    for p in paths:
        a = os.path.abspath(p)
        if a in taken:
            raise _refuse("usage", SECRET_CLASH, path=p)
        taken.add(a)
        safe.check_new_target(p)


def write(
    output: Output,
    out: str | os.PathLike[str] | None = None,
    *,
    in_place: bool = False,
    backup: bool = True,
    disown: bool = False,
    secrets: Sequence[SecretFile] = (),
) -> Written:
    """Write exactly the previewed ``output``, or nothing — one transaction of the
    atomic writer (:func:`safe.apply`).

    To a new path ``out`` (which must not exist) or, with ``in_place``, over the
    source, under the source's write locks, keeping the previous version as
    ``FILE.bak`` unless ``backup`` is false (a re-key keeps none), with the source's
    mode, owner and extended attributes.  ``secrets`` are saved (0600, never over a
    file) before the switch, so the new file is never in place without them.
    Refused when the source changed since the preview, or when the result adds an
    error the input did not have — unless every such error is an object a
    compromise answer disowns and ``disown`` confirms them.  Raises
    :class:`OperationError` (nothing new is left behind) or
    :class:`~inspector.core.process.Interrupted` (a signal before the switch:
    nothing new either)."""
    if output.blocking:
        code, _kind, oid = output.blocking[0]
        raise _refuse(
            "result_invalid",
            NEW_ERRORS,
            count=len(output.blocking),
            first=f"{code} on {oid or 'the store'}",
            expected="no error the input does not have",
            found=", ".join(f"{c} {o}" for c, _k, o in output.blocking[:5]),
        )
    if output.disown_only and not disown:
        raise _refuse("needs_disown", NEEDS_DISOWN, count=len(output.disowned))
    source = Path(output.source)
    if not in_place:
        if out is None:
            raise _refuse("usage", NEEDS_OUTPUT)
        safe.check_new_target(out)
    target = source if in_place else Path(str(out))
    with safe.locked(source, write=in_place) as st:
        if in_place and st is not None and stat.S_ISDIR(st.st_mode) != (output.kind == "directory"):
            raise _refuse("source_changed", SOURCE_CHANGED, path=source)
        guard = safe.locked(target, write=True) if not in_place else _nothing()
        with guard:
            settle(target)  # a killed run's leftovers (its new key files included) first
            check_outputs(source, out, in_place=in_place, secrets=[s.path for s in secrets])
            current = _check_source(output)
            keep = in_place and backup and not output.rekey
            if keep:
                _backup_allowed(output, target, current)
            change = safe.Change(
                target=target,
                kind=output.kind,
                sha256=output.sha256,
                data=output.data,
                stage_directory=_directory_stager(output, source, current)
                if output.kind == "directory"
                else None,
                in_place=in_place,
                backup=keep,
                secrets=[safe.Secret(s.path, s.data) for s in secrets],
                source_sha256=output.source_sha256,
                source_unchanged=_unchanged(output, source) if in_place else None,
            )
            committed = safe.apply(change)
    old: tuple[Path, ...] = ()
    if output.rekey and in_place:
        old = tuple(p for p in safe.sealed_copies(source) if _opens(p, output.key, output.credential, None))
    return Written(
        committed.target,
        output.sha256,
        committed.backup,
        committed.secrets,
        old,
        committed.warnings,
        committed.interrupted,
    )


def settle(target: str | os.PathLike[str]) -> list[Phrase]:
    """Finish or undo what a killed write left on ``target`` (its journal; the caller holds
    the target's write lock), so that a retry meets the state the journal promises.
    Returns what was done, in words."""
    try:
        return safe.recover(target)
    except OSError as exc:
        raise _refuse(
            "write_failed", safe.CANNOT_WRITE, path=target, reason=exc.strerror or str(exc)
        ) from exc


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_exc: object) -> None:
        return None


def _directory_stager(output: Output, source: Path, current: bytes | Store) -> Any:
    assert output.files is not None
    carry = unmanaged_files(source, current) if isinstance(current, Store) and source.is_dir() else {}
    files = dict(output.files)

    def stage(path: Path) -> None:
        fill_directory(Store(files), path, carry)

    return stage


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


def _signature(path: Path) -> tuple[int, ...] | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_mode)


def _unchanged(output: Output, source: Path) -> Any:
    """Just before the switch: the source is still the file checked (a program that
    ignores the locks and wrote it meanwhile would otherwise lose its write)."""
    seen = _signature(source)

    def check() -> None:
        if output.kind == "sealed" and _signature(source) == seen:
            return
        _check_source(output)

    return check


def _backup_allowed(output: Output, target: Path, current: bytes | Store) -> None:
    """``FILE.bak`` may be replaced only when it is an earlier version of this file:
    the same ALETH002 container, or a copy that this file's key or credential opens
    and that holds the same store (its root authority or legacy identity).  Anything
    else there is the user's, and the write is refused rather than replace it."""
    bak = safe.backup_path(target)
    if not os.path.lexists(bak):
        return
    if output.kind == "directory":
        ours = False
        try:
            if stat.S_ISDIR(os.lstat(bak).st_mode):
                ours = bool(output.identity) and store_identity(read_directory(bak).files) == output.identity
        except (OSError, InspectorError):
            ours = False
    else:
        ours = _earlier_version(bak, output, current)
    if not ours:
        raise _refuse(
            "backup_blocked",
            BACKUP_BLOCKED,
            backup=bak,
            path=target,
            likely_cause="a file of yours carries the name the backup uses",
        )


def _earlier_version(bak: Path, output: Output, current: bytes | Store) -> bool:
    head = safe.envelope_head(bak)
    if head is None:
        return False
    if head[0] == "ALETH002" and output.container_id is not None and head[2] == output.container_id:
        return True  # the same container (its id survives every write and re-key)
    like = None
    if isinstance(current, bytes):
        try:
            cur = container.parse_envelope(current)
            key = output.key or b""
            like = Opened(cur.format, cur.header, {}, key, cur.has_recovery_slot, cur.container_id)
        except InspectorError:
            like = None
    files = _opens(bak, output.key, output.credential, like)
    return files is not None and bool(output.identity) and store_identity(files) == output.identity
