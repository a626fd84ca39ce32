"""Reading a file the user named (``inspector.core.files``): only a regular file, decided on
the opened descriptor; a pipe, a device, a socket or a directory refused at once, in every
place that reads a user's path."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

from inspector.core import files
from inspector.core.container import read_blob
from inspector.core.errors import ContainerError, InspectorError
from inspector.core.files import FileTooLarge, NotAFile, open_regular, read_regular


@pytest.fixture()
def specials(tmp_path):
    """One path of each kind that is not a regular file: {name: (path, phrase)}."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    sock_path = tmp_path / "sock"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    (tmp_path / "dir").mkdir()
    link = tmp_path / "link-to-fifo"
    link.symlink_to(fifo)
    yield {
        "fifo": (fifo, files.P_FIFO),
        "fifo behind a link": (link, files.P_FIFO),
        "/dev/zero": (Path("/dev/zero"), files.P_CHAR_DEVICE),
        "/dev/null": (Path("/dev/null"), files.P_CHAR_DEVICE),
        "socket": (sock_path, files.P_SOCKET),
        "directory": (tmp_path / "dir", files.P_DIRECTORY),
    }
    sock.close()


KINDS = ["fifo", "fifo behind a link", "/dev/zero", "/dev/null", "socket", "directory"]


@pytest.mark.parametrize("kind", KINDS)
def test_anything_but_a_regular_file_is_refused_with_what_it_is(specials, kind):
    path, phrase = specials[kind]
    with pytest.raises(NotAFile) as err:
        read_regular(path, 1024)
    assert err.value.kind == phrase and err.value.path == str(path)


def test_the_descriptor_decides_not_the_path(specials, monkeypatch):
    """A check of the path that says "regular file" (a swap between check and open) does
    not let a pipe through: fstat on the opened descriptor refuses it."""
    fifo, _ = specials["fifo"]
    real_stat = os.stat

    def lying_stat(path, *a, **kw):
        st = real_stat(path, *a, **kw)
        if Path(path) == fifo:
            return os.stat_result((stat.S_IFREG | 0o644, *tuple(st)[1:]))
        return st

    monkeypatch.setattr(files.os, "stat", lying_stat)
    with pytest.raises(NotAFile) as err:
        read_regular(fifo, 1024)
    assert err.value.kind == files.P_FIFO


def test_a_regular_file_is_read_whole_and_a_larger_one_refused_before_reading(tmp_path):
    p = tmp_path / "f"
    p.write_bytes(b"x" * 1000)
    assert read_regular(p, 1000) == b"x" * 1000
    big = tmp_path / "sparse"
    with open(big, "wb") as fh:
        fh.truncate(10**12)  # a terabyte that does not exist: refused by its size, never read
    with pytest.raises(FileTooLarge) as err:
        read_regular(big, 1000)
    assert err.value.size == 10**12


def test_a_pipe_is_read_only_where_pipes_are_allowed(tmp_path):
    fifo = tmp_path / "secret"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR)  # a writer holds the pipe: its data is waited for
    try:
        os.write(writer, b"demo\n")
        with open_regular(fifo, pipes=True) as fh:
            os.close(writer)
            writer = -1
            assert fh.read() == b"demo\n"
    finally:
        if writer >= 0:
            os.close(writer)
    assert read_regular(fifo, 100, pipes=True) == b""  # no writer: the end, at once
    with pytest.raises(NotAFile):
        read_regular(fifo, 100)


def test_read_blob_says_it_in_the_containers_words(specials, tmp_path):
    with pytest.raises(ContainerError) as err:
        read_blob(specials["fifo"][0])
    assert err.value.code == "not_a_file" and err.value.found == files.P_FIFO
    assert "named pipe" in err.value.message and err.value.template
    missing = tmp_path / "missing.aleth"
    with pytest.raises(ContainerError) as err:
        read_blob(missing)
    assert err.value.code == "unreadable" and str(missing) in err.value.message
    small = tmp_path / "small"
    small.write_bytes(b"ALETH002" + b"\0" * 100)
    with pytest.raises(ContainerError) as err:
        read_blob(small, limit=10)
    assert err.value.code == "too_large"


def _readers():
    """Every place the core reads a path a user names, and how it says "refused"."""
    from inspector.core.hom_proof import hom_bundle_at
    from inspector.core.keys import KeyPair
    from inspector.core.opener import is_sealed
    from inspector.core.proofs import load_trusted_key, read_proof_file
    from inspector.core.render.record import file_digest
    from inspector.core.secrets import read_secret

    def raises(fn):
        def check(path):
            with pytest.raises(InspectorError):
                fn(path)

        return check

    return {
        "memory file": raises(read_blob),
        "passphrase file": raises(read_secret),
        "signing key": raises(KeyPair.load),
        "proof file": raises(read_proof_file),
        "trusted key": raises(lambda p: load_trusted_key(str(p))),
        "bundle probe": lambda p: hom_bundle_at(p) is None or pytest.fail("read a device"),
        "sealed probe": lambda p: is_sealed(p) is False or pytest.fail("read a device"),
        "input digest": lambda p: file_digest(p) == (None, None) or pytest.fail("hashed a device"),
    }


CASES = [
    (reader, kind)
    for reader in _readers()
    for kind in ("/dev/zero", "fifo", "directory")
    # a secret may come through a pipe: test_a_pipe_is_read_only_where_pipes_are_allowed
    if (reader, kind) != ("passphrase file", "fifo")
]


@pytest.mark.parametrize(("reader", "kind"), CASES)
def test_every_reader_of_a_users_path_refuses_a_device_a_pipe_and_a_folder(specials, reader, kind):
    path, _ = specials[kind]
    _readers()[reader](path)
