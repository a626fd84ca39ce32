"""RFC 6962 Merkle trees over recall-receipt entries (SPEC Part C3).

A recall receipt commits to its ordered ``entries`` with an RFC 6962 tree head:

* leaf hash  ``sha256(0x00 || JCS(entry))``
* node hash  ``sha256(0x01 || left || right)``
* ``MTH({}) = sha256(b"")``, ``MTH({d0}) = leaf hash``, and for ``n > 1`` the
  tree splits at ``k``, the largest power of two strictly less than ``n``
  (RFC 6962 §2.1).

The tree functions here take *leaf hashes* (32-byte values already passed
through :func:`leaf_hash`), not raw entries.  :func:`tree_head` and
:func:`audit_path` work bottom-up, level by level, carrying an unpaired last
node up unchanged; that is the same tree as the recursive split definition, and
it has no recursion at all, so any number of leaves is fine.

:func:`verify_inclusion` is the verification algorithm of RFC 9162 §2.1.3.2,
which rejects a path with missing or extra nodes, an index outside the tree and
a wrong tree size.  :class:`InclusionProof` is the RFC 6962 part of one entry of
one receipt: on its own it only shows that the path leads to the root it carries,
which anyone can arrange (a one-leaf tree's root is its own leaf).  What makes a
proof worth anything is the receipt's signature and an anchor the auditor trusts:
see :mod:`inspector.core.proofs` (SPEC C4), which exports and checks the anchored
proof that wraps this one.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

from inspector.core.canonical import canonical

__all__ = [
    "EMPTY_ROOT",
    "HASH_LEN",
    "MAX_PATH",
    "MAX_TREE_SIZE",
    "PROOF_FIELDS",
    "InclusionProof",
    "audit_path",
    "leaf_hash",
    "make_proof",
    "node_hash",
    "root_of_entries",
    "tree_head",
    "verify_inclusion",
]

HASH_LEN = 32
"""Length in bytes of every tree node (SHA-256)."""

EMPTY_ROOT = hashlib.sha256(b"").digest()
"""Tree head of the empty tree: SHA-256 of nothing."""

MAX_PATH = 64
"""Most nodes an audit path can have (a tree of at most 2^53 − 1 leaves needs 53)."""

MAX_TREE_SIZE = 2**53 - 1
"""Largest tree size a proof may state (the JSON integer limit of SPEC A1)."""

_HEX64 = re.compile(r"[0-9a-f]{64}")
_PREFIX = "sha256:"


def leaf_hash(entry: dict[str, Any]) -> bytes:
    """RFC 6962 leaf hash of one receipt entry: ``sha256(0x00 || JCS(entry))``.

    Raises :class:`~inspector.core.canonical.JsonError` (a ``ValueError``) when
    the entry has no RFC 8785 form (a non-finite float, an integer beyond 2^53).
    """
    return hashlib.sha256(b"\x00" + canonical(entry)).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """RFC 6962 interior node hash: ``sha256(0x01 || left || right)``."""
    return hashlib.sha256(b"\x01" + left + right).digest()


def _next_level(level: list[bytes]) -> list[bytes]:
    """Hash adjacent pairs of one level; an unpaired last node moves up as it is."""
    nxt = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
    if len(level) % 2:
        nxt.append(level[-1])
    return nxt


def tree_head(leaves: list[bytes]) -> bytes:
    """Merkle tree head MTH(D[n]) of RFC 6962 §2.1 over ``leaves`` (leaf hashes).

    The empty tree gives ``sha256(b"")``; one leaf gives that leaf hash itself.
    """
    if not leaves:
        return EMPTY_ROOT
    level = list(leaves)
    while len(level) > 1:
        level = _next_level(level)
    return level[0]


def root_of_entries(entries: list[dict[str, Any]]) -> str:
    """Receipt ``root`` of ``entries``: ``"sha256:"`` + lowercase hex of the tree head."""
    return _PREFIX + tree_head([leaf_hash(e) for e in entries]).hex()


def audit_path(leaves: list[bytes], index: int) -> list[bytes]:
    """RFC 6962 §2.1.1 audit path PATH(index, D[n]) over ``leaves`` (leaf hashes).

    The path lists sibling subtree heads from the leaf upwards (the order in
    which :func:`verify_inclusion` consumes them).  Raises ``ValueError`` when
    ``index`` is not a position in the tree.
    """
    n = len(leaves)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
        raise ValueError(f"leaf index {index!r} is outside a tree of {n} leaves")
    path: list[bytes] = []
    level = list(leaves)
    i = index
    while len(level) > 1:
        sibling = i ^ 1
        if sibling < len(level):
            path.append(level[sibling])
        # else: i is the unpaired last node; it moves up with no sibling here
        level = _next_level(level)
        i //= 2
    return path


def verify_inclusion(leaf: bytes, index: int, tree_size: int, path: list[bytes], root: bytes) -> bool:
    """Check an inclusion proof with the algorithm of RFC 9162 §2.1.3.2.

    ``leaf`` is the leaf *hash*, ``index`` its 0-based position, ``path`` the
    audit path (leaf upwards), ``root`` the 32-byte tree head.  Returns False
    for any proof that does not reproduce ``root`` exactly: an index at or past
    ``tree_size``, a path with a node missing or one too many, a node that is
    not 32 bytes, or a wrong hash anywhere.
    """
    for n in (index, tree_size):
        if isinstance(n, bool) or not isinstance(n, int):
            return False
    if index < 0 or tree_size <= 0 or index >= tree_size:
        return False
    if len(leaf) != HASH_LEN or len(root) != HASH_LEN:
        return False
    fn = index
    sn = tree_size - 1
    r = leaf
    for p in path:
        if len(p) != HASH_LEN:
            return False
        if sn == 0:
            return False  # more path nodes than levels: extra node
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def _check_hex(value: Any, what: str) -> str:
    """Return ``value`` if it is 64 lowercase hex digits, else raise ``ValueError``."""
    if not isinstance(value, str) or not _HEX64.fullmatch(value):
        raise ValueError(f"{what} must be 64 lowercase hex digits, got {value!r:.80}")
    return value


def _check_root(value: Any, what: str = "root") -> str:
    """Return ``value`` if it is ``"sha256:"`` + 64 lowercase hex, else raise ``ValueError``."""
    if (
        not isinstance(value, str)
        or not value.startswith(_PREFIX)
        or not _HEX64.fullmatch(value[len(_PREFIX) :])
    ):
        raise ValueError(f'{what} must be "sha256:" + 64 lowercase hex digits, got {value!r:.80}')
    return value


def _check_int(value: Any, what: str, minimum: int) -> int:
    """Return ``value`` if it is an int (not bool) in ``minimum``…2^53 − 1, else raise ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{what} must be >= {minimum}, got {value}")
    if value > MAX_TREE_SIZE:
        raise ValueError(f"{what} must be at most 2^53 - 1, got {value}")
    return value


