"""The authoring commands end to end, in-process: rotate, revoke, grant, migrate,
label, rekey and recover (moved from tests/core/test_authoring.py, every assertion
kept or adapted to SPEC E revision 2), plus issue 10's CLI proofs: the preview's
effects and SHA-256, the SHA-256 written, the user's files beside FILE, the mode,
FILE.bak, the lock, and answering a compromise.

Every written result verifies with the inspector and opens in alethech 0.9.5;
every refused command leaves the source byte-identical.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import tempfile
import types
from pathlib import Path

import alethech.container_v2 as aleth_v2
import alethech.store as aleth_store
import alethech.verify as aleth_verify
import pytest
from alethech.api import Alethech

from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.errors import ContainerError
from inspector.core.keys import KeyPair
from inspector.core.opener import open_and_verify, open_path
from inspector.core.store import Store
from inspector.core.verify.report import Status
from inspector.core.write import authoring as A
from inspector.core.write import safe
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import write_directory
from tests.core.write.checks import (
    aleth_ok,
    aleth_refuses,
    assert_no_plaintext,
    assert_pass,
    commit_of,
    control_events,
    era,
    identity_record,
    mode,
    sha256_of,
)
from tests.core.write.stores import NEW_PASS, PASS, build_compromised

from .conftest import ours, secret_file


def report_of(path: Path, key: bytes):  # type: ignore[no-untyped-def]
    """The inspector's report on a sealed output that keeps the input's data key."""
    return A.load_source(path, key=key).report


# =========================================================================== rotate


def test_rotate_agent_key_cli(run, work, sealed, creds, keys, small, sealed_blob) -> None:
    before = sealed.read_bytes()
    old_events = control_events(Store(dict(small.files)))
    out = work / "rotated.aleth"
    code, js, err = run.json(
        "rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root, "-o", out
    )
    assert code == 0, err
    assert js["operation"] == "rotate" and js["verdict"] == "pass" and js["written"] == str(out)
    assert js["written_sha256"] == js["output"]["sha256"] == sha256_of(out)
    assert js["source_sha256"] == sha256_of(sealed) and js["allow_invalid_input"] is False
    assert sealed.read_bytes() == before
    assert ours(work) == {"m.aleth", "rotated.aleth"}  # the agent key is sealed, nowhere else
    assert mode(out) == 0o600

    report = assert_pass(report_of(out, sealed_blob.key))  # the output keeps the input's unlock slots
    assert aleth_ok(out, passphrase=PASS)
    assert aleth_ok(out, recovery_code=sealed_blob.code)
    store = open_path(out, key=sealed_blob.key).store

    # what the agent key signed and no commit cited is anchored first; the anchor is the cutoff
    anchor = store.head
    assert commit_of(store, anchor)["parents"] == [small.head]
    assert sorted(js["anchored"]) == sorted([small.uncited, small.receipt, small.checkpoint])
    # one key_rotation control event signed by the root, chained to the previous tip
    events = control_events(store)
    assert len(events) == len(old_events) + 1
    ev = events[-1]
    assert ev["event_type"] == "key_rotation" and ev["sequence"] == old_events[-1]["sequence"] + 1
    assert ev["previous_control_hash"] == old_events[-1]["commit_id"]
    assert ev["old_key_id"] == "key-001" and ev["key_id"] == "key-002"
    assert ev["cutoff_head"] == anchor and ev["reason"] == "rotation"

    # era table: the old key revoked at the cutoff, the new era granted by the rotation
    old, new = era(report, "key-001"), era(report, "key-002")
    assert old.state == "revoked" and old.cutoff == anchor and old.revoke_reason == "rotation"
    assert old.revoked_by == ev["commit_id"]
    assert new.state == "active" and new.granted_by == ev["commit_id"]
    assert new.granted_event_type == "key_rotation" and new.grant_cutoff == anchor
    for kid in ("housekeeper-001", "auditor-001"):  # other active keys stay
        assert era(report, kid).state == "active"
    # every commit of the old era is still valid (historical)
    assert all(s.ok for s in report.commits.values())
    assert Status.VALID_HISTORICAL in set(report.commits.values())

    # identity record re-signed; the new agent key first and sealed as keys/signing.key
    rec = identity_record(store)
    assert [k["key_id"] for k in rec["active_keys"]] == ["key-002", "housekeeper-001", "auditor-001"]
    assert any(
        r["key_id"] == "key-001" and r["cutoff_head"] == anchor and r["revoked_by"] == ev["commit_id"]
        for r in rec["revoked_keys"]
    )
    sealed_key = KeyPair.from_pem(store.files["keys/signing.key"])
    assert sealed_key.jwk == rec["active_keys"][0]["public_key"]
    assert js["new_keys"]["key-002"]["fingerprint"] == new.fingerprint
    assert store.files["keys/signing.key"] != small.files["keys/signing.key"]

    # alethech commits with the new key on top of the rotated file, and that verifies too
    with tempfile.TemporaryDirectory() as tmp:
        dest = Path(tmp) / "s"
        aleth_v2.open_container_v2(out, dest, passphrase=PASS)
        commit = Alethech.open(dest).commit({"text": "after rotation"})
        assert commit.key_id == "key-002"
        assert aleth_verify.verify_store(aleth_store.Store.open(dest)).ok
        assert assert_pass(open_and_verify(dest)).commits[commit.commit_id] == Status.VALID
    assert_no_plaintext(work)


def test_rotate_housekeeper_cli_new_key_out(run, work, sealed, creds, keys, small, sealed_blob) -> None:
    before = sealed.read_bytes()
    key_out = work / "housekeeper-002.pem"
    out = work / "hk.aleth"
    code, stdout, err = run(
        "rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--key", "housekeeper-001", "--new-key-out", key_out, "-o", out,
    )  # fmt: skip
    assert code == 0, err
    assert f"saved {key_out} (mode 0600)" in stdout
    assert sealed.read_bytes() == before
    assert mode(key_out) == 0o600
    new_key = KeyPair.load(key_out)

    report = assert_pass(report_of(out, sealed_blob.key))
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, key=sealed_blob.key).store
    old = era(report, "housekeeper-001")
    assert old.state == "revoked" and old.cutoff == small.head  # nothing of it to anchor
    new = era(report, "housekeeper-002")
    assert new.role == "housekeeper" and new.granted_event_type == "key_rotation"
    assert new.grant_cutoff == small.head and new.public_key == new_key.jwk["x"]
    rec = identity_record(store)
    # the agent key stays first; the rotated role key takes its predecessor's place
    assert [k["key_id"] for k in rec["active_keys"]] == ["key-001", "housekeeper-002", "auditor-001"]
    assert store.files["keys/signing.key"] == small.files["keys/signing.key"]
    assert new_key.pem() not in store.files.values()  # role keys are never sealed

    # the new housekeeper key works; the old one is refused
    src2 = A.load_source(out, key=sealed_blob.key)
    target = sorted(m for m, v in src2.report.mutmem.memories.items() if v.label is None)[0]
    assert A.label(src2, target, "poison_suspect", new_key, "flagged by the new detector key").ok
    from inspector.core.errors import OperationError

    with pytest.raises(OperationError) as exc:
        A.label(src2, target, "poison_suspect", small.hk, "old key")
    assert exc.value.code == "key_not_active"


def test_rotate_role_key_without_new_key_out_is_refused(run, work, sealed, creds, keys) -> None:
    before = sealed.read_bytes()
    out = work / "x.aleth"
    code, _, err = run(
        "rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--key", "auditor-001", "-o", out,
    )  # fmt: skip
    assert code == 3
    assert "--new-key-out" in err
    assert not out.exists() and sealed.read_bytes() == before


def test_rotate_cutoff_not_head_cli_exit_1(run, work, sealed, creds, keys, small) -> None:
    before = sealed.read_bytes()
    out = work / "never.aleth"
    code, stdout, err = run(
        "rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--cutoff", small.memories[3], "-o", out,
    )  # fmt: skip
    assert code == 1, err
    assert "does not verify" in err and "NOT_IN_PROVEN_PRE_ROTATION_HISTORY" in stdout
    assert not out.exists() and sealed.read_bytes() == before


# =========================================================================== revoke


def test_revoke_role_key_cli(run, work, sealed, creds, keys, small, sealed_blob) -> None:
    before = sealed.read_bytes()
    out = work / "revoked.aleth"
    code, js, err = run.json(
        "revoke", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--key", "auditor-001", "--reason", "expiry", "-o", out,
    )  # fmt: skip
    assert code == 0, err
    assert js["new_keys"] == {} and js["verdict"] == "pass"
    assert js["anchored"] == [small.review]  # the auditor's review, which no label cites yet
    assert sealed.read_bytes() == before
    report = assert_pass(report_of(out, sealed_blob.key))
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, key=sealed_blob.key).store
    au = era(report, "auditor-001")
    assert au.state == "revoked" and au.revoke_reason == "expiry" and au.cutoff == store.head
    # no successor: the same keys minus the revoked one
    assert [e.key_id for e in report.eras] == ["key-001", "housekeeper-001", "auditor-001"]
    ev = control_events(store)[-1]
    assert ev["event_type"] == "key_revoke" and ev["key_id"] == "auditor-001" and ev["reason"] == "expiry"
    rec = identity_record(store)
    assert [k["key_id"] for k in rec["active_keys"]] == ["key-001", "housekeeper-001"]
    assert store.files["keys/signing.key"] == small.files["keys/signing.key"]
    # the auditor's review stays valid (historical) — nothing is deleted
    assert (
        all(s.ok for s in report.commits.values())
        and report.evidence[small.review] == Status.VALID_HISTORICAL
    )


# =========================================================================== grant, migrate


def test_grant_cli_writes_private_key_0600(run, work, sealed, creds, keys, sealed_blob) -> None:
    before = sealed.read_bytes()
    key_out = work / "auditor-002.pem"
    out = work / "granted.aleth"
    code, js, err = run.json(
        "grant", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--role", "auditor", "--key-out", key_out, "-o", out,
    )  # fmt: skip
    assert code == 0, err
    assert list(js["new_keys"]) == ["auditor-002"] and js["saved"] == [str(key_out)]
    assert sealed.read_bytes() == before
    assert mode(key_out) == 0o600
    key = KeyPair.load(key_out)
    report = assert_pass(report_of(out, sealed_blob.key))
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, key=sealed_blob.key).store
    new = era(report, "auditor-002")
    assert new.state == "active" and new.role == "auditor" and new.granted_event_type == "key_grant"
    assert new.public_key == key.jwk["x"]
    rec = identity_record(store)
    assert [k["key_id"] for k in rec["active_keys"]] == [
        "key-001",
        "housekeeper-001",
        "auditor-001",
        "auditor-002",
    ]
    assert control_events(store)[-1]["event_type"] == "key_grant"
    assert key.pem() not in store.files.values()
    assert_no_plaintext(work, exclude={"auditor-002.pem"})


def test_grant_refuses_existing_key_file(run, work, sealed, creds, keys) -> None:
    before = sealed.read_bytes()
    key_out = work / "exists.pem"
    key_out.write_bytes(b"precious")
    out = work / "granted.aleth"
    code, _, err = run(
        "grant", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--role", "housekeeper", "--key-out", key_out, "-o", out,
    )  # fmt: skip
    assert code == 3 and "refusing to overwrite" in err
    assert key_out.read_bytes() == b"precious" and not out.exists() and sealed.read_bytes() == before


def legacy_writer() -> StoreWriter:
    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    for i in range(6):
        w.commit({"kind": "fact", "text": f"legacy memory {i}"})
    ev = w.evidence(tool="web.fetch", artifacts=[("page.txt", b"fetched\n")])
    w.commit({"kind": "fact", "text": "with evidence"}, evidence_refs=[ev["commit_id"]])
    return w


def test_migrate_directory_cli(run, work) -> None:
    from tests.core.write.test_operations import check_migration

    legacy = legacy_writer()
    src_dir = write_directory(legacy.store, work / "legacy")
    before = {p.name: p.read_bytes() for p in src_dir.rglob("*") if p.is_file()}
    assert aleth_ok(src_dir)
    root_out = work / "root.pem"
    out = work / "migrated"
    code, js, err = run.json("migrate", src_dir, "--root-key-out", root_out, "-o", out)
    assert code == 0, err
    assert js["operation"] == "migrate" and list(js["new_keys"]) == ["root"]
    assert any(e["text"].startswith("the store gets a root key (did:alethech:root:") for e in js["effects"])
    assert {p.name: p.read_bytes() for p in src_dir.rglob("*") if p.is_file()} == before
    assert out.is_dir()
    assert mode(root_out) == 0o600
    root = KeyPair.load(root_out)
    report = assert_pass(open_and_verify(out))
    assert aleth_ok(out)
    store = open_path(out).store
    check_migration(store, legacy, root)
    k1 = era(report, "key-001")
    assert k1.state == "active" and k1.granted_event_type == "key_grant"
    # the legacy commits stay valid under the migrated identity
    assert all(s == Status.VALID for s in report.commits.values())
    assert mode(out / "keys" / "signing.key") == 0o600
    assert not (out / "keys" / "root.key").exists()

    # the written root key governs the migrated store: rotate with it
    out2 = work / "migrated-rotated"
    code, _, err = run("rotate", out, "--root-key", root_out, "-o", out2)
    assert code == 0, err
    assert aleth_ok(out2)
    assert era(assert_pass(open_and_verify(out2)), "key-001").cutoff == legacy.head


# =========================================================================== label


def test_label_refute_with_evidence_cli(run, work, sealed, creds, keys, small, sealed_blob) -> None:
    before = sealed.read_bytes()
    out = work / "labelled.aleth"
    code, js, err = run.json(
        "label", sealed, "--passphrase-file", creds.passphrase, "--memory", small.poison,
        "--label", "poison_refuted", "--key", keys.au,
        "--reason", "checked with the owner <private>call notes</private>",
        "--evidence", small.review, "--confidence", "900", "-o", out,
    )  # fmt: skip
    assert code == 0, err
    assert js["verdict"] == "pass" and len(js["added"]) == 1 and js["changed"] == ["HEAD"]
    (trust,) = [e for e in js["effects"] if e["kind"] == "trust"]
    assert trust["text"].endswith("becomes TRUSTED again (poison_likely → poison_refuted)")
    assert trust["params"]["memory"].startswith("refund policy:")
    assert sealed.read_bytes() == before
    report = assert_pass(report_of(out, sealed_blob.key))
    assert aleth_ok(out, passphrase=PASS)
    view = report.mutmem.memories[small.poison]
    assert view.label == "poison_refuted"
    last = view.labels[-1]
    assert last.key_id == "auditor-001" and last.role == "auditor"
    assert last.evidence == [small.review] and last.confidence_milli == 900
    assert last.reason == "checked with the owner [REDACTED]"
    # nothing is deleted: the earlier detector label is still in the chain
    assert [lp.label for lp in view.labels] == ["poison_likely", "poison_refuted"]
    assert b"call notes" not in b"".join(open_path(out, key=sealed_blob.key).store.files.values())


def test_label_evidence_does_not_swallow_the_file(run, work, sealed, creds, keys, small, sealed_blob) -> None:
    """Issue 11: ``label --evidence ID FILE`` used to read FILE as a second evidence id.
    Now --evidence takes one id and repeats."""
    out = work / "two.aleth"
    code, _, err = run(
        "label", "--evidence", small.review, "--evidence", small.cited, sealed,
        "--passphrase-file", creds.passphrase, "--memory", small.poison, "--label", "poison_confirmed",
        "--key", keys.au, "--reason", "two sources", "-o", out,
    )  # fmt: skip
    assert code == 0, err
    view = report_of(out, sealed_blob.key).mutmem.memories[small.poison]
    assert view.labels[-1].evidence == [small.review, small.cited]


def test_label_by_revoked_key_is_refused(run, work, sealed, creds, keys, small, sealed_blob) -> None:
    res = A.revoke(A.load_source(sealed, key=sealed_blob.key), small.root, "auditor-001", reason="compromise")
    revoked = work / "revoked.aleth"
    A.write_result(res, revoked)
    before = revoked.read_bytes()
    out = work / "labelled.aleth"
    code, _, err = run(
        "label", revoked, "--passphrase-file", creds.passphrase, "--memory", small.poison,
        "--label", "poison_refuted", "--key", keys.au, "--reason", "late", "--evidence", small.review,
        "-o", out,
    )  # fmt: skip
    assert code == 3
    assert "key_not_active" in err
    assert not out.exists() and revoked.read_bytes() == before


# =========================================================================== rekey, recover


def test_rekey_keep_recovery_cli(run, work, sealed, creds, sealed_blob) -> None:
    before = sealed.read_bytes()
    out = work / "rekeyed.aleth"
    code, js, err = run.json(
        "rekey", sealed, "--passphrase-file", creds.passphrase, "--new-passphrase-file", creds.new_passphrase,
        "--keep-recovery-code-file", creds.recovery, "-o", out,
    )  # fmt: skip
    assert code == 0, err
    assert js["recovery_code_generated"] is False and js["added"] == [] and js["changed"] == []
    assert [e["text"] for e in js["effects"]] == [
        "the old passphrase stops working; the recovery code keeps working"
    ]
    assert (
        f"{sealed} is not changed and still opens with the old passphrase" in js["write_effects"][1]["text"]
    )
    assert sealed.read_bytes() == before
    assert mode(out) == 0o600
    # the old passphrase is refused, the new one and the kept recovery code open
    with pytest.raises(ContainerError) as exc:
        open_path(out, Credential(passphrase=PASS))
    assert exc.value.code == "wrong_passphrase"
    assert_pass(open_and_verify(out, Credential(passphrase=NEW_PASS)))
    assert_pass(open_and_verify(out, Credential(recovery_code=sealed_blob.code)))
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_ok(out, recovery_code=sealed_blob.code)
    assert aleth_refuses(out, passphrase=PASS)
    # same payload, same container id, fresh slots
    assert (
        open_path(out, Credential(passphrase=NEW_PASS)).store.files
        == open_path(sealed, key=sealed_blob.key).store.files
    )
    env_old, env_new = C.parse_envelope(before), C.parse_envelope(out.read_bytes())
    assert env_new.header["container_id"] == env_old.header["container_id"]
    assert env_new.slot_types == ("passphrase", "recovery-secret")
    assert_no_plaintext(work, secrets=(NEW_PASS.encode(), sealed_blob.code.encode()))


def test_rekey_new_recovery_code_cli(run, work, sealed, creds, sealed_blob) -> None:
    before = sealed.read_bytes()
    out = work / "rekeyed.aleth"
    code_out = work / "new.recovery.txt"
    code, js, err = run.json(
        "rekey", sealed, "--passphrase-file", creds.passphrase, "--new-passphrase-file", creds.new_passphrase,
        "--new-recovery-code-out", code_out, "-o", out,
    )  # fmt: skip
    assert code == 0, err
    assert js["recovery_code_generated"] is True
    assert js["effects"][0]["text"] == "the old passphrase and recovery code stop working"
    assert sealed.read_bytes() == before
    assert mode(code_out) == 0o600
    new_code = code_out.read_text().strip()
    assert new_code != sealed_blob.code and new_code not in json.dumps(js) + err  # in the file, not printed
    C.decode_recovery_code(new_code)
    for old in (Credential(recovery_code=sealed_blob.code), Credential(passphrase=PASS)):
        with pytest.raises(ContainerError) as exc:
            open_path(out, old)
        assert exc.value.code == "wrong_passphrase"
    assert_pass(open_and_verify(out, Credential(recovery_code=new_code)))
    assert_pass(open_and_verify(out, Credential(passphrase=NEW_PASS)))
    assert aleth_ok(out, recovery_code=new_code)
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_refuses(out, recovery_code=sealed_blob.code)


def test_rekey_without_recovery_decision_is_refused(run, work, sealed, creds) -> None:
    before = sealed.read_bytes()
    out = work / "x.aleth"
    code, _, err = run(
        "rekey", sealed, "--passphrase-file", creds.passphrase, "--new-passphrase-file", creds.new_passphrase,
        "-o", out,
    )  # fmt: skip
    assert code == 3
    assert "recovery_slot_decision" in err
    assert not out.exists() and sealed.read_bytes() == before


def test_rekey_wrong_old_passphrase_cli(run, work, sealed, creds) -> None:
    before = sealed.read_bytes()
    wrong = secret_file(creds.dir / "wrong.txt", "not the passphrase")
    out = work / "x.aleth"
    code, _, err = run(
        "rekey", sealed, "--passphrase-file", wrong, "--new-passphrase-file", creds.new_passphrase,
        "--keep-recovery-code-file", creds.recovery, "-o", out,
    )  # fmt: skip
    assert code == 2
    assert "wrong_passphrase" in err
    assert not out.exists() and sealed.read_bytes() == before


def test_recover_new_recovery_code_cli(run, work, sealed, creds, sealed_blob) -> None:
    before = sealed.read_bytes()
    out = work / "recovered.aleth"
    code_out = work / "recovery-2.txt"
    code, js, err = run.json(
        "recover", sealed, "--recovery-code-file", creds.recovery,
        "--new-passphrase-file", creds.new_passphrase, "--new-recovery-code-out", code_out, "-o", out,
    )  # fmt: skip
    assert code == 0, err
    assert js["operation"] == "recover" and js["recovery_code_generated"] is True
    assert sealed.read_bytes() == before
    assert mode(code_out) == 0o600 and mode(out) == 0o600
    new_code = code_out.read_text().strip()
    assert new_code != sealed_blob.code
    assert_pass(open_and_verify(out, Credential(passphrase=NEW_PASS)))
    assert_pass(open_and_verify(out, Credential(recovery_code=new_code)))
    for old in (Credential(recovery_code=sealed_blob.code), Credential(passphrase=PASS)):
        with pytest.raises(ContainerError) as exc:
            open_path(out, old)
        assert exc.value.code == "wrong_passphrase"
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_ok(out, recovery_code=new_code)
    assert aleth_refuses(out, recovery_code=sealed_blob.code)


def test_recover_wrong_or_malformed_recovery_code(run, work, sealed, creds) -> None:
    before = sealed.read_bytes()
    out = work / "x.aleth"
    wrong = secret_file(creds.dir / "wrong-code.txt", C.encode_recovery_code(bytes(range(32))))
    code, _, err = run(
        "recover",
        sealed,
        "--recovery-code-file",
        wrong,
        "--new-passphrase-file",
        creds.new_passphrase,
        "-o",
        out,
    )
    assert code == 2 and "wrong_passphrase" in err
    bad = secret_file(creds.dir / "bad-code.txt", "aleth-recovery-v1:not*base64url")
    code, _, err = run(
        "recover",
        sealed,
        "--recovery-code-file",
        bad,
        "--new-passphrase-file",
        creds.new_passphrase,
        "-o",
        out,
    )
    assert code in (2, 3) and "invalid_recovery_code" in err
    assert not out.exists() and sealed.read_bytes() == before


def test_recover_needs_the_recovery_code(run, sealed, creds) -> None:
    code, _, err = run(
        "recover", sealed, "--passphrase-file", creds.passphrase,
        "--new-passphrase-file", creds.new_passphrase, "--dry-run",
    )  # fmt: skip
    assert code == 3 and "--recovery-code-file" in err


def test_rekey_and_recover_help_say_what_they_do(run) -> None:
    """Issue 11: rekey --help and recover --help shared an epilog that said the output
    keeps the input's passphrase."""
    for op in ("rekey", "recover"):
        code, out, _ = run(op, "--help")
        text = " ".join(out.split())
        assert code == 0
        assert "keeps the input's passphrase" not in text
        assert "the old passphrase stops working" in text
        assert "no backup is kept" in text and "FILE.bak" in text
    code, out, _ = run("label", "--help")
    text = " ".join(out.split())
    assert "keeps the input's passphrase and every unlock slot" in text and "--no-backup" in text


