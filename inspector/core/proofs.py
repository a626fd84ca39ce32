"""Anchored inclusion proofs of recall-receipt entries (SPEC C3, C4).

An RFC 6962 inclusion proof on its own proves nothing: anyone can build a one-leaf
tree whose root is its own leaf and write a real receipt id above it.  A proof
therefore has to stand on a signature, and the signature on something the auditor
already trusts.  The proof this module exports (format
``aleth-inspector/receipt-proof/2``) carries:

* the RFC 6962 part (:class:`~inspector.core.verify.merkle.InclusionProof`): the
  receipt's evidence id, the entry, its ordinal, the tree size, the leaf hash, the
  audit path and the root;
* the receipt's signed EvidenceCommit exactly as stored, and its ``receipt.json``
  bytes (base64url), whose hash the evidence's artifact binds;
* the signer's key_id and public key (JWK);
* the receipt's status in the file it came from (recorded, unsigned: information).

:func:`check_proof` recomputes the leaf, the path and the root; checks that the
root is the one inside the signed ``receipt.json``; checks the evidence's id and
its Ed25519 signature with the carried key; and then anchors it: to a memory file
(the receipt must be in it with the same bytes and signer, the file must verify
and the receipt be VALID or VALID_HISTORICAL with a valid receipt view there), or
to a trusted key (the carried key must be it).  With neither, the answer is
"consistent, not anchored".  Whatever the bytes, it returns a
:class:`ProofResult`; it never raises on a proof's content.

Every sentence shown to a person is a registered message template
(:func:`~inspector.core.findings.message`), so it can be translated.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .canonical import JsonError, canonical, loads_strict
from .container import Credential
from .errors import InspectorError
from .findings import message
from .keys import (
    b64url,
    b64url_strict,
    decode_signature,
    jwk_from_raw,
    raw_from_jwk,
    sha256_id,
    verify_sig,
)
from .objects import build_object, signing_bytes_of
from .store import Store
from .verify.identity import raw_from_era
from .verify.merkle import (
    PROOF_FIELDS,
    InclusionProof,
    leaf_hash,
    make_proof,
    root_of_entries,
    verify_inclusion,
)
from .verify.report import Report, Status

__all__ = [
    "MAX_PROOF_BYTES",
    "PROOF_FORMAT",
    "RESULT_SCHEMA",
    "AnchoredProof",
    "Check",
    "Export",
    "LegacyProof",
    "ProofError",
    "ProofFormatError",
    "ProofResult",
    "Said",
    "TrustedKey",
    "anchor_to_store",
    "check_proof",
    "export_proof",
    "key_fingerprint",
    "load_trusted_key",
    "make_proof_from",
    "parse_proof",
    "read_proof_file",
    "write_proof",
]

PROOF_FORMAT = "aleth-inspector/receipt-proof/2"
"""The ``proof`` member of every proof this version writes."""

RESULT_SCHEMA = "aleth-inspector/receipt-check/1"
"""The ``schema`` member of :meth:`ProofResult.to_json` (``receipt check --json``)."""

MAX_PROOF_BYTES = 32 * 1024 * 1024
"""A proof file larger than this is not read (a receipt of thousands of entries fits)."""

MAX_KEY_FILE = 64 * 1024

_V2_FIELDS = frozenset((*PROOF_FIELDS, "proof", "signer", "status", "evidence", "receipt_json"))
_OK = frozenset({Status.VALID.value, Status.VALID_HISTORICAL.value})
# an evidence with one of these statuses has no signature a proof could stand on
_UNPROVABLE = frozenset(
    {
        Status.MALFORMED,
        Status.DIGEST_MISMATCH,
        Status.UNKNOWN_IDENTITY,
        Status.UNKNOWN_KEY,
        Status.INVALID_SIGNATURE,
    }
)
_HEX64 = re.compile(r"[0-9a-f]{64}")


# =========================================================================== sentences


@dataclass(frozen=True)
class Said:
    """One sentence: a registered template and its named values."""

    template: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, template: str, **params: Any) -> Said:
        """``params`` that are exceptions become their (shortened) text."""
        return cls(
            template, tuple((k, _short(v) if isinstance(v, BaseException) else v) for k, v in params.items())
        )

    @property
    def text(self) -> str:
        return self.template.format(**dict(self.params)) if self.params else self.template

    def tr(self, lang: str | None) -> str:
        """The sentence in ``lang`` (English when there is no translation)."""
        from .i18n import tr

        return tr(self.template, lang, **dict(self.params))


# ---- export --------------------------------------------------------------------------
NOT_A_RECEIPT = message("{receipt} is not a recall receipt of this file.")
NOT_A_RECEIPT_KIND = message("{receipt} is a {event_type} evidence record, not a recall receipt.")
EV_UNPROVABLE = message(
    "Receipt {receipt} has status {status} in this file: its signature cannot stand behind a proof."
)
NO_SIGNER = message(
    "Receipt {receipt} has no known signing key in this file: there is nothing for a proof to stand on."
)
NO_ARTIFACT = message(
    "Receipt {receipt} cannot be proved: a recall receipt has exactly one artifact named receipt.json, "
    "and it has {count}."
)
ARTIFACT_MISSING = message(
    "Receipt {receipt} cannot be proved: its receipt.json ({hash}) is missing from the file or does not "
    "match its hash."
)
BODY_NOT_JSON = message("Receipt {receipt} cannot be proved: its receipt.json is not strict JSON ({reason}).")
BODY_NOT_RECEIPT = message(
    "Receipt {receipt} cannot be proved: its receipt.json is not a MutMem recall receipt."
)
ENTRIES_BAD = message(
    "Receipt {receipt} cannot be proved: its entries are not a list of objects (found {found})."
)
NO_ENTRIES = message("Receipt {receipt} disclosed no entries: there is no entry to prove.")
ORDINAL_OUTSIDE = message(
    "Ordinal {ordinal} is outside 0…{last}, the entries of receipt {receipt} (n = {count})."
)
ROOT_MALFORMED = message(
    'Receipt {receipt} cannot be proved: its root {root} is not "sha256:" followed by 64 hex digits.'
)
ENTRIES_NO_CANONICAL = message(
    "Receipt {receipt} cannot be proved: its entries have no canonical JSON form ({reason})."
)
ROOT_NOT_RECOMPUTED = message(
    "Receipt {receipt} cannot be proved: its root {root} does not recompute from its entries (they give "
    "{recomputed}), so no inclusion proof can hold."
)
PROOF_TOO_LARGE = message(
    "The proof of receipt {receipt} would be {size} bytes, more than the {limit} a proof may have."
)
NOTE_RECEIPT_INVALID = message(
    "Receipt {receipt} is invalid in this file ({problems}): the proof records that and will not check "
    "as valid."
)
NOTE_EVIDENCE_STATUS = message(
    "Receipt {receipt} has status {status} in this file: the proof records that and will not check as valid."
)
NOTE_FILE_FAILS = message(
    "This file does not verify (verdict {verdict}): the proof will not anchor to it until it does."
)

# ---- reading proofs and keys ---------------------------------------------------------
PROOF_UNREADABLE = message("Cannot read the proof file {path}: {reason}.")
PROOF_FILE_TOO_LARGE = message("The proof file is larger than {limit} bytes: it is not read.")
PARSE_FAILED = message("The proof file is not a readable receipt proof: {reason}.")
LEGACY = message(
    "This is a version-1 proof (seven keys, no signature): it is not anchored and cannot be; re-export it "
    "with this version of the inspector (receipt prove)."
)
KEY_UNREADABLE = message("Cannot read the trusted key file {path}: {reason}.")
KEY_NOT_A_KEY = message("The trusted key {source} is not usable: {reason}.")
FPR_SHORT = message(
    "{given} has 16 hex digits: that is the short display fingerprint (64 bits), too weak to anchor "
    "on; give the full fingerprint with 64 hex digits (receipt prove and receipt check print it) or the "
    "public key file."
)
FPR_BAD = message('{given} is not a key fingerprint: expected "sha256:" followed by 64 hex digits.')

# ---- consistency ---------------------------------------------------------------------
LEAF_OK = message("The leaf hash is the hash of entry {ordinal}.")
LEAF_BAD = message("The leaf hash {leaf_hash} is not the hash of the entry (it is {recomputed}).")
LEAF_NO_CANONICAL = message("The entry has no canonical JSON form ({reason}).")
LEAF_ORDINAL = message("The entry says ordinal {entry_ordinal} but the proof is for position {ordinal}.")
PATH_OK = message("The audit path leads from entry {ordinal} of {tree_size} to root {root}.")
PATH_BAD = message(
    "The audit path ({nodes} nodes) does not lead from entry {ordinal} of {tree_size} to root {root}."
)
EVIDENCE_OK = message(
    "The carried evidence is recall receipt {receipt}, and its id is the digest of its content."
)
EVIDENCE_MALFORMED = message("The carried evidence is not a readable EvidenceCommit: {reason}.")
EVIDENCE_KIND = message("The carried evidence is a {event_type} record, not a recall receipt.")
EVIDENCE_ID = message("The carried evidence's id {stored} is not the digest of its content ({computed}).")
EVIDENCE_OTHER = message("The proof is for receipt {receipt} but carries evidence {evidence}.")
EVIDENCE_UNSIGNED = message(
    "The carried evidence has fields its signature does not cover ({fields}); they were ignored."
)
SIG_OK = message("The evidence signature verifies with {key_id}'s public key {fingerprint}.")
SIG_BAD = message("The evidence signature does not verify with the carried public key {fingerprint}.")
SIG_KEY_ID = message(
    "The proof names signer {key_id} but the evidence says it was signed by {evidence_key_id}."
)
SIG_NOT_KEY = message("The carried public key is not an Ed25519 JWK ({reason}).")
BIND_OK = message("The receipt bytes are the receipt.json artifact that the signed evidence binds ({hash}).")
BIND_ARTIFACTS = message(
    "The signed evidence has {count} artifacts named receipt.json; a recall receipt has exactly one."
)
BIND_HASH = message(
    "The carried receipt bytes hash to {found}, but the signed evidence binds receipt.json to {expected}."
)
BIND_OUTPUT = message("The signed evidence's output_hash {output_hash} is not the receipt.json hash {hash}.")
ROOT_OK = message(
    "The proof's root is the root of the signed receipt, which has {count} entries, and entry {ordinal} "
    "there is the proof's entry."
)
ROOT_NOT_JSON = message("The carried receipt bytes are not strict JSON ({reason}).")
ROOT_NOT_RECEIPT = message("The carried receipt bytes are not a MutMem recall receipt.")
ROOT_MISMATCH = message("The proof's root {root} is not the root of the signed receipt ({signed_root}).")
ROOT_SIZE = message("The proof says the receipt has {tree_size} entries; the signed receipt has {count}.")
ROOT_ENTRY = message("Entry {ordinal} of the signed receipt is not the proof's entry.")
ROOT_RECOMPUTE = message("The signed receipt's root {signed_root} does not recompute from its entries.")
ROOT_QUERY = message(
    "The signed evidence's input_hash {input_hash} is not the receipt's query_sha256 {query_sha256}."
)
STATUS_OK = message(
    "The exporter recorded the receipt as {evidence_status} with a valid receipt view in its file "
    "(verdict {file_verdict})."
)
STATUS_BAD = message(
    "The proof itself records the receipt as {evidence_status}, receipt {receipt_status}, in the file it "
    "came from: it does not prove a valid disclosure."
)
NOTE_RECORDED_FAIL = message("The exporter recorded that its file did not verify (verdict {file_verdict}).")

# ---- anchoring -----------------------------------------------------------------------
A_NOT_IN = message("The proof's receipt {receipt} is not in {file}: the proof does not anchor to it.")
A_OTHER_BYTES = message("The receipt bytes of {receipt} in {file} are not the proof's receipt bytes.")
A_NO_KEY = message("{file} knows no signing key for receipt {receipt}.")
A_OTHER_KEY = message(
    "{file} knows receipt {receipt} as signed by {file_key_id} ({file_fingerprint}), a different public "
    "key from the proof's {fingerprint}."
)
A_FILE_FAILS = message(
    "{file} does not verify (verdict {verdict}; errors: {errors}): a proof cannot be anchored to it."
)
A_STATUS = message("Receipt {receipt} has status {status} in {file}, not VALID or VALID_HISTORICAL.")
A_VIEW = message("Receipt {receipt} is invalid in {file}: {problems}.")
A_FILE_OK = message(
    "Receipt {receipt} is in {file} with the same bytes and signer, {status} there, and the file verifies."
)
A_KEY_OK = message("The carried public key is the trusted key {fingerprint}.")
A_KEY_BAD = message("The receipt was signed by {fingerprint}, not by the trusted key {trusted}.")
A_UNOPENABLE = message("{file} cannot be opened, so the proof is not anchored: {reason}")
A_CHANGED = message("{file} changed while it was being checked; check the proof again.")
NOTE_SCOPE = message(
    "A receipt proves what was disclosed and in which order, not that nothing else existed or was withheld."
)
NOTE_KEY_ONLY = message(
    "Without the memory file, two things are not checked: whether {key_id} was still valid when it "
    "signed, and whether the receipt agrees with the file (weights, labels, untrusted memories); the "
    "exporter recorded the receipt as {evidence_status}, receipt {receipt_status}."
)

# ---- the answer ----------------------------------------------------------------------
R_ANCHORED_FILE = message(
    "Entry {ordinal} of {tree_size} is included in receipt {receipt}, signed by {key_id} "
    "({fingerprint}), anchored to {file} (sha256 {sha256}, verdict {verdict})."
)
R_ANCHORED_DIR = message(
    "Entry {ordinal} of {tree_size} is included in receipt {receipt}, signed by {key_id} "
    "({fingerprint}), anchored to {file} (directory store, verdict {verdict})."
)
R_ANCHORED_KEY = message(
    "Entry {ordinal} of {tree_size} is included in receipt {receipt}, signed by {key_id}, "
    "anchored to the trusted key {fingerprint}."
)
R_NOT_ANCHORED = message(
    "Consistent, not anchored: entry {ordinal} of {tree_size} is included in receipt {receipt} as signed "
    "by {key_id} ({fingerprint}), but nothing you trust vouches for that key; check the proof against the "
    "memory file or a trusted key."
)


# =========================================================================== errors


class ProofError(InspectorError):
    """A proof cannot be made, a proof or key file cannot be read (nothing to report on).

    ``said`` is the sentence (template and values) for translation.
    """

    def __init__(self, code: str, template: str, **params: Any) -> None:
        self.said = Said.of(template, **params)
        super().__init__(code, self.said.text)


class ProofFormatError(ValueError):
    """The bytes are not a receipt proof this version reads (the reason, in English)."""


# =========================================================================== the format


def key_fingerprint(raw: bytes) -> str:
    """``"sha256:"`` + hex SHA-256 of a raw 32-byte Ed25519 public key.

    The 16-digit display fingerprint (:func:`inspector.core.keys.fingerprint`) is
    the first 16 hex digits of this one.
    """
    return "sha256:" + hashlib.sha256(raw).hexdigest()


@dataclass(frozen=True)
class AnchoredProof:
    """A version-2 proof: the RFC 6962 part plus what it stands on (see the module doc)."""

    inclusion: InclusionProof
    evidence: dict[str, Any]  # the EvidenceCommit object, as stored
    receipt_bytes: bytes  # receipt.json, whose hash the evidence's artifact binds
    key_id: str
    public_key: dict[str, Any]  # JWK
    status: dict[str, str]  # {"evidence", "receipt", "file_verdict"}: recorded, unsigned

    @property
    def receipt(self) -> str:
        return self.inclusion.receipt

    def to_json(self) -> dict[str, Any]:
        """The proof file's JSON object (fresh containers)."""
        return {
            "proof": PROOF_FORMAT,
            **self.inclusion.to_json(),
            "signer": {"key_id": self.key_id, "public_key": json.loads(json.dumps(self.public_key))},
            "status": dict(self.status),
            "evidence": json.loads(json.dumps(self.evidence)),
            "receipt_json": b64url(self.receipt_bytes),
        }

    def to_bytes(self) -> bytes:
        """The proof file: indented JSON, ASCII only (any text survives any encoding)."""
        return (json.dumps(self.to_json(), indent=1, ensure_ascii=True) + "\n").encode("ascii")

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> AnchoredProof:
        """Parse a version-2 object; :class:`ProofFormatError` names what is wrong (shape only)."""
        missing = sorted(_V2_FIELDS - set(d))
        if missing:
            raise ProofFormatError(f"it is missing {', '.join(missing)}")
        extra = sorted(k for k in d if k not in _V2_FIELDS)
        if extra:
            raise ProofFormatError(f"it has unknown keys {', '.join(repr(k)[:40] for k in extra[:5])}")
        try:
            inclusion = InclusionProof.from_json({k: d[k] for k in PROOF_FIELDS})
        except ValueError as exc:
            raise ProofFormatError(str(exc)) from exc
        signer = d["signer"]
        if (
            type(signer) is not dict
            or set(signer) != {"key_id", "public_key"}
            or type(signer["key_id"]) is not str
            or not signer["key_id"]
            or type(signer["public_key"]) is not dict
        ):
            raise ProofFormatError("signer must be an object {key_id: text, public_key: JWK object}")
        status = d["status"]
        if (
            type(status) is not dict
            or set(status) != {"evidence", "receipt", "file_verdict"}
            or not all(type(v) is str for v in status.values())
        ):
            raise ProofFormatError("status must be an object {evidence, receipt, file_verdict} of texts")
        if type(d["evidence"]) is not dict:
            raise ProofFormatError(f"evidence must be a JSON object, found {type(d['evidence']).__name__}")
        try:
            receipt_bytes = b64url_strict(d["receipt_json"])
        except ValueError as exc:
            raise ProofFormatError(f"receipt_json must be canonical base64url ({exc})") from exc
        return cls(
            inclusion=inclusion,
            evidence=d["evidence"],
            receipt_bytes=receipt_bytes,
            key_id=signer["key_id"],
            public_key=signer["public_key"],
            status=dict(status),
        )


