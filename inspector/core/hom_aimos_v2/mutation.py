"""Portable mutation evidence (``hom.aimos.mutmem-portable-mutation-evidence/v2``): what a recall
led to (an authorized weight transition, a signed no-op, or an occurrence observation), judged in
the reference's order (HOM-AIMOS-v2.md §9): the structural checks, then (unless structural only)
the cryptographic witness and its trust context, a full v2 recall envelope under the same pin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..hom_aimos.cognitive import PROJECTION_DOMAIN, TRANSITION_DOMAIN
from . import kernel as k
from .envelope import Fail, verify_envelope
from .kernel import Refused
from .view import V2View

SCHEMA = "hom.aimos.mutmem-portable-mutation-evidence/v2"
OUTCOME_SCHEMA = "hom.aimos.mutation-outcome-evidence/v2"
WITNESS_SCHEMA = "hom.aimos.mutmem-portable-mutation-witness/v1"
FORMAT = {
    "schema": SCHEMA,
    "version": 2,
    "native_outcome_schema": OUTCOME_SCHEMA,
    "canonicalization": "hom-aimos/canonical-json/v1",
    "hash": "sha256",
    "signature": "ed25519",
}
WITNESS_FORMAT = {
    "schema": WITNESS_SCHEMA,
    "version": 1,
    "canonicalization": "hom-aimos/canonical-json/v1",
    "hash": "sha256",
    "signature": "ed25519",
}
DOMAIN = b"hom.aimos.mutmem-portable-mutation-evidence/v2\0"
WITNESS_DOMAIN = b"hom.aimos.mutmem-portable-mutation-witness/v1\0"
TERMINALS = ("authorized_transition", "signed_noop", "occurrence_observation")
SCOPES = ("principal_state", "occurrence_observation")
HOUSEKEEPER = "housekeeper"


def _require(ok: bool, code: str, where: str = "", detail: str = "") -> None:
    if not ok:
        raise Fail(code, where, detail)


def _kernel(code: str, compute: Callable[[], Any]) -> Any:
    try:
        return compute()
    except Refused:
        raise Fail(code) from None


def _dict(value: Any) -> dict[str, Any]:
    """``value or {}`` read as an object (a non-object holds nothing)."""
    return value if isinstance(value, dict) else {}


def _hex(value: Any) -> bool:
    return k.HEX32.fullmatch(k.text(value if value else "")) is not None


def _uuid(value: Any) -> bool:
    return k.UUID_ANY.fullmatch(k.text(value if value else "")) is not None


def bundle_hash(bundle: dict[str, Any]) -> str:
    return k.sha256(DOMAIN + k.jcs({key: v for key, v in bundle.items() if key != "bundle_sha256"})).hex()


def witness_hash(witness: dict[str, Any]) -> str:
    return k.sha256(
        WITNESS_DOMAIN + k.jcs({key: v for key, v in witness.items() if key != "witness_sha256"})
    ).hex()


def projection_hash(p: dict[str, Any]) -> str:
    prev = p.get("prev_projection_hash")
    return k.sha256(
        PROJECTION_DOMAIN
        + k.uuid_bytes(p.get("memory_id"))
        + k.i64(p.get("old_weight_milli"))
        + k.i64(p.get("new_weight_milli"))
        + k.hash_bytes(p.get("provenance_mutation_hash"))
        + (k.hash_bytes(prev) if prev else bytes(32))
    ).hex()


def transition_hash(company: Any, p: dict[str, Any]) -> str:
    return k.sha256(
        TRANSITION_DOMAIN
        + k.frame(company)
        + k.uuid_bytes(p.get("memory_id"))
        + k.i64(p.get("old_weight_milli"))
        + k.i64(p.get("new_weight_milli"))
        + k.hash_bytes(p.get("provenance_mutation_hash"))
    ).hex()


# --- structural (§9.2) -----------------------------------------------------------------------


def validate_structure(bundle: Any, view: V2View) -> dict[str, Any]:
    code = "MUTATION_BUNDLE_COMMITMENT_INVALID"
    if not isinstance(bundle, dict):
        raise Fail(code, "bundle", "not a JSON object")
    view.bundle_id, view.company_id = _scalar(bundle.get("bundle_id")), _scalar(bundle.get("company_id"))
    view.commitment = _scalar(bundle.get("bundle_sha256"))
    fmt = bundle.get("format")
    _require(
        isinstance(fmt, dict) and all(fmt.get(key) == value for key, value in FORMAT.items()), code, "format"
    )
    commitment = _kernel(code, lambda: bundle_hash(bundle))
    view.commitment_recomputed = commitment
    _require(bundle.get("bundle_sha256") == commitment, code, "bundle_sha256")
    view.stage = "outcome"
    binding = "MUTATION_RECALL_BINDING_INVALID"
    recall_hash = k.hash_hex(bundle.get("recall_evidence_sha256"))
    _require(
        recall_hash is not None
        and recall_hash == _kernel(binding, lambda: k.canonical_sha(bundle.get("recall_receipt"))),
        binding,
        "recall_evidence_sha256",
    )
    outcome = _dict(bundle.get("outcome_evidence"))
    recall = _dict(bundle.get("recall_receipt"))
    view.mutation = {
        "outcome_id": _scalar(outcome.get("outcome_id")),
        "memory_id": _scalar(outcome.get("memory_id")),
        "target_scope": _scalar(outcome.get("target_scope")),
        "recall_event_id": _scalar(outcome.get("recall_event_id")),
        "terminal_kind": _scalar(_dict(bundle.get("terminal")).get("kind")),
        "old_weight_milli": _scalar(_dict(bundle.get("cognitive_projection")).get("old_weight_milli")),
        "new_weight_milli": _scalar(_dict(bundle.get("cognitive_projection")).get("new_weight_milli")),
        "reward_sign": _scalar(_dict(bundle.get("valence_evidence")).get("reward_sign")),
        "witness": None,
        "trust_context": None,
    }
    _require(
        outcome.get("schema") == OUTCOME_SCHEMA
        and outcome.get("company_id") == bundle.get("company_id")
        and _uuid(outcome.get("memory_id"))
        and _hex(outcome.get("live_content_hash"))
        and _hex(outcome.get("occurrence_ref"))
        and outcome.get("target_scope") in SCOPES
        and _uuid(outcome.get("recall_event_id"))
        and _hex(outcome.get("recall_event_mutation_hash"))
        and _hex(outcome.get("recall_merkle_root"))
        and _hex(outcome.get("security_closure_sha256"))
        and _uuid(outcome.get("outcome_id")),
        "MUTATION_OUTCOME_SCHEMA_INVALID",
        "outcome_evidence",
    )
    evidence = _dict(recall.get("evidence"))
    _require(
        recall.get("event_id") == outcome["recall_event_id"]
        and recall.get("mutation_hash") == outcome["recall_event_mutation_hash"]
        and recall.get("merkle_root") == outcome["recall_merkle_root"]
        and recall.get("security_closure_sha256") == outcome["security_closure_sha256"]
        and evidence.get("memory_id") == outcome["memory_id"]
        and evidence.get("live_content_hash") == outcome["live_content_hash"]
        and evidence.get("occurrence_ref") == outcome["occurrence_ref"],
        binding,
        "recall_receipt",
    )
    event = _dict(bundle.get("outcome_event"))
    meta = _dict(event.get("metadata"))
    _require(
        _uuid(event.get("event_id"))
        and _hex(event.get("mutation_hash"))
        and event.get("operation") == "mutation_outcome_evidence_v2"
        and event.get("parent_event_id") == outcome["recall_event_id"]
        and meta.get("target_scope") == outcome["target_scope"]
        and meta.get("memory_id") == outcome["memory_id"]
        and meta.get("live_content_hash") == outcome["live_content_hash"]
        and meta.get("occurrence_ref") == outcome["occurrence_ref"],
        "MUTATION_OUTCOME_EVENT_INVALID",
        "outcome_event",
    )
    valence = _dict(bundle.get("valence_evidence"))
    body = _dict(valence.get("body_json"))
    _require(
        _hex(valence.get("row_hash"))
        and valence.get("reward_sign") in (-1, 1)
        and body.get("evidence_schema") == OUTCOME_SCHEMA
        and body.get("target_scope") == outcome["target_scope"]
        and body.get("memory_id") == outcome["memory_id"]
        and body.get("target_live_content_hash") == outcome["live_content_hash"]
        and body.get("target_occurrence_ref") == outcome["occurrence_ref"]
        and body.get("recall_event_id") == outcome["recall_event_id"]
        and body.get("recall_event_mutation_hash") == outcome["recall_event_mutation_hash"]
        and body.get("recall_merkle_root") == outcome["recall_merkle_root"]
        and body.get("security_closure_sha256") == outcome["security_closure_sha256"]
        and body.get("outcome_id") == outcome["outcome_id"]
        and body.get("outcome_event_id") == event["event_id"]
        and body.get("outcome_event_mutation_hash") == event["mutation_hash"],
        "MUTATION_VALENCE_BINDING_INVALID",
        "valence_evidence",
    )
    view.stage = "terminal"
    _terminal(bundle, outcome, event, valence)
    return bundle


def _terminal(
    bundle: dict[str, Any], outcome: dict[str, Any], event: dict[str, Any], valence: dict[str, Any]
) -> None:
    terminal = _dict(bundle.get("terminal"))
    kind = terminal.get("kind")
    _require(isinstance(kind, str) and kind in TERMINALS, "MUTATION_TERMINAL_KIND_INVALID", "terminal")
    if kind in ("occurrence_observation", "signed_noop"):
        terminal_event = _dict(terminal.get("event"))
        meta = _dict(terminal_event.get("metadata"))
        if kind == "occurrence_observation":
            _require(
                outcome["target_scope"] == "occurrence_observation"
                and bundle.get("cognitive_projection") is None
                and terminal_event.get("operation") == "mutation_occurrence_observation_retained"
                and terminal_event.get("parent_event_id") == event["event_id"]
                and meta.get("outcome_id") == outcome["outcome_id"]
                and meta.get("occurrence_ref") == outcome["occurrence_ref"]
                and meta.get("projection_appended") is False,
                "MUTATION_OBSERVATION_TERMINAL_INVALID",
                "terminal",
            )
        else:
            _require(
                outcome["target_scope"] == "principal_state"
                and bundle.get("cognitive_projection") is None
                and terminal_event.get("operation") == "cognitive_weight_unchanged"
                and meta.get("valence_row_hash") == valence["row_hash"]
                and meta.get("projection_appended") is False,
                "MUTATION_NOOP_TERMINAL_INVALID",
                "terminal",
            )
        return
    provenance = _dict(terminal.get("reweight_provenance"))
    projection = _dict(bundle.get("cognitive_projection"))
    _require(
        outcome["target_scope"] == "principal_state"
        and provenance.get("event_type") == "REWEIGHT"
        and provenance.get("memory_id") == outcome["memory_id"]
        and _dict(provenance.get("body_json")).get("valence_row_hash") == valence["row_hash"]
        and _hex(provenance.get("mutation_hash")),
        "MUTATION_TRANSITION_PROVENANCE_INVALID",
        "terminal",
    )
    try:
        signature = k.exact_b64u(projection.get("transition_signature_b64u"))
    except Refused:
        signature = b""
    old, new = projection.get("old_weight_milli"), projection.get("new_weight_milli")
    _require(
        projection.get("memory_id") == outcome["memory_id"]
        and projection.get("provenance_mutation_hash") == provenance["mutation_hash"]
        and k.is_int(old)
        and k.is_int(new)
        and old != new
        and 100 <= old <= 3000
        and 100 <= new <= 3000
        and _hex(projection.get("projection_hash"))
        and _hex(projection.get("transition_hash"))
        and len(signature) == 64,
        "MUTATION_PROJECTION_BINDING_INVALID",
        "cognitive_projection",
    )
    _require(
        projection["projection_hash"]
        == _kernel("MUTATION_PROJECTION_HASH_INVALID", lambda: projection_hash(projection)),
        "MUTATION_PROJECTION_HASH_INVALID",
        "cognitive_projection",
    )
    _require(
        projection["transition_hash"]
        == _kernel(
            "MUTATION_TRANSITION_HASH_INVALID", lambda: transition_hash(bundle["company_id"], projection)
        ),
        "MUTATION_TRANSITION_HASH_INVALID",
        "cognitive_projection",
    )


# --- the cryptographic witness (§9.3) ----------------------------------------------------------


def _same_time(a: Any, b: Any) -> bool:
    try:
        return k.iso(a) == k.iso(b)
    except Refused:
        return False


def _same_identity(
    proof: dict[str, Any],
    hk: dict[str, Any],
    *,
    agent: str = "signer_agent_id",
    start: str = "signer_valid_from",
) -> bool:
    return (
        proof.get(agent) == HOUSEKEEPER
        and _same_time(proof.get(start), hk.get("valid_from"))
        and proof.get("cert_fingerprint") == hk.get("cert_fingerprint")
        and proof.get("signer_public_key_b64u") == hk.get("public_key_b64u")
        and proof.get("signer_certificate") == hk.get("certificate")
    )


def _full_event(proof: Any, summary: dict[str, Any], hk: dict[str, Any]) -> bool:
    """A full housekeeper-signed ledger event matching the bundle's summary of it."""
    if not isinstance(proof, dict):
        return False
    summary_id = summary.get("event_id") or summary.get("id")
    if (
        proof.get("event_id") != summary_id
        or proof.get("operation") != summary.get("operation")
        or proof.get("parent_event_id") != summary.get("parent_event_id")
        or proof.get("mutation_hash") != summary.get("mutation_hash")
        or not k.equal(proof.get("metadata"), summary.get("metadata"))
        or proof.get("proof_required") is not True
        or proof.get("ledger_version") != 1
        or not _same_identity(proof, hk)
        or not _same_time(proof.get("signer_valid_until"), hk.get("valid_until"))
        or proof.get("identity_tier") != hk.get("identity_tier")
    ):
        return False
    body = proof.get("signed_body")
    if not isinstance(body, dict):
        return False
    try:
        ts = k.py_int(proof.get("ts_signed"))
        if (
            not k.unix_seconds(hk.get("valid_from")) <= ts <= k.unix_seconds(hk.get("valid_until"))
            or k.py_int(proof.get("ledger_seq")) < 1
            or body.get("event_id") != proof.get("event_id")
            or body.get("company_id") != proof.get("company_id")
            or body.get("subject_agent_id") != proof.get("subject_agent_id")
            or body.get("signer_agent_id") != proof.get("signer_agent_id")
            or k.iso(body.get("signer_valid_from")) != k.iso(proof.get("signer_valid_from"))
            or body.get("cert_fingerprint") != proof.get("cert_fingerprint")
            or body.get("identity_tier") != proof.get("identity_tier")
            or body.get("authority_kind") != proof.get("authority_kind")
            or body.get("operation") != proof.get("operation")
            or body.get("key") != proof.get("key")
            or not k.equal(body.get("metadata"), proof.get("metadata"))
            or body.get("parent_event_id") != proof.get("parent_event_id")
            or k.py_int(body.get("ledger_seq")) != k.py_int(proof.get("ledger_seq"))
            or body.get("prev_mutation_hash") != proof.get("prev_mutation_hash")
            or k.py_int(body.get("ts_signed")) != k.py_int(proof.get("ts_signed"))
            or k.unix_millis(proof.get("timestamp")) != k.py_int(proof.get("ts_signed")) * 1000
        ):
            return False
        content = k.canonical_sha(body)
        mutation = k.event_link_hash(proof, content)
    except Refused:
        return False
    if proof.get("content_hash") != content or proof.get("mutation_hash") != mutation:
        return False
    return _payload_signed(proof, body, hk)


