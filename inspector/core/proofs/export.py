"""Making a proof: the anchored inclusion proof of one entry of a recall receipt, only
from a receipt whose signed bytes bind its root (SPEC C4)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..canonical import JsonError, loads_strict
from ..container import Credential
from ..findings import message
from ..keys import (
    jwk_from_raw,
    sha256_id,
)
from ..objects import Obj
from ..store import Store
from ..verify.authority import raw_from_era
from ..verify.merkle import (
    make_proof,
    root_of_entries,
)
from ..verify.report import KeyEra, Report, Status
from .common import MAX_PROOF_BYTES, ORDINAL_OUTSIDE, ProofError, Said, json_type, short
from .format import HEX64, OK_STATUSES, AnchoredProof

# an evidence with one of these statuses has no signature a proof could stand on
UNPROVABLE_STATUSES = frozenset(
    {
        Status.MALFORMED,
        Status.DIGEST_MISMATCH,
        Status.UNKNOWN_IDENTITY,
        Status.UNKNOWN_KEY,
        Status.INVALID_SIGNATURE,
    }
)


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
    obj, status, era = _signed_receipt(report, rid)
    data, entries, stated = _receipt_body(store, obj, rid)
    if type(ordinal) is not int or not 0 <= ordinal < len(entries):
        raise ProofError(
            "ordinal_out_of_range",
            ORDINAL_OUTSIDE,
            ordinal=ordinal,
            last=len(entries) - 1,
            receipt=rid,
            count=len(entries),
        )
    root = _recomputed_root(stated, entries, rid)
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
    if status.value not in OK_STATUSES:
        notes.append(Said.of(NOTE_EVIDENCE_STATUS, receipt=rid, status=status.value))
    if report.verdict != "pass":
        notes.append(Said.of(NOTE_FILE_FAILS, verdict=report.verdict))
    return Export(proof, tuple(notes))


def _signed_receipt(report: Report, rid: str) -> tuple[Obj, Status, KeyEra]:
    """The recall-receipt evidence ``rid`` of the report, its status and its signer's era:
    a proof stands on its signature, so it must have one."""
    obj = report.objects.get(rid)
    if obj is None or obj.kind != "evidence":
        raise ProofError("not_a_receipt", NOT_A_RECEIPT, receipt=rid)
    status = report.evidence.get(rid, Status.MALFORMED)
    if obj.malformed is not None or status in UNPROVABLE_STATUSES:
        raise ProofError("receipt_unprovable", EV_UNPROVABLE, receipt=rid, status=status.value)
    if obj.get("event_type") != "recall_receipt":
        raise ProofError("not_a_receipt", NOT_A_RECEIPT_KIND, receipt=rid, event_type=obj.get("event_type"))
    era = report.era_of(rid)
    if era is None:
        raise ProofError("receipt_unprovable", NO_SIGNER, receipt=rid)
    return obj, status, era


def _receipt_body(store: Store, obj: Obj, rid: str) -> tuple[bytes, list[dict[str, Any]], Any]:
    """The ``receipt.json`` bytes the evidence binds, its entries (one at least) and the
    root it states."""
    arts = [a for a in obj.get("artifacts") if a.get("name") == "receipt.json"]
    if len(arts) != 1 or type(arts[0].get("hash")) is not str:
        raise ProofError("receipt_unprovable", NO_ARTIFACT, receipt=rid, count=len(arts))
    art_hash = arts[0]["hash"]
    data = store.artifact(art_hash)
    if data is None or sha256_id(data) != art_hash:
        raise ProofError("receipt_unprovable", ARTIFACT_MISSING, receipt=rid, hash=short(art_hash))
    try:
        body, _ = loads_strict(data)
    except JsonError as exc:
        raise ProofError("receipt_unprovable", BODY_NOT_JSON, receipt=rid, reason=exc) from exc
    if type(body) is not dict or body.get("mutmem") != 1 or body.get("kind") != "recall_receipt":
        raise ProofError("receipt_unprovable", BODY_NOT_RECEIPT, receipt=rid)
    entries = body.get("entries")
    if type(entries) is not list or not all(type(e) is dict for e in entries):
        found = (
            f"a list holding a {json_type(next(e for e in entries if type(e) is not dict))}"
            if type(entries) is list
            else f"a JSON {json_type(entries)}"
        )
        raise ProofError("receipt_unprovable", ENTRIES_BAD, receipt=rid, found=found)
    if not entries:
        raise ProofError("receipt_unprovable", NO_ENTRIES, receipt=rid)
    return data, entries, body.get("root")


def _recomputed_root(root: Any, entries: list[dict[str, Any]], rid: str) -> str:
    """The receipt's stated root, which must recompute from its entries."""
    if type(root) is not str or not root.startswith("sha256:") or not HEX64.fullmatch(root[7:]):
        raise ProofError("receipt_unprovable", ROOT_MALFORMED, receipt=rid, root=short(root))
    try:
        recomputed = root_of_entries(entries)
    except ValueError as exc:
        raise ProofError("receipt_unprovable", ENTRIES_NO_CANONICAL, receipt=rid, reason=exc) from exc
    if recomputed != root:
        raise ProofError(
            "receipt_unprovable", ROOT_NOT_RECOMPUTED, receipt=rid, root=root, recomputed=recomputed
        )
    return root


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
    from ..opener import open_path
    from ..verify.engine import verify

    res = open_path(path, credential, key=key)
    return make_proof_from(res.store, verify(res.store, options), receipt_id, ordinal)
