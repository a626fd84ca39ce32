"""verify --emit-checkpoint OUT: a checkpoint of a passing file, signed with its
sealed key, that the next audit (ours or alethech's) checks continuity against."""

from __future__ import annotations

import json

from ..conftest import alethech_cli
from .conftest import FAILING, SEALED, SEALED_CASE


def test_emit_then_verify_against_it(cli, store_copy, tmp_path):
    store = store_copy()
    out = tmp_path / "audit-1.checkpoint.json"
    r = cli("verify", store, "--emit-checkpoint", out, "--json")
    assert r.code == 0 and r.json()["verdict"] == "pass"
    cp = json.loads(out.read_text())
    assert cp["type"] == "Checkpoint" and cp["sequence"] == 1 and cp["key_id"] == "key-004"
    assert "checkpoint written" in r.err
    again = cli("verify", store, "--checkpoint", out, "--json")
    assert again.code == 0 and again.json()["checkpoint"] == {"given": True, "state": "verified"}
    # alethech 0.9.5 accepts it as its own --checkpoint
    proc = alethech_cli("--store", store, "verify", "--checkpoint", out)
    assert proc.exit_code == 0 and "continuity: verified" in proc.output, proc.output
    # the next one counts on from the checkpoints beside it
    second = tmp_path / "audit-2.checkpoint.json"
    assert cli("verify", store, "--checkpoint", out, "--emit-checkpoint", second).code == 0
    assert json.loads(second.read_text())["sequence"] == 2


def test_emit_from_a_sealed_file(cli, passphrase_file, tmp_path):
    out = tmp_path / "memory.checkpoint.json"
    r = cli("verify", SEALED, "--passphrase-file", passphrase_file, "--emit-checkpoint", out, "-q")
    assert r.code == 0 and r.err == ""
    assert json.loads(out.read_text())["head_commit_id"] == SEALED_CASE["head"]


def test_no_checkpoint_for_a_failing_file(cli, tmp_path):
    out = tmp_path / "cp.json"
    r = cli("verify", FAILING, "--emit-checkpoint", out)
    assert r.code == 1 and not out.exists()
    assert "no checkpoint written" in r.err


def test_an_existing_output_is_never_overwritten(cli, store_copy, tmp_path):
    out = tmp_path / "cp.json"
    out.write_text("mine")
    r = cli("verify", store_copy(), "--emit-checkpoint", out, "--json")
    assert r.code == 3 and out.read_text() == "mine"


def test_a_sealed_file_is_decrypted_and_verified_once(cli, passphrase_file, tmp_path, monkeypatch):
    """The checkpoint is signed from the store the report judged: no second decrypt,
    no second verification (issue 22: _emit opened and verified the file again)."""
    from inspector.core import container, opener

    opened, verified = [], []
    real_open, real_verify = container.open_owned, opener.verify
    monkeypatch.setattr(container, "open_owned", lambda *a, **k: opened.append(1) or real_open(*a, **k))
    monkeypatch.setattr(opener, "verify", lambda *a, **k: verified.append(1) or real_verify(*a, **k))
    out = tmp_path / "memory.checkpoint.json"
    r = cli("verify", SEALED, "--passphrase-file", passphrase_file, "--emit-checkpoint", out, "-q")
    assert r.code == 0 and out.exists()
    assert (len(opened), len(verified)) == (1, 1)
