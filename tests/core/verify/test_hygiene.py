"""SPEC B6 and D (revision 2): fields outside the signature, also on the external
checkpoint; private regions in any string of an object, keys included; the note that
rollback is not detectable without a checkpoint."""

from __future__ import annotations

import json

from inspector.core.findings import Severity

from .helpers import check, warnings, writer


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
