"""Signer identities of a cognitive bundle: certificate, time-window epoch, revocation, and the
stored-signature message forms 1–5 (HOM-AIMOS.md §1.5, HOM-AIMOS-v2.md §10.1).

An identity object is ``{agent_id, pubkey_b64u, certificate_b64u, device_fingerprint,
valid_from, valid_until, revocation|null}``.  :func:`verify_identity_epoch` answers as the
reference's epoch check does: ``(True, None)`` or ``(False, reason)`` with its inner reason
(``cert_sig_invalid``, ``cert_expired``, ``identity_epoch_mismatch``,
``identity_revoked_before_signature``, ``revocation_<...>``, ...); the callers compose it into
their own reason.  Every function here follows the reference's value semantics
(:mod:`inspector.core.hom_aimos.ref`): :class:`~inspector.core.hom_aimos.ref.Reason` and
:class:`~inspector.core.hom_aimos.ref.PyError` propagate exactly where the reference's do.

Each identity checked is recorded in the view as a signer epoch (a time window), so the GUI can
show who signed when, and whether a master or the signer itself issued the certificate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote_plus

from ..canonical import MAX_SAFE_INT
from . import ref
from .ref import PyError, Reason
from .view import HomView, SignerEpoch

MASTER_ISSUER = "aimos-master"
HOUSEKEEPER = "housekeeper"
REVOCATION_SCHEMA = "hom.aimos.agent-revocation/v1"
REVOCATION_DOMAIN = b"aimos-agent-revocation-v1\0"
REQUEST_V5_DOMAIN = b"hom.aimos.request-envelope/v5\0"


@dataclass(frozen=True)
class Identity:
    """A decoded identity object (the reference's ``Identity``: texts through ``str()``)."""

    agent_id: str
    pubkey: str
    certificate: str
    device_fingerprint: str
    valid_from: int
    valid_until: int
    master_pubkey: str
    master_fingerprint: str
    revocation: Any


@dataclass
class Signers:
    """Where the checked identities are recorded (the view's signer epochs) and the
    self-issued certificates seen (cert fingerprint -> where first used)."""

    view: HomView
    self_issued: dict[str, str] = field(default_factory=dict)

    def record(self, identity: Identity, used_by: str) -> None:
        """Show ``identity`` as a signer epoch (never changes a verdict: nothing escapes)."""
        try:
            self._record(identity, used_by)
        except (Reason, PyError):
            return

    def _record(self, identity: Identity, used_by: str) -> None:
        body = ref.cert_json(identity.certificate)[0]
        body = body.get("body") if isinstance(body, dict) else None
        if not isinstance(body, dict):
            return
        issuer = body.get("issuer")
        if not isinstance(issuer, str) or not isinstance(body.get("agent_id"), str):
            return
        fpr = ref.sha256(ref.utf8(identity.certificate)).hex()
        if issuer == body.get("agent_id"):
            issued_by = "self"
        elif issuer in (MASTER_ISSUER, identity.master_fingerprint):
            issued_by = "master"
        else:
            issued_by = "other"
        epoch = self.view.signer(fpr)
        if epoch is None:
            epoch = SignerEpoch(
                agent_id=identity.agent_id,
                public_key_b64u=identity.pubkey,
                certificate_fingerprint=fpr,
                issuer=issuer,
                issued_by=issued_by,
                valid_from=identity.valid_from,
                valid_until=identity.valid_until,
                cert_valid_from=_int_or_none(body.get("valid_from")),
                cert_valid_until=_int_or_none(body.get("valid_until")),
            )
            self.view.signers.append(epoch)
            if isinstance(identity.revocation, dict):
                ok, _ = verify_revocation(identity.revocation, identity)
                epoch.revocation_verified = ok
                body = identity.revocation.get("signed_body")
                if ok and isinstance(body, dict):
                    epoch.revoked_at = ref.iso_to_epoch(body.get("revoked_at"), "revocation_time_invalid")
        if used_by not in epoch.used_by:
            epoch.used_by.append(used_by)
        if issued_by == "self":
            self.self_issued.setdefault(fpr, used_by)


def _int_or_none(v: Any) -> int | None:
    return v if type(v) is int else None


def decode_identity(raw: Any, master: dict[str, Any]) -> Identity:
    """The identity in ``raw`` (:class:`Reason` ``cognitive_evidence_identity_invalid`` /
    ``cognitive_evidence_identity_epoch_invalid`` when it is not one)."""
    if not isinstance(raw, dict):
        raise Reason("cognitive_evidence_identity_invalid")
    valid_from = ref.integer(raw.get("valid_from"), "cognitive_evidence_identity_epoch_invalid", 1)
    valid_until = ref.integer(raw.get("valid_until"), "cognitive_evidence_identity_epoch_invalid", 1)
    identity = Identity(
        agent_id=ref.py_str(raw.get("agent_id", "")),
        pubkey=ref.py_str(raw.get("pubkey_b64u", "")),
        certificate=ref.py_str(raw.get("certificate_b64u", "")),
        device_fingerprint=ref.py_str(raw.get("device_fingerprint", "")),
        valid_from=valid_from,
        valid_until=valid_until,
        master_pubkey=ref.py_str(master.get("public_key_b64u", "")),
        master_fingerprint=ref.py_str(master.get("fingerprint", "")),
        revocation=raw.get("revocation"),
    )
    texts = (identity.agent_id, identity.pubkey, identity.certificate, identity.device_fingerprint)
    if not all(texts) or valid_until <= valid_from:
        raise Reason("cognitive_evidence_identity_invalid")
    return identity


def certificate_envelope(certificate: str) -> dict[str, Any]:
    """``{body, sig}`` of a certificate: :class:`Reason` ``cert_malformed`` (not decodable,
    no object body, no text signature) or ``cert_schema`` (a body field missing)."""
    envelope = ref.cert_json(certificate)[0]
    if (
        not isinstance(envelope, dict)
        or not isinstance(envelope.get("body"), dict)
        or not isinstance(envelope.get("sig"), str)
    ):
        raise Reason("cert_malformed")
    if not envelope["body"].keys() >= ref.CERT_FIELDS:
        raise Reason("cert_schema")
    return envelope


def certificate_authority(identity: Identity, body: dict[str, Any]) -> str | None:
    """The key that must have signed the certificate: the identity's own key when it is
    self-issued (issuer = agent), the bundle's master key when the issuer names the master and
    the master's fingerprint holds; None otherwise."""
    issuer = body.get("issuer")
    if issuer == body.get("agent_id"):
        return identity.pubkey
    if not ref.hashable(issuer):
        raise PyError("unhashable issuer")
    if issuer not in (MASTER_ISSUER, identity.master_fingerprint):
        return None
    try:
        fingerprint = ref.sha256(ref.b64u_lenient(identity.master_pubkey, "master_key_invalid")).hex()
    except Reason:
        return None
    return identity.master_pubkey if fingerprint == identity.master_fingerprint else None


def verify_certificate(certificate: str, authority: str, signed_at: int) -> tuple[bool, str | None, Any]:
    """Signature and validity window of a certificate at ``signed_at``."""
    try:
        envelope = certificate_envelope(certificate)
        body = envelope["body"]
        signature = ref.b64u_lenient(envelope["sig"], "cert_sig_invalid")
        if len(signature) != 64 or not ref.verify_raw(authority, ref.canonical_bytes(body), signature):
            return False, "cert_sig_invalid", None
        if ref.lt(signed_at, ref.py_int(body["valid_from"])):
            return False, "cert_not_yet_valid", body
        if ref.lt(ref.py_int(body["valid_until"]), signed_at):
            return False, "cert_expired", body
        return True, None, body
    except Reason as exc:
        return False, exc.reason, None


def verify_identity_epoch(identity: Identity, signed_at: int) -> tuple[bool, str | None]:
    """The reference's epoch check of ``identity`` at ``signed_at``: certificate authority,
    signature and window, the certificate matching the identity, ``valid_from <= t <
    valid_until``, then the master-signed revocation (a signature at or after it fails)."""
    try:
        envelope = certificate_envelope(identity.certificate)
        body = envelope["body"]
        authority = certificate_authority(identity, body)
        if not authority:
            return False, "certificate_authority_missing"
        valid, reason, cert_body = verify_certificate(identity.certificate, authority, signed_at)
        exact = (
            valid
            and cert_body is not None
            and cert_body.get("agent_id") == identity.agent_id
            and cert_body.get("pubkey") == identity.pubkey
            and cert_body.get("device_fp") == identity.device_fingerprint
            and cert_body.get("valid_from") == identity.valid_from
            and cert_body.get("valid_until") == identity.valid_until
            and identity.valid_from <= signed_at < identity.valid_until
        )
        if not exact:
            return False, reason or "identity_epoch_mismatch"
        revocation = identity.revocation
        if revocation is None:
            return True, None
        if ref.get(revocation, "master_fingerprint") != identity.master_fingerprint:
            return False, "revocation_master_mismatch"
        ok, why = verify_revocation(revocation, identity)
        if not ok:
            return False, f"revocation_{why}"
        if ref.py_int(revocation.get("ts_signed")) <= signed_at:
            return False, "identity_revoked_before_signature"
        return True, None
    except Reason as exc:
        return False, exc.reason


def verify_revocation(raw: dict[str, Any], identity: Identity) -> tuple[bool, str | None]:
    """A master-signed revocation of ``identity`` (hashes, then the master's signature)."""
    return ref.malformed_as("revocation_proof_malformed", _verify_revocation, raw, identity)


def _verify_revocation(raw: dict[str, Any], identity: Identity) -> tuple[bool, str | None]:
    body = raw.get("signed_body")
    if (
        not isinstance(body, dict)
        or body.get("schema") != REVOCATION_SCHEMA
        or body.get("event_type") != "REVOKE_AGENT_IDENTITY"
    ):
        return False, "revocation_body_invalid"
    target = ref.sha256(ref.utf8(identity.certificate))
    agent_valid_from = ref.iso_to_epoch(body.get("agent_valid_from"), "revocation_time_invalid")
    prior_body = {
        "agent_id": ref.py_str(body.get("agent_id")),
        "agent_valid_from": ref.iso_millis(agent_valid_from),
        "target_cert_hash": target.hex(),
    }
    prior = ref.canonical_sha(prior_body)
    content = ref.canonical_sha(body)
    signature = ref.exact_hex(raw.get("signature"), 64, "revocation_signature_invalid")
    mutation = ref.sha256(REVOCATION_DOMAIN + prior + content + signature)
    revoked_at = ref.iso_to_epoch(body.get("revoked_at"), "revocation_time_invalid")
    exact = (
        body.get("agent_id") == raw.get("agent_id") == identity.agent_id
        and ref.iso_to_epoch(body.get("agent_valid_from"), "revocation_time_invalid")
        == raw.get("agent_valid_from")
        and body.get("target_cert_hash") == target.hex()
        and body.get("prior_identity_hash") == prior.hex()
        and body.get("master_fingerprint") == raw.get("master_fingerprint") == identity.master_fingerprint
        and ref.exact_hex(raw.get("target_cert_hash"), 32, "revocation_target_invalid") == target
        and ref.exact_hex(raw.get("prior_identity_hash"), 32, "revocation_prior_invalid") == prior
        and ref.exact_hex(raw.get("content_hash"), 32, "revocation_content_invalid") == content
        and ref.exact_hex(raw.get("mutation_hash"), 32, "revocation_mutation_invalid") == mutation
        and raw.get("ts_signed") == revoked_at
    )
    if not exact:
        return False, "revocation_hash_mismatch"
    return stored_signature(
        identity.master_pubkey,
        body,
        ref.py_str(raw.get("nonce", "")),
        ref.py_int(raw.get("ts_signed")),
        signature,
    )


# --- stored-signature message forms ----------------------------------------------------------


def stored_signature(
    public_key: str,
    body: Any,
    nonce: Any,
    signed_at: Any,
    signature: bytes,
    *,
    signature_form: Any = 1,
    request_signature_form: Any = 1,
    memory_originated_at: Any = None,
    method: Any = None,
    path: Any = None,
    claims: Any = None,
) -> tuple[bool, str | None]:
    """Verify a stored ledger signature under its message form (HOM-AIMOS-v2.md §10.1):
    form 2 adds ``memory_originated_at``; request form 5 is the framed binary envelope;
    request forms 3 and 4 add method and path (4 also the chain claims); otherwise form 1,
    ``JCS(body) LF nonce LF t``.  ``(False, "malformed_input")`` when the context is unusable,
    ``(False, "sig_invalid")`` when the signature does not verify."""
    if not isinstance(nonce, str) or not nonce or not isinstance(signed_at, int):
        return False, "malformed_input"
    try:
        body_bytes = ref.canonical_bytes(body)
        tail = f"\n{nonce}\n{signed_at}"
        if signature_form == 2:
            if not isinstance(memory_originated_at, int):
                return False, "malformed_input"
            message = body_bytes + ref.utf8(tail + f"\n{memory_originated_at}")
        elif request_signature_form == 5:
            framed = request_message_v5(body_bytes, method, path, claims, nonce, signed_at)
            if framed is None:
                return False, "malformed_input"
            message = framed
        elif request_signature_form in (3, 4):
            signed_method = ref.py_str(method or "").upper()
            signed_path = ref.py_str(path or "").split("?", 1)[0]
            if not signed_method or not signed_path:
                return False, "malformed_input"
            middle = f"\n{signed_method}\n{signed_path}"
            if request_signature_form == 4:
                claims = claims if isinstance(claims, dict) else {}
                previous = claims.get("prevChainHash", claims.get("prev_chain_hash"))
                device = claims.get("deviceFp", claims.get("device_fp"))
                if (
                    not isinstance(previous, str)
                    or not previous
                    or (device is not None and (not isinstance(device, str) or not device))
                ):
                    return False, "malformed_input"
                chain = ref.canonical_bytes({"prev_chain_hash": previous, "device_fp": device})
                message = body_bytes + ref.utf8(middle + "\n") + chain + ref.utf8(tail)
            else:
                message = body_bytes + ref.utf8(middle + tail)
        else:
            message = body_bytes + ref.utf8(tail)
    except Reason:
        return False, "malformed_input"
    valid = ref.verify_raw(public_key, message, signature)
    return valid, None if valid else "sig_invalid"


_V5_METHOD = re.compile(r"[A-Z]+")
_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def valid_target_v5(target: Any) -> bool:
    """A request target of form 5: ``/``-rooted (not ``//``), printable ASCII without ``#``
    or ``\\``, well-formed percent escapes, unique query keys without NUL."""
    if not isinstance(target, str) or not target.startswith("/") or target.startswith("//"):
        return False
    if any(not 0x21 <= ord(c) <= 0x7E for c in target) or "#" in target or "\\" in target:
        return False
    if _PERCENT.search(target):
        return False
    _, _, query = target.partition("?")
    if not query:
        return True
    seen: set[str] = set()
    for part in query.split("&"):
        key = unquote_plus(part.split("=", 1)[0], errors="strict") if part else ""
        if "\0" in key or key in seen:
            return False
        seen.add(key)
    return True


def request_claims_v5(claims: Any) -> dict[str, Any] | None:
    if not isinstance(claims, dict) or set(claims) != {"prev_chain_hash", "device_fp"}:
        return None
    prev, device = claims["prev_chain_hash"], claims["device_fp"]
    if prev is not None:
        if not isinstance(prev, str) or len(prev) != 43:
            return None
        raw = exact_b64u(prev)
        if raw is None or len(raw) != 32:
            return None
    if device is not None and (not isinstance(device, str) or not device or prev is None):
        return None
    return {"prev_chain_hash": prev, "device_fp": device}


def exact_b64u(text: str) -> bytes | None:
    """Canonical unpadded base64url (decoding and re-encoding gives the same text)."""
    from .prims import b64u_decode

    raw = b64u_decode(text)
    return raw if raw else None


def request_message_v5(
    body_bytes: bytes, method: Any, target: Any, claims: Any, nonce: str, signed_at: int
) -> bytes | None:
    """``"hom.aimos.request-envelope/v5"||00`` then each of body, method, target, claims,
    nonce and time as ``u32be(len) || bytes``; None when an input breaks the form's rules."""
    m = ref.py_str(method or "").upper()
    if not _V5_METHOD.fullmatch(m) or not 1 <= signed_at <= MAX_SAFE_INT or not valid_target_v5(target):
        return None
    checked = request_claims_v5(claims)
    if checked is None:
        return None
    fields = [
        body_bytes,
        m.encode("ascii"),
        str(target).encode("ascii"),
        ref.canonical_bytes(checked),
        ref.utf8(nonce),
        str(signed_at).encode("ascii"),
    ]
    return REQUEST_V5_DOMAIN + b"".join(len(f).to_bytes(4, "big") + f for f in fields)
