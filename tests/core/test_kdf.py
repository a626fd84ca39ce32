"""The passphrase key derivation and its head start (issue 27): the head start derives
exactly what the container would, is taken only for the same passphrase and salt, never
decides anything, never waits on what is not a file, and leaves no key or thread behind
once the container is opened."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from inspector.core import container as C
from inspector.core import kdf
from inspector.core.container import Credential
from inspector.core.errors import ContainerError
from inspector.core.write.builder import StoreWriter, stepping_clock

PASS = "kdf test ✓"


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    w = StoreWriter.create(clock=stepping_clock())
    w.commit({"text": "one"})
    f = tmp_path_factory.mktemp("kdf") / "m.aleth"
    f.write_bytes(C.seal_v2(w.store.files, PASS, recovery_secret=C.new_recovery_secret()))
    return f


@pytest.fixture
def derivations(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bytes, bytes, str]]:
    """Every derivation that runs: (password, salt, the thread it ran on)."""
    seen: list[tuple[bytes, bytes, str]] = []
    real = kdf._derive

    def counting(password: bytes, salt: bytes) -> bytes:
        seen.append((password, salt, threading.current_thread().name))
        return real(password, salt)

    monkeypatch.setattr(kdf, "_derive", counting)
    yield seen
    kdf.discard()


def _container(header: bytes) -> bytes:
    return b"ALETH002" + len(header).to_bytes(4, "big") + header


def _head_start_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "aleth-kdf-head-start"]


def test_the_derivation_is_scrypt_with_the_container_parameters() -> None:
    for password, salt in [(b"p", b"\x00" * 16), ("ünï 🔑".encode(), os.urandom(16))]:
        reference = Scrypt(salt=salt, length=32, n=32768, r=8, p=1).derive(password)
        assert kdf._derive(password, salt) == reference
    assert (C.SCRYPT_N, C.SCRYPT_R, C.SCRYPT_P) == (kdf.SCRYPT_N, kdf.SCRYPT_R, kdf.SCRYPT_P)


def test_a_head_start_is_the_one_derivation_the_open_uses(sealed: Path, derivations: list) -> None:
    kdf.prefetch_file(sealed, PASS)
    opened = C.open_container(sealed.read_bytes(), Credential(passphrase=PASS))
    assert opened.files
    assert len(derivations) == 1 and derivations[0][2] == "aleth-kdf-head-start"
    assert derivations[0][0] == PASS.encode()
    assert not kdf._started and not _head_start_threads()


@pytest.mark.parametrize("offered", ["not the passphrase", PASS + " "])
def test_a_head_start_for_another_passphrase_is_never_taken(
    sealed: Path, derivations: list, offered: str
) -> None:
    """Started with one passphrase, opened with another (or the other way round): each
    open derives for its own passphrase, and the answer is the one without a head start."""
    kdf.prefetch_file(sealed, offered)
    with pytest.raises(ContainerError) as err:
        C.open_container(sealed.read_bytes(), Credential(passphrase=PASS + "x"))
    assert err.value.code == "wrong_passphrase"
    assert {p for p, _, _ in derivations} == {offered.encode(), (PASS + "x").encode()}
    assert not kdf._started and not _head_start_threads()  # the unused one is joined and forgotten


def test_a_recovery_code_open_forgets_a_passphrase_head_start(sealed: Path, derivations: list) -> None:
    kdf.prefetch_file(sealed, PASS)
    with pytest.raises(ContainerError):
        C.open_container(sealed.read_bytes(), Credential(recovery_code="aleth-recovery-v1:" + "A" * 43))
    assert not kdf._started and not _head_start_threads()


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"ALETH002",
        b"ALETH002\x00\x00\x00\x05{not",
        b"ALETH002\xff\xff\xff\xff{}",
        _container(b'{"slots":7}'),
        _container(b'{"slots":[{"kdf":"scrypt","salt":"AAAA","scrypt_n":2,"scrypt_r":8,"scrypt_p":1}]}'),
        b'{"not": "a container"}',
    ],
    ids=["empty", "magic_only", "bad_json", "huge_header", "slots_not_a_list", "other_parameters", "json"],
)
def test_what_is_not_a_standard_container_starts_nothing(
    tmp_path: Path, derivations: list, content: bytes
) -> None:
    f = tmp_path / "x.aleth"
    f.write_bytes(content)
    kdf.prefetch_file(f, PASS)
    assert not kdf._started and not derivations


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_is_never_waited_on(tmp_path: Path, derivations: list) -> None:
    fifo = tmp_path / "f.aleth"
    os.mkfifo(fifo)
    kdf.prefetch_file(fifo, PASS)  # returns at once: nobody ever writes to it
    kdf.prefetch_file(tmp_path / "missing.aleth", PASS)
    kdf.prefetch_file(tmp_path, PASS)
    assert not kdf._started and not derivations


def test_the_command_line_starts_the_derivation_before_it_loads_the_verifier(
    sealed: Path, tmp_path: Path, derivations: list
) -> None:
    from inspector.cli.main import main

    secret = tmp_path / "pass"
    secret.write_text(PASS, encoding="utf-8")
    assert main(["verify", str(sealed), "--passphrase-file", str(secret), "-q"]) == 0
    assert [(p, t) for p, _, t in derivations] == [(PASS.encode(), "aleth-kdf-head-start")]
    assert not kdf._started and not _head_start_threads()


def test_a_head_start_the_open_never_asks_for_is_forgotten_when_verify_ends(
    sealed: Path, tmp_path: Path, derivations: list
) -> None:
    """A header the head start can read but the container refuses before any key is
    derived (here: not byte-exact JCS) leaves no key and no thread once verify is done."""
    from inspector.cli.main import main

    blob = sealed.read_bytes()
    size = int.from_bytes(blob[8:12], "big")
    header = blob[12 : 12 + size]
    spaced = header.replace(b'":', b'": ', 1)  # valid JSON, not canonical
    damaged = tmp_path / "d.aleth"
    damaged.write_bytes(blob[:8] + len(spaced).to_bytes(4, "big") + spaced + blob[12 + size :])
    secret = tmp_path / "pass"
    secret.write_text(PASS, encoding="utf-8")
    assert main(["verify", str(damaged), "--passphrase-file", str(secret), "-q"]) != 0
    assert [t for _, _, t in derivations] == ["aleth-kdf-head-start"]  # it was started...
    assert not kdf._started and not _head_start_threads()  # ...and is gone
