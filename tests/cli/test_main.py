"""The command's entry: a mistyped file name says so, FILE means gui FILE, --help
and --version exit 0, and starting the command line imports no Qt."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import PASSING, PASSPHRASE, ROOT, SEALED


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


def test_the_command_table_names_every_subcommand_and_its_module():
    """main.COMMANDS (read without importing the subcommands) says what each module registers."""
    from inspector.cli.main import COMMANDS, MODULES, _subparsers, build_parser

    assert list(_subparsers(build_parser())) == list(COMMANDS)
    for module in MODULES:
        mine = [name for name, owner in COMMANDS.items() if owner == module]
        assert list(_subparsers(build_parser((module,)))) == mine


def _modules_loaded(argv: list[str]) -> set[str]:
    code = (
        "import sys\n"
        "from inspector.cli.main import main\n"
        f"rc = main({argv!r})\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
        "sys.exit(rc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    return set(out.stderr.split())


@pytest.mark.parametrize("kind", ["directory", "sealed"])
def test_verify_loads_only_what_it_uses(kind, tmp_path):
    """Issue 27's fixed costs: verify with a JSON report imports neither the other
    subcommands nor the fleet, nor the HTML, SARIF and JUnit renderers (nor Jinja2), nor
    the HOM-AIMOS profiles for an alethech file."""
    if kind == "sealed":
        secret = tmp_path / "passphrase"
        secret.write_text(PASSPHRASE, encoding="utf-8")
        target = [str(SEALED), "--passphrase-file", str(secret)]
    else:
        target = [str(PASSING)]
    loaded = _modules_loaded(["verify", *target, "--json", "--quiet"])
    assert "inspector.cli.verify" in loaded and "inspector.core.render.json" in loaded
    unused = {
        "inspector.cli.audit",
        "inspector.cli.author",
        "inspector.cli.mcp",
        "inspector.cli.receipt",
        "inspector.mcp",
        "inspector.core.fleet",
        "inspector.core.render.html",
        "inspector.core.render.sarif",
        "inspector.core.render.junit",
        "inspector.core.render.text",
        "inspector.core.hom_aimos",
        "inspector.core.hom_aimos_v2",
        "jinja2",
    }
    assert loaded & unused == set()


def test_version_loads_no_subcommand_and_no_verifier():
    loaded = _modules_loaded(["--version"])
    assert {m for m in loaded if m.startswith("inspector.cli.")} <= {
        "inspector.cli.main",
        "inspector.cli.common",
        "inspector.cli.output",
    }
    verifier = ("inspector.core.verify.engine", "inspector.core.container", "inspector.core.opener")
    assert loaded & {*verifier, "inspector.core.render.json", "inspector.core.render.text"} == set()
    assert not {m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph")}
