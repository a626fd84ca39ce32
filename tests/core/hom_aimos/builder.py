"""Builds signed HOM-AIMOS bundles with fresh keys, for the cases the 42 vectors do not cover.

Written from HOM-AIMOS.md §1 (the byte layouts); the hash helpers are the package's own
primitives, which the vectors pin.  Times are fixed unix seconds.
"""

from __future__ import annotations

import base64
import itertools
import json
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


def b64u(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


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
    agent: str, key: Key, issuer_key: Key, *, issuer: str = p.MASTER_ISSUER, until: int = FOREVER
) -> str:
    body = {
        "v": 1,
        "agent_id": agent,
        "pubkey": key.spki,
        "device_fp": "test-device",
        "valid_from": T0,
        "valid_until": until,
        "issuer": issuer,
        "issued_at": T0,
    }
    doc = {"body": body, "sig": b64u(issuer_key.sign(jcs(body)))}
    return b64u(json.dumps(doc, separators=(",", ":")).encode())


def identity(agent: str, key: Key, cert: str, *, until: int = FOREVER) -> dict[str, Any]:
    return {
        "agent_id": agent,
        "pubkey_b64u": key.spki,
        "certificate_b64u": cert,
        "device_fingerprint": "test-device",
        "valid_from": T0,
        "valid_until": until,
        "revocation": None,
    }


def revocation(ident: dict[str, Any], master: Key, revoked_at: int) -> dict[str, Any]:
    target = p.text_hash(ident["certificate_b64u"])
    iso = p.iso_millis(T0)
    assert iso is not None
    prior = p.revocation_prior_hash(ident["agent_id"], iso, target)
    assert prior is not None
    body = {
        "schema": "hom.aimos.agent-revocation/v1",
        "event_type": "REVOKE_AGENT_IDENTITY",
        "agent_id": ident["agent_id"],
        "agent_valid_from": iso,
        "target_cert_hash": target,
        "prior_identity_hash": prior,
        "master_fingerprint": master.fingerprint,
        "reason_code": "test",
        "revoked_at": p.iso_millis(revoked_at),
    }
    content = p.sha256(jcs(body)).hex()
    sig = master.sign(p.ledger_message(jcs(body), "rev-nonce", revoked_at))
    return {
        "agent_id": ident["agent_id"],
        "agent_valid_from": T0,
        "master_fingerprint": master.fingerprint,
        "target_cert_hash": target,
        "prior_identity_hash": prior,
        "signed_body": body,
        "content_hash": content,
        "mutation_hash": p.revocation_mutation_hash(prior, content, sig),
        "ts_signed": revoked_at,
        "nonce": "rev-nonce",
        "signature": sig.hex(),
    }


@dataclass
class Cognitive:
    """A cognitive bundle under construction: one master, one housekeeper."""

    company: str = "hom"
    self_issued: bool = False
    master: Key = field(default_factory=Key)
    housekeeper: Key = field(default_factory=Key)
    memories: list[dict[str, Any]] = field(default_factory=list)

    def hk_identity(self) -> dict[str, Any]:
        issuer_key = self.housekeeper if self.self_issued else self.master
        issuer = p.HOUSEKEEPER if self.self_issued else p.MASTER_ISSUER
        cert = certificate(p.HOUSEKEEPER, self.housekeeper, issuer_key, issuer=issuer)
        return identity(p.HOUSEKEEPER, self.housekeeper, cert)

    def memory(self, weights: list[int], *, memory_id: str | None = None, t: int = T0 + 60) -> dict[str, Any]:
        """A memory whose chain goes through ``weights`` (the first is the default 1000)."""
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
            bj = jcs(body)
            content = p.sha256(bj).hex()
            nonce = f"n-{mid}-{i}"
            mut = p.provenance_mutation_hash(content, prev_mut, nonce, ts)
            prov = {
                "provenance_id": str(uuid.uuid4()),
                "body": body,
                "content_hash": content,
                "mutation_hash": mut,
                "previous_mutation_hash": prev_mut,
                "signed_at": ts,
                "nonce": nonce,
                "signature": self.housekeeper.sign(p.ledger_message(bj, nonce, ts)).hex(),
                "event_type": "REWEIGHT",
                "binding_schema_version": 2,
                "signer_agent_id": p.HOUSEKEEPER,
                "signer_valid_from": T0,
                "certificate_fingerprint": p.text_hash(ident["certificate_b64u"]),
                "identity_tier": "T1",
                "signature_form": 1,
                "request_signature_form": 1,
                "signed_method": None,
                "signed_path": None,
                "signed_claims": None,
                "is_genesis": prev_mut is None,
                "backfilled": False,
                "memory_originated_at": None,
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
            "baseline": None,
            "projections": projections,
        }
        self.memories.append(mem)
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
            "event_streams": [],
            "memories": memories,
            "sql_records": [
                {
                    "memory_id": m["memory_id"],
                    "certification_status": "certified_chain" if m["projections"] else "default_empty_chain",
                    "ok": True,
                    "chain_length": len(m["projections"]),
                    "signatures_verified": len(m["projections"]),
                    "reason": None,
                }
                for m in memories
            ],
        }


