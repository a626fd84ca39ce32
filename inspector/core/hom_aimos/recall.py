"""Recall evidence bundles (one signed recall receipt) and recall corpora (intended-N sets).

Recall order (HOM-AIMOS.md §1.6): 1. schema; 2. trust anchors; 3. request (certificate
trust, context, signature, command); 4. scope; 5. receipt present (else indeterminate);
6. receipt keys; 7. evidence count; 8. per-index memory binding; 9. epistemic binding;
10. outer-request hash and Merkle root; 11. event receipt (missing: indeterminate), its
binding, then its signature.  After the first failure the later checks still run where
they do not depend on what failed, and what they find is reported as additional.

The receipt's ``command_hash`` is the hash of the engine's *normalized* recall command; that
normalization is not published, so the hash is checked against the signed event receipt
(which binds it) but not recomputed (an info finding says so).
"""

from __future__ import annotations

from typing import Any

from ..i18n import Phrase
from ..verify import merkle
from . import prims as p
from .cognitive import same
from .outcome import (
    EVIDENCE_COUNT,
    MEMBER_COUNT,
    MORE_THAN_LIMIT,
    Q_AND_LIMIT,
    SIGNED_EVENT_RECEIPT,
    THE_CORPUS,
    THE_DOCUMENT,
    THE_EVENT_RECEIPT,
    THE_RECALL_REQUEST,
    THE_TOP_LEVEL,
    Outcome,
    Stop,
    _short,
    at_certificate,
)
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
MERKLE_V1 = "hom-aimos/recall-merkle/v1"
MERKLE_EPISTEMIC = "hom-aimos/recall-merkle/v2-epistemic-decision"
MAX_ANCHORS = 16
# receipt field -> the event metadata field that must carry the same value
RECEIPT_IN_EVENT = (
    "command_hash",
    "outer_request_hash",
    "authority_mutation_hash",
    "request_receipt_id",
    "request_receipt_mutation_hash",
    "merkle_root",
    "evidence",
)
EVENT_OUTER_MIRROR = {
    "event_id": "event_id",
    "ledger_seq": "ledger_seq",
    "ledger_version": "ledger_version",
    "prev_mutation_hash": "prev_mutation_hash",
    "signer_agent_id": "signer_agent_id",
    "signer_valid_from": "signer_valid_from",
    "cert_fingerprint": "cert_fingerprint",
    "identity_tier": "identity_tier",
    "ts_signed": "ts_signed",
}


class _Anchors:
    """The bundle's own trust anchors: a master key and pinned self-issued certificates."""

    def __init__(self, master_key: str | None, master_fpr: str | None, certs: dict[str, str]):
        self.master_key = master_key
        self.master_fpr = master_fpr
        self.certs = certs  # certificate_sha256 -> public key
        self.self_issued: dict[str, str] = {}

    def trust(self, cert: p.Certificate, where: str) -> str | None:
        """The inner reason ``cert`` is not trusted, else None."""
        if cert.master_issued(self.master_fpr):
            if self.master_key is None:
                return "certificate_untrusted"
            if not p.certificate_signature_ok(cert, self.master_key):
                return "certificate_signature_invalid"
            return None
        if cert.self_issued:
            if self.certs.get(cert.fingerprint) != cert.pubkey:
                return "certificate_untrusted"
            if not p.certificate_signature_ok(cert, cert.pubkey):
                return "certificate_signature_invalid"
            self.self_issued.setdefault(cert.fingerprint, where)
            return None
        return "certificate_issuer_invalid"


