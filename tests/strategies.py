"""Hypothesis strategies for hostile inputs, shared by the unit tests and the fuzz targets.

Two layers:

* **Values** — JSON values an attacker (or a broken tool) can put in any field: wrong
  types, integers up to ±(2^53−1) and beyond, floats that need ECMAScript formatting,
  lone surrogates in strings *and* object keys, NaN-like strings, ids that name the
  wrong thing, empty containers, long lists, nesting near the depth limit; and raw bytes
  (not UTF-8, CESU-8 surrogates, BOMs) for the inputs that are not JSON.
* **Signed mutations** — :class:`SignedStore` holds a store as parsed objects together
  with the private keys that signed them; :func:`mutated_stores` draws a few mutations
  (set / delete / add a member / reuse another object's id / duplicate a list item) at
  any path of any object, then *re-signs* the object with its own key through the
  core's writer (``sign_fields``), re-derives what derives from it (a MutMem
  commitment, a receipt root, a legacy agent_id) and carries the new id into every
  object that named the old one (parents, HEAD, cutoffs, receipt heads, artifact
  hashes…), re-signing those too.  So a hostile value reaches the deep rules instead of
  stopping at ``digest_mismatch``.

:func:`all_types_model` builds, with the core's writer, a small store holding every
object type the verifier reads (legacy Identity, migration, root authority, identity
record, control events incl. a rotation, commits, evidence with artifacts, a stored
and an external checkpoint, MutMem weight transitions, detector and verdict labels, a
recall receipt) and keeps every key.

:func:`check_answer` is the property both the tests and the fuzzers assert: a report
comes back, no exception, a verdict that is a judgement of the findings, JSON that
serialises, within a time and memory budget.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import time
import tracemalloc
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from inspector.core.canonical import MAX_DEPTH, MAX_SAFE_INT, JsonError, canonical, loads_strict
from inspector.core.findings import Severity
from inspector.core.keys import KeyPair, agent_id_for, decode_signature, sha256_id, verify_sig
from inspector.core.objects import REQUIRED, SCHEMAS, parse_object
from inspector.core.store import Store
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.core.verify.report import Report
from inspector.core.write.builder import dump, sign_fields, stepping_clock

# --------------------------------------------------------------------------- values

LONE_SURROGATES = ("\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800", "a\ud83d", "\ude00b")
NAN_LIKE = ("NaN", "nan", "-NaN", "Infinity", "-Infinity", "inf", "1e400", "-0", "0x10", "1_000", "")
ID_LIKE = (
    "sha256:" + "0" * 64,
    "sha256:" + "f" * 64,
    "sha256:" + "A" * 64,  # upper-case hex: not the canonical form
    "sha256:",
    "sha256:" + "0" * 63,
    "did:alethech:",
    "did:alethech:root:aaaa",
    "key-001",
    "housekeeper-001",
    "auditor-001",
    "../../etc/passwd",
    "commits/../HEAD",
    "%2e%2e%2f",
    "ed25519:",
    "ed25519:" + "A" * 86,
)
#: Integers that JSON and the format allow, at and around the edges.
EDGE_INTS = (0, 1, -1, 2, 99, 100, 101, 999, 1000, 1001, 2999, 3000, 3001, 10**6, 10**6 + 1, 2**31 - 1,
             -(2**31), 2**32, MAX_SAFE_INT, -MAX_SAFE_INT, MAX_SAFE_INT - 1)  # fmt: skip
#: Integers outside ±(2^53−1): ``json.dumps`` writes them, ``loads_strict`` must refuse them.
OUT_OF_RANGE_INTS = (MAX_SAFE_INT + 1, -(MAX_SAFE_INT + 1), 2**63, -(2**64), 10**30)
#: Floats whose RFC 8785 form is not Python's repr, or that sit on a rule's boundary.
EDGE_FLOATS = (0.5, -0.0, 1.0, 1e-7, 5e-324, 1e21, 1e308, 0.001, 0.0009999, 0.5000001, 2.0**53, 1e16, 0.35)


def surrogate_text() -> st.SearchStrategy[str]:
    """Text that holds at least one lone surrogate (not valid Unicode)."""
    lone = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
    return st.one_of(
        st.sampled_from(LONE_SURROGATES),
        st.tuples(st.text(max_size=8), lone, st.text(max_size=8)).map("".join),
    )


def hostile_text(*, long: bool = True) -> st.SearchStrategy[str]:
    """Strings: ordinary, astral, control characters, surrogates, NaN-like, id-like, long."""
    parts: list[st.SearchStrategy[str]] = [
        st.text(max_size=20),
        st.text(st.characters(min_codepoint=0x10000, max_codepoint=0x10FFFF), min_size=1, max_size=4),
        st.text(st.characters(max_codepoint=0x1F), max_size=4),  # NUL and other controls
        st.sampled_from(["\u202e", "\u200b", "\ufeff", "\ufffd", "<private>x</private>", "\\", '"']),
        surrogate_text(),
        st.sampled_from(NAN_LIKE),
        st.sampled_from(ID_LIKE),
    ]
    if long:
        parts.append(st.sampled_from([10_000, 1_000_000]).map(lambda n: "x" * n))
    return st.one_of(*parts)


def hostile_keys() -> st.SearchStrategy[str]:
    """Object member names, lone surrogates and astral characters included."""
    return st.one_of(
        st.sampled_from(["type", "version", "commit_id", "signature", "kty", "crv", "x", "", "__proto__"]),
        st.text(max_size=6),
        surrogate_text(),
        st.text(st.characters(min_codepoint=0x10000, max_codepoint=0x10FFFF), min_size=1, max_size=2),
    )


def hostile_ints(*, out_of_range: bool = False) -> st.SearchStrategy[int]:
    s = st.one_of(st.sampled_from(EDGE_INTS), st.integers(-MAX_SAFE_INT, MAX_SAFE_INT))
    return st.one_of(s, st.sampled_from(OUT_OF_RANGE_INTS)) if out_of_range else s


def hostile_floats(*, non_finite: bool = False) -> st.SearchStrategy[float]:
    s = st.one_of(st.sampled_from(EDGE_FLOATS), st.floats(allow_nan=False, allow_infinity=False))
    if non_finite:
        s = st.one_of(s, st.sampled_from([math.nan, math.inf, -math.inf]))
    return s


def deep_nesting(min_depth: int = MAX_DEPTH - 4, max_depth: int = MAX_DEPTH + 4) -> st.SearchStrategy[Any]:
    """A list or object nested ``min_depth``…``max_depth`` deep (around the format's limit)."""

    def build(args: tuple[int, bool]) -> Any:
        depth, objects = args
        v: Any = []
        for _ in range(depth - 1):
            v = {"a": v} if objects else [v]
        return v

    return st.tuples(st.integers(min_depth, max_depth), st.booleans()).map(build)


def long_lists(max_size: int = 20_000) -> st.SearchStrategy[list[Any]]:
    """Lists of thousands of items: ids, numbers, empty objects, copies of one object."""
    item = st.one_of(
        st.sampled_from(ID_LIKE),
        st.integers(-5, 5),
        st.just({}),
        st.just({"ref": "sha256:" + "0" * 64, "reward": 1, "count": 1}),
        st.just({"key_id": "key-001", "public_key": {}}),
        st.just({"ordinal": 0, "memory": "sha256:" + "0" * 64, "weight_q": 1000, "label": None}),
    )
    sizes = [n for n in (1000, 5000, 20_000, 100_000) if n <= max_size] or [max_size]
    return st.tuples(item, st.sampled_from(sizes)).map(lambda t: [t[0]] * t[1])


def json_leaves(*, strict: bool = False) -> st.SearchStrategy[Any]:
    """Scalars of every JSON type; ``strict`` keeps to values RFC 8785 can encode."""
    s = st.one_of(
        st.none(),
        st.booleans(),
        hostile_ints(out_of_range=not strict),
        hostile_floats(non_finite=not strict),
        hostile_text() if not strict else st.text(max_size=20),
    )
    return s


def hostile_json(*, strict: bool = False, max_leaves: int = 12, long: int = 5000) -> st.SearchStrategy[Any]:
    """Any JSON value, hostile at every level (keys included), plus the edge shapes:
    empty containers, deep nesting near the limit, lists of up to ``long`` items."""
    keys = st.text(max_size=6) if strict else hostile_keys()
    tree = st.recursive(
        json_leaves(strict=strict),
        lambda children: st.one_of(
            st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=4)
        ),
        max_leaves=max_leaves,
    )
    return st.one_of(
        tree,
        st.sampled_from([[], {}, "", [[]], [{}], {"": {}}]),
        deep_nesting(),
        long_lists(long),
    )


