"""Issue 21: every authoring command interrupted at every step of its write.

Each command (rotate, revoke, grant, migrate, label, rekey, recover — in place and
to a new path, sealed file and directory store, with a new key, root key or
recovery code) is run once to learn the steps of its write (the writer names them
through :data:`inspector.core.write.safe.STEP_HOOK`).  Then, at each step:

* **SIGKILL** — the real command in a child forked from a forkserver that imported
  the program once; the hook kills the child at the step (no sleeping, no timing).
  Afterwards FILE is the old file or the new one, whole; when it is the new one,
  every secret is already at its final name.  The next write's recovery then leaves
  "the old file and nothing new" or "the new file with all its secrets".
* **SIGINT, SIGTERM or EIO** (one per step, the three in turn across the commands
  and steps) — the command in-process; the exit code and the last words say what
  happened: before the switch, exit 130 or 3 and "nothing was written" with the old
  file and nothing new; after it, exit 0 and "wrote FILE" (with the keys saved)
  with the new file and all its secrets.

The commands open the file with its recovery code (HKDF, no scrypt), so a run costs
a few tens of milliseconds; a re-key still runs scrypt for its new passphrase slot.
"""

from __future__ import annotations

import contextlib
import errno
import multiprocessing
import os
import shutil
import signal
import types
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pytest

from inspector.cli.main import main  # imported once here: the forked children share it
from inspector.core import container as C
from inspector.core.canonical import loads_strict
from inspector.core.container import Credential
from inspector.core.keys import KeyPair
from inspector.core.opener import open_path
from inspector.core.store import Store, read_directory
from inspector.core.write import safe
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import store_digest, write_directory
from tests.core.write.checks import assert_no_plaintext, identity_record

_CTX = multiprocessing.get_context("forkserver")
_CTX.set_forkserver_preload(["inspector.cli.main", "inspector.core.write.authoring", "tests.cli.test_kill"])

KINDS = ("SIGINT", "SIGTERM", "EIO")


# --------------------------------------------------------------------------- the commands


@dataclass
class Command:
    """One authoring command on a fresh copy of its input in ``work``."""

    name: str
    argv: list[str]
    file: Path  # FILE
    target: Path  # where the result goes (FILE when in place)
    secrets: list[Path]  # files the write creates besides the target and FILE.bak
    check_new: Callable[[], None]  # the target is the new file, with all its secrets valid
    kept_backup: bool  # an in-place write that keeps FILE.bak

    @property
    def in_place(self) -> bool:
        return self.target == self.file


def fingerprint(path: Path) -> str:
    return store_digest(read_directory(path).files) if path.is_dir() else safe.sha256_file(path)


def events(files: dict[str, bytes]) -> list[dict[str, Any]]:
    evs = [loads_strict(d)[0] for p, d in files.items() if p.startswith("control_events/")]
    return sorted(evs, key=lambda e: e["sequence"])


def active(files: dict[str, bytes]) -> dict[str, Any]:
    return {k["key_id"]: k["public_key"] for k in identity_record(Store(dict(files)))["active_keys"]}


