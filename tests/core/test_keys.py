"""``inspector.core.keys``: base64url as alethech spells it (strict for what is
checked), JWKs and the ids made from them, Ed25519 signatures, and key files
(issue 11, SPEC E): a private key file others can read loads with a warning the
caller shows (never a refusal); new key files go through the one atomic writer,
mode 0600, never over an existing file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from inspector.core.errors import KeyError_
from inspector.core.findings import TEMPLATES
from inspector.core.keys import (
    SIG_PREFIX,
    KeyPair,
    agent_id_for,
    b64url,
    b64url_decode,
    b64url_strict,
    decode_signature,
    fingerprint,
    jwk_from_raw,
    raw_from_jwk,
    root_id_for,
    sha256_id,
    verify_sig,
)
from inspector.core.write.safe import write_private_key


def test_a_private_key_file_is_written_0600_and_never_over_a_file(tmp_path: Path) -> None:
    key = KeyPair.generate()
    p = write_private_key(tmp_path / "k.pem", key)
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o600
    assert KeyPair.load(p).jwk == key.jwk and KeyPair.load(p).notes == ()
    with pytest.raises(KeyError_) as exc:
        write_private_key(p, KeyPair.generate())
    assert exc.value.code == "key_exists" and "refusing to overwrite existing key file" in exc.value.message
    assert KeyPair.load(p).jwk == key.jwk
    with pytest.raises(KeyError_) as exc:
        write_private_key(tmp_path / "missing" / "k.pem", key)
    assert exc.value.code == "key_unwritable"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["k.pem"]


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604])
def test_a_key_others_can_read_loads_with_a_warning(tmp_path: Path, mode: int) -> None:
    p = write_private_key(tmp_path / "k.pem", KeyPair.generate())
    p.chmod(mode)
    key = KeyPair.load(p)  # loads: a warning, not a refusal
    (note,) = key.notes
    assert (
        note == f"the key file {p} can be read by other users (mode {mode:04o}); restrict it: chmod 600 {p}"
    )
    assert (
        "the key file {path} can be read by other users (mode {mode}); restrict it: chmod 600 {path}"
        in TEMPLATES
    )
    assert KeyPair(key.private, ("a note",)) == KeyPair(key.private)  # notes do not change what the key is


@pytest.mark.parametrize("data", [b"", b"\x00", b"\xff\xfe", bytes(range(32)), bytes(64)])
def test_base64url_round_trips_without_padding(data: bytes) -> None:
    text = b64url(data)
    assert "=" not in text and "+" not in text and "/" not in text
    assert b64url_strict(text) == b64url_decode(text) == data
    assert b64url_decode(text + "=" * (-len(text) % 4)) == data  # the lenient reader takes padding


@pytest.mark.parametrize(
    "text",
    [
        "AA==",  # padded
        "AB",  # trailing bits set: not the canonical spelling of b"\x00"
        "A",  # impossible length
        "AA+/",  # the standard alphabet, not the URL one
        "AA AA",
        b"AAAA",  # not a string
        None,
    ],
)
def test_strict_base64url_refuses_every_other_spelling(text) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        b64url_strict(text)


def test_ids_and_fingerprints() -> None:
    assert sha256_id(b"") == "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    key = KeyPair.generate()
    jwk = key.jwk
    assert jwk == jwk_from_raw(key.raw_public) and raw_from_jwk(jwk) == key.raw_public
    agent, root = agent_id_for(jwk), root_id_for(jwk)
    assert agent.startswith("did:alethech:") and root.startswith("did:alethech:root:")
    assert agent.rsplit(":", 1)[1] == root.rsplit(":", 1)[1]  # one digest, two namespaces
    assert agent_id_for(dict(reversed(list(jwk.items())))) == agent  # canonical JSON: member order is moot
    assert agent_id_for(KeyPair.generate().jwk) != agent
    fp = fingerprint(key.raw_public)
    assert len(fp) == 16 and int(fp, 16) >= 0


@pytest.mark.parametrize(
    "jwk",
    [
        None,
        [],
        {"kty": "EC", "crv": "Ed25519", "x": b64url(bytes(32))},
        {"kty": "OKP", "crv": "X25519", "x": b64url(bytes(32))},
        {"kty": "OKP", "crv": "Ed25519", "x": b64url(bytes(31))},
        {"kty": "OKP", "crv": "Ed25519", "x": 5},
        {"kty": "OKP", "crv": "Ed25519"},
    ],
)
def test_a_jwk_that_is_not_an_ed25519_public_key_is_refused(jwk) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        raw_from_jwk(jwk)


def test_signatures_verify_only_for_their_key_and_message() -> None:
    key, other = KeyPair.generate(), KeyPair.generate()
    text = key.sign(b"message")
    assert text.startswith(SIG_PREFIX)
    sig = decode_signature(text)
    assert sig is not None and len(sig) == 64
    assert verify_sig(key.raw_public, sig, b"message")
    assert not verify_sig(key.raw_public, sig, b"messagE")
    assert not verify_sig(other.raw_public, sig, b"message")
    assert not verify_sig(key.raw_public, None, b"message")
    assert not verify_sig(bytes(31), sig, b"message")  # not a public key: False, not an exception


@pytest.mark.parametrize(
    "text",
    [None, 7, "", "ed25519:", "rsa:" + b64url(bytes(64)), "ed25519:" + b64url(bytes(63)), "ed25519:!!!!"],
)
def test_a_malformed_signature_decodes_to_none(text) -> None:  # type: ignore[no-untyped-def]
    assert decode_signature(text) is None


def test_key_files_that_are_not_ed25519_private_keys_are_refused(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    with pytest.raises(KeyError_) as exc:
        KeyPair.from_pem(
            b"-----BEGIN PRIVATE KEY-----\nnot base64\n-----END PRIVATE KEY-----\n", source="x.pem"
        )
    assert exc.value.code == "key_invalid" and "x.pem" in exc.value.message
    ec_pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    with pytest.raises(KeyError_) as exc:
        KeyPair.from_pem(ec_pem)
    assert exc.value.code == "key_invalid" and exc.value.expected == "Ed25519"
    with pytest.raises(KeyError_) as exc:
        KeyPair.load(tmp_path / "missing.pem")
    assert exc.value.code == "key_unreadable"
    key = KeyPair.generate()
    again = KeyPair.from_pem(key.pem())
    assert again.jwk == key.jwk and verify_sig(key.raw_public, decode_signature(again.sign(b"m")), b"m")
