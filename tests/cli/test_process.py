"""Real processes, where the process is the point: exit statuses, a closed pipe,
stdout encodings (strict UTF-8, cp1252, ASCII) with ids that hold lone surrogates
and file names that are not UTF-8.  No traceback, ever; the verdict's exit code."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from .conftest import ALETHECH, REPORT_SCHEMA, ROOT

DEMO = ROOT / "resources" / "demo.aleth"
DEMO_PASSPHRASE = ROOT / "resources" / "demo.passphrase"


def run(*args: object, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess[bytes]:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    full.pop("ALETH_PASSPHRASE_FILE", None)
    return subprocess.run(
        [sys.executable, "-m", "inspector", *map(str, args)],
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        env=full,
        stdin=subprocess.DEVNULL,
        **kw,
    )


@pytest.fixture(scope="module")
def hostile_store(tmp_path_factory) -> Path:
    """A failing store with an object whose id holds a lone surrogate and a file whose
    name is not UTF-8."""
    store = Path(shutil.copytree(ALETHECH / "05_dark_v2" / "store", tmp_path_factory.mktemp("h") / "store"))
    commits = os.fsencode(store / "commits")
    with open(os.path.join(commits, b"sha256%3Acaf\xe9.json"), "wb") as fh:
        fh.write(b'{"type": "MemoryCommit"}')
    (store / "commits" / "sha256%3Aevil.json").write_bytes(
        b'{"type": "MemoryCommit", "commit_id": "sha256:\\ud800x"}'
    )
    return store


@pytest.mark.parametrize("encoding", ["utf-8:strict", "cp1252", "ascii"])
def test_text_report_in_any_stdout_encoding(hostile_store, encoding):
    r = run("verify", hostile_store, env={"PYTHONIOENCODING": encoding})
    assert r.returncode == 1, r.stderr.decode(errors="replace")
    assert b"Traceback" not in r.stderr and r.stderr == b""
    text = r.stdout.decode(encoding.split(":")[0])  # strictly valid in that encoding
    assert text.startswith("FAIL")
    assert "caf\\udce9" in text and "\\ud800x" in text
    if encoding == "ascii":
        assert "  x not_in_proven_pre_rotation_history" in text


@pytest.mark.parametrize("encoding", ["utf-8:strict", "ascii"])
def test_json_report_in_any_stdout_encoding(hostile_store, encoding):
    r = run("verify", hostile_store, "--json", env={"PYTHONIOENCODING": encoding})
    assert r.returncode == 1 and b"Traceback" not in r.stderr
    doc = json.loads(r.stdout.decode(encoding.split(":")[0]))
    jsonschema.Draft202012Validator(REPORT_SCHEMA).validate(doc)
    ids = {f["object_id"] for f in doc["findings"]}
    assert "sha256:caf\udce9" in ids  # the file name, escaped on the way and read back exactly


@pytest.mark.parametrize("fmt", ["json", "text", "junit"])
def test_head_1_closes_the_pipe_without_a_traceback(fmt):
    script = (
        f'"{sys.executable}" -m inspector verify "{DEMO}" --passphrase-file "{DEMO_PASSPHRASE}" '
        f"--format {fmt} | head -1; exit ${{PIPESTATUS[0]}}"
    )
    r = subprocess.run(
        ["bash", "-c", script],
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) == 1
    assert b"Traceback" not in r.stderr and b"BrokenPipe" not in r.stderr and r.stderr == b""


def test_a_pipe_closed_before_anything_is_written():
    p = subprocess.Popen(
        [sys.executable, "-m", "inspector", "verify", str(ALETHECH / "05_dark_v2" / "store"), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    p.stdout.close()  # the reader is gone before the report is written
    err = p.stderr.read()
    p.stderr.close()
    assert p.wait(timeout=120) == 1  # still the verdict's code
    assert b"Traceback" not in err and b"Exception ignored" not in err


def test_exit_codes_of_the_real_process(tmp_path):
    assert run("verify", ALETHECH / "03_rotation_eras" / "store", "-q").returncode == 0
    assert run("verify", ALETHECH / "05_dark_v2" / "store", "-q").returncode == 1
    assert run("verify", tmp_path / "missing", "-q").returncode == 2
    assert run("verify", "--no-such-option").returncode == 3
    assert run("verify", DEMO).returncode == 3  # sealed, and no terminal to ask on


def test_ctrl_c_gives_the_interrupted_report_and_130():
    """A real SIGINT while the command waits for its passphrase on standard input."""
    import signal
    import time

    p = subprocess.Popen(
        [sys.executable, "-m", "inspector", "verify", str(DEMO), "--passphrase-file", "-", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    syscall = Path(f"/proc/{p.pid}/syscall")
    # the kernel's word for "blocked in read(0, …)": no event says it, so its state is polled
    # (the bound only stops a broken run from hanging the suite; it measures nothing)
    watchdog = time.monotonic() + 600
    while not syscall.read_text().startswith("0 0x0 "):
        assert p.poll() is None, "ended before it waited for the passphrase"
        assert time.monotonic() < watchdog, "never waited for the passphrase"
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    # standard input stays open until the process has ended: closing it (as communicate()
    # does) raced the signal, and an end of file read first gave an empty passphrase (exit 2)
    out, err = p.stdout.read(), p.stderr.read()
    assert p.wait() == 130, err
    p.stdin.close()
    doc = json.loads(out)
    jsonschema.Draft202012Validator(REPORT_SCHEMA).validate(doc)
    assert doc["verdict"] == "interrupted" and b"Traceback" not in err