def verify_recall(doc: Any, out: Outcome, view: HomView) -> str | None:
    """Judge a recall bundle into ``out``/``view``; return the recomputed Merkle root (hex)."""
    _schema(doc, out)
    view.company_id = doc["company_id"]
    anchors = _anchors(doc, out, view)
    cert = _request(doc, out, anchors)
    _scope(doc, out, cert)
    receipt = doc["recall_receipt"]
    rv = ReceiptView(
        bundle_id=doc["bundle_id"],
        requester=doc["request"]["body"].get("agent_id"),
        query=_scalar(doc["request"]["body"].get("q")),
        requested_at=doc["request"]["ts_signed"],
        entries=[],
        stated_root=None,
        recomputed_root=None,
        merkle_schema=MERKLE_V1,
        event_receipt_present=False,
        command_hash=None,
    )
    view.receipt = rv
    if receipt is None:
        out.undecidable(
            "recall_mandatory_evidence_missing", "receipt", "recall_receipt", detail="recall_receipt"
        )
        return None
    if not _receipt_shape(receipt, out):
        return None
    rv.stated_root = receipt["merkle_root"]
    rv.command_hash = receipt["command_hash"]
    rv.entries = [e for e in receipt["evidence"] if isinstance(e, dict)]
    rv.event_receipt_present = receipt.get("event_receipt") is not None
    memories = doc["memories"]
    evidence = receipt["evidence"]
    if len(evidence) != len(memories):
        out.error(
            "recall_receipt_evidence_count_invalid",
            "receipt",
            "recall_receipt",
            detail=Phrase(EVIDENCE_COUNT, evidence=len(evidence), memories=len(memories)),
            expected=len(memories),
            found=len(evidence),
        )
    for i, (mem, ev) in enumerate(zip(memories, evidence, strict=False)):
        if not _bound(i, mem, ev):
            out.error(
                f"recall_receipt_memory_binding_invalid:{i}",
                "evidence",
                f"evidence[{i}]",
                where=f"evidence[{i}]",
            )
    entries = _entries(receipt, out, rv)
    root = None
    if entries is not None:
        try:
            root = merkle.tree_head([merkle.leaf_hash(e) for e in entries]).hex()
        except ValueError:
            root = None
        rv.recomputed_root = root
    outer = p.canonical_bytes(doc["request"]["body"])
    if outer is None or p.sha256(outer).hex() != receipt["outer_request_hash"]:
        out.error(
            "recall_receipt_cryptographic_binding_invalid",
            "receipt",
            "outer_request_hash",
            detail="outer_request_hash",
        )
    if root is None or root != receipt["merkle_root"]:
        out.error(
            "recall_receipt_cryptographic_binding_invalid",
            "receipt",
            "merkle_root",
            detail="merkle_root",
            expected=root,
            found=receipt["merkle_root"],
        )
    event = receipt.get("event_receipt")
    if event is None:
        out.undecidable(
            "recall_mandatory_evidence_missing",
            "receipt",
            "event_receipt",
            detail=Phrase(SIGNED_EVENT_RECEIPT),
        )
    else:
        _event_receipt(event, receipt, doc, out, anchors)
    out.note("command_hash_not_recomputed", "receipt", "command_hash")
    for fpr, where in anchors.self_issued.items():
        out.note("self_issued_certificate", "certificate", fpr, where=at_certificate(where, fpr))
    return root


def _scalar(v: Any) -> Any:
    return v if v is None or isinstance(v, str | int | float | bool) else None


def _schema(doc: Any, out: Outcome) -> None:
    def bad(where: str, detail: str = "") -> Stop:
        return out.stop("recall_evidence_bundle_schema_invalid", "bundle", where, where=where, detail=detail)

    if not isinstance(doc, dict):
        raise bad(Phrase(THE_DOCUMENT), "not a JSON object")
    if set(doc) != TOP_KEYS:
        raise bad(Phrase(THE_TOP_LEVEL), f"unknown keys {sorted(set(doc) - TOP_KEYS)[:5]}")
    if not same(doc["format"], FORMAT):
        raise bad("format")
    if not p.is_str(doc["bundle_id"]) or not p.is_str(doc["company_id"]):
        raise bad("bundle_id/company_id")
    ta = doc["trust_anchors"]
    if (
        not isinstance(ta, dict)
        or set(ta) != {"master", "certificates"}
        or not isinstance(ta["certificates"], list)
    ):
        raise bad("trust_anchors")
    rq = doc["request"]
    if not isinstance(rq, dict) or set(rq) != REQUEST_KEYS or not isinstance(rq["body"], dict):
        raise bad("request")
    if not isinstance(doc["memories"], list):
        raise bad("memories")
    for i, m in enumerate(doc["memories"]):
        if not isinstance(m, dict) or set(m) != MEMORY_KEYS:
            raise bad(f"memories[{i}]")
        pp = m["provenance_proof"]
        if not isinstance(pp, dict) or set(pp) != set(PROOF_KEYS):
            raise bad(f"memories[{i}].provenance_proof")
    if not (doc["recall_receipt"] is None or isinstance(doc["recall_receipt"], dict)):
        raise bad("recall_receipt")


