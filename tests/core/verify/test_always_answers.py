"""SPEC B10 and issue 16: the verifier always answers.  Each crash cause found by the
fuzzing campaign, rebuilt with the core's own writer: a report comes back, with the
finding on the object that carries the value."""

from __future__ import annotations

import json

from inspector.core.verify.report import Status
from inspector.core.write.builder import dump, identity_record, legacy_identity

from .helpers import check, errors, writer


def test_legacy_identity_with_a_lone_surrogate_member_name() -> None:
    w = writer(legacy=True)
    path, data = next(iter(w.store.list("identities")))
    ident = json.loads(data)
    ident["public_key"]["\ud800"] = "x"
    w.store.files[path] = json.dumps(ident).encode()
    r = check(w.store)
    assert r.verdict == "fail"
    assert "malformed_field" in errors(r)


def test_identity_record_with_a_list_as_key_id() -> None:
    w = writer()
    active = [dict(w.active[0], key_id=["key-001"])]
    assert w.root is not None
    rec = identity_record(w.root, active, [], w.created_at)
    for p in [p for p, _ in w.store.list("identities")]:
        del w.store.files[p]
    w.store.files[f"identities/{rec['agent_id']}.json"] = dump(rec)
    r = check(w.store)
    assert "malformed_field" in errors(r, rec["agent_id"]) or "malformed_field" in errors(r, rec["commit_id"])
    assert r.verdict == "fail"


def test_receipt_json_with_a_lone_surrogate() -> None:
    from .test_mutmem_codes import Scene

    s = Scene()
    body = b'{"mutmem":1,"kind":"recall_receipt","head":"\\ud800","k":1,"entries":[],"root":"x"}'
    from inspector.core.keys import sha256_id

    from .helpers import evidence_as

    rid = evidence_as(
        s.w,
        s.w.agent_key,
        "key-001",
        [("receipt.json", body)],
        event_type="recall_receipt",
        output_hash=sha256_id(body),
    )
    r = check(s.w.store)
    assert r.evidence[rid] == Status.VALID
    assert "receipt_ordinal_invalid" in errors(r, rid)


def test_signed_label_with_a_number_as_evidence() -> None:
    from .test_mutmem_codes import Scene

    s = Scene()
    rid = s.record(
        {
            "mutmem": 1,
            "kind": "label",
            "memory": s.memory,
            "prev": None,
            "label": "poison_likely",
            "confidence_milli": 700,
            "reason": "r",
            "detector": "d",
            "evidence": 1,
        },
        s.hk,
        s.hk_id,
    )
    r = check(s.w.store)
    assert r.commits[rid] == Status.VALID
    assert r.mutmem.memories[s.memory].label == "poison_likely"


def test_object_ids_with_lone_surrogates_still_give_a_report() -> None:
    w = writer()
    w.store.files["commits/\ud800.json"] = b'{"type": "MemoryCommit", "commit_id": "\\ud800"}'
    r = check(w.store)
    assert r.verdict == "fail"
    assert any(f.object_id == "\ud800" for f in r.findings)
    json.dumps(r.to_json())  # the JSON form can carry it (escaped)


def test_a_stranger_legacy_identity_with_a_non_dict_key_is_a_finding() -> None:
    w = writer()
    ident = legacy_identity(w.agent_key, w.clock())
    ident["public_key"] = ["not", "a", "jwk"]
    w.store.files["identities/x.json"] = json.dumps(ident).encode()
    r = check(w.store)
    assert r.verdict == "fail"
