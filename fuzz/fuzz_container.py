#!/usr/bin/env python3
"""Atheris target: the sealed-container parser (``inspector.core.container``).

Any exception other than the documented :class:`~inspector.core.errors.ContainerError`
is a crash; so is an opened container that breaks the format's promises (a path that is
not allowed, more than the limits, a payload that does not re-seal to the same files).

The first input byte picks what the rest is (so one corpus feeds all four):

* ``0`` — a whole file: ``parse_envelope``, then ``open_container`` with the fixed key
  (``FIXED_KEY`` is the data key of every seed this folder seals) and, when there is a
  recovery slot, with the fixed recovery code (HKDF: cheap; passphrases would run scrypt,
  ~0.1 s each, so they are never tried);
* ``1`` — *authentic* mode: ``magic selector, 2-byte header length, header, plaintext``;
  the target encrypts the plaintext under ``FIXED_KEY`` with the header as associated
  data, so mutations of the payload get past AES-GCM and reach ``decode_payload``;
* ``2`` — a decrypted payload for ``decode_payload``;
* ``3`` — recovery-code text for ``decode_recovery_code`` and ``derive_key``.

Run: ``python fuzz/fuzz_container.py CORPUS_DIR [libFuzzer flags]`` (see README.md).
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

import common

FIXED_KEY = bytes(range(32))  # the data key (ALETH002) / payload key (ALETH001) of the seeds
FIXED_SECRET = bytes(range(32, 64))  # the recovery secret of the seeds' recovery slots
NONCE_V1, NONCE_V2 = b"\x01" * 12, b"\x02" * 12
SALT = b"\x03" * 16
CONTAINER_ID = b"\x04" * 16
MODES = 4


# --------------------------------------------------------------------------- sealing seeds


def seal_v1_fixed(files: dict[str, bytes]) -> bytes:
    """ALETH001 of ``files`` under ``FIXED_KEY`` (no scrypt: the key is given)."""
    from inspector.core import container as c
    from inspector.core.keys import b64url

    header = dict(c._V1_FIXED, nonce=b64url(NONCE_V1), salt=b64url(SALT))
    return c._assemble(c.MAGIC_V1, header, FIXED_KEY, NONCE_V1, c._payload_bytes(files))


def seal_v2_fixed(files: dict[str, bytes], *, passphrase_slot: bool = False) -> bytes:
    """ALETH002 of ``files`` with data key ``FIXED_KEY``, a recovery slot for
    ``FIXED_SECRET`` and (optionally: one scrypt) a passphrase slot for "fuzz"."""
    from inspector.core import container as c
    from inspector.core.keys import b64url

    cid = b64url(CONTAINER_ID)
    slots = [c._recovery_slot(FIXED_KEY, FIXED_SECRET, cid)]
    if passphrase_slot:
        slots.insert(0, c._passphrase_slot(FIXED_KEY, "fuzz", cid))
    header = dict(c._V2_FIXED, container_id=cid, payload_nonce=b64url(NONCE_V2), slots=slots)
    return c._assemble(c.MAGIC_V2, header, FIXED_KEY, NONCE_V2, c._payload_bytes(files))


def authentic_input(blob: bytes) -> bytes:
    """The mode-1 form of a sealed file this folder made: header and decrypted payload."""
    from inspector.core import container as c

    env = c.parse_envelope(blob)
    plain = c.decrypt(env, FIXED_KEY)
    selector = b"\x00" if env.format == "ALETH001" else b"\x01"
    return bytes([1]) + selector + len(env.header_bytes).to_bytes(2, "big") + env.header_bytes + plain


# --------------------------------------------------------------------------- the target


def _check_opened(opened: Any, blob: bytes) -> None:
    from inspector.core import container as c

    assert opened.format == blob[:8].decode("ascii"), opened.format
    assert len(opened.files) <= c.MAX_FILES
    total = 0
    for path, data in opened.files.items():
        assert c.is_allowed_path(path), path
        assert type(data) is bytes, type(data)
        assert len(data) <= c.MAX_FILE
        total += len(data)
    assert total <= c.MAX_TOTAL
    # what opened re-seals to the same files (the writer accepts what the reader accepted)
    assert c.decode_payload(c._payload_bytes(opened.files)) == opened.files


def _open_all_ways(blob: bytes) -> None:
    from inspector.core import container as c
    from inspector.core.errors import ContainerError

    try:
        env = c.parse_envelope(blob)
    except ContainerError:
        return
    with contextlib.suppress(ContainerError):
        _check_opened(c.open_container(blob, None, key=FIXED_KEY), blob)
    if env.has_recovery_slot:
        code = c.encode_recovery_code(FIXED_SECRET)
        with contextlib.suppress(ContainerError):
            _check_opened(c.open_container(blob, c.Credential(recovery_code=code)), blob)


def _authentic(data: bytes) -> None:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    from inspector.core import container as c
    from inspector.core.canonical import JsonError, loads_strict
    from inspector.core.keys import b64url_strict

    if len(data) < 3:
        return
    v1 = data[0] % 2 == 0
    hlen = int.from_bytes(data[1:3], "big")
    header_bytes, plain = data[3 : 3 + hlen], data[3 + hlen :]
    nonce = b"\x00" * 12
    try:
        header, _ = loads_strict(header_bytes)
        raw = header.get("nonce" if v1 else "payload_nonce") if type(header) is dict else None
        if type(raw) is str:
            got = b64url_strict(raw)
            nonce = got if len(got) == 12 else nonce
    except (JsonError, ValueError):
        pass
    ciphertext = AESGCM(FIXED_KEY).encrypt(nonce, plain, header_bytes)
    magic = c.MAGIC_V1 if v1 else c.MAGIC_V2
    _open_all_ways(magic + len(header_bytes).to_bytes(4, "big") + header_bytes + ciphertext)


def _payload(data: bytes) -> None:
    from inspector.core import container as c
    from inspector.core.errors import ContainerError

    def outcome(decode: Any) -> Any:
        try:
            return decode()
        except ContainerError as exc:
            return exc.code

    files = outcome(lambda: c.decode_payload(data))
    # the streaming decoder of canonical payloads (its own tokens, pybase64) says the same
    assert outcome(lambda: c.decode_payload_owned([bytearray(data)])) == files
    if type(files) is str:
        return
    assert all(c.is_allowed_path(p) and type(d) is bytes for p, d in files.items())
    assert c.decode_payload(c._payload_bytes(files)) == files


_ENVELOPE: Any = None


def _recovery(data: bytes) -> None:
    from inspector.core import container as c
    from inspector.core.errors import ContainerError

    global _ENVELOPE
    if _ENVELOPE is None:
        _ENVELOPE = c.parse_envelope(seal_v2_fixed({"HEAD": b"x"}))
    text = data.decode("utf-8", "surrogateescape") if data[:1] != b"\xff" else data[1:].decode("latin-1")
    try:
        secret = c.decode_recovery_code(text)
    except ContainerError:
        secret = None
    if secret is not None:
        assert len(secret) == 32 and c.encode_recovery_code(secret) == text
    with contextlib.suppress(ContainerError):
        c.derive_key(_ENVELOPE, c.Credential(recovery_code=text))


def test_one_input(data: bytes) -> None:
    if not data:
        return
    mode, body = data[0] % MODES, data[1:]
    try:
        if mode == 0:
            _open_all_ways(body)
        elif mode == 1:
            _authentic(body)
        elif mode == 2:
            _payload(body)
        else:
            _recovery(body)
    except Exception as exc:  # every undocumented exception is a crash, unless already filed
        common.known_or_raise(exc)


def main() -> None:
    import atheris

    with atheris.instrument_imports(include=["inspector"]):
        import inspector.core.canonical
        import inspector.core.container
        import inspector.core.keys  # noqa: F401
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
