"""Issue 21, SPEC E5: an authoring write is one transaction, whatever interrupts it.

Every kind of write (each operation, in place or to a new path, with and without a
backup, with a new key, root key or recovery code, sealed file or directory store)
is run once to learn its steps (:data:`safe.STEP_HOOK` names them), then again
with an interruption injected at each step: a failure of the step (EIO), SIGINT,
SIGTERM, and a hard kill.  The hard kill is simulated exactly: the files are
snapshotted at the step (what a SIGKILL leaves on disk), the snapshot restored after
the run, and the next write's recovery (:func:`safe.recover`) run on it.

The invariant afterwards: FILE is the old file and nothing new is beside it, or
FILE is the new file (the previewed bytes) with every secret at its final name,
and — when a backup was asked — FILE.bak holding the previous version.  An
earlier FILE.bak survives anything before the switch.  What the write returns or
raises says which (``Written`` vs an error or ``Interrupted``).
"""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import signal
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from inspector.core.container import Credential
from inspector.core.errors import OperationError
from inspector.core.process import Interrupted
from inspector.core.store import Store
from inspector.core.write import authoring as A
from inspector.core.write import safe
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import store_digest, write_directory

from .stores import NEW_PASS, PASS, build_small

SWITCH = "switch"  # the last step before the switch (its hook runs before the rename)


@dataclass
class Case:
    """One write, ready to be made again and again from the same source."""

    name: str
    root: Path  # the folder holding the source and everything the write makes
    source: Path
    res: A.Result
    out: Path | None
    in_place: bool
    backup: bool
    secrets: list[A.SecretFile]
    disown: bool = False
    initial: dict[str, Any] = field(default_factory=dict)  # snapshot of the folder before the write

    def write(self) -> A.Written:
        return A.write_result(
            self.res,
            self.out,
            in_place=self.in_place,
            backup=self.backup,
            disown=self.disown,
            secrets=self.secrets,
        )

    @property
    def target(self) -> Path:
        return self.source if self.in_place else Path(str(self.out))


def snapshot(folder: Path) -> dict[str, Any]:
    """Every file under ``folder`` (lock files aside): relative path → bytes, or None for
    a directory; hard links are copied (recovery goes by content, never by inode)."""
    out: dict[str, Any] = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        if p.name.endswith(safe.LOCK_SUFFIX):
            continue
        out[rel] = None if p.is_dir() and not p.is_symlink() else p.read_bytes()
    return out


def restore(folder: Path, snap: dict[str, Any]) -> None:
    for p in list(folder.iterdir()):
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()
    for rel, data in sorted(snap.items()):
        p = folder / rel
        if data is None:
            p.mkdir(parents=True, exist_ok=True)
        else:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)
            p.chmod(0o600)


def digest(path: Path) -> str | None:
    if path.is_dir():
        return store_digest(A.load_source(path).store.files)
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


# --------------------------------------------------------------------------- the writes


def _small_sealed(folder: Path, small: types.SimpleNamespace, blob: bytes, key: bytes) -> A.Source:
    p = folder / "m.aleth"
    p.write_bytes(blob)
    return A.load_source(p, key=key)


def _legacy_dir(folder: Path) -> Path:
    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    for i in range(3):
        w.commit({"kind": "fact", "text": f"legacy memory {i}"})
    return write_directory(w.store, folder / "store")


