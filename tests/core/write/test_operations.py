"""The authoring operations through the Python API (moved from
tests/core/test_authoring.py; the CLI side is tests/cli/test_author_cli.py):
what each writes, what each refuses, and that what it writes opens in alethech
0.9.5.  Refused operations leave the source byte-identical."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from inspector.core import container as C
from inspector.core.canonical import canonical, loads_strict
from inspector.core.container import Credential
from inspector.core.errors import ContainerError, OperationError
from inspector.core.keys import KeyPair, decode_signature, raw_from_jwk, verify_sig
from inspector.core.opener import open_and_verify, open_path
from inspector.core.store import Store
from inspector.core.verify.report import Status
from inspector.core.write import authoring as A
from inspector.core.write import safe
from inspector.core.write.builder import StoreWriter, stepping_clock

from ...conftest import alethech_cli
from .checks import aleth_ok, assert_no_plaintext, assert_pass, control_events, era, identity_record, mode
from .conftest import open_small, ours
from .faults import FailingOS
from .stores import NEW_PASS, PASS


def legacy_writer() -> StoreWriter:
    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    for i in range(6):
        w.commit({"kind": "fact", "text": f"legacy memory {i}"})
    ev = w.evidence(tool="web.fetch", artifacts=[("page.txt", b"fetched\n")])
    w.commit({"kind": "fact", "text": "with evidence"}, evidence_refs=[ev["commit_id"]])
    return w


# =========================================================================== rotate, revoke, grant


def test_rotate_agent_key_in_place(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.rotate(src, small.root)
    assert res.ok and res.operation == "rotate"
    new_id = next(iter(res.new_keys))
    assert new_id == "key-002"
    assert [e.key_id for e in res.eras_before] == [e.key_id for e in src.report.eras]
    anchor = res.store.head
    assert era(res.report, new_id).grant_cutoff == anchor
    assert res.store.files["keys/signing.key"] == res.new_keys[new_id].pem()
    assert any(p.startswith("control_events/") for p in res.added)
    assert "keys/signing.key" in res.changed
    A.write_result(res, in_place=True)
    assert ours(sealed_copy.parent) == {"m.aleth", "m.aleth.bak"}  # one backup, no temp file left
    report = assert_pass(open_and_verify(sealed_copy, Credential(passphrase=PASS)))
    assert era(report, "key-001").cutoff == anchor
    assert aleth_ok(sealed_copy, passphrase=PASS)


def test_rotate_cutoff_not_head_gives_failing_result(sealed_copy, small, small_sealed) -> None:
    """A chosen cutoff before HEAD leaves later commits of the old key outside the
    proven history: the result does not verify and nothing is written."""
    src = open_small(sealed_copy, small_sealed)
    cutoff = small.memories[3]
    res = A.rotate(src, small.root, key_id="key-001", cutoff=cutoff)
    assert not res.ok
    assert res.report.commits[small.memories[4]] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert any("not HEAD" in n.text for n in res.notes)
    out = sealed_copy.parent / "never.aleth"
    with pytest.raises(OperationError) as exc:
        A.write_result(res, out)
    assert exc.value.code == "result_invalid"
    assert not out.exists() and ours(sealed_copy.parent) == {"m.aleth"}
    assert src.report.verdict == "pass"

    with pytest.raises(OperationError) as exc:
        A.rotate(src, small.root, cutoff="sha256:" + "0" * 64)
    assert exc.value.code == "missing_cutoff_head"
    gone = A.rotate(src, small.root)
    later = A.load_source(_write(gone, sealed_copy.parent / "r.aleth"), key=small_sealed.key)
    with pytest.raises(OperationError) as exc:
        A.rotate(later, small.root, key_id="key-001")  # already revoked
    assert exc.value.code == "key_not_active"


def _write(res: A.Result, path: Path) -> Path:
    A.write_result(res, path)
    return path


@pytest.mark.parametrize("reason", ["compromise", "rotation"])
def test_revoke_agent_key_drops_signing_key(sealed_copy, small, small_sealed, reason: str) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.revoke(src, small.root, "key-001", reason=reason)
    assert res.ok
    assert "keys/signing.key" not in res.store.files and res.removed == ["keys/signing.key"]
    assert any(e.text.startswith("the sealed agent key is removed") for e in res.effects)
    out = _write(res, sealed_copy.parent / "no-agent.aleth")
    report = assert_pass(open_and_verify(out, Credential(passphrase=PASS)))
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, key=small_sealed.key).store
    assert "keys/signing.key" not in store.files
    agent = era(report, "key-001")
    assert agent.state == "revoked" and agent.revoke_reason == reason and agent.cutoff == store.head
    assert [k["key_id"] for k in identity_record(store)["active_keys"]] == ["housekeeper-001", "auditor-001"]


def test_revoke_refusals(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    with pytest.raises(OperationError) as exc:
        A.revoke(src, small.root, "key-007")
    assert exc.value.code == "key_not_active"
    with pytest.raises(OperationError) as exc:
        A.revoke(src, small.root, "auditor-001", reason="boredom")
    assert exc.value.code == "invalid_reason"
    with pytest.raises(OperationError) as exc:
        A.revoke(src, small.root, "auditor-001", cutoff="sha256:" + "1" * 64)
    assert exc.value.code == "missing_cutoff_head"


def test_grant(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.grant(src, small.root, "housekeeper")
    assert res.ok and list(res.new_keys) == ["housekeeper-002"]
    assert next(k["key_id"] for k in identity_record(res.store)["active_keys"]) == "key-001"
    with pytest.raises(OperationError) as exc:
        A.grant(src, small.root, "agent")
    assert exc.value.code == "invalid_role"


def test_root_key_of_another_file(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    other_root = KeyPair.generate()
    for op in (
        lambda: A.revoke(src, other_root, "auditor-001"),
        lambda: A.rotate(src, other_root),
        lambda: A.grant(src, other_root, "auditor"),
    ):
        with pytest.raises(OperationError) as exc:
            op()
        assert exc.value.code == "wrong_root_key"


# =========================================================================== migrate


def check_migration(store: Store, legacy: StoreWriter, root: KeyPair) -> None:
    ra = loads_strict(store.files["root_authority.json"])[0]
    assert ra["root_public_key"] == root.jwk
    migs = [loads_strict(d)[0] for _, d in store.list("migrations")]
    assert len(migs) == 1
    mig = migs[0]
    assert mig["legacy_public_key"] == legacy.agent_key.jwk
    assert mig["legacy_agent_id"] == legacy.legacy_agent_id
    assert mig["new_root_public_key"] == root.jwk
    signable = {k: v for k, v in mig.items() if k not in ("commit_id", "signature", "legacy_signature")}
    msg = canonical({**signable, "commit_id": mig["commit_id"]})
    # both signatures, over the same bytes
    assert verify_sig(raw_from_jwk(legacy.agent_key.jwk), decode_signature(mig["legacy_signature"]), msg)
    assert verify_sig(raw_from_jwk(root.jwk), decode_signature(mig["signature"]), msg)
    events = control_events(store)
    assert len(events) == 1
    ev = events[0]
    assert ev["event_type"] == "key_grant" and ev["sequence"] == 1 and ev["previous_control_hash"] == ""
    assert ev["key_id"] == "key-001" and ev["public_key"] == legacy.agent_key.jwk
    assert ev["migration_record_id"] == mig["commit_id"]
    assert "keys/root.key" not in store.files
    assert root.pem() not in store.files.values()


@pytest.mark.parametrize("fmt", ["ALETH002", "ALETH001"])
def test_migrate_sealed(tmp_path, fmt: str) -> None:
    legacy = legacy_writer()
    secret = C.new_recovery_secret()
    blob = (
        C.seal_v2(legacy.store.files, PASS, recovery_secret=secret)
        if fmt == "ALETH002"
        else C.seal_v1(legacy.store.files, PASS)
    )
    path = tmp_path / "legacy.aleth"
    path.write_bytes(blob)
    src = A.load_source(path, Credential(passphrase=PASS))
    assert src.report.verdict == "pass"
    with pytest.raises(OperationError) as exc:  # a v0.1 store has no root to rotate with
        A.rotate(src, KeyPair.generate())
    assert exc.value.code == "no_root"
    res = A.migrate(src)
    assert res.ok
    root = res.new_keys["root"]
    out = tmp_path / "migrated.aleth"
    A.write_result(res, out)
    assert path.read_bytes() == blob
    assert out.read_bytes()[:8] == fmt.encode()
    report = assert_pass(open_and_verify(out, Credential(passphrase=PASS)))
    assert aleth_ok(out, passphrase=PASS)
    check_migration(open_path(out, Credential(passphrase=PASS)).store, legacy, root)
    if fmt == "ALETH002":  # every unlock slot kept
        code = C.encode_recovery_code(secret)
        assert_pass(open_and_verify(out, Credential(recovery_code=code)))
        assert aleth_ok(out, recovery_code=code)
    assert era(report, "key-001").state == "active"
    assert_no_plaintext(tmp_path)

    # migrating twice is refused; the written root key governs the migrated store
    src2 = A.load_source(out, Credential(passphrase=PASS))
    with pytest.raises(OperationError) as exc:
        A.migrate(src2)
    assert exc.value.code == "already_migrated"
    rotated = A.rotate(src2, root)
    assert rotated.ok and era(rotated.report, "key-001").state == "revoked"


# =========================================================================== label


def test_label_refuses_what_the_verifier_would_flag(sealed_copy, small, small_sealed) -> None:
    src = open_small(sealed_copy, small_sealed)
    memory, evidence = small.poison, small.review
    cases = [
        ({"label_": "poison_refuted", "key": small.hk, "evidence": [evidence]}, "mutmem_role_unauthorized"),
        ({"label_": "poison_refuted", "key": small.au, "evidence": []}, "mutmem_label_evidence_missing"),
        (
            {"label_": "supported", "key": small.au, "evidence": ["sha256:" + "1" * 64]},
            "mutmem_label_evidence_missing",
        ),
        ({"label_": "poison_suspect", "key": small.agent, "evidence": []}, "mutmem_role_unauthorized"),
        ({"label_": "poison_suspect", "key": KeyPair.generate(), "evidence": []}, "key_not_active"),
        ({"label_": "nonsense", "key": small.au, "evidence": [evidence]}, "mutmem_target_invalid"),
    ]
    for kw, code in cases:
        with pytest.raises(OperationError) as exc:
            A.label(src, memory, kw["label_"], kw["key"], "r", evidence=kw["evidence"])
        assert exc.value.code == code, kw
    with pytest.raises(OperationError) as exc:
        A.label(src, small.head, "poison_suspect", small.hk, "not a plain memory")
    assert exc.value.code == "mutmem_target_invalid"
    with pytest.raises(OperationError) as exc:
        A.label(src, memory, "poison_suspect", small.hk, "r", confidence_milli=1001)
    assert exc.value.code == "mutmem_target_invalid"


# =========================================================================== rekey, recover


def test_rekey_refusals(sealed_copy, small_sealed, dir_copy) -> None:
    src = open_small(sealed_copy, small_sealed)
    with pytest.raises(OperationError) as exc:
        A.rekey(src, NEW_PASS)
    assert exc.value.code == "recovery_slot_decision"
    with pytest.raises(OperationError) as exc:
        A.rekey(src, NEW_PASS, keep_recovery_code=small_sealed.code, new_recovery_code=True)
    assert exc.value.code == "usage"
    wrong = C.encode_recovery_code(b"\x01" * 32)
    with pytest.raises(ContainerError) as exc2:
        A.rekey(src, NEW_PASS, keep_recovery_code=wrong)
    assert exc2.value.code == "wrong_passphrase"
    with pytest.raises(ContainerError) as exc2:
        A.rekey(src, NEW_PASS, keep_recovery_code="aleth-recovery-v1:short")
    assert exc2.value.code == "invalid_recovery_code"
    with pytest.raises(OperationError) as exc:
        A.rekey(A.load_source(dir_copy), NEW_PASS)
    assert exc.value.code == "not_sealed"


@pytest.mark.parametrize("new_code", [False, True])
def test_rekey_aleth001_to_aleth002(tmp_path, small, new_code: bool) -> None:
    v1 = tmp_path / "old.aleth"
    blob = C.seal_v1(small.files, "v1 passphrase")
    v1.write_bytes(blob)
    assert aleth_ok(v1, passphrase="v1 passphrase")
    src = A.load_source(v1, Credential(passphrase="v1 passphrase"))
    with pytest.raises(OperationError) as exc:  # an ALETH001 file has no recovery slot to keep
        A.rekey(src, NEW_PASS, keep_recovery_code=C.encode_recovery_code(b"\x02" * 32))
    assert exc.value.code == "no_recovery_slot"
    res = A.rekey(src, NEW_PASS, new_recovery_code=new_code)
    assert any("ALETH002" in n.text for n in res.notes)
    assert "the file becomes ALETH002 (it was ALETH001)" in [e.text for e in res.effects]
    out = tmp_path / "new.aleth"
    A.write_result(res, out)
    assert v1.read_bytes() == blob
    assert out.read_bytes()[:8] == b"ALETH002"
    assert_pass(open_and_verify(out, Credential(passphrase=NEW_PASS)))
    assert aleth_ok(out, passphrase=NEW_PASS)
    with pytest.raises(ContainerError) as exc2:
        open_path(out, Credential(passphrase="v1 passphrase"))
    assert exc2.value.code == "wrong_passphrase"
    assert C.parse_envelope(out.read_bytes()).has_recovery_slot is new_code
    if new_code:
        assert res.recovery_code is not None
        assert_pass(open_and_verify(out, Credential(recovery_code=res.recovery_code)))
        assert aleth_ok(out, recovery_code=res.recovery_code)
    assert_no_plaintext(tmp_path, secrets=(NEW_PASS.encode(),))


def test_recover_keeps_recovery_code(sealed_copy, small_sealed) -> None:
    before = sealed_copy.read_bytes()
    src = A.load_source(sealed_copy, Credential(recovery_code=small_sealed.code))
    res = A.recover(src, NEW_PASS)
    assert res.operation == "recover" and res.recovery_code is None
    out = _write(res, sealed_copy.parent / "recovered.aleth")
    assert sealed_copy.read_bytes() == before
    assert_pass(open_and_verify(out, Credential(passphrase=NEW_PASS)))
    assert_pass(open_and_verify(out, Credential(recovery_code=small_sealed.code)))  # the slot stays
    with pytest.raises(ContainerError) as exc:
        open_path(out, Credential(passphrase=PASS))
    assert exc.value.code == "wrong_passphrase"
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_ok(out, recovery_code=small_sealed.code)
    assert_no_plaintext(sealed_copy.parent, secrets=(NEW_PASS.encode(), small_sealed.code.encode()))


def test_recover_refusals(sealed_copy, small_sealed) -> None:
    with pytest.raises(OperationError) as exc:
        A.recover(open_small(sealed_copy, small_sealed), NEW_PASS)  # not opened with the code
    assert exc.value.code == "usage"
    with pytest.raises(ContainerError) as exc2:
        A.load_source(sealed_copy, Credential(recovery_code=C.encode_recovery_code(bytes(range(32)))))
    assert exc2.value.code == "wrong_passphrase"
    with pytest.raises(ContainerError) as exc2:
        A.load_source(sealed_copy, Credential(recovery_code="definitely not a code"))
    assert exc2.value.code == "invalid_recovery_code"


# =========================================================================== output targets


def test_target_in_missing_directory_and_existing_target(sealed_copy, small, small_sealed) -> None:
    res = A.grant(open_small(sealed_copy, small_sealed), small.root, "auditor")
    with pytest.raises(OperationError) as exc:
        A.write_result(res, sealed_copy.parent / "missing" / "out.aleth")
    assert exc.value.code == "target_directory_missing"
    existing = sealed_copy.parent / "existing.aleth"
    existing.write_bytes(b"keep me")
    with pytest.raises(OperationError) as exc:
        A.write_result(res, existing)
    assert exc.value.code == "target_exists"
    assert existing.read_bytes() == b"keep me"
    with pytest.raises(OperationError) as exc:
        A.write_result(res, None)
    assert exc.value.code == "usage"
    assert ours(sealed_copy.parent) == {"m.aleth", "existing.aleth"}


@pytest.mark.parametrize(
    "fail,err", [("replace", errno.EACCES), ("write", errno.ENOSPC), ("link", errno.EACCES)]
)
def test_unwritable_target_new_path(
    sealed_copy, small, small_sealed, monkeypatch, fail: str, err: int
) -> None:
    before = sealed_copy.read_bytes()
    res = A.grant(open_small(sealed_copy, small_sealed), small.root, "auditor")
    out = sealed_copy.parent / "out.aleth"
    monkeypatch.setattr(safe, "os", FailingOS(fail, err))
    if fail == "replace":  # a new file is published without os.replace: it does not fail
        A.write_result(res, out)
        assert out.read_bytes() == res.output.data
        return
    with pytest.raises(OperationError) as exc:
        A.write_result(res, out)
    assert exc.value.code == "write_failed"
    assert os.strerror(err) in exc.value.message
    monkeypatch.undo()
    assert not out.exists()
    assert ours(sealed_copy.parent) == {"m.aleth"}  # no temp file left behind
    assert sealed_copy.read_bytes() == before


@pytest.mark.parametrize(
    "fail,err", [("replace", errno.EACCES), ("write", errno.ENOSPC), ("fsync", errno.EIO)]
)
def test_unwritable_target_in_place(sealed_copy, small_sealed, monkeypatch, fail: str, err: int) -> None:
    before = sealed_copy.read_bytes()
    res = A.rekey(open_small(sealed_copy, small_sealed), NEW_PASS, keep_recovery_code=small_sealed.code)
    monkeypatch.setattr(safe, "os", FailingOS(fail, err))
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    assert exc.value.code == "write_failed"
    monkeypatch.undo()
    assert sealed_copy.read_bytes() == before  # the source is untouched
    assert ours(sealed_copy.parent) == {"m.aleth"}  # temp file removed
    assert_pass(open_and_verify(sealed_copy, Credential(passphrase=PASS)))


def test_unwritable_backup_location_in_place(sealed_copy, small, small_sealed, monkeypatch) -> None:
    """--in-place first writes FILE.bak beside the file; when that fails (injected), the
    file is untouched and nothing is left."""
    before = sealed_copy.read_bytes()
    res = A.label(open_small(sealed_copy, small_sealed), small.memories[0], "poison_suspect", small.hk, "r")
    real = safe.atomic_write

    def failing(path, data, **kw):  # type: ignore[no-untyped-def]
        if str(path).endswith(".bak"):
            raise OperationError("write_failed", f"cannot write {path}: Permission denied")
        return real(path, data, **kw)

    monkeypatch.setattr(safe, "atomic_write", failing)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    assert exc.value.code == "write_failed" and "Permission denied" in exc.value.message
    monkeypatch.undo()
    assert sealed_copy.read_bytes() == before and ours(sealed_copy.parent) == {"m.aleth"}


# =========================================================================== directory stores


def test_directory_output_is_a_new_directory(dir_copy, small) -> None:
    before = {p: p.read_bytes() for p in dir_copy.rglob("*") if p.is_file()}
    src = A.load_source(dir_copy)
    assert src.report.verdict == "pass" and not src.is_sealed
    res = A.rotate(src, small.root)
    out = dir_copy.parent / "rotated-store"
    A.write_result(res, out)
    assert out.is_dir() and {p: p.read_bytes() for p in dir_copy.rglob("*") if p.is_file()} == before
    report = assert_pass(open_and_verify(out))
    assert era(report, "key-002").grant_cutoff == res.store.head
    assert aleth_ok(out)
    new = next(k for k in identity_record(res.store)["active_keys"] if k["key_id"] == "key-002")
    assert KeyPair.from_pem((out / "keys" / "signing.key").read_bytes()).jwk == new["public_key"]
    assert mode(out / "keys" / "signing.key") == 0o600
    assert not any(n.endswith(".tmp") for n in ours(dir_copy.parent))


def tamper_one_commit(store_dir: Path) -> str:
    """Change one memory's text in place (id no longer matches: DIGEST_MISMATCH)."""
    for path in sorted((store_dir / "commits").iterdir()):
        obj = json.loads(path.read_text())
        if obj["content"].get("kind") == "fact":
            obj["content"]["text"] = obj["content"]["text"] + " (edited)"
            path.write_text(json.dumps(obj, indent=2))
            return obj["commit_id"]
    raise AssertionError("no fact commit")