@dataclass(frozen=True)
class LegacyProof:
    """A version-1 proof (the seven keys of :class:`InclusionProof`, nothing signed)."""

    data: dict[str, Any]


def parse_proof(data: bytes) -> AnchoredProof | LegacyProof:
    """Read proof bytes; :class:`ProofFormatError` (a ``ValueError``) says why they are not a proof."""
    if len(data) > MAX_PROOF_BYTES:
        raise ProofFormatError(f"it is larger than {MAX_PROOF_BYTES} bytes")
    try:
        d, _ = loads_strict(data)
    except JsonError as exc:
        raise ProofFormatError(f"it is not strict JSON ({exc})") from exc
    if type(d) is not dict:
        raise ProofFormatError(f"it is a JSON {_json_type(d)}, not a JSON object")
    if "proof" not in d:
        if set(d) == set(PROOF_FIELDS):
            return LegacyProof(d)
        missing = sorted(_V2_FIELDS - set(d))
        raise ProofFormatError(f"it is missing {', '.join(missing)}")
    if d["proof"] != PROOF_FORMAT:
        raise ProofFormatError(
            f"its proof format {_short(d['proof'])} is not one this version reads ({PROOF_FORMAT})"
        )
    return AnchoredProof.from_json(d)


def read_proof_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a proof file (at most :data:`MAX_PROOF_BYTES` + 1, so an oversized
    one is recognised without reading it all).  :class:`ProofError` if it cannot be read."""
    from .files import FileTooLarge, NotAFile, read_regular

    p = Path(path)
    try:
        return read_regular(p, MAX_PROOF_BYTES)
    except FileTooLarge:
        return b" " * (MAX_PROOF_BYTES + 1)  # recognised as oversized without reading it
    except NotAFile as exc:
        raise ProofError("proof_unreadable", PROOF_UNREADABLE, path=str(p), reason=str(exc.kind)) from None
    except (OSError, ValueError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
        raise ProofError("proof_unreadable", PROOF_UNREADABLE, path=str(p), reason=reason) from exc


def write_proof(path: str | os.PathLike[str], proof: AnchoredProof) -> Path:
    """Write ``proof`` to ``path`` atomically, mode 0600 (it holds data from the file)."""
    from .write.safe import atomic_write

    return atomic_write(path, proof.to_bytes(), mode=0o600)


# =========================================================================== export


@dataclass(frozen=True)
class Export:
    """A proof made from a file, with what the exporter should know about it."""

    proof: AnchoredProof
    said: tuple[Said, ...] = ()

    @property
    def notes(self) -> list[str]:
        return [s.text for s in self.said]


def make_proof_from(store: Store, report: Report, receipt_id: str, ordinal: int) -> Export:
    """The anchored proof of entry ``ordinal`` of recall receipt ``receipt_id``.

    ``report`` is the verifier's report on exactly ``store``.  Raises
    :class:`ProofError` when no proof can be made, saying what is wrong with the
    receipt (codes ``not_a_receipt``, ``receipt_unprovable``,
    ``ordinal_out_of_range``, ``proof_too_large``).  A receipt that is invalid in
    the file for other reasons (an entry that contradicts the projection, an
    untrusted memory admitted) still gets its proof, which records that status and
    never checks as valid; the returned notes say so.
    """
    rid = receipt_id
    obj = report.objects.get(rid)
    if obj is None or obj.kind != "evidence":
        raise ProofError("not_a_receipt", NOT_A_RECEIPT, receipt=rid)
    status = report.evidence.get(rid, Status.MALFORMED)
    if obj.malformed is not None or status in _UNPROVABLE:
        raise ProofError("receipt_unprovable", EV_UNPROVABLE, receipt=rid, status=status.value)
    if obj.get("event_type") != "recall_receipt":
        raise ProofError("not_a_receipt", NOT_A_RECEIPT_KIND, receipt=rid, event_type=obj.get("event_type"))
    era = report.era_of(rid)
    if era is None:
        raise ProofError("receipt_unprovable", NO_SIGNER, receipt=rid)
    arts = [a for a in obj.get("artifacts") if a.get("name") == "receipt.json"]
    if len(arts) != 1 or type(arts[0].get("hash")) is not str:
        raise ProofError("receipt_unprovable", NO_ARTIFACT, receipt=rid, count=len(arts))
    art_hash = arts[0]["hash"]
    data = store.artifact(art_hash)
    if data is None or sha256_id(data) != art_hash:
        raise ProofError("receipt_unprovable", ARTIFACT_MISSING, receipt=rid, hash=_short(art_hash))
    try:
        body, _ = loads_strict(data)
    except JsonError as exc:
        raise ProofError("receipt_unprovable", BODY_NOT_JSON, receipt=rid, reason=exc) from exc
    if type(body) is not dict or body.get("mutmem") != 1 or body.get("kind") != "recall_receipt":
        raise ProofError("receipt_unprovable", BODY_NOT_RECEIPT, receipt=rid)
    entries = body.get("entries")
    if type(entries) is not list or not all(type(e) is dict for e in entries):
        found = (
            f"a list holding a {_json_type(next(e for e in entries if type(e) is not dict))}"
            if type(entries) is list
            else f"a JSON {_json_type(entries)}"
        )
        raise ProofError("receipt_unprovable", ENTRIES_BAD, receipt=rid, found=found)
    if not entries:
        raise ProofError("receipt_unprovable", NO_ENTRIES, receipt=rid)
    if type(ordinal) is not int or not 0 <= ordinal < len(entries):
        raise ProofError(
            "ordinal_out_of_range",
            ORDINAL_OUTSIDE,
            ordinal=ordinal,
            last=len(entries) - 1,
            receipt=rid,
            count=len(entries),
        )
    root = body.get("root")
    if type(root) is not str or not root.startswith("sha256:") or not _HEX64.fullmatch(root[7:]):
        raise ProofError("receipt_unprovable", ROOT_MALFORMED, receipt=rid, root=_short(root))
    try:
        recomputed = root_of_entries(entries)
    except ValueError as exc:
        raise ProofError("receipt_unprovable", ENTRIES_NO_CANONICAL, receipt=rid, reason=exc) from exc
    if recomputed != root:
        raise ProofError(
            "receipt_unprovable", ROOT_NOT_RECOMPUTED, receipt=rid, root=root, recomputed=recomputed
        )
    view = report.mutmem.receipts.get(rid) if report.mutmem is not None else None
    receipt_status = view.status if view is not None else "invalid"
    proof = AnchoredProof(
        inclusion=make_proof(rid, entries, ordinal, root),
        evidence=obj.raw or {},
        receipt_bytes=data,
        key_id=obj.key_id,
        public_key=jwk_from_raw(raw_from_era(era)),
        status={"evidence": status.value, "receipt": receipt_status, "file_verdict": report.verdict},
    )
    size = len(proof.to_bytes())
    if size > MAX_PROOF_BYTES:
        raise ProofError("proof_too_large", PROOF_TOO_LARGE, receipt=rid, size=size, limit=MAX_PROOF_BYTES)
    notes: list[Said] = []
    if receipt_status != "valid":
        problems = "; ".join(view.problems[:3]) if view is not None and view.problems else "no receipt view"
        notes.append(Said.of(NOTE_RECEIPT_INVALID, receipt=rid, problems=problems))
    if status.value not in _OK:
        notes.append(Said.of(NOTE_EVIDENCE_STATUS, receipt=rid, status=status.value))
    if report.verdict != "pass":
        notes.append(Said.of(NOTE_FILE_FAILS, verdict=report.verdict))
    return Export(proof, tuple(notes))


def export_proof(
    path: str | os.PathLike[str],
    credential: Credential | None = None,
    *,
    receipt_id: str,
    ordinal: int,
    key: bytes | None = None,
    options: Any = None,
) -> Export:
    """Open and verify ``path`` (``key``: the opener's key-injection hook), then
    :func:`make_proof_from`.  Raises :class:`InspectorError` when the file cannot be
    opened and :class:`ProofError` when no proof can be made."""
    from .opener import open_path
    from .verify.engine import verify

    res = open_path(path, credential, key=key)
    return make_proof_from(res.store, verify(res.store, options), receipt_id, ordinal)


# =========================================================================== trusted keys


@dataclass(frozen=True)
class TrustedKey:
    """A public key the auditor already trusts, by its full fingerprint."""

    fingerprint: str  # "sha256:" + 64 hex
    source: str  # the file it was read from, or "fingerprint"


def load_trusted_key(spec: str) -> TrustedKey:
    """``spec``: a ``sha256:`` fingerprint (64 hex digits), or a file holding a PEM public
    key, a PEM private key (its public half is used) or an Ed25519 JWK.  Raises
    :class:`ProofError` (code ``trusted_key_invalid``) with the reason."""
    text = spec.strip()
    if text[:7].lower() == "sha256:":
        digits = text[7:].lower()
        if _HEX64.fullmatch(digits):
            return TrustedKey("sha256:" + digits, "fingerprint")
        if re.fullmatch(r"[0-9a-f]{16}", digits):
            raise ProofError("trusted_key_invalid", FPR_SHORT, given=_short(text))
        raise ProofError("trusted_key_invalid", FPR_BAD, given=_short(text))
    from .files import FileTooLarge, NotAFile, read_regular

    p = Path(spec)
    try:
        data = read_regular(p, MAX_KEY_FILE)
    except FileTooLarge:
        data = b" " * (MAX_KEY_FILE + 1)  # refused as no key below
    except NotAFile as exc:
        raise ProofError("trusted_key_invalid", KEY_UNREADABLE, path=str(p), reason=str(exc.kind)) from None
    except (OSError, ValueError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
        raise ProofError("trusted_key_invalid", KEY_UNREADABLE, path=str(p), reason=reason) from exc
    try:
        raw = _raw_public_key(data)
    except ValueError as exc:
        raise ProofError("trusted_key_invalid", KEY_NOT_A_KEY, source=str(p), reason=exc) from exc
    return TrustedKey(key_fingerprint(raw), str(p))


def _raw_public_key(data: bytes) -> bytes:
    """The raw Ed25519 public key in a PEM (public or private) or JWK file."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

    if len(data) > MAX_KEY_FILE:
        raise ValueError(f"the file is larger than {MAX_KEY_FILE} bytes, too large for a key")
    if b"-----BEGIN" in data:
        key: Any = None
        for load in (
            lambda: serialization.load_pem_public_key(data),
            lambda: serialization.load_pem_private_key(data, password=None),
        ):
            try:
                key = load()
                break
            except Exception:  # ValueError, TypeError, UnsupportedAlgorithm: cryptography varies
                continue
        if key is None:
            raise ValueError("it is not a readable PEM key (an unencrypted public or private key)")
        if isinstance(key, Ed25519PrivateKey):
            key = key.public_key()
        if not isinstance(key, Ed25519PublicKey):
            raise ValueError(f"it is a {type(key).__name__.lstrip('_')} key, not an Ed25519 key")
        return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    try:
        jwk, _ = loads_strict(data)
        return raw_from_jwk(jwk)
    except ValueError as exc:
        raise ValueError(f"it is neither a PEM key nor an Ed25519 JWK ({exc})") from exc


# =========================================================================== checking


@dataclass(frozen=True)
class Check:
    """One step of a proof check: what was checked and what was found."""

    name: str  # format, leaf, path, evidence, signature, binding, signed_root, recorded_status, anchor
    ok: bool
    said: Said

    @property
    def message(self) -> str:
        return self.said.text

    @classmethod
    def of(cls, name: str, ok: bool, template: str, **params: Any) -> Check:
        return cls(name, ok, Said.of(template, **params))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "ok": self.ok, "message": self.message}


