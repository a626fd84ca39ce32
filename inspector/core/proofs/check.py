"""``receipt check``: read the proof, check its consistency, then anchor it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..container import Credential
from ..findings import message
from .anchor import anchor_to_file, anchor_to_key
from .common import MAX_PROOF_BYTES, PROOF_FILE_TOO_LARGE, Said
from .consistency import consistency
from .format import LegacyProof, ProofFormatError, parse_proof
from .keys import TrustedKey
from .result import Check, ProofResult

PARSE_FAILED = message("The proof file is not a readable receipt proof: {reason}.")


LEGACY = message(
    "This is a version-1 proof (seven keys, no signature): it is not anchored and cannot be; re-export it "
    "with this version of the inspector (receipt prove)."
)


R_NOT_ANCHORED = message(
    "Consistent, not anchored: entry {ordinal} of {tree_size} is included in receipt {receipt} as signed "
    "by {key_id} ({fingerprint}), but nothing you trust vouches for that key; check the proof against the "
    "memory file or a trusted key."
)


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
    checks, notes, fingerprint = consistency(proof)
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
        return anchor_to_file(result, proof, Path(file), credential, key, options, params)
    if trusted_key is not None:
        return anchor_to_key(result, proof, trusted_key, params)
    return result  # consistent, not anchored
