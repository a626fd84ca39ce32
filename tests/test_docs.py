"""Documentation stays true: the CLI reference equals the real --help texts,
and the README starts with the two commands a newcomer runs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _generator():
    spec = importlib.util.spec_from_file_location("gen_cli_reference", ROOT / "docs" / "gen_cli_reference.py")
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


def test_cli_reference_matches_help_texts():
    expected = _generator().render()
    assert (ROOT / "docs" / "cli.md").read_text(encoding="utf-8") == expected, (
        "docs/cli.md is stale: run python docs/gen_cli_reference.py > docs/cli.md"
    )


def test_every_subcommand_is_documented():
    from inspector.cli import command_names

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for name in command_names():
        assert f"## `aleth-inspector {name}" in text, name


def test_readme_quick_start_is_first():
    lines = [ln for ln in (ROOT / "README.md").read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert lines[0].startswith("# ")
    block = "\n".join(lines[1:5])
    assert "make run" in block and "make test" in block
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci
