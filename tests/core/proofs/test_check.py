"""``check_proof`` (``inspector.core.proofs.check``): the format, then consistency, then the
anchor; a consistent proof with nothing to anchor it is said to be so."""

from __future__ import annotations

from typing import Any

from inspector.core.proofs import (
    check_proof,
)

from .world import as_bytes


def test_genuine_without_anchor_is_consistent_not_anchored(genuine: dict[str, Any]) -> None:
    r = check_proof(as_bytes(genuine))
    assert r.outcome == "not_anchored"
    assert r.valid and not r.anchored and r.exit_code == 1
    assert "consistent, not anchored" in r.message.lower()
    assert r.anchor is None
