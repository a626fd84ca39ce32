"""Signer identities of a cognitive bundle: certificate, time-window epoch, revocation.

An identity object is ``{agent_id, pubkey_b64u, certificate_b64u, device_fingerprint,
valid_from, valid_until, revocation|null}``.  :func:`check_identity` answers the *inner*
reason of the first check that fails (the caller prefixes ``provenance_``, ``baseline_`` or
``event_ledger_certificate_invalid:``), or None, and records the signer as a time window in
the view either way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import prims as p
from .view import HomView, SignerEpoch

IDENTITY_KEYS = frozenset(
    {
        "agent_id",
        "pubkey_b64u",
        "certificate_b64u",
        "device_fingerprint",
        "valid_from",
        "valid_until",
        "revocation",
    }
)
REVOCATION_KEYS = frozenset(
    {
        "agent_id",
        "agent_valid_from",
        "master_fingerprint",
        "target_cert_hash",
        "prior_identity_hash",
        "signed_body",
        "content_hash",
        "mutation_hash",
        "ts_signed",
        "nonce",
        "signature",
    }
)
REVOCATION_BODY_KEYS = frozenset(
    {
        "schema",
        "event_type",
        "agent_id",
        "agent_valid_from",
        "target_cert_hash",
        "prior_identity_hash",
        "master_fingerprint",
        "reason_code",
        "revoked_at",
    }
)


@dataclass
class Trust:
    """The trust root of one bundle: the verified master key (if any) and what was seen."""

    master_key: str | None  # SPKI b64url of a master whose fingerprint verified
    master_fpr: str | None
    view: HomView
    self_issued: dict[str, str] = field(default_factory=dict)  # cert fingerprint -> where first seen
    checked: dict[str, str | None] = field(default_factory=dict)  # cert text -> issuer/signature reason


def identity_shape_ok(ident: Any) -> bool:
    if not isinstance(ident, dict) or set(ident) != IDENTITY_KEYS:
        return False
    return (
        p.is_str(ident["agent_id"])
        and p.is_str(ident["pubkey_b64u"])
        and p.is_str(ident["certificate_b64u"])
        and isinstance(ident["device_fingerprint"], str)
        and p.is_int(ident["valid_from"])
        and p.is_int(ident["valid_until"])
        and (ident["revocation"] is None or isinstance(ident["revocation"], dict))
    )


def check_identity(
    ident: Any,
    *,
    signer_agent_id: Any,
    signer_valid_from: Any,
    certificate_fingerprint: Any,
    ts: Any,
    trust: Trust,
    used_by: str,
    role: str = p.HOUSEKEEPER,
) -> str | None:
    """The inner reason of the first failing identity check at signing time ``ts``, else None."""
    if not identity_shape_ok(ident) or not p.is_int(ts):
        return "schema_invalid"
    if (
        not p.is_hex64(certificate_fingerprint)
        or p.text_hash(ident["certificate_b64u"]) != certificate_fingerprint
    ):
        return "certificate_fingerprint_mismatch"
    cert = p.decode_certificate(ident["certificate_b64u"])
    if cert is None:
        return "certificate_invalid"
    epoch = _record(trust, ident, cert, used_by)
    if (
        cert.pubkey != ident["pubkey_b64u"]
        or cert.agent_id != ident["agent_id"]
        or ident["agent_id"] != signer_agent_id
        or cert.body["valid_from"] != ident["valid_from"]
        or ident["valid_from"] != signer_valid_from
        or p.load_key(ident["pubkey_b64u"]) is None
    ):
        return "signer_certificate_row_mismatch"
    reason = certificate_trust(cert, trust, used_by)
    if reason is not None:
        return reason
    if signer_agent_id != role:
        return "signer_role_invalid"
    if ts < ident["valid_from"] or ts < cert.body["valid_from"]:
        return "cert_not_yet_valid"
    if ts >= ident["valid_until"] or ts > cert.body["valid_until"]:
        return "cert_expired"
    if ident["revocation"] is not None:
        revoked_at = check_revocation(ident["revocation"], ident, trust)
        epoch.revoked_at = revoked_at
        epoch.revocation_verified = revoked_at is not None
        if revoked_at is None:
            return "revocation_invalid"
        if ts >= revoked_at:
            return "signer_revoked_before_evidence"
    return None


def certificate_trust(cert: p.Certificate, trust: Trust, where: str) -> str | None:
    """Issuer and signature of ``cert``: master-issued (verified master key) or self-issued."""
    if cert.text in trust.checked:
        reason = trust.checked[cert.text]
    else:
        reason = trust.checked[cert.text] = _certificate_trust(cert, trust)
    if reason is None and cert.self_issued:
        trust.self_issued.setdefault(cert.fingerprint, where)
    return reason


def _certificate_trust(cert: p.Certificate, trust: Trust) -> str | None:
    if cert.master_issued(trust.master_fpr):
        if trust.master_key is None or not p.certificate_signature_ok(cert, trust.master_key):
            return "certificate_signature_invalid"
        return None
    if cert.self_issued:
        if not p.certificate_signature_ok(cert, cert.pubkey):
            return "certificate_signature_invalid"
        return None
    return "certificate_issuer_invalid"


def check_revocation(rev: dict[str, Any], ident: dict[str, Any], trust: Trust) -> float | None:
    """``revoked_at`` (unix seconds) of a master-signed revocation of ``ident``, or None if it
    does not verify."""
    if set(rev) != REVOCATION_KEYS or trust.master_key is None:
        return None
    body = rev["signed_body"]
    if not isinstance(body, dict) or set(body) != REVOCATION_BODY_KEYS:
        return None
    sig = p.hex_sig(rev["signature"])
    hexes = ("master_fingerprint", "target_cert_hash", "prior_identity_hash", "content_hash", "mutation_hash")
    if sig is None or not all(p.is_hex64(rev[k]) for k in hexes) or not p.is_str(rev["nonce"]):
        return None
    if not p.is_int(rev["ts_signed"]) or rev["agent_id"] != ident["agent_id"]:
        return None
    if rev["agent_valid_from"] != ident["valid_from"] or rev["master_fingerprint"] != trust.master_fpr:
        return None
    if rev["target_cert_hash"] != p.text_hash(ident["certificate_b64u"]):
        return None
    valid_from_iso = p.iso_millis(ident["valid_from"])
    if valid_from_iso is None:
        return None
    prior = p.revocation_prior_hash(ident["agent_id"], valid_from_iso, rev["target_cert_hash"])
    if prior is None or prior != rev["prior_identity_hash"]:
        return None
    expected_body = {
        "schema": "hom.aimos.agent-revocation/v1",
        "event_type": "REVOKE_AGENT_IDENTITY",
        "agent_id": ident["agent_id"],
        "agent_valid_from": valid_from_iso,
        "target_cert_hash": rev["target_cert_hash"],
        "prior_identity_hash": prior,
        "master_fingerprint": trust.master_fpr,
    }
    if any(body[k] != v for k, v in expected_body.items()) or not isinstance(body["reason_code"], str):
        return None
    revoked_at = p.parse_iso(body["revoked_at"])
    body_bytes = p.canonical_bytes(body)
    if revoked_at is None or body_bytes is None or p.sha256(body_bytes).hex() != rev["content_hash"]:
        return None
    if p.revocation_mutation_hash(prior, rev["content_hash"], sig) != rev["mutation_hash"]:
        return None
    if not p.verify_ed25519(
        trust.master_key, sig, p.ledger_message(body_bytes, rev["nonce"], rev["ts_signed"])
    ):
        return None
    return revoked_at


def _record(trust: Trust, ident: dict[str, Any], cert: p.Certificate, used_by: str) -> SignerEpoch:
    """The view's epoch of this certificate (one per certificate fingerprint)."""
    found = trust.view.signer(cert.fingerprint)
    if found is None:
        if cert.master_issued(trust.master_fpr):
            issued_by = "master"
        elif cert.self_issued:
            issued_by = "self"
        else:
            issued_by = "other"
        found = SignerEpoch(
            agent_id=ident["agent_id"],
            public_key_b64u=ident["pubkey_b64u"],
            certificate_fingerprint=cert.fingerprint,
            issuer=cert.issuer,
            issued_by=issued_by,
            valid_from=ident["valid_from"],
            valid_until=ident["valid_until"],
            cert_valid_from=cert.body["valid_from"],
            cert_valid_until=cert.body["valid_until"],
        )
        trust.view.signers.append(found)
    if used_by not in found.used_by:
        found.used_by.append(used_by)
    return found