OUTCOMES = ("anchored", "not_anchored", "anchor_mismatch", "invalid", "legacy", "unopenable")
_EXIT = {"anchored": 0, "not_anchored": 1, "anchor_mismatch": 1, "invalid": 1, "legacy": 1, "unopenable": 2}


@dataclass
class ProofResult:
    """The answer about one proof.

    ``outcome``: ``anchored`` (consistent, signed, and the anchor vouches for it),
    ``not_anchored`` (consistent and signed, but no anchor was given),
    ``anchor_mismatch`` (consistent, but the file or key given does not vouch for
    it), ``invalid`` (inconsistent, forged or unreadable), ``legacy`` (a version-1
    proof, which cannot be anchored) or ``unopenable`` (the file given cannot be
    opened).
    """

    outcome: str
    said: Said
    checks: list[Check] = field(default_factory=list)
    notes_said: list[Said] = field(default_factory=list)
    receipt: str | None = None
    ordinal: int | None = None
    tree_size: int | None = None
    root: str | None = None
    key_id: str | None = None
    fingerprint: str | None = None
    anchor: dict[str, Any] | None = None
    recorded_status: dict[str, str] | None = None

    @property
    def message(self) -> str:
        return self.said.text

    @property
    def notes(self) -> list[str]:
        return [s.text for s in self.notes_said]

    @property
    def valid(self) -> bool:
        """The proof is consistent and its signature verifies (anchored or not)."""
        return self.outcome in ("anchored", "not_anchored", "anchor_mismatch", "unopenable")

    @property
    def anchored(self) -> bool:
        return self.outcome == "anchored"

    @property
    def exit_code(self) -> int:
        """0 anchored and valid, 1 invalid or not anchored, 2 the file cannot be opened."""
        return _EXIT[self.outcome]

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": RESULT_SCHEMA,
            "result": self.outcome,
            "valid": self.valid,
            "anchored": self.anchored,
            "message": self.message,
            "receipt": self.receipt,
            "ordinal": self.ordinal,
            "tree_size": self.tree_size,
            "root": self.root,
            "signer": None
            if self.key_id is None
            else {"key_id": self.key_id, "fingerprint": self.fingerprint},
            "anchor": self.anchor,
            "recorded_status": self.recorded_status,
            "checks": [c.to_json() for c in self.checks],
            "notes": self.notes,
            "exit_code": self.exit_code,
        }


