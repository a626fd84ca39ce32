"""Shared test fixtures: the copied fixture corpora live in tests/fixtures/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
ALETHECH = FIXTURES / "alethech-0.9.5"
MUTMEM = FIXTURES / "mutmem"


def load_case(name: str) -> dict:
    return json.loads((ALETHECH / name / "case.json").read_text())


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return FIXTURES
