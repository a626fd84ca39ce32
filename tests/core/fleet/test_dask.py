"""The Dask executor on a real ``distributed.LocalCluster`` (2 worker processes): the same
per-file answers as ``verify`` alone, a worker killed mid-file retried, a cancelled run
stopped on the workers, a worker that cannot see the files found out, a cluster without
workers given up on; secrets kept home."""

from __future__ import annotations

import os
import signal

import dask
import psutil
import pytest
from distributed import Client, LocalCluster

from inspector.core.container import Credential
from inspector.core.errors import Cancelled, InspectorError
from inspector.core.fleet.audit import AuditOptions, check_send_secrets, plan, run_audit
from inspector.core.fleet.credentials import load_rules
from inspector.core.fleet.discover import discover
from inspector.core.fleet.executors import DaskExecutor
from inspector.core.fleet.task import FileJob, SentSecret
from inspector.core.verify.engine import CancelToken

from ...conftest import ALETHECH
from . import blind
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


def two_workers():  # type: ignore[no-untyped-def]
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        return LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        )


@pytest.fixture(scope="module")
def client(fleet, gate_dir):  # the fleet and the gates set the environment first: workers inherit it
    """The module's cluster; its workers are never killed (a nanny's restart is not promised)."""
    cluster = two_workers()
    c = Client(cluster, set_as_default=False)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


@pytest.fixture
def doomed(gate_dir):
    """A cluster of its own for a test that kills its workers."""
    cluster = two_workers()
    c = Client(cluster, set_as_default=False)
    try:
        yield c
    finally:
        c.close()
        cluster.close()


def test_the_fleet_on_a_two_worker_cluster_is_verify_file_by_file(fleet, client):
    ex = DaskExecutor(client=client)
    assert set(ex.versions().values()) == {__import__("inspector").__version__}
    result = run_audit(discover([str(fleet.root)]), rules=load_rules(fleet.credentials), executor=ex)
    assert_each_file_as_verify_alone(fleet, result)
    assert_valid(result.to_json())
    assert result.executor["executor"] == "dask" and result.executor["workers"] == 2
    assert len({e.worker for e in result.entries}) == 2  # both workers took files
    assert result.cluster == [] and ex.findings() == []
    # only references travelled: no secret in any worker's log or in the results
    logs = repr(client.get_worker_logs())
    text = repr(result.to_json())
    for secret in fleet.passphrases:
        assert secret not in logs and secret not in text


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.fixture
def verified(tmp_path):
    pw = tmp_path / "pass.txt"
    pw.write_text(PASSPHRASE, encoding="utf-8")
    return lambda path: comparable(verify_json(str(path), "--passphrase-file", str(pw)))


def test_a_worker_killed_mid_file_is_retried(tmp_path, doomed, gates, verified):
    client = doomed
    path = gated_copy(tmp_path / "f", "gate-dask-retried.aleth")
    ex = DaskExecutor(client=client)
    run = Background(ex, [FileJob(0, str(path), path.name, "sealed", CRED)])
    pid = wait_for(lambda: gates.entered(path.name), what="the task at its gate")
    gates.reset(path.name)
    os.kill(pid, signal.SIGKILL)
    again = wait_for(lambda: gates.entered(path.name), what="the retry at the gate")
    assert again != pid
    gates.open(path.name)
    run.join()
    assert run.error is None
    (res,) = run.results
    assert comparable(as_json(res.report)) == verified(path)
    assert str(pid) not in res.worker


def test_a_file_whose_worker_dies_twice_is_worker_lost(tmp_path, doomed, gates):
    client = doomed
    path = gated_copy(tmp_path / "f", "gate-dask-killer.aleth")
    ex = DaskExecutor(client=client)
    run = Background(ex, [FileJob(0, str(path), path.name, "sealed", CRED)])
    for _ in range(2):
        pid = wait_for(lambda: gates.entered(path.name), what="the task at its gate")
        gates.reset(path.name)
        os.kill(pid, signal.SIGKILL)
    run.join()
    (res,) = run.results
    assert (res.report.verdict, res.report.codes()) == ("error", {"worker_lost"})


def test_a_cancelled_run_stops_its_tasks_on_the_workers(tmp_path, client, gates):
    path = gated_copy(tmp_path / "f", "gate-dask-cancelled.aleth")
    ex = DaskExecutor(client=client)
    token = CancelToken()
    run = Background(ex, [FileJob(0, str(path), path.name, "sealed", CRED)], token)
    pid = wait_for(lambda: gates.entered(path.name), what="the task at its gate")
    token.cancel()
    run.join()
    assert isinstance(run.error, Cancelled)
    # the task stopped on its worker (not merely forgotten by the scheduler), and the worker lives
    wait_for(lambda: gates.cancelled(path.name), what="the task to stop on the worker")
    wait_for(lambda: not any(client.processing().values()), what="the worker to be free")
    assert _alive(pid)


def test_a_worker_that_cannot_see_the_files_is_found_out(tmp_path, client, verified):
    """One worker without the fleet's mount: its "not found" answers are set aside, the files
    verified by the other worker, and the worker reported."""
    folder = tmp_path / "mount"
    for i in range(6):
        gated_copy(folder, f"agent-{i}.aleth")
    (tmp_path / "pass.txt").write_text(PASSPHRASE, encoding="utf-8")
    (tmp_path / "rules.toml").write_text('[[file]]\nmatch = "*.aleth"\npassphrase_file = "pass.txt"\n')
    addr = sorted(client.scheduler_info()["workers"])[0]
    client.run(blind.install, str(folder), workers=[addr])
    try:
        ex = DaskExecutor(client=client)
        result = run_audit(discover([str(folder)]), rules=load_rules(tmp_path / "rules.toml"), executor=ex)
    finally:
        client.run(blind.uninstall, workers=[addr])
    assert len(result.entries) == 6 and result.exit_code == 0
    for e in result.entries:
        assert comparable(as_json(e.report)) == verified(e.target.location)
    (finding,) = result.cluster
    assert finding.code == "worker_cannot_read" and finding.object_id == addr
    assert_valid(result.to_json())


