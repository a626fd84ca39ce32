"""The Dask executor on a real ``distributed.LocalCluster`` (2 worker processes): the same
per-file answers as ``verify`` alone, a worker killed mid-file retried, secrets kept home."""

from __future__ import annotations

import os
import signal

import dask
import psutil
import pytest
from distributed import Client, LocalCluster

from inspector.core.container import Credential
from inspector.core.errors import InspectorError
from inspector.core.fleet.audit import AuditOptions, check_send_secrets, plan, run_audit
from inspector.core.fleet.credentials import load_rules
from inspector.core.fleet.discover import discover
from inspector.core.fleet.executors import DaskExecutor
from inspector.core.fleet.task import FileJob
from inspector.core.opener import open_and_verify

from ...conftest import ALETHECH
from .conftest import Background, assert_each_file_as_verify_alone, comparable, feed_fifo, wait_for
from .schema import assert_valid

SEALED = ALETHECH / "01_basic" / "memory.aleth"
CRED = Credential(passphrase="basalt-żółw-yarrow-6077")


@pytest.fixture(scope="module")
def client(fleet):  # the fleet sets its environment first: workers inherit it
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        )
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


def test_a_worker_killed_mid_file_is_retried(tmp_path, client):
    fifo = tmp_path / "slow.aleth"
    os.mkfifo(fifo)
    ex = DaskExecutor(client=client)
    run = Background(ex, [FileJob(0, str(fifo), "slow.aleth", "sealed", CRED)])
    addr = wait_for(lambda: next((a for a, ks in client.processing().items() if ks), None), what="the task")
    pid = client.run(os.getpid, workers=[addr])[addr]
    os.kill(pid, signal.SIGKILL)
    # feed the pipe only once the killed reader is gone and the retry is running elsewhere
    wait_for(lambda: not _alive(pid), what="the killed worker to go")
    wait_for(lambda: any(ks and a != addr for a, ks in client.processing().items()), what="the retry")
    feed_fifo(fifo, SEALED.read_bytes())
    run.join()
    assert run.error is None
    (res,) = run.results
    assert comparable(res.report.to_json()) == comparable(open_and_verify(SEALED, CRED).to_json())
    assert str(pid) not in res.worker


def test_a_file_whose_worker_dies_twice_is_worker_lost(tmp_path, client):
    fifo = tmp_path / "killer.aleth"
    os.mkfifo(fifo)
    ex = DaskExecutor(client=client)
    run = Background(ex, [FileJob(0, str(fifo), "killer.aleth", "sealed", CRED)])
    killed: list[int] = []
    for _ in range(2):

        def running():
            for a, ks in client.processing().items():
                if ks:
                    try:
                        pid = client.run(os.getpid, workers=[a]).get(a)
                    except OSError:  # a worker that is going away
                        continue
                    if pid not in killed and _alive(pid):
                        return pid
            return None

        pid = wait_for(running, what="the task on a live worker")
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)
    run.join()
    (res,) = run.results
    assert (res.report.verdict, res.report.codes()) == ("error", {"worker_lost"})
    client.wait_for_workers(2)  # the nannies restart the workers for the next tests (no clock: on a loaded
    # machine a restart took over a minute, and the next tests need both)


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
        (tmp_path / "pass").write_text("basalt-żółw-yarrow-6077\n", encoding="utf-8")
        (tmp_path / "rules.toml").write_text('[[file]]\nmatch = "*.aleth"\npassphrase_file = "pass"\n')
        rules = load_rules(tmp_path / "rules.toml")
        jobs = plan(discover([str(tmp_path / "f")]).targets, rules, AuditOptions(send_secrets=True))
        assert all(isinstance(j.credential, Credential) for j in jobs)
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
