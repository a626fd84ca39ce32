"""Hostile v2 evidence: any value in any field of an envelope, a mutation bundle, its witness or
its trust context, lone surrogates in every text, any bytes.  Whatever the input, the answer is a
report (pass or fail) with a registered reference code, never an exception, an internal error or
output that is not JSON: every value is typed before any hash helper sees it."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.core.codes import lookup
from inspector.core.hom_aimos_v2 import verify_bundle
from tests.strategies import json_paths, replace_at, value_at

from . import builder as b

ENVELOPE = b.Envelope(n=2)
HK_ENVELOPE = b.Envelope(actor="housekeeper")
MUTATION = b.Mutation("authorized_transition")
M_BUNDLE, M_WITNESS, M_CONTEXT = MUTATION.documents()
BASES: dict[str, dict[str, Any]] = {
    "envelope": ENVELOPE.document(),
    "envelope-housekeeper": HK_ENVELOPE.document(),
    "mutation": M_BUNDLE,
    "witness": M_WITNESS,
    "trust_context": M_CONTEXT,
}
PINS = {
    "envelope": ENVELOPE.master.fingerprint,
    "envelope-housekeeper": HK_ENVELOPE.master.fingerprint,
}


PATHS = {name: json_paths(doc) for name, doc in BASES.items()}


def run(name: str, doc: Any) -> Any:
    """Verify ``doc`` standing in for the base ``name`` (the others as built)."""
    if name in PINS:
        return verify_bundle(json.dumps(doc).encode(), trust_master=PINS[name])
    parts = {"mutation": M_BUNDLE, "witness": M_WITNESS, "trust_context": M_CONTEXT} | {name: doc}
    return verify_bundle(
        json.dumps(parts["mutation"]).encode(),
        trust_master=MUTATION.recall.master.fingerprint,
        witness=json.dumps(parts["witness"]).encode(),
        trust_context=json.dumps(parts["trust_context"]).encode(),
    )


def test_the_bases_are_valid() -> None:
    for name, doc in BASES.items():
        assert run(name, doc).verdict == "pass", name


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1),
    st.sampled_from([0, 1, -1, 3, 12, 13, 200, 201, 2**60, 1788002807]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(
        [
            *(
                "",
                "AB" * 32,
                "00" * 32,
                "zz",
                "housekeeper",
                "T1",
                "POST",
                "/aimos/recall",
                "v3",
                "legacy_v1",
            ),
            *("2026-08-10T18:49:54.000Z", "not a time", "MCowBQYDK2VwAyEA", "aimos-master", "recall_receipt"),
            *("master_signed_recall_grant", "housekeeper_system_principal", "normal_recall", "REWEIGHT"),
        ]
    ),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)


def _check(report: Any) -> None:
    assert report.verdict in ("pass", "fail"), report.findings
    assert not any(f.code == "internal_error" for f in report.findings), report.findings
    assert report.exit_code in (0, 1)
    json.dumps(report.to_json())
    if report.verdict == "fail":
        assert report.findings[0].code == "hom." + report.primary_reason
    for f in report.findings:
        info = lookup(f.code)
        assert info is not None and info.profile == "hom-aimos-v2", f.code


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(BASES)),
    pick=st.integers(min_value=0, max_value=10**9),
    value=json_values,
    delete=st.booleans(),
)
def test_any_value_in_any_field_gives_a_report(name: str, pick: int, value: Any, delete: bool) -> None:
    doc = copy.deepcopy(BASES[name])
    path = PATHS[name][pick % len(PATHS[name])]
    _check(run(name, replace_at(doc, path, value, delete)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["envelope", "envelope-housekeeper"]),
    pick=st.integers(min_value=0, max_value=10**9),
    value=json_values,
)
def test_a_changed_value_resealed_never_passes_unless_unbound(name: str, pick: int, value: Any) -> None:
    """The envelope resealed over a changed object body: the evidence is judged by its checks,
    never by a crash, and a signed value never changes unnoticed."""
    doc = copy.deepcopy(BASES[name])
    body_paths = [
        p for p in PATHS[name] if len(p) > 3 and p[0] == "objects" and p[2] == "body" and p[3] != "schema"
    ]
    path = body_paths[pick % len(body_paths)]
    old = value_at(doc, path)
    replace_at(doc, path, value, False)
    try:
        b.reseal(doc)
    except (TypeError, ValueError, KeyError):
        return  # the builder cannot reseal this (the verifier's input is then the unsealed value)
    report = run(name, doc)
    _check(report)
    # texts signed or hashed verbatim (an occurrence's native body is read as the reference reads
    # it: null and "" alike, "3" as 3, so a change there may encode the same bytes)
    signed = ("signature_b64u", "certificate", "public_key_b64u", "master_public_key_b64u")
    if report.verdict == "pass" and value != old and any(k in path for k in signed):
        pytest.fail(f"a signed value changed and the envelope still passes: {path}")


@pytest.mark.parametrize("name", sorted(BASES))
def test_a_lone_surrogate_in_every_text_is_refused_before_any_hash(name: str) -> None:
    base = BASES[name]
    texts = [path for path in PATHS[name] if isinstance(value_at(base, path), str)]
    assert len(texts) > 20
    expected = {
        "envelope": "ENVELOPE_COMMITMENT_INVALID",
        "envelope-housekeeper": "ENVELOPE_COMMITMENT_INVALID",
        "mutation": "ENVELOPE_COMMITMENT_INVALID",  # the document cannot be read: no kind yet
        "witness": "MUTATION_CRYPTOGRAPHIC_WITNESS_COMMITMENT_INVALID",
        "trust_context": "ENVELOPE_COMMITMENT_INVALID",
    }[name]
    for path in texts[:: max(1, len(texts) // 120)]:
        doc = copy.deepcopy(base)
        replace_at(doc, path, value_at(doc, path)[:6] + "\udc80", False)
        report = run(name, doc)
        assert (report.verdict, report.primary_reason) == ("fail", expected), path


@settings(max_examples=100, deadline=None)
@given(data=st.binary(max_size=300))
def test_any_bytes_give_a_report(data: bytes) -> None:
    report = verify_bundle(data, trust_master="ab" * 32)
    assert report.verdict == "fail" and report.primary_reason
    json.dumps(report.to_json())


@settings(max_examples=60, deadline=None)
@given(cut=st.integers(min_value=0, max_value=10**9))
def test_truncated_evidence_gives_a_report(cut: int) -> None:
    data = b.encode(BASES["envelope"])
    report = verify_bundle(data[: cut % len(data)], trust_master=PINS["envelope"])
    assert (report.verdict, report.primary_reason) == ("fail", "ENVELOPE_COMMITMENT_INVALID")
