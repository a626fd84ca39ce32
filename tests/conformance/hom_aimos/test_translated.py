"""A HOM-AIMOS finding reads wholly in the user's language: the place it names ("the event
receipt", "projection 0 of memory …") is a registered phrase translated with the sentence,
while the English message and the JSON report stay as they were."""

from __future__ import annotations

import pickle

from inspector.core.hom_aimos import verify_bundle
from inspector.core.i18n import Phrase, finding_message

from ..vectors import vector_bytes


def finding(vector_id: str, code: str):
    report = verify_bundle(vector_bytes(vector_id))
    return next(f for f in report.findings if f.code == code)


def test_self_issued_certificate_names_its_place_in_spanish_and_french():
    f = finding("MM-CV-022-B", "hom.self_issued_certificate")
    assert f.message.startswith("The certificate of the event receipt (certificate ")
    assert finding_message(f, "es").startswith("El certificado usado en el recibo del evento (certificado ")
    assert finding_message(f, "fr").startswith(
        "Le certificat utilisé dans le reçu de l’événement (certificat "
    )
    again = pickle.loads(pickle.dumps(f))  # as the GUI receives it from its worker
    assert finding_message(again, "es") == finding_message(f, "es")
    assert f.to_json()["message"] == f.message


def test_a_projection_is_named_in_the_sentence_language():
    f = finding("MM-CV-009", "hom.continuity_break")
    where = dict(f.params)["where"]
    assert isinstance(where, Phrase) and where.startswith("projection 1 of memory ")
    said = finding_message(f, "fr")
    assert said.startswith("L’ancien poids de la projection 1 de la mémoire ")
    assert "of memory" not in said and "projection 1 of" not in finding_message(f, "es")
