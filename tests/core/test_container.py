"""Tests of inspector.core.container (ALETH001/ALETH002), including interop with alethech 0.9.5.

scrypt (n=32768) costs ~0.1 s per call, so keys are derived once per module and
injected with ``open_container(..., key=...)`` wherever the credential itself
is not what is being tested.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import rfc8785
from alethech.container import ContainerError as AlethContainerError
from alethech.container import _allowed as aleth_allowed
from alethech.container import _parse as aleth_parse_v1
from alethech.container import _seal_payload_bytes as aleth_seal_v1
from alethech.container_v2 import _parse_v2 as aleth_parse_v2
from alethech.container_v2 import _seal_payload_v2 as aleth_seal_v2
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from inspector.core import container as c
from inspector.core.canonical import canonical
from inspector.core.errors import ContainerError
from inspector.core.keys import b64url, b64url_strict

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "containers"
# The full alethech corpus, copied into the repository.
CORPUS = FIXTURES.parent / "alethech-0.9.5"

PW = "correct horse ✓ battery"
FILES: dict[str, bytes] = {
    "HEAD": b"sha256:" + b"ab" * 32 + b"\n",
    "root_authority.json": b'{"type":"RootAuthority"}',
    "identities/did:alethech:abc.json": b'{"type":"Identity"}',
    "commits/sha256:" + "cd" * 32 + ".json": b'{"content":{"x":1}}',
    "artifacts/sha256:" + "ef" * 32: bytes(range(256)),
    "evidence/sha256:01.json": b"",
    "keys/signing.key": b"-----BEGIN PRIVATE KEY-----\nMC4CAQAw\n-----END PRIVATE KEY-----\n",
}

STRUCTURAL_CODES = {
    "bad_magic",
    "unsupported_version",
    "truncated",
    "too_large",
    "invalid_header",
    "non_canonical_header",
}


# --------------------------------------------------------------------------- helpers


def code_of(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """Run ``fn`` and return the code of the ContainerError it must raise."""
    with pytest.raises(ContainerError) as info:
        fn(*args, **kwargs)
    return info.value.code


def split(blob: bytes) -> tuple[bytes, bytes, bytes]:
    """(magic, header bytes, ciphertext) of a well-formed blob."""
    hlen = int.from_bytes(blob[8:12], "big")
    return blob[:8], blob[12 : 12 + hlen], blob[12 + hlen :]


def assemble(magic: bytes, header_bytes: bytes, ciphertext: bytes) -> bytes:
    return magic + len(header_bytes).to_bytes(4, "big") + header_bytes + ciphertext


def with_header(blob: bytes, header_bytes: bytes) -> bytes:
    magic, _, ciphertext = split(blob)
    return assemble(magic, header_bytes, ciphertext)


def craft(blob: bytes, key: bytes, plain: bytes) -> bytes:
    """An authentic container with ``blob``'s header whose payload is ``plain``."""
    env = c.parse_envelope(blob)
    nonce_field = "nonce" if env.format == "ALETH001" else "payload_nonce"
    nonce = b64url_strict(env.header[nonce_field])
    ciphertext = AESGCM(key).encrypt(nonce, plain, env.header_bytes)
    return assemble(blob[:8], env.header_bytes, ciphertext)


def payload_bytes(encoded_files: dict[str, Any], **extra: Any) -> bytes:
    return canonical({"files": encoded_files, "payload_version": 1, **extra})


def b64_files(files: dict[str, bytes]) -> dict[str, str]:
    return {path: b64url(data) for path, data in files.items()}


def decoded(aleth_payload: dict[str, Any]) -> dict[str, bytes]:
    """alethech's payload dict -> {path: bytes}."""
    return {p: b64url_strict(v) for p, v in aleth_payload["files"].items()}


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def secret() -> bytes:
    return c.new_recovery_secret()


@pytest.fixture(scope="module")
def v2r(secret: bytes) -> tuple[bytes, bytes]:
    """ALETH002 with passphrase and recovery slot, and its DEK."""
    blob = c.seal_v2(FILES, PW, recovery_secret=secret)
    key = c.derive_key(c.parse_envelope(blob), c.Credential(passphrase=PW))
    return blob, key


@pytest.fixture(scope="module")
def v2n() -> bytes:
    """ALETH002 with a passphrase slot only."""
    return c.seal_v2(FILES, PW)


@pytest.fixture(scope="module")
def v1() -> tuple[bytes, bytes]:
    """ALETH001 and its payload key."""
    blob = c.seal_v1(FILES, PW)
    key = c.derive_key(c.parse_envelope(blob), c.Credential(passphrase=PW))
    return blob, key


@pytest.fixture(scope="module")
def sealed(v1: tuple[bytes, bytes], v2r: tuple[bytes, bytes]) -> dict[str, tuple[bytes, bytes]]:
    return {"v1": v1, "v2": v2r}


@pytest.fixture(scope="module")
def opened_v2(v2r: tuple[bytes, bytes]) -> c.Opened:
    blob, key = v2r
    return c.open_container(blob, None, key=key)


# --------------------------------------------------------------------------- round trips


