"""Credentials like the neighbours take them: a file, - for standard input, a
descriptor, ALETH_PASSPHRASE_FILE; hints when a secret looks mistyped; a file that
is not a container is never asked for one (nor called sealed)."""

from __future__ import annotations

import io
import os

import pytest

from .conftest import PASSPHRASE, RECOVERY_CODE, SEALED, SEALED_CASE


class _Stdin(io.TextIOWrapper):
    def isatty(self) -> bool:
        return False


def _stdin(data: bytes) -> _Stdin:
    return _Stdin(io.BytesIO(data), encoding="utf-8")


def test_passphrase_from_standard_input(cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", _stdin((PASSPHRASE + "\n").encode()))
    r = cli("verify", SEALED, "--passphrase-file", "-", "--json")
    assert r.code == 0 and r.json()["head"] == SEALED_CASE["head"]


def test_recovery_code_from_standard_input(cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", _stdin((RECOVERY_CODE + "\r\n").encode()))
    r = cli("verify", SEALED, "--recovery-code-file", "-", "--json")
    assert r.code == 0


def test_passphrase_from_a_descriptor(cli):
    read, write = os.pipe()
    os.write(write, PASSPHRASE.encode())  # no newline at all is fine too
    os.close(write)
    try:
        r = cli("verify", SEALED, "--passphrase-fd", read, "--json")
    finally:
        os.close(read)
    assert r.code == 0


def test_passphrase_file_from_the_environment(cli, monkeypatch, passphrase_file):
    monkeypatch.setenv("ALETH_PASSPHRASE_FILE", str(passphrase_file))
    assert cli("verify", SEALED, "--json").code == 0


def test_explicit_option_wins_over_the_environment(cli, monkeypatch, passphrase_file, tmp_path):
    wrong = tmp_path / "wrong"
    wrong.write_text("wrong\n")
    monkeypatch.setenv("ALETH_PASSPHRASE_FILE", str(wrong))
    assert cli("verify", SEALED, "--passphrase-file", passphrase_file, "--json").code == 0


def test_a_bom_gets_a_hint_when_unlocking_fails(cli, tmp_path):
    bom = tmp_path / "notepad.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + PASSPHRASE.encode() + b"\r\n")
    r = cli("verify", SEALED, "--passphrase-file", bom, "--json")
    (f,) = r.json()["findings"]
    assert r.code == 2 and f["code"] == "wrong_passphrase"
    assert "byte-order mark" in f["likely_cause"]


def test_a_recovery_code_given_as_passphrase_gets_a_hint(cli, tmp_path):
    p = tmp_path / "code.txt"
    p.write_text(RECOVERY_CODE + "\n")
    r = cli("verify", SEALED, "--passphrase-file", p)
    assert r.code == 2
    assert "--recovery-code-file" in " ".join(r.out.split())


def test_an_unreadable_secret_is_a_usage_error(cli, tmp_path):
    r = cli("verify", SEALED, "--passphrase-file", tmp_path / "missing", "--json")
    assert r.code == 3 and r.json()["findings"][0]["code"] == "credential_unreadable"


@pytest.mark.parametrize("content", [b'{"format": {"schema": "something.else"}}', b"plain text"])
def test_a_file_that_is_not_a_container_is_not_called_sealed(cli, tmp_path, monkeypatch, content):
    monkeypatch.setattr("sys.stdin", open("/dev/null"))  # noqa: SIM115 (no terminal: nobody to ask)
    other = tmp_path / "notes.json"
    other.write_bytes(content)
    r = cli("verify", other, "--json")
    doc = r.json()
    assert r.code == 2 and doc["verdict"] == "unopenable"
    # JSON text is named for what it is; other bytes are not a container (bad magic)
    assert doc["findings"][0]["code"] == ("unsupported_format" if content.startswith(b"{") else "bad_magic")
    assert " is sealed" not in doc["findings"][0]["message"]  # it says it is *not* one


def test_help_states_the_secret_rules(cli):
    r = cli("verify", "--help")
    text = " ".join(r.out.split())
    assert r.code == 0
    assert "one trailing newline (\\n or \\r\\n) is removed, nothing else" in text
    assert "ALETH_PASSPHRASE_FILE" in text and "--passphrase-fd" in text