def raw_bytes() -> st.SearchStrategy[bytes]:
    """Bytes for the inputs that are not JSON (HEAD, keys, artifacts, file contents)."""
    return st.one_of(
        st.binary(max_size=64),
        st.sampled_from(
            [
                b"\xff\xfe",  # not UTF-8 (and a UTF-16 BOM)
                b"\xef\xbb\xbf{}",  # UTF-8 BOM before JSON
                b"\xed\xa0\x80",  # CESU-8 surrogate
                b"\xc0\xaf",  # overlong "/"
                b"\x00" * 16,
                b"sha256:" + b"0" * 64 + b"\n",
                b"sha256:" + b"0" * 64 + b"\r\n\r\n",
                b"[" * 100_000 + b"]" * 100_000,
                b'{"a":' * 70 + b"1" + b"}" * 70,
                b"-----BEGIN PRIVATE KEY-----\n\n-----END PRIVATE KEY-----\n",
            ]
        ),
    )


# --------------------------------------------------------------------------- signed store model

OBJECT_DIRS = {
    "commits": "commit",
    "evidence": "evidence",
    "checkpoints": "checkpoint",
    "identities": "identity",
    "control_events": "control_event",
    "migrations": "migration",
}
RECEIPT = "receipt_body"
EXTERNAL = "external_checkpoint"
EXTERNAL_KEY = "<external checkpoint>"


def lenient_canonical(value: Any) -> bytes:
    """RFC 8785 bytes, or (for a value without a canonical form: lone surrogate,
    integer beyond 2^53, NaN) a stable stand-in, so a hostile object can still be
    given an id and a signature."""
    try:
        return canonical(value)
    except (JsonError, TypeError, ValueError, RecursionError):
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)
        return text.encode("utf-8", "surrogatepass")


