"""``aleth-inspector gui``: reproducible screenshots with --geometry and --lang, a
useful message without a display, and the install hint without Qt."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from inspector.cli.gui import geometry

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "alethech-0.9.5"


def run(
    *args: str, env: dict[str, str] | None = None, timeout: int = 180
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "inspector", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env=env,
    )


def no_display_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}


def test_geometry_parses_and_refuses_nonsense():
    import argparse

    assert geometry("1280x800") == (1280, 800)
    assert geometry(" 1920X1080 ") == (1920, 1080)
    for bad in ("1280", "10x10", "axb", "99999x800"):
        with pytest.raises(argparse.ArgumentTypeError):
            geometry(bad)


@pytest.mark.parametrize(("lang", "word"), [("es", "FALLA"), ("fr", "ÉCHEC")])
def test_screenshot_at_a_given_size_and_language(tmp_path, lang, word):
    out = tmp_path / f"shot-{lang}.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    proc = run(
        "gui",
        str(FIX / "05_dark_v2" / "store"),
        "--screenshot",
        str(out),
        "--geometry",
        "1280x800",
        "--lang",
        lang,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1280, 800)
    assert not (tmp_path / "cfg").exists() or not any(
        (tmp_path / "cfg").rglob("*.conf")
    )  # no settings written


def test_bad_lang_and_geometry_are_usage_errors():
    env = no_display_env()
    assert run("gui", "--lang", "de", env=env).returncode == 3
    proc = run("gui", "x", "--geometry", "huge", env=env)
    assert proc.returncode == 3 and "WIDTHxHEIGHT" in proc.stderr


def test_without_a_display_and_without_a_file_says_what_to_do():
    proc = run("gui", env=no_display_env())
    assert proc.returncode == 3
    assert "no display" in proc.stderr
    assert "aleth-inspector verify FILE" in proc.stderr and "--screenshot" in proc.stderr


def test_without_qt_says_how_to_install_it(tmp_path):
    # a site directory whose PySide6 cannot be imported stands for a core-only install
    blocker = tmp_path / "block"
    (blocker / "PySide6").mkdir(parents=True)
    (blocker / "PySide6" / "__init__.py").write_text("raise ImportError('no Qt here')\n")
    env = {**no_display_env(), "PYTHONPATH": os.pathsep.join([str(blocker), str(ROOT)])}
    proc = run("gui", str(FIX / "01_basic" / "store"), env=env)
    assert "aleth-inspector[gui]" in proc.stderr
    assert proc.returncode == 0 and proc.stdout.startswith("PASS")  # and still answers headless
