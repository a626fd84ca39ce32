"""SPEC B9 (revision 2): the files of a directory store.  Every file is read and every
ambiguity reported, whatever order the file system lists files in; only ``*.json``
files are objects; symbolic links are never followed out of the store."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inspector.core.findings import Severity
from inspector.core.store import fs_name, read_directory
from inspector.core.write.directory import write_directory

from .helpers import Status, check, errors, warnings, writer


def _store_dir(tmp_path: Path, name: str = "store") -> tuple[Path, object]:
    w = writer()
    w.commit({"text": "one"})
    w.commit({"text": "two"})
    target = tmp_path / name
    write_directory(w.store, target)
    return target, w


def _infos(report) -> set[str]:
    return {f.code for f in report.findings if f.severity == Severity.INFO}


def test_two_names_of_one_logical_path_are_both_read_and_reported(tmp_path: Path) -> None:
    d, w = _store_dir(tmp_path)
    head = w.head
    encoded = d / "commits" / f"{fs_name(head)}.json"
    raw_name = d / "commits" / f"{head}.json"  # "sha256:<hex>.json" decodes to the same logical path
    raw_name.write_bytes(encoded.read_bytes())
    r = check(read_directory(d))
    dup = [f for f in r.findings if f.code == "duplicate_object"]
    assert dup and dup[0].severity == Severity.ERROR
    assert any(raw_name.name in f.message for f in dup)
    assert r.verdict == "fail"


def test_the_verdict_does_not_depend_on_listing_order(tmp_path: Path) -> None:
    """The same two files, created in opposite orders (so a file system that lists by
    creation order lists them differently), give the same report."""
    reports = []
    for order in (0, 1):
        d, w = _store_dir(tmp_path, f"store{order}")
        head = w.head
        good = (d / "commits" / f"{fs_name(head)}.json").read_bytes()
        other = good.replace(b'"two"', b'"TWO"')  # changed after signing
        names = [f"{fs_name(head)}.json", f"{head}.json"]
        (d / "commits" / names[0]).unlink()
        for name, data in ([(names[0], good), (names[1], other)], [(names[1], other), (names[0], good)])[
            order
        ]:
            (d / "commits" / name).write_bytes(data)
        r = check(read_directory(d))
        reports.append(({k: v.value for k, v in r.commits.items()}, sorted(f.code for f in r.findings)))
    # same ids in both (same writer clock and keys differ, so compare shapes)
    assert reports[0][1] == reports[1][1]
    assert sorted(reports[0][0].values()) == sorted(reports[1][0].values())
    assert "duplicate_object" in reports[0][1]


def test_a_ds_store_and_other_stray_files_are_notes_not_failures(tmp_path: Path) -> None:
    d, _ = _store_dir(tmp_path)
    (d / "commits" / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1\x00")
    (d / "evidence").mkdir(exist_ok=True)
    (d / "evidence" / "Thumbs.db").write_bytes(b"junk")
    (d / "commits" / "x.json~").write_bytes(b"{")
    (d / "notes.txt").write_text("my notes")
    r = check(read_directory(d))
    assert r.verdict == "pass", [f for f in r.findings if f.severity != Severity.INFO]
    strays = [f for f in r.findings if f.code == "stray_file"]
    assert {f.severity for f in strays} == {Severity.INFO}
    named = " ".join(f.message for f in strays)
    for name in (".DS_Store", "Thumbs.db", "x.json~", "notes.txt"):
        assert name in named
    assert all(f.object_kind == "store" and f.object_id == "" for f in strays)


@pytest.mark.parametrize("directory", ["commits", "identities", "control_events", "artifacts"])
def test_a_symlinked_directory_is_not_followed(tmp_path: Path, directory: str) -> None:
    d, _ = _store_dir(tmp_path)
    outside = tmp_path / "outside"
    real = d / directory
    if real.exists():
        real.rename(outside)
    else:
        outside.mkdir()
    os.symlink(outside, real)
    store = read_directory(d)
    assert not any(p.startswith(directory + "/") for p in store.files)
    r = check(store)
    assert any(f.code == "stray_file" and directory in f.message for f in r.findings)


def test_an_artifacts_link_pointing_outside_cannot_make_a_store_pass(tmp_path: Path) -> None:
    w = writer()
    ev = w.evidence(artifacts=[("out.txt", b"tool output")])["commit_id"]
    w.commit({"text": "cites"}, evidence_refs=[ev])
    d = tmp_path / "store"
    write_directory(w.store, d)
    outside = tmp_path / "outside-artifacts"
    (d / "artifacts").rename(outside)
    os.symlink(outside, d / "artifacts")
    r = check(read_directory(d))
    assert "artifact_missing" in errors(r, ev)
    assert r.verdict == "fail"


def test_a_symlinked_object_file_is_not_read(tmp_path: Path) -> None:
    d, w = _store_dir(tmp_path)
    path = d / "commits" / f"{fs_name(w.head)}.json"
    outside = tmp_path / "elsewhere.json"
    path.rename(outside)
    os.symlink(outside, path)
    store = read_directory(d)
    assert f"commits/{w.head}.json" not in store.files
    r = check(store)
    assert "head_invalid" in errors(r)


def test_a_copy_under_another_name_is_read_under_its_real_id(tmp_path: Path) -> None:
    d, w = _store_dir(tmp_path)
    src = d / "commits" / f"{fs_name(w.head)}.json"
    copy = d / "commits" / "sha256%3A0000-copy.json"
    copy.write_bytes(src.read_bytes())
    r = check(read_directory(d))
    mismatch = [f for f in r.findings if f.code == "file_name_mismatch"]
    assert mismatch and mismatch[0].object_id == w.head
    assert mismatch[0].severity == Severity.WARNING
    assert "sha256%3A0000-copy.json" in mismatch[0].message
    assert "duplicate_object" in errors(r, w.head)
    assert r.commits[w.head] == Status.VALID


def test_a_renamed_object_alone_is_a_warning(tmp_path: Path) -> None:
    d, w = _store_dir(tmp_path)
    first = next(c for c in r_order(d) if c != w.head)
    src = d / "commits" / f"{fs_name(first)}.json"
    src.rename(d / "commits" / "renamed.json")
    r = check(read_directory(d))
    assert "file_name_mismatch" in warnings(r, first)
    assert r.commits[first] == Status.VALID
    assert r.verdict == "pass"


def r_order(d: Path) -> list[str]:
    return list(check(read_directory(d)).order)


def test_non_utf8_file_name_is_a_stray_shown_escaped(tmp_path: Path) -> None:
    d, _ = _store_dir(tmp_path)
    name = os.fsdecode(b"\xff\xfe-weird")
    (d / "commits" / name).write_bytes(b"x")
    r = check(read_directory(d))
    stray = next(f for f in r.findings if f.code == "stray_file")
    assert stray.related and stray.related[0].startswith("commits/")
    assert r.verdict == "pass"