def encode(doc: Any) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode() + b"\n"


def recall(bundle_id: str, n: int = 2, *, master_issued_housekeeper: bool = False) -> dict[str, Any]:
    """A valid recall bundle with ``n`` disclosed memories."""
    master, reviewer, hk = Key(), Key(), Key()
    req_cert = certificate("reviewer", reviewer, master)
    if master_issued_housekeeper:
        hk_cert = certificate(p.HOUSEKEEPER, hk, master)
    else:
        hk_cert = certificate(p.HOUSEKEEPER, hk, hk, issuer=p.HOUSEKEEPER)
    ts = T0 + 100
    body = {
        "company_id": "hom",
        "agent_id": "reviewer",
        "q": f"query {bundle_id}",
        "source_filter": "src",
        "memory_type_filter": "note",
        "limit": max(n, 1),
        "ts_signed": ts,
    }
    memories, evidence = [], []
    for i in range(n):
        mid = str(uuid.UUID(int=i + 1))
        proof = {
            k: p.sha256(f"{k}{i}".encode()).hex()
            for k in ("live_content_hash", "save_mutation_hash", "binding_mutation_hash")
        }
        memories.append({"id": mid, "source": "src", "memory_type": "note", "provenance_proof": proof})
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
    receipt = {
        "command_hash": p.sha256(b"command" + bundle_id.encode()).hex(),
        "outer_request_hash": p.sha256(jcs(body)).hex(),
        "authority_mutation_hash": p.sha256(b"authority").hex(),
        "request_receipt_id": str(uuid.uuid4()),
        "request_receipt_mutation_hash": p.sha256(b"request receipt").hex(),
        "merkle_root": root,
        "evidence": evidence,
    }
    hk_fpr = p.text_hash(hk_cert)
    valid_from_iso = p.iso_millis(T0)
    signed_body = {
        "event_id": str(uuid.uuid4()),
        "company_id": "hom",
        "signer_agent_id": p.HOUSEKEEPER,
        "signer_valid_from": valid_from_iso,
        "cert_fingerprint": hk_fpr,
        "identity_tier": "T1",
        "operation": "recall_receipt",
        "key": receipt["command_hash"],
        "metadata": {
            **{k: receipt[k] for k in ("command_hash", "outer_request_hash", "authority_mutation_hash")},
            "request_receipt_id": receipt["request_receipt_id"],
            "request_receipt_mutation_hash": receipt["request_receipt_mutation_hash"],
            "result_count": n,
            "merkle_root": root,
            "evidence": evidence,
        },
        "ledger_seq": 1,
        "ledger_version": 1,
        "prev_mutation_hash": p.sha256(b"prev").hex(),
        "ts_signed": ts + 1,
    }
    content = p.sha256(jcs(signed_body)).hex()
    event = {
        "event_id": signed_body["event_id"],
        "ledger_version": 1,
        "ledger_seq": 1,
        "signed_body": signed_body,
        "content_hash": content,
        "mutation_hash": p.event_link(signed_body["prev_mutation_hash"], content, "ev-nonce", ts + 1),
        "prev_mutation_hash": signed_body["prev_mutation_hash"],
        "signer_agent_id": p.HOUSEKEEPER,
        "signer_valid_from": valid_from_iso,
        "cert_fingerprint": hk_fpr,
        "signer_certificate": hk_cert,
        "identity_tier": "T1",
        "ts_signed": ts + 1,
        "nonce": "ev-nonce",
        "signature": b64u(hk.sign(p.ledger_message(jcs(signed_body), "ev-nonce", ts + 1))),
    }
    receipt["event_receipt"] = event
    anchors = (
        [] if master_issued_housekeeper else [{"certificate_sha256": hk_fpr, "public_key_b64u": hk.spki}]
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
        "bundle_id": bundle_id,
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
            "signature": b64u(reviewer.sign(p.request_message(jcs(body), "req-nonce", ts))),
            "certificate": req_cert,
        },
        "memories": memories,
        "recall_receipt": receipt,
    }


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
