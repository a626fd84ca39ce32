"""Trusted keys (``inspector.core.proofs.keys``): a full fingerprint, a PEM or a JWK file;
anything else is refused with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from inspector.core.keys import fingerprint
from inspector.core.proofs import (
    ProofError,
    load_trusted_key,
)

from .world import World


def test_trusted_key_short_fingerprint_is_refused(world: World) -> None:
    short = "sha256:" + fingerprint(world.agent.raw_public)
    with pytest.raises(ProofError) as exc:
        load_trusted_key(short)
    assert exc.value.code == "trusted_key_invalid"
    assert "64" in exc.value.message and "16" in exc.value.message


@pytest.mark.parametrize(
    "content",
    [
        b"not a key",
        b"-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
        b'{"kty": "OKP", "crv": "Ed25519", "x": "short"}',
        b"\xff\xfe",
        b"",
    ],
)
def test_trusted_key_unreadable(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "k"
    p.write_bytes(content)
    with pytest.raises(ProofError) as exc:
        load_trusted_key(str(p))
    assert exc.value.code == "trusted_key_invalid"


def test_trusted_key_other_algorithm_and_missing_file(tmp_path: Path) -> None:
    p = tmp_path / "ec.pem"
    p.write_bytes(
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    with pytest.raises(ProofError, match="Ed25519"):
        load_trusted_key(str(p))
    with pytest.raises(ProofError, match=r"(?i)cannot read"):
        load_trusted_key(str(tmp_path / "missing.pem"))
