"""v2 portable mutation bundles: the three terminal kinds, every structural check (§9.2) and every
witness check (§9.3) reached by one defect, with the reference's codes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from inspector.core.hom_aimos_v2 import detect, verify_bundle

from . import builder as b

KINDS = ("authorized_transition", "signed_noop", "occurrence_observation")


def _documents(kind: str) -> tuple[b.Mutation, dict[str, Any], dict[str, Any], dict[str, Any]]:
    m = b.Mutation(kind)
    bundle, witness, context = m.documents()
    return m, bundle, witness, context


DOCS = {kind: _documents(kind) for kind in KINDS}


def judge(
    kind: str,
    *,
    bundle: dict[str, Any] | None = None,
    witness: dict[str, Any] | None = None,
    context: dict[str, Any] | None = None,
    pin: str | None = None,
    structural_only: bool = False,
    omit: str = "",
) -> tuple[str, str | None]:
    m, b0, w0, c0 = DOCS[kind]
    report = verify_bundle(
        b.encode(bundle if bundle is not None else b0),
        trust_master=pin or m.recall.master.fingerprint,
        witness=None if omit == "witness" else b.encode(witness if witness is not None else w0),
        trust_context=None if omit == "context" else b.encode(context if context is not None else c0),
        structural_only=structural_only,
    )
    return report.verdict, report.primary_reason


@pytest.mark.parametrize("kind", KINDS)
def test_each_terminal_kind_passes(kind: str) -> None:
    assert judge(kind) == ("pass", None)
    assert detect(b.encode(DOCS[kind][1])) == "mutation"
    report = verify_bundle(b.encode(DOCS[kind][1]), structural_only=True)
    assert report.verdict == "pass" and "hom.structural_only" in report.codes()
    assert report.bundle_sha256 == DOCS[kind][1]["bundle_sha256"]


def sealed(kind: str, edit: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    """The bundle with one change, its recall evidence hash and commitment recomputed."""
    from inspector.core.canonical import jcs

    bundle = b.copy_of(DOCS[kind][1])
    edit(bundle)
    bundle["recall_evidence_sha256"] = b.sha(jcs(bundle["recall_receipt"]))
    body = {k: v for k, v in bundle.items() if k != "bundle_sha256"}
    bundle["bundle_sha256"] = b.sha(b"hom.aimos.mutmem-portable-mutation-evidence/v2\0" + jcs(body))
    return bundle


STRUCTURAL = [
    ("authorized_transition", "MUTATION_BUNDLE_COMMITMENT_INVALID", None),
    (
        "authorized_transition",
        "MUTATION_OUTCOME_SCHEMA_INVALID",
        lambda d: d["outcome_evidence"].__setitem__("target_scope", "elsewhere"),
    ),
    (
        "authorized_transition",
        "MUTATION_RECALL_BINDING_INVALID",
        lambda d: d["recall_receipt"].__setitem__("merkle_root", "ab" * 32),
    ),
    (
        "authorized_transition",
        "MUTATION_OUTCOME_EVENT_INVALID",
        lambda d: d["outcome_event"].__setitem__("operation", "other"),
    ),
    (
        "authorized_transition",
        "MUTATION_VALENCE_BINDING_INVALID",
        lambda d: d["valence_evidence"].__setitem__("reward_sign", 2),
    ),
    (
        "authorized_transition",
        "MUTATION_TERMINAL_KIND_INVALID",
        lambda d: d["terminal"].__setitem__("kind", "rewrite"),
    ),
    (
        "occurrence_observation",
        "MUTATION_OBSERVATION_TERMINAL_INVALID",
        lambda d: d["terminal"]["event"]["metadata"].__setitem__("projection_appended", True),
    ),
    ("signed_noop", "MUTATION_NOOP_TERMINAL_INVALID", lambda d: d.__setitem__("cognitive_projection", {})),
    (
        "authorized_transition",
        "MUTATION_TRANSITION_PROVENANCE_INVALID",
        lambda d: d["terminal"]["reweight_provenance"].__setitem__("event_type", "SAVE"),
    ),
    (
        "authorized_transition",
        "MUTATION_PROJECTION_BINDING_INVALID",
        lambda d: d["cognitive_projection"].__setitem__("new_weight_milli", 3001),
    ),
    (
        "authorized_transition",
        "MUTATION_PROJECTION_HASH_INVALID",
        lambda d: d["cognitive_projection"].__setitem__("prev_projection_hash", "cd" * 32),
    ),
    (
        "authorized_transition",
        "MUTATION_TRANSITION_HASH_INVALID",
        lambda d: d["cognitive_projection"].__setitem__("transition_hash", "ef" * 32),
    ),
]


@pytest.mark.parametrize(("kind", "code", "edit"), STRUCTURAL, ids=[c for _, c, _ in STRUCTURAL])
def test_each_structural_check_has_its_code(kind: str, code: str, edit: Any) -> None:
    if edit is None:
        bundle = b.copy_of(DOCS[kind][1])
        bundle["bundle_sha256"] = "00" * 32
    else:
        bundle = sealed(kind, edit)
    assert judge(kind, bundle=bundle) == ("fail", code)
    assert judge(kind, bundle=bundle, structural_only=True) == ("fail", code)


def _witness(kind: str, edit: Callable[[dict[str, Any]], Any], *, reseal: bool = True) -> dict[str, Any]:
    from inspector.core.canonical import jcs

    witness = b.copy_of(DOCS[kind][2])
    edit(witness)
    if reseal:
        body = {k: v for k, v in witness.items() if k != "witness_sha256"}
        witness["witness_sha256"] = b.sha(b"hom.aimos.mutmem-portable-mutation-witness/v1\0" + jcs(body))
    return witness


def _flip_signature(proof: dict[str, Any]) -> None:
    sig = proof["signature_b64u"]
    proof["signature_b64u"] = ("B" if sig[0] == "A" else "A") + sig[1:]


WITNESS = [
    (
        "authorized_transition",
        "MUTATION_CRYPTOGRAPHIC_WITNESS_COMMITMENT_INVALID",
        lambda w: w.__setitem__("witness_sha256", "00" * 32),
        False,
    ),
    (
        "authorized_transition",
        "MUTATION_CRYPTOGRAPHIC_WITNESS_SCOPE_INVALID",
        lambda w: w.__setitem__("mutation_bundle_sha256", "00" * 32),
        True,
    ),
    (
        "authorized_transition",
        "MUTATION_OUTCOME_EVENT_SIGNATURE_INVALID",
        lambda w: _flip_signature(w["outcome_event"]),
        True,
    ),
    (
        "authorized_transition",
        "MUTATION_VALENCE_SIGNATURE_INVALID",
        lambda w: _flip_signature(w["valence_evidence"]),
        True,
    ),
    (
        "authorized_transition",
        "MUTATION_PROVENANCE_SIGNATURE_INVALID",
        lambda w: _flip_signature(w["terminal_proof"]["provenance"]),
        True,
    ),
    (
        "signed_noop",
        "MUTATION_TERMINAL_SIGNATURE_INVALID",
        lambda w: _flip_signature(w["terminal_proof"]["event"]),
        True,
    ),
    (
        "occurrence_observation",
        "MUTATION_TERMINAL_SIGNATURE_INVALID",
        lambda w: w["terminal_proof"].__setitem__("kind", "reweight_provenance"),
        True,
    ),
    (
        "authorized_transition",
        "MUTATION_OUTCOME_EVENT_SIGNATURE_INVALID",
        lambda w: w["outcome_event"]["metadata"].__setitem__("reward_sign", -1),
        True,
    ),
]


@pytest.mark.parametrize(
    ("kind", "code", "edit", "reseal"), WITNESS, ids=[f"{c}-{k}" for k, c, _, _ in WITNESS]
)
def test_each_witness_check_has_its_code(kind: str, code: str, edit: Any, reseal: bool) -> None:
    witness = _witness(kind, edit, reseal=reseal)
    assert judge(kind, witness=witness) == ("fail", code)


def test_a_transition_signed_by_another_key() -> None:
    from inspector.core.canonical import jcs

    bundle = b.copy_of(DOCS["authorized_transition"][1])
    bundle["cognitive_projection"]["transition_signature_b64u"] = b.Key().sign(
        bytes.fromhex(bundle["cognitive_projection"]["transition_hash"])
    )
    body = {k: v for k, v in bundle.items() if k != "bundle_sha256"}
    bundle["bundle_sha256"] = b.sha(b"hom.aimos.mutmem-portable-mutation-evidence/v2\0" + jcs(body))
    witness = _witness(
        "authorized_transition", lambda w: w.__setitem__("mutation_bundle_sha256", bundle["bundle_sha256"])
    )
    assert judge("authorized_transition", bundle=bundle, witness=witness) == (
        "fail",
        "MUTATION_TRANSITION_SIGNATURE_INVALID",
    )


@pytest.mark.parametrize("omit", ["witness", "context"])
def test_without_witness_or_trust_context_nothing_is_signed(omit: str) -> None:
    assert judge("signed_noop", omit=omit) == ("fail", "MUTATION_CRYPTOGRAPHIC_WITNESS_REQUIRED")


def test_the_trust_context_is_judged_as_an_envelope_under_the_same_pin() -> None:
    m, bundle, witness, context = DOCS["signed_noop"]
    assert judge("signed_noop", pin="ab" * 32) == ("fail", "EXPECTED_TRUST_ANCHOR_REQUIRED")
    broken = b.copy_of(context)
    b.body(broken, "effective_recall_grant")["allowed"] = False
    b.reseal(broken)
    report = verify_bundle(
        b.encode(bundle),
        trust_master=m.recall.master.fingerprint,
        witness=b.encode(witness),
        trust_context=b.encode(broken),
    )
    assert report.primary_reason == "GRANT_NOT_EFFECTIVE"
    assert report.hom.trust_context is not None and report.hom.trust_context.stage == "authority"


def test_a_malformed_witness_file_is_its_commitment_failure() -> None:
    m, bundle, _, context = DOCS["signed_noop"]
    report = verify_bundle(
        b.encode(bundle),
        trust_master=m.recall.master.fingerprint,
        witness=b"{not json",
        trust_context=b.encode(context),
    )
    assert report.primary_reason == "MUTATION_CRYPTOGRAPHIC_WITNESS_COMMITMENT_INVALID"


def test_every_signature_is_listed_and_checked() -> None:
    m, bundle, witness, context = DOCS["authorized_transition"]
    report = verify_bundle(
        b.encode(bundle),
        trust_master=m.recall.master.fingerprint,
        witness=b.encode(witness),
        trust_context=b.encode(context),
    )
    assert [(s.what, s.ok) for s in report.hom.signatures] == [
        ("outcome event", True),
        ("valence", True),
        ("reweight provenance", True),
        ("weight transition", True),
    ]
    assert report.hom.mutation["terminal_kind"] == "authorized_transition"
    assert (report.hom.mutation["old_weight_milli"], report.hom.mutation["new_weight_milli"]) == (1000, 1100)