def test_v2_with_recovery_round_trip(v2r: tuple[bytes, bytes], secret: bytes) -> None:
    blob, dek = v2r
    assert blob[:8] == c.MAGIC_V2
    assert len(blob) <= 2048  # small enough for the every-offset truncation test
    opened = c.open_container(blob, c.Credential(passphrase=PW))
    assert opened.files == FILES
    assert opened.format == "ALETH002"
    assert opened.key == dek
    assert opened.has_recovery_slot is True
    assert opened.container_id is not None and len(opened.container_id) == 16
    env = c.parse_envelope(blob)
    assert env.slot_types == ("passphrase", "recovery-secret")
    assert [s["id"] for s in env.header["slots"]] == ["passphrase-1", "recovery-1"]
    assert env.container_id == opened.container_id


def test_v2_recovery_code_unlocks(v2r: tuple[bytes, bytes], secret: bytes) -> None:
    blob, dek = v2r
    code = c.encode_recovery_code(secret)
    assert code.startswith("aleth-recovery-v1:") and len(code) == len("aleth-recovery-v1:") + 43
    opened = c.open_container(blob, c.Credential(recovery_code=code))
    assert opened.files == FILES
    assert opened.key == dek


def test_v2_without_recovery_round_trip(v2n: bytes, secret: bytes) -> None:
    opened = c.open_container(v2n, c.Credential(passphrase=PW))
    assert opened.files == FILES
    assert opened.has_recovery_slot is False
    env = c.parse_envelope(v2n)
    assert env.slot_types == ("passphrase",)
    code = c.encode_recovery_code(secret)
    assert code_of(c.derive_key, env, c.Credential(recovery_code=code)) == "no_recovery_slot"


def test_v1_round_trip(v1: tuple[bytes, bytes], secret: bytes) -> None:
    blob, key = v1
    assert blob[:8] == c.MAGIC_V1
    opened = c.open_container(blob, c.Credential(passphrase=PW))
    assert opened.files == FILES
    assert opened.format == "ALETH001"
    assert opened.key == key
    assert opened.container_id is None and opened.has_recovery_slot is False
    env = c.parse_envelope(blob)
    assert env.slot_types == () and not env.has_recovery_slot
    code = c.encode_recovery_code(secret)
    assert code_of(c.derive_key, env, c.Credential(recovery_code=code)) == "no_recovery_slot"


def test_empty_file_set_round_trip(v2r: tuple[bytes, bytes]) -> None:
    blob, key = v2r
    opened = c.open_container(blob, None, key=key)
    empty = c.reseal_v2({}, opened)
    assert c.open_container(empty, None, key=key).files == {}


# --------------------------------------------------------------------------- credentials


def test_wrong_passphrase_v1_is_authentication_failed(v1: tuple[bytes, bytes]) -> None:
    blob, _ = v1
    with pytest.raises(ContainerError) as info:
        c.open_container(blob, c.Credential(passphrase="not it"))
    assert info.value.code == "authentication_failed"
    assert "wrong passphrase or the file was modified" in (info.value.likely_cause or "")


def test_wrong_passphrase_v2_is_wrong_passphrase(v2r: tuple[bytes, bytes]) -> None:
    blob, _ = v2r
    assert code_of(c.open_container, blob, c.Credential(passphrase="not it")) == "wrong_passphrase"


def test_wrong_recovery_code_is_wrong_passphrase(v2r: tuple[bytes, bytes]) -> None:
    blob, _ = v2r
    other = c.encode_recovery_code(c.new_recovery_secret())
    assert code_of(c.open_container, blob, c.Credential(recovery_code=other)) == "wrong_passphrase"


@pytest.mark.parametrize("fixture_name", ["v1", "v2r"])
def test_empty_passphrase(request: pytest.FixtureRequest, fixture_name: str) -> None:
    blob, _ = request.getfixturevalue(fixture_name)
    assert code_of(c.open_container, blob, c.Credential(passphrase="")) == "empty_passphrase"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "aleth-recovery-v1:",
        "aleth-recovery-v2:" + "A" * 43,
        "aleth-recovery-v1:" + "A" * 42,
        "aleth-recovery-v1:" + "A" * 44,
        "aleth-recovery-v1:" + "A" * 42 + "B",  # non-zero trailing bits: not canonical
        "aleth-recovery-v1:" + "A" * 42 + "=",
        "aleth-recovery-v1:" + "A" * 41 + "+A",  # standard, not URL-safe, alphabet
        " aleth-recovery-v1:" + "A" * 43,
        "aleth-recovery-v1:" + "A" * 43 + "\n",
        "aleth-recovery-v1:" + "A" * 42 + "é",
    ],
)
def test_malformed_recovery_code(v2r: tuple[bytes, bytes], text: str) -> None:
    blob, _ = v2r
    assert code_of(c.decode_recovery_code, text) == "invalid_recovery_code"
    assert code_of(c.open_container, blob, c.Credential(recovery_code=text)) == "invalid_recovery_code"


def test_recovery_code_round_trip_and_secret_size() -> None:
    s = c.new_recovery_secret()
    assert len(s) == 32 and s != c.new_recovery_secret()
    assert c.decode_recovery_code(c.encode_recovery_code(s)) == s
    assert c.decode_recovery_code("aleth-recovery-v1:" + "A" * 43) == bytes(32)
    assert code_of(c.encode_recovery_code, b"x" * 31) == "invalid_recovery_code"


