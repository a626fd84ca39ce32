"""Cognitive evidence bundles (``hom.aimos.mutmem-cognitive-evidence/v1``): weight chains.

The checks run in the reference's order (HOM-AIMOS.md §1.6):

1. parse (done by the caller); 2. exact schema; 3. master fingerprint;
4. event streams, each judged but not raised; 5. memory order, content hash and weight
mirror (raised); 6. each memory's record: baseline, projection ordering (fork → genesis
count → cycle → disconnected), then per projection in chain order (display → continuity →
provenance → binding → projection hash → transition hash and signature), then the anchor
and the terminal weight; 7. SQL parity.

The verdict's reason is the first invalid stream, else the first failing record, else
parity.  The records (``view.records``) hash into ``proof_root``.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Phrase
from . import prims as p
from .identity import Trust, check_identity, identity_shape_ok
from .outcome import (
    AT_BASELINE,
    AT_EVENT,
    AT_MEMORY,
    AT_PROJECTION,
    THE_DOCUMENT,
    THE_TOP_LEVEL,
    Outcome,
    Stop,
    at_certificate,
)
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
MEMORY_KEYS = frozenset(
    {
        "memory_id",
        "company_id",
        "content_hash",
        "retrieval_weight_milli",
        "retrieval_weight_float4",
        "baseline",
        "projections",
    }
)
SQL_KEYS = frozenset(
    {"memory_id", "certification_status", "ok", "chain_length", "signatures_verified", "reason"}
)
PROJECTION_KEYS = frozenset(
    {
        "projection_id",
        "company_id",
        "memory_id",
        "old_weight_milli",
        "new_weight_milli",
        "old_weight_float4",
        "new_weight_float4",
        "provenance_mutation_hash",
        "previous_projection_hash",
        "projection_hash",
        "transition_hash",
        "transition_signature",
        "provenance",
    }
)
PROVENANCE_KEYS = frozenset(
    {
        "provenance_id",
        "body",
        "content_hash",
        "mutation_hash",
        "previous_mutation_hash",
        "signed_at",
        "nonce",
        "signature",
        "event_type",
        "binding_schema_version",
        "signer_agent_id",
        "signer_valid_from",
        "certificate_fingerprint",
        "identity_tier",
        "signature_form",
        "request_signature_form",
        "signed_method",
        "signed_path",
        "signed_claims",
        "is_genesis",
        "backfilled",
        "memory_originated_at",
        "identity",
    }
)
BODY_KEYS = frozenset(
    {
        "event_type",
        "company_id",
        "memory_id",
        "old_weight",
        "new_weight",
        "judge_valence",
        "governor_flag",
        "reason",
        "ts_signed",
    }
)
BASELINE_KEYS = frozenset(
    {
        "baseline_id",
        "company_id",
        "memory_id",
        "event_id",
        "event_mutation_hash",
        "live_content_hash",
        "observed_weight_milli",
        "observed_weight_float4",
        "observed_at",
        "attestation_reason",
        "historical_origin_claimed",
        "signer_agent_id",
        "signer_valid_from",
        "certificate_fingerprint",
        "baseline_hash",
        "signature",
        "identity",
    }
)
STREAM_KEYS = frozenset({"signer_agent_id", "signer_valid_from", "identity", "events"})
EVENT_KEYS = frozenset(
    {
        "event_id",
        "company_id",
        "subject_agent_id",
        "signer_agent_id",
        "signer_valid_from",
        "certificate_fingerprint",
        "identity_tier",
        "authority_kind",
        "operation",
        "key",
        "metadata",
        "parent_event_id",
        "ledger_sequence",
        "previous_mutation_hash",
        "content_hash",
        "mutation_hash",
        "signed_at",
        "nonce",
        "signature",
        "proof_required",
        "ledger_version",
        "signed_body",
    }
)
EVENT_BODY_KEYS = frozenset(
    {
        "event_id",
        "company_id",
        "subject_agent_id",
        "signer_agent_id",
        "signer_valid_from",
        "cert_fingerprint",
        "identity_tier",
        "authority_kind",
        "operation",
        "key",
        "metadata",
        "parent_event_id",
        "ledger_seq",
        "prev_mutation_hash",
        "ts_signed",
    }
)
# event field -> signed body field carrying the same value
EVENT_MIRROR = {
    "event_id": "event_id",
    "company_id": "company_id",
    "subject_agent_id": "subject_agent_id",
    "signer_agent_id": "signer_agent_id",
    "certificate_fingerprint": "cert_fingerprint",
    "identity_tier": "identity_tier",
    "authority_kind": "authority_kind",
    "operation": "operation",
    "key": "key",
    "metadata": "metadata",
    "parent_event_id": "parent_event_id",
    "ledger_sequence": "ledger_seq",
    "previous_mutation_hash": "prev_mutation_hash",
    "signed_at": "ts_signed",
}
BASELINE_OPERATION = "cognitive_initial_weight_attested"
UNSUPPORTED_FORMS = {2, 3, 4}
UNSUPPORTED_TIERS = {"T2", "T3"}


class Fail(Exception):
    """A memory's record fails with ``reason`` at ``where``."""

    def __init__(self, reason: str, where: str, detail: str = "", expected: Any = None, found: Any = None):
        super().__init__(reason)
        self.reason = reason
        self.where = where
        self.detail = detail
        self.expected = expected
        self.found = found


