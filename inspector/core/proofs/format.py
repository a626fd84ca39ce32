"""The proof file (format ``aleth-inspector/receipt-proof/2``): what it carries, how it
is read (strictly, shape first) and written (0600), and the key fingerprint it names."""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..canonical import JsonError, loads_strict
from ..keys import (
    b64url,
    b64url_strict,
)
from ..verify.merkle import (
    PROOF_FIELDS,
    InclusionProof,
)
from ..verify.report import Status
from .common import MAX_PROOF_BYTES, json_type, short, write_proof_bytes

PROOF_FORMAT = "aleth-inspector/receipt-proof/2"
"""The ``proof`` member of every proof this version writes."""


V2_FIELDS = frozenset((*PROOF_FIELDS, "proof", "signer", "status", "evidence", "receipt_json"))


OK_STATUSES = frozenset({Status.VALID.value, Status.VALID_HISTORICAL.value})


HEX64 = re.compile(r"[0-9a-f]{64}")


class ProofFormatError(ValueError):
    """The bytes are not a receipt proof this version reads (the reason, in English)."""


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
        missing = sorted(V2_FIELDS - set(d))
        if missing:
            raise ProofFormatError(f"it is missing {', '.join(missing)}")
        extra = sorted(k for k in d if k not in V2_FIELDS)
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
        raise ProofFormatError(f"it is a JSON {json_type(d)}, not a JSON object")
    if "proof" not in d:
        if set(d) == set(PROOF_FIELDS):
            return LegacyProof(d)
        missing = sorted(V2_FIELDS - set(d))
        raise ProofFormatError(f"it is missing {', '.join(missing)}")
    if d["proof"] != PROOF_FORMAT:
        raise ProofFormatError(
            f"its proof format {short(d['proof'])} is not one this version reads ({PROOF_FORMAT})"
        )
    return AnchoredProof.from_json(d)


def write_proof(path: str | os.PathLike[str], proof: AnchoredProof) -> Path:
    """Write ``proof`` to ``path`` atomically, mode 0600 (it holds data from the file)."""
    return write_proof_bytes(path, proof.to_bytes())
