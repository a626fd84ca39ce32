"""Issue 21: every refusal of the authoring core, one test each.

The root key is never granted and no public key twice (refused before anything is
built); the library never seals the root key or a role key; FILE is a regular file
checked on the opened descriptor and locked itself (another program's lock is
respected); the owner is kept or the write refused; extended attributes are kept;
a write by another program between the check and the switch is never lost; outputs
are checked before any work; a re-key to the passphrase the file has is refused;
and after a compromise the file can still be re-keyed, labelled and given a new
agent key.
"""

from __future__ import annotations

import errno
import fcntl
import os
import types
from pathlib import Path
from typing import Any

import pytest

from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.errors import OperationError
from inspector.core.keys import KeyPair
from inspector.core.opener import open_and_verify
from inspector.core.store import Store
from inspector.core.verify.engine import verify
from inspector.core.verify.report import Status
from inspector.core.write import authoring as A
from inspector.core.write import safe
from inspector.core.write.builder import StoreWriter
from inspector.core.write.directory import write_directory

from .checks import identity_record
from .conftest import open_small, ours
from .faults import FailingOS
from .stores import NEW_PASS, PASS, build_compromised

# --------------------------------------------------------------------------- keys


def test_no_operation_grants_the_root_key_or_any_key_the_file_knows(
    sealed_copy, small, small_sealed, monkeypatch
) -> None:
    """SPEC B2 (rev 3): the property over every operation that grants a key and every
    public key the file already holds (root, agent, role keys): ``public_key_reused``,
    before anything is built (the verifier never runs)."""
    src = open_small(sealed_copy, small_sealed)

    def no_build(*_a: object, **_k: object) -> None:
        raise AssertionError("the result was built")

    monkeypatch.setattr(A, "verify", no_build)
    known = {"root": small.root, "agent": small.agent, "housekeeper": small.hk, "auditor": small.au}
    grants = {
        "rotate agent": lambda k: A.rotate(src, small.root, new_key=k),
        "rotate housekeeper": lambda k: A.rotate(src, small.root, key_id=small.hk_id, new_key=k),
        "grant housekeeper": lambda k: A.grant(src, small.root, "housekeeper", new_key=k),
        "grant auditor": lambda k: A.grant(src, small.root, "auditor", new_key=k),
    }
    for op, grant in grants.items():
        for name, key in known.items():
            with pytest.raises(OperationError) as exc:
                grant(key)
            assert exc.value.code == "public_key_reused", (op, name)
            if name == "root":
                assert "root key is never granted" in exc.value.message
    assert sealed_copy.read_bytes() == small_sealed.blob


def test_a_new_agent_key_cannot_be_the_root_key_either(tmp_path, small, monkeypatch) -> None:
    w = StoreWriter(Store(dict(small.files)), root=small.root)
    w.revoke("key-001", reason="rotation")  # a store whose agent key is gone (an older build)
    src = A.load_source(write_directory(w.store, tmp_path / "s"))
    for key in (small.root, small.agent, small.hk):
        with pytest.raises(OperationError) as exc:
            A.grant(src, small.root, "agent", new_key=key)
        assert exc.value.code == "public_key_reused"
    with pytest.raises(OperationError) as exc:
        A.revoke(
            A.load_source(write_directory(Store(dict(small.files)), tmp_path / "t")),
            small.root,
            "key-001",
            reason="rotation",
            grant_agent=True,
            new_key=small.root,
        )
    assert exc.value.code == "public_key_reused"


def test_migration_never_makes_the_agent_key_the_root(tmp_path) -> None:
    from inspector.core.write.builder import stepping_clock

    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    src = A.load_source(write_directory(w.store, tmp_path / "legacy"))
    assert w.agent_key is not None
    with pytest.raises(OperationError) as exc:
        A.migrate(src, new_root=w.agent_key)
    assert exc.value.code == "public_key_reused"


@pytest.mark.parametrize("sealed_as", ["root", "housekeeper", "auditor", "revoked agent"])
def test_the_library_never_seals_the_root_key_or_a_role_key(tmp_path, small, sealed_as: str) -> None:
    """Whatever builds the result, ``keys/signing.key`` may only become the first active
    key of the agent role (SPEC E: role and root keys are never sealed)."""
    src = A.load_source(write_directory(Store(dict(small.files)), tmp_path / "s"))
    w = StoreWriter(src.store.copy(), root=small.root)
    key = {"root": small.root, "housekeeper": small.hk, "auditor": small.au}.get(sealed_as)
    if sealed_as == "revoked agent":
        w.rotate("key-001", KeyPair.generate(), "key-002")
        key = small.agent
    assert key is not None
    w.store.files["keys/signing.key"] = key.pem()
    with pytest.raises(OperationError) as exc:
        A.refuse_foreign_sealed_key(src, w.store)
    assert exc.value.code in ("public_key_reused", "sealed_key_invalid")
    assert "only the active agent key is ever sealed" in exc.value.message


