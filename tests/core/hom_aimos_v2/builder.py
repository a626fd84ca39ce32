"""Builds signed HOM-AIMOS v2 evidence with fresh keys: recall envelopes, portable mutation bundles
and their witnesses, written from HOM-AIMOS-v2.md §3–§9 (the object bodies, the framed and
domain-separated hashes, the occurrence TLV, the signatures).  Nothing here calls the package's
verifier code; the only shared pieces are the RFC 8785 writer and the RFC 6962 tree.

Every document is valid as built (``Envelope().document()``); a test breaks one value and then,
if the defect is not about the envelope itself, reseals the envelope with :func:`reseal`, as the
published vectors do, so the fault is reached at its own check.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
import struct
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from inspector.core.canonical import jcs
from inspector.core.verify import merkle

T0 = 1_788_000_000
COMPANY = "hom"
MEMORY = "11111111-1111-4111-8111-111111111111"
SINGLETONS = (
    "trust_anchor",
    "actor_identity_epoch",
    "actor_revocation_state",
    "housekeeper_identity_epoch",
    "housekeeper_revocation_state",
    "effective_recall_grant",
    "request_envelope",
    "request_receipt",
    "content_state_projection",
    "epistemic_recall_decision",
    "final_security_closure",
    "return_projection",
    "native_recall_receipt",
)
RESULTS = ("memory_state", "provenance_chain", "occurrence", "epistemic_projection", "receipt_evidence")
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
FORMAT = {
    "schema": "hom.aimos.mutmem-portable-evidence/v2",
    "version": 2,
    "profile": "recall_disclosure",
    "canonicalization": "hom-aimos/canonical-json/v1",
    "hash": "sha256",
    "signature": "ed25519",
    "trust_anchor_mode": "external_expected_master_fingerprint_required",
    "native_receipt_schema": "hom-aimos/recall-merkle/v3-epistemic-and-security-closure",
}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def b64u(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def iso(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def frame(text: str) -> bytes:
    raw = text.encode()
    return struct.pack(">I", len(raw)) + raw


def encode(doc: Any) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode()


@dataclass
class Key:
    sk: Ed25519PrivateKey = field(default_factory=Ed25519PrivateKey.generate)

    @property
    def der(self) -> bytes:
        return self.sk.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)

    @property
    def spki(self) -> str:
        return b64u(self.der)

    @property
    def fingerprint(self) -> str:
        return sha(self.der)

    def sign(self, message: bytes) -> str:
        return b64u(self.sk.sign(message))


def certificate(agent: str, key: Key, master: Key, start: int, end: int) -> str:
    body = {
        "v": 1,
        "agent_id": agent,
        "pubkey": key.spki,
        "device_fp": f"device-{agent}",
        "valid_from": start,
        "valid_until": end,
        "issuer": "aimos-master",
        "issued_at": start,
    }
    return b64u(jcs({"body": body, "sig": master.sign(jcs(body))}))


def occurrence_ref(body: dict[str, Any]) -> str:
    """The v3 occurrence commitment (§5.7), field by field."""

    def uuid(text: str) -> bytes:
        return bytes.fromhex(text.replace("-", ""))

    fields = [
        body["company_id"].encode(),
        uuid(body["occurrence_event_id"]),
        uuid(body["memory_id"]),
        body["event_type"].encode(),
        bytes.fromhex(body["live_content_hash_hex"]),
        b"\x01" if body["predecessor_present"] else b"\x00",
        bytes.fromhex(body["predecessor_commitment_hex"]) if body["predecessor_present"] else b"",
        body["agent_id"].encode(),
        struct.pack(">q", body["signer_valid_from_unix_ms"]),
        bytes.fromhex(body["cert_fingerprint_hex"]),
        body["identity_tier"].encode(),
        struct.pack(">H", body["sig_form_version"]),
        bytes.fromhex(body["nonce_hex"]),
        struct.pack(">Q", body["ts_signed_unix_seconds"]),
        body["signed_method"].encode(),
        body["signed_path"].encode(),
        bytes.fromhex(body["request_body_hash_hex"]),
        b"\x01" if body["request_receipt_present"] else b"\x00",
        bytes.fromhex(body["request_receipt_mutation_hash_hex"]) if body["request_receipt_present"] else b"",
        b"\x01" if body["authorization_event_present"] else b"\x00",
        uuid(body["authorization_event_id"]) if body["authorization_event_present"] else b"",
    ]
    tlv = b"".join(struct.pack(">HI", i + 1, len(f)) + f for i, f in enumerate(fields))
    return sha(b"hom.aimos.memory-occurrence/v3\0" + tlv)


def object_hash(kind: str, schema: str, body: dict[str, Any]) -> str:
    b = jcs(body)
    return sha(
        b"hom.aimos.mutmem-portable-object/v2\0" + frame(kind) + frame(schema) + struct.pack(">I", len(b)) + b
    )


def merkle_root(entries: list[Any]) -> str:
    return merkle.tree_head([merkle.leaf_hash(e) for e in entries]).hex()


def reseal(envelope: dict[str, Any]) -> dict[str, Any]:
    """Recompute every body hash, the object root and the commitment (after a deliberate change)."""
    for obj in envelope["objects"]:
        obj["body_sha256"] = object_hash(obj["kind"], obj["schema"], obj["body"])
    descriptors = [{k: obj[k] for k in obj if k != "body"} for obj in envelope["objects"]]
    envelope["object_root_sha256"] = merkle_root(descriptors)
    envelope["bundle_sha256"] = sha(
        b"hom.aimos.mutmem-portable-evidence/v2\0"
        + frame(envelope["bundle_id"])
        + frame(envelope["company_id"])
        + bytes.fromhex(envelope["expected_master_fingerprint"])
        + struct.pack(">Q", envelope["result_count"])
        + bytes.fromhex(envelope["object_root_sha256"])
    )
    return envelope


def body(envelope: dict[str, Any], kind: str, result: int | None = None) -> dict[str, Any]:
    """The body of the object of ``kind`` (and result ordinal) in ``envelope``."""
    for obj in envelope["objects"]:
        if obj["kind"] == kind and obj["result_ordinal"] == result:
            found: dict[str, Any] = obj["body"]
            return found
    raise KeyError(kind)


@dataclass
class Envelope:
    """A v2 recall envelope (profile recall_disclosure) with ``n`` results."""

    n: int = 1
    actor: str = "auditor"  # "housekeeper": the system principal
    master: Key = field(default_factory=Key)
    actor_key: Key = field(default_factory=Key)
    hk_key: Key = field(default_factory=Key)
    bundle_id: str = "ENV-1"
    request_signer: Key | None = None  # a forger signing the request instead of the actor
    certificate_signer: Key | None = None  # a forger signing the housekeeper's certificate

    def __post_init__(self) -> None:
        if self.actor == "housekeeper":
            self.actor_key = self.hk_key

    def document(self) -> dict[str, Any]:
        start, end = T0 - 86400, T0 + 30 * 86400
        ts, grant_ts, event_ts = T0 + 100, T0, T0 + 101
        hk_cert = certificate("housekeeper", self.hk_key, self.certificate_signer or self.master, start, end)
        actor_cert = (
            hk_cert
            if self.actor == "housekeeper"
            else certificate(self.actor, self.actor_key, self.master, start, end)
        )
        hk_fpr, actor_fpr = sha(hk_cert.encode()), sha(actor_cert.encode())
        epoch = {"valid_from": iso(start), "valid_until": iso(end)}
        b: dict[str, dict[str, Any]] = {}
        b["trust_anchor"] = {
            "master_fingerprint": self.master.fingerprint,
            "master_public_key_b64u": self.master.spki,
        }
        b["actor_identity_epoch"] = {
            "company_id": COMPANY,
            "agent_id": self.actor,
            **epoch,
            "cert_fingerprint": actor_fpr,
            "certificate": actor_cert,
            "public_key_b64u": self.actor_key.spki,
            "identity_tier": "T1",
        }
        b["housekeeper_identity_epoch"] = {
            "company_id": COMPANY,
            "agent_id": "housekeeper",
            **epoch,
            "cert_fingerprint": hk_fpr,
            "certificate": hk_cert,
            "public_key_b64u": self.hk_key.spki,
            "identity_tier": "T1",
        }
        if self.actor == "housekeeper":
            system = {
                "kind": "housekeeper_system_principal",
                "company_id": COMPANY,
                "agent_id": "housekeeper",
                "valid_from": iso(start),
            }
            b["effective_recall_grant"] = {
                "authority_kind": "housekeeper_system_principal",
                "company_id": COMPANY,
                "subject_agent_id": "housekeeper",
                "subject_valid_from": iso(start),
                "allowed": True,
                "write_allowed": True,
                "clearance_ceiling": 12,
                "data_class_ceiling": "restricted",
                "master_fingerprint": self.master.fingerprint,
                "mutation_hash": sha(jcs(system)),
                "system_principal_body": system,
            }
        else:
            signed = {
                "schema": "hom.aimos.recall-authorization/v1",
                "company_id": COMPANY,
                "subject_agent_id": self.actor,
                "subject_valid_from": iso(start),
                "allowed": True,
                "write_allowed": False,
                "clearance_ceiling": 10,
                "data_class_ceiling": "confidential",
                "master_fingerprint": self.master.fingerprint,
                "reason": "test grant",
                "prev_mutation_hash": None,
                "ts_signed": grant_ts,
            }
            content = sha(jcs(signed))
            b["effective_recall_grant"] = {
                "authority_kind": "master_signed_recall_grant",
                **{
                    key: signed[key]
                    for key in ("company_id", "subject_agent_id", "subject_valid_from", "allowed")
                },
                **{key: signed[key] for key in ("write_allowed", "clearance_ceiling", "data_class_ceiling")},
                "master_fingerprint": self.master.fingerprint,
                "mutation_hash": sha(
                    b"aimos-recall-authorization-v1\0"
                    + bytes(32)
                    + bytes.fromhex(content)
                    + f"grant-nonce{grant_ts}".encode()
                ),
                "signed_body": signed,
                "content_hash": content,
                "prev_mutation_hash": None,
                "ts_signed": grant_ts,
                "nonce": "grant-nonce",
                "signature_b64u": self.master.sign(jcs(signed) + f"\ngrant-nonce\n{grant_ts}".encode()),
            }
        request_body = {"query": "what changed", "limit": self.n}
        command = {
            **request_body,
            "q": "what changed",
            "key": None,
            "memory_id": None,
            "company_id": COMPANY,
            "agent_id": None,
            "clearance_level": 10,
            "max_hops": None,
        }
        request_hash = sha(jcs(request_body))
        request_sig = (self.request_signer or self.actor_key).sign(
            jcs(request_body) + f"\nPOST\n/aimos/recall\nrequest-nonce\n{ts}".encode()
        )
        clearance = b["effective_recall_grant"]["clearance_ceiling"]
        b["request_envelope"] = {
            "company_id": COMPANY,
            "actor_agent_id": self.actor,
            "actor_valid_from": iso(start),
            "cert_fingerprint": actor_fpr,
            "request_sig_form": 3,
            "signed_method": "POST",
            "signed_path": "/aimos/recall",
            "request_body": request_body,
            "request_body_hash": request_hash,
            "outer_request_hash": request_hash,
            "normalized_command": command,
            "command_hash": sha(jcs(command)),
            "requested_clearance_level": clearance,
            "requested_data_class": "confidential",
            "nonce": "request-nonce",
            "ts_signed": ts,
            "signature_b64u": request_sig,
        }
        sig_raw = base64.urlsafe_b64decode(request_sig + "==")
        rr_mutation = sha(
            b"aimos-request-receipt-v1\0"
            + bytes(32)
            + bytes.fromhex(request_hash)
            + bytes(32)
            + sig_raw
            + f"POST/aimos/recallrequest-nonce{ts}".encode()
        )
        receipt_id = "22222222-2222-4222-8222-222222222222"
        b["request_receipt"] = {
            "request_receipt_id": receipt_id,
            "mutation_hash": rr_mutation,
            "company_id": COMPANY,
            "actor_agent_id": self.actor,
            "actor_valid_from": iso(start),
            "cert_fingerprint": actor_fpr,
            "request_sig_form": 3,
            "signed_method": "POST",
            "signed_path": "/aimos/recall",
            "request_hash": request_hash,
            "signed_claims": None,
            "signed_claims_hash": None,
            "prev_mutation_hash": None,
            "nonce": "request-nonce",
            "ts_signed": ts,
            "signature_b64u": request_sig,
        }
        memories = [f"{0x11111110 + i:08x}-1111-4111-8111-{0x111111111110 + i:012x}" for i in range(self.n)]
        lives = [sha(f"content {i}".encode()) for i in range(self.n)]
        occurrence_bodies = []
        for i, (mid, live) in enumerate(zip(memories, lives, strict=True)):
            ob = {
                "schema": "hom.aimos.memory-occurrence/v3",
                "company_id": COMPANY,
                "occurrence_event_id": f"{0x33333330 + i:08x}-3333-4333-8333-333333333333",
                "memory_id": mid,
                "event_type": "SAVE_REASSERT",
                "live_content_hash_hex": live,
                "predecessor_present": 0,
                "predecessor_commitment_hex": "",
                "agent_id": "housekeeper",
                "signer_valid_from_unix_ms": start * 1000,
                "cert_fingerprint_hex": hk_fpr,
                "identity_tier": "T1",
                "sig_form_version": 3,
                "nonce_hex": "11" * 16,
                "ts_signed_unix_seconds": T0 - 50,
                "signed_method": "POST",
                "signed_path": "/aimos/save",
                "request_body_hash_hex": sha(b"save"),
                "request_receipt_present": 0,
                "request_receipt_mutation_hash_hex": "",
                "authorization_event_present": 0,
                "authorization_event_id": "",
            }
            ob["occurrence_commitment"] = occurrence_ref(ob)
            occurrence_bodies.append(ob)
        refs = [ob["occurrence_commitment"] for ob in occurrence_bodies]
        evidence = [
            {
                "ordinal": i,
                "memory_id": mid,
                "live_content_hash": live,
                "occurrence_ref": refs[i],
                "save_mutation_hash": sha(f"save {i}".encode()),
                "binding_mutation_hash": sha(f"binding {i}".encode()),
                "truth_state": "current",
                "raw_calibration_score": 0.75,
                "calibrated_score": 0.75,
                "calibration_event_id": None,
                "calibration_mutation_hash": None,
                "calibration_formula_version": None,
            }
            for i, (mid, live) in enumerate(zip(memories, lives, strict=True))
        ]
        decision = {
            name: sha(name.encode())
            for name in (
                "admission",
                "selection",
                "state",
                "occurrence",
                "epistemic",
                "security",
                "projection",
            )
        }
        b["content_state_projection"] = {
            "native_decision_schema": "hom.aimos.content-state-occurrence-kernel/v1",
            "admission_decision_sha256": decision["admission"],
            "return_selection_decision_sha256": decision["selection"],
            "state_view_root_sha256": decision["state"],
            "occurrence_view_root_sha256": decision["occurrence"],
            "selected_occurrence_refs": refs,
        }
        b["epistemic_recall_decision"] = {
            "decision_sha256": decision["epistemic"],
            "selected_memory_ids": memories,
        }
        b["final_security_closure"] = {
            "native_decision_schema": "hom-aimos/canary-recall-final-closure/v2-epistemic-scope",
            "decision_sha256": decision["security"],
            "return_path": "normal_recall",
            "epistemic_decision_sha256": decision["epistemic"],
            "state_view_root_sha256": decision["state"],
            "occurrence_view_root_sha256": decision["occurrence"],
            "selected_clean_memory_ids": memories,
        }
        b["return_projection"] = {
            "schema": SCHEMAS["return_projection"],
            "decision_sha256": decision["projection"],
            "return_path": "normal_recall",
            "final_security_closure_sha256": decision["security"],
            "content_state_selection_sha256": decision["selection"],
            "selected_clean_count": self.n,
            "projected_output_count": self.n,
            "projected_memory_ids": memories,
            "projected_live_content_hashes": lives,
            "ordered_unique_subset_of_final_clean_security_closure": True,
            "output_content_commitments_unchanged": True,
            "canonical_memory_mutated": False,
            "retention_changed": False,
            "disclosure_expansion_performed": False,
        }
        entries = [
            {"entry_type": "epistemic_decision", "decision_sha256": decision["epistemic"]},
            {"entry_type": "canary_final_security_closure", "decision_sha256": decision["security"]},
            *evidence,
        ]
        root = merkle_root(entries)
        grant_mutation = b["effective_recall_grant"]["mutation_hash"]
        metadata = {
            "command_hash": b["request_envelope"]["command_hash"],
            "outer_request_hash": request_hash,
            "authority_mutation_hash": grant_mutation,
            "request_receipt_id": receipt_id,
            "request_receipt_mutation_hash": rr_mutation,
            "merkle_root": root,
            "result_count": self.n,
            "evidence": evidence,
            "return_projection": b["return_projection"],
        }
        prev = sha(b"previous event")
        signed_body = {
            "company_id": COMPANY,
            "actor_agent_id": self.actor,
            "actor_valid_from": iso(start),
            "signer_agent_id": "housekeeper",
            "signer_valid_from": iso(start),
            "cert_fingerprint": hk_fpr,
            "operation": "recall_receipt",
            "metadata": metadata,
            "prev_mutation_hash": prev,
            "ts_signed": event_ts,
        }
        content = sha(jcs(signed_body))
        event_mutation = sha(
            b"AIMOS-EVENT-LINK-v1\0"
            + bytes.fromhex(prev)
            + bytes.fromhex(content)
            + f"event-nonce{event_ts}".encode()
        )
        b["native_recall_receipt"] = {
            "command_hash": b["request_envelope"]["command_hash"],
            "outer_request_hash": request_hash,
            "authority_mutation_hash": grant_mutation,
            "request_receipt_id": receipt_id,
            "request_receipt_mutation_hash": rr_mutation,
            "result_count": self.n,
            "merkle_schema": FORMAT["native_receipt_schema"],
            "epistemic_decision_sha256": decision["epistemic"],
            "canary_final_security_closure_sha256": decision["security"],
            "evidence": evidence,
            "merkle_entries": entries,
            "merkle_root": root,
            "return_projection": b["return_projection"],
            "return_projection_event_body_bound": True,
            "event_receipt": {
                "signed_body": signed_body,
                "content_hash": content,
                "mutation_hash": event_mutation,
                "prev_mutation_hash": prev,
                "nonce": "event-nonce",
                "ts_signed": event_ts,
                "signature_b64u": self.hk_key.sign(jcs(signed_body) + f"\nevent-nonce\n{event_ts}".encode()),
                "signer_certificate": hk_cert,
            },
        }
        for kind, agent in (
            ("actor_revocation_state", self.actor),
            ("housekeeper_revocation_state", "housekeeper"),
        ):
            b[kind] = {
                "company_id": COMPANY,
                "agent_id": agent,
                "valid_from": iso(start),
                "evaluated_at_unix_seconds": event_ts,
                "revoked": False,
                "source_event_mutation_hash": event_mutation,
            }
        objects = []
        for kind in SINGLETONS:
            objects.append(self._object(len(objects), kind, b[kind], None, None))
        for i, (mid, live) in enumerate(zip(memories, lives, strict=True)):
            occurrence = {
                "memory_id": mid,
                "live_content_hash_hex": live,
                "occurrence_ref": refs[i],
                "occurrence_form": "v3",
                "native_schema": "hom.aimos.memory-occurrence/v3",
                "native_body": occurrence_bodies[i],
                "signature_b64u": self.hk_key.sign(
                    b"hom.aimos.memory-occurrence-signature/v3\0" + bytes.fromhex(refs[i])
                ),
                "signer_certificate": hk_cert,
            }
            group = {
                "memory_state": {"memory_id": mid, "live_content_hash": live},
                "provenance_chain": {
                    "memory_id": mid,
                    "live_content_hash": live,
                    "save_mutation_hash": evidence[i]["save_mutation_hash"],
                    "binding_mutation_hash": evidence[i]["binding_mutation_hash"],
                },
                "occurrence": occurrence,
                "epistemic_projection": {
                    "memory_id": mid,
                    "live_content_hash": live,
                    "label": "unverified",
                    "decision_sha256": decision["epistemic"],
                },
                "receipt_evidence": dict(evidence[i]),
            }
            for kind in RESULTS:
                objects.append(self._object(len(objects), kind, group[kind], mid, i))
        envelope = {
            "format": dict(FORMAT),
            "bundle_id": self.bundle_id,
            "company_id": COMPANY,
            "expected_master_fingerprint": self.master.fingerprint,
            "result_count": self.n,
            "object_count": len(objects),
            "object_root_sha256": "",
            "objects": objects,
            "bundle_sha256": "",
        }
        return reseal(json.loads(json.dumps(envelope)))  # no value shared between two places

    @staticmethod
    def _object(
        ordinal: int, kind: str, content: dict[str, Any], subject: str | None, result: int | None
    ) -> dict[str, Any]:
        body_with_schema = {**content, "schema": SCHEMAS[kind]}
        return {
            "ordinal": ordinal,
            "kind": kind,
            "schema": SCHEMAS[kind],
            "subject_id": subject,
            "result_ordinal": result,
            "body_sha256": "",
            "body": body_with_schema,
        }


# --- portable mutation bundles (§9) ----------------------------------------------------------------


@dataclass
class Mutation:
    """A portable mutation bundle about the first result of a valid envelope, with its witness."""

    terminal: str = "authorized_transition"  # or "signed_noop", "occurrence_observation"
    recall: Envelope = field(default_factory=Envelope)

    def documents(self) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        """``(bundle, witness, trust_context)``, all valid."""
        context = self.recall.document()
        hk = body(context, "housekeeper_identity_epoch")
        native = body(context, "native_recall_receipt")
        event = native["event_receipt"]
        ev0 = native["evidence"][0]
        closure = body(context, "final_security_closure")["decision_sha256"]
        scope = "occurrence_observation" if self.terminal == "occurrence_observation" else "principal_state"
        outcome = {
            "schema": "hom.aimos.mutation-outcome-evidence/v2",
            "company_id": COMPANY,
            "memory_id": ev0["memory_id"],
            "live_content_hash": ev0["live_content_hash"],
            "occurrence_ref": ev0["occurrence_ref"],
            "target_scope": scope,
            "recall_event_id": "44444444-4444-4444-8444-444444444444",
            "recall_event_mutation_hash": event["mutation_hash"],
            "recall_merkle_root": native["merkle_root"],
            "security_closure_sha256": closure,
            "outcome_id": "55555555-5555-4555-8555-555555555555",
        }
        recall = {
            "event_id": outcome["recall_event_id"],
            "mutation_hash": event["mutation_hash"],
            "merkle_root": native["merkle_root"],
            "security_closure_sha256": closure,
            "evidence": {key: ev0[key] for key in ("memory_id", "live_content_hash", "occurrence_ref")},
        }
        outcome_meta = {
            key: outcome[key] for key in ("target_scope", "memory_id", "live_content_hash", "occurrence_ref")
        }
        full_outcome = self._event(
            hk,
            "66666666-6666-4666-8666-666666666666",
            "mutation_outcome_evidence_v2",
            outcome["recall_event_id"],
            outcome_meta,
            T0 + 200,
            10,
        )
        valence_body = {
            "evidence_schema": outcome["schema"],
            "target_scope": scope,
            "memory_id": outcome["memory_id"],
            "target_live_content_hash": outcome["live_content_hash"],
            "target_occurrence_ref": outcome["occurrence_ref"],
            "recall_event_id": outcome["recall_event_id"],
            "recall_event_mutation_hash": outcome["recall_event_mutation_hash"],
            "recall_merkle_root": outcome["recall_merkle_root"],
            "security_closure_sha256": closure,
            "outcome_id": outcome["outcome_id"],
            "outcome_event_id": full_outcome["event_id"],
            "outcome_event_mutation_hash": full_outcome["mutation_hash"],
            "event_type": "VALENCE",
            "company_id": COMPANY,
            "reward_sign": 1,
            "signer_agent_id": "housekeeper",
            "signer_valid_from": hk["valid_from"],
            "cert_fingerprint": hk["cert_fingerprint"],
            "identity_tier": "T1",
            "ts_signed": T0 + 201,
        }
        valence_content = sha(jcs(valence_body))
        row_hash = sha(bytes.fromhex(valence_content) + f"valence-nonce{T0 + 201}".encode())
        valence_proof = {
            "memory_id": outcome["memory_id"],
            "company_id": COMPANY,
            "reward_sign": 1,
            "body_json": valence_body,
            "content_hash": valence_content,
            "prev_hash": None,
            "row_hash": row_hash,
            "ts_signed": T0 + 201,
            "nonce": "valence-nonce",
            "signature_b64u": self.recall.hk_key.sign(
                jcs(valence_body) + f"\nvalence-nonce\n{T0 + 201}".encode()
            ),
            "proof_required": True,
            **self._identity(hk),
        }
        bundle: dict[str, Any] = {
            "format": {
                "schema": "hom.aimos.mutmem-portable-mutation-evidence/v2",
                "version": 2,
                "native_outcome_schema": "hom.aimos.mutation-outcome-evidence/v2",
                "canonicalization": "hom-aimos/canonical-json/v1",
                "hash": "sha256",
                "signature": "ed25519",
            },
            "bundle_id": "MUT-1",
            "company_id": COMPANY,
            "recall_evidence_sha256": sha(jcs(recall)),
            "outcome_evidence": outcome,
            "recall_receipt": recall,
            "outcome_event": {
                key: full_outcome[key]
                for key in ("event_id", "operation", "parent_event_id", "mutation_hash", "metadata")
            },
            "valence_evidence": {
                "row_hash": row_hash,
                "reward_sign": 1,
                "body_json": valence_body,
                "signature_b64u": valence_proof["signature_b64u"],
                "signer_agent_id": "housekeeper",
                "signer_valid_from": hk["valid_from"],
                "cert_fingerprint": hk["cert_fingerprint"],
            },
            "cognitive_projection": None,
        }
        if self.terminal == "authorized_transition":
            prov_body = {
                "valence_row_hash": row_hash,
                "event_type": "REWEIGHT",
                "company_id": COMPANY,
                "memory_id": outcome["memory_id"],
                "signer_agent_id": "housekeeper",
                "signer_valid_from": hk["valid_from"],
                "cert_fingerprint": hk["cert_fingerprint"],
            }
            prov_content = sha(jcs(prov_body))
            prev = sha(b"previous provenance")
            prov_mutation = sha(
                bytes.fromhex(prov_content) + bytes.fromhex(prev) + f"prov-nonce{T0 + 202}".encode()
            )
            summary = {
                "provenance_id": "77777777-7777-4777-8777-777777777777",
                "memory_id": outcome["memory_id"],
                "event_type": "REWEIGHT",
                "mutation_hash": prov_mutation,
                "body_json": prov_body,
            }
            bundle["terminal"] = {"kind": "authorized_transition", "reweight_provenance": summary}
            mid = bytes.fromhex(outcome["memory_id"].replace("-", ""))
            prev_projection = sha(b"previous projection")
            projection = {
                "memory_id": outcome["memory_id"],
                "old_weight_milli": 1000,
                "new_weight_milli": 1100,
                "provenance_mutation_hash": prov_mutation,
                "prev_projection_hash": prev_projection,
                "projection_hash": sha(
                    b"aimos.cwc/v1\0"
                    + mid
                    + struct.pack(">qq", 1000, 1100)
                    + bytes.fromhex(prov_mutation)
                    + bytes.fromhex(prev_projection)
                ),
            }
            transition = sha(
                b"aimos.cognitive-transition/v2\0"
                + frame(COMPANY)
                + mid
                + struct.pack(">qq", 1000, 1100)
                + bytes.fromhex(prov_mutation)
            )
            projection["transition_hash"] = transition
            projection["transition_signature_b64u"] = self.recall.hk_key.sign(bytes.fromhex(transition))
            bundle["cognitive_projection"] = projection
            terminal_proof = {
                "kind": "reweight_provenance",
                "provenance": {
                    **summary,
                    "agent_id": "housekeeper",
                    "agent_valid_from": hk["valid_from"],
                    "agent_valid_until": hk["valid_until"],
                    "cert_fingerprint": hk["cert_fingerprint"],
                    "content_hash": prov_content,
                    "prev_mutation_hash": prev,
                    "ts_signed": T0 + 202,
                    "nonce": "prov-nonce",
                    "signature_b64u": self.recall.hk_key.sign(
                        jcs(prov_body) + f"\nprov-nonce\n{T0 + 202}".encode()
                    ),
                    "identity_tier": "T1",
                    "is_genesis": False,
                    "backfilled": False,
                    "memory_originated_at": None,
                    "sig_form_version": 1,
                    "request_sig_form": 1,
                    "signed_method": None,
                    "signed_path": None,
                    "signed_claims": None,
                    "signer_public_key_b64u": hk["public_key_b64u"],
                    "signer_certificate": hk["certificate"],
                },
            }
        else:
            if self.terminal == "signed_noop":
                meta = {"valence_row_hash": row_hash, "projection_appended": False}
                operation = "cognitive_weight_unchanged"
            else:
                meta = {
                    "outcome_id": outcome["outcome_id"],
                    "occurrence_ref": outcome["occurrence_ref"],
                    "projection_appended": False,
                }
                operation = "mutation_occurrence_observation_retained"
            full = self._event(
                hk,
                "88888888-8888-4888-8888-888888888888",
                operation,
                full_outcome["event_id"],
                meta,
                T0 + 203,
                11,
            )
            bundle["terminal"] = {
                "kind": self.terminal,
                "event": {
                    key: full[key]
                    for key in ("event_id", "operation", "parent_event_id", "mutation_hash", "metadata")
                },
            }
            terminal_proof = {"kind": "terminal_event", "event": full}
        bundle["bundle_sha256"] = sha(b"hom.aimos.mutmem-portable-mutation-evidence/v2\0" + jcs(bundle))
        witness: dict[str, Any] = {
            "format": {
                "schema": "hom.aimos.mutmem-portable-mutation-witness/v1",
                "version": 1,
                "canonicalization": "hom-aimos/canonical-json/v1",
                "hash": "sha256",
                "signature": "ed25519",
            },
            "mutation_bundle_sha256": bundle["bundle_sha256"],
            "trust_context_bundle_sha256": context["bundle_sha256"],
            "expected_master_fingerprint": self.recall.master.fingerprint,
            "outcome_event": full_outcome,
            "valence_evidence": valence_proof,
            "terminal_proof": terminal_proof,
        }
        witness["witness_sha256"] = sha(b"hom.aimos.mutmem-portable-mutation-witness/v1\0" + jcs(witness))
        return bundle, witness, context

    @staticmethod
    def _identity(hk: dict[str, Any]) -> dict[str, Any]:
        return {
            "signer_agent_id": "housekeeper",
            "signer_valid_from": hk["valid_from"],
            "signer_valid_until": hk["valid_until"],
            "cert_fingerprint": hk["cert_fingerprint"],
            "identity_tier": hk["identity_tier"],
            "signer_public_key_b64u": hk["public_key_b64u"],
            "signer_certificate": hk["certificate"],
        }

    def _event(
        self,
        hk: dict[str, Any],
        event_id: str,
        operation: str,
        parent: str,
        meta: dict[str, Any],
        ts: int,
        seq: int,
    ) -> dict[str, Any]:
        prev = sha(f"previous {event_id}".encode())
        signed = {
            "event_id": event_id,
            "company_id": COMPANY,
            "subject_agent_id": "housekeeper",
            "signer_agent_id": "housekeeper",
            "signer_valid_from": hk["valid_from"],
            "cert_fingerprint": hk["cert_fingerprint"],
            "identity_tier": "T1",
            "authority_kind": "housekeeper_system_principal",
            "operation": operation,
            "key": MEMORY,
            "metadata": meta,
            "parent_event_id": parent,
            "ledger_seq": seq,
            "prev_mutation_hash": prev,
            "ts_signed": ts,
        }
        content = sha(jcs(signed))
        nonce = f"nonce-{event_id[:8]}"
        return {
            **{
                key: signed[key]
                for key in (
                    "event_id",
                    "company_id",
                    "subject_agent_id",
                    "operation",
                    "key",
                    "metadata",
                    "parent_event_id",
                )
            },
            "timestamp": iso(ts),
            "proof_required": True,
            "ledger_version": 1,
            "ledger_seq": seq,
            **self._identity(hk),
            "authority_kind": "housekeeper_system_principal",
            "signed_body": signed,
            "content_hash": content,
            "mutation_hash": sha(
                b"AIMOS-EVENT-LINK-v1\0"
                + bytes.fromhex(prev)
                + bytes.fromhex(content)
                + f"{nonce}{ts}".encode()
            ),
            "prev_mutation_hash": prev,
            "ts_signed": ts,
            "nonce": nonce,
            "signature_b64u": self.recall.hk_key.sign(jcs(signed) + f"\n{nonce}\n{ts}".encode()),
        }


def copy_of(doc: Any) -> Any:
    return copy.deepcopy(doc)