class Unsupported(Exception):
    def __init__(self, where: str, detail: str):
        super().__init__(detail)
        self.where = where
        self.detail = detail


def same(a: Any, b: Any) -> bool:
    """JSON equality that also tells ``1`` from ``true`` and ``1`` from ``1.0``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def verify_cognitive(doc: Any, out: Outcome, view: HomView) -> tuple[list[MemoryRecord], bool]:
    """Judge a cognitive bundle into ``out`` and ``view``; return the records and whether all are
    decidable.  Raises :class:`Stop` after a raised step (no records then)."""
    _schema(doc, out)
    view.company_id = doc["company_id"]
    trust = _master(doc, out, view)
    verified_events = _streams(doc, out, view, trust)
    _memory_content(doc, out)
    records: list[MemoryRecord] = []
    decidable = True
    for mem in doc["memories"]:
        rec, chain = _memory(mem, doc["company_id"], trust, verified_events, out)
        records.append(rec)
        view.memories.append(chain)
        decidable = decidable and rec.supported
    view.records = records
    if decidable:
        expected = [
            {("signatures_verified" if k == "sigs_verified" else k): v for k, v in r.reference_json().items()}
            for r in records
        ]
        view.parity = same(doc["sql_records"], expected)
        if not view.parity:
            out.error(
                "cognitive_evidence_sql_parity_mismatch",
                "bundle",
                "sql_records",
                detail=_parity_detail(doc["sql_records"], expected),
            )
    for fpr, where in trust.self_issued.items():
        out.note("self_issued_certificate", "certificate", fpr, where=at_certificate(where, fpr))
    return records, decidable


# --- 2. schema ----------------------------------------------------------------------------


def _schema(doc: Any, out: Outcome) -> None:
    def bad(where: str, detail: str = "") -> Stop:
        return out.stop(
            "cognitive_evidence_bundle_schema_invalid", "bundle", where, where=where, detail=detail
        )

    if not isinstance(doc, dict):
        raise bad(Phrase(THE_DOCUMENT), "not a JSON object")
    if set(doc) != TOP_KEYS:
        extra = sorted(set(doc) - TOP_KEYS)[:5]
        missing = sorted(TOP_KEYS - set(doc))
        raise bad(Phrase(THE_TOP_LEVEL), f"unknown keys {extra}, missing keys {missing}")
    if not same(doc["format"], FORMAT):
        raise bad("format", "format is not exactly the v1 format object")
    if not p.is_str(doc["company_id"]):
        raise bad("company_id")
    mi = doc["master_identity"]
    if not isinstance(mi, dict) or set(mi) != {"public_key_b64u", "fingerprint"}:
        raise bad("master_identity")
    if not all(isinstance(mi[k], str) for k in mi):
        raise bad("master_identity")
    for key in ("event_streams", "memories", "sql_records"):
        if not isinstance(doc[key], list):
            raise bad(key, "not a list")
    for i, mem in enumerate(doc["memories"]):
        if not isinstance(mem, dict) or set(mem) != MEMORY_KEYS:
            raise bad(f"memories[{i}]")
    for i, rec in enumerate(doc["sql_records"]):
        if not isinstance(rec, dict) or set(rec) != SQL_KEYS:
            raise bad(f"sql_records[{i}]")


# --- 3. master ----------------------------------------------------------------------------


def _master(doc: dict[str, Any], out: Outcome, view: HomView) -> Trust:
    mi = doc["master_identity"]
    computed = p.key_fingerprint(mi["public_key_b64u"])
    view.master = Master(mi["public_key_b64u"], mi["fingerprint"], computed)
    if computed is None or not p.is_hex64(mi["fingerprint"]) or computed != mi["fingerprint"]:
        raise out.stop(
            "cognitive_evidence_master_fingerprint_mismatch",
            "master",
            "master_identity",
            where="master_identity",
            expected=computed,
            found=mi["fingerprint"],
        )
    return Trust(mi["public_key_b64u"], computed, view)


# --- 4. event streams ---------------------------------------------------------------------


def _streams(doc: dict[str, Any], out: Outcome, view: HomView, trust: Trust) -> dict[str, dict[str, Any]]:
    """Judge each stream; return the events of the valid ones by event_id."""
    verified: dict[str, dict[str, Any]] = {}
    company = doc["company_id"]
    for si, stream in enumerate(doc["event_streams"]):
        where = f"event_streams[{si}]"
        sv = EventStream(stream.get("signer_agent_id") if isinstance(stream, dict) else None, True, None)
        view.streams.append(sv)
        reason, at, detail = _stream(stream, si, company, trust, sv)
        if reason is not None:
            sv.ok, sv.reason = False, reason
            out.error(reason, "event_stream", at or where, where=at or where, detail=detail)
            continue
        for ev in stream["events"]:
            verified.setdefault(ev["event_id"], ev)
    return verified


def _stream(stream: Any, si: int, company: str, trust: Trust, sv: EventStream) -> tuple[str | None, str, str]:
    where = f"event_streams[{si}]"
    if not isinstance(stream, dict) or set(stream) != STREAM_KEYS or not isinstance(stream["events"], list):
        return "event_ledger_schema_invalid", where, "stream keys"
    ident = stream["identity"]
    if (
        not identity_shape_ok(ident)
        or not p.is_str(stream["signer_agent_id"])
        or not p.is_int(stream["signer_valid_from"])
    ):
        return "event_ledger_schema_invalid", where, "stream identity"
    if ident["agent_id"] != stream["signer_agent_id"] or ident["valid_from"] != stream["signer_valid_from"]:
        return "cognitive_evidence_event_identity_epoch_invalid", where, "identity epoch"
    valid_from_iso = p.iso_millis(stream["signer_valid_from"])
    if valid_from_iso is None:
        return "cognitive_evidence_event_identity_epoch_invalid", where, "signer_valid_from"
    prev = p.event_genesis(company, stream["signer_agent_id"], valid_from_iso)
    for ei, ev in enumerate(stream["events"]):
        at = f"{where}.events[{ei}]"
        if not _event_shape(ev):
            return "event_ledger_schema_invalid", at, "event keys"
        sv.events.append(
            StreamEvent(ev["event_id"], ev["operation"], ev["ledger_sequence"], ev["signed_at"], False)
        )
        body = ev["signed_body"]
        body_bytes = p.canonical_bytes(body)
        if body_bytes is None or p.sha256(body_bytes).hex() != ev["content_hash"]:
            return "event_ledger_content_hash_mismatch", at, ""
        inner = check_identity(
            ident,
            signer_agent_id=ev["signer_agent_id"],
            signer_valid_from=ev["signer_valid_from"],
            certificate_fingerprint=ev["certificate_fingerprint"],
            ts=ev["signed_at"],
            trust=trust,
            used_by=Phrase(AT_EVENT, event=ev["event_id"]),
        )
        if inner is not None:
            return "event_ledger_certificate_invalid:" + inner, at, inner
        mirrored = all(same(ev[k], body[b]) for k, b in EVENT_MIRROR.items())
        if (
            not mirrored
            or ev["company_id"] != company
            or ev["signer_agent_id"] != stream["signer_agent_id"]
            or ev["signer_valid_from"] != stream["signer_valid_from"]
            or body["signer_valid_from"] != valid_from_iso
            or ev["ledger_sequence"] != ei + 1
        ):
            return "event_ledger_binding_invalid", at, "stored fields vs signed body"
        if (
            ev["previous_mutation_hash"] != prev
            or p.event_link(prev, ev["content_hash"], ev["nonce"], ev["signed_at"]) != ev["mutation_hash"]
        ):
            return "event_ledger_link_invalid", at, ""
        msg = p.ledger_message(body_bytes, ev["nonce"], ev["signed_at"])
        if not p.verify_ed25519(ident["pubkey_b64u"], p.hex_sig(ev["signature"]), msg):
            return "event_ledger_signature_invalid", at, ""
        sv.events[-1].ok = True
        prev = ev["mutation_hash"]
    return None, where, ""


def _event_shape(ev: Any) -> bool:
    if not isinstance(ev, dict) or set(ev) != EVENT_KEYS:
        return False
    body = ev["signed_body"]
    if not isinstance(body, dict) or set(body) != EVENT_BODY_KEYS:
        return False
    return (
        p.is_str(ev["event_id"])
        and all(p.is_hex64(ev[k]) for k in ("previous_mutation_hash", "content_hash", "mutation_hash"))
        and p.is_hex128(ev["signature"])
        and p.is_str(ev["nonce"])
        and p.is_int(ev["signed_at"])
        and p.is_int(ev["ledger_sequence"])
        and p.is_int(ev["signer_valid_from"])
        and isinstance(ev["metadata"], dict)
        and isinstance(ev["operation"], str)
    )


# --- 5. memory order, content hash, weight mirror ------------------------------------------


def _memory_content(doc: dict[str, Any], out: Outcome) -> None:
    previous: str | None = None
    for i, mem in enumerate(doc["memories"]):
        where = f"memories[{i}]"
        mid = mem["memory_id"]

        def bad(what: str, where: str = where) -> Stop:
            return out.stop(
                "cognitive_evidence_memory_content_invalid", "memory", where, where=where, detail=what
            )

        if not p.is_uuid(mid):
            raise bad("memory_id")
        if previous is not None and not mid > previous:
            raise out.stop(
                "cognitive_evidence_memory_order_invalid",
                "memory",
                mid,
                where=where,
                found=mid,
                expected=f"> {previous}",
            )
        previous = mid
        if mem["company_id"] != doc["company_id"]:
            raise bad("company_id")
        if not p.is_hex64(mem["content_hash"]):
            raise bad("content_hash")
        milli = mem["retrieval_weight_milli"]
        if not p.is_int(milli) or not p.MIN_MILLI <= milli <= p.MAX_MILLI:
            raise bad("retrieval_weight_milli")
        if mem["retrieval_weight_float4"] != p.float4(milli):
            raise bad("retrieval_weight_float4")
        if not (mem["baseline"] is None or isinstance(mem["baseline"], dict)):
            raise bad("baseline")
        if not isinstance(mem["projections"], list):
            raise bad("projections")


# --- 6. one memory -------------------------------------------------------------------------


def _status(mem: dict[str, Any]) -> str:
    if mem["projections"]:
        return "certified_chain"
    if mem["baseline"] is not None:
        return "signed_initial_weight"
    if mem["retrieval_weight_milli"] == p.DEFAULT_MILLI:
        return "default_empty_chain"
    return "unattested_initial_weight"


def _memory(
    mem: dict[str, Any], company: str, trust: Trust, events: dict[str, dict[str, Any]], out: Outcome
) -> tuple[MemoryRecord, MemoryChain]:
    """The memory's record (decided by its first failing check, as the reference does) and its
    chain view.  Checks that do not depend on a failed one still run after it; what they find
    is reported as additional findings."""
    mid = mem["memory_id"]
    where = Phrase(AT_MEMORY, memory=mid)
    chain_view = MemoryChain(
        mid, mem["content_hash"], mem["retrieval_weight_milli"], mem["retrieval_weight_float4"], None, []
    )
    rec = MemoryRecord(mid, _status(mem), True, 0, 0, None)
    problems: list[Fail | Unsupported] = []

    def attempt(check: Any, *args: Any) -> bool:
        try:
            check(*args)
        except (Fail, Unsupported) as exc:
            problems.append(exc)
            return False
        return True

    def require(ok: bool, reason: str, expected: Any, found: Any) -> None:
        if not ok:
            problems.append(Fail(reason, where, expected=expected, found=found))

    base = mem["baseline"]
    if base is not None and attempt(_baseline, base, mem, company, trust, events):
        chain_view.baseline = Baseline(
            base["observed_weight_milli"],
            base["observed_weight_float4"],
            base["observed_at"],
            base["event_id"],
            base["signer_agent_id"],
            base["certificate_fingerprint"],
        )
    anchor = base.get("observed_weight_milli") if isinstance(base, dict) else None
    declared = mem["retrieval_weight_milli"]
    projections = mem["projections"]
    done = 0
    if not projections:
        if base is None:
            require(declared == p.DEFAULT_MILLI, "unattested_initial_weight", p.DEFAULT_MILLI, declared)
        else:
            require(declared == anchor, "terminal_weight_mismatch", anchor, declared)
    else:
        chain: list[dict[str, Any]] = []
        try:
            chain = _order(projections, mid)
        except Fail as f:
            problems.append(f)
        chain_view.steps = [_step(i, proj) for i, proj in enumerate(chain)]
        for i, proj in enumerate(chain):
            if attempt(_projection, i, proj, chain[i - 1] if i else None, mem, company, trust):
                chain_view.steps[i].verified = True
                if not problems:
                    done += 1
        if chain:
            first_old = chain[0]["old_weight_milli"]
            if base is None:
                require(first_old == p.DEFAULT_MILLI, "unattested_initial_weight", p.DEFAULT_MILLI, first_old)
            else:
                require(first_old == anchor, "initial_weight_anchor_invalid", anchor, first_old)
            last_new = chain[-1]["new_weight_milli"]
            require(declared == last_new, "terminal_weight_mismatch", last_new, declared)
    rec.chain_length = rec.sigs_verified = done
    if problems:
        first = problems[0]
        rec.ok = False
        if isinstance(first, Fail):
            rec.reason = first.reason
        else:
            rec.reason, rec.supported = "unsupported_signature_form", False
    for exc in problems:
        if isinstance(exc, Fail):
            out.error(
                exc.reason,
                "memory",
                mid,
                where=exc.where,
                detail=exc.detail,
                expected=exc.expected,
                found=exc.found,
            )
        else:
            out.undecidable("unsupported_signature_form", "memory", mid, where=exc.where, detail=exc.detail)
    return rec, chain_view


def _step(i: int, proj: dict[str, Any]) -> WeightStep:
    prov = proj.get("provenance")
    prov = prov if isinstance(prov, dict) else {}
    body = prov.get("body")
    body = body if isinstance(body, dict) else {}
    return WeightStep(
        index=i,
        projection_id=pid if isinstance(pid := proj.get("projection_id"), str) else "",
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
    )


def _scalar(v: Any) -> Any:
    return v if v is None or isinstance(v, str | int | float | bool) else None


def _order(projections: list[Any], mid: str) -> list[dict[str, Any]]:
    """The projections in chain order, genesis first; :class:`Fail` on a bad shape."""
    where = Phrase(AT_MEMORY, memory=mid)
    for i, proj in enumerate(projections):
        if (
            not isinstance(proj, dict)
            or set(proj) != PROJECTION_KEYS
            or not p.is_hex64(proj["projection_hash"])
            or not (proj["previous_projection_hash"] is None or p.is_hex64(proj["previous_projection_hash"]))
        ):
            raise Fail("projection_schema_invalid", f"projection {i} of {where}")
    by_hash: dict[str, dict[str, Any]] = {}
    for proj in projections:
        if proj["projection_hash"] in by_hash:
            raise Fail("cognitive_projection_duplicate", where, found=proj["projection_hash"])
        by_hash[proj["projection_hash"]] = proj
    successor: dict[str | None, dict[str, Any]] = {}
    for proj in projections:
        prev = proj["previous_projection_hash"]
        if prev is not None and prev in successor:
            raise Fail("cognitive_projection_fork", where, found=prev)
        successor[prev] = proj
    geneses = [q for q in projections if q["previous_projection_hash"] is None]
    if len(geneses) != 1:
        raise Fail("cognitive_projection_genesis_invalid", where, found=f"{len(geneses)} genesis projections")
    # a cycle: following predecessors from some projection comes back to it
    state: dict[str, int] = {}
    for start in projections:
        path: list[str] = []
        h: str | None = start["projection_hash"]
        while h is not None and h in by_hash and state.get(h) is None:
            state[h] = 1
            path.append(h)
            h = by_hash[h]["previous_projection_hash"]
        if h is not None and state.get(h) == 1:
            raise Fail("cognitive_projection_cycle", where)
        for x in path:
            state[x] = 2
    chain = [geneses[0]]
    while chain[-1]["projection_hash"] in successor and len(chain) <= len(projections):
        chain.append(successor[chain[-1]["projection_hash"]])
    if len(chain) != len(projections):
        raise Fail(
            "cognitive_projection_disconnected", where, found=f"{len(chain)} of {len(projections)} reachable"
        )
    return chain


def _projection(
    i: int,
    proj: dict[str, Any],
    prev: dict[str, Any] | None,
    mem: dict[str, Any],
    company: str,
    trust: Trust,
) -> None:
    mid = mem["memory_id"]
    where = Phrase(AT_PROJECTION, index=i, memory=mid)
    # display / range / no-op
    old, new = proj["old_weight_milli"], proj["new_weight_milli"]
    if (
        not p.is_int(old)
        or not p.is_int(new)
        or not p.MIN_MILLI <= old <= p.MAX_MILLI
        or not p.MIN_MILLI <= new <= p.MAX_MILLI
        or old == new
        or proj["old_weight_float4"] != p.float4(old)
        or proj["new_weight_float4"] != p.float4(new)
    ):
        raise Fail("projection_display_invalid", where, found=f"{old!r} → {new!r}")
    if prev is not None and old != prev["new_weight_milli"]:
        raise Fail("continuity_break", where, expected=prev["new_weight_milli"], found=old)
    _provenance(proj["provenance"], where, trust)
    prov = proj["provenance"]
    body = prov["body"]
    if (
        body["memory_id"] != mid
        or proj["memory_id"] != mid
        or body["company_id"] != mem["company_id"]
        or proj["company_id"] != mem["company_id"]
        or mem["company_id"] != company
        or p.milli_of(body["old_weight"]) != old
        or p.milli_of(body["new_weight"]) != new
        or body["ts_signed"] != prov["signed_at"]
        or proj["provenance_mutation_hash"] != prov["mutation_hash"]
    ):
        raise Fail("provenance_event_type_invalid", where, detail="memory, tenant or weights")
    for key in ("provenance_mutation_hash", "transition_hash"):
        if not p.is_hex64(proj[key]):
            raise Fail("projection_schema_invalid", where, detail=key)
    if not p.is_uuid(proj["memory_id"]):
        raise Fail("projection_schema_invalid", where, detail="memory_id")
    expected = p.projection_hash(
        proj["memory_id"], old, new, proj["provenance_mutation_hash"], proj["previous_projection_hash"]
    )
    if expected != proj["projection_hash"]:
        raise Fail("projection_hash_mismatch", where, expected=expected, found=proj["projection_hash"])
    th = p.transition_hash(company, mid, old, new, proj["provenance_mutation_hash"])
    if th != proj["transition_hash"]:
        raise Fail("transition_hash_mismatch", where, expected=th, found=proj["transition_hash"])
    sig = p.hex_sig(proj["transition_signature"])
    if not p.verify_ed25519(prov["identity"]["pubkey_b64u"], sig, bytes.fromhex(th)):
        raise Fail("transition_signature_invalid", where)


def _provenance(prov: Any, where: str, trust: Trust) -> None:
    """The provenance checks in the reference's order; :class:`Fail` with ``provenance_<inner>``."""

    def fail(inner: str, **kw: Any) -> Fail:
        return Fail("provenance_" + inner, where, **kw)

    if not _provenance_shape(prov):
        raise fail("schema_invalid")
    body = prov["body"]
    body_bytes = p.canonical_bytes(body)
    if body_bytes is None or p.sha256(body_bytes).hex() != prov["content_hash"]:
        raise fail("signed_body_content_hash_mismatch", found=prov["content_hash"])
    inner = check_identity(
        prov["identity"],
        signer_agent_id=prov["signer_agent_id"],
        signer_valid_from=prov["signer_valid_from"],
        certificate_fingerprint=prov["certificate_fingerprint"],
        ts=prov["signed_at"],
        trust=trust,
        used_by=where,
    )
    if inner is not None:
        raise fail(inner)
    if prov["is_genesis"] != (prov["previous_mutation_hash"] is None):
        raise fail("genesis_invalid")
    tier, form, rform = prov["identity_tier"], prov["signature_form"], prov["request_signature_form"]
    if tier in UNSUPPORTED_TIERS or form in UNSUPPORTED_FORMS or rform in UNSUPPORTED_FORMS:
        raise Unsupported(
            where, f"identity tier {tier!r:.20}, signature form {form!r:.20}, request form {rform!r:.20}"
        )
    extras = ("signed_method", "signed_path", "signed_claims", "memory_originated_at")
    if tier != "T1" or form != 1 or rform != 1 or any(prov[k] is not None for k in extras):
        raise fail("tier_form_invalid", found=f"{tier!r:.20}/{form!r:.20}/{rform!r:.20}")
    msg = p.ledger_message(body_bytes, prov["nonce"], prov["signed_at"])
    if not p.verify_ed25519(prov["identity"]["pubkey_b64u"], p.hex_sig(prov["signature"]), msg):
        raise fail("signature_invalid")
    mh = p.provenance_mutation_hash(
        prov["content_hash"], prov["previous_mutation_hash"], prov["nonce"], prov["signed_at"]
    )
    if mh != prov["mutation_hash"]:
        raise fail("mutation_hash_mismatch", expected=mh, found=prov["mutation_hash"])
    if prov["event_type"] != body["event_type"]:
        raise fail("signed_body_event_type_mismatch", expected=body["event_type"], found=prov["event_type"])
    if body["event_type"] != "REWEIGHT":
        raise fail("event_type_invalid", found=body["event_type"])


