"""Cognitive evidence bundles (``hom.aimos.mutmem-cognitive-evidence/v1``): weight chains.

The checks and their reasons are the reference verifier's (HOM-AIMOS.md §1.6,
HOM-AIMOS-v2.md §10):

1. the top level: exact key set and ``format`` (``cognitive_evidence_bundle_schema_invalid``),
   tenant and master (``cognitive_evidence_bundle_identity_invalid``, ``master_key_invalid``,
   ``cognitive_evidence_master_fingerprint_mismatch``);
2. each event stream, judged on its own: a failing stream is reported, not raised;
3. each memory's order, content hash and declared weight mirror (raised: they end the run);
4. each memory's record: its baseline, the projection order (fork → genesis → cycle →
   disconnected), then per projection in chain order: range and mirrors, continuity, the
   signed provenance (every signature form 1–5 and tier T1–T3), its binding to the memory,
   the projection hash, the transition hash and signature; then the anchor and the terminal
   weight.  Anything malformed inside a memory makes its record ``portable_evidence_malformed``;
5. the ``sql_records`` rows, then their parity with the recomputed records.

The primary reason is the first failing stream, else the first failing record, else parity.
The records hash into ``proof_root`` whenever the run is not ended by a raised check.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Phrase
from . import ref
from .identity import (
    HOUSEKEEPER,
    Identity,
    Signers,
    certificate_authority,
    certificate_envelope,
    decode_identity,
    stored_signature,
    verify_certificate,
    verify_identity_epoch,
)
from .outcome import AT_BASELINE, AT_EVENT, AT_MEMORY, AT_PROJECTION, THE_TOP_LEVEL, Outcome, at_certificate
from .prims import key_fingerprint
from .ref import PyError, Reason
from .view import (
    Baseline,
    EventStream,
    HomView,
    Master,
    MemoryChain,
    MemoryRecord,
    StreamEvent,
    WeightStep,
)

SCHEMA = "hom.aimos.mutmem-cognitive-evidence/v1"
TOP_KEYS = frozenset({"format", "company_id", "master_identity", "event_streams", "memories", "sql_records"})
FORMAT = {
    "schema": SCHEMA,
    "version": 1,
    "authority": "descriptive_only",
    "binary_encoding": "lowercase_hex",
    "time_encoding": "unix_seconds",
}
TRANSITION_DOMAIN = b"aimos.cognitive-transition/v2\0"
BASELINE_DOMAIN = b"aimos.cognitive-baseline/v1\0"
PROJECTION_DOMAIN = b"aimos.cwc/v1\0"
PROOF_DOMAIN = b"aimos.cognitive-corpus-proof/v1\0"
EVENT_GENESIS_DOMAIN = b"aimos-event-genesis/v1\0"
BASELINE_OPERATION = "cognitive_initial_weight_attested"
BASELINE_METADATA_SCHEMA = "hom.aimos.cognitive-initial-weight/v1"
ONE = ref.float4(1.0)
ELEVATED = ("T2", "T3")


class Raised(Exception):
    """A check that ends the whole run (the reference raises out of its verifier)."""

    def __init__(self, reason: str, where: Any, detail: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.where = where
        self.detail = detail


class Internal(Exception):
    """The reference itself fails internally here (its verdict: indeterminate)."""

    def __init__(self, where: Any, detail: str) -> None:
        super().__init__(detail)
        self.where = where
        self.detail = detail


def verify_cognitive(doc: dict[str, Any], out: Outcome, view: HomView) -> tuple[list[MemoryRecord], bool]:
    """Judge a cognitive bundle into ``out`` and ``view``.  Returns the records and whether the
    reference gives a ``proof_root`` (False when a raised check ended the run)."""
    pending: list[tuple[str, str, str, Any, str]] = []  # (reason, kind, id, where, detail)
    signers = Signers(view)
    try:
        records, parity_fail = _run(doc, view, signers, pending)
    except Raised as r:
        out.error(r.reason, "bundle", "bundle", where=r.where, detail=r.detail)
        _flush(out, pending)
        _notes(out, signers)
        return [], False
    except Internal as i:
        out.halt("verifier_internal_failure", "bundle", "bundle", where=i.where, detail=i.detail)
        _flush(out, pending)
        _notes(out, signers)
        return [], False
    _flush(out, pending)
    if parity_fail is not None:
        out.error(
            "sql_portable_parity_mismatch", "bundle", "sql_records", where="sql_records", detail=parity_fail
        )
    _notes(out, signers)
    return records, True


def _flush(out: Outcome, pending: list[tuple[str, str, str, Any, str]]) -> None:
    for reason, kind, oid, where, detail in pending:
        out.error(reason, kind, oid, where=where, detail=detail)


def _notes(out: Outcome, signers: Signers) -> None:
    for fpr, where in signers.self_issued.items():
        out.note("self_issued_certificate", "certificate", fpr, where=at_certificate(where, fpr))


def proof_root(records: list[MemoryRecord]) -> str:
    return ref.sha256(PROOF_DOMAIN + ref.canonical_bytes([r.reference_json() for r in records])).hex()


# --- the run ---------------------------------------------------------------------------------


def _run(
    doc: dict[str, Any], view: HomView, signers: Signers, pending: list[tuple[str, str, str, Any, str]]
) -> tuple[list[MemoryRecord], str | None]:
    top = Phrase(THE_TOP_LEVEL)
    if set(doc) != TOP_KEYS:
        extra, missing = sorted(set(doc) - TOP_KEYS)[:5], sorted(TOP_KEYS - set(doc))
        raise Raised(
            "cognitive_evidence_bundle_schema_invalid", top, f"unknown keys {extra}, missing {missing}"
        )
    if not isinstance(doc["format"], dict) or doc["format"] != FORMAT:
        raise Raised("cognitive_evidence_bundle_schema_invalid", "format", "not exactly the v1 format object")
    for key in ("event_streams", "memories", "sql_records"):
        if not isinstance(doc[key], list):
            raise Raised("cognitive_evidence_bundle_schema_invalid", key, "not a list")
    company, master = doc["company_id"], doc["master_identity"]
    if not isinstance(company, str) or not company.strip() or not isinstance(master, dict):
        raise Raised("cognitive_evidence_bundle_identity_invalid", "company_id/master_identity")
    view.company_id = company
    fingerprint = ref.py_str(master.get("fingerprint", ""))
    public_key = master.get("public_key_b64u")
    view.master = Master(
        public_key if isinstance(public_key, str) else None, fingerprint, key_fingerprint(public_key)
    )
    try:
        ref.exact_hex(fingerprint, 32, "cognitive_evidence_bundle_identity_invalid")
        actual = ref.sha256(
            ref.b64u_lenient(ref.py_str(master.get("public_key_b64u", "")), "master_key_invalid")
        )
    except Reason as exc:
        raise Raised(exc.reason, "master_identity") from None
    if actual.hex() != fingerprint:
        raise Raised("cognitive_evidence_master_fingerprint_mismatch", "master_identity", fingerprint)

    event_index = _streams(doc["event_streams"], master, company, view, signers, pending)
    records: list[MemoryRecord] = []
    previous_id: str | None = None
    for i, memory in enumerate(doc["memories"]):
        where = f"memories[{i}]"
        if not isinstance(memory, dict):
            raise Raised("cognitive_evidence_memory_order_invalid", where, "not an object")
        memory_id = ref.py_str(memory.get("memory_id", ""))
        if (
            not memory_id
            or memory.get("company_id") != company
            or (previous_id is not None and memory_id <= previous_id)
        ):
            raise Raised("cognitive_evidence_memory_order_invalid", where, memory_id[:80])
        previous_id = memory_id
        try:
            ref.exact_hex(memory.get("content_hash"), 32, "cognitive_evidence_memory_content_invalid")
            declared = ref.float4_value(
                ref.exact_hex(
                    memory.get("retrieval_weight_float4"), 4, "cognitive_evidence_memory_weight_invalid"
                )
            )
            if ref.js_round(declared * 1000) != memory.get("retrieval_weight_milli"):
                raise Reason("cognitive_evidence_memory_weight_invalid")
        except Reason as exc:
            raise Raised(exc.reason, where) from None
        chain = _chain_view(memory, memory_id)
        view.memories.append(chain)
        rec = _memory_record(memory, memory_id, master, event_index, chain, signers)
        records.append(rec)
        if not rec.ok and rec.reason is not None:
            pending.append((rec.reason, "memory", memory_id, Phrase(AT_MEMORY, memory=memory_id), ""))
    view.records = records
    return records, _parity(doc["sql_records"], records, view)


def _parity(rows: list[Any], records: list[MemoryRecord], view: HomView) -> str | None:
    """Reads the sql rows (a malformed row ends the run) and says how they differ, or None."""
    sql_rows = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise Raised("cognitive_evidence_sql_record_invalid", f"sql_records[{i}]")
        try:
            sql_rows.append(
                {
                    "memory_id": row.get("memory_id"),
                    "certification_status": row.get("certification_status"),
                    "ok": row.get("ok") is True,
                    "chain_length": ref.integer(
                        row.get("chain_length"), "cognitive_evidence_sql_count_invalid", 0
                    ),
                    "sigs_verified": ref.integer(
                        row.get("signatures_verified"), "cognitive_evidence_sql_count_invalid", 0
                    ),
                    "reason": row.get("reason"),
                }
            )
        except Reason as exc:
            raise Raised(exc.reason, f"sql_records[{i}]") from None
    by_id = {ref.py_str(r["memory_id"]): r for r in sql_rows}
    detail: str | None = None
    if not len(by_id) == len(sql_rows) == len(records):
        detail = f"{len(sql_rows)} sql_records for {len(records)} memories"
    else:
        for rec in records:
            if by_id.get(rec.memory_id) != rec.reference_json():
                detail = f"the row of memory {rec.memory_id[:40]} differs"
                break
    view.parity = detail is None
    return detail


# --- event streams ---------------------------------------------------------------------------


def _streams(
    streams: list[Any],
    master: dict[str, Any],
    company: str,
    view: HomView,
    signers: Signers,
    pending: list[tuple[str, str, str, Any, str]],
) -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = {}
    for si, stream in enumerate(streams):
        where = f"event_streams[{si}]"
        if not isinstance(stream, dict):
            raise Internal(where, "an event stream is not an object")
        agent = stream.get("signer_agent_id")
        sv = EventStream(agent if isinstance(agent, str) else None, True, None)
        view.streams.append(sv)
        try:
            indexed = _stream(stream, si, master, company, sv, signers)
            for event_id, event in indexed.items():
                if event_id in index:
                    raise Reason("cognitive_evidence_event_duplicate")
                index[event_id] = event
        except Reason as exc:
            sv.ok, sv.reason = False, exc.reason
            pending.append((exc.reason, "event_stream", where, where, ""))
        except PyError as exc:
            raise Internal(where, exc.what) from None
    return index


def _stream(
    stream: dict[str, Any], si: int, master: dict[str, Any], company: str, sv: EventStream, signers: Signers
) -> dict[str, dict[str, Any]]:
    identity = decode_identity(stream.get("identity"), master)
    if (
        stream.get("signer_agent_id") != identity.agent_id
        or stream.get("signer_valid_from") != identity.valid_from
    ):
        raise Reason("cognitive_evidence_event_identity_mismatch")
    events = stream.get("events")
    if not isinstance(events, list):
        raise Reason("cognitive_evidence_event_stream_invalid")
    previous = _event_genesis(company, identity.agent_id, identity.valid_from)
    indexed: dict[str, dict[str, Any]] = {}
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            raise PyError("an event is not an object", catchable=False)
        event_id_text = ref.py_str(event.get("event_id", ""))
        sv.events.append(
            StreamEvent(
                _scalar(event.get("event_id")),
                _scalar(event.get("operation")),
                _scalar(event.get("ledger_sequence")),
                _scalar(event.get("signed_at")),
                False,
            )
        )
        signed_at = ref.integer(event.get("signed_at"), "event_time_invalid", 1)
        signers.record(identity, Phrase(AT_EVENT, event=event_id_text[:80]))
        identity_valid, _ = verify_identity_epoch(identity, signed_at)
        if (
            event.get("company_id") != company
            or event.get("signer_agent_id") != identity.agent_id
            or not identity_valid
        ):
            raise Reason("cognitive_evidence_event_identity_epoch_invalid")
        if (
            event.get("ledger_sequence") != index + 1
            or ref.exact_hex(event.get("previous_mutation_hash"), 32, "event_previous_invalid") != previous
        ):
            raise Reason("event_ledger_chain_link_invalid")
        cert_body = certificate_envelope(identity.certificate)["body"]
        fingerprint = ref.sha256(ref.utf8(identity.certificate)).hex()
        if (
            cert_body.get("agent_id") != identity.agent_id
            or cert_body.get("pubkey") != identity.pubkey
            or event.get("certificate_fingerprint") != fingerprint
        ):
            raise Reason("event_ledger_identity_mismatch")
        authority = certificate_authority(identity, cert_body)
        if not authority:
            raise Reason("event_ledger_certificate_issuer_invalid")
        cert_valid, cert_reason, _ = verify_certificate(identity.certificate, authority, signed_at)
        if not cert_valid:
            raise Reason(f"event_ledger_certificate_invalid:{cert_reason}")
        proof_valid, proof_reason = verify_event(event, identity)
        if not proof_valid:
            raise Reason(f"event_ledger_proof_invalid:{proof_reason}")
        if not event_id_text or event_id_text in indexed:
            raise Reason("cognitive_evidence_event_duplicate")
        indexed[event_id_text] = {**event, "event_stream_verified": True}
        sv.events[-1].ok = True
        previous = ref.exact_hex(event.get("mutation_hash"), 32, "event_mutation_invalid")
    return indexed


def _event_genesis(company: str, agent: str, valid_from: int) -> bytes:
    return ref.sha256(
        EVENT_GENESIS_DOMAIN
        + ref.utf8(company)
        + b"\0"
        + ref.utf8(agent)
        + b"\0"
        + ref.iso_millis(valid_from).encode("ascii")
    )


def _event_mutation(previous: bytes, content: bytes, nonce: str, signed_at: int) -> bytes:
    return ref.sha256(
        ref.EVENT_LINK_DOMAIN + previous + content + ref.utf8(nonce) + str(signed_at).encode("ascii")
    )


def verify_event(event: dict[str, Any], identity: Identity) -> tuple[bool, str | None]:
    """A stored ledger event: its signed body, hashes, link and signature (form 1)."""
    return ref.malformed_as("event_proof_malformed", _verify_event, event, identity)


def _verify_event(event: dict[str, Any], identity: Identity) -> tuple[bool, str | None]:
    body = event.get("signed_body")
    if (
        not isinstance(body, dict)
        or event.get("proof_required") is not True
        or event.get("ledger_version") != 1
    ):
        return False, "event_proof_version"
    content = ref.canonical_sha(body)
    previous = ref.exact_hex(event.get("previous_mutation_hash"), 32, "event_previous_invalid")
    nonce = ref.py_str(event.get("nonce", ""))
    mutation = _event_mutation(previous, content, nonce, ref.py_int(event.get("signed_at")))
    exact = (
        body.get("event_id") == event.get("event_id")
        and body.get("company_id") == event.get("company_id")
        and body.get("subject_agent_id") == event.get("subject_agent_id")
        and body.get("signer_agent_id") == event.get("signer_agent_id")
        and ref.iso_to_epoch(body.get("signer_valid_from"), "event_epoch_invalid")
        == event.get("signer_valid_from")
        and body.get("cert_fingerprint") == event.get("certificate_fingerprint")
        and body.get("identity_tier") == event.get("identity_tier")
        and body.get("authority_kind") == event.get("authority_kind")
        and body.get("operation") == event.get("operation")
        and body.get("key") == event.get("key")
        and ref.canonical_equal(body.get("metadata"), event.get("metadata"))
        and body.get("parent_event_id") == event.get("parent_event_id")
        and body.get("ledger_seq") == event.get("ledger_sequence")
        and body.get("prev_mutation_hash") == previous.hex()
        and body.get("ts_signed") == event.get("signed_at")
        and ref.exact_hex(event.get("content_hash"), 32, "event_content_invalid") == content
        and ref.exact_hex(event.get("mutation_hash"), 32, "event_mutation_invalid") == mutation
    )
    if not exact:
        return False, "event_proof_hash_mismatch"
    signature = ref.exact_hex(event.get("signature"), 64, "event_signature_invalid")
    valid, reason = stored_signature(
        identity.pubkey, body, nonce, ref.py_int(event.get("signed_at")), signature
    )
    return valid, None if valid else reason


# --- one memory ------------------------------------------------------------------------------


def _memory_record(
    memory: dict[str, Any],
    memory_id: str,
    master: dict[str, Any],
    event_index: dict[str, dict[str, Any]],
    chain: MemoryChain,
    signers: Signers,
) -> MemoryRecord:
    try:
        return _verify_memory(memory, memory_id, master, event_index, chain, signers)
    except (Reason, PyError):
        if ref.truthy(memory.get("projections")):
            status = "certified_chain"
        elif ref.truthy(memory.get("baseline")):
            status = "signed_initial_weight"
        else:
            status = "unattested_initial_weight"
        return MemoryRecord(memory_id, status, False, 0, 0, "portable_evidence_malformed")


def _verify_memory(
    memory: dict[str, Any],
    memory_id: str,
    master: dict[str, Any],
    event_index: dict[str, dict[str, Any]],
    chain: MemoryChain,
    signers: Signers,
) -> MemoryRecord:
    projections = memory.get("projections")
    baseline = memory.get("baseline")
    if not isinstance(projections, list):
        raise Reason("portable_evidence_malformed")
    baseline_valid: bool | None = None
    baseline_reason: str | None = None
    if baseline is not None:
        identity = decode_identity(ref.get(baseline, "identity"), master)
        signers.record(identity, Phrase(AT_BASELINE, memory=memory_id[:80]))
        event = event_index.get(ref.py_str(baseline.get("event_id")))
        baseline_valid, baseline_reason = verify_baseline(baseline, memory, identity, event)
        if baseline_valid:
            chain.baseline = Baseline(
                _scalar(baseline.get("observed_weight_milli")),
                _scalar(baseline.get("observed_weight_float4")),
                _scalar(baseline.get("observed_at")),
                _scalar(baseline.get("event_id")),
                _scalar(baseline.get("signer_agent_id")),
                _scalar(baseline.get("certificate_fingerprint")),
            )

    def record(status: str, ok: bool, length: int, sigs: int, reason: str | None) -> MemoryRecord:
        return MemoryRecord(memory_id, status, ok, length, sigs, reason)

    if not projections:
        if baseline is not None:
            valid = bool(baseline_valid) and memory.get("retrieval_weight_float4") == ref.get(
                baseline, "observed_weight_float4"
            )
            reason = None if valid else baseline_reason or "baseline_terminal_weight_mismatch"
            return record("signed_initial_weight", valid, 0, 0, reason)
        default = ref.exact_hex(memory.get("retrieval_weight_float4"), 4, "memory_weight_invalid") == ONE
        return record(
            "default_empty_chain" if default else "unattested_initial_weight",
            default,
            0,
            0,
            None if default else "unattested_initial_weight",
        )
    try:
        ordered = order_projections(projections)
    except Reason as exc:
        return record("certified_chain", False, 0, 0, exc.reason)
    chain.steps = [_step(i, proj) for i, proj in enumerate(ordered)]
    previous_hash: bytes | None = None
    previous_milli: int | None = None
    signatures = 0
    for index, projection in enumerate(ordered):
        try:
            old = ref.integer(projection.get("old_weight_milli"), "projection_display_invalid", 100, 3000)
            new = ref.integer(projection.get("new_weight_milli"), "projection_display_invalid", 100, 3000)
            old_float = ref.exact_hex(projection.get("old_weight_float4"), 4, "projection_display_invalid")
            new_float = ref.exact_hex(projection.get("new_weight_float4"), 4, "projection_display_invalid")
        except Reason:
            return record("certified_chain", False, index, signatures, "projection_display_invalid")
        if old == new or old_float != ref.float4(old / 1000) or new_float != ref.float4(new / 1000):
            return record("certified_chain", False, index, signatures, "projection_display_invalid")
        if previous_milli is not None and old != previous_milli:
            return record("certified_chain", False, index, signatures, "continuity_break")
        provenance = projection.get("provenance")
        if not isinstance(provenance, dict):
            return record("certified_chain", False, index, signatures, "provenance_malformed_input")
        identity = decode_identity(provenance.get("identity"), master)
        signers.record(identity, Phrase(AT_PROJECTION, index=index, memory=memory_id[:80]))
        valid, reason = verify_provenance(provenance, identity)
        body: dict[str, Any] = provenance["body"] if isinstance(provenance.get("body"), dict) else {}
        bound = (
            provenance.get("event_type") == "REWEIGHT"
            and provenance.get("binding_schema_version") == 2
            and provenance.get("signer_agent_id") == HOUSEKEEPER
            and provenance.get("backfilled") is False
            and body.get("event_type") == "REWEIGHT"
            and body.get("company_id") == memory.get("company_id")
            and ref.py_str(body.get("memory_id")) == memory_id
            and ref.js_round(ref.py_float(body.get("old_weight")) * 1000) == old
            and ref.js_round(ref.py_float(body.get("new_weight")) * 1000) == new
            and projection.get("company_id") == memory.get("company_id")
            and projection.get("memory_id") == memory_id
            and projection.get("provenance_mutation_hash") == provenance.get("mutation_hash")
        )
        if not valid or not bound:
            return record(
                "certified_chain", False, index, signatures, f"provenance_{reason or 'event_type_invalid'}"
            )
        provenance_hash = ref.exact_hex(
            projection.get("provenance_mutation_hash"), 32, "projection_hash_invalid"
        )
        expected = projection_hash(memory_id, old, new, provenance_hash, previous_hash)
        if expected != ref.exact_hex(projection.get("projection_hash"), 32, "projection_hash_invalid"):
            return record("certified_chain", False, index, signatures, "projection_hash_invalid")
        transition = transition_hash(
            ref.py_str(memory.get("company_id")), memory_id, old, new, provenance_hash
        )
        signature = ref.exact_hex(projection.get("transition_signature"), 64, "transition_signature_invalid")
        if transition != ref.exact_hex(
            projection.get("transition_hash"), 32, "transition_hash_invalid"
        ) or not ref.verify_raw(identity.pubkey, transition, signature):
            return record("certified_chain", False, index, signatures, "transition_signature_invalid")
        chain.steps[index].verified = True
        previous_hash, previous_milli = expected, new
        signatures += 1
    first_old = ordered[0].get("old_weight_milli")
    length = len(ordered)
    if baseline is not None and (not baseline_valid or baseline.get("observed_weight_milli") != first_old):
        return record("certified_chain", False, length, signatures, "baseline_chain_anchor_invalid")
    if baseline is None and first_old != 1000:
        return record("certified_chain", False, length, signatures, "default_chain_anchor_invalid")
    assert previous_milli is not None
    terminal = ref.exact_hex(memory.get("retrieval_weight_float4"), 4, "terminal_weight_mismatch")
    ok = terminal == ref.float4(previous_milli / 1000)
    return record("certified_chain", ok, length, signatures, None if ok else "terminal_weight_mismatch")


def order_projections(projections: list[Any]) -> list[dict[str, Any]]:
    """The projections in chain order from the one genesis (:class:`Reason` fork, genesis,
    cycle or disconnected)."""
    by_hash: dict[str, Any] = {}
    child: dict[str, Any] = {}
    genesis: list[Any] = []
    for projection in projections:
        current = ref.py_str(ref.get(projection, "projection_hash", ""))
        previous = projection.get("previous_projection_hash")
        if current in by_hash:
            raise Reason("cognitive_projection_fork")
        if previous is not None:
            if not ref.hashable(previous):
                raise PyError("unhashable previous_projection_hash")
            if previous in child:
                raise Reason("cognitive_projection_fork")
        by_hash[current] = projection
        if previous is None:
            genesis.append(projection)
        else:
            child[ref.py_str(previous)] = projection
    if len(genesis) != 1:
        raise Reason("cognitive_projection_genesis_invalid")
    ordered: list[dict[str, Any]] = []
    visited: set[str] = set()
    current_proj: Any = genesis[0]
    while current_proj is not None:
        digest = ref.py_str(current_proj.get("projection_hash", ""))
        if digest in visited:
            raise Reason("cognitive_projection_cycle")
        visited.add(digest)
        ordered.append(current_proj)
        current_proj = child.get(digest)
    if len(ordered) != len(projections):
        raise Reason("cognitive_projection_disconnected")
    return ordered


def projection_hash(memory_id: str, old: int, new: int, provenance: bytes, previous: bytes | None) -> bytes:
    return ref.sha256(
        PROJECTION_DOMAIN
        + ref.uuid_bytes(memory_id, "cognitive_uuid_malformed")
        + ref.int64(old, "projection_weight_invalid")
        + ref.int64(new, "projection_weight_invalid")
        + provenance
        + (previous if previous is not None else bytes(32))
    )


def transition_hash(company: str, memory_id: str, old: int, new: int, provenance: bytes) -> bytes:
    if old == new or not 100 <= old <= 3000 or not 100 <= new <= 3000:
        raise Reason("cognitive_transition_weight_malformed")
    company_bytes = ref.utf8(company)
    return ref.sha256(
        TRANSITION_DOMAIN
        + len(company_bytes).to_bytes(4, "big", signed=True)
        + company_bytes
        + ref.uuid_bytes(memory_id, "cognitive_transition_identity_malformed")
        + ref.int64(old, "cognitive_transition_weight_malformed")
        + ref.int64(new, "cognitive_transition_weight_malformed")
        + provenance
    )


# --- provenance ------------------------------------------------------------------------------


def verify_provenance(provenance: dict[str, Any], identity: Identity) -> tuple[bool, str | None]:
    """The signed REWEIGHT node of a projection (HOM-AIMOS-v2.md §10.2): its inner reason."""
    return ref.malformed_as("provenance_malformed_input", _verify_provenance, provenance, identity)


def _verify_provenance(provenance: dict[str, Any], identity: Identity) -> tuple[bool, str | None]:
    body = provenance.get("body")
    if not isinstance(body, dict):
        return False, "signed_body_missing"
    content = ref.canonical_sha(body)
    if content != ref.exact_hex(provenance.get("content_hash"), 32, "content_hash_invalid"):
        return False, "signed_body_content_hash_mismatch"
    if ref.sha256(ref.utf8(identity.certificate)).hex() != provenance.get("certificate_fingerprint"):
        return False, "signer_certificate_fingerprint_mismatch"
    signed_at_value = provenance.get("signed_at")
    if (
        provenance.get("request_signature_form", 1) == 5
        and isinstance(signed_at_value, float)
        and signed_at_value.is_integer()
    ):
        signed_at_value = int(signed_at_value)  # request form 5 accepts an integral float
    try:
        signed_at = ref.integer(signed_at_value, "provenance_time_invalid", 1)
    except Reason as exc:
        return False, exc.reason
    identity_valid, identity_reason = verify_identity_epoch(identity, signed_at)
    if (
        not identity_valid
        or provenance.get("signer_agent_id") != identity.agent_id
        or provenance.get("signer_valid_from") != identity.valid_from
    ):
        reason = (
            "signer_revoked_before_evidence"
            if identity_reason == "identity_revoked_before_signature"
            else identity_reason
        )
        if reason == "identity_epoch_mismatch":
            reason = "signer_certificate_row_mismatch"
        return False, reason or "signer_certificate_row_mismatch"
    previous_value = provenance.get("previous_mutation_hash")
    if provenance.get("is_genesis") != (previous_value is None):
        return False, "provenance_genesis_shape_invalid"
    request_form = ref.py_int(provenance.get("request_signature_form", 1))
    signature_form = ref.py_int(provenance.get("signature_form", 1))
    claims = provenance.get("signed_claims")
    tier = provenance.get("identity_tier")
    if not ref.hashable(tier):
        raise PyError("unhashable identity_tier")
    if request_form == 5 and signature_form == 2:
        return False, "request_signature_form_invalid"
    if tier in ELEVATED and request_form not in (4, 5):
        return False, "elevated_provenance_requires_form4"
    if request_form == 4 or (request_form == 5 and tier in ELEVATED):
        if not isinstance(claims, dict):
            return False, "signed_chain_claim_invalid"
        if len(ref.b64u_lenient(claims.get("prev_chain_hash"), "signed_chain_claim_invalid")) != 32:
            return False, "signed_chain_claim_invalid"
        if tier == "T3" and claims.get("device_fp") != identity.device_fingerprint:
            return False, "signed_device_claim_mismatch"
    signature = ref.exact_hex(provenance.get("signature"), 64, "signature_missing")
    nonce = ref.py_str(provenance.get("nonce", ""))
    valid, reason = stored_signature(
        identity.pubkey,
        body,
        nonce,
        signed_at,
        signature,
        signature_form=signature_form,
        request_signature_form=request_form,
        memory_originated_at=provenance.get("memory_originated_at"),
        method=provenance.get("signed_method"),
        path=provenance.get("signed_path"),
        claims=claims,
    )
    if not valid:
        return False, reason or "signature_invalid"
    parts = [content]
    if previous_value is not None:
        parts.append(ref.exact_hex(previous_value, 32, "previous_hash_invalid"))
    parts += [ref.utf8(nonce), str(signed_at).encode("ascii")]
    if signature_form == 2:
        parts.append(ref.utf8(ref.py_str(provenance.get("memory_originated_at"))))
    if ref.sha256(b"".join(parts)) != ref.exact_hex(
        provenance.get("mutation_hash"), 32, "mutation_hash_invalid"
    ):
        return False, "mutation_hash_mismatch"
    if provenance.get("event_type") != "REWEIGHT" or body.get("event_type") != "REWEIGHT":
        return False, "signed_body_event_type_mismatch"
    return True, None


# --- baseline --------------------------------------------------------------------------------


def verify_baseline(
    baseline: dict[str, Any], memory: dict[str, Any], identity: Identity, event: dict[str, Any] | None
) -> tuple[bool, str | None]:
    """A housekeeper-signed attestation of a non-default initial weight, bound to its event."""
    return ref.malformed_as("baseline_binding_invalid", _verify_baseline, baseline, memory, identity, event)


def _verify_baseline(
    baseline: dict[str, Any], memory: dict[str, Any], identity: Identity, event: dict[str, Any] | None
) -> tuple[bool, str | None]:
    observed_float4 = ref.exact_hex(baseline.get("observed_weight_float4"), 4, "baseline_float4_invalid")
    observed = ref.float4_value(observed_float4)
    identity_valid, identity_reason = verify_identity_epoch(identity, ref.py_int(baseline.get("observed_at")))
    fingerprint = ref.sha256(ref.utf8(identity.certificate)).hex()
    exact = (
        baseline.get("company_id") == memory.get("company_id")
        and baseline.get("memory_id") == memory.get("memory_id")
        and baseline.get("live_content_hash") == memory.get("content_hash")
        and observed_float4 != ONE
        and ref.js_round(observed * 1000) == baseline.get("observed_weight_milli")
        and baseline.get("attestation_reason") == "retained_nondefault_weight_baseline"
        and baseline.get("historical_origin_claimed") is False
        and baseline.get("signer_agent_id") == HOUSEKEEPER
        and baseline.get("signer_valid_from") == identity.valid_from
        and baseline.get("certificate_fingerprint") == fingerprint
        and identity_valid
    )
    if not exact:
        return False, identity_reason or "baseline_binding_invalid"
    if (
        event is None
        or event.get("event_id") != baseline.get("event_id")
        or event.get("mutation_hash") != baseline.get("event_mutation_hash")
    ):
        return False, "baseline_event_missing"
    event_epoch_valid, _ = verify_identity_epoch(identity, ref.py_int(event.get("signed_at")))
    if (
        event.get("company_id") != baseline.get("company_id")
        or event.get("signer_agent_id") != baseline.get("signer_agent_id")
        or event.get("signer_valid_from") != baseline.get("signer_valid_from")
        or event.get("certificate_fingerprint") != baseline.get("certificate_fingerprint")
        or event.get("event_stream_verified") is not True
        or abs(ref.py_int(event.get("signed_at")) - ref.py_int(baseline.get("observed_at"))) > 5
        or not event_epoch_valid
    ):
        return False, "baseline_event_epoch_invalid"
    event_valid, event_reason = verify_event(event, identity)
    if not event_valid:
        return False, f"baseline_event_{event_reason}"
    metadata = event.get("metadata")
    if (
        not isinstance(metadata, dict)
        or event.get("operation") != BASELINE_OPERATION
        or event.get("key") != memory.get("memory_id")
        or metadata.get("schema") != BASELINE_METADATA_SCHEMA
        or metadata.get("observed_weight_float4") != observed_float4.hex()
        or metadata.get("weight_milli") != baseline.get("observed_weight_milli")
        or metadata.get("observed_ts") != baseline.get("observed_at")
        or metadata.get("memory_content_hash") != memory.get("content_hash")
        or metadata.get("historical_origin_claimed") is not False
        or metadata.get("canonical_memory_mutation") is not False
    ):
        return False, "baseline_event_binding_invalid"
    company = ref.utf8(ref.py_str(baseline.get("company_id")))
    expected = ref.sha256(
        BASELINE_DOMAIN
        + len(company).to_bytes(4, "big", signed=True)
        + company
        + ref.uuid_bytes(baseline.get("memory_id"), "cognitive_baseline_memory_malformed")
        + ref.uuid_bytes(baseline.get("event_id"), "cognitive_baseline_event_malformed")
        + ref.exact_hex(baseline.get("event_mutation_hash"), 32, "baseline_event_invalid")
        + ref.exact_hex(baseline.get("live_content_hash"), 32, "baseline_content_invalid")
        + observed_float4
        + ref.int64(ref.py_int(baseline.get("observed_weight_milli")), "cognitive_baseline_weight_malformed")
        + ref.int64(ref.py_int(baseline.get("observed_at")), "cognitive_baseline_observation_malformed")
        + ref.int64(identity.valid_from, "cognitive_baseline_epoch_malformed")
        + ref.exact_hex(baseline.get("certificate_fingerprint"), 32, "baseline_certificate_invalid")
    )
    if expected != ref.exact_hex(baseline.get("baseline_hash"), 32, "baseline_hash_invalid"):
        return False, "baseline_hash_invalid"
    signature = ref.exact_hex(baseline.get("signature"), 64, "baseline_signature_invalid")
    if not ref.verify_raw(identity.pubkey, expected, signature):
        return False, "baseline_signature_invalid"
    return True, None


# --- views -----------------------------------------------------------------------------------


def _scalar(v: Any) -> Any:
    return v if v is None or isinstance(v, str | int | float | bool) else None


def _chain_view(memory: dict[str, Any], memory_id: str) -> MemoryChain:
    return MemoryChain(
        memory_id,
        _scalar(memory.get("content_hash")),
        _scalar(memory.get("retrieval_weight_milli")),
        _scalar(memory.get("retrieval_weight_float4")),
        None,
        [],
    )


def _step(i: int, proj: dict[str, Any]) -> WeightStep:
    prov = proj.get("provenance")
    prov = prov if isinstance(prov, dict) else {}
    body = prov.get("body")
    body = body if isinstance(body, dict) else {}
    pid = proj.get("projection_id")
    return WeightStep(
        index=i,
        projection_id=pid if isinstance(pid, str) else "",
        old_weight_milli=_scalar(proj.get("old_weight_milli")),
        new_weight_milli=_scalar(proj.get("new_weight_milli")),
        old_weight_float4=_scalar(proj.get("old_weight_float4")),
        new_weight_float4=_scalar(proj.get("new_weight_float4")),
        old_weight=_scalar(body.get("old_weight")),
        new_weight=_scalar(body.get("new_weight")),
        judge_valence=_scalar(body.get("judge_valence")),
        signed_at=_scalar(prov.get("signed_at")),
        signer_agent_id=_scalar(prov.get("signer_agent_id")),
        certificate_fingerprint=_scalar(prov.get("certificate_fingerprint")),
        signature_form=_scalar(prov.get("signature_form")),
        request_signature_form=_scalar(prov.get("request_signature_form")),
        identity_tier=_scalar(prov.get("identity_tier")),
    )
