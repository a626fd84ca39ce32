"""The HOM-AIMOS code table (``inspector.core.codes.hom_aimos``): each reference reason has
its sentence (a template naming the object) and its entry ``hom.<reason>``, whose meaning
says in words what the sentence's placeholders stand for."""

from __future__ import annotations

from inspector.core.codes import CODES, lookup
from inspector.core.codes.hom_aimos import PROFILE, TEXTS
from inspector.core.findings import TEMPLATES


def test_every_reason_has_its_sentence_and_its_entry() -> None:
    assert len(TEXTS) > 40
    for reason, text in TEXTS.items():
        info = CODES["hom." + reason]
        assert info.profile == PROFILE and info.severity is text.severity, reason
        assert text.sentence in TEMPLATES and info.title == text.title
        assert "{" not in info.meaning, reason  # placeholders said in words


def test_every_hom_entry_is_a_reason_of_this_table() -> None:
    hom = {code.removeprefix("hom.") for code, info in CODES.items() if info.profile == PROFILE}
    assert hom == set(TEXTS)
    assert all(code.startswith("hom.") for code, info in CODES.items() if info.profile == PROFILE)
    some = next(iter(TEXTS))
    assert lookup(f"hom.{some}:7") is CODES[f"hom.{some}"]