def make_case(name: str, folder: Path, small: types.SimpleNamespace, sealed: types.SimpleNamespace) -> Case:
    folder.mkdir()
    keys = folder / "keys"  # secrets go to a folder of their own
    keys.mkdir()
    if name == "rotate agent in place (backup over an earlier one)":
        src = _small_sealed(folder, small, sealed.blob, sealed.key)
        A.write_result(A.label(src, small.memories[1], "poison_suspect", small.hk, "earlier"), in_place=True)
        src = A.load_source(src.path, key=sealed.key)
        return Case(name, folder, src.path, A.rotate(src, small.root), None, True, True, [])
    if name == "rotate housekeeper in place with its new key":
        src = _small_sealed(folder, small, sealed.blob, sealed.key)
        res = A.rotate(src, small.root, key_id=small.hk_id)
        ((kid, key),) = res.new_keys.items()
        return Case(
            name, folder, src.path, res, None, True, True, [A.SecretFile.key(keys / "hk.pem", kid, key)]
        )
    if name == "grant auditor to a new path with its key":
        src = _small_sealed(folder, small, sealed.blob, sealed.key)
        res = A.grant(src, small.root, "auditor")
        ((kid, key),) = res.new_keys.items()
        secret = A.SecretFile.key(keys / "au.pem", kid, key)
        return Case(name, folder, src.path, res, folder / "out.aleth", False, True, [secret])
    if name == "migrate a directory store in place with its root key":
        src = A.load_source(_legacy_dir(folder))
        res = A.migrate(src)
        secret = A.SecretFile.key(keys / "root.pem", "root", res.new_keys["root"])
        return Case(name, folder, src.path, res, None, True, True, [secret])
    if name == "label a directory store to a new path":
        src = A.load_source(write_directory(Store(dict(small.files)), folder / "store"))
        res = A.label(src, small.memories[0], "poison_suspect", small.hk, "r")
        return Case(name, folder, src.path, res, folder / "labelled", False, True, [])
    if name == "revoke the agent key in place without backup, granting a new one":
        src = _small_sealed(folder, small, sealed.blob, sealed.key)
        res = A.revoke(src, small.root, "key-001", reason="rotation", grant_agent=True)
        return Case(name, folder, src.path, res, None, True, False, [])
    if name == "rekey in place with a new recovery code":
        src = _small_sealed(folder, small, sealed.blob, sealed.key)
        res = A.rekey(src, NEW_PASS, new_recovery_code=True)
        assert res.recovery_code is not None
        secret = A.SecretFile.recovery_code(keys / "code.txt", res.recovery_code)
        return Case(name, folder, src.path, res, None, True, True, [secret])
    if name == "recover to a new path with a new code":
        p = folder / "m.aleth"
        p.write_bytes(sealed.blob)
        src = A.load_source(p, Credential(recovery_code=sealed.code))
        res = A.recover(src, NEW_PASS, new_recovery_code=True)
        assert res.recovery_code is not None
        secret = A.SecretFile.recovery_code(keys / "code.txt", res.recovery_code)
        return Case(name, folder, src.path, res, folder / "new.aleth", False, True, [secret])
    raise AssertionError(name)


CASES = [
    "rotate agent in place (backup over an earlier one)",
    "rotate housekeeper in place with its new key",
    "grant auditor to a new path with its key",
    "migrate a directory store in place with its root key",
    "label a directory store to a new path",
    "revoke the agent key in place without backup, granting a new one",
    "rekey in place with a new recovery code",
    "recover to a new path with a new code",
]


@pytest.fixture(scope="module")
def small() -> types.SimpleNamespace:
    return build_small()


@pytest.fixture(scope="module")
def sealed(small: types.SimpleNamespace) -> types.SimpleNamespace:
    from inspector.core import container as C

    secret = C.new_recovery_secret()
    blob = C.seal_v2(small.files, PASS, recovery_secret=secret)
    key = C.open_container(blob, Credential(passphrase=PASS)).key
    return types.SimpleNamespace(blob=blob, key=key, code=C.encode_recovery_code(secret))


@pytest.fixture(scope="module", params=CASES)
def case(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, small, sealed) -> Case:
    c = make_case(request.param, tmp_path_factory.mktemp("tx") / "w", small, sealed)
    c.initial = snapshot(c.root)
    return c


