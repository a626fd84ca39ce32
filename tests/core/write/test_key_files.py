"""Key files (issue 11, SPEC E): a private key file others can read loads with a
warning the caller shows (never a refusal); new key files go through the one
atomic writer, mode 0600, never over an existing file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from inspector.core.errors import KeyError_
from inspector.core.keys import KeyPair, write_private_key
from inspector.core.verify.report import TEMPLATES


def test_a_private_key_file_is_written_0600_and_never_over_a_file(tmp_path: Path) -> None:
    key = KeyPair.generate()
    p = write_private_key(tmp_path / "k.pem", key)
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o600
    assert KeyPair.load(p).jwk == key.jwk and KeyPair.load(p).notes == ()
    with pytest.raises(KeyError_) as exc:
        write_private_key(p, KeyPair.generate())
    assert exc.value.code == "key_exists" and "refusing to overwrite existing key file" in exc.value.message
    assert KeyPair.load(p).jwk == key.jwk
    with pytest.raises(KeyError_) as exc:
        write_private_key(tmp_path / "missing" / "k.pem", key)
    assert exc.value.code == "key_unwritable"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["k.pem"]


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604])
def test_a_key_others_can_read_loads_with_a_warning(tmp_path: Path, mode: int) -> None:
    p = write_private_key(tmp_path / "k.pem", KeyPair.generate())
    p.chmod(mode)
    key = KeyPair.load(p)  # loads: a warning, not a refusal
    (note,) = key.notes
    assert (
        note == f"the key file {p} can be read by other users (mode {mode:04o}); restrict it: chmod 600 {p}"
    )
    assert (
        "the key file {path} can be read by other users (mode {mode}); restrict it: chmod 600 {path}"
        in TEMPLATES
    )
    assert KeyPair(key.private, ("a note",)) == KeyPair(key.private)  # notes do not change what the key is
