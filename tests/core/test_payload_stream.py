"""The streaming decode of a canonical payload agrees with the strict-JSON path on
every input: same files, or the same error code (issue 16: memory bounded)."""

from __future__ import annotations

import contextlib
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.canonical import canonical
from inspector.core.container import _decode_canonical, decode_payload, decode_payload_owned
from inspector.core.errors import ContainerError
from inspector.core.keys import b64url

DIRS = ["commits", "evidence", "artifacts", "identities", "control_events", "migrations", "checkpoints"]
names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)
paths = st.one_of(
    st.sampled_from(["HEAD", "root_authority.json", "keys/signing.key"]),
    st.builds(lambda d, n: f"{d}/{n}", st.sampled_from(DIRS), names),
    names,
)
files = st.dictionaries(paths, st.binary(max_size=64), max_size=8)


def _outcome(fn, plain: bytes):
    try:
        return ("ok", fn(plain))
    except ContainerError as exc:
        return ("error", exc.code)


@settings(max_examples=300, deadline=None)
@given(files)
def test_streaming_equals_strict_on_canonical_payloads(f: dict[str, bytes]) -> None:
    plain = canonical({"files": {k: b64url(v) for k, v in f.items()}, "payload_version": 1})
    assert _outcome(lambda b: decode_payload_owned([b]), plain) == _outcome(decode_payload, plain)


@settings(max_examples=300, deadline=None)
@given(files, st.integers(0, 10**6), st.binary(max_size=4))
def test_streaming_equals_strict_on_damaged_payloads(f: dict[str, bytes], at: int, junk: bytes) -> None:
    plain = canonical({"files": {k: b64url(v) for k, v in f.items()}, "payload_version": 1})
    i = at % (len(plain) + 1)
    damaged = plain[:i] + junk + plain[i + len(junk) :]
    assert _outcome(lambda b: decode_payload_owned([b]), damaged) == _outcome(decode_payload, damaged)


def test_non_canonical_layout_takes_the_strict_path() -> None:
    pretty = b'{"files": {"HEAD": "YQ"}, "payload_version": 1}'
    assert _decode_canonical(pretty) is None
    assert decode_payload_owned([pretty]) == {"HEAD": b"a"}


@pytest.mark.parametrize(
    "plain,code",
    [
        (b'{"files":{"../x":"YQ"},"payload_version":1}', "invalid_payload_path"),
        (b'{"files":{"HEAD":"YQ=="},"payload_version":1}', "invalid_payload"),
        (b'{"files":{"HEAD":"YQ","HEAD":"Yg"},"payload_version":1}', "invalid_payload"),
    ],
)
def test_streaming_rejects_like_the_strict_path(plain: bytes, code: str) -> None:
    with pytest.raises(ContainerError) as a:
        decode_payload_owned([plain])
    with pytest.raises(ContainerError) as b:
        decode_payload(plain)
    assert a.value.code == b.value.code == code


# ---- a large text is decoded where it lies (issue 20: no extra copy of a big artifact)


@contextlib.contextmanager
def in_place_from_4_bytes():
    """Every text longer than 4 characters takes the in-place path, so small examples test it."""
    from inspector.core import container

    with mock.patch.object(container, "_IN_PLACE", 4), mock.patch.object(container, "_CHUNK", 3):
        yield  # chunks of 3 do not divide the texts


big_files = st.dictionaries(paths, st.binary(min_size=0, max_size=200), max_size=6)


@settings(max_examples=300, deadline=None)
@given(f=big_files)
def test_in_place_decoding_equals_strict_on_canonical_payloads(f) -> None:
    plain = canonical({"files": {k: b64url(v) for k, v in f.items()}, "payload_version": 1})
    with in_place_from_4_bytes():
        streamed = _outcome(lambda b: decode_payload_owned([bytearray(b)]), plain)
    assert streamed == _outcome(decode_payload, plain)


@settings(max_examples=300, deadline=None)
@given(f=big_files, at=st.integers(0, 10**6), junk=st.binary(max_size=4))
def test_in_place_decoding_equals_strict_on_damaged_payloads(f, at, junk) -> None:
    """A payload given up after some texts were decoded in place is read by the strict path
    exactly as it was (the texts are turned back)."""
    plain = canonical({"files": {k: b64url(v) for k, v in f.items()}, "payload_version": 1})
    i = at % (len(plain) + 1)
    damaged = plain[:i] + junk + plain[i + len(junk) :]
    buffer = bytearray(damaged)
    with in_place_from_4_bytes():
        streamed = _outcome(lambda b: decode_payload_owned([b]), buffer)
    assert streamed == _outcome(decode_payload, damaged)
    if streamed[0] == "error":
        assert buffer == damaged  # given up: every byte as it was


def test_a_big_text_makes_one_new_object() -> None:
    data = bytes(range(256)) * 40
    plain = bytearray(canonical({"files": {"artifacts/a": b64url(data)}, "payload_version": 1}))
    with in_place_from_4_bytes():
        files = decode_payload_owned([plain])
    assert files == {"artifacts/a": data} and type(files["artifacts/a"]) is bytes


@settings(max_examples=500, deadline=None)
@given(paths)
def test_the_usual_path_pattern_admits_only_allowed_paths(path: str) -> None:
    """The streaming decoder's shortcut for a key without escapes (_USUAL_PATH) says yes
    exactly for the allowed paths it can see whole; everything else takes the general rule."""
    from inspector.core.container import _USUAL_PATH, is_allowed_path

    token = b'"' + path.encode("utf-8") + b'":"'
    m = _USUAL_PATH.match(token)
    if m is not None:
        assert m.end() == len(token) and is_allowed_path(path)
    elif is_allowed_path(path) and path.isprintable() and '"' not in path and "\\" not in path:
        raise AssertionError(f"an allowed path written plainly missed the shortcut: {path!r}")
