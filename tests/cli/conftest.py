"""CLI tests run ``main([...])`` in-process and read what it printed; a few real
subprocesses are kept where the process is the point (exit status, pipes,
stream encodings)."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pytest

from inspector.cli.main import main

from ..conftest import ALETHECH, FIXTURES

ROOT = Path(__file__).resolve().parents[2]
REPORT_SCHEMA = json.loads((ROOT / "inspector" / "schemas" / "report-v1.json").read_text())
SEALED = FIXTURES / "containers" / "01_basic.memory.aleth"  # ALETH002 with a recovery slot
SEALED_CASE = json.loads((FIXTURES / "containers" / "01_basic.case.json").read_text())
PASSPHRASE = SEALED_CASE["passphrase"]
RECOVERY_CODE = SEALED_CASE["recovery_code"]
PASSING = ALETHECH / "03_rotation_eras" / "store"
FAILING = ALETHECH / "05_dark_v2" / "store"  # a forged commit after a rotation
DARK_COMMIT = "sha256:780282eac1fe0e5c84e316865c3c08b10a78aec3ab2623fd4bd4d7d747a5d8cd"


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> dict:
        """The one JSON object printed, checked against the published schema."""
        doc = json.loads(self.out)  # raises if there is anything besides one value
        assert isinstance(doc, dict)
        jsonschema.Draft202012Validator(REPORT_SCHEMA).validate(doc)
        return doc


@pytest.fixture()
def cli(capsys, monkeypatch):
    """Run the command in-process: ``cli("verify", PATH, "--json")`` → Run."""
    monkeypatch.delenv("ALETH_PASSPHRASE_FILE", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)

    def run(*argv: object) -> Run:
        capsys.readouterr()
        code = main([str(a) for a in argv])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


@pytest.fixture()
def passphrase_file(tmp_path) -> Path:
    p = tmp_path / "passphrase.txt"
    p.write_text(PASSPHRASE + "\n", encoding="utf-8")
    return p


@pytest.fixture()
def store_copy(tmp_path):
    """A writable copy of a fixture directory store."""

    def copy(src: Path = PASSING, name: str = "store") -> Path:
        return Path(shutil.copytree(src, tmp_path / name))

    return copy
