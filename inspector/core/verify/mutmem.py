"""SPEC Part C: the MutMem profile — weight transitions, epistemic labels and
recall receipts carried inside ordinary alethech objects.

:func:`analyze` runs after every commit and evidence has its status and signer
era.  It adds the Part C findings — every code that applies to a record, not
only the first — and the derived views the GUI plots: per-memory weight
trajectories and label histories, the projection at HEAD, and each receipt with
its entries, root and status.  Record fields are read through typed checks
first, so a value of the wrong type is a finding, never an exception.

Ancestry questions (a record's target and ``prev`` inside its own history, a
receipt's memories inside its head's history, projections at every head) are
answered in batches by :mod:`.graph`, and a projection walks one memory's chain
(binary search on a clean chain): cost stays linear in the file (B7).

The pure helpers (``update_rule``, ``commitment_for``, ``rank`` …) are shared
with the writer in :mod:`inspector.core.write.mutmem`, so what the writer
computes is exactly what the verifier checks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeGuard

from ..canonical import JsonError, canonical, loads_strict
from ..findings import Severity, message
from ..i18n import Phrase
from ..keys import decode_signature, sha256_id, verify_sig
from ..objects import Obj, bad_string_path
from .authority import raw_from_era
from .context import Context
from .merkle import root_of_entries

# the views and the label vocabulary live in .mutmem_view; the writer and the GUI also
# name them from here ("X as X": a re-export)
from .mutmem_view import DETECTOR_LABELS as DETECTOR_LABELS
from .mutmem_view import LABELS as LABELS
from .mutmem_view import Q_START as Q_START
from .mutmem_view import RANK as RANK
from .mutmem_view import VERDICT_LABELS as VERDICT_LABELS
from .mutmem_view import LabelPoint, MemoryView, MutMemView, ReceiptView
from .mutmem_view import TrajectoryPoint as TrajectoryPoint
from .mutmem_view import is_untrusted as is_untrusted
from .mutmem_view import rank as rank
from .report import KeyEra, Status

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

Q_MIN, Q_MAX = 100, 3000
ETA_MIN, ETA_MAX = 0.001, 0.5
W_MIN, W_MAX = 0.1, 3.0
COUNT_MAX = 10**6


def valence(outcomes: list[dict[str, Any]]) -> float:
    """``tanh(Σ reward·count)`` of outcomes already checked by :func:`outcome_problems`."""
    return math.tanh(sum(o["reward"] * o["count"] for o in outcomes))


def update_rule(old_q: int, eta: float, outcomes: list[dict[str, Any]]) -> int:
    """new_q = round_half_up(1000 · clip(old_q/1000 · exp(eta·j), 0.1, 3.0))."""
    w = old_q / 1000 * math.exp(eta * valence(outcomes))
    w = min(max(w, W_MIN), W_MAX)
    return math.floor(1000 * w + 0.5)


def provenance_of(content: dict[str, Any], *, trusted: bool = False) -> str:
    """``trusted``: the content came from a fast strict parse (see :func:`canonical`)."""
    body = {k: v for k, v in content.items() if k not in ("commitment", "commitment_signature")}
    return sha256_id(canonical(body, trusted=trusted))


def commitment_for(content: dict[str, Any], *, trusted: bool = False) -> dict[str, Any]:
    return {
        "kind": "transition_commitment",
        "tenant": content.get("tenant"),
        "memory": content.get("memory"),
        "old_q": content.get("old_q"),
        "new_q": content.get("new_q"),
        "provenance": provenance_of(content, trusted=trusted),
    }


def is_plain(obj: Obj) -> bool:
    return obj.malformed is None and not obj.has_mutmem


def record_kind(obj: Obj) -> str | None:
    if obj.malformed is not None or not obj.has_mutmem:
        return None
    c = obj.content
    return c.get("kind") if type(c.get("kind")) is str else ""


def _is_int(v: Any) -> TypeGuard[int]:
    return type(v) is int


def _is_number(v: Any) -> TypeGuard[float]:
    return type(v) in (int, float)


def _checked_outcomes(v: Any) -> TypeGuard[list[dict[str, Any]]]:
    """Outcomes that :func:`valence` may read (each {ref, reward ±1, count 0…10^6})."""
    return not outcome_problems(v)


def outcome_problems(outcomes: Any) -> list[str]:
    """What is wrong with an ``outcomes`` value (empty: each is {ref, reward ±1, count 0…10^6})."""
    if type(outcomes) is not list:
        return [f"outcomes must be a list, found {type(outcomes).__name__}"]
    out = []
    for i, o in enumerate(outcomes):
        if type(o) is not dict:
            out.append(f"outcome {i} is not an object")
            continue
        if type(o.get("ref")) is not str:
            out.append(f"outcome {i}: ref must be a string")
        if not (_is_int(o.get("reward")) and o.get("reward") in (-1, 1)):
            out.append(f"outcome {i}: reward must be +1 or -1, found {_short(o.get('reward'))}")
        count = o.get("count")
        if not (_is_int(count) and 0 <= count <= COUNT_MAX):
            out.append(f"outcome {i}: count must be an integer 0…{COUNT_MAX}, found {_short(count)}")
    return out


def _str_list(value: Any) -> bool:
    return type(value) is list and all(type(x) is str for x in value)


def _text_or(value: Any, default: str) -> str:
    return value if type(value) is str else default


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---- messages ---------------------------------------------------------------------

M_UNKNOWN_KIND = message(
    "MutMem record of unknown version or kind: expected mutmem 1 and kind weight_transition or label, "
    "found mutmem {version}, kind {kind}."
)
M_TARGET_MISSING = message("The target memory {target} is not in the store.")
M_TARGET_NOT_PLAIN = message("The target {target} is not a plain memory (it is itself a MutMem record).")
M_TARGET_NOT_ANCESTOR = message("The target {target} is not an ancestor of the record.")
M_ROLE_TRANSITION = message("Weight transitions need a housekeeper key; signed by {key_id} (role {role}).")
M_ROLE_LABEL = message("Labels need a housekeeper or auditor key; signed by {key_id} (role {role}).")
M_ROLE_VERDICT = message("The verdict label {label} needs an auditor key; signed by {key_id} (role {role}).")
M_TENANT = message("tenant should be the identity's agent_id {agent_id}, found {tenant}.")
M_Q_TYPE = message("old_q and new_q must be integer milli-weights; found {old_q} and {new_q}.")
M_Q_RANGE = message("{name} = {q} is outside {low}…{high}.")
M_ETA = message("eta must be a number in [{low}, {high}], found {eta}.")
M_OUTCOMES = message("The outcomes are not valid: {problems}.")
M_NOOP = message("This transition leaves the weight at {q}: no-op transitions are refused.")
M_RULE = message(
    "The update rule gives new_q = {expected_q} from old_q {old_q}, eta {eta}, valence {valence}; the "
    "record says {new_q}."
)
M_COMMITMENT = message(
    "The transition commitment does not equal {{kind, tenant, memory, old_q, new_q, provenance}} of the "
    "record's content."
)
M_COMMITMENT_SIG = message(
    "commitment_signature does not verify with the record's signing key over JCS(commitment)."
)
M_LABEL_UNKNOWN = message("Unknown label {label}.")
M_CONFIDENCE = message("confidence_milli must be an integer 0…1000, found {confidence}.")
M_EVIDENCE = message(
    "The verdict label {label} must cite at least one valid evidence record; found {evidence}."
)
M_GENESIS = message("A second {chain} chain genesis for memory {memory} (the first: {first}).")
M_PREV_TYPE = message("prev must be a record id or null, found {found_type}.")
M_FORK = message("The {chain} chain of {memory} forks: {other} and this record both follow {prev}.")
M_PREV_OUTSIDE = message(
    "prev {prev} is not a {chain} record of memory {memory} inside this record's ancestry."
)
M_OLD_Q = message("old_q is {old_q}, but the previous transition {prev} ended at {before}.")
M_GENESIS_Q = message("The genesis transition must start from {start}, found old_q {old_q}.")
M_RECEIPT_ARTIFACT = message("A recall receipt needs exactly one artifact named receipt.json.")
M_RECEIPT_BYTES = message("receipt.json ({hash}) is missing or does not match its hash.")
M_RECEIPT_JSON = message("receipt.json is not strict JSON: {reason}.")
M_RECEIPT_KIND = message("receipt.json is not a MutMem recall receipt.")
M_RECEIPT_ENTRIES = message("The receipt's entries must be a list of objects.")
M_RECEIPT_CANONICAL = message("receipt.json is not in canonical (JCS) form.")
M_RECEIPT_STRING = message(
    "receipt.json holds a string that is not valid Unicode at {path}: the receipt has no canonical form."
)
M_LABEL_FIELD = message("The label's {path} should be {want}, found {got}; the field is ignored.")
P_EVIDENCE_IDS = Phrase(message("a list of evidence ids"))
P_STRING = Phrase(message("a string"))
M_RECEIPT_INPUT = message(
    "The evidence's input_hash {input_hash} differs from the receipt's query_sha256 {query}."
)
M_RECEIPT_OUTPUT = message(
    "The evidence's output_hash {output_hash} differs from the receipt artifact hash {hash}."
)
M_RECEIPT_ORDINALS = message(
    "Ordinals must be 0…n−1 in order and n ≤ k; found ordinals {ordinals}, n = {n}, k = {k}."
)
M_RECEIPT_ROOT = message("The RFC 6962 root over the entries is {recomputed}; the receipt says {root}.")
M_RECEIPT_HEAD = message("The receipt's head {head} is not a commit of this store.")
M_RECEIPT_NOT_MEMORY = message(
    "Entry {ordinal}: {memory} is not a plain memory in the history of head {head}."
)
M_RECEIPT_PROJECTION = message(
    "Entry {ordinal} discloses {memory} with weight_q {weight_q} and label {label}; at head {head} the "
    "projection is {q} and {expected_label}."
)
M_POISON = message(
    "Entry {ordinal} discloses {memory}, whose label at head is {label}: an untrusted memory was admitted "
    "into a recall."
)
M_SCOPE = message(
    "{count} recall receipt(s): a receipt proves what was disclosed and in which order, not that nothing "
    "else existed or was withheld."
)


# ---- the analysis -----------------------------------------------------------------


@dataclass
class _Record:
    cid: str
    obj: Obj
    kind: str  # "weight" or "label"
    era: KeyEra | None
    memory: str
    prev: Any
    prev_inside: bool = False  # prev is a commit inside this record's authenticated history
    authorized: bool = True  # its signer's role may write it (else it never takes effect)


class _Analysis:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        assert ctx.dag is not None and ctx.authority is not None
        self.dag = ctx.dag
        self.authority = ctx.authority
        self.order_pos = {cid: i for i, cid in enumerate(ctx.report.order)}
        self.plain = {cid for cid, o in ctx.commits.items() if is_plain(o)}
        self.chains: dict[tuple[str, str], list[_Record]] = {}  # (kind, memory) -> records by DAG order
        self.clean: set[tuple[str, str]] = set()  # chains with no fork or break: binary-searchable
        self.commitment_checks: list[tuple[str, bytes, bytes, bytes]] = []
        self.saw_record = False  # any commit that claims to be a MutMem record (valid or not)

    def add(self, code: str, oid: str, template: str, related: Iterable[str] = (), **kw: Any) -> None:
        self.ctx.add(code, E, "commit", oid, template, related, **kw)

    # -- records -----------------------------------------------------------------
    def records(self) -> list[_Record]:
        ctx, r = self.ctx, self.ctx.report
        out: list[_Record] = []
        for cid, o in ctx.commits.items():
            kind = record_kind(o)
            if kind is None:
                continue
            self.saw_record = True
            if not r.commits.get(cid, Status.MALFORMED).ok:
                continue  # not a record, or its status already fails the verdict: it proves nothing
            c = o.content
            if c.get("mutmem") != 1 or kind not in ("weight_transition", "label"):
                self.add(
                    "mutmem_rule_violation",
                    cid,
                    M_UNKNOWN_KIND,
                    version=_short(c.get("mutmem")),
                    kind=_short(kind),
                )
                continue
            i = r.signer.get(cid)
            era = self.authority.eras[i] if i is not None else None
            target = c.get("memory")
            if type(target) is not str or target not in ctx.commits:
                self.add("mutmem_target_invalid", cid, M_TARGET_MISSING, target=_short(target))
                continue
            if target not in self.plain:
                self.add("mutmem_target_invalid", cid, M_TARGET_NOT_PLAIN, (target,), target=target)
                continue
            out.append(
                _Record(
                    cid, o, "weight" if kind == "weight_transition" else "label", era, target, c.get("prev")
                )
            )
        return out

    def ancestry_checks(self, recs: list[_Record]) -> list[_Record]:
        """A record's target and prev must lie in its own (authenticated) history."""
        dag = self.dag
        index = dag.index
        pairs: list[tuple[int, int]] = []
        for rec in recs:
            pairs.append((index[rec.memory], index[rec.cid]))
            prev = rec.prev
            pairs.append((index[prev], index[rec.cid]) if type(prev) is str and prev in index else (-1, -1))
        answers = dag.ancestor_pairs([p for p in pairs if p[0] >= 0])
        it = iter(answers)
        kept = []
        for k, rec in enumerate(recs):
            target_ok = next(it)
            prev_ok = next(it) if pairs[2 * k + 1][0] >= 0 else False
            rec.prev_inside = prev_ok
            if not target_ok:
                self.add(
                    "mutmem_target_invalid", rec.cid, M_TARGET_NOT_ANCESTOR, (rec.memory,), target=rec.memory
                )
                continue
            kept.append(rec)
        return kept

    def roles_and_fields(self, rec: _Record) -> None:
        era = rec.era
        role = era.role if era else "unknown"
        key_id = era.key_id if era else "?"
        if rec.kind == "weight":
            if role != "housekeeper":
                rec.authorized = False
                self.add("mutmem_role_unauthorized", rec.cid, M_ROLE_TRANSITION, key_id=key_id, role=role)
            self.transition(rec)
        else:
            self.label(rec, role, key_id)

    def transition(self, rec: _Record) -> None:
        cid, c = rec.cid, rec.obj.content
        old_q, new_q, eta, outcomes = c.get("old_q"), c.get("new_q"), c.get("eta"), c.get("outcomes")
        if self.authority.agent_id and c.get("tenant") != self.authority.agent_id:
            self.add(
                "mutmem_rule_violation",
                cid,
                M_TENANT,
                agent_id=self.authority.agent_id,
                tenant=_short(c.get("tenant")),
            )
        q_ok = _is_int(old_q) and _is_int(new_q)
        if not (_is_int(old_q) and _is_int(new_q)):
            self.add("mutmem_rule_violation", cid, M_Q_TYPE, old_q=_short(old_q), new_q=_short(new_q))
        else:
            for name, q in (("old_q", old_q), ("new_q", new_q)):
                if not Q_MIN <= q <= Q_MAX:
                    self.add(
                        "mutmem_weight_out_of_range", cid, M_Q_RANGE, name=name, q=q, low=Q_MIN, high=Q_MAX
                    )
        eta_ok = _is_number(eta) and ETA_MIN <= eta <= ETA_MAX
        if not (_is_number(eta) and ETA_MIN <= eta <= ETA_MAX):
            self.add("mutmem_rule_violation", cid, M_ETA, low=ETA_MIN, high=ETA_MAX, eta=_short(eta))
        problems = outcome_problems(outcomes)
        if problems:
            self.add("mutmem_rule_violation", cid, M_OUTCOMES, problems="; ".join(problems[:5]))
        if q_ok and new_q == old_q:
            self.add("mutmem_noop_transition", cid, M_NOOP, q=old_q)
        if _is_int(old_q) and _is_int(new_q) and _is_number(eta) and eta_ok and _checked_outcomes(outcomes):
            expected = update_rule(old_q, eta, outcomes)
            if expected != new_q:
                self.add(
                    "mutmem_rule_violation",
                    cid,
                    M_RULE,
                    expected_q=expected,
                    old_q=old_q,
                    eta=eta,
                    valence=f"{valence(outcomes):.6f}",
                    new_q=new_q,
                )
        commitment = c.get("commitment")
        if commitment != commitment_for(c, trusted=rec.obj.fast):
            self.add("mutmem_commitment_mismatch", cid, M_COMMITMENT)
        try:
            signed = canonical(commitment)
        except JsonError:
            signed = None
        sig = decode_signature(c.get("commitment_signature"))
        if rec.era is None or signed is None or sig is None:
            self.add("mutmem_commitment_signature_invalid", cid, M_COMMITMENT_SIG)
        else:
            self.commitment_checks.append((cid, raw_from_era(rec.era), sig, signed))

    def check_commitment_signatures(self) -> None:
        """The transitions' commitment signatures, on every pool thread (Ed25519
        releases the GIL)."""
        todo = self.commitment_checks
        if not todo:
            return
        threads = max(1, self.ctx.opts.threads)
        size = max(256, -(-len(todo) // threads))
        parts = [todo[i : i + size] for i in range(0, len(todo), size)]

        def run(part: list[tuple[str, bytes, bytes, bytes]]) -> list[bool]:
            return [verify_sig(raw, sig, msg) for _, raw, sig, msg in part]

        if len(parts) == 1:
            results = [run(parts[0])]
        else:
            from concurrent.futures import ThreadPoolExecutor  # (only for a store with transitions)

            with ThreadPoolExecutor(threads, thread_name_prefix="ed25519") as pool:
                results = list(pool.map(run, parts))
        for part, oks in zip(parts, results, strict=True):
            for (cid, *_), ok in zip(part, oks, strict=True):
                if not ok:
                    self.add("mutmem_commitment_signature_invalid", cid, M_COMMITMENT_SIG)

    def label(self, rec: _Record, role: str, key_id: str) -> None:
        cid, c = rec.cid, rec.obj.content
        label = c.get("label")
        if label not in LABELS:
            self.add("mutmem_target_invalid", cid, M_LABEL_UNKNOWN, label=_short(label))
            return
        conf = c.get("confidence_milli")
        if not (_is_int(conf) and 0 <= conf <= 1000):
            self.add("mutmem_target_invalid", cid, M_CONFIDENCE, confidence=_short(conf))
        if role in ("agent", "unknown"):
            rec.authorized = False
            self.add("mutmem_role_unauthorized", cid, M_ROLE_LABEL, key_id=key_id, role=role)
        elif label in VERDICT_LABELS and role != "auditor":
            rec.authorized = False
            self.add("mutmem_role_unauthorized", cid, M_ROLE_VERDICT, label=label, key_id=key_id, role=role)
        ev = c.get("evidence")
        if label not in VERDICT_LABELS and ev is not None and not _str_list(ev):
            # a detector label needs no evidence: a malformed value is ignored, and said
            self.ctx.add(
                "malformed_field",
                W,
                "commit",
                cid,
                M_LABEL_FIELD,
                path="evidence",
                want=P_EVIDENCE_IDS,
                got=_short(ev),
                expected=P_EVIDENCE_IDS,
                found=_short(ev),
            )
        for name in ("reason", "detector"):
            if name in c and type(c[name]) is not str:
                self.ctx.add(
                    "malformed_field",
                    W,
                    "commit",
                    cid,
                    M_LABEL_FIELD,
                    path=name,
                    want=P_STRING,
                    got=_short(c[name]),
                    expected=P_STRING,
                    found=_short(c[name]),
                )
        if label in VERDICT_LABELS:
            statuses = self.ctx.report.evidence
            good = (
                [e for e in ev if type(e) is str and statuses.get(e, Status.MALFORMED).ok]
                if type(ev) is list
                else []
            )
            if not good:
                self.add("mutmem_label_evidence_missing", cid, M_EVIDENCE, label=label, evidence=_short(ev))

    # -- chains ------------------------------------------------------------------
    def build_chains(self, recs: list[_Record]) -> None:
        for rec in recs:
            self.chains.setdefault((rec.kind, rec.memory), []).append(rec)
        for key, chain in self.chains.items():
            chain.sort(key=lambda x: self.order_pos.get(x.cid, 0))
            if self.check_chain(key, chain):
                self.clean.add(key)

    def check_chain(self, key: tuple[str, str], chain: list[_Record]) -> bool:
        kind, memory = key
        name = "weight" if kind == "weight" else "label"
        ids = {x.cid: x for x in chain}
        clean = True
        geneses = [x for x in chain if x.prev is None]
        for extra in geneses[1:]:
            self.add(
                "mutmem_genesis_invalid",
                extra.cid,
                M_GENESIS,
                (geneses[0].cid, memory),
                chain=name,
                memory=memory,
                first=geneses[0].cid,
            )
            clean = False
        by_prev: dict[str, str] = {}
        for x in chain:
            prev = x.prev
            if prev is None:
                continue
            if type(prev) is not str:
                self.add(
                    "mutmem_chain_discontinuity",
                    x.cid,
                    M_PREV_TYPE,
                    (memory,),
                    found_type=type(prev).__name__,
                )
                clean = False
                continue
            if prev in by_prev:
                self.add(
                    "mutmem_chain_fork",
                    x.cid,
                    M_FORK,
                    (by_prev[prev], prev),
                    chain=name,
                    memory=memory,
                    other=by_prev[prev],
                    prev=prev,
                )
                clean = False
            else:
                by_prev[prev] = x.cid
            if prev not in ids or not x.prev_inside:
                self.add(
                    "mutmem_chain_discontinuity",
                    x.cid,
                    M_PREV_OUTSIDE,
                    (memory,),
                    prev=prev,
                    chain=name,
                    memory=memory,
                )
                clean = False
                continue
            if kind == "weight":
                before = ids[prev].obj.content.get("new_q")
                if x.obj.content.get("old_q") != before:
                    self.add(
                        "mutmem_chain_discontinuity",
                        x.cid,
                        M_OLD_Q,
                        (prev,),
                        old_q=_short(x.obj.content.get("old_q")),
                        prev=prev,
                        before=_short(before),
                    )
                    clean = False
        if kind == "weight":
            for g in geneses:
                if g.obj.content.get("old_q") != Q_START:
                    self.add(
                        "mutmem_chain_discontinuity",
                        g.cid,
                        M_GENESIS_Q,
                        start=Q_START,
                        old_q=_short(g.obj.content.get("old_q")),
                    )
                    clean = False
        # a clean chain is a line in DAG order: each record follows the one before it
        return (
            clean
            and len(geneses) == 1
            and all(chain[i + 1].prev == chain[i].cid for i in range(len(chain) - 1))
            and chain[0].prev is None
        )

    # -- projections ---------------------------------------------------------------
    def projector(self, heads: list[str], extra_keep: Iterable[str]) -> Callable[..., Callable[..., Any]]:
        """Per head: a function (memory) -> (weight_q, label, in_history); with
        ``remember`` it answers each memory once (a receipt that repeats one)."""
        dag = self.dag
        index = dag.index
        reach = dag.reach_index()
        tables: dict[int, tuple[dict[int, int], int]] = {}
        if reach is None:  # a branchy DAG: one batched sweep per group of heads
            keep = {index[r.cid] for chain in self.chains.values() for r in chain}
            keep |= {index[m] for m in extra_keep if m in index}
            sources = [index[h] for h in heads if h in index]
            for group, bits in dag.descendant_sets(sources, keep):
                for k, s in enumerate(group):
                    tables[s] = (bits, k)

        def at(head: str, remember: bool = False) -> Callable[..., Any]:
            h = index.get(head)
            hit = tables.get(h) if h is not None else None

            def inside(cid: str) -> bool:
                if h is None:
                    return False
                if reach is not None:
                    return reach.is_ancestor(index[cid], h)
                if hit is None:
                    return False
                bits, k = hit
                return bool((bits.get(index[cid], 0) >> k) & 1)

            seen: dict[str, tuple[int, str | None, bool]] = {}

            def project(memory: str) -> tuple[int, str | None, bool]:
                # once per memory and head: a receipt repeating one memory 40,000 times
                # over a chain with a defect walks that chain once (B7)
                hit = seen.get(memory)
                if hit is not None:
                    return hit
                q = self._last(("weight", memory), inside)
                lab = self._last(("label", memory), inside)
                new_q = q.obj.content.get("new_q") if q else None
                label = lab.obj.content.get("label") if lab else None
                out = (
                    new_q if _is_int(new_q) else Q_START,
                    label if type(label) is str else None,
                    memory in index and inside(memory),
                )
                if remember:
                    seen[memory] = out
                return out

            return project

        return at

    def _last(self, key: tuple[str, str], inside: Callable[[str], bool]) -> _Record | None:
        """The last record of a chain inside a head's history that its signer's role
        may write (a record without that authority never takes effect: an agent key
        cannot refute its own poison label).  A per-chain walk."""
        chain = self.chains.get(key)
        if not chain:
            return None
        if key in self.clean:  # prefix-closed: binary search
            lo, hi = 0, len(chain)
            while lo < hi:
                mid = (lo + hi) // 2
                if inside(chain[mid].cid):
                    lo = mid + 1
                else:
                    hi = mid
            while lo and not chain[lo - 1].authorized:
                lo -= 1
            return chain[lo - 1] if lo else None
        for rec in reversed(chain):
            if rec.authorized and inside(rec.cid):
                return rec
        return None

    # -- receipts ------------------------------------------------------------------
    def receipt(self, eid: str, o: Obj, project_at: Callable[..., Callable[..., Any]]) -> ReceiptView:
        ctx = self.ctx
        st = ctx.report.evidence.get(eid, Status.MALFORMED)
        view = ReceiptView(eid, "invalid", st.value, None, None, None, None, None, [])

        def fail(code: str, template: str, related: Iterable[str] = (), **kw: Any) -> None:
            view.problems.append(f"{code}: " + template.format(**kw))
            ctx.add(code, E, "evidence", eid, template, related, **kw)

        read = self._receipt_body(o, fail)
        if read is None:
            return view
        data, art_hash, body = read
        entries = body.get("entries")
        head, root, k = body.get("head"), body.get("root"), body.get("k")
        view.head = head if type(head) is str else None
        view.root = root if type(root) is str else None
        view.k = k if _is_int(k) else None
        view.query_sha256 = body.get("query_sha256") if type(body.get("query_sha256")) is str else None
        if type(entries) is not list or not all(type(e) is dict for e in entries):
            fail("receipt_ordinal_invalid", M_RECEIPT_ENTRIES)
            return view
        view.entries = entries
        bad = bad_string_path(body)
        if bad is not None:
            fail(
                "malformed_field",
                M_RECEIPT_STRING,
                path=bad,
                expected="valid Unicode text",
                found="a lone surrogate",
            )
        elif canonical(body) != data:
            ctx.add("unsigned_field", W, "evidence", eid, M_RECEIPT_CANONICAL)
        if o.get("input_hash") != body.get("query_sha256"):
            fail(
                "receipt_hash_mismatch",
                M_RECEIPT_INPUT,
                input_hash=_short(o.get("input_hash"), 80),
                query=_short(body.get("query_sha256"), 80),
            )
        if o.get("output_hash") != art_hash:
            fail(
                "receipt_hash_mismatch",
                M_RECEIPT_OUTPUT,
                output_hash=_short(o.get("output_hash"), 80),
                hash=art_hash,
            )
        ordinals_ok = all(_is_int(e.get("ordinal")) and e["ordinal"] == i for i, e in enumerate(entries))
        if not ordinals_ok or not _is_int(k) or len(entries) > k:
            fail(
                "receipt_ordinal_invalid",
                M_RECEIPT_ORDINALS,
                ordinals=_short([e.get("ordinal") for e in entries[:10]], 80),
                n=len(entries),
                k=_short(k),
            )
        try:
            view.root_recomputed = root_of_entries(entries)
        except (JsonError, TypeError, ValueError):
            view.root_recomputed = None
        if view.root_recomputed != root:
            fail(
                "receipt_root_mismatch",
                M_RECEIPT_ROOT,
                recomputed=view.root_recomputed,
                root=_short(root, 80),
            )
        if type(head) is not str or head not in self.dag.index:
            fail("receipt_ordinal_invalid", M_RECEIPT_HEAD, head=_short(head, 80))
        else:
            project = project_at(head, True)
            for e in entries:
                m = e.get("memory")
                ordinal = _short(e.get("ordinal"))
                if type(m) is not str or m not in self.plain:
                    fail(
                        "receipt_projection_mismatch",
                        M_RECEIPT_NOT_MEMORY,
                        (m,) if type(m) is str else (),
                        ordinal=ordinal,
                        memory=_short(m, 80),
                        head=head,
                    )
                    continue
                q, label, inside = project(m)
                if not inside:
                    fail(
                        "receipt_projection_mismatch",
                        M_RECEIPT_NOT_MEMORY,
                        (m,),
                        ordinal=ordinal,
                        memory=m,
                        head=head,
                    )
                    continue
                if e.get("weight_q") != q or e.get("label") != label or type(e.get("weight_q")) is not int:
                    fail(
                        "receipt_projection_mismatch",
                        M_RECEIPT_PROJECTION,
                        (m,),
                        ordinal=ordinal,
                        memory=m,
                        weight_q=_short(e.get("weight_q")),
                        label=_short(e.get("label")),
                        head=head,
                        q=q,
                        expected_label=repr(label),
                    )
                if is_untrusted(label):
                    fail("poison_admitted", M_POISON, (m,), ordinal=ordinal, memory=m, label=label)
        if not view.problems:
            view.status = "valid"
        return view

    def _receipt_body(self, o: Obj, fail: Callable[..., None]) -> tuple[bytes, str, dict[str, Any]] | None:
        arts = [a for a in o.get("artifacts") if a.get("name") == "receipt.json"]
        if len(arts) != 1 or type(arts[0].get("hash")) is not str:
            fail("receipt_hash_mismatch", M_RECEIPT_ARTIFACT)
            return None
        art_hash = arts[0]["hash"]
        data = self.ctx.store.artifact(art_hash)
        if data is None or sha256_id(data) != art_hash:
            fail("receipt_hash_mismatch", M_RECEIPT_BYTES, hash=art_hash)
            return None
        try:
            body, _ = loads_strict(data)
        except JsonError as exc:
            fail("receipt_hash_mismatch", M_RECEIPT_JSON, reason=str(exc))
            return None
        if type(body) is not dict or body.get("mutmem") != 1 or body.get("kind") != "recall_receipt":
            fail("receipt_ordinal_invalid", M_RECEIPT_KIND)
            return None
        return data, art_hash, body


def analyze(ctx: Context) -> MutMemView | None:
    """Run all Part C checks; None when the file carries no MutMem data."""
    a = _Analysis(ctx)
    receipts = [
        eid
        for eid, o in ctx.evidence.items()
        if o.malformed is None and o.get("event_type") == "recall_receipt"
    ]
    recs = a.records()
    if not recs and not receipts and not a.saw_record:
        return None
    recs = a.ancestry_checks(recs)
    for rec in recs:
        a.roles_and_fields(rec)
    a.check_commitment_signatures()
    a.build_chains(recs)

    # ---- projections at HEAD and at every receipt head -----------------------------
    receipt_heads: list[str] = []
    receipt_memories: set[str] = set()
    for eid in receipts:
        h = _receipt_head(ctx, ctx.evidence[eid])
        if h is not None:
            receipt_heads.append(h)
    for eid in receipts:  # the memories receipts disclose, for membership questions
        for art in ctx.evidence[eid].get("artifacts"):
            if art.get("name") == "receipt.json" and type(art.get("hash")) is str:
                receipt_memories |= _entry_memories(ctx, art["hash"])
    heads = [*([ctx.head] if ctx.head else []), *receipt_heads]
    project_at = a.projector(heads, receipt_memories)

    memories: dict[str, MemoryView] = {}
    at_head = project_at(ctx.head) if ctx.head else None
    era_of = ctx.report.signer
    for cid in sorted(a.plain, key=lambda c: a.order_pos.get(c, 0)):
        mv = MemoryView(cid)
        mv.trajectory.append(TrajectoryPoint(None, None, Q_START))
        for rec in a.chains.get(("weight", cid), []):
            c = rec.obj.content
            outs = c.get("outcomes")
            j = valence(outs) if _checked_outcomes(outs) else None
            new_q = c.get("new_q")
            mv.trajectory.append(
                TrajectoryPoint(
                    rec.cid,
                    a.order_pos.get(rec.cid),
                    new_q if _is_int(new_q) else 0,
                    j,
                    c.get("eta") if _is_number(c.get("eta")) else None,
                )
            )
        for rec in a.chains.get(("label", cid), []):
            c = rec.obj.content
            i = era_of.get(rec.cid)
            era = ctx.authority.eras[i] if i is not None and ctx.authority else None
            ev = c.get("evidence")
            conf = c.get("confidence_milli")
            mv.labels.append(
                LabelPoint(
                    rec.cid,
                    a.order_pos.get(rec.cid, -1),
                    _text_or(c.get("label"), ""),
                    conf if _is_int(conf) else None,
                    era.key_id if era else "",
                    era.role if era else "",
                    [e for e in ev if type(e) is str] if type(ev) is list else [],
                    _text_or(c.get("reason"), ""),
                )
            )
        if at_head is not None:
            mv.weight_q, mv.label, _ = at_head(cid)
        memories[cid] = mv

    views: dict[str, ReceiptView] = {}
    for eid in receipts:
        views[eid] = a.receipt(eid, ctx.evidence[eid], project_at)
    if receipts:
        ctx.add("receipt_scope", INFO, "store", "", M_SCOPE, count=len(receipts))
    return MutMemView(memories, views)


def _receipt_head(ctx: Context, o: Obj) -> str | None:
    from .placement import receipt_head_of

    return receipt_head_of(o, ctx.store.artifact)


def _entry_memories(ctx: Context, art_hash: str) -> set[str]:
    data = ctx.store.artifact(art_hash)
    if data is None or sha256_id(data) != art_hash:
        return set()
    try:
        body, _ = loads_strict(data)
    except JsonError:
        return set()
    entries = body.get("entries") if type(body) is dict else None
    if type(entries) is not list:
        return set()
    return {e["memory"] for e in entries if type(e) is dict and type(e.get("memory")) is str}
