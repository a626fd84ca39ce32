"""Fixtures for the authoring tests (stores from :mod:`.stores`).  Sealing costs
one scrypt (~0.1 s), so the sealed form of the small store and its data key are
made once per session; tests reopen with ``key=`` (no key derivation)."""

from __future__ import annotations

import shutil
import types
from pathlib import Path

import pytest

from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.store import Store
from inspector.core.write import authoring as A
from inspector.core.write.directory import write_directory

from .stores import DEMO, DEMO_PASS, PASS, build_small


@pytest.fixture(scope="session")
def small() -> types.SimpleNamespace:
    return build_small()


@pytest.fixture(scope="session")
def small_sealed(small: types.SimpleNamespace) -> types.SimpleNamespace:
    """The small store sealed as ALETH002 with a recovery code, and its data key."""
    secret = C.new_recovery_secret()
    blob = C.seal_v2(small.files, PASS, recovery_secret=secret)
    opened = C.open_container(blob, Credential(passphrase=PASS))
    return types.SimpleNamespace(blob=blob, key=opened.key, code=C.encode_recovery_code(secret))


@pytest.fixture
def sealed_copy(tmp_path: Path, small_sealed: types.SimpleNamespace) -> Path:
    d = tmp_path / "work"
    d.mkdir()
    p = d / "m.aleth"
    p.write_bytes(small_sealed.blob)
    p.chmod(0o600)
    return p


@pytest.fixture
def dir_copy(tmp_path: Path, small: types.SimpleNamespace) -> Path:
    d = tmp_path / "work"
    d.mkdir(exist_ok=True)
    return write_directory(Store(dict(small.files)), d / "store")


def open_small(path: Path, small_sealed: types.SimpleNamespace) -> A.Source:
    """Load a sealed copy of the small store without key derivation."""
    return A.load_source(path, key=small_sealed.key)


@pytest.fixture(scope="session")
def demo_key() -> bytes:
    """The demo's data key (one scrypt per session)."""
    return C.open_container(DEMO.read_bytes(), Credential(passphrase=DEMO_PASS)).key


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    d = tmp_path / "demo-work"
    d.mkdir()
    p = d / "demo.aleth"
    shutil.copy(DEMO, p)
    return p


def listing(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir()}


def ours(directory: Path) -> set[str]:
    """Names in ``directory`` other than this program's (empty) lock files."""
    return {n for n in listing(directory) if not n.endswith(".aleth-inspector.lock")}
