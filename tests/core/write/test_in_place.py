"""SPEC E2 and issue 16: nothing of the user's is lost, and a re-key leaves nothing
the old passphrase opens.

An in-place write keeps one backup ``FILE.bak`` (replaced by the next one, or
none on request), keeps the file's mode and owner, holds the write lock, and
deletes only files it made, by exact name.  New private keys and recovery codes
are written once the output is in place; a failure leaves nothing new.
"""

from __future__ import annotations

import os
import signal
import stat
import types
from pathlib import Path

import pytest

from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.errors import ContainerError, OperationError
from inspector.core.opener import open_and_verify, open_path
from inspector.core.write import authoring as A
from inspector.core.write import safe

from .checks import aleth_ok
from .conftest import open_small, ours
from .stores import NEW_PASS, PASS


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def label_some(src: A.Source, small: types.SimpleNamespace, i: int = 0) -> A.Result:
    return A.label(src, small.memories[i], "poison_suspect", small.hk, f"flag {i}")


def opens_with(path: Path, passphrase: str) -> bool:
    try:
        open_path(path, Credential(passphrase=passphrase))
    except ContainerError as exc:
        assert exc.code in ("wrong_passphrase", "bad_magic", "truncated", "authentication_failed"), exc.code
        return False
    return True


# --------------------------------------------------------------------------- the backup


def test_in_place_keeps_one_backup_of_the_previous_version(sealed_copy, small, small_sealed) -> None:
    first = sealed_copy.read_bytes()
    res = label_some(open_small(sealed_copy, small_sealed), small, 0)
    written = A.write_result(res, in_place=True)
    bak = sealed_copy.parent / "m.aleth.bak"
    assert written.backup == bak and bak.read_bytes() == first
    assert open_and_verify(bak, Credential(passphrase=PASS)).verdict == "pass"  # the backup opens
    second = sealed_copy.read_bytes()
    res = label_some(open_small(sealed_copy, small_sealed), small, 1)
    A.write_result(res, in_place=True)
    assert bak.read_bytes() == second  # replaced by the next in-place write: one backup
    assert ours(sealed_copy.parent) == {"m.aleth", "m.aleth.bak"}


def test_no_backup_on_request(sealed_copy, small, small_sealed) -> None:
    res = label_some(open_small(sealed_copy, small_sealed), small)
    written = A.write_result(res, in_place=True, backup=False)
    assert written.backup is None and ours(sealed_copy.parent) == {"m.aleth"}


def test_the_users_files_beside_it_survive(sealed_copy, small, small_sealed) -> None:
    mine = {
        "m.aleth.bak-mine": b"my own copy",
        "m.aleth.bak-20260105-093000-4242": b"not a container: never touched",
        ".m.aleth.12345.tmp": b"someone else's temp",
        "m.aleth~": b"editor backup",
    }
    for name, data in mine.items():
        (sealed_copy.parent / name).write_bytes(data)
    for i in range(2):
        A.write_result(label_some(open_small(sealed_copy, small_sealed), small, i), in_place=True)
    for name, data in mine.items():
        assert (sealed_copy.parent / name).read_bytes() == data
    assert ours(sealed_copy.parent) == {"m.aleth", "m.aleth.bak", *mine}


def test_a_file_of_the_user_named_like_the_backup_is_not_overwritten(
    sealed_copy, small, small_sealed
) -> None:
    bak = sealed_copy.parent / "m.aleth.bak"
    bak.write_bytes(b"my notes, not a container")
    before = sealed_copy.read_bytes()
    res = label_some(open_small(sealed_copy, small_sealed), small)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    assert exc.value.code == "backup_blocked" and str(bak) in exc.value.message
    assert sealed_copy.read_bytes() == before and bak.read_bytes() == b"my notes, not a container"
    A.write_result(res, in_place=True, backup=False)  # the user opts out: it stays untouched
    assert bak.read_bytes() == b"my notes, not a container"
    assert C.parse_envelope(sealed_copy.read_bytes()).format == "ALETH002"


def test_mode_and_owner_are_kept(sealed_copy, small, small_sealed) -> None:
    sealed_copy.chmod(0o644)
    uid, gid = os.getuid(), os.getgid()
    owner = (uid + 4242, gid + 4242) if uid == 0 else (uid, gid)  # only root can give a file away
    os.chown(sealed_copy, *owner)
    A.write_result(label_some(open_small(sealed_copy, small_sealed), small), in_place=True)
    st = os.stat(sealed_copy)
    assert mode(sealed_copy) == 0o644 and (st.st_uid, st.st_gid) == owner
    bak = safe.backup_path(sealed_copy)
    assert mode(bak) == 0o644 and (os.stat(bak).st_uid, os.stat(bak).st_gid) == owner


def test_a_new_output_is_private(sealed_copy, small, small_sealed) -> None:
    sealed_copy.chmod(0o644)
    out = sealed_copy.parent / "new.aleth"
    A.write_result(label_some(open_small(sealed_copy, small_sealed), small), out)
    assert mode(out) == 0o600