def check_proof(
    data: bytes,
    *,
    file: str | os.PathLike[str] | None = None,
    credential: Credential | None = None,
    key: bytes | None = None,
    trusted_key: TrustedKey | None = None,
    options: Any = None,
) -> ProofResult:
    """Check proof bytes and anchor them to ``file`` (opened with ``credential`` or the
    opener's ``key`` hook, verified with ``options``) or to ``trusted_key``.

    Never raises on the proof's or the file's content.  An inconsistent proof is not
    checked against the anchor (the file is not even opened).
    """
    if len(data) > MAX_PROOF_BYTES:
        said = Said.of(PROOF_FILE_TOO_LARGE, limit=MAX_PROOF_BYTES)
        return ProofResult("invalid", said, [Check("format", False, said)])
    try:
        proof = parse_proof(data)
    except ProofFormatError as exc:
        said = Said.of(PARSE_FAILED, reason=str(exc))
        return ProofResult("invalid", said, [Check("format", False, said)])
    if isinstance(proof, LegacyProof):
        said = Said.of(LEGACY)
        receipt = proof.data.get("receipt")
        return ProofResult(
            "legacy", said, [Check("format", False, said)], receipt=receipt if type(receipt) is str else None
        )
    checks, notes, fingerprint = _consistency(proof)
    inc = proof.inclusion
    params = {
        "ordinal": inc.ordinal,
        "tree_size": inc.tree_size,
        "receipt": inc.receipt,
        "key_id": proof.key_id,
        "fingerprint": fingerprint,
    }
    failed = [c for c in checks if not c.ok]
    result = ProofResult(
        "invalid" if failed else "not_anchored",
        failed[0].said if failed else Said.of(R_NOT_ANCHORED, **params),
        checks,
        notes,
        receipt=inc.receipt,
        ordinal=inc.ordinal,
        tree_size=inc.tree_size,
        root=inc.root,
        key_id=proof.key_id,
        fingerprint=fingerprint,
        recorded_status=dict(proof.status),
    )
    if failed:
        return result  # an inconsistent proof is never checked against an anchor
    if file is not None:
        return _anchor_file(result, proof, Path(file), credential, key, options, params)
    if trusted_key is not None:
        ok = trusted_key.fingerprint == result.fingerprint
        said = (
            Said.of(A_KEY_OK, fingerprint=trusted_key.fingerprint)
            if ok
            else Said.of(A_KEY_BAD, fingerprint=result.fingerprint, trusted=trusted_key.fingerprint)
        )
        result.checks.append(Check("anchor", ok, said))
        result.anchor = {"kind": "trusted_key", "fingerprint": trusted_key.fingerprint}
        if not ok:
            result.outcome, result.said = "anchor_mismatch", said
            return result
        result.outcome = "anchored"
        result.said = Said.of(R_ANCHORED_KEY, **params)
        result.notes_said.append(
            Said.of(
                NOTE_KEY_ONLY,
                key_id=proof.key_id,
                evidence_status=proof.status["evidence"],
                receipt_status=proof.status["receipt"],
            )
        )
        result.notes_said.append(Said.of(NOTE_SCOPE))
        return result
    return result  # consistent, not anchored


