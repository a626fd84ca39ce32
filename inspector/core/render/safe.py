"""Text that can be written anywhere: any stream encoding, any id, any file name.

Ids and file names come from the file under inspection, so they can hold lone
surrogates (a JSON ``"\\ud800"``, or a file name that is not UTF-8, which Python
decodes with ``surrogateescape``).  Report glyphs (✓ ✗ … ·) do not exist in every
encoding.  Nothing here raises for any ``str``:

* :func:`escape` turns lone surrogates and control characters into visible
  backslash escapes, for text a person reads (and for XML, which cannot carry them);
* :func:`encode` encodes for a stream or a file: text gets ASCII fallbacks for the
  report glyphs and backslash escapes for the rest; JSON gets ``\\uXXXX`` escapes,
  which keep it valid JSON that decodes to the very same string.
"""

from __future__ import annotations

import codecs
import re

# What the text report prints when the stream cannot carry a glyph.
FALLBACKS: dict[str, str] = {
    "✓": "+",
    "✗": "x",
    "✔": "+",
    "✖": "x",
    "…": "...",
    "·": "-",
    "—": "-",
    "–": "-",
    "−": "-",
    "→": "->",
    "←": "<-",
    "≥": ">=",
    "≤": "<=",
    "×": "x",
    "±": "+/-",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "⚠": "!",
    "•": "*",
    "\u202f": " ",  # the narrow no-break space that groups French digits
    "\u00a0": " ",
}


def _text_errors(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        fallback = FALLBACKS.get(ch)
        if fallback is not None:
            out.append(fallback)
        else:
            out.append(ch.encode("ascii", "backslashreplace").decode("ascii"))
    return "".join(out), exc.end


def _json_errors(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        cp = ord(ch)
        if cp > 0xFFFF:  # a surrogate pair, as JSON spells characters outside the BMP
            cp -= 0x10000
            out.append(f"\\u{0xD800 + (cp >> 10):04x}\\u{0xDC00 + (cp & 0x3FF):04x}")
        else:
            out.append(f"\\u{cp:04x}")
    return "".join(out), exc.end


codecs.register_error("inspector-text", _text_errors)
codecs.register_error("inspector-json", _json_errors)

_UNSAFE = re.compile(r"[\ud800-\udfff\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` with lone surrogates, control characters (other than tab, newline and
    carriage return) and the non-characters U+FFFE/U+FFFF shown as backslash escapes;
    unchanged when it has none.  The result is printable and valid in XML."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(_escape_char, text)


def _escape_char(m: re.Match[str]) -> str:
    cp = ord(m.group())
    return f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}"


def encode(text: str, encoding: str | None = "utf-8", *, kind: str = "text") -> bytes:
    """``text`` as bytes in ``encoding``; what the encoding cannot carry is replaced
    (``kind="text"``: glyph fallbacks and backslash escapes; ``kind="json"``:
    ``\\uXXXX`` escapes, valid only inside JSON strings, which is where such
    characters are)."""
    try:
        codecs.lookup(encoding or "utf-8")
    except LookupError:
        encoding = "utf-8"
    return text.encode(encoding or "utf-8", "inspector-json" if kind == "json" else "inspector-text")


def for_stream(text: str, encoding: str | None, *, kind: str = "text") -> str:
    """``text`` changed so that a text stream in ``encoding`` can write it whatever its
    error handler (the result encodes strictly)."""
    enc = encoding or "utf-8"
    try:
        return encode(text, enc, kind=kind).decode(enc)
    except (LookupError, UnicodeDecodeError):  # an encoding that does not round-trip
        return encode(text, "ascii", kind=kind).decode("ascii")
