"""What a v2 verification shows besides the verdict: ``Report.hom`` (:class:`V2View`).

Plain data for the GUI and ``verify --json``: the envelope's typed objects (each with its stated
and recomputed body hash), the authority (who asked, under which grant), the decisions, the
Merkle disclosure (entries, stated and recomputed root), the returned memories, every signature
with whether it was checked, the stage the verification reached and the check that failed.  A
portable mutation bundle adds its outcome, terminal and witness, and the trust context judged as
an envelope of its own.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

STAGES = ("envelope", "schemas", "authority", "decisions", "results", "merkle_event", "cryptography")
MUTATION_STAGES = ("commitment", "outcome", "terminal", "witness", "trust_context", "signatures")


@dataclass
class ObjectRow:
    ordinal: Any  # as stated
    kind: Any
    schema: Any
    subject_id: Any
    result_ordinal: Any
    body_sha256: Any  # as stated
    recomputed_sha256: str | None = None  # None: the body has no canonical form
    body: Any = None  # the object body (for the detail view)

    @property
    def hash_ok(self) -> bool:
        return self.recomputed_sha256 is not None and self.recomputed_sha256 == self.body_sha256

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if k != "body"}
        out["hash_ok"] = self.hash_ok
        return out


@dataclass
class SignatureCheck:
    """One signature of the evidence: ``ok`` None when it was not checked."""

    what: str
    signer: str
    ok: bool | None = None


@dataclass
class V2View:
    kind: str  # "envelope" or "mutation"
    schema: str
    bundle_id: Any = None
    company_id: Any = None
    document_sha256: str | None = None  # sha256(JCS(document)), the vector files' summary hash
    expected_master_fingerprint: Any = None  # as the evidence states it
    master_fingerprint: Any = None  # the trust anchor's
    pinned: str | None = None  # the auditor's pin (--trust-master)
    structural_only: bool = False
    result_count: Any = None
    object_root: Any = None  # stated
    object_root_recomputed: str | None = None
    commitment: Any = None  # the evidence's own bundle_sha256, as stated
    commitment_recomputed: str | None = None
    objects: list[ObjectRow] = field(default_factory=list)
    authority: dict[str, Any] = field(default_factory=dict)
    decisions: dict[str, Any] = field(default_factory=dict)
    merkle_schema: Any = None
    merkle_entries: list[Any] = field(default_factory=list)
    merkle_root: Any = None  # stated
    merkle_root_recomputed: str | None = None
    results: list[dict[str, Any]] = field(default_factory=list)
    signatures: list[SignatureCheck] = field(default_factory=list)
    stage: str = ""  # the stage the verification reached (the failing one, or "complete")
    failed: str | None = None  # the failure code
    mutation: dict[str, Any] = field(default_factory=dict)  # outcome, terminal, weights, witness
    trust_context: V2View | None = None  # a mutation bundle's trust context, judged as an envelope

    def sign(self, what: str, signer: str, ok: bool | None) -> None:
        for s in self.signatures:
            if s.what == what:
                s.ok = ok
                return
        self.signatures.append(SignatureCheck(what, signer, ok))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            k: v
            for k, v in asdict(self).items()
            if k not in ("objects", "signatures", "trust_context", "merkle_entries")
        }
        out["objects"] = [o.to_json() for o in self.objects]
        out["signatures"] = [asdict(s) for s in self.signatures]
        out["merkle_entries"] = len(self.merkle_entries)
        out["trust_context"] = self.trust_context.to_json() if self.trust_context is not None else None
        return out


def v2_view(report: object) -> V2View | None:
    """``report.hom`` as the v2 view it is, or None (a report of another profile, or none)."""
    view = getattr(report, "hom", None)
    return view if isinstance(view, V2View) else None