PROOF_FIELDS = ("receipt", "ordinal", "tree_size", "entry", "leaf_hash", "audit_path", "root")
"""The keys of :meth:`InclusionProof.to_json` (and of a version-1 proof file)."""


@dataclass(frozen=True)
class InclusionProof:
    """RFC 6962 inclusion proof of one entry of one recall receipt (not anchored).

    ``receipt`` is the receipt's EvidenceCommit id; ``ordinal`` the entry's
    position (leaf index); ``tree_size`` the number of entries; ``entry`` the
    entry object itself; ``leaf_hash`` and ``audit_path`` bare lowercase hex of
    tree nodes (path from the leaf upwards); ``root`` the receipt's root as
    written in the receipt (``"sha256:"`` + hex).

    The JSON form (:meth:`to_json`) has exactly these seven keys; it was the
    whole proof file of version 1.  Nothing in it is signed, so :meth:`check`
    proves consistency only; :class:`inspector.core.proofs.AnchoredProof`
    carries the signature and :func:`inspector.core.proofs.check_proof` anchors it.
    """

    receipt: str
    ordinal: int
    tree_size: int
    entry: dict[str, Any]
    leaf_hash: str
    audit_path: list[str]
    root: str

    def to_json(self) -> dict[str, Any]:
        """Plain JSON object of the proof (fresh containers; safe to mutate)."""
        return {
            "receipt": self.receipt,
            "ordinal": self.ordinal,
            "tree_size": self.tree_size,
            "entry": _copy_json(self.entry),
            "leaf_hash": self.leaf_hash,
            "audit_path": list(self.audit_path),
            "root": self.root,
        }

    @classmethod
    def from_json(cls, d: Any) -> InclusionProof:
        """Parse the :meth:`to_json` form; ``ValueError`` naming the field on any bad shape.

        Shape only: a proof whose hashes do not verify parses fine and fails
        :meth:`check`.  Unknown keys are refused.
        """
        if not isinstance(d, dict):
            raise ValueError(f"inclusion proof must be a JSON object, got {type(d).__name__}")
        missing = [k for k in PROOF_FIELDS if k not in d]
        if missing:
            raise ValueError(f"inclusion proof is missing {', '.join(missing)}")
        extra = sorted(k for k in d if k not in PROOF_FIELDS)
        if extra:
            raise ValueError(f"inclusion proof has unknown keys {', '.join(map(repr, extra))}")
        receipt = d["receipt"]
        if not isinstance(receipt, str) or not receipt:
            raise ValueError("receipt must be a non-empty string (the receipt's evidence id)")
        ordinal = _check_int(d["ordinal"], "ordinal", 0)
        tree_size = _check_int(d["tree_size"], "tree_size", 1)
        entry = d["entry"]
        if not isinstance(entry, dict):
            raise ValueError(f"entry must be a JSON object, got {type(entry).__name__}")
        lh = _check_hex(d["leaf_hash"], "leaf_hash")
        path = d["audit_path"]
        if not isinstance(path, list):
            raise ValueError(f"audit_path must be a list, got {type(path).__name__}")
        if len(path) > MAX_PATH:
            raise ValueError(f"audit_path has {len(path)} nodes; a proof has at most {MAX_PATH}")
        nodes = [_check_hex(p, f"audit_path[{i}]") for i, p in enumerate(path)]
        root = _check_root(d["root"])
        return cls(
            receipt=receipt,
            ordinal=ordinal,
            tree_size=tree_size,
            entry=_copy_json(entry),
            leaf_hash=lh,
            audit_path=nodes,
            root=root,
        )

    def check(self) -> tuple[bool, str]:
        """Check the proof's consistency on its own; return ``(ok, reason)``.

        Recomputes the leaf hash from ``entry`` (it must equal ``leaf_hash``),
        requires an ``ordinal`` field inside the entry, if present, to equal the
        proof's ordinal, and runs :func:`verify_inclusion` against ``root``.
        ``ok`` means the path leads to the root the proof carries, nothing more:
        the reason says it is not anchored.
        """
        try:
            _check_root(self.root)
            _check_hex(self.leaf_hash, "leaf_hash")
            nodes = [bytes.fromhex(_check_hex(p, "audit_path node")) for p in self.audit_path]
            _check_int(self.ordinal, "ordinal", 0)
            _check_int(self.tree_size, "tree_size", 1)
        except ValueError as exc:
            return False, f"malformed proof: {exc}"
        if not isinstance(self.entry, dict):
            return False, "malformed proof: entry is not a JSON object"
        try:
            recomputed = leaf_hash(self.entry)
        except ValueError as exc:
            return False, f"entry has no canonical JSON form: {exc}"
        if recomputed.hex() != self.leaf_hash:
            return False, (
                f"leaf_hash {self.leaf_hash} is not the hash of the entry (recomputed {recomputed.hex()})"
            )
        entry_ordinal = self.entry.get("ordinal", self.ordinal)
        if type(entry_ordinal) is not int or entry_ordinal != self.ordinal:
            return False, (
                f"entry says ordinal {self.entry['ordinal']!r} but the proof is for position {self.ordinal}"
            )
        if self.ordinal >= self.tree_size:
            return False, f"ordinal {self.ordinal} is outside a tree of {self.tree_size} entries"
        root = bytes.fromhex(self.root[len(_PREFIX) :])
        if not verify_inclusion(recomputed, self.ordinal, self.tree_size, nodes, root):
            return False, (
                f"audit path ({len(nodes)} nodes) does not lead from entry {self.ordinal} "
                f"of {self.tree_size} to root {self.root}"
            )
        return True, (
            f"entry {self.ordinal} of {self.tree_size} is included under root {self.root} "
            "(consistent with the root the proof carries; not anchored to a signature)"
        )


def make_proof(receipt_id: str, entries: list[dict[str, Any]], ordinal: int, root: str) -> InclusionProof:
    """Inclusion proof for ``entries[ordinal]`` of the receipt ``receipt_id``.

    ``root`` is the receipt's stated root and is copied into the proof as is
    (it is not replaced by the recomputed one: a receipt whose root does not
    recompute yields proofs that fail :meth:`InclusionProof.check`).  Raises
    ``ValueError`` for an ordinal outside the entries or a malformed root.
    """
    _check_root(root)
    leaves = [leaf_hash(e) for e in entries]
    path = audit_path(leaves, ordinal)  # validates ordinal
    return InclusionProof(
        receipt=receipt_id,
        ordinal=ordinal,
        tree_size=len(entries),
        entry=_copy_json(entries[ordinal]),
        leaf_hash=leaves[ordinal].hex(),
        audit_path=[p.hex() for p in path],
        root=root,
    )


def _copy_json(value: Any) -> Any:
    """Deep copy of a JSON value (dicts and lists), so a proof owns its entry."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value