# =========================================================================== root key negatives


def test_wrong_root_key_cli(run, work, sealed, creds, keys) -> None:
    """A key of this file that is not its root (the auditor key) is refused."""
    before = sealed.read_bytes()
    out = work / "x.aleth"
    code, _, err = run(
        "rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.au, "-o", out
    )
    assert code == 3
    assert "wrong_root_key" in err
    assert not out.exists() and sealed.read_bytes() == before


def test_root_key_of_another_file(run, work, sealed, creds) -> None:
    before = sealed.read_bytes()
    pem = creds.dir / "other-root.pem"
    pem.write_bytes(KeyPair.generate().pem())
    pem.chmod(0o600)
    key_out = work / "new.pem"
    out = work / "x.aleth"
    code, _, err = run(
        "grant", sealed, "--passphrase-file", creds.passphrase, "--root-key", pem,
        "--role", "auditor", "--key-out", key_out, "-o", out,
    )  # fmt: skip
    assert code == 3 and "wrong_root_key" in err
    assert not out.exists() and not key_out.exists() and sealed.read_bytes() == before


def test_unreadable_root_key_cli(run, work, sealed, creds) -> None:
    before = sealed.read_bytes()
    bad = creds.dir / "bad.pem"
    bad.write_text("-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----\n")
    out = work / "x.aleth"
    code, _, err = run(
        "revoke",
        sealed,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        bad,
        "--key",
        "auditor-001",
        "-o",
        out,
    )
    assert code == 3 and "key_invalid" in err
    assert not out.exists() and sealed.read_bytes() == before


