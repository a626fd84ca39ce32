"""HOM-AIMOS primitives: hex and base64url text, DER keys, certificates, the domain hashes.

Every function here takes untrusted values and answers with a value or ``None`` (or
``False``); none raises on bad input.  The byte layouts are those of HOM-AIMOS.md §1.2.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import re
import struct
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, TypeGuard

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_der_public_key

from ..canonical import MAX_SAFE_INT, JsonError, canonical

HEX64 = re.compile(r"[0-9a-f]{64}")
HEX128 = re.compile(r"[0-9a-f]{128}")
HEX8 = re.compile(r"[0-9a-f]{8}")
UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
B64U = re.compile(r"[A-Za-z0-9_-]*")

DEFAULT_MILLI = 1000
MIN_MILLI = 100
MAX_MILLI = 3000
MASTER_ISSUER = "aimos-master"
HOUSEKEEPER = "housekeeper"


def is_int(v: Any) -> TypeGuard[int]:
    """A JSON integer (not a bool) within ±(2^53−1)."""
    return type(v) is int and -MAX_SAFE_INT <= v <= MAX_SAFE_INT


def is_hex64(v: Any) -> TypeGuard[str]:
    return isinstance(v, str) and HEX64.fullmatch(v) is not None


def is_hex128(v: Any) -> bool:
    return isinstance(v, str) and HEX128.fullmatch(v) is not None


def is_uuid(v: Any) -> bool:
    return isinstance(v, str) and UUID_RE.fullmatch(v) is not None


def is_str(v: Any) -> TypeGuard[str]:
    return isinstance(v, str) and v != ""


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def b64u_decode(text: Any) -> bytes | None:
    """Bytes of unpadded base64url ``text``; None when it is not exactly that."""
    if not isinstance(text, str) or not B64U.fullmatch(text) or len(text) % 4 == 1:
        return None
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None
    if base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii") != text:
        return None  # non-canonical trailing bits
    return raw


def canonical_bytes(value: Any) -> bytes | None:
    """RFC 8785 bytes of ``value``; None when it has none.

    Through :func:`inspector.core.canonical.canonical`, which takes the C encoder when that
    provably gives the RFC 8785 bytes and the ``rfc8785`` package otherwise.
    """
    try:
        return canonical(value)
    except (JsonError, TypeError, ValueError, RecursionError):
        return None


def load_key(spki_b64u: Any) -> tuple[Ed25519PublicKey, bytes] | None:
    """The Ed25519 key of an SPKI DER base64url text, with the DER bytes; None otherwise."""
    if not isinstance(spki_b64u, str) or len(spki_b64u) > 2048:
        return None
    return _load_key(spki_b64u)


@lru_cache(maxsize=4096)
def _load_key(spki_b64u: str) -> tuple[Ed25519PublicKey, bytes] | None:
    der = b64u_decode(spki_b64u)
    if not der or len(der) > 1024:
        return None
    try:
        key = load_der_public_key(der)
    except (ValueError, TypeError):
        return None
    if not isinstance(key, Ed25519PublicKey):
        return None
    return key, der


def key_fingerprint(spki_b64u: Any) -> str | None:
    """``hex(sha256(DER))`` of an Ed25519 SPKI key; None when the text is not such a key."""
    loaded = load_key(spki_b64u)
    return None if loaded is None else sha256(loaded[1]).hex()


def verify_ed25519(spki_b64u: Any, signature: bytes | None, msg: bytes) -> bool:
    """Whether ``signature`` (64 bytes) verifies over ``msg`` under the SPKI key."""
    loaded = load_key(spki_b64u)
    if loaded is None or signature is None or len(signature) != 64:
        return False
    try:
        loaded[0].verify(signature, msg)
    except InvalidSignature:
        return False
    return True


def hex_sig(text: Any) -> bytes | None:
    """A 128-character lowercase hex signature as bytes."""
    return bytes.fromhex(text) if is_hex128(text) else None


def b64u_sig(text: Any) -> bytes | None:
    raw = b64u_decode(text)
    return raw if raw is not None and len(raw) == 64 else None


def float4(milli: int) -> str:
    """Big-endian IEEE-754 binary32 hex of ``milli / 1000`` (``3f800000`` for 1000)."""
    return struct.pack(">f", milli / 1000).hex()


def milli_of(x: Any) -> int | None:
    """``floor(x·1000 + 0.5)`` of a JSON number; None for anything else."""
    if isinstance(x, bool) or not isinstance(x, int | float):
        return None
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if abs(x) > 1e12:
        return None
    return math.floor(x * 1000 + 0.5)


def iso_millis(ts: Any) -> str | None:
    """``YYYY-MM-DDTHH:MM:SS.000Z`` of unix seconds; None outside the calendar."""
    if not is_int(ts):
        return None
    try:
        return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + "000Z"
    except (OverflowError, OSError, ValueError):
        return None


_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?Z")


def parse_iso(text: Any) -> float | None:
    """Unix seconds of an ISO 8601 UTC time (``…Z``, optional milliseconds); None otherwise."""
    if not isinstance(text, str):
        return None
    m = _ISO.fullmatch(text)
    if m is None:
        return None
    try:
        y, mo, d, h, mi, sec = (int(g) for g in m.groups()[:6])
        dt = datetime(y, mo, d, h, mi, sec, tzinfo=UTC)
    except ValueError:
        return None
    return dt.timestamp() + int(m.group(7) or 0) / 1000


def uuid16(text: str) -> bytes:
    return uuid.UUID(text).bytes


def be32(n: int) -> bytes:
    return struct.pack(">I", n)


def be64(n: int) -> bytes:
    return struct.pack(">q", n)


def text_hash(text: str) -> str:
    """``hex(sha256(ASCII text))``: the certificate fingerprint (hashes the base64 text itself)."""
    return sha256(text.encode("utf-8")).hex()


# --- domain-separated hashes (HOM-AIMOS.md §1.2) ---------------------------------------


def transition_hash(company: str, memory_id: str, old: int, new: int, prov_mutation: str) -> str:
    c = company.encode("utf-8")
    pre = (
        b"aimos.cognitive-transition/v2\0"
        + be32(len(c))
        + c
        + uuid16(memory_id)
        + be64(old)
        + be64(new)
        + bytes.fromhex(prov_mutation)
    )
    return sha256(pre).hex()


def projection_hash(memory_id: str, old: int, new: int, prov_mutation: str, previous: str | None) -> str:
    prev = bytes.fromhex(previous) if previous is not None else bytes(32)
    pre = b"aimos.cwc/v1\0" + uuid16(memory_id) + be64(old) + be64(new) + bytes.fromhex(prov_mutation) + prev
    return sha256(pre).hex()


def baseline_hash(b: dict[str, Any], company: str) -> str:
    c = company.encode("utf-8")
    pre = (
        b"aimos.cognitive-baseline/v1\0"
        + be32(len(c))
        + c
        + uuid16(b["memory_id"])
        + uuid16(b["event_id"])
        + bytes.fromhex(b["event_mutation_hash"])
        + bytes.fromhex(b["live_content_hash"])
        + bytes.fromhex(b["observed_weight_float4"])
        + be64(b["observed_weight_milli"])
        + be64(b["observed_at"])
        + be64(b["signer_valid_from"])
        + bytes.fromhex(b["certificate_fingerprint"])
    )
    return sha256(pre).hex()


def provenance_mutation_hash(content: str, previous: str | None, nonce: str, signed_at: int) -> str:
    prev = bytes.fromhex(previous) if previous is not None else b""
    return sha256(bytes.fromhex(content) + prev + nonce.encode("utf-8") + str(signed_at).encode()).hex()


def ledger_message(body_jcs: bytes, nonce: str, ts: int) -> bytes:
    """Signature form 1 of a stored ledger item: ``JCS(body) \\n nonce \\n ts``."""
    return body_jcs + b"\n" + nonce.encode("utf-8") + b"\n" + str(ts).encode()


def request_message(body_jcs: bytes, nonce: str, ts: int) -> bytes:
    return body_jcs + b"\nPOST\n/aimos/recall\n" + nonce.encode("utf-8") + b"\n" + str(ts).encode()


def event_link(prev: str, content: str, nonce: str, ts: int) -> str:
    pre = b"AIMOS-EVENT-LINK-v1\0" + bytes.fromhex(prev) + bytes.fromhex(content)
    return sha256(pre + nonce.encode("utf-8") + str(ts).encode()).hex()


def event_genesis(company: str, agent: str, valid_from_iso: str) -> str:
    pre = b"aimos-event-genesis/v1\0" + company.encode() + b"\0" + agent.encode() + b"\0"
    return sha256(pre + valid_from_iso.encode()).hex()


def revocation_prior_hash(agent_id: str, valid_from_iso: str, target_cert_hash: str) -> str | None:
    body = canonical_bytes(
        {"agent_id": agent_id, "agent_valid_from": valid_from_iso, "target_cert_hash": target_cert_hash}
    )
    return None if body is None else sha256(body).hex()


def revocation_mutation_hash(prior: str, content: str, signature: bytes) -> str:
    pre = b"aimos-agent-revocation-v1\0" + bytes.fromhex(prior) + bytes.fromhex(content) + signature
    return sha256(pre).hex()


def corpus_root(intended_n: int, tree_head: bytes) -> str:
    return sha256(b"aimos.mutmem-recall-corpus/v1\0" + struct.pack(">Q", intended_n) + tree_head).hex()


PROOF_DOMAIN = b"aimos.cognitive-corpus-proof/v1\0"


# --- certificates ------------------------------------------------------------------------

CERT_BODY_KEYS = frozenset(
    {"v", "agent_id", "pubkey", "device_fp", "valid_from", "valid_until", "issuer", "issued_at"}
)


@dataclass(frozen=True, slots=True)
class Certificate:
    """A decoded ``base64url(JSON{body, sig})`` certificate (shape checked, signature not yet)."""

    text: str
    body: dict[str, Any]
    sig: bytes | None
    fingerprint: str  # hex(sha256(ASCII of the base64url text))

    @property
    def agent_id(self) -> str:
        return str(self.body["agent_id"])

    @property
    def pubkey(self) -> str:
        return str(self.body["pubkey"])

    @property
    def issuer(self) -> str:
        return str(self.body["issuer"])

    @property
    def self_issued(self) -> bool:
        return bool(self.body["issuer"] == self.body["agent_id"])

    def master_issued(self, master_fpr: str | None) -> bool:
        return self.body["issuer"] == MASTER_ISSUER or (
            master_fpr is not None and self.body["issuer"] == master_fpr
        )


def decode_certificate(text: Any, max_len: int = 16384) -> Certificate | None:
    """The certificate in ``text``, or None when it is not a well-formed one."""
    if not isinstance(text, str) or not text or len(text) > max_len:
        return None
    return _decode_certificate(text)


@lru_cache(maxsize=1024)
def _decode_certificate(text: str) -> Certificate | None:
    raw = b64u_decode(text)
    if raw is None:
        return None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or set(doc) != {"body", "sig"}:
        return None
    body = doc["body"]
    if not isinstance(body, dict) or set(body) != CERT_BODY_KEYS:
        return None
    if not all(is_str(body[k]) for k in ("agent_id", "pubkey", "issuer")):
        return None
    if not isinstance(body["device_fp"], str):
        return None
    if not all(is_int(body[k]) for k in ("v", "valid_from", "valid_until", "issued_at")):
        return None
    return Certificate(text, body, b64u_sig(doc["sig"]), text_hash(text))


def certificate_signature_ok(cert: Certificate, signer_spki: str) -> bool:
    body = canonical_bytes(cert.body)
    return body is not None and verify_ed25519(signer_spki, cert.sig, body)
