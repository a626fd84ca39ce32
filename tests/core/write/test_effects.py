"""What a write changes, said before it is made (``inspector.core.write.effects``): the
difference between the report before and after, in plain sentences from templates."""

from __future__ import annotations

from inspector.core.findings import TEMPLATES
from inspector.core.keys import KeyPair
from inspector.core.verify.engine import verify
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.effects import effect, new_errors, report_effects, short_id, summary_of


def test_short_id_is_enough_to_find_it_again() -> None:
    assert short_id("sha256:9f3a0000aaaa") == "9f3a0000…" and short_id("key-001") == "key-001"


def test_an_effect_is_a_templated_sentence_in_any_language() -> None:
    e = report_effects_of_a_revocation()[0]
    assert e.template in TEMPLATES and e.text and e.translated("es") and e.to_json()["kind"] == e.kind
    assert effect("note", "{n} things", n=2).text == "2 things"


def report_effects_of_a_revocation():  # type: ignore[no-untyped-def]
    w = StoreWriter.create(clock=stepping_clock())
    w.commit({"text": "before"})
    before = verify(w.store)
    old = before.eras[0].key_id
    w.rotate(old, KeyPair.generate(), "key-002")  # a new agent key; the old era closes here
    w.commit({"text": "after"})
    after = verify(w.store)
    return report_effects(before, after)


def test_a_rotation_is_said_as_a_key_effect() -> None:
    effects = report_effects_of_a_revocation()
    assert any(e.kind == "key" for e in effects), [e.text for e in effects]


def test_the_same_report_has_no_effect_and_new_errors_are_listed_once() -> None:
    w = StoreWriter.create(clock=stepping_clock())
    cid = w.commit({"text": "one", "subject": "ignored"})["commit_id"]
    r = verify(w.store)
    assert report_effects(r, r) == [] and new_errors(r, r) == []
    assert summary_of(r, "commit", cid) == "one"
    del w.store.files["HEAD"]
    broken = verify(w.store)
    errs = new_errors(r, broken)
    assert errs and len(errs) == len(set(errs)) and all(code for code, _, _ in errs)
    assert any(e.kind == "verdict" for e in report_effects(r, broken))
