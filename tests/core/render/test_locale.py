"""What the core says in Spanish and French reads as those languages write it: numbers
grouped and decimals marked their way (10,967 is ten thousand in English but ten point
nine in French), zero is singular in French, and a sentence never carries an English
fragment inside a translated one."""

from __future__ import annotations

import json
import pickle

import pytest

from inspector.core import i18n
from inspector.core.findings import message
from inspector.core.render import RenderOptions, render_text
from inspector.core.render.safe import encode
from inspector.core.render.strings import Tr


@pytest.mark.parametrize(
    ("lang", "n", "text"),
    [
        ("en", 10967, "10,967"),
        ("es", 10967, "10.967"),
        ("fr", 10967, "10\u202f967"),
        ("es", 2048, "2048"),  # Spanish groups from five digits on
        ("fr", 2048, "2\u202f048"),
        ("en", 1234567, "1,234,567"),
        ("es", 1234567, "1.234.567"),
        ("fr", -1234567, "-1\u202f234\u202f567"),
        ("en", 7, "7"),
        (None, 1000, "1,000"),
    ],
)
def test_numbers_are_grouped_as_the_language_writes_them(lang, n, text):
    assert i18n.number(n, lang) == text


@pytest.mark.parametrize(("lang", "text"), [("en", "0.02"), ("es", "0,02"), ("fr", "0,02")])
def test_decimals_use_the_language_mark(lang, text):
    assert i18n.decimal(0.0213, 2, lang) == text


@pytest.mark.parametrize(
    ("lang", "n", "singular"),
    [
        *[("en", 0, False), ("en", 1, True), ("en", 2, False)],
        *[("es", 0, False), ("es", 1, True)],
        *[("fr", 0, True), ("fr", 1, True), ("fr", 2, False)],
    ],
)
def test_plural_rule(lang, n, singular):
    assert i18n.is_singular(n, lang) is singular


def test_counts_read_naturally():
    assert Tr("fr").count(0, ("{n} error", "{n} errors")) == "0 erreur"
    assert Tr("es").count(0, ("{n} error", "{n} errors")) == "0 errores"
    assert Tr("es").count(12345, ("{n} byte", "{n} bytes")) == "12.345 bytes"
    assert Tr("en").count(1, ("{n} evidence record", "{n} evidence records")) == "1 evidence record"
    assert Tr("es").count(1, ("{n} evidence record", "{n} evidence records")) == "1 registro de evidencia"
    assert Tr("fr").count(3, ("{n} evidence record", "{n} evidence records")) == "3 preuves"


def test_the_text_report_speaks_french_numbers(fail_report):
    text = render_text(fail_report, RenderOptions(lang="fr", width=100))
    size = fail_report.input["size"]
    assert size >= 1000  # the fixture store is some kilobytes: its size is grouped
    assert f"{i18n.number(size, 'fr')} octets" in text
    assert f"{size:,}" not in text
    assert "0 preuve" in text and "0 preuves" not in text
    # a stream that cannot carry the narrow no-break space gets a plain space
    assert f"{size:,}".replace(",", " ") in encode(text, "ascii").decode("ascii")


def test_a_phrase_is_its_english_text_and_is_translated_with_its_sentence():
    from inspector.core.hom_aimos.outcome import AT_PROJECTION

    where = i18n.Phrase(AT_PROJECTION, index=2, memory="m-1")
    assert where == "projection 2 of memory m-1" and isinstance(where, str)
    assert json.dumps({"where": where}) == '{"where": "projection 2 of memory m-1"}'
    again = pickle.loads(pickle.dumps(where))  # the GUI gets findings pickled from its worker
    assert isinstance(again, i18n.Phrase) and (again.template, again.params) == (where.template, where.params)
    sentence = message("A projection hash of {where} does not recompute.")
    spanish = i18n.tr(sentence, "es", where=again)
    assert spanish == "Un hash de proyección de la proyección 2 de la memoria m-1 no se puede recalcular."
    english = i18n.tr(sentence, "en", where=again)
    assert english == "A projection hash of projection 2 of memory m-1 does not recompute."
    # a value read from a file is never translated, even when it spells a registered sentence
    assert i18n.tr(sentence, "es", where="the bundle").endswith("de the bundle no se puede recalcular.")


def test_nested_effect_sentences_are_translated_too():
    from inspector.core.write import effects as E
    from inspector.core.write.authoring import NOTE_KEPT, NOTE_REKEY

    note = E.effect("note", E.NOT_ANCHORED, count=2, key_id="key-001", why=i18n.Phrase(E.WHY_CUTOFF))
    assert note.translated("es").endswith("(el corte no es HEAD)")
    assert note.translated("fr").endswith("(la coupure n’est pas HEAD)")
    assert note.text.endswith("(the cutoff is not HEAD)")  # English stays English, in --json too
    assert note.to_json()["params"]["why"] == "the cutoff is not HEAD"
    rekey = E.effect("note", NOTE_REKEY, recovery=i18n.Phrase(NOTE_KEPT))
    said = rekey.translated("fr")
    assert said == "nouvel emplacement de phrase secrète\u202f; emplacement de récupération conservé"
