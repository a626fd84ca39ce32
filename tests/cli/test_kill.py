"""kill -9 during in-place rotate, rekey and label (issue 10, issue 16).

Each run is the real command (``main([...])``) in a child forked from a forkserver
that imported the program once (no interpreter start-up, and no lock copied from
another thread of the test process).  It is killed with SIGKILL at a random
instant — anywhere in the run, or inside the write itself (the child says when
the write starts; the kill comes within 1.5× the measured write time) — or at a
fixed step (just before or just after each file is published).  After every
kill: the file is the old version or the new one, whole, and verifies; no
plaintext is anywhere in the directory; only this program's own names are
beside it.  After a killed re-key, no copy beside the file opens with a
passphrase the file has left behind, and once the next command has run,
nothing but the file is there.

The commands open the file with its recovery code (HKDF, no scrypt) so that a
label or rotation run takes a few tens of milliseconds and the 30+ kills per
command stay cheap; a re-key still runs scrypt for its new passphrase slot.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import signal
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path

import pytest

from inspector.cli.main import main  # imported once here: the forked children share it
from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.opener import open_path
from inspector.core.verify.engine import verify
from inspector.core.write import authoring as A
from inspector.core.write import safe
from tests.core.write.checks import assert_no_plaintext, control_events

from .conftest import secret_file

KILLS, KILLS_ANYWHERE = 30, 8  # per command; the rest inside the write or at a fixed step
OURS = {".{}.aleth-inspector.tmp", ".{}.aleth-inspector.lock", "{}.bak", ".{}.bak.aleth-inspector.tmp"}


# The children come from a forkserver: a fresh single-threaded process that imported the
# program once.  Forking the test process itself (pytest-xdist's I/O threads, a Dask
# cluster's loop, the GUI tests' threads) could copy a lock some other thread held and
# leave the child silent; the forkserver's children start clean and cost no start-up.
_CTX = multiprocessing.get_context("forkserver")
_CTX.set_forkserver_preload(["inspector.cli.main", "inspector.core.write.authoring", "tests.cli.test_kill"])


def _wait_to_be_killed() -> None:
    while True:
        signal.pause()


def _run_child(argv: list[str], mode: str, conn: Connection, stage: int) -> None:
    """In the child: run ``aleth-inspector ARGV``, saying b"w" when the write starts,
    b"d" when it ends, b"e"/b"x" at the end; with ``mode == "stage"`` also b"s", then
    wait to be killed just before (stage > 0) or just after (stage < 0) the |stage|-th
    file it publishes."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        import sys

        sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - the child ends with os._exit
        real_write = A.write

        def write(*a, **k):  # type: ignore[no-untyped-def]
            conn.send_bytes(b"w")
            out = real_write(*a, **k)
            conn.send_bytes(b"d")
            return out

        A.write = write  # type: ignore[assignment]
        if mode == "stage":
            real_publish = safe._publish
            count = [0]

            def publish(*a, **k):  # type: ignore[no-untyped-def]
                count[0] += 1
                if count[0] == stage:
                    conn.send_bytes(b"s")
                    _wait_to_be_killed()
                out = real_publish(*a, **k)
                if count[0] == -stage:
                    conn.send_bytes(b"s")
                    _wait_to_be_killed()
                return out

            safe._publish = publish  # type: ignore[assignment]
        code = main(argv)
        conn.send_bytes(b"e" if code == 0 else b"x")
    finally:
        os._exit(0)


def child(argv: list[str], mode: str, conn: Connection, stage: int = 0) -> BaseProcess:
    proc = _CTX.Process(target=_run_child, args=(argv, mode, conn, stage))
    proc.start()
    return proc


def _kill(proc: BaseProcess) -> None:
    with contextlib.suppress(ProcessLookupError, TypeError):
        os.kill(proc.pid, signal.SIGKILL)  # type: ignore[arg-type]
    proc.join(30)


