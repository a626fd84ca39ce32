"""SPEC Part C's derived views: what the MutMem phase (:mod:`.mutmem`) hangs on the
report (``Report.mutmem``) and the GUI plots — per-memory weight trajectories and label
histories, the projection at HEAD, each recall receipt with its entries, root and status —
and the label vocabulary they speak (ranks, which labels make a memory untrusted).

Plain data with ``to_json()``; it imports nothing of the verifier, so the report can
name its types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
Q_START = 1000
"""A memory's weight (milli) before any transition."""


def rank(label: str | None) -> int:
    """Restriction rank; a memory with no label record ranks like 'unverified'."""
    return RANK.get(label, 1) if label is not None else 1


def is_untrusted(label: str | None) -> bool:
    return rank(label) >= 3


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
