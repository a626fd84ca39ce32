"""All 42 HOM-AIMOS v1 conformance vectors: the exact verdict, primary reason, root and bundle hash.

The expected values are the reference verifier's own output (``expected.json``); the vectors are
read from ``../shared/hom-aimos-v1`` (AGPL data, never copied into the project).  Also here: the
behaviour the vectors pin beyond their row (names in the reader's language, pins, the recall
command hash the reference recomputes).
"""

from __future__ import annotations

import hashlib
import json
import pickle

import pytest

from inspector.core.hom_aimos import detect, verify_bundle
from inspector.core.hom_aimos.recall import command_hash
from inspector.core.i18n import Phrase, finding_message

from ..vectors import HOM_V1, expected_rows
from ..vectors import vector_bytes as v1_bytes
from ..vectors import vector_doc as v1_doc

VERDICT = {"valid": "pass", "invalid": "fail", "indeterminate": "indeterminate"}
EXIT = {"valid": 0, "invalid": 1, "indeterminate": 4}
ROWS = list(expected_rows())


def test_the_corpus_is_complete() -> None:
    assert len(ROWS) == 42
    counts = {"valid": 0, "invalid": 0, "indeterminate": 0}
    for row in ROWS:
        counts[row["expected"]["verdict"]] += 1
    assert counts == {"valid": 13, "invalid": 28, "indeterminate": 1}


@pytest.mark.parametrize("row", ROWS, ids=[r["vector_id"] for r in ROWS])
def test_vector(row: dict) -> None:
    data = (HOM_V1 / row["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == row["fixture_sha256"]
    assert detect(data) == row["bundle_kind"]
    exp = row["expected"]
    report = verify_bundle(data, source=row["file"])
    assert report.profile == "hom-aimos-v1"
    assert (report.verdict, report.primary_reason) == (VERDICT[exp["verdict"]], exp["primary_reason"])
    assert report.exit_code == EXIT[exp["verdict"]]
    assert report.root == exp["proof_root"]
    assert report.bundle_sha256 == exp["bundle_sha256"]
    if exp["primary_reason"] is None:
        assert not [f for f in report.findings if f.severity.value == "error"]
    else:
        assert report.findings[0].code == "hom." + exp["primary_reason"] and not report.findings[0].additional
        assert all(f.additional for f in report.findings[1:] if f.severity.value == "error")
    if exp.get("terminal_weight_milli") is not None:
        assert report.hom.memories[-1].terminal_weight_milli == exp["terminal_weight_milli"]
    js = report.to_json()
    assert js["profile"] == "hom-aimos-v1" and js["primary_reason"] == exp["primary_reason"]


@pytest.mark.parametrize("vector_id", ["MM-CV-022-A", "MM-CV-022-B", "MM-CV-022-C"])
def test_the_vectors_command_hash_is_the_normalised_commands(vector_id: str) -> None:
    doc = v1_doc(vector_id)
    assert doc["recall_receipt"]["command_hash"] == command_hash(doc["request"]["body"])
    report = verify_bundle(v1_bytes(vector_id))
    assert report.hom.receipt.command_hash_recomputed is True


def test_a_command_hash_over_the_raw_body_fails() -> None:
    """The engine hashes the normalised command; a receipt naming the raw body's hash (and an
    event signed over it) is the reference's cryptographic binding failure."""
    doc = v1_doc("MM-CV-022-A")
    raw = hashlib.sha256(json.dumps(doc["request"]["body"], sort_keys=True, separators=(",", ":")).encode())
    doc["recall_receipt"]["command_hash"] = raw.hexdigest()
    report = verify_bundle(json.dumps(doc).encode())
    assert report.primary_reason == "recall_receipt_cryptographic_binding_invalid"


def test_self_issued_certificate_names_its_place_in_spanish_and_french() -> None:
    report = verify_bundle(v1_bytes("MM-CV-022-B"))
    f = next(f for f in report.findings if f.code == "hom.self_issued_certificate")
    assert f.message.startswith("The certificate of the event receipt (certificate ")
    assert finding_message(f, "es").startswith("El certificado usado en el recibo del evento (certificado ")
    assert finding_message(f, "fr").startswith(
        "Le certificat utilisé dans le reçu de l’événement (certificat "
    )
    again = pickle.loads(pickle.dumps(f))  # as the GUI receives it from its worker
    assert finding_message(again, "es") == finding_message(f, "es")
    assert f.to_json()["message"] == f.message


def test_a_memory_is_named_in_the_sentence_language() -> None:
    report = verify_bundle(v1_bytes("MM-CV-009"))
    f = report.findings[0]
    assert f.code == "hom.continuity_break"
    where = dict(f.params)["where"]
    assert isinstance(where, Phrase) and where.startswith("memory ")
    assert finding_message(f, "fr").startswith("Un ancien poids de la mémoire ")
    assert "memory" not in finding_message(f, "es")


def test_pinning_the_vectors_own_master_keeps_the_verdict_and_another_fails() -> None:
    fpr = v1_doc("MM-CV-003")["master_identity"]["fingerprint"]
    assert verify_bundle(v1_bytes("MM-CV-003"), trust_master=fpr).verdict == "pass"
    other = verify_bundle(v1_bytes("MM-CV-003"), trust_master="ab" * 32)
    assert (other.verdict, other.primary_reason) == ("fail", "untrusted_master")
    invalid = verify_bundle(v1_bytes("MM-CV-018"), trust_master="ab" * 32)
    assert invalid.primary_reason == "transition_signature_invalid"
    assert [f.additional for f in invalid.findings if f.code == "hom.untrusted_master"] == [True]
