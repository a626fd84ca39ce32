"""verify --format sarif|junit|html|pdf [--output FILE]: the same report in each, the
file written atomically with mode 0600, never over or into the input."""

from __future__ import annotations

import json
import stat
import sys
import xml.etree.ElementTree as ET

import pytest

from .conftest import FAILING, PASSING


def test_sarif_to_stdout(cli):
    r = cli("verify", FAILING, "--format", "sarif")
    doc = json.loads(r.out)
    assert r.code == 1 and doc["version"] == "2.1.0"
    levels = {r["ruleId"]: r["level"] for r in doc["runs"][0]["results"]}
    assert levels["not_in_proven_pre_rotation_history"] == "error"
    assert levels["no_checkpoint"] == "note"


def test_junit_to_stdout(cli):
    r = cli("verify", FAILING, "--format", "junit")
    root = ET.fromstring(r.out.encode())
    assert r.code == 1 and root.get("failures") == "1"


@pytest.mark.parametrize("fmt,magic", [("json", b"{"), ("html", b"<!DOCTYPE html>"), ("pdf", b"%PDF-")])
def test_output_file_is_written_0600(cli, tmp_path, fmt, magic):
    out = tmp_path / f"report.{fmt}"
    r = cli("verify", FAILING, "--format", fmt, "--output", out)
    assert r.code == 1 and r.out == ""
    assert out.read_bytes().startswith(magic)
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert f"wrote the {fmt} report to {out}" in r.err
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary file left


def test_output_replaces_an_old_report(cli, tmp_path):
    out = tmp_path / "report.json"
    out.write_text("old")
    assert cli("verify", PASSING, "--json", "-o", out, "--quiet").code == 0
    assert json.loads(out.read_text())["verdict"] == "pass"


def test_pdf_needs_an_output_file(cli):
    r = cli("verify", PASSING, "--format", "pdf")
    assert r.code == 3 and "--output" in r.err


def test_pdf_without_qt_says_what_to_install(cli, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "PySide6", None)
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *a: None)
    r = cli("verify", PASSING, "--format", "pdf", "-o", tmp_path / "r.pdf")
    assert r.code == 3 and "pip install 'aleth-inspector[gui]'" in r.err
    assert not (tmp_path / "r.pdf").exists()


def test_never_writes_into_the_input(cli, store_copy, tmp_path):
    store = store_copy()
    before = sorted(p.relative_to(store) for p in store.rglob("*"))
    r = cli("verify", store, "--json", "-o", store / "report.json")
    assert r.code == 3 and "refusing" in r.json()["findings"][0]["message"]
    assert sorted(p.relative_to(store) for p in store.rglob("*")) == before
    sealed = tmp_path / "memory.aleth"
    sealed.write_bytes(b"ALETH002 not really")
    r = cli("verify", sealed, "--format", "html", "-o", sealed)
    assert r.code == 3 and sealed.read_bytes() == b"ALETH002 not really"


def test_output_directory_must_exist(cli, tmp_path):
    r = cli("verify", PASSING, "--json", "-o", tmp_path / "missing" / "r.json")
    assert r.code == 3 and "does not exist" in r.json()["findings"][0]["message"]
