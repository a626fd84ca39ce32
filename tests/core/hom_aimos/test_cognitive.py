"""Cognitive bundles: event streams, baselines, records, parity and the reference's reasons for
them (HOM-AIMOS.md §1.6, HOM-AIMOS-v2.md §10.2), on bundles built and signed here."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from inspector.core.findings import Severity
from inspector.core.hom_aimos import prims as p
from inspector.core.hom_aimos import verify_bundle

from . import builder as b


def run(doc: Any, **kw: Any):
    return verify_bundle(b.encode(doc), **kw)


def judge(doc: Any) -> tuple[str, str | None]:
    report = run(doc)
    return report.verdict, report.primary_reason


def with_stream() -> tuple[b.Cognitive, dict[str, Any]]:
    cog = b.Cognitive()
    cog.baseline_memory(1234, [1500])
    cog.memory([1000, 1100])
    return cog, cog.document()


def test_a_bundle_with_a_stream_and_a_baseline_passes() -> None:
    report = run(with_stream()[1])
    assert (report.verdict, report.primary_reason) == ("pass", None)
    statuses = {r.certification_status for r in report.hom.records}
    assert statuses == {"certified_chain"}
    assert report.hom.streams[0].ok and report.hom.streams[0].events[0].ok
    assert report.root is not None and report.bundle_sha256 == report.hom.document_sha256


def test_a_signed_initial_weight_without_projections_passes() -> None:
    cog = b.Cognitive()
    cog.baseline_memory(800)
    report = run(cog.document())
    assert (report.verdict, report.hom.records[0].certification_status) == ("pass", "signed_initial_weight")


# --- the event stream's identity epoch: one check per event -----------------------------------


@pytest.mark.parametrize(
    "defect",
    ["issuer_not_the_master", "signed_after_the_certificate", "another_tenant", "another_signer"],
)
def test_an_event_outside_its_signers_epoch_is_one_epoch_reason(defect: str) -> None:
    cog = b.Cognitive()
    if defect == "issuer_not_the_master":
        other = b.Key()
        cert = b.certificate(p.HOUSEKEEPER, cog.housekeeper, other, issuer="unexpected-root")
        stream = cog.stream()
        stream["identity"]["certificate_b64u"] = cert
    if defect == "signed_after_the_certificate":
        cog.cert_until = cog.identity_until = b.T0 + 10
    cog.baseline_memory(1234)
    doc = cog.document()
    event = doc["event_streams"][0]["events"][0]
    if defect == "another_tenant":
        event["company_id"] = "other"
    if defect == "another_signer":
        event["signer_agent_id"] = "auditor"
    assert judge(doc)[1] == "cognitive_evidence_event_identity_epoch_invalid"


def test_a_failing_stream_is_primary_and_the_memory_records_follow() -> None:
    _, doc = with_stream()
    doc["event_streams"][0]["events"][0]["signature"] = "00" * 64
    report = run(doc)
    assert report.primary_reason == "event_ledger_proof_invalid:sig_invalid"
    assert report.hom.streams[0].reason == "event_ledger_proof_invalid:sig_invalid"
    # the baseline's event is not indexed: its memory's record fails too, as an additional finding
    additional = [f.code for f in report.findings if f.additional and f.severity is Severity.ERROR]
    assert "hom.baseline_chain_anchor_invalid" in additional
    assert report.root is not None  # the reference still gives the proof root


def test_a_broken_link_and_a_duplicate_event() -> None:
    cog, doc = with_stream()
    doc["event_streams"][0]["events"][0]["ledger_sequence"] = 2
    assert judge(doc)[1] == "event_ledger_chain_link_invalid"
    doc = copy.deepcopy(cog.document())
    doc["event_streams"].append(copy.deepcopy(doc["event_streams"][0]))
    assert judge(doc)[1] == "cognitive_evidence_event_duplicate"


def test_a_stream_signer_other_than_its_identity() -> None:
    _, doc = with_stream()
    doc["event_streams"][0]["signer_valid_from"] = b.T0 + 1
    assert judge(doc)[1] == "cognitive_evidence_event_identity_mismatch"


# --- baselines --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("live_content_hash", "00" * 32, "baseline_binding_invalid"),
        ("attestation_reason", "other", "baseline_binding_invalid"),
        ("event_mutation_hash", "11" * 32, "baseline_event_missing"),
        ("baseline_hash", "22" * 32, "baseline_hash_invalid"),
        ("signature", "33" * 64, "baseline_signature_invalid"),
    ],
)
def test_a_baseline_defect_makes_its_record_fail(field: str, value: Any, reason: str) -> None:
    cog = b.Cognitive()
    mem = cog.baseline_memory(1234)
    mem["baseline"][field] = value
    report = run(cog.document())
    assert report.primary_reason == reason
    assert report.hom.records[0].certification_status == "signed_initial_weight"


def test_a_baseline_with_projections_fails_at_the_anchor() -> None:
    cog = b.Cognitive()
    mem = cog.baseline_memory(1234, [1500])
    mem["baseline"]["signature"] = "33" * 64
    assert judge(cog.document())[1] == "baseline_chain_anchor_invalid"


def test_a_baseline_signer_whose_certificate_expired_is_its_identity_reason() -> None:
    cog = b.Cognitive(cert_until=b.T0 + 10, identity_until=b.T0 + 10)
    cog.baseline_memory(1234)
    report = run(cog.document())
    assert report.primary_reason == "cognitive_evidence_event_identity_epoch_invalid"  # its event first
    assert report.hom.records[0].reason == "cert_expired"


def test_a_non_default_weight_without_a_baseline_is_unattested() -> None:
    cog = b.Cognitive()
    mem = cog.memory([1000])
    mem["retrieval_weight_milli"], mem["retrieval_weight_float4"] = 1200, p.float4(1200)
    report = run(cog.document())
    assert report.primary_reason == "unattested_initial_weight"
    assert report.hom.records[0].certification_status == "unattested_initial_weight"


def test_a_chain_not_starting_at_1000_without_a_baseline() -> None:
    cog = b.Cognitive()
    cog.memory([1100, 1300])
    assert judge(cog.document())[1] == "default_chain_anchor_invalid"


# --- revocation ---------------------------------------------------------------------------------


def test_revocation_after_signing_is_valid_and_before_is_not() -> None:
    later = b.Cognitive(revoked_at=b.T0 + 1000)
    later.memory([1000, 1100])
    report = run(later.document())
    assert report.verdict == "pass"
    assert report.hom.signers[0].revoked_at is None or report.hom.signers[0].revoked_at == b.T0 + 1000
    before = b.Cognitive(revoked_at=b.T0 + 10)
    before.memory([1000, 1100])
    assert judge(before.document())[1] == "provenance_signer_revoked_before_evidence"


def test_a_revocation_by_another_master() -> None:
    cog = b.Cognitive(revoked_at=b.T0 + 1000)
    cog.memory([1000, 1100])
    doc = cog.document()
    rev = doc["memories"][0]["projections"][0]["provenance"]["identity"]["revocation"]
    rev["master_fingerprint"] = "ab" * 32
    assert judge(doc)[1] == "provenance_revocation_master_mismatch"


# --- records, parity and the order of reasons ---------------------------------------------------


def test_a_broken_second_memory_is_additional_to_the_first() -> None:
    cog = b.Cognitive()
    m1 = cog.memory([1000, 1100], memory_id="00000000-0000-4000-8000-000000000001")
    m2 = cog.memory([1000, 1200, 1300], memory_id="00000000-0000-4000-8000-000000000002")
    m1["retrieval_weight_milli"], m1["retrieval_weight_float4"] = 1500, p.float4(1500)
    m2["projections"][0]["transition_signature"] = "00" * 64
    report = run(cog.document())
    assert report.primary_reason == "terminal_weight_mismatch"
    errors = [f for f in report.findings if f.severity is Severity.ERROR]
    assert [f.code for f in errors] == [
        "hom.terminal_weight_mismatch",
        "hom.transition_signature_invalid",
        "hom.sql_portable_parity_mismatch",
    ]
    assert errors[0].additional is False and all(f.additional for f in errors[1:])
    rec2 = report.hom.records[1]
    assert (rec2.ok, rec2.chain_length, rec2.sigs_verified, rec2.reason) == (
        False,
        0,
        0,
        "transition_signature_invalid",
    )


def test_parity_is_the_reason_when_everything_else_holds() -> None:
    cog = b.Cognitive()
    mem = cog.memory([1000, 1100])
    doc = cog.document()
    doc["sql_records"][0] = b.sql_record(mem, chain_length=5)
    report = run(doc)
    assert (report.primary_reason, report.hom.parity) == ("sql_portable_parity_mismatch", False)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("x", "cognitive_evidence_sql_record_invalid"),
        ({"chain_length": -1}, "cognitive_evidence_sql_count_invalid"),
    ],
)
def test_a_malformed_sql_row_ends_the_run(value: Any, reason: str) -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1100])
    doc = cog.document()
    doc["sql_records"][0] = value if isinstance(value, str) else {**doc["sql_records"][0], **value}
    report = run(doc)
    assert report.primary_reason == reason and report.root is None


def test_a_malformed_memory_field_is_portable_evidence_malformed() -> None:
    cog = b.Cognitive()
    mem = cog.memory([1000, 1100])
    mem["projections"][0]["provenance"]["body"]["old_weight"] = None  # float(None) in the reference
    report = run(cog.document())
    rec = report.hom.records[0]
    assert (rec.reason, rec.certification_status, rec.chain_length) == (
        "portable_evidence_malformed",
        "certified_chain",
        0,
    )


def test_a_stream_that_is_not_an_object_is_the_references_internal_failure() -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1100])
    doc = cog.document()
    doc["event_streams"] = ["not a stream"]
    report = run(doc)
    assert (report.verdict, report.primary_reason) == ("indeterminate", "verifier_internal_failure")
    assert report.root is None and report.exit_code == 4


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.__setitem__("extra", 1), "cognitive_evidence_bundle_schema_invalid"),
        (lambda d: d["format"].__setitem__("version", 2), "cognitive_evidence_bundle_schema_invalid"),
        (lambda d: d.__setitem__("company_id", "  "), "cognitive_evidence_bundle_identity_invalid"),
        (
            lambda d: d["master_identity"].__setitem__("fingerprint", "AB" * 32),
            "cognitive_evidence_bundle_identity_invalid",
        ),
        (
            lambda d: d["master_identity"].__setitem__("fingerprint", "ab" * 32),
            "cognitive_evidence_master_fingerprint_mismatch",
        ),
        (lambda d: d["master_identity"].__setitem__("public_key_b64u", ""), "master_key_invalid"),
        (lambda d: d["memories"].reverse(), "cognitive_evidence_memory_order_invalid"),
        (
            lambda d: d["memories"][0].__setitem__("content_hash", "AB" * 32),
            "cognitive_evidence_memory_content_invalid",
        ),
        (
            lambda d: d["memories"][0].__setitem__("retrieval_weight_milli", 1001),
            "cognitive_evidence_memory_weight_invalid",
        ),
        (
            lambda d: d["memories"][0].__setitem__("retrieval_weight_float4", "7fc00000"),
            "cognitive_evidence_number_invalid",
        ),
    ],
)
def test_raised_checks_end_the_run_without_a_root(change: Any, reason: str) -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1100], memory_id="00000000-0000-4000-8000-000000000001")
    cog.memory([1000, 1200], memory_id="00000000-0000-4000-8000-000000000002")
    doc = cog.document()
    change(doc)
    report = run(doc)
    assert (report.verdict, report.primary_reason, report.root, report.bundle_sha256) == (
        "fail",
        reason,
        None,
        None,
    )


def test_the_update_rule_is_never_applied() -> None:
    """1000→1300 and 1000→1100 at the same valence fit no single eta: both valid here."""
    cog = b.Cognitive()
    cog.memory([1000, 1300])
    cog.memory([1000, 1100])
    report = run(cog.document())
    assert report.verdict == "pass"
    assert not [c for c in report.codes() if "rule" in c]
