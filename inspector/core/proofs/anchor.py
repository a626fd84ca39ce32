"""Anchoring a consistent proof to something the auditor trusts: the memory file it came
from (opened and verified again: it is another file than the proof), or a trusted key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..container import Credential
from ..errors import InspectorError
from ..findings import message
from ..keys import (
    raw_from_jwk,
)
from ..store import Store
from ..verify.authority import raw_from_era
from ..verify.report import Report, Status
from .common import Said, file_sha256
from .format import OK_STATUSES, AnchoredProof, key_fingerprint
from .keys import TrustedKey
from .result import Check, ProofResult

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
    if status.value not in OK_STATUSES:
        return Check.of("anchor", False, A_STATUS, receipt=rid, status=status.value, file=label), anchor
    if view is None or view.status != "valid":
        problems = "; ".join(view.problems[:3]) if view is not None and view.problems else "no receipt view"
        return Check.of("anchor", False, A_VIEW, receipt=rid, file=label, problems=problems), anchor
    return Check.of("anchor", True, A_FILE_OK, receipt=rid, file=label, status=status.value), anchor


def anchor_to_file(
    result: ProofResult,
    proof: AnchoredProof,
    path: Path,
    credential: Credential | None,
    key: bytes | None,
    options: Any,
    params: dict[str, Any],
) -> ProofResult:
    """Anchor the consistent ``result`` to the memory file ``path``: it is opened and
    verified (it is not the proof: what it says is checked, not taken), and must not
    change meanwhile; then :func:`anchor_to_store`."""
    from ..opener import open_path
    from ..verify.engine import verify

    label = str(path)
    sealed = path.is_file()
    try:
        before = file_sha256(path) if sealed else None
        res = open_path(path, credential, key=key)
    except InspectorError as exc:
        return _end(result, "unopenable", Said.of(A_UNOPENABLE, file=label, reason=exc.message))
    except OSError as exc:
        return _end(result, "unopenable", Said.of(A_UNOPENABLE, file=label, reason=exc.strerror or exc))
    report = verify(res.store, options)
    fmt = res.opened.format if res.opened is not None else "directory"
    if sealed and _sha256_or_none(path) != before:
        return _end(result, "unopenable", Said.of(A_CHANGED, file=label))
    check, anchor = anchor_to_store(proof, res.store, report, label=label, sha256=before, fmt=fmt)
    result.anchor = anchor
    if not check.ok:
        return _end(result, "anchor_mismatch", check.said)
    result.checks.append(check)
    result.outcome = "anchored"
    result.notes_said.append(Said.of(NOTE_SCOPE))
    if before is None:
        result.said = Said.of(R_ANCHORED_DIR, file=label, verdict=report.verdict, **params)
    else:
        result.said = Said.of(R_ANCHORED_FILE, file=label, sha256=before, verdict=report.verdict, **params)
    return result


def anchor_to_key(
    result: ProofResult, proof: AnchoredProof, trusted: TrustedKey, params: dict[str, Any]
) -> ProofResult:
    """Anchor the consistent ``result`` to a key the auditor trusts: the carried key must
    be it (what the file said of the receipt is then only what the exporter recorded)."""
    result.anchor = {"kind": "trusted_key", "fingerprint": trusted.fingerprint}
    if trusted.fingerprint != result.fingerprint:
        said = Said.of(A_KEY_BAD, fingerprint=result.fingerprint, trusted=trusted.fingerprint)
        return _end(result, "anchor_mismatch", said)
    result.checks.append(Check.of("anchor", True, A_KEY_OK, fingerprint=trusted.fingerprint))
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


def _end(result: ProofResult, outcome: str, said: Said) -> ProofResult:
    """The anchor check failed with ``said``: the result's outcome and sentence."""
    result.checks.append(Check("anchor", False, said))
    result.outcome, result.said = outcome, said
    return result


def _sha256_or_none(path: Path) -> str | None:
    try:
        return file_sha256(path)
    except OSError:
        return None
