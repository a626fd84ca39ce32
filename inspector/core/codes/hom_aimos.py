"""The finding codes of the HOM-AIMOS profile (``hom.<reason>``), registered in the code table.

A reason is the reference verifier's snake_case string; a composed reason keeps its suffix in
the code (``hom.recall_receipt_memory_binding_invalid:0``) and finds its entry through
:func:`inspector.core.codes.lookup`.  Each entry carries the sentence template its findings
are built from (``{where}`` names the object).  Reasons the 42 vectors exercise are the
reference's exact strings; the others follow the reference's naming and are marked so in the
guide (``docs/guide/hom-aimos.md``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..findings import Severity, message
from .registry import register

PROFILE = "hom-aimos-v1"
E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

_FIX_PRODUCER = "Ask the producer for an untampered export; do not rely on this bundle."
_WHY_TAMPER = "The bundle no longer proves what it claims: it was altered or produced incorrectly."


@dataclass(frozen=True, slots=True)
class ReasonText:
    severity: Severity
    title: str
    sentence: str  # a registered template; ``{where}`` names the object
    why: str
    action: str


TEXTS: dict[str, ReasonText] = {}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_MEANING = {"where": "the object named in the finding", "detail": "see the finding"}


def _reason(
    reason: str,
    title: str,
    sentence: str,
    *,
    severity: Severity = E,
    why: str = _WHY_TAMPER,
    action: str = _FIX_PRODUCER,
) -> None:
    text = ReasonText(severity, title, message(sentence), why, action)
    TEXTS[reason] = text
    meaning = _PLACEHOLDER.sub(lambda m: _MEANING.get(m.group(1), "…"), sentence)
    register("hom." + reason, severity, title, meaning, why, action, profile=PROFILE)


# --- parse and shape ----------------------------------------------------------------
_reason("canonical_json_invalid", "Not valid JSON", "The bundle is not valid UTF-8 JSON ({detail}).")
_reason("canonical_json_duplicate_key", "Duplicate JSON key", "The bundle repeats an object key ({detail}).")
_reason(
    "canonical_json_non_finite_number", "Non-finite number", "The bundle contains NaN or Infinity ({detail})."
)
_reason(
    "canonical_json_unsafe_integer",
    "Unsafe integer",
    "The bundle contains an integer outside ±(2^53−1) ({detail}).",
)
_reason(
    "canonical_json_depth_limit",
    "Nesting too deep",
    "The bundle nests values deeper than depth 32 ({detail}).",
)
_reason("canonical_json_size_limit", "Bundle too large", "The bundle is larger than 512 MiB ({detail}).")
_reason(
    "bundle_kind_unknown",
    "Not a HOM-AIMOS bundle",
    "The document's format.schema is not one of the three HOM-AIMOS v1 bundle schemas ({detail}).",
    action="Open it with the alethech profile, or check that this is the file the engine exported.",
)
_reason(
    "cognitive_evidence_bundle_schema_invalid",
    "Cognitive bundle schema invalid",
    "The cognitive bundle does not have the exact v1 shape at {where}.",
)
_reason(
    "cognitive_evidence_master_fingerprint_mismatch",
    "Master fingerprint mismatch",
    "The master key's fingerprint is not sha256 of its DER bytes at {where}.",
)
_reason(
    "cognitive_evidence_memory_order_invalid",
    "Memories out of order",
    "The memories are not sorted strictly ascending by memory_id at {where}.",
)
_reason(
    "cognitive_evidence_memory_content_invalid",
    "Memory content invalid",
    "A memory's id, tenant, content hash or declared weight mirror is not well-formed at {where}.",
)
_reason(
    "cognitive_evidence_event_identity_epoch_invalid",
    "Event signer epoch invalid",
    "The event ledger's signer epoch does not match its identity at {where}.",
)
# --- event ledgers ------------------------------------------------------------------
_reason(
    "event_ledger_schema_invalid", "Event ledger malformed", "The event ledger is not well-formed at {where}."
)
_reason(
    "event_ledger_certificate_invalid",
    "Event ledger certificate invalid",
    "The event ledger's signer certificate fails a check ({detail}) at {where}.",
)
_reason(
    "event_ledger_content_hash_mismatch",
    "Event content hash mismatch",
    "The signed body of {where} does not hash to its content hash.",
)
_reason(
    "event_ledger_binding_invalid",
    "Event fields disagree with its signed body",
    "The stored fields of {where} disagree with its signed body.",
)
_reason("event_ledger_link_invalid", "Event link broken", "The hash link of {where} does not recompute.")
_reason(
    "event_ledger_signature_invalid",
    "Event signature invalid",
    "The signature of {where} does not verify under the stream's signer key.",
)
# --- baselines ----------------------------------------------------------------------
_reason("baseline_schema_invalid", "Baseline malformed", "The signed baseline of {where} is not well-formed.")
_reason(
    "baseline_binding_invalid",
    "Baseline not bound to this memory",
    "The signed baseline of {where} does not bind this memory's tenant, content, weight or event.",
)
_reason(
    "baseline_event_missing",
    "Baseline event missing",
    "The signed baseline of {where} names no verified cognitive_initial_weight_attested event.",
)
_reason(
    "baseline_hash_mismatch", "Baseline hash mismatch", "The baseline hash of {where} does not recompute."
)
_reason(
    "baseline_signature_invalid",
    "Baseline signature invalid",
    "The baseline signature of {where} does not verify under the housekeeper key.",
)
_reason(
    "unattested_initial_weight",
    "Unattested initial weight",
    "The memory {where} starts from a non-default weight without a signed baseline.",
)
# --- projection chain ---------------------------------------------------------------
_reason(
    "cognitive_projection_fork",
    "Weight chain fork",
    "Two projections of {where} share one predecessor.",
)
_reason(
    "cognitive_projection_genesis_invalid",
    "Weight chain genesis invalid",
    "The weight chain of {where} does not have exactly one genesis projection.",
)
_reason("cognitive_projection_cycle", "Weight chain cycle", "The weight chain of {where} contains a cycle.")
_reason(
    "cognitive_projection_disconnected",
    "Weight chain disconnected",
    "Some projections of {where} are not reachable from its genesis.",
)
_reason(
    "cognitive_projection_duplicate",
    "Duplicate projection",
    "Two projections of {where} have the same projection hash.",
)
_reason("projection_schema_invalid", "Projection malformed", "Projection data is not well-formed at {where}.")
_reason(
    "projection_display_invalid",
    "Weight out of range, no-op or wrong mirror",
    "A weight at {where} is outside 100…3000, unchanged, or its float mirror is not the binary32 of "
    "its milli-weight.",
)
_reason(
    "continuity_break",
    "Weight chain discontinuity",
    "The old weight of {where} is not the new weight of its predecessor.",
)
_reason(
    "projection_hash_mismatch",
    "Projection hash mismatch",
    "The projection hash of {where} does not recompute.",
)
_reason(
    "transition_hash_mismatch",
    "Transition hash mismatch",
    "The transition hash of {where} does not recompute.",
)
_reason(
    "transition_signature_invalid",
    "Transition signature invalid",
    "The transition signature of {where} does not verify under the housekeeper key.",
)
_reason(
    "initial_weight_anchor_invalid",
    "First weight not anchored",
    "The first old weight of {where} is neither the default 1000 nor the signed baseline's weight.",
)
_reason(
    "terminal_weight_mismatch",
    "Declared weight is not the chain's last weight",
    "The declared retrieval weight of {where} is not the weight its chain ends at.",
)
_reason(
    "cognitive_evidence_sql_parity_mismatch",
    "Database records disagree",
    "The bundle's sql_records are not exactly the recomputed per-memory records ({detail}).",
)
# --- provenance (the signed REWEIGHT node) and identities ---------------------------
_IDENTITY = {
    "schema_invalid": ("malformed", "is not well-formed"),
    "signed_body_content_hash_mismatch": (
        "content hash mismatch",
        "does not hash to its stated content hash",
    ),
    "certificate_fingerprint_mismatch": (
        "certificate fingerprint mismatch",
        "names a certificate fingerprint that is not the hash of its certificate",
    ),
    "certificate_invalid": ("certificate malformed", "carries a certificate that cannot be decoded"),
    "signer_certificate_row_mismatch": (
        "key not the certificate's",
        "is signed by a key, agent or epoch that its certificate does not certify",
    ),
    "certificate_issuer_invalid": (
        "certificate issuer unknown",
        "carries a certificate issued neither by the master nor by the agent itself",
    ),
    "certificate_signature_invalid": (
        "certificate signature invalid",
        "carries a certificate whose signature does not verify",
    ),
    "signer_role_invalid": ("signer is not the housekeeper", "is not signed by the housekeeper"),
    "cert_not_yet_valid": ("signed before the epoch", "was signed before its signer's epoch began"),
    "cert_expired": ("signed after the epoch", "was signed after its signer's epoch or certificate ended"),
    "revocation_invalid": ("revocation invalid", "carries a revocation record that does not verify"),
    "signer_revoked_before_evidence": (
        "signer revoked",
        "was signed at or after the master revoked its signer",
    ),
    "genesis_invalid": (
        "genesis flag inconsistent",
        "has a genesis flag that disagrees with its predecessor",
    ),
    "tier_form_invalid": ("unknown tier or form", "names an unknown identity tier or signature form"),
    "signature_invalid": ("signature invalid", "has a signature that does not verify"),
    "mutation_hash_mismatch": ("mutation hash mismatch", "has a mutation hash that does not recompute"),
    "signed_body_event_type_mismatch": (
        "event type differs from the signed body",
        "states an event type different from the one its signed body carries",
    ),
    "event_type_invalid": (
        "not this memory's REWEIGHT",
        "is not a REWEIGHT of this memory, tenant and weights (a replay or a wrong binding)",
    ),
}
INNER_IDENTITY = tuple(_IDENTITY)
for _inner, (_title, _verb) in _IDENTITY.items():
    _reason("provenance_" + _inner, "Provenance: " + _title, "The provenance of {where} " + _verb + ".")
for _inner in (
    "certificate_fingerprint_mismatch",
    "certificate_invalid",
    "signer_certificate_row_mismatch",
    "certificate_issuer_invalid",
    "certificate_signature_invalid",
    "signer_role_invalid",
    "cert_not_yet_valid",
    "cert_expired",
    "revocation_invalid",
    "signer_revoked_before_evidence",
):
    _t, _v = _IDENTITY[_inner]
    _reason("baseline_" + _inner, "Baseline: " + _t, "The signed baseline of {where} " + _v + ".")
# --- recall -------------------------------------------------------------------------
_reason(
    "recall_evidence_bundle_schema_invalid",
    "Recall bundle schema invalid",
    "The recall bundle does not have the exact v1 shape at {where}.",
)
_reason(
    "recall_trust_anchor_invalid",
    "Trust anchors invalid",
    "The recall bundle's trust anchors are malformed or inconsistent at {where}.",
)
_reason(
    "recall_request_certificate_invalid",
    "Request certificate not trusted",
    "The recall request's certificate fails a check ({detail}).",
)
_reason(
    "recall_request_context_invalid",
    "Request context invalid",
    "The recall request's method, path, time, tenant or agent is inconsistent ({detail}).",
)
_reason(
    "recall_request_signature_invalid",
    "Request signature invalid",
    "The recall request's signature does not verify under its certificate key.",
)
_reason(
    "recall_request_command_invalid",
    "Recall command malformed",
    "The signed recall command is not a well-formed recall command ({detail}).",
)
_reason(
    "recall_scope_invalid",
    "Result outside the request's scope",
    "The disclosed memories do not fit the signed request's scope at {where}.",
)
_reason(
    "recall_mandatory_evidence_missing",
    "Mandatory evidence missing",
    "The bundle lacks mandatory evidence ({detail}), so it can be judged neither valid nor invalid.",
    severity=W,
    why="Without the signed receipt nothing binds the disclosed results to the request.",
    action="Ask the producer for the complete bundle including the signed event receipt.",
)
_reason(
    "recall_receipt_schema_invalid",
    "Receipt malformed",
    "The recall receipt does not have the exact v1 shape at {where}.",
)
_reason(
    "recall_receipt_evidence_count_invalid",
    "Evidence count wrong",
    "The receipt's evidence count differs from the disclosed memories ({detail}).",
)
_reason(
    "recall_receipt_memory_binding_invalid",
    "Evidence not bound to its memory",
    "Receipt {where} does not match the disclosed memory at the same position.",
)
_reason(
    "recall_receipt_epistemic_binding_invalid",
    "Epistemic binding invalid",
    "The receipt's epistemic Merkle schema or decision binding is invalid ({detail}).",
)
_reason(
    "recall_receipt_cryptographic_binding_invalid",
    "Receipt hashes do not recompute",
    "The receipt's {detail} does not recompute from the request and evidence.",
)
_reason(
    "recall_event_receipt_binding_invalid",
    "Event receipt disagrees with the receipt",
    "The signed event receipt does not bind this receipt ({detail}).",
)
_reason(
    "recall_event_receipt_certificate_invalid",
    "Event receipt signer not trusted",
    "The event receipt's signer certificate fails a check ({detail}).",
)
_reason(
    "recall_event_receipt_signature_invalid",
    "Event receipt signature invalid",
    "The event receipt's signature does not verify under the housekeeper key.",
)
# --- corpus -------------------------------------------------------------------------
_reason(
    "recall_corpus_schema_invalid",
    "Corpus schema invalid",
    "The recall corpus does not have the exact v1 shape at {where}.",
)
_reason(
    "recall_corpus_intended_n_invalid",
    "Corpus member count wrong",
    "The corpus member count differs from its declared intended_n ({detail}).",
    why="A member was removed (or added) after the corpus was sealed.",
)
_reason(
    "recall_corpus_member_invalid",
    "Corpus member entry invalid",
    "Corpus member {where} has a wrong ordinal, bundle id or bundle hash.",
)
_reason(
    "recall_corpus_root_invalid",
    "Corpus root mismatch",
    "The corpus root does not recompute from its members.",
)
_reason(
    "recall_corpus_member_bundle_invalid",
    "Corpus member bundle not valid",
    "Corpus member {where} does not verify on its own ({detail}).",
)
# --- the inspector's own additions (outside conformance) ----------------------------
_reason(
    "master_fingerprint",
    "Master key fingerprint",
    "The bundle's trust root is the master key with fingerprint {fingerprint}.",
    severity=INFO,
    why="Valid means internally consistent: the bundle carries its own master key.",
    action="Compare this fingerprint with the one you expect, or pin it with --trust-master.",
)
_reason(
    "self_issued_certificate",
    "Self-issued signer certificate",
    "The certificate of {where} is self-issued: valid means internally consistent; pin the master.",
    severity=W,
    why="No master vouches for a self-issued signer: anyone can make one.",
    action="Pin the master fingerprint you trust (--trust-master) to require master-issued signers.",
)
_reason(
    "untrusted_master",
    "Signed under an untrusted master",
    "The bundle is not signed under the pinned master {pinned} ({detail}).",
    why="The bundle may be internally consistent, but not from the authority you trust.",
    action="Check the pin; if it is right, do not trust this bundle.",
)
_reason(
    "unsupported_signature_form",
    "Signature form not supported",
    "The inspector cannot check {where}: {detail} is not supported (only form 1, tier T1).",
    severity=W,
    why="The verdict would not be the reference's; the inspector says so instead of guessing.",
    action="Verify this bundle with the reference verifier.",
)
_reason(
    "command_hash_not_recomputed",
    "Command hash only bound, not recomputed",
    "The receipt's command_hash is checked against the signed event receipt but not recomputed: the "
    "engine's command normalization is not published.",
    severity=INFO,
    why="A housekeeper could sign a receipt naming a command other than the signed request's.",
    action="None needed for conformance; the request signature and outer_request_hash bind the request.",
)