def _payload_signed(proof: dict[str, Any], body: Any, hk: dict[str, Any]) -> bool:
    """``body`` signed by the housekeeper under the proof's nonce and time (form 1)."""
    return k.verify_payload(
        hk.get("public_key_b64u"),
        body,
        proof.get("nonce"),
        proof.get("ts_signed"),
        proof.get("signature_b64u"),
    )


def _row_hash(proof: dict[str, Any], body: Any, previous: Any) -> tuple[str, str]:
    content = k.canonical_sha(body)
    pieces = [bytes.fromhex(content)]
    if previous:
        pieces.append(k.hash_bytes(previous))
    pieces += [k.utf8(k.text(proof.get("nonce"))), k.utf8(k.text(proof.get("ts_signed")))]
    return content, k.sha256(b"".join(pieces)).hex()


def _valence(proof: Any, summary: dict[str, Any], bundle: dict[str, Any], hk: dict[str, Any]) -> bool:
    if (
        not isinstance(proof, dict)
        or proof.get("proof_required") is not True
        or not _same_identity(proof, hk)
        or proof.get("row_hash") != summary.get("row_hash")
        or proof.get("reward_sign") != summary.get("reward_sign")
        or not k.equal(proof.get("body_json"), summary.get("body_json"))
        or proof.get("memory_id") != bundle["outcome_evidence"]["memory_id"]
        or proof.get("company_id") != bundle.get("company_id")
    ):
        return False
    body = proof["body_json"]
    if not isinstance(body, dict):
        return False
    try:
        content, row = _row_hash(proof, body, proof.get("prev_hash"))
    except Refused:
        return False
    if (
        proof.get("content_hash") != content
        or proof.get("row_hash") != row
        or body.get("event_type") != "VALENCE"
        or body.get("ts_signed") != proof.get("ts_signed")
        or body.get("cert_fingerprint") != proof.get("cert_fingerprint")
        or body.get("signer_agent_id") != proof.get("signer_agent_id")
        or not _same_time(body.get("signer_valid_from"), proof.get("signer_valid_from"))
    ):
        return False
    return _payload_signed(proof, body, hk)