def receipt_bytes(body: Any) -> bytes:
    """A receipt body as the writer stores it (RFC 8785); a body without a canonical form
    (a lone surrogate…) still becomes valid JSON text, escaped, as a hostile tool would
    write it."""
    try:
        return canonical(body)
    except (JsonError, TypeError, ValueError, RecursionError):
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=True, default=repr)
        return text.encode("ascii")


def _dump(value: Any) -> bytes:
    """File bytes as alethech writes them; values without a JSON form still get bytes."""
    try:
        return dump(value)
    except (TypeError, ValueError, RecursionError):
        return json.dumps(value, default=repr).encode("utf-8", "surrogatepass")


@dataclass
class Entry:
    """One parsed object (or receipt body) of a :class:`SignedStore`."""

    key: str  # the original logical path: a stable name while ids change
    path: str  # current logical path
    kind: str  # commit, evidence, ..., root_authority, receipt_body, external_checkpoint
    raw: Any  # the parsed JSON
    signer: KeyPair | None = None
    cosigner: KeyPair | None = None  # a migration record's legacy_signature
    commitment_ok: bool = False  # a weight transition whose commitment was consistent
    root_ok: bool = False  # a receipt body whose root was consistent
    data: bytes | None = None  # the file bytes of ``raw`` (cached; None after a change)

    def get(self, name: str) -> Any:
        """A top-level member (``None`` when absent or when the object is not a dict)."""
        return self.raw.get(name) if type(self.raw) is dict else None

    @property
    def type(self) -> str:
        t = self.get("type")
        return t if type(t) is str else ""

    @property
    def content(self) -> dict[str, Any]:
        c = self.get("content")
        return c if type(c) is dict else {}

    @property
    def mutmem_kind(self) -> str:
        c = self.content
        return c.get("kind", "") if "mutmem" in c and type(c.get("kind")) is str else ""


def _id_field(raw: Any) -> str:
    if type(raw) is not dict:
        return "commit_id"
    schema = SCHEMAS.get(raw.get("type")) if type(raw.get("type")) is str else None
    if schema is None:
        return "commit_id"
    if not schema.signed:
        return "agent_id"
    return schema.id_field


def _signable(raw: dict[str, Any]) -> dict[str, Any]:
    """The signable form the verifier rebuilds (the core's schema: fixed field list,
    defaults for absent fields); for an unknown type every member but the id and
    signatures."""
    schema = SCHEMAS.get(raw.get("type")) if type(raw.get("type")) is str else None
    if schema is None:
        drop = {"commit_id", "checkpoint_id", "signature", "legacy_signature"}
        return {k: v for k, v in raw.items() if k not in drop}
    fields: dict[str, Any] = {"type": schema.type, "version": schema.version}
    for name, default, _check in schema.fields:
        if name in raw:
            fields[name] = raw[name]
        elif default is not REQUIRED:
            fields[name] = copy.deepcopy(default)
    return fields


def _walk_strings(value: Any, depth: int = 0) -> Iterator[str]:
    if depth > 80:
        return
    t = type(value)
    if t is str:
        yield value
    elif t is dict:
        for v in value.values():
            yield from _walk_strings(v, depth + 1)
    elif t is list:
        for v in value[:2000]:
            yield from _walk_strings(v, depth + 1)


def _replace_strings(value: Any, old: str, new: str, depth: int = 0) -> Any:
    if depth > 80:
        return value
    t = type(value)
    if t is str:
        return new if value == old else value
    if t is dict:
        return {k: _replace_strings(v, old, new, depth + 1) for k, v in value.items()}
    if t is list:
        return [_replace_strings(v, old, new, depth + 1) for v in value]
    return value


def _paths(value: Any, prefix: tuple[Any, ...] = (), depth: int = 0) -> Iterator[tuple[Any, ...]]:
    """Every member and list item path (up to 6 deep, 8 items a list)."""
    yield prefix
    if depth >= 6:
        return
    if type(value) is dict:
        for k in sorted(value, key=repr):
            yield from _paths(value[k], (*prefix, k), depth + 1)
    elif type(value) is list:
        for i in range(min(len(value), 8)):
            yield from _paths(value[i], (*prefix, i), depth + 1)


def json_nodes(value: Any, limit: int) -> int:
    """How many values ``value`` holds once serialised (shared sub-values counted each
    time they appear), counting no further than ``limit``."""
    count, stack = 0, [value]
    while stack and count < limit:
        v = stack.pop()
        count += 1
        t = type(v)
        if t is dict:
            stack.extend(v.values())
        elif t is list:
            stack.extend(v)
    return count


#: At most this many JSON values in one object: long lists are one object repeated, so a
#: long list set inside another would serialise to hundreds of MiB — such a plan tests the
#: file size, not the verifier.
MAX_NODES = 300_000


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


