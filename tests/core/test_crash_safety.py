"""Crash safety of in-place writes (SPEC E): a writer killed with SIGKILL at any
moment leaves the target path holding either the old file or the new complete
file — both verifying — and at most a backup and a temp file beside it; the
next successful run leaves no stray temp file.

Each write runs in a ``python -c`` subprocess.  Kill points are spread over
0…1.5× the measured duration of a full run, plus deterministic points reached
through hooks inside the write (after the backup copy, after the temp file is
written, after the rename, before the backup is removed).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from inspector.core.canonical import loads_strict
from inspector.core.container import Credential
from inspector.core.errors import ContainerError
from inspector.core.opener import open_and_verify, open_path
from inspector.core.store import Store, write_directory

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo.aleth"
ROOT_KEY = ROOT / "resources" / "demo.keys" / "root.pem"
RECOVERY = (ROOT / "resources" / "demo.recovery.txt").read_text(encoding="utf-8").strip()
PASS_A, PASS_B = "demo", "crash-test passphrase B"

# Hooks: when HOOK names a stage, the writer prints "STAGE <name>" and waits to be killed there.
PRELUDE = r"""
import os, shutil, sys, time
HOOK = sys.argv[1]
def _stop(name):
    if HOOK == name:
        print("STAGE " + name, flush=True)
        time.sleep(120)
_copy2 = shutil.copy2
def copy2(*a, **k):
    r = _copy2(*a, **k)
    _stop("after-backup")
    return r
shutil.copy2 = copy2
_replace = os.replace
def replace(src, dst, *a, **k):
    tmp = str(src).endswith(".tmp")
    if tmp:
        _stop("tmp-written")
    r = _replace(src, dst, *a, **k)
    if tmp:
        _stop("after-replace")
    return r
os.replace = replace
_unlink = os.unlink
def unlink(p, *a, **k):
    if ".bak-" in str(p):
        _stop("before-backup-unlink")
    return _unlink(p, *a, **k)
os.unlink = unlink
_rename = os.rename
def rename(src, dst, *a, **k):
    r = _rename(src, dst, *a, **k)
    if ".bak-" in str(dst):
        _stop("between-renames")
    return r
os.rename = rename
import inspector.core.write.safe as _safe
_exchange = _safe.rename_exchange
def exchange(a, b):
    _stop("before-exchange")
    r = _exchange(a, b)
    _stop("after-exchange")
    return r
_safe.rename_exchange = exchange
from inspector.core.container import Credential
from inspector.core.errors import ContainerError
from inspector.core.keys import KeyPair
from inspector.core.write import authoring as A
"""

# Rekey in place, toggling between two passphrases (whichever opens the file now).
REKEY = (
    PRELUDE
    + r"""
path, a, b, code = sys.argv[2:6]
try:
    src = A.load_source(path, Credential(passphrase=a)); new = b
except ContainerError:
    src = A.load_source(path, Credential(passphrase=b)); new = a
res = A.rekey(src, new, keep_recovery_code=code)
A.write_result(res, None, in_place=True, new_passphrase=new)
print("DONE", flush=True)
"""
)

ROTATE = (
    PRELUDE
    + r"""
path, passphrase, root = sys.argv[2:5]
src = A.load_source(path, Credential(passphrase=passphrase))
res = A.rotate(src, KeyPair.load(root))
A.write_result(res, None, in_place=True)
print("DONE", flush=True)
"""
)

DIR_GRANT = (
    PRELUDE
    + r"""