def test_credential_rules_and_repr_hides_secrets() -> None:
    cred = c.Credential(passphrase="hunter2-secret")
    assert "hunter2" not in repr(cred) and "hunter2" not in str(cred)
    rec = c.Credential(recovery_code="aleth-recovery-v1:SECRETSECRET")
    assert "SECRET" not in repr(rec)
    assert cred.kind == "passphrase" and rec.kind == "recovery_code"
    with pytest.raises(ValueError):
        c.Credential()
    with pytest.raises(ValueError):
        c.Credential(passphrase="a", recovery_code="b")


def test_opened_repr_hides_key_and_files(opened_v2: c.Opened) -> None:
    text = repr(opened_v2)
    assert opened_v2.key.hex() not in text and repr(opened_v2.key) not in text
    assert "keys/signing.key" not in text and "BEGIN PRIVATE KEY" not in text


def test_every_passphrase_slot_is_tried(opened_v2: c.Opened) -> None:
    """A second passphrase slot (other id, other passphrase) unlocks the same DEK."""
    cid = opened_v2.header["container_id"]
    salt = b"\x01" * 16
    kek = c._scrypt("second passphrase", salt)
    nonce, wrapped = c._wrap(opened_v2.key, kek, cid, "passphrase-2", "passphrase")
    slot2 = dict(
        opened_v2.header["slots"][0], id="passphrase-2", salt=b64url(salt), nonce=nonce, wrapped_key=wrapped
    )
    header = dict(opened_v2.header, slots=[*opened_v2.header["slots"], slot2])
    blob = c.reseal_v2(FILES, dataclasses.replace(opened_v2, header=header))
    env = c.parse_envelope(blob)
    assert env.slot_types == ("passphrase", "recovery-secret", "passphrase")
    assert c.derive_key(env, c.Credential(passphrase="second passphrase")) == opened_v2.key


@pytest.mark.parametrize("aad_change", ["container_id", "slot_id"])
def test_slot_bound_to_container_and_slot_id(opened_v2: c.Opened, secret: bytes, aad_change: str) -> None:
    """A recovery slot wrapped with other associated data does not unwrap."""
    cid = opened_v2.header["container_id"]
    salt = b"\x02" * 16
    kek = c._hkdf(secret, salt)
    aad_cid = b64url(b"\x00" * 16) if aad_change == "container_id" else cid
    aad_id = "recovery-1" if aad_change == "container_id" else "recovery-9"
    nonce, wrapped = c._wrap(opened_v2.key, kek, aad_cid, aad_id, "recovery-secret")
    slot = dict(opened_v2.header["slots"][1], salt=b64url(salt), nonce=nonce, wrapped_key=wrapped)
    assert slot["id"] == "recovery-1"
    header = dict(opened_v2.header, slots=[opened_v2.header["slots"][0], slot])
    blob = c.reseal_v2(FILES, dataclasses.replace(opened_v2, header=header))
    env = c.parse_envelope(blob)
    cred = c.Credential(recovery_code=c.encode_recovery_code(secret))
    assert code_of(c.derive_key, env, cred) == "wrong_passphrase"


# --------------------------------------------------------------------------- reseal / rekey


def test_reseal_keeps_passphrase_and_recovery(opened_v2: c.Opened, secret: bytes) -> None:
    new_files = dict(FILES, HEAD=b"sha256:" + b"99" * 32 + b"\n")
    blob = c.reseal_v2(new_files, opened_v2)
    env = c.parse_envelope(blob)
    assert env.container_id == opened_v2.container_id
    assert env.header["slots"] == opened_v2.header["slots"]
    assert env.header["payload_nonce"] != opened_v2.header["payload_nonce"]
    by_pass = c.open_container(blob, c.Credential(passphrase=PW))
    assert by_pass.files == new_files and by_pass.key == opened_v2.key
    by_code = c.open_container(blob, c.Credential(recovery_code=c.encode_recovery_code(secret)))
    assert by_code.files == new_files
    # alethech opens the resealed file with the recovery code too
    payload, _ = aleth_parse_v2(blob, recovery_code=c.encode_recovery_code(secret))
    assert decoded(payload) == new_files


def test_reseal_refuses_v1(v1: tuple[bytes, bytes]) -> None:
    blob, key = v1
    opened = c.open_container(blob, None, key=key)
    assert code_of(c.reseal_v2, FILES, opened) == "wrong_format"


def test_rekey_refuses_old_passphrase(opened_v2: c.Opened, secret: bytes) -> None:
    blob = c.rekey_v2(FILES, opened_v2, "new passphrase", recovery_secret=None)
    env = c.parse_envelope(blob)
    assert env.container_id == opened_v2.container_id
    assert env.slot_types == ("passphrase",)
    assert env.header["slots"][0]["id"] == "passphrase-1"
    assert code_of(c.derive_key, env, c.Credential(passphrase=PW)) == "wrong_passphrase"
    new_key = c.derive_key(env, c.Credential(passphrase="new passphrase"))
    assert new_key != opened_v2.key
    assert c.open_container(blob, None, key=new_key).files == FILES
    old_code = c.Credential(recovery_code=c.encode_recovery_code(secret))
    assert code_of(c.derive_key, env, old_code) == "no_recovery_slot"


def test_rekey_with_new_recovery_secret(opened_v2: c.Opened, secret: bytes) -> None:
    new_secret = c.new_recovery_secret()
    blob = c.rekey_v2(FILES, opened_v2, "new passphrase", recovery_secret=new_secret)
    env = c.parse_envelope(blob)
    assert [s["id"] for s in env.header["slots"]] == ["passphrase-1", "recovery-1"]
    old = c.Credential(recovery_code=c.encode_recovery_code(secret))
    assert code_of(c.derive_key, env, old) == "wrong_passphrase"
    new = c.Credential(recovery_code=c.encode_recovery_code(new_secret))
    assert c.open_container(blob, new).files == FILES