def test_a_symbolic_link_is_not_written_in_place(sealed_copy, small, small_sealed) -> None:
    link = sealed_copy.parent / "link.aleth"
    link.symlink_to(sealed_copy)
    before = sealed_copy.read_bytes()
    res = label_some(A.load_source(link, key=small_sealed.key), small)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    assert exc.value.code == "in_place_link"
    assert link.is_symlink() and sealed_copy.read_bytes() == before


# --------------------------------------------------------------------------- the lock


def test_a_second_writer_is_told_the_file_is_busy(sealed_copy, small, small_sealed) -> None:
    res = label_some(open_small(sealed_copy, small_sealed), small)
    before = sealed_copy.read_bytes()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # another process holds the file's write lock
        os.close(r)
        with safe.exclusive(sealed_copy):
            os.write(w, b"1")
            while True:  # hold it until killed
                signal.pause()
        os._exit(0)
    os.close(w)
    try:
        assert os.read(r, 1) == b"1"
        with pytest.raises(OperationError) as exc:
            A.write_result(res, in_place=True)
        assert exc.value.code == "busy"
        assert exc.value.message == f"{sealed_copy} is being written by another process"
        assert sealed_copy.read_bytes() == before
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(r)
    A.write_result(res, in_place=True)  # free again once the other writer is gone
    assert sealed_copy.read_bytes() == res.output.data


# --------------------------------------------------------------------------- keys and codes after the output


def test_key_files_are_refused_up_front_when_they_cannot_be_written(sealed_copy, small, small_sealed) -> None:
    """A rotation whose new key would go to a missing directory writes nothing at all;
    the retry with a good path succeeds (no orphan key blocks it)."""
    src = open_small(sealed_copy, small_sealed)
    res = A.rotate(src, small.root, key_id=small.hk_id)
    new_id = next(iter(res.new_keys))
    before = sealed_copy.read_bytes()
    missing = sealed_copy.parent / "missing" / "hk.pem"
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True, secrets=[A.SecretFile.key(missing, new_id, res.new_keys[new_id])])
    assert exc.value.code == "target_directory_missing"
    assert sealed_copy.read_bytes() == before and ours(sealed_copy.parent) == {"m.aleth"}
    good = sealed_copy.parent / "hk.pem"
    written = A.write_result(
        res, in_place=True, secrets=[A.SecretFile.key(good, new_id, res.new_keys[new_id])]
    )
    assert written.secrets == (good,) and mode(good) == 0o600
    assert good.read_bytes() == res.new_keys[new_id].pem()


def test_output_into_a_missing_directory_leaves_no_key_and_the_retry_succeeds(
    sealed_copy, small, small_sealed
) -> None:
    res = A.grant(open_small(sealed_copy, small_sealed), small.root, "auditor")
    kid, key = next(iter(res.new_keys.items()))
    key_file = A.SecretFile.key(sealed_copy.parent / "au2.pem", kid, key)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, sealed_copy.parent / "missing" / "out.aleth", secrets=[key_file])
    assert exc.value.code == "target_directory_missing"
    assert ours(sealed_copy.parent) == {"m.aleth"}  # no key file for a file that was never written
    A.write_result(res, sealed_copy.parent / "out.aleth", secrets=[key_file])
    assert ours(sealed_copy.parent) == {"m.aleth", "out.aleth", "au2.pem"}


@pytest.mark.parametrize("in_place", [False, True])
def test_a_key_that_cannot_be_saved_rolls_the_output_back(
    sealed_copy, small, small_sealed, monkeypatch, in_place: bool
) -> None:
    """The key file fails after the output is in place (the disk fills up): the output
    goes back to what it was, FILE.bak to what it was, and no key file stays."""
    A.write_result(label_some(open_small(sealed_copy, small_sealed), small), in_place=True)  # a FILE.bak
    before, bak_before = sealed_copy.read_bytes(), safe.backup_path(sealed_copy).read_bytes()
    res = A.grant(open_small(sealed_copy, small_sealed), small.root, "auditor")
    kid, key = next(iter(res.new_keys.items()))
    key_path = sealed_copy.parent / "au2.pem"
    real = safe.atomic_write

    def failing(path, data, **kw):  # type: ignore[no-untyped-def]
        if Path(path) == key_path:
            raise OperationError("write_failed", f"cannot write {path}: No space left on device")
        return real(path, data, **kw)

    monkeypatch.setattr(safe, "atomic_write", failing)
    out = sealed_copy.parent / "out.aleth"
    with pytest.raises(OperationError) as exc:
        A.write_result(
            res, None if in_place else out, in_place=in_place, secrets=[A.SecretFile.key(key_path, kid, key)]
        )
    assert exc.value.code == "write_failed"
    monkeypatch.undo()
    assert sealed_copy.read_bytes() == before
    assert safe.backup_path(sealed_copy).read_bytes() == bak_before
    assert ours(sealed_copy.parent) == {"m.aleth", "m.aleth.bak"}