def test_a_key_file_others_can_read_is_used_with_a_warning(run, work, sealed, creds, small) -> None:
    """Issue 11: such a key loads (never blocks) and the CLI says so."""
    loose = creds.dir / "root-0644.pem"
    loose.write_bytes(small.root.pem())
    loose.chmod(0o644)
    code, _, err = run(
        "revoke", sealed, "--passphrase-file", creds.passphrase, "--root-key", loose,
        "--key", "auditor-001", "--dry-run",
    )  # fmt: skip
    assert code == 0, err
    assert (
        f"warning: the key file {loose} can be read by other users (mode 0644); "
        f"restrict it: chmod 600 {loose}" in err
    )


# =========================================================================== output targets


def test_target_in_missing_directory_then_retry(run, work, sealed, creds, keys) -> None:
    """A failed rotation leaves nothing (no orphan key file) and the retry succeeds."""
    before = sealed.read_bytes()
    out = work / "missing" / "out.aleth"
    key_out = work / "hk2.pem"
    args = ("rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
            "--key", "housekeeper-001", "--new-key-out", key_out)  # fmt: skip
    code, _, err = run(*args, "-o", out)
    assert code == 3 and "target_directory_missing" in err
    assert not out.parent.exists() and sealed.read_bytes() == before
    assert ours(work) == {"m.aleth"}
    code, _, err = run(*args, "-o", work / "out.aleth")
    assert code == 0, err
    assert ours(work) == {"m.aleth", "out.aleth", "hk2.pem"}


