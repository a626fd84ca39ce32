"""verify --emit-checkpoint in the core: a checkpoint signed with the sealed key,
its sequence above every known one, accepted by our verifier and by alethech 0.9.5."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from inspector.core.emit import (
    checkpoint_bytes,
    checkpoint_for,
    checkpoints_beside,
    next_sequence,
    parse_checkpoint,
    stored_checkpoints,
)
from inspector.core.errors import OperationError
from inspector.core.opener import open_and_verify
from inspector.core.store import Store, read_directory
from inspector.core.verify.engine import VerifyOptions

from ..conftest import ALETHECH, alethech_cli


def _copy(name: str, tmp_path: Path) -> Path:
    return Path(shutil.copytree(ALETHECH / name / "store", tmp_path / name))


@pytest.mark.parametrize("name", ["01_basic", "03_rotation_eras"])
def test_alethech_and_we_accept_the_emitted_checkpoint(name, tmp_path):
    store_dir = _copy(name, tmp_path)
    store = read_directory(store_dir)
    cp = checkpoint_for(store, sequence=1)
    assert cp["head_commit_id"] == store.head and cp["commit_count"] == store.count("commits")
    out = tmp_path / "memory.checkpoint.json"
    out.write_bytes(checkpoint_bytes(cp))

    ours = open_and_verify(store_dir, None, VerifyOptions(checkpoint=out.read_bytes()))
    assert ours.verdict == "pass" and ours.container["continuity"] == "verified"

    r = alethech_cli("--store", store_dir, "verify", "--checkpoint", out)
    assert r.exit_code == 0, r.output
    assert "continuity: verified" in r.output


def test_the_signer_is_the_active_key_after_rotations():
    store = read_directory(ALETHECH / "03_rotation_eras" / "store")
    assert checkpoint_for(store, sequence=7)["key_id"] == "key-004"
    assert checkpoint_for(store, sequence=7)["sequence"] == 7


def test_sequence_is_above_every_known_checkpoint(tmp_path):
    store = read_directory(ALETHECH / "10_checkpoint_continuity_ok" / "store")
    given = parse_checkpoint((ALETHECH / "10_checkpoint_continuity_ok" / "checkpoint.json").read_bytes())
    assert given is not None and given["sequence"] == 1
    (tmp_path / "old.checkpoint.json").write_text(json.dumps({"type": "Checkpoint", "sequence": 4}))
    (tmp_path / "junk.checkpoint.json").write_text("not json")
    (tmp_path / "other.json").write_text(json.dumps({"type": "Checkpoint", "sequence": 99}))
    beside = checkpoints_beside(tmp_path / "new.checkpoint.json")
    assert [c["sequence"] for c in beside] == [4]
    assert next_sequence([*stored_checkpoints(store), given, *beside]) == 5
    assert next_sequence([]) == 1
    assert next_sequence([{"sequence": "9"}, {"sequence": 2**60}]) == 1  # hostile values count as 0


def test_not_a_checkpoint():
    assert parse_checkpoint(b"[1, 2]") is None
    assert parse_checkpoint(b'{"type": "MemoryCommit"}') is None
    assert parse_checkpoint(b'{"type": "Checkpoint", "type": "Checkpoint"}') is None  # duplicate key
    assert parse_checkpoint(b"\xff") is None


def test_no_signing_key_is_a_clear_refusal():
    store = read_directory(ALETHECH / "01_basic" / "store")
    files = {k: v for k, v in store.files.items() if k != "keys/signing.key"}
    with pytest.raises(OperationError) as e:
        checkpoint_for(Store(files), sequence=1)
    assert e.value.code == "no_signing_key"


def test_emit_signs_the_store_the_report_judged(tmp_path):
    from inspector.core.emit import emit_checkpoint
    from inspector.core.opener import open_and_verify_store

    judged = open_and_verify_store(_copy("03_rotation_eras", tmp_path))
    assert judged.report.verdict == "pass" and judged.store is not None
    out = tmp_path / "a.checkpoint.json"
    done = emit_checkpoint(judged.report, judged.store, out)
    cp = json.loads(out.read_bytes())
    assert (done.path, done.sequence, done.head) == (out, 1, judged.report.head)
    assert cp["head_commit_id"] == judged.report.head and (out.stat().st_mode & 0o777) == 0o644
    # the next one counts on from the one beside it, and from the one verified against
    given = checkpoint_bytes({**cp, "sequence": 7})
    assert (
        emit_checkpoint(judged.report, judged.store, tmp_path / "b.checkpoint.json", given=given).sequence
        == 8
    )
    with pytest.raises(OperationError):  # never over an existing file
        emit_checkpoint(judged.report, judged.store, out)


@pytest.mark.parametrize("why", ["failing", "no store", "another store", "hom-aimos"])
def test_emit_refuses_what_it_cannot_stand_behind(why, tmp_path):
    from inspector.core.emit import emit_checkpoint
    from inspector.core.opener import open_and_verify_store

    judged = open_and_verify_store(_copy("01_basic", tmp_path))
    report, store = judged.report, judged.store
    if why == "failing":
        report.verdict = "fail"
    elif why == "no store":
        store = None
    elif why == "another store":
        store = read_directory(_copy("03_rotation_eras", tmp_path))
    else:
        report.profile = "hom-aimos-v1"
    out = tmp_path / "cp.json"
    with pytest.raises(OperationError) as err:
        emit_checkpoint(report, store, out)
    assert err.value.code == "checkpoint_refused" and not out.exists()
