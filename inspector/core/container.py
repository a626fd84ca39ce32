"""Sealed ``.aleth`` containers (ALETH001 and ALETH002), byte-compatible with alethech 0.9.5.

Opening a file is split into steps so a user interface can run the expensive one
(the key derivation) in the background and report each failure precisely:

1. :func:`parse_envelope` — structural checks only (magic, lengths, a strict,
   canonical, schema-checked header).  Cheap; never decrypts.
2. :func:`derive_key` — scrypt (passphrase) or HKDF (recovery code).  For
   ALETH001 it returns the payload key; for ALETH002 it unwraps the data key
   (DEK) from a matching unlock slot.
3. :func:`decrypt` — AES-256-GCM over the payload, the header bytes being the
   associated data.
4. :func:`decode_payload` — strict JSON, allowed logical paths, canonical
   base64url, size limits.

:func:`open_container` runs all four.  Every failure is a
:class:`~inspector.core.errors.ContainerError` whose ``code`` is one of:
``too_large``, ``bad_magic``, ``unsupported_version``, ``truncated``,
``invalid_header``, ``non_canonical_header``, ``empty_passphrase``,
``wrong_passphrase``, ``invalid_recovery_code``, ``no_recovery_slot``,
``authentication_failed``, ``invalid_payload``, ``invalid_payload_path``
(plus, when sealing, ``wrong_format`` for :func:`reseal_v2` on an ALETH001
file and ``invalid_passphrase`` for a new passphrase that is not valid Unicode).

Sealing (:func:`seal_v1`, :func:`seal_v2`, :func:`reseal_v2`, :func:`rekey_v2`)
writes exactly what alethech writes: the same header fields, slot ids
(``passphrase-1``, ``recovery-1``), slot order and associated data.
"""

from __future__ import annotations

import binascii
import copy
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import pybase64
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from . import kdf
from .canonical import JsonError, canonical, loads_strict
from .errors import ContainerError
from .files import FileTooLarge, NotAFile, read_regular
from .findings import message
from .i18n import Phrase
from .kdf import SCRYPT_N, SCRYPT_P, SCRYPT_R
from .keys import b64url, b64url_strict
from .secrets import Credential  # the type lives with the secrets; imported from here too

__all__ = [
    "ALLOWED_DIRS",
    "ALLOWED_FILES",
    "MAGIC_V1",
    "MAGIC_V2",
    "MAX_CONTAINER",
    "MAX_FILE",
    "MAX_FILES",
    "MAX_HEADER",
    "MAX_SLOTS",
    "MAX_TOTAL",
    "RECOVERY_PREFIX",
    "Credential",
    "Envelope",
    "Opened",
    "decode_payload",
    "decode_recovery_code",
    "decrypt",
    "derive_key",
    "encode_recovery_code",
    "is_allowed_path",
    "new_recovery_secret",
    "open_container",
    "parse_envelope",
    "rekey_v2",
    "reseal_v2",
    "seal_v1",
    "seal_v2",
]

# --------------------------------------------------------------------------- constants

MAGIC_V1 = b"ALETH001"
MAGIC_V2 = b"ALETH002"
MAX_HEADER = 16 * 1024
MAX_CONTAINER = 512 * 1024 * 1024
MAX_FILES = 100_000
MAX_FILE = 100 * 1024 * 1024
MAX_TOTAL = 512 * 1024 * 1024
MAX_SLOTS = 16
RECOVERY_PREFIX = "aleth-recovery-v1:"

RECOVERY_INFO = b"alethech-container-recovery-v1"
CIPHER = "AES-256-GCM"
PASSPHRASE_SLOT_ID = "passphrase-1"
RECOVERY_SLOT_ID = "recovery-1"
SLOT_PASSPHRASE = "passphrase"
SLOT_RECOVERY = "recovery-secret"

_PREFIX_LEN = len(MAGIC_V1) + 4  # magic + 4-byte big-endian header length
_TAG_LEN = 16
_KEY_LEN = 32
_RECOVERY_B64_LEN = 43  # base64url of 32 bytes, unpadded

#: Top-level logical paths a payload may hold.
ALLOWED_FILES = frozenset({"HEAD", "root_authority.json", "keys/signing.key"})
#: Directories whose direct children (``<dir>/<name>``) a payload may hold.
ALLOWED_DIRS = frozenset(
    {"identities", "commits", "evidence", "artifacts", "control_events", "migrations", "checkpoints"}
)

_V1_FIXED: dict[str, Any] = {
    "cipher": CIPHER,
    "format": "aleth",
    "kdf": "scrypt",
    "scrypt_n": SCRYPT_N,
    "scrypt_p": SCRYPT_P,
    "scrypt_r": SCRYPT_R,
    "version": 1,
}
_V1_KEYS = frozenset(_V1_FIXED) | {"nonce", "salt"}
_V2_FIXED: dict[str, Any] = {"format": "aleth", "payload_cipher": CIPHER, "version": 2}
_V2_KEYS = frozenset({"container_id", "format", "payload_cipher", "payload_nonce", "slots", "version"})
_PASS_SLOT_FIXED: dict[str, Any] = {
    "kdf": "scrypt",
    "scrypt_n": SCRYPT_N,
    "scrypt_p": SCRYPT_P,
    "scrypt_r": SCRYPT_R,
    "type": SLOT_PASSPHRASE,
}
_PASS_SLOT_KEYS = frozenset(_PASS_SLOT_FIXED) | {"id", "nonce", "salt", "wrapped_key"}
_REC_SLOT_FIXED: dict[str, Any] = {"kdf": "HKDF-SHA256", "type": SLOT_RECOVERY}
_REC_SLOT_KEYS = frozenset(_REC_SLOT_FIXED) | {"id", "nonce", "salt", "wrapped_key"}

# base64url alphabet and the fast canonicality check (see _b64_payload_decode)
_B64URL_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_URL_TO_STD = bytes.maketrans(b"-_", b"+/")
# Allowed last characters of a canonical encoding whose length % 4 is 2 (the
# last sextet carries 2 data bits, 4 zero bits) or 3 (4 data bits, 2 zero bits).
_PAD = {0: b"", 2: b"==", 3: b"="}
_LAST_OK = {
    2: frozenset(_B64URL_ALPHABET[i] for i in range(0, 64, 16)),
    3: frozenset(_B64URL_ALPHABET[i] for i in range(0, 64, 4)),
}


