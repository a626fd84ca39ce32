"""Where the HOM-AIMOS conformance vectors live (read from ../shared, never copied: AGPL data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[3]
VECTORS_DIR = REPO.parent / "shared" / "hom-aimos-v1"
EXPECTED = VECTORS_DIR / "expected.json"


def expected_rows() -> list[dict[str, Any]]:
    """The rows of expected.json; a missing directory is an error, not a skip (CI has it)."""
    if not EXPECTED.is_file():
        raise FileNotFoundError(f"HOM-AIMOS vectors not found at {EXPECTED} (../shared/hom-aimos-v1)")
    return json.loads(EXPECTED.read_text(encoding="utf-8"))["vectors"]


def vector_bytes(vector_id: str) -> bytes:
    for row in expected_rows():
        if row["vector_id"] == vector_id:
            return (VECTORS_DIR / row["file"]).read_bytes()
    raise KeyError(vector_id)


def vector_doc(vector_id: str) -> dict[str, Any]:
    return json.loads(vector_bytes(vector_id))


@pytest.fixture
def load_vector():
    return vector_doc
