"""Completions (bash, zsh, fish) and the man page are generated from the argparse
definitions; the packaged copies are current, and each lists every option that
the real --help of every command shows."""

from __future__ import annotations

import importlib.util
import re
import subprocess

import pytest

from inspector.cli.completion import script
from inspector.cli.main import build_parser
from inspector.cli.shell import describe

from .conftest import ROOT

OPTION = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w-]*)")


def _generator():
    spec = importlib.util.spec_from_file_location(
        "gen_shell_files", ROOT / "packaging" / "gen_shell_files.py"
    )
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


def _help_options() -> dict[str, set[str]]:
    """Every command path → the option strings its real --help prints."""
    out = {}
    for cmd in describe(build_parser()).walk():
        text = cmd.parser.format_help()
        section = text.split("options:", 1)[1] if "options:" in text else ""
        epilog = cmd.parser.epilog or ""
        if epilog:  # prose after the options may quote other programs' options (dask worker --nthreads)
            first_words = " ".join(epilog.split()[:4])
            cut = " ".join(section.split()).find(first_words)
            section = " ".join(section.split())[: cut if cut >= 0 else None]
        out[" ".join(cmd.path)] = {m for m in OPTION.findall(section) if m not in ("-", "--")}
    return out


def test_packaged_files_are_current():
    for path, text in _generator().render().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is stale: run python packaging/gen_shell_files.py"
        )


def test_every_help_option_is_completed_and_documented():
    files = {p.name: p.read_text(encoding="utf-8") for p in _generator().render()}
    man = files["aleth-inspector.1"].replace("\\-", "-")
    for command, options in _help_options().items():
        assert options, command
        section = (
            man.split(f'.SS "aleth-inspector {command}"', 1)[-1] if command else man.split(".SH COMMANDS")[0]
        )
        for opt in options - {"-h", "--help"}:
            assert opt in section, (command, opt, "man page")
            assert opt in files["aleth-inspector.bash"], (command, opt, "bash")
            assert (
                f"-l {opt[2:]}" in files["aleth-inspector.fish"]
                or f"-s {opt[1:]}" in files["aleth-inspector.fish"]
            ), (command, opt, "fish")
            assert opt in files["_aleth-inspector"], (command, opt, "zsh")


def test_the_completion_command_prints_the_packaged_scripts():
    for shell, name in (
        ("bash", "aleth-inspector.bash"),
        ("zsh", "_aleth-inspector"),
        ("fish", "aleth-inspector.fish"),
    ):
        assert script(shell, build_parser()) == (ROOT / "packaging" / "completions" / name).read_text(
            encoding="utf-8"
        )


def _complete(*words: str) -> list[str]:
    """What the bash script offers for ``aleth-inspector WORDS…`` (the last word being typed)."""
    words_q = " ".join(f"'{w}'" for w in ("aleth-inspector", *words))
    code = (
        f"source '{ROOT / 'packaging' / 'completions' / 'aleth-inspector.bash'}'\n"
        f"COMP_WORDS=({words_q}); COMP_CWORD={len(words)}\n"
        "_aleth_inspector\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    r = subprocess.run(["bash", "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


@pytest.mark.parametrize(
    "words,expected",
    [
        (("ver",), ["verify"]),
        (("verify", "--for"), ["--format"]),
        (("verify", "--format", "s"), ["sarif"]),
        (("verify", "--progress", ""), ["auto", "off", "json"]),
        (("receipt", ""), ["prove", "check"]),
        (("receipt", "prove", "--pass"), ["--passphrase-file", "--passphrase-fd"]),
        (("completion", ""), ["bash", "zsh", "fish"]),
        (("explain", "signature_inv"), ["signature_invalid"]),
        (("explain", "NOT_IN_"), ["NOT_IN_PROVEN_PRE_ROTATION_HISTORY"]),
        (("explain", "VALID"), ["VALID", "VALID_HISTORICAL"]),
    ],
)
def test_bash_completion_works(words, expected):
    assert sorted(_complete(*words)) == sorted(expected)


def test_man_page_is_valid_roff():
    r = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(ROOT / "packaging" / "aleth-inspector.1")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    problems = [ln for ln in r.stderr.splitlines() if "cannot adjust line" not in ln]
    assert r.returncode == 0 and not problems, problems


def test_explain_completes_every_code_and_status_in_every_shell():
    from inspector.core.codebook import all_codes, all_statuses

    words = {*all_codes(), *all_statuses()}
    assert set(_complete("explain", "")) >= words  # bash, run for real
    zsh = script("zsh", build_parser())
    explain_zsh = zsh.split("_aleth_inspector_explain() {", 1)[1].split("\n}", 1)[0]
    fish = [ln for ln in script("fish", build_parser()).splitlines() if "seen_subcommand_from explain" in ln]
    for word in words:
        assert f" {word}" in explain_zsh or f"({word} " in explain_zsh, word
        assert any(f" {word} " in ln or f"'{word} " in ln or f" {word}'" in ln for ln in fish), word
