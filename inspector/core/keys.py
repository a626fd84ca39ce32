"""Ed25519 keys, JWK, base64url/base32 and the did:alethech identifiers."""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from .canonical import canonical
from .errors import KeyError_
from .findings import message
from .i18n import Phrase

KEY_FILE_READABLE = message(
    "the key file {path} can be read by other users (mode {mode}); restrict it: chmod 600 {path}"
)

SIG_PREFIX = "ed25519:"
MAX_KEY_FILE = 64 * 1024  # a PEM key is a few hundred bytes


def b64url(data: bytes) -> str:
    """base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Decode base64url, padded or not (lenient; see :func:`b64url_strict`)."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_strict(text: Any) -> bytes:
    """Decode canonical unpadded base64url; raise ValueError otherwise."""
    if not isinstance(text, str):
        raise ValueError("base64url value must be a string")
    if len(text) % 4 == 1:
        raise ValueError("impossible base64url length")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise ValueError("invalid base64url") from exc
    if b64url(raw) != text:
        raise ValueError("base64url is not canonical (padding, alphabet or trailing bits)")
    return raw


def b32lower(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=").lower()


def sha256_id(data: bytes) -> str:
    """``"sha256:" + hex(sha256(data))``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def jwk_from_raw(raw: bytes) -> dict[str, str]:
    return {"kty": "OKP", "crv": "Ed25519", "x": b64url(raw)}


def raw_from_jwk(jwk: Any) -> bytes:
    """The 32 raw public-key bytes of an Ed25519 JWK; ValueError if it is not one."""
    if not isinstance(jwk, dict) or jwk.get("kty") != "OKP" or jwk.get("crv") != "Ed25519":
        raise ValueError("not an Ed25519 JWK")
    raw = b64url_decode(jwk.get("x", "")) if isinstance(jwk.get("x"), str) else b""
    if len(raw) != 32:
        raise ValueError("Ed25519 JWK x must be 32 bytes")
    return raw


def _did_suffix(jwk: dict[str, Any]) -> str:
    return b32lower(hashlib.sha256(canonical(jwk)).digest()[:16])


def agent_id_for(jwk: dict[str, Any]) -> str:
    """``did:alethech:<b32>`` of a JWK (legacy: the agent key; v2: the root key)."""
    return "did:alethech:" + _did_suffix(jwk)


def root_id_for(jwk: dict[str, Any]) -> str:
    return "did:alethech:root:" + _did_suffix(jwk)


def fingerprint(raw: bytes) -> str:
    """Short human fingerprint of a public key (first 8 bytes of sha256, hex)."""
    return hashlib.sha256(raw).hexdigest()[:16]


_pub_cache: dict[bytes, Ed25519PublicKey] = {}


def public_key(raw: bytes) -> Ed25519PublicKey:
    key = _pub_cache.get(raw)
    if key is None:
        key = Ed25519PublicKey.from_public_bytes(raw)
        if len(_pub_cache) < 4096:
            _pub_cache[raw] = key
    return key


def decode_signature(text: Any) -> bytes | None:
    """Raw 64 signature bytes of ``"ed25519:<b64url>"``, or None if malformed."""
    if not isinstance(text, str) or not text.startswith(SIG_PREFIX):
        return None
    try:
        raw = b64url_decode(text[len(SIG_PREFIX) :])
    except (binascii.Error, ValueError):
        return None
    return raw if len(raw) == 64 else None


def verify_sig(raw_pub: bytes, sig: bytes | None, message: bytes) -> bool:
    """Ed25519 verification (releases the GIL inside OpenSSL)."""
    if sig is None:
        return False
    try:
        public_key(raw_pub).verify(sig, message)
        return True
    except (InvalidSignature, ValueError):
        return False


@dataclass(frozen=True)
class KeyPair:
    """An Ed25519 private key with its public forms.  ``notes`` are warnings about
    where it was loaded from (a key file others can read), for the caller to show."""

    private: Ed25519PrivateKey
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def generate(cls) -> KeyPair:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_pem(cls, pem: bytes, *, source: str = "key") -> KeyPair:
        try:
            key = serialization.load_pem_private_key(pem, password=None)
        except Exception as exc:  # ValueError, TypeError, UnsupportedAlgorithm, InternalError
            raise KeyError_(
                "key_invalid",
                f"{source} is not a readable PKCS#8 PEM private key",
                expected="an unencrypted Ed25519 private key in PEM",
                found=str(exc).splitlines()[0] if str(exc) else type(exc).__name__,
            ) from exc
        if not isinstance(key, Ed25519PrivateKey):
            raise KeyError_(
                "key_invalid",
                f"{source} is not an Ed25519 key",
                expected="Ed25519",
                found=type(key).__name__,
            )
        return cls(key)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> KeyPair:
        from .files import FileTooLarge, NotAFile, open_regular

        p = Path(path)
        try:
            with open_regular(p) as fh:  # never a pipe or a device (/dev/zero would fill memory)
                mode = stat.S_IMODE(os.fstat(fh.fileno()).st_mode)
                data = fh.read(MAX_KEY_FILE + 1)
            if len(data) > MAX_KEY_FILE:
                raise FileTooLarge(str(p), len(data), MAX_KEY_FILE)
        except NotAFile as exc:
            raise KeyError_("key_unreadable", f"cannot read key file {p}: it is {exc.kind}") from None
        except FileTooLarge:
            raise KeyError_(
                "key_unreadable", f"cannot read key file {p}: larger than {MAX_KEY_FILE} bytes, not a key"
            ) from None
        except (OSError, ValueError) as exc:
            reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
            raise KeyError_("key_unreadable", f"cannot read key file {p}: {reason}") from exc
        key = cls.from_pem(data, source=str(p))
        if mode & 0o077:  # warn, never block: the user may have reasons (a shared vault mount)
            key = replace(key, notes=(Phrase(KEY_FILE_READABLE, path=str(p), mode=f"{mode:04o}"),))
        return key

    @property
    def raw_public(self) -> bytes:
        return self.private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    @property
    def jwk(self) -> dict[str, str]:
        return jwk_from_raw(self.raw_public)

    def pem(self) -> bytes:
        return self.private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )

    def sign(self, message: bytes) -> str:
        return SIG_PREFIX + b64url(self.private.sign(message))
