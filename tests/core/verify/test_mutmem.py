"""SPEC Part C (MutMem profile v1): one store per rule, each breaking only that rule.

Every defect store starts as a valid store written by :class:`MutMemWriter`; the
defective record is then appended by hand (``StoreWriter.commit`` with memory_type
``procedural`` and the role key), with a correct commitment and commitment
signature unless the defect *is* the commitment.  Each test asserts that the exact
finding code appears on the defective object and that no other error appears
(the defect is isolated), except where SPEC C makes a second code unavoidable
(an out-of-range new_q necessarily breaks the update rule too).

Reference values (new_q, commitment, RFC 6962 root) are computed here from the
SPEC text, independently of ``inspector.core.verify.mutmem``.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

import pytest

from inspector.core.canonical import canonical
from inspector.core.findings import Severity
from inspector.core.keys import KeyPair, sha256_id
from inspector.core.verify import mutmem as rules
from inspector.core.verify.engine import verify
from inspector.core.verify.report import Report, Status
from inspector.core.write.builder import StoreWriter, dump, memory_commit, stepping_clock
from inspector.core.write.mutmem import MutMemWriter, Outcome

MUTMEM_ERRORS = frozenset(
    {
        "mutmem_rule_violation",
        "mutmem_noop_transition",
        "mutmem_weight_out_of_range",
        "mutmem_chain_fork",
        "mutmem_genesis_invalid",
        "mutmem_chain_discontinuity",
        "mutmem_commitment_mismatch",
        "mutmem_commitment_signature_invalid",
        "mutmem_role_unauthorized",
        "mutmem_label_evidence_missing",
        "mutmem_target_invalid",
        "receipt_root_mismatch",
        "receipt_projection_mismatch",
        "receipt_ordinal_invalid",
        "receipt_hash_mismatch",
        "poison_admitted",
    }
)
ABSENT = object()


# --------------------------------------------------------------------------- references (SPEC text)


def spec_new_q(old_q: int, eta: float, outcomes: list[dict[str, Any]]) -> int:
    """new_q = round_half_up(1000 · clip(old_q/1000 · exp(eta · tanh(Σ reward·count)), 0.1, 3.0))."""
    j = math.tanh(sum(o["reward"] * o["count"] for o in outcomes))
    w = min(max(old_q / 1000 * math.exp(eta * j), 0.1), 3.0)
    return math.floor(1000 * w + 0.5)


def spec_commitment(content: dict[str, Any]) -> dict[str, Any]:
    body = {k: v for k, v in content.items() if k not in ("commitment", "commitment_signature")}
    return {
        "kind": "transition_commitment",
        "tenant": content["tenant"],
        "memory": content["memory"],
        "old_q": content["old_q"],
        "new_q": content["new_q"],
        "provenance": "sha256:" + hashlib.sha256(canonical(body)).hexdigest(),
    }


def _mth(leaves: list[bytes]) -> bytes:
    n = len(leaves)
    if n == 0:
        return hashlib.sha256(b"").digest()
    if n == 1:
        return leaves[0]
    k = 1
    while k * 2 < n:
        k *= 2
    return hashlib.sha256(b"\x01" + _mth(leaves[:k]) + _mth(leaves[k:])).digest()


def spec_root(entries: list[dict[str, Any]]) -> str:
    return "sha256:" + _mth([hashlib.sha256(b"\x00" + canonical(e)).digest() for e in entries]).hex()


def qsha(query: str) -> str:
    return "sha256:" + hashlib.sha256(query.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- the valid world


@dataclass
class World:
    w: StoreWriter
    mm: MutMemWriter
    hk: KeyPair
    hk_id: str
    au: KeyPair
    au_id: str
    m1: str  # weights: t1 (genesis) -> t2
    m2: str  # labels: l1 poison_suspect (housekeeper)
    m3: str  # untouched
    m4: str  # untouched
    o1: str  # task outcome evidence
    o2: str
    review: str  # audit review evidence (auditor key, one artifact)
    t1: dict[str, Any]
    t2: dict[str, Any]
    l1: dict[str, Any]

    @property
    def agent(self) -> KeyPair:
        assert self.w.agent_key is not None
        return self.w.agent_key

    def q(self, memory: str) -> int:
        return self.mm.weight_tip[memory][1]


def world() -> World:
    w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    mm = MutMemWriter(w)
    hk_id, hk = mm.grant_role("housekeeper")
    au_id, au = mm.grant_role("auditor")
    m1 = mm.memory({"kind": "fact", "text": "payroll export: owner is Ana Ruiz"})["commit_id"]
    m2 = mm.memory({"kind": "fact", "text": "VPN access: request through the helpdesk"})["commit_id"]
    m3 = mm.memory({"kind": "fact", "text": "refund policy: two approvers above 1000"})["commit_id"]
    m4 = mm.memory({"kind": "fact", "text": "staging database: runbook in the ops wiki"})["commit_id"]
    o1 = w.evidence(event_type="task_outcome", tool="agent.task")["commit_id"]
    o2 = w.evidence(event_type="task_outcome", tool="agent.task")["commit_id"]
    review = w.evidence(
        event_type="audit_review",
        tool="human-review",
        artifacts=[("review.md", b"# review\nchecked with the owner\n")],
        key=au,
    )["commit_id"]
    t1 = mm.transition(m1, [Outcome(o1, 1, 2)], eta=0.2, key=hk)
    t2 = mm.transition(m1, [Outcome(o2, -1, 1)], eta=0.3, key=hk)
    l1 = mm.label(
        m2,
        "poison_suspect",
        key=hk,
        reason="reads like an injected instruction",
        confidence_milli=600,
        detector="detector/1",
    )
    return World(w, mm, hk, hk_id, au, au_id, m1, m2, m3, m4, o1, o2, review, t1, t2, l1)


# --------------------------------------------------------------------------- crafting helpers


def outs(*triples: tuple[str, int, int]) -> list[dict[str, Any]]:
    return [{"ref": r, "reward": rw, "count": c} for r, rw, c in triples]


def transition_content(
    W: World,
    memory: str,
    prev: str | None,
    old_q: int,
    outcomes: list[dict[str, Any]],
    *,
    eta: float = 0.2,
    new_q: int | None = None,
) -> dict[str, Any]:
    if new_q is None:
        new_q = spec_new_q(old_q, eta, outcomes)
    return {
        "mutmem": 1,
        "kind": "weight_transition",
        "tenant": W.mm.tenant,
        "memory": memory,
        "prev": prev,
        "old_q": old_q,
        "new_q": new_q,
        "eta": eta,
        "outcomes": outcomes,
    }


def seal(content: dict[str, Any], key: KeyPair, commitment: dict[str, Any] | None = None) -> dict[str, Any]:
    """Attach a (by default correct) commitment and its signature by ``key``."""
    cm = spec_commitment(content) if commitment is None else commitment
    content["commitment"] = cm
    content["commitment_signature"] = key.sign(canonical(cm))
    return content


def append(W: World, content: dict[str, Any], key: KeyPair, **kw: Any) -> str:
    refs = (
        sorted({o["ref"] for o in content.get("outcomes", [])})
        if content.get("kind") == "weight_transition"
        else list(content.get("evidence", []))
    )
    return W.w.commit(
        content,
        memory_type="procedural",
        key=key,
        source="mutmem.test",
        evidence_refs=[r for r in refs if isinstance(r, str)],
        **kw,
    )["commit_id"]


def label_content(
    memory: str,
    prev: str | None,
    label: str,
    *,
    confidence: Any = 700,
    evidence: list[Any] | None = None,
    reason: str = "test",
    detector: str = "test",
) -> dict[str, Any]:
    return {
        "mutmem": 1,
        "kind": "label",
        "memory": memory,
        "prev": prev,
        "label": label,
        "confidence_milli": confidence,
        "reason": reason,
        "detector": detector,
        "evidence": evidence or [],
    }


def entry(W: World, ordinal: int, memory: str) -> dict[str, Any]:
    return {
        "ordinal": ordinal,
        "memory": memory,
        "weight_q": W.mm.weight_tip[memory][1],
        "label": W.mm.label_tip[memory][1],
    }


def receipt(
    W: World,
    entries: list[dict[str, Any]],
    *,
    head: Any = None,
    k: int = 5,
    query: str = "who owns payroll",
    root: str | None = None,
    input_hash: str | None = None,
    output_hash: str | None = None,
    key: KeyPair | None = None,
) -> str:
    """A recall receipt built by hand (the writer refuses some of these)."""
    body: dict[str, Any] = {
        "mutmem": 1,
        "kind": "recall_receipt",
        "head": W.w.head if head is None else head,
        "query_sha256": qsha(query),
        "k": k,
        "calibration": {"eta": 0.2, "w_min": 0.1, "w_max": 3.0},
        "entries": entries,
        "root": spec_root(entries) if root is None else root,
    }
    if head is ABSENT:
        del body["head"]
    data = canonical(body)
    ev = W.w.evidence(
        event_type="recall_receipt",
        tool="mutmem.recall",
        tool_version="1",
        input_hash=qsha(query) if input_hash is None else input_hash,
        output_hash=sha256_id(data) if output_hash is None else output_hash,
        artifacts=[("receipt.json", data)],
        key=key,
    )
    return ev["commit_id"]


def errors(report: Report) -> list:
    return [f for f in report.findings if f.severity == Severity.ERROR]


def assert_isolated(
    report: Report, code: str, oid: str, *, also: frozenset[str] | set[str] = frozenset()
) -> None:
    """``code`` is reported on ``oid``; every error of the report is ``code`` (or one of ``also``)."""
    errs = errors(report)
    listing = [(f.code, f.object_id[:20], f.message) for f in errs]
    assert any(f.code == code and f.object_id == oid for f in errs), f"{code} not on {oid}: {listing}"
    assert {f.code for f in errs} <= {code} | set(also), f"defect not isolated: {listing}"
    assert report.verdict == "fail"


def mutmem_errors(report: Report) -> set[str]:
    return {f.code for f in errors(report) if f.code in MUTMEM_ERRORS}


# --------------------------------------------------------------------------- controls


def test_valid_world_passes_and_hand_made_records_are_accepted():
    """Controls: the base world passes, and the hand-crafting helpers make valid records
    (so every defect below is the only thing wrong)."""
    W = world()
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    # a hand-made correct transition, label and receipt
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), outs((W.o1, 1, 1)), eta=0.25), W.hk)
    t3 = append(W, c, W.hk)
    lab = append(W, label_content(W.m2, W.l1["commit_id"], "poison_likely", confidence=800), W.hk)
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    assert r.mutmem.memories[W.m1].weight_q == c["new_q"]
    assert r.mutmem.memories[W.m1].trajectory[-1].commit == t3
    assert r.mutmem.memories[W.m2].label == "poison_likely"
    assert r.mutmem.memories[W.m2].labels[-1].commit == lab
    ents = [
        {"ordinal": 0, "memory": W.m1, "weight_q": c["new_q"], "label": None},
        {"ordinal": 1, "memory": W.m3, "weight_q": 1000, "label": None},
        {"ordinal": 2, "memory": W.m4, "weight_q": 1000, "label": None},
    ]
    rid = receipt(W, ents, k=3)
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    view = r.mutmem.receipts[rid]
    assert view.status == "valid" and view.problems == []
    assert view.root == spec_root(ents) == view.root_recomputed
    assert view.entries == ents


def test_helpers_agree_with_spec_references():
    """update_rule / commitment_for / root_of_entries equal the SPEC references used here."""
    from inspector.core.verify.merkle import root_of_entries

    for old_q in (100, 101, 555, 999, 1000, 1001, 1649, 2718, 2999, 3000):
        for eta in (0.001, 0.013, 0.2, 0.35, 0.5):
            for s in (-7, -2, -1, 1, 2, 6):
                o = outs(("sha256:x", 1 if s > 0 else -1, abs(s)))
                assert rules.update_rule(old_q, eta, o) == spec_new_q(old_q, eta, o)
    W = world()
    c = transition_content(W, W.m3, None, 1000, outs((W.o1, 1, 1)))
    assert rules.commitment_for(c) == spec_commitment(c)
    assert rules.provenance_of(c) == spec_commitment(c)["provenance"]
    ents = [{"ordinal": i, "memory": f"m{i}", "weight_q": 1000 + i, "label": None} for i in range(7)]
    for n in range(8):
        assert root_of_entries(ents[:n]) == spec_root(ents[:n])


# --------------------------------------------------------------------------- C1 weight transitions


def test_transition_rule_broken_new_q_off_by_one():
    W = world()
    o = outs((W.o1, 1, 1))
    right = spec_new_q(W.q(W.m1), 0.2, o)
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), o, new_q=right + 1), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_rule_violation", bad)


@pytest.mark.parametrize("eta", [0.6, 0.0005], ids=["eta_0.6_above_max", "eta_0.0005_below_min"])
def test_transition_rule_broken_eta_out_of_range(eta):
    W = world()
    o = outs((W.o1, 1, 5))
    new_q = spec_new_q(1000, eta, o)  # the formula applied faithfully with the bad eta
    assert new_q != 1000
    c = seal(transition_content(W, W.m3, None, 1000, o, eta=eta, new_q=new_q), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_rule_violation", bad)


def test_transition_noop_new_q_equals_old_q():
    """Outcomes +1 and −1 cancel: valence 0, so the rule itself gives new_q = old_q."""
    W = world()
    o = outs((W.o1, 1, 1), (W.o2, -1, 1))
    assert spec_new_q(W.q(W.m1), 0.3, o) == W.q(W.m1)
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), o, eta=0.3), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_noop_transition", bad)


def test_transition_noop_at_the_ceiling():
    W = world()
    for _ in range(3):
        W.mm.transition(W.m3, [Outcome(W.o1, 1, 5)], eta=0.5, key=W.hk)
    assert W.q(W.m3) == 3000
    o = outs((W.o2, 1, 3))
    assert spec_new_q(3000, 0.5, o) == 3000
    c = seal(transition_content(W, W.m3, W.mm.weight_tip[W.m3][0], 3000, o, eta=0.5), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_noop_transition", bad)


@pytest.mark.parametrize("new_q", [3001, 99])
def test_transition_weight_out_of_range_new_q(new_q):
    """An out-of-range new_q cannot satisfy the clipped rule, so mutmem_rule_violation may
    accompany it; nothing else may."""
    W = world()
    if new_q > 3000:  # from 2719 a full raise clips at 3000; the record claims 3001
        W.mm.transition(W.m3, [Outcome(W.o1, 1, 5)], eta=0.5, key=W.hk)
        W.mm.transition(W.m3, [Outcome(W.o1, 1, 5)], eta=0.5, key=W.hk)
        o = outs((W.o2, 1, 5))
    else:
        o = outs((W.o2, -1, 5))
    prev, old_q = W.mm.weight_tip[W.m3]
    c = seal(transition_content(W, W.m3, prev, old_q, o, eta=0.5, new_q=new_q), W.hk)
    bad = append(W, c, W.hk)
    r = verify(W.w.store)
    assert_isolated(r, "mutmem_weight_out_of_range", bad, also={"mutmem_rule_violation"})


def test_transition_weight_out_of_range_old_q_3001():
    """old_q = 3001 that correctly continues a record which (wrongly) ended at 3001: the
    second record obeys the rule and the chain, so its only defect is the range."""
    W = world()
    o_up = outs((W.o1, 1, 5))
    first = seal(transition_content(W, W.m3, None, 1000, o_up, eta=0.5, new_q=3001), W.hk)
    append(W, first, W.hk)
    first_id = W.w.head
    o_down = outs((W.o2, -1, 1))
    new_q = spec_new_q(3001, 0.3, o_down)
    assert 100 <= new_q <= 3000
    second = seal(transition_content(W, W.m3, first_id, 3001, o_down, eta=0.3), W.hk)
    bad = append(W, second, W.hk)
    r = verify(W.w.store)
    on_bad = {f.code for f in errors(r) if f.object_id == bad}
    assert on_bad == {"mutmem_weight_out_of_range"}, [(f.code, f.message) for f in errors(r)]
    assert mutmem_errors(r) <= {"mutmem_weight_out_of_range", "mutmem_rule_violation"}


def test_rounding_is_half_up_not_half_to_even():
    """Find eta so that 1000·w is exactly k + 0.5 (k even) in double precision: there
    Python's round() gives k and floor(x + 0.5) gives k + 1; SPEC C demands k + 1."""
    target, found = 1150.5, None
    j = math.tanh(1)
    eta = math.log(target / 1000) / j
    for _ in range(500):
        eta = math.nextafter(eta, 0.0)
    for _ in range(1000):
        x = 1000 * (1000 / 1000 * math.exp(eta * j))
        if x == target:
            found = eta
            break
        eta = math.nextafter(eta, 1.0)
    assert found is not None, "no exact .5 case near 1150.5 (search)"
    assert 0.001 <= found <= 0.5
    assert round(target) == 1150 and math.floor(target + 0.5) == 1151
    o = outs(("sha256:ref", 1, 1))
    assert rules.update_rule(1000, found, o) == 1151

    W = world()
    t = W.mm.transition(W.m3, [Outcome(W.o1, 1, 1)], eta=found, key=W.hk)
    assert t["content"]["new_q"] == 1151
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    assert r.mutmem.memories[W.m3].weight_q == 1151
    # a record that rounded half to even is a rule violation
    c = seal(transition_content(W, W.m4, None, 1000, outs((W.o1, 1, 1)), eta=found, new_q=1150), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_rule_violation", bad)


def test_clip_at_3000_and_at_100():
    W = world()
    ups = [
        W.mm.transition(W.m3, [Outcome(W.o1, 1, 5)], eta=0.5, key=W.hk)["content"]["new_q"] for _ in range(3)
    ]
    assert ups == [1649, 2719, 3000]  # 2719·e^0.49995 = 4483 → clipped to 3.0
    downs = []
    while W.q(W.m4) > 100:
        downs.append(W.mm.transition(W.m4, [Outcome(W.o2, -1, 5)], eta=0.5, key=W.hk)["content"]["new_q"])
    assert downs == [607, 368, 223, 135, 100]  # 135·e^−0.49995 = 81.9 → clipped to 0.1
    from inspector.core.errors import OperationError

    with pytest.raises(OperationError) as exc:  # at the floor a further fall is a no-op
        W.mm.transition(W.m4, [Outcome(W.o2, -1, 5)], eta=0.5, key=W.hk)
    assert exc.value.code == "mutmem_noop_transition"
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    assert [p.weight_q for p in r.mutmem.memories[W.m3].trajectory] == [1000, 1649, 2719, 3000]
    assert [p.weight_q for p in r.mutmem.memories[W.m4].trajectory] == [1000, 607, 368, 223, 135, 100]
    # an unclipped raise (4481) or a floor missed by one (101) breaks the rule
    c = seal(
        transition_content(
            W,
            W.m1,
            W.t2["commit_id"],
            W.q(W.m1),
            outs((W.o1, -1, 5)),
            eta=0.5,
            new_q=spec_new_q(W.q(W.m1), 0.5, outs((W.o1, -1, 5))) + 1,
        ),
        W.hk,
    )
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_rule_violation", bad)


# --------------------------------------------------------------------------- chains


def test_weight_chain_fork_two_records_with_same_prev():
    W = world()
    # t2 already follows t1; a second record also follows t1
    o = outs((W.o2, 1, 1))
    c = seal(transition_content(W, W.m1, W.t1["commit_id"], W.t1["content"]["new_q"], o), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_chain_fork", bad)


def test_label_chain_fork_two_records_with_same_prev():
    W = world()
    W.mm.label(W.m2, "poison_likely", key=W.hk, reason="cluster match")
    bad = append(W, label_content(W.m2, W.l1["commit_id"], "unverified"), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_chain_fork", bad)


def test_weight_genesis_invalid_two_records_with_prev_null():
    W = world()
    c = seal(transition_content(W, W.m1, None, 1000, outs((W.o2, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_genesis_invalid", bad)


def test_label_genesis_invalid_two_records_with_prev_null():
    W = world()
    bad = append(W, label_content(W.m2, None, "unverified"), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_genesis_invalid", bad)


def test_chain_discontinuity_old_q_differs_from_previous_new_q():
    W = world()
    old_q = W.q(W.m1) + 7
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], old_q, outs((W.o1, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_chain_discontinuity", bad)


def test_chain_discontinuity_genesis_not_starting_at_1000():
    W = world()
    c = seal(transition_content(W, W.m3, None, 1200, outs((W.o1, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_chain_discontinuity", bad)


@pytest.mark.parametrize(
    "which", ["label_record_of_same_memory", "weight_record_of_other_memory", "plain_memory", "unknown_id"]
)
def test_chain_discontinuity_prev_not_a_record_of_the_same_chain(which):
    W = world()
    # m2 gets a weight genesis so the bad record is not a second genesis
    g = W.mm.transition(W.m2, [Outcome(W.o1, 1, 1)], eta=0.2, key=W.hk)
    prev = {
        "label_record_of_same_memory": W.l1["commit_id"],
        "weight_record_of_other_memory": W.t2["commit_id"],
        "plain_memory": W.m3,
        "unknown_id": "sha256:" + "ab" * 32,
    }[which]
    c = seal(transition_content(W, W.m2, prev, g["content"]["new_q"], outs((W.o2, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_chain_discontinuity", bad)


def test_chain_discontinuity_label_prev_is_a_weight_record():
    W = world()
    bad = append(W, label_content(W.m2, W.t1["commit_id"], "poison_likely"), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_chain_discontinuity", bad)


def test_chain_discontinuity_prev_not_in_ancestry_side_branch():
    """prev is a record of the same chain, but on a side branch: not in the record's ancestry."""
    W = world()
    fork_point = W.w.head
    side = seal(transition_content(W, W.m3, None, 1000, outs((W.o1, 1, 1))), W.hk)
    side_id = append(W, side, W.hk, parents=[fork_point], move_head=False)
    assert W.w.head == fork_point
    W.mm.memory({"kind": "fact", "text": "main line continues"})
    c = seal(transition_content(W, W.m3, side_id, side["new_q"], outs((W.o2, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    r = verify(W.w.store)
    assert_isolated(r, "mutmem_chain_discontinuity", bad)
    assert "unreachable_commit" in r.codes(Severity.WARNING)


def test_chain_prev_not_a_string_is_discontinuity_not_a_crash():
    """``verify`` never raises for bad content (SPEC B: a structured report)."""
    W = world()
    # regression: an unhashable prev once raised TypeError in _check_chain
    c = seal(transition_content(W, W.m1, [W.t2["commit_id"]], W.q(W.m1), outs((W.o1, 1, 1))), W.hk)  # type: ignore[arg-type]
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_chain_discontinuity", bad)


# --------------------------------------------------------------------------- commitments


@pytest.mark.parametrize("field", ["new_q", "provenance", "memory", "tenant", "kind"])
def test_commitment_mismatch(field):
    W = world()
    c = transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), outs((W.o1, 1, 1)))
    cm = spec_commitment(c)
    cm[field] = {
        "new_q": cm["new_q"] + 1,
        "provenance": "sha256:" + "00" * 32,
        "memory": W.m3,
        "tenant": "did:alethech:someoneelse",
        "kind": "commitment",
    }[field]
    seal(c, W.hk, commitment=cm)  # signed correctly, but over the wrong commitment
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_commitment_mismatch", bad)


def test_commitment_mismatch_content_changed_after_committing():
    """eta edited after the commitment was made: provenance no longer matches."""
    W = world()
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), outs((W.o1, 1, 2)), eta=0.2), W.hk)
    # a different eta that still rounds to the same new_q keeps the rule satisfied
    c["eta"] = 0.2000001
    assert spec_new_q(c["old_q"], c["eta"], c["outcomes"]) == c["new_q"]
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_commitment_mismatch", bad)


@pytest.mark.parametrize("signer", ["agent", "auditor", "fresh", "garbage"])
def test_commitment_signature_invalid(signer):
    W = world()
    c = transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), outs((W.o1, 1, 1)))
    seal(c, {"agent": W.agent, "auditor": W.au, "fresh": KeyPair.generate(), "garbage": W.hk}[signer])
    if signer == "garbage":
        c["commitment_signature"] = "ed25519:" + "A" * 86
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_commitment_signature_invalid", bad)


def test_commitment_checks_on_its_own():
    """SPEC C1: a commitment can be checked away from the file with the housekeeper key."""
    W = world()
    c = W.t1["content"]
    cm = c["commitment"]
    assert cm == spec_commitment(c)
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    from inspector.core.keys import decode_signature

    pub = Ed25519PublicKey.from_public_bytes(W.hk.raw_public)
    pub.verify(decode_signature(c["commitment_signature"]), canonical(cm))


# --------------------------------------------------------------------------- roles


def test_role_unauthorized_transition_signed_by_auditor():
    W = world()
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), outs((W.o1, 1, 1))), W.au)
    bad = append(W, c, W.au)
    assert_isolated(verify(W.w.store), "mutmem_role_unauthorized", bad)


def test_role_unauthorized_transition_signed_by_agent_key():
    W = world()
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), outs((W.o1, 1, 1))), W.agent)
    bad = append(W, c, W.agent)
    assert_isolated(verify(W.w.store), "mutmem_role_unauthorized", bad)


@pytest.mark.parametrize("label", ["supported", "disputed", "poison_confirmed", "poison_refuted"])
def test_role_unauthorized_verdict_label_by_housekeeper(label):
    W = world()
    bad = append(W, label_content(W.m2, W.l1["commit_id"], label, evidence=[W.review]), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_role_unauthorized", bad)


@pytest.mark.parametrize("label", ["unverified", "poison_suspect", "poison_refuted"])
def test_role_unauthorized_label_by_agent_key(label):
    W = world()
    bad = append(W, label_content(W.m3, None, label, evidence=[W.review]), W.agent)
    assert_isolated(verify(W.w.store), "mutmem_role_unauthorized", bad)


def test_role_comes_from_key_id_prefix_also_after_rotation():
    """housekeeper-001 → housekeeper-002 by rotation: the new key is still a housekeeper."""
    W = world()
    hk2 = KeyPair.generate()
    W.w.rotate(W.hk_id, hk2, "housekeeper-002")
    W.mm.transition(W.m1, [Outcome(W.o1, 1, 1)], eta=0.2, key=hk2)
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    assert r.commits[W.t1["commit_id"]] == Status.VALID_HISTORICAL


# --------------------------------------------------------------------------- label evidence


def test_label_evidence_missing_verdict_label_without_evidence():
    W = world()
    bad = append(W, label_content(W.m2, W.l1["commit_id"], "poison_refuted", evidence=[]), W.au)
    assert_isolated(verify(W.w.store), "mutmem_label_evidence_missing", bad)


@pytest.mark.parametrize("what", ["unknown_id", "commit_id_not_evidence"])
def test_label_evidence_missing_id_does_not_resolve(what):
    W = world()
    ev = "sha256:" + "cd" * 32 if what == "unknown_id" else W.m3
    content = label_content(W.m2, W.l1["commit_id"], "poison_confirmed", evidence=[ev])
    bad = W.w.commit(content, memory_type="procedural", key=W.au)["commit_id"]  # no dangling provenance ref
    assert_isolated(verify(W.w.store), "mutmem_label_evidence_missing", bad)


def test_label_evidence_missing_evidence_is_invalid():
    """Evidence ids count only with status VALID or VALID_HISTORICAL."""
    W = world()
    path = f"evidence/{W.review}.json"
    import json

    obj = json.loads(W.w.store.files[path])
    obj["signature"] = W.agent.sign(b"something else")
    W.w.store.files[path] = dump(obj)
    bad = append(W, label_content(W.m2, W.l1["commit_id"], "poison_refuted", evidence=[W.review]), W.au)
    r = verify(W.w.store)
    assert r.evidence[W.review] == Status.INVALID_SIGNATURE
    assert_isolated(r, "mutmem_label_evidence_missing", bad, also={"signature_invalid"})


# --------------------------------------------------------------------------- targets


def test_target_invalid_target_missing():
    W = world()
    ghost = "sha256:" + "ee" * 32
    c = seal(transition_content(W, ghost, None, 1000, outs((W.o1, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_target_invalid", bad)


def test_target_invalid_label_target_missing():
    W = world()
    bad = append(W, label_content("sha256:" + "ee" * 32, None, "unverified"), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_target_invalid", bad)


def test_target_invalid_target_is_itself_a_mutmem_record():
    W = world()
    c = seal(transition_content(W, W.t1["commit_id"], None, 1000, outs((W.o1, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    assert_isolated(verify(W.w.store), "mutmem_target_invalid", bad)


def test_target_invalid_label_on_a_label_record():
    W = world()
    bad = append(W, label_content(W.l1["commit_id"], None, "unverified"), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_target_invalid", bad)


def test_target_invalid_target_not_an_ancestor_side_branch():
    W = world()
    fork_point = W.w.head
    side = W.mm.memory({"kind": "fact", "text": "side branch memory"}, parents=[fork_point], move_head=False)[
        "commit_id"
    ]
    assert W.w.head == fork_point
    c = seal(transition_content(W, side, None, 1000, outs((W.o1, 1, 1))), W.hk)
    bad = append(W, c, W.hk)
    r = verify(W.w.store)
    assert_isolated(r, "mutmem_target_invalid", bad)


def test_target_invalid_unknown_label():
    W = world()
    bad = append(W, label_content(W.m2, W.l1["commit_id"], "poisoned"), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_target_invalid", bad)


@pytest.mark.parametrize("confidence", [1001, -1, 500.5, "700"])
def test_target_invalid_confidence_out_of_range(confidence):
    W = world()
    bad = append(W, label_content(W.m2, W.l1["commit_id"], "poison_likely", confidence=confidence), W.hk)
    assert_isolated(verify(W.w.store), "mutmem_target_invalid", bad)


def test_confidence_bounds_are_inclusive():
    W = world()
    append(W, label_content(W.m3, None, "unverified", confidence=0), W.hk)
    append(W, label_content(W.m4, None, "poison_suspect", confidence=1000), W.hk)
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]


# --------------------------------------------------------------------------- receipts


def test_receipt_root_mismatch():
    W = world()
    ents = [entry(W, 0, W.m1), entry(W, 1, W.m3)]
    rid = receipt(W, ents, root=spec_root(list(reversed(ents))))
    r = verify(W.w.store)
    assert_isolated(r, "receipt_root_mismatch", rid)
    assert r.mutmem.receipts[rid].status == "invalid"


def test_receipt_projection_mismatch_wrong_weight_q():
    W = world()
    e1 = entry(W, 1, W.m1)
    e1["weight_q"] += 1
    rid = receipt(W, [entry(W, 0, W.m3), e1])
    r = verify(W.w.store)
    assert_isolated(r, "receipt_projection_mismatch", rid)
    assert r.mutmem.receipts[rid].status == "invalid"


def test_receipt_projection_mismatch_stale_weight_after_a_transition():
    """The receipt is judged at its own head: a weight that was right earlier is wrong now."""
    W = world()
    old = entry(W, 0, W.m1)
    W.mm.transition(W.m1, [Outcome(W.o1, 1, 3)], eta=0.4, key=W.hk)
    rid = receipt(W, [old])
    assert_isolated(verify(W.w.store), "receipt_projection_mismatch", rid)


@pytest.mark.parametrize("what", ["wrong_label", "not_a_plain_memory", "not_in_head_ancestry"])
def test_receipt_projection_mismatch_other_entries(what):
    W = world()
    if what == "wrong_label":
        e = entry(W, 0, W.m3)
        e["label"] = "supported"
    elif what == "not_a_plain_memory":
        e = {"ordinal": 0, "memory": W.t1["commit_id"], "weight_q": 1000, "label": None}
    else:
        side = W.mm.memory({"kind": "fact", "text": "side"}, parents=[W.w.head], move_head=False)["commit_id"]
        e = {"ordinal": 0, "memory": side, "weight_q": 1000, "label": None}
    rid = receipt(W, [e])
    assert_isolated(verify(W.w.store), "receipt_projection_mismatch", rid)


def test_receipt_entry_memory_not_a_string_is_a_finding_not_a_crash():
    W = world()
    # regression: an unhashable memory once raised TypeError in _check_receipt
    rid = receipt(W, [{"ordinal": 0, "memory": [W.m3], "weight_q": 1000, "label": None}])
    assert_isolated(verify(W.w.store), "receipt_projection_mismatch", rid)


def test_receipt_ordinal_invalid_gap():
    W = world()
    ents = [entry(W, 0, W.m1), entry(W, 2, W.m3)]
    rid = receipt(W, ents)
    assert_isolated(verify(W.w.store), "receipt_ordinal_invalid", rid)


def test_receipt_ordinal_invalid_out_of_order():
    W = world()
    rid = receipt(W, [entry(W, 1, W.m1), entry(W, 0, W.m3)])
    assert_isolated(verify(W.w.store), "receipt_ordinal_invalid", rid)


def test_receipt_ordinal_invalid_boolean_ordinal():
    """JSON ``true`` is not the integer 1 (Python's True == 1 must not let it through)."""
    W = world()
    # regression: ordinals were once compared with == (True == 1)
    rid = receipt(W, [entry(W, 0, W.m1), {**entry(W, 0, W.m3), "ordinal": True}])
    assert_isolated(verify(W.w.store), "receipt_ordinal_invalid", rid)


def test_receipt_ordinal_invalid_n_greater_than_k():
    W = world()
    rid = receipt(W, [entry(W, 0, W.m1), entry(W, 1, W.m3), entry(W, 2, W.m4)], k=2)
    assert_isolated(verify(W.w.store), "receipt_ordinal_invalid", rid)


def test_receipt_n_equal_to_k_is_fine():
    W = world()
    rid = receipt(W, [entry(W, 0, W.m1), entry(W, 1, W.m3)], k=2)
    r = verify(W.w.store)
    assert r.verdict == "pass" and r.mutmem.receipts[rid].status == "valid"


@pytest.mark.parametrize("head", ["unknown", "absent", "evidence_id"])
def test_receipt_ordinal_invalid_head_missing_or_unknown(head):
    W = world()
    h = {"unknown": "sha256:" + "12" * 32, "absent": ABSENT, "evidence_id": W.o1}[head]
    rid = receipt(W, [entry(W, 0, W.m3)], head=h)
    assert_isolated(verify(W.w.store), "receipt_ordinal_invalid", rid)


def test_receipt_hash_mismatch_input_hash_differs_from_query_sha256():
    W = world()
    rid = receipt(W, [entry(W, 0, W.m3)], input_hash=qsha("a different query"))
    assert_isolated(verify(W.w.store), "receipt_hash_mismatch", rid)


def test_receipt_hash_mismatch_output_hash_differs_from_artifact_hash():
    W = world()
    rid = receipt(W, [entry(W, 0, W.m3)], output_hash="sha256:" + "34" * 32)
    assert_isolated(verify(W.w.store), "receipt_hash_mismatch", rid)


def test_poison_admitted_receipt_discloses_poison_likely_memory():
    W = world()
    W.mm.label(W.m2, "poison_likely", key=W.hk, reason="cluster match", confidence_milli=850)
    assert W.mm.label_tip[W.m2][1] == "poison_likely"
    assert W.m2 not in [m for m, _ in W.mm.rank("VPN access helpdesk")]  # the writer would refuse it
    e = {"ordinal": 0, "memory": W.m2, "weight_q": 1000, "label": "poison_likely"}  # the true projection
    rid = receipt(W, [entry(W, 0, W.m3), {**e, "ordinal": 1}])
    r = verify(W.w.store)
    assert_isolated(r, "poison_admitted", rid)
    assert r.mutmem.receipts[rid].status == "invalid"
    assert r.mutmem.memories[W.m2].untrusted


@pytest.mark.parametrize(
    "label,untrusted",
    [("poison_suspect", True), ("poison_confirmed", True), ("disputed", False), ("unverified", False)],
)
def test_untrusted_threshold_is_rank_3(label, untrusted):
    W = world()
    key = W.au if label in rules.VERDICT_LABELS else W.hk
    W.mm.label(W.m3, label, key=key, reason="r", evidence=[W.review] if key is W.au else [])
    rid = receipt(W, [{"ordinal": 0, "memory": W.m3, "weight_q": 1000, "label": label}])
    r = verify(W.w.store)
    assert r.mutmem.memories[W.m3].untrusted is untrusted
    if untrusted:
        assert_isolated(r, "poison_admitted", rid)
    else:
        assert r.verdict == "pass" and r.mutmem.receipts[rid].status == "valid"


# --------------------------------------------------------------------------- privacy (Part D)


def test_unredacted_private_region_is_a_warning_verdict_still_pass():
    W = world()
    cid = W.w.commit({"kind": "fact", "text": "the code is <private>x</private>"})["commit_id"]
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    hits = [f for f in r.findings if f.code == "unredacted_private_region"]
    assert hits and all(f.severity == Severity.WARNING for f in hits)
    assert any(f.object_id == cid for f in hits)
    assert not mutmem_errors(r)


@pytest.mark.parametrize("field", ["reason", "detector"])
def test_unredacted_private_region_in_a_label_record_is_a_warning(field):
    """SPEC D: the verifier warns when *stored content* still holds a private region; a
    label record's free-text fields are stored content too."""
    W = world()
    kw = {field: "looked at <private>the raw chat</private>"}
    cid = append(W, label_content(W.m3, None, "unverified", **kw), W.hk)
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    # the detector text is checked for private regions too
    hits = [f for f in r.findings if f.code == "unredacted_private_region" and f.object_id == cid]
    assert hits and all(f.severity == Severity.WARNING for f in hits)


# --------------------------------------------------------------------------- era rule and label history


def test_revoked_housekeeper_record_outside_its_era_is_not_proven():
    """A MutMem record is judged by the era rule like any commit: one signed by a revoked
    housekeeper and not inside ancestry(cutoff) is NOT_IN_PROVEN_PRE_ROTATION_HISTORY."""
    W = world()
    inside = W.mm.transition(W.m3, [Outcome(W.o1, 1, 1)], eta=0.2, key=W.hk)["commit_id"]
    after_cutoff = W.mm.transition(W.m4, [Outcome(W.o1, 1, 1)], eta=0.2, key=W.hk)["commit_id"]
    W.w.revoke(W.hk_id, cutoff=inside, reason="compromise")
    # and one written after the revocation, by hand (the writer refuses an inactive key)
    c = seal(transition_content(W, W.m1, W.t2["commit_id"], W.q(W.m1), outs((W.o2, 1, 1))), W.hk)
    obj = memory_commit(
        agent_id=W.w.agent_id,
        key_id=W.hk_id,
        parents=[W.w.head],
        timestamp=W.w.clock(),
        session_id="s",
        memory_type="procedural",
        content=c,
        key=W.hk,
        provenance={
            "source": "mutmem.housekeeper",
            "source_id": "",
            "evidence_refs": [W.o2],
            "confidence": 1.0,
        },
    )
    W.w.store.files[f"commits/{obj['commit_id']}.json"] = dump(obj)
    W.w.store.files["HEAD"] = (obj["commit_id"] + "\n").encode()
    after_revoke = obj["commit_id"]

    r = verify(W.w.store)
    assert r.commits[inside] == Status.VALID_HISTORICAL
    assert r.commits[W.t1["commit_id"]] == Status.VALID_HISTORICAL
    for cid in (after_cutoff, after_revoke):
        assert r.commits[cid] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
        assert any(f.code == "not_in_proven_pre_rotation_history" and f.object_id == cid for f in errors(r))
    assert {f.code for f in errors(r)} == {"not_in_proven_pre_rotation_history"}
    # an unproven record proves nothing: it does not move the projection
    assert r.mutmem.memories[W.m3].weight_q == W.mm.weight_tip[W.m3][1]
    assert r.mutmem.memories[W.m4].weight_q == 1000
    assert r.mutmem.memories[W.m1].weight_q == W.t2["content"]["new_q"]


def test_refuted_memory_is_trusted_again_and_keeps_its_whole_label_history():
    W = world()
    likely = W.mm.label(W.m2, "poison_likely", key=W.hk, reason="cluster", confidence_milli=840)
    refuted = W.mm.label(
        W.m2,
        "poison_refuted",
        key=W.au,
        reason="checked with the owner",
        confidence_milli=950,
        detector="human-audit",
        evidence=[W.review],
    )
    rid = W.mm.recall("VPN access helpdesk", k=3)["commit_id"]
    r = verify(W.w.store)
    assert r.verdict == "pass", [(f.code, f.message) for f in errors(r)]
    mv = r.mutmem.memories[W.m2]
    assert mv.label == "poison_refuted" and mv.untrusted is False
    assert [p.label for p in mv.labels] == ["poison_suspect", "poison_likely", "poison_refuted"]
    assert [p.commit for p in mv.labels] == [W.l1["commit_id"], likely["commit_id"], refuted["commit_id"]]
    assert [p.role for p in mv.labels] == ["housekeeper", "housekeeper", "auditor"]
    assert [p.key_id for p in mv.labels] == [W.hk_id, W.hk_id, W.au_id]
    assert mv.labels[-1].evidence == [W.review]
    assert [p.confidence_milli for p in mv.labels] == [600, 840, 950]
    # trusted again: it may be disclosed
    view = r.mutmem.receipts[rid]
    assert view.status == "valid"
    assert {"ordinal": 0, "memory": W.m2, "weight_q": 1000, "label": "poison_refuted"} in view.entries
