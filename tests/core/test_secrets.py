"""Secrets: files, standard input, descriptors; one trailing newline removed and
nothing else; hints for what looks like a mistake; never in a repr."""

from __future__ import annotations

import io
import os

import pytest

from inspector.core.errors import InspectorError
from inspector.core.opener import explain_failure
from inspector.core.secrets import (
    HINT_RECOVERY_CODE,
    hints_for,
    read_secret,
    read_secret_fd,
    read_secret_file,
    strip_line_ending,
)
from inspector.core.verify.report import Report


@pytest.mark.parametrize(
    "raw,value",
    [
        ("pässword\n", "pässword"),
        ("pw\r\n", "pw"),
        ("pw\n\n", "pw\n"),  # only one
        ("pw ", "pw "),  # spaces are part of it
        ("\tpw", "\tpw"),
        ("pw\r", "pw\r"),  # a lone CR is not a line ending
        ("", ""),
    ],
)
def test_one_trailing_newline_is_removed_nothing_else(tmp_path, raw, value):
    p = tmp_path / "pp"
    p.write_bytes(raw.encode("utf-8"))
    assert read_secret(p).value == value
    assert strip_line_ending(raw) == value


def test_standard_input_and_descriptors(tmp_path):
    assert read_secret("-", stdin=io.BytesIO(b"from stdin\n")).value == "from stdin"
    r, w = os.pipe()
    os.write(w, b"from fd\n")
    os.close(w)
    try:
        secret = read_secret_fd(r)
    finally:
        os.close(r)
    assert secret.value == "from fd" and secret.source == f"descriptor {r}"


def test_hints_for_a_bom_a_recovery_code_and_whitespace():
    assert any("byte-order mark" in h for h in hints_for("\ufeffsecret"))
    assert hints_for("aleth-recovery-v1:abc") == (HINT_RECOVERY_CODE,)
    assert any("space, tab" in h for h in hints_for("secret "))
    assert hints_for("a good passphrase") == ()
    assert hints_for("aleth-recovery-v1:abc", "recovery code") == ()


def test_unreadable_secrets_are_errors_with_a_code(tmp_path):
    with pytest.raises(InspectorError) as e:
        read_secret(tmp_path / "missing")
    assert e.value.code == "credential_unreadable"
    bad = tmp_path / "latin1"
    bad.write_bytes("caf\xe9".encode("latin-1"))
    with pytest.raises(InspectorError, match="not UTF-8"):
        read_secret(bad)
    big = tmp_path / "big"
    big.write_bytes(b"x" * (64 * 1024 + 1))
    with pytest.raises(InspectorError, match="larger than"):
        read_secret(big)


def test_the_value_never_appears_in_repr(tmp_path):
    p = tmp_path / "pp"
    p.write_text("hunter2\n")
    assert "hunter2" not in repr(read_secret(p))
    assert read_secret_file(p) == "hunter2"


def test_a_failed_unlock_carries_the_hint(tmp_path):
    p = tmp_path / "pp"
    p.write_bytes("\ufeffdemo\n".encode())
    secret = read_secret(p)
    report = Report.unopenable("wrong_passphrase", "The passphrase does not unlock this file.")
    explain_failure(report, secret)
    assert "byte-order mark" in report.findings[0].likely_cause
    ok = Report()
    assert explain_failure(ok, secret).findings == []
