"""What a HOM-AIMOS verification shows besides the verdict: ``Report.hom`` (:class:`HomView`).

Plain data, built for the GUI panes and ``verify --json`` (``to_json()``):

* ``records``: the reference's per-memory records (``certification_status``, ``ok``,
  ``chain_length``, ``sigs_verified``, ``reason``), exactly the objects hashed into the
  cognitive ``proof_root``;
* ``memories``: each memory's weight chain as a trajectory, one :class:`WeightStep` per
  projection in chain order (milli-weights over signed time, float mirrors, valence);
* ``signers``: signer epochs as time windows (:class:`SignerEpoch`: valid_from / valid_until /
  revoked_at, master-issued or self-issued);
* ``streams``: the signed event ledgers of a cognitive bundle;
* ``receipt``: a recall receipt's entries, stated and recomputed Merkle root;
* ``corpus``: a recall corpus's members, each a bundle that verifies on its own.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Master:
    public_key_b64u: str | None
    fingerprint: str | None  # as stated in the bundle
    computed_fingerprint: str | None  # hex(sha256(DER)) of the key, None when it is not a key
    pinned: str | None = None  # the fingerprint the auditor pinned (trust_master)

    @property
    def verified(self) -> bool:
        return self.computed_fingerprint is not None and self.computed_fingerprint == self.fingerprint


@dataclass
class SignerEpoch:
    """One signer identity as a time window (unix seconds)."""

    agent_id: str
    public_key_b64u: str
    certificate_fingerprint: str
    issuer: str
    issued_by: str  # "master", "self" or "other"
    valid_from: int | None  # the identity's window
    valid_until: int | None
    cert_valid_from: int | None  # the certificate's window
    cert_valid_until: int | None
    revoked_at: float | None = None  # from a master-signed revocation
    revocation_verified: bool | None = None
    used_by: list[str] = field(default_factory=list)  # projection / baseline / event ids


@dataclass
class WeightStep:
    """One signed transition of a memory's retrieval weight."""

    index: int
    projection_id: str
    old_weight_milli: Any
    new_weight_milli: Any
    old_weight_float4: Any
    new_weight_float4: Any
    old_weight: Any  # the JSON floats of the signed provenance body
    new_weight: Any
    judge_valence: Any
    signed_at: Any
    signer_agent_id: Any
    certificate_fingerprint: Any
    verified: bool = False  # every check of this step passed


@dataclass
class Baseline:
    observed_weight_milli: Any
    observed_weight_float4: Any
    observed_at: Any
    event_id: Any
    signer_agent_id: Any
    certificate_fingerprint: Any


@dataclass
class MemoryChain:
    memory_id: str
    content_hash: Any
    declared_weight_milli: Any
    declared_weight_float4: Any
    baseline: Baseline | None
    steps: list[WeightStep]

    @property
    def terminal_weight_milli(self) -> Any:
        if self.steps:
            return self.steps[-1].new_weight_milli
        if self.baseline is not None:
            return self.baseline.observed_weight_milli
        return 1000


@dataclass
class MemoryRecord:
    """The reference's per-memory record (``signatures_verified`` in ``sql_records``)."""

    memory_id: str
    certification_status: str
    ok: bool
    chain_length: int
    sigs_verified: int
    reason: str | None
    supported: bool = True  # False: a signature form or tier this inspector cannot check

    def reference_json(self) -> dict[str, Any]:
        """The record exactly as the reference hashes it into ``proof_root``."""
        return {
            "memory_id": self.memory_id,
            "certification_status": self.certification_status,
            "ok": self.ok,
            "chain_length": self.chain_length,
            "sigs_verified": self.sigs_verified,
            "reason": self.reason,
        }


@dataclass
class StreamEvent:
    event_id: Any
    operation: Any
    ledger_sequence: Any
    signed_at: Any
    ok: bool


@dataclass
class EventStream:
    signer_agent_id: Any
    ok: bool
    reason: str | None
    events: list[StreamEvent] = field(default_factory=list)


@dataclass
class ReceiptView:
    bundle_id: Any
    requester: Any  # request body agent_id
    query: Any
    requested_at: Any
    entries: list[dict[str, Any]]
    stated_root: Any
    recomputed_root: str | None
    merkle_schema: str
    event_receipt_present: bool
    command_hash: Any
    command_hash_recomputed: bool = False  # the engine's command normalization is not published


@dataclass
class CorpusMember:
    ordinal: Any
    bundle_id: Any
    bundle_sha256: Any  # as stated
    recomputed_sha256: str | None
    verdict: str | None = None  # the member's own verdict (pass / fail / indeterminate)
    primary_reason: str | None = None
    bundle: Any = None  # the member document itself (verify_member re-verifies it)

    def to_json(self) -> dict[str, Any]:
        return {
            "ordinal": self.ordinal,
            "bundle_id": self.bundle_id,
            "bundle_sha256": self.bundle_sha256,
            "recomputed_sha256": self.recomputed_sha256,
            "verdict": self.verdict,
            "primary_reason": self.primary_reason,
        }


@dataclass
class CorpusView:
    intended_n: Any
    stated_root: Any
    recomputed_root: str | None
    members: list[CorpusMember] = field(default_factory=list)


@dataclass
class HomView:
    """Everything a HOM-AIMOS bundle shows (``Report.hom``)."""

    kind: str  # "cognitive", "recall", "recall_corpus"
    schema: str
    company_id: Any = None
    document_sha256: str | None = None  # sha256(JCS(document)) whenever it has one
    master: Master | None = None
    records: list[MemoryRecord] = field(default_factory=list)
    memories: list[MemoryChain] = field(default_factory=list)
    signers: list[SignerEpoch] = field(default_factory=list)
    streams: list[EventStream] = field(default_factory=list)
    parity: bool | None = None  # sql_records equal the recomputed records
    receipt: ReceiptView | None = None
    corpus: CorpusView | None = None

    def signer(self, fingerprint: str) -> SignerEpoch | None:
        for s in self.signers:
            if s.certificate_fingerprint == fingerprint:
                return s
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "schema": self.schema,
            "company_id": self.company_id,
            "document_sha256": self.document_sha256,
            "master": None,
            "records": [dict(r.reference_json(), supported=r.supported) for r in self.records],
            "memories": [
                dict(asdict(m), terminal_weight_milli=m.terminal_weight_milli) for m in self.memories
            ],
            "signers": [asdict(s) for s in self.signers],
            "streams": [asdict(s) for s in self.streams],
            "parity": self.parity,
            "receipt": asdict(self.receipt) if self.receipt is not None else None,
            "corpus": None,
        }
        if self.master is not None:
            out["master"] = dict(asdict(self.master), verified=self.master.verified)
        if self.corpus is not None:
            out["corpus"] = {
                "intended_n": self.corpus.intended_n,
                "stated_root": self.corpus.stated_root,
                "recomputed_root": self.corpus.recomputed_root,
                "members": [m.to_json() for m in self.corpus.members],
            }
        return out


def hom_view(report: object) -> HomView | None:
    """``report.hom`` as the HOM-AIMOS view it is, or None (a report of another profile,
    or none).  The report types ``hom`` as a profile's view in general; this is the one
    place that narrows it."""
    view = getattr(report, "hom", None)
    return view if isinstance(view, HomView) else None
