"""The answer about one proof: each check, the outcome and its exit code, the JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .common import OUTCOME_EXIT, RESULT_SCHEMA, Said

OUTCOMES = ("anchored", "not_anchored", "anchor_mismatch", "invalid", "legacy", "unopenable")


@dataclass(frozen=True)
class Check:
    """One step of a proof check: what was checked and what was found."""

    name: str  # format, leaf, path, evidence, signature, binding, signed_root, recorded_status, anchor
    ok: bool
    said: Said

    @property
    def message(self) -> str:
        return self.said.text

    @classmethod
    def of(cls, name: str, ok: bool, template: str, **params: Any) -> Check:
        return cls(name, ok, Said.of(template, **params))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "ok": self.ok, "message": self.message}


@dataclass
class ProofResult:
    """The answer about one proof.

    ``outcome``: ``anchored`` (consistent, signed, and the anchor vouches for it),
    ``not_anchored`` (consistent and signed, but no anchor was given),
    ``anchor_mismatch`` (consistent, but the file or key given does not vouch for
    it), ``invalid`` (inconsistent, forged or unreadable), ``legacy`` (a version-1
    proof, which cannot be anchored) or ``unopenable`` (the file given cannot be
    opened).
    """

    outcome: str
    said: Said
    checks: list[Check] = field(default_factory=list)
    notes_said: list[Said] = field(default_factory=list)
    receipt: str | None = None
    ordinal: int | None = None
    tree_size: int | None = None
    root: str | None = None
    key_id: str | None = None
    fingerprint: str | None = None
    anchor: dict[str, Any] | None = None
    recorded_status: dict[str, str] | None = None

    @property
    def message(self) -> str:
        return self.said.text

    @property
    def notes(self) -> list[str]:
        return [s.text for s in self.notes_said]

    @property
    def valid(self) -> bool:
        """The proof is consistent and its signature verifies (anchored or not)."""
        return self.outcome in ("anchored", "not_anchored", "anchor_mismatch", "unopenable")

    @property
    def anchored(self) -> bool:
        return self.outcome == "anchored"

    @property
    def exit_code(self) -> int:
        """0 anchored and valid, 1 invalid or not anchored, 2 the file cannot be opened."""
        return OUTCOME_EXIT[self.outcome]

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": RESULT_SCHEMA,
            "result": self.outcome,
            "valid": self.valid,
            "anchored": self.anchored,
            "message": self.message,
            "receipt": self.receipt,
            "ordinal": self.ordinal,
            "tree_size": self.tree_size,
            "root": self.root,
            "signer": None
            if self.key_id is None
            else {"key_id": self.key_id, "fingerprint": self.fingerprint},
            "anchor": self.anchor,
            "recorded_status": self.recorded_status,
            "checks": [c.to_json() for c in self.checks],
            "notes": self.notes,
            "exit_code": self.exit_code,
        }
