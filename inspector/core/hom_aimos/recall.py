"""Recall evidence bundles (one signed recall receipt) and recall corpora (intended-N sets).

The reference's order (HOM-AIMOS.md §1.6, HOM-AIMOS-v2.md §10.3), fail-fast:

1. the exact top level and ``format`` (``recall_bundle_schema_invalid``);
2. the trust anchors (``recall_trust_anchor_schema_invalid``, ``master_key_invalid``,
   ``public_key_invalid``);
3. the request: its shape, its certificate (``cert_malformed``, ``cert_schema``,
   ``recall_trust_anchor_missing``, ``cert_sig_invalid``, ``cert_epoch_invalid``), the agent
   (``recall_request_identity_invalid``), the context, the signature, then the recall command
   normalised and bounded (``recall_unknown_field:<name>``, ``recall_integer_invalid``, ...);
4. the command's tenant (``recall_scope_binding_invalid``);
5. a receipt with an evidence list (else ``indeterminate``
   ``recall_mandatory_evidence_missing``), its keys, the evidence count;
6. per index, the evidence bound to its memory, the memory to the command's source and type
   filters (``recall_receipt_memory_binding_invalid:<i>``);
7. the epistemic Merkle schema; the recomputed ``command_hash``, outer request hash and Merkle
   root (``recall_receipt_cryptographic_binding_invalid``);
8. the event receipt (missing: ``indeterminate``): shape, certificate, binding
   (``recall_event_binding_invalid``), signature (``recall_event_signature_invalid``).

A value the reference cannot handle (it fails internally) is ``recall_verifier_internal_failure``,
its verdict invalid.  A corpus judges each member as a recall bundle of its own; its verdict and
reason are the first invalid member's (else the first indeterminate one's), and its root is the
domain-separated RFC 6962 root over ``(ordinal, bundle_id, bundle_sha256)``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from ..i18n import Phrase
from ..verify import merkle
from . import ref
from .identity import MASTER_ISSUER
from .outcome import MEMBER_COUNT, THE_CORPUS, THE_EVENT_RECEIPT, THE_RECALL_REQUEST, Outcome, at_certificate
from .prims import key_fingerprint
from .ref import PyError, Reason
from .view import CorpusMember, CorpusView, HomView, Master, ReceiptView

SCHEMA = "hom.aimos.mutmem-recall-evidence/v1"
CORPUS_SCHEMA = "hom.aimos.mutmem-recall-corpus/v1"
TOP_KEYS = frozenset(
    {"format", "bundle_id", "company_id", "trust_anchors", "request", "memories", "recall_receipt"}
)
FORMAT = {
    "schema": SCHEMA,
    "version": 1,
    "authority": "descriptive_only",
    "canonicalization": "hom-aimos/canonical-json/v1",
    "hash": "sha256",
    "signature": "ed25519",
}
REQUEST_KEYS = frozenset({"body", "method", "path", "nonce", "ts_signed", "signature", "certificate"})
MEMORY_KEYS = frozenset({"id", "source", "memory_type", "provenance_proof"})
PROOF_KEYS = ("live_content_hash", "save_mutation_hash", "binding_mutation_hash")
RECEIPT_REQUIRED = frozenset(
    {
        "command_hash",
        "outer_request_hash",
        "authority_mutation_hash",
        "request_receipt_id",
        "request_receipt_mutation_hash",
        "merkle_root",
        "evidence",
    }
)
RECEIPT_OPTIONAL = frozenset(
    {"event_receipt", "merkle_schema", "epistemic_decision_sha256", "merkle_entries"}
)
EVIDENCE_KEYS = frozenset(
    {
        "ordinal",
        "memory_id",
        "live_content_hash",
        "save_mutation_hash",
        "binding_mutation_hash",
        "truth_state",
        "raw_calibration_score",
        "calibrated_score",
        "calibration_event_id",
        "calibration_mutation_hash",
        "calibration_formula_version",
    }
)
EVENT_KEYS = frozenset(
    {
        "event_id",
        "proof_required",
        "ledger_version",
        "ledger_seq",
        "signed_body",
        "content_hash",
        "mutation_hash",
        "prev_mutation_hash",
        "signer_agent_id",
        "signer_valid_from",
        "cert_fingerprint",
        "signer_certificate",
        "identity_tier",
        "ts_signed",
        "nonce",
        "signature",
    }
)
MERKLE_V1 = "hom-aimos/recall-merkle/v1"
MERKLE_EPISTEMIC = "hom-aimos/recall-merkle/v2-epistemic-decision"
MAX_ANCHORS = 16
CORPUS_DOMAIN = b"aimos.mutmem-recall-corpus/v1\0"

# --- the recall command (HOM-AIMOS-v2.md §10.3) ------------------------------------------------

COMMAND_FIELDS = frozenset(
    {
        "query",
        "q",
        "key",
        "memory_id",
        "company_id",
        "agent_id",
        "limit",
        "clearance_level",
        "memory_type_filter",
        "source_filter",
        "session_id",
        "project_id",
        "workspace_path",
        "sort",
        "mode",
        "selectivity",
        "lazy",
        "max_hops",
        "projection",
        "cache",
        "semantic_cache",
        "early_exit",
        "debug_recall",
        "doctor_trace",
        "context_window",
        "tokens_used",
        "recall_share",
        "summary_token_budget",
        "evidence_token_budget",
        "full_detail_token_budget",
        "answer_shape",
        "requested_shape",
        "answer_mode",
        "ts_signed",
    }
)
DEFAULT_COMPANY = "hom"
LIMIT = (10, 1, 200)  # default, minimum, maximum
CLEARANCE = (0, 12)
MAX_HOPS = (1, 4)


def _bounded(value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise Reason("recall_integer_invalid")
    return value


def normalize_command(raw: Any) -> dict[str, Any]:
    """The normalised recall command of a signed request body (its hash is ``command_hash``).

    Only the 34 command fields; ``query`` and ``q`` both the trimmed text of ``query`` (present
    even as null) else ``q`` else ""; ``key``/``memory_id`` trimmed text or null, at least one
    of the three non-empty and ``memory_id`` a UUID; ``company_id`` "hom" by default;
    ``agent_id`` text or null; ``limit`` 10 by default and 1..200; ``clearance_level`` null or
    0..12; ``max_hops`` null or 1..4 (integers only, never a bool).  Every other field is kept
    verbatim.  :class:`~inspector.core.hom_aimos.ref.Reason` names the first rule broken.
    """
    if not isinstance(raw, dict):
        raise Reason("recall_command_invalid")
    for name in raw:
        if name not in COMMAND_FIELDS:
            raise Reason(f"recall_unknown_field:{name}")
    query = ref.py_str(raw["query"] if "query" in raw else raw.get("q", "")).strip()
    key = None if raw.get("key") is None else ref.py_str(raw["key"]).strip()
    memory_id = None if raw.get("memory_id") is None else ref.py_str(raw["memory_id"]).strip()
    if not query and not key and not memory_id:
        raise Reason("recall_query_or_identifier_required")
    if memory_id and not ref.UUID_V1_5.fullmatch(memory_id):
        raise Reason("recall_memory_id_invalid")
    result = dict(raw)
    limit = raw.get("limit")
    result.update(
        {
            "query": query,
            "q": query,
            "key": key,
            "memory_id": memory_id,
            "company_id": DEFAULT_COMPANY if raw.get("company_id") is None else ref.py_str(raw["company_id"]),
            "agent_id": None if raw.get("agent_id") is None else ref.py_str(raw["agent_id"]),
            "limit": _bounded(LIMIT[0] if limit is None else limit, LIMIT[1], LIMIT[2]),
            "clearance_level": None
            if raw.get("clearance_level") is None
            else _bounded(raw["clearance_level"], *CLEARANCE),
            "max_hops": None if raw.get("max_hops") is None else _bounded(raw["max_hops"], *MAX_HOPS),
        }
    )
    return result


def command_hash(body: Any) -> str:
    """``sha256(JCS(normalize(body)))`` in hex (:class:`Reason` when the body is refused)."""
    return ref.canonical_sha(normalize_command(body)).hex()


# --- the bundle ------------------------------------------------------------------------------


class _Undecided(Exception):
    def __init__(self, where: str) -> None:
        super().__init__(where)
        self.where = where


def verify_recall(doc: Any, out: Outcome, view: HomView) -> str | None:
    """Judge a recall bundle into ``out``/``view``; the Merkle root (hex) when it is valid."""
    self_issued: dict[str, str] = {}
    try:
        root = _verify(doc, view, self_issued)
    except Reason as exc:
        out.error(exc.reason, "bundle", "recall", where=_where(exc.reason))
        return None
    except _Undecided as u:
        out.undecidable("recall_mandatory_evidence_missing", "receipt", u.where, detail=u.where)
        return None
    except PyError as exc:
        out.error("recall_verifier_internal_failure", "bundle", "recall", detail=exc.what)
        return None
    for fpr, where in self_issued.items():
        out.note("self_issued_certificate", "certificate", fpr, where=at_certificate(where, fpr))
    return root


def _where(reason: str) -> str:
    if reason.startswith("recall_receipt_memory_binding_invalid:"):
        return f"evidence[{reason.rsplit(':', 1)[1]}]"
    return "the recall bundle"


def _verify(doc: Any, view: HomView, self_issued: dict[str, str]) -> str:
    if not isinstance(doc, dict) or set(doc) != TOP_KEYS:
        raise Reason("recall_bundle_schema_invalid")
    if (
        doc["format"] != FORMAT
        or not isinstance(doc["bundle_id"], str)
        or not doc["bundle_id"]
        or not isinstance(doc["company_id"], str)
        or not doc["company_id"]
        or not isinstance(doc["memories"], list)
    ):
        raise Reason("recall_bundle_schema_invalid")
    view.company_id = doc["company_id"]
    _anchors(doc, view)
    command = _request(doc, view, self_issued)
    if command["company_id"] != doc["company_id"]:
        raise Reason("recall_scope_binding_invalid")
    receipt = doc["recall_receipt"]
    if not isinstance(receipt, dict) or not isinstance(receipt.get("evidence"), list):
        raise _Undecided("recall_receipt")
    if not receipt.keys() >= RECEIPT_REQUIRED or not receipt.keys() <= RECEIPT_REQUIRED | RECEIPT_OPTIONAL:
        raise Reason("recall_receipt_schema_invalid")
    rv = view.receipt
    assert rv is not None
    rv.stated_root = _scalar(receipt.get("merkle_root"))
    rv.command_hash = _scalar(receipt.get("command_hash"))
    rv.entries = [e for e in receipt["evidence"] if isinstance(e, dict)]
    rv.event_receipt_present = receipt.get("event_receipt") is not None
    if len(receipt["evidence"]) != len(doc["memories"]):
        raise Reason("recall_receipt_evidence_count_mismatch")
    _memory_bindings(doc, receipt, command)
    entries = receipt["evidence"]
    schema = receipt.get("merkle_schema")
    if schema is not None:
        rv.merkle_schema = schema if isinstance(schema, str) else ""
        decision = receipt.get("epistemic_decision_sha256")
        merkle_entries = receipt.get("merkle_entries")
        if (
            schema != MERKLE_EPISTEMIC
            or not isinstance(decision, str)
            or not ref.HEX32.fullmatch(decision)
            or not isinstance(merkle_entries, list)
            or len(merkle_entries) != len(receipt["evidence"]) + 1
            or not ref.canonical_equal(
                merkle_entries[0], {"entry_type": "epistemic_decision", "decision_sha256": decision}
            )
            or not ref.canonical_equal(merkle_entries[1:], receipt["evidence"])
        ):
            raise Reason("recall_receipt_epistemic_binding_invalid")
        entries = merkle_entries
    computed_command = ref.canonical_sha(command).hex()
    outer = ref.canonical_sha(doc["request"]["body"]).hex()
    root = merkle_root(entries)
    rv.recomputed_root = root
    rv.merkle_entries = list(entries)
    rv.recomputed_command_hash = computed_command
    rv.command_hash_recomputed = True
    if (
        receipt.get("command_hash") != computed_command
        or receipt.get("outer_request_hash") != outer
        or receipt.get("merkle_root") != root
        or not _hex32(receipt.get("authority_mutation_hash"))
        or not _hex32(receipt.get("request_receipt_mutation_hash"))
    ):
        raise Reason("recall_receipt_cryptographic_binding_invalid")
    _event(doc, receipt, computed_command, outer, root, self_issued)
    return root


def _hex32(value: Any) -> bool:
    return isinstance(value, str) and ref.HEX32.fullmatch(value) is not None


def _scalar(v: Any) -> Any:
    return v if v is None or isinstance(v, str | int | float | bool) else None


def merkle_root(entries: list[Any]) -> str:
    """RFC 6962 root (bare hex) of JCS leaves, as the reference computes it."""
    return merkle.tree_head([ref.sha256(b"\x00" + ref.canonical_bytes(e)) for e in entries]).hex()


def _exact(value: Any, keys: frozenset[str], reason: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != keys:
        raise Reason(reason)
    return value


def _anchors(doc: dict[str, Any], view: HomView) -> None:
    anchors = _exact(
        doc["trust_anchors"], frozenset({"master", "certificates"}), "recall_trust_anchor_schema_invalid"
    )
    master = anchors["master"]
    if master is not None:
        _exact(master, frozenset({"public_key_b64u", "fingerprint"}), "recall_trust_anchor_schema_invalid")
        fingerprint = master["fingerprint"]
        view.master = Master(
            _scalar(master["public_key_b64u"]),
            _scalar(fingerprint),
            key_fingerprint(master["public_key_b64u"]),
        )
        if (
            not isinstance(fingerprint, str)
            or not ref.HEX32.fullmatch(fingerprint)
            or ref.sha256(ref.b64u_lenient(master["public_key_b64u"], "master_key_invalid")).hex()
            != fingerprint
        ):
            raise Reason("recall_trust_anchor_schema_invalid")
    certificates = anchors["certificates"]
    if not isinstance(certificates, list) or len(certificates) > MAX_ANCHORS:
        raise Reason("recall_trust_anchor_schema_invalid")
    seen: set[str] = set()
    for anchor in certificates:
        _exact(
            anchor, frozenset({"certificate_sha256", "public_key_b64u"}), "recall_trust_anchor_schema_invalid"
        )
        sha = anchor["certificate_sha256"]
        if not isinstance(sha, str) or not ref.HEX32.fullmatch(sha) or sha in seen:
            raise Reason("recall_trust_anchor_schema_invalid")
        ref.load_key(anchor["public_key_b64u"])
        seen.add(sha)


def _decode_certificate(certificate: Any) -> tuple[dict[str, Any], str]:
    envelope, text = ref.cert_json(certificate)
    if (
        not isinstance(envelope, dict)
        or set(envelope) != {"body", "sig"}
        or not isinstance(envelope.get("body"), dict)
        or set(envelope["body"]) != ref.CERT_FIELDS
        or not isinstance(envelope.get("sig"), str)
        or not ref.canonical_is(envelope, text)
    ):
        raise Reason("cert_schema")
    return envelope, text


def trusted_certificate(
    doc: dict[str, Any], certificate: Any, signed_at: Any, where: str, self_issued: dict[str, str]
) -> tuple[dict[str, Any], str]:
    """The certificate's body and fingerprint when an anchor of the bundle vouches for it at
    ``signed_at`` (a pinned self-issued certificate, or one the bundle's master issued)."""
    envelope, _ = _decode_certificate(certificate)
    body = envelope["body"]
    cert_sha = ref.sha256(ref.utf8(certificate)).hex()
    authority = None
    issuer = body.get("issuer")
    if issuer == body.get("agent_id"):
        for anchor in doc["trust_anchors"]["certificates"]:
            if anchor.get("certificate_sha256") == cert_sha and anchor.get("public_key_b64u") == body.get(
                "pubkey"
            ):
                authority = body["pubkey"]
                break
        if authority is not None:
            self_issued.setdefault(cert_sha, where)
    else:
        master = doc["trust_anchors"].get("master")
        if isinstance(master, dict):
            if not ref.hashable(issuer) or not ref.hashable(master.get("fingerprint")):
                raise PyError("unhashable issuer")
            if issuer in (MASTER_ISSUER, master.get("fingerprint")):
                decoded = ref.b64u_lenient(master.get("public_key_b64u"), "master_key_invalid")
                if ref.sha256(decoded).hex() == master.get("fingerprint"):
                    authority = master["public_key_b64u"]
    if authority is None:
        raise Reason("recall_trust_anchor_missing")
    signature = ref.b64u_lenient(envelope["sig"], "cert_sig_invalid")
    if not ref.verify_raw(authority, ref.canonical_bytes(body), signature):
        raise Reason("cert_sig_invalid")
    if (
        isinstance(signed_at, bool)
        or not isinstance(signed_at, int)
        or ref.lt(signed_at, body["valid_from"])
        or ref.lt(body["valid_until"], signed_at)
    ):
        raise Reason("cert_epoch_invalid")
    return body, cert_sha


def _request(doc: dict[str, Any], view: HomView, self_issued: dict[str, str]) -> dict[str, Any]:
    request = _exact(doc["request"], REQUEST_KEYS, "recall_request_schema_invalid")
    body = request["body"]
    if not isinstance(body, dict):
        raise Reason("recall_request_schema_invalid")
    view.receipt = ReceiptView(
        bundle_id=doc["bundle_id"],
        requester=_scalar(body.get("agent_id")),
        query=_scalar(body.get("query", body.get("q"))),
        requested_at=_scalar(request["ts_signed"]),
        entries=[],
        stated_root=None,
        recomputed_root=None,
        merkle_schema=MERKLE_V1,
        event_receipt_present=False,
        command_hash=None,
    )
    where = Phrase(THE_RECALL_REQUEST)
    cert, _ = trusted_certificate(doc, request["certificate"], request["ts_signed"], where, self_issued)
    if cert.get("agent_id") != body.get("agent_id"):
        raise Reason("recall_request_identity_invalid")
    nonce = request["nonce"]
    if (
        request["method"] != "POST"
        or request["path"] != "/aimos/recall"
        or body.get("ts_signed") != request["ts_signed"]
        or not isinstance(nonce, str)
        or not nonce
    ):
        raise Reason("recall_request_context_invalid")
    message = ref.canonical_bytes(body) + ref.utf8(
        "\nPOST\n/aimos/recall\n" + nonce + "\n" + ref.py_str(request["ts_signed"])
    )
    signature = ref.b64u_lenient(request["signature"], "recall_request_signature_invalid")
    if not ref.verify_raw(cert["pubkey"], message, signature):
        raise Reason("recall_request_signature_invalid")
    return normalize_command(body)


def _memory_bindings(doc: dict[str, Any], receipt: dict[str, Any], command: dict[str, Any]) -> None:
    for index, memory in enumerate(doc["memories"]):
        evidence = receipt["evidence"][index]
        reason = f"recall_receipt_memory_binding_invalid:{index}"
        _exact(memory, MEMORY_KEYS, reason)
        proof = _exact(memory["provenance_proof"], frozenset(PROOF_KEYS), reason)
        _exact(evidence, EVIDENCE_KEYS, reason)
        type_filter = command.get("memory_type_filter")
        valid = (
            evidence["ordinal"] == index
            and evidence["memory_id"] == memory["id"]
            and memory["source"] == command.get("source_filter")
            and (type_filter is None or memory["memory_type"] == type_filter)
            and all(evidence[k] == proof[k] for k in PROOF_KEYS)
            and all(_hex32(evidence[k]) for k in PROOF_KEYS)
        )
        if not valid:
            raise Reason(reason)


def _event(
    doc: dict[str, Any],
    receipt: dict[str, Any],
    command: str,
    outer: str,
    root: str,
    self_issued: dict[str, str],
) -> None:
    event = receipt.get("event_receipt")
    if event is None:
        raise _Undecided("recall_receipt.event_receipt")
    _exact(event, EVENT_KEYS, "recall_event_receipt_schema_invalid")
    where = Phrase(THE_EVENT_RECEIPT)
    cert, cert_sha = trusted_certificate(
        doc, event["signer_certificate"], event["ts_signed"], where, self_issued
    )
    body = event["signed_body"]
    if not isinstance(body, dict):
        raise Reason("recall_event_body_invalid")
    content = ref.canonical_sha(body)
    if not _hex32(event["prev_mutation_hash"]):
        raise Reason("recall_event_previous_hash_invalid")
    previous = bytes.fromhex(event["prev_mutation_hash"])
    nonce, ts = ref.py_str(event["nonce"]), ref.py_str(event["ts_signed"])
    mutation = ref.sha256(ref.EVENT_LINK_DOMAIN + previous + content + ref.utf8(nonce) + ref.utf8(ts))
    metadata = body.get("metadata", {})
    exact = (
        event["proof_required"] is True
        and event["ledger_version"] == body.get("ledger_version") == 1
        and event["event_id"] == body.get("event_id")
        and event["signer_agent_id"] == body.get("signer_agent_id")
        and event["signer_valid_from"] == body.get("signer_valid_from")
        and event["ts_signed"] == body.get("ts_signed")
        and event["cert_fingerprint"] == cert_sha == body.get("cert_fingerprint")
        and event["content_hash"] == content.hex()
        and event["mutation_hash"] == mutation.hex()
        and event["prev_mutation_hash"] == body.get("prev_mutation_hash")
        and body.get("company_id") == doc["company_id"]
        and body.get("operation") == "recall_receipt"
        and body.get("key") == command
        and ref.get(metadata, "command_hash") == command
        and metadata.get("outer_request_hash") == outer
        and metadata.get("merkle_root") == root
        and metadata.get("result_count") == len(receipt["evidence"])
        and ref.canonical_equal(metadata.get("evidence"), receipt["evidence"])
    )
    if not exact:
        raise Reason("recall_event_binding_invalid")
    message = ref.canonical_bytes(body) + ref.utf8("\n" + nonce + "\n" + ts)
    signature = ref.b64u_lenient(event["signature"], "recall_event_signature_invalid")
    if not ref.verify_raw(cert["pubkey"], message, signature):
        raise Reason("recall_event_signature_invalid")


# --- corpus ----------------------------------------------------------------------------------

CORPUS_KEYS = frozenset({"format", "intended_n", "members", "corpus_root"})
MEMBER_KEYS = frozenset({"ordinal", "bundle_id", "bundle_sha256", "bundle"})


def corpus_root(intended_n: int, summaries: list[dict[str, Any]]) -> str:
    head = merkle_root(summaries)
    return ref.sha256(CORPUS_DOMAIN + struct.pack(">q", intended_n) + bytes.fromhex(head)).hex()


def verify_corpus(doc: Any, out: Outcome, view: HomView, verify_member: Callable[[Any], Any]) -> str | None:
    """Judge a recall corpus; ``verify_member(bundle_doc)`` judges one member (a Report).
    Returns the recomputed corpus root whenever the reference gives one."""
    try:
        return _corpus(doc, out, view, verify_member)
    except Reason as exc:
        out.error(exc.reason, "bundle", "corpus", where=Phrase(THE_CORPUS), detail=getattr(exc, "detail", ""))
    except PyError as exc:
        out.error("recall_verifier_internal_failure", "bundle", "corpus", detail=exc.what)
    return None


def _corpus(doc: Any, out: Outcome, view: HomView, verify_member: Callable[[Any], Any]) -> str:
    _exact(doc, CORPUS_KEYS, "recall_corpus_schema_invalid")
    members, intended_n = doc["members"], doc["intended_n"]
    cv = CorpusView(_scalar(intended_n), _scalar(doc["corpus_root"]), None)
    view.corpus = cv
    if isinstance(members, list):
        for m in members:
            cv.members.append(_member_view(m))
    if (
        doc["format"] != {"schema": CORPUS_SCHEMA, "version": 1, "authority": "descriptive_only"}
        or isinstance(intended_n, bool)
        or not isinstance(intended_n, int)
        or intended_n < 1
        or not isinstance(members, list)
        or len(members) != intended_n
    ):
        found = len(members) if isinstance(members, list) else None
        detail = Phrase(MEMBER_COUNT, members=found, intended_n=ref.py_str(intended_n)[:40])
        raise _CountReason(detail)
    summaries: list[dict[str, Any]] = []
    verdicts: list[tuple[int, Any]] = []
    seen: set[Any] = set()
    for ordinal, member in enumerate(members):
        _exact(member, MEMBER_KEYS, "recall_corpus_member_invalid")
        actual = ref.canonical_sha(member["bundle"]).hex()
        bundle_id = member["bundle_id"]
        if (
            member["ordinal"] != ordinal
            or bundle_id != ref.get(member["bundle"], "bundle_id")
            or not bundle_id
        ):
            raise Reason("recall_corpus_member_invalid")
        if not ref.hashable(bundle_id):
            raise PyError("unhashable bundle_id")
        if bundle_id in seen or member["bundle_sha256"] != actual:
            raise Reason("recall_corpus_member_invalid")
        seen.add(bundle_id)
        report = verify_member(member["bundle"])
        cm = cv.members[ordinal]
        cm.verdict, cm.primary_reason = report.verdict, report.primary_reason
        verdicts.append((ordinal, report))
        summaries.append({"ordinal": ordinal, "bundle_id": bundle_id, "bundle_sha256": actual})
    for s in summaries:
        if not isinstance(s["bundle_id"], str) or not s["bundle_id"]:
            raise Reason("recall_corpus_member_invalid")
    root = corpus_root(intended_n, summaries)
    cv.recomputed_root = root
    if doc["corpus_root"] != root:
        raise Reason("recall_corpus_root_mismatch")
    failing = [(i, r) for i, r in verdicts if r.verdict == "fail"]
    undecided = [(i, r) for i, r in verdicts if r.verdict == "indeterminate"]
    for i, r in failing + undecided:
        where = f"members[{i}]"
        if r.verdict == "fail":
            out.error(str(r.primary_reason), "corpus_member", where, where=where, detail=where)
        else:
            out.undecidable(str(r.primary_reason), "corpus_member", where, where=where, detail=where)
    return root


class _CountReason(Reason):
    def __init__(self, detail: Any) -> None:
        super().__init__("recall_corpus_intended_n_invalid")
        self.detail = detail


def _member_view(m: Any) -> CorpusMember:
    if not isinstance(m, dict):
        return CorpusMember(None, None, None, None)
    try:
        recomputed: str | None = ref.canonical_sha(m.get("bundle")).hex()
    except (Reason, PyError):
        recomputed = None
    return CorpusMember(
        _scalar(m.get("ordinal")),
        _scalar(m.get("bundle_id")),
        _scalar(m.get("bundle_sha256")),
        recomputed,
        bundle=m.get("bundle"),
    )