def test_a_cluster_without_workers_is_given_up_after_the_grace_period(tmp_path, fleet):
    """The command line against a scheduler with no worker: the report is written, every file
    listed as not checked and why, and the audit exits 6 (incomplete)."""
    import contextlib
    import io
    import json

    from inspector.cli.main import main

    gated_copy(tmp_path / "f", "a.aleth")
    gated_copy(tmp_path / "f", "b.aleth")
    out = tmp_path / "report.json"
    with (
        LocalCluster(n_workers=0, processes=True, dashboard_address=":0", silence_logs=40) as cluster,
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        argv = ["audit", str(tmp_path / "f"), "--scheduler", cluster.scheduler_address]
        code = main([*argv, "--cluster-grace", "1", "--format", "json", "-o", str(out)])
    assert code == 7  # incomplete
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert_valid(doc)
    assert doc["incomplete"] == "no_workers" and doc["verdict"] == "incomplete" and doc["files"] == []
    assert [n["code"] for n in doc["not_checked"]] == ["no_workers", "no_workers"]
    assert "No Dask worker was alive for 1 s." in doc["not_checked"][0]["reason"]


def test_send_secrets_only_over_tls():
    for address in ("tcp://10.0.0.1:8786", "ws://h:1", "inproc://x"):
        with pytest.raises(InspectorError) as err:
            check_send_secrets(address)
        assert err.value.code == "insecure_scheduler"
    check_send_secrets("tls://10.0.0.1:8786")
    check_send_secrets(None)  # local workers: the secret goes through a pipe


def test_send_secrets_to_a_tls_cluster(tmp_path):
    from distributed.security import Security

    sec = Security.temporary()
    with (
        LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            security=sec,
            silence_logs=40,
        ) as cluster,
        Client(cluster, security=sec, set_as_default=False) as c,
    ):
        ex = DaskExecutor(client=c)
        assert ex.address.startswith("tls://")
        check_send_secrets(ex.address)
        (tmp_path / "f").mkdir()
        (tmp_path / "f" / "a.aleth").write_bytes(SEALED.read_bytes())
        (tmp_path / "pass").write_text(PASSPHRASE + "\n", encoding="utf-8")
        (tmp_path / "rules.toml").write_text('[[file]]\nmatch = "*.aleth"\npassphrase_file = "pass"\n')
        rules = load_rules(tmp_path / "rules.toml")
        jobs = plan(discover([str(tmp_path / "f")]).targets, rules, AuditOptions(send_secrets=True))
        assert all(isinstance(j.credential, SentSecret) for j in jobs)
        (tmp_path / "pass").unlink()  # the workers cannot read it: the secret itself travels
        (e,) = list(ex.run(jobs))
    assert e.report.verdict == "pass", e.report.findings


def test_the_cli_runs_the_fleet_on_the_cluster(fleet, client, capsys):
    import json

    from inspector.cli.main import main

    address = client.scheduler.address
    code = main(
        [
            "audit",
            str(fleet.root),
            "--credentials",
            str(fleet.credentials),
            "--scheduler",
            address,
            "--format",
            "json",
            "--progress",
            "off",
        ]
    )
    doc = json.loads(capsys.readouterr().out)
    assert_valid(doc)
    assert code == doc["exit_code"] == 1  # the fleet has failing files
    assert doc["executor"] == {"executor": "dask", "scheduler": address, "workers": 2}
    assert len(doc["files"]) == len(fleet.creds)
    for f in doc["files"]:
        if f["location"] not in fleet.no_rule:
            assert comparable(f["report"]) == fleet.expected(f["location"]), f["path"]


def test_one_file_replaced_while_read_does_not_make_a_worker_blind(tmp_path):
    """The rule, without a cluster: a worker that reads files and once said "not found" of a
    file another worker then read (a file replaced at that moment) is not reported; a worker
    that read nothing, or was contradicted twice, is."""
    from collections import deque

    from inspector.core.fleet.executors import _Flight, _Held, _Workers
    from inspector.core.fleet.task import FileResult
    from inspector.core.verify.report import Report, Verdict

    ex = DaskExecutor.__new__(DaskExecutor)
    ex._workers = _Workers()
    held: deque = deque()

    def answer(worker: str, ok: bool, second: _Held | None = None):
        r = Report(verdict=Verdict.PASS if ok else Verdict.UNOPENABLE)
        res = FileResult(0, r, 0.0, cannot_read=not ok, address=worker)
        job = FileJob(0, "/x", "x", "sealed")
        return list(ex._judge(_Flight(None, job, second), res, held))

    for _ in range(3):
        assert answer("busy", True)  # a worker that reads files
    assert answer("busy", False) == [] and len(held) == 1  # held for a second opinion
    assert answer("other", True, held.popleft())  # another worker read it
    assert ex.findings() == []  # once, while reading others: not blind
    assert answer("busy", False) == [] and answer("other", True, held.popleft())
    assert [f.object_id for f in ex.findings()] == ["busy"]  # twice: reported
    assert answer("blind", False) == [] and answer("other", True, held.popleft())
    assert [f.object_id for f in ex.findings()] == ["blind", "busy"]  # read nothing: at once
