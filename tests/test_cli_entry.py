"""The command's entry points: --version lists the versions that matter for a
bug report; without a display `gui FILE` says so and prints the headless report;
`python -m inspector` is the same program."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "inspector", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )


def test_version_lists_app_qt_pyside_cryptography_python():
    out = run("--version")
    assert out.returncode == 0
    for word in ("aleth-inspector 0.1.0", "Python 3.", "cryptography ", "PySide6 6.11", "Qt 6.11"):
        assert word in out.stdout, (word, out.stdout)


def test_gui_without_display_prints_the_headless_report():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = run("gui", "resources/demo.aleth", "--passphrase-file", "resources/demo.passphrase", env=env)
    assert "no display" in out.stderr
    assert out.returncode == 0 and out.stdout.startswith("PASS")


def test_plain_file_argument_means_gui():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = run("tests/fixtures/alethech-0.9.5/05_dark_v2/store", env=env)
    assert "no display" in out.stderr and out.stdout.startswith("FAIL")
    assert out.returncode == 1
