"""The HOM-AIMOS profile on the conformance vectors themselves: views, corpora and the
code table over the reference bundles (the rest of the profile's tests build their
bundles: tests/core/hom_aimos/test_profile.py)."""

from __future__ import annotations

from inspector.core.codes import lookup
from inspector.core.findings import TEMPLATES
from inspector.core.hom_aimos import inclusion_proof, verify_bundle

from ..vectors import vector_bytes


def codes_of(report) -> list[str]:
    return [f.code for f in report.findings]


def test_revocation_window_is_in_the_signer_epochs() -> None:
    report = verify_bundle(vector_bytes("MM-CV-019"))
    (epoch,) = report.hom.signers
    assert epoch.revocation_verified is True
    assert epoch.revoked_at == 1786447319
    signed_at = report.hom.memories[0].steps[0].signed_at
    assert signed_at >= epoch.revoked_at


def test_corpus_vector_reports_the_root_mismatch_as_additional() -> None:
    report = verify_bundle(vector_bytes("MM-CV-024"))
    assert report.primary_reason == "recall_corpus_intended_n_invalid"
    extra = [f for f in report.findings if f.additional]
    assert [f.code for f in extra] == ["hom.recall_corpus_root_invalid"]
    assert report.hom.corpus.members[0].verdict == "pass"


def test_recall_view_and_inclusion_proofs() -> None:
    report = verify_bundle(vector_bytes("MM-CV-022-B"))
    rv = report.hom.receipt
    assert rv.recomputed_root == rv.stated_root == report.root
    assert len(rv.entries) == 3 and rv.event_receipt_present
    for i in range(3):
        proof = inclusion_proof(report, i)
        assert proof.check()[0], proof.check()
        assert proof.receipt == "MM-CV-022-B"
    assert "hom.command_hash_not_recomputed" in codes_of(report)


def test_baseline_and_event_stream_views() -> None:
    report = verify_bundle(vector_bytes("MM-CV-002"))
    (chain,) = report.hom.memories
    assert chain.baseline is not None and chain.baseline.observed_weight_milli == 1234
    assert chain.terminal_weight_milli == 1234
    (stream,) = report.hom.streams
    assert stream.ok and [e.ok for e in stream.events] == [True]
    assert report.hom.records[0].certification_status == "signed_initial_weight"


def test_the_update_rule_is_never_applied() -> None:
    # 1000→1300 and 1000→1100 at the same valence are inconsistent with any single eta
    for vid in ("MM-CV-003", "MM-CV-005-A", "MM-CV-005"):
        report = verify_bundle(vector_bytes(vid))
        assert report.verdict == "pass"
        assert all(c.startswith("hom.") for c in codes_of(report))


def test_every_emitted_code_is_registered_and_every_message_templated() -> None:
    seen: set[str] = set()
    sources = [
        vector_bytes(v)
        for v in ("MM-CV-005", "MM-CV-014", "MM-CV-023", "MM-CV-024", "MM-CV-027", "MM-CV-028-A")
    ]
    reports = [verify_bundle(s) for s in sources]
    reports.append(verify_bundle(vector_bytes("MM-CV-003"), trust_master="cd" * 32))
    for report in reports:
        for f in report.findings:
            seen.add(f.code)
            info = lookup(f.code)
            assert info is not None and info.profile == "hom-aimos-v1", f.code
            assert f.template in TEMPLATES and f.message == f.template.format(**dict(f.params))
    assert len(seen) >= 10
