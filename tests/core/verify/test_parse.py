"""Reading the objects (``inspector.core.verify.parse``): every file of the store is read,
in the order of its name's bytes; one that cannot be read as its kind is MALFORMED with
the reason; a file the store does not know is a note, never a failure."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from inspector.core.store import StrayFile
from inspector.core.verify.engine import verify
from inspector.core.verify.parse import mentions_private
from inspector.core.verify.report import Status
from inspector.core.write.builder import StoreWriter, stepping_clock


def written() -> tuple[StoreWriter, str]:
    w = StoreWriter.create(clock=stepping_clock())
    w.commit({"text": "one"})
    return w, w.commit({"text": "two"})["commit_id"]


def test_mentions_private_in_any_case_and_json_escape() -> None:
    for data in (b"<private>", b"<PRIVATE", b"\\u003cprivate", b"\\u003C\\u0050rivate", b"<\\u0070rivate"):
        assert mentions_private(data), data
    assert not mentions_private(b"private matters") and not mentions_private(b"")


@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), min_size=8, max_size=8))
def test_mentions_private_sees_every_stored_form_of_the_opener(forms: list[tuple[bool, bool, bool]]) -> None:
    """No false negative: whatever case and JSON escape each character of ``<private``
    is stored with (SPEC D rev 3), the cheap first test still sees it."""
    stored = b""
    for ch, (upper, escaped, upper_hex) in zip("<private", forms, strict=True):
        c = ch.upper() if upper else ch
        if escaped:
            code = f"\\u{ord(c):04x}"
            stored += (code.upper().replace("\\U", "\\u") if upper_hex else code).encode()
        else:
            stored += c.encode()
    assert mentions_private(b'{"text": "' + stored + b'>x</private>"}'), stored


@given(st.binary(max_size=64))
def test_mentions_private_never_raises(data: bytes) -> None:
    assert mentions_private(data) in (True, False)


def test_a_commit_that_is_not_strict_json_is_malformed_with_the_reason() -> None:
    w, cid = written()
    path = f"commits/{cid}.json"
    text = w.store.files[path].decode()
    w.store.files[path] = text.replace('"type"', '"type": "x", "type"', 1).encode()  # a duplicate key
    r = verify(w.store)
    assert r.commits[cid] is Status.MALFORMED and r.verdict == "fail"
    assert any(f.object_id == cid and "duplicate" in f.code for f in r.findings)


def test_a_field_of_the_wrong_shape_names_its_path() -> None:
    w, cid = written()
    path = f"commits/{cid}.json"
    doc = json.loads(w.store.files[path])
    doc["parents"] = "not a list"
    w.store.files[path] = json.dumps(doc).encode()
    r = verify(w.store)
    assert r.commits[cid] is Status.MALFORMED
    found = next(f for f in r.findings if f.object_id == cid and f.code == "malformed_field")
    assert "parents" in found.message


def test_a_file_the_store_does_not_know_is_a_note() -> None:
    w, _ = written()
    w.store.strays.append(StrayFile(".DS_Store", "unknown"))
    r = verify(w.store)
    assert r.verdict == "pass"
    (stray,) = [f for f in r.findings if f.code == "stray_file"]
    assert stray.severity.value == "info" and ".DS_Store" in stray.related
