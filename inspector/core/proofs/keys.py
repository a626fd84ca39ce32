"""A key the auditor already trusts: a ``sha256:`` fingerprint, or a PEM or JWK file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..canonical import loads_strict
from ..files import FileTooLarge, NotAFile, read_regular
from ..findings import message
from ..keys import (
    raw_from_jwk,
)
from .common import ProofError, short
from .format import HEX64, key_fingerprint

MAX_KEY_FILE = 64 * 1024


KEY_UNREADABLE = message("Cannot read the trusted key file {path}: {reason}.")


KEY_NOT_A_KEY = message("The trusted key {source} is not usable: {reason}.")


FPR_SHORT = message(
    "{given} has 16 hex digits: that is the short display fingerprint (64 bits), too weak to anchor "
    "on; give the full fingerprint with 64 hex digits (receipt prove and receipt check print it) or the "
    "public key file."
)


FPR_BAD = message('{given} is not a key fingerprint: expected "sha256:" followed by 64 hex digits.')


@dataclass(frozen=True)
class TrustedKey:
    """A public key the auditor already trusts, by its full fingerprint."""

    fingerprint: str  # "sha256:" + 64 hex
    source: str  # the file it was read from, or "fingerprint"


def load_trusted_key(spec: str) -> TrustedKey:
    """``spec``: a ``sha256:`` fingerprint (64 hex digits), or a file holding a PEM public
    key, a PEM private key (its public half is used) or an Ed25519 JWK.  Raises
    :class:`ProofError` (code ``trusted_key_invalid``) with the reason."""
    text = spec.strip()
    if text[:7].lower() == "sha256:":
        digits = text[7:].lower()
        if HEX64.fullmatch(digits):
            return TrustedKey("sha256:" + digits, "fingerprint")
        if re.fullmatch(r"[0-9a-f]{16}", digits):
            raise ProofError("trusted_key_invalid", FPR_SHORT, given=short(text))
        raise ProofError("trusted_key_invalid", FPR_BAD, given=short(text))
    p = Path(spec)
    try:
        data = read_regular(p, MAX_KEY_FILE)
    except FileTooLarge:
        data = b" " * (MAX_KEY_FILE + 1)  # refused as no key below
    except NotAFile as exc:
        raise ProofError("trusted_key_invalid", KEY_UNREADABLE, path=str(p), reason=str(exc.kind)) from None
    except (OSError, ValueError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
        raise ProofError("trusted_key_invalid", KEY_UNREADABLE, path=str(p), reason=reason) from exc
    try:
        raw = _raw_public_key(data)
    except ValueError as exc:
        raise ProofError("trusted_key_invalid", KEY_NOT_A_KEY, source=str(p), reason=exc) from exc
    return TrustedKey(key_fingerprint(raw), str(p))


def _raw_public_key(data: bytes) -> bytes:
    """The raw Ed25519 public key in a PEM (public or private) or JWK file."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

    if len(data) > MAX_KEY_FILE:
        raise ValueError(f"the file is larger than {MAX_KEY_FILE} bytes, too large for a key")
    if b"-----BEGIN" in data:
        key: Any = None
        for load in (
            lambda: serialization.load_pem_public_key(data),
            lambda: serialization.load_pem_private_key(data, password=None),
        ):
            try:
                key = load()
                break
            except Exception:  # ValueError, TypeError, UnsupportedAlgorithm: cryptography varies
                continue
        if key is None:
            raise ValueError("it is not a readable PEM key (an unencrypted public or private key)")
        if isinstance(key, Ed25519PrivateKey):
            key = key.public_key()
        if not isinstance(key, Ed25519PublicKey):
            raise ValueError(f"it is a {type(key).__name__.lstrip('_')} key, not an Ed25519 key")
        return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    try:
        jwk, _ = loads_strict(data)
        return raw_from_jwk(jwk)
    except ValueError as exc:
        raise ValueError(f"it is neither a PEM key nor an Ed25519 JWK ({exc})") from exc