def _consistency(proof: AnchoredProof) -> tuple[list[Check], list[Said], str | None]:
    """Every check that needs only the proof: leaf, path, evidence, signature, binding,
    signed root, recorded status.  Returns the checks, the notes and the fingerprint of
    the carried key (None when it is not an Ed25519 key)."""
    inc = proof.inclusion
    checks: list[Check] = []
    notes: list[Said] = []
    fingerprint: str | None = None
    add = checks.append

    # ---- the tree: leaf and path --------------------------------------------------
    leaf: bytes | None
    try:
        leaf = leaf_hash(inc.entry)
    except ValueError as exc:
        leaf = None
        add(Check.of("leaf", False, LEAF_NO_CANONICAL, reason=exc))
    if leaf is not None:
        entry_ordinal = inc.entry.get("ordinal", inc.ordinal)
        if leaf.hex() != inc.leaf_hash:
            add(Check.of("leaf", False, LEAF_BAD, leaf_hash=inc.leaf_hash, recomputed=leaf.hex()))
        elif type(entry_ordinal) is not int or entry_ordinal != inc.ordinal:
            add(
                Check.of(
                    "leaf", False, LEAF_ORDINAL, entry_ordinal=_short(entry_ordinal), ordinal=inc.ordinal
                )
            )
        else:
            add(Check.of("leaf", True, LEAF_OK, ordinal=inc.ordinal))
    nodes = [bytes.fromhex(p) for p in inc.audit_path]
    path_ok = verify_inclusion(
        bytes.fromhex(inc.leaf_hash), inc.ordinal, inc.tree_size, nodes, bytes.fromhex(inc.root[7:])
    )
    where = {"ordinal": inc.ordinal, "tree_size": inc.tree_size, "root": inc.root}
    if path_ok:
        add(Check.of("path", True, PATH_OK, **where))
    else:
        add(Check.of("path", False, PATH_BAD, nodes=len(nodes), **where))

    # ---- the signed evidence ------------------------------------------------------
    try:
        obj = build_object(f"evidence/{inc.receipt}.json", proof.evidence, "evidence")
    except (ValueError, TypeError, RecursionError) as exc:  # build_object is total; stay total anyway
        add(Check.of("evidence", False, EVIDENCE_MALFORMED, reason=_short(exc)))
        return checks, notes, fingerprint
    if obj.malformed is not None:
        add(Check.of("evidence", False, EVIDENCE_MALFORMED, reason=obj.malformed.reason))
        return checks, notes, fingerprint
    evidence_ok = True
    if obj.get("event_type") != "recall_receipt":
        evidence_ok = False
        add(Check.of("evidence", False, EVIDENCE_KIND, event_type=_short(obj.get("event_type"))))
    if obj.computed_id != obj.stored_id:
        evidence_ok = False
        add(Check.of("evidence", False, EVIDENCE_ID, stored=_short(obj.stored_id), computed=obj.computed_id))
    if obj.stored_id != inc.receipt:
        evidence_ok = False
        add(Check.of("evidence", False, EVIDENCE_OTHER, receipt=inc.receipt, evidence=_short(obj.stored_id)))
    if evidence_ok:
        add(Check.of("evidence", True, EVIDENCE_OK, receipt=inc.receipt))
    if obj.unsigned_fields:
        notes.append(Said.of(EVIDENCE_UNSIGNED, fields=", ".join(_short(f) for f in obj.unsigned_fields[:8])))

    try:
        raw_key = raw_from_jwk(proof.public_key)
    except ValueError as exc:
        raw_key = None
        add(Check.of("signature", False, SIG_NOT_KEY, reason=exc))
    if raw_key is not None:
        fingerprint = key_fingerprint(raw_key)
        if obj.key_id != proof.key_id:
            add(
                Check.of(
                    "signature",
                    False,
                    SIG_KEY_ID,
                    key_id=_short(proof.key_id),
                    evidence_key_id=_short(obj.key_id),
                )
            )
        elif verify_sig(raw_key, decode_signature(obj.signature), signing_bytes_of(obj)):
            add(Check.of("signature", True, SIG_OK, key_id=proof.key_id, fingerprint=fingerprint))
        else:
            add(Check.of("signature", False, SIG_BAD, fingerprint=fingerprint))

    # ---- the receipt bytes the signature binds ----------------------------------------
    arts = [a for a in obj.get("artifacts") if a.get("name") == "receipt.json"]
    if len(arts) != 1 or type(arts[0].get("hash")) is not str:
        add(Check.of("binding", False, BIND_ARTIFACTS, count=len(arts)))
    else:
        art_hash = arts[0]["hash"]
        found = sha256_id(proof.receipt_bytes)
        bound = True
        if found != art_hash:
            bound = False
            add(Check.of("binding", False, BIND_HASH, found=found, expected=_short(art_hash)))
        if obj.get("output_hash") != art_hash:
            bound = False
            add(
                Check.of(
                    "binding",
                    False,
                    BIND_OUTPUT,
                    output_hash=_short(obj.get("output_hash")),
                    hash=_short(art_hash),
                )
            )
        if bound:
            add(Check.of("binding", True, BIND_OK, hash=art_hash))

    # ---- the signed root ------------------------------------------------------------
    _check_signed_root(add, proof, obj.get("input_hash"))

    # ---- what the exporter recorded -----------------------------------------------------
    st = proof.status
    if st["evidence"] in _OK and st["receipt"] == "valid":
        add(
            Check.of(
                "recorded_status",
                True,
                STATUS_OK,
                evidence_status=st["evidence"],
                file_verdict=_short(st["file_verdict"]),
            )
        )
        if st["file_verdict"] != "pass":
            notes.append(Said.of(NOTE_RECORDED_FAIL, file_verdict=_short(st["file_verdict"])))
    else:
        add(
            Check.of(
                "recorded_status",
                False,
                STATUS_BAD,
                evidence_status=_short(st["evidence"]),
                receipt_status=_short(st["receipt"]),
            )
        )
    return checks, notes, fingerprint


