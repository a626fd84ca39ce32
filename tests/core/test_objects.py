"""``inspector.core.objects``: untrusted JSON becomes a typed object or a reason it
cannot be read (never an exception); the signable form is rebuilt as alethech 0.9.5
rebuilds it, and what is stored but not signed is listed."""

from __future__ import annotations

import json

import pytest

from inspector.core.keys import decode_signature, verify_sig
from inspector.core.objects import (
    bad_string_path,
    build_object,
    id_from_path,
    parse_object,
    signing_bytes_of,
    type_name,
)
from inspector.core.write.builder import dump

from .verify.helpers import writer


@pytest.fixture(scope="module")
def signed():
    """A store's genesis commit and evidence record, as stored, and the key that signed them."""
    w = writer()
    ev = w.evidence(artifacts=[("o", b"x")])
    c = w.commit({"text": "a memory"}, evidence_refs=[ev["commit_id"]])
    return w.agent_key, c, ev


def parsed(raw: dict, kind: str = "commit"):  # type: ignore[no-untyped-def]
    return parse_object(f"{kind}s/{raw.get('commit_id', 'x')}.json", dump(raw), kind)


def test_a_signed_commit_is_read_with_its_signable_bytes(signed):
    key, commit, _ = signed
    obj = parsed(commit)
    assert obj.malformed is None and obj.kind == "commit" and obj.type == "MemoryCommit"
    assert obj.digest_ok and obj.computed_id == obj.stored_id == commit["commit_id"]
    assert obj.unsigned_fields == () and obj.field_problems == ()
    assert verify_sig(key.raw_public, decode_signature(obj.signature), obj.sign_bytes)
    assert obj.content == {"text": "a memory"} and obj.parents == commit["parents"]
    assert obj.agent_id == commit["agent_id"] and obj.key_id == commit["key_id"]
    assert obj.evidence_refs == commit["provenance"]["evidence_refs"]
    # shipped without its signed bytes (a worker process), they are recomputed exactly
    assert signing_bytes_of(obj.replace(sign_bytes=b"")) == obj.sign_bytes


def test_an_evidence_record_is_read_as_evidence(signed):
    _, _, ev = signed
    obj = parsed(ev, "evidence")
    assert obj.kind == "evidence" and obj.type == "EvidenceCommit" and obj.digest_ok


def test_a_changed_content_no_longer_matches_its_id(signed):
    _, commit, _ = signed
    obj = parsed({**commit, "content": {"text": "another memory"}})
    assert obj.malformed is None and not obj.digest_ok and obj.computed_id != obj.stored_id


def test_fields_that_are_stored_but_not_signed_are_listed(signed):
    _, commit, _ = signed
    obj = parsed({**commit, "note": "added later", "aaa": 1})
    assert obj.digest_ok  # alethech ignores them when it rebuilds the signable form
    assert set(obj.unsigned_fields) == {"note", "aaa"}
    assert "note" not in obj.fields and obj.raw["note"] == "added later"


@pytest.mark.parametrize(
    "data,code",
    [
        (b"{", "invalid_json"),
        (b'{"type": "MemoryCommit", "a": 1, "a": 2}', "duplicate_json_key"),
        (b"\xff{}", "invalid_json"),
        (b'{"n": NaN}', "non_finite_number"),
        (b'{"n": 9007199254740993}', "integer_out_of_range"),
        (b"[1, 2]", "malformed_object"),
        (b'{"type": "Banana"}', "malformed_object"),
        (b'{"type": 7}', "malformed_object"),
    ],
)
def test_what_cannot_be_read_says_why(data, code):
    obj = parse_object("commits/sha256:00.json", data, "commit")
    assert obj.malformed is not None and obj.malformed.code == code, obj.malformed
    assert obj.stored_id == "sha256:00" and obj.kind == "commit" and not obj.digest_ok


def test_an_object_in_the_wrong_folder_is_malformed(signed):
    _, commit, _ = signed
    obj = parsed(commit, "evidence")
    assert obj.malformed is not None and obj.malformed.code == "malformed_object"
    assert obj.malformed.reason == "a MemoryCommit stored where a evidence belongs"
    assert obj.stored_id == commit["commit_id"]


@pytest.mark.parametrize(
    "change,path,expected,found",
    [
        ({"parents": "sha256:00"}, "parents", "a list of strings", "a string"),
        ({"content": ["x"]}, "content", "an object", "a list"),
        ({"key_id": None}, "key_id", "a string", "null"),
        ({"signature": 5}, "signature", "a string", "an integer"),
    ],
)
def test_a_field_of_the_wrong_shape_is_named(signed, change, path, expected, found):
    _, commit, _ = signed
    obj = parsed({**commit, **change})
    m = obj.malformed
    assert m is not None and (m.code, m.path, m.expected, m.found) == (
        "malformed_field",
        path,
        expected,
        found,
    )


def test_a_missing_required_field_is_named(signed):
    _, commit, _ = signed
    raw = {k: v for k, v in commit.items() if k != "timestamp"}
    m = parsed(raw).malformed
    assert m is not None and (m.code, m.path, m.found) == ("malformed_field", "timestamp", "no such field")
    # a field with a default is not required: it is signed with the default, and listed as unsigned
    raw = {k: v for k, v in commit.items() if k != "session_id"}
    obj = parsed(raw)
    assert obj.malformed is None and "session_id" in obj.unsigned_fields and not obj.digest_ok


def test_a_lone_surrogate_has_no_canonical_bytes(signed):
    _, commit, _ = signed
    raw = json.loads(json.dumps({**commit, "content": {"text": "a \ud800 b"}}))
    m = build_object("commits/x.json", raw, "commit").malformed
    assert m is not None and m.code == "malformed_field" and m.path == "content.text"
    assert m.found == "a lone surrogate"


def test_helpers():
    assert id_from_path(f"commits/sha256:{'a' * 64}.json") == f"sha256:{'a' * 64}"
    assert id_from_path("artifacts/sha256:abc") == "sha256:abc"
    assert [type_name(v) for v in ("", 1, 1.5, True, [], {}, None)] == [
        "a string",
        "an integer",
        "a number",
        "true or false",
        "a list",
        "an object",
        "null",
    ]
    assert bad_string_path({"a": ["ok", {"b": "x\udcff"}]}) == "a[1].b"
    assert bad_string_path({"k\ud800": 1}) == "k\\ud800"
    assert bad_string_path("\ud800") == "(value)"
    assert bad_string_path({"a": ["é", {"b": "ü"}]}) is None
