"""Output that cannot be written, in-process: the stream proxy never raises, lost output
is exit 6 (``output_failed``) with the verdict's code named, a reader that went away is
not a failure; a report file that cannot be written is an output failure, a refused one a
usage error; unreadable input is a report, not a crash."""

from __future__ import annotations

import errno
import io
import json

import pytest

from inspector.cli.main import main
from inspector.cli.output import SafeStream
from inspector.core import store as store_module

from .conftest import FAILING, PASSING


class Failing(io.StringIO):
    """A text stream whose writes fail with ``code`` after ``after`` characters."""

    def __init__(self, code: int, after: int = 0) -> None:
        super().__init__()
        self.code = code
        self.after = after

    def write(self, s: str) -> int:
        if self.tell() + len(s) > self.after:
            raise OSError(self.code, __import__("os").strerror(self.code))
        return super().write(s)


@pytest.mark.parametrize(
    ("code", "lost"),
    [(errno.ENOSPC, True), (errno.EIO, True), (errno.EPIPE, False), (errno.ECONNRESET, False)],
)
def test_the_proxy_never_raises_and_knows_whether_output_was_lost(code, lost):
    s = SafeStream(Failing(code, after=3))
    s.write("abc")
    s.write("def")  # fails: from now on nothing more is tried
    s.write("ghi")
    s.flush()
    assert s.broken and (s.lost is not None) is lost
    assert s.stream.getvalue() == "abc"


def test_a_closed_stream_is_broken_but_nothing_is_lost():
    s = SafeStream(None)  # Python's sys.stdout when descriptor 1 was closed (>&-)
    assert s.write("x") == 1 and s.broken and s.lost is None and not s.isatty()
    closed = io.StringIO()
    closed.close()
    t = SafeStream(closed)
    t.write("x")
    assert t.broken and t.lost is None


@pytest.mark.parametrize(("store", "verdict_code"), [(PASSING, 0), (FAILING, 1)])
def test_lost_standard_output_is_exit_6_naming_the_verdicts_code(monkeypatch, capsys, store, verdict_code):
    capsys.readouterr()
    monkeypatch.setattr("sys.stdout", Failing(errno.ENOSPC, after=10))
    code = main(["verify", str(store), "--json"])
    err = capsys.readouterr().err
    assert code == 6
    assert f"without this the exit code would be {verdict_code} [output_failed]" in err


def test_a_reader_that_went_away_keeps_the_verdicts_code(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdout", Failing(errno.EPIPE, after=10))
    assert main(["verify", str(FAILING)]) == 1
    assert capsys.readouterr().err == ""


def test_a_report_file_the_disk_cannot_take_is_an_output_failure(cli, tmp_path, monkeypatch):
    import os

    def full(fd):  # the atomic writer's fsync of its temp file: ENOSPC, as on a full disk
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    target = tmp_path / "report.json"
    r = cli("verify", FAILING, "--json", "-o", target)
    assert r.code == 6 and r.out == ""
    assert "[output_failed]" in r.err and "would be 1" in r.err
    assert not target.exists() and list(tmp_path.iterdir()) == []  # no temp file left behind


def test_a_report_file_in_a_missing_folder_is_a_usage_error(cli, tmp_path):
    r = cli("verify", FAILING, "-o", tmp_path / "no" / "r.txt")
    assert r.code == 3 and "does not exist" in r.err


def test_an_unlistable_store_folder_is_unreadable_not_a_crash(cli, store_copy, monkeypatch):
    store = store_copy(PASSING)
    entries = store_module.LocalListing.entries

    def denied(self, rel_dir):
        if rel_dir == "commits":  # what chmod 000 commits/ gives a user who is not root
            raise PermissionError(errno.EACCES, "Permission denied", str(self.base / rel_dir))
        return entries(self, rel_dir)

    monkeypatch.setattr(store_module.LocalListing, "entries", denied)
    r = cli("verify", store, "--json")
    doc = json.loads(r.out)
    # the folders it could read are judged; the one it could not is a finding on the store (B9)
    assert r.code == 1 and doc["verdict"] == "fail"
    (f,) = [f for f in doc["findings"] if f["code"] == "unreadable"]
    assert "Permission denied" in f["message"] and "commits" in f["message"]
    assert "internal_error" not in {f["code"] for f in doc["findings"]}


def test_a_store_whose_top_folder_cannot_be_listed_is_unopenable(cli, store_copy, monkeypatch):
    store = store_copy(PASSING)
    entries = store_module.LocalListing.entries

    def denied(self, rel_dir):
        if rel_dir == "":
            raise PermissionError(errno.EACCES, "Permission denied", str(self.base))
        return entries(self, rel_dir)

    monkeypatch.setattr(store_module.LocalListing, "entries", denied)
    r = cli("verify", store, "--json")
    doc = json.loads(r.out)
    assert r.code == 2 and doc["verdict"] == "unopenable"
    (f,) = doc["findings"]
    assert f["code"] == "unreadable" and "Permission denied" in f["message"]


def test_demo_with_an_unreadable_passphrase_file_is_a_usage_error(cli, tmp_path):
    r = cli("demo", tmp_path / "d.aleth", "--passphrase-file", "/dev/zero")
    assert r.code == 3 and "[credential_unreadable]" in r.err and "character device" in r.err
    assert list(tmp_path.iterdir()) == []
