"""The MutMem writer (SPEC Part C) over an opened store, for agent runtimes and
for the app.  It computes exactly what the verifier checks, through the same
helpers (:mod:`inspector.core.verify.mutmem`), and returns the new objects.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..canonical import canonical
from ..errors import OperationError
from ..keys import KeyPair, sha256_id
from ..privacy import strip_private, strip_private_value
from ..verify import mutmem as rules
from ..verify.engine import verify
from ..verify.merkle import root_of_entries
from ..verify.report import Report
from .builder import StoreWriter, next_key_id


@dataclass(frozen=True)
class Outcome:
    ref: str  # an EvidenceCommit id (task outcome)
    reward: int  # -1 or +1
    count: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.ref, "reward": self.reward, "count": self.count}


_WORD = re.compile(r"[a-z0-9]+")


def _words(value: Any) -> set[str]:
    if isinstance(value, str):
        return set(_WORD.findall(value.lower()))
    if isinstance(value, dict):
        return set().union(*(_words(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_words(v) for v in value)) if value else set()
    return set()


class MutMemWriter:
    """Append plain memories, weight transitions, labels and recall receipts.

    The current projection (chain tips, weights, labels) is read once from the
    verifier's view of the store and then kept up to date by every write.
    """

    def __init__(self, writer: StoreWriter, report: Report | None = None) -> None:
        """``report``: the verifier's report on exactly ``writer.store`` when the
        caller has one already (saves a second verification of a big file)."""
        self.w = writer
        if report is None:
            report = verify(writer.store)
        self.weight_tip: dict[str, tuple[str | None, int]] = {}
        self.label_tip: dict[str, tuple[str | None, str | None]] = {}
        # plain memories' content, split into words the first time a recall ranks them
        # (a label or a weight transition never needs the words of 100,000 memories)
        self.contents: dict[str, Any] = {}
        self._word_sets: dict[str, set[str]] = {}
        mm = report.mutmem
        for cid, obj in report.objects.items():
            if obj.kind == "commit" and rules.is_plain(obj):
                self.contents[cid] = obj.content
                self.weight_tip[cid] = (None, rules.Q_START)
                self.label_tip[cid] = (None, None)
        if mm is not None:
            for cid, view in mm.memories.items():
                last = view.trajectory[-1]
                self.weight_tip[cid] = (last.commit, last.weight_q)
                if view.labels:
                    self.label_tip[cid] = (view.labels[-1].commit, view.labels[-1].label)

    @property
    def tenant(self) -> str:
        return self.w.signer_agent_id

    # ---- plain memories -----------------------------------------------------
    def memory(self, content: dict[str, Any], **kw: Any) -> dict[str, Any]:
        """A plain memory; every string passes through ``strip_private`` first."""
        clean = strip_private_value(content)
        if "mutmem" in clean:
            raise OperationError("invalid_content", "a plain memory must not carry a 'mutmem' field")
        obj = self.w.commit(clean, **kw)
        cid = obj["commit_id"]
        self.contents[cid] = clean
        self.weight_tip[cid] = (None, rules.Q_START)
        self.label_tip[cid] = (None, None)
        return obj

    def grant_role(self, role: str, key: KeyPair | None = None) -> tuple[str, KeyPair]:
        """Grant a housekeeper or auditor key (needs the root key); role keys are
        appended after the agent key."""
        return self.grant_role_on(self.w, role, key)

    @staticmethod
    def grant_role_on(w: StoreWriter, role: str, key: KeyPair | None = None) -> tuple[str, KeyPair]:

        if role not in ("housekeeper", "auditor"):
            raise OperationError("invalid_role", f"role must be housekeeper or auditor, not {role!r}")
        key = key or KeyPair.generate()
        key_id = next_key_id([k["key_id"] for k in w.active + w.revoked], f"{role}-000")
        w.grant(key_id, key)
        return key_id, key

    def _role(self, key: KeyPair) -> str:
        return rules_role(self.w.key_id_of(key))

    # ---- weights ---------------------------------------------------------------
    def transition(
        self, memory: str, outcomes: Iterable[Outcome], *, eta: float, key: KeyPair
    ) -> dict[str, Any]:
        if memory not in self.weight_tip:
            raise OperationError("mutmem_target_invalid", f"{memory} is not a plain memory of this store")
        if self._role(key) != "housekeeper":
            raise OperationError("mutmem_role_unauthorized", "weight transitions need a housekeeper key")
        if not rules.ETA_MIN <= eta <= rules.ETA_MAX:
            raise OperationError("mutmem_rule_violation", f"eta {eta} is outside [0.001, 0.5]")
        outs = [o.to_json() for o in outcomes]
        prev, old_q = self.weight_tip[memory]
        new_q = rules.update_rule(old_q, eta, outs)
        if new_q == old_q:
            raise OperationError(
                "mutmem_noop_transition", f"these outcomes leave {memory} at {old_q}: nothing to record"
            )
        content: dict[str, Any] = {
            "mutmem": 1,
            "kind": "weight_transition",
            "tenant": self.tenant,
            "memory": memory,
            "prev": prev,
            "old_q": old_q,
            "new_q": new_q,
            "eta": eta,
            "outcomes": outs,
        }
        commitment = rules.commitment_for(content)
        content["commitment"] = commitment
        content["commitment_signature"] = key.sign(canonical(commitment))
        # the outcomes are referenced from provenance too, which places that
        # evidence in the record's history (SPEC B3: evidence era rule)
        obj = self.w.commit(
            content,
            memory_type="procedural",
            key=key,
            source="mutmem.housekeeper",
            evidence_refs=sorted({o["ref"] for o in outs}),
        )
        self.weight_tip[memory] = (obj["commit_id"], new_q)
        return obj

    # ---- labels ----------------------------------------------------------------
    def label(
        self,
        memory: str,
        label: str,
        *,
        key: KeyPair,
        reason: str,
        confidence_milli: int = 500,
        detector: str = "",
        evidence: Iterable[str] = (),
    ) -> dict[str, Any]:
        if memory not in self.label_tip:
            raise OperationError("mutmem_target_invalid", f"{memory} is not a plain memory of this store")
        if label not in rules.LABELS:
            raise OperationError(
                "mutmem_target_invalid",
                f"unknown label {label!r}",
                expected=", ".join(rules.LABELS),
                found=label,
            )
        if not 0 <= confidence_milli <= 1000:
            raise OperationError("mutmem_target_invalid", "confidence_milli must lie in 0…1000")
        role = self._role(key)
        if role == "agent":
            raise OperationError("mutmem_role_unauthorized", "labels need a housekeeper or auditor key")
        evidence = list(evidence)
        if label in rules.VERDICT_LABELS:
            if role != "auditor":
                raise OperationError(
                    "mutmem_role_unauthorized",
                    f"{label} is a verdict label: it needs an auditor key, not a {role} key",
                )
            missing = [e for e in evidence if f"evidence/{e}.json" not in self.w.store.files]
            if not evidence or missing:
                raise OperationError(
                    "mutmem_label_evidence_missing",
                    "a verdict label needs evidence ids present in the file"
                    + (f"; not found: {', '.join(missing)}" if missing else ""),
                )
        prev, _ = self.label_tip[memory]
        content = {
            "mutmem": 1,
            "kind": "label",
            "memory": memory,
            "prev": prev,
            "label": label,
            "confidence_milli": confidence_milli,
            "reason": strip_private(reason),
            "detector": strip_private(detector)
            or ("mutmem-housekeeper" if role == "housekeeper" else "auditor"),
            "evidence": evidence,
        }
        obj = self.w.commit(
            content, memory_type="procedural", key=key, source=f"mutmem.{role}", evidence_refs=evidence
        )
        self.label_tip[memory] = (obj["commit_id"], label)
        return obj

    # ---- recall -------------------------------------------------------------------
    def rank(self, query: str) -> list[tuple[str, float]]:
        """Trusted plain memories scored by word overlap with the query × weight."""
        words = _words(query)
        scored = []
        for m, content in self.contents.items():
            if rules.is_untrusted(self.label_tip[m][1]):
                continue
            text = self._word_sets.get(m)
            if text is None:
                text = self._word_sets[m] = _words(content)
            overlap = len(words & text)
            if overlap:
                scored.append((m, overlap * self.weight_tip[m][1] / 1000))
        scored.sort(key=lambda x: (-x[1], x[0]))
        return scored

    def recall(
        self, query: str, k: int = 5, *, eta: float = 0.2, key: KeyPair | None = None
    ) -> dict[str, Any]:
        """Disclose the top-k trusted memories for ``query`` and write the receipt
        (an EvidenceCommit ``recall_receipt`` with artifact ``receipt.json``)."""
        head = self.w.head
        if head is None:
            raise OperationError("head_invalid", "the store has no HEAD to recall at")
        chosen = [m for m, _ in self.rank(query)[:k]]
        entries = [
            {"ordinal": i, "memory": m, "weight_q": self.weight_tip[m][1], "label": self.label_tip[m][1]}
            for i, m in enumerate(chosen)
        ]
        query_sha = "sha256:" + hashlib.sha256(query.encode("utf-8")).hexdigest()
        body = {
            "mutmem": 1,
            "kind": "recall_receipt",
            "head": head,
            "query_sha256": query_sha,
            "k": k,
            "calibration": {"eta": eta, "w_min": rules.W_MIN, "w_max": rules.W_MAX},
            "entries": entries,
            "root": root_of_entries(entries),
        }
        data = canonical(body)
        return self.w.evidence(
            event_type="recall_receipt",
            tool="mutmem.recall",
            tool_version="1",
            input_hash=query_sha,
            output_hash=sha256_id(data),
            artifacts=[("receipt.json", data)],
            key=key,
        )


def writable_labels(role: str) -> tuple[str, ...]:
    """The labels a key of ``role`` may write (SPEC C2): a housekeeper the detector labels,
    an auditor every label (the verdict ones need evidence), any other key none."""
    if role == "housekeeper":
        return rules.DETECTOR_LABELS
    if role == "auditor":
        return rules.LABELS
    return ()


def rules_role(key_id: str) -> str:
    from ..verify.authority import role_of

    return role_of(key_id)
