"""The HOM-AIMOS profile beyond the vectors: trust, self-issued signers, unsupported forms,
corpora, views, detection, additional findings, the code table — on bundles built here with
fresh keys (the tests that read the conformance vectors are in tests/conformance/hom_aimos)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from inspector.core import hom_aimos
from inspector.core.codes import CODES
from inspector.core.findings import Severity
from inspector.core.hom_aimos import detect, member_bytes, verify_bundle
from inspector.core.hom_aimos import prims as p

from . import builder as b


def run(doc: Any, **kw: Any):
    return verify_bundle(b.encode(doc), **kw)


def codes_of(report) -> list[str]:
    return [f.code for f in report.findings]


# --- bundles built here (fresh keys) ------------------------------------------------------


def test_built_cognitive_bundle_passes_with_its_records() -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1250, 800])
    cog.memory([1000])
    report = run(cog.document())
    assert (report.verdict, report.primary_reason) == ("pass", None), report.findings
    assert report.root is not None and report.bundle_sha256 == report.hom.document_sha256
    statuses = sorted((r.certification_status, r.chain_length, r.sigs_verified) for r in report.hom.records)
    assert statuses == [("certified_chain", 2, 2), ("default_empty_chain", 0, 0)]
    assert report.hom.parity is True


def test_a_broken_second_memory_is_additional_to_the_first() -> None:
    cog = b.Cognitive()
    m1 = cog.memory([1000, 1100], memory_id="00000000-0000-4000-8000-000000000001")
    m2 = cog.memory([1000, 1200, 1300], memory_id="00000000-0000-4000-8000-000000000002")
    m1["retrieval_weight_milli"], m1["retrieval_weight_float4"] = 1500, p.float4(1500)
    m2["projections"][0]["transition_signature"] = "00" * 64
    doc = cog.document()
    report = run(doc)
    assert report.primary_reason == "terminal_weight_mismatch"
    errors = [f for f in report.findings if f.severity is Severity.ERROR]
    assert [f.code for f in errors[:2]] == [
        "hom.terminal_weight_mismatch",
        "hom.transition_signature_invalid",
    ]
    assert errors[0].additional is False and all(f.additional for f in errors[1:])
    # the second memory's later projection still verified; its record stops at the first failure
    rec2 = report.hom.records[1]
    assert (rec2.ok, rec2.chain_length, rec2.reason) == (False, 0, "transition_signature_invalid")
    assert [s.verified for s in report.hom.memories[1].steps] == [False, True]
    assert "hom.cognitive_evidence_sql_parity_mismatch" in codes_of(report)


# --- trust: master fingerprint, pinning, self-issued signers ------------------------------


def test_master_fingerprint_is_shown() -> None:
    doc = b.valid_cognitive()
    report = run(doc)
    fpr = doc["master_identity"]["fingerprint"]
    assert report.hom.master.computed_fingerprint == fpr and report.hom.master.verified
    info = [f for f in report.findings if f.code == "hom.master_fingerprint"]
    assert len(info) == 1 and info[0].severity is Severity.INFO and fpr in info[0].message
    assert report.to_json()["hom"]["master"]["fingerprint"] == fpr


@pytest.mark.parametrize("form", ["{}", "sha256:{}", "  {}  ", "UPPER"])
def test_pinning_the_bundles_own_master_keeps_the_verdict(form: str) -> None:
    doc = b.valid_cognitive()
    fpr = doc["master_identity"]["fingerprint"]
    pin = fpr.upper() if form == "UPPER" else form.format(fpr)
    report = run(doc, trust_master=pin)
    assert (report.verdict, report.primary_reason) == ("pass", None)
    assert report.hom.master.pinned == fpr


def test_pinning_another_master_fails_a_valid_bundle() -> None:
    report = run(b.valid_cognitive(), trust_master="ab" * 32)
    assert (report.verdict, report.primary_reason, report.exit_code) == ("fail", "untrusted_master", 1)
    first = report.findings[0]
    assert first.code == "hom.untrusted_master" and first.severity is Severity.ERROR and not first.additional
    assert first.expected == "ab" * 32


def test_pinning_another_master_keeps_the_reference_reason_of_an_invalid_bundle() -> None:
    doc = b.valid_cognitive()
    doc["memories"][0]["projections"][1]["transition_signature"] = "00" * 64
    report = run(doc, trust_master="ab" * 32)
    assert report.primary_reason == "transition_signature_invalid"
    pinned = [f for f in report.findings if f.code == "hom.untrusted_master"]
    assert len(pinned) == 1 and pinned[0].additional


def test_a_malformed_pin_trusts_nothing() -> None:
    report = run(b.valid_cognitive(), trust_master="not-a-fingerprint")
    assert report.primary_reason == "untrusted_master"


def test_self_issued_housekeeper_is_valid_with_a_warning() -> None:
    cog = b.Cognitive(self_issued=True)
    cog.memory([1000, 1300])
    doc = cog.document()
    report = run(doc)
    assert (report.verdict, report.primary_reason) == ("pass", None)
    warnings = [f for f in report.findings if f.code == "hom.self_issued_certificate"]
    assert len(warnings) == 1 and warnings[0].severity is Severity.WARNING
    assert "pin the master" in warnings[0].message
    assert [s.issued_by for s in report.hom.signers] == ["self"]
    pinned = run(doc, trust_master=cog.master.fingerprint)
    assert (pinned.verdict, pinned.primary_reason) == ("fail", "untrusted_master")
    assert codes_of(pinned).count("hom.untrusted_master") == 1


def test_master_issued_housekeeper_has_no_warning() -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1300])
    report = run(cog.document(), trust_master=cog.master.fingerprint)
    assert report.verdict == "pass" and "hom.self_issued_certificate" not in codes_of(report)
    assert [s.issued_by for s in report.hom.signers] == ["master"]


def test_recall_self_issued_housekeeper_warns_and_fails_under_a_pin() -> None:
    self_issued = b.recall("R-self-issued", 2)
    report = run(self_issued)
    assert report.verdict == "pass" and "hom.self_issued_certificate" in codes_of(report)
    master = self_issued["trust_anchors"]["master"]["fingerprint"]
    pinned = run(self_issued, trust_master=master)
    assert pinned.primary_reason == "untrusted_master"
    doc = b.recall("R-master-issued", 2, master_issued_housekeeper=True)
    clean = run(doc, trust_master=doc["trust_anchors"]["master"]["fingerprint"])
    assert (clean.verdict, clean.primary_reason) == ("pass", None), clean.findings


def test_built_revocation_after_signing_is_valid_and_before_is_not() -> None:
    for revoked_at, expected in (
        (b.T0 + 3600, None),
        (b.T0 + 30, "provenance_signer_revoked_before_evidence"),
    ):
        cog = b.Cognitive()
        mem = cog.memory([1000, 1300])
        ident = mem["projections"][0]["provenance"]["identity"]
        ident["revocation"] = b.revocation(ident, cog.master, revoked_at)
        report = run(cog.document() | {"sql_records": _records_for(cog, expected)})
        assert report.primary_reason == expected, report.findings


def _records_for(cog: b.Cognitive, reason: str | None) -> list[dict[str, Any]]:
    (mem,) = cog.memories
    ok = reason is None
    return [
        {
            "memory_id": mem["memory_id"],
            "certification_status": "certified_chain",
            "ok": ok,
            "chain_length": 1 if ok else 0,
            "signatures_verified": 1 if ok else 0,
            "reason": reason,
        }
    ]


# --- signature forms and tiers ------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("signature_form", 2), ("signature_form", 4), ("request_signature_form", 3), ("identity_tier", "T2")],
)
def test_unsupported_forms_are_indeterminate(field: str, value: Any) -> None:
    doc = b.valid_cognitive()
    doc["memories"][0]["projections"][0]["provenance"][field] = value
    report = run(doc)
    assert (report.verdict, report.primary_reason, report.exit_code) == (
        "indeterminate",
        "unsupported_signature_form",
        4,
    )
    assert report.root is None and report.bundle_sha256 is None
    assert report.findings[0].code == "hom.unsupported_signature_form"
    assert report.hom.records[0].supported is False


def test_unknown_form_is_invalid() -> None:
    doc = b.valid_cognitive()
    doc["memories"][0]["projections"][0]["provenance"]["signature_form"] = 9
    assert run(doc).primary_reason == "provenance_tier_form_invalid"


def test_definite_failure_elsewhere_outranks_an_unsupported_form() -> None:
    cog = b.Cognitive()
    m1 = cog.memory([1000, 1100], memory_id="00000000-0000-4000-8000-000000000001")
    m2 = cog.memory([1000, 1200], memory_id="00000000-0000-4000-8000-000000000002")
    m1["projections"][0]["provenance"]["signature_form"] = 2
    m2["projections"][0]["transition_signature"] = "11" * 64
    report = run(cog.document())
    assert (report.verdict, report.primary_reason) == ("fail", "transition_signature_invalid")
    assert report.root is None


# --- corpus -------------------------------------------------------------------------------


def test_built_corpus_passes_and_members_verify_on_their_own() -> None:
    bundles = [b.recall("R-1", 1), b.recall("R-2", 3)]
    doc = b.corpus(bundles)
    report = run(doc)
    assert (report.verdict, report.primary_reason) == ("pass", None), report.findings
    assert report.root == doc["corpus_root"] and report.bundle_sha256 == report.hom.document_sha256
    members = report.hom.corpus.members
    assert [(m.bundle_id, m.verdict) for m in members] == [("R-1", "pass"), ("R-2", "pass")]
    for i, bundle in enumerate(bundles):
        alone = verify_bundle(member_bytes(report, i))
        assert alone.verdict == "pass"
        assert alone.root == bundle["recall_receipt"]["merkle_root"]
    with pytest.raises(ValueError):
        member_bytes(report, 2)


def test_corpus_member_tampering_is_found() -> None:
    doc = b.corpus([b.recall("R-1", 1), b.recall("R-2", 2)])
    doc["members"][1]["bundle"]["memories"][0]["source"] = "elsewhere"
    report = run(doc)
    assert report.primary_reason == "recall_corpus_member_invalid:1"
    assert "hom.recall_corpus_member_bundle_invalid:1" in codes_of(report)


def test_corpus_with_wrong_root_fails() -> None:
    doc = b.corpus([b.recall("R-1", 1)])
    doc["corpus_root"] = "00" * 32
    assert run(doc).primary_reason == "recall_corpus_root_invalid"


# --- recall views and proofs --------------------------------------------------------------


def test_recall_request_signature_is_checked() -> None:
    doc = b.recall("R-sig", 2)
    doc["request"]["body"]["q"] = "another query"
    report = run(doc)
    assert report.primary_reason == "recall_request_signature_invalid"
    # the receipt's outer request hash no longer binds the body either: additional
    assert "hom.recall_receipt_cryptographic_binding_invalid" in codes_of(report)


def test_recall_event_receipt_signature_is_checked() -> None:
    doc = b.recall("R-ev", 2)
    sig = doc["recall_receipt"]["event_receipt"]["signature"]
    doc["recall_receipt"]["event_receipt"]["signature"] = ("A" if sig[0] != "A" else "B") + sig[1:]
    assert run(doc).primary_reason == "recall_event_receipt_signature_invalid"


def test_recall_untrusted_self_issued_signer_is_refused() -> None:
    doc = b.recall("R-anchor", 1)
    doc["trust_anchors"]["certificates"] = []
    assert run(doc).primary_reason == "recall_event_receipt_certificate_invalid:certificate_untrusted"


# --- cognitive views ----------------------------------------------------------------------


def test_weight_chain_trajectory_view() -> None:
    report = run(b.valid_cognitive((1000, 1300, 900, 1200)))
    (chain,) = report.hom.memories
    assert [(s.old_weight_milli, s.new_weight_milli) for s in chain.steps] == [
        (1000, 1300),
        (1300, 900),
        (900, 1200),
    ]
    assert [s.new_weight_float4 for s in chain.steps] == [p.float4(1300), p.float4(900), p.float4(1200)]
    assert all(s.verified for s in chain.steps)
    assert [s.signed_at for s in chain.steps] == sorted(s.signed_at for s in chain.steps)
    assert {s.judge_valence for s in chain.steps} <= {0.75, -0.75}
    js = json.loads(json.dumps(report.to_json()))
    assert js["hom"]["memories"][0]["terminal_weight_milli"] == 1200
    assert js["hom"]["records"][0]["chain_length"] == 3


# --- detection ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"ALETH00\x00\x01binary",
        b"",
        b"\xff\xfe garbage",
        b'{"format": {"schema": "something/else"}}',
        b"[1, 2, 3]",
        b'{"not": "hom.aimos.mutmem-cognitive-evidence/v1"}',
        b'{"format": "hom.aimos.mutmem-recall-evidence/v1"}',
    ],
)
def test_detect_says_none_for_other_inputs(data: bytes) -> None:
    assert detect(data) is None


def test_detect_never_raises_on_non_bytes() -> None:
    assert detect("text") is None  # type: ignore[arg-type]
    assert detect(None) is None  # type: ignore[arg-type]


def test_detect_large_input_by_scanning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hom_aimos, "_FULL_PARSE_LIMIT", 10)
    assert detect(b.encode(b.corpus([b.recall("R-1", 1)]))) == "recall_corpus"
    assert detect(b.encode(b.valid_cognitive())) == "cognitive"
    assert detect(b.encode(b.recall("R-2", 2))) == "recall"


def test_not_a_bundle_is_reported_not_raised() -> None:
    report = verify_bundle(b'{"format": {"schema": "x"}}')
    assert (report.verdict, report.primary_reason) == ("fail", "bundle_kind_unknown")
    assert report.profile == "hom-aimos-v1"


def test_internal_error_becomes_a_report(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("bug")

    monkeypatch.setattr(hom_aimos, "verify_cognitive", boom)
    report = run(b.valid_cognitive(), source="x.json")
    assert report.verdict == "error" and report.exit_code == 5 and report.profile == "hom-aimos-v1"


def test_input_record() -> None:
    data = b.encode(b.valid_cognitive())
    report = verify_bundle(data, source="cognitive.json")
    assert report.input["path"] == "cognitive.json" and report.input["size"] == len(data)
    assert report.input["format"] == "hom-aimos-v1/cognitive"
    assert report.duration_s is not None and report.started_at


# --- the code table -----------------------------------------------------------------------


def test_registered_codes_have_texts() -> None:
    hom = {c: i for c, i in CODES.items() if i.profile == "hom-aimos-v1"}
    assert len(hom) > 60
    for code, info in hom.items():
        assert code.startswith("hom.")
        assert info.title and info.meaning and info.why and info.action
        assert "{" not in info.meaning, code
    for required in ("hom.self_issued_certificate", "hom.untrusted_master", "hom.unsupported_signature_form"):
        assert required in hom
    assert CODES["hom.self_issued_certificate"].severity is Severity.WARNING
    assert CODES["hom.untrusted_master"].severity is Severity.ERROR
