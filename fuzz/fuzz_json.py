#!/usr/bin/env python3
"""Atheris target: the fast JSON path against the strict parser (issue 27).

``loads_fast`` (orjson, a member/colon count, one walk; anything unusual handed to the
strict parser) must answer exactly what ``loads_strict`` answers for every input: the
same value (types, key order, ``1.0`` read as ``1``, ``-0.0`` as ``0``: compared through
``repr``), the same ``fast_ok``, or the same error with the same code and message; and
``parse_object`` must build the same object by both paths.  Any difference is a crash
(``oracle: fast JSON differs``), and so is any exception but ``JsonError``.

The first input byte picks how the rest is read (so one corpus feeds both):

* even — the bytes as they are;
* odd — the bytes spliced as the ``content`` of a signed commit, so the differences
  reach the object layer (signable form, ids, signing bytes, unsigned fields).

Seeds: ``fuzz/build_corpus.py`` writes ``OUT/json`` (duplicate keys, numbers around
±(2^53−1) in every form, ``1.0``, ``-0.0``, non-BMP keys, lone surrogates, escaped
colons, alethech's ``\\u`` escapes, nesting at the limit).

Run: ``python fuzz/fuzz_json.py CORPUS_DIR [libFuzzer flags]`` (see README.md).
"""

from __future__ import annotations

import sys
from typing import Any

import common

_COMMIT: bytes | None = None


def _outcome(loads: Any, data: bytes) -> tuple[Any, ...]:
    from inspector.core.canonical import JsonError

    try:
        value, fast = loads(data)
    except JsonError as exc:
        return ("error", exc.code, str(exc))
    return ("value", repr(value), fast)


def _state(o: Any) -> tuple[Any, ...]:
    return (
        o.type, o.stored_id, repr(o.fields), repr(o.raw), o.computed_id, o.sign_bytes, o.unsigned_fields,
        o.malformed, o.field_problems, o.fast,
    )  # fmt: skip


def commit_template() -> bytes:
    """A signed commit whose content holds the marker ``"n": 0`` (replaced by the input)."""
    global _COMMIT
    if _COMMIT is None:
        from inspector.core.write.builder import StoreWriter, dump, stepping_clock

        w = StoreWriter.create(clock=stepping_clock())
        _COMMIT = dump(w.commit({"text": "fuzz", "n": 0}))
    return _COMMIT


def test_one_input(data: bytes) -> None:
    if not data:
        return
    from inspector.core.canonical import loads_fast, loads_strict
    from inspector.core.objects import parse_object

    mode, body = data[0], data[1:]
    try:
        if mode % 2 == 0:
            fast, strict = _outcome(loads_fast, body), _outcome(loads_strict, body)
        else:
            blob = commit_template().replace(b'"n": 0', b'"n": ' + body, 1)
            fast = _state(parse_object("commits/x.json", blob, "commit"))
            strict = _state(parse_object("commits/x.json", blob, "commit", strict=True))
        if fast != strict:
            raise common.Crash("oracle: fast JSON differs", f"{body[:200]!r}: {fast} != {strict}")
    except Exception as exc:  # every undocumented exception is a crash, unless already filed
        common.known_or_raise(exc)


def main() -> None:
    import atheris

    with atheris.instrument_imports(include=["inspector"]):
        import inspector.core.canonical
        import inspector.core.objects  # noqa: F401
    commit_template()
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
