"""The reference verifier's value semantics, typed: what its checks make of any JSON value.

The HOM-AIMOS v1 reference verifier is Python.  Its verdict on a hostile value often depends on
what a Python builtin does with it: ``str(None)`` is ``"None"``, ``int("12")`` is 12, ``1 == 1.0``
and ``True == 1``, ``base64.urlsafe_b64decode`` drops characters outside its alphabet, and a
``TypeError`` raised in one helper is caught as ``malformed_input`` while the same error one
call further out ends the whole run.  This module states those semantics as typed functions
over parsed JSON values, so the checks built on them reach the reference's reason without
relying on an exception of our own:

* :class:`Reason` is the reference's protocol error (its ``VerificationError``): a reason string;
* :class:`PyError` is a failure the reference does *not* expect (a ``TypeError``, an
  ``AttributeError``, ...), raised deliberately where the reference's code would raise one;
  ``catchable`` says whether the reference's ``except (VerificationError, ValueError,
  TypeError)`` clauses catch it.  Where none catches it the reference fails internally.

Nothing here raises anything else on a JSON value (dict, list, str, int, float, bool, None).
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
from datetime import UTC, datetime
from typing import Any

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_der_public_key

from ..canonical import MAX_SAFE_INT, JsonError, canonical

MAX_DEPTH = 32
HEX32 = re.compile(r"[0-9a-f]{64}")
UUID_V1_5 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", re.I)


class Reason(Exception):
    """The reference's protocol failure: ``reason`` is its exact string."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class PyError(Exception):
    """Where the reference's own code raises a non-protocol exception on this value.

    ``catchable``: a ``ValueError``/``TypeError`` (caught by the reference's ``except
    (VerificationError, ValueError, TypeError)`` clauses); otherwise an ``AttributeError``,
    ``KeyError`` or the like, which only its outermost handler sees.
    """

    def __init__(self, what: str, *, catchable: bool = True) -> None:
        super().__init__(what)
        self.what = what
        self.catchable = catchable


def malformed_as(reason: str, check: Any, *args: Any) -> tuple[bool, str | None]:
    """``check(*args)`` inside the reference's ``except (VerificationError, ValueError,
    TypeError)``: a :class:`Reason` or a catchable :class:`PyError` becomes ``(False,
    reason)``; anything the reference does not catch there goes on."""
    try:
        result: tuple[bool, str | None] = check(*args)
    except Reason:
        return False, reason
    except PyError as exc:
        if not exc.catchable:
            raise
        return False, reason
    return result


# --- Python builtins on JSON values ----------------------------------------------------------


def get(obj: Any, key: str, default: Any = None) -> Any:
    """``obj.get(key, default)``; :class:`PyError` (AttributeError) when ``obj`` is no dict."""
    if not isinstance(obj, dict):
        raise PyError(f"{type(obj).__name__} has no .get", catchable=False)
    return obj.get(key, default)


def as_dict_or_empty(value: Any) -> dict[str, Any]:
    """``value or {}`` followed by ``.get``: a falsy value reads as {}, a truthy non-dict fails."""
    if not value:
        return {}
    if not isinstance(value, dict):
        raise PyError(f"{type(value).__name__} has no .get", catchable=False)
    return value


def py_str(value: Any) -> str:
    """``str(value)`` of a JSON value (``"None"``, ``"True"``, ``"1.0"``, a repr for containers)."""
    return str(value)


