"""The command's entry: a mistyped file name says so, FILE means gui FILE, --help
and --version exit 0, and starting the command line imports no Qt."""

from __future__ import annotations

import subprocess
import sys

from .conftest import PASSING, ROOT


def test_a_missing_path_that_is_no_command(cli):
    r = cli("memroy.aleth")
    assert r.code == 3
    assert "no such file or command: memroy.aleth" in r.err
    assert "invalid choice" not in r.err


def test_a_mistyped_command_gets_a_suggestion(cli):
    r = cli("verfy", PASSING)
    assert r.code == 3 and "did you mean 'verify'?" in r.err


def test_help_and_version_exit_0(cli):
    r = cli("--help")
    assert r.code == 0 and "verify" in r.out and "Exit codes: 0 pass" in " ".join(r.out.split())
    r = cli("--version")
    assert r.code == 0 and r.out.startswith("aleth-inspector ")


def test_no_command_prints_help_and_exits_3(cli):
    r = cli()
    assert r.code == 3 and "usage: aleth-inspector" in r.out


def test_the_command_line_imports_no_qt():
    code = (
        "import sys\n"
        "from inspector.cli.main import main\n"
        f"rc = main(['verify', {str(PASSING)!r}, '--json', '--quiet'])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph'))\n"
        "print('QT:' + ','.join(bad), file=sys.stderr)\n"
        "sys.exit(rc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "QT:\n" in out.stderr