def _check_signed_root(add: Callable[[Check], None], proof: AnchoredProof, input_hash: Any) -> None:
    inc = proof.inclusion
    try:
        body, _ = loads_strict(proof.receipt_bytes)
    except JsonError as exc:
        add(Check.of("signed_root", False, ROOT_NOT_JSON, reason=exc))
        return
    if type(body) is not dict or body.get("mutmem") != 1 or body.get("kind") != "recall_receipt":
        add(Check.of("signed_root", False, ROOT_NOT_RECEIPT))
        return
    signed_root, entries = body.get("root"), body.get("entries")
    ok = True
    if signed_root != inc.root:
        ok = False
        add(Check.of("signed_root", False, ROOT_MISMATCH, root=inc.root, signed_root=_short(signed_root)))
    count = len(entries) if type(entries) is list else 0
    if type(entries) is not list or count != inc.tree_size:
        ok = False
        add(Check.of("signed_root", False, ROOT_SIZE, tree_size=inc.tree_size, count=count))
    elif inc.ordinal >= count or not _same_json(entries[inc.ordinal], inc.entry):
        ok = False
        add(Check.of("signed_root", False, ROOT_ENTRY, ordinal=inc.ordinal))
    if type(entries) is list and all(type(e) is dict for e in entries):
        try:
            recomputes = root_of_entries(entries) == signed_root
        except ValueError:
            recomputes = False
        if not recomputes:
            ok = False
            add(Check.of("signed_root", False, ROOT_RECOMPUTE, signed_root=_short(signed_root)))
    if input_hash != body.get("query_sha256"):
        ok = False
        add(
            Check.of(
                "signed_root",
                False,
                ROOT_QUERY,
                input_hash=_short(input_hash),
                query_sha256=_short(body.get("query_sha256")),
            )
        )
    if ok:
        add(Check.of("signed_root", True, ROOT_OK, count=count, ordinal=inc.ordinal))


