"""The local executor: worker processes (spawn), results streamed, lost workers retried
once with the file that killed its worker found, cancel stops everything."""

from __future__ import annotations

import os
import signal

import psutil
import pytest

from inspector.core.container import Credential
from inspector.core.errors import Cancelled
from inspector.core.fleet.audit import run_audit
from inspector.core.fleet.credentials import load_rules
from inspector.core.fleet.discover import discover
from inspector.core.fleet.executors import InlineExecutor, LocalExecutor
from inspector.core.fleet.task import FileJob
from inspector.core.opener import open_and_verify
from inspector.core.verify.engine import CancelToken

from ...conftest import ALETHECH
from .conftest import Background, StalledSecret, assert_each_file_as_verify_alone, comparable, wait_for
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


def _stalled_job(tmp_path, index=0, name="slow.aleth"):
    """A job whose worker waits (on its passphrase file) until the test releases it."""
    secret = StalledSecret(tmp_path / f"{name}.pass")
    return secret, FileJob(index, str(SEALED), name, "sealed", secret.ref())


def test_a_worker_killed_mid_file_is_retried_and_the_file_still_judged(tmp_path):
    secret, job = _stalled_job(tmp_path)
    ex = LocalExecutor(1)
    run = Background(ex, [job])
    first = wait_for(ex.worker_pids, what="a worker")[0]
    os.kill(first, signal.SIGKILL)  # killed while waiting for the file's secret
    wait_for(lambda: ex.worker_pids() and ex.worker_pids() != [first], what="a new worker")
    secret.release(PASSPHRASE.encode() + b"\n")  # the retry reads it and judges the file
    run.join()
    assert run.error is None
    (res,) = run.results
    assert comparable(res.report.to_json()) == comparable(open_and_verify(SEALED, CRED).to_json())


def test_a_file_that_kills_its_worker_twice_is_worker_lost_and_the_others_are_judged(tmp_path):
    secret, bad = _stalled_job(tmp_path, 0)
    good = [FileJob(i, str(SEALED), f"good-{i}", "sealed", CRED) for i in (1, 2, 3)]
    ex = LocalExecutor(2)
    run = Background(ex, [bad, *good])
    wait_for(lambda: len(run.results) == 3, what="the three good files")
    for _ in range(2):  # both times the file is in flight, its worker dies
        pids = wait_for(ex.worker_pids, what="workers")
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda pids=pids: not set(ex.worker_pids()) & set(pids), what="the pool to go")
    run.join()
    assert run.error is None
    by_index = {r.index: r.report for r in run.results}
    assert sorted(by_index) == [0, 1, 2, 3]
    assert all(by_index[i].verdict == "pass" for i in (1, 2, 3))
    lost = by_index[0]
    assert (lost.verdict, lost.codes()) == ("error", {"worker_lost"})
    assert "slow.aleth" in lost.findings[0].message
    secret.close()
    assert not secret.reader_waiting()  # nothing reads the pipe any more


def test_cancel_stops_the_workers_and_the_run_is_interrupted(tmp_path):
    secret, stuck = _stalled_job(tmp_path, 0)
    good = FileJob(1, str(SEALED), "good", "sealed", CRED)
    ex = LocalExecutor(2)
    token = CancelToken()
    run = Background(ex, [stuck, good], token)
    wait_for(lambda: len(run.results) == 1, what="the good file")
    pids = ex.worker_pids()
    assert pids
    token.cancel()
    run.join(30)
    assert isinstance(run.error, Cancelled)
    wait_for(
        lambda: not any(psutil.pid_exists(p) and psutil.Process(p).status() != "zombie" for p in pids),
        what="the workers to exit",
    )
    secret.close()


def test_run_audit_reports_an_interrupted_run(tmp_path):
    (tmp_path / "d").mkdir()
    for i in range(3):
        (tmp_path / "d" / f"stuck-{i}.aleth").write_bytes(SEALED.read_bytes())
    token = CancelToken()
    token.cancel()
    result = run_audit(discover([str(tmp_path / "d")]), executor=InlineExecutor(), cancel=token)
    assert result.interrupted and result.exit_code == 130 and result.verdict == "interrupted"
    assert [t.display.rsplit("/", 1)[1] for t in result.not_audited] == [f"stuck-{i}.aleth" for i in range(3)]
    assert result.to_json()["not_audited"] == [t.display for t in result.not_audited]


@pytest.mark.parametrize("jobs", [0, -3])
def test_jobs_below_one_means_one(jobs):
    assert LocalExecutor(jobs).jobs >= 1