def py_int(value: Any) -> int:
    """``int(value)``: bools and floats truncate, numeric text parses; else :class:`PyError`."""
    if isinstance(value, bool | int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PyError("int() of a non-finite float", catchable=False)
        return int(value)
    if isinstance(value, str):
        if len(value) > 4300:
            raise PyError("int() of a too long text")
        try:
            return int(value)
        except ValueError:
            raise PyError("int() of a non-numeric text") from None
    raise PyError(f"int() of {type(value).__name__}")


def py_float(value: Any) -> float:
    """``float(value)``: numbers and numeric text (``"inf"`` included); else :class:`PyError`."""
    if isinstance(value, bool | int | float):
        try:
            return float(value)
        except OverflowError:
            raise PyError("float() of a huge integer", catchable=False) from None
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            raise PyError("float() of a non-numeric text") from None
    raise PyError(f"float() of {type(value).__name__}")


def _orderable(value: Any) -> bool:
    return isinstance(value, bool | int | float)


def lt(a: Any, b: Any) -> bool:
    """``a < b`` between JSON values; :class:`PyError` (TypeError) where Python refuses."""
    if _orderable(a) and _orderable(b):
        return bool(a < b)
    if isinstance(a, str) and isinstance(b, str):
        return a < b
    if isinstance(a, list) and isinstance(b, list):
        for x, y in zip(a, b, strict=False):
            if x != y:
                return lt(x, y)
        return len(a) < len(b)
    raise PyError(f"'<' between {type(a).__name__} and {type(b).__name__}")


def hashable(value: Any) -> bool:
    """Whether ``value in a_set`` can be asked at all (lists and dicts raise TypeError)."""
    return not isinstance(value, list | dict)


def truthy(value: Any) -> bool:
    return bool(value)


# --- the reference's helpers ---------------------------------------------------------------


def integer(value: Any, reason: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A JSON integer (not a bool) within ±(2^53−1) and the bounds, else :class:`Reason`."""
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_SAFE_INT:
        raise Reason(reason)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise Reason(reason)
    return value


def exact_hex(value: Any, size: int, reason: str) -> bytes:
    """``size`` bytes written as exactly ``2·size`` lowercase hex digits, else :class:`Reason`."""
    if not isinstance(value, str) or len(value) != size * 2:
        raise Reason(reason)
    if any(c not in "0123456789abcdef" for c in value):
        raise Reason(reason)
    return bytes.fromhex(value)


def b64u_lenient(value: Any, reason: str) -> bytes:
    """The reference's base64url decoding: a non-empty text, padded, characters outside the
    alphabet ignored (as ``base64.urlsafe_b64decode`` does); :class:`Reason` otherwise."""
    if not isinstance(value, str) or not value:
        raise Reason(reason)
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise Reason(reason) from None


def js_round(value: float) -> int:
    """``Math.round`` of a finite value (``floor(x + 0.5)``); non-finite: :class:`Reason`."""
    if not math.isfinite(value):
        raise Reason("cognitive_evidence_number_invalid")
    return math.floor(value + 0.5)


def float4(value: float) -> bytes:
    """Big-endian binary32 of ``value`` (``struct.pack('>f')``; overflow is a ``ValueError``)."""
    if not math.isfinite(value):
        raise Reason("cognitive_evidence_float4_invalid")
    try:
        return struct.pack(">f", value)
    except (OverflowError, struct.error):
        raise PyError("float too large for binary32", catchable=False) from None


def float4_value(raw: bytes) -> float:
    return float(struct.unpack(">f", raw)[0])


def iso_millis(seconds: Any) -> str:
    """``YYYY-MM-DDTHH:MM:SS.mmmZ`` of unix seconds ≥ 1 (:class:`Reason`
    ``cognitive_evidence_epoch_invalid``); a year past 9999 is a :class:`PyError`."""
    value = integer(seconds, "cognitive_evidence_epoch_invalid", 1)
    try:
        dt = datetime.fromtimestamp(value, UTC)
    except (OverflowError, OSError, ValueError):
        raise PyError("timestamp out of the calendar") from None
    return dt.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def iso_to_epoch(value: Any, reason: str) -> int:
    """Unix seconds (≥ 1, floored) of an ISO 8601 text as Python reads it; :class:`Reason`."""
    if not isinstance(value, str) or not value:
        raise Reason(reason)
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise Reason(reason) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        seconds = math.floor(parsed.timestamp())
    except (OverflowError, OSError, ValueError):
        raise PyError("time out of range") from None
    return integer(seconds, reason, 1)


def uuid_bytes(value: Any, reason: str) -> bytes:
    """The 16 bytes of a UUID written in its canonical lowercase form, else :class:`Reason`."""
    text = py_str(value)
    try:
        parsed = uuid.UUID(text)
    except (ValueError, AttributeError):
        raise Reason(reason) from None
    if str(parsed) != text:
        raise Reason(reason)
    return parsed.bytes


def int64(value: Any, reason: str) -> bytes:
    return struct.pack(">q", integer(value, reason))


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def utf8(text: str) -> bytes:
    """``text.encode()``; a lone surrogate is the reference's ``UnicodeEncodeError``."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise PyError("lone surrogate in a text") from None


# --- canonical JSON --------------------------------------------------------------------------


def _first_canonical_error(value: Any) -> str | None:
    """The reason the reference's ``canonical_json`` gives for ``value`` (depth > 32, an
    integer outside ±(2^53−1), a non-finite float), in its traversal order; None if none."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if depth > MAX_DEPTH:
            return "canonical_json_depth_limit"
        if isinstance(v, bool) or v is None or isinstance(v, str):
            continue
        if isinstance(v, int):
            if abs(v) > MAX_SAFE_INT:
                return "canonical_json_integer_out_of_range"
        elif isinstance(v, float):
            if not math.isfinite(v):
                return "canonical_json_non_finite_number"
        elif isinstance(v, list):
            stack.extend((c, depth + 1) for c in reversed(v))
        elif isinstance(v, dict):
            keys = sorted(v, key=lambda k: k.encode("utf-16-be", "surrogatepass"))
            stack.extend((v[k], depth + 1) for k in reversed(keys))
    return None


def canonical_bytes(value: Any) -> bytes:
    """``canonical_json(value).encode()`` as the reference computes it.

    :class:`Reason` for what its ``canonical_json`` refuses; :class:`PyError` for a lone
    surrogate (its ``encode`` fails).
    """
    reason = _first_canonical_error(value)
    if reason is not None:
        raise Reason(reason)
    try:
        return canonical(value)
    except JsonError:
        raise PyError("text not encodable as UTF-8") from None
    except (TypeError, ValueError, RecursionError):
        raise PyError("value has no canonical form") from None


def canonical_is(value: Any, text: str) -> bool:
    """``canonical_json(value) == text`` (:class:`Reason` for what ``canonical_json`` refuses);
    a value with a lone surrogate never equals a decoded UTF-8 text."""
    reason = _first_canonical_error(value)
    if reason is not None:
        raise Reason(reason)
    try:
        return canonical(value) == text.encode("utf-8")
    except (JsonError, UnicodeEncodeError):
        return False


def canonical_equal(a: Any, b: Any) -> bool:
    """``canonical_json(a) == canonical_json(b)`` (both must have a canonical form)."""
    return canonical_bytes(a) == canonical_bytes(b)


def canonical_sha(value: Any) -> bytes:
    return sha256(canonical_bytes(value))


# --- keys and signatures ---------------------------------------------------------------------


def load_key(value: Any) -> Any:
    """The public key in an SPKI DER base64url text (any algorithm, as the reference loads it);
    :class:`Reason` ``public_key_invalid`` otherwise."""
    raw = b64u_lenient(value, "public_key_invalid")
    try:
        return load_der_public_key(raw)
    except (ValueError, TypeError, UnsupportedAlgorithm):
        raise Reason("public_key_invalid") from None


def verify_raw(public_key: Any, message: bytes, signature: bytes) -> bool:
    """The reference's ``_verify_raw``: False for any key, signature or message that does not
    verify (a non-Ed25519 key never verifies an Ed25519 signature)."""
    try:
        key = load_key(public_key)
    except Reason:
        return False
    if not isinstance(key, Ed25519PublicKey):
        return False
    try:
        key.verify(signature, message)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


# --- certificates ----------------------------------------------------------------------------

EVENT_LINK_DOMAIN = b"AIMOS-EVENT-LINK-v1\0"
"""The domain of a ledger event's mutation hash (v1 and v2 alike)."""

CERT_FIELDS = frozenset(
    {"v", "agent_id", "pubkey", "device_fp", "valid_from", "valid_until", "issuer", "issued_at"}
)
MAX_CERT_TEXT = 64 * 1024


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError("duplicate key")
        out[k] = v
    return out


def loads_unique(text: str) -> Any:
    """Python's ``json.loads`` with duplicate keys refused, as the references read a certificate
    (``ValueError`` or ``RecursionError`` when it cannot be read)."""
    return json.loads(text, object_pairs_hook=_reject_duplicates)


def cert_json(certificate: Any) -> tuple[Any, str]:
    """The certificate's decoded JSON value and its text, as the reference reads them
    (base64url leniently, UTF-8, JSON with duplicate keys refused); :class:`Reason`
    ``cert_malformed`` when any step fails."""
    if isinstance(certificate, str) and len(certificate) > MAX_CERT_TEXT:
        raise Reason("cert_malformed")
    raw = b64u_lenient(certificate, "cert_malformed")
    try:
        text = raw.decode("utf-8")
        value = loads_unique(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Reason("cert_malformed") from None
    return value, text
