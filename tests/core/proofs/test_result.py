"""The answer about one proof (``inspector.core.proofs.result``): its outcome decides
validity, anchoring and the exit code; the JSON follows the result schema."""

from __future__ import annotations

import json

import pytest

from inspector.core.proofs import RESULT_SCHEMA
from inspector.core.proofs.common import OUTCOME_EXIT, Said
from inspector.core.proofs.result import OUTCOMES, Check, ProofResult

VALID = {"anchored", "not_anchored", "anchor_mismatch", "unopenable"}


@pytest.mark.parametrize("outcome", OUTCOMES)
def test_the_outcome_decides_validity_anchoring_and_exit(outcome: str) -> None:
    said = Said("The proof does not check.")
    r = ProofResult(outcome, said, [Check("format", outcome != "invalid", said)])
    assert r.valid == (outcome in VALID)
    assert r.anchored == (outcome == "anchored")
    assert r.exit_code == OUTCOME_EXIT[outcome]
    doc = json.loads(json.dumps(r.to_json()))
    assert doc["schema"] == RESULT_SCHEMA and doc["result"] == outcome and doc["exit_code"] == r.exit_code
    assert doc["checks"] == [{"name": "format", "ok": outcome != "invalid", "message": said.text}]
    assert doc["signer"] is None  # no key was read


def test_the_signer_is_said_when_the_key_was_read() -> None:
    r = ProofResult("not_anchored", Said("x"), key_id="key-001", fingerprint="sha256:" + "0" * 64)
    assert r.to_json()["signer"] == {"key_id": "key-001", "fingerprint": "sha256:" + "0" * 64}
