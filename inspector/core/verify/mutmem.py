"""SPEC Part C: the MutMem profile — weight transitions, epistemic labels and
recall receipts carried inside ordinary alethech objects.

``analyze`` runs after the core verifier has given every commit and evidence
its status and signer era.  It adds Part C findings and the derived views the
GUI plots: per-memory weight trajectories and label histories, the projection
at HEAD, and each receipt with its entries, root and status.

The pure helpers (``update_rule``, ``commitment_for``, ``rank``, ``Chains``)
are shared with the writer in :mod:`inspector.core.write.mutmem`, so what the
writer computes is exactly what the verifier checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..canonical import JsonError, canonical, loads_strict
from ..keys import decode_signature, sha256_id, verify_sig
from ..objects import Obj
from ..privacy import value_has_private_region
from .graph import Dag
from .identity import KeyBook, raw_from_era
from .merkle import root_of_entries
from .report import Severity, Status

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

DETECTOR_LABELS = ("unverified", "poison_suspect", "poison_likely")
VERDICT_LABELS = ("supported", "disputed", "poison_confirmed", "poison_refuted")
LABELS = DETECTOR_LABELS + VERDICT_LABELS
RANK = {
    "supported": 0,
    "poison_refuted": 0,
    "unverified": 1,
    "disputed": 2,
    "poison_suspect": 3,
    "poison_likely": 4,
    "poison_confirmed": 5,
}
Q_MIN, Q_MAX, Q_START = 100, 3000, 1000
ETA_MIN, ETA_MAX = 0.001, 0.5
W_MIN, W_MAX = 0.1, 3.0


def rank(label: str | None) -> int:
    """Restriction rank; a memory with no label record ranks like 'unverified'."""
    return RANK.get(label, 1) if label is not None else 1


def is_untrusted(label: str | None) -> bool:
    return rank(label) >= 3


def valence(outcomes: list[dict[str, Any]]) -> float:
    return math.tanh(sum(o["reward"] * o["count"] for o in outcomes))


def update_rule(old_q: int, eta: float, outcomes: list[dict[str, Any]]) -> int:
    """new_q = round_half_up(1000 · clip(old_q/1000 · exp(eta·j), 0.1, 3.0))."""
    w = old_q / 1000 * math.exp(eta * valence(outcomes))
    w = min(max(w, W_MIN), W_MAX)
    return math.floor(1000 * w + 0.5)


def provenance_of(content: dict[str, Any]) -> str:
    body = {k: v for k, v in content.items() if k not in ("commitment", "commitment_signature")}
    return sha256_id(canonical(body))


def commitment_for(content: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": "transition_commitment",
        "tenant": content.get("tenant"),
        "memory": content.get("memory"),
        "old_q": content.get("old_q"),
        "new_q": content.get("new_q"),
        "provenance": provenance_of(content),
    }


def is_plain(obj: Obj) -> bool:
    return obj.malformed is None and "mutmem" not in obj.content


def record_kind(obj: Obj) -> str | None:
    c = obj.content
    if obj.malformed is not None or "mutmem" not in c:
        return None
    return c.get("kind") if type(c.get("kind")) is str else ""


@dataclass
class TrajectoryPoint:
    commit: str | None  # None for the implicit start
    position: int | None  # index in the report's DAG order
    weight_q: int
    valence: float | None = None
    eta: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "commit": self.commit,
            "position": self.position,
            "weight_q": self.weight_q,
            "valence": self.valence,
            "eta": self.eta,
        }


@dataclass
class LabelPoint:
    commit: str
    position: int
    label: str
    confidence_milli: int | None
    key_id: str
    role: str
    evidence: list[str]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class MemoryView:
    memory_id: str
    weight_q: int = Q_START
    label: str | None = None
    trajectory: list[TrajectoryPoint] = field(default_factory=list)
    labels: list[LabelPoint] = field(default_factory=list)

    @property
    def untrusted(self) -> bool:
        return is_untrusted(self.label)

    def to_json(self) -> dict[str, Any]:
        return {
            "weight_q": self.weight_q,
            "label": self.label,
            "untrusted": self.untrusted,
            "trajectory": [p.to_json() for p in self.trajectory],
            "labels": [p.to_json() for p in self.labels],
        }


@dataclass
class ReceiptView:
    evidence_id: str
    status: str  # "valid" or "invalid"
    evidence_status: str
    head: str | None
    root: str | None
    root_recomputed: str | None
    k: int | None
    query_sha256: str | None
    entries: list[dict[str, Any]]
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "evidence_status": self.evidence_status,
            "head": self.head,
            "root": self.root,
            "root_recomputed": self.root_recomputed,
            "k": self.k,
            "query_sha256": self.query_sha256,
            "entries": self.entries,
            "problems": self.problems,
        }


@dataclass
class MutMemView:
    """Part C derived views, attached to the report as extensions."""

    memories: dict[str, MemoryView]
    receipts: dict[str, ReceiptView]

    def memory_of_record(self) -> dict[str, str]:
        """Weight-transition and label record id → the memory it is about."""
        out: dict[str, str] = {}
        for mid, mv in self.memories.items():
            for tp in mv.trajectory:
                if tp.commit:
                    out[tp.commit] = mid
            for lp in mv.labels:
                out[lp.commit] = mid
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "memories": {k: v.to_json() for k, v in self.memories.items()},
            "receipts": {k: v.to_json() for k, v in self.receipts.items()},
        }


class Chains:
    """The per-memory weight and label chains, records in DAG order."""

    def __init__(self, dag: Dag, order_pos: dict[str, int]) -> None:
        self.dag = dag
        self.pos = order_pos
        self.weights: dict[str, list[Obj]] = {}
        self.labels: dict[str, list[Obj]] = {}

    def add(self, kind: str, obj: Obj) -> None:
        target = obj.content.get("memory")
        book = self.weights if kind == "weight_transition" else self.labels
        book.setdefault(target if type(target) is str else "", []).append(obj)

    def sort(self) -> None:
        for book in (self.weights, self.labels):
            for recs in book.values():
                recs.sort(key=lambda o: self.pos.get(o.stored_id, 0))

    def project(self, memory: str, head: str) -> tuple[int, str | None]:
        """(weight_q, label) of ``memory`` at ``head``: the last record of each
        chain inside ancestry(head)."""
        anc = self.dag.ancestry(head)
        q, label = Q_START, None
        for o in reversed(self.weights.get(memory, [])):
            i = self.dag.index.get(o.stored_id)
            if i is not None and anc[i]:
                q = o.content.get("new_q") if type(o.content.get("new_q")) is int else q
                break
        for o in reversed(self.labels.get(memory, [])):
            i = self.dag.index.get(o.stored_id)
            if i is not None and anc[i]:
                lab = o.content.get("label")
                label = lab if type(lab) is str else label
                break
        return q, label


Add = Callable[..., None]


def analyze(
    add: Add,
    store_artifact: Callable[[str], bytes | None],
    book: KeyBook,
    dag: Dag,
    order: list[str],
    commits: dict[str, Obj],
    evidence: dict[str, Obj],
    statuses: dict[str, Status],
    ev_statuses: dict[str, Status],
    signer: dict[str, int],
    head: str | None,
) -> MutMemView | None:
    """Run all Part C checks; returns None when the file carries no MutMem data."""
    pos = {cid: i for i, cid in enumerate(order)}
    plain = {cid for cid, o in commits.items() if is_plain(o)}
    records = [(cid, o, record_kind(o)) for cid, o in commits.items() if record_kind(o) is not None]
    receipts = [
        eid for eid, o in evidence.items() if o.malformed is None and o.get("event_type") == "recall_receipt"
    ]
    for cid, o in commits.items():
        # cheap byte test first: the canonical bytes hold every string of the content
        if (
            o.malformed is None
            and b"<private" in o.sign_bytes.lower()
            and value_has_private_region(o.content)
        ):
            add(
                "unredacted_private_region",
                W,
                "commit",
                cid,
                "content still holds a <private> region that should have been redacted before signing",
            )
    if not records and not receipts:
        return None

    chains = Chains(dag, pos)
    for cid, o, kind in records:
        if not statuses.get(cid, Status.MALFORMED).ok:
            continue  # its status already fails the verdict; it proves nothing
        c = o.content
        if c.get("mutmem") != 1 or kind not in ("weight_transition", "label"):
            add(
                "mutmem_rule_violation",
                E,
                "commit",
                cid,
                f"MutMem record of unknown version/kind: expected mutmem 1 and kind "
                f"weight_transition or label, found mutmem {c.get('mutmem')!r}, kind {kind!r}",
            )
            continue
        era = book.eras[signer[cid]] if cid in signer else None
        role = era.role if era else "unknown"
        target = c.get("memory")
        if type(target) is not str or target not in commits:
            add("mutmem_target_invalid", E, "commit", cid, f"target memory {target!r} is not in the store")
            continue
        if target not in plain:
            add(
                "mutmem_target_invalid",
                E,
                "commit",
                cid,
                f"target {target} is not a plain memory (it is itself a MutMem record)",
                (target,),
            )
            continue
        if not dag.is_ancestor(target, cid):
            add(
                "mutmem_target_invalid",
                E,
                "commit",
                cid,
                f"target {target} is not an ancestor of the record",
                (target,),
            )
            continue
        if kind == "weight_transition":
            if role != "housekeeper":
                add(
                    "mutmem_role_unauthorized",
                    E,
                    "commit",
                    cid,
                    f"weight transitions need a housekeeper key; signed by {era.key_id if era else '?'} "
                    f"(role {role})",
                )
            _check_transition(add, cid, o, book, era)
        else:
            _check_label(add, cid, o, role, era, evidence, ev_statuses)
        chains.add(kind, o)
    chains.sort()
    for kind, book_ in (("weight", chains.weights), ("label", chains.labels)):
        for memory, recs in book_.items():
            _check_chain(add, kind, memory, recs, dag)

    # ---- views ------------------------------------------------------------
    memories: dict[str, MemoryView] = {}
    for cid in sorted(plain, key=lambda c: pos.get(c, 0)):
        mv = MemoryView(cid)
        mv.trajectory.append(TrajectoryPoint(None, None, Q_START))
        for o in chains.weights.get(cid, []):
            c = o.content
            try:
                j = valence(c["outcomes"])
            except (KeyError, TypeError):
                j = None
            mv.trajectory.append(
                TrajectoryPoint(o.stored_id, pos.get(o.stored_id), c.get("new_q"), j, c.get("eta"))
            )
        for o in chains.labels.get(cid, []):
            c = o.content
            era = book.eras[signer[o.stored_id]] if o.stored_id in signer else None
            mv.labels.append(
                LabelPoint(
                    o.stored_id,
                    pos.get(o.stored_id, -1),
                    c.get("label"),
                    c.get("confidence_milli"),
                    era.key_id if era else "",
                    era.role if era else "",
                    list(c.get("evidence") or []),
                    c.get("reason", ""),
                )
            )
        if head:
            mv.weight_q, mv.label = chains.project(cid, head)
        memories[cid] = mv

    views: dict[str, ReceiptView] = {}
    for eid in receipts:
        views[eid] = _check_receipt(
            add,
            eid,
            evidence[eid],
            store_artifact,
            chains,
            dag,
            plain,
            ev_statuses.get(eid, Status.MALFORMED),
        )
    if receipts:
        add(
            "receipt_scope",
            INFO,
            "store",
            "",
            f"{len(receipts)} recall receipt(s): a receipt proves what was disclosed and in which "
            "order, not that nothing else existed or was withheld",
        )
    return MutMemView(memories, views)


def _check_transition(add: Add, cid: str, o: Obj, book: KeyBook, era: Any) -> None:
    c = o.content
    old_q, new_q, eta, outcomes = c.get("old_q"), c.get("new_q"), c.get("eta"), c.get("outcomes")
    if book.agent_id and c.get("tenant") != book.agent_id:
        add(
            "mutmem_rule_violation",
            E,
            "commit",
            cid,
            f"tenant should be the identity's agent_id {book.agent_id}, found {c.get('tenant')!r}",
        )
    if type(old_q) is not int or type(new_q) is not int:
        add("mutmem_rule_violation", E, "commit", cid, "old_q and new_q must be integers (milli-weights)")
        return
    for name, q in (("old_q", old_q), ("new_q", new_q)):
        if not Q_MIN <= q <= Q_MAX:
            add("mutmem_weight_out_of_range", E, "commit", cid, f"{name} = {q} is outside {Q_MIN}…{Q_MAX}")
    if type(eta) not in (int, float) or not ETA_MIN <= eta <= ETA_MAX:
        add(
            "mutmem_rule_violation",
            E,
            "commit",
            cid,
            f"eta must lie in [{ETA_MIN}, {ETA_MAX}], found {eta!r}",
        )
        return
    ok_outcomes = (
        type(outcomes) is list
        and outcomes
        and all(
            type(x) is dict
            and x.get("reward") in (-1, 1)
            and type(x.get("reward")) is int
            and type(x.get("count")) is int
            and x["count"] >= 1
            and type(x.get("ref")) is str
            for x in outcomes
        )
    )
    if not ok_outcomes:
        add(
            "mutmem_rule_violation",
            E,
            "commit",
            cid,
            "outcomes must be a non-empty list of {ref, reward: ±1, count ≥ 1}",
        )
        return
    if new_q == old_q:
        add(
            "mutmem_noop_transition",
            E,
            "commit",
            cid,
            f"transition leaves the weight at {old_q}: no-op transitions are refused",
        )
    else:
        expected = update_rule(old_q, eta, outcomes)
        if expected != new_q:
            add(
                "mutmem_rule_violation",
                E,
                "commit",
                cid,
                f"update rule gives new_q = {expected} from old_q {old_q}, eta {eta}, "
                f"valence {valence(outcomes):.6f}; the record says {new_q}",
            )
    commitment = c.get("commitment")
    if commitment != commitment_for(c):
        add(
            "mutmem_commitment_mismatch",
            E,
            "commit",
            cid,
            "the transition commitment does not equal {kind, tenant, memory, old_q, new_q, "
            "provenance} of the record's content",
        )
        return
    sig = decode_signature(c.get("commitment_signature"))
    if era is None or not verify_sig(raw_from_era(era), sig, canonical(commitment)):
        add(
            "mutmem_commitment_signature_invalid",
            E,
            "commit",
            cid,
            "commitment_signature does not verify with the record's signing key over JCS(commitment)",
        )


def _check_label(
    add: Add, cid: str, o: Obj, role: str, era: Any, evidence: dict[str, Obj], ev_statuses: dict[str, Status]
) -> None:
    c = o.content
    label = c.get("label")
    if label not in LABELS:
        add("mutmem_target_invalid", E, "commit", cid, f"unknown label {label!r}")
        return
    conf = c.get("confidence_milli")
    if type(conf) is not int or not 0 <= conf <= 1000:
        add(
            "mutmem_target_invalid",
            E,
            "commit",
            cid,
            f"confidence_milli must be an integer 0…1000, found {conf!r}",
        )
    if role == "agent" or role == "unknown":
        add(
            "mutmem_role_unauthorized",
            E,
            "commit",
            cid,
            f"labels need a housekeeper or auditor key; signed by {era.key_id if era else '?'} (role {role})",
        )
    elif label in VERDICT_LABELS and role != "auditor":
        add(
            "mutmem_role_unauthorized",
            E,
            "commit",
            cid,
            f"verdict label {label} needs an auditor key; signed by {era.key_id} (role {role})",
        )
    if label in VERDICT_LABELS:
        ev = c.get("evidence")
        good = (
            [e for e in ev if type(e) is str and ev_statuses.get(e, Status.MALFORMED).ok]
            if type(ev) is list
            else []
        )
        if not good:
            add(
                "mutmem_label_evidence_missing",
                E,
                "commit",
                cid,
                f"verdict label {label} must cite at least one valid evidence record; found {ev!r}",
            )


def _check_chain(add: Add, kind: str, memory: str, recs: list[Obj], dag: Dag) -> None:
    ids = {o.stored_id: o for o in recs}
    geneses = [o for o in recs if o.content.get("prev") is None]
    for extra in geneses[1:]:
        add(
            "mutmem_genesis_invalid",
            E,
            "commit",
            extra.stored_id,
            f"second {kind} chain genesis for memory {memory} (first: {geneses[0].stored_id})",
            (geneses[0].stored_id, memory),
        )
    by_prev: dict[str, str] = {}
    for o in recs:
        prev = o.content.get("prev")
        if prev is None:
            continue
        if type(prev) is not str:
            add(
                "mutmem_chain_discontinuity",
                E,
                "commit",
                o.stored_id,
                f"prev must be a record id or null, found {type(prev).__name__}",
                (memory,),
            )
            continue
        if prev in by_prev:
            add(
                "mutmem_chain_fork",
                E,
                "commit",
                o.stored_id,
                f"{kind} chain of {memory} forks: {by_prev[prev]} and this record both follow {prev}",
                (by_prev[prev], prev),
            )
        else:
            by_prev[prev] = o.stored_id
        if type(prev) is not str or prev not in ids or not dag.is_ancestor(prev, o.stored_id):
            add(
                "mutmem_chain_discontinuity",
                E,
                "commit",
                o.stored_id,
                f"prev {prev!r} is not a {kind} record of memory {memory} inside this record's ancestry",
                (memory,),
            )
            continue
        if kind == "weight":
            before = ids[prev].content.get("new_q")
            if o.content.get("old_q") != before:
                add(
                    "mutmem_chain_discontinuity",
                    E,
                    "commit",
                    o.stored_id,
                    f"old_q is {o.content.get('old_q')}, but the previous transition {prev} "
                    f"ended at {before}",
                    (prev,),
                )
    if kind == "weight":
        for g in geneses:
            if g.content.get("old_q") != Q_START:
                add(
                    "mutmem_chain_discontinuity",
                    E,
                    "commit",
                    g.stored_id,
                    f"genesis transition must start from {Q_START}, found old_q {g.content.get('old_q')}",
                )


def _check_receipt(
    add: Add,
    eid: str,
    o: Obj,
    store_artifact: Callable[[str], bytes | None],
    chains: Chains,
    dag: Dag,
    plain: set[str],
    ev_status: Status,
) -> ReceiptView:
    view = ReceiptView(eid, "invalid", ev_status.value, None, None, None, None, None, [])

    def fail(code: str, msg: str, related: Iterable[str] = ()) -> None:
        view.problems.append(f"{code}: {msg}")
        add(code, E, "evidence", eid, msg, tuple(related))

    arts = [a for a in o.get("artifacts") if a.get("name") == "receipt.json"]
    if len(arts) != 1 or type(arts[0].get("hash")) is not str:
        fail("receipt_hash_mismatch", "a recall receipt needs exactly one artifact named receipt.json")
        return view
    art_hash = arts[0]["hash"]
    data = store_artifact(art_hash)
    if data is None or sha256_id(data) != art_hash:
        fail("receipt_hash_mismatch", f"receipt.json ({art_hash}) is missing or does not match its hash")
        return view
    try:
        body, _ = loads_strict(data)
    except JsonError as exc:
        fail("receipt_hash_mismatch", f"receipt.json is not strict JSON: {exc}")
        return view
    if type(body) is not dict or body.get("mutmem") != 1 or body.get("kind") != "recall_receipt":
        fail("receipt_ordinal_invalid", "receipt.json is not a MutMem recall receipt")
        return view
    entries = body.get("entries")
    view.head, view.root, view.k = body.get("head"), body.get("root"), body.get("k")
    view.query_sha256 = body.get("query_sha256")
    if type(entries) is not list or not all(type(e) is dict for e in entries):
        fail("receipt_ordinal_invalid", "entries must be a list of objects")
        return view
    view.entries = entries
    if canonical(body) != data:
        add("unsigned_field", W, "evidence", eid, "receipt.json is not in canonical (JCS) form")
    if o.get("input_hash") != body.get("query_sha256"):
        fail(
            "receipt_hash_mismatch",
            f"evidence input_hash {o.get('input_hash')} differs from the receipt's query_sha256 "
            f"{body.get('query_sha256')}",
        )
    if o.get("output_hash") != art_hash:
        fail(
            "receipt_hash_mismatch",
            f"evidence output_hash {o.get('output_hash')} differs from the receipt artifact hash {art_hash}",
        )
    k = body.get("k")
    ordinals_ok = all(type(e.get("ordinal")) is int and e["ordinal"] == i for i, e in enumerate(entries))
    if not ordinals_ok or type(k) is not int or len(entries) > k:
        fail(
            "receipt_ordinal_invalid",
            f"ordinals must be 0…n−1 in order and n ≤ k; found ordinals "
            f"{[e.get('ordinal') for e in entries][:10]}, n = {len(entries)}, k = {k!r}",
        )
    try:
        view.root_recomputed = root_of_entries(entries)
    except (JsonError, TypeError, ValueError):
        view.root_recomputed = None
    if view.root_recomputed != body.get("root"):
        fail(
            "receipt_root_mismatch",
            f"RFC 6962 root over the entries is {view.root_recomputed}, the receipt says {body.get('root')}",
        )
    head = body.get("head")
    if type(head) is not str or head not in dag.index:
        fail("receipt_ordinal_invalid", f"receipt head {head!r} is not a commit of this store")
    else:
        anc = dag.ancestry(head)
        for e in entries:
            m = e.get("memory")
            if type(m) is not str or m not in plain or not anc[dag.index[m]]:
                fail(
                    "receipt_projection_mismatch",
                    f"entry {e.get('ordinal')}: {m} is not a plain memory in the history of head {head}",
                    (m,) if type(m) is str else (),
                )
                continue
            q, label = chains.project(m, head)
            if e.get("weight_q") != q or e.get("label") != label:
                fail(
                    "receipt_projection_mismatch",
                    f"entry {e.get('ordinal')} discloses {m} with weight_q {e.get('weight_q')} and label "
                    f"{e.get('label')!r}; at head {head} the projection is {q} and {label!r}",
                    (m,),
                )
            if is_untrusted(label):
                fail(
                    "poison_admitted",
                    f"entry {e.get('ordinal')} discloses {m}, whose label at head is {label}: an "
                    "untrusted memory was admitted into a recall",
                    (m,),
                )
    if not view.problems:
        view.status = "valid"
    return view