def test_cli_needs_an_output_choice(run, sealed, creds, keys) -> None:
    code, _, err = run(
        "revoke",
        sealed,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        keys.root,
        "--key",
        "auditor-001",
    )
    assert code == 3 and "-o OUT" in err
    code, _, err = run(
        "revoke", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--key", "auditor-001", "-o", "x.aleth", "--no-backup",
    )  # fmt: skip
    assert code == 3 and "--no-backup goes with --in-place" in err


def test_unwritable_target_cli_in_place(run, work, sealed, creds, keys, monkeypatch) -> None:
    """os.replace in inspector.core.write.safe fails (injected: CI runs as root)."""
    before = sealed.read_bytes()

    class F:
        def __getattr__(self, n):  # type: ignore[no-untyped-def]
            if n == "replace":

                def boom(*a, **k):  # type: ignore[no-untyped-def]
                    raise OSError(errno.EACCES, os.strerror(errno.EACCES))

                return boom
            return getattr(os, n)

    monkeypatch.setattr(safe, "os", F())
    code, _, err = run(
        "revoke", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--key", "auditor-001", "--in-place",
    )  # fmt: skip
    monkeypatch.undo()
    assert code == 3, err
    assert "write_failed" in err and "Permission denied" in err
    assert sealed.read_bytes() == before and ours(work) == {"m.aleth"}


