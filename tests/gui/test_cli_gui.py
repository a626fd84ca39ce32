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


def test_a_screenshot_with_a_banner_of_a_page_that_is_not_a_store_is_exactly_the_geometry(tmp_path):
    """A banner and the not-a-store page once made the picture 1280×847: the window keeps
    the size asked for, whatever it shows."""
    (tmp_path / "notastore").mkdir()
    (tmp_path / "notastore" / "notes.txt").write_text("hello")
    out = tmp_path / "shot.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    banner = (
        "Demo file resources/demo.aleth — passphrase: demo — keys for the Author menu in resources/demo.keys/"
    )
    proc = run(
        "gui",
        str(tmp_path / "notastore"),
        "--screenshot",
        str(out),
        "--geometry",
        "1280x800",
        "--banner",
        banner,
        "--lang",
        "fr",
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    img = QImage(str(out))
    assert (img.width(), img.height()) == (1280, 800)


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


# ---- credentials: the same sources as every other command (inspector.core.secrets) -------------
DEMO = ROOT / "resources" / "demo.aleth"


@pytest.fixture
def captured(monkeypatch):
    """``cmd_gui`` up to the window: what it would open the window with."""
    import inspector.gui.app as app

    seen: dict[str, object] = {}

    def fake_run_gui(path, **kw):
        seen.update(kw, path=path)
        return 0

    monkeypatch.setattr(app, "run_gui", fake_run_gui)
    monkeypatch.setattr(app, "has_display", lambda: True)
    monkeypatch.delenv("ALETH_PASSPHRASE_FILE", raising=False)
    return seen


def gui_main(*args: str) -> int:
    from inspector.cli.main import main

    return main(["gui", *args])


def test_passphrase_fd_reaches_the_window(captured):
    r, w = os.pipe()
    os.write(w, b"demo\n")
    os.close(w)
    try:
        assert gui_main(str(DEMO), "--passphrase-fd", str(r)) == 0
    finally:
        os.close(r)
    cred = captured["credential"]
    assert cred.passphrase == "demo" and cred.recovery_code is None


def test_passphrase_from_standard_input(captured, monkeypatch):
    import io

    class Stdin(io.TextIOWrapper):
        def isatty(self) -> bool:
            return False

    monkeypatch.setattr(sys, "stdin", Stdin(io.BytesIO(b"demo\r\n")))
    assert gui_main(str(DEMO), "--passphrase-file", "-") == 0
    assert captured["credential"].passphrase == "demo"


def test_passphrase_file_named_by_the_environment(captured, monkeypatch, tmp_path):
    secret = tmp_path / "pass.txt"
    secret.write_text("demo\n")
    monkeypatch.setenv("ALETH_PASSPHRASE_FILE", str(secret))
    assert gui_main(str(DEMO)) == 0
    assert captured["credential"].passphrase == "demo"


def test_recovery_code_file_and_no_source_at_all(captured, tmp_path):
    code = tmp_path / "code.txt"
    code.write_text((ROOT / "resources" / "demo.recovery.txt").read_text())
    assert gui_main(str(DEMO), "--recovery-code-file", str(code)) == 0
    assert captured["credential"].recovery_code.startswith("aleth-recovery-v1:")
    captured.clear()
    assert gui_main(str(DEMO)) == 0
    assert captured["credential"] is None  # the window's unlock dialog asks
    assert gui_main(str(FIX / "01_basic" / "store"), "--passphrase-file", str(code)) == 0
    assert captured["credential"] is None  # a directory store needs no secret


def test_unreadable_secret_and_a_sealed_screenshot_without_one_are_usage_errors(captured, tmp_path):
    assert gui_main(str(DEMO), "--passphrase-file", str(tmp_path / "missing")) == 3
    # a screenshot cannot wait for someone to type the passphrase
    assert gui_main(str(DEMO), "--screenshot", str(tmp_path / "x.png")) == 3
    assert not captured