def read_until(conn: Connection, wanted: bytes | None, timeout: float = 60) -> bytes:
    """What the child says until it says ``wanted`` (or, with None, until it exits);
    a child that says nothing for ``timeout`` seconds fails the test, never hangs it."""
    got = b""
    deadline = time.monotonic() + timeout
    while wanted is None or wanted not in got:
        assert conn.poll(max(0.0, deadline - time.monotonic())), (
            f"the child said {got!r} and then nothing for {timeout} s"
        )
        try:
            got += conn.recv_bytes()
        except EOFError:
            break
    return got


def run_and_kill(argv: list[str], how: tuple[str, float | int]) -> None:
    r, w = _CTX.Pipe(duplex=False)
    mode, arg = how
    proc = child(argv, mode, w, int(arg) if mode == "stage" else 0)
    w.close()
    try:
        if mode == "anywhere":
            time.sleep(float(arg))
        elif mode == "in_write":
            read_until(r, b"w")
            time.sleep(float(arg))
        else:
            read_until(r, b"s")
    finally:
        _kill(proc)
        r.close()


def measure(argv: list[str]) -> tuple[float, float]:
    """(whole run, write) durations of one complete run."""
    r, w = _CTX.Pipe(duplex=False)
    t0 = time.monotonic()
    proc = child(argv, "none", w)
    w.close()
    got, marks = b"", {}
    try:
        while True:
            assert r.poll(60), f"the run said {got!r} and then nothing for 60 s"
            try:
                chunk = r.recv_bytes()
            except EOFError:
                break
            marks.setdefault(chunk, time.monotonic())
            got += chunk
    finally:
        _kill(proc)
        r.close()
    assert b"e" in got, f"the run did not succeed: {got!r}"
    return marks[b"e"] - t0, marks[b"d"] - marks[b"w"]


def plan(total: float, write: float, stages: int, rng: random.Random) -> list[tuple[str, float | int]]:
    how: list[tuple[str, float | int]] = [("stage", s) for n in range(1, stages + 1) for s in (n, -n)]
    how += [("anywhere", rng.uniform(0, total)) for _ in range(KILLS_ANYWHERE)]
    how += [("in_write", rng.uniform(0, 1.5 * write)) for _ in range(KILLS - len(how))]
    rng.shuffle(how)
    return how


def beside(path: Path) -> list[Path]:
    allowed = {n.format(path.name) for n in OURS}
    names = sorted(p.name for p in path.parent.iterdir() if p.name != path.name)
    assert set(names) <= allowed, f"unexpected files beside {path.name}: {names}"
    return [path.parent / n for n in names]


def whole_container(p: Path) -> C.Envelope | None:
    try:
        return C.parse_envelope(p.read_bytes())
    except C.ContainerError:
        return None


@pytest.fixture
def file(work: Path, sealed: Path) -> Path:
    return sealed


def check_after_kill(
    path: Path, key: Callable[[], Credential], old: dict[str, bytes], check_new: Callable[[dict, dict], None]
) -> bool:
    """The file is the old version or a new one, whole, and verifies; returns whether it changed."""
    assert path.is_file(), "the file is gone after a kill"
    store = open_path(path, key()).store
    report = verify(store)
    assert report.verdict == "pass", [f.code for f in report.findings if f.severity.value == "error"]
    changed = store.files != old
    if changed:
        check_new(old, store.files)
    for p in beside(path):  # the backup, when there is one, is a whole verifying file too
        if p.name.endswith(".bak"):
            assert verify(open_path(p, key()).store).verdict == "pass"
    assert_no_plaintext(path.parent)
    return changed


# --------------------------------------------------------------------------- label and rotate


