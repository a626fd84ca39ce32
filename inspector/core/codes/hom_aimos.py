"""The finding codes of the HOM-AIMOS v1 profile (``hom.<reason>``), registered in the code table.

A reason is the reference verifier's exact snake_case string.  Many are composed: an inner
reason with a family prefix (``provenance_cert_expired``, ``event_ledger_certificate_invalid:
cert_sig_invalid``, ``baseline_event_sig_invalid``, ``revocation_sig_invalid``) or a suffix
(``recall_receipt_memory_binding_invalid:0``, ``recall_unknown_field:<name>``).  Every composed
reason the reference can give is registered under its full name; a family shares one title and
one sentence, and the finding names the inner reason in words (its ``detail``), so the
translations are per family and per inner reason, not per combination.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..findings import Severity, message
from ..i18n import Phrase
from .registry import register

PROFILE = "hom-aimos-v1"
E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

_FIX_PRODUCER = "Ask the producer for an untampered export; do not rely on this bundle."
_WHY_TAMPER = "The bundle no longer proves what it claims: it was altered or produced incorrectly."
_WHY_SHAPE = "The reference verifier refuses a bundle that is not exactly in the engine's format."


@dataclass(frozen=True, slots=True)
class ReasonText:
    severity: Severity
    title: str
    sentence: str  # a registered template; ``{where}`` names the object, ``{detail}`` the inner reason
    why: str
    action: str


TEXTS: dict[str, ReasonText] = {}
INNER: dict[str, str] = {}  # composed reason -> the registered phrase of its inner reason
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_MEANING = {"where": "the object named in the finding", "detail": "see the finding"}


def reason_text(
    reason: str,
    title: str,
    sentence: str,
    *,
    severity: Severity = E,
    why: str = _WHY_TAMPER,
    action: str = _FIX_PRODUCER,
    profile: str = PROFILE,
) -> None:
    """Register ``hom.<reason>`` in the code table and its finding sentence here (the v2 profile
    registers its codes through this too, with its own ``profile``)."""
    text = ReasonText(severity, title, message(sentence), why, action)
    TEXTS[reason] = text
    meaning = _PLACEHOLDER.sub(lambda m: _MEANING.get(m.group(1), "…"), sentence)
    register("hom." + reason, severity, title, meaning, why, action, profile=profile)


_reason = reason_text


def text_of(reason: str) -> tuple[ReasonText, Phrase | None]:
    """The texts of ``reason`` (its suffix ignored) and, for a composed reason, the phrase
    naming its inner reason."""
    text = TEXTS.get(reason) or TEXTS.get(reason.split(":", 1)[0]) or TEXTS["reference_reason"]
    inner = INNER.get(reason)
    return text, None if inner is None else Phrase(inner)


# --- inner reasons, in words (shared by the families below) -----------------------------------

_PHRASES = {
    # certificates and identity epochs
    "cert_malformed": "its certificate cannot be decoded",
    "cert_schema": "its certificate lacks a required field",
    "cert_sig_invalid": "its certificate's signature does not verify",
    "cert_not_yet_valid": "it was signed before its certificate became valid",
    "cert_expired": "it was signed after its certificate expired",
    "certificate_authority_missing": (
        "its certificate is issued neither by the bundle's master nor by the signer itself"
    ),
    "identity_epoch_mismatch": "its certificate does not certify this identity and epoch",
    "identity_revoked_before_signature": "it was signed at or after its signer was revoked",
    "revocation_master_mismatch": "its signer's revocation names another master",
    "revocation_revocation_body_invalid": "its signer's revocation is not a REVOKE_AGENT_IDENTITY record",
    "revocation_revocation_hash_mismatch": "its signer's revocation hashes do not recompute",
    "revocation_revocation_proof_malformed": "its signer's revocation is malformed",
    "revocation_malformed_input": "its signer's revocation cannot be checked",
    "revocation_sig_invalid": "its signer's revocation signature does not verify",
    "canonical_json_depth_limit": "its certificate nests values deeper than depth 32",
    "canonical_json_integer_out_of_range": "its certificate holds an integer outside ±(2^53−1)",
    "canonical_json_non_finite_number": "its certificate holds a non-finite number",
    # provenance
    "signed_body_missing": "it has no signed body",
    "signed_body_content_hash_mismatch": "its signed body does not hash to its content hash",
    "signer_certificate_fingerprint_mismatch": (
        "its certificate fingerprint is not the hash of the signer's certificate"
    ),
    "provenance_time_invalid": "its signing time is not a positive integer",
    "signer_certificate_row_mismatch": "it names a signer, key or epoch its certificate does not certify",
    "signer_revoked_before_evidence": "it was signed at or after the master revoked its signer",
    "provenance_genesis_shape_invalid": "its genesis flag disagrees with its predecessor",
    "request_signature_form_invalid": "it combines request form 5 with signature form 2",
    "elevated_provenance_requires_form4": "its tier T2 or T3 requires request signature form 4 or 5",
    "signed_chain_claim_invalid": "its signed chain claim is not a 32-byte prev_chain_hash",
    "signed_device_claim_mismatch": "its signed device claim is not its signer's device (tier T3)",
    "malformed_input": "its signature context (nonce, time, method, path or claims) is unusable",
    "sig_invalid": "its signature does not verify",
    "signature_invalid": "its signature does not verify",
    "mutation_hash_mismatch": "its mutation hash does not recompute",
    "signed_body_event_type_mismatch": "it is not a REWEIGHT in both its stored and its signed event type",
    "provenance_malformed_input": "a field it needs is missing or malformed",
    "event_type_invalid": (
        "it is not this memory's REWEIGHT (tenant, memory, weights, signer or binding differ)"
    ),
    # stored events
    "event_proof_version": "it is not a proof-required ledger version 1 event with a signed body",
    "event_proof_hash_mismatch": "its stored fields, hashes or link disagree with its signed body",
    "event_proof_malformed": "a field it needs is missing or malformed",
}
_PHRASE = {k: message(v) for k, v in _PHRASES.items()}

IDENTITY_INNER = (
    "cert_malformed",
    "cert_schema",
    "cert_sig_invalid",
    "cert_not_yet_valid",
    "cert_expired",
    "certificate_authority_missing",
    "revocation_master_mismatch",
    "revocation_revocation_body_invalid",
    "revocation_revocation_hash_mismatch",
    "revocation_revocation_proof_malformed",
    "revocation_malformed_input",
    "revocation_sig_invalid",
    "canonical_json_depth_limit",
    "canonical_json_integer_out_of_range",
    "canonical_json_non_finite_number",
)
PROVENANCE_INNER = (
    *IDENTITY_INNER,
    "signed_body_missing",
    "signed_body_content_hash_mismatch",
    "signer_certificate_fingerprint_mismatch",
    "provenance_time_invalid",
    "signer_certificate_row_mismatch",
    "signer_revoked_before_evidence",
    "provenance_genesis_shape_invalid",
    "request_signature_form_invalid",
    "elevated_provenance_requires_form4",
    "signed_chain_claim_invalid",
    "signed_device_claim_mismatch",
    "malformed_input",
    "sig_invalid",
    "signature_invalid",
    "mutation_hash_mismatch",
    "signed_body_event_type_mismatch",
    "provenance_malformed_input",
    "event_type_invalid",
)
CERT_INNER = (
    "cert_malformed",
    "cert_schema",
    "cert_sig_invalid",
    "cert_not_yet_valid",
    "cert_expired",
    "canonical_json_depth_limit",
    "canonical_json_integer_out_of_range",
    "canonical_json_non_finite_number",
)
EVENT_INNER = (
    "event_proof_version",
    "event_proof_hash_mismatch",
    "event_proof_malformed",
    "malformed_input",
    "sig_invalid",
)


def _family(prefix: str, inners: tuple[str, ...], title: str, sentence: str, **kw: object) -> None:
    """Register ``prefix + inner`` for every inner reason, sharing one title and sentence.  A
    ``prefix:`` family is one code in the table (``lookup`` strips the ``:inner`` suffix), its
    composed reasons texts of their own with the phrase of their inner reason."""
    if prefix.endswith(":"):
        _reason(prefix[:-1], title, sentence, **kw)  # type: ignore[arg-type]
    for inner in inners:
        reason = prefix + inner
        if reason in TEXTS:
            continue
        if prefix.endswith(":"):
            TEXTS[reason] = TEXTS[prefix[:-1]]
        else:
            _reason(reason, title, sentence, **kw)  # type: ignore[arg-type]
        INNER[reason] = _PHRASE[inner]


# --- parse -----------------------------------------------------------------------------------
_reason(
    "bundle_size_limit", "Bundle too large", "The bundle is larger than 512 MiB ({detail}).", why=_WHY_SHAPE
)
_reason(
    "bundle_json_malformed",
    "Not well-formed JSON",
    "The bundle is not well-formed UTF-8 JSON ({detail}).",
    why=_WHY_SHAPE,
)
_reason(
    "json_duplicate_key", "Duplicate JSON key", "The bundle repeats an object key ({detail}).", why=_WHY_SHAPE
)
_reason(
    "json_non_finite", "NaN or Infinity", "The bundle contains NaN or Infinity ({detail}).", why=_WHY_SHAPE
)
_reason(
    "canonical_json_depth_limit",
    "Nesting too deep",
    "A value of the bundle, or of a certificate in it, nests deeper than depth 32 ({detail}).",
    why=_WHY_SHAPE,
)
_reason(
    "canonical_json_integer_out_of_range",
    "Unsafe integer",
    "The bundle, or a certificate in it, holds an integer outside ±(2^53−1) ({detail}).",
    why=_WHY_SHAPE,
)
_reason(
    "canonical_json_non_finite_number",
    "Non-finite number",
    "The bundle, or a certificate in it, holds a number that is not finite ({detail}).",
    why=_WHY_SHAPE,
)
_reason(
    "cognitive_evidence_bundle_invalid",
    "Not a JSON object",
    "The bundle is not a JSON object ({detail}).",
    why=_WHY_SHAPE,
)
_reason(
    "bundle_kind_unknown",
    "Not a HOM-AIMOS bundle",
    "The document's format.schema is not one of the three HOM-AIMOS v1 bundle schemas ({detail}).",
    action="Open it with the alethech profile, or check that this is the file the engine exported.",
)
_reason(
    "reference_reason",
    "Reference verifier reason",
    "The reference verifier rejects the bundle at {where} ({detail}).",
)
_reason("cert_malformed", "Certificate not decodable", "A certificate in {where} cannot be decoded.")
_reason(
    "cert_schema",
    "Certificate fields wrong",
    "A certificate in {where} lacks a certificate field (a recall bundle's must have exactly those fields, "
    "in canonical JSON).",
)
_reason(
    "cert_sig_invalid",
    "Certificate signature invalid",
    "A certificate's signature in {where} does not verify under its issuer.",
)
# --- cognitive: top level --------------------------------------------------------------------
_reason(
    "cognitive_evidence_bundle_schema_invalid",
    "Cognitive bundle schema invalid",
    "The cognitive bundle does not have the exact v1 shape at {where} ({detail}).",
    why=_WHY_SHAPE,
)
_reason(
    "cognitive_evidence_bundle_identity_invalid",
    "Tenant or master malformed",
    "The bundle's company_id or master identity is missing or malformed at {where}.",
    why=_WHY_SHAPE,
)
_reason(
    "master_key_invalid",
    "Master key not decodable",
    "A master public key is not base64url text at {where}.",
)
_reason(
    "cognitive_evidence_master_fingerprint_mismatch",
    "Master fingerprint mismatch",
    "The master key's fingerprint is not sha256 of its key bytes at {where}.",
)
_reason(
    "cognitive_evidence_memory_order_invalid",
    "Memories out of order",
    "The memories are not objects of this tenant sorted strictly ascending by memory_id at {where}.",
)
_reason(
    "cognitive_evidence_memory_content_invalid",
    "Memory content hash malformed",
    "A memory's content hash is not 64 lowercase hex digits at {where}.",
)
_reason(
    "cognitive_evidence_memory_weight_invalid",
    "Declared weight mirror wrong",
    "A memory's declared float4 weight is malformed or does not round to its milli-weight at {where}.",
)
_reason(
    "cognitive_evidence_number_invalid",
    "Weight not finite",
    "A memory's declared float4 weight is not a finite number at {where}.",
)
_reason(
    "cognitive_evidence_sql_record_invalid",
    "Database record malformed",
    "An sql_records row is not an object at {where}.",
)
_reason(
    "cognitive_evidence_sql_count_invalid",
    "Database record count malformed",
    "An sql_records row's chain_length or signatures_verified is not a non-negative integer at {where}.",
)
_reason(
    "sql_portable_parity_mismatch",
    "Database records disagree",
    "The bundle's sql_records are not exactly the recomputed per-memory records ({detail}).",
)
_reason(
    "verifier_internal_failure",
    "Malformed beyond the reference's checks",
    "The reference verifier fails internally on this bundle at {where} ({detail}), so it is judged "
    "neither valid nor invalid.",
    severity=W,
    why="The bundle is malformed in a way the engine's own verifier does not handle; nothing it claims "
    "is proven.",
    action="Ask the producer for a well-formed export.",
)
# --- cognitive: event streams ----------------------------------------------------------------
_reason(
    "cognitive_evidence_identity_invalid",
    "Identity malformed",
    "A signer identity is missing a field or has an empty epoch at {where}.",
)
_reason(
    "cognitive_evidence_identity_epoch_invalid",
    "Identity epoch malformed",
    "A signer identity's valid_from or valid_until is not a positive integer at {where}.",
)
_reason(
    "cognitive_evidence_epoch_invalid",
    "Epoch start malformed",
    "A signer epoch start is not a positive unix time at {where}.",
)
_reason(
    "cognitive_evidence_event_identity_mismatch",
    "Event stream signer mismatch",
    "The event stream's signer or epoch start is not its identity's at {where}.",
)
_reason(
    "cognitive_evidence_event_stream_invalid",
    "Event stream malformed",
    "The event stream's events are not a list at {where}.",
)
_reason(
    "event_time_invalid",
    "Event time invalid",
    "An event's signing time is not a positive integer at {where}.",
)
_reason(
    "cognitive_evidence_event_identity_epoch_invalid",
    "Event signer epoch invalid",
    "An event at {where} is not signed by its stream's signer within a valid, unrevoked epoch of a "
    "certificate the bundle's master (or the signer itself) issued, for this tenant.",
)
_reason(
    "event_ledger_chain_link_invalid",
    "Event ledger link broken",
    "An event's ledger sequence or predecessor hash does not continue the chain at {where}.",
)
_reason(
    "event_previous_invalid",
    "Event predecessor malformed",
    "An event's previous mutation hash is not 64 lowercase hex digits at {where}.",
)
_reason(
    "event_mutation_invalid",
    "Event mutation hash malformed",
    "An event's mutation hash is not 64 lowercase hex digits at {where}.",
)
_reason(
    "event_ledger_identity_mismatch",
    "Event certificate mismatch",
    "An event's certificate fingerprint or key is not its stream identity's at {where}.",
)
_reason(
    "event_ledger_certificate_issuer_invalid",
    "Event certificate issuer unknown",
    "An event's certificate is issued neither by the bundle's master nor by its signer at {where}.",
)
_reason(
    "cognitive_evidence_event_duplicate",
    "Duplicate event",
    "Two events share an event id, or an event has none, at {where}.",
)
_family(
    "event_ledger_certificate_invalid:",
    CERT_INNER,
    "Event certificate invalid",
    "An event's certificate fails at {where}: {detail}.",
)
_family(
    "event_ledger_proof_invalid:",
    EVENT_INNER,
    "Event proof invalid",
    "An event's proof fails at {where}: {detail}.",
)
# --- cognitive: records ----------------------------------------------------------------------
_reason(
    "portable_evidence_malformed",
    "Memory evidence malformed",
    "The evidence of {where} is missing a field or malformed, so its record cannot be certified.",
)
_reason(
    "unattested_initial_weight",
    "Unattested initial weight",
    "The memory {where} declares a non-default weight without a signed baseline.",
)
_reason(
    "baseline_terminal_weight_mismatch",
    "Declared weight is not the baseline's",
    "The declared weight of {where} is not the weight its signed baseline attests.",
)
_reason(
    "cognitive_projection_fork",
    "Weight chain fork",
    "Two projections of {where} share a hash or a predecessor.",
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
    "projection_display_invalid",
    "Weight out of range, no-op or wrong mirror",
    "A weight of {where} is outside 100…3000, unchanged, or its float mirror is not the binary32 of "
    "its milli-weight.",
)
_reason(
    "continuity_break",
    "Weight chain discontinuity",
    "An old weight of {where} is not the new weight of its predecessor.",
)
_reason(
    "projection_hash_invalid", "Projection hash mismatch", "A projection hash of {where} does not recompute."
)
_reason(
    "transition_signature_invalid",
    "Transition signature invalid",
    "A transition hash of {where} does not recompute or its signature does not verify under the "
    "signer's key.",
)
_reason(
    "baseline_chain_anchor_invalid",
    "First weight not the baseline's",
    "The chain of {where} does not start from the weight of a valid signed baseline.",
)
_reason(
    "default_chain_anchor_invalid",
    "First weight not the default",
    "The chain of {where} has no baseline and does not start from the default weight 1000.",
)
_reason(
    "terminal_weight_mismatch",
    "Declared weight is not the chain's last weight",
    "The declared retrieval weight of {where} is not the weight its chain ends at.",
)
_family(
    "provenance_",
    PROVENANCE_INNER,
    "Provenance invalid",
    "The signed provenance of a projection of {where} fails: {detail}.",
)
# --- cognitive: baselines --------------------------------------------------------------------
_reason(
    "baseline_binding_invalid",
    "Baseline not bound to this memory",
    "The signed baseline of {where} does not bind this memory's tenant, content, weight and signer, or "
    "is malformed.",
)
_reason(
    "baseline_event_missing",
    "Baseline event missing",
    "The signed baseline of {where} names no verified event with its id and mutation hash.",
)
_reason(
    "baseline_event_epoch_invalid",
    "Baseline event signer or time wrong",
    "The event of the signed baseline of {where} has another signer, tenant or time (more than 5 s apart).",
)
_reason(
    "baseline_event_binding_invalid",
    "Baseline event does not attest this weight",
    "The event of the signed baseline of {where} is not a cognitive_initial_weight_attested event for this "
    "memory, weight and content.",
)
_reason("baseline_hash_invalid", "Baseline hash mismatch", "The baseline hash of {where} does not recompute.")
_reason(
    "baseline_signature_invalid",
    "Baseline signature invalid",
    "The baseline signature of {where} does not verify under the signer's key.",
)
_family(
    "baseline_event_",
    EVENT_INNER,
    "Baseline event proof invalid",
    "The event of the signed baseline of {where} fails: {detail}.",
)
_family(
    "",
    (*IDENTITY_INNER, "identity_epoch_mismatch", "identity_revoked_before_signature"),
    "Baseline signer invalid",
    "The signer of the baseline of {where} fails: {detail}.",
)
# --- recall ----------------------------------------------------------------------------------
_reason(
    "recall_bundle_schema_invalid",
    "Recall bundle schema invalid",
    "The recall bundle does not have the exact v1 shape (keys, format, bundle id, tenant, memories).",
    why=_WHY_SHAPE,
)
_reason(
    "recall_trust_anchor_schema_invalid",
    "Trust anchors invalid",
    "The recall bundle's trust anchors are malformed, duplicated or inconsistent with their fingerprints.",
)
_reason("public_key_invalid", "Anchor key not a key", "A trust anchor's public key is not an SPKI DER key.")
_reason(
    "recall_request_schema_invalid",
    "Recall request malformed",
    "The recall request does not have the exact v1 shape.",
    why=_WHY_SHAPE,
)
_reason(
    "recall_trust_anchor_missing",
    "Certificate not anchored",
    "A certificate of the recall bundle is vouched for by none of its trust anchors.",
    why="Nothing in the bundle (or the pin) says who issued this signer's certificate.",
)
_reason(
    "cert_epoch_invalid",
    "Signed outside the certificate's validity",
    "A signature of the recall bundle was made outside its certificate's validity.",
)
_reason(
    "recall_request_identity_invalid",
    "Request agent not the certificate's",
    "The recall request's agent_id is not the agent its certificate certifies.",
)
_reason(
    "recall_request_context_invalid",
    "Request context invalid",
    "The recall request is not a POST to /aimos/recall with a nonce and the signed time in its body.",
)
_reason(
    "recall_request_signature_invalid",
    "Request signature invalid",
    "The recall request's signature does not verify under its certificate key.",
)
_reason(
    "recall_command_invalid",
    "Recall command not an object",
    "The signed recall command is not a JSON object.",
)
_reason(
    "recall_unknown_field",
    "Unknown recall command field",
    "The signed recall command has a field the engine does not define ({detail}).",
    why="The reference normalises the command from its 34 fields only; another field is refused.",
)
_reason(
    "recall_query_or_identifier_required",
    "Recall command asks for nothing",
    "The signed recall command has no query, key or memory_id.",
)
_reason(
    "recall_memory_id_invalid",
    "Recall command memory id not a UUID",
    "The signed recall command's memory_id is not a UUID.",
)
_reason(
    "recall_integer_invalid",
    "Recall command bound out of range",
    "The signed recall command's limit (1–200), clearance_level (0–12) or max_hops (1–4) is not an "
    "integer in range.",
)
_reason(
    "recall_scope_binding_invalid",
    "Recall command for another tenant",
    "The signed recall command's company_id is not the bundle's.",
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
    "The recall receipt lacks a required field or has an unknown one.",
)
_reason(
    "recall_receipt_evidence_count_mismatch",
    "Evidence count wrong",
    "The receipt's evidence count differs from the number of disclosed memories.",
)
_reason(
    "recall_receipt_memory_binding_invalid",
    "Evidence not bound to its memory",
    "The receipt's {where} does not match the disclosed memory at the same position, or that memory does "
    "not fit the command's source and type filters.",
)
_reason(
    "recall_receipt_epistemic_binding_invalid",
    "Epistemic binding invalid",
    "The receipt's epistemic Merkle schema, decision hash or Merkle entries are invalid.",
)
_reason(
    "recall_receipt_cryptographic_binding_invalid",
    "Receipt hashes do not recompute",
    "The receipt's command hash (of the normalised command), outer request hash or Merkle root does not "
    "recompute, or a mutation hash is malformed.",
)
_reason(
    "recall_event_receipt_schema_invalid",
    "Event receipt malformed",
    "The signed event receipt does not have the exact v1 shape.",
)
_reason(
    "recall_event_body_invalid",
    "Event receipt body missing",
    "The event receipt's signed body is not an object.",
)
_reason(
    "recall_event_previous_hash_invalid",
    "Event receipt predecessor malformed",
    "The event receipt's previous mutation hash is not 64 lowercase hex digits.",
)
_reason(
    "recall_event_binding_invalid",
    "Event receipt disagrees with the receipt",
    "The signed event receipt does not bind this receipt (its fields, hashes, command, root or evidence "
    "differ).",
)
_reason(
    "recall_event_signature_invalid",
    "Event receipt signature invalid",
    "The event receipt's signature does not verify under its certificate key.",
)
_reason(
    "recall_verifier_internal_failure",
    "Malformed beyond the reference's checks",
    "The reference verifier fails internally on this recall bundle ({detail}).",
)
# --- corpus ----------------------------------------------------------------------------------
_reason(
    "recall_corpus_schema_invalid",
    "Corpus schema invalid",
    "The recall corpus does not have exactly the keys format, intended_n, members and corpus_root.",
    why=_WHY_SHAPE,
)
_reason(
    "recall_corpus_intended_n_invalid",
    "Corpus member count wrong",
    "The corpus format is wrong or its member count differs from its declared intended_n ({detail}).",
    why="A member was removed (or added) after the corpus was sealed.",
)
_reason(
    "recall_corpus_member_invalid",
    "Corpus member entry invalid",
    "A corpus member has a wrong ordinal, bundle id or bundle hash, or a duplicate bundle id.",
)
_reason(
    "recall_corpus_root_mismatch",
    "Corpus root mismatch",
    "The corpus root does not recompute from its members.",
)
# --- the inspector's own additions (outside conformance) --------------------------------------
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
