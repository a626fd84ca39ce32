"""CLI tests run ``main([...])`` in-process and read what it printed; a few real
subprocesses are kept where the process is the point (exit status, pipes,
stream encodings).

The authoring commands use the small store of ``tests/core/write/stores.py``, sealed once
per session (fixtures ``run``, ``sealed``, ``creds``, ``keys``); each test works on its
own copy, and opening it costs one scrypt per command, as it does for a user."""

from __future__ import annotations

import json
import os
import shutil
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from inspector.cli.main import main
from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.write.safe import write_private_key
from tests.core.write.stores import NEW_PASS, PASS, build_small

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


# ---- the authoring commands ---------------------------------------------------------------


class AuthorRun:
    """``run(*args)`` → (exit code, stdout, stderr) of ``aleth-inspector ARGS`` in-process."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys

    def __call__(self, *args: Any) -> tuple[int, str, str]:
        from inspector.cli.main import main

        self.capsys.readouterr()
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:  # argparse usage errors
            code = int(exc.code or 0)
        out = self.capsys.readouterr()
        return code, out.out, out.err

    def json(self, *args: Any) -> tuple[int, dict[str, Any] | None, str]:
        code, out, err = self(*args, "--json")
        return code, (json.loads(out) if out.strip() else None), err


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> AuthorRun:
    return AuthorRun(capsys)


@pytest.fixture(scope="session")
def small() -> types.SimpleNamespace:
    return build_small()


@pytest.fixture(scope="session")
def sealed_blob(small: types.SimpleNamespace) -> types.SimpleNamespace:
    secret = C.new_recovery_secret()
    blob = C.seal_v2(small.files, PASS, recovery_secret=secret)
    key = C.open_container(blob, Credential(passphrase=PASS)).key
    return types.SimpleNamespace(blob=blob, key=key, code=C.encode_recovery_code(secret))


@pytest.fixture(scope="session")
def keys(tmp_path_factory: pytest.TempPathFactory, small: types.SimpleNamespace) -> types.SimpleNamespace:
    """The small store's root, housekeeper and auditor private keys as 0600 PEM files."""
    d = tmp_path_factory.mktemp("keys")
    return types.SimpleNamespace(
        root=write_private_key(d / "root.pem", small.root),
        hk=write_private_key(d / "housekeeper-001.pem", small.hk),
        au=write_private_key(d / "auditor-001.pem", small.au),
        dir=d,
    )


def secret_file(path: Path, text: str) -> Path:
    path.write_text(text + "\n", encoding="utf-8")
    return path


@pytest.fixture
def creds(tmp_path: Path, sealed_blob: types.SimpleNamespace) -> types.SimpleNamespace:
    """Credential files, outside the work directory."""
    d = tmp_path / "creds"
    d.mkdir()
    return types.SimpleNamespace(
        passphrase=secret_file(d / "pass.txt", PASS),
        new_passphrase=secret_file(d / "new-pass.txt", NEW_PASS),
        recovery=secret_file(d / "recovery.txt", sealed_blob.code),
        dir=d,
    )


@pytest.fixture
def work(tmp_path: Path) -> Path:
    d = tmp_path / "work"
    d.mkdir()
    return d


@pytest.fixture
def sealed(work: Path, sealed_blob: types.SimpleNamespace) -> Path:
    p = work / "m.aleth"
    p.write_bytes(sealed_blob.blob)
    os.chmod(p, 0o600)
    return p


def ours(directory: Path) -> set[str]:
    """Names in ``directory`` other than this program's (empty) lock files."""
    return {p.name for p in directory.iterdir() if not p.name.endswith(".aleth-inspector.lock")}