# --------------------------------------------------------------------------- directory stores


def test_directory_in_place_keeps_a_backup_its_mode_and_unmanaged_files(dir_copy, small) -> None:
    (dir_copy / "keys" / "root.key").write_bytes(b"the user's root key, never sealed")
    dir_copy.chmod(0o750)
    before = A.store_digest(A.load_source(dir_copy).store.files)
    res = label_some(A.load_source(dir_copy), small)
    written = A.write_result(res, in_place=True)
    bak = dir_copy.parent / "store.bak"
    assert written.backup == bak and A.store_digest(A.load_source(bak).store.files) == before
    assert open_and_verify(bak).verdict == "pass" and open_and_verify(dir_copy).verdict == "pass"
    assert (dir_copy / "keys" / "root.key").read_bytes() == b"the user's root key, never sealed"
    assert mode(dir_copy) == 0o750
    assert A.store_digest(A.load_source(dir_copy).store.files) == res.output.sha256
    res2 = label_some(A.load_source(dir_copy), small, 1)
    A.write_result(res2, in_place=True)
    assert A.store_digest(A.load_source(bak).store.files) == res.output.sha256  # replaced
    assert ours(dir_copy.parent) == {"store", "store.bak"}
    A.write_result(label_some(A.load_source(dir_copy), small, 2), in_place=True, backup=False)
    assert A.store_digest(A.load_source(bak).store.files) == res.output.sha256  # left as it was


def test_a_directory_of_the_user_named_like_the_backup_is_kept(dir_copy, small) -> None:
    bak = dir_copy.parent / "store.bak"
    bak.mkdir()
    (bak / "notes.txt").write_text("mine")
    res = label_some(A.load_source(dir_copy), small)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, in_place=True)
    assert exc.value.code == "backup_blocked"
    assert (bak / "notes.txt").read_text() == "mine"
    assert ours(dir_copy.parent) == {"store", "store.bak"}


# --------------------------------------------------------------------------- re-key in place (issue 16)


def test_rekey_in_place_leaves_nothing_the_old_passphrase_opens(sealed_copy, small, small_sealed) -> None:
    A.write_result(label_some(open_small(sealed_copy, small_sealed), small), in_place=True)
    bak = safe.backup_path(sealed_copy)
    assert opens_with(bak, PASS)
    legacy = sealed_copy.parent / "m.aleth.bak-20260105-093000-4242"  # an older build's leftover
    legacy.write_bytes(small_sealed.blob)
    mine = sealed_copy.parent / "m.aleth.bak-mine"
    mine.write_bytes(b"the user's own file")
    src = open_small(sealed_copy, small_sealed)
    res = A.rekey(src, NEW_PASS, keep_recovery_code=small_sealed.code)
    assert sorted(A.old_credential_copies(sealed_copy)) == sorted([bak, legacy])
    written = A.write_result(res, in_place=True)  # backup=True does not apply to a re-key
    assert written.backup is None and sorted(written.removed) == sorted([bak, legacy])
    assert ours(sealed_copy.parent) == {"m.aleth", "m.aleth.bak-mine"}
    assert mine.read_bytes() == b"the user's own file"
    assert opens_with(sealed_copy, NEW_PASS) and not opens_with(sealed_copy, PASS)
    assert safe.stale_leftovers(sealed_copy) == []
    assert aleth_ok(sealed_copy, recovery_code=small_sealed.code)


def test_recover_in_place_keeps_no_backup(sealed_copy, small_sealed) -> None:
    src = A.load_source(sealed_copy, Credential(recovery_code=small_sealed.code))
    res = A.recover(src, NEW_PASS)
    A.write_result(res, in_place=True)
    assert ours(sealed_copy.parent) == {"m.aleth"}
    assert opens_with(sealed_copy, NEW_PASS) and not opens_with(sealed_copy, PASS)
    assert open_and_verify(sealed_copy, Credential(recovery_code=small_sealed.code)).verdict == "pass"


def test_a_new_recovery_code_is_written_after_the_file(sealed_copy, small_sealed, monkeypatch) -> None:
    src = open_small(sealed_copy, small_sealed)
    res = A.rekey(src, NEW_PASS, new_recovery_code=True)
    assert res.recovery_code is not None
    order: list[str] = []
    real = safe.atomic_write

    def record(path, data, **kw):  # type: ignore[no-untyped-def]
        order.append(Path(path).name)
        return real(path, data, **kw)

    monkeypatch.setattr(safe, "atomic_write", record)
    code_file = sealed_copy.parent / "code.txt"
    A.write_result(res, in_place=True, secrets=[A.SecretFile.recovery_code(code_file, res.recovery_code)])
    assert order == ["m.aleth", "code.txt"]
    assert code_file.read_text().strip() == res.recovery_code and mode(code_file) == 0o600
    assert open_and_verify(sealed_copy, Credential(recovery_code=res.recovery_code)).verdict == "pass"
