"""Builds signed HOM-AIMOS v1 bundles with fresh keys, for what the 42 vectors do not cover.

Written from HOM-AIMOS.md §1 and HOM-AIMOS-v2.md §10 (byte layouts, the stored-signature message
forms 1–5, the tiers, the recall command's normalisation): the messages, the normalised command
and the form-5 envelope are built here independently of the package's own code; only the
domain-separated hashes the 42 vectors pin come from the package's primitives.  Times are fixed
unix seconds.  Every bundle is valid as built; a test breaks one thing and names the defect.
"""

from __future__ import annotations

import base64
import copy
import itertools
import json
import struct
import uuid
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from inspector.core.canonical import jcs
from inspector.core.hom_aimos import prims as p
from inspector.core.verify import merkle

T0 = 1_800_000_000  # epoch start
FOREVER = 253402300799
DEVICE = "test-device"


def b64u(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def iso(seconds: int) -> str:
    iso_text = p.iso_millis(seconds)
    assert iso_text is not None
    return iso_text


@dataclass
class Key:
    sk: Ed25519PrivateKey = field(default_factory=Ed25519PrivateKey.generate)

    @property
    def spki(self) -> str:
        return b64u(self.sk.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo))

    @property
    def fingerprint(self) -> str:
        return p.key_fingerprint(self.spki) or ""

    def sign(self, msg: bytes) -> bytes:
        return self.sk.sign(msg)


def certificate(
    agent: str,
    key: Key,
    issuer_key: Key,
    *,
    issuer: str = p.MASTER_ISSUER,
    valid_from: int = T0,
    until: int = FOREVER,
    device: str = DEVICE,
) -> str:
    """A certificate as the engine writes it: canonical JSON ``{body, sig}``, base64url."""
    body = {
        "v": 1,
        "agent_id": agent,
        "pubkey": key.spki,
        "device_fp": device,
        "valid_from": valid_from,
        "valid_until": until,
        "issuer": issuer,
        "issued_at": valid_from,
    }
    doc = {"body": body, "sig": b64u(issuer_key.sign(jcs(body)))}
    return b64u(jcs(doc))


def identity(
    agent: str, key: Key, cert: str, *, until: int = FOREVER, device: str = DEVICE
) -> dict[str, Any]:
    return {
        "agent_id": agent,
        "pubkey_b64u": key.spki,
        "certificate_b64u": cert,
        "device_fingerprint": device,
        "valid_from": T0,
        "valid_until": until,
        "revocation": None,
    }


def revocation(ident: dict[str, Any], master: Key, revoked_at: int) -> dict[str, Any]:
    target = p.text_hash(ident["certificate_b64u"])
    prior = p.sha256(
        jcs({"agent_id": ident["agent_id"], "agent_valid_from": iso(T0), "target_cert_hash": target})
    ).hex()
    body = {
        "schema": "hom.aimos.agent-revocation/v1",
        "event_type": "REVOKE_AGENT_IDENTITY",
        "agent_id": ident["agent_id"],
        "agent_valid_from": iso(T0),
        "target_cert_hash": target,
        "prior_identity_hash": prior,
        "master_fingerprint": master.fingerprint,
        "reason_code": "test",
        "revoked_at": iso(revoked_at),
    }
    content = p.sha256(jcs(body)).hex()
    sig = master.sign(jcs(body) + f"\nrev-nonce\n{revoked_at}".encode())
    mutation = p.sha256(
        b"aimos-agent-revocation-v1\0" + bytes.fromhex(prior) + bytes.fromhex(content) + sig
    ).hex()
    return {
        "agent_id": ident["agent_id"],
        "agent_valid_from": T0,
        "master_fingerprint": master.fingerprint,
        "target_cert_hash": target,
        "prior_identity_hash": prior,
        "signed_body": body,
        "content_hash": content,
        "mutation_hash": mutation,
        "ts_signed": revoked_at,
        "nonce": "rev-nonce",
        "signature": sig.hex(),
    }


# --- stored-signature message forms (HOM-AIMOS-v2.md §10.1) ------------------------------------


