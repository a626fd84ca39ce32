"""`verify --json` prints exactly one object, valid against report-v1.json, whatever
happens: pass, fail, unopenable, missing file, usage error, missing credential,
bad checkpoint, Ctrl-C and a bug in the inspector (each with its exit code)."""

from __future__ import annotations

import pytest

from inspector import __version__

from .conftest import DARK_COMMIT, FAILING, PASSING, SEALED, SEALED_CASE


def test_pass(cli):
    r = cli("verify", PASSING, "--json")
    doc = r.json()
    assert r.code == 0 and doc["verdict"] == "pass"
    assert doc["tool"] == {"name": "aleth-inspector", "version": __version__}
    assert doc["input"]["path"] == str(PASSING) and doc["input"]["format"] == "directory"
    assert len(doc["input"]["sha256"]) == 64 and doc["input"]["size"] > 0  # the files' tree digest
    assert doc["checkpoint"] == {"given": False, "state": "none"}
    assert doc["started_at"].endswith("Z") and doc["duration_s"] >= 0
    assert doc["profile"] == "alethech"


def test_fail_keeps_full_ids(cli):
    r = cli("verify", FAILING, "--json")
    doc = r.json()
    assert r.code == 1 and doc["verdict"] == "fail"
    (f,) = [f for f in doc["findings"] if f["severity"] == "error"]
    assert f["object_id"] == DARK_COMMIT  # full ids in JSON
    assert set(f) >= {"code", "severity", "object_kind", "object_id", "message", "expected", "found"}


def test_unopenable_wrong_passphrase(cli, tmp_path):
    wrong = tmp_path / "wrong"
    wrong.write_text("not the passphrase\n")
    r = cli("verify", SEALED, "--passphrase-file", wrong, "--json")
    doc = r.json()
    assert r.code == 2 and doc["verdict"] == "unopenable"
    assert doc["findings"][0]["code"] == "wrong_passphrase"
    assert doc["input"]["sha256"] == __import__("hashlib").sha256(SEALED.read_bytes()).hexdigest()
    assert doc["input"]["size"] == SEALED.stat().st_size


def test_sealed_file_opens_and_records_its_hash(cli, passphrase_file):
    r = cli("verify", SEALED, "--passphrase-file", passphrase_file, "--json")
    doc = r.json()
    assert r.code == 0 and doc["head"] == SEALED_CASE["head"]
    assert doc["input"]["format"] == "ALETH002" and len(doc["input"]["sha256"]) == 64


def test_missing_file_is_unopenable_not_found(cli, tmp_path):
    r = cli("verify", tmp_path / "nope.aleth", "--json")
    doc = r.json()
    assert r.code == 2 and doc["verdict"] == "unopenable"
    assert doc["findings"][0]["code"] == "not_found"


def test_usage_error_is_a_json_error_report(cli):
    r = cli("verify", PASSING, "--json", "--format", "sarif")
    doc = r.json()
    assert r.code == 3 and doc["verdict"] == "error"
    (f,) = doc["findings"]
    assert f["code"] == "usage_error" and "--format sarif" in f["message"]
    assert "--json and --format sarif" in r.err


def test_argparse_errors_are_json_too(cli):
    r = cli("verify", "--json")  # PATH missing
    doc = r.json()
    assert r.code == 3 and doc["verdict"] == "error"
    assert "PATH" in doc["findings"][0]["message"]
    assert doc["findings"][0]["expected"].startswith("usage: aleth-inspector verify")


def test_missing_credential_without_a_terminal(cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", open("/dev/null"))  # noqa: SIM115 (closed by the interpreter)
    r = cli("verify", SEALED, "--json")
    doc = r.json()
    assert r.code == 3 and doc["verdict"] == "error"
    assert doc["findings"][0]["code"] == "credential_required"
    assert "ALETH_PASSPHRASE_FILE" in doc["findings"][0]["message"]


@pytest.mark.parametrize(
    "content", [b"not json", b"[1, 2, 3]", b'{"type": "MemoryCommit"}', b'{"a": 1, "a": 2}']
)
def test_a_bad_checkpoint_file_is_a_usage_error(cli, tmp_path, content):
    bad = tmp_path / "cp.json"
    bad.write_bytes(content)
    r = cli("verify", PASSING, "--checkpoint", bad, "--json")
    doc = r.json()
    assert r.code == 3 and doc["verdict"] == "error"
    assert doc["findings"][0]["code"] == "checkpoint_unusable"


def test_a_good_checkpoint_is_recorded(cli):
    case = PASSING.parents[1] / "10_checkpoint_continuity_ok"
    r = cli("verify", case / "store", "--checkpoint", case / "checkpoint.json", "--json")
    assert r.code == 0 and r.json()["checkpoint"] == {"given": True, "state": "verified"}


def test_ctrl_c_is_interrupted_130(cli, monkeypatch):
    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr("inspector.core.opener.open_and_verify_store", interrupted)
    r = cli("verify", PASSING, "--json")
    doc = r.json()
    assert r.code == 130 and doc["verdict"] == "interrupted"
    assert doc["findings"][0]["code"] == "interrupted"
    assert "interrupted" in r.err


def test_a_bug_is_an_internal_error_report_exit_5(cli, monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("boom \ud800")

    monkeypatch.setattr("inspector.core.opener.open_and_verify_store", broken)
    r = cli("verify", PASSING, "--json")
    doc = r.json()
    assert r.code == 5 and doc["verdict"] == "error"
    (f,) = doc["findings"]
    assert f["code"] == "internal_error" and "RuntimeError" in f["found"]
    assert "Traceback" not in r.err and "bug" in r.err


def test_a_bug_in_text_mode_has_no_traceback_either(cli, monkeypatch):
    monkeypatch.setattr("inspector.core.opener.open_and_verify_store", lambda *a, **k: 1 / 0)
    r = cli("verify", PASSING)
    assert r.code == 5 and r.out == ""
    assert "ZeroDivisionError" in r.err and "Traceback" not in r.err