# ---- messages (registered templates: a report of an unopenable file speaks the user's language)
M_VERSION = message("Container version {version} is not supported.")
M_ENDS_IN_MAGIC = message("The file ends after {n} bytes, inside the magic.")
M_BAD_MAGIC = message("This is not a sealed .aleth file.")
M_ENDS_BEFORE_LENGTH = message("The file ends after {n} bytes, before the header length.")
M_LENGTH_PAST_END = message("The header length points past the end of the file.")
M_NO_PAYLOAD = message("The encrypted payload is missing or shorter than its authentication tag.")
M_NON_CANONICAL = message("The header is valid JSON but not byte-exact RFC 8785 (JCS).")
M_NOT_RECOVERY = message("This is not a recovery code.")
M_RECOVERY_LENGTH = message("The recovery code has the wrong length.")
M_RECOVERY_CHARS = message("The recovery code contains characters that are not base64url.")
M_EMPTY = message("The passphrase is empty.")
M_NO_PASSPHRASE_SLOT = message("The file has no passphrase slot.")
M_WRONG_PASSPHRASE = message("The passphrase does not unlock this file.")
M_NO_RECOVERY_SLOT = message("This file cannot be opened with a recovery code.")
M_WRONG_RECOVERY = message("The recovery code does not unlock this file.")
M_NOT_AUTHENTIC = message("The encrypted payload does not authenticate.")
P_NEWER = Phrase(message("the file was written by a newer alethech"))
P_AT_LEAST = message("at least {n} bytes")
P_BYTES = message("{n} bytes")
P_INCOMPLETE = Phrase(message("incomplete download or copy"))
P_MAGIC = Phrase(message("a file starting with ALETH001 or ALETH002"))
P_OTHER_KIND = Phrase(message("a different kind of file (or the first bytes were damaged)"))
P_BYTES_LENGTH_SAYS = message("{n} bytes (the header length field says {hlen})")
P_INCOMPLETE_OR_LENGTH = Phrase(message("incomplete download or copy, or a damaged length field"))
P_AT_LEAST_AFTER_HEADER = message("at least {n} bytes after the header")
P_CANONICAL_BYTES = message("{n} canonical bytes")
P_OTHER_FORM = message("{n} bytes in a different form")
P_REWRITTEN = Phrase(message("the header was rewritten by another tool (reordered or re-indented)"))
P_NO_PREFIX = Phrase(message("text without the prefix"))
P_SOMETHING_ELSE = Phrase(message("something other than the recovery code was entered"))
P_CHARS_AFTER_PREFIX = message("{n} characters after the prefix")
P_PART_MISSING = Phrase(message("part of the code is missing or extra characters were copied"))
P_TYPO = Phrase(message("a typo in the recovery code"))
P_SEALED_WITH = Phrase(message("the passphrase the file was sealed with"))
P_USE_RECOVERY = Phrase(message("use the recovery code"))
P_MISTYPED = Phrase(message("a mistyped or outdated passphrase"))
P_WITH_RECOVERY = Phrase(message("an ALETH002 file with a recovery slot"))
P_V1_ONLY = Phrase(message("an ALETH001 file (passphrase only)"))
P_SLOTS = message("slots: {slots}")
P_SEALED_WITHOUT = Phrase(message("the file was sealed without a recovery code; use the passphrase"))
P_OTHER_RECOVERY = Phrase(message("a recovery code of another file, or one replaced by a later recovery"))
P_WRONG_OR_MODIFIED = Phrase(message("wrong passphrase or the file was modified"))
P_MODIFIED = Phrase(message("the file was modified after it was sealed"))
M_NOT_A_FILE = message("{path} is {kind}, not a regular file; nothing was read from it.")
M_FILE_TOO_LARGE = message("{path} is larger than {mib} MiB.")
M_UNREADABLE = message("{path} cannot be read: {reason}.")
P_REGULAR_FILE = Phrase(message("a regular file"))
P_AT_MOST_BYTES = message("at most {n} bytes")
P_NOT_A_FILE_CAUSE = Phrase(
    message("a named pipe, device or socket was given where a file belongs (a pipe is never waited on)")
)


def _b64_len(n: int) -> int:
    """Length of the unpadded base64url encoding of ``n`` bytes (bounds a text before decoding)."""
    return (4 * n + 2) // 3