def test_unopenable_input_exit_2(run, work, sealed, creds, keys) -> None:
    blob = bytearray(sealed.read_bytes())
    blob[-100] ^= 1  # one flipped ciphertext bit
    sealed.write_bytes(bytes(blob))
    code, _, err = run(
        "revoke", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--key", "auditor-001", "-o", work / "x.aleth",
    )  # fmt: skip
    assert code == 2 and "authentication_failed" in err
    assert sealed.read_bytes() == bytes(blob)
    not_a_store = work / "empty-dir"
    not_a_store.mkdir()
    code, _, err = run(
        "grant",
        not_a_store,
        "--root-key",
        keys.root,
        "--role",
        "auditor",
        "--key-out",
        work / "k.pem",
        "-o",
        work / "y",
    )
    assert "not_a_store" in err and code == 2
    assert ours(work) == {"m.aleth", "empty-dir"}


def test_directory_in_place_cli(run, work, small) -> None:
    store = write_directory(Store(dict(small.files)), work / "store")
    root = work.parent / "root.pem"
    root.write_bytes(small.root.pem())
    root.chmod(0o600)
    code, _, err = run(
        "revoke", store, "--root-key", root, "--key", "housekeeper-001", "--reason", "rotation", "--in-place"
    )
    assert code == 0, err
    assert ours(work) == {"store", "store.bak"}  # one backup, no staging directory left
    report = assert_pass(open_and_verify(store))
    assert era(report, "housekeeper-001").state == "revoked"
    assert aleth_ok(store)
    assert assert_pass(open_and_verify(work / "store.bak")).eras[1].state == "active"


