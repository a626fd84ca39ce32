"""Options as a person types them: never abbreviated (a prefix that means one option today
could mean another tomorrow), a mistyped one named with the option it resembles, and a
secret given as an option refused with the rule, never echoed."""

from __future__ import annotations

import argparse

import pytest

from inspector.cli.main import build_parser
from inspector.cli.shell import describe

from .conftest import PASSING

SECRET = "correct-horse-battery"


def test_no_parser_accepts_an_abbreviation():
    for cmd in describe(build_parser()).walk():
        assert cmd.parser.allow_abbrev is False, cmd.name


def _long_options():
    for cmd in describe(build_parser()).walk():
        for o in cmd.options:
            for flag in o.flags:
                if flag.startswith("--") and len(flag) > 5 and flag != "--help":
                    yield cmd, flag, o


@pytest.mark.parametrize("command,flag", [(" ".join(c.path), f) for c, f, _ in _long_options()])
def test_a_prefix_of_any_option_is_refused_and_named(cli, command, flag):
    prefix = flag[:-2]
    if prefix.startswith("--pass") or prefix == "--recovery-code":  # a secret: its own sentence
        return
    r = cli(*command.split(), prefix, "x")
    assert r.code == 3
    assert f"unrecognized option {prefix} (options are never abbreviated): did you mean" in r.err
    assert flag in r.err.splitlines()[-1]


@pytest.mark.parametrize(
    "spelling", ["--passphrase", "--passphras", "--passp", "--pass", "--password", "--passwd"]
)
@pytest.mark.parametrize("command", ["verify", "audit", "receipt prove", "rotate", "explain", "gui"])
def test_a_passphrase_on_the_command_line_gets_the_rule(cli, spelling, command):
    for argv in ([spelling, SECRET], [f"{spelling}={SECRET}"]):
        r = cli(*command.split(), str(PASSING), *argv)
        assert r.code == 3
        assert r.err.strip().splitlines()[-1] == (
            "aleth-inspector: error: a passphrase is never given on the command line: use --passphrase-file"
        )
        assert SECRET not in r.out + r.err and "ambiguous" not in r.err


def test_a_recovery_code_on_the_command_line_gets_the_rule(cli):
    r = cli("verify", PASSING, "--recovery-code", SECRET)
    assert r.code == 3 and "use --recovery-code-file" in r.err and SECRET not in r.err


def test_the_json_error_report_never_holds_the_secret(cli):
    r = cli("verify", PASSING, "--json", "--passphrase", SECRET)
    doc = r.json()
    assert r.code == 3 and doc["verdict"] == "error" and doc["findings"][0]["code"] == "usage_error"
    assert SECRET not in r.out and "--passphrase-file" in doc["findings"][0]["message"]


def test_after_a_double_dash_it_is_a_name_not_an_option(cli, tmp_path):
    odd = tmp_path / "--passphrase"
    r = cli("verify", "--", odd)
    assert r.code == 2 and "does not exist" in r.out  # judged as the path it names


def test_the_real_options_still_work(cli, tmp_path):
    assert cli("verify", PASSING, "--quiet").code == 0
    assert cli("verify", PASSING, "--format=json").code == 0
    assert cli("verify", PASSING, "-qo", tmp_path / "r.txt").code == 0  # grouped short flags stay
    assert isinstance(build_parser(), argparse.ArgumentParser)