def _anchors(doc: dict[str, Any], out: Outcome, view: HomView) -> _Anchors:
    ta = doc["trust_anchors"]
    master = ta["master"]
    key = fpr = None

    def bad(where: str) -> Stop:
        return out.stop("recall_trust_anchor_invalid", "trust_anchor", where, where=where)

    if master is not None:
        if not isinstance(master, dict) or set(master) != {"public_key_b64u", "fingerprint"}:
            raise bad("trust_anchors.master")
        computed = p.key_fingerprint(master["public_key_b64u"])
        view.master = Master(_scalar(master["public_key_b64u"]), _scalar(master["fingerprint"]), computed)
        if computed is None or not p.is_hex64(master["fingerprint"]) or computed != master["fingerprint"]:
            raise bad("trust_anchors.master")
        key, fpr = master["public_key_b64u"], computed
    certs: dict[str, str] = {}
    if len(ta["certificates"]) > MAX_ANCHORS:
        raise bad("trust_anchors.certificates")
    for i, c in enumerate(ta["certificates"]):
        if (
            not isinstance(c, dict)
            or set(c) != {"certificate_sha256", "public_key_b64u"}
            or not p.is_hex64(c["certificate_sha256"])
            or p.load_key(c["public_key_b64u"]) is None
            or c["certificate_sha256"] in certs
        ):
            raise bad(f"trust_anchors.certificates[{i}]")
        certs[c["certificate_sha256"]] = c["public_key_b64u"]
    return _Anchors(key, fpr, certs)


def _request(doc: dict[str, Any], out: Outcome, anchors: _Anchors) -> p.Certificate | None:
    rq = doc["request"]
    body = rq["body"]
    cert = p.decode_certificate(rq["certificate"])
    if cert is None:
        out.error(
            "recall_request_certificate_invalid:certificate_invalid",
            "request",
            "request.certificate",
            detail="certificate_invalid",
        )
        return None
    inner = anchors.trust(cert, Phrase(THE_RECALL_REQUEST))
    if inner is not None:
        out.error(
            f"recall_request_certificate_invalid:{inner}", "request", "request.certificate", detail=inner
        )
        return None
    ts = rq["ts_signed"]
    problems = []
    if rq["method"] != "POST" or rq["path"] != "/aimos/recall":
        problems.append("method/path")
    if not p.is_int(ts) or not same(body.get("ts_signed"), ts):
        problems.append("ts_signed")
    elif not cert.body["valid_from"] <= ts <= cert.body["valid_until"]:
        problems.append("outside the certificate's validity")
    if body.get("agent_id") != cert.agent_id:
        problems.append("agent_id")
    if body.get("company_id") != doc["company_id"]:
        problems.append("company_id")
    if not p.is_str(rq["nonce"]):
        problems.append("nonce")
    if problems:
        out.error("recall_request_context_invalid", "request", "request", detail=", ".join(problems))
        return cert
    body_bytes = p.canonical_bytes(body)
    if body_bytes is None or not p.verify_ed25519(
        cert.pubkey, p.b64u_sig(rq["signature"]), p.request_message(body_bytes, rq["nonce"], ts)
    ):
        out.error("recall_request_signature_invalid", "request", "request.signature")
        return cert
    limit = body.get("limit")
    if not isinstance(body.get("q"), str) or not (p.is_int(limit) and limit >= 1):
        out.error("recall_request_command_invalid", "request", "request.body", detail=Phrase(Q_AND_LIMIT))
    return cert


def _scope(doc: dict[str, Any], out: Outcome, cert: p.Certificate | None) -> None:
    body = doc["request"]["body"]
    seen: set[Any] = set()
    limit = body.get("limit")
    if p.is_int(limit) and len(doc["memories"]) > limit:
        out.error(
            "recall_scope_invalid", "request", "memories", where="memories", detail=Phrase(MORE_THAN_LIMIT)
        )
        return
    for i, m in enumerate(doc["memories"]):
        mid = m["id"]
        bad = (
            not p.is_uuid(mid)
            or mid in seen
            or (body.get("source_filter") is not None and m["source"] != body.get("source_filter"))
            or (
                body.get("memory_type_filter") is not None
                and m["memory_type"] != body.get("memory_type_filter")
            )
            or not all(p.is_hex64(m["provenance_proof"][k]) for k in PROOF_KEYS)
        )
        if bad:
            out.error("recall_scope_invalid", "memory", f"memories[{i}]", where=f"memories[{i}]")
            return
        seen.add(mid)


