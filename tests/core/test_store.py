"""``inspector.core.store``: alethech's file names, the in-memory store, reading a
directory store (only the files the format names; links never followed; the
format's limits) and writing one (a new directory, atomically, 0600 files)."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from inspector.core import store as S
from inspector.core.errors import StoreError
from inspector.core.store import (
    Store,
    StrayFile,
    fs_name,
    logical_to_physical,
    physical_to_logical,
    read_directory,
)
from inspector.core.write.directory import unmanaged_files, write_directory

from ..conftest import ALETHECH

CID = "sha256:" + "ab" * 32


def test_file_names_round_trip_between_logical_and_physical():
    assert fs_name(CID) == "sha256%3A" + "ab" * 32
    assert fs_name("a-b._~c") == "a-b._~c" and fs_name("a/b c") == "a%2Fb%20c"
    for logical in (f"commits/{CID}.json", "identities/did:alethech:xyz.json", f"artifacts/{CID}"):
        physical = logical_to_physical(logical)
        assert ":" not in physical.split("/", 1)[1]
        assert physical_to_logical(physical) == logical
    # what is not an object file of a known folder keeps its name
    for path in ("HEAD", "root_authority.json", "keys/signing.key", "commits/notes.txt", "other/x:y.json"):
        assert logical_to_physical(path) == path
    assert physical_to_logical("other/a%3Ab") == "other/a%3Ab"


def test_store_lists_counts_and_copies():
    s = Store(
        {
            f"commits/{CID}.json": b"{}",
            "commits_old/x.json": b"{}",  # another folder, not commits/
            f"artifacts/{CID}": b"bytes",
            "HEAD": f"  {CID}\n".encode(),
        },
        names={f"commits/{CID}.json": f"commits/sha256%3A{'ab' * 32}.json"},
    )
    assert [p for p, _ in s.list("commits")] == [f"commits/{CID}.json"] and s.count("commits") == 1
    assert s.head == CID and s.artifact(CID) == b"bytes" and s.artifact("sha256:00") is None
    assert s.file_name(f"commits/{CID}.json").startswith("commits/sha256%3A")
    assert s.file_name("HEAD") == "HEAD"  # a payload path names itself
    c = s.copy()
    c.files["HEAD"] = b"changed"
    c.names.clear()
    assert s.head == CID and s.names  # the copy is independent


@pytest.mark.parametrize(
    "head,expected",
    [
        (None, None),
        (b"", None),
        (b" \n", None),
        (b"\xff\xfe", "<not UTF-8>"),
        (b"x" * 300, "<HEAD of 300 bytes>"),
    ],
)
def test_head_never_carries_more_than_an_id(head, expected):
    s = Store({} if head is None else {"HEAD": head})
    assert s.head == expected


def test_reading_a_fixture_store_gives_every_object_by_its_logical_path():
    src = ALETHECH / "02_evidence" / "store"
    s = read_directory(src)
    assert s.origin == "directory" and s.source == str(src) and s.strays == [] and s.alternates == {}
    on_disk = {p.relative_to(src).as_posix() for p in src.rglob("*") if p.is_file()}
    assert {s.file_name(p) for p in s.files} == on_disk - {"keys/root.key", "keys/recovery.key"}
    assert all(":" in p for p in s.files if p.startswith(("commits/", "evidence/")))
    assert s.head is not None and f"commits/{s.head}.json" in s.files


def test_only_the_formats_files_are_read_the_rest_are_strays(tmp_path):
    root = tmp_path / "s"
    shutil.copytree(ALETHECH / "01_basic" / "store", root)
    (root / "keys" / "root.key").write_bytes(b"secret root key")  # never read
    (root / "NOTES.txt").write_text("mine")
    (root / "commits" / "README").write_text("not json")
    (root / "commits" / "nested").mkdir()
    (root / "elsewhere").mkdir()
    (root / "commits" / "link.json").symlink_to(next((root / "commits").glob("*.json")))
    s = read_directory(root)
    assert "keys/root.key" not in s.files and b"secret root key" not in b"".join(s.files.values())
    assert "keys/signing.key" in s.files
    assert sorted(s.strays, key=lambda x: x.name) == [
        StrayFile("NOTES.txt", "unknown"),
        StrayFile("commits/README", "not_json"),
        StrayFile("commits/link.json", "symlink"),
        StrayFile("commits/nested", "folder"),
        StrayFile("elsewhere", "folder"),
    ]


def test_not_a_store_says_what_it_found(tmp_path):
    with pytest.raises(StoreError) as exc:
        read_directory(tmp_path / "missing")
    assert exc.value.code == "not_a_store"
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "photo.jpg").write_bytes(b"x")
    with pytest.raises(StoreError) as exc:
        read_directory(tmp_path / "d")
    assert exc.value.code == "not_a_store" and exc.value.found == "photo.jpg"
    (tmp_path / "e").mkdir()
    with pytest.raises(StoreError) as exc:
        read_directory(tmp_path / "e")
    assert exc.value.found == "an empty directory"


def test_the_formats_limits_hold_for_a_directory(tmp_path, monkeypatch):
    root = tmp_path / "s"
    shutil.copytree(ALETHECH / "01_basic" / "store", root)
    biggest = max(p.stat().st_size for p in root.rglob("*.json"))
    monkeypatch.setattr(S, "MAX_FILE", biggest - 1)
    with pytest.raises(StoreError) as exc:
        read_directory(root)
    assert exc.value.code == "too_large" and "per file" in (exc.value.expected or "")
    monkeypatch.setattr(S, "MAX_FILE", 100 * 1024 * 1024)
    monkeypatch.setattr(S, "MAX_FILES", 3)
    with pytest.raises(StoreError) as exc:
        read_directory(root)
    assert exc.value.code == "too_large" and "at most 3 files" in (exc.value.expected or "")


def test_write_directory_round_trips_and_never_overwrites(tmp_path):
    src = read_directory(ALETHECH / "03_rotation_eras" / "store")
    key = tmp_path / "root.key"
    key.write_bytes(b"kept as it is")
    out = write_directory(src, tmp_path / "copy", carry={"keys/root.key": key})
    again = read_directory(out)
    assert again.files == src.files and again.head == src.head
    assert (out / "keys" / "root.key").read_bytes() == b"kept as it is"
    modes = {stat.S_IMODE(p.stat().st_mode) for p in out.rglob("*") if p.is_file() and p.name != "root.key"}
    assert modes == {0o600}
    with pytest.raises(StoreError) as exc:
        write_directory(src, out)
    assert exc.value.code == "target_exists"
    with pytest.raises(StoreError) as exc:
        write_directory(src, tmp_path / "no" / "such")
    assert exc.value.code == "target_directory_missing"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy", "root.key"]  # no staging left


def test_a_failed_write_leaves_nothing_behind(tmp_path, monkeypatch):
    real = os.write

    def full(fd, data):  # type: ignore[no-untyped-def]
        if len(data) > 100:
            raise OSError(28, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(os, "write", full)
    src = read_directory(ALETHECH / "01_basic" / "store")
    with pytest.raises(StoreError) as exc:
        write_directory(src, tmp_path / "copy")
    assert exc.value.code == "write_failed" and "No space left" in exc.value.message
    assert list(tmp_path.iterdir()) == []


def test_unmanaged_files_are_the_users_files_not_links(tmp_path):
    root = tmp_path / "s"
    shutil.copytree(ALETHECH / "01_basic" / "store", root)
    (root / "keys" / "root.key").write_bytes(b"k")
    (root / "notes").mkdir()
    (root / "notes" / "todo.txt").write_text("t")
    (root / "link.txt").symlink_to(root / "notes" / "todo.txt")
    (root / "linked_dir").symlink_to(root / "notes", target_is_directory=True)
    s = read_directory(root)
    found = unmanaged_files(root, s)
    assert set(found) >= {"keys/root.key", "notes/todo.txt"}
    assert not set(found) & {"link.txt", "linked_dir/todo.txt"}
    assert not set(found) & {s.file_name(p) for p in s.files}
    assert all(isinstance(p, Path) and p.is_file() for p in found.values())


@pytest.mark.parametrize("name", ["\udcff\udcfe", "a\ud83db", "\ud800"])
def test_a_logical_name_with_lone_surrogates_is_written_not_raised(tmp_path, name) -> None:
    """A file name a file system gave as non-UTF-8 bytes (kept as surrogates), or any lone
    surrogate, still gets a portable file name: writing the store never raises, and the
    file written reads back as one file of the folder (found by make fuzz-smoke)."""
    from inspector.core.store import fs_name, logical_to_physical
    from inspector.core.write.directory import write_directory

    assert fs_name(name).isascii()
    files = {f"commits/{name}.json": b"{}"}
    write_directory(Store(files), tmp_path / "s")
    written = list((tmp_path / "s" / "commits").iterdir())
    assert [p.name for p in written] == [logical_to_physical(f"commits/{name}.json").split("/", 1)[1]]
    assert written[0].read_bytes() == b"{}"
