"""The HOM-AIMOS code table (``inspector.core.codes.hom_aimos``): each reference reason has
its sentence (a template naming the object) and its entry ``hom.<reason>``, whose meaning
says in words what the sentence's placeholders stand for."""

from __future__ import annotations

from inspector.core.codes import CODES, lookup
from inspector.core.codes.hom_aimos import PROFILE, TEXTS
from inspector.core.codes.hom_aimos_v2 import PROFILE as PROFILE_V2
from inspector.core.findings import TEMPLATES


def test_every_reason_has_its_sentence_and_its_entry() -> None:
    assert len(TEXTS) > 40
    for reason, text in TEXTS.items():
        info = lookup("hom." + reason)  # a family's composed reason ("x:inner") is the entry of "x"
        assert info is not None, reason
        assert info.profile in (PROFILE, PROFILE_V2) and info.severity is text.severity, reason
        assert text.sentence in TEMPLATES
        assert info.title == text.title or ":" in reason, reason  # a family's title is the family's
        assert "{" not in info.meaning, reason  # placeholders said in words


def test_every_hom_entry_is_a_reason_of_this_table() -> None:
    profiles = (PROFILE, PROFILE_V2)  # both profiles' reasons share the sentence table
    hom = {code.removeprefix("hom.") for code, info in CODES.items() if info.profile in profiles}
    assert hom == {reason.split(":", 1)[0] for reason in TEXTS}
    assert all(code.startswith("hom.") for code, info in CODES.items() if info.profile in profiles)
    some = next(r for r in TEXTS if ":" not in r)
    assert lookup(f"hom.{some}:7") is CODES[f"hom.{some}"]