@pytest.mark.parametrize("op", ["label", "rotate"])
def test_killed_in_place_writes_leave_the_old_or_the_new_file(
    file, creds, keys, small, sealed_blob, op
) -> None:
    rng = random.Random(f"kill-{op}")
    cred = lambda: Credential(recovery_code=sealed_blob.code)  # noqa: E731
    common = [str(file), "--recovery-code-file", str(creds.recovery), "--in-place"]
    targets = iter(range(10_000))

    def argv() -> list[str]:
        if op == "label":
            m = small.memories[next(targets) % len(small.memories)]
            return ["label", *common, "--memory", m, "--label", "poison_suspect", "--key", str(keys.hk),
                    "--reason", f"run {rng.random()}"]  # fmt: skip
        return ["rotate", *common, "--root-key", str(keys.root)]

    def check_new(old: dict[str, bytes], new: dict[str, bytes]) -> None:
        if op == "label":  # exactly one more commit: the label record
            assert (
                len([p for p in new if p.startswith("commits/")])
                == len([p for p in old if p.startswith("commits/")]) + 1
            )
        else:  # exactly one more control event, a key_rotation
            from inspector.core.store import Store

            events = control_events(Store(dict(new)))
            assert len(events) == len(control_events(Store(dict(old)))) + 1
            assert events[-1]["event_type"] == "key_rotation"

    total, write = measure(argv())
    changed = 0
    kills = plan(total, write, 2, rng)
    for how in kills:
        old = open_path(file, cred()).store.files
        run_and_kill(argv(), how)
        changed += check_after_kill(file, cred, old, check_new)
    assert len(kills) >= 30 and changed >= 1  # some kills came after the new file was in place
    measure(argv())  # the next command succeeds and leaves only the file and its backup
    assert {p.name for p in beside(file)} == {"m.aleth.bak", ".m.aleth.aleth-inspector.lock"}


# --------------------------------------------------------------------------- rekey


def passphrase_slots(env: C.Envelope) -> set[str]:
    import json

    return {json.dumps(s, sort_keys=True) for s in env.slots if s["type"] == "passphrase"}


def test_killed_rekeys_leave_nothing_the_old_passphrase_opens(file, creds, small, sealed_blob) -> None:
    rng = random.Random("kill-rekey")
    cred = lambda: Credential(recovery_code=sealed_blob.code)  # noqa: E731
    # an earlier in-place write left FILE.bak, and an older build a backup of its own
    A.write_result(
        A.label(A.load_source(file, key=sealed_blob.key), small.memories[0], "poison_suspect", small.hk, "r"),
        in_place=True,
    )
    (file.parent / "m.aleth.bak-20260105-093000-4242").write_bytes(file.read_bytes())
    counter = iter(range(10_000))

    def argv() -> list[str]:
        new = secret_file(creds.dir / f"p{next(counter)}.txt", f"passphrase {rng.random()}")
        return ["rekey", str(file), "--recovery-code-file", str(creds.recovery),
                "--new-passphrase-file", str(new), "--keep-recovery-code-file", str(creds.recovery),
                "--in-place"]  # fmt: skip

    left_behind: set[str] = set()  # passphrase slots of every version the file has left

    def current_slots() -> set[str]:
        env = whole_container(file)
        assert env is not None
        return passphrase_slots(env)

    def no_old_copies() -> None:
        for p in file.parent.iterdir():
            env = whole_container(p) if p != file and p.is_file() else None
            if env is not None:
                assert not passphrase_slots(env) & left_behind, f"{p.name} opens with an old passphrase"

    before = current_slots()
    total, write = measure(argv())
    left_behind |= before
    assert [p.name for p in beside(file)] == [".m.aleth.aleth-inspector.lock"]  # both old copies deleted
    kills = plan(total, write, 1, rng)
    changed = 0
    for how in kills:
        before = current_slots()
        old = open_path(file, cred()).store.files
        run_and_kill(argv(), how)
        if check_after_kill(file, cred, old, lambda o, n: None) or current_slots() != before:
            changed += 1
        after = current_slots()
        if after != before:
            left_behind |= before
        no_old_copies()
    assert len(kills) >= 30 and changed >= 1
    measure(argv())  # the next command runs to the end
    no_old_copies()
    assert [p.name for p in beside(file)] == [".m.aleth.aleth-inspector.lock"]
