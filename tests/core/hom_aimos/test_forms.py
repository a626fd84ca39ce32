"""Stored-signature forms 1–5 and provenance tiers T1–T3, judged as the reference judges them
(HOM-AIMOS-v2.md §10.1–10.2): bundles signed here as the engine signs, one defect each."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from inspector.core.hom_aimos import verify_bundle

from . import builder as b

ROUTE = {"method": "POST", "path": "/aimos/recall"}


def judge(doc: dict[str, Any]) -> tuple[str, str | None]:
    report = verify_bundle(b.encode(doc))
    return report.verdict, report.primary_reason


def bundle(**kw: Any) -> dict[str, Any]:
    cog = b.Cognitive()
    cog.memory([1000, 1300, 1100], **kw)
    return cog.document()


def context(request_form: int, claims: dict[str, Any] | None = None) -> dict[str, Any]:
    if request_form in (3, 4, 5):
        return {**ROUTE, "claims": b.chain_claims() if claims is None else claims}
    return {}


# --- the form × tier matrix: a bundle signed as the engine signs passes exactly when the tier
# --- allows its request form (T2/T3 need request form 4 or 5) --------------------------------

FORMS = [(1, 1), (2, 1), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4)]


@pytest.mark.parametrize(("tier", "forms"), list(itertools.product(["T1", "T2", "T3"], FORMS)))
def test_a_validly_signed_bundle_of_every_form_and_tier(tier: str, forms: tuple[int, int]) -> None:
    form, request_form = forms
    originated = b.T0 - 5 if form == 2 else None
    doc = bundle(
        tier=tier, form=form, request_form=request_form, originated=originated, **context(request_form)
    )
    if tier != "T1" and request_form not in (4, 5):
        assert judge(doc) == ("fail", "provenance_elevated_provenance_requires_form4")
    else:
        assert judge(doc) == ("pass", None)


def test_form_1_with_memory_originated_at_set_is_valid() -> None:
    """Form 1 ignores memory_originated_at (only form 2 signs and hashes it)."""
    assert judge(bundle(originated=b.T0 - 100)) == ("pass", None)


def test_form_2_signed_without_its_origin_time_fails() -> None:
    doc = bundle(form=2, originated=b.T0 - 5)
    prov = doc["memories"][0]["projections"][0]["provenance"]
    prov["memory_originated_at"] = b.T0 - 6  # the signature and mutation hash cover the old value
    assert judge(doc) == ("fail", "provenance_sig_invalid")


def test_form_2_without_an_integer_origin_time_is_malformed_input() -> None:
    doc = bundle(form=2, originated=b.T0 - 5)
    for proj in doc["memories"][0]["projections"]:
        proj["provenance"]["memory_originated_at"] = "yesterday"
    assert judge(doc) == ("fail", "provenance_malformed_input")


def test_form_5_with_signature_form_2_is_refused() -> None:
    doc = bundle(form=2, request_form=5, originated=b.T0 - 5, **context(5))
    assert judge(doc) == ("fail", "provenance_request_signature_form_invalid")


def test_t3_device_claim_must_be_the_signers_device() -> None:
    doc = bundle(tier="T3", request_form=4, **context(4, b.chain_claims("another-device")))
    assert judge(doc) == ("fail", "provenance_signed_device_claim_mismatch")
    doc = bundle(tier="T2", request_form=4, **context(4, b.chain_claims("another-device")))
    assert judge(doc) == ("pass", None)  # T2 binds no device


@pytest.mark.parametrize("prev", [b.b64u(bytes(31)), b.b64u(bytes(33)), "AAAA"])
def test_form_4_chain_claim_must_be_32_bytes(prev: str) -> None:
    doc = bundle(request_form=4, **context(4, {"prev_chain_hash": prev, "device_fp": None}))
    assert judge(doc) == ("fail", "provenance_signed_chain_claim_invalid")


@pytest.mark.parametrize("claims", [None, "claims", ["prev"]])
def test_form_4_without_claims_object_is_a_chain_claim_failure(claims: Any) -> None:
    doc = bundle(request_form=4, **context(4))
    for proj in doc["memories"][0]["projections"]:
        proj["provenance"]["signed_claims"] = claims
    assert judge(doc) == ("fail", "provenance_signed_chain_claim_invalid")


@pytest.mark.parametrize(
    ("request_form", "field", "value"), [(3, "signed_method", None), (3, "signed_path", "")]
)
def test_form_3_needs_method_and_path(request_form: int, field: str, value: Any) -> None:
    doc = bundle(request_form=request_form, **context(request_form))
    doc["memories"][0]["projections"][0]["provenance"][field] = value
    assert judge(doc) == ("fail", "provenance_malformed_input")


def test_form_3_signs_the_path_without_its_query() -> None:
    signed = bundle(request_form=3, method="post", path="/aimos/recall?limit=5")
    assert judge(signed) == ("pass", None)


@pytest.mark.parametrize(
    "path",
    ["//aimos", "/a b", "/a#b", "/a\\b", "/a%zz", "/a?k=1&k=2", "relative"],
)
def test_form_5_target_rules(path: str) -> None:
    doc = bundle(request_form=5, method="POST", path="/ok", claims=b.chain_claims())
    for proj in doc["memories"][0]["projections"]:
        proj["provenance"]["signed_path"] = path
    assert judge(doc) == ("fail", "provenance_malformed_input")


@pytest.mark.parametrize(
    "claims",
    [
        {"prev_chain_hash": None, "device_fp": "dev"},  # a device claim needs a chain claim
        {"prev_chain_hash": b.b64u(bytes(32)), "device_fp": ""},
        {"prev_chain_hash": b.b64u(bytes(32)), "device_fp": None, "extra": 1},
    ],
)
def test_form_5_claims_rules(claims: dict[str, Any]) -> None:
    doc = bundle(request_form=5, method="POST", path="/ok", claims=b.chain_claims())
    for proj in doc["memories"][0]["projections"]:
        proj["provenance"]["signed_claims"] = claims
    assert judge(doc)[1] == "provenance_malformed_input"


def test_form_5_accepts_an_integral_float_time() -> None:
    doc = bundle(request_form=5, method="POST", path="/ok", claims=b.chain_claims())
    for proj in doc["memories"][0]["projections"]:
        prov = proj["provenance"]
        prov["signed_at"] = float(prov["signed_at"])
    assert judge(doc) == ("pass", None)


def test_a_float_time_is_refused_outside_form_5() -> None:
    doc = bundle()
    doc["memories"][0]["projections"][0]["provenance"]["signed_at"] = float(b.T0 + 60)
    assert judge(doc) == ("fail", "provenance_provenance_time_invalid")


@pytest.mark.parametrize("tier", ["T1", "T2", "T3"])
def test_a_signature_under_another_form_never_verifies(tier: str) -> None:
    """Relabelling the form of a validly signed provenance breaks its signature."""
    doc = bundle(tier=tier, request_form=4, **context(4))
    for proj in doc["memories"][0]["projections"]:
        proj["provenance"]["request_signature_form"] = 3
    expected = "provenance_sig_invalid" if tier == "T1" else "provenance_elevated_provenance_requires_form4"
    assert judge(doc) == ("fail", expected)


def test_the_record_and_steps_carry_form_and_tier() -> None:
    report = verify_bundle(b.encode(bundle(tier="T2", request_form=4, **context(4))))
    step = report.hom.memories[0].steps[0]
    assert (step.identity_tier, step.signature_form, step.request_signature_form) == ("T2", 1, 4)
    assert report.hom.records[0].sigs_verified == 2
