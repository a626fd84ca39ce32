"""The process edge, through real processes where the descriptor is the point: a standard
output closed before the start (``>&-``) or on a full device (``/dev/full``), a closed
standard error, a named pipe given where a file belongs, a secret that comes through a
pipe.  Never a traceback, never exit 5; the verdict's code, or 6 when output that was
asked for is lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ALETHECH, ROOT

DEMO = ROOT / "resources" / "demo.aleth"
DEMO_PASSPHRASE = ROOT / "resources" / "demo.passphrase"
PASSING = ALETHECH / "03_rotation_eras" / "store"
FAILING = ALETHECH / "05_dark_v2" / "store"


def shell(script: str, **kw) -> subprocess.CompletedProcess[bytes]:
    """Run ``script`` with ``$AI`` the command (``python -m inspector``), in bash."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AI": f'"{sys.executable}" -m inspector'}
    env.pop("ALETH_PASSPHRASE_FILE", None)
    return subprocess.run(
        ["bash", "-c", script],
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        **kw,
    )


def quiet(err: bytes) -> bool:
    return b"Traceback" not in err and b"Exception ignored" not in err and b"internal_error" not in err


# ------------------------------------------------------------------ stdout closed before the start


@pytest.mark.parametrize(
    ("store", "code"),
    [(PASSING, 0), (FAILING, 1), (Path("/nonexistent/store"), 2)],
    ids=["pass", "fail", "unopenable"],
)
@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_a_closed_stdout_ends_quietly_with_the_verdicts_code(store, code, fmt):
    r = shell(f'eval "$AI verify {store} --format {fmt}" >&-')
    assert r.returncode == code, r.stderr
    assert r.stderr == b""  # nobody asked to read it: nothing to say


@pytest.mark.parametrize(
    "argv", ["explain", "explain signature_invalid", "completion bash", "--version", "--help"]
)
def test_other_commands_with_a_closed_stdout_exit_0(argv):
    r = shell(f'eval "$AI {argv}" >&-')
    assert r.returncode == 0 and r.stderr == b""


def test_a_closed_stdout_and_stderr_still_exit_with_the_verdict():
    assert shell(f'eval "$AI verify {FAILING}" >&- 2>&-').returncode == 1


def test_a_closed_stderr_leaves_the_report_whole():
    r = shell(f'eval "$AI verify {FAILING} --json" 2>&-')
    assert r.returncode == 1
    assert json.loads(r.stdout)["verdict"] == "fail"


def test_files_opened_later_never_take_a_closed_standard_descriptor(tmp_path):
    """With 1 and 2 closed, the command's own files must not become "standard output"."""
    out = tmp_path / "fds.json"
    probe = (
        "import json, os, sys; from inspector.cli.output import guard_standard_descriptors as g; "
        "closed = g(); fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT, 0o600); "
        "os.write(fd, json.dumps({'closed': closed, 'fd': fd, "
        "'one': os.readlink('/proc/self/fd/1'), 'two': os.readlink('/proc/self/fd/2')}).encode())"
    )
    r = shell(f'"{sys.executable}" -c "{probe}" {out} >&- 2>&-')
    assert r.returncode == 0
    seen = json.loads(out.read_text())
    assert seen["closed"] == [1, 2] and seen["fd"] > 2
    assert seen["one"] == seen["two"] == os.devnull


def test_a_report_to_a_file_with_stdout_closed_is_whole(tmp_path):
    target = tmp_path / "r.json"
    r = shell(f'eval "$AI verify {FAILING} --json -o {target}" >&- 2>&-')
    assert r.returncode == 1
    assert json.loads(target.read_text())["verdict"] == "fail"


# ------------------------------------------------------------------ stdout on a full device


@pytest.mark.parametrize(("store", "code"), [(PASSING, 0), (FAILING, 1)], ids=["pass", "fail"])
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "junit", "html"])
def test_a_full_stdout_is_an_output_failure_that_names_the_verdicts_code(store, code, fmt):
    r = shell(f'eval "$AI verify {store} --format {fmt}" > /dev/full')
    assert r.returncode == 6, r.stderr
    assert quiet(r.stderr)
    (line,) = r.stderr.decode().splitlines()
    assert line.startswith("aleth-inspector: cannot write to standard output: No space left on device")
    assert f"the exit code would be {code}" in line and line.endswith("[output_failed]")


@pytest.mark.parametrize(
    "argv", ["explain", "explain signature_invalid", "completion zsh", "--version", "--help"]
)
def test_any_command_on_a_full_stdout_exits_6(argv):
    r = shell(f'eval "$AI {argv}" > /dev/full')
    assert r.returncode == 6 and quiet(r.stderr) and b"[output_failed]" in r.stderr


def test_a_usage_error_on_a_full_stdout_keeps_its_code():
    r = shell('eval "$AI verify --no-such-option --json" > /dev/full')
    assert r.returncode == 3 and quiet(r.stderr)


def test_a_full_stderr_changes_nothing():
    r = shell(f'eval "$AI verify {FAILING} --progress json" 2> /dev/full')
    assert r.returncode == 1 and r.stdout.startswith(b"FAIL")


# ------------------------------------------------------------------ a pipe where a file belongs


def test_a_named_pipe_as_path_is_refused_at_once(tmp_path):
    fifo = tmp_path / "memory.aleth"
    os.mkfifo(fifo)  # nobody will ever write to it: opening it blocking would wait forever
    r = shell(f'eval "$AI verify {fifo} --json --passphrase-file {DEMO_PASSPHRASE}"')
    assert r.returncode == 2, r.stderr
    doc = json.loads(r.stdout)
    (f,) = doc["findings"]
    assert (doc["verdict"], f["code"], f["found"]) == ("unopenable", "not_a_file", "a named pipe (FIFO)")


def test_a_named_pipe_as_checkpoint_is_refused_at_once(tmp_path):
    fifo = tmp_path / "cp.json"
    os.mkfifo(fifo)
    r = shell(f'eval "$AI verify {PASSING} --checkpoint {fifo}"')
    assert r.returncode == 3 and quiet(r.stderr)
    assert b"named pipe" in r.stderr and b"[checkpoint_unusable]" in r.stderr


def test_a_named_pipe_nobody_writes_gives_an_empty_secret_not_a_wait(tmp_path):
    fifo = tmp_path / "pass"
    os.mkfifo(fifo)
    r = shell(f'eval "$AI verify {DEMO} --passphrase-file {fifo} --json"')
    assert r.returncode == 2
    assert json.loads(r.stdout)["findings"][0]["code"] == "empty_passphrase"


def test_a_secret_through_a_pipe_still_unlocks(tmp_path):
    """``--passphrase-file <(pass show x)``: the secret never touches the disk."""
    r = shell(f'eval "$AI verify {DEMO} -q --passphrase-file <(cat {DEMO_PASSPHRASE})"')
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(b"PASS")


def test_a_memory_file_through_a_pipe_is_refused():
    r = shell(f'cat {DEMO} | eval "$AI verify /dev/stdin --json --passphrase-file {DEMO_PASSPHRASE}"')
    assert r.returncode == 2
    assert json.loads(r.stdout)["findings"][0]["code"] == "not_a_file"
