"""The authoring CLI is run in-process (``main([...])``): no interpreter start-up per
call.  The store is the small one of ``tests/core/write/stores.py``, sealed once per
session; each test works on its own copy.  Opening it with the passphrase costs one
scrypt (~0.1 s) per command, as it does for a user."""

from __future__ import annotations

import json
import os
import types
from pathlib import Path
from typing import Any

import pytest

from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.keys import write_private_key
from tests.core.write.stores import NEW_PASS, PASS, build_small


class Run:
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
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    return Run(capsys)


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