def test_invalid_input_refused_unless_allowed(dir_copy, small) -> None:
    tampered = tamper_one_commit(dir_copy)
    src = A.load_source(dir_copy)
    assert src.report.verdict == "fail" and src.report.commits[tampered] == Status.DIGEST_MISMATCH
    with pytest.raises(OperationError) as exc:
        A.grant(src, small.root, "auditor")
    assert exc.value.code == "invalid_input" and "--allow-invalid-input" in (exc.value.likely_cause or "")
    res = A.grant(src, small.root, "auditor", allow_invalid=True)
    assert res.allow_invalid_input and res.to_json()["allow_invalid_input"] is True
    assert res.to_json()["input_verdict"] == "fail" and res.report.verdict == "fail"
    assert any(f["object_id"] == tampered for f in res.to_json()["findings"])
    assert any(e.text.startswith("the input does not verify (fail)") for e in res.effects)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, dir_copy.parent / "out")
    assert exc.value.code == "result_invalid" and not (dir_copy.parent / "out").exists()


def test_directory_in_place_keeps_files_it_does_not_manage(tmp_path) -> None:
    """A store made by alethech itself (``init`` + ``migrate --to v0.2``) keeps its
    root and recovery private keys in keys/root.key and keys/recovery.key.  The
    inspector never reads or seals them, and an in-place write must not destroy them."""
    store_dir = tmp_path / "alethech-store"
    assert alethech_cli("--store", store_dir, "init").exit_code == 0
    p = alethech_cli("--store", store_dir, "migrate", "--to", "v0.2")
    assert p.exit_code == 0, p.output
    root_key = store_dir / "keys" / "root.key"
    recovery_key = store_dir / "keys" / "recovery.key"
    kept = {p: p.read_bytes() for p in (root_key, recovery_key)}
    assert_pass(open_and_verify(store_dir))
    res = A.grant(A.load_source(store_dir), KeyPair.load(root_key), "auditor")
    A.write_result(res, in_place=True)
    assert era(assert_pass(open_and_verify(store_dir)), "auditor-001").state == "active"
    assert aleth_ok(store_dir)
    # regression test for a bug found by this test (now fixed)
    for path, data in kept.items():
        assert path.is_file() and path.read_bytes() == data, f"{path} was destroyed by --in-place"
    assert ours(tmp_path) == {"alethech-store", "alethech-store.bak"}


