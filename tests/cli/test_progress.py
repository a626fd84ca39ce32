"""Progress on stderr: after a second on a terminal, phase and count; JSON lines for
wrappers; nothing when stderr is not a terminal or with --quiet."""

from __future__ import annotations

import io
import json

from inspector.cli.progress import Progress

from .conftest import PASSING


class Tty(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_nothing_during_the_first_second_then_phase_and_count():
    stream, clock = Tty(), Clock()
    p = Progress(stream, "auto", clock=clock, interval=3600)
    p.start()
    p.update("signatures", 1000, 99000)
    p.draw()
    assert stream.getvalue() == ""
    clock.now += 1.5
    p.draw()
    assert stream.getvalue().endswith("checking signatures: 1,000 of 99,000 (2 s)")
    p.stop()
    assert stream.getvalue().endswith("\r\x1b[K")  # the line is cleared


def test_not_a_terminal_means_no_progress():
    stream = io.StringIO()
    p = Progress(stream, "auto")
    assert not p.active
    with p:
        p.update("signatures", 1, 2)
    assert stream.getvalue() == ""


def test_json_lines():
    stream, clock = io.StringIO(), Clock()
    with Progress(stream, "json", clock=clock) as p:
        p.update("identities", 0, 1)
        clock.now += 0.5
        p.update("signatures", 5, 10)
        p.update("done", 1, 1)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [x["phase"] for x in lines] == ["opening", "identities", "signatures", "done"]
    assert lines[2] == {"type": "progress", "phase": "signatures", "done": 5, "total": 10, "elapsed_s": 0.5}


def test_progress_json_through_the_command(cli):
    r = cli("verify", PASSING, "--json", "--progress", "json")
    assert r.code == 0 and r.json()["verdict"] == "pass"
    phases = [json.loads(line)["phase"] for line in r.err.splitlines()]
    assert phases[0] == "opening" and phases[-1] == "done" and "signatures" in phases


def test_quiet_turns_automatic_progress_off(cli):
    assert cli("verify", PASSING, "--quiet").err == ""


def test_the_phase_and_count_in_french():
    stream, clock = Tty(), Clock()
    p = Progress(stream, "auto", clock=clock, interval=3600, lang="fr")
    p.start()
    p.update("signatures", 1000, 99000)
    clock.now += 1.5
    p.draw()
    assert stream.getvalue().endswith("vérification des signatures\u00a0: 1\u202f000 sur 99\u202f000 (2 s)")
    p.stop()