def _receipt_shape(receipt: dict[str, Any], out: Outcome) -> bool:
    keys = set(receipt)
    if not keys >= RECEIPT_REQUIRED or not keys <= RECEIPT_REQUIRED | RECEIPT_OPTIONAL:
        out.error("recall_receipt_schema_invalid", "receipt", "recall_receipt", where="recall_receipt")
        return False
    hexes = ("command_hash", "outer_request_hash", "authority_mutation_hash", "request_receipt_mutation_hash")
    if (
        not all(p.is_hex64(receipt[k]) for k in hexes)
        or not isinstance(receipt["merkle_root"], str)
        or not isinstance(receipt["evidence"], list)
        or not p.is_str(receipt["request_receipt_id"])
    ):
        out.error("recall_receipt_schema_invalid", "receipt", "recall_receipt", where="recall_receipt")
        return False
    return True


def _bound(i: int, mem: dict[str, Any], ev: Any) -> bool:
    if not isinstance(ev, dict) or set(ev) != EVIDENCE_KEYS:
        return False
    pp = mem["provenance_proof"]
    return (
        same(ev["ordinal"], i)
        and ev["memory_id"] == mem["id"]
        and all(p.is_hex64(ev[k]) and ev[k] == pp[k] for k in PROOF_KEYS)
    )


def _entries(receipt: dict[str, Any], out: Outcome, rv: ReceiptView) -> list[Any] | None:
    """The Merkle entries of the receipt under its Merkle schema; None when they cannot be had."""
    schema = receipt.get("merkle_schema", MERKLE_V1)
    rv.merkle_schema = schema if isinstance(schema, str) else ""
    evidence = list(receipt["evidence"])
    if schema == MERKLE_V1 and "epistemic_decision_sha256" not in receipt:
        entries = evidence
    elif schema == MERKLE_EPISTEMIC and p.is_hex64(receipt.get("epistemic_decision_sha256")):
        entries = [
            {"entry_type": "epistemic_decision", "decision_sha256": receipt["epistemic_decision_sha256"]}
        ]
        entries += evidence
    else:
        out.error(
            "recall_receipt_epistemic_binding_invalid", "receipt", "merkle_schema", detail="merkle_schema"
        )
        return None
    if "merkle_entries" in receipt and not same(receipt["merkle_entries"], entries):
        out.error(
            "recall_receipt_epistemic_binding_invalid", "receipt", "merkle_entries", detail="merkle_entries"
        )
        return None
    return entries


def _event_receipt(
    event: Any, receipt: dict[str, Any], doc: dict[str, Any], out: Outcome, anchors: _Anchors
) -> None:
    def bad(detail: str) -> None:
        out.error("recall_event_receipt_binding_invalid", "event_receipt", "event_receipt", detail=detail)

    if not isinstance(event, dict) or not isinstance(event.get("signed_body"), dict):
        return bad("shape")
    body = event["signed_body"]
    meta = body.get("metadata")
    if not isinstance(meta, dict):
        return bad("metadata")
    problems = [k for k in RECEIPT_IN_EVENT if not same(meta.get(k), receipt.get(k))]
    if not same(meta.get("result_count"), len(receipt["evidence"])):
        problems.append("result_count")
    if body.get("operation") != "recall_receipt" or body.get("key") != receipt["command_hash"]:
        problems.append("operation/key")
    if body.get("company_id") != doc["company_id"]:
        problems.append("company_id")
    if body.get("signer_agent_id") != p.HOUSEKEEPER:
        problems.append("signer_agent_id")
    if any(not same(event.get(k), body.get(b)) for k, b in EVENT_OUTER_MIRROR.items()):
        problems.append("outer fields vs signed body")
    body_bytes = p.canonical_bytes(body)
    content = event.get("content_hash")
    if body_bytes is None or p.sha256(body_bytes).hex() != content:
        problems.append("content_hash")
    nonce, ts, prev = event.get("nonce"), event.get("ts_signed"), event.get("prev_mutation_hash")
    if not (p.is_str(nonce) and p.is_int(ts) and p.is_hex64(prev) and p.is_hex64(content)):
        problems.append("nonce/ts_signed/prev_mutation_hash")
        nonce, ts = "", 0
    elif p.event_link(prev, content, nonce, ts) != event.get("mutation_hash"):
        problems.append("mutation_hash")
    if problems or body_bytes is None:
        return bad(", ".join(problems[:6]))
    cert = p.decode_certificate(event.get("signer_certificate"))
    inner = "certificate_invalid" if cert is None else anchors.trust(cert, Phrase(THE_EVENT_RECEIPT))
    if cert is not None and inner is None:
        if (
            cert.fingerprint != body.get("cert_fingerprint")
            or cert.agent_id != body.get("signer_agent_id")
            or p.iso_millis(cert.body["valid_from"]) != body.get("signer_valid_from")
        ):
            inner = "signer_certificate_row_mismatch"
        elif not cert.body["valid_from"] <= ts <= cert.body["valid_until"]:
            inner = "cert_expired"
    if inner is not None or cert is None:
        out.error(
            f"recall_event_receipt_certificate_invalid:{inner}",
            "event_receipt",
            "signer_certificate",
            detail=str(inner),
        )
        return None
    if not p.verify_ed25519(
        cert.pubkey, p.b64u_sig(event.get("signature")), p.ledger_message(body_bytes, nonce, ts)
    ):
        out.error("recall_event_receipt_signature_invalid", "event_receipt", "event_receipt.signature")
    return None