def test_rekey_upgrades_v1(v1: tuple[bytes, bytes]) -> None:
    blob, key = v1
    opened = c.open_container(blob, None, key=key)
    s = c.new_recovery_secret()
    upgraded = c.rekey_v2(opened.files, opened, "v2 pass", recovery_secret=s)
    env = c.parse_envelope(upgraded)
    assert env.format == "ALETH002" and env.container_id is not None
    got = c.open_container(upgraded, c.Credential(recovery_code=c.encode_recovery_code(s)))
    assert got.files == FILES


# --------------------------------------------------------------------------- sealing refuses


@pytest.mark.parametrize(
    "path", ["../x", "keys/root.key", "keys/recovery.key", "commits/a/b", "/HEAD", "other/x"]
)
def test_seal_refuses_bad_paths(path: str) -> None:
    # validated before any key derivation
    assert code_of(c.seal_v2, {path: b""}, PW) == "invalid_payload_path"
    assert code_of(c.seal_v1, {path: b""}, PW) == "invalid_payload_path"


def test_seal_refuses_bad_credentials_and_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    assert code_of(c.seal_v2, FILES, "") == "empty_passphrase"
    assert code_of(c.seal_v1, FILES, "") == "empty_passphrase"
    assert code_of(c.seal_v2, FILES, "\ud800") == "invalid_passphrase"
    assert code_of(c.seal_v2, FILES, PW, recovery_secret=b"short") == "invalid_recovery_code"
    assert code_of(c.seal_v2, {"HEAD": "text"}, PW) == "invalid_payload"  # type: ignore[dict-item]
    monkeypatch.setattr(c, "MAX_FILES", 2)
    assert code_of(c.seal_v2, FILES, PW) == "too_large"
    monkeypatch.setattr(c, "MAX_FILES", 100)
    monkeypatch.setattr(c, "MAX_FILE", 100)
    assert code_of(c.seal_v2, FILES, PW) == "too_large"  # the 256-byte artifact
    monkeypatch.setattr(c, "MAX_FILE", 1000)
    monkeypatch.setattr(c, "MAX_TOTAL", 300)
    assert code_of(c.seal_v2, FILES, PW) == "too_large"


# --------------------------------------------------------------------------- alethech interop


def test_our_v2_opens_with_alethech(v2r: tuple[bytes, bytes], secret: bytes) -> None:
    blob, _ = v2r
    payload, header = aleth_parse_v2(blob, passphrase=PW)
    assert decoded(payload) == FILES
    assert header == c.parse_envelope(blob).header
    payload2, _ = aleth_parse_v2(blob, recovery_code=c.encode_recovery_code(secret))
    assert decoded(payload2) == FILES
    with pytest.raises(AlethContainerError):
        aleth_parse_v2(blob, recovery_code=c.encode_recovery_code(c.new_recovery_secret()))


def test_our_v1_opens_with_alethech(v1: tuple[bytes, bytes]) -> None:
    blob, _ = v1
    assert decoded(aleth_parse_v1(blob, PW)) == FILES


def test_alethech_sealed_opens_with_ours_and_headers_match(v2r: tuple[bytes, bytes]) -> None:
    s = c.new_recovery_secret()
    theirs_v2 = aleth_seal_v2({"files": b64_files(FILES), "payload_version": 1}, PW, recovery_secret=s)
    theirs_v1 = aleth_seal_v1({"files": b64_files(FILES), "payload_version": 1}, PW)
    opened = c.open_container(theirs_v2, c.Credential(recovery_code=c.encode_recovery_code(s)))
    assert opened.files == FILES
    assert c.open_container(theirs_v1, c.Credential(passphrase=PW)).files == FILES

    # same header shape, fixed values and slot ids as ours (only random fields differ)
    random_fields = {"container_id", "payload_nonce", "nonce", "salt", "wrapped_key"}

    def shape(h: dict[str, Any]) -> Any:
        out = {k: ("<random>" if k in random_fields else v) for k, v in h.items() if k != "slots"}
        if "slots" in h:
            out["slots"] = [shape(s) for s in h["slots"]]
        return out

    assert shape(c.parse_envelope(theirs_v2).header) == shape(c.parse_envelope(v2r[0]).header)
    ours_v1 = c.seal_v1({}, PW)
    assert shape(c.parse_envelope(theirs_v1).header) == shape(c.parse_envelope(ours_v1).header)
    # and the payload plaintext is byte-identical to alethech's
    assert c.decrypt(c.parse_envelope(theirs_v2), opened.key) == c._payload_bytes(FILES)


def _fixture_case() -> dict[str, Any]:
    return json.loads((FIXTURES / "01_basic.case.json").read_text("utf-8"))


def test_alethech_fixture_v2_opens(tmp_path: Path) -> None:
    case = _fixture_case()
    blob = (FIXTURES / "01_basic.memory.aleth").read_bytes()
    opened = c.open_container(blob, c.Credential(passphrase=case["passphrase"]))
    assert opened.format == "ALETH002" and opened.has_recovery_slot
    assert opened.files["HEAD"].decode().strip() == case["head"]
    assert sum(p.startswith("commits/") for p in opened.files) == case["commit_count"]
    by_code = c.open_container(blob, c.Credential(recovery_code=case["recovery_code"]))
    assert by_code.key == opened.key and by_code.files == opened.files
    payload, _ = aleth_parse_v2(blob, recovery_code=case["recovery_code"])
    assert decoded(payload) == opened.files