def test_invalid_input_refused_unless_allowed_cli(run, work, small, keys) -> None:
    from tests.core.write.test_operations import tamper_one_commit

    store = write_directory(Store(dict(small.files)), work / "store")
    tampered = tamper_one_commit(store)
    before = {p: p.read_bytes() for p in store.rglob("*") if p.is_file()}
    args = ("grant", store, "--root-key", keys.root, "--role", "auditor", "--key-out", work / "k.pem")
    out = work / "out-store"
    code, _, err = run(*args, "-o", out)
    assert code == 3 and "invalid_input" in err and "--allow-invalid-input" in err
    assert not out.exists()
    code, js, err = run.json(*args, "-o", out, "--allow-invalid-input", "--dry-run")
    assert code == 1  # the result still carries the tampered commit
    assert js["allow_invalid_input"] is True and js["input_verdict"] == "fail" and js["dry_run"] is True
    assert any("as you allowed" in e["text"] for e in js["effects"])
    assert any(f["code"] for f in js["findings"] if f["object_id"] == tampered)
    code, js, err = run.json(*args, "-o", out, "--allow-invalid-input")
    assert code == 1 and "nothing was written" in err
    assert js["allow_invalid_input"] is True and js["verdict"] == "fail" and js["written"] is None
    assert not out.exists() and not (work / "k.pem").exists()
    assert {p: p.read_bytes() for p in store.rglob("*") if p.is_file()} == before


# =========================================================================== preview and in place (issue 10)


def test_dry_run_json_prints_effects_and_the_output_sha256_and_writes_nothing(
    run, work, sealed, creds, keys, small
) -> None:
    before = sealed.read_bytes()
    key_out = work / "new.pem"
    code, js, err = run.json(
        "rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--key", "housekeeper-001", "--new-key-out", key_out, "--dry-run", "-o", work / "out.aleth",
    )  # fmt: skip
    assert code == 0, err
    assert js["dry_run"] is True and js["written"] is None and js["verdict"] == "pass"
    assert len(js["output"]["sha256"]) == 64 and js["output"]["kind"] == "sealed"
    assert "key-001" not in {e["params"].get("key_id") for e in js["effects"]}
    texts = [e["text"] for e in js["effects"]]
    assert "housekeeper-001 stops being valid; 1 commits become historical" in texts
    assert [e["text"] for e in js["write_effects"]] == [
        f"the result is written to {work / 'out.aleth'}; {sealed} is not changed",
        f"the private key of housekeeper-002 is saved to {key_out} (mode 0600)",
    ]
    after = {e["key_id"]: e for e in js["eras_after"]}
    assert after["housekeeper-001"]["state"] == "revoked" and after["housekeeper-001"]["cutoff"] == small.head
    assert after["housekeeper-002"]["grant_cutoff"] == small.head
    assert ours(work) == {"m.aleth"} and sealed.read_bytes() == before

    # the human-readable preview of a rekey: nothing written, no code shown
    code, out, err = run(
        "rekey", sealed, "--passphrase-file", creds.passphrase, "--new-passphrase-file", creds.new_passphrase,
        "--new-recovery-code-out", work / "code.txt", "--dry-run",
    )  # fmt: skip
    assert code == 0, err
    assert "rekey: result PASS" in out and "aleth-recovery-v1:" not in out + err
    assert "  - the old passphrase and recovery code stop working" in out
    assert "output SHA-256 " in out
    assert ours(work) == {"m.aleth"} and sealed.read_bytes() == before
    # an in-place dry run: the preview, no lock taken, nothing written
    code, out, err = run(
        "grant", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--role", "auditor", "--key-out", key_out, "--in-place", "--dry-run",
    )  # fmt: skip
    assert code == 0, err
    assert (
        "auditor-002" in out and f"{sealed} is replaced; its previous version is kept as {sealed}.bak" in out
    )
    assert {p.name for p in work.iterdir()} == {"m.aleth"} and sealed.read_bytes() == before


def test_a_write_prints_the_sha256_it_wrote(run, work, sealed, creds, keys, sealed_blob) -> None:
    code, out, err = run(
        "grant", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root,
        "--role", "auditor", "--key-out", work / "au2.pem", "--in-place",
    )  # fmt: skip
    assert code == 0, err
    preview_sha = next(line.split()[2] for line in out.splitlines() if "output SHA-256" in line)
    assert f"wrote {sealed} (SHA-256 {sha256_of(sealed)})" in out
    assert preview_sha == sha256_of(sealed)
    assert f"previous version kept as {sealed}.bak" in out
    assert ours(work) == {"m.aleth", "m.aleth.bak", "au2.pem"}
    report = assert_pass(open_and_verify(sealed, Credential(passphrase=PASS)))
    assert era(report, "auditor-002").public_key == KeyPair.load(work / "au2.pem").jwk["x"]
    assert aleth_ok(sealed, passphrase=PASS)
    assert aleth_ok(sealed, recovery_code=sealed_blob.code)