def test_unwritable_directory_output(dir_copy, small, monkeypatch) -> None:
    import tempfile

    before = {p: p.read_bytes() for p in dir_copy.rglob("*") if p.is_file()}
    out = dir_copy.parent / "out-store"

    def boom(*a, **k):  # type: ignore[no-untyped-def]
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    res = A.revoke(A.load_source(dir_copy), small.root, "auditor-001")
    monkeypatch.setattr(tempfile, "mkdtemp", boom)
    with pytest.raises(Exception) as exc:
        A.write_result(res, out)
    monkeypatch.undo()
    assert getattr(exc.value, "code", None) == "write_failed" and "Permission denied" in str(exc.value)
    assert {p: p.read_bytes() for p in dir_copy.rglob("*") if p.is_file()} == before and not out.exists()


def test_store_written_from_a_directory_matches_the_preview(dir_copy, small) -> None:
    res = A.label(A.load_source(dir_copy), small.memories[0], "poison_suspect", small.hk, "r")
    written = A.write_result(res, dir_copy.parent / "out")
    assert (
        written.sha256
        == res.output.sha256
        == A.store_digest(A.load_source(dir_copy.parent / "out").store.files)
    )


def test_a_broken_root_authority_is_refused_not_a_crash(dir_copy, small) -> None:
    (dir_copy / "root_authority.json").write_bytes(b'{"root_public_key": ')  # not JSON
    src = A.load_source(dir_copy)
    assert src.report.verdict == "fail"
    for op in (
        lambda: A.rotate(src, small.root, allow_invalid=True),
        lambda: A.grant(src, small.root, "auditor", allow_invalid=True),
    ):
        with pytest.raises(OperationError) as exc:
            op()
        assert exc.value.code == "wrong_root_key"