def _provenance(proof: Any, summary: dict[str, Any], hk: dict[str, Any]) -> bool:
    if not isinstance(proof, dict):
        return False
    body = proof.get("body_json")
    if (
        proof.get("provenance_id") != summary.get("provenance_id")
        or proof.get("memory_id") != summary.get("memory_id")
        or proof.get("event_type") != summary.get("event_type")
        or proof.get("mutation_hash") != summary.get("mutation_hash")
        or not k.equal(body, summary.get("body_json"))
        or proof.get("event_type") != "REWEIGHT"
        or _dict(body).get("event_type") != "REWEIGHT"
        or proof.get("backfilled") is not False
        or not _same_identity(proof, hk, agent="agent_id", start="agent_valid_from")
        or not isinstance(body, dict)
    ):
        return False
    try:
        content, mutation = _row_hash(proof, body, proof.get("prev_mutation_hash"))
    except Refused:
        return False
    if (
        proof.get("content_hash") != content
        or proof.get("mutation_hash") != mutation
        or proof.get("sig_form_version") != 1
        or proof.get("request_sig_form") != 1
    ):
        return False
    return _payload_signed(proof, body, hk)


def validate_witness(
    bundle: dict[str, Any], witness: Any, trust_context: Any, pin: Any, view: V2View
) -> None:
    view.stage = "witness"
    _require(
        witness is not None and trust_context is not None,
        "MUTATION_CRYPTOGRAPHIC_WITNESS_REQUIRED",
        "witness",
    )
    code = "MUTATION_CRYPTOGRAPHIC_WITNESS_COMMITMENT_INVALID"
    _require(isinstance(witness, dict), code, "witness")
    fmt = witness.get("format")
    _require(
        isinstance(fmt, dict)
        and all(fmt.get(key) == value for key, value in WITNESS_FORMAT.items())
        and witness.get("witness_sha256") == _kernel(code, lambda: witness_hash(witness)),
        code,
        "witness",
    )
    view.mutation["witness"] = "committed"
    view.stage = "trust_context"
    context_view = V2View("envelope", k.text(_dict(_dict(trust_context).get("format")).get("schema")))
    view.trust_context = context_view
    state = verify_envelope(trust_context, context_view, pin=pin, structural_only=False)
    view.mutation["trust_context"] = "valid"
    view.stage = "signatures"
    hk_obj = next(
        (o for o in trust_context["objects"] if o.get("kind") == "housekeeper_identity_epoch"), None
    )
    hk = hk_obj["body"] if hk_obj is not None else None
    _require(
        witness.get("mutation_bundle_sha256") == bundle.get("bundle_sha256")
        and witness.get("trust_context_bundle_sha256") == state.bundle_hash
        and witness.get("expected_master_fingerprint") == pin
        and isinstance(hk, dict)
        and hk.get("company_id") == bundle.get("company_id"),
        "MUTATION_CRYPTOGRAPHIC_WITNESS_SCOPE_INVALID",
        "witness",
    )
    assert isinstance(hk, dict)
    ok = _full_event(witness.get("outcome_event"), bundle["outcome_event"], hk)
    view.sign("outcome event", HOUSEKEEPER, ok)
    _require(ok, "MUTATION_OUTCOME_EVENT_SIGNATURE_INVALID", "witness.outcome_event")
    ok = _valence(witness.get("valence_evidence"), bundle["valence_evidence"], bundle, hk)
    view.sign("valence", HOUSEKEEPER, ok)
    _require(ok, "MUTATION_VALENCE_SIGNATURE_INVALID", "witness.valence_evidence")
    meta = _dict(_dict(witness.get("outcome_event")).get("metadata"))
    if "reward_sign" in meta:
        _require(
            meta["reward_sign"] == bundle["valence_evidence"]["reward_sign"],
            "MUTATION_VALENCE_BINDING_INVALID",
            "witness.outcome_event",
        )
    proof = _dict(witness.get("terminal_proof"))
    terminal = bundle["terminal"]
    if terminal["kind"] == "authorized_transition":
        ok = proof.get("kind") == "reweight_provenance" and _provenance(
            proof.get("provenance"), terminal["reweight_provenance"], hk
        )
        view.sign("reweight provenance", HOUSEKEEPER, ok)
        _require(ok, "MUTATION_PROVENANCE_SIGNATURE_INVALID", "witness.terminal_proof")
        projection = bundle["cognitive_projection"]
        ok = k.verify_ed25519(
            hk.get("public_key_b64u"),
            bytes.fromhex(projection["transition_hash"]),
            projection["transition_signature_b64u"],
        )
        view.sign("weight transition", HOUSEKEEPER, ok)
        _require(ok, "MUTATION_TRANSITION_SIGNATURE_INVALID", "cognitive_projection")
    else:
        ok = proof.get("kind") == "terminal_event" and _full_event(
            proof.get("event"), _dict(terminal.get("event")), hk
        )
        view.sign("terminal event", HOUSEKEEPER, ok)
        _require(ok, "MUTATION_TERMINAL_SIGNATURE_INVALID", "witness.terminal_proof")


def verify_mutation(
    bundle: Any, view: V2View, *, witness: Any, trust_context: Any, pin: Any, structural_only: bool
) -> None:
    """Judge a portable mutation bundle into ``view``; :class:`Fail` at the first failing check."""
    view.stage = "commitment"
    checked = validate_structure(bundle, view)
    terminal_kind = checked["terminal"]["kind"]
    for what in ("outcome event", "valence"):
        view.sign(what, HOUSEKEEPER, None)
    if terminal_kind == "authorized_transition":
        view.sign("reweight provenance", HOUSEKEEPER, None)
        view.sign("weight transition", HOUSEKEEPER, None)
    else:
        view.sign("terminal event", HOUSEKEEPER, None)
    if not structural_only:
        validate_witness(checked, witness, trust_context, pin, view)
    view.stage = "complete"


def _scalar(v: Any) -> Any:
    return v if v is None or isinstance(v, str | int | float | bool) else None