def test_in_place_keeps_backup_mode_and_the_users_files(
    run, work, sealed, creds, keys, small, sealed_blob
) -> None:
    mine = work / "m.aleth.bak-mine"
    mine.write_bytes(b"my own copy")
    sealed.chmod(0o644)
    first = sealed.read_bytes()
    code, _, err = run(
        "label", sealed, "--passphrase-file", creds.passphrase, "--memory", small.memories[0],
        "--label", "poison_suspect", "--key", keys.hk, "--reason", "odd", "--in-place",
    )  # fmt: skip
    assert code == 0, err
    bak = work / "m.aleth.bak"
    assert bak.read_bytes() == first and mode(sealed) == 0o644 and mode(bak) == 0o644
    assert assert_pass(open_and_verify(bak, Credential(passphrase=PASS)))  # the backup opens
    assert mine.read_bytes() == b"my own copy"
    second = sealed.read_bytes()
    code, _, err = run(
        "label", sealed, "--passphrase-file", creds.passphrase, "--memory", small.memories[1],
        "--label", "poison_suspect", "--key", keys.hk, "--reason", "odd too", "--in-place", "--no-backup",
    )  # fmt: skip
    assert code == 0, err
    assert bak.read_bytes() == first  # --no-backup leaves the backup as it was
    code, _, err = run(
        "label", sealed, "--passphrase-file", creds.passphrase, "--memory", small.memories[3],
        "--label", "poison_suspect", "--key", keys.hk, "--reason", "third", "--in-place",
    )  # fmt: skip
    assert code == 0, err
    assert bak.read_bytes() != second and open_path(bak, key=sealed_blob.key)  # replaced by the next one
    assert ours(work) == {"m.aleth", "m.aleth.bak", "m.aleth.bak-mine"}
    assert mine.read_bytes() == b"my own copy" and mode(sealed) == 0o644
    assert aleth_ok(sealed, passphrase=PASS)


def test_a_second_writer_gets_exit_3_and_the_file_verifies(run, work, sealed, creds, keys, small) -> None:
    before = sealed.read_bytes()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # another aleth-inspector holds FILE's write lock mid-cycle
        os.close(r)
        with safe.exclusive(sealed):
            os.write(w, b"1")
            while True:  # hold it until killed
                signal.pause()
        os._exit(0)
    os.close(w)
    try:
        assert os.read(r, 1) == b"1"
        code, _, err = run(
            "label", sealed, "--passphrase-file", creds.passphrase, "--memory", small.memories[0],
            "--label", "poison_suspect", "--key", keys.hk, "--reason", "r", "--in-place",
        )  # fmt: skip
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(r)
    assert code == 3 and f"{sealed} is being written by another process" in err
    assert sealed.read_bytes() == before
    assert_pass(open_and_verify(sealed, Credential(passphrase=PASS)))


def test_two_concurrent_in_place_writers(work, sealed, creds, keys, small, sealed_blob) -> None:
    """Two label --in-place runs started together: each either writes or is refused
    cleanly (exit 3, "being written by another process"); the file verifies and holds
    every label of the runs that succeeded."""
    from inspector.cli.main import main

    results = []
    go_r, go_w = os.pipe()
    pids = []
    for i in (0, 1):
        out_r, out_w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(go_w)
            os.read(go_r, 1)  # both start at the same moment
            err = open(os.devnull, "w")  # noqa: SIM115 - the child exits with os._exit
            os.dup2(err.fileno(), 1)
            import io
            import sys

            buf = io.StringIO()
            sys.stderr = buf
            code = main(
                ["label", str(sealed), "--passphrase-file", str(creds.passphrase),
                 "--memory", small.memories[i], "--label", "poison_suspect", "--key", str(keys.hk),
                 "--reason", f"writer {i}", "--in-place"]
            )  # fmt: skip
            os.write(out_w, json.dumps([code, buf.getvalue()]).encode())
            os._exit(0)
        os.close(out_w)
        pids.append((pid, out_r))
    os.close(go_r)
    os.write(go_w, b"gg")  # one byte each: both go as soon as they are waiting for it
    os.close(go_w)
    for pid, out_r in pids:
        os.waitpid(pid, 0)
        with os.fdopen(out_r) as fh:
            results.append(json.loads(fh.read()))
    codes = [c for c, _ in results]
    assert set(codes) <= {0, 3} and 0 in codes, results
    for c, err in results:
        if c == 3:
            assert f"{sealed} is being written by another process" in err
    report = assert_pass(A.load_source(sealed, key=sealed_blob.key).report)
    labelled = {m for m in small.memories[:2] if report.mutmem.memories[m].label == "poison_suspect"}
    assert len(labelled) == codes.count(0)  # a refused writer changed nothing; no write was lost


def test_rekey_in_place_cli_deletes_what_the_old_passphrase_opens(
    run, work, sealed, creds, keys, small
) -> None:
    code, _, err = run(
        "label", sealed, "--passphrase-file", creds.passphrase, "--memory", small.memories[0],
        "--label", "poison_suspect", "--key", keys.hk, "--reason", "r", "--in-place",
    )  # fmt: skip
    assert code == 0, err
    bak = work / "m.aleth.bak"
    assert bak.exists()
    code, out, err = run(
        "rekey", sealed, "--passphrase-file", creds.passphrase, "--new-passphrase-file", creds.new_passphrase,
        "--keep-recovery-code-file", creds.recovery, "--in-place",
    )  # fmt: skip
    assert code == 0, err
    assert f"  - {bak} is deleted: it opens with the old passphrase" in out
    assert f"deleted {bak} (it opened with the old passphrase)" in out
    assert ours(work) == {"m.aleth"}
    assert_pass(open_and_verify(sealed, Credential(passphrase=NEW_PASS)))


