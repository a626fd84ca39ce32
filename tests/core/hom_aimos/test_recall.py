"""Recall bundles: the command normalised and bounded as the reference does
(HOM-AIMOS-v2.md §10.3), the command hash recomputed, scope and bindings, the event receipt.
Each bundle is built and signed here; the defect is in its name."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.canonical import jcs
from inspector.core.hom_aimos import verify_bundle
from inspector.core.hom_aimos.recall import COMMAND_FIELDS, normalize_command
from inspector.core.hom_aimos.ref import Reason

from . import builder as b

BASE = {"company_id": "hom", "agent_id": "reviewer", "q": "weights", "source_filter": "src", "limit": 2}


def judge(doc: dict[str, Any]) -> tuple[str, str | None]:
    report = verify_bundle(b.encode(doc))
    return report.verdict, report.primary_reason


def signed(body: dict[str, Any], n: int = 2, **kw: Any) -> dict[str, Any]:
    return b.Recall("R-1", n, body=body, **kw).document()


# --- false passes of old: the reference refuses these -----------------------------------------


def test_a_command_hash_over_the_raw_body_is_refused() -> None:
    body = dict(BASE)
    raw = hashlib.sha256(jcs({**body, "ts_signed": b.T0 + 100})).hexdigest()
    assert judge(signed(body, command_hash=raw)) == ("fail", "recall_receipt_cryptographic_binding_invalid")


def test_an_unknown_command_field_is_refused_by_name() -> None:
    assert judge(signed({**BASE, "include_history": False})) == (
        "fail",
        "recall_unknown_field:include_history",
    )


@pytest.mark.parametrize(
    ("field", "value"), [("limit", 500), ("limit", 0), ("clearance_level", 13), ("max_hops", 5)]
)
def test_a_bound_out_of_range_is_refused(field: str, value: int) -> None:
    assert judge(signed({**BASE, field: value})) == ("fail", "recall_integer_invalid")


@pytest.mark.parametrize(
    ("field", "value"), [("limit", True), ("limit", 2.0), ("clearance_level", "3"), ("max_hops", False)]
)
def test_a_bound_that_is_not_an_integer_is_refused(field: str, value: Any) -> None:
    assert judge(signed({**BASE, field: value})) == ("fail", "recall_integer_invalid")


@pytest.mark.parametrize("query", ["", "   ", "\t\n"])
def test_a_blank_query_without_key_or_memory_id_is_refused(query: str) -> None:
    body = {**BASE, "q": query}
    assert judge(signed(body)) == ("fail", "recall_query_or_identifier_required")


def test_a_memory_id_must_be_a_uuid() -> None:
    body = {**BASE, "q": "", "memory_id": "not-a-uuid"}
    assert judge(signed(body)) == ("fail", "recall_memory_id_invalid")


def test_a_key_alone_is_a_command() -> None:
    body = {k: v for k, v in BASE.items() if k != "q"} | {"key": "  some-key "}
    assert judge(signed(body)) == ("pass", None)


# --- false failures of old: the reference accepts these ---------------------------------------


def test_three_memories_under_limit_2_are_valid() -> None:
    assert judge(signed({**BASE, "limit": 2}, n=3)) == ("pass", None)


def test_a_missing_limit_is_10_and_company_defaults_to_hom() -> None:
    body = {k: v for k, v in BASE.items() if k not in ("limit", "company_id")}
    assert judge(signed(body)) == ("pass", None)


def test_query_and_q_both_carry_the_trimmed_query() -> None:
    command = normalize_command({"query": "  both  ", "q": "ignored", "agent_id": "a", "ts_signed": 1})
    assert (command["query"], command["q"]) == ("both", "both")
    assert (
        normalize_command({"query": None, "ts_signed": 1})["query"] == "None"
    )  # str(None), as the reference


def test_every_other_field_is_kept_verbatim() -> None:
    body = {"q": "x", "sort": {"by": "weight"}, "lazy": True, "ts_signed": 7}
    command = normalize_command(body)
    assert command["sort"] == {"by": "weight"} and command["lazy"] is True and command["ts_signed"] == 7
    assert set(command) == set(body) | {"query", "key", "memory_id", "company_id", "agent_id", "limit"} | {
        "clearance_level",
        "max_hops",
    }


# --- the command normalisation as a property --------------------------------------------------

FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=300),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=6),
)


def model(raw: dict[str, Any]) -> dict[str, Any] | str:
    """The normalisation written out from HOM-AIMOS-v2.md §10.3: the command or the reason."""
    unknown = [k for k in raw if k not in COMMAND_FIELDS]
    if unknown:
        return f"recall_unknown_field:{unknown[0]}"
    query = str(raw["query"] if "query" in raw else raw.get("q", "")).strip()
    key = None if raw.get("key") is None else str(raw["key"]).strip()
    mid = None if raw.get("memory_id") is None else str(raw["memory_id"]).strip()
    if not (query or key or mid):
        return "recall_query_or_identifier_required"
    hexd = "0123456789abcdefABCDEF"
    parts = mid.split("-") if mid else []
    if mid and not (
        [len(x) for x in parts] == [8, 4, 4, 4, 12]
        and all(c in hexd for c in mid.replace("-", ""))
        and parts[2][0] in "12345"
        and parts[3][0] in "89abAB"
    ):
        return "recall_memory_id_invalid"

    def bound(v: Any, lo: int, hi: int) -> int | str:
        return v if type(v) is int and lo <= v <= hi else "bad"

    limit = bound(10 if raw.get("limit") is None else raw["limit"], 1, 200)
    clearance = None if raw.get("clearance_level") is None else bound(raw["clearance_level"], 0, 12)
    hops = None if raw.get("max_hops") is None else bound(raw["max_hops"], 1, 4)
    if "bad" in (limit, clearance, hops):
        return "recall_integer_invalid"
    company = "hom" if raw.get("company_id") is None else str(raw["company_id"])
    agent = None if raw.get("agent_id") is None else str(raw["agent_id"])
    return {
        **raw,
        "query": query,
        "q": query,
        "key": key,
        "memory_id": mid,
        "company_id": company,
        "agent_id": agent,
        "limit": limit,
        "clearance_level": clearance,
        "max_hops": hops,
    }


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "query",
                "q",
                "key",
                "memory_id",
                "company_id",
                "agent_id",
                "limit",
                "clearance_level",
                "max_hops",
                "sort",
                "lazy",
                "ts_signed",
                "bogus",
            ]
        ),
        FIELD_VALUES,
        max_size=6,
    )
)
def test_normalisation_follows_the_rule(raw: dict[str, Any]) -> None:
    expected = model(raw)
    try:
        got: dict[str, Any] | str = normalize_command(raw)
    except Reason as exc:
        got = exc.reason
    assert got == expected


# --- scope, bindings, the event receipt -------------------------------------------------------


def test_a_command_for_another_tenant_is_a_scope_binding_failure() -> None:
    assert judge(signed({**BASE, "company_id": "other"})) == ("fail", "recall_scope_binding_invalid")


def test_source_is_checked_inside_the_per_index_binding() -> None:
    assert judge(signed(BASE, source="elsewhere")) == ("fail", "recall_receipt_memory_binding_invalid:0")


def test_without_a_source_filter_a_memory_must_have_no_source() -> None:
    body = {k: v for k, v in BASE.items() if k != "source_filter"}
    assert judge(signed(body, source=None)) == ("pass", None)
    assert judge(signed(body, source="src")) == ("fail", "recall_receipt_memory_binding_invalid:0")


def test_memory_type_is_checked_inside_the_per_index_binding() -> None:
    body = {**BASE, "memory_type_filter": "note"}
    assert judge(signed(body, memory_type="fact")) == ("fail", "recall_receipt_memory_binding_invalid:0")


def test_the_event_receipt_signature_and_binding_reasons() -> None:
    doc = signed(BASE)
    doc["recall_receipt"]["event_receipt"]["signature"] = b.b64u(bytes(64))
    assert judge(doc) == ("fail", "recall_event_signature_invalid")
    doc = signed(BASE)
    doc["recall_receipt"]["event_receipt"]["nonce"] = "other-nonce"
    assert judge(doc) == ("fail", "recall_event_binding_invalid")


def test_missing_event_receipt_is_indeterminate() -> None:
    doc = signed(BASE)
    del doc["recall_receipt"]["event_receipt"]
    report = verify_bundle(b.encode(doc))
    assert (report.verdict, report.primary_reason, report.exit_code) == (
        "indeterminate",
        "recall_mandatory_evidence_missing",
        4,
    )
    assert report.root is None and report.bundle_sha256 is None


def test_a_receipt_without_evidence_is_indeterminate() -> None:
    doc = signed(BASE)
    del doc["recall_receipt"]["evidence"]
    assert judge(doc) == ("indeterminate", "recall_mandatory_evidence_missing")


def test_the_request_certificate_reasons() -> None:
    doc = signed(BASE)
    doc["request"]["certificate"] = "%%%"
    assert judge(doc) == ("fail", "cert_malformed")
    doc = signed(BASE)
    doc["trust_anchors"]["master"] = None  # the master-issued request certificate loses its anchor
    assert judge(doc) == ("fail", "recall_trust_anchor_missing")
    doc = signed(BASE)
    doc["request"]["ts_signed"] = doc["request"]["body"]["ts_signed"] = b.T0 - 1
    assert judge(doc) == ("fail", "cert_epoch_invalid")


def test_a_non_canonical_certificate_is_a_schema_failure() -> None:
    """The reference reads a recall certificate only in its canonical JSON form."""
    doc = signed(BASE)
    import base64
    import json

    cert = doc["request"]["certificate"]
    inner = json.loads(base64.urlsafe_b64decode(cert + "=" * (-len(cert) % 4)))
    doc["request"]["certificate"] = b.b64u(json.dumps(inner).encode())  # with spaces
    assert judge(doc) == ("fail", "cert_schema")


def test_the_agent_must_be_the_certificates() -> None:
    body = {**BASE, "agent_id": "someone-else"}
    assert judge(signed(body)) == ("fail", "recall_request_identity_invalid")


def test_the_recomputed_command_hash_is_shown() -> None:
    report = verify_bundle(b.encode(signed(BASE)))
    rv = report.hom.receipt
    assert rv.command_hash_recomputed and rv.recomputed_command_hash == rv.command_hash
    assert report.root == rv.recomputed_root and report.bundle_sha256 == report.hom.document_sha256
