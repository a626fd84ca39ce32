"""The v2 portable evidence envelope (``hom.aimos.mutmem-portable-evidence/v2``), judged in the
reference's order (HOM-AIMOS-v2.md §6): envelope, schemas, authority, decisions, results, Merkle
and event, then (unless structural only) the cryptographic stage against the pinned master.

:func:`verify_envelope` raises :class:`Fail` with the first failing check's code; the view is
filled as far as the verification got.  Every check reads its values through the typed kernel,
so a malformed value fails that check with its own code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..canonical import MAX_SAFE_INT
from . import kernel as k
from .kernel import Refused
from .view import ObjectRow, V2View

SCHEMA = "hom.aimos.mutmem-portable-evidence/v2"
FORMAT = {
    "schema": SCHEMA,
    "version": 2,
    "profile": "recall_disclosure",
    "canonicalization": "hom-aimos/canonical-json/v1",
    "hash": "sha256",
    "signature": "ed25519",
    "trust_anchor_mode": "external_expected_master_fingerprint_required",
    "native_receipt_schema": "hom-aimos/recall-merkle/v3-epistemic-and-security-closure",
}
MERKLE_SCHEMA = FORMAT["native_receipt_schema"]
SCHEMAS = {
    "trust_anchor": "hom.aimos.mutmem-trust-anchor/v2",
    "actor_identity_epoch": "hom.aimos.mutmem-actor-identity-epoch/v2",
    "actor_revocation_state": "hom.aimos.mutmem-actor-revocation-state/v2",
    "housekeeper_identity_epoch": "hom.aimos.mutmem-housekeeper-identity-epoch/v2",
    "housekeeper_revocation_state": "hom.aimos.mutmem-housekeeper-revocation-state/v2",
    "effective_recall_grant": "hom.aimos.mutmem-effective-recall-grant/v2",
    "request_envelope": "hom.aimos.mutmem-request-envelope/v2",
    "request_receipt": "hom.aimos.mutmem-request-receipt/v2",
    "content_state_projection": "hom.aimos.mutmem-content-state-projection/v2",
    "epistemic_recall_decision": "hom.aimos.mutmem-epistemic-recall-decision/v2",
    "final_security_closure": "hom.aimos.mutmem-final-security-closure/v2",
    "return_projection": "hom-aimos/native-recall-return-projection/v1",
    "native_recall_receipt": "hom.aimos.mutmem-native-recall-receipt/v2",
    "memory_state": "hom.aimos.mutmem-memory-state/v2",
    "provenance_chain": "hom.aimos.mutmem-provenance-chain/v2",
    "occurrence": "hom.aimos.mutmem-occurrence-evidence/v2",
    "epistemic_projection": "hom.aimos.mutmem-epistemic-projection/v2",
    "receipt_evidence": "hom.aimos.mutmem-recall-evidence-entry/v2",
}
SINGLETONS = tuple(list(SCHEMAS)[:13])
RESULT_KINDS = tuple(list(SCHEMAS)[13:])
OBJECT_KEYS = frozenset({"ordinal", "kind", "schema", "subject_id", "result_ordinal", "body_sha256", "body"})
DATA_CLASSES = ("public", "internal", "confidential", "restricted")
RETURN_PATHS = frozenset(
    {"identifier_exact", "post_compaction_handoff", "semantic_cache", "adaptive_early_exit", "normal_recall"}
)
MAX_RESULTS = 200
MAX_BODY = 1024 * 1024
MAX_NAME = 200
HOUSEKEEPER = "housekeeper"
OBJECT_DOMAIN = b"hom.aimos.mutmem-portable-object/v2\0"
BUNDLE_DOMAIN = b"hom.aimos.mutmem-portable-evidence/v2\0"
GRANT_DOMAIN = b"aimos-recall-authorization-v1\0"
REQUEST_RECEIPT_DOMAIN = b"aimos-request-receipt-v1\0"
CONTENT_KERNEL = "hom.aimos.content-state-occurrence-kernel/v1"
CLOSURE_SCHEMA = "hom-aimos/canary-recall-final-closure/v2-epistemic-scope"
OCCURRENCE_V3 = "hom.aimos.memory-occurrence/v3"
OCCURRENCE_LEGACY = "hom.aimos.memory-occurrence-ref/legacy-v1"


class Fail(Exception):
    """The first failing check: ``code`` is the reference's, ``where`` names the object."""

    def __init__(self, code: str, where: str = "", detail: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.where = where
        self.detail = detail


def _kernel(code: str, where: str, compute: Callable[[], Any]) -> Any:
    """``compute()``; a value the kernel refuses inside it fails the check with ``code``."""
    try:
        return compute()
    except Refused:
        raise Fail(code, where) from None


def _require(ok: bool, code: str, where: str = "", detail: str = "") -> None:
    if not ok:
        raise Fail(code, where, detail)


def _hash(value: Any, code: str, where: str = "") -> str:
    h = k.hash_hex(value)
    if h is None:
        raise Fail(code, where)
    return h


def _iso(value: Any, code: str, where: str = "") -> str:
    try:
        return k.iso(value)
    except Refused:
        raise Fail(code, where) from None


def _seconds(value: Any, code: str, where: str = "") -> int:
    try:
        return k.unix_seconds(value)
    except Refused:
        raise Fail(code, where) from None


def _signature(value: Any, code: str, where: str = "") -> bytes:
    try:
        return k.signature64(value)
    except Refused:
        raise Fail(code, where) from None


def _get(body: Any, key: str) -> Any:
    """``(x or {}).get(key)``: a falsy value reads as empty, any other non-object holds nothing."""
    return body.get(key) if isinstance(body, dict) else None


def _as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


# --- the envelope (§6.1) ---------------------------------------------------------------------


class State:
    """The reconstructed envelope: singleton bodies by kind, result groups by ordinal."""

    def __init__(self, envelope: dict[str, Any]) -> None:
        self.envelope = envelope
        self.singletons: dict[str, dict[str, Any]] = {}
        self.results: list[dict[str, dict[str, Any]]] = []
        self.object_root = ""
        self.bundle_hash = ""

    def body(self, kind: str) -> dict[str, Any]:
        body: dict[str, Any] = self.singletons[kind]["body"]
        return body


def object_hash(obj: dict[str, Any]) -> str:
    body = k.jcs(obj["body"])
    if len(body) > MAX_BODY:
        raise Refused("body")
    schema = obj["schema"]
    if not isinstance(schema, str) or len(schema) > MAX_NAME:
        raise Refused("schema")
    return k.sha256(
        OBJECT_DOMAIN + k.frame(obj["kind"]) + k.frame(schema) + len(body).to_bytes(4, "big") + body
    ).hex()


def _object_rows(envelope: Any, view: V2View) -> None:
    objects = envelope.get("objects") if isinstance(envelope, dict) else None
    if not isinstance(objects, list):
        return
    for obj in objects:
        if not isinstance(obj, dict):
            view.objects.append(ObjectRow(None, None, None, None, None, None))
            continue
        try:
            recomputed: str | None = object_hash(obj) if isinstance(obj.get("body"), dict) else None
        except (Refused, KeyError):
            recomputed = None

        def scalar(v: Any) -> Any:
            return v if v is None or isinstance(v, str | int | float | bool) else None

        view.objects.append(
            ObjectRow(
                scalar(obj.get("ordinal")),
                scalar(obj.get("kind")),
                scalar(obj.get("schema")),
                scalar(obj.get("subject_id")),
                scalar(obj.get("result_ordinal")),
                scalar(obj.get("body_sha256")),
                recomputed,
                obj.get("body"),
            )
        )


def _place_object(state: State, subjects: dict[int, str], where: str, obj: Any, n: int) -> None:
    """§6.1: one object of the envelope checked and put in its place (a singleton, or
    a kind of one result)."""
    code = "ENVELOPE_COMMITMENT_INVALID"
    kind = obj.get("kind") if isinstance(obj, dict) else None
    _require(
        isinstance(obj, dict) and set(obj) == OBJECT_KEYS and kind in SINGLETONS + RESULT_KINDS,
        code,
        where,
        "member set or kind",
    )
    body = obj["body"]
    _require(isinstance(body, dict) and body.get("schema") == obj["schema"], code, where, "body")
    try:
        digest = object_hash(obj)
    except Refused:
        raise Fail(code, where, "body has no canonical form") from None
    _require(obj["body_sha256"] == digest, code, where, "body_sha256")
    if kind in SINGLETONS:
        _require(
            obj["subject_id"] is None and obj["result_ordinal"] is None and kind not in state.singletons,
            code,
            where,
            "singleton scope",
        )
        state.singletons[kind] = obj
    else:
        ordinal = obj["result_ordinal"]
        subject = k.text(obj["subject_id"]).lower()
        _require(
            k.is_int(ordinal)
            and 0 <= ordinal < n
            and k.UUID.fullmatch(subject) is not None
            and kind not in state.results[ordinal]
            and subjects.get(ordinal, subject) == subject,
            code,
            where,
            "result scope",
        )
        subjects[ordinal] = subject
        state.results[ordinal][kind] = obj


def reconstruct(envelope: Any, view: V2View) -> State:
    """§6.1: the object set, body hashes, object root and envelope commitment."""
    code = "ENVELOPE_COMMITMENT_INVALID"
    _object_rows(envelope, view)
    if not isinstance(envelope, dict):
        raise Fail(code, "envelope", "not a JSON object")
    view.bundle_id, view.company_id = _scalar(envelope.get("bundle_id")), _scalar(envelope.get("company_id"))
    view.expected_master_fingerprint = _scalar(envelope.get("expected_master_fingerprint"))
    view.result_count = _scalar(envelope.get("result_count"))
    view.object_root = _scalar(envelope.get("object_root_sha256"))
    view.commitment = _scalar(envelope.get("bundle_sha256"))
    objects, n = envelope.get("objects"), envelope.get("result_count")
    if not isinstance(objects, list) or not k.is_int(n) or not 0 <= n <= MAX_RESULTS:
        raise Fail(code, "result_count")
    _require(len(objects) == 13 + 5 * n, code, "objects", f"{len(objects)} objects for {n} results")
    state = State(envelope)
    state.results = [{} for _ in range(n)]
    subjects: dict[int, str] = {}
    for i, obj in enumerate(objects):
        _place_object(state, subjects, f"objects[{i}]", obj, n)
    _require(
        all(kind in state.singletons for kind in SINGLETONS)
        and all(kind in group for group in state.results for kind in RESULT_KINDS),
        code,
        "objects",
        "an object is missing",
    )
    ordered = [state.singletons[kind] for kind in SINGLETONS]
    ordered += [group[kind] for group in state.results for kind in RESULT_KINDS]
    _require(envelope.get("object_count") == len(ordered), code, "object_count")
    _require(
        all(obj["ordinal"] == i for i, obj in enumerate(ordered)), code, "ordinal", "not the canonical order"
    )
    descriptors = [{key: obj[key] for key in sorted(OBJECT_KEYS - {"body"})} for obj in ordered]
    try:
        root = k.merkle_root(descriptors)
    except Refused:
        raise Fail(code, "objects", "descriptor has no canonical form") from None
    view.object_root_recomputed = root
    fingerprint = k.text(envelope.get("expected_master_fingerprint")).lower()
    _require(k.HEX32.fullmatch(fingerprint) is not None, code, "expected_master_fingerprint")
    for name in ("bundle_id", "company_id"):
        value = envelope.get(name)
        _require(isinstance(value, str) and 0 < len(value) <= MAX_NAME, code, name)
    try:
        commitment = k.sha256(
            BUNDLE_DOMAIN
            + k.frame(envelope.get("bundle_id"))
            + k.frame(envelope.get("company_id"))
            + bytes.fromhex(fingerprint)
            + k.u64(n)
            + bytes.fromhex(root)
        ).hex()
    except Refused:
        raise Fail(code, "bundle_id/company_id") from None
    view.commitment_recomputed = commitment
    fmt = envelope.get("format")
    _require(
        isinstance(fmt, dict) and all(fmt.get(key) == value for key, value in FORMAT.items()), code, "format"
    )
    _require(envelope.get("object_root_sha256") == root, code, "object_root_sha256")
    _require(envelope.get("bundle_sha256") == commitment, code, "bundle_sha256")
    state.object_root, state.bundle_hash = root, commitment
    return state


def _scalar(v: Any) -> Any:
    return v if v is None or isinstance(v, str | int | float | bool) else None


def require_schemas(state: State) -> None:
    """§6.2: each object's schema is its kind's."""
    for i, obj in enumerate(state.envelope["objects"]):
        _require(
            obj["schema"] == SCHEMAS.get(obj["kind"]) and obj["body"].get("schema") == obj["schema"],
            "OBJECT_SCHEMA_INVALID",
            f"objects[{i}]",
        )


# --- authority (§6.3) ------------------------------------------------------------------------


def _grant_mutation(grant: dict[str, Any]) -> str:
    prev = grant.get("prev_mutation_hash")
    return k.sha256(
        GRANT_DOMAIN
        + (bytes(32) if prev is None else k.hash_bytes(prev))
        + k.hash_bytes(grant.get("content_hash"))
        + k.utf8(k.text(grant.get("nonce")))
        + k.utf8(k.text(grant.get("ts_signed")))
    ).hex()


def _request_receipt_mutation(rr: dict[str, Any], claims_hash: str | None) -> str:
    prev = rr.get("prev_mutation_hash")
    return k.sha256(
        REQUEST_RECEIPT_DOMAIN
        + (bytes(32) if prev is None else k.hash_bytes(prev))
        + k.hash_bytes(rr.get("request_hash"))
        + (bytes(32) if claims_hash is None else k.hash_bytes(claims_hash))
        + k.signature64(rr.get("signature_b64u"))
        + k.utf8(k.text(rr.get("signed_method")))
        + k.utf8(k.text(rr.get("signed_path")))
        + k.utf8(k.text(rr.get("nonce")))
        + k.utf8(k.text(rr.get("ts_signed")))
    ).hex()


def _grant_authority(
    grant: dict[str, Any], agent: str, valid_from: Any, clearance: Any, company: Any
) -> None:
    """§6.3: the grant's own authority: a master-signed recall grant, or the housekeeper
    as its own system principal."""
    kind = grant.get("authority_kind")
    if kind == "master_signed_recall_grant":
        code = "GRANT_COMMITMENT_INVALID"
        body = _as_dict(grant.get("signed_body"))
        _require(
            isinstance(grant.get("signed_body"), dict) or not grant.get("signed_body"),
            code,
            "effective_recall_grant",
        )
        _require(
            _kernel(
                code,
                "effective_recall_grant",
                lambda: (
                    agent != HOUSEKEEPER
                    and body.get("schema") == "hom.aimos.recall-authorization/v1"
                    and body.get("company_id") == grant.get("company_id")
                    and body.get("subject_agent_id") == grant.get("subject_agent_id")
                    and _iso(body.get("subject_valid_from"), code, "effective_recall_grant") == valid_from
                    and bool(body.get("allowed")) == grant.get("allowed")
                    and body.get("clearance_ceiling") == clearance
                    and body.get("data_class_ceiling") == grant.get("data_class_ceiling")
                    and body.get("master_fingerprint") == grant.get("master_fingerprint")
                    and k.canonical_sha(body) == grant.get("content_hash")
                    and _grant_mutation(grant) == grant.get("mutation_hash")
                ),
            ),
            code,
            "effective_recall_grant",
        )
        _signature(grant.get("signature_b64u"), code, "effective_recall_grant")
    elif kind == "housekeeper_system_principal":
        code = "HOUSEKEEPER_SYSTEM_PRINCIPAL_INVALID"
        raw_system = grant.get("system_principal_body")
        _require(isinstance(raw_system, dict) or not raw_system, code, "effective_recall_grant")
        system = _as_dict(raw_system)
        canonical_system = {
            "kind": "housekeeper_system_principal",
            "company_id": system.get("company_id"),
            "agent_id": system.get("agent_id"),
            "valid_from": _iso(system.get("valid_from"), code, "effective_recall_grant"),
        }
        forbidden = (
            "signed_body",
            "content_hash",
            "prev_mutation_hash",
            "ts_signed",
            "nonce",
            "signature_b64u",
        )
        _require(
            _kernel(
                code,
                "effective_recall_grant",
                lambda: (
                    agent == HOUSEKEEPER
                    and not any(name in grant for name in forbidden)
                    and system.get("kind") == "housekeeper_system_principal"
                    and system.get("company_id") == company
                    and system.get("agent_id") == HOUSEKEEPER
                    and canonical_system["valid_from"] == valid_from
                    and clearance == 12
                    and grant.get("data_class_ceiling") == "restricted"
                    and grant.get("mutation_hash") == k.canonical_sha(canonical_system)
                ),
            ),
            code,
            "effective_recall_grant",
        )
    else:
        raise Fail("GRANT_COMMITMENT_INVALID", "effective_recall_grant", "authority_kind")


def _request_binding(
    request: dict[str, Any], rr: dict[str, Any], native: dict[str, Any], grant: dict[str, Any], ts: Any
) -> None:
    """§6.3: the signed request, its receipt and the native recall receipt bind to each
    other and to the grant."""
    context = "REQUEST_CONTEXT_INVALID"
    _require(
        request.get("request_sig_form") == 3
        and request.get("signed_method") == "POST"
        and request.get("signed_path") == "/aimos/recall"
        and bool(k.text(request.get("nonce")))
        and isinstance(request.get("request_body"), dict),
        context,
        "request_envelope",
    )
    _signature(request.get("signature_b64u"), context, "request_envelope")
    request_hash = _kernel(
        "REQUEST_BODY_HASH_MISMATCH", "request_envelope", lambda: k.canonical_sha(request["request_body"])
    )
    _require(
        request.get("request_body_hash") == request_hash
        and request.get("outer_request_hash") == request_hash,
        "REQUEST_BODY_HASH_MISMATCH",
        "request_envelope",
    )
    command = request.get("normalized_command")
    _require(
        isinstance(command, dict)
        and _kernel("COMMAND_HASH_MISMATCH", "request_envelope", lambda: k.canonical_sha(command))
        == request.get("command_hash"),
        "COMMAND_HASH_MISMATCH",
        "request_envelope",
    )
    receipt_id = k.text(rr.get("request_receipt_id"))
    _require(
        k.UUID.fullmatch(receipt_id) is not None
        and rr.get("request_sig_form") == request.get("request_sig_form")
        and rr.get("signed_method") == request.get("signed_method")
        and rr.get("signed_path") == request.get("signed_path")
        and rr.get("ts_signed") == ts
        and rr.get("nonce") == request.get("nonce")
        and rr.get("request_hash") == request_hash
        and native.get("request_receipt_id") == receipt_id
        and native.get("request_receipt_mutation_hash") == rr.get("mutation_hash"),
        "REQUEST_RECEIPT_BINDING_INVALID",
        "request_receipt",
    )
    rr_code = "REQUEST_RECEIPT_COMMITMENT_INVALID"
    claims = rr.get("signed_claims")
    claims_hash = (
        None if claims is None else _kernel(rr_code, "request_receipt", lambda: k.canonical_sha(claims))
    )
    _require(
        rr.get("signed_claims_hash") == claims_hash
        and rr.get("signature_b64u") == request.get("signature_b64u")
        and _kernel(rr_code, "request_receipt", lambda: _request_receipt_mutation(rr, claims_hash))
        == rr.get("mutation_hash"),
        rr_code,
        "request_receipt",
    )
    _require(
        native.get("authority_mutation_hash") == grant.get("mutation_hash"),
        "AUTHORITY_MUTATION_BINDING_INVALID",
        "native_recall_receipt",
    )
    _require(
        native.get("outer_request_hash") == request.get("outer_request_hash")
        and native.get("command_hash") == request.get("command_hash"),
        context,
        "native_recall_receipt",
    )


def validate_authority(state: State, view: V2View) -> dict[str, Any]:
    env = state.envelope
    trust, ident, rev = (
        state.body("trust_anchor"),
        state.body("actor_identity_epoch"),
        state.body("actor_revocation_state"),
    )
    hk, hk_rev = state.body("housekeeper_identity_epoch"), state.body("housekeeper_revocation_state")
    grant, request = state.body("effective_recall_grant"), state.body("request_envelope")
    rr, native = state.body("request_receipt"), state.body("native_recall_receipt")
    company, expected = env["company_id"], env["expected_master_fingerprint"]
    view.master_fingerprint = _scalar(trust.get("master_fingerprint"))
    view.authority = {
        "actor": _scalar(ident.get("agent_id")),
        "actor_tier": _scalar(ident.get("identity_tier")),
        "actor_valid_from": _scalar(ident.get("valid_from")),
        "actor_valid_until": _scalar(ident.get("valid_until")),
        "housekeeper_valid_from": _scalar(hk.get("valid_from")),
        "housekeeper_valid_until": _scalar(hk.get("valid_until")),
        "authority_kind": _scalar(grant.get("authority_kind")),
        "allowed": _scalar(grant.get("allowed")),
        "clearance_ceiling": _scalar(grant.get("clearance_ceiling")),
        "data_class_ceiling": _scalar(grant.get("data_class_ceiling")),
        "requested_clearance_level": _scalar(request.get("requested_clearance_level")),
        "requested_data_class": _scalar(request.get("requested_data_class")),
        "signed_method": _scalar(request.get("signed_method")),
        "signed_path": _scalar(request.get("signed_path")),
        "ts_signed": _scalar(request.get("ts_signed")),
        "command_hash": _scalar(request.get("command_hash")),
        "request_receipt_id": _scalar(rr.get("request_receipt_id")),
    }
    if _hash(trust.get("master_fingerprint"), "DECISION_HASH_MALFORMED", "trust_anchor") != expected:
        raise Fail("TRUST_ROOT_MISMATCH", "trust_anchor")
    try:
        master_bytes = k.exact_b64u(trust.get("master_public_key_b64u"))
    except Refused:
        raise Fail("TRUST_ANCHOR_KEY_MISMATCH", "trust_anchor") from None
    _require(
        k.sha256(master_bytes).hex() == trust["master_fingerprint"],
        "TRUST_ANCHOR_KEY_MISMATCH",
        "trust_anchor",
    )
    agent = k.text(ident.get("agent_id"))
    valid_from = _iso(ident.get("valid_from"), "IDENTITY_SCOPE_MISMATCH", "actor_identity_epoch")
    fingerprint = _hash(ident.get("cert_fingerprint"), "IDENTITY_SCOPE_MISMATCH", "actor_identity_epoch")
    _require(
        bool(ident.get("certificate"))
        and bool(ident.get("public_key_b64u"))
        and k.sha256(k.utf8(k.text(ident["certificate"]))).hex() == fingerprint,
        "IDENTITY_CERTIFICATE_BINDING_INVALID",
        "actor_identity_epoch",
    )
    scope = "IDENTITY_SCOPE_MISMATCH"
    _require(
        bool(agent)
        and ident.get("company_id") == company
        and request.get("company_id") == company
        and request.get("actor_agent_id") == agent
        and _iso(request.get("actor_valid_from"), scope, "request_envelope") == valid_from
        and request.get("cert_fingerprint") == fingerprint
        and rr.get("company_id") == company
        and rr.get("actor_agent_id") == agent
        and _iso(rr.get("actor_valid_from"), scope, "request_receipt") == valid_from
        and rr.get("cert_fingerprint") == fingerprint,
        scope,
        "request_envelope/request_receipt",
    )
    hk_code = "HOUSEKEEPER_IDENTITY_INVALID"
    hk_valid_from = _iso(hk.get("valid_from"), hk_code, "housekeeper_identity_epoch")
    hk_fingerprint = _hash(hk.get("cert_fingerprint"), hk_code, "housekeeper_identity_epoch")
    _require(
        hk.get("company_id") == company
        and hk.get("agent_id") == HOUSEKEEPER
        and bool(hk.get("certificate"))
        and bool(hk.get("public_key_b64u"))
        and k.sha256(k.utf8(k.text(hk["certificate"]))).hex() == hk_fingerprint,
        hk_code,
        "housekeeper_identity_epoch",
    )
    if agent == HOUSEKEEPER:
        _require(
            ident.get("identity_tier") in ("T1", "T1_SYSTEM_SELF")
            and valid_from == hk_valid_from
            and fingerprint == hk_fingerprint
            and ident.get("certificate") == hk.get("certificate")
            and ident.get("public_key_b64u") == hk.get("public_key_b64u"),
            "HOUSEKEEPER_SYSTEM_PRINCIPAL_INVALID",
            "actor_identity_epoch",
        )
    ts = request.get("ts_signed")
    epoch = "IDENTITY_EPOCH_INVALID"
    if not k.is_int(ts):
        raise Fail(epoch, "request_envelope")
    _require(
        abs(ts) <= MAX_SAFE_INT
        and not ts < _seconds(valid_from, epoch, "actor_identity_epoch")
        and not ts > _seconds(ident.get("valid_until"), epoch, "actor_identity_epoch"),
        epoch,
        "actor_identity_epoch",
    )
    evaluated = rev.get("evaluated_at_unix_seconds")
    _require(
        rev.get("company_id") == company
        and rev.get("agent_id") == agent
        and _iso(rev.get("valid_from"), "REVOCATION_STATE_INVALID", "actor_revocation_state") == valid_from
        and rev.get("revoked") is False
        and k.is_int(evaluated)
        and evaluated >= ts,
        "REVOCATION_STATE_INVALID",
        "actor_revocation_state",
    )
    hk_evaluated = hk_rev.get("evaluated_at_unix_seconds")
    _require(
        hk_rev.get("company_id") == company
        and hk_rev.get("agent_id") == HOUSEKEEPER
        and _iso(
            hk_rev.get("valid_from"), "HOUSEKEEPER_REVOCATION_STATE_INVALID", "housekeeper_revocation_state"
        )
        == hk_valid_from
        and hk_rev.get("revoked") is False
        and k.is_int(hk_evaluated),
        "HOUSEKEEPER_REVOCATION_STATE_INVALID",
        "housekeeper_revocation_state",
    )
    clearance = grant.get("clearance_ceiling")
    requested = (
        clearance
        if request.get("requested_clearance_level") is None
        else request.get("requested_clearance_level")
    )
    ceiling = grant.get("data_class_ceiling")
    data_index = DATA_CLASSES.index(ceiling) if isinstance(ceiling, str) and ceiling in DATA_CLASSES else -1
    gscope = "GRANT_SCOPE_MISMATCH"
    _require(
        grant.get("company_id") == company
        and grant.get("subject_agent_id") == agent
        and _iso(grant.get("subject_valid_from"), gscope, "effective_recall_grant") == valid_from
        and grant.get("master_fingerprint") == expected
        and k.is_int(clearance)
        and 0 <= clearance <= 12
        and k.is_int(requested)
        and 0 <= requested <= clearance
        and data_index >= 0,
        gscope,
        "effective_recall_grant",
    )
    requested_class = request.get("requested_data_class")
    _require(
        grant.get("allowed") is True
        and (
            requested_class is None
            or (
                isinstance(requested_class, str)
                and requested_class in DATA_CLASSES
                and DATA_CLASSES.index(requested_class) <= data_index
            )
        ),
        "GRANT_NOT_EFFECTIVE",
        "effective_recall_grant",
    )
    _grant_authority(grant, agent, valid_from, clearance, company)
    _request_binding(request, rr, native, grant, ts)
    return {
        "trust": trust,
        "identity": ident,
        "revocation": rev,
        "housekeeper": hk,
        "housekeeper_revocation": hk_rev,
        "grant": grant,
        "request": request,
        "request_receipt": rr,
        "native": native,
        "request_ts": ts,
    }


# --- decisions (§6.4) ------------------------------------------------------------------------


def validate_decisions(state: State, native: dict[str, Any], view: V2View) -> dict[str, Any]:
    content = state.body("content_state_projection")
    epistemic = state.body("epistemic_recall_decision")
    security = state.body("final_security_closure")
    projection = state.body("return_projection")
    code = "DECISION_HASH_MALFORMED"
    selection = _hash(content.get("return_selection_decision_sha256"), code, "content_state_projection")
    _hash(content.get("admission_decision_sha256"), code, "content_state_projection")
    state_root = _hash(content.get("state_view_root_sha256"), code, "content_state_projection")
    occurrence_root = _hash(content.get("occurrence_view_root_sha256"), code, "content_state_projection")
    epistemic_hash = _hash(epistemic.get("decision_sha256"), code, "epistemic_recall_decision")
    security_hash = _hash(security.get("decision_sha256"), code, "final_security_closure")
    _hash(projection.get("decision_sha256"), code, "return_projection")
    view.decisions = {
        "admission": content.get("admission_decision_sha256"),
        "return_selection": selection,
        "state_view_root": state_root,
        "occurrence_view_root": occurrence_root,
        "epistemic": epistemic_hash,
        "security_closure": security_hash,
        "return_projection": _scalar(projection.get("decision_sha256")),
        "return_path": _scalar(projection.get("return_path")),
        "selected_memory_ids": [m for m in epistemic.get("selected_memory_ids") or [] if isinstance(m, str)]
        if isinstance(epistemic.get("selected_memory_ids"), list)
        else [],
    }
    _require(
        content.get("native_decision_schema") == CONTENT_KERNEL
        and security.get("native_decision_schema") == CLOSURE_SCHEMA,
        "OBJECT_SCHEMA_INVALID",
        "content_state_projection/final_security_closure",
    )
    _require(
        projection.get("content_state_selection_sha256") == selection
        and security.get("state_view_root_sha256") == state_root
        and security.get("occurrence_view_root_sha256") == occurrence_root,
        "CONTENT_STATE_BINDING_INVALID",
        "return_projection/final_security_closure",
    )
    _require(
        security.get("epistemic_decision_sha256") == epistemic_hash
        and native.get("epistemic_decision_sha256") == epistemic_hash,
        "EPISTEMIC_BINDING_INVALID",
        "final_security_closure/native_recall_receipt",
    )
    _require(
        projection.get("final_security_closure_sha256") == security_hash
        and native.get("canary_final_security_closure_sha256") == security_hash,
        "SECURITY_CLOSURE_BINDING_INVALID",
        "return_projection/native_recall_receipt",
    )
    return_path = projection.get("return_path")
    _require(
        isinstance(epistemic.get("selected_memory_ids"), list)
        and isinstance(security.get("selected_clean_memory_ids"), list)
        and isinstance(projection.get("projected_memory_ids"), list)
        and isinstance(projection.get("projected_live_content_hashes"), list)
        and return_path == security.get("return_path")
        and isinstance(return_path, str)
        and return_path in RETURN_PATHS
        and projection.get("ordered_unique_subset_of_final_clean_security_closure") is True
        and projection.get("output_content_commitments_unchanged") is True
        and projection.get("canonical_memory_mutated") is False
        and projection.get("retention_changed") is False
        and native.get("return_projection_event_body_bound") is True
        and k.equal(native.get("return_projection"), projection),
        "RETURN_PROJECTION_BINDING_INVALID",
        "return_projection",
    )
    return {
        "content": content,
        "epistemic": epistemic,
        "security": security,
        "projection": projection,
        "epistemic_hash": epistemic_hash,
        "security_hash": security_hash,
    }


# --- results (§6.5) --------------------------------------------------------------------------


def _without_schema(body: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in body.items() if key != "schema"}


def validate_results(
    state: State, decisions: dict[str, Any], native: dict[str, Any], view: V2View
) -> tuple[list[Any], list[dict[str, Any]]]:
    n = state.envelope["result_count"]
    projection = decisions["projection"]
    evidence_list = native.get("evidence")
    if not isinstance(evidence_list, list):
        raise Fail("RESULT_CARDINALITY_INVALID", "native_recall_receipt")
    _require(
        native.get("merkle_schema") == MERKLE_SCHEMA
        and native.get("result_count") == n
        and len(evidence_list) == n
        and projection.get("projected_output_count") == n
        and len(projection["projected_memory_ids"]) == n
        and len(projection["projected_live_content_hashes"]) == n,
        "RESULT_CARDINALITY_INVALID",
        "native_recall_receipt",
    )
    evidence: list[Any] = []
    occurrences: list[dict[str, Any]] = []
    for i, group in enumerate(state.results):
        where = f"result {i}"
        memory, provenance = group["memory_state"]["body"], group["provenance_chain"]["body"]
        occurrence, epistemic = group["occurrence"]["body"], group["epistemic_projection"]["body"]
        receipt = group["receipt_evidence"]["body"]
        view.results.append(
            {
                "ordinal": i,
                "memory_id": _scalar(memory.get("memory_id")),
                "live_content_hash": _scalar(memory.get("live_content_hash")),
                "occurrence_ref": _scalar(occurrence.get("occurrence_ref")),
                "occurrence_form": _scalar(occurrence.get("occurrence_form")),
                "label": _scalar(epistemic.get("label")),
                "truth_state": _scalar(receipt.get("truth_state")),
            }
        )
        memory_id = k.text(memory.get("memory_id")).lower()
        live = _hash(memory.get("live_content_hash"), "RESULT_IDENTITY_BINDING_INVALID", where)
        _require(
            k.UUID.fullmatch(memory_id) is not None
            and group["memory_state"]["subject_id"] == memory_id
            and all(
                k.text(b.get("memory_id")).lower() == memory_id
                for b in (provenance, occurrence, epistemic, receipt)
            )
            and all(
                k.text(v).lower() == live
                for v in (
                    provenance.get("live_content_hash"),
                    occurrence.get("live_content_hash_hex"),
                    epistemic.get("live_content_hash"),
                    receipt.get("live_content_hash"),
                )
            ),
            "RESULT_IDENTITY_BINDING_INVALID",
            where,
        )
        _require(
            provenance.get("save_mutation_hash") == receipt.get("save_mutation_hash")
            and provenance.get("binding_mutation_hash") == receipt.get("binding_mutation_hash")
            and k.strict_hex32(provenance.get("save_mutation_hash"))
            and k.strict_hex32(provenance.get("binding_mutation_hash")),
            "PROVENANCE_BINDING_INVALID",
            where,
        )
        _require(
            occurrence.get("occurrence_ref") == receipt.get("occurrence_ref")
            and k.strict_hex32(occurrence.get("occurrence_ref")),
            "OCCURRENCE_BINDING_INVALID",
            where,
        )
        form = occurrence.get("occurrence_form")
        code = "OCCURRENCE_NATIVE_BODY_INVALID"
        if form == "v3":
            raw_body = occurrence.get("native_body")
            _require(isinstance(raw_body, dict) or not raw_body, code, where)
            body = _as_dict(raw_body)
            try:
                commitment = k.occurrence_commitment(body)
            except Refused:
                raise Fail(code, where, "occurrence commitment") from None
            _require(
                occurrence.get("native_schema") == OCCURRENCE_V3
                and body.get("schema") == occurrence.get("native_schema")
                and body.get("memory_id") == memory_id
                and body.get("live_content_hash_hex") == live
                and body.get("occurrence_commitment") == occurrence.get("occurrence_ref")
                and commitment == occurrence.get("occurrence_ref")
                and bool(k.text(occurrence.get("signature_b64u")))
                and bool(k.text(occurrence.get("signer_certificate"))),
                code,
                where,
            )
        elif form == "legacy_v1":
            raw_body = occurrence.get("native_body")
            _require(isinstance(raw_body, dict) or not raw_body, code, where)
            _require(
                occurrence.get("native_schema") == OCCURRENCE_LEGACY
                and _as_dict(raw_body).get("memory_id") == memory_id,
                code,
                where,
            )
        else:
            raise Fail(code, where, "occurrence_form")
        selected = decisions["epistemic"]["selected_memory_ids"]
        _require(
            epistemic.get("decision_sha256") == decisions["epistemic_hash"] and memory_id in selected,
            "EPISTEMIC_PROJECTION_BINDING_INVALID",
            where,
        )
        _require(
            receipt.get("ordinal") == i and k.equal(_without_schema(receipt), evidence_list[i]),
            "RECEIPT_EVIDENCE_BINDING_INVALID",
            where,
        )
        security = decisions["security"]
        clean = security["selected_clean_memory_ids"]
        _require(
            projection["projected_memory_ids"][i] == memory_id
            and projection["projected_live_content_hashes"][i] == live
            and i < len(clean)
            and clean[i] == memory_id,
            "RETURN_PROJECTION_BINDING_INVALID",
            where,
        )
        refs = decisions["content"].get("selected_occurrence_refs")
        _require(
            isinstance(refs, list) and receipt.get("occurrence_ref") in refs,
            "CONTENT_STATE_BINDING_INVALID",
            where,
        )
        evidence.append(_without_schema(receipt))
        occurrences.append(occurrence)
    _require(
        k.equal(decisions["epistemic"]["selected_memory_ids"], projection["projected_memory_ids"])
        and k.equal(decisions["security"]["selected_clean_memory_ids"], projection["projected_memory_ids"]),
        "RETURN_PROJECTION_BINDING_INVALID",
        "return_projection",
    )
    return evidence, occurrences


# --- Merkle and event (§6.6) -----------------------------------------------------------------


def validate_event(
    authority: dict[str, Any], decisions: dict[str, Any], evidence: list[Any], view: V2View
) -> dict[str, Any]:
    native = authority["native"]
    entries = [
        {"entry_type": "epistemic_decision", "decision_sha256": decisions["epistemic_hash"]},
        {"entry_type": "canary_final_security_closure", "decision_sha256": decisions["security_hash"]},
        *evidence,
    ]
    view.merkle_schema = _scalar(native.get("merkle_schema"))
    view.merkle_entries = entries
    view.merkle_root = _scalar(native.get("merkle_root"))
    _require(
        k.equal(native.get("merkle_entries"), entries),
        "MERKLE_ENTRY_BINDING_INVALID",
        "native_recall_receipt",
    )
    root = _kernel("MERKLE_ROOT_MISMATCH", "native_recall_receipt", lambda: k.merkle_root(entries))
    view.merkle_root_recomputed = root
    _require(native.get("merkle_root") == root, "MERKLE_ROOT_MISMATCH", "native_recall_receipt")
    raw_event = native.get("event_receipt")
    code = "EVENT_RECEIPT_BINDING_INVALID"
    _require(isinstance(raw_event, dict) or not raw_event, code, "event_receipt")
    event = _as_dict(raw_event)
    raw_body = event.get("signed_body")
    _require(isinstance(raw_body, dict) or not raw_body, code, "event_receipt")
    body = _as_dict(raw_body)
    raw_meta = body.get("metadata")
    _require(isinstance(raw_meta, dict) or not raw_meta, code, "event_receipt")
    meta = _as_dict(raw_meta)
    ident = authority["identity"]
    _require(
        body.get("operation") == "recall_receipt"
        and body.get("company_id") == ident.get("company_id")
        and body.get("actor_agent_id") == ident.get("agent_id")
        and _iso(body.get("actor_valid_from"), code, "event_receipt")
        == _iso(ident.get("valid_from"), code, "event_receipt")
        and all(
            meta.get(name) == native.get(name)
            for name in (
                "command_hash",
                "outer_request_hash",
                "authority_mutation_hash",
                "request_receipt_id",
                "request_receipt_mutation_hash",
            )
        )
        and meta.get("merkle_root") == root
        and meta.get("result_count") == len(evidence)
        and k.equal(meta.get("evidence"), evidence)
        and k.equal(meta.get("return_projection"), native.get("return_projection")),
        code,
        "event_receipt",
    )
    hk = authority["housekeeper"]
    hk_code = "HOUSEKEEPER_IDENTITY_INVALID"
    _require(
        body.get("signer_agent_id") == HOUSEKEEPER
        and _iso(body.get("signer_valid_from"), hk_code, "event_receipt")
        == _iso(hk.get("valid_from"), hk_code, "event_receipt")
        and body.get("cert_fingerprint") == hk.get("cert_fingerprint")
        and event.get("signer_certificate") == hk.get("certificate")
        and k.sha256(k.utf8(k.text(event.get("signer_certificate")))).hex() == hk.get("cert_fingerprint"),
        hk_code,
        "event_receipt",
    )
    commit = "EVENT_RECEIPT_COMMITMENT_INVALID"

    def recomputes() -> bool:
        content = k.canonical_sha(body)
        mutation = k.event_link_hash(event, content)
        return event.get("content_hash") == content and event.get("mutation_hash") == mutation

    _require(
        _kernel(commit, "event_receipt", recomputes)
        and body.get("prev_mutation_hash") == event.get("prev_mutation_hash")
        and body.get("ts_signed") == event.get("ts_signed"),
        commit,
        "event_receipt",
    )
    _signature(event.get("signature_b64u"), commit, "event_receipt")
    rev, hk_rev = authority["revocation"], authority["housekeeper_revocation"]
    _require(
        rev.get("source_event_mutation_hash") == event.get("mutation_hash")
        and rev.get("evaluated_at_unix_seconds") == event.get("ts_signed")
        and hk_rev.get("source_event_mutation_hash") == event.get("mutation_hash")
        and hk_rev.get("evaluated_at_unix_seconds") == event.get("ts_signed"),
        "REVOCATION_EVENT_BINDING_INVALID",
        "actor_revocation_state/housekeeper_revocation_state",
    )
    return event


# --- the cryptographic stage (§6.7) -------------------------------------------------------------


def signatures_to_check(authority: dict[str, Any], occurrences: list[dict[str, Any]], view: V2View) -> None:
    """List every signature of the envelope in the view (none checked yet)."""
    view.sign("actor certificate", "master", None)
    view.sign("housekeeper certificate", "master", None)
    if authority["grant"].get("authority_kind") == "master_signed_recall_grant":
        view.sign("recall grant", "master", None)
    view.sign("recall request", "actor", None)
    view.sign("receipt event", HOUSEKEEPER, None)
    for i in range(len(occurrences)):
        view.sign(f"occurrence {i}", HOUSEKEEPER, None)


def _certificate(
    epoch: dict[str, Any],
    agent: Any,
    at: Any,
    master_key: Any,
    expected: str,
    view: V2View,
    names: tuple[str, str, str],
) -> None:
    """An identity epoch's certificate: master-signed for this agent and key, valid at ``at``,
    its window the epoch's, issued by ``aimos-master`` or the pinned master."""
    what, code, where = names
    ok, why, body = k.verify_certificate(
        epoch["certificate"], master_key, agent, epoch["public_key_b64u"], at
    )
    view.sign(what, "master", ok)
    _require(
        ok
        and body is not None
        and body.get("valid_from") == _seconds(epoch.get("valid_from"), code, where)
        and body.get("valid_until") == _seconds(epoch.get("valid_until"), code, where)
        and body.get("issuer") in ("aimos-master", expected),
        code,
        where,
        why or "validity or issuer",
    )


def validate_cryptography(
    state: State,
    authority: dict[str, Any],
    occurrences: list[dict[str, Any]],
    event: dict[str, Any],
    pin: Any,
    view: V2View,
) -> None:
    expected = k.text(pin).lower()
    _require(
        k.HEX32.fullmatch(expected) is not None and expected == state.envelope["expected_master_fingerprint"],
        "EXPECTED_TRUST_ANCHOR_REQUIRED",
        "expected_master_fingerprint",
    )
    master_key = authority["trust"]["master_public_key_b64u"]
    ident, hk = authority["identity"], authority["housekeeper"]
    _certificate(
        ident,
        ident["agent_id"],
        authority["request_ts"],
        master_key,
        expected,
        view,
        ("actor certificate", "ACTOR_CERTIFICATE_SIGNATURE_INVALID", "actor_identity_epoch"),
    )
    _certificate(
        hk,
        HOUSEKEEPER,
        event.get("ts_signed"),
        master_key,
        expected,
        view,
        (
            "housekeeper certificate",
            "HOUSEKEEPER_CERTIFICATE_SIGNATURE_INVALID",
            "housekeeper_identity_epoch",
        ),
    )
    grant = authority["grant"]
    if grant["authority_kind"] == "master_signed_recall_grant":
        ok = k.verify_payload(
            master_key,
            grant.get("signed_body"),
            grant.get("nonce"),
            grant.get("ts_signed"),
            grant.get("signature_b64u"),
        )
        view.sign("recall grant", "master", ok)
        _require(ok, "MASTER_GRANT_SIGNATURE_INVALID", "effective_recall_grant")
    request = authority["request"]
    ok = k.verify_request(
        ident["public_key_b64u"],
        request["request_body"],
        request.get("signed_method"),
        request.get("signed_path"),
        request.get("nonce"),
        request.get("ts_signed"),
        request.get("signature_b64u"),
    )
    view.sign("recall request", "actor", ok)
    _require(ok, "ACTOR_REQUEST_SIGNATURE_INVALID", "request_envelope")
    ok = k.verify_payload(
        hk["public_key_b64u"],
        event.get("signed_body"),
        event.get("nonce"),
        event.get("ts_signed"),
        event.get("signature_b64u"),
    )
    view.sign("receipt event", HOUSEKEEPER, ok)
    _require(ok, "HOUSEKEEPER_EVENT_SIGNATURE_INVALID", "event_receipt")
    for i, occurrence in enumerate(occurrences):
        ok = (
            occurrence.get("occurrence_form") == "v3"
            and occurrence.get("signer_certificate") == hk["certificate"]
            and k.verify_occurrence(
                occurrence.get("native_body"), occurrence.get("signature_b64u"), hk["public_key_b64u"]
            )
        )
        view.sign(f"occurrence {i}", HOUSEKEEPER, ok)
        _require(ok, "HOUSEKEEPER_OCCURRENCE_SIGNATURE_INVALID", f"result {i}")


def verify_envelope(envelope: Any, view: V2View, *, pin: Any, structural_only: bool) -> State:
    """Judge ``envelope`` into ``view``; :class:`Fail` at the first failing check."""
    view.stage = "envelope"
    state = reconstruct(envelope, view)
    view.stage = "schemas"
    require_schemas(state)
    view.stage = "authority"
    authority = validate_authority(state, view)
    view.stage = "decisions"
    decisions = validate_decisions(state, authority["native"], view)
    view.stage = "results"
    evidence, occurrences = validate_results(state, decisions, authority["native"], view)
    view.stage = "merkle_event"
    event = validate_event(authority, decisions, evidence, view)
    signatures_to_check(authority, occurrences, view)
    if not structural_only:
        view.stage = "cryptography"
        validate_cryptography(state, authority, occurrences, event, pin, view)
    view.stage = "complete"
    return state
