"""SPEC E5: the process while it holds secrets (inspector/core/process.py).

Core dumps are off in the command line, the desktop app and its worker processes
(checked in a real process, each: the limit and the dumpable flag are the
process's own); SIGINT, SIGTERM and SIGHUP wait while a write switches files and
are reported, never lost; SIGTERM ends a command the way Ctrl-C does.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inspector.core import process

ROOT = Path(__file__).resolve().parents[2]


OPEN_UP = """
import resource
_soft, _hard = resource.getrlimit(resource.RLIMIT_CORE)
resource.setrlimit(resource.RLIMIT_CORE, (_hard, _hard))  # as permissive as this process may be
"""


def run_python(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run(
        [sys.executable, "-c", OPEN_UP + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_a_fresh_process_may_dump_core_until_hardened() -> None:
    out = run_python(
        """
        from inspector.core import process
        before = process.dumpable()
        process.harden()
        soft = resource.getrlimit(resource.RLIMIT_CORE)[0]
        print(before, process.dumpable(), soft, process.core_dumps_off())
        """
    )
    assert out == "True False 0 True"


def test_the_command_line_turns_core_dumps_off() -> None:
    out = run_python(
        """
        from inspector.cli.main import main
        from inspector.core import process
        main(["explain", "public_key_reused"])
        print("dumps-off", process.core_dumps_off())
        """
    )
    assert out.endswith("dumps-off True")


def test_the_desktop_workers_turn_core_dumps_off() -> None:
    """A worker of the window runs a job (a passphrase goes through its pipe); the job
    itself reports whether the worker can dump core."""
    out = run_python(
        """
        import multiprocessing as mp
        from inspector.gui import tasks
        from inspector.core import jobs, process

        def probe(send, **_kw):
            send(("result", process.core_dumps_off()))

        jobs.JOBS["probe"] = probe
        r, w = mp.Pipe(duplex=False)
        p = mp.get_context("fork").Process(target=tasks._child, args=(w, "probe", {}))
        p.start()
        w.close()
        print("worker", r.recv()[1])
        p.join()
        """
    )
    assert out == "worker True"


def test_the_window_turns_core_dumps_off() -> None:
    out = run_python(
        """
        from inspector.core import process
        from inspector.gui import app, main_window

        class Opened(Exception):
            pass

        def window(*_a, **_k):  # the window is where passphrases and plaintext arrive
            raise Opened(process.core_dumps_off())

        main_window.MainWindow = window
        try:
            app.run_gui()
        except Opened as exc:
            print("window", exc.args[0])
        """
    )
    assert out.endswith("window True")


def test_signals_wait_while_deferred_and_are_reported() -> None:
    before = {s: signal.getsignal(s) for s in process.DEFERRED_SIGNALS}
    with process.signals_deferred() as d:
        assert d.active and d.pending is None
        os.kill(os.getpid(), signal.SIGTERM)
        os.kill(os.getpid(), signal.SIGINT)
        with process.signals_deferred() as inner:  # nested: one record
            assert inner is d
        assert d.pending == signal.SIGTERM and d.received == [signal.SIGTERM, signal.SIGINT]
        with pytest.raises(process.Interrupted) as exc:
            d.check()
        assert exc.value.signum == signal.SIGTERM and exc.value.name == "SIGTERM"
        assert isinstance(exc.value, KeyboardInterrupt)
    assert {s: signal.getsignal(s) for s in process.DEFERRED_SIGNALS} == before


def test_sigterm_ends_a_command_like_ctrl_c() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(process.Interrupted) as exc, process.terminate_as_interrupt():
        os.kill(os.getpid(), signal.SIGTERM)
        signal.pthread_sigmask(signal.SIG_BLOCK, [])  # a call: the handler runs before it returns
    assert exc.value.signum == signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) == before