def test_alethech_fixture_v1_opens() -> None:
    case = _fixture_case()
    blob = (FIXTURES / "01_basic.memory.v1.aleth").read_bytes()
    env = c.parse_envelope(blob)
    assert env.format == "ALETH001"
    key = c.derive_key(env, c.Credential(passphrase=case["passphrase"]))
    opened = c.open_container(blob, None, key=key)
    assert opened.files["HEAD"].decode().strip() == case["head"]
    # the ALETH002 fixture was sealed from the same store
    v2 = (FIXTURES / "01_basic.memory.aleth").read_bytes()
    same = c.open_container(v2, c.Credential(recovery_code=case["recovery_code"]))
    assert same.files == opened.files
    assert code_of(c.derive_key, env, c.Credential(recovery_code=case["recovery_code"])) == "no_recovery_slot"
    assert code_of(c.open_container, blob, c.Credential(passphrase="wrong")) == "authentication_failed"


def _corpus_cases() -> list[str]:
    return sorted(d.name for d in CORPUS.iterdir() if d.name.startswith("11_container"))


@pytest.mark.parametrize("case_name", _corpus_cases())
def test_fixture_corpus_container_cases(case_name: str) -> None:
    """Every 11_container case of the shared corpus gives an expected code (or opens)."""
    case = json.loads((CORPUS / case_name / "case.json").read_text("utf-8"))
    expected = case["expected"]
    acceptable = set(expected.get("findings", [])) | set(expected.get("findings_also_acceptable", []))
    for entry in case["inputs"]["containers"]:
        blob = (CORPUS / case_name / entry["file"]).read_bytes()
        cred = c.Credential(**entry["unlock"])
        if expected["ok"]:
            assert c.open_container(blob, cred).files
        else:
            assert code_of(c.open_container, blob, cred) in acceptable


# --------------------------------------------------------------------------- hostile: structure


@pytest.mark.parametrize("which", ["v1", "v2"])
def test_truncation_at_every_offset(sealed: dict[str, tuple[bytes, bytes]], which: str) -> None:
    blob, key = sealed[which]
    assert len(blob) <= 2048
    hlen = int.from_bytes(blob[8:12], "big")
    for cut in range(len(blob)):
        with pytest.raises(ContainerError) as info:
            c.open_container(blob[:cut], None, key=key)
        want = "truncated" if cut < 12 + hlen + 16 else "authentication_failed"
        assert info.value.code == want, (cut, info.value.code)
    assert c.open_container(blob, None, key=key).files == FILES


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_random_byte_flips_are_refused(sealed: dict[str, tuple[bytes, bytes]], data: st.DataObject) -> None:
    which = data.draw(st.sampled_from(["v1", "v2"]))
    blob, key = sealed[which]
    pos = data.draw(st.integers(0, len(blob) - 1))
    xor = data.draw(st.integers(1, 255))
    bad = bytearray(blob)
    bad[pos] ^= xor
    with pytest.raises(ContainerError) as info:
        c.open_container(bytes(bad), None, key=key)
    assert info.value.code in STRUCTURAL_CODES | {"authentication_failed"}


def test_every_flip_of_magic_and_length_is_refused(sealed: dict[str, tuple[bytes, bytes]]) -> None:
    for blob, key in sealed.values():
        for pos in range(12):
            for xor in (1, 2, 0x10, 0x80, 0xFF):
                bad = bytearray(blob)
                bad[pos] ^= xor
                assert code_of(c.open_container, bytes(bad), None, key=key) in STRUCTURAL_CODES


@settings(max_examples=300, deadline=None)
@given(
    blob=st.one_of(
        st.binary(max_size=80),
        st.builds(
            lambda m, b: m + b, st.sampled_from([c.MAGIC_V1, c.MAGIC_V2, b"ALETH003"]), st.binary(max_size=80)
        ),
    )
)
def test_garbage_only_raises_container_error(blob: bytes) -> None:
    with pytest.raises(ContainerError) as info:
        c.parse_envelope(blob)
    assert info.value.code in STRUCTURAL_CODES


@pytest.mark.parametrize(
    ("blob", "code"),
    [
        (b"", "truncated"),
        (b"ALE", "truncated"),
        (b"ALETH00", "truncated"),
        (b"ALETH001", "truncated"),
        (b"ALETH002\x00\x00\x00", "truncated"),
        (b"XYZ", "bad_magic"),
        (b"ALETH3", "bad_magic"),
        (b"PK\x03\x04\x14\x00\x00\x00" + b"\x00" * 64, "bad_magic"),
        (b"ALETH\x00\x00\x02" + b"\x00" * 64, "bad_magic"),
        (b"ALETHabc" + b"\x00" * 64, "bad_magic"),
        (b"aleth001" + b"\x00" * 64, "bad_magic"),
        (b"ALETH003" + b"\x00" * 64, "unsupported_version"),
        (b"ALETH999", "unsupported_version"),
        (b"ALETH000" + b"\x00" * 64, "unsupported_version"),
        (b"ALETH001\xff\xff\xff\xff" + b"x" * 100, "truncated"),
        (b"ALETH002\x00\x00\x00\x00" + b"x" * 100, "invalid_header"),
    ],
)
def test_magic_and_length_codes(blob: bytes, code: str) -> None:
    assert code_of(c.parse_envelope, blob) == code


