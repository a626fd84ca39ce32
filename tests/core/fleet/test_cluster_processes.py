"""Once, the cluster an operator runs: a ``dask scheduler`` process and ``dask worker``
processes started here, driven by the real command line.  A worker killed mid-file, a
worker that cannot see the files, the scheduler killed mid-run, and the scheduler
restarted on the same port mid-run: each run ends, within a hang guard, with a written
report and the documented exit code."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from inspector.cli.main import main

from .conftest import gated_copy, wait_for
from .schema import assert_valid

ROOT = Path(__file__).resolve().parents[3]
DASK = Path(sys.executable).parent / "dask"
PASSPHRASE = "basalt-żółw-yarrow-6077"
HANG_GUARD_S = 300  # a run that has not ended by then hangs (no assertion on speed)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """Processes started by this test, stopped by it (by pid, nothing else)."""

    def __init__(self, tmp: Path, gates: Path) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.env = dict(os.environ, PYTHONPATH=str(ROOT), ALETH_TEST_GATES=str(gates))
        self.procs: list[subprocess.Popen] = []
        self.scheduler: subprocess.Popen | None = None

    def _start(self, args: list[str], **env: str) -> subprocess.Popen:
        log = open(self.tmp / f"proc-{len(self.procs)}.log", "wb")  # noqa: SIM115 (closed with the process)
        p = subprocess.Popen(
            [str(DASK), *args], stdout=log, stderr=subprocess.STDOUT, env={**self.env, **env}, cwd=self.tmp
        )
        self.procs.append(p)
        return p

    def start_scheduler(self) -> None:
        self.scheduler = self._start(
            ["scheduler", "--host", "127.0.0.1", "--port", str(self.port), "--no-dashboard"]
        )

    def start_worker(self, **env: str) -> subprocess.Popen:
        args = ["worker", self.address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
        if "ALETH_TEST_BLIND" in env:
            args += ["--preload", str(Path(__file__).parent / "blind.py")]
        return self._start(args, **env)

    def workers(self, n: int) -> list[str]:
        """Wait until the scheduler has ``n`` workers; their addresses."""
        from distributed import Client

        with Client(self.address, set_as_default=False, timeout=120) as c:
            c.wait_for_workers(n, timeout=120)
            return sorted(c.scheduler_info()["workers"])

    def kill_scheduler(self) -> None:
        assert self.scheduler is not None
        self.scheduler.kill()
        self.scheduler.wait(60)

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(60)


class Audit:
    """``aleth-inspector audit`` in this process, on a thread: its exit code and its report."""

    def __init__(self, *argv: str) -> None:
        self.code: int | None = None
        self.thread = threading.Thread(target=self._run, args=(argv,), daemon=True)
        self.thread.start()

    def _run(self, argv: tuple[str, ...]) -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            self.code = main(["audit", *argv])

    def end(self) -> int:
        self.thread.join(HANG_GUARD_S)
        assert not self.thread.is_alive(), "the audit hangs"
        assert self.code is not None
        return self.code


def test_a_real_cluster_loses_a_worker_a_mount_and_its_scheduler(tmp_path, gates):  # noqa: PLR0915 -- one scenario, step by step
    if not DASK.exists():
        pytest.fail(f"{DASK} is missing: the cluster extra is part of the test install")
    fleet = tmp_path / "fleet"
    gate = "gate-processes.aleth"
    gated_copy(fleet, gate)
    for i in range(3):
        gated_copy(fleet, f"agent-{i}.aleth")
    mount = tmp_path / "mount"
    for i in range(6):
        gated_copy(mount, f"agent-{i}.aleth")
    (tmp_path / "pass.txt").write_text(PASSPHRASE, encoding="utf-8")
    rules = tmp_path / "rules.toml"
    rules.write_text('[[file]]\nmatch = "*.aleth"\npassphrase_file = "pass.txt"\n', encoding="utf-8")
    cluster = Cluster(tmp_path, gates.folder)

    def audit(folder: Path, out: str, *extra: str) -> Audit:
        return Audit(str(folder), "--credentials", str(rules), "--scheduler", cluster.address,
                     "--format", "json", "-o", str(tmp_path / out), "--progress", "off", *extra)  # fmt: skip

    def report(out: str) -> dict:
        doc = json.loads((tmp_path / out).read_text(encoding="utf-8"))
        assert_valid(doc)
        return doc

    try:
        cluster.start_scheduler()
        cluster.start_worker()
        cluster.start_worker()
        cluster.workers(2)

        # a worker killed in the middle of a file: the file is verified by the other one
        run = audit(fleet, "killed-worker.json")
        pid = wait_for(lambda: gates.entered(gate), timeout=HANG_GUARD_S, what="the gated file")
        gates.reset(gate)
        os.kill(pid, signal.SIGKILL)
        assert wait_for(lambda: gates.entered(gate), timeout=HANG_GUARD_S, what="the retry") != pid
        gates.open(gate)
        assert run.end() == 0
        doc = report("killed-worker.json")
        assert doc["exit_code"] == 0 and [f["report"]["verdict"] for f in doc["files"]] == ["pass"] * 4

        # a worker that cannot see the mount: its answers are set aside, the files judged elsewhere
        blind_worker = cluster.start_worker(ALETH_TEST_BLIND=str(mount))
        cluster.workers(2)
        assert audit(mount, "blind-worker.json").end() == 0
        doc = report("blind-worker.json")
        assert [f["report"]["verdict"] for f in doc["files"]] == ["pass"] * 6
        (finding,) = doc["cluster"]
        assert finding["code"] == "worker_cannot_read"
        assert blind_worker.poll() is None  # reported, not killed

        # the scheduler killed mid-run: the audit ends, incomplete, within the grace period
        gates.reset(gate)
        run = audit(fleet, "scheduler-lost.json", "--cluster-grace", "3")
        wait_for(lambda: gates.entered(gate), timeout=HANG_GUARD_S, what="the gated file")
        cluster.kill_scheduler()
        assert run.end() == 7
        doc = report("scheduler-lost.json")
        assert doc["incomplete"] == "scheduler_lost" and doc["verdict"] == "incomplete"
        assert any(n["path"].endswith(gate) and n["code"] == "scheduler_lost" for n in doc["not_checked"])
        assert len(doc["files"]) + len(doc["not_checked"]) == 4
        gates.open(gate)  # let the stranded task go

        # the scheduler restarted on the same port mid-run: the lost tasks are submitted again
        cluster.start_scheduler()
        cluster.start_worker()
        cluster.workers(1)
        gates.reset(gate)
        run = audit(fleet, "scheduler-restarted.json", "--cluster-grace", "120")
        wait_for(lambda: gates.entered(gate), timeout=HANG_GUARD_S, what="the gated file")
        cluster.kill_scheduler()
        cluster.start_scheduler()
        gates.open(gate)
        cluster.start_worker()
        assert run.end() == 0
        doc = report("scheduler-restarted.json")
        assert len(doc["files"]) == 4 and doc["not_checked"] == []
    finally:
        gates.open(gate)
        cluster.stop()
