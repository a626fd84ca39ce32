"""The finding codes of the HOM-AIMOS v2 profile (``hom.<CODE>``, the reference's upper-case codes),
registered in the code table with ``profile = "hom-aimos-v2"``."""

from __future__ import annotations

from ..findings import Severity
from .hom_aimos import reason_text

PROFILE = "hom-aimos-v2"
W, INFO = Severity.WARNING, Severity.INFO
_WHY_BIND = (
    "The evidence does not prove what it claims: a value it commits to was altered or produced incorrectly."
)
_WHY_AUTH = (
    "The recall was not shown to be authorised: who asked, or under which grant, does not hold together."
)
_WHY_SIG = "A signature does not verify: the evidence was not signed by the keys the pinned master certifies."
_FIX = "Ask the producer for an untampered export; do not rely on this evidence."


def _code(code: str, title: str, sentence: str, why: str = _WHY_BIND, **kw: object) -> None:
    reason_text(code, title, sentence, why=why, profile=PROFILE, **kw)  # type: ignore[arg-type]


# --- envelope and objects (§6.1–6.2) ---------------------------------------------------------------
_code(
    "ENVELOPE_COMMITMENT_INVALID",
    "Envelope commitment invalid",
    "The envelope's object set, body hashes, object root or commitment does not hold at {where} ({detail}).",
)
_code(
    "OBJECT_SCHEMA_INVALID",
    "Object schema invalid",
    "An object's schema is not the one its kind requires, or a v2 envelope carries v3 data, at {where}.",
)
# --- authority (§6.3) ----------------------------------------------------------------------------
_code(
    "TRUST_ROOT_MISMATCH",
    "Trust root mismatch",
    "The trust anchor's master fingerprint is not the envelope's expected_master_fingerprint.",
    why=_WHY_AUTH,
)
_code(
    "TRUST_ANCHOR_KEY_MISMATCH",
    "Trust anchor key mismatch",
    "The trust anchor's master key is not canonical base64url or does not hash to its fingerprint.",
    why=_WHY_AUTH,
)
_code(
    "IDENTITY_CERTIFICATE_BINDING_INVALID",
    "Actor certificate not bound",
    "The actor's certificate or key is missing, or the certificate does not hash to its fingerprint.",
    why=_WHY_AUTH,
)
_code(
    "IDENTITY_SCOPE_MISMATCH",
    "Actor scope mismatch",
    "The request or its receipt names another tenant, actor, epoch or certificate than the actor's identity "
    "({where}).",
    why=_WHY_AUTH,
)
_code(
    "HOUSEKEEPER_IDENTITY_INVALID",
    "Housekeeper identity invalid",
    "The housekeeper's epoch, certificate or fingerprint is malformed, or the receipt event's signer is not "
    "that housekeeper ({where}).",
    why=_WHY_AUTH,
)
_code(
    "HOUSEKEEPER_SYSTEM_PRINCIPAL_INVALID",
    "Housekeeper system principal invalid",
    "The housekeeper acting as system principal is not exactly the housekeeper epoch, or its grant is not "
    "the system principal's ({where}).",
    why=_WHY_AUTH,
)
_code(
    "IDENTITY_EPOCH_INVALID",
    "Request outside the actor's epoch",
    "The request was signed outside the actor's identity epoch.",
    why=_WHY_AUTH,
)
_code(
    "REVOCATION_STATE_INVALID",
    "Actor revocation state invalid",
    "The actor's revocation state is for another identity, says revoked, or was evaluated before the "
    "request.",
    why=_WHY_AUTH,
)
_code(
    "HOUSEKEEPER_REVOCATION_STATE_INVALID",
    "Housekeeper revocation state invalid",
    "The housekeeper's revocation state is for another identity, says revoked, or has no evaluation time.",
    why=_WHY_AUTH,
)
_code(
    "GRANT_SCOPE_MISMATCH",
    "Grant scope mismatch",
    "The recall grant is for another tenant, actor, epoch or master, or its clearance ceilings do not "
    "cover the request.",
    why=_WHY_AUTH,
)
_code(
    "GRANT_NOT_EFFECTIVE",
    "Grant not effective",
    "The recall grant does not allow the recall, or the requested data class is above its ceiling.",
    why=_WHY_AUTH,
)
_code(
    "GRANT_COMMITMENT_INVALID",
    "Grant commitment invalid",
    "The master-signed recall grant does not repeat its values, or its hashes or signature encoding do not "
    "hold ({detail}).",
    why=_WHY_AUTH,
)
_code(
    "REQUEST_CONTEXT_INVALID",
    "Request context invalid",
    "The request is not a form-3 POST to /aimos/recall with a nonce, a signature and a body, or the receipt "
    "names another request ({where}).",
)
_code(
    "REQUEST_BODY_HASH_MISMATCH",
    "Request body hash mismatch",
    "The request's body hash or outer request hash is not the hash of its body.",
)
_code(
    "COMMAND_HASH_MISMATCH",
    "Command hash mismatch",
    "The request's command hash is not the hash of its normalised command.",
)
_code(
    "REQUEST_RECEIPT_BINDING_INVALID",
    "Request receipt not bound",
    "The request receipt does not name this request, or the native receipt does not name this request "
    "receipt.",
)
_code(
    "REQUEST_RECEIPT_COMMITMENT_INVALID",
    "Request receipt commitment invalid",
    "The request receipt's claims hash, signature or mutation hash does not recompute.",
)
_code(
    "AUTHORITY_MUTATION_BINDING_INVALID",
    "Authority not bound",
    "The native receipt's authority mutation hash is not the grant's.",
    why=_WHY_AUTH,
)
# --- decisions and results (§6.4–6.5) -----------------------------------------------------------------
_code(
    "DECISION_HASH_MALFORMED",
    "Decision hash malformed",
    "A decision hash (or the trust anchor's fingerprint) is not 64 hex digits at {where}.",
)
_code(
    "CONTENT_STATE_BINDING_INVALID",
    "Content state not bound",
    "The content-state selection, its view roots or its selected occurrences disagree at {where}.",
)
_code(
    "EPISTEMIC_BINDING_INVALID",
    "Epistemic decision not bound",
    "The security closure or the native receipt names another epistemic decision.",
)
_code(
    "SECURITY_CLOSURE_BINDING_INVALID",
    "Security closure not bound",
    "The return projection or the native receipt names another final security closure.",
)
_code(
    "RETURN_PROJECTION_BINDING_INVALID",
    "Return projection not bound",
    "The return projection, its flags, its path or its memory lists disagree with the decisions or the "
    "receipt at {where}.",
)
_code(
    "RESULT_CARDINALITY_INVALID",
    "Result count wrong",
    "The receipt's Merkle schema, result count or evidence list does not fit the envelope's result count.",
)
_code(
    "RESULT_IDENTITY_BINDING_INVALID",
    "Result identity not bound",
    "The objects of {where} do not all name the same memory and content hash.",
)
_code(
    "PROVENANCE_BINDING_INVALID",
    "Provenance not bound",
    "The provenance chain of {where} does not carry the receipt evidence's save and binding hashes.",
)
_code(
    "OCCURRENCE_BINDING_INVALID",
    "Occurrence not bound",
    "The occurrence of {where} does not carry the receipt evidence's occurrence reference.",
)
_code(
    "OCCURRENCE_NATIVE_BODY_INVALID",
    "Occurrence body invalid",
    "The native occurrence of {where} is not a well-formed v3 (or legacy) occurrence of this memory whose "
    "commitment recomputes.",
)
_code(
    "EPISTEMIC_PROJECTION_BINDING_INVALID",
    "Epistemic projection not bound",
    "The epistemic projection of {where} names another decision, or its memory was not selected.",
)
_code(
    "RECEIPT_EVIDENCE_BINDING_INVALID",
    "Receipt evidence not bound",
    "The receipt evidence of {where} is not the native receipt's entry at its ordinal.",
)
# --- Merkle and event (§6.6) ---------------------------------------------------------------------
_code(
    "MERKLE_ENTRY_BINDING_INVALID",
    "Merkle entries not bound",
    "The native receipt's Merkle entries are not the two decisions followed by the evidence.",
)
_code("MERKLE_ROOT_MISMATCH", "Merkle root mismatch", "The native receipt's Merkle root does not recompute.")
_code(
    "EVENT_RECEIPT_BINDING_INVALID",
    "Receipt event not bound",
    "The signed receipt event does not repeat this recall (operation, actor, hashes, root, evidence, return "
    "projection).",
)
_code(
    "EVENT_RECEIPT_COMMITMENT_INVALID",
    "Receipt event commitment invalid",
    "The receipt event's content hash, link hash, time or signature encoding does not hold.",
)
_code(
    "REVOCATION_EVENT_BINDING_INVALID",
    "Revocation states not bound to the event",
    "A revocation state was not evaluated at the receipt event it names.",
)
# --- the cryptographic stage (§6.7) --------------------------------------------------------------
_code(
    "EXPECTED_TRUST_ANCHOR_REQUIRED",
    "Pinned master required",
    "No pinned master fingerprint was given (--trust-master), or it is not the evidence's "
    "expected_master_fingerprint: the signatures cannot be trusted without one.",
    why="A self-consistent envelope proves nothing until its master fingerprint is compared with one "
    "obtained out of band.",
    action="Give the master fingerprint you trust with --trust-master FPR (or --structural-only to check "
    "the structure alone, which checks no signature).",
)
_code(
    "ACTOR_CERTIFICATE_SIGNATURE_INVALID",
    "Actor certificate invalid",
    "The actor's certificate is not signed by the pinned master for this agent, key and epoch ({detail}).",
    why=_WHY_SIG,
)
_code(
    "HOUSEKEEPER_CERTIFICATE_SIGNATURE_INVALID",
    "Housekeeper certificate invalid",
    "The housekeeper's certificate is not signed by the pinned master for its key and epoch ({detail}).",
    why=_WHY_SIG,
)
_code(
    "MASTER_GRANT_SIGNATURE_INVALID",
    "Recall grant signature invalid",
    "The recall grant's signature does not verify under the master key.",
    why=_WHY_SIG,
)
_code(
    "ACTOR_REQUEST_SIGNATURE_INVALID",
    "Request signature invalid",
    "The recall request's signature does not verify under the actor's key.",
    why=_WHY_SIG,
)
_code(
    "HOUSEKEEPER_EVENT_SIGNATURE_INVALID",
    "Receipt event signature invalid",
    "The receipt event's signature does not verify under the housekeeper's key.",
    why=_WHY_SIG,
)
_code(
    "HOUSEKEEPER_OCCURRENCE_SIGNATURE_INVALID",
    "Occurrence signature invalid",
    "The occurrence of {where} is not a v3 occurrence signed by the housekeeper.",
    why=_WHY_SIG,
)
# --- portable mutation bundles (§9) ----------------------------------------------------------------
_code(
    "MUTATION_BUNDLE_COMMITMENT_INVALID",
    "Mutation bundle commitment invalid",
    "The mutation bundle's format or commitment does not hold at {where} ({detail}).",
)
_code(
    "MUTATION_RECALL_BINDING_INVALID",
    "Mutation not bound to its recall",
    "The mutation bundle's recall receipt does not hash to its recall evidence hash or names another "
    "outcome ({where}).",
)
_code(
    "MUTATION_OUTCOME_SCHEMA_INVALID",
    "Outcome evidence malformed",
    "The outcome evidence is not a well-formed native outcome of this tenant.",
)
_code(
    "MUTATION_OUTCOME_EVENT_INVALID",
    "Outcome event not bound",
    "The outcome event is not a mutation_outcome_evidence_v2 event of this recall and outcome.",
)
_code(
    "MUTATION_VALENCE_BINDING_INVALID",
    "Valence not bound",
    "The valence evidence does not repeat this outcome, its event and its recall ({where}).",
)
_code(
    "MUTATION_TERMINAL_KIND_INVALID",
    "Terminal kind unknown",
    "The mutation's terminal is not an authorized transition, a signed no-op or an occurrence observation.",
)
_code(
    "MUTATION_OBSERVATION_TERMINAL_INVALID",
    "Occurrence observation invalid",
    "The occurrence-observation terminal does not retain this outcome's occurrence without a projection.",
)
_code(
    "MUTATION_NOOP_TERMINAL_INVALID",
    "Signed no-op invalid",
    "The no-op terminal does not leave the principal weight unchanged for this valence without a projection.",
)
_code(
    "MUTATION_TRANSITION_PROVENANCE_INVALID",
    "Transition provenance invalid",
    "The authorized transition's REWEIGHT provenance is not this memory's, for this valence.",
)
_code(
    "MUTATION_PROJECTION_BINDING_INVALID",
    "Weight projection not bound",
    "The weight projection is not this memory's under this provenance, or its weights, hashes or signature "
    "are malformed.",
)
_code(
    "MUTATION_PROJECTION_HASH_INVALID",
    "Projection hash mismatch",
    "The weight projection's hash does not recompute.",
)
_code(
    "MUTATION_TRANSITION_HASH_INVALID",
    "Transition hash mismatch",
    "The weight projection's transition hash does not recompute.",
)
_code(
    "MUTATION_CRYPTOGRAPHIC_WITNESS_REQUIRED",
    "Witness and trust context required",
    "The mutation bundle's witness or trust context was not given: its signatures cannot be checked.",
    why="Without the witness nothing shows that the housekeeper signed the outcome and its terminal.",
    action="Give the bundle's witness (--witness FILE) and trust context (--trust-context FILE), or "
    "--structural-only to check the structure alone.",
)
_code(
    "MUTATION_CRYPTOGRAPHIC_WITNESS_COMMITMENT_INVALID",
    "Witness commitment invalid",
    "The witness's format or commitment does not hold ({detail}).",
)
_code(
    "MUTATION_CRYPTOGRAPHIC_WITNESS_SCOPE_INVALID",
    "Witness for other evidence",
    "The witness does not name this bundle, this trust context and the pinned master, or the trust context "
    "has no housekeeper of this tenant.",
)
_code(
    "MUTATION_OUTCOME_EVENT_SIGNATURE_INVALID",
    "Outcome event signature invalid",
    "The witnessed outcome event is not this bundle's, not the housekeeper's, or its hashes or signature do "
    "not verify.",
    why=_WHY_SIG,
)
_code(
    "MUTATION_VALENCE_SIGNATURE_INVALID",
    "Valence signature invalid",
    "The witnessed valence is not this bundle's, not the housekeeper's, or its hashes or signature do not "
    "verify.",
    why=_WHY_SIG,
)
_code(
    "MUTATION_PROVENANCE_SIGNATURE_INVALID",
    "Provenance signature invalid",
    "The witnessed REWEIGHT provenance is not this bundle's, not the housekeeper's, or its hashes or "
    "signature do not verify.",
    why=_WHY_SIG,
)
_code(
    "MUTATION_TRANSITION_SIGNATURE_INVALID",
    "Transition signature invalid",
    "The weight transition's signature does not verify under the housekeeper's key.",
    why=_WHY_SIG,
)
_code(
    "MUTATION_TERMINAL_SIGNATURE_INVALID",
    "Terminal event signature invalid",
    "The witnessed terminal event is not this bundle's, not the housekeeper's, or its hashes or signature "
    "do not verify.",
    why=_WHY_SIG,
)
# --- the inspector's own notes -------------------------------------------------------------------
_code(
    "expected_master_fingerprint",
    "Expected master fingerprint",
    "The evidence is rooted in the master key with fingerprint {fingerprint}.",
    severity=INFO,
    why="The envelope proves nothing until this fingerprint is compared with one obtained out of band.",
    action="Pin the fingerprint you trust with --trust-master.",
)
_code(
    "structural_only",
    "Structure only: no signature checked",
    "Structural checks only: no signature and no pinned master were checked, so the verdict says nothing "
    "about who signed.",
    severity=W,
    why="A bundle with forged signatures passes the structural checks; only the cryptographic stage tells.",
    action="Verify again without --structural-only, with --trust-master (and the witness and trust context "
    "of a mutation bundle).",
)