def test_header_length_limits(v2r: tuple[bytes, bytes]) -> None:
    big = c.MAX_HEADER + 1
    assert code_of(c.parse_envelope, c.MAGIC_V2 + big.to_bytes(4, "big") + b" " * (big + 16)) == "too_large"
    # past the end wins over too large
    assert code_of(c.parse_envelope, c.MAGIC_V2 + big.to_bytes(4, "big") + b" " * 100) == "truncated"
    # exactly the limit is allowed structurally (then the JSON is checked)
    at = c.MAX_HEADER
    assert (
        code_of(c.parse_envelope, c.MAGIC_V2 + at.to_bytes(4, "big") + b" " * (at + 16)) == "invalid_header"
    )
    # ciphertext shorter than the tag
    magic, hb, ct = split(v2r[0])
    assert code_of(c.parse_envelope, assemble(magic, hb, b"")) == "truncated"
    assert code_of(c.parse_envelope, assemble(magic, hb, ct[:15])) == "truncated"
    assert c.parse_envelope(assemble(magic, hb, ct[:16])).ciphertext == ct[:16]


def test_container_size_limit(monkeypatch: pytest.MonkeyPatch, v2r: tuple[bytes, bytes]) -> None:
    blob, _ = v2r
    monkeypatch.setattr(c, "MAX_CONTAINER", len(blob) - 1)
    assert code_of(c.parse_envelope, blob) == "too_large"
    monkeypatch.setattr(c, "MAX_CONTAINER", len(blob))
    assert c.parse_envelope(blob).format == "ALETH002"


@pytest.mark.parametrize("which", ["v1", "v2"])
def test_non_canonical_header(sealed: dict[str, tuple[bytes, bytes]], which: str) -> None:
    blob, key = sealed[which]
    header = json.loads(split(blob)[1])
    variants = [
        json.dumps(header, indent=1).encode(),
        json.dumps(dict(reversed(list(header.items()))), separators=(",", ":")).encode(),
        split(blob)[1] + b" ",
        re.sub(rb'"version":(\d)', rb'"version":\1.0', split(blob)[1]),  # 1.0 loads as 1
        split(blob)[1].replace(b"AES-256-GCM", b"AES\\u002d256-GCM", 1),
    ]
    for variant in variants:
        assert variant != split(blob)[1]
        assert code_of(c.open_container, with_header(blob, variant), None, key=key) == "non_canonical_header"


def _v2_header(blob: bytes) -> dict[str, Any]:
    return json.loads(split(blob)[1])


