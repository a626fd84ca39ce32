"""Hostile input: any value in any field, lone surrogates in every text, the JSON rules and the
depth edge.

Whatever the bytes, ``verify_bundle`` answers with a report (pass, fail or indeterminate) and
the reference's reason, never an exception, an internal error or output that is not JSON: every
value is typed before any hash helper sees it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.core.codes import lookup
from inspector.core.hom_aimos import parse, verify_bundle
from inspector.core.hom_aimos.parse import ParseFailure, parse_document
from tests.strategies import json_paths, replace_at, value_at

from . import builder as b

TRI_STATE = {"pass", "fail", "indeterminate"}


def _bases() -> dict[str, Any]:
    chain = b.Cognitive()
    chain.memory(
        [1000, 1300, 900], tier="T3", request_form=4, method="POST", path="/p", claims=b.chain_claims()
    )
    chain.memory([1000, 1100], form=2, originated=b.T0 - 5)
    baseline = b.Cognitive()
    baseline.baseline_memory(1234, [1300])
    revoked = b.Cognitive(revoked_at=b.T0 + 3600)
    revoked.memory([1000, 1200])
    return {
        "cognitive-chain": chain.document(),
        "cognitive-baseline": baseline.document(),
        "cognitive-revocation": revoked.document(),
        "recall": b.recall("H-0", 3),
        "corpus": b.corpus([b.recall("H-1", 1), b.recall("H-2", 2)]),
    }


BASES = _bases()
BASE_PATHS = {name: json_paths(doc) for name, doc in BASES.items()}


def test_the_bases_are_valid() -> None:
    for name, doc in BASES.items():
        assert verify_bundle(b.encode(doc)).verdict == "pass", name


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1),
    st.sampled_from([0, 1, -1, 99, 100, 1000, 3000, 3001, 2**31, 2**53 - 1, 2**60]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(
        [
            *("", "AB" * 32, "00" * 32, "zz", "3f800000", "7f800000", "housekeeper", "REWEIGHT", "T2", "T3"),
            *("MCowBQYDK2VwAyEA", "aimos-master", "POST", "/aimos/recall", "1786447260", "None", "\ud800x"),
        ]
    ),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _check(report: Any) -> None:
    assert report.verdict in TRI_STATE, report.findings
    assert not any(f.code == "internal_error" for f in report.findings), report.findings
    assert report.exit_code in (0, 1, 4)
    json.dumps(report.to_json())
    if report.verdict == "pass":
        assert report.primary_reason is None
    else:
        assert report.primary_reason and report.findings[0].code == "hom." + report.primary_reason
    for f in report.findings:
        assert lookup(f.code) is not None, f.code


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(BASES)),
    pick=st.integers(min_value=0, max_value=10**9),
    value=json_values,
    delete=st.booleans(),
)
def test_any_value_in_any_field_gives_a_report(name: str, pick: int, value: Any, delete: bool) -> None:
    doc = copy.deepcopy(BASES[name])
    paths = BASE_PATHS[name]
    path = paths[pick % len(paths)]
    doc = replace_at(doc, path, value, delete)
    _check(verify_bundle(json.dumps(doc).encode()))


@pytest.mark.parametrize("name", sorted(BASES))
def test_a_lone_surrogate_in_every_text_is_malformed_json(name: str) -> None:
    """Every string field (and every key) with a lone surrogate: refused at the parse, as the
    reference's reason for text that is not well-formed, never a crash in a hash helper."""
    base = BASES[name]
    texts = [path for path in BASE_PATHS[name] if isinstance(value_at(base, path), str)]
    assert len(texts) > 20
    for path in texts:
        doc = copy.deepcopy(base)
        replace_at(doc, path, value_at(doc, path)[:8] + "\udc80", False)
        report = verify_bundle(json.dumps(doc).encode())
        assert (report.verdict, report.primary_reason) == ("fail", "bundle_json_malformed"), path
    keyed = copy.deepcopy(base)
    keyed["\ud83d"] = 1
    assert verify_bundle(json.dumps(keyed).encode()).primary_reason == "bundle_json_malformed"


@settings(max_examples=150, deadline=None)
@given(data=st.binary(max_size=300))
def test_any_bytes_give_a_report(data: bytes) -> None:
    report = verify_bundle(data)
    assert report.verdict == "fail" and report.primary_reason
    json.dumps(report.to_json())


