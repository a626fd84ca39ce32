"""The one atomic writer, the exclusive lock and the leftover finder (SPEC E2, issue 16).

What is checked: the target holds the old bytes or the complete new ones; the
temporary file has one exact name that a later write reclaims; nothing is
deleted by pattern; a second writer is told the file is busy; a copy of a
sealed file that opens with credentials the file no longer accepts is found
(and only such a copy).
"""

from __future__ import annotations

import errno
import fcntl
import os
import signal
import stat
from pathlib import Path

import pytest

from inspector.core import container as C
from inspector.core.errors import OperationError
from inspector.core.write import safe

from .faults import FailingOS

FILES = {"HEAD": b"sha256:" + b"0" * 64 + b"\n"}


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


# --------------------------------------------------------------------------- atomic_write


def test_atomic_write_new_file_is_0600_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "out.bin"
    assert safe.atomic_write(target, b"hello") == target
    assert target.read_bytes() == b"hello" and mode(target) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.bin"]


def test_atomic_write_sets_the_mode_it_is_given(tmp_path: Path) -> None:
    target = tmp_path / "public.json"
    old = os.umask(0o077)  # the mode is set explicitly, whatever the umask
    try:
        safe.atomic_write(target, b"{}", mode=0o644)
    finally:
        os.umask(old)
    assert mode(target) == 0o644


def test_atomic_write_replaces_an_existing_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "f"
    target.write_bytes(b"old contents")
    safe.atomic_write(target, b"new")
    assert target.read_bytes() == b"new"


def test_no_clobber_refuses_an_existing_file_and_keeps_it(tmp_path: Path) -> None:
    target = tmp_path / "keep.pem"
    target.write_bytes(b"precious")
    with pytest.raises(OperationError) as exc:
        safe.atomic_write(target, b"other", overwrite=False)
    assert exc.value.code == "target_exists"
    assert target.read_bytes() == b"precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.pem"]


def test_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(OperationError) as exc:
        safe.atomic_write(tmp_path / "nope" / "x", b"data")
    assert exc.value.code == "target_directory_missing"
    assert not (tmp_path / "nope").exists()


@pytest.mark.parametrize(
    "fail,err,overwrite",
    [
        ("write", errno.ENOSPC, True),
        ("fsync", errno.EIO, True),
        ("replace", errno.EACCES, True),
        ("write", errno.ENOSPC, False),
        ("link", errno.EACCES, False),
    ],
)
def test_a_failed_write_leaves_the_target_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail: str, err: int, overwrite: bool
) -> None:
    target = tmp_path / "f"
    if overwrite:
        target.write_bytes(b"old")
    monkeypatch.setattr(safe, "os", FailingOS(fail, err))
    with pytest.raises(OperationError) as exc:
        safe.atomic_write(target, b"new", overwrite=overwrite)
    monkeypatch.undo()
    assert exc.value.code == "write_failed" and os.strerror(err) in exc.value.message
    if overwrite:
        assert target.read_bytes() == b"old"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]
    else:
        assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_temp_name_is_exact_and_a_leftover_is_reclaimed(tmp_path: Path) -> None:
    target = tmp_path / "demo.aleth"
    tmp = safe.temp_path(target)
    assert tmp == tmp_path / ".demo.aleth.aleth-inspector.tmp"
    tmp.write_bytes(b"half a file from a killed run")
    safe.atomic_write(target, b"whole")
    assert target.read_bytes() == b"whole" and not tmp.exists()


def test_files_that_merely_look_like_temps_are_never_touched(tmp_path: Path) -> None:
    target = tmp_path / "demo.aleth"
    lookalikes = [
        tmp_path / ".demo.aleth.12345.tmp",
        tmp_path / ".demo.aleth.mine.tmp",
        tmp_path / "demo.aleth.bak-mine",
        tmp_path / "demo.aleth.tmp",
    ]
    for p in lookalikes:
        p.write_bytes(b"user data")
    safe.atomic_write(target, b"x")
    for p in lookalikes:
        assert p.read_bytes() == b"user data"


