"""Text that can be written anywhere: escapes for what a stream cannot carry."""

from __future__ import annotations

import json

import pytest

from inspector.core.render.safe import FALLBACKS, encode, escape, for_stream


def test_escape_shows_lone_surrogates_and_control_characters():
    assert escape("plain ✓ text\twith\nlines") == "plain ✓ text\twith\nlines"
    assert escape("a\ud800b\udcffc\x07d\x00\x7f\ufffe") == "a\\ud800b\\udcffc\\x07d\\x00\\x7f\\ufffe"
    escape("x\ud800").encode("utf-8")  # strictly encodable afterwards


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1", "utf-8"])
def test_text_falls_back_to_ascii_glyphs(encoding):
    data = encode("✗ FAIL … ✓ → é \ud800", encoding)
    text = data.decode(encoding)
    assert text.startswith(("✗", "x")) and "\\ud800" in text
    if encoding == "ascii":
        assert text == "x FAIL ... + -> \\xe9 \\ud800"


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "utf-8"])
def test_json_escapes_decode_to_the_same_string(encoding):
    # (a high and a low surrogate side by side cannot come from strict JSON or from a
    # file name: JSON itself would read them back as one character)
    value = {"id": "é😀\ud800-\udcff", "ok": "✓"}
    text = json.dumps(value, ensure_ascii=False)
    assert json.loads(encode(text, encoding, kind="json").decode(encoding)) == value


def test_for_stream_gives_strictly_encodable_text():
    assert for_stream("✗ \udcff", "cp1252").encode("cp1252") == b"x \\udcff"
    assert for_stream("✗", "no-such-encoding") == "x"  # an unknown encoding gets ASCII


def test_every_fallback_is_ascii():
    assert all(v.isascii() for v in FALLBACKS.values())
