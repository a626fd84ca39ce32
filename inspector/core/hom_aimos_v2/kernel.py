"""The v2 byte and signature kernel (HOM-AIMOS-v2.md §2, §5): typed, never raising on a value.

Every function takes untrusted JSON values.  The checks that use them turn a refused value into
their own failure code, as the reference does; a :class:`Refused` says only that the kernel
refuses the value.  Shared with the v1 profile where the bytes are the same: the strict base64url
(:func:`inspector.core.hom_aimos.prims.b64u_decode`), the RFC 6962 tree
(:mod:`inspector.core.verify.merkle`), the canonical JSON writer and Ed25519.
"""

from __future__ import annotations

import hashlib
import math
import re
import struct
from datetime import UTC, datetime
from typing import Any, TypeGuard

from ..canonical import MAX_SAFE_INT, JsonError, canonical
from ..hom_aimos import prims, ref
from ..verify import merkle

MAX_DEPTH = 32
MAX_MEMBERS = 1_000_000
MAX_CANONICAL = 64 * 1024 * 1024
HEX32 = re.compile(r"[0-9a-f]{64}")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", re.I)
UUID_ANY = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
B64URL = re.compile(r"[A-Za-z0-9_-]+")
OCCURRENCE_DOMAIN = b"hom.aimos.memory-occurrence/v3\0"
OCCURRENCE_SIGNATURE_DOMAIN = b"hom.aimos.memory-occurrence-signature/v3\0"


class Refused(Exception):
    """The kernel refuses a value (the calling check says with which code)."""


# --- values ------------------------------------------------------------------------------------


def text(value: Any) -> str:
    """The reference's ``_string``: "" for null, else ``str(value)``."""
    return "" if value is None else str(value)


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def hash_hex(value: Any) -> str | None:
    """``value`` lower-cased when it is 64 hex digits (as the reference's ``_hash``), else None."""
    normalized = text(value).lower()
    return normalized if HEX32.fullmatch(normalized) else None