# --- corpus ----------------------------------------------------------------------------------

CORPUS_KEYS = frozenset({"format", "intended_n", "members", "corpus_root"})
MEMBER_KEYS = frozenset({"ordinal", "bundle_id", "bundle_sha256", "bundle"})


def verify_corpus(doc: Any, out: Outcome, view: HomView, verify_member: Any) -> str | None:
    """Judge a recall corpus; ``verify_member(bundle_doc)`` judges one member (a Report).
    Return the recomputed corpus root (hex)."""
    if (
        not isinstance(doc, dict)
        or set(doc) != CORPUS_KEYS
        or not same(doc["format"], {"schema": CORPUS_SCHEMA, "version": 1, "authority": "descriptive_only"})
        or not isinstance(doc["members"], list)
        or not p.is_int(doc["intended_n"])
        or doc["intended_n"] < 0
    ):
        raise out.stop("recall_corpus_schema_invalid", "bundle", "corpus", where=Phrase(THE_CORPUS))
    members = doc["members"]
    cv = CorpusView(doc["intended_n"], doc["corpus_root"], None)
    view.corpus = cv
    for i, m in enumerate(members):
        if not isinstance(m, dict) or set(m) != MEMBER_KEYS:
            raise out.stop(
                "recall_corpus_schema_invalid", "corpus_member", f"members[{i}]", where=f"members[{i}]"
            )
        raw = p.canonical_bytes(m["bundle"])
        cv.members.append(
            CorpusMember(
                _scalar(m["ordinal"]),
                _scalar(m["bundle_id"]),
                _scalar(m["bundle_sha256"]),
                None if raw is None else p.sha256(raw).hex(),
                bundle=m["bundle"],
            )
        )
    if doc["intended_n"] != len(members):
        out.error(
            "recall_corpus_intended_n_invalid",
            "bundle",
            "corpus",
            detail=Phrase(MEMBER_COUNT, members=len(members), intended_n=_short(doc["intended_n"], 40)),
            expected=doc["intended_n"],
            found=len(members),
        )
    entries_ok = True
    for i, (m, cm) in enumerate(zip(members, cv.members, strict=True)):
        bid = m["bundle"].get("bundle_id") if isinstance(m["bundle"], dict) else None
        if (
            not same(m["ordinal"], i)
            or not p.is_str(m["bundle_id"])
            or m["bundle_id"] != bid
            or not p.is_hex64(m["bundle_sha256"])
            or m["bundle_sha256"] != cm.recomputed_sha256
        ):
            entries_ok = False
            out.error(
                f"recall_corpus_member_invalid:{i}", "corpus_member", f"members[{i}]", where=f"members[{i}]"
            )
    root = None
    if entries_ok and p.is_int(doc["intended_n"]):
        leaves = [
            merkle.leaf_hash(
                {"ordinal": m["ordinal"], "bundle_id": m["bundle_id"], "bundle_sha256": m["bundle_sha256"]}
            )
            for m in members
        ]
        root = p.corpus_root(doc["intended_n"], merkle.tree_head(leaves))
        cv.recomputed_root = root
        if root != doc["corpus_root"]:
            out.error(
                "recall_corpus_root_invalid", "bundle", "corpus_root", expected=root, found=doc["corpus_root"]
            )
    for i, cm in enumerate(cv.members):
        member_report = verify_member(cm.bundle)
        cm.verdict, cm.primary_reason = member_report.verdict, member_report.primary_reason
        if member_report.verdict != "pass":
            out.error(
                f"recall_corpus_member_bundle_invalid:{i}",
                "corpus_member",
                f"members[{i}]",
                where=f"members[{i}]",
                detail=str(member_report.primary_reason),
            )
    return root