def anchor_to_store(
    proof: AnchoredProof, store: Store, report: Report, *, label: str, sha256: str | None, fmt: str
) -> tuple[Check, dict[str, Any]]:
    """Anchor a consistent proof to an opened file: ``report`` is the verifier's report on
    ``store``; ``label`` names the file in the sentences.  Returns the anchor check and
    the anchor record (kind, path, format, sha256, verdict, evidence and receipt status)."""
    rid = proof.receipt
    anchor: dict[str, Any] = {
        "kind": "file",
        "path": label,
        "format": fmt,
        "sha256": sha256,
        "verdict": report.verdict,
        "evidence_status": None,
        "receipt_status": None,
    }
    obj = report.objects.get(rid)
    if obj is None or obj.kind != "evidence":
        return Check.of("anchor", False, A_NOT_IN, receipt=rid, file=label), anchor
    status = report.evidence.get(rid, Status.MALFORMED)
    view = report.mutmem.receipts.get(rid) if report.mutmem is not None else None
    anchor["evidence_status"] = status.value
    anchor["receipt_status"] = view.status if view is not None else None
    arts = [a for a in (obj.get("artifacts") or []) if type(a) is dict and a.get("name") == "receipt.json"]
    data = store.artifact(arts[0]["hash"]) if len(arts) == 1 and type(arts[0].get("hash")) is str else None
    if data != proof.receipt_bytes:
        return Check.of("anchor", False, A_OTHER_BYTES, receipt=rid, file=label), anchor
    era = report.era_of(rid)
    if era is None:
        return Check.of("anchor", False, A_NO_KEY, receipt=rid, file=label), anchor
    file_raw = raw_from_era(era)
    if file_raw != raw_from_jwk(proof.public_key):
        said = Said.of(
            A_OTHER_KEY,
            file=label,
            receipt=rid,
            file_key_id=era.key_id,
            file_fingerprint=key_fingerprint(file_raw),
            fingerprint=key_fingerprint(raw_from_jwk(proof.public_key)),
        )
        return Check("anchor", False, said), anchor
    if report.verdict != "pass":
        errors = sum(1 for f in report.findings if f.severity.value == "error")
        return Check.of(
            "anchor", False, A_FILE_FAILS, file=label, verdict=report.verdict, errors=errors
        ), anchor
    if status.value not in _OK:
        return Check.of("anchor", False, A_STATUS, receipt=rid, status=status.value, file=label), anchor
    if view is None or view.status != "valid":
        problems = "; ".join(view.problems[:3]) if view is not None and view.problems else "no receipt view"
        return Check.of("anchor", False, A_VIEW, receipt=rid, file=label, problems=problems), anchor
    return Check.of("anchor", True, A_FILE_OK, receipt=rid, file=label, status=status.value), anchor


