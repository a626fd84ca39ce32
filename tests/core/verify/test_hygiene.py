"""SPEC B6 and D (revision 2): fields outside the signature, also on the external
checkpoint; private regions in any string of an object, keys included; the note that
rollback is not detectable without a checkpoint."""

from __future__ import annotations

import json

import pytest

from inspector.core.findings import Severity
from inspector.core.keys import KeyPair

from .helpers import Status, bound_legacy, check, errors, warnings, writer


def test_the_external_checkpoint_unsigned_fields_are_warned_about() -> None:
    w = writer()
    cp = w.checkpoint()
    cp["note"] = "added after signing"
    r = check(w.store, checkpoint=json.dumps(cp).encode())
    assert "unsigned_field" in warnings(r, cp["checkpoint_id"])
    assert r.checkpoint["state"] == "verified"
    # the external checkpoint stays in the report, for the detail views
    assert r.objects[cp["checkpoint_id"]].type == "Checkpoint"


def test_a_private_region_in_an_object_key_is_warned_about() -> None:
    w = writer()
    cid = w.commit({"<private>customer name</private>": "ok"})["commit_id"]
    r = check(w.store)
    assert "unredacted_private_region" in warnings(r, cid)


def test_a_private_region_in_provenance_is_warned_about() -> None:
    w = writer()
    ev = w.evidence(tool='<PRIVATE note="x">tool secrets</private>')["commit_id"]
    r = check(w.store)
    assert "unredacted_private_region" in warnings(r, ev)


def test_without_a_checkpoint_the_report_says_rollback_is_not_detectable() -> None:
    w = writer()
    r = check(w.store)
    note = next(f for f in r.findings if f.code == "no_checkpoint")
    assert note.severity == Severity.INFO
    assert "rolled-back" in note.message
    assert r.checkpoint == {"given": False, "state": "none"}
    assert r.verdict == "pass"


# ---- revision 3 ----------------------------------------------------------------------

BIG_NUMBERS = [
    "9007199254740993",
    "9007199254740993.0",
    "9.007199254740993e15",
    "-9007199254740993.0",
    "9007199254740991.5",  # the double it reads as is 2^53
    "1.00000000000000001e20",
]


@pytest.mark.parametrize("written", BIG_NUMBERS)
def test_an_integral_number_beyond_2_53_in_any_written_form_is_an_error(written: str) -> None:
    """B6 (rev 3): the text and the signed double differ, so the object is MALFORMED."""
    w = writer()
    cid = w.commit({"n": 1})["commit_id"]
    path = f"commits/{cid}.json"
    assert w.store.files[path].count(b'"n": 1') == 1
    w.store.files[path] = w.store.files[path].replace(b'"n": 1', b'"n": ' + written.encode())
    r = check(w.store)
    assert r.commits[cid] == Status.MALFORMED
    assert "integer_out_of_range" in errors(r, cid)
    assert r.verdict == "fail"


@pytest.mark.parametrize(
    "value,written",
    [
        (9007199254740991, b"9007199254740991.0"),  # the largest safe integer, in float form
        (1e21, b"1e+21"),  # the forms alethech writes for big doubles (fixture 01_basic)
        (1.2345678901234568e20, b"1.2345678901234568e+20"),
    ],
)
def test_numbers_whose_text_is_their_double_are_read(value: float, written: bytes) -> None:
    w = writer()
    cid = w.commit({"n": value})["commit_id"]
    path = f"commits/{cid}.json"
    stored = json_number(value)
    assert w.store.files[path].count(stored) == 1
    w.store.files[path] = w.store.files[path].replace(stored, written)
    r = check(w.store)
    assert r.commits[cid] == Status.VALID


def json_number(value: float) -> bytes:
    return json.dumps(value).encode()


ESCAPED_OPENERS = [
    ("<private>", b"<\\u0070rivate>", True),
    ("<private>", b"\\u003cprivate>", True),
    ("<private>", b"\\u003C\\u0070rivate>", True),
    ("<PRIVATE>", b"<\\u0050RIVATE>", True),
    ("<private>", b"<priv\\u0061te>", True),
    ('<private reason="pii">', b'<\\u0070rivate reason=\\"pii\\">', True),
    ("<private-section>", b"<\\u0070rivate-section>", False),  # not an opener, however written
]


@pytest.mark.parametrize("where", ["value", "key"])
@pytest.mark.parametrize("plain,escaped,region", ESCAPED_OPENERS)
def test_a_private_opener_written_with_json_escapes_is_a_region(
    plain: str, escaped: bytes, region: bool, where: str
) -> None:
    """D (rev 3): the check reads the decoded strings; the object keeps its signature."""
    w = writer()
    text = plain + "the customer's name</private>"
    cid = w.commit({"note": text} if where == "value" else {text: "note"})["commit_id"]
    path = f"commits/{cid}.json"
    stored = plain.replace('"', '\\"').encode()
    assert w.store.files[path].count(stored) == 1
    w.store.files[path] = w.store.files[path].replace(stored, escaped)
    r = check(w.store)
    assert r.commits[cid] == Status.VALID
    assert ("unredacted_private_region" in warnings(r, cid)) is region


def test_a_sealed_legacy_key_no_grant_brought_in_is_inactive() -> None:
    """With a root, the sealed signing key must be one the chain granted (rev 3: a legacy
    key signs only under its own agent_id)."""
    w = writer()
    legacy = KeyPair.generate()
    bound_legacy(w, legacy)
    w.store.files["keys/signing.key"] = legacy.pem()
    r = check(w.store)
    assert "signing_key_inactive" in warnings(r)
