"""Workers die with their parent (issue 27): whatever kills the main process, SIGKILL
included, ends the verify pipeline's worker processes.

A *victim* process verifies a store with two workers that never finish (each is stuck on
its first batch, as on a hostile payload); it prints their process ids, and each worker
says on the shared standard output when it is armed and at its batch;
a *harness* process — a child subreaper, so the orphaned workers become its children
and can be waited on — kills the victim with SIGKILL and waits for the workers with
psutil (a generous hang guard).  The exit status tells which guard ended each
worker: SIGKILL from the parent-death signal, 70 from the lifeline pipe.  Each guard is
tested alone (the other one disabled in the victim), then both, forked and spawned.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inspector.core.lifeline import EXIT_ORPHANED

from ..conftest import ALETHECH

REPO = Path(__file__).resolve().parents[2]

VICTIM = textwrap.dedent(
    """
    import os, sys, threading
    sys.path.insert(0, {repo!r})
    from inspector.core import lifeline
    from inspector.core.verify import shards

    MODE = {mode!r}

    def stuck(*args):  # a worker busy for ever, once armed (it says so on the shared stdout)
        os.write(1, f"ready {{os.getpid()}}\\n".encode())  # one short write: atomic on a pipe
        threading.Event().wait()

    shards._batch_record = stuck  # (a spawned worker imports this file too: it is stuck as well)
    shards.SHARD, shards.BATCH = 0, 1
    if MODE == "pipe":
        lifeline.parent_death_signal = lambda: False
    if MODE == "signal":
        lifeline._watch = lambda fd, conn: None
    if MODE == "spawn":
        shards.fork_safe = lambda: False

    def started(pids):
        print("pids " + " ".join(map(str, pids)), flush=True)
        sys.stdin.read()  # until killed

    if __name__ == "__main__":
        from inspector.core.store import read_directory
        from inspector.core.verify.engine import VerifyOptions, verify

        shards.on_started = started
        verify(read_directory({store!r}), VerifyOptions(processes=2))
    """
)

HARNESS = textwrap.dedent(
    """
    import ctypes, json, subprocess, sys
    import psutil

    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans come to us
    victim = subprocess.Popen([sys.executable, sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    # the workers' ids, and each worker's word that it is armed and working: a kill before
    # that would test arm's own check of its parent, not the guard this run keeps
    pids, ready = None, set()
    while pids is None or not set(pids) <= ready:
        word, *rest = victim.stdout.readline().split()  # blocks until a line comes
        if word == b"pids":
            pids = [int(p) for p in rest]
        else:
            ready.add(int(rest[0]))
    workers = [psutil.Process(p) for p in pids]
    running = [w.status() != psutil.STATUS_ZOMBIE for w in workers]
    victim.kill()  # SIGKILL: no handler, no cleanup, no goodbye
    victim.wait()
    gone, alive = psutil.wait_procs(workers, timeout=120)  # the hang guard
    for p in alive:
        p.kill()  # never leave one behind, even when the test fails
    print(json.dumps({{
        "workers": pids,
        "running_before": running,
        "alive": [p.pid for p in alive],
        "codes": sorted(g.returncode for g in gone),
    }}))
    """
)


@pytest.mark.parametrize(
    "mode,codes",
    [
        ("pipe", {EXIT_ORPHANED}),  # the lifeline alone
        ("signal", {-9}),  # the parent-death signal alone (SIGKILL)
        ("both", {-9, EXIT_ORPHANED}),
        ("spawn", {-9, EXIT_ORPHANED}),
    ],
)
def test_workers_die_with_their_parent(tmp_path: Path, mode: str, codes: set[int]) -> None:
    victim = tmp_path / "victim.py"
    store = str(ALETHECH / "05_dark_v2" / "store")
    victim.write_text(VICTIM.format(repo=str(REPO), mode=mode, store=store))
    harness = tmp_path / "harness.py"
    harness.write_text(HARNESS.format())
    done = subprocess.run(
        [sys.executable, str(harness), str(victim)], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(result["workers"]) == 2 and all(result["running_before"])
    assert result["alive"] == []
    assert set(result["codes"]) <= codes, result
