"""Install what you use: the package without extras, built as a wheel and installed
into a fresh virtual environment, has the command line (verify, --help, explain,
the man page) and no Qt; asking it for the GUI or a PDF says what to install."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema

from .conftest import FAILING, REPORT_SCHEMA, ROOT

SOURCES = ("pyproject.toml", "README.md", "LICENSE", "inspector", "packaging")
QT = ("PySide6", "PySide6-Essentials", "shiboken6", "pyqtgraph", "numpy")


# The fresh environment must not see this checkout (PYTHONPATH) nor a display.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY")}


def _run(*cmd: object, **kw) -> subprocess.CompletedProcess[str]:
    kw.setdefault("env", CLEAN_ENV)
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=300, **kw)


def test_core_install_has_the_cli_and_no_qt(tmp_path):
    src = tmp_path / "src"  # build from a copy: a build never writes into the checkout
    src.mkdir()
    for name in SOURCES:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy2)(ROOT / name, src / name)
    for cache in src.rglob("__pycache__"):
        shutil.rmtree(cache)
    wheels = tmp_path / "wheels"
    built = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, src)
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("aleth_inspector-*.whl")

    venv = tmp_path / "venv"
    assert _run(sys.executable, "-m", "venv", "--without-pip", venv).returncode == 0
    python = venv / "bin" / "python"
    installed = _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", wheel)
    assert installed.returncode == 0, installed.stderr
    names = _run(
        python, "-c", "import importlib.metadata as m; print([d.metadata['Name'] for d in m.distributions()])"
    )
    installed_names = set(json.loads(names.stdout.replace("'", '"')))
    assert "aleth-inspector" in installed_names and not installed_names & set(QT), names.stdout

    env = CLEAN_ENV
    exe = venv / "bin" / "aleth-inspector"
    assert _run(exe, "--help", env=env).returncode == 0
    version = _run(exe, "--version", env=env)
    assert version.returncode == 0 and "PySide6 not installed" in version.stdout

    report = _run(exe, "verify", FAILING, "--json", env=env, cwd=tmp_path)
    assert report.returncode == 1, report.stderr
    doc = json.loads(report.stdout)
    jsonschema.Draft202012Validator(REPORT_SCHEMA).validate(doc)
    assert doc["verdict"] == "fail"
    assert _run(exe, "explain", "signature_invalid", env=env).returncode == 0
    html = _run(exe, "verify", FAILING, "--format", "html", "-o", tmp_path / "r.html", env=env)
    assert html.returncode == 1 and (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")

    pdf = _run(exe, "verify", FAILING, "--format", "pdf", "-o", tmp_path / "r.pdf", env=env)
    assert pdf.returncode == 3 and "pip install 'aleth-inspector[gui]'" in pdf.stderr, pdf.stderr
    gui = _run(exe, "gui", env=env)  # the GUI's own dependency check (inspector/gui/app.py) answers
    assert gui.returncode == 3 and "pip install 'aleth-inspector[gui]'" in gui.stderr, gui.stderr
    assert "Traceback" not in gui.stderr + pdf.stderr

    assert (venv / "share" / "man" / "man1" / "aleth-inspector.1").read_text().startswith(".TH")
    assert (venv / "share" / "bash-completion" / "completions" / "aleth-inspector.bash").exists()
    icon = _run(
        python,
        "-c",
        "import importlib.resources as r; print(r.files('inspector') / 'data' / 'aleth-inspector.svg')",
    )
    assert Path(icon.stdout.strip()).read_text().lstrip().startswith("<")