@settings(max_examples=100, deadline=None)
@given(cut=st.integers(min_value=0, max_value=10**9))
def test_truncated_bundles_give_a_report(cut: int) -> None:
    data = b.encode(BASES["recall"])
    report = verify_bundle(data[: cut % (len(data) - 1)])  # the last byte is a newline
    assert report.primary_reason == "bundle_json_malformed"


def test_a_mutated_signed_field_never_passes() -> None:
    doc = BASES["cognitive-chain"]
    for field, value in (("old_weight", 1.31), ("judge_valence", 0.5), ("reason", "other")):
        mutated = copy.deepcopy(doc)
        memory = next(m for m in mutated["memories"] if len(m["projections"]) == 2)
        memory["projections"][1]["provenance"]["body"][field] = value
        report = verify_bundle(b.encode(mutated))
        assert report.verdict == "fail", field


# --- JSON rules and the depth edge ------------------------------------------------------------


def _nest(depth: int, leaf: Any, container: str = "dict") -> Any:
    """A document whose deepest value (``leaf``) lies at ``depth`` (the root is depth 0)."""
    v = leaf
    for _ in range(depth):
        v = {"x": v} if container == "dict" else [v]
    return v


@pytest.mark.parametrize("container", ["dict", "list"])
def test_depth_edge_scalar(container: str) -> None:
    assert parse_document(json.dumps({"d": _nest(31, 1, container)}).encode()) is not None
    with pytest.raises(ParseFailure) as exc:
        parse_document(json.dumps({"d": _nest(32, 1, container)}).encode())
    assert exc.value.reason == "canonical_json_depth_limit"


@pytest.mark.parametrize("empty", [{}, []])
def test_depth_edge_empty_container(empty: Any) -> None:
    parse_document(json.dumps(_nest(32, empty)).encode())  # an empty container at depth 32 is fine
    with pytest.raises(ParseFailure) as exc:
        parse_document(json.dumps(_nest(33, empty)).encode())
    assert exc.value.reason == "canonical_json_depth_limit"


def test_depth_edge_in_a_bundle() -> None:
    ok = copy.deepcopy(BASES["cognitive-chain"])
    ok["event_streams"] = [_nest(30, 1)]  # the scalar at depth 1 + 1 + 30 = 32
    assert verify_bundle(b.encode(ok)).primary_reason == "cognitive_evidence_identity_invalid"
    deep = copy.deepcopy(BASES["cognitive-chain"])
    deep["event_streams"] = [_nest(31, 1)]  # depth 33
    report = verify_bundle(b.encode(deep))
    assert report.primary_reason == "canonical_json_depth_limit"
    assert report.root is None and report.bundle_sha256 is None


def test_brackets_inside_strings_do_not_count() -> None:
    doc = {"s": "[[[[{{{{" * 40}
    assert parse_document(json.dumps(doc).encode()) == doc


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'{"a": 1, "a": 2}', "json_duplicate_key"),
        (b'{"a": NaN}', "json_non_finite"),
        (b'{"a": -Infinity}', "json_non_finite"),
        (b'{"a": 1e400}', "canonical_json_non_finite_number"),
        (b'{"a": 9007199254740992}', "canonical_json_integer_out_of_range"),
        (b'{"a": "\xff"}', "bundle_json_malformed"),
        (b'\xef\xbb\xbf{"a": 1}', "bundle_json_malformed"),
        (b'{"a": ', "bundle_json_malformed"),
        (b'{"a": 1} x', "bundle_json_malformed"),
        (b"[1, 2]", "cognitive_evidence_bundle_invalid"),
        (b'"text"', "cognitive_evidence_bundle_invalid"),
    ],
)
def test_json_rules(data: bytes, reason: str) -> None:
    report = verify_bundle(data)
    assert (report.verdict, report.primary_reason) == ("fail", reason)


def test_a_too_deep_document_with_a_duplicate_key_reports_the_duplicate() -> None:
    data = b'{"a": 1, "a": 2, "d": ' + json.dumps(_nest(40, 1)).encode() + b"}"
    assert verify_bundle(data).primary_reason == "json_duplicate_key"


def test_a_floats_json_type_is_kept() -> None:
    """1.0 stays a float, as the reference's decoder reads it (its integer checks see it)."""
    assert parse_document(b'{"a": 1.0, "b": 1}') == {"a": 1.0, "b": 1}
    assert isinstance(parse_document(b'{"a": 1.0}')["a"], float)


def test_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse, "MAX_BYTES", 100)
    assert verify_bundle(b'{"x": "' + b"a" * 200 + b'"}').primary_reason == "bundle_size_limit"
