"""``inspector.core.hom_proof``: the inclusion proof of a HOM-AIMOS recall receipt entry
(SPEC C4 for the profile of SPEC F) — made only from a bundle that verifies, checked
against the signed event receipt and its certificate, and anchored to the bundle or to a
pinned master, never to itself.  The conformance vectors are read from
``../shared/hom-aimos-v1`` (never copied; see tests/conformance/vectors.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from inspector.core import hom_proof as H
from inspector.core import i18n
from inspector.core.errors import InspectorError
from inspector.core.hom_aimos import verify_bundle
from inspector.core.proofs import RESULT_SCHEMA, ProofError
from tests.conformance.vectors import HOM_V1, expected_rows
from tests.core.hom_aimos import builder as b

RECALL = [r for r in expected_rows() if r["bundle_kind"] == "recall"]
VALID = [r for r in RECALL if r["expected"]["verdict"] == "valid"]
FAILING = [r for r in RECALL if r["expected"]["verdict"] != "valid"]


def vector(row: dict[str, Any]) -> Path:
    return HOM_V1 / row["file"]


def keys(result: dict[str, Any]) -> list[str]:
    return [c["key"] for c in result["checks"]]


@pytest.fixture(scope="module")
def master_issued(tmp_path_factory) -> tuple[Path, str]:
    """A recall bundle of 3 entries whose housekeeper the master certified, and the master."""
    path = tmp_path_factory.mktemp("hom") / "master.json"
    path.write_bytes(b.encode(b.recall("R-master", 3, master_issued_housekeeper=True)))
    report = verify_bundle(path.read_bytes())
    assert report.verdict == "pass"
    return path, report.hom.master.fingerprint


def test_the_vectors_are_there():
    assert len(VALID) >= 3 and len(FAILING) >= 3


@pytest.mark.parametrize("row", VALID, ids=lambda r: r["vector_id"])
def test_every_entry_of_a_valid_vector_is_proved_under_the_reference_root(row):
    path = vector(row)
    n = verify_bundle(path.read_bytes()).hom.receipt.entries
    assert n
    for ordinal in range(len(n)):
        export = H.export_hom_proof(path, ordinal, receipt=json.loads(path.read_bytes())["bundle_id"])
        doc = json.loads(export.to_bytes())
        assert doc["proof"] == H.HOM_PROOF_FORMAT
        assert doc["root"] == "sha256:" + row["expected"]["proof_root"]
        assert doc["bundle_sha256"] == row["expected"]["bundle_sha256"]
        assert doc["ordinal"] == ordinal and doc["tree_size"] == len(n)
        alone = H.check_hom_proof(export.to_bytes())
        assert alone["result"] == "not_anchored" and alone["exit_code"] == 1 and alone["anchor"] is None
        anchored = H.check_hom_proof(export.to_bytes(), file=str(path))
        assert anchored["result"] == "anchored" and anchored["exit_code"] == 0
        assert anchored["anchor"] == {
            "kind": "file",
            "path": str(path),
            "sha256": row["fixture_sha256"],  # the file's bytes (bundle_sha256 is its JCS form's)
            "verdict": "pass",
        }


@pytest.mark.parametrize("row", FAILING, ids=lambda r: r["vector_id"])
def test_a_bundle_that_does_not_verify_gets_no_proof(row):
    with pytest.raises(ProofError) as err:
        H.export_hom_proof(vector(row), 0)
    assert err.value.code == "receipt_unprovable"
    assert row["expected"]["primary_reason"] in err.value.message


def test_the_proof_names_the_receipt_and_refuses_what_it_cannot_prove(tmp_path):
    row = VALID[0]
    path = vector(row)
    bundle_id = json.loads(path.read_bytes())["bundle_id"]
    with pytest.raises(ProofError) as err:
        H.export_hom_proof(path, 0, receipt="another-receipt")
    assert err.value.code == "not_a_receipt" and bundle_id in err.value.message
    for ordinal in (-1, 3, 10**9):
        with pytest.raises(ProofError) as err:
            H.export_hom_proof(path, ordinal)
        assert err.value.code == "ordinal_out_of_range"
    with pytest.raises(ProofError) as err:
        H.export_hom_proof(path, 0, expect_sha256="0" * 64)
    assert err.value.code == "input_changed"
    cognitive = next(r for r in expected_rows() if r["bundle_kind"] == "cognitive")
    with pytest.raises(ProofError) as err:
        H.export_hom_proof(vector(cognitive), 0)
    assert err.value.code == "not_a_receipt" and "cognitive" in err.value.message
    with pytest.raises(InspectorError):  # unreadable: the opener's error, not a proof error
        H.export_hom_proof(tmp_path / "missing.json", 0)


def test_a_self_issued_signer_is_noted_and_a_pinned_master_does_not_anchor_it(tmp_path):
    path = vector(next(r for r in VALID if r["vector_id"] == "MM-CV-022-B"))
    export = H.export_hom_proof(path, 1)
    assert len(export.notes) == 1 and "self-issued" in export.notes[0]
    written = H.write_hom_proof(tmp_path / "p.json", export)
    assert written.stat().st_mode & 0o777 == 0o600
    result = H.check_hom_proof(written.read_bytes())
    assert keys(result) == ["format_ok", "path_ok", "signed_root_ok", "signature_ok", "issuer_self"]
    master = verify_bundle(path.read_bytes()).hom.master.fingerprint
    pinned = H.check_hom_proof(written.read_bytes(), trusted=master)
    assert pinned["result"] == "anchor_mismatch" and keys(pinned)[-1] == "anchor_key_bad"


def test_a_master_issued_signer_anchors_to_the_pinned_master(master_issued):
    path, master = master_issued
    export = H.export_hom_proof(path, 2)
    assert export.notes == [] and export.summary()["master_fingerprint"] == master
    data = export.to_bytes()
    ok = H.check_hom_proof(data, trusted="sha256:" + master.upper())
    assert ok["result"] == "anchored" and ok["anchor"] == {"kind": "master", "fingerprint": master}
    assert "issuer_master" in keys(ok)
    assert H.check_hom_proof(data, trusted="cd" * 32)["result"] == "anchor_mismatch"
    assert H.check_hom_proof(data, trusted="not hex")["result"] == "anchor_mismatch"
    # the carried trust anchors are not an anchor: the proof alone is never "anchored"
    assert H.check_hom_proof(data)["result"] == "not_anchored"


def test_a_proof_is_not_anchored_to_another_bundle_or_a_changed_one(tmp_path, master_issued):
    other, _ = master_issued
    path = vector(VALID[0])
    data = H.export_hom_proof(path, 0).to_bytes()
    result = H.check_hom_proof(data, file=str(other))
    assert result["result"] == "anchor_mismatch" and keys(result)[-1] == "anchor_file_other"
    failing = H.check_hom_proof(data, file=str(vector(FAILING[0])))
    assert failing["result"] == "anchor_mismatch" and keys(failing)[-1] == "anchor_file_fails"
    missing = H.check_hom_proof(data, file=str(tmp_path / "gone.json"))
    assert missing["result"] == "unopenable" and missing["exit_code"] == 2 and missing["valid"]
    # the same bundle, but the proof claims another bundle id: not from it
    doc = json.loads(data)
    doc["bundle_id"] = doc["receipt"] = "someone-else"
    renamed = H.check_hom_proof(json.dumps(doc).encode(), file=str(path))
    assert renamed["result"] == "anchor_mismatch" and keys(renamed)[-1] == "anchor_file_other"


@pytest.mark.parametrize(
    ("tamper", "failing"),
    [
        (lambda d: d["entry"].update(calibrated_score=0.99), "path_bad"),
        (lambda d: d.update(root="sha256:" + "0" * 64), "path_bad"),
        (
            lambda d: d["event_receipt"]["signed_body"]["metadata"].update(merkle_root="0" * 64),
            "signed_root_bad",
        ),
        (lambda d: d["event_receipt"]["signed_body"]["metadata"].update(result_count=9), "signed_root_bad"),
        (lambda d: d["event_receipt"].update(nonce="another"), "signature_bad"),
        (lambda d: d["event_receipt"].update(signer_certificate="x"), "signature_bad"),
        (lambda d: d.pop("event_receipt"), "format_bad"),
        (lambda d: d.update(proof="aleth-inspector/hom-recall-proof/2"), "format_bad"),
    ],
)
def test_a_tampered_proof_does_not_check(tamper, failing):
    doc = json.loads(H.export_hom_proof(vector(VALID[0]), 0).to_bytes())
    bad = copy.deepcopy(doc)
    tamper(bad)
    result = H.check_hom_proof(json.dumps(bad).encode(), file=str(vector(VALID[0])))
    assert result["result"] == "invalid" and result["exit_code"] == 1 and not result["valid"]
    assert keys(result)[-1] == failing
    assert result["anchor"] is None  # an inconsistent proof is never checked against the anchor


HOSTILE = [None, 0, -1, 2**70, 1.5, "", "x" * 10_000, [], [None], {}, {"a": {"b": []}}, True]


@pytest.mark.parametrize("field", sorted(H._KEYS))
def test_any_value_in_any_field_is_an_answer_never_an_exception(field):
    doc = json.loads(H.export_hom_proof(vector(VALID[0]), 0).to_bytes())
    for value in HOSTILE:
        bad = dict(doc, **{field: value})
        result = H.check_hom_proof(json.dumps(bad).encode(), trusted="ab" * 32)
        assert result["result"] in ("invalid", "anchor_mismatch", "not_anchored"), (field, value)
        shown = H.hom_proof_display(result)
        assert all(isinstance(c["message"], str) and c["message"] for c in shown["checks"])
    for data in (b"", b"[]", b"{", b"\xff\xfe", b'{"proof": "aleth-inspector/hom-recall-proof/1"}'):
        assert H.check_hom_proof(data)["result"] == "invalid"
    assert keys(H.check_hom_proof(b" " * (H.MAX_PROOF_BYTES + 1))) == ["too_large"]


def test_the_answer_in_words_english_and_translated():
    data = H.export_hom_proof(vector(VALID[0]), 0).to_bytes()
    result = H.check_hom_proof(data, file=str(vector(VALID[0])))
    shown = H.hom_proof_display(result)
    assert list(shown)[:6] == ["schema", "profile", "result", "valid", "anchored", "message"]
    assert list(shown)[-1] == "exit_code"
    assert shown["schema"] == RESULT_SCHEMA and shown["profile"] == "hom-aimos-v1"
    assert shown["message"] == "The proof is consistent, signed, and anchored."
    assert shown["checks"][-1]["message"].startswith("Anchored to the bundle ")
    assert result["checks"][-1].get("message") is None  # the structured answer is left as it was
    i18n.catalogue.cache_clear()
    fr = H.hom_proof_display(result, "fr")
    assert fr["message"] != shown["message"] and fr["checks"][0]["message"].startswith("Une preuve")
    assert len(fr["notes"]) == len(shown["notes"]) == 1


def test_every_check_key_has_words_for_the_parameters_the_check_gives():
    """Each sentence formats with exactly the names its check fills (a name it lacks
    would raise, one it leaves unfilled would show as braces)."""
    data = H.export_hom_proof(vector(VALID[0]), 0).to_bytes()
    seen = set()
    for result in (
        H.check_hom_proof(data, file=str(vector(VALID[0]))),
        H.check_hom_proof(data, trusted="ab" * 32),
        H.check_hom_proof(b"{"),
        H.check_hom_proof(b" " * (H.MAX_PROOF_BYTES + 1)),
    ):
        for item in result["checks"] + result["notes"]:
            seen.add(item["key"])
            assert "{" not in H._said(item["key"], item["params"]).text
    assert seen <= set(H.WORDS) and len(seen) >= 9


def test_a_bundle_is_told_from_other_files(tmp_path):
    assert H.hom_bundle_at(vector(VALID[0])) == vector(VALID[0]).read_bytes()
    assert H.hom_bundle_at(tmp_path) is None
    sealed = tmp_path / "m.aleth"
    sealed.write_bytes(b"ALETH002" + b"{" * 100)
    assert H.hom_bundle_at(sealed) is None
    other = tmp_path / "x.json"
    other.write_text('{"format": {"schema": "something else"}}')
    assert H.hom_bundle_at(other) is None
    assert H.hom_bundle_at(tmp_path / "missing.json") is None


def test_master_pin():
    assert H.master_pin(" SHA256:" + "AB" * 32 + "\n") == "ab" * 32
    for bad in ("", "ab" * 31, "sha256:" + "g" * 64, "sha512:" + "ab" * 32):
        with pytest.raises(ProofError) as err:
            H.master_pin(bad)
        assert err.value.code == "trusted_key_invalid"
