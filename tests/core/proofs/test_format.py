"""The proof file (``inspector.core.proofs.format``): whatever the bytes, a reason, never an
exception; an oversized file is not parsed."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from inspector.core.proofs import (
    MAX_PROOF_BYTES,
    check_proof,
)


@pytest.mark.parametrize(
    "data, words",
    [
        (b"", "not strict JSON"),
        (b"not json", "not strict JSON"),
        (b"[1, 2]", "JSON object"),
        (b'{"proof": 5}', "proof format"),
        (b'{"proof": "aleth-inspector/receipt-proof/9"}', "proof format"),
        (b"[" * 100 + b"]" * 100, "not strict JSON"),
        (b'{"a": 1, "a": 2}', "not strict JSON"),
        (b'{"receipt": "x"}', "missing"),
    ],
)
def test_unreadable_proofs_are_invalid(data: bytes, words: str) -> None:
    r = check_proof(data)
    assert r.outcome == "invalid" and r.exit_code == 1
    assert words in r.message


def test_oversized_proof_is_refused_without_parsing() -> None:
    r = check_proof(b" " * (MAX_PROOF_BYTES + 1))
    assert r.outcome == "invalid" and "larger than" in r.message


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("receipt_json", "!!!", "receipt_json"),
        ("receipt_json", 5, "receipt_json"),
        ("evidence", [1], "evidence"),
        ("signer", {"key_id": "key-001"}, "signer"),
        ("signer", {"key_id": "key-001", "public_key": {"kty": "RSA"}}, "Ed25519"),
        ("status", "VALID", "status"),
        ("audit_path", ["00" * 32] * 65, "audit_path"),
        ("tree_size", 2**52, str(2**52)),
        ("entry", {"memory": "\ud800"}, "entry"),
        ("extra", 1, "unknown"),
    ],
)
def test_malformed_fields_are_invalid_not_exceptions(
    genuine: dict[str, Any], field: str, value: Any, words: str
) -> None:
    forged = copy.deepcopy(genuine)
    forged[field] = value
    r = check_proof(json.dumps(forged).encode("utf-8", "surrogatepass"))
    assert r.outcome == "invalid" and r.exit_code == 1
    assert words in r.message
