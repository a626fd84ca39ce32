"""The HOM-AIMOS v1 profile beyond single checks: trust and pins, self-issued signers, corpora,
views, detection, the code table.  Every bundle is built here (no ../shared)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from inspector.core import hom_aimos
from inspector.core.codes import CODES, lookup
from inspector.core.findings import TEMPLATES, Severity
from inspector.core.hom_aimos import detect, inclusion_proof, member_bytes, verify_bundle
from inspector.core.hom_aimos import prims as p

from . import builder as b


def run(doc: Any, **kw: Any):
    return verify_bundle(b.encode(doc), **kw)


def codes_of(report) -> list[str]:
    return [f.code for f in report.findings]


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


# --- trust: master fingerprint, pinning, self-issued signers ------------------------------


def test_master_fingerprint_is_shown() -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1300])
    report = run(cog.document())
    fpr = cog.master.fingerprint
    assert report.hom.master.computed_fingerprint == fpr and report.hom.master.verified
    info = [f for f in report.findings if f.code == "hom.master_fingerprint"]
    assert len(info) == 1 and info[0].severity is Severity.INFO and fpr in info[0].message
    assert report.to_json()["hom"]["master"]["fingerprint"] == fpr


@pytest.mark.parametrize("form", ["{}", "sha256:{}", "  {}  ", "UPPER"])
def test_pinning_the_bundles_own_master_keeps_the_verdict(form: str) -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1300])
    fpr = cog.master.fingerprint
    pin = fpr.upper() if form == "UPPER" else form.format(fpr)
    report = run(cog.document(), trust_master=pin)
    assert (report.verdict, report.primary_reason) == ("pass", None)
    assert report.hom.master.pinned == fpr


def test_pinning_another_master_fails_a_valid_bundle() -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1300])
    report = run(cog.document(), trust_master="ab" * 32)
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
    cog = b.Cognitive()
    cog.memory([1000])
    assert run(cog.document(), trust_master="not-a-fingerprint").primary_reason == "untrusted_master"


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
    doc = b.recall("R-self", 2)
    report = run(doc)
    assert report.verdict == "pass" and "hom.self_issued_certificate" in codes_of(report)
    pinned = run(doc, trust_master=doc["trust_anchors"]["master"]["fingerprint"])
    assert pinned.primary_reason == "untrusted_master"
    clean_doc = b.recall("R-master-issued", 2, master_issued_housekeeper=True)
    clean = run(clean_doc, trust_master=clean_doc["trust_anchors"]["master"]["fingerprint"])
    assert (clean.verdict, clean.primary_reason) == ("pass", None), clean.findings


def test_recall_untrusted_self_issued_signer_is_refused() -> None:
    doc = b.recall("R-anchor", 1)
    doc["trust_anchors"]["certificates"] = []
    assert run(doc).primary_reason == "recall_trust_anchor_missing"


def test_revocation_window_is_in_the_signer_epochs() -> None:
    cog = b.Cognitive(revoked_at=b.T0 + 30)
    cog.memory([1000, 1300])
    report = run(cog.document())
    assert report.primary_reason == "provenance_signer_revoked_before_evidence"
    (epoch,) = report.hom.signers
    assert epoch.agent_id == "housekeeper" and epoch.valid_from == b.T0
    assert report.hom.memories[0].steps[0].signed_at >= b.T0 + 30


# --- corpus -------------------------------------------------------------------------------


def test_built_corpus_passes_and_members_verify_on_their_own() -> None:
    bundles = [b.recall("R-1", 1), b.recall("R-2", 3)]
    doc = b.corpus(bundles)
    report = run(doc)
    assert (report.verdict, report.primary_reason) == ("pass", None), report.findings
    assert report.root == doc["corpus_root"] and report.bundle_sha256 is None  # the reference gives none
    members = report.hom.corpus.members
    assert [(m.bundle_id, m.verdict) for m in members] == [("R-1", "pass"), ("R-2", "pass")]
    for i, bundle in enumerate(bundles):
        alone = verify_bundle(member_bytes(report, i))
        assert alone.verdict == "pass"
        assert alone.root == bundle["recall_receipt"]["merkle_root"]
    with pytest.raises(ValueError):
        member_bytes(report, 2)


def test_a_corpus_with_a_bad_member_gets_its_reason_and_a_root() -> None:
    bad = b.recall("R-2", 2)
    bad["memories"][0]["source"] = "elsewhere"
    doc = b.corpus([b.recall("R-1", 1), bad])
    report = run(doc)
    assert (report.verdict, report.primary_reason) == ("fail", "recall_receipt_memory_binding_invalid:0")
    assert report.root == doc["corpus_root"]
    assert [m.verdict for m in report.hom.corpus.members] == ["pass", "fail"]


def test_a_corpus_member_without_its_event_receipt_is_indeterminate() -> None:
    partial = b.recall("R-2", 2)
    del partial["recall_receipt"]["event_receipt"]
    doc = b.corpus([b.recall("R-1", 1), partial])
    report = run(doc)
    assert (report.verdict, report.primary_reason) == ("indeterminate", "recall_mandatory_evidence_missing")
    assert report.root == doc["corpus_root"]


def test_an_invalid_member_outranks_an_indeterminate_one() -> None:
    partial = b.recall("R-1", 1)
    del partial["recall_receipt"]["event_receipt"]
    bad = b.recall("R-2", 1)
    bad["request"]["nonce"] = ""
    report = run(b.corpus([partial, bad]))
    assert (report.verdict, report.primary_reason) == ("fail", "recall_request_context_invalid")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d["members"][1].__setitem__("ordinal", 0), "recall_corpus_member_invalid"),
        (lambda d: d["members"][1].__setitem__("bundle_sha256", "00" * 32), "recall_corpus_member_invalid"),
        (
            lambda d: d["members"][1]["bundle"]["memories"][0].__setitem__("source", "x"),
            "recall_corpus_member_invalid",
        ),
        (lambda d: d.__setitem__("corpus_root", "00" * 32), "recall_corpus_root_mismatch"),
        (lambda d: d.__setitem__("intended_n", 3), "recall_corpus_intended_n_invalid"),
        (lambda d: d["format"].__setitem__("version", 2), "recall_corpus_intended_n_invalid"),
        (lambda d: d.__setitem__("extra", 1), "recall_corpus_schema_invalid"),
    ],
)
def test_corpus_reasons(change: Any, reason: str) -> None:
    doc = b.corpus([b.recall("R-1", 1), b.recall("R-2", 2)])
    change(doc)
    report = run(doc)
    assert (report.verdict, report.primary_reason, report.root) == ("fail", reason, None)


# --- views and proofs ---------------------------------------------------------------------


def test_recall_view_and_inclusion_proofs() -> None:
    report = run(b.recall("R-view", 3))
    rv = report.hom.receipt
    assert rv.recomputed_root == rv.stated_root == report.root
    assert len(rv.entries) == 3 and rv.event_receipt_present
    for i in range(3):
        proof = inclusion_proof(report, i)
        assert proof.check()[0], proof.check()
        assert proof.receipt == "R-view"


def test_weight_chain_trajectory_view() -> None:
    cog = b.Cognitive()
    cog.memory([1000, 1300, 900, 1200])
    report = run(cog.document())
    (chain,) = report.hom.memories
    assert [(s.old_weight_milli, s.new_weight_milli) for s in chain.steps] == [
        (1000, 1300),
        (1300, 900),
        (900, 1200),
    ]
    assert [s.new_weight_float4 for s in chain.steps] == [p.float4(1300), p.float4(900), p.float4(1200)]
    assert all(s.verified for s in chain.steps)
    assert [s.signed_at for s in chain.steps] == sorted(s.signed_at for s in chain.steps)
    js = json.loads(json.dumps(report.to_json()))
    assert js["hom"]["memories"][0]["terminal_weight_milli"] == 1200
    assert js["hom"]["records"][0]["chain_length"] == 3


def test_baseline_and_event_stream_views() -> None:
    cog = b.Cognitive()
    cog.baseline_memory(1234)
    report = run(cog.document())
    (chain,) = report.hom.memories
    assert chain.baseline is not None and chain.baseline.observed_weight_milli == 1234
    assert chain.terminal_weight_milli == 1234
    (stream,) = report.hom.streams
    assert stream.ok and [e.ok for e in stream.events] == [True]


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


def test_detect_answers_for_non_bytes() -> None:
    assert detect("text") is None  # type: ignore[arg-type]
    assert detect(None) is None  # type: ignore[arg-type]


def test_detect_large_input_by_scanning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hom_aimos, "_FULL_PARSE_LIMIT", 10)
    assert detect(b.encode(b.corpus([b.recall("R-1", 1)]))) == "recall_corpus"
    assert detect(b.encode(b.recall("R-1", 1))) == "recall"
    cog = b.Cognitive()
    cog.memory([1000])
    assert detect(b.encode(cog.document())) == "cognitive"


def test_a_bug_in_detection_is_not_a_silent_other_profile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Detection no longer swallows its own exceptions: a bug surfaces instead of sending a bundle
    to another profile."""

    def broken(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("detection bug")

    monkeypatch.setattr(hom_aimos, "loads_strict", broken)
    with pytest.raises(RuntimeError):
        detect(b.encode(b.recall("R-1", 1)))


def test_not_a_bundle_is_reported_not_raised() -> None:
    report = verify_bundle(b'{"format": {"schema": "x"}}')
    assert (report.verdict, report.primary_reason) == ("fail", "bundle_kind_unknown")
    assert report.profile == "hom-aimos-v1"


def test_internal_error_becomes_a_report(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("bug")

    monkeypatch.setattr(hom_aimos, "verify_cognitive", boom)
    cog = b.Cognitive()
    cog.memory([1000])
    report = verify_bundle(b.encode(cog.document()), source="x.json")
    assert report.verdict == "error" and report.exit_code == 5 and report.profile == "hom-aimos-v1"


def test_input_record() -> None:
    cog = b.Cognitive()
    cog.memory([1000])
    data = b.encode(cog.document())
    report = verify_bundle(data, source="one.json")
    assert report.input["path"] == "one.json" and report.input["size"] == len(data)
    assert report.input["format"] == "hom-aimos-v1/cognitive"
    assert report.duration_s is not None and report.started_at


# --- the code table -----------------------------------------------------------------------


def test_every_emitted_code_is_registered_and_every_message_templated() -> None:
    cog = b.Cognitive(self_issued=True)
    cog.memory([1000, 1300])
    broken = b.Cognitive()
    m = broken.memory([1000, 1300])
    m["projections"][0]["provenance"]["identity_tier"] = "T2"
    partial = b.recall("R-1", 1)
    del partial["recall_receipt"]["event_receipt"]
    reports = [
        run(cog.document()),
        run(cog.document(), trust_master="cd" * 32),
        run(broken.document()),
        run(b.Recall(body={"q": "x", "agent_id": "reviewer", "bogus": 1}).document()),
        run(partial),
        run(b.corpus([partial])),
    ]
    seen: set[str] = set()
    for report in reports:
        for f in report.findings:
            seen.add(f.code)
            info = lookup(f.code)
            assert info is not None and info.profile == "hom-aimos-v1", f.code
            assert f.template in TEMPLATES and f.message == f.template.format(**dict(f.params))
    assert {"hom.provenance_elevated_provenance_requires_form4", "hom.recall_unknown_field:bogus"} <= seen


def test_registered_codes_have_texts() -> None:
    hom = {c: i for c, i in CODES.items() if i.profile == "hom-aimos-v1"}
    assert len(hom) > 100
    for code, info in hom.items():
        assert code.startswith("hom.")
        assert info.title and info.meaning and info.why and info.action
        assert "{" not in info.meaning, code
    for required in ("hom.self_issued_certificate", "hom.untrusted_master", "hom.verifier_internal_failure"):
        assert required in hom
    assert CODES["hom.self_issued_certificate"].severity is Severity.WARNING
    assert CODES["hom.untrusted_master"].severity is Severity.ERROR