def test_a_temp_being_written_by_another_process_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "f"
    tmp = safe.temp_path(target)
    fd = os.open(tmp, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another writer holds it
        os.write(fd, b"in progress")
        with pytest.raises(OperationError) as exc:
            safe.atomic_write(target, b"mine")
        assert exc.value.code == "busy" and "being written by another process" in exc.value.message
        assert tmp.read_bytes() == b"in progress" and not target.exists()
    finally:
        os.close(fd)


def test_a_symlink_named_like_the_temp_is_refused_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"not ours")
    target = tmp_path / "f"
    safe.temp_path(target).symlink_to(elsewhere)
    with pytest.raises(OperationError):
        safe.atomic_write(target, b"data")
    assert elsewhere.read_bytes() == b"not ours" and not target.exists()


def test_owner_is_kept_where_permitted(tmp_path: Path) -> None:
    target = tmp_path / "f"
    uid, gid = os.getuid(), os.getgid()
    other = (uid + 4242, gid + 4242) if uid == 0 else (uid, gid)  # only root may give a file away
    safe.atomic_write(target, b"x", owner=other)
    st = os.stat(target)
    assert (st.st_uid, st.st_gid) == other
    if uid != 0:  # an ordinary user cannot give a file to someone else: the write still succeeds
        safe.atomic_write(target, b"y", owner=(uid + 1, gid))
        assert target.read_bytes() == b"y" and os.stat(target).st_uid == uid


def test_atomic_writer_streams_and_cleans_up_on_error(tmp_path: Path) -> None:
    target = tmp_path / "graph.graphml"
    with safe.atomic_writer(target, mode=0o600) as fh:
        fh.write(b"<a>")
        fh.write(b"</a>")
    assert target.read_bytes() == b"<a></a>"
    with pytest.raises(RuntimeError), safe.atomic_writer(target) as fh:
        fh.write(b"partial")
        raise RuntimeError("the producer failed")
    assert target.read_bytes() == b"<a></a>"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.graphml"]


# --------------------------------------------------------------------------- the lock


def test_exclusive_lock_refuses_a_second_holder(tmp_path: Path) -> None:
    target = tmp_path / "demo.aleth"
    target.write_bytes(b"x")
    with safe.exclusive(target):
        with safe.exclusive(target):  # the same process may nest (CLI cycle → write)
            pass
        pid = os.fork()
        if pid == 0:  # another process: must be refused at once
            try:
                with safe.exclusive(target):
                    os._exit(1)
            except OperationError as exc:
                os._exit(0 if exc.code == "busy" and str(target) in exc.message else 2)
            os._exit(3)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        pid = os.fork()  # the child's exit did not release the parent's lock
        if pid == 0:
            try:
                with safe.exclusive(target):
                    os._exit(1)
            except OperationError:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    with safe.exclusive(target):  # released: free again
        pass
    assert safe.lock_path(target) == tmp_path / ".demo.aleth.aleth-inspector.lock"


def test_the_lock_of_a_killed_holder_is_free(tmp_path: Path) -> None:
    target = tmp_path / "demo.aleth"
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        with safe.exclusive(target):
            os.write(w, b"held")
            while True:  # hold it until killed
                signal.pause()
        os._exit(0)
    os.close(w)
    assert os.read(r, 4) == b"held"
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    os.close(r)
    with safe.exclusive(target):
        pass


# --------------------------------------------------------------------------- leftovers


@pytest.fixture(scope="module")
def sealed() -> dict[str, bytes]:
    """One ALETH002 file, the same payload resealed (same slots), and a re-key (new slots)."""
    secret = C.new_recovery_secret()
    blob = C.seal_v2(FILES, "old pass", recovery_secret=secret)
    opened = C.open_container(blob, C.Credential(passphrase="old pass"))
    resealed = C.reseal_v2(FILES, opened)
    rekeyed = C.rekey_v2(FILES, opened, "new pass", recovery_secret=secret)
    return {"old": blob, "resealed": resealed, "rekeyed": rekeyed, "v1": C.seal_v1(FILES, "old pass")}