# --------------------------------------------------------------------------- FILE and its lock


def test_a_fifo_or_a_device_as_file_is_refused_on_the_opened_descriptor(tmp_path) -> None:
    """Opened without blocking (a FIFO with no writer would hang a plain open), checked on
    the descriptor, refused before any lock is taken."""
    fifo = tmp_path / "m.aleth"
    os.mkfifo(fifo)
    for write in (False, True):
        with pytest.raises(OperationError) as exc, safe.locked(fifo, write=write):
            pass
        assert exc.value.code == "not_a_regular_file" and "a FIFO" in exc.value.message
    assert not safe.lock_path(fifo).exists()  # refused before the lock file was made
    with pytest.raises(OperationError) as exc, safe.locked("/dev/zero", write=False):
        pass
    assert exc.value.code == "not_a_regular_file" and "a device" in exc.value.message


def test_another_programs_lock_on_file_is_respected(sealed_copy, small, small_sealed) -> None:
    """Issue 21: a lock another program holds on FILE itself (not this program's lock
    file) makes the write refuse, in place or to a new path; the file stays as it was."""
    res = A.label(open_small(sealed_copy, small_sealed), small.memories[0], "poison_suspect", small.hk, "r")
    fd = os.open(sealed_copy, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        for out, in_place in ((None, True), (sealed_copy.parent / "o.aleth", False)):
            with pytest.raises(OperationError) as exc:
                A.write_result(res, out, in_place=in_place)
            assert exc.value.code == "busy" and "another program holds a lock" in exc.value.message
    finally:
        os.close(fd)
    assert sealed_copy.read_bytes() == small_sealed.blob and ours(sealed_copy.parent) == {"m.aleth"}
    A.write_result(res, in_place=True)  # free again
    assert sealed_copy.read_bytes() == res.output.data


def test_a_write_by_another_program_before_the_switch_is_not_lost(
    sealed_copy, small, small_sealed, monkeypatch
) -> None:
    """A program that ignores the locks appends to FILE while the new file is staged: the
    switch is refused (source_changed) and its write stays."""
    res = A.label(open_small(sealed_copy, small_sealed), small.memories[0], "poison_suspect", small.hk, "r")

    def meddle(step: str) -> None:
        if step == "staged output m.aleth":
            with open(sealed_copy, "ab") as fh:
                fh.write(b"another program's bytes")

    monkeypatch.setattr(safe, "STEP_HOOK", meddle)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True, backup=False)
    assert exc.value.code == "source_changed"
    assert sealed_copy.read_bytes() == small_sealed.blob + b"another program's bytes"
    assert ours(sealed_copy.parent) == {"m.aleth"}


def test_the_owner_is_kept_or_the_write_refused(sealed_copy, small, small_sealed, monkeypatch) -> None:
    """Issue 21: run by another user on a file it cannot give away, the write refuses
    instead of silently changing the owner."""
    os.chown(sealed_copy, 4242, 4343)  # the tests run as root: any owner can be given
    res = A.label(open_small(sealed_copy, small_sealed), small.memories[0], "poison_suspect", small.hk, "r")
    monkeypatch.setattr(safe, "os", FailingOS("fchown", errno.EPERM))
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    monkeypatch.undo()
    assert exc.value.code == "owner_not_kept" and "belongs to user 4242 and group 4343" in exc.value.message
    assert sealed_copy.read_bytes() == small_sealed.blob and ours(sealed_copy.parent) == {"m.aleth"}
    A.write_result(res, in_place=True)
    st = os.stat(sealed_copy)
    assert (st.st_uid, st.st_gid) == (4242, 4343) and sealed_copy.read_bytes() == res.output.data
    bak = os.stat(safe.backup_path(sealed_copy))
    assert (bak.st_uid, bak.st_gid) == (4242, 4343)


def test_extended_attributes_are_kept(sealed_copy, small, small_sealed, monkeypatch) -> None:
    os.setxattr(sealed_copy, "user.origin", b"lab-7")
    res = A.label(open_small(sealed_copy, small_sealed), small.memories[0], "poison_suspect", small.hk, "r")
    monkeypatch.setattr(safe, "os", FailingOS("setxattr", errno.EIO))
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    monkeypatch.undo()
    assert exc.value.code == "xattr_not_kept" and "user.origin" in exc.value.message
    assert sealed_copy.read_bytes() == small_sealed.blob and ours(sealed_copy.parent) == {"m.aleth"}
    A.write_result(res, in_place=True)
    assert os.getxattr(sealed_copy, "user.origin") == b"lab-7"
    assert os.getxattr(safe.backup_path(sealed_copy), "user.origin") == b"lab-7"


