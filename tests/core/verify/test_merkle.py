"""RFC 6962 receipt trees: structure, inclusion proofs, tampering, the independent fixture."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.canonical import canonical
from inspector.core.verify.merkle import (
    EMPTY_ROOT,
    InclusionProof,
    audit_path,
    leaf_hash,
    make_proof,
    node_hash,
    root_of_entries,
    tree_head,
    verify_inclusion,
)

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "mutmem" / "valid_basic" / "case.json"
RECEIPT = "sha256:" + "ab" * 32


# --- reference: RFC 6962 §2.1 / §2.1.1 written literally, recursively --------------------


def _sha(b: bytes) -> bytes:
    return hashlib.sha256(b).digest()


def _k(n: int) -> int:
    """Largest power of two strictly less than n (n > 1)."""
    k = 1
    while k * 2 < n:
        k *= 2
    return k


def ref_mth(d: list[bytes]) -> bytes:
    """MTH of RFC 6962 §2.1 over leaf hashes (a one-element list is its leaf hash)."""
    n = len(d)
    if n == 0:
        return _sha(b"")
    if n == 1:
        return d[0]
    k = _k(n)
    return _sha(b"\x01" + ref_mth(d[:k]) + ref_mth(d[k:]))


def ref_path(m: int, d: list[bytes]) -> list[bytes]:
    n = len(d)
    if n == 1:
        return []
    k = _k(n)
    if m < k:
        return [*ref_path(m, d[:k]), ref_mth(d[k:])]
    return [*ref_path(m - k, d[k:]), ref_mth(d[:k])]


def entries_of(n: int) -> list[dict[str, Any]]:
    return [
        {"ordinal": i, "memory": "sha256:" + f"{i:064x}", "weight_q": 1000 + i, "label": None}
        for i in range(n)
    ]


def leaves_of(n: int) -> list[bytes]:
    return [leaf_hash(e) for e in entries_of(n)]


# --- primitives ---------------------------------------------------------------------------


def test_leaf_and_node_hash_definitions() -> None:
    e = {"b": 1, "a": "x"}
    assert leaf_hash(e) == _sha(b"\x00" + canonical(e))
    assert leaf_hash(e) == _sha(b'\x00{"a":"x","b":1}')
    a, b = _sha(b"a"), _sha(b"b")
    assert node_hash(a, b) == _sha(b"\x01" + a + b)
    assert node_hash(a, b) != node_hash(b, a)


def test_empty_tree_is_sha256_of_nothing() -> None:
    assert tree_head([]) == EMPTY_ROOT == _sha(b"")
    assert root_of_entries([]) == "sha256:" + _sha(b"").hex()


def test_single_leaf_root_is_leaf_hash() -> None:
    [e] = entries_of(1)
    assert tree_head([leaf_hash(e)]) == leaf_hash(e)
    assert root_of_entries([e]) == "sha256:" + leaf_hash(e).hex()
    assert audit_path([leaf_hash(e)], 0) == []


def test_explicit_shapes() -> None:
    h = leaves_of(7)
    n01, n23, n45 = node_hash(h[0], h[1]), node_hash(h[2], h[3]), node_hash(h[4], h[5])
    assert tree_head(h[:2]) == n01
    assert tree_head(h[:3]) == node_hash(n01, h[2])
    assert tree_head(h[:5]) == node_hash(node_hash(n01, n23), h[4])
    assert tree_head(h[:7]) == node_hash(node_hash(n01, n23), node_hash(n45, h[6]))
    assert audit_path(h[:5], 4) == [node_hash(n01, n23)]
    assert audit_path(h[:7], 6) == [n45, node_hash(n01, n23)]
    assert audit_path(h[:7], 2) == [h[3], n01, node_hash(n45, h[6])]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65, 100])
def test_against_recursive_reference(n: int) -> None:
    h = leaves_of(n)
    assert tree_head(h) == ref_mth(h)
    for m in range(n):
        assert audit_path(h, m) == ref_path(m, h)


def test_root_of_entries_format() -> None:
    root = root_of_entries(entries_of(5))
    assert root.startswith("sha256:") and len(root) == 7 + 64
    assert root == root.lower()
    assert root == "sha256:" + tree_head(leaves_of(5)).hex()


def test_large_tree_no_recursion_problem() -> None:
    leaves = [_sha(i.to_bytes(4, "big")) for i in range(100_000)]
    root = tree_head(leaves)
    for m in (0, 1, 65_535, 65_536, 99_999):
        p = audit_path(leaves, m)
        assert len(p) <= 17
        assert verify_inclusion(leaves[m], m, len(leaves), p, root)


@pytest.mark.parametrize("index", [-1, 3, 4])
def test_audit_path_index_out_of_range(index: int) -> None:
    with pytest.raises(ValueError):
        audit_path(leaves_of(3), index)


# --- inclusion proofs: property and tampering --------------------------------------------


@settings(max_examples=70, deadline=None)
@given(st.integers(min_value=1, max_value=70))
def test_every_proof_checks(n: int) -> None:
    entries = entries_of(n)
    root = root_of_entries(entries)
    for i in range(n):
        proof = make_proof(RECEIPT, entries, i, root)
        ok, reason = proof.check()
        assert ok, reason
        again = InclusionProof.from_json(json.loads(json.dumps(proof.to_json())))
        assert again == proof
        assert again.check()[0]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=70), st.data())
def test_verify_inclusion_rejects_wrong_index_and_size(n: int, data: st.DataObject) -> None:
    leaves = leaves_of(n)
    root = tree_head(leaves)
    m = data.draw(st.integers(min_value=0, max_value=n - 1))
    path = audit_path(leaves, m)
    assert verify_inclusion(leaves[m], m, n, path, root)
    for other in {m - 1, m + 1, n, n + 1, -1} - {m}:
        assert not verify_inclusion(leaves[m], other, n, path, root)
    # RFC 9162 binds tree_size only through the shape of the path: a size whose
    # path for m has another length (or that does not contain m) must fail.
    for size in {m, n - 1, n + 1, 2 * n, 2 * n + 1} - {n}:
        if size <= m or len(audit_path(leaves_of(size), m)) != len(path):
            assert not verify_inclusion(leaves[m], m, size, path, root)
    assert not verify_inclusion(leaves[m], m, n, [*path, leaves[0]], root)
    if path:
        assert not verify_inclusion(leaves[m], m, n, path[:-1], root)
        assert not verify_inclusion(leaves[m], m, n, path[1:], root)
        assert not verify_inclusion(leaves[m], m, n, [leaves[0], *path], root)
    assert not verify_inclusion(_sha(b"other"), m, n, path, root)


def _flip(hexstr: str) -> str:
    b = bytearray(bytes.fromhex(hexstr))
    b[0] ^= 1
    return b.hex()


def _tampered(proof: InclusionProof, **changes: Any) -> InclusionProof:
    d = proof.to_json()
    d.update(changes)
    return InclusionProof.from_json(d)


@pytest.fixture
def proof7() -> InclusionProof:
    entries = entries_of(7)
    return make_proof(RECEIPT, entries, 2, root_of_entries(entries))


def test_untampered(proof7: InclusionProof) -> None:
    assert proof7.check()[0]
    assert len(proof7.audit_path) == 3


@pytest.mark.parametrize(
    "mutate",
    [
        pytest.param(
            lambda p: {"audit_path": [_flip(p.audit_path[0]), *p.audit_path[1:]]}, id="flip-first-node"
        ),
        pytest.param(
            lambda p: {"audit_path": [*p.audit_path[:-1], _flip(p.audit_path[-1])]}, id="flip-last-node"
        ),
        pytest.param(lambda p: {"audit_path": p.audit_path[:-1]}, id="drop-node"),
        pytest.param(lambda p: {"audit_path": p.audit_path[1:]}, id="drop-first-node"),
        pytest.param(lambda p: {"audit_path": [*p.audit_path, p.leaf_hash]}, id="add-node"),
        pytest.param(lambda p: {"audit_path": list(reversed(p.audit_path))}, id="reorder-nodes"),
        pytest.param(lambda p: {"ordinal": 3}, id="wrong-index"),
        pytest.param(
            lambda p: {"ordinal": 3, "entry": {**p.entry, "ordinal": 3}}, id="wrong-index-and-entry"
        ),
        pytest.param(lambda p: {"ordinal": 7}, id="index-past-end"),
        # index 2 has a 3-node path of the same directions in trees of 5..8 leaves,
        # so only sizes outside that range change the verdict (RFC 9162 §2.1.3.2).
        pytest.param(lambda p: {"tree_size": 4}, id="tree-size-4"),
        pytest.param(lambda p: {"tree_size": 3}, id="tree-size-3-index-is-last"),
        pytest.param(lambda p: {"tree_size": 9}, id="tree-size-9"),
        pytest.param(lambda p: {"tree_size": 2}, id="tree-size-smaller-than-index"),
        pytest.param(lambda p: {"entry": {**p.entry, "weight_q": 999}}, id="modified-entry"),
        pytest.param(
            lambda p: {
                "entry": {**p.entry, "weight_q": 999},
                "leaf_hash": leaf_hash({**p.entry, "weight_q": 999}).hex(),
            },
            id="modified-entry-and-leaf-hash",
        ),
        pytest.param(lambda p: {"leaf_hash": _flip(p.leaf_hash)}, id="flipped-leaf-hash"),
        pytest.param(lambda p: {"root": "sha256:" + _flip(p.root[7:])}, id="flipped-root"),
    ],
)
def test_tampering_is_rejected(proof7: InclusionProof, mutate: Any) -> None:
    bad = _tampered(proof7, **mutate(proof7))
    ok, reason = bad.check()
    assert not ok
    assert reason


@pytest.mark.parametrize(
    "change, message",
    [
        ({"leaf_hash": "AB" * 32}, "leaf_hash"),
        ({"leaf_hash": "ab" * 31}, "leaf_hash"),
        ({"audit_path": ["zz" * 32]}, "audit_path[0]"),
        ({"audit_path": "00" * 32}, "audit_path"),
        ({"root": "ab" * 32}, "root"),
        ({"ordinal": -1}, "ordinal"),
        ({"ordinal": True}, "ordinal"),
        ({"tree_size": 0}, "tree_size"),
        ({"entry": []}, "entry"),
        ({"receipt": ""}, "receipt"),
        ({"extra": 1}, "unknown"),
        ({"audit_path": ["00" * 32] * 65}, "at most 64"),
        ({"tree_size": 2**53}, "tree_size"),
        ({"ordinal": 2**53}, "ordinal"),
    ],
)
def test_from_json_rejects_bad_shape(proof7: InclusionProof, change: dict[str, Any], message: str) -> None:
    d = proof7.to_json()
    d.update(change)
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        InclusionProof.from_json(d)


def test_entry_ordinal_must_be_the_integer_position() -> None:
    """An entry's own ``ordinal`` must be the proof's position, as an integer (``true`` is
    not 1)."""
    entries = entries_of(3)
    entries[1]["ordinal"] = True
    proof = make_proof(RECEIPT, entries, 1, root_of_entries(entries))
    ok, reason = proof.check()
    assert not ok and "ordinal" in reason


def test_check_says_it_is_not_anchored(proof7: InclusionProof) -> None:
    """The tree check alone is consistency with the root the proof carries, and says so."""
    ok, reason = proof7.check()
    assert ok and "not anchored" in reason


def test_from_json_rejects_missing_key_and_non_object(proof7: InclusionProof) -> None:
    d = proof7.to_json()
    del d["root"]
    with pytest.raises(ValueError, match="missing root"):
        InclusionProof.from_json(d)
    with pytest.raises(ValueError, match="JSON object"):
        InclusionProof.from_json([1, 2])


def test_to_json_shape(proof7: InclusionProof) -> None:
    d = proof7.to_json()
    assert set(d) == {"receipt", "ordinal", "tree_size", "entry", "leaf_hash", "audit_path", "root"}
    assert d["receipt"] == RECEIPT and d["ordinal"] == 2 and d["tree_size"] == 7
    d["entry"]["weight_q"] = 1
    assert proof7.entry["weight_q"] != 1  # to_json returns a copy


def test_make_proof_keeps_stated_root() -> None:
    entries = entries_of(4)
    wrong = "sha256:" + "00" * 32
    proof = make_proof(RECEIPT, entries, 1, wrong)
    assert proof.root == wrong
    assert not proof.check()[0]
    with pytest.raises(ValueError):
        make_proof(RECEIPT, entries, 4, root_of_entries(entries))
    with pytest.raises(ValueError):
        make_proof(RECEIPT, entries, 0, "not-a-root")


# --- independent fixture (mutmem-profile/valid_basic) ------------------------------------


def _fixture_receipts() -> list[tuple[str, dict[str, Any]]]:
    case = json.loads(FIXTURE.read_text(encoding="utf-8"))
    receipts = case["expected"]["receipts"]
    assert receipts, "fixture has no receipts"
    return sorted(receipts.items())


_RECEIPTS = _fixture_receipts()


@pytest.mark.parametrize("receipt_id, receipt", _RECEIPTS, ids=[r.get("alias", rid) for rid, r in _RECEIPTS])
def test_fixture_receipt(receipt_id: str, receipt: dict[str, Any]) -> None:
    entries = receipt["entries"]
    assert len(entries) == receipt["n"]
    assert root_of_entries(entries) == receipt["root"]
    leaves = [leaf_hash(e) for e in entries]
    proofs = receipt["inclusion_proofs"]
    assert [p["ordinal"] for p in proofs] == list(range(len(entries)))
    for p in proofs:
        i = p["ordinal"]
        assert leaves[i].hex() == p["leaf_hash"]
        assert [x.hex() for x in audit_path(leaves, i)] == p["audit_path"]
        ours = make_proof(receipt_id, entries, i, receipt["root"])
        assert ours.leaf_hash == p["leaf_hash"] and ours.audit_path == p["audit_path"]
        assert ours.check()[0]
        # their proof, taken as is, verifies with our verifier
        assert verify_inclusion(
            bytes.fromhex(p["leaf_hash"]),
            i,
            len(entries),
            [bytes.fromhex(x) for x in p["audit_path"]],
            bytes.fromhex(receipt["root"][len("sha256:") :]),
        )


def test_every_proof_checks_exhaustive() -> None:
    for n in range(1, 71):
        entries = entries_of(n)
        leaves = [leaf_hash(e) for e in entries]
        root = tree_head(leaves)
        for i in range(n):
            path = audit_path(leaves, i)
            assert path == ref_path(i, leaves)
            assert verify_inclusion(leaves[i], i, n, path, root)