def form_message(
    body: dict[str, Any],
    nonce: str,
    ts: int,
    *,
    form: int = 1,
    request_form: int = 1,
    originated: int | None = None,
    method: str | None = None,
    path: str | None = None,
    claims: dict[str, Any] | None = None,
) -> bytes:
    """The message a stored ledger signature covers under its form."""
    b = jcs(body)
    if form == 2:
        return b + f"\n{nonce}\n{ts}\n{originated}".encode()
    if request_form == 5:
        assert method is not None and path is not None and claims is not None
        parts = [b, method.upper().encode(), path.encode(), jcs(claims), nonce.encode(), str(ts).encode()]
        return b"hom.aimos.request-envelope/v5\0" + b"".join(struct.pack(">I", len(x)) + x for x in parts)
    if request_form == 3:
        assert method and path
        return b + f"\n{method.upper()}\n{path.split('?')[0]}\n{nonce}\n{ts}".encode()
    if request_form == 4:
        assert method and path and claims is not None
        chain = jcs({"prev_chain_hash": claims["prev_chain_hash"], "device_fp": claims.get("device_fp")})
        return (
            b + f"\n{method.upper()}\n{path.split('?')[0]}\n".encode() + chain + f"\n{nonce}\n{ts}".encode()
        )
    return b + f"\n{nonce}\n{ts}".encode()


def chain_claims(device: str | None = DEVICE) -> dict[str, Any]:
    return {"prev_chain_hash": b64u(bytes(range(32))), "device_fp": device}


# --- cognitive bundles -----------------------------------------------------------------------