def test_a_file_that_is_not_an_earlier_version_is_never_replaced_as_the_backup(
    sealed_copy, small, small_sealed
) -> None:
    """Issue 21: ``FILE.bak`` is replaced only when it is an earlier version of this file
    (the same container); another sealed container with another passphrase stays."""
    other = C.seal_v2(small.files, "someone else's passphrase")
    bak = safe.backup_path(sealed_copy)
    bak.write_bytes(other)
    res = A.label(open_small(sealed_copy, small_sealed), small.memories[0], "poison_suspect", small.hk, "r")
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    assert exc.value.code == "backup_blocked" and "not an earlier version" in exc.value.message
    assert bak.read_bytes() == other and sealed_copy.read_bytes() == small_sealed.blob
    bak.write_bytes(C.reseal_v2(small.files, C.open_container(small_sealed.blob, None, key=small_sealed.key)))
    A.write_result(res, in_place=True)  # an earlier version of this very container: replaced
    assert bak.read_bytes() == small_sealed.blob


def test_outputs_are_checked_before_any_work(sealed_copy, tmp_path) -> None:
    """-o onto an existing file, a directory, a FIFO or a link, or into a missing folder,
    and a key file named twice or named like the source: refused up front."""
    d = sealed_copy.parent
    (d / "exists.aleth").write_bytes(b"x")
    (d / "adir").mkdir()
    os.mkfifo(d / "afifo")
    (d / "alink").symlink_to(d / "nowhere")
    cases = {
        d / "exists.aleth": ("target_exists", "a file"),
        d / "adir": ("target_exists", "a directory"),
        d / "afifo": ("target_exists", "a FIFO"),
        d / "alink": ("target_exists", "a symbolic link"),
        d / "missing" / "o.aleth": ("target_directory_missing", "does not exist"),
        d / "exists.aleth" / "o.aleth": ("target_directory_missing", "is not a directory"),
    }
    for out, (code, words) in cases.items():
        with pytest.raises(OperationError) as exc:
            A.check_outputs(sealed_copy, out, in_place=False)
        assert exc.value.code == code and words in exc.value.message, out
    with pytest.raises(OperationError) as exc:
        A.check_outputs(sealed_copy, d / "o.aleth", in_place=False, secrets=[d / "k.pem", d / "k.pem"])
    assert exc.value.code == "usage" and "named twice" in exc.value.message
    with pytest.raises(OperationError) as exc:
        A.check_outputs(sealed_copy, None, in_place=True, secrets=[sealed_copy])
    assert exc.value.code == "usage"
    A.check_outputs(sealed_copy, d / "o.aleth", in_place=False, secrets=[d / "k.pem"])


# --------------------------------------------------------------------------- passphrases


def test_a_rekey_to_the_passphrase_the_file_has_is_refused(sealed_copy, small_sealed, tmp_path) -> None:
    by_pass = A.load_source(sealed_copy, Credential(passphrase=PASS))
    by_code = A.load_source(sealed_copy, Credential(recovery_code=small_sealed.code))
    for src in (by_pass, by_code):  # opened with the code, the new passphrase is tried on its slot
        with pytest.raises(OperationError) as exc:
            A.rekey(src, PASS, keep_recovery_code=small_sealed.code)
        assert exc.value.code == "same_passphrase"
    with pytest.raises(OperationError) as exc:
        A.recover(by_code, PASS)
    assert exc.value.code == "same_passphrase"
    v1 = tmp_path / "v1.aleth"
    v1.write_bytes(C.seal_v1(open_and_verify_files(sealed_copy, small_sealed), "v1 pass"))
    with pytest.raises(OperationError) as exc:
        A.rekey(A.load_source(v1, Credential(passphrase="v1 pass")), "v1 pass")
    assert exc.value.code == "same_passphrase"
    assert A.rekey(by_code, NEW_PASS, keep_recovery_code=small_sealed.code).output.rekey


def open_and_verify_files(path: Path, small_sealed: types.SimpleNamespace) -> dict[str, bytes]:
    return dict(C.open_container(path.read_bytes(), None, key=small_sealed.key).files)


# --------------------------------------------------------------------------- after a compromise


@pytest.fixture
def answered(tmp_path: Path) -> types.SimpleNamespace:
    """An E3 file: the stolen agent key rotated at the last trusted commit, the thief's
    objects disowned; it fails by design."""
    case = build_compromised()
    sealed = tmp_path / "c.aleth"
    sealed.write_bytes(C.seal_v2(case.files, PASS))
    case.key = C.open_container(sealed.read_bytes(), Credential(passphrase=PASS)).key
    res = A.rotate(A.load_source(sealed, key=case.key), case.root, reason="compromise", cutoff=case.cutoff)
    A.write_result(res, in_place=True, disown=True)
    case.path = sealed
    case.report = open_and_verify(sealed, Credential(passphrase=PASS))
    assert case.report.verdict == "fail"
    return case