def _provenance_shape(prov: Any) -> bool:
    if not isinstance(prov, dict) or set(prov) != PROVENANCE_KEYS:
        return False
    body = prov["body"]
    if not isinstance(body, dict) or set(body) != BODY_KEYS:
        return False
    return (
        p.is_hex64(prov["content_hash"])
        and p.is_hex64(prov["mutation_hash"])
        and (prov["previous_mutation_hash"] is None or p.is_hex64(prov["previous_mutation_hash"]))
        and p.is_int(prov["signed_at"])
        and p.is_str(prov["nonce"])
        and p.is_hex128(prov["signature"])
        and prov["binding_schema_version"] == 2
        and p.is_int(prov["binding_schema_version"])
        and isinstance(prov["is_genesis"], bool)
        and isinstance(prov["backfilled"], bool)
        and isinstance(prov["event_type"], str)
        and isinstance(body["event_type"], str)
        and isinstance(prov["identity_tier"], str)
        and p.is_int(prov["signature_form"])
        and p.is_int(prov["request_signature_form"])
        and identity_shape_ok(prov["identity"])
    )


def _baseline(
    base: dict[str, Any], mem: dict[str, Any], company: str, trust: Trust, events: dict[str, dict[str, Any]]
) -> None:
    mid = mem["memory_id"]
    where = Phrase(AT_MEMORY, memory=mid)
    if set(base) != BASELINE_KEYS or not _baseline_shape(base):
        raise Fail("baseline_schema_invalid", where)
    if (
        base["memory_id"] != mid
        or base["company_id"] != mem["company_id"]
        or base["company_id"] != company
        or base["live_content_hash"] != mem["content_hash"]
        or base["observed_weight_float4"] != p.float4(base["observed_weight_milli"])
    ):
        raise Fail("baseline_binding_invalid", where)
    ev = events.get(base["event_id"]) if isinstance(base["event_id"], str) else None
    if ev is None:
        raise Fail("baseline_event_missing", where, found=base["event_id"])
    meta = ev["metadata"]
    if (
        ev["mutation_hash"] != base["event_mutation_hash"]
        or ev["operation"] != BASELINE_OPERATION
        or ev["key"] != mid
        or ev["company_id"] != company
        or ev["signer_valid_from"] != base["signer_valid_from"]
        or ev["certificate_fingerprint"] != base["certificate_fingerprint"]
        or ev["signer_agent_id"] != base["signer_agent_id"]
        or not same(meta.get("weight_milli"), base["observed_weight_milli"])
        or meta.get("observed_weight_float4") != base["observed_weight_float4"]
        or not same(meta.get("observed_ts"), base["observed_at"])
        or meta.get("memory_content_hash") != base["live_content_hash"]
    ):
        raise Fail("baseline_binding_invalid", where, detail="signed event")
    inner = check_identity(
        base["identity"],
        signer_agent_id=base["signer_agent_id"],
        signer_valid_from=base["signer_valid_from"],
        certificate_fingerprint=base["certificate_fingerprint"],
        ts=base["observed_at"],
        trust=trust,
        used_by=Phrase(AT_BASELINE, memory=mid),
    )
    if inner is not None:
        if inner in ("schema_invalid", "genesis_invalid", "tier_form_invalid"):
            raise Fail("baseline_schema_invalid", where)
        raise Fail("baseline_" + inner, where)
    expected = p.baseline_hash(base, company)
    if expected != base["baseline_hash"]:
        raise Fail("baseline_hash_mismatch", where, expected=expected, found=base["baseline_hash"])
    if not p.verify_ed25519(
        base["identity"]["pubkey_b64u"], p.hex_sig(base["signature"]), bytes.fromhex(expected)
    ):
        raise Fail("baseline_signature_invalid", where)


