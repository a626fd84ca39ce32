"""Checks shared by the authoring tests (core and CLI): alethech opens a file, no
plaintext on disk, the identity record and control chain of a store."""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import alethech.container as aleth_v1
import alethech.container_v2 as aleth_v2
import alethech.store as aleth_store
import alethech.verify as aleth_verify

from inspector.core.canonical import loads_strict
from inspector.core.findings import Severity
from inspector.core.store import Store
from inspector.core.verify.report import Report


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def aleth_ok(path: Path, *, passphrase: str | None = None, recovery_code: str | None = None) -> bool:
    """alethech 0.9.5 opens ``path`` (its openers materialise the payload and refuse
    it unless its own verify_store is ok) and verify_store says OK."""
    path = Path(path)
    if path.is_dir():
        return aleth_verify.verify_store(aleth_store.Store.open(path)).ok
    with tempfile.TemporaryDirectory(prefix="aleth-check-") as tmp:
        dest = Path(tmp) / "store"
        magic = path.read_bytes()[:8]
        if magic == b"ALETH002":
            aleth_v2.open_container_v2(path, dest, passphrase=passphrase, recovery_code=recovery_code)
        else:
            assert magic == b"ALETH001" and passphrase is not None
            aleth_v1.open_container(path, dest, passphrase)
        return aleth_verify.verify_store(aleth_store.Store.open(dest)).ok


def aleth_refuses(path: Path, **cred: str) -> bool:
    try:
        aleth_ok(path, **cred)
    except aleth_v2.ContainerError:
        return True
    return False


def assert_pass(report: Report) -> Report:
    errors = [f"{f.code}: {f.message}" for f in report.findings if f.severity == Severity.ERROR]
    assert report.verdict == "pass", errors
    return report


def era(report: Report, key_id: str) -> Any:
    found = [e for e in report.eras if e.key_id == key_id]
    assert len(found) == 1, [e.key_id for e in report.eras]
    return found[0]


def identity_record(store: Store) -> dict[str, Any]:
    recs = [loads_strict(data)[0] for _, data in store.list("identities")]
    v2 = [r for r in recs if r.get("type") == "IdentityRecordV2"]
    assert len(v2) == 1
    return v2[0]


def control_events(store: Store) -> list[dict[str, Any]]:
    return sorted((loads_strict(d)[0] for _, d in store.list("control_events")), key=lambda e: e["sequence"])


def commit_of(store: Store, cid: str) -> dict[str, Any]:
    return loads_strict(store.files[f"commits/{cid}.json"])[0]


def assert_no_plaintext(
    directory: Path, *, exclude: set[str] = frozenset(), secrets: tuple[bytes, ...] = ()
) -> None:
    """No payload plaintext, private key or passphrase in any file under ``directory``
    that the test did not write itself (SPEC E: plaintext and passphrases never reach
    a file)."""
    markers = (b"MemoryCommit", b"IdentityRecordV2", b"BEGIN PRIVATE KEY", *secrets)
    for p in directory.rglob("*"):
        if p.is_file() and p.name not in exclude:
            data = p.read_bytes()
            for m in markers:
                assert m not in data, f"{p} holds {m!r}"