def test_no_leftovers_beside_a_plain_file(tmp_path: Path, sealed: dict[str, bytes]) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed["rekeyed"])
    assert safe.stale_leftovers(f) == []
    assert safe.stale_leftovers(tmp_path / "missing.aleth") == []
    assert safe.stale_leftovers(tmp_path) == []  # a directory has no credentials


def test_backup_with_the_same_credentials_is_not_stale(tmp_path: Path, sealed: dict[str, bytes]) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed["resealed"])
    safe.backup_path(f).write_bytes(sealed["old"])
    assert safe.backup_path(f) == tmp_path / "m.aleth.bak"
    assert safe.stale_leftovers(f) == []


def test_copies_that_open_with_old_credentials_are_found_exactly(
    tmp_path: Path, sealed: dict[str, bytes]
) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed["rekeyed"])
    bak = safe.backup_path(f)
    bak.write_bytes(sealed["old"])
    tmp_bak = safe.temp_path(bak)
    tmp_bak.write_bytes(sealed["old"])
    legacy = tmp_path / "m.aleth.bak-20260105-093000-4242"  # what older builds left after a kill
    legacy.write_bytes(sealed["old"])
    v1_copy = tmp_path / "m.aleth.bak-20260105-093001-4243"
    v1_copy.write_bytes(sealed["v1"])
    # never reported: a user's own copies, a look-alike name, a link, a non-container
    (tmp_path / "m.aleth.bak-mine").write_bytes(sealed["old"])
    (tmp_path / "m.aleth.bak-2026").write_bytes(sealed["old"])
    (tmp_path / "x.bak").write_bytes(sealed["old"])
    found = safe.stale_leftovers(f)
    assert sorted(found) == sorted([bak, tmp_bak, legacy, v1_copy])
    removed = safe.remove_stale_leftovers(f)
    assert sorted(removed) == sorted(found)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "m.aleth",
        "m.aleth.bak-2026",
        "m.aleth.bak-mine",
        "x.bak",
    ]


def test_links_and_garbage_are_never_leftovers(tmp_path: Path, sealed: dict[str, bytes]) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed["rekeyed"])
    real = tmp_path / "elsewhere.aleth"
    real.write_bytes(sealed["old"])
    safe.backup_path(f).symlink_to(real)
    safe.temp_path(f).write_bytes(b"ALETH002 but truncated")
    assert safe.stale_leftovers(f) == []


def test_a_temp_in_use_is_not_a_leftover(tmp_path: Path, sealed: dict[str, bytes]) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed["rekeyed"])
    tmp = safe.temp_path(f)
    tmp.write_bytes(sealed["old"])
    assert safe.stale_leftovers(f) == [tmp]
    fd = os.open(tmp, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        assert safe.stale_leftovers(f) == []
    finally:
        os.close(fd)


def test_leftover_findings_name_the_path_and_how_to_remove_it(
    tmp_path: Path, sealed: dict[str, bytes]
) -> None:
    from inspector.core.codebook import lookup
    from inspector.core.findings import TEMPLATES, Severity

    f = tmp_path / "m.aleth"
    f.write_bytes(sealed["rekeyed"])
    bak = safe.backup_path(f)
    bak.write_bytes(sealed["old"])
    (finding,) = safe.stale_leftover_findings(f)
    assert finding.code == "stale_backup_old_credentials" and finding.severity == Severity.WARNING
    assert finding.object_kind == "store" and finding.object_id == ""
    assert finding.found == str(bak) and f"rm -- {bak}" in finding.message
    assert finding.template in TEMPLATES and "\n" not in finding.message
    assert finding.likely_cause and "interrupted" in finding.likely_cause
    info = lookup("stale_backup_old_credentials")
    assert info is not None and info.severity == Severity.WARNING
