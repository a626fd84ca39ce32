"""Hostile input: any value in any field, the JSON rules and the depth edge.

Whatever the bytes, ``verify_bundle`` answers with a report (pass, fail or indeterminate),
never an exception, an internal error or output that is not JSON.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.core.hom_aimos import parse, verify_bundle
from inspector.core.hom_aimos.parse import ParseFailure, parse_document

from . import builder as b

TRI_STATE = {"pass", "fail", "indeterminate"}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*prefix, i)))
    return out


def _replace(doc: Any, path: tuple[Any, ...], new: Any, delete: bool) -> Any:
    if not path:
        return new
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    elif delete and isinstance(parent, list):
        parent.pop(path[-1])
    else:
        parent[path[-1]] = new
    return doc


def _bases() -> dict[str, Any]:
    """Valid bundles of every kind (built with fresh keys: the conformance vectors stay in
    ../shared), each a starting point for the hostile edits."""
    two = b.Cognitive(self_issued=True)
    two.memory([1000])
    two.memory([1000, 700, 1100])
    return {
        "cognitive-chain": b.valid_cognitive(),
        "cognitive-two-memories-self-issued": two.document(),
        "cognitive-revocation": b.revoked(b.T0 + 3600),  # after the signatures: valid
        "recall": b.recall("H-0", 3),
        "corpus": b.corpus([b.recall("H-1", 1), b.recall("H-2", 2)]),
    }


BASES = _bases()
BASE_PATHS = {name: _paths(doc) for name, doc in BASES.items()}


@pytest.mark.parametrize("name", sorted(BASES))
def test_every_starting_point_is_valid(name: str) -> None:
    assert verify_bundle(b.encode(BASES[name])).verdict == "pass"


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1),
    st.sampled_from([0, 1, -1, 99, 100, 1000, 3000, 3001, 2**31, 2**53 - 1]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(
        ["", "AB" * 32, "00" * 32, "zz", "3f800000", "housekeeper", "REWEIGHT", "T2", "MCowBQYDK2VwAyEA"]
    ),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _check(report: Any) -> None:
    assert report.verdict in TRI_STATE, report.findings
    assert not any(f.code == "internal_error" for f in report.findings)
    assert report.exit_code in (0, 1, 4)
    json.dumps(report.to_json())
    if report.verdict == "pass":
        assert report.primary_reason is None
    else:
        assert report.primary_reason and report.findings[0].code == "hom." + report.primary_reason


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(BASES)),
    pick=st.integers(min_value=0, max_value=10**9),
    value=json_values,
    delete=st.booleans(),
)
def test_any_value_in_any_field_gives_a_report(name: str, pick: int, value: Any, delete: bool) -> None:
    doc = json.loads(json.dumps(BASES[name]))
    paths = BASE_PATHS[name]
    path = paths[pick % len(paths)]
    doc = _replace(doc, path, value, delete)
    _check(verify_bundle(b.encode(doc)))


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
    assert report.primary_reason == "canonical_json_invalid"


def test_a_mutated_signed_field_never_passes() -> None:
    doc = BASES["cognitive-chain"]
    assert verify_bundle(b.encode(doc)).verdict == "pass"
    for field, value in (("old_weight", 1.31), ("judge_valence", 0.5), ("reason", "other")):
        mutated = json.loads(json.dumps(doc))
        mutated["memories"][0]["projections"][1]["provenance"]["body"][field] = value
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
    assert parse_document(json.dumps(_nest(32, 1, container)).encode()) is not None
    with pytest.raises(ParseFailure) as exc:
        parse_document(json.dumps(_nest(33, 1, container)).encode())
    assert exc.value.reason == "canonical_json_depth_limit"


@pytest.mark.parametrize("empty", [{}, []])
def test_depth_edge_empty_container(empty: Any) -> None:
    parse_document(json.dumps(_nest(32, empty)).encode())  # an empty container at depth 32 is fine
    with pytest.raises(ParseFailure) as exc:
        parse_document(json.dumps(_nest(33, empty)).encode())
    assert exc.value.reason == "canonical_json_depth_limit"


def test_depth_edge_in_a_bundle() -> None:
    # event_streams sits at depth 1: a value nested under it reaches depth 32 or 33
    ok = b.valid_cognitive()
    ok["event_streams"] = [_nest(30, 1)]  # the scalar at depth 1 + 1 + 30 = 32
    assert verify_bundle(b.encode(ok)).primary_reason == "event_ledger_schema_invalid"
    deep = b.valid_cognitive()
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
        (b'{"a": 1, "a": 2}', "canonical_json_duplicate_key"),
        (b'{"a": NaN}', "canonical_json_non_finite_number"),
        (b'{"a": Infinity}', "canonical_json_non_finite_number"),
        (b'{"a": 9007199254740992}', "canonical_json_unsafe_integer"),
        (b'{"a": "\xff"}', "canonical_json_invalid"),
        (b'{"a": ', "canonical_json_invalid"),
        (b'{"a": 1} x', "canonical_json_invalid"),
    ],
)
def test_json_rules(data: bytes, reason: str) -> None:
    report = verify_bundle(data)
    assert (report.verdict, report.primary_reason) == ("fail", reason)


def test_a_too_deep_document_with_a_duplicate_key_reports_the_duplicate() -> None:
    data = b'{"a": 1, "a": 2, "d": ' + json.dumps(_nest(40, 1)).encode() + b"}"
    assert verify_bundle(data).primary_reason == "canonical_json_duplicate_key"


def test_size_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse, "MAX_BYTES", 100)
    assert verify_bundle(b'{"x": "' + b"a" * 200 + b'"}').primary_reason == "canonical_json_size_limit"
