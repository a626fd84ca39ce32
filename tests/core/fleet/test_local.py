"""The local executor: worker processes (spawn), results streamed, lost workers retried
once with the file that killed its worker found, cancel stops everything, and a worker
never outlives the process that started it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import psutil
import pytest

from inspector.core.container import Credential
from inspector.core.errors import Cancelled
from inspector.core.fleet.audit import run_audit
from inspector.core.fleet.credentials import load_rules
from inspector.core.fleet.discover import discover
from inspector.core.fleet.executors import InlineExecutor, LocalExecutor
from inspector.core.fleet.task import FileJob
from inspector.core.verify.engine import CancelToken

from ...conftest import ALETHECH
from .conftest import (
    Background,
    as_json,
    assert_each_file_as_verify_alone,
    comparable,
    gated_copy,
    verify_json,
    wait_for,
)
from .schema import assert_valid

SEALED = ALETHECH / "01_basic" / "memory.aleth"
PASSPHRASE = "basalt-żółw-yarrow-6077"
CRED = Credential(passphrase=PASSPHRASE)


def test_the_fleet_on_two_worker_processes_is_verify_file_by_file(fleet):
    seen = []
    ex = LocalExecutor(2)
    result = run_audit(
        discover([str(fleet.root)]),
        rules=load_rules(fleet.credentials),
        executor=ex,
        on_result=lambda e, done, total: seen.append((done, total, e.target.display)),
    )
    assert_each_file_as_verify_alone(fleet, result)
    assert_valid(result.to_json())
    n = len(result.entries)
    assert [d for d, _, _ in seen] == list(range(1, n + 1)) and {t for _, t, _ in seen} == {n}
    assert result.executor == {"executor": "local", "workers": 2}
    workers = {e.worker for e in result.entries}
    assert len(workers) == 2 and all(str(os.getpid()) not in w for w in workers)  # not this process
    assert ex.worker_pids() == []  # the pool is shut down


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.fixture
def verified(tmp_path):
    """What verify says of the sealed file, keyed by where it is copied."""
    pw = tmp_path / "pass.txt"
    pw.write_text(PASSPHRASE, encoding="utf-8")
    return lambda path: comparable(verify_json(str(path), "--passphrase-file", str(pw)))


def test_a_worker_killed_mid_file_is_retried_and_the_file_still_judged(tmp_path, gates, verified):
    path = gated_copy(tmp_path / "f", "gate-retried.aleth")
    ex = LocalExecutor(1)
    run = Background(ex, [FileJob(0, str(path), path.name, "sealed", CRED)])
    first = wait_for(lambda: gates.entered(path.name), what="a worker at the gate")
    gates.reset(path.name)
    os.kill(first, signal.SIGKILL)  # killed in the middle of the file
    second = wait_for(lambda: gates.entered(path.name), what="the retry at the gate")
    assert second != first
    gates.open(path.name)
    run.join()
    assert run.error is None
    (res,) = run.results
    assert comparable(as_json(res.report)) == verified(path)


def test_a_file_that_kills_its_worker_twice_is_worker_lost_and_the_others_are_judged(tmp_path, gates):
    bad = gated_copy(tmp_path / "f", "gate-killer.aleth")
    good = [FileJob(i, str(SEALED), f"good-{i}", "sealed", CRED) for i in (1, 2, 3)]
    ex = LocalExecutor(2)
    run = Background(ex, [FileJob(0, str(bad), bad.name, "sealed", CRED), *good])
    wait_for(lambda: len(run.results) == 3, what="the three good files")
    killed = []
    for _ in range(2):  # both times the file is in flight, its worker dies
        pid = wait_for(lambda: gates.entered(bad.name), what="the file at its gate")
        gates.reset(bad.name)
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)
    run.join()
    assert run.error is None
    by_index = {r.index: r.report for r in run.results}
    assert sorted(by_index) == [0, 1, 2, 3]
    assert all(by_index[i].verdict == "pass" for i in (1, 2, 3))
    lost = by_index[0]
    assert (lost.verdict, lost.codes()) == ("error", {"worker_lost"})
    assert "gate-killer.aleth" in lost.findings[0].message
    assert len(set(killed)) == 2 and gates.entered(bad.name) is None  # not tried a third time


def test_cancel_stops_the_workers_and_the_run_is_interrupted(tmp_path, gates):
    stuck = gated_copy(tmp_path / "f", "gate-stuck.aleth")
    good = FileJob(1, str(SEALED), "good", "sealed", CRED)
    ex = LocalExecutor(2)
    token = CancelToken()
    run = Background(ex, [FileJob(0, str(stuck), stuck.name, "sealed", CRED), good], token)
    wait_for(lambda: len(run.results) == 1, what="the good file")
    waiting = wait_for(lambda: gates.entered(stuck.name), what="the stuck file at its gate")
    pids = ex.worker_pids()
    assert waiting in pids
    token.cancel()
    run.join(30)
    assert isinstance(run.error, Cancelled)
    _, alive = psutil.wait_procs([psutil.Process(p) for p in pids if psutil.pid_exists(p)], timeout=30)
    assert not [p for p in alive if _alive(p.pid)]


def test_run_audit_reports_an_interrupted_run(tmp_path):
    (tmp_path / "d").mkdir()
    for i in range(3):
        (tmp_path / "d" / f"stuck-{i}.aleth").write_bytes(SEALED.read_bytes())
    token = CancelToken()
    token.cancel()
    result = run_audit(discover([str(tmp_path / "d")]), executor=InlineExecutor(), cancel=token)
    assert result.interrupted and result.exit_code == 130 and result.verdict == "interrupted"
    assert [t.display.rsplit("/", 1)[1] for t in result.not_audited] == [f"stuck-{i}.aleth" for i in range(3)]
    doc = result.to_json()
    assert [n["path"] for n in doc["not_checked"]] == [t.display for t in result.not_audited]
    assert {n["code"] for n in doc["not_checked"]} == {"interrupted"}
    assert all("interrupted" in n["reason"] for n in doc["not_checked"])


@pytest.mark.parametrize("jobs", [0, -3])
def test_jobs_below_one_means_one(jobs):
    assert LocalExecutor(jobs).jobs >= 1


CHILD = """
import os, sys, time
from inspector.core.fleet.executors import die_with_parent
print(die_with_parent(int(sys.argv[1])), flush=True)
sys.stdin.read()  # until the test closes the pipe; the process must be gone long before
"""

PARENT = """
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(__import__("os").getpid())],
                         stdin=subprocess.PIPE, stdout=sys.stdout)
print(child.pid, flush=True)
sys.stdin.read()
"""


def test_a_worker_dies_with_its_parent_even_killed_with_sigkill():
    """The parent-death signal: the parent is SIGKILLed (no clean-up code runs in it) and
    its child, blocked reading a pipe nobody will close, goes with it."""
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )
    try:
        lines = {parent.stdout.readline().strip() for _ in range(2)}  # the two processes write in any order
        (how,) = lines & {"pdeathsig", "watch"}  # how the child watches its parent
        (child_pid,) = (int(x) for x in lines - {how})
        child = psutil.Process(child_pid)
        parent.kill()
        parent.wait(60)
        gone, _ = psutil.wait_procs([child], timeout=60)
        assert gone, "the child outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()


def test_die_with_parent_refuses_a_parent_already_gone():
    code = (
        "from inspector.core.fleet.executors import die_with_parent\n"
        "die_with_parent(2**22 + 12345)\n"  # not its parent: that one is gone already
        "print('alive')"
    )
    res = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )
    assert res.returncode == 1 and "alive" not in res.stdout