class SignedStore:
    """A store as parsed objects plus the keys that signed them (see the module doc).

    ``fork()`` gives an independent copy to mutate; ``to_store()`` writes the files
    back (objects as alethech dumps them) and the external checkpoint's bytes.
    """

    def __init__(
        self,
        files: dict[str, bytes],
        keys: list[KeyPair],
        *,
        name: str = "",
        external: dict[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.keys = keys
        self.files = dict(files)  # everything that is not a modelled entry
        self.entries: dict[str, Entry] = {}
        by_raw = {k.raw_public: k for k in keys}
        for path in sorted(files):
            directory = path.split("/", 1)[0]
            kind = "root_authority" if path == "root_authority.json" else OBJECT_DIRS.get(directory)
            if kind is None:
                continue
            e = self._load(path, files[path], kind, by_raw)
            if e is not None:
                self.entries[path] = e
                del self.files[path]
        if external is not None:
            data = _dump(external)
            e = self._load(EXTERNAL_KEY, data, "checkpoint", by_raw)
            if e is not None:
                e.kind = EXTERNAL
                self.entries[EXTERNAL_KEY] = e
        self._index: dict[str, set[str]] | None = None
        self.index()

    # ---- loading -----------------------------------------------------------
    def _load(self, path: str, data: bytes, kind: str, by_raw: dict[bytes, KeyPair]) -> Entry | None:
        try:
            raw, _ = loads_strict(data)
        except JsonError:
            return None
        if type(raw) is not dict:
            return None
        obj = parse_object(path, data, kind)
        e = Entry(path, path, kind, raw, data=data)
        if obj.malformed is None and obj.sign_bytes:
            sig = decode_signature(obj.signature)
            e.signer = next(
                (k for raw_pub, k in by_raw.items() if verify_sig(raw_pub, sig, obj.sign_bytes)), None
            )
            legacy = obj.extra_signatures.get("legacy_signature")
            if legacy:
                lsig = decode_signature(legacy)
                e.cosigner = next(
                    (k for raw_pub, k in by_raw.items() if verify_sig(raw_pub, lsig, obj.sign_bytes)), None
                )
        if e.mutmem_kind == "weight_transition":
            from inspector.core.verify.mutmem import commitment_for

            try:
                e.commitment_ok = e.content.get("commitment") == commitment_for(e.content)
            except (JsonError, TypeError, ValueError):
                e.commitment_ok = False
        if kind == "evidence" and raw.get("event_type") == "recall_receipt":
            self._load_receipt(raw)
        return e

    def _load_receipt(self, evidence_raw: dict[str, Any]) -> None:
        from inspector.core.verify.merkle import root_of_entries

        for art in evidence_raw.get("artifacts", []):
            if type(art) is not dict or art.get("name") != "receipt.json" or type(art.get("hash")) is not str:
                continue
            path = "artifacts/" + art["hash"]
            data = self.files.get(path)
            if data is None:
                continue
            try:
                body, _ = loads_strict(data)
            except JsonError:
                continue
            if type(body) is not dict:
                continue
            e = Entry(path, path, RECEIPT, body, data=data)
            try:
                e.root_ok = body.get("root") == root_of_entries(body.get("entries"))
            except (JsonError, TypeError, ValueError, AttributeError):
                e.root_ok = False
            self.entries[path] = e
            del self.files[path]

    # ---- queries -------------------------------------------------------------
    def fork(self) -> SignedStore:
        new = object.__new__(SignedStore)
        new.name, new.keys = self.name, self.keys
        new.files = dict(self.files)
        new.entries = {k: copy.copy(e) for k, e in self.entries.items()}  # raw is copied on write
        new._index = None if self._index is None else {k: set(v) for k, v in self._index.items()}
        return new

    def entry_id(self, e: Entry) -> str | None:
        if e.kind == RECEIPT:
            return sha256_id(receipt_bytes(e.raw))
        v = e.raw.get(_id_field(e.raw)) if type(e.raw) is dict else None
        return v if type(v) is str else None

    def ids(self) -> list[str]:
        return sorted({i for e in self.entries.values() if (i := self.entry_id(e))})

    def select(self, pred: Callable[[Entry], bool]) -> list[Entry]:
        return [self.entries[k] for k in sorted(self.entries) if pred(self.entries[k])]

    def index(self) -> dict[str, set[str]]:
        """id → keys of the entries that mention it (in any string value)."""
        if self._index is None:
            ids = {i: k for k, e in self.entries.items() if (i := self.entry_id(e))}
            idx: dict[str, set[str]] = {}
            for k, e in self.entries.items():
                for s in _walk_strings(e.raw):
                    if s in ids and ids[s] != k:
                        idx.setdefault(s, set()).add(k)
            self._index = idx
        return self._index

    # ---- mutation ---------------------------------------------------------------
    def mutate(
        self,
        e: Entry,
        path: tuple[Any, ...],
        op: str,
        value: Any = None,
        *,
        resign: bool = True,
        propagate: bool = True,
        rename: bool = True,
    ) -> None:
        """Apply one mutation at ``path`` of ``e`` (op: set, delete, add, dup), then
        re-sign, re-derive and propagate as asked."""
        raw = copy.deepcopy(e.raw)
        key = value[0] if op == "add" else None
        if op == "set":
            if path:
                _get(raw, path[:-1])[path[-1]] = value
            else:
                raw = value
        elif op == "delete" and path:
            parent = _get(raw, path[:-1])
            del parent[path[-1]]
        elif op == "add":
            target = _get(raw, path)
            if type(target) is dict:
                target[key] = value[1]
            elif type(target) is list:
                target.append(value[1])
        elif op == "dup" and path:
            parent = _get(raw, path[:-1])
            if type(parent) is list:
                parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
        if json_nodes(raw, MAX_NODES + 1) > MAX_NODES:
            return  # refused: see MAX_NODES
        touched = {path[0]} if path else set()
        if op == "add" and not path:
            touched.add(key)
        self.replace(e, raw, touched=touched, resign=resign, propagate=propagate, rename=rename)

    def replace(
        self,
        e: Entry,
        raw: Any,
        *,
        touched: set[Any] | frozenset[Any] = frozenset(),
        resign: bool = True,
        propagate: bool = True,
        rename: bool = True,
    ) -> None:
        old_id = self.entry_id(e)
        e.raw, e.data = raw, None
        if type(raw) is dict:
            self._rederive(e, set(touched))
            if resign:
                self._resign(e, set(touched))
        self._note_refs(e)
        new_id = self.entry_id(e)
        if rename and new_id is not None and new_id != old_id:
            self._move(e, new_id)
        if propagate and old_id is not None and new_id is not None and old_id != new_id:
            self._propagate(old_id, new_id)

    def _rederive(self, e: Entry, touched: set[Any]) -> None:
        raw = e.raw
        if e.kind == RECEIPT and e.root_ok and "root" not in touched:
            from inspector.core.verify.merkle import root_of_entries

            with contextlib.suppress(JsonError, TypeError, ValueError, AttributeError):
                raw["root"] = root_of_entries(raw.get("entries"))
        if e.mutmem_kind == "weight_transition" and e.commitment_ok and e.signer is not None:
            c = raw["content"]
            if "commitment" in c and "commitment_signature" in c:
                from inspector.core.verify.mutmem import commitment_for

                try:
                    c["commitment"] = commitment_for(c)
                    c["commitment_signature"] = e.signer.sign(canonical(c["commitment"]))
                except (JsonError, TypeError, ValueError, AttributeError):
                    pass
        if e.type == "Identity" and "agent_id" not in touched and type(raw.get("public_key")) is dict:
            with contextlib.suppress(JsonError, TypeError, ValueError):
                raw["agent_id"] = agent_id_for(raw["public_key"])

    def _resign(self, e: Entry, touched: set[Any]) -> None:
        raw = e.raw
        if e.kind == RECEIPT or e.signer is None or e.type == "Identity":
            return
        id_field = _id_field(raw)
        fields = _signable(raw)
        try:
            signed = sign_fields(fields, e.signer, id_field=id_field)
            oid, sig = signed[id_field], signed["signature"]
        except (JsonError, TypeError, ValueError, RecursionError):
            oid = sha256_id(lenient_canonical(fields))
            sig = e.signer.sign(lenient_canonical({**fields, "commit_id": oid}))
        msg = lenient_canonical({**fields, "commit_id": oid})
        if id_field not in touched:
            raw[id_field] = oid
        if "signature" not in touched:
            raw["signature"] = sig
        if e.cosigner is not None and "legacy_signature" not in touched:
            raw["legacy_signature"] = e.cosigner.sign(msg)

    def _move(self, e: Entry, new_id: str) -> None:
        if e.kind == EXTERNAL or e.path == "root_authority.json":
            return
        directory = e.path.split("/", 1)[0]
        if e.kind == RECEIPT:
            e.path = f"artifacts/{new_id}"
        elif e.kind == "identity" and e.type != "Identity":
            aid = e.raw.get("agent_id")
            if type(aid) is str:
                e.path = f"identities/{aid}.json"
        else:
            e.path = f"{directory}/{new_id}.json"

    def _note_refs(self, e: Entry) -> None:
        """Index the ids ``e`` mentions now (a mutation may have made it name another object)."""
        idx = self.index()
        for s in _walk_strings(e.raw):
            if s in idx or s.startswith(("sha256:", "did:")):
                idx.setdefault(s, set()).add(e.key)

    def _propagate(self, old: str, new: str) -> None:
        """Carry a changed id into every object that named it (re-signing them, which
        may change their ids in turn, and so on); HEAD follows too.  Renames are handled
        first in, first out and resolved to the latest id, so an object named through a
        chain of renames ends up naming the final one.  Bounded work."""
        idx = self.index()
        renamed: dict[str, str] = {old: new}
        work = deque([old])
        budget = 5000

        def final(i: str) -> str:
            seen = 0
            while i in renamed and seen < 10_000:
                i, seen = renamed[i], seen + 1
            return i

        while work and budget > 0:
            old = work.popleft()
            new = final(old)
            users = sorted(idx.pop(old, set()))
            idx.setdefault(new, set()).update(users)
            head = self.files.get("HEAD")
            if head is not None and head.strip() == old.encode("utf-8", "surrogatepass"):
                self.files["HEAD"] = new.encode("utf-8", "surrogatepass") + b"\n"
            for k in users:
                budget -= 1
                u = self.entries.get(k)
                if u is None:
                    continue
                u_old = self.entry_id(u)
                u.raw, u.data = _replace_strings(u.raw, old, new), None
                if type(u.raw) is dict:
                    self._rederive(u, set())
                    self._resign(u, set())
                u_new = self.entry_id(u)
                if u_new is not None and u_old is not None and u_new != u_old:
                    self._move(u, u_new)
                    renamed[u_old] = u_new
                    work.append(u_old)

    # ---- output ---------------------------------------------------------------
    def to_store(self) -> tuple[Store, bytes | None]:
        files = dict(self.files)
        external = None
        for e in self.entries.values():
            if e.data is None:
                e.data = receipt_bytes(e.raw) if e.kind == RECEIPT else _dump(e.raw)
            if e.kind == EXTERNAL:
                external = e.data
            else:
                files[e.path] = e.data
        return Store(files, origin="memory", source=self.name), external


# --------------------------------------------------------------------------- the all-types store


@dataclass
class AllTypes:
    """What :func:`all_types_model` built, by name, for tests that need one object."""

    model: SignedStore
    keys: dict[str, KeyPair] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)


def fixed_key(name: str) -> KeyPair:
    """A fixed test key (the same bytes every run, so derandomized tests see one store)."""
    import hashlib

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    seed = hashlib.sha256(b"aleth-inspector test key " + name.encode()).digest()
    return KeyPair(Ed25519PrivateKey.from_private_bytes(seed))


def all_types_store() -> AllTypes:
    """A store with every object type the verifier reads, written by the core's own
    writer with fixed keys and a stepping clock (byte-identical every run), every key
    kept.  It verifies ``pass`` (a test checks)."""
    from inspector.core.write.builder import StoreWriter
    from inspector.core.write.mutmem import MutMemWriter, Outcome

    names = ("agent", "agent2", "root", "housekeeper", "auditor")
    agent, agent2, root, hk, au = (fixed_key(n) for n in names)

    w = StoreWriter.create(legacy=True, agent_key=agent, clock=stepping_clock())
    ids: dict[str, str] = {}
    ids["legacy_commit"] = w.commit({"text": "before migration"})["commit_id"]
    ids["migration"] = w.migrate(root)["commit_id"]
    mm = MutMemWriter(w)
    mm.grant_role("housekeeper", hk)
    mm.grant_role("auditor", au)
    ev = w.evidence(artifacts=[("out.txt", b"tool output\n")])["commit_id"]
    ids["evidence"] = ev
    m1 = mm.memory({"kind": "fact", "text": "payroll export owner is Ana"}, evidence_refs=[ev])["commit_id"]
    m2 = mm.memory({"kind": "fact", "text": "payroll refunds need a ticket"})["commit_id"]
    ids["memory"], ids["memory2"] = m1, m2
    outcome = w.evidence(event_type="task_outcome", tool="agent.task")["commit_id"]
    ids["weight_transition"] = mm.transition(m1, [Outcome(outcome, 1, 2)], eta=0.3, key=hk)["commit_id"]
    ids["weight_transition2"] = mm.transition(m1, [Outcome(outcome, -1, 1)], eta=0.2, key=hk)["commit_id"]
    ids["label"] = mm.label(m2, "poison_suspect", key=hk, reason="odd", confidence_milli=600)["commit_id"]
    review = w.evidence(event_type="audit_review", tool="review", artifacts=[("r.md", b"ok\n")], key=au)
    ids["review"] = review["commit_id"]
    ids["verdict_label"] = mm.label(
        m2, "poison_refuted", key=au, reason="checked", confidence_milli=900, evidence=[review["commit_id"]]
    )["commit_id"]
    ids["receipt"] = mm.recall("payroll export owner", k=3)["commit_id"]
    w.anchor([ids["receipt"]], "before the rotation of key-001")  # SPEC E4: what key-001 signed stays placed
    w.rotate("key-001", agent2, "key-002")
    ids["after_rotation"] = w.commit({"text": "after rotation"})["commit_id"]
    cp = w.checkpoint(sequence=1)
    w.store.files[f"checkpoints/{cp['checkpoint_id']}.json"] = dump(cp)
    ids["checkpoint"] = cp["checkpoint_id"]
    external = w.checkpoint(sequence=2)
    keys = {"agent": agent, "agent2": agent2, "root": root, "housekeeper": hk, "auditor": au}
    model = SignedStore(w.store.files, list(keys.values()), name="all-types", external=external)
    return AllTypes(model, keys, ids)


# --------------------------------------------------------------------------- targets and mutations


def _is_record(kind: str) -> Callable[[Entry], bool]:
    return lambda e: e.kind == "commit" and e.mutmem_kind == kind


#: Where hypothesis aims: every object type (and the nested parts that have rules of
#: their own), as (which entries, which path prefixes; None = anywhere).
TARGETS: dict[str, tuple[Callable[[Entry], bool], tuple[tuple[Any, ...], ...] | None]] = {
    "commit": (lambda e: e.kind == "commit" and not e.mutmem_kind, None),
    "evidence": (lambda e: e.kind == "evidence" and e.get("event_type") != "recall_receipt", None),
    "checkpoint": (lambda e: e.kind == "checkpoint", None),
    "external_checkpoint": (lambda e: e.kind == EXTERNAL, None),
    "root_authority": (lambda e: e.kind == "root_authority", None),
    "identity_record": (lambda e: e.type == "IdentityRecordV2", None),
    "identity_record_keys": (lambda e: e.type == "IdentityRecordV2", (("active_keys",), ("revoked_keys",))),
    "legacy_identity": (lambda e: e.type == "Identity", None),
    "control_event": (lambda e: e.kind == "control_event", None),
    "migration": (lambda e: e.kind == "migration", None),
    "weight_transition": (_is_record("weight_transition"), (("content",),)),
    "label": (_is_record("label"), (("content",),)),
    "receipt_body": (lambda e: e.kind == RECEIPT, None),
    "receipt_evidence": (lambda e: e.kind == "evidence" and e.get("event_type") == "recall_receipt", None),
}

OPS = ("set", "set", "set", "add", "add", "delete", "dup")


def stranger_jwks() -> st.SearchStrategy[dict[str, str]]:
    """Well-formed Ed25519 JWKs of keys nobody granted (and near-misses of the form)."""
    from inspector.core.keys import b64url

    x = st.binary(min_size=32, max_size=32).map(b64url)
    return st.one_of(
        x.map(lambda v: {"kty": "OKP", "crv": "Ed25519", "x": v}),
        x.map(lambda v: {"kty": "OKP", "crv": "Ed448", "x": v}),
        x.map(lambda v: {"kty": "OKP", "crv": "Ed25519", "x": v + "="}),
    )


def _value_for(model: SignedStore, long: int) -> st.SearchStrategy[Any]:
    """A replacement value: a scalar of any type, any JSON value, another object's id
    (or a list of ids), or a public key nobody granted."""
    ids = model.ids()
    others = [st.sampled_from(ids), st.lists(st.sampled_from(ids), max_size=3)] if ids else []
    return st.one_of(json_leaves(), hostile_json(long=long), *others, stranger_jwks())


@st.composite
def mutation_plan(
    draw: st.DrawFn, model: SignedStore, target: str | None = None, *, long: int = 5000
) -> SignedStore:
    """A fork of ``model`` with 1–3 mutations aimed at ``target`` (any object when None)."""
    m = model.fork()
    n = draw(st.integers(1, 3), label="mutations")
    for _ in range(n):
        aim = target
        if aim is None:
            # aim at a kind first, then at one of its objects: a receipt body or an identity
            # record is as likely as one of the hundreds of commits
            present = [name for name, (p, _) in TARGETS.items() if any(p(e) for e in m.entries.values())]
            aim = draw(st.sampled_from([*present, "any"]), label="aim")
        pred, prefixes = TARGETS[aim] if aim != "any" else ((lambda e: True), None)
        candidates = m.select(pred)
        if not candidates:
            break
        e = draw(st.sampled_from(candidates), label="object")
        paths = [p for p in _paths(e.raw) if prefixes is None or any(p[: len(x)] == x for x in prefixes)]
        if not paths:
            continue
        op = draw(st.sampled_from(OPS), label="op")
        if op == "add":  # a member or item is added to a container
            paths = [p for p in paths if type(_get(e.raw, p)) in (dict, list)] or paths
        elif op == "dup":  # a list item is repeated
            paths = [p for p in paths if p and type(p[-1]) is int] or paths
        elif op == "delete":
            paths = [p for p in paths if p] or paths
        path = draw(st.sampled_from(paths), label="path")
        value: Any = None
        if op == "set":
            value = draw(_value_for(m, long), label="value")
        elif op == "add":
            value = (draw(hostile_keys(), label="key"), draw(_value_for(m, long), label="value"))
        resign = draw(st.sampled_from([True, True, True, False]), label="resign")
        propagate = draw(st.sampled_from([True, True, False]), label="propagate")
        rename = draw(st.sampled_from([True, True, True, False]), label="rename")
        try:
            m.mutate(e, path, op, value, resign=resign, propagate=propagate, rename=rename)
        except (KeyError, IndexError, TypeError):
            continue  # the path vanished under an earlier mutation of the same object
    return m


@st.composite
def file_mutations(draw: st.DrawFn, store: Store) -> Store:
    """Raw damage to the files that are not signed objects: HEAD, keys/signing.key,
    artifacts, extra files under odd names, a deleted file."""
    files = dict(store.files)
    n = draw(st.integers(1, 3), label="file mutations")
    for _ in range(n):
        op = draw(st.sampled_from(["head", "signing_key", "artifact", "extra", "delete", "raw_object"]))
        if op == "head":
            names = st.sampled_from(sorted(files)).map(lambda p: p.encode("utf-8", "surrogatepass"))
            files["HEAD"] = draw(st.one_of(raw_bytes(), names))
        elif op == "signing_key":
            files["keys/signing.key"] = draw(raw_bytes())
        elif op == "artifact":
            arts = sorted(p for p in files if p.startswith("artifacts/"))
            if arts:
                files[draw(st.sampled_from(arts))] = draw(raw_bytes())
        elif op == "extra":
            directory = draw(st.sampled_from([*OBJECT_DIRS, "artifacts", "keys", "unknown", ""]))
            name = draw(st.one_of(hostile_text(long=False), st.sampled_from(["x.json", ".json", "a/b.json"])))
            files[f"{directory}/{name}" if directory else name] = draw(raw_bytes())
        elif op == "delete" and files:
            files.pop(draw(st.sampled_from(sorted(files))))
        elif op == "raw_object":
            objs = sorted(p for p in files if p.split("/", 1)[0] in OBJECT_DIRS)
            if objs:
                files[draw(st.sampled_from(objs))] = draw(raw_bytes())
    return Store(files, origin=store.origin, source=store.source)


@st.composite
def mutated_stores(
    draw: st.DrawFn,
    model: SignedStore,
    target: str | None = None,
    *,
    raw_files: bool = True,
    long: int = 5000,
    max_bytes: int = 16 * 2**20,
) -> tuple[Store, VerifyOptions]:
    """(store, options) after signed mutations aimed at ``target`` and, sometimes,
    raw damage to the unsigned files; hostile lists have up to ``long`` items and the
    files add up to at most ``max_bytes``."""
    m = draw(mutation_plan(model, target, long=long))
    store, external = m.to_store()
    # Long lists are one object repeated, so a long list set inside another one would
    # serialise to hundreds of MiB: such a plan tests the file size, not the verifier.
    assume(store_size(store) + len(external or b"") <= max_bytes)
    if raw_files and target is None and draw(st.integers(0, 4), label="raw files?") == 0:
        store = draw(file_mutations(store))
    return store, VerifyOptions(checkpoint=external)


# --------------------------------------------------------------------------- the property


class BudgetExceeded(AssertionError):
    """The verifier took longer or more memory than the budget allows."""


def store_size(store: Store) -> int:
    return sum(len(p) + len(d) for p, d in store.files.items())


def peak_memory(store: Store, options: VerifyOptions | None = None) -> int:
    """Peak bytes allocated while verifying ``store`` (tracemalloc; slows the run ~3×)."""
    tracemalloc.start()
    try:
        verify(store, options or VerifyOptions())
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def check_answer(
    store: Store,
    options: VerifyOptions | None = None,
    *,
    cpu_seconds: float = 2.0,
    memory: int | None = None,
    trace_above: tuple[float, int] = (0.01, 64 * 1024),
) -> Report:
    """Verify ``store`` and assert the verifier *answered*: a report, no exception, a
    verdict that is the judgement of its findings (never the ``internal_error`` last
    resort), a report that serialises, within ``cpu_seconds`` of processor time (not
    wall time, so a busy machine does not fail it) and, when ``memory`` is given,
    ``memory`` bytes of peak allocation.

    Memory is measured in a second, traced run (tracemalloc, ~3× slower), done when the
    first run took at least ``trace_above[0]`` s of processor time or the store holds
    at least ``trace_above[1]`` bytes: below both, the run could not have touched more
    than a few MiB, and skipping the trace keeps the property tests cheap."""
    options = options or VerifyOptions()
    t0 = time.process_time()
    report = verify(store, options)
    cpu = time.process_time() - t0
    assert isinstance(report, Report)
    assert "internal_error" not in report.codes(), report.findings
    assert report.verdict in ("pass", "fail"), report.verdict
    errors = report.codes(Severity.ERROR)
    expected = "fail" if errors or (options.strict and report.codes(Severity.WARNING)) else "pass"
    assert report.verdict == expected, (report.verdict, errors)
    json.dumps(report.to_json())  # what --json prints
    if cpu > cpu_seconds:
        raise BudgetExceeded(f"verify took {cpu:.2f} s of processor time (budget {cpu_seconds} s)")
    if memory is not None and (cpu >= trace_above[0] or store_size(store) >= trace_above[1]):
        peak = peak_memory(store, options)
        if peak > memory:
            raise BudgetExceeded(f"verify peaked at {peak / 2**20:.1f} MiB (budget {memory / 2**20:.1f} MiB)")
    return report


def fixture_keys(store_dir: Path) -> list[KeyPair]:
    """The private test keys a fixture ships (``store/keys/*.key``, ``../keys/*.pem``)."""
    out = []
    for p in [
        *sorted((store_dir / "keys").glob("*.key")),
        *sorted((store_dir.parent / "keys").glob("*.pem")),
    ]:
        try:
            out.append(KeyPair.load(p))
        except Exception:  # a fixture key that does not load is simply not used
            continue
    return out


# --- paths into a JSON document (the hostile-value tests of the HOM-AIMOS profiles) -----------


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``value`` (keys and indexes), the document's own ``()`` first."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(json_paths(v, (*prefix, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(json_paths(v, (*prefix, i)))
    return out


def value_at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def replace_at(doc: Any, path: tuple[Any, ...], new: Any, delete: bool = False) -> Any:
    """``doc`` with the value at ``path`` replaced by ``new`` (or deleted); edits in place."""
    if not path:
        return new
    parent = value_at(doc, path[:-1])
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    elif delete and isinstance(parent, list):
        parent.pop(path[-1])
    else:
        parent[path[-1]] = new
    return doc
