"""Writing a directory store (``inspector.core.write.directory``): a new directory, built
beside and renamed into place, private files 0600; what the program does not manage is
carried over unchanged, and a symbolic link is never followed."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from inspector.core.errors import StoreError
from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import unmanaged_files, write_directory


@pytest.fixture
def writer() -> StoreWriter:
    w = StoreWriter.create(clock=stepping_clock())
    w.commit({"text": "one"})
    return w


def test_a_store_written_reads_back_the_same_and_passes(writer: StoreWriter, tmp_path: Path) -> None:
    out = write_directory(writer.store, tmp_path / "s")
    back = read_directory(out)
    assert back.files == writer.store.files and verify(back).verdict == "pass"
    for p in out.rglob("*"):
        if p.is_file():
            assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
    assert sorted(x.name for x in tmp_path.iterdir()) == ["s"]  # no staging directory left


def test_never_over_an_existing_path_or_into_a_missing_folder(writer: StoreWriter, tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    with pytest.raises(StoreError) as err:
        write_directory(writer.store, tmp_path / "s")
    assert err.value.code == "target_exists" and list((tmp_path / "s").iterdir()) == []
    with pytest.raises(StoreError) as err:
        write_directory(writer.store, tmp_path / "no" / "s")
    assert err.value.code == "target_directory_missing"


def test_unmanaged_files_are_carried_and_links_are_not(writer: StoreWriter, tmp_path: Path) -> None:
    src = write_directory(writer.store, tmp_path / "src")
    (src / "keys" / "root.key").write_bytes(b"PRIVATE")
    (src / "notes.txt").write_text("mine")
    outside = tmp_path / "outside.txt"
    outside.write_text("secret elsewhere")
    os.symlink(outside, src / "link.txt")
    extra = unmanaged_files(src, read_directory(src))
    assert set(extra) == {"keys/root.key", "notes.txt"}
    dest = write_directory(read_directory(src), tmp_path / "dest", carry=extra)
    assert (dest / "keys" / "root.key").read_bytes() == b"PRIVATE" and (
        dest / "notes.txt"
    ).read_text() == "mine"
    assert not (dest / "link.txt").exists()
