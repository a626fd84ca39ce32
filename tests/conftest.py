"""Shared test fixtures: the copied fixture corpora live in tests/fixtures/."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

# A bare `pytest` (one file, from an editor) runs headless like `make test`: without a
# display, Qt's default platform plugin aborts the process instead of failing a test.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

FIXTURES = Path(__file__).parent / "fixtures"
ALETHECH = FIXTURES / "alethech-0.9.5"
MUTMEM = FIXTURES / "mutmem"


def load_case(name: str) -> dict:
    return json.loads((ALETHECH / name / "case.json").read_text())


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture(scope="session", autouse=True)
def _scrypt_once_per_input():
    """Derive each (passphrase, salt) key once per session.

    scrypt is a pure function of the passphrase, the salt and its parameters, and costs
    ~0.1–0.2 s: a test that opens the same sealed fixture again (most authoring and CLI
    tests do, once per command) gets the key derived the first time.  Everything else
    runs as for a user: the header is parsed, the slot unwrapped with that key, and a
    wrong passphrase or a new salt (every new seal or re-key) is a real derivation."""
    from inspector.core import container

    real = container._scrypt
    keys: dict[tuple[str, bytes, int, int, int], bytes] = {}

    def derive(passphrase: str, salt: bytes) -> bytes:
        k = (passphrase, bytes(salt), container.SCRYPT_N, container.SCRYPT_R, container.SCRYPT_P)
        if k not in keys:
            keys[k] = real(passphrase, salt)
        return keys[k]

    container._scrypt = derive
    yield
    container._scrypt = real


def alethech_cli(*args: object):  # type: ignore[no-untyped-def]
    """alethech 0.9.5's own command line (its click group, the code of its console script),
    run in this process: ``.exit_code`` and ``.output``, without an interpreter start-up."""
    from alethech.cli import cli
    from click.testing import CliRunner

    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