def make_command(  # noqa: C901 -- one case per command, a table read top to bottom
    name: str, work: Path, small: types.SimpleNamespace, blob: types.SimpleNamespace, keys: Any, creds: Any
) -> Command:
    """Put the command's input in ``work`` and describe the command."""
    code = ["--recovery-code-file", str(creds.recovery)]
    m = work / "m.aleth"
    m.write_bytes(blob.blob)
    m.chmod(0o600)

    def opened(path: Path, cred: Credential | None = None) -> dict[str, bytes]:
        return dict(open_path(path, cred or Credential(recovery_code=blob.code)).store.files)

    old_events = len(events(small.files))
    if name == "rotate the housekeeper key in place":
        out = work / "hk2.pem"

        def check() -> None:
            files = opened(m)
            assert events(files)[-1]["event_type"] == "key_rotation" and len(events(files)) == old_events + 1
            assert KeyPair.load(out).jwk == active(files)["housekeeper-002"]

        argv = ["rotate", str(m), *code, "--root-key", str(keys.root), "--key", small.hk_id,
                "--new-key-out", str(out), "--in-place"]  # fmt: skip
        return Command(name, argv, m, m, [out], check, True)
    if name == "revoke the stolen agent key in place, granting a new one":

        def check() -> None:
            files = opened(m)
            assert "key-001" not in active(files) and next(iter(active(files))) == "key-002"
            assert KeyPair.from_pem(files["keys/signing.key"]).jwk == active(files)["key-002"]

        argv = ["revoke", str(m), *code, "--root-key", str(keys.root), "--key", "key-001",
                "--reason", "compromise", "--cutoff", small.head, "--grant-agent", "--disown",
                "--in-place", "--no-backup"]  # fmt: skip
        return Command(name, argv, m, m, [], check, False)
    if name == "grant an auditor key to a new file":
        new, out = work / "granted.aleth", work / "au2.pem"

        def check() -> None:
            assert KeyPair.load(out).jwk == active(opened(new))["auditor-002"]
            assert m.read_bytes() == blob.blob

        argv = ["grant", str(m), *code, "--root-key", str(keys.root), "--role", "auditor",
                "--key-out", str(out), "-o", str(new)]  # fmt: skip
        return Command(name, argv, m, new, [out], check, False)
    if name == "migrate a directory store in place":
        m.unlink()
        w = StoreWriter.create(legacy=True, clock=stepping_clock())
        for i in range(3):
            w.commit({"kind": "fact", "text": f"legacy memory {i}"})
        store = write_directory(w.store, work / "store")
        out = work / "root.pem"

        def check() -> None:
            files = read_directory(store).files
            ra = loads_strict(files["root_authority.json"])[0]
            assert KeyPair.load(out).jwk == ra["root_public_key"]

        argv = ["migrate", str(store), "--root-key-out", str(out), "--in-place"]
        return Command(name, argv, store, store, [out], check, True)
    if name == "label in place over an earlier backup":
        bak = safe.backup_path(m)
        bak.write_bytes(blob.blob)  # an earlier version of this file (the same container)

        def check() -> None:
            files = opened(m)
            assert (
                sum(p.startswith("commits/") for p in files)
                == sum(p.startswith("commits/") for p in small.files) + 1
            )

        argv = ["label", str(m), *code, "--memory", small.memories[0], "--label", "poison_suspect",
                "--key", str(keys.hk), "--reason", "flagged", "--in-place"]  # fmt: skip
        return Command(name, argv, m, m, [], check, True)
    if name == "rekey in place with a new recovery code":
        out = work / "code.txt"

        def check() -> None:
            new_code = out.read_text().strip()
            assert opened(m, Credential(recovery_code=new_code)) == dict(small.files)
            with pytest.raises(C.ContainerError):
                open_path(m, Credential(recovery_code=blob.code))

        argv = ["rekey", str(m), *code, "--new-passphrase-file", str(creds.new_passphrase),
                "--new-recovery-code-out", str(out), "--in-place"]  # fmt: skip
        return Command(name, argv, m, m, [out], check, False)
    if name == "recover to a new file with a new code":
        new, out = work / "recovered.aleth", work / "code.txt"

        def check() -> None:
            assert opened(new, Credential(recovery_code=out.read_text().strip())) == dict(small.files)

        argv = ["recover", str(m), *code, "--new-passphrase-file", str(creds.new_passphrase),
                "--new-recovery-code-out", str(out), "-o", str(new)]  # fmt: skip
        return Command(name, argv, m, new, [out], check, False)
    raise AssertionError(name)


COMMANDS = [
    "rotate the housekeeper key in place",
    "revoke the stolen agent key in place, granting a new one",
    "grant an auditor key to a new file",
    "migrate a directory store in place",
    "label in place over an earlier backup",
    "rekey in place with a new recovery code",
    "recover to a new file with a new code",
]


# --------------------------------------------------------------------------- states


def listing(work: Path) -> dict[str, str | None]:
    """Top-level names in ``work`` (lock files aside) → fingerprint."""
    out = {}
    for p in work.iterdir():
        if p.name.endswith(safe.LOCK_SUFFIX):
            continue
        out[p.name] = fingerprint(p) if (p.is_file() or (p.is_dir() and (p / "HEAD").exists())) else None
    return out


def is_old(cmd: Command, before: dict[str, str | None]) -> bool:
    return fingerprint(cmd.target) == before.get(cmd.target.name) if cmd.target.exists() else not cmd.in_place