def _short(value: Any, limit: int = 80) -> str:
    """A bounded ``repr`` for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- data types


@dataclass(frozen=True)
class Envelope:
    """A structurally valid container that has not been decrypted yet.

    Only :func:`parse_envelope` should build one: the other functions assume
    its header passed validation.
    """

    format: Literal["ALETH001", "ALETH002"]
    header: dict[str, Any]
    header_bytes: bytes = field(repr=False)
    ciphertext: bytes | memoryview = field(repr=False)  # a view into the file's bytes, not a copy

    @property
    def slots(self) -> list[dict[str, Any]]:
        """The ALETH002 unlock slots in header order (empty for ALETH001)."""
        return list(self.header["slots"]) if self.format == "ALETH002" else []

    @property
    def slot_types(self) -> tuple[str, ...]:
        """Types of the unlock slots in header order; ``()`` for ALETH001 (no slots)."""
        return tuple(slot["type"] for slot in self.slots)

    @property
    def has_recovery_slot(self) -> bool:
        """Whether a recovery code can open this file (ALETH002 with a recovery slot)."""
        return SLOT_RECOVERY in self.slot_types

    @property
    def container_id(self) -> bytes | None:
        """The 16-byte ALETH002 container id, ``None`` for ALETH001."""
        if self.format != "ALETH002":
            return None
        return b64url_strict(self.header["container_id"])


@dataclass(frozen=True)
class Opened:
    """A decrypted and validated container.

    ``key`` is the ALETH001 payload key or the ALETH002 data key (DEK); with
    ALETH002 it is what :func:`reseal_v2` needs to write the file again without
    touching the unlock slots.  ``files`` maps logical paths to bytes.
    Neither appears in ``repr``.
    """

    format: Literal["ALETH001", "ALETH002"]
    header: dict[str, Any]
    files: dict[str, bytes] = field(repr=False)
    key: bytes = field(repr=False)
    has_recovery_slot: bool
    container_id: bytes | None


# --------------------------------------------------------------------------- parsing


def _header_error(message: str, *, expected: str | None = None, found: Any = None) -> ContainerError:
    return ContainerError(
        "invalid_header",
        message,
        expected=expected,
        found=None if found is None else _short(found),
        likely_cause="the file was not written by alethech or its header was edited",
    )


def _strict_b64_field(obj: Mapping[str, Any], name: str, size: int, where: str) -> bytes:
    """Decode ``obj[name]`` as canonical base64url of exactly ``size`` bytes."""
    try:
        raw = b64url_strict(obj[name])
    except ValueError as exc:
        raise _header_error(
            f"{where}{name} is not canonical base64url ({exc})",
            expected="unpadded base64url that re-encodes to itself",
            found=obj[name],
        ) from None
    if len(raw) != size:
        raise _header_error(
            f"{where}{name} has the wrong size",
            expected=f"{size} bytes",
            found=f"{len(raw)} bytes",
        )
    return raw


def _check_fixed(obj: Mapping[str, Any], fixed: Mapping[str, Any], where: str) -> None:
    """Every fixed field must have exactly the expected value and JSON type."""
    for name, want in fixed.items():
        got = obj[name]
        if type(got) is not type(want) or got != want:
            raise _header_error(
                f"{where}{name} has an unsupported value",
                expected=repr(want),
                found=got,
            )


def _check_keys(obj: Any, keys: frozenset[str], where: str) -> None:
    if not isinstance(obj, dict):
        raise _header_error(f"{where}must be a JSON object", found=type(obj).__name__)
    if set(obj) != keys:
        missing = sorted(keys - set(obj))
        extra = sorted(set(obj) - keys)
        raise _header_error(
            f"{where}has the wrong fields",
            expected=", ".join(sorted(keys)),
            found=f"missing {missing}, unexpected {extra}",
        )


def _validate_v1_header(header: Any) -> None:
    _check_keys(header, _V1_KEYS, "ALETH001 header ")
    _check_fixed(header, _V1_FIXED, "ALETH001 header field ")
    _strict_b64_field(header, "salt", 16, "ALETH001 header field ")
    _strict_b64_field(header, "nonce", 12, "ALETH001 header field ")


def _validate_slot(slot: Any, index: int) -> None:
    where = f"unlock slot {index} "
    if not isinstance(slot, dict):
        raise _header_error(f"{where}must be a JSON object", found=type(slot).__name__)
    slot_type = slot.get("type")
    if slot_type == SLOT_PASSPHRASE:
        keys, fixed = _PASS_SLOT_KEYS, _PASS_SLOT_FIXED
    elif slot_type == SLOT_RECOVERY:
        keys, fixed = _REC_SLOT_KEYS, _REC_SLOT_FIXED
    else:
        raise _header_error(
            f"{where}has an unsupported type",
            expected=f"{SLOT_PASSPHRASE!r} or {SLOT_RECOVERY!r}",
            found=slot_type,
        )
    _check_keys(slot, keys, where)
    _check_fixed(slot, fixed, where + "field ")
    if not isinstance(slot["id"], str) or not slot["id"]:
        raise _header_error(f"{where}id must be a non-empty string", found=slot["id"])
    _strict_b64_field(slot, "salt", 16, where + "field ")
    _strict_b64_field(slot, "nonce", 12, where + "field ")
    _strict_b64_field(slot, "wrapped_key", _KEY_LEN + _TAG_LEN, where + "field ")


def _validate_v2_header(header: Any) -> None:
    _check_keys(header, _V2_KEYS, "ALETH002 header ")
    _check_fixed(header, _V2_FIXED, "ALETH002 header field ")
    _strict_b64_field(header, "container_id", 16, "ALETH002 header field ")
    _strict_b64_field(header, "payload_nonce", 12, "ALETH002 header field ")
    slots = header["slots"]
    if not isinstance(slots, list) or not 1 <= len(slots) <= MAX_SLOTS:
        raise _header_error(
            "ALETH002 header slots must be a list of unlock slots",
            expected=f"1 to {MAX_SLOTS} slots",
            found=f"{len(slots)} slots" if isinstance(slots, list) else type(slots).__name__,
        )
    seen: set[str] = set()
    for index, slot in enumerate(slots):
        _validate_slot(slot, index)
        if slot["id"] in seen:
            raise _header_error("duplicate unlock slot id", found=slot["id"])
        seen.add(slot["id"])


def _check_magic(blob: bytes) -> Literal["ALETH001", "ALETH002"]:
    head = blob[: len(MAGIC_V1)]
    if head == MAGIC_V1:
        return "ALETH001"
    if head == MAGIC_V2:
        return "ALETH002"
    if len(head) == len(MAGIC_V1) and head[:5] == b"ALETH" and head[5:].isdigit():
        raise ContainerError.templated(
            "unsupported_version",
            M_VERSION,
            expected="ALETH001 or ALETH002",
            found=head.decode("ascii"),
            likely_cause=P_NEWER,
            version=head.decode("ascii"),
        )
    if len(head) < len(MAGIC_V1) and (MAGIC_V1.startswith(head) or MAGIC_V2.startswith(head)):
        raise ContainerError.templated(
            "truncated",
            M_ENDS_IN_MAGIC,
            expected=Phrase(P_AT_LEAST, n=28),
            found=Phrase(P_BYTES, n=len(blob)),
            likely_cause=P_INCOMPLETE,
            n=len(blob),
        )
    raise ContainerError.templated(
        "bad_magic",
        M_BAD_MAGIC,
        expected=P_MAGIC,
        found=_short(head),
        likely_cause=P_OTHER_KIND,
    )


def parse_envelope(blob: bytes) -> Envelope:
    """Check the structure of a sealed file without decrypting it.

    Raises :class:`ContainerError` (and nothing else for any bytes input) with
    code ``too_large``, ``bad_magic``, ``unsupported_version``, ``truncated``,
    ``invalid_header`` or ``non_canonical_header``.
    """
    if not isinstance(blob, bytes):
        if not isinstance(blob, (bytearray, memoryview)):
            raise TypeError("parse_envelope needs bytes")
        blob = bytes(blob)
    if len(blob) > MAX_CONTAINER:
        raise ContainerError(
            "too_large",
            "the file is larger than a sealed file may be",
            expected=f"at most {MAX_CONTAINER} bytes",
            found=f"{len(blob)} bytes",
        )
    fmt = _check_magic(blob)
    if len(blob) < _PREFIX_LEN:
        raise ContainerError.templated(
            "truncated",
            M_ENDS_BEFORE_LENGTH,
            expected=Phrase(P_AT_LEAST, n=_PREFIX_LEN + 1 + _TAG_LEN),
            found=Phrase(P_BYTES, n=len(blob)),
            likely_cause=P_INCOMPLETE,
            n=len(blob),
        )
    hlen = int.from_bytes(blob[8:_PREFIX_LEN], "big")
    if hlen == 0:
        raise _header_error("the header length is 0", expected="1 to 16384", found=0)
    if _PREFIX_LEN + hlen > len(blob):
        raise ContainerError.templated(
            "truncated",
            M_LENGTH_PAST_END,
            expected=Phrase(P_AT_LEAST, n=_PREFIX_LEN + hlen + _TAG_LEN),
            found=Phrase(P_BYTES_LENGTH_SAYS, n=len(blob), hlen=hlen),
            likely_cause=P_INCOMPLETE_OR_LENGTH,
        )
    if hlen > MAX_HEADER:
        raise ContainerError(
            "too_large",
            "the header is larger than alethech allows",
            expected=f"at most {MAX_HEADER} bytes",
            found=f"{hlen} bytes",
        )
    header_bytes = blob[_PREFIX_LEN : _PREFIX_LEN + hlen]
    ciphertext = memoryview(blob)[_PREFIX_LEN + hlen :]  # no copy of a large payload
    if len(ciphertext) < _TAG_LEN:
        raise ContainerError.templated(
            "truncated",
            M_NO_PAYLOAD,
            expected=Phrase(P_AT_LEAST_AFTER_HEADER, n=_TAG_LEN),
            found=Phrase(P_BYTES, n=len(ciphertext)),
            likely_cause=P_INCOMPLETE,
        )
    try:
        header, _ = loads_strict(header_bytes)
    except JsonError as exc:
        raise _header_error(f"the header is not valid strict JSON ({exc.code}: {exc})") from None
    except (ValueError, TypeError, RecursionError) as exc:  # defensive: loads_strict maps these
        raise _header_error(f"the header is not valid JSON ({type(exc).__name__})") from None
    if fmt == "ALETH001":
        _validate_v1_header(header)
    else:
        _validate_v2_header(header)
    try:
        expected_bytes = canonical(header)
    except (JsonError, ValueError, TypeError) as exc:  # e.g. a lone surrogate in a slot id
        raise _header_error(f"the header cannot be written canonically ({exc})") from None
    if expected_bytes != header_bytes:
        raise ContainerError.templated(
            "non_canonical_header",
            M_NON_CANONICAL,
            expected=Phrase(P_CANONICAL_BYTES, n=len(expected_bytes)),
            found=Phrase(P_OTHER_FORM, n=len(header_bytes)),
            likely_cause=P_REWRITTEN,
        )
    return Envelope(format=fmt, header=header, header_bytes=header_bytes, ciphertext=ciphertext)


# --------------------------------------------------------------------------- keys


def _passphrase_bytes(passphrase: str) -> bytes:
    # A lone surrogate cannot come from a real passphrase alethech accepted; pass it
    # through losslessly so it simply fails to unlock (and seal refuses it earlier).
    return passphrase.encode("utf-8", "surrogatepass")


def _scrypt(passphrase: str, salt: bytes) -> bytes:
    return kdf.scrypt(_passphrase_bytes(passphrase), salt)


def _hkdf(secret: bytes, salt: bytes) -> bytes:
    kdf = HKDF(algorithm=hashes.SHA256(), length=_KEY_LEN, salt=salt, info=RECOVERY_INFO)
    return kdf.derive(secret)


def _slot_aad(container_id: str, slot_id: str, slot_type: str) -> bytes:
    """Associated data of an unlock slot; ``container_id`` is the base64url string."""
    return canonical(
        {
            "container_id": container_id,
            "envelope_version": 2,
            "slot_id": slot_id,
            "slot_type": slot_type,
        }
    )


def _unwrap(slot: Mapping[str, Any], kek: bytes, container_id: str) -> bytes | None:
    """The DEK wrapped in ``slot`` under ``kek``, or ``None`` if it does not unwrap."""
    try:
        dek = AESGCM(kek).decrypt(
            b64url_strict(slot["nonce"]),
            b64url_strict(slot["wrapped_key"]),
            _slot_aad(container_id, slot["id"], slot["type"]),
        )
    except InvalidTag:
        return None
    return dek if len(dek) == _KEY_LEN else None


def _wrap(dek: bytes, kek: bytes, container_id: str, slot_id: str, slot_type: str) -> tuple[str, str]:
    """Wrap ``dek``; return ``(nonce_b64, wrapped_key_b64)``."""
    nonce = os.urandom(12)
    wrapped = AESGCM(kek).encrypt(nonce, dek, _slot_aad(container_id, slot_id, slot_type))
    return b64url(nonce), b64url(wrapped)


def new_recovery_secret() -> bytes:
    """A fresh random 32-byte recovery secret."""
    return os.urandom(32)


def encode_recovery_code(secret: bytes) -> str:
    """The recovery code text alethech prints: ``aleth-recovery-v1:`` + base64url(secret)."""
    if not isinstance(secret, (bytes, bytearray)) or len(secret) != 32:
        raise ContainerError(
            "invalid_recovery_code",
            "a recovery secret must be 32 bytes",
            expected="32 bytes",
            found=f"{len(secret)} bytes" if isinstance(secret, (bytes, bytearray)) else type(secret).__name__,
        )
    return RECOVERY_PREFIX + b64url(bytes(secret))


def decode_recovery_code(text: str) -> bytes:
    """The 32-byte secret of a recovery code; ``invalid_recovery_code`` if malformed.

    The text must be exact (no surrounding whitespace): prefix + 43 characters
    of canonical base64url.
    """
    shape = f"{RECOVERY_PREFIX}<{_RECOVERY_B64_LEN} base64url characters>"
    if not isinstance(text, str) or not text.startswith(RECOVERY_PREFIX):
        raise ContainerError.templated(
            "invalid_recovery_code",
            M_NOT_RECOVERY,
            expected=shape,
            found=P_NO_PREFIX if isinstance(text, str) else type(text).__name__,
            likely_cause=P_SOMETHING_ELSE,
        )
    body = text[len(RECOVERY_PREFIX) :]
    if len(body) != _RECOVERY_B64_LEN:
        raise ContainerError.templated(
            "invalid_recovery_code",
            M_RECOVERY_LENGTH,
            expected=shape,
            found=Phrase(P_CHARS_AFTER_PREFIX, n=len(body)),
            likely_cause=P_PART_MISSING,
        )
    try:
        secret = b64url_strict(body)
    except ValueError:
        raise ContainerError.templated(
            "invalid_recovery_code",
            M_RECOVERY_CHARS,
            expected=shape,
            likely_cause=P_TYPO,
        ) from None
    if len(secret) != 32:  # pragma: no cover - 43 canonical chars always give 32 bytes
        raise ContainerError("invalid_recovery_code", "the recovery code has the wrong size")
    return secret


def derive_key(envelope: Envelope, credential: Credential) -> bytes:
    """Run the key derivation (the slow step) and return the decryption key.

    ALETH001: the scrypt payload key (not verified here — a wrong passphrase
    shows up as ``authentication_failed`` in :func:`decrypt`).  ALETH002: the
    data key unwrapped from the first slot of the matching type that accepts
    the credential.  Codes: ``empty_passphrase``, ``wrong_passphrase`` (no
    slot unwraps, for a passphrase or a recovery code), ``invalid_recovery_code``,
    ``no_recovery_slot``.
    """
    try:
        return _derive_key(envelope, credential)
    finally:
        kdf.discard()  # a head start not taken (another slot's salt) goes with its key


def _derive_key(envelope: Envelope, credential: Credential) -> bytes:
    header = envelope.header
    if credential.passphrase is not None:
        passphrase = credential.passphrase
        if not passphrase:
            raise ContainerError.templated("empty_passphrase", M_EMPTY, expected=P_SEALED_WITH)
        if envelope.format == "ALETH001":
            return _scrypt(passphrase, b64url_strict(header["salt"]))
        keks: dict[bytes, bytes] = {}
        for slot in header["slots"]:
            if slot["type"] != SLOT_PASSPHRASE:
                continue
            salt = b64url_strict(slot["salt"])
            if salt not in keks:
                keks[salt] = _scrypt(passphrase, salt)
            dek = _unwrap(slot, keks[salt], header["container_id"])
            if dek is not None:
                return dek
        no_slot = SLOT_PASSPHRASE not in envelope.slot_types
        raise ContainerError.templated(
            "wrong_passphrase",
            M_NO_PASSPHRASE_SLOT if no_slot else M_WRONG_PASSPHRASE,
            likely_cause=P_USE_RECOVERY if no_slot else P_MISTYPED,
        )

    code = credential.recovery_code
    assert code is not None
    if not envelope.has_recovery_slot:
        raise ContainerError.templated(
            "no_recovery_slot",
            M_NO_RECOVERY_SLOT,
            expected=P_WITH_RECOVERY,
            found=(
                P_V1_ONLY
                if envelope.format == "ALETH001"
                else Phrase(P_SLOTS, slots=", ".join(envelope.slot_types))
            ),
            likely_cause=P_SEALED_WITHOUT,
        )
    secret = decode_recovery_code(code)
    for slot in header["slots"]:
        if slot["type"] != SLOT_RECOVERY:
            continue
        dek = _unwrap(slot, _hkdf(secret, b64url_strict(slot["salt"])), header["container_id"])
        if dek is not None:
            return dek
    raise ContainerError.templated("wrong_passphrase", M_WRONG_RECOVERY, likely_cause=P_OTHER_RECOVERY)


# --------------------------------------------------------------------------- decrypt / payload


def decrypt(envelope: Envelope, key: bytes) -> bytearray:
    """AES-256-GCM-decrypt the payload (header bytes as associated data) into one new
    buffer of its size (a ``bytearray``: the payload decoder works in it, so a large
    artifact is never copied whole again).

    ``authentication_failed`` when the tag does not verify (or ``key`` is not 32 bytes);
    nothing of a payload that does not authenticate is returned.
    """
    v1 = envelope.format == "ALETH001"
    cause = P_WRONG_OR_MODIFIED if v1 else P_MODIFIED
    if not isinstance(key, (bytes, bytearray)) or len(key) != _KEY_LEN:
        raise ContainerError(
            "authentication_failed",
            "the decryption key has the wrong size",
            expected=f"{_KEY_LEN} bytes",
            found=f"{len(key)} bytes" if isinstance(key, (bytes, bytearray)) else type(key).__name__,
        )
    nonce = b64url_strict(envelope.header["nonce" if v1 else "payload_nonce"])
    data = memoryview(envelope.ciphertext)
    body, tag = data[:-_TAG_LEN], bytes(data[-_TAG_LEN:])
    try:
        decryptor = Cipher(algorithms.AES(bytes(key)), modes.GCM(nonce, tag)).decryptor()
        decryptor.authenticate_additional_data(envelope.header_bytes)
        plain = bytearray(len(body) + 15)  # update_into's room: the data + one block - 1
        n = decryptor.update_into(body, plain)
        decryptor.finalize()  # the tag: nothing is returned unless it verifies
    except InvalidTag:
        raise ContainerError.templated("authentication_failed", M_NOT_AUTHENTIC, likely_cause=cause) from None
    finally:
        body.release()
        data.release()
    del plain[n:]
    return plain


def is_allowed_path(path: Any) -> bool:
    """Whether ``path`` is a logical path a payload may hold.

    Same set as alethech's rule: ``HEAD``, ``root_authority.json``,
    ``keys/signing.key``, or ``<dir>/<name>`` for the seven store directories,
    where ``name`` is not empty, ``.`` or ``..`` and has no ``/``, ``\\`` or NUL.
    Strings that are not valid Unicode (lone surrogates) are refused too.
    """
    if type(path) is not str:
        return False
    if path in ALLOWED_FILES:
        return True
    directory, sep, name = path.partition("/")
    if not sep or directory not in ALLOWED_DIRS or name in ("", ".", ".."):
        return False
    if "/" in name or "\\" in name or "\x00" in name:
        return False
    if not name.isascii():
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


def _b64_payload_decode(text: str | bytes | bytearray) -> bytes | None:
    """Decode canonical unpadded base64url; ``None`` if ``text`` is not canonical.

    Equivalent to ``keys.b64url_strict`` (a property test checks it) but without
    the re-encode: an unpadded text is canonical iff its length is not 1 mod 4,
    every character is in the URL-safe alphabet, and the unused low bits of the
    last character are zero (4 bits when length ≡ 2, 2 bits when length ≡ 3
    mod 4) — exactly the texts that ``b64url`` produces.  The decoder is pybase64's
    (SIMD, about six times binascii's speed on a commit): it refuses every byte
    outside the two alphabets and any misplaced ``=``; the standard alphabet's ``+``
    and ``/`` and a trailing ``=`` it would take are refused here first.
    """
    raw: bytes | bytearray
    if isinstance(text, str):
        try:
            raw = text.encode("ascii")
        except UnicodeEncodeError:
            return None
    else:
        raw = text
    rem = len(raw) % 4
    if rem == 1 or b"+" in raw or b"/" in raw or b"=" in raw:
        return None
    if rem and raw[-1] not in _LAST_OK[rem]:
        return None
    try:
        return pybase64.b64decode(raw + _PAD[rem], altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):  # a byte outside the alphabet
        return None


def _bad_path(message: str, path: Any, likely_cause: str | None = None) -> ContainerError:
    return ContainerError(
        "invalid_payload_path",
        f"{message}: {_short(path)}",
        expected="HEAD, root_authority.json, keys/signing.key or <store dir>/<name>",
        found=_short(path),
        likely_cause=likely_cause,
    )


def _payload_error(message: str, **kw: Any) -> ContainerError:
    return ContainerError("invalid_payload", message, **kw)


def _too_large(message: str, expected: str, found: str) -> ContainerError:
    return ContainerError("too_large", message, expected=expected, found=found)


_PAYLOAD_HEAD = b'{"files":{'
_PAYLOAD_TAIL = b'},"payload_version":1}'
_KEY_TOKEN = re.compile(rb'"(?:[^"\\\x00-\x1f]|\\.)*"')
_USUAL_PATH = re.compile(  # what is_allowed_path allows, written without escapes, and its text's quote
    rb'"(HEAD|root_authority\.json|keys/signing\.key|(?:'
    + b"|".join(sorted(d.encode() for d in ALLOWED_DIRS))
    + rb')/(?!\.\.?")[^"/\\\x00-\x1f]+)":"'
)
_PLAIN_KEY = re.compile(rb'"([^"\\\x00-\x1f]*)":"')  # a key without escapes, and its text's quote


def decode_payload_owned(holder: list[bytes | bytearray]) -> dict[str, bytes]:
    """:func:`decode_payload` on the plaintext taken out of ``holder``.

    A payload in canonical form (what alethech and the inspector write) is decoded
    entry by entry straight from the buffer: each base64url text becomes bytes as it
    is met, a large one decoded where it lies (see :func:`_decode_in_place`), so the
    file set never exists twice, no artifact is copied on the way, and the plaintext
    goes when this returns.  Anything else takes the general strict-JSON path (same
    rules, codes)."""
    plain = holder.pop()
    files = _decode_canonical(plain)
    if files is not None:
        return files
    return decode_payload(plain)


_IN_PLACE = 1 << 20  # a base64url text longer than this is decoded where it lies
_CHUNK = 1 << 20
_NOT_B64URL = re.compile(rb"[^A-Za-z0-9_-]")


def _decode_in_place(plain: bytearray, start: int, stop: int, end: int) -> bytes | None:
    """The bytes of the canonical base64url text ``plain[start:stop]``, or None.

    No copy of the text is made: it is checked where it lies, its URL-safe letters are
    turned into the standard alphabet in place, chunk by chunk (the caller turns them
    back if the payload is given up: :func:`_restore`), the padding is written over the
    two bytes after it for the moment of the decode, and the result is the one new
    ``bytes`` object of the artifact."""
    rem = (stop - start) % 4
    if rem == 1 or _NOT_B64URL.search(plain, start, stop) is not None:
        return None
    if rem and plain[stop - 1] not in _LAST_OK[rem]:
        return None
    pad = (4 - rem) % 4
    if stop + pad > end + len(_PAYLOAD_TAIL):
        return None
    for a in range(start, stop, _CHUNK):
        b = min(a + _CHUNK, stop)
        plain[a:b] = plain[a:b].translate(_URL_TO_STD)
    saved = bytes(plain[stop : stop + pad])
    plain[stop : stop + pad] = b"=" * pad
    view = memoryview(plain)[start : stop + pad]
    try:
        return binascii.a2b_base64(view)
    except binascii.Error:  # pragma: no cover - excluded by the checks above
        return None
    finally:
        view.release()
        plain[stop : stop + pad] = saved


def _restore(plain: bytearray, regions: list[tuple[int, int]]) -> None:
    """Turn the texts decoded in place back into base64url (they held no ``+`` or ``/``)."""
    back = bytes.maketrans(b"+/", b"-_")
    for start, stop in regions:
        for a in range(start, stop, _CHUNK):
            b = min(a + _CHUNK, stop)
            plain[a:b] = plain[a:b].translate(back)


def _decode_text(
    plain: bytes | bytearray, start: int, stop: int, end: int, in_place: list[tuple[int, int]]
) -> bytes | None:
    """The bytes of the base64url text ``plain[start:stop]``, or None; a large text of a
    mutable payload is decoded where it lies (and recorded in ``in_place``)."""
    if isinstance(plain, bytearray) and stop - start > _IN_PLACE:
        data = _decode_in_place(plain, start, stop, end)
        if data is not None:
            in_place.append((start, stop))
        return data
    return _b64_payload_decode(plain[start:stop])


def _entry_path(plain: bytes | bytearray, pos: int) -> tuple[str, int] | None:
    """The allowed path of the entry at ``pos`` and where its text starts, or None."""
    m = _USUAL_PATH.match(plain, pos)  # an allowed path without escapes: most entries
    if m is not None:
        try:
            return m.group(1).decode("utf-8"), m.end()
        except UnicodeDecodeError:
            return None
    m = _PLAIN_KEY.match(plain, pos)
    if m is not None:
        token, start = m.group(1), m.end()
    else:
        m = _KEY_TOKEN.match(plain, pos)
        if m is None or plain[m.end() : m.end() + 2] != b':"':
            return None
        token, start = bytes(m.group()), m.end() + 2
    try:
        path = json.loads(token) if m.re is _KEY_TOKEN else token.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    return (path, start) if is_allowed_path(path) else None


def _decode_canonical(plain: bytes | bytearray) -> dict[str, bytes] | None:
    """The files of a valid payload in canonical layout, or None: then the general
    path decides (and names the first problem exactly as it always has)."""
    if not (plain.startswith(_PAYLOAD_HEAD) and plain.endswith(_PAYLOAD_TAIL)):
        return None
    end = len(plain) - len(_PAYLOAD_TAIL)
    pos = len(_PAYLOAD_HEAD)
    out: dict[str, bytes] = {}
    total = 0
    max_text = _b64_len(MAX_FILE)
    in_place: list[tuple[int, int]] = []  # texts turned into the standard alphabet where they lie

    def give_up() -> dict[str, bytes] | None:
        """None, with any text decoded in place turned back (the general path reads it)."""
        if in_place:
            _restore(plain, in_place)  # type: ignore[arg-type]
        return None

    while pos < end:
        if out:
            if plain[pos : pos + 1] != b",":
                return give_up()
            pos += 1
        entry = _entry_path(plain, pos)
        if entry is None:
            return give_up()
        path, start = entry
        stop = plain.find(b'"', start, end)
        if stop < 0 or stop - start > max_text or plain.find(b"\\", start, stop) >= 0:
            return give_up()
        pos = stop + 1
        if path in out or len(out) >= MAX_FILES:
            return give_up()
        data = _decode_text(plain, start, stop, end, in_place)
        if data is None:
            return give_up()
        total += len(data)
        if total > MAX_TOTAL:
            return give_up()
        out[path] = data
    return out


def decode_payload(plain: bytes | bytearray) -> dict[str, bytes]:
    """Validate the decrypted payload and return ``{logical_path: bytes}``.

    Codes: ``invalid_payload`` (not strict JSON, wrong schema, non-canonical
    base64url), ``invalid_payload_path`` (names the path), ``too_large``.
    """
    if not isinstance(plain, bytes):
        plain = bytes(plain)  # the strict parser reads bytes (a payload not in canonical form)
    try:
        payload, _ = loads_strict(plain)
    except JsonError as exc:
        raise _payload_error(f"the payload is not valid strict JSON ({exc.code}: {exc})") from None
    except (ValueError, TypeError, RecursionError) as exc:  # defensive
        raise _payload_error(f"the payload is not valid JSON ({type(exc).__name__})") from None
    if not isinstance(payload, dict) or set(payload) != {"files", "payload_version"}:
        raise _payload_error(
            "the payload has the wrong shape",
            expected='{"files": {...}, "payload_version": 1}',
            found=_short(sorted(payload) if isinstance(payload, dict) else type(payload).__name__),
        )
    version = payload["payload_version"]
    if type(version) is not int or version != 1:
        raise _payload_error("unsupported payload_version", expected="1", found=_short(version))
    files = payload["files"]
    if not isinstance(files, dict):
        raise _payload_error("payload files must be a JSON object", found=type(files).__name__)
    if len(files) > MAX_FILES:
        raise _too_large("the payload holds too many files", f"at most {MAX_FILES}", str(len(files)))

    max_file, max_total = MAX_FILE, MAX_TOTAL
    max_text = _b64_len(max_file)
    out: dict[str, bytes] = {}
    total = 0
    decode = _b64_payload_decode
    allowed = is_allowed_path
    for path, text in files.items():
        if not allowed(path):
            raise _bad_path(
                "the payload holds a path that is not allowed",
                path,
                likely_cause="a crafted file (path traversal) or a foreign payload",
            )
        if type(text) is not str:
            raise _payload_error(
                f"the content of {_short(path)} is not a base64url string", found=type(text).__name__
            )
        if len(text) > max_text:
            raise _too_large(
                f"{_short(path)} is too large",
                f"at most {max_file} bytes",
                f"about {len(text) * 3 // 4} bytes",
            )
        data = decode(text)
        if data is None:
            raise _payload_error(
                f"the content of {_short(path)} is not canonical base64url",
                expected="unpadded base64url that re-encodes to itself",
            )
        total += len(data)
        if total > max_total:
            raise _too_large(
                "the payload is too large", f"at most {max_total} bytes in total", f"more than {max_total}"
            )
        out[path] = data
    return out


# --------------------------------------------------------------------------- open


def open_container(blob: bytes, credential: Credential | None, *, key: bytes | None = None) -> Opened:
    """Parse, unlock, decrypt and validate a sealed file.

    ``key`` (from an earlier :func:`derive_key` on the same file) skips the key
    derivation; then ``credential`` may be ``None``.
    """
    return open_owned([blob], credential, key=key)


def open_owned(holder: list[bytes], credential: Credential | None, *, key: bytes | None = None) -> Opened:
    """:func:`open_container` that takes the file's bytes out of ``holder``, so that
    when the caller holds no other reference the ciphertext is freed as soon as it
    is decrypted, and the plaintext as soon as it is decoded (peak memory about
    twice the file, not five times)."""
    blob = holder.pop()
    envelope = parse_envelope(blob)
    del blob
    if key is None:
        if credential is None:
            raise ValueError("open_container needs a credential or a key")
        key = derive_key(envelope, credential)
    plain: list[bytes | bytearray] = [decrypt(envelope, key)]
    fmt, header = envelope.format, envelope.header
    has_recovery, container_id = envelope.has_recovery_slot, envelope.container_id
    if isinstance(envelope.ciphertext, memoryview):
        envelope.ciphertext.release()
    del envelope
    files = decode_payload_owned(plain)
    return Opened(
        format=fmt,
        header=header,
        files=files,
        key=bytes(key),
        has_recovery_slot=has_recovery,
        container_id=container_id,
    )


# --------------------------------------------------------------------------- seal


def _payload_bytes(files: Mapping[str, bytes]) -> bytes:
    """Validate ``files`` and return the canonical payload bytes alethech writes."""
    if len(files) > MAX_FILES:
        raise _too_large("too many files to seal", f"at most {MAX_FILES}", str(len(files)))
    encoded: dict[str, str] = {}
    total = 0
    for path, data in files.items():
        if not is_allowed_path(path):
            raise _bad_path("refusing to seal a path that is not allowed", path)
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise _payload_error(f"the content of {_short(path)} must be bytes", found=type(data).__name__)
        raw = bytes(data)
        if len(raw) > MAX_FILE:
            raise _too_large(f"{_short(path)} is too large", f"at most {MAX_FILE} bytes", f"{len(raw)} bytes")
        total += len(raw)
        if total > MAX_TOTAL:
            raise _too_large(
                "the files are too large to seal", f"at most {MAX_TOTAL} bytes", f"{total}+ bytes"
            )
        encoded[path] = b64url(raw)
    plain = canonical({"files": encoded, "payload_version": 1})
    if len(plain) > MAX_TOTAL:
        raise _too_large(
            "the payload is too large to seal", f"at most {MAX_TOTAL} bytes", f"{len(plain)} bytes"
        )
    return plain


def _check_new_passphrase(passphrase: Any) -> str:
    if not isinstance(passphrase, str) or not passphrase:
        raise ContainerError("empty_passphrase", "a new passphrase must be a non-empty string")
    try:
        passphrase.encode("utf-8")
    except UnicodeEncodeError:
        raise ContainerError(
            "invalid_passphrase",
            "the passphrase is not valid Unicode text (lone surrogate)",
            likely_cause="a broken clipboard or input method",
        ) from None
    return passphrase


def _check_secret(secret: Any) -> bytes:
    if not isinstance(secret, (bytes, bytearray)) or len(secret) != 32:
        raise ContainerError("invalid_recovery_code", "a recovery secret must be 32 bytes")
    return bytes(secret)


def _assemble(magic: bytes, header: dict[str, Any], key: bytes, nonce: bytes, plain: bytes) -> bytes:
    header_bytes = canonical(header)
    if len(header_bytes) > MAX_HEADER:
        raise _too_large(
            "the header is too large", f"at most {MAX_HEADER} bytes", f"{len(header_bytes)} bytes"
        )
    ciphertext = AESGCM(key).encrypt(nonce, plain, header_bytes)
    blob = magic + len(header_bytes).to_bytes(4, "big") + header_bytes + ciphertext
    if len(blob) > MAX_CONTAINER:
        raise _too_large(
            "the sealed file would be too large", f"at most {MAX_CONTAINER} bytes", f"{len(blob)} bytes"
        )
    return blob


def seal_v1(files: Mapping[str, bytes], passphrase: str) -> bytes:
    """Seal ``files`` as ALETH001 (scrypt payload key, no recovery)."""
    plain = _payload_bytes(files)
    passphrase = _check_new_passphrase(passphrase)
    salt, nonce = os.urandom(16), os.urandom(12)
    header = dict(_V1_FIXED, nonce=b64url(nonce), salt=b64url(salt))
    return _assemble(MAGIC_V1, header, _scrypt(passphrase, salt), nonce, plain)


def _passphrase_slot(dek: bytes, passphrase: str, container_id: str) -> dict[str, Any]:
    salt = os.urandom(16)
    nonce, wrapped = _wrap(dek, _scrypt(passphrase, salt), container_id, PASSPHRASE_SLOT_ID, SLOT_PASSPHRASE)
    return dict(_PASS_SLOT_FIXED, id=PASSPHRASE_SLOT_ID, nonce=nonce, salt=b64url(salt), wrapped_key=wrapped)


def _recovery_slot(dek: bytes, secret: bytes, container_id: str) -> dict[str, Any]:
    salt = os.urandom(16)
    nonce, wrapped = _wrap(dek, _hkdf(secret, salt), container_id, RECOVERY_SLOT_ID, SLOT_RECOVERY)
    return dict(_REC_SLOT_FIXED, id=RECOVERY_SLOT_ID, nonce=nonce, salt=b64url(salt), wrapped_key=wrapped)


def _seal_v2_with(plain: bytes, dek: bytes, container_id: str, slots: list[dict[str, Any]]) -> bytes:
    nonce = os.urandom(12)
    header = dict(_V2_FIXED, container_id=container_id, payload_nonce=b64url(nonce), slots=slots)
    _validate_v2_header(header)
    return _assemble(MAGIC_V2, header, dek, nonce, plain)


def _new_v2(plain: bytes, passphrase: str, recovery_secret: bytes | None, container_id: bytes) -> bytes:
    dek = os.urandom(_KEY_LEN)
    cid = b64url(container_id)
    slots = [_passphrase_slot(dek, passphrase, cid)]
    if recovery_secret is not None:
        slots.append(_recovery_slot(dek, recovery_secret, cid))
    return _seal_v2_with(plain, dek, cid, slots)


def seal_v2(files: Mapping[str, bytes], passphrase: str, *, recovery_secret: bytes | None = None) -> bytes:
    """Seal ``files`` as ALETH002: new container id and DEK, slot ``passphrase-1``
    and, if ``recovery_secret`` is given, slot ``recovery-1``."""
    plain = _payload_bytes(files)
    passphrase = _check_new_passphrase(passphrase)
    secret = None if recovery_secret is None else _check_secret(recovery_secret)
    return _new_v2(plain, passphrase, secret, os.urandom(16))


def reseal_v2(files: Mapping[str, bytes], opened: Opened) -> bytes:
    """Write new ``files`` into the same ALETH002 envelope.

    Same DEK, container id and unlock slots (so every passphrase and recovery
    code that opened the file still does), fresh payload nonce.  No key
    derivation runs.  ``wrong_format`` if ``opened`` is ALETH001.
    """
    if opened.format != "ALETH002":
        raise ContainerError(
            "wrong_format",
            "only an ALETH002 file can be resealed with its unlock slots",
            expected="ALETH002",
            found=opened.format,
            likely_cause="ALETH001 has no data key; seal_v1 or rekey_v2 (upgrade) instead",
        )
    plain = _payload_bytes(files)
    slots = copy.deepcopy(opened.header["slots"])
    return _seal_v2_with(plain, opened.key, opened.header["container_id"], slots)


def rekey_v2(
    files: Mapping[str, bytes],
    opened: Opened,
    new_passphrase: str,
    *,
    recovery_secret: bytes | None,
) -> bytes:
    """Seal ``files`` with a new DEK and new slots, keeping the container id.

    Old passphrases and recovery codes stop working.  Slot ``passphrase-1``
    for ``new_passphrase``; slot ``recovery-1`` only when ``recovery_secret``
    is given.  For an ALETH001 ``opened`` (an upgrade) a new container id is drawn.
    """
    plain = _payload_bytes(files)
    passphrase = _check_new_passphrase(new_passphrase)
    secret = None if recovery_secret is None else _check_secret(recovery_secret)
    container_id = opened.container_id if opened.container_id is not None else os.urandom(16)
    return _new_v2(plain, passphrase, secret, container_id)


def read_blob(path: str | os.PathLike[str], limit: int = MAX_CONTAINER) -> bytes:
    """Read the regular file at ``path`` (:func:`inspector.core.files.read_regular`):
    a named pipe, device, socket or directory is refused at once (``not_a_file``), a
    file larger than ``limit`` before it is read (``too_large``), one the system will
    not read is ``unreadable``."""
    name = os.fsdecode(path)
    try:
        return read_regular(path, limit)
    except NotAFile as exc:
        raise ContainerError.templated(
            "not_a_file",
            M_NOT_A_FILE,
            expected=P_REGULAR_FILE,
            found=exc.kind,
            likely_cause=P_NOT_A_FILE_CAUSE,
            path=name,
            kind=exc.kind,
        ) from None
    except FileTooLarge as exc:
        raise ContainerError.templated(
            "too_large",
            M_FILE_TOO_LARGE,
            expected=Phrase(P_AT_MOST_BYTES, n=limit),
            found=Phrase(P_BYTES, n=exc.size),
            path=name,
            mib=limit // (1024 * 1024),
        ) from None
    except (OSError, ValueError) as exc:  # ValueError: a name no file system can hold (NUL)
        reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
        raise ContainerError.templated("unreadable", M_UNREADABLE, path=name, reason=reason) from None