def _anchor_file(
    result: ProofResult,
    proof: AnchoredProof,
    path: Path,
    credential: Credential | None,
    key: bytes | None,
    options: Any,
    params: dict[str, Any],
) -> ProofResult:
    from .opener import open_path
    from .verify.engine import verify

    label = str(path)
    sealed = path.is_file()
    try:
        before = _file_sha256(path) if sealed else None
        res = open_path(path, credential, key=key)
    except InspectorError as exc:
        said = Said.of(A_UNOPENABLE, file=label, reason=exc.message)
        result.checks.append(Check("anchor", False, said))
        result.outcome, result.said = "unopenable", said
        return result
    except OSError as exc:
        said = Said.of(A_UNOPENABLE, file=label, reason=exc.strerror or exc)
        result.checks.append(Check("anchor", False, said))
        result.outcome, result.said = "unopenable", said
        return result
    report = verify(res.store, options)
    fmt = res.opened.format if res.opened is not None else "directory"
    if sealed:
        try:
            after = _file_sha256(path)
        except OSError:
            after = None
        if after != before:
            said = Said.of(A_CHANGED, file=label)
            result.checks.append(Check("anchor", False, said))
            result.outcome, result.said = "unopenable", said
            return result
    check, anchor = anchor_to_store(proof, res.store, report, label=label, sha256=before, fmt=fmt)
    result.checks.append(check)
    result.anchor = anchor
    if not check.ok:
        result.outcome, result.said = "anchor_mismatch", check.said
        return result
    result.outcome = "anchored"
    result.notes_said.append(Said.of(NOTE_SCOPE))
    if before is None:
        result.said = Said.of(R_ANCHORED_DIR, file=label, verdict=report.verdict, **params)
    else:
        result.said = Said.of(R_ANCHORED_FILE, file=label, sha256=before, verdict=report.verdict, **params)
    return result


# =========================================================================== helpers


def _file_sha256(path: Path) -> str:
    with path.open("rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _same_json(a: Any, b: Any) -> bool:
    try:
        return canonical(a) == canonical(b)
    except ValueError:
        return False


def _json_type(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number"
    )


def _short(value: Any, n: int = 80) -> str:
    """A value for a sentence: its repr-free text, shortened, lone surrogates escaped."""
    if value is None:
        return "null"
    text = (
        value if isinstance(value, str) else str(value) if isinstance(value, BaseException) else repr(value)
    )
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= n else text[: n - 1] + "…"