def assert_whole(cmd: Command, before: dict[str, str | None]) -> bool:
    """Right after an interruption: FILE is the old or the new file, whole; when it is the
    new one, every secret is in place already.  Returns whether it is the new one."""
    if is_old(cmd, before):
        return False
    cmd.check_new()
    for s in cmd.secrets:
        assert s.exists() and (s.stat().st_mode & 0o777) == 0o600, s
    return True


def assert_settled(cmd: Command, before: dict[str, str | None], new: bool) -> None:
    """Once the journal is resolved: the old file and nothing new, or the new file with
    all its secrets and nothing else new (a backup when one was asked)."""
    now = listing(cmd.file.parent)
    if not new:
        assert now == before, f"not as before: {sorted(set(now) ^ set(before))}"
        return
    cmd.check_new()
    expected = set(before) | {cmd.target.name} | {s.name for s in cmd.secrets}
    if cmd.kept_backup:
        expected.add(safe.backup_path(cmd.file).name)
        assert now[safe.backup_path(cmd.file).name] == before[cmd.file.name], "FILE.bak is not the old file"
    assert set(now) == expected, (sorted(set(now) - expected), sorted(expected - set(now)))
    if not cmd.in_place:
        assert now[cmd.file.name] == before[cmd.file.name]
    if cmd.file.is_file():  # a directory store is plaintext by nature; a sealed file's never is
        assert_no_plaintext(cmd.file.parent, exclude={s.name for s in cmd.secrets})


def recover(cmd: Command) -> None:
    """What the next write does first."""
    with safe.exclusive(cmd.target):
        safe.recover(cmd.target)


# --------------------------------------------------------------------------- running