def strict_hex32(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and HEX32.fullmatch(value) is not None


def hash_bytes(value: Any) -> bytes:
    """32 raw bytes of a (case-insensitive) hex32 text; :class:`Refused` otherwise."""
    normalized = text(value if value else "").lower()
    if not HEX32.fullmatch(normalized):
        raise Refused("hash")
    return bytes.fromhex(normalized)


def exact_b64u(value: Any) -> bytes:
    """Canonical unpadded base64url of at least one byte; :class:`Refused` otherwise."""
    if not isinstance(value, str) or not value or not B64URL.fullmatch(value):
        raise Refused("base64url")
    raw = prims.b64u_decode(value)
    if not raw:
        raise Refused("base64url")
    return raw


def signature64(value: Any) -> bytes:
    raw = exact_b64u(value)
    if len(raw) != 64:
        raise Refused("signature")
    return raw


def frame(value: Any) -> bytes:
    """``u32be(len) || UTF-8``, the text non-empty (null reads as "")."""
    raw = utf8(text(value))
    if not raw or len(raw) > 0xFFFFFFFF:
        raise Refused("frame")
    return struct.pack(">I", len(raw)) + raw


def utf8(value: str) -> bytes:
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("text") from None


def u64(value: Any) -> bytes:
    if not is_int(value) or not 0 <= value <= MAX_SAFE_INT:
        raise Refused("u64")
    return struct.pack(">Q", value)


def i64(value: Any) -> bytes:
    if not is_int(value) or abs(value) > MAX_SAFE_INT:
        raise Refused("i64")
    return struct.pack(">q", value)


def uuid_bytes(value: Any) -> bytes:
    normalized = text(value if value else "").lower()
    if not UUID_ANY.fullmatch(normalized):
        raise Refused("uuid")
    return bytes.fromhex(normalized.replace("-", ""))


def py_int(value: Any) -> int:
    """``int(value)`` as the reference's Python reads it; :class:`Refused` where it would fail."""
    if isinstance(value, bool | int):
        return int(value)
    if isinstance(value, float) and math.isfinite(value):
        return int(value)
    if isinstance(value, str) and len(value) <= 4300:
        try:
            return int(value)
        except ValueError:
            pass
    raise Refused("int")


# --- canonical JSON ----------------------------------------------------------------------------


def _limits_ok(value: Any) -> bool:
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(v, bool) or v is None or isinstance(v, str):
            continue
        if isinstance(v, int):
            if abs(v) > MAX_SAFE_INT:
                return False
        elif isinstance(v, float):
            if not math.isfinite(v):
                return False
        elif isinstance(v, list):
            if len(v) > MAX_MEMBERS:
                return False
            stack.extend((c, depth + 1) for c in v)
        elif isinstance(v, dict):
            if len(v) > MAX_MEMBERS:
                return False
            stack.extend((c, depth + 1) for c in v.values())
        else:
            return False
    return True


def jcs(value: Any) -> bytes:
    """The canonical JSON of ``value`` within the kernel's limits; :class:`Refused` otherwise."""
    if not _limits_ok(value):
        raise Refused("canonical")
    try:
        out = canonical(value)
    except (JsonError, TypeError, ValueError, RecursionError):
        raise Refused("canonical") from None
    if len(out) > MAX_CANONICAL:
        raise Refused("canonical")
    return out


def equal(a: Any, b: Any) -> bool:
    """``JCS(a) == JCS(b)`` (a value without a canonical form equals nothing)."""
    try:
        return jcs(a) == jcs(b)
    except Refused:
        return False


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def canonical_sha(value: Any) -> str:
    return sha256(jcs(value)).hex()


def merkle_root(entries: list[Any]) -> str:
    """RFC 6962 root (hex) of JCS leaves."""
    return merkle.tree_head([sha256(b"\x00" + jcs(e)) for e in entries]).hex()


# --- times ------------------------------------------------------------------------------------


def iso(value: Any) -> str:
    """``YYYY-MM-DDTHH:MM:SS.mmmZ`` of an ISO-8601 text (a naive time read as UTC)."""
    try:
        parsed = datetime.fromisoformat(text(value).replace("Z", "+00:00"))
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        parsed = parsed.astimezone(UTC)
    except (ValueError, OverflowError, OSError):
        raise Refused("time") from None
    return parsed.strftime("%Y-%m-%dT%H:%M:%S") + f".{parsed.microsecond // 1000:03d}Z"


def unix_seconds(value: Any) -> int:
    normalized = iso(value)
    try:
        return int(datetime.fromisoformat(normalized.replace("Z", "+00:00")).timestamp())
    except (ValueError, OverflowError, OSError):
        raise Refused("time") from None


def unix_millis(value: Any) -> int:
    """Milliseconds of an ISO-8601 text as given (fraction kept; a naive time read as UTC)."""
    try:
        parsed = datetime.fromisoformat(text(value).replace("Z", "+00:00"))
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        return int(parsed.timestamp() * 1000)
    except (ValueError, OverflowError, OSError):
        raise Refused("time") from None


# --- signatures --------------------------------------------------------------------------------


def verify_ed25519(public_key: Any, message: bytes, signature: Any) -> bool:
    """An SPKI DER base64url Ed25519 key, a 64-byte base64url signature, canonical texts."""
    try:
        exact_b64u(public_key)
        sig = exact_b64u(signature)
    except Refused:
        return False
    return len(sig) == 64 and prims.verify_ed25519(public_key, sig, message)


def payload_message(body: Any, nonce: Any, signed_ts: Any) -> bytes:
    """``JCS(body) LF nonce LF ts``; :class:`Refused` without a nonce or an integer time."""
    if not isinstance(nonce, str) or not nonce or not isinstance(signed_ts, int):
        raise Refused("payload")
    return jcs(body) + utf8(f"\n{nonce}\n{signed_ts}")


def request_message(body: Any, method: Any, path: Any, nonce: Any, signed_ts: Any) -> bytes:
    """Request form 3: ``JCS(body) LF METHOD LF path-before-? LF nonce LF ts``."""
    if not isinstance(nonce, str) or not nonce or not isinstance(signed_ts, int):
        raise Refused("request")
    m = text(method or "").upper()
    p = text(path or "").split("?", 1)[0]
    if not m or not p:
        raise Refused("request")
    return jcs(body) + utf8(f"\n{m}\n{p}\n{nonce}\n{signed_ts}")


def verify_payload(public_key: Any, body: Any, nonce: Any, signed_ts: Any, signature: Any) -> bool:
    try:
        message = payload_message(body, nonce, signed_ts)
    except Refused:
        return False
    return verify_ed25519(public_key, message, signature)


def verify_request(
    public_key: Any, body: Any, method: Any, path: Any, nonce: Any, signed_ts: Any, signature: Any
) -> bool:
    try:
        message = request_message(body, method, path, nonce, signed_ts)
    except Refused:
        return False
    return verify_ed25519(public_key, message, signature)


def event_link_hash(event: dict[str, Any], content: str) -> str:
    """A ledger event's ``mutation_hash``: SHA-256 over the link domain, the previous mutation hash
    (raw, when there is one), the content hash (raw), the nonce and the decimal ``ts_signed``.
    :class:`Refused` when a hash is not hex."""
    return sha256(
        ref.EVENT_LINK_DOMAIN
        + hash_bytes(event.get("prev_mutation_hash"))
        + hash_bytes(content)
        + utf8(text(event.get("nonce")))
        + utf8(text(event.get("ts_signed")))
    ).hex()


# --- certificates (§5.8) -------------------------------------------------------------------------


def verify_certificate(
    certificate: Any, authority: Any, agent_id: Any, subject_key: Any, at: Any
) -> tuple[bool, str | None, dict[str, Any] | None]:
    """A master-signed certificate of ``agent_id``/``subject_key`` valid at ``at`` (unix s)."""
    if not isinstance(at, int):
        return False, "CERTIFICATE_TIME_INVALID", None
    try:
        raw = exact_b64u(certificate)
        envelope = ref.loads_unique(raw.decode("utf-8"))
    except (Refused, UnicodeDecodeError, ValueError, RecursionError):
        return False, "CERTIFICATE_INVALID", None
    if not isinstance(envelope, dict) or not isinstance(envelope.get("body"), dict):
        return False, "CERTIFICATE_INVALID", None
    body, sig = envelope["body"], envelope.get("sig")
    if not isinstance(sig, str):
        return False, "CERTIFICATE_INVALID", None
    if (
        not body.keys() >= ref.CERT_FIELDS
        or body["v"] != 1
        or not isinstance(body["valid_from"], int)
        or not isinstance(body["valid_until"], int)
        or body["valid_until"] <= body["valid_from"]
        or body["agent_id"] != agent_id
        or body["pubkey"] != subject_key
    ):
        return False, "CERTIFICATE_BODY_INVALID", None
    try:
        signed = jcs(body)
    except Refused:
        return False, "CERTIFICATE_MALFORMED", None
    if not verify_ed25519(authority, signed, sig):
        return False, "CERTIFICATE_SIGNATURE_INVALID", None
    if at < body["valid_from"] or at > body["valid_until"]:
        return False, "CERTIFICATE_EPOCH_INVALID", None
    return True, None, body


# --- occurrence v3 (§5.7) ------------------------------------------------------------------------


def _occurrence_text(value: Any, *, empty: bool = False, uppercase: bool = False) -> bytes:
    normalized = text(value)
    if (not empty and not normalized) or (uppercase and normalized != normalized.upper()):
        raise Refused("occurrence")
    return utf8(normalized)


def _presence(flag: Any, value: Any, decode: Any) -> tuple[bytes, bytes]:
    f = py_int(flag)
    if f == 0 and text(value if value else "") == "":
        return b"\x00", b""
    if f == 1:
        return b"\x01", decode(value)
    raise Refused("occurrence")


def occurrence_commitment(record: Any) -> str:
    """``occurrence_ref`` of a v3 occurrence body: SHA256 of the domain and 21 TLV fields."""
    if not isinstance(record, dict):
        raise Refused("occurrence")
    predecessor_flag, predecessor = _presence(
        record.get("predecessor_present"), record.get("predecessor_commitment_hex"), hash_bytes
    )
    receipt_flag, receipt = _presence(
        record.get("request_receipt_present"), record.get("request_receipt_mutation_hash_hex"), hash_bytes
    )
    auth_flag, auth = _presence(
        record.get("authorization_event_present"), record.get("authorization_event_id"), uuid_bytes
    )
    nonce_hex = text(record.get("nonce_hex") or "").lower()
    if not re.fullmatch(r"[0-9a-f]+", nonce_hex) or len(nonce_hex) % 2:
        raise Refused("occurrence")
    nonce = bytes.fromhex(nonce_hex)
    if not 16 <= len(nonce) <= 32:
        raise Refused("occurrence")
    event_type = text(record.get("event_type") or "")
    method = text(record.get("signed_method") or "")
    path = text(record.get("signed_path") or "")
    tier = text(record.get("identity_tier") or "")
    if py_int(record.get("sig_form_version") or 0) != 3 or any(
        v != v.upper() for v in (event_type, tier, method)
    ):
        raise Refused("occurrence")
    if (not method or not path) and not (not method and not path and event_type.startswith("INTERNAL_")):
        raise Refused("occurrence")
    sig_form = py_int(record.get("sig_form_version"))
    if not 0 <= sig_form <= 0xFFFF:
        raise Refused("occurrence")
    fields = [
        _occurrence_text(record.get("company_id")),
        uuid_bytes(record.get("occurrence_event_id")),
        uuid_bytes(record.get("memory_id")),
        _occurrence_text(event_type, uppercase=True),
        hash_bytes(record.get("live_content_hash_hex")),
        predecessor_flag,
        predecessor,
        _occurrence_text(record.get("agent_id")),
        i64(py_int(record.get("signer_valid_from_unix_ms"))),
        hash_bytes(record.get("cert_fingerprint_hex")),
        _occurrence_text(tier, uppercase=True),
        struct.pack(">H", sig_form),
        nonce,
        u64(py_int(record.get("ts_signed_unix_seconds"))),
        _occurrence_text(method, empty=True, uppercase=True),
        _occurrence_text(path, empty=True),
        hash_bytes(record.get("request_body_hash_hex")),
        receipt_flag,
        receipt,
        auth_flag,
        auth,
    ]
    tlv = b"".join(struct.pack(">HI", i + 1, len(v)) + v for i, v in enumerate(fields))
    return sha256(OCCURRENCE_DOMAIN + tlv).hex()


def verify_occurrence(record: Any, signature: Any, public_key: Any) -> bool:
    try:
        commitment = occurrence_commitment(record)
    except Refused:
        return False
    return verify_ed25519(public_key, OCCURRENCE_SIGNATURE_DOMAIN + bytes.fromhex(commitment), signature)
