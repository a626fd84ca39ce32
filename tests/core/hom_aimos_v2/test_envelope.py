"""v2 recall envelopes: every check of HOM-AIMOS-v2.md §6 reached by one defect, in the reference's
order, with its code; the pin; the structural-only mode.  Envelopes are built and signed here."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

import pytest

from inspector.core.codes import lookup
from inspector.core.hom_aimos_v2 import detect, verify_bundle

from . import builder as b

ENVELOPE = b.Envelope(n=2)
VALID = ENVELOPE.document()
PIN = ENVELOPE.master.fingerprint
HOUSEKEEPER = b.Envelope(actor="housekeeper")
VALID_HK = HOUSEKEEPER.document()


def judge(doc: dict[str, Any], pin: str | None = PIN, **kw: Any) -> tuple[str, str | None]:
    report = verify_bundle(b.encode(doc), trust_master=pin, **kw)
    return report.verdict, report.primary_reason


def change(
    edit: Callable[[dict[str, Any]], Any], *, seal: bool = True, doc: dict[str, Any] = VALID
) -> dict[str, Any]:
    out = b.copy_of(doc)
    edit(out)
    return b.reseal(out) if seal else out


def body(kind: str, result: int | None = None) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda d: b.body(d, kind, result)


def test_built_envelopes_pass_with_every_signature_checked() -> None:
    report = verify_bundle(b.encode(VALID), trust_master=PIN)
    assert (report.verdict, report.primary_reason, report.profile) == ("pass", None, "hom-aimos-v2")
    assert report.root == VALID["object_root_sha256"] and report.bundle_sha256 == VALID["bundle_sha256"]
    view = report.hom
    assert view.stage == "complete" and len(view.objects) == 23 and all(o.hash_ok for o in view.objects)
    assert [s.ok for s in view.signatures] == [True] * len(view.signatures) and len(view.signatures) == 7
    assert view.merkle_root == view.merkle_root_recomputed and len(view.merkle_entries) == 4
    assert judge(VALID_HK, HOUSEKEEPER.master.fingerprint) == ("pass", None)
    assert detect(b.encode(VALID)) == "envelope"


def test_an_empty_recall_is_an_envelope_too() -> None:
    env = b.Envelope(n=0)
    assert judge(env.document(), env.master.fingerprint) == ("pass", None)


# --- §6.1 the envelope --------------------------------------------------------------------------

ENVELOPE_DEFECTS = {
    "bundle_sha256_replaced": lambda d: d.__setitem__("bundle_sha256", "00" * 32),
    "object_root_replaced": lambda d: d.__setitem__("object_root_sha256", "00" * 32),
    "object_count_wrong": lambda d: d.__setitem__("object_count", 22),
    "body_hash_stale": lambda d: b.body(d, "trust_anchor").__setitem__("extra", 1),
    "object_missing": lambda d: d["objects"].pop(),
    "object_with_extra_member": lambda d: d["objects"][0].__setitem__("note", 1),
    "singleton_with_subject": lambda d: d["objects"][0].__setitem__("subject_id", b.MEMORY),
    "result_subject_not_uuid": lambda d: d["objects"][13].__setitem__("subject_id", "memory-1"),
    "format_version_3": lambda d: d["format"].__setitem__("version", 3),
    "result_count_over_200": lambda d: d.__setitem__("result_count", 201),
    "ordinals_swapped": lambda d: (
        d["objects"][0].__setitem__("ordinal", 1),
        d["objects"][1].__setitem__("ordinal", 0),
    ),
    "bundle_id_too_long": lambda d: d.__setitem__("bundle_id", "x" * 201),
    "fingerprint_not_hex": lambda d: d.__setitem__("expected_master_fingerprint", "zz"),
    "body_not_object": lambda d: d["objects"][2].__setitem__("body", [1]),
}


@pytest.mark.parametrize("defect", sorted(ENVELOPE_DEFECTS))
def test_envelope_defects(defect: str) -> None:
    doc = change(ENVELOPE_DEFECTS[defect], seal=False)
    assert judge(doc) == ("fail", "ENVELOPE_COMMITMENT_INVALID")


def test_objects_in_another_array_order_keep_their_ordinals() -> None:
    """Both references re-sort by kind and result: the array order itself is not checked."""
    doc = b.copy_of(VALID)
    doc["objects"].reverse()
    assert judge(doc) == ("pass", None)


# --- §6.2–6.6, one defect per code, the envelope resealed ----------------------------------------


def _set(kind: str, key: str, value: Any, result: int | None = None) -> Callable[[dict[str, Any]], None]:
    return lambda d: b.body(d, kind, result).__setitem__(key, value)


def _schema(d: dict[str, Any]) -> None:
    obj = d["objects"][0]
    obj["schema"] = obj["body"]["schema"] = "hom.aimos.wrong/v9"


def _relabel_system_principal(d: dict[str, Any]) -> None:
    b.body(d, "effective_recall_grant")["authority_kind"] = "housekeeper_system_principal"


def _grant_content(d: dict[str, Any]) -> None:
    b.body(d, "effective_recall_grant")["content_hash"] = "ab" * 32


def _command(d: dict[str, Any]) -> None:
    b.body(d, "request_envelope")["normalized_command"]["limit"] = 7


def _merkle_root_everywhere(d: dict[str, Any]) -> None:
    native = b.body(d, "native_recall_receipt")
    native["merkle_root"] = "cd" * 32
    native["event_receipt"]["signed_body"]["metadata"]["merkle_root"] = "cd" * 32


def _event_command(d: dict[str, Any]) -> None:
    b.body(d, "native_recall_receipt")["event_receipt"]["signed_body"]["metadata"]["command_hash"] = "ef" * 32


def _event_content(d: dict[str, Any]) -> None:
    b.body(d, "native_recall_receipt")["event_receipt"]["content_hash"] = "12" * 32


def _merkle_entry(d: dict[str, Any]) -> None:
    b.body(d, "native_recall_receipt")["merkle_entries"][0]["decision_sha256"] = "34" * 32


def _projection_memory(d: dict[str, Any]) -> None:
    other = "99999999-9999-4999-8999-999999999999"
    for kind in ("return_projection",):
        b.body(d, kind)["projected_memory_ids"][0] = other
    native = b.body(d, "native_recall_receipt")
    native["return_projection"]["projected_memory_ids"][0] = other
    native["event_receipt"]["signed_body"]["metadata"]["return_projection"]["projected_memory_ids"][0] = other


CODES = [
    ("OBJECT_SCHEMA_INVALID", _schema),
    ("DECISION_HASH_MALFORMED", _set("trust_anchor", "master_fingerprint", "not-hex")),
    ("TRUST_ROOT_MISMATCH", _set("trust_anchor", "master_fingerprint", "ab" * 32)),
    ("TRUST_ANCHOR_KEY_MISMATCH", _set("trust_anchor", "master_public_key_b64u", b.b64u(b"another key"))),
    ("IDENTITY_SCOPE_MISMATCH", _set("request_envelope", "actor_agent_id", "someone")),
    ("IDENTITY_CERTIFICATE_BINDING_INVALID", _set("actor_identity_epoch", "certificate", "changed")),
    ("IDENTITY_EPOCH_INVALID", _set("actor_identity_epoch", "valid_until", b.iso(b.T0))),
    ("REVOCATION_STATE_INVALID", _set("actor_revocation_state", "revoked", True)),
    ("HOUSEKEEPER_IDENTITY_INVALID", _set("housekeeper_identity_epoch", "certificate", "changed")),
    ("HOUSEKEEPER_REVOCATION_STATE_INVALID", _set("housekeeper_revocation_state", "revoked", True)),
    ("HOUSEKEEPER_SYSTEM_PRINCIPAL_INVALID", _relabel_system_principal),
    ("GRANT_SCOPE_MISMATCH", _set("effective_recall_grant", "company_id", "other")),
    ("GRANT_NOT_EFFECTIVE", _set("effective_recall_grant", "allowed", False)),
    ("GRANT_COMMITMENT_INVALID", _grant_content),
    ("REQUEST_CONTEXT_INVALID", _set("request_envelope", "signed_method", "GET")),
    ("REQUEST_BODY_HASH_MISMATCH", _set("request_envelope", "request_body_hash", "56" * 32)),
    ("COMMAND_HASH_MISMATCH", _command),
    ("REQUEST_RECEIPT_BINDING_INVALID", _set("request_receipt", "nonce", "other-nonce")),
    ("REQUEST_RECEIPT_COMMITMENT_INVALID", _set("request_receipt", "prev_mutation_hash", "78" * 32)),
    (
        "AUTHORITY_MUTATION_BINDING_INVALID",
        _set("native_recall_receipt", "authority_mutation_hash", "9a" * 32),
    ),
    ("CONTENT_STATE_BINDING_INVALID", _set("final_security_closure", "state_view_root_sha256", "bc" * 32)),
    ("EPISTEMIC_BINDING_INVALID", _set("final_security_closure", "epistemic_decision_sha256", "de" * 32)),
    (
        "SECURITY_CLOSURE_BINDING_INVALID",
        _set("native_recall_receipt", "canary_final_security_closure_sha256", "f0" * 32),
    ),
    ("RETURN_PROJECTION_BINDING_INVALID", _projection_memory),
    ("RESULT_CARDINALITY_INVALID", _set("native_recall_receipt", "result_count", 3)),
    (
        "RESULT_IDENTITY_BINDING_INVALID",
        _set("provenance_chain", "memory_id", "99999999-9999-4999-8999-999999999999", 0),
    ),
    ("PROVENANCE_BINDING_INVALID", _set("provenance_chain", "save_mutation_hash", "01" * 32, 0)),
    ("OCCURRENCE_BINDING_INVALID", _set("occurrence", "occurrence_ref", "02" * 32, 0)),
    (
        "OCCURRENCE_NATIVE_BODY_INVALID",
        lambda d: b.body(d, "occurrence", 1)["native_body"].__setitem__("nonce_hex", "11"),
    ),
    ("EPISTEMIC_PROJECTION_BINDING_INVALID", _set("epistemic_projection", "decision_sha256", "03" * 32, 0)),
    ("RECEIPT_EVIDENCE_BINDING_INVALID", _set("receipt_evidence", "calibrated_score", 0.5, 1)),
    ("MERKLE_ENTRY_BINDING_INVALID", _merkle_entry),
    ("MERKLE_ROOT_MISMATCH", _merkle_root_everywhere),
    ("EVENT_RECEIPT_BINDING_INVALID", _event_command),
    ("EVENT_RECEIPT_COMMITMENT_INVALID", _event_content),
    (
        "REVOCATION_EVENT_BINDING_INVALID",
        _set("actor_revocation_state", "source_event_mutation_hash", "04" * 32),
    ),
]


@pytest.mark.parametrize(("code", "edit"), CODES, ids=[c for c, _ in CODES])
def test_each_structural_check_has_its_code(code: str, edit: Callable[[dict[str, Any]], None]) -> None:
    doc = change(edit)
    assert judge(doc) == ("fail", code)
    assert judge(doc, None, structural_only=True) == ("fail", code)  # structural: the same code


def test_every_structural_code_is_reached() -> None:
    assert len({c for c, _ in CODES}) == 36  # with ENVELOPE_COMMITMENT_INVALID above: all 37


# --- §6.7 the cryptographic stage --------------------------------------------------------------


def _flip(text: str) -> str:
    raw = bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    raw[0] ^= 1
    return b.b64u(bytes(raw))


def _resign_certificate(d: dict[str, Any], kind: str) -> None:
    epoch = b.body(d, kind)
    old_cert, old_fpr = epoch["certificate"], epoch["cert_fingerprint"]
    envelope = json.loads(
        base64.urlsafe_b64decode(epoch["certificate"] + "=" * (-len(epoch["certificate"]) % 4))
    )
    envelope["sig"] = b.b64u(b"\xa5" * 64)
    from inspector.core.canonical import jcs

    cert = b.b64u(jcs(envelope))
    fpr = b.sha(cert.encode())
    for obj in d["objects"]:
        for key, value in list(obj["body"].items()):
            if value == old_cert:
                obj["body"][key] = cert
            elif value == old_fpr:
                obj["body"][key] = fpr


CRYPTO = [
    ("ACTOR_CERTIFICATE_SIGNATURE_INVALID", lambda d: _resign_certificate(d, "actor_identity_epoch")),
    (
        "MASTER_GRANT_SIGNATURE_INVALID",
        lambda d: b.body(d, "effective_recall_grant").__setitem__(
            "signature_b64u", _flip(b.body(d, "effective_recall_grant")["signature_b64u"])
        ),
    ),
    (
        "HOUSEKEEPER_EVENT_SIGNATURE_INVALID",
        lambda d: b.body(d, "native_recall_receipt")["event_receipt"].__setitem__(
            "signature_b64u", _flip(b.body(d, "native_recall_receipt")["event_receipt"]["signature_b64u"])
        ),
    ),
    (
        "HOUSEKEEPER_OCCURRENCE_SIGNATURE_INVALID",
        lambda d: b.body(d, "occurrence", 1).__setitem__(
            "signature_b64u", _flip(b.body(d, "occurrence", 1)["signature_b64u"])
        ),
    ),
]


@pytest.mark.parametrize(("code", "edit"), CRYPTO, ids=[c for c, _ in CRYPTO])
def test_each_signature_has_its_code(code: str, edit: Callable[[dict[str, Any]], None]) -> None:
    doc = change(edit)
    assert judge(doc, None, structural_only=True) == ("pass", None)  # structurally the same envelope
    assert judge(doc) == ("fail", code)


@pytest.mark.parametrize(
    ("forger", "code"),
    [
        ("request_signer", "ACTOR_REQUEST_SIGNATURE_INVALID"),
        ("certificate_signer", "HOUSEKEEPER_CERTIFICATE_SIGNATURE_INVALID"),
    ],
)
def test_a_forger_is_found_only_by_the_cryptographic_stage(forger: str, code: str) -> None:
    """Everything the structure binds re-hashes over the forged signature: only the keys tell."""
    env = b.Envelope(n=1, **{forger: b.Key()})
    doc = env.document()
    assert judge(doc, None, structural_only=True) == ("pass", None)
    assert judge(doc, env.master.fingerprint) == ("fail", code)


@pytest.mark.parametrize("pin", [None, "ab" * 32, "not a fingerprint"])
def test_without_the_right_pin_nothing_is_trusted(pin: str | None) -> None:
    assert judge(VALID, pin) == ("fail", "EXPECTED_TRUST_ANCHOR_REQUIRED")


@pytest.mark.parametrize("form", ["{}", "sha256:{}", "  {}  ", "UPPER"])
def test_the_pin_is_read_leniently(form: str) -> None:
    pin = PIN.upper() if form == "UPPER" else form.format(PIN)
    assert judge(VALID, pin) == ("pass", None)


def test_structural_only_says_no_signature_was_checked() -> None:
    report = verify_bundle(b.encode(VALID), structural_only=True)
    assert report.verdict == "pass"
    warning = [f for f in report.findings if f.code == "hom.structural_only"]
    assert len(warning) == 1 and warning[0].severity.value == "warning"
    assert "no signature" in warning[0].message
    assert all(s.ok is None for s in report.hom.signatures)
    assert report.to_json()["hom"]["structural_only"] is True


def test_the_expected_master_is_shown() -> None:
    report = verify_bundle(b.encode(VALID), trust_master=PIN)
    notes = [f for f in report.findings if f.code == "hom.expected_master_fingerprint"]
    assert len(notes) == 1 and PIN in notes[0].message


def test_every_code_is_registered_for_the_v2_profile() -> None:
    for code, _ in CODES + CRYPTO:
        info = lookup("hom." + code)
        assert info is not None and info.profile == "hom-aimos-v2"


def test_a_document_that_is_not_json_fails_its_commitment() -> None:
    report = verify_bundle(b"\xff not json")
    assert (report.verdict, report.primary_reason) == ("fail", "ENVELOPE_COMMITMENT_INVALID")