def _baseline_shape(b: dict[str, Any]) -> bool:
    return (
        p.is_uuid(b["memory_id"])
        and p.is_uuid(b["event_id"])
        and all(
            p.is_hex64(b[k])
            for k in ("event_mutation_hash", "live_content_hash", "certificate_fingerprint", "baseline_hash")
        )
        and isinstance(b["observed_weight_float4"], str)
        and p.HEX8.fullmatch(b["observed_weight_float4"]) is not None
        and p.is_int(b["observed_weight_milli"])
        and p.MIN_MILLI <= b["observed_weight_milli"] <= p.MAX_MILLI
        and p.is_int(b["observed_at"])
        and p.is_int(b["signer_valid_from"])
        and b["observed_at"] >= 0
        and b["signer_valid_from"] >= 0
        and isinstance(b["company_id"], str)
        and p.is_hex128(b["signature"])
        and isinstance(b["historical_origin_claimed"], bool)
        and identity_shape_ok(b["identity"])
    )


def _parity_detail(found: list[Any], expected: list[dict[str, Any]]) -> str:
    if len(found) != len(expected):
        return f"{len(found)} sql_records for {len(expected)} memories"
    for i, (a, b) in enumerate(zip(found, expected, strict=True)):
        if not same(a, b):
            return f"sql_records[{i}] differs"
    return "differs"
