"""SPEC C, "which code for which defect" (revision 2): a record or receipt gets every
code that applies, not only the first; values of the wrong type are findings, never
exceptions."""

from __future__ import annotations

import json

from inspector.core.canonical import canonical
from inspector.core.keys import KeyPair, sha256_id
from inspector.core.verify.mutmem import commitment_for
from inspector.core.write.builder import dump, memory_commit
from inspector.core.write.mutmem import MutMemWriter, Outcome

from .helpers import check, errors, evidence_as, writer


class Scene:
    """A MutMem store: one memory, a housekeeper and an auditor, evidence."""

    def __init__(self) -> None:
        self.w = writer()
        self.mm = MutMemWriter(self.w)
        self.hk_id, self.hk = self.mm.grant_role("housekeeper")
        self.au_id, self.au = self.mm.grant_role("auditor")
        self.memory = self.mm.memory({"text": "refund policy: approve above 10,000"})["commit_id"]
        self.ev = self.w.evidence(artifacts=[("ticket", b"ticket 42")])["commit_id"]

    def record(self, content: dict, key: KeyPair, key_id: str) -> str:
        """A record with hand-made content, signed by ``key``."""
        obj = memory_commit(
            agent_id=self.w.signer_agent_id,
            key_id=key_id,
            parents=[self.w.head],
            timestamp=self.w.clock(),
            session_id="s",
            memory_type="procedural",
            content=content,
            provenance={"source": "t", "source_id": "", "evidence_refs": [], "confidence": 1.0},
            key=key,
        )
        self.w.store.files[f"commits/{obj['commit_id']}.json"] = dump(obj)
        self.w.store.files["HEAD"] = (obj["commit_id"] + "\n").encode()
        return obj["commit_id"]

    def transition(self, **overrides) -> str:
        content = {
            "mutmem": 1,
            "kind": "weight_transition",
            "tenant": self.w.signer_agent_id,
            "memory": self.memory,
            "prev": None,
            "old_q": 1000,
            "new_q": 1041,
            "eta": 0.2,
            "outcomes": [{"ref": self.ev, "reward": 1, "count": 1}],
        }
        content.update({k: v for k, v in overrides.items() if k not in ("commitment", "signature_key")})
        commitment = overrides.get("commitment", commitment_for(content))
        content["commitment"] = commitment
        key = overrides.get("signature_key", self.hk)
        content["commitment_signature"] = key.sign(canonical(commitment))
        return self.record(content, self.hk, self.hk_id)


def test_an_eta_out_of_range_does_not_hide_a_forged_commitment() -> None:
    s = Scene()
    forged = {
        "kind": "transition_commitment",
        "tenant": "x",
        "memory": s.memory,
        "old_q": 1000,
        "new_q": 1500,
        "provenance": "sha256:" + "00" * 32,
    }
    rid = s.transition(eta=0.9, new_q=1041, commitment=forged)
    assert {"mutmem_rule_violation", "mutmem_commitment_mismatch"} <= errors(check(s.w.store), rid)


def test_a_noop_with_empty_outcomes_is_a_noop_not_a_rule_violation() -> None:
    s = Scene()
    rid = s.transition(outcomes=[], new_q=1000)
    e = errors(check(s.w.store), rid)
    assert "mutmem_noop_transition" in e
    assert "mutmem_rule_violation" not in e


def test_all_zero_counts_are_a_noop() -> None:
    s = Scene()
    rid = s.transition(outcomes=[{"ref": s.ev, "reward": 1, "count": 0}], new_q=1000)
    e = errors(check(s.w.store), rid)
    assert e == {"mutmem_noop_transition"}


def test_hostile_outcome_values_are_a_rule_violation_not_a_crash() -> None:
    """A string reward with count 2^53−1 once exhausted memory."""
    s = Scene()
    rid = s.transition(outcomes=[{"ref": s.ev, "reward": "1", "count": 2**53 - 1}])
    r = check(s.w.store)
    assert "mutmem_rule_violation" in errors(r, rid)
    rid2 = s.transition(outcomes=[{"ref": s.ev, "reward": 1, "count": 10**6 + 1}])
    assert "mutmem_rule_violation" in errors(check(s.w.store), rid2)


def test_a_forged_commitment_signature_is_reported_with_a_wrong_weight() -> None:
    s = Scene()
    rid = s.transition(new_q=3500, signature_key=KeyPair.generate())
    e = errors(check(s.w.store), rid)
    assert {"mutmem_weight_out_of_range", "mutmem_commitment_signature_invalid", "mutmem_rule_violation"} <= e