def _child(argv: list[str], at: str, conn: Connection) -> None:
    """In the child: run the command and kill this process at step ``at``."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        import sys

        sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - the child ends with os._exit

        def hook(step: str) -> None:
            if step == at:
                conn.send_bytes(b"k")
                os.kill(os.getpid(), signal.SIGKILL)

        safe.STEP_HOOK = hook
        code = main(argv)
        conn.send_bytes(b"e%d" % code)
    finally:
        os._exit(0)


def killed_at(argv: list[str], at: str) -> None:
    r, w = _CTX.Pipe(duplex=False)
    proc = _CTX.Process(target=_child, args=(argv, at, w))
    proc.start()
    w.close()
    try:
        said = b""
        while True:  # until the child is gone (its end of the pipe closes)
            try:
                said += r.recv_bytes()
            except EOFError:
                break
        proc.join()
    finally:
        with contextlib.suppress(ProcessLookupError, TypeError):
            os.kill(proc.pid, signal.SIGKILL)  # type: ignore[arg-type]
        r.close()
    assert said == b"k" and proc.exitcode == -signal.SIGKILL, (at, said, proc.exitcode)


def run_in_process(
    argv: list[str], capsys: pytest.CaptureFixture[str], hook: Callable[[str], None] | None
) -> tuple[int, str, str]:
    capsys.readouterr()
    safe.STEP_HOOK = hook
    try:
        code = main(argv)
    finally:
        safe.STEP_HOOK = None
    out = capsys.readouterr()
    return code, out.out, out.err


def inject(kind: str, at: str) -> Callable[[str], None]:
    def hook(step: str) -> None:
        if step != at:
            return
        if kind == "EIO":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        os.kill(os.getpid(), getattr(signal, kind))

    return hook


@pytest.fixture(params=range(len(COMMANDS)), ids=COMMANDS)
def index(request: pytest.FixtureRequest) -> int:
    return int(request.param)


def test_every_command_interrupted_at_every_step(
    index: int, tmp_path: Path, small, sealed_blob, keys, creds, capsys
) -> None:
    name = COMMANDS[index]
    work = tmp_path / "w"

    def fresh() -> tuple[Command, dict[str, str | None]]:
        if work.exists():
            shutil.rmtree(work)
        work.mkdir()
        cmd = make_command(name, work, small, sealed_blob, keys, creds)
        return cmd, listing(work)

    cmd, before = fresh()
    steps: list[str] = []
    code, out, err = run_in_process(cmd.argv, capsys, steps.append)
    assert code == 0, err
    assert out.rstrip().splitlines()[-1].startswith(f"wrote {cmd.target} (SHA-256 ")
    assert_settled(cmd, before, new=True)
    assert steps[0] == "journal" and "switch" in steps and steps[-1] == "cleaned"
    switch = steps.index("switch")
    for j, at in enumerate(steps):
        # SIGKILL: what is on the disk at that instant, then what the next write makes of it
        cmd, before = fresh()
        killed_at(cmd.argv, at)
        new = assert_whole(cmd, before)
        assert new == (j > switch), at
        recover(cmd)
        assert_settled(cmd, before, new)
        # a signal or a failure the command answers: its last words match the outcome
        kind = KINDS[(index + j) % len(KINDS)]
        cmd, before = fresh()
        code, out, err = run_in_process(cmd.argv, capsys, inject(kind, at))
        if j <= switch:
            assert code == (3 if kind == "EIO" else 130), (at, kind, err)
            last = err.rstrip().splitlines()[-1]
            assert last.endswith("nothing was written"), (at, kind, last)
            assert "wrote " not in out
            assert_settled(cmd, before, new=False)
        else:
            assert code == 0, (at, kind, err)
            lines = out.rstrip().splitlines()
            assert lines[-1].startswith(f"wrote {cmd.target} (SHA-256 "), (at, kind, lines[-1])
            for s in cmd.secrets:
                assert f"saved {s} (mode 0600)" in lines
            if kind == "EIO":
                assert "warning:" in err
            else:
                assert "interrupted once the write was complete" in err
            assert_whole(cmd, before)
            recover(cmd)  # a failed step after the switch is finished by the next write
            assert_settled(cmd, before, new=True)


def test_a_sealed_backup_copy_the_program_did_not_write_survives_every_command(
    tmp_path: Path, small, sealed_blob, keys, creds, capsys
) -> None:
    """Issue 21: a sealed ``F.bak-…`` (the name older builds gave their backups) that this
    program did not write — another container, another passphrase — survives every
    command, written in place or not."""
    foreign = C.seal_v2(small.files, "someone else's passphrase")
    for name in COMMANDS:
        work = tmp_path / name.replace(" ", "-").replace(",", "")
        work.mkdir()
        cmd = make_command(name, work, small, sealed_blob, keys, creds)
        keep = cmd.file.parent / f"{cmd.file.name}.bak-20260105-093000-4242"
        keep.write_bytes(foreign)
        code, _out, err = run_in_process(cmd.argv, capsys, None)
        assert code == 0, (name, err)
        assert keep.read_bytes() == foreign, name
        cmd.check_new()


def test_the_retry_of_a_killed_command_meets_a_settled_state(
    tmp_path: Path, small, sealed_blob, keys, creds, capsys
) -> None:
    """Killed after its new key file was saved but before the switch: the key file is the
    killed run's (its journal says so), so the same command run again first removes it,
    says what it did, and then writes; a dry run in between only says a write is pending."""
    work = tmp_path / "w"
    work.mkdir()
    cmd = make_command(COMMANDS[0], work, small, sealed_blob, keys, creds)
    before = listing(work)
    killed_at(cmd.argv, "switch")
    assert cmd.secrets[0].exists() and not assert_whole(cmd, before)
    code, _out, err = run_in_process([*cmd.argv, "--dry-run"], capsys, None)
    assert "was interrupted; the next write finishes it or undoes it first" in err
    assert code == 3 and "hk2.pem already exists" in err  # as it stands until the write settles it
    assert cmd.secrets[0].exists()  # a dry run changes nothing
    code, out, err = run_in_process(cmd.argv, capsys, None)
    assert code == 0, err
    assert "was interrupted before the new file was in place" in err
    assert out.rstrip().splitlines()[-1].startswith(f"wrote {cmd.target} (SHA-256 ")
    assert_settled(cmd, before, new=True)


def test_with_json_the_interrupted_write_is_one_object_too(
    tmp_path: Path, small, sealed_blob, keys, creds, capsys
) -> None:
    import json

    for at, written in (("switch", False), ("switched", True)):
        work = tmp_path / at
        work.mkdir()
        cmd = make_command(COMMANDS[0], work, small, sealed_blob, keys, creds)
        code, out, _err = run_in_process([*cmd.argv, "--json"], capsys, inject("SIGTERM", at))
        doc = json.loads(out)  # exactly one object
        if written:
            assert code == 0 and doc["written"] == str(cmd.target) and doc["saved"] == [str(cmd.secrets[0])]
        else:
            assert code == 130 and doc == {"written": None, "interrupted": "SIGTERM"}