@dataclass
class Cognitive:
    """A cognitive bundle under construction: one master, one housekeeper."""

    company: str = "hom"
    self_issued: bool = False
    master: Key = field(default_factory=Key)
    housekeeper: Key = field(default_factory=Key)
    memories: list[dict[str, Any]] = field(default_factory=list)
    streams: list[dict[str, Any]] = field(default_factory=list)
    cert_until: int = FOREVER
    identity_until: int = FOREVER
    revoked_at: int | None = None

    def hk_identity(self) -> dict[str, Any]:
        issuer_key = self.housekeeper if self.self_issued else self.master
        issuer = p.HOUSEKEEPER if self.self_issued else p.MASTER_ISSUER
        cert = certificate(p.HOUSEKEEPER, self.housekeeper, issuer_key, issuer=issuer, until=self.cert_until)
        ident = identity(p.HOUSEKEEPER, self.housekeeper, cert, until=self.identity_until)
        if self.revoked_at is not None:
            ident["revocation"] = revocation(ident, self.master, self.revoked_at)
        return ident

    def memory(
        self,
        weights: list[int],
        *,
        memory_id: str | None = None,
        t: int = T0 + 60,
        tier: str = "T1",
        form: int = 1,
        request_form: int = 1,
        method: str | None = None,
        path: str | None = None,
        claims: dict[str, Any] | None = None,
        originated: int | None = None,
        baseline: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A memory whose chain goes through ``weights`` (the first is 1000, or the baseline's),
        every provenance signed under the given form and tier."""
        mid = memory_id or str(uuid.uuid4())
        ident = self.hk_identity()
        projections = []
        prev_proj: str | None = None
        prev_mut: str | None = None
        for i, (old, new) in enumerate(itertools.pairwise(weights)):
            ts = t + i
            body = {
                "event_type": "REWEIGHT",
                "company_id": self.company,
                "memory_id": mid,
                "old_weight": old / 1000,
                "new_weight": new / 1000,
                "judge_valence": 0.75 if new > old else -0.75,
                "governor_flag": "TEST",
                "reason": "test",
                "ts_signed": ts,
            }
            content = p.sha256(jcs(body)).hex()
            nonce = f"n-{mid}-{i}"
            pre = bytes.fromhex(content) + (bytes.fromhex(prev_mut) if prev_mut else b"") + nonce.encode()
            pre += str(ts).encode() + (str(originated).encode() if form == 2 else b"")
            mut = p.sha256(pre).hex()
            msg = form_message(
                body,
                nonce,
                ts,
                form=form,
                request_form=request_form,
                originated=originated,
                method=method,
                path=path,
                claims=claims,
            )
            prov = {
                "provenance_id": str(uuid.uuid4()),
                "body": body,
                "content_hash": content,
                "mutation_hash": mut,
                "previous_mutation_hash": prev_mut,
                "signed_at": ts,
                "nonce": nonce,
                "signature": self.housekeeper.sign(msg).hex(),
                "event_type": "REWEIGHT",
                "binding_schema_version": 2,
                "signer_agent_id": p.HOUSEKEEPER,
                "signer_valid_from": T0,
                "certificate_fingerprint": p.text_hash(ident["certificate_b64u"]),
                "identity_tier": tier,
                "signature_form": form,
                "request_signature_form": request_form,
                "signed_method": method,
                "signed_path": path,
                "signed_claims": claims,
                "is_genesis": prev_mut is None,
                "backfilled": False,
                "memory_originated_at": originated,
                "identity": ident,
            }
            th = p.transition_hash(self.company, mid, old, new, mut)
            ph = p.projection_hash(mid, old, new, mut, prev_proj)
            projections.append(
                {
                    "projection_id": str(uuid.uuid4()),
                    "company_id": self.company,
                    "memory_id": mid,
                    "old_weight_milli": old,
                    "new_weight_milli": new,
                    "old_weight_float4": p.float4(old),
                    "new_weight_float4": p.float4(new),
                    "provenance_mutation_hash": mut,
                    "previous_projection_hash": prev_proj,
                    "projection_hash": ph,
                    "transition_hash": th,
                    "transition_signature": self.housekeeper.sign(bytes.fromhex(th)).hex(),
                    "provenance": prov,
                }
            )
            prev_proj, prev_mut = ph, mut
        mem = {
            "memory_id": mid,
            "company_id": self.company,
            "content_hash": p.sha256(mid.encode()).hex(),
            "retrieval_weight_milli": weights[-1],
            "retrieval_weight_float4": p.float4(weights[-1]),
            "baseline": baseline,
            "projections": projections,
        }
        self.memories.append(mem)
        return mem

    # --- event streams and baselines ---

    def stream(self) -> dict[str, Any]:
        """The housekeeper's event stream (created on first use)."""
        if not self.streams:
            self.streams.append(
                {
                    "signer_agent_id": p.HOUSEKEEPER,
                    "signer_valid_from": T0,
                    "identity": self.hk_identity(),
                    "events": [],
                }
            )
        return self.streams[0]

    def event(self, operation: str, key: str, metadata: dict[str, Any], ts: int) -> dict[str, Any]:
        """Append a signed ledger event (form 1) to the housekeeper's stream."""
        st = self.stream()
        ident = st["identity"]
        fpr = p.text_hash(ident["certificate_b64u"])
        events = st["events"]
        if events:
            prev = events[-1]["mutation_hash"]
        else:
            prev = p.sha256(
                b"aimos-event-genesis/v1\0" + self.company.encode() + b"\0housekeeper\0" + iso(T0).encode()
            ).hex()
        event_id = str(uuid.uuid4())
        seq = len(events) + 1
        body = {
            "event_id": event_id,
            "company_id": self.company,
            "subject_agent_id": p.HOUSEKEEPER,
            "signer_agent_id": p.HOUSEKEEPER,
            "signer_valid_from": iso(T0),
            "cert_fingerprint": fpr,
            "identity_tier": "T1",
            "authority_kind": "system",
            "operation": operation,
            "key": key,
            "metadata": metadata,
            "parent_event_id": None,
            "ledger_seq": seq,
            "prev_mutation_hash": prev,
            "ts_signed": ts,
        }
        content = p.sha256(jcs(body)).hex()
        nonce = f"ev-{seq}"
        mutation = p.sha256(
            b"AIMOS-EVENT-LINK-v1\0"
            + bytes.fromhex(prev)
            + bytes.fromhex(content)
            + nonce.encode()
            + str(ts).encode()
        ).hex()
        event = {
            "event_id": event_id,
            "company_id": self.company,
            "subject_agent_id": p.HOUSEKEEPER,
            "signer_agent_id": p.HOUSEKEEPER,
            "signer_valid_from": T0,
            "certificate_fingerprint": fpr,
            "identity_tier": "T1",
            "authority_kind": "system",
            "operation": operation,
            "key": key,
            "metadata": metadata,
            "parent_event_id": None,
            "ledger_sequence": seq,
            "previous_mutation_hash": prev,
            "content_hash": content,
            "mutation_hash": mutation,
            "signed_at": ts,
            "nonce": nonce,
            "signature": self.housekeeper.sign(jcs(body) + f"\n{nonce}\n{ts}".encode()).hex(),
            "proof_required": True,
            "ledger_version": 1,
            "signed_body": body,
        }
        events.append(event)
        return event

    def baseline_memory(
        self, weight: int, later: list[int] = (), *, observed_at: int = T0 + 30
    ) -> dict[str, Any]:
        """A memory with a signed non-default initial ``weight`` (its event in the stream), then
        a chain through ``later`` weights."""
        mid = str(uuid.uuid4())
        content = p.sha256(mid.encode()).hex()
        f4 = p.float4(weight)
        meta = {
            "schema": "hom.aimos.cognitive-initial-weight/v1",
            "observed_weight_float4": f4,
            "weight_milli": weight,
            "observed_ts": observed_at,
            "memory_content_hash": content,
            "historical_origin_claimed": False,
            "canonical_memory_mutation": False,
        }
        event = self.event("cognitive_initial_weight_attested", mid, meta, observed_at)
        ident = self.hk_identity()
        fpr = p.text_hash(ident["certificate_b64u"])
        base = {
            "baseline_id": str(uuid.uuid4()),
            "company_id": self.company,
            "memory_id": mid,
            "event_id": event["event_id"],
            "event_mutation_hash": event["mutation_hash"],
            "live_content_hash": content,
            "observed_weight_milli": weight,
            "observed_weight_float4": f4,
            "observed_at": observed_at,
            "attestation_reason": "retained_nondefault_weight_baseline",
            "historical_origin_claimed": False,
            "signer_agent_id": p.HOUSEKEEPER,
            "signer_valid_from": T0,
            "certificate_fingerprint": fpr,
            "identity": ident,
        }
        base["baseline_hash"] = p.baseline_hash(base, self.company)
        base["signature"] = self.housekeeper.sign(bytes.fromhex(base["baseline_hash"])).hex()
        mem = self.memory([weight, *later], memory_id=mid, baseline=base)
        mem["content_hash"] = content
        return mem

    def document(self) -> dict[str, Any]:
        memories = sorted(self.memories, key=lambda m: m["memory_id"])
        return {
            "format": {
                "schema": "hom.aimos.mutmem-cognitive-evidence/v1",
                "version": 1,
                "authority": "descriptive_only",
                "binary_encoding": "lowercase_hex",
                "time_encoding": "unix_seconds",
            },
            "company_id": self.company,
            "master_identity": {"public_key_b64u": self.master.spki, "fingerprint": self.master.fingerprint},
            "event_streams": copy.deepcopy(self.streams),
            "memories": memories,
            "sql_records": [sql_record(m) for m in memories],
        }


def sql_record(m: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The database row a valid memory has."""
    if m["projections"]:
        status = "certified_chain"
    elif m["baseline"] is not None:
        status = "signed_initial_weight"
    else:
        status = "default_empty_chain"
    row = {
        "memory_id": m["memory_id"],
        "certification_status": status,
        "ok": True,
        "chain_length": len(m["projections"]),
        "signatures_verified": len(m["projections"]),
        "reason": None,
    }
    row.update(changes)
    return row


def encode(doc: Any) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode() + b"\n"


# --- recall bundles --------------------------------------------------------------------------


def normalized(body: dict[str, Any]) -> dict[str, Any]:
    """The recall command of ``body`` normalised as HOM-AIMOS-v2.md §10.3 says (for the bodies
    built here: text query fields, integer bounds already in range)."""
    out = dict(body)
    query = str(body["query"] if "query" in body else body.get("q", "")).strip()
    out["query"] = out["q"] = query
    out["key"] = None if body.get("key") is None else str(body["key"]).strip()
    out["memory_id"] = None if body.get("memory_id") is None else str(body["memory_id"]).strip()
    out["company_id"] = "hom" if body.get("company_id") is None else str(body["company_id"])
    out["agent_id"] = None if body.get("agent_id") is None else str(body["agent_id"])
    out["limit"] = 10 if body.get("limit") is None else body["limit"]
    out["clearance_level"] = body.get("clearance_level")
    out["max_hops"] = body.get("max_hops")
    return out


@dataclass
class Recall:
    """A recall bundle under construction; :meth:`document` signs it."""

    bundle_id: str = "R-1"
    n: int = 2
    master_issued_housekeeper: bool = False
    body: dict[str, Any] = field(default_factory=dict)
    master: Key = field(default_factory=Key)
    reviewer: Key = field(default_factory=Key)
    hk: Key = field(default_factory=Key)
    command_hash: str | None = None  # override the receipt's (and event's) command hash
    source: str | None = "src"
    memory_type: str = "note"

    def __post_init__(self) -> None:
        if not self.body:
            self.body = {
                "company_id": "hom",
                "agent_id": "reviewer",
                "q": f"query {self.bundle_id}",
                "source_filter": "src",
                "memory_type_filter": "note",
                "limit": max(self.n, 1),
            }

    def document(self) -> dict[str, Any]:
        master, reviewer, hk = self.master, self.reviewer, self.hk
        req_cert = certificate("reviewer", reviewer, master)
        if self.master_issued_housekeeper:
            hk_cert = certificate(p.HOUSEKEEPER, hk, master)
        else:
            hk_cert = certificate(p.HOUSEKEEPER, hk, hk, issuer=p.HOUSEKEEPER)
        ts = T0 + 100
        body = dict(self.body, ts_signed=ts)
        memories, evidence = [], []
        for i in range(self.n):
            mid = str(uuid.UUID(int=i + 1))
            proof = {
                k: p.sha256(f"{k}{i}".encode()).hex()
                for k in ("live_content_hash", "save_mutation_hash", "binding_mutation_hash")
            }
            memories.append(
                {"id": mid, "source": self.source, "memory_type": self.memory_type, "provenance_proof": proof}
            )
            evidence.append(
                {
                    "ordinal": i,
                    "memory_id": mid,
                    **proof,
                    "truth_state": "current",
                    "raw_calibration_score": 0.5,
                    "calibrated_score": 0.5,
                    "calibration_event_id": None,
                    "calibration_mutation_hash": None,
                    "calibration_formula_version": None,
                }
            )
        root = merkle.tree_head([merkle.leaf_hash(e) for e in evidence]).hex()
        command = self.command_hash or p.sha256(jcs(normalized(body))).hex()
        receipt = {
            "command_hash": command,
            "outer_request_hash": p.sha256(jcs(body)).hex(),
            "authority_mutation_hash": p.sha256(b"authority").hex(),
            "request_receipt_id": str(uuid.uuid4()),
            "request_receipt_mutation_hash": p.sha256(b"request receipt").hex(),
            "merkle_root": root,
            "evidence": evidence,
        }
        hk_fpr = p.text_hash(hk_cert)
        signed_body = {
            "event_id": str(uuid.uuid4()),
            "company_id": "hom",
            "signer_agent_id": p.HOUSEKEEPER,
            "signer_valid_from": iso(T0),
            "cert_fingerprint": hk_fpr,
            "identity_tier": "T1",
            "operation": "recall_receipt",
            "key": command,
            "metadata": {
                "command_hash": command,
                "outer_request_hash": receipt["outer_request_hash"],
                "authority_mutation_hash": receipt["authority_mutation_hash"],
                "request_receipt_id": receipt["request_receipt_id"],
                "request_receipt_mutation_hash": receipt["request_receipt_mutation_hash"],
                "result_count": self.n,
                "merkle_root": root,
                "evidence": evidence,
            },
            "ledger_seq": 1,
            "ledger_version": 1,
            "prev_mutation_hash": p.sha256(b"prev").hex(),
            "ts_signed": ts + 1,
        }
        content = p.sha256(jcs(signed_body)).hex()
        prev = signed_body["prev_mutation_hash"]
        event = {
            "event_id": signed_body["event_id"],
            "proof_required": True,
            "ledger_version": 1,
            "ledger_seq": 1,
            "signed_body": signed_body,
            "content_hash": content,
            "mutation_hash": p.sha256(
                b"AIMOS-EVENT-LINK-v1\0"
                + bytes.fromhex(prev)
                + bytes.fromhex(content)
                + f"ev-nonce{ts + 1}".encode()
            ).hex(),
            "prev_mutation_hash": prev,
            "signer_agent_id": p.HOUSEKEEPER,
            "signer_valid_from": iso(T0),
            "cert_fingerprint": hk_fpr,
            "signer_certificate": hk_cert,
            "identity_tier": "T1",
            "ts_signed": ts + 1,
            "nonce": "ev-nonce",
            "signature": b64u(hk.sign(jcs(signed_body) + f"\nev-nonce\n{ts + 1}".encode())),
        }
        receipt["event_receipt"] = event
        anchors = (
            []
            if self.master_issued_housekeeper
            else [{"certificate_sha256": hk_fpr, "public_key_b64u": hk.spki}]
        )
        return {
            "format": {
                "schema": "hom.aimos.mutmem-recall-evidence/v1",
                "version": 1,
                "authority": "descriptive_only",
                "canonicalization": "hom-aimos/canonical-json/v1",
                "hash": "sha256",
                "signature": "ed25519",
            },
            "bundle_id": self.bundle_id,
            "company_id": "hom",
            "trust_anchors": {
                "master": {"public_key_b64u": master.spki, "fingerprint": master.fingerprint},
                "certificates": anchors,
            },
            "request": {
                "body": body,
                "method": "POST",
                "path": "/aimos/recall",
                "nonce": "req-nonce",
                "ts_signed": ts,
                "signature": b64u(
                    reviewer.sign(jcs(body) + f"\nPOST\n/aimos/recall\nreq-nonce\n{ts}".encode())
                ),
                "certificate": req_cert,
            },
            "memories": memories,
            "recall_receipt": receipt,
        }


def recall(bundle_id: str, n: int = 2, *, master_issued_housekeeper: bool = False) -> dict[str, Any]:
    """A valid recall bundle with ``n`` disclosed memories."""
    return Recall(bundle_id, n, master_issued_housekeeper).document()


def corpus(bundles: list[dict[str, Any]], intended_n: int | None = None) -> dict[str, Any]:
    members = [
        {"ordinal": i, "bundle_id": b["bundle_id"], "bundle_sha256": p.sha256(jcs(b)).hex(), "bundle": b}
        for i, b in enumerate(bundles)
    ]
    n = len(members) if intended_n is None else intended_n
    leaves = [merkle.leaf_hash({k: m[k] for k in ("ordinal", "bundle_id", "bundle_sha256")}) for m in members]
    return {
        "format": {
            "schema": "hom.aimos.mutmem-recall-corpus/v1",
            "version": 1,
            "authority": "descriptive_only",
        },
        "intended_n": n,
        "members": members,
        "corpus_root": p.corpus_root(n, merkle.tree_head(leaves)),
    }


# --- whole bundles for the tests that only need "a bundle of this kind" ------------------
# (the conformance vectors stay in ../shared: a test that needs a HOM-AIMOS bundle but not
# a reference verdict builds one here, so it runs in a clone without ../shared)


def valid_cognitive(weights: tuple[int, ...] = (1000, 1300, 900, 1200)) -> dict[str, Any]:
    """A valid cognitive bundle: one master-issued housekeeper, one memory whose chain goes
    through ``weights``."""
    cog = Cognitive()
    cog.memory(list(weights))
    return cog.document()


def revoked(revoked_at: int = T0 + 30) -> dict[str, Any]:
    """A cognitive bundle whose housekeeper the master revoked at ``revoked_at``: before
    the first signature (the default) it fails ``provenance_signer_revoked_before_evidence``."""
    cog = Cognitive()
    mem = cog.memory([1000, 1300])
    ident = mem["projections"][0]["provenance"]["identity"]
    ident["revocation"] = revocation(ident, cog.master, revoked_at)
    return cog.document()


def indeterminate_recall(bundle_id: str = "R-indeterminate") -> dict[str, Any]:
    """A recall bundle without its signed event receipt: indeterminate,
    ``recall_mandatory_evidence_missing``."""
    doc = recall(bundle_id, 2)
    del doc["recall_receipt"]["event_receipt"]
    return doc


def not_a_bundle() -> dict[str, Any]:
    """JSON that mentions ``hom.aimos.`` at the top level but has no ``format.schema``
    (like the conformance corpus's own manifest): not a bundle."""
    return {"schema": "hom.aimos.mutmem-v2-s5-conformance-corpus/v1", "members": [], "intended_n": 0}


def write(path: Any, doc: Any) -> Any:
    """Write ``doc`` as a bundle file at ``path`` (a pathlib.Path); returns the path."""
    path.write_bytes(encode(doc))
    return path
