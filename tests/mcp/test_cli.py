"""``aleth-inspector mcp``'s command line: --print-config, secrets never on standard
input, the missing extra; and the layering (the core never imports the MCP SDK)."""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import inspector.core
from inspector.cli.main import main

from .conftest import DEMO, DEMO_PASSPHRASE, PASSING


def run(capsys, *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_print_config_names_the_file_the_passphrase_file_and_the_options(capsys, tmp_path):
    checkpoint = tmp_path / "cp.json"
    code, out, err = run(
        capsys,
        "mcp",
        DEMO,
        "--passphrase-file",
        DEMO_PASSPHRASE,
        "--checkpoint",
        checkpoint,
        "--policy",
        "serve-valid",
        "--print-config",
    )
    assert code == 0
    config = json.loads(out)
    ((name, entry),) = config["mcpServers"].items()
    assert name == "aleth-memory-demo"
    command = Path(entry["command"])
    assert command.is_absolute() and command.exists()
    args = entry["args"]
    assert args[args.index("mcp") + 1] == str(DEMO.absolute())
    assert args[args.index("--passphrase-file") + 1] == str(DEMO_PASSPHRASE.absolute())
    assert args[args.index("--checkpoint") + 1] == str(checkpoint.absolute())
    assert args[args.index("--policy") + 1] == "serve-valid"
    assert set(entry) == {"command", "args"}  # no secret, no environment: the passphrase's file only
    assert "claude_desktop_config.json" in err


def test_print_config_runs_as_printed(capsys):
    """The printed command and arguments start this very command (checked with --print-config
    appended, so nothing is served)."""
    _code, out, _ = run(capsys, "mcp", PASSING, "--print-config")
    entry = next(iter(json.loads(out)["mcpServers"].values()))
    assert "--passphrase-file" not in entry["args"]  # a directory store needs no secret
    again = subprocess.run(
        [entry["command"], *entry["args"], "--print-config"], capture_output=True, text=True, check=True
    )
    assert json.loads(again.stdout) == json.loads(out)


def test_print_config_of_a_sealed_file_without_a_secret_file_says_what_to_fill(capsys):
    from inspector.mcp.config import PLACEHOLDER

    code, out, err = run(capsys, "mcp", DEMO, "--print-config")
    args = next(iter(json.loads(out)["mcpServers"].values()))["args"]
    assert code == 0 and args[args.index("--passphrase-file") + 1] == PLACEHOLDER
    assert "is sealed" in err and PLACEHOLDER in err


@pytest.mark.parametrize("option", ["--passphrase-file", "--recovery-code-file"])
def test_a_secret_on_standard_input_is_refused(capsys, option):
    code, _out, err = run(capsys, "mcp", DEMO, option, "-")
    assert code == 3 and "standard input" in err and "MCP protocol" in err


def test_a_sealed_file_without_any_credential_is_a_usage_error(capsys, monkeypatch):
    monkeypatch.delenv("ALETH_PASSPHRASE_FILE", raising=False)
    with open(__file__) as not_a_terminal:  # nobody to ask
        monkeypatch.setattr(sys, "stdin", not_a_terminal)
        code, _out, err = run(capsys, "mcp", DEMO)
    assert code == 3 and "credential_required" in err


def test_without_the_extra_it_says_what_to_install(capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "mcp" else real(name, *a)
    )
    code, _out, err = run(capsys, "mcp", PASSING)
    assert code == 3 and "pip install 'aleth-inspector[mcp]'" in err


def test_core_and_cli_import_no_mcp_sdk():
    """A fresh interpreter imports every core module and the command line: the MCP SDK
    stays unloaded (only `aleth-inspector mcp` loads it), and no core module names it."""
    modules = [m.name for m in pkgutil.walk_packages(inspector.core.__path__, "inspector.core.")]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "import inspector.mcp.service, inspector.mcp.tools\n"
        "from inspector.cli.main import build_parser\n"
        "build_parser()\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
    offenders = []
    for path in sorted(Path(inspector.core.__path__[0]).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                names = []
            offenders += [
                f"{path.name}:{node.lineno}" for n in names if n.split(".")[0] in ("mcp", "mcp_types")
            ]
            offenders += [
                f"{path.name}:{node.lineno}"
                for n in ([node.module or ""] if isinstance(node, ast.ImportFrom) and node.level else [])
                if n.split(".")[0] == "mcp" or "inspector.mcp" in n
            ]
    assert offenders == []
