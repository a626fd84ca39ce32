"""Stores of the shapes SPEC B7 (rev 3) says must stay linear, and an honest store to
measure them against, built with the core's writer.

Each builder takes ``n``, the number of *entries* of the shape (files, record
entries, receipt entries, references, parents), and returns ``(store, options)``.
:func:`honest` holds ``n`` signed commits in one history: the per-entry cost of a
hostile shape is compared with the per-entry cost of that honest store, measured in
the same run (``tests/core/verify/test_hostile_shapes.py`` bounds the ratio;
``bench/hostile_bench.py`` prints it for larger sizes).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from inspector.core.canonical import canonical
from inspector.core.keys import KeyPair, b64url, sha256_id
from inspector.core.store import Store
from inspector.core.verify.engine import VerifyOptions
from inspector.core.verify.merkle import root_of_entries
from inspector.core.write.builder import StoreWriter, dump, identity_record, memory_commit, stepping_clock
from inspector.core.write.mutmem import MutMemWriter

Shape = tuple[Store, VerifyOptions]


def _key(name: str) -> KeyPair:
    from .strategies import fixed_key

    return fixed_key(name)


def _writer() -> StoreWriter:
    return StoreWriter.create(agent_key=_key("agent"), root=_key("root"), clock=stepping_clock())


def honest(n: int) -> Shape:
    """``n`` commits in one history, each signed by the agent key: the yardstick."""
    w = _writer()
    for i in range(n - 1):
        w.commit({"text": f"memory {i}"})
    return w.store, VerifyOptions()


def one_id(n: int) -> Shape:
    """``n`` files of ``commits/`` carrying one commit id: half exact copies, half
    copies with edited bytes (DIGEST_MISMATCH copies), under names that encode
    other ids (B9)."""
    w = _writer()
    c = w.commit({"text": "the one"})
    data = dump(c)
    forged = dump({**c, "content": {"text": "forged"}})
    for i in range(n):
        w.store.files[f"commits/sha256:{i:064x}.json"] = data if i % 2 else forged
    return w.store, VerifyOptions()


def record_entries(n: int, *, signed: bool) -> Shape:
    """An identity record with ``n`` active entries under the agent's key_id, each a
    different public key nobody granted, root-signed or with a signature that fails;
    the agent's commits name that key_id, and so do ``n // 100`` commits a stranger
    signed (each signature is tried only against keys the root granted)."""
    w = _writer()
    stranger = _key("stranger")
    for i in range(3):
        w.commit({"text": f"memory {i}"})
    for i in range(max(2, n // 100)):
        obj = memory_commit(
            agent_id=w.agent_id,
            key_id="key-001",
            parents=[w.head],
            timestamp=w.clock(),
            session_id="s",
            memory_type="semantic",
            content={"text": f"stranger {i}"},
            provenance={},
            key=stranger,
        )
        w.store.files[f"commits/{obj['commit_id']}.json"] = dump(obj)
    rng = random.Random(n)
    active = [*w.active]
    for _ in range(n):
        active.append(
            {
                "key_id": "key-001",
                "public_key": {"kty": "OKP", "crv": "Ed25519", "x": b64url(rng.randbytes(32))},
                "authorized_at": "2026-01-05T09:00:00.000Z",
                "authorized_by": "",
                "expires_at": None,
            }
        )
    rec = identity_record(w.root, active, w.revoked, w.created_at) if w.root else {}
    if not signed:
        rec["signature"] = "ed25519:" + "A" * 86
    for path in [p for p, _ in w.store.list("identities")]:
        del w.store.files[path]
    w.store.files[f"identities/{rec['agent_id']}.json"] = dump(rec)
    return w.store, VerifyOptions()


def receipt_repeats(n: int) -> Shape:
    """A label chain of ``n // 2`` records over one memory, with a fork (a defect, so
    the chain is not a clean line), and a recall receipt at the chain's first record
    (so the projection walks back the whole chain) disclosing that memory ``n // 2``
    times."""
    w = _writer()
    mm = MutMemWriter(w)
    _, hk = mm.grant_role("housekeeper", _key("housekeeper"))
    m = mm.memory({"text": "the memory"})["commit_id"]
    first = mm.label(m, "unverified", key=hk, reason="start")["commit_id"]
    for i in range(max(1, n // 2 - 2)):
        mm.label(m, "poison_suspect" if i % 2 else "unverified", key=hk, reason=f"r{i}")
    # the fork: a second record following the first one
    mm.label_tip[m] = (first, "unverified")
    mm.label(m, "unverified", key=hk, reason="fork")
    entries = [{"ordinal": i, "memory": m, "weight_q": 1000, "label": "unverified"} for i in range(n // 2)]
    body = {
        "mutmem": 1,
        "kind": "recall_receipt",
        "head": first,
        "query_sha256": "sha256:" + "0" * 64,
        "k": len(entries),
        "calibration": {"eta": 0.2, "w_min": 0.1, "w_max": 3.0},
        "entries": entries,
        "root": root_of_entries(entries),
    }
    data = canonical(body)
    w.evidence(
        event_type="recall_receipt",
        input_hash=body["query_sha256"],
        output_hash=sha256_id(data),
        artifacts=[("receipt.json", data)],
    )
    return w.store, VerifyOptions()


def evidence_refs(n: int) -> Shape:
    """One commit citing ``n`` evidence ids (half present, half missing), under an
    external checkpoint whose history holds it (B5: each missing one is an error)."""
    w = _writer()
    present = [w.evidence(tool=f"t{i}")["commit_id"] for i in range(min(n // 2, 200))]
    refs = [present[i % len(present)] if i % 2 else f"sha256:{i:064x}" for i in range(n)]
    w.commit({"text": "cites"}, evidence_refs=refs)
    external = dump(w.checkpoint())
    return w.store, VerifyOptions(checkpoint=external)


def many_parents(n: int) -> Shape:
    """One commit naming ``n`` parents, most of them absent and many repeated."""
    w = _writer()
    genesis = w.head
    assert genesis is not None
    parents = [genesis if i % 3 == 0 else f"sha256:{i % (n // 2 + 1):064x}" for i in range(n)]
    w.commit({"text": "merge"}, parents=parents)
    return w.store, VerifyOptions()


SHAPES: dict[str, Callable[[int], Shape]] = {
    "one_id": one_id,
    "record_unsigned": lambda n: record_entries(n, signed=False),
    "record_signed": lambda n: record_entries(n, signed=True),
    "receipt_repeats": receipt_repeats,
    "evidence_refs": evidence_refs,
    "many_parents": many_parents,
}