def test_a_stale_leftover_is_named_with_how_to_remove_it(run, work, sealed, creds, keys, sealed_blob) -> None:
    """Issue 16: a copy a killed re-key of an older build left beside FILE (it opens
    with the old passphrase) is named on the next command, with the exact path and
    how to remove it."""
    left = work / "m.aleth.bak-20260105-093000-4242"
    left.write_bytes(sealed_blob.blob)
    rk = A.rekey(A.load_source(sealed, key=sealed_blob.key), NEW_PASS, keep_recovery_code=sealed_blob.code)
    sealed.write_bytes(rk.output.data)  # the file itself was re-keyed
    new_pass = creds.new_passphrase
    code, _, err = run(
        "revoke",
        sealed,
        "--passphrase-file",
        new_pass,
        "--root-key",
        keys.root,
        "--key",
        "auditor-001",
        "--dry-run",
    )
    assert code == 0, err
    assert (
        f"warning: the leftover copy {left} still opens with an old passphrase or recovery code; "
        f"delete it (rm -- {left})" in err
    )
    assert left.exists()  # named, never deleted by an unrelated command


# =========================================================================== compromise (E3)


@pytest.fixture
def compromised(work: Path) -> types.SimpleNamespace:
    case = build_compromised()
    case.path = write_directory(Store(dict(case.files)), work / "store")
    case.root_pem = work.parent / "root.pem"
    case.root_pem.write_bytes(case.root.pem())
    case.root_pem.chmod(0o600)
    return case


def test_compromise_stops_after_the_preview_without_disown(run, work, compromised) -> None:
    c = compromised
    before = {p: p.read_bytes() for p in c.path.rglob("*") if p.is_file()}
    args = ("revoke", c.path, "--root-key", c.root_pem, "--key", "key-001", "--reason", "compromise",
            "--cutoff", c.cutoff)  # fmt: skip
    code, out, err = run(*args, "-o", work / "answered")
    n = len(c.disowned)
    assert code == 1
    assert f"aleth-inspector: {n} objects would be disowned; add --disown to write" in err
    assert f"objects that become NOT_IN_PROVEN_PRE_ROTATION_HISTORY ({n}):" in out
    for _, oid in c.disowned:
        assert oid in out
    assert not (work / "answered").exists()
    code, js, err = run.json(*args, "--dry-run")
    assert code == 1 and js["needs_disown"] is True
    assert {(d["kind"], d["object_id"]) for d in js["disowned"]} == c.disowned
    code, js, err = run.json(*args, "--disown", "--dry-run")
    assert code == 0 and js["written"] is None
    assert {p: p.read_bytes() for p in c.path.rglob("*") if p.is_file()} == before


def test_compromise_is_written_with_disown(run, work, compromised) -> None:
    c = compromised
    code, _, err = run(
        "revoke", c.path, "--root-key", c.root_pem, "--key", "key-001", "--reason", "compromise",
        "--cutoff", c.cutoff, "--disown", "--in-place",
    )  # fmt: skip
    assert code == 0, err
    report = open_and_verify(c.path)
    assert report.verdict == "fail"
    assert {f.object_id for f in report.findings if f.severity.value == "error"} <= {
        oid for _, oid in c.disowned
    }
    assert (work / "store.bak").is_dir() and open_and_verify(work / "store.bak").verdict == "pass"
    assert (
        aleth_verify.verify_store(aleth_store.Store.open(c.path)).commits_not_in_proven_pre_rotation_history
        == 2
    )


def test_disown_needs_reason_compromise(run, work, compromised) -> None:
    c = compromised
    code, _, err = run(
        "rotate", c.path, "--root-key", c.root_pem, "--cutoff", c.cutoff, "--disown", "-o", work / "x"
    )
    assert code == 3 and "--reason compromise" in err
    code, _, err = run(
        "rotate", c.path, "--root-key", c.root_pem, "--reason", "compromise", "--cutoff", c.cutoff,
        "--disown", "-o", work / "rotated",
    )  # fmt: skip
    assert code == 0, err
    assert {e.key_id: e.state for e in open_and_verify(work / "rotated").eras}["key-002"] == "active"


def test_a_refusal_speaks_the_user_language(run, work, monkeypatch) -> None:
    """A refusal is a registered template: in Spanish the sentence is Spanish, the code stays."""
    from inspector.core import i18n
    from tests.conftest import ALETHECH

    store = work / "legacy"
    shutil.copytree(ALETHECH / "02_evidence" / "store", store)
    pem = work / "root.pem"
    pem.write_bytes(KeyPair.generate().pem())
    pem.chmod(0o600)
    monkeypatch.setattr(i18n, "system_language", lambda: "es")
    code, _, err = run("rotate", store, "--root-key", pem, "--dry-run")
    assert code == 3
    assert f"no_root: {store} no tiene autoridad raíz (un almacén v0.1)" in err


def test_preview_and_write_lines_speak_the_user_language(run, work, sealed, creds, keys, monkeypatch) -> None:
    """The preview's frame and what was written are registered templates: Spanish words, the
    codes, ids and hashes unchanged."""
    from inspector.core import i18n

    monkeypatch.setattr(i18n, "system_language", lambda: "es")
    out = work / "rotated.aleth"
    code, text, err = run(
        "rotate", sealed, "--passphrase-file", creds.passphrase, "--root-key", keys.root, "-o", out
    )
    assert code == 0, err
    assert "rotate: resultado PASS (entrada pass)" in text
    assert f"escrito {out} (SHA-256 {sha256_of(out)})" in text
    assert "salida SHA-256 " in text and "era key-001 (agent)" in text
    assert "wrote " not in text and "result " not in text