def _mutations_v2() -> list[tuple[str, Callable[[dict[str, Any]], None]]]:
    def slot0(f: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
        return lambda h: f(h["slots"][0])

    return [
        ("extra key", lambda h: h.update(extra=1)),
        ("missing key", lambda h: h.pop("payload_cipher")),
        ("format", lambda h: h.update(format="other")),
        ("cipher", lambda h: h.update(payload_cipher="AES-128-GCM")),
        ("version 3", lambda h: h.update(version=3)),
        ("version str", lambda h: h.update(version="2")),
        ("version bool", lambda h: h.update(version=True)),
        ("container_id short", lambda h: h.update(container_id=b64url(b"x" * 15))),
        ("container_id padded", lambda h: h.update(container_id=h["container_id"] + "==")),
        ("container_id std alphabet", lambda h: h.update(container_id="+" + h["container_id"][1:])),
        ("container_id int", lambda h: h.update(container_id=5)),
        ("container_id trailing bits", lambda h: h.update(container_id=h["container_id"][:-1] + "B")),
        ("nonce padded", lambda h: h.update(payload_nonce=h["payload_nonce"] + "==")),
        ("nonce long", lambda h: h.update(payload_nonce=b64url(b"n" * 13))),
        ("slots empty", lambda h: h.update(slots=[])),
        ("slots not list", lambda h: h.update(slots={})),
        ("too many slots", lambda h: h.update(slots=[dict(h["slots"][0], id=f"p{i}") for i in range(17)])),
        ("duplicate slot id", lambda h: h["slots"].append(dict(h["slots"][0]))),
        ("slot not object", lambda h: h["slots"].append("slot")),
        ("slot type", slot0(lambda s: s.update(type="fido2"))),
        ("slot no type", slot0(lambda s: s.pop("type"))),
        ("slot extra", slot0(lambda s: s.update(note="x"))),
        ("slot scrypt_n", slot0(lambda s: s.update(scrypt_n=16384))),
        ("slot scrypt_r bool", slot0(lambda s: s.update(scrypt_p=True))),
        ("slot kdf", slot0(lambda s: s.update(kdf="argon2id"))),
        ("slot id empty", slot0(lambda s: s.update(id=""))),
        ("slot id int", slot0(lambda s: s.update(id=1))),
        ("slot id lone surrogate", slot0(lambda s: s.update(id="\ud800"))),
        ("slot wrapped short", slot0(lambda s: s.update(wrapped_key=b64url(b"w" * 47)))),
        ("slot salt long", slot0(lambda s: s.update(salt=b64url(b"s" * 17)))),
        ("slot nonce missing", slot0(lambda s: s.pop("nonce"))),
        ("recovery slot with scrypt fields", lambda h: h["slots"][1].update(scrypt_n=32768)),
        ("recovery slot kdf", lambda h: h["slots"][1].update(kdf="scrypt")),
    ]


@pytest.mark.parametrize(("name", "mutate"), _mutations_v2(), ids=[m[0] for m in _mutations_v2()])
def test_invalid_v2_header(
    v2r: tuple[bytes, bytes], name: str, mutate: Callable[[dict[str, Any]], None]
) -> None:
    blob, key = v2r
    header = _v2_header(blob)
    mutate(header)
    try:
        hb = canonical(header)
    except Exception:  # lone surrogate: write the JSON by hand
        hb = json.dumps(header, separators=(",", ":"), sort_keys=True).encode()
    assert code_of(c.open_container, with_header(blob, hb), None, key=key) == "invalid_header"


@pytest.mark.parametrize(
    "mutate",
    [
        lambda h: h.update(scrypt_n=1024),
        lambda h: h.update(cipher="ChaCha20"),
        lambda h: h.update(kdf="pbkdf2"),
        lambda h: h.update(version=2),
        lambda h: h.pop("salt"),
        lambda h: h.update(salt=b64url(b"s" * 15)),
        lambda h: h.update(nonce=h["nonce"] + "="),
        lambda h: h.update(slots=[]),
    ],
)
def test_invalid_v1_header(v1: tuple[bytes, bytes], mutate: Callable[[dict[str, Any]], None]) -> None:
    blob, key = v1
    header = json.loads(split(blob)[1])
    mutate(header)
    assert code_of(c.open_container, with_header(blob, canonical(header)), None, key=key) == "invalid_header"


def test_header_of_the_other_version_is_invalid(sealed: dict[str, tuple[bytes, bytes]]) -> None:
    v1_blob, _ = sealed["v1"]
    v2_blob, _ = sealed["v2"]
    assert code_of(c.parse_envelope, c.MAGIC_V2 + v1_blob[8:]) == "invalid_header"
    assert code_of(c.parse_envelope, c.MAGIC_V1 + v2_blob[8:]) == "invalid_header"


@pytest.mark.parametrize(
    "header_bytes",
    [
        b"[" * 8000 + b"]" * 8000,  # deeper than any recursion limit, within 16 KiB
        b'{"a":' * 2500 + b"1" + b"}" * 2500,
        b"not json",
        b"\xff\xfe{}",
        b"\xef\xbb\xbf{}",
        b'{"version":NaN}',
        b'{"version":2,"version":2}',
        b'{"version":9007199254740993}',
        b"[]",
        b"null",
        b'"aleth"',
    ],
)
def test_malformed_header_json(v2r: tuple[bytes, bytes], header_bytes: bytes) -> None:
    blob, _ = v2r
    assert code_of(c.parse_envelope, with_header(blob, header_bytes)) == "invalid_header"


def test_duplicate_key_in_real_header_is_invalid(v2r: tuple[bytes, bytes]) -> None:
    blob, _ = v2r
    hb = split(blob)[1]
    dup = hb.replace(b'"version":2', b'"version":2,"version":2', 1)
    assert code_of(c.parse_envelope, with_header(blob, dup)) == "invalid_header"


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_header_field_fuzz_never_crashes(sealed: dict[str, tuple[bytes, bytes]], data: st.DataObject) -> None:
    """Replacing any header or slot field with any JSON value is refused with a ContainerError."""
    which = data.draw(st.sampled_from(["v1", "v2"]))
    blob, key = sealed[which]
    header = json.loads(split(blob)[1])
    target = header
    if which == "v2" and data.draw(st.booleans()):
        target = header["slots"][data.draw(st.integers(0, len(header["slots"]) - 1))]
    field_name = data.draw(st.sampled_from([*sorted(target), "new_field"]))
    value = data.draw(_json_values)
    assume(target.get(field_name, object()) != value)
    target[field_name] = value
    hb = rfc8785.dumps(header)
    with pytest.raises(ContainerError) as info:
        c.open_container(with_header(blob, hb), None, key=key)
    # an edited slot id can still be a valid header: then the payload tag fails
    assert info.value.code in {"invalid_header", "authentication_failed"}


# --------------------------------------------------------------------------- hostile: payload


@pytest.mark.parametrize("which", ["v1", "v2"])
def test_crafted_valid_payload_opens(sealed: dict[str, tuple[bytes, bytes]], which: str) -> None:
    """Sanity check of the crafting helper used by the payload tests below."""
    blob, key = sealed[which]
    files = {"HEAD": b"crafted"}
    assert c.open_container(craft(blob, key, payload_bytes(b64_files(files))), None, key=key).files == files


BAD_PATHS = [
    "../x",
    "../escape.json",
    "commits/../x",
    "commits/../../../escape.json",
    "/HEAD",
    "/commits/x",
    "",
    ".",
    "..",
    "commits",
    "commits/",
    "commits/.",
    "commits/..",
    "commits//x",
    "commits/a/b",
    "commits\\x",
    "commits/a\\b",
    "commits/a\x00b",
    "keys/root.key",
    "keys/recovery.key",
    "keys/other.key",
    "other/x",
    "HEAD/",
    "./HEAD",
    "Commits/x",
    "commits/\ud800",
]


@pytest.mark.parametrize("path", BAD_PATHS)
def test_payload_path_refused(v2r: tuple[bytes, bytes], path: str) -> None:
    blob, key = v2r
    files = dict(b64_files({"HEAD": b"h"}), **{path: b64url(b"x")})
    plain = json.dumps({"files": files, "payload_version": 1}).encode()  # \ud800 written as an escape
    with pytest.raises(ContainerError) as info:
        c.open_container(craft(blob, key, plain), None, key=key)
    assert info.value.code == "invalid_payload_path"
    assert repr(path)[:40] in info.value.message


def test_payload_path_refused_v1(v1: tuple[bytes, bytes]) -> None:
    blob, key = v1
    plain = payload_bytes({"../x": b64url(b"x")})
    assert code_of(c.open_container, craft(blob, key, plain), None, key=key) == "invalid_payload_path"


@settings(max_examples=500, deadline=None)
@given(
    path=st.one_of(
        st.text(alphabet="/\\.\x00aé", max_size=8),
        st.builds(
            lambda d, sep, n: d + sep + n,
            st.sampled_from([*sorted(c.ALLOWED_DIRS), "keys", "HEAD", "", "."]),
            st.sampled_from(["/", "//", "\\", ""]),
            st.text(alphabet="/\\.\x00a:%é", max_size=6),
        ),
        st.sampled_from(sorted(c.ALLOWED_FILES)),
    )
)
def test_allowed_paths_match_alethech(path: str) -> None:
    assert c.is_allowed_path(path) == aleth_allowed(path)


@pytest.mark.parametrize(
    "text",
    ["QQ==", "QR", "Q", "QQ=", "a+b/", "YWJj\n", "YW Jj", "QUJD=", "é", "QQ\x00"],
)
def test_payload_non_canonical_base64(v2r: tuple[bytes, bytes], text: str) -> None:
    blob, key = v2r
    with pytest.raises(ValueError):
        b64url_strict(text)  # the reference rule agrees that these are not canonical
    plain = payload_bytes({"HEAD": text})
    assert code_of(c.open_container, craft(blob, key, plain), None, key=key) == "invalid_payload"


@pytest.mark.parametrize(
    "plain",
    [
        b"not json",
        b"\xff",
        b"[]",
        b'{"files":{}}',
        b'{"files":{},"payload_version":1,"extra":1}',
        b'{"files":{},"payload_version":2}',
        b'{"files":{},"payload_version":true}',
        b'{"files":{},"payload_version":"1"}',
        b'{"files":[],"payload_version":1}',
        b'{"files":{"HEAD":1},"payload_version":1}',
        b'{"files":{"HEAD":"QQ","HEAD":"QQ"},"payload_version":1}',
        b'{"files":{},"payload_version":1,"payload_version":1}',
        b'{"files":{"HEAD":' + b"[" * 5000 + b"]" * 5000 + b'},"payload_version":1}',
        b'{"files":{},"payload_version":NaN}',
    ],
)
def test_invalid_payload(v2r: tuple[bytes, bytes], plain: bytes) -> None:
    blob, key = v2r
    assert code_of(c.open_container, craft(blob, key, plain), None, key=key) == "invalid_payload"


def test_payload_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"HEAD": b"abcd", "commits/a": b"efgh", "commits/b": b"ij"}
    plain = payload_bytes(b64_files(files))
    assert c.decode_payload(plain) == files
    monkeypatch.setattr(c, "MAX_FILES", 2)
    assert code_of(c.decode_payload, plain) == "too_large"
    monkeypatch.setattr(c, "MAX_FILES", 3)
    monkeypatch.setattr(c, "MAX_FILE", 3)
    assert code_of(c.decode_payload, plain) == "too_large"
    monkeypatch.setattr(c, "MAX_FILE", 4)
    monkeypatch.setattr(c, "MAX_TOTAL", 9)
    assert code_of(c.decode_payload, plain) == "too_large"
    monkeypatch.setattr(c, "MAX_TOTAL", 10)
    assert c.decode_payload(plain) == files