def steps_of(case: Case, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(safe, "STEP_HOOK", seen.append)
    restore(case.root, case.initial)
    case.write()
    monkeypatch.setattr(safe, "STEP_HOOK", None)
    restore(case.root, case.initial)
    return seen


# --------------------------------------------------------------------------- the invariant


def old_state(case: Case) -> None:
    """FILE is the old file and nothing new is anywhere: the folder is as it was."""
    assert snapshot(case.root) == case.initial, "the folder is not as it was before the write"


def new_state(case: Case) -> None:
    """FILE is the new file with every secret, and FILE.bak the previous version."""
    out = case.res.output
    assert digest(case.target) == out.sha256, "the target is not the previewed result"
    for s in case.secrets:
        assert s.path.read_bytes() == s.data and (s.path.stat().st_mode & 0o777) == 0o600, s.path
    bak = safe.backup_path(case.source)
    before = case.initial
    rel = case.source.relative_to(case.root).as_posix()
    if case.in_place and case.backup and not out.rekey:
        assert digest(bak) == out.source_sha256, "FILE.bak is not the previous version"
    else:
        bak_rel = bak.relative_to(case.root).as_posix()
        assert ({k: v for k, v in snapshot(case.root).items() if k.startswith(bak_rel)}) == {
            k: v for k, v in before.items() if k.startswith(bak_rel)
        }, "FILE.bak changed although no backup was asked"
    if not case.in_place:
        assert {k: v for k, v in snapshot(case.root).items() if k == rel or k.startswith(rel + "/")} == {
            k: v for k, v in before.items() if k == rel or k.startswith(rel + "/")
        }, "the source changed"
    names = {p.relative_to(case.root).parts[0] for p in case.root.iterdir()}
    expected = {p.split("/")[0] for p in before} | {case.target.name}
    if case.in_place and case.backup and not out.rekey:
        expected.add(bak.name)
    names = {n for n in names if not n.endswith(safe.LOCK_SUFFIX)}
    assert names == expected, f"unexpected files: {sorted(names - expected)}"
    leftovers = [p for p in case.root.rglob("*") if p.name.endswith((safe.TMP_SUFFIX, safe.TXN_SUFFIX))]
    assert leftovers == [], leftovers


def test_every_write_has_its_steps_and_secrets_come_before_the_switch(case: Case, monkeypatch) -> None:
    steps = steps_of(case, monkeypatch)
    assert steps[0] == "journal" and steps[-1] == "cleaned"
    assert "switch" in steps and steps.index("switch") + 1 == steps.index("switched")
    for s in case.secrets:
        assert steps.index(f"published secret {s.path.name}") < steps.index(SWITCH)
    if case.in_place and case.backup and not case.res.output.rekey:
        assert steps.index("switched") < steps.index("backup")
    written = case.write()
    new_state(case)
    assert written.sha256 == case.res.output.sha256 and written.warnings == () and written.interrupted is None
    assert written.secrets == tuple(s.path for s in case.secrets)
    restore(case.root, case.initial)


def _inject(kind: str, at: str) -> Callable[[str], None]:
    def hook(step: str) -> None:
        if step != at:
            return
        if kind == "EIO":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        os.kill(os.getpid(), signal.SIGINT if kind == "SIGINT" else signal.SIGTERM)

    return hook


@pytest.mark.parametrize("kind", ["EIO", "SIGINT", "SIGTERM"])
def test_an_interruption_at_any_step_leaves_the_old_file_or_the_new_one_with_its_secrets(
    case: Case, kind: str, monkeypatch
) -> None:
    steps = steps_of(case, monkeypatch)
    before_switch = steps[: steps.index(SWITCH) + 1]
    previous = signal.getsignal(signal.SIGTERM)
    for at in steps:
        restore(case.root, case.initial)
        monkeypatch.setattr(safe, "STEP_HOOK", _inject(kind, at))
        outcome: Any
        try:
            outcome = case.write()
        except (OperationError, Interrupted) as exc:
            outcome = exc
        finally:
            monkeypatch.setattr(safe, "STEP_HOOK", None)
        assert signal.getsignal(signal.SIGTERM) == previous  # the handlers come back
        if at in before_switch:
            old_state(case)
            if kind == "EIO":
                assert isinstance(outcome, OperationError) and outcome.code == "write_failed", (at, outcome)
            else:
                assert isinstance(outcome, Interrupted), (at, outcome)
                assert outcome.signum == (signal.SIGINT if kind == "SIGINT" else signal.SIGTERM)
        else:
            assert isinstance(outcome, A.Written), (at, outcome)
            assert digest(case.target) == case.res.output.sha256
            for s in case.secrets:
                assert s.path.read_bytes() == s.data, (at, s.path)
            if kind == "EIO":
                assert outcome.warnings, at  # what could not be finished is said
            else:
                assert outcome.interrupted == (signal.SIGINT if kind == "SIGINT" else signal.SIGTERM)
            with safe.exclusive(case.target):  # what the next write does first
                safe.recover(case.target)
            new_state(case)
    restore(case.root, case.initial)


def test_a_hard_kill_at_any_step_is_finished_or_undone_by_the_next_write(case: Case, monkeypatch) -> None:
    """What a SIGKILL leaves at each step, exactly (the folder as it was at that instant):
    FILE is whole, old or new; new means every secret is in place already; and the next
    write's recovery makes it "old and nothing new" or "new with everything"."""
    steps = steps_of(case, monkeypatch)
    for at in steps:
        restore(case.root, case.initial)
        frozen: dict[str, Any] = {}

        def freeze(step: str, at: str = at, frozen: dict[str, Any] = frozen) -> None:
            if step == at:
                frozen.update(snapshot(case.root))

        monkeypatch.setattr(safe, "STEP_HOOK", freeze)
        case.write()
        monkeypatch.setattr(safe, "STEP_HOOK", None)
        restore(case.root, frozen)  # the disk as the kill left it
        now = digest(case.target)
        if now == case.res.output.sha256:
            for s in case.secrets:  # never the new file without its secrets
                assert s.path.read_bytes() == s.data, (at, s.path)
        else:
            assert case.in_place or not case.target.exists(), at
            assert not case.in_place or now == case.res.output.source_sha256, at
        with safe.exclusive(case.target):
            safe.recover(case.target)
        if now == case.res.output.sha256:
            new_state(case)
        else:
            old_state(case)
    restore(case.root, case.initial)