def test_old_q_breaking_the_chain_is_discontinuity_only_when_the_rule_holds() -> None:
    s = Scene()
    first = s.mm.transition(s.memory, [Outcome(s.ev, 1, 1)], eta=0.2, key=s.hk)["commit_id"]
    # the next record claims old_q 1200 (the chain ended at 1041); the rule holds from 1200
    from inspector.core.verify.mutmem import update_rule

    outs = [{"ref": s.ev, "reward": 1, "count": 1}]
    rid = s.transition(prev=first, old_q=1200, new_q=update_rule(1200, 0.2, outs), outcomes=outs)
    e = errors(check(s.w.store), rid)
    assert e == {"mutmem_chain_discontinuity"}


def test_an_unknown_label_is_target_invalid_only() -> None:
    s = Scene()
    rid = s.record(
        {
            "mutmem": 1,
            "kind": "label",
            "memory": s.memory,
            "prev": None,
            "label": "totally_fine",
            "confidence_milli": 5000,
            "reason": "",
            "detector": "",
            "evidence": 1,
        },
        s.hk,
        s.hk_id,
    )
    assert errors(check(s.w.store), rid) == {"mutmem_target_invalid"}


def test_a_label_whose_evidence_is_a_number_is_evidence_missing() -> None:
    s = Scene()
    rid = s.record(
        {
            "mutmem": 1,
            "kind": "label",
            "memory": s.memory,
            "prev": None,
            "label": "poison_refuted",
            "confidence_milli": 900,
            "reason": "checked",
            "detector": "auditor",
            "evidence": 1,
        },
        s.au,
        s.au_id,
    )
    assert errors(check(s.w.store), rid) == {"mutmem_label_evidence_missing"}


def _receipt(s: Scene, entries: list[dict], root: str | None = None) -> str:
    from inspector.core.verify.merkle import root_of_entries

    body = {
        "mutmem": 1,
        "kind": "recall_receipt",
        "head": s.w.head,
        "query_sha256": "sha256:" + "11" * 32,
        "k": 5,
        "calibration": {"eta": 0.2, "w_min": 0.1, "w_max": 3.0},
        "entries": entries,
        "root": root if root is not None else root_of_entries(entries),
    }
    data = canonical(body)
    return evidence_as(
        s.w,
        s.w.agent_key,
        "key-001",
        [("receipt.json", data)],
        event_type="recall_receipt",
        input_hash="sha256:" + "11" * 32,
        output_hash=sha256_id(data),
    )


def test_reordered_receipt_entries_are_both_ordinal_and_root_errors() -> None:
    s = Scene()
    other = s.mm.memory({"text": "second memory"})["commit_id"]
    entries = [
        {"ordinal": 0, "memory": s.memory, "weight_q": 1000, "label": None},
        {"ordinal": 1, "memory": other, "weight_q": 1000, "label": None},
    ]
    from inspector.core.verify.merkle import root_of_entries

    root = root_of_entries(entries)
    rid = _receipt(s, list(reversed(entries)), root)
    e = errors(check(s.w.store), rid)
    assert {"receipt_ordinal_invalid", "receipt_root_mismatch"} <= e


def test_a_receipt_whose_artifact_fails_its_hash_is_only_a_hash_error() -> None:
    s = Scene()
    rid = _receipt(s, [{"ordinal": 5, "memory": "nonsense", "weight_q": "x", "label": 3}], "bad")
    body_hash = next(
        p for p in s.w.store.files if p.startswith("artifacts/") and b"recall_receipt" in s.w.store.files[p]
    )
    s.w.store.files[body_hash] = s.w.store.files[body_hash] + b" "
    e = errors(check(s.w.store), rid)
    assert e == {"receipt_hash_mismatch", "artifact_hash_mismatch"}


def test_a_receipt_body_with_a_lone_surrogate_is_a_finding() -> None:
    s = Scene()
    data = json.dumps(
        {
            "mutmem": 1,
            "kind": "recall_receipt",
            "head": s.w.head,
            "query_sha256": "q",
            "k": 1,
            "entries": [{"ordinal": 0, "memory": "\ud800", "weight_q": 1000, "label": None}],
            "root": "r",
        }
    ).encode()
    rid = evidence_as(
        s.w,
        s.w.agent_key,
        "key-001",
        [("receipt.json", data)],
        event_type="recall_receipt",
        input_hash="q",
        output_hash=sha256_id(data),
    )
    r = check(s.w.store)
    assert "receipt_root_mismatch" in errors(r, rid)
    assert r.verdict == "fail"