@settings(max_examples=1000, deadline=None)
@given(
    text=st.one_of(
        st.text(alphabet='ABCDQRSTwxyz0189-_+/=é \n\t\r\x00\x7f.:\\"', max_size=12),
        st.text(max_size=8),  # any character at all
        st.binary(max_size=10).map(b64url),
        st.builds(
            lambda b, ch: b64url(b)[:-1] + ch if b else ch,
            st.binary(min_size=1, max_size=10),
            st.sampled_from("AQgwBERx01-_"),
        ),
    )
)
def test_fast_base64_check_equals_reference(text: str) -> None:
    """The length/alphabet/last-character rule is exactly keys.b64url_strict."""
    try:
        expected: bytes | None = b64url_strict(text)
    except ValueError:
        expected = None
    assert c._b64_payload_decode(text) == expected
    try:
        raw = text.encode("ascii")
    except UnicodeEncodeError:
        raw = text.encode("utf-8")  # bytes the payload may hold where a text belongs
        expected = None
    assert c._b64_payload_decode(raw) == expected


def test_decode_payload_returns_bytes_for_every_allowed_location() -> None:
    files = {
        "HEAD": b"h",
        "root_authority.json": b"r",
        "keys/signing.key": b"k",
        **{f"{d}/sha256:x.json": d.encode() for d in sorted(c.ALLOWED_DIRS)},
        "artifacts/name with spaces é": b"\x00",
    }
    assert c.decode_payload(payload_bytes(b64_files(files))) == files
