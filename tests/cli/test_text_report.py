"""The text report through the command: the terminal's width, colour only on a
terminal and never with NO_COLOR, --quiet, --strict, --lang."""

from __future__ import annotations

import io
import re

import pytest

from inspector.cli.main import main

from .conftest import ALETHECH, FAILING, PASSING

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    """A stdout that says it is a terminal."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


@pytest.fixture()
def terminal(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")

    def run(*argv, columns: int = 100) -> tuple[int, str]:
        out = Terminal()
        monkeypatch.setenv("COLUMNS", str(columns))
        monkeypatch.setattr("sys.stdout", out)
        code = main([str(a) for a in argv])
        return code, out.getvalue()

    return run


def test_not_a_terminal_means_80_columns_and_no_colour(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    r = cli("verify", FAILING)
    assert r.code == 1 and r.out.startswith("FAIL  ")
    assert not ANSI.search(r.out)
    assert max(len(line) for line in r.out.splitlines()) <= 80


def test_a_terminal_gets_its_width_and_colour(terminal):
    code, out = terminal("verify", FAILING, columns=60)
    assert code == 1 and out.startswith("\x1b[1;31mFAIL\x1b[0m")
    assert max(len(ANSI.sub("", line)) for line in out.splitlines()) <= 60


def test_no_color_is_honoured(terminal, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    _, out = terminal("verify", FAILING)
    assert not ANSI.search(out)


def test_quiet_prints_the_verdict_line_only(cli):
    r = cli("verify", PASSING, "--quiet")
    assert r.code == 0 and r.out.count("\n") == 1 and r.out.startswith("PASS  ")
    assert r.err == ""


def test_strict_fail_says_the_warnings_caused_it(cli):
    store = ALETHECH / "04_revoke_compromise" / "store"  # passes with one warning
    assert cli("verify", store).code == 0
    r = cli("verify", store, "--strict")
    assert r.code == 1 and r.out.startswith("FAIL")
    assert "Failed because of --strict: warnings count as failures (1 warning)." in r.out


def test_lang_selects_the_catalogue(cli, monkeypatch):
    from inspector.core import i18n
    from inspector.core.render import strings as S

    monkeypatch.setitem(i18n.catalogue("fr"), S.VERDICT["pass"], "RÉUSSI")
    assert cli("verify", PASSING, "--lang", "fr").out.startswith("RÉUSSI")
    # the default comes from the environment (not set here: libc would follow it too)
    monkeypatch.setattr(i18n, "system_language", lambda: "fr")
    assert cli("verify", PASSING).out.startswith("RÉUSSI")
    assert cli("verify", PASSING, "--lang", "en").out.startswith("PASS")