path, root = sys.argv[2:4]
src = A.load_source(path)
res = A.grant(src, KeyPair.load(root), "auditor")
A.write_result(res, None, in_place=True)
print("DONE", flush=True)
"""
)


def spawn(script: str, hook: str, *args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, hook, *map(str, args)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def run_to_end(script: str, *args: object) -> float:
    t0 = time.monotonic()
    p = spawn(script, "none", *args)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0 and "DONE" in out, err
    return time.monotonic() - t0


def kill_after(p: subprocess.Popen[str], delay: float) -> None:
    try:
        p.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        p.kill()  # SIGKILL
    p.communicate(timeout=60)


def kill_at_stage(p: subprocess.Popen[str], stage: str) -> None:
    assert p.stdout is not None
    line = p.stdout.readline()  # blocks until the hook fires (or the process ends)
    p.kill()
    _, err = p.communicate(timeout=60)
    assert line.strip() == f"STAGE {stage}", f"never reached {stage}: {line!r} {err[-2000:]}"


def which_passphrase(path: Path) -> str:
    for pw in (PASS_A, PASS_B):
        try:
            open_path(path, Credential(passphrase=pw))
            return pw
        except ContainerError as exc:
            assert exc.code == "wrong_passphrase", exc.describe()
    raise AssertionError(f"{path} opens with neither passphrase")


def assert_verifies(path: Path, cred: Credential | None) -> Store:
    report = open_and_verify(path, cred)
    assert report.verdict == "pass", [f.code for f in report.findings if f.severity.value == "error"]
    return open_path(path, cred).store


def extras(directory: Path, target: str) -> tuple[list[str], list[str], list[str]]:
    """(backups, temp files, anything else) beside the target."""
    names = sorted(n for n in os.listdir(directory) if n != target)
    backups = [n for n in names if n.startswith(f"{target}.bak-")]
    temps = [n for n in names if n.endswith(".tmp")]
    other = [n for n in names if n not in backups and n not in temps]
    return backups, temps, other


@pytest.fixture(scope="module")
def payload() -> dict[str, bytes]:
    return open_path(DEMO, Credential(passphrase=PASS_A)).store.files


def test_rekey_in_place_killed_at_many_points(tmp_path: Path, payload: dict[str, bytes]) -> None:
    # the duration of one full run, measured on a separate copy
    probe = tmp_path / "probe"
    probe.mkdir()
    shutil.copy(DEMO, probe / "demo.aleth")
    duration = run_to_end(REKEY, probe / "demo.aleth", PASS_A, PASS_B, RECOVERY)

    work = tmp_path / "work"
    work.mkdir()
    target = work / "demo.aleth"
    shutil.copy(DEMO, target)
    points = 16
    delays = [("delay", 1.5 * duration * i / (points - 1)) for i in range(points)]
    stages = [("stage", s) for s in ("after-backup", "tmp-written", "after-replace", "before-backup-unlink")]
    outcomes = {"old": 0, "new": 0}
    for kind, when in delays + stages:
        before = target.read_bytes()
        before_pw = which_passphrase(target)
        seen_backups, seen_temps, _ = extras(work, target.name)
        p = spawn(REKEY, when if kind == "stage" else "none", target, PASS_A, PASS_B, RECOVERY)
        if kind == "stage":
            kill_at_stage(p, str(when))
        else:
            kill_after(p, float(when))

        # the target holds the old file or the new complete one, and it verifies
        assert target.is_file(), f"target missing after a kill at {kind} {when}"
        pw = which_passphrase(target)
        store = assert_verifies(target, Credential(passphrase=pw))
        assert store.files == payload
        assert_verifies(target, Credential(recovery_code=RECOVERY))  # the kept recovery slot
        if target.read_bytes() == before:
            outcomes["old"] += 1
        else:
            assert pw != before_pw, "changed bytes must be the new file (the other passphrase)"
            outcomes["new"] += 1
        # beside it: at most one new backup and one new temp file from this run
        backups, temps, other = extras(work, target.name)
        assert other == [], other
        assert len(set(backups) - set(seen_backups)) <= 1
        assert len(set(temps) - set(seen_temps)) <= 1
        for b in set(backups) - set(seen_backups):  # a backup left by a kill is a whole old file
            if (work / b).stat().st_size == len(before):
                assert (work / b).read_bytes() == before
    assert outcomes["old"] >= 1 and outcomes["new"] >= 1, outcomes

    # a following successful run in the same directory
    leftover_temps = extras(work, target.name)[1]
    run_to_end(REKEY, target, PASS_A, PASS_B, RECOVERY)
    assert_verifies(target, Credential(passphrase=which_passphrase(target)))
    backups, temps, other = extras(work, target.name)
    assert other == []
    # regression test for a bug found by this test (now fixed)
    assert temps == [], f"stray temp files after a successful run: {temps} (were: {leftover_temps})"


def test_rotate_in_place_killed_at_many_points(tmp_path: Path) -> None:
    probe = tmp_path / "probe"
    probe.mkdir()
    shutil.copy(DEMO, probe / "demo.aleth")
    duration = run_to_end(ROTATE, probe / "demo.aleth", PASS_A, ROOT_KEY)

    work = tmp_path / "work"
    work.mkdir()
    target = work / "demo.aleth"
    shutil.copy(DEMO, target)
    cred = Credential(passphrase=PASS_A)
    points = 7
    plan = [("delay", 1.5 * duration * i / (points - 1)) for i in range(points)]
    plan += [("stage", "tmp-written"), ("stage", "after-replace")]
    changed = 0
    for kind, when in plan:
        before = target.read_bytes()
        n_events = open_path(target, cred).store.count("control_events")
        p = spawn(ROTATE, when if kind == "stage" else "none", target, PASS_A, ROOT_KEY)
        if kind == "stage":
            kill_at_stage(p, str(when))
        else:
            kill_after(p, float(when))
        assert target.is_file()
        store = assert_verifies(target, cred)
        if target.read_bytes() != before:
            # the new complete file: exactly one more control event, a key_rotation
            assert store.count("control_events") == n_events + 1
            events = sorted(
                (loads_strict(d)[0] for _, d in store.list("control_events")), key=lambda e: e["sequence"]
            )
            assert events[-1]["event_type"] == "key_rotation"
            changed += 1
        else:
            assert store.count("control_events") == n_events
        _backups, _temps, other = extras(work, target.name)
        assert other == [], other
    assert changed >= 1


def test_directory_in_place_killed_around_the_exchange(tmp_path: Path, payload: dict[str, bytes]) -> None:
    """A directory store written in place is swapped with the new one in a single
    atomic exchange (renameat2): killed just before or just after it, the target
    path holds a verifying store (old or new), and the next run cleans up."""
    work = tmp_path / "work"
    work.mkdir()
    target = write_directory(Store(dict(payload)), work / "store")
    (target / "keys" / "root.key").write_bytes(ROOT_KEY.read_bytes())  # unmanaged: must survive
    for stage in ("before-exchange", "after-exchange"):
        p = spawn(DIR_GRANT, stage, target, ROOT_KEY)
        kill_at_stage(p, stage)
        assert target.is_dir(), f"no store at {target} after a kill at {stage}: {sorted(os.listdir(work))}"
        assert open_and_verify(target).verdict == "pass"
        assert (target / "keys" / "root.key").read_bytes() == ROOT_KEY.read_bytes()
    run_to_end(DIR_GRANT, target, ROOT_KEY)
    assert sorted(os.listdir(work)) == ["store"]  # no stray new/old directory remains
    assert open_and_verify(target).verdict == "pass"
