"""The passphrase key derivation, and a head start for it (issue 27: the fixed cost).

Every alethech container derives its passphrase keys with scrypt (N=32768, r=8, p=1,
32 bytes).  :func:`scrypt` is that derivation; it is OpenSSL's (``hashlib.scrypt``),
which releases the GIL for its ~0.2 s.

:func:`prefetch_file` starts the derivations a sealed file will ask for on threads,
from its header alone, before the caller imports the verifier: the command line calls it
as soon as it has the passphrase, so the key is ready when the container is opened.  It
is only a head start and never decides anything: a derivation started is keyed by the
exact passphrase and salt bytes, :func:`scrypt` takes it only for that same pair (the
container reads and checks its header strictly as always), and :func:`discard` joins and
forgets whatever was not taken once a key is in hand (no key outlives the open, and no
thread is left running when worker processes are forked).  This module imports nothing
heavy (no cryptography, no verifier), so the head start begins early.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import threading

from .files import NotAFile, open_regular

SCRYPT_N, SCRYPT_R, SCRYPT_P = 32768, 8, 1
KEY_LEN = 32
_MAXMEM = 128 * SCRYPT_R * SCRYPT_N * 2  # OpenSSL's default limit (32 MiB) is just too small
_HEAD_LIMIT = 1 << 20  # a header larger than this is not read for a head start
_MAX_STARTED = 2  # derivations started for one file (32 MiB each)

_lock = threading.Lock()
_started: dict[tuple[bytes, bytes], _Derivation] = {}


def _derive(password: bytes, salt: bytes) -> bytes:
    if hasattr(hashlib, "scrypt"):
        return hashlib.scrypt(
            password, salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=_MAXMEM, dklen=KEY_LEN
        )
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt  # a Python without OpenSSL's scrypt

    return Scrypt(salt=salt, length=KEY_LEN, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P).derive(password)


class _Derivation:
    """One scrypt running on its own thread."""

    def __init__(self, password: bytes, salt: bytes) -> None:
        self._key: bytes | None = None
        self._thread = threading.Thread(
            target=self._run, args=(password, salt), name="aleth-kdf-head-start", daemon=True
        )
        self._thread.start()

    def _run(self, password: bytes, salt: bytes) -> None:
        try:
            self._key = _derive(password, salt)
        except Exception:  # a head start that fails is simply not used
            self._key = None

    def result(self) -> bytes | None:
        self._thread.join()
        key, self._key = self._key, None
        return key


def scrypt(password: bytes, salt: bytes) -> bytes:
    """The scrypt key of ``password`` with ``salt`` (the container's parameters): the one
    a head start already derived for exactly this pair, else derived now."""
    with _lock:
        started = _started.pop((password, salt), None)
    if started is not None:
        key = started.result()
        if key is not None:
            return key
    return _derive(password, salt)


def discard() -> None:
    """Join every head start not taken and forget its key."""
    with _lock:
        left = list(_started.values())
        _started.clear()
    for d in left:
        d.result()


def _salts(header: object) -> list[bytes]:
    """The salts of the scrypt slots of a container header (ALETH001: its one salt), as
    far as a quick lenient read can tell; the container checks everything strictly."""
    if not isinstance(header, dict):
        return []
    slots = header.get("slots")
    if slots is None:
        entries = [header]  # ALETH001: the payload key is scrypt'd from the header's salt
    elif isinstance(slots, list):
        entries = [s for s in slots if isinstance(s, dict) and s.get("kdf") == "scrypt"]
        entries = [s for s in entries if (s.get("scrypt_n"), s.get("scrypt_r"), s.get("scrypt_p")) == (
            SCRYPT_N, SCRYPT_R, SCRYPT_P)]  # fmt: skip
    else:
        return []
    out: list[bytes] = []
    for e in entries:
        text = e.get("salt")
        if not isinstance(text, str) or not text.isascii():
            continue
        try:
            salt = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        except (binascii.Error, ValueError):
            continue
        if salt not in out:
            out.append(salt)
    return out[:_MAX_STARTED]


def _read_header(path: str | os.PathLike[str]) -> object:
    """The JSON header of the sealed file at ``path`` (None when it does not start like a
    container); never waits on a FIFO or a device (:class:`~.files.NotAFile`)."""
    with open_regular(path) as fh:
        head = fh.read(12)
        if len(head) < 12 or head[:8] not in (b"ALETH001", b"ALETH002"):
            return None
        size = int.from_bytes(head[8:12], "big")
        return json.loads(fh.read(size)) if size <= _HEAD_LIMIT else None


def prefetch_file(path: str | os.PathLike[str], passphrase: str) -> None:
    """Start the derivations that opening the sealed file at ``path`` with ``passphrase``
    will ask for (nothing, silently, for anything else: it is only a head start)."""
    if not passphrase:
        return
    try:
        salts = _salts(_read_header(path))
    except (OSError, ValueError, RecursionError, NotAFile):
        return
    password = passphrase.encode("utf-8", "surrogatepass")
    with _lock:
        for salt in salts:
            if (password, salt) not in _started:
                _started[password, salt] = _Derivation(password, salt)