def test_an_answered_compromise_can_be_rekeyed(answered) -> None:
    src = A.load_source(answered.path, Credential(passphrase=PASS))
    res = A.rekey(src, NEW_PASS)  # the thief may know the old passphrase
    assert res.writable and res.report.verdict == "fail"
    assert any("changes no signed byte" in e.text for e in res.effects)
    bak = safe.backup_path(answered.path)  # the answer's in-place write kept the version before it
    assert res.old_copies == [bak]
    written = A.write_result(res, in_place=True)
    assert written.old_copies == (bak,) and bak.exists()  # named, not deleted
    report = open_and_verify(answered.path, Credential(passphrase=NEW_PASS))

    def errors(r: Any) -> list[tuple[str, str]]:
        return [(f.code, f.object_id) for f in r.findings if f.severity.value == "error"]

    assert errors(report) == errors(answered.report)
    (stale,) = [f for f in report.findings if f.code == "stale_backup_old_credentials"]
    assert stale.found == str(bak)


def test_an_answered_compromise_takes_labels_and_role_keys(answered) -> None:
    src = A.load_source(answered.path, key=answered.key)
    res = A.label(src, answered.trusted[0], "poison_suspect", answered.hk, "checked after the theft")
    assert res.writable and res.output.new_errors == ()
    A.write_result(res, in_place=True)
    res = A.grant(A.load_source(answered.path, key=answered.key), answered.root, "auditor")
    assert res.writable
    A.write_result(res, answered.path.parent / "granted.aleth")
    errors = {
        (f.code, f.object_id) for f in open_and_verify(answered.path, Credential(passphrase=PASS)).findings
    }
    assert {(f.code, f.object_id) for f in answered.report.findings if f.severity.value == "error"} <= errors


def test_a_store_left_without_an_agent_key_gets_a_new_one(tmp_path) -> None:
    """An E3 file an older build wrote: the stolen agent key revoked without a successor.
    ``grant`` of the agent role gives it one (first in active_keys, sealed), adding no
    error; the disowned objects stay disowned."""
    case = build_compromised()
    w = StoreWriter(Store(dict(case.files)), root=case.root)
    w.revoke("key-001", reason="compromise", cutoff=case.cutoff)
    sealed = tmp_path / "e3.aleth"
    sealed.write_bytes(C.seal_v2(w.store.files, PASS))
    key = C.open_container(sealed.read_bytes(), Credential(passphrase=PASS)).key
    src = A.load_source(sealed, key=key)
    assert src.report.verdict == "fail" and "keys/signing.key" not in src.store.files
    res = A.grant(src, case.root, "agent")
    assert res.writable and res.output.new_errors == ()
    ((new_id, new_key),) = res.new_keys.items()
    assert new_id == "key-002" and res.store.files["keys/signing.key"] == new_key.pem()
    assert identity_record(res.store)["active_keys"][0]["key_id"] == "key-002"
    A.write_result(res, in_place=True)
    report = open_and_verify(sealed, Credential(passphrase=PASS))
    for lure in case.lures:
        assert report.commits[lure] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert {e.key_id: e.state for e in report.eras}["key-002"] == "active"
    after = A.load_source(sealed, key=key)  # and the new agent key can commit again
    w2 = StoreWriter(after.store.copy())
    assert w2.agent_key is not None and w2.agent_key.jwk == new_key.jwk
    commit = w2.commit({"kind": "fact", "text": "back in business"})
    assert verify(w2.store).commits[commit["commit_id"]] == Status.VALID


def test_the_labels_offered_for_a_role_are_exactly_those_the_verifier_accepts(tmp_path, small) -> None:
    """SPEC C2 as a property over every role and label: what ``writable_labels`` offers
    (the label dialog's list) is what the verifier accepts from a key of that role."""
    from inspector.core.verify.mutmem import LABELS
    from inspector.core.write.mutmem import writable_labels

    role_keys = {"housekeeper": small.hk, "auditor": small.au, "agent": small.agent}
    for role, key in role_keys.items():
        for label in LABELS:
            w = StoreWriter(Store(dict(small.files)))
            content = {
                "mutmem": 1, "kind": "label", "memory": small.memories[0], "prev": None, "label": label,
                "confidence_milli": 500, "reason": "r", "detector": "d", "evidence": [small.review],
            }  # fmt: skip
            w.commit(content, memory_type="procedural", key=key, evidence_refs=[small.review])
            report = verify(w.store)
            unauthorized = any(f.code == "mutmem_role_unauthorized" for f in report.findings)
            assert unauthorized == (label not in writable_labels(role)), (role, label)
