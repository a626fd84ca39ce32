"""Every check that needs only the proof: the tree (leaf, path), the signed evidence
(its id, kind and signature), the receipt bytes the signature binds, the signed root, and
what the exporter recorded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..canonical import JsonError, loads_strict
from ..findings import message
from ..keys import (
    decode_signature,
    raw_from_jwk,
    sha256_id,
    verify_sig,
)
from ..objects import Obj, build_object, signing_bytes_of
from ..verify.merkle import (
    leaf_hash,
    root_of_entries,
    verify_inclusion,
)
from .common import Said, same_json, short
from .format import OK_STATUSES, AnchoredProof, key_fingerprint
from .result import Check

LEAF_OK = message("The leaf hash is the hash of entry {ordinal}.")


LEAF_BAD = message("The leaf hash {leaf_hash} is not the hash of the entry (it is {recomputed}).")


LEAF_NO_CANONICAL = message("The entry has no canonical JSON form ({reason}).")


LEAF_ORDINAL = message("The entry says ordinal {entry_ordinal} but the proof is for position {ordinal}.")


PATH_OK = message("The audit path leads from entry {ordinal} of {tree_size} to root {root}.")


PATH_BAD = message(
    "The audit path ({nodes} nodes) does not lead from entry {ordinal} of {tree_size} to root {root}."
)


EVIDENCE_OK = message(
    "The carried evidence is recall receipt {receipt}, and its id is the digest of its content."
)


EVIDENCE_MALFORMED = message("The carried evidence is not a readable EvidenceCommit: {reason}.")


EVIDENCE_KIND = message("The carried evidence is a {event_type} record, not a recall receipt.")


EVIDENCE_ID = message("The carried evidence's id {stored} is not the digest of its content ({computed}).")


EVIDENCE_OTHER = message("The proof is for receipt {receipt} but carries evidence {evidence}.")


EVIDENCE_UNSIGNED = message(
    "The carried evidence has fields its signature does not cover ({fields}); they were ignored."
)


SIG_OK = message("The evidence signature verifies with {key_id}'s public key {fingerprint}.")


SIG_BAD = message("The evidence signature does not verify with the carried public key {fingerprint}.")


SIG_KEY_ID = message(
    "The proof names signer {key_id} but the evidence says it was signed by {evidence_key_id}."
)


SIG_NOT_KEY = message("The carried public key is not an Ed25519 JWK ({reason}).")


BIND_OK = message("The receipt bytes are the receipt.json artifact that the signed evidence binds ({hash}).")


BIND_ARTIFACTS = message(
    "The signed evidence has {count} artifacts named receipt.json; a recall receipt has exactly one."
)


BIND_HASH = message(
    "The carried receipt bytes hash to {found}, but the signed evidence binds receipt.json to {expected}."
)


BIND_OUTPUT = message("The signed evidence's output_hash {output_hash} is not the receipt.json hash {hash}.")


ROOT_OK = message(
    "The proof's root is the root of the signed receipt, which has {count} entries, and entry {ordinal} "
    "there is the proof's entry."
)


ROOT_NOT_JSON = message("The carried receipt bytes are not strict JSON ({reason}).")


ROOT_NOT_RECEIPT = message("The carried receipt bytes are not a MutMem recall receipt.")


ROOT_MISMATCH = message("The proof's root {root} is not the root of the signed receipt ({signed_root}).")


ROOT_SIZE = message("The proof says the receipt has {tree_size} entries; the signed receipt has {count}.")


ROOT_ENTRY = message("Entry {ordinal} of the signed receipt is not the proof's entry.")


ROOT_RECOMPUTE = message("The signed receipt's root {signed_root} does not recompute from its entries.")


ROOT_QUERY = message(
    "The signed evidence's input_hash {input_hash} is not the receipt's query_sha256 {query_sha256}."
)


STATUS_OK = message(
    "The exporter recorded the receipt as {evidence_status} with a valid receipt view in its file "
    "(verdict {file_verdict})."
)


STATUS_BAD = message(
    "The proof itself records the receipt as {evidence_status}, receipt {receipt_status}, in the file it "
    "came from: it does not prove a valid disclosure."
)


NOTE_RECORDED_FAIL = message("The exporter recorded that its file did not verify (verdict {file_verdict}).")


def consistency(proof: AnchoredProof) -> tuple[list[Check], list[Said], str | None]:
    """Every check that needs only the proof: leaf, path, evidence, signature, binding,
    signed root, recorded status.  Returns the checks, the notes and the fingerprint of
    the carried key (None when it is not an Ed25519 key)."""
    checks: list[Check] = []
    notes: list[Said] = []
    add = checks.append
    _tree(add, proof)
    obj = _evidence(add, notes, proof)
    if obj is None:  # no readable evidence: nothing signed to check the rest against
        return checks, notes, None
    fingerprint = _signature(add, proof, obj)
    _binding(add, proof, obj)
    check_signed_root(add, proof, obj.get("input_hash"))
    _recorded_status(add, notes, proof)
    return checks, notes, fingerprint


def _tree(add: Callable[[Check], None], proof: AnchoredProof) -> None:
    """The leaf is the hash of the entry at its ordinal; the audit path leads to the root."""
    inc = proof.inclusion
    try:
        leaf = leaf_hash(inc.entry)
    except ValueError as exc:
        add(Check.of("leaf", False, LEAF_NO_CANONICAL, reason=exc))
    else:
        entry_ordinal = inc.entry.get("ordinal", inc.ordinal)
        if leaf.hex() != inc.leaf_hash:
            add(Check.of("leaf", False, LEAF_BAD, leaf_hash=inc.leaf_hash, recomputed=leaf.hex()))
        elif type(entry_ordinal) is not int or entry_ordinal != inc.ordinal:
            said = {"entry_ordinal": short(entry_ordinal), "ordinal": inc.ordinal}
            add(Check.of("leaf", False, LEAF_ORDINAL, **said))
        else:
            add(Check.of("leaf", True, LEAF_OK, ordinal=inc.ordinal))
    nodes = [bytes.fromhex(p) for p in inc.audit_path]
    path_ok = verify_inclusion(
        bytes.fromhex(inc.leaf_hash), inc.ordinal, inc.tree_size, nodes, bytes.fromhex(inc.root[7:])
    )
    where = {"ordinal": inc.ordinal, "tree_size": inc.tree_size, "root": inc.root}
    if path_ok:
        add(Check.of("path", True, PATH_OK, **where))
    else:
        add(Check.of("path", False, PATH_BAD, nodes=len(nodes), **where))


def _evidence(add: Callable[[Check], None], notes: list[Said], proof: AnchoredProof) -> Obj | None:
    """The carried evidence: a readable recall-receipt EvidenceCommit whose id is its
    digest and the proof's receipt.  None when it cannot be read at all."""
    inc = proof.inclusion
    try:
        obj = build_object(f"evidence/{inc.receipt}.json", proof.evidence, "evidence")
    except (ValueError, TypeError, RecursionError) as exc:  # build_object is total; stay total anyway
        add(Check.of("evidence", False, EVIDENCE_MALFORMED, reason=short(exc)))
        return None
    if obj.malformed is not None:
        add(Check.of("evidence", False, EVIDENCE_MALFORMED, reason=obj.malformed.reason))
        return None
    problems = []
    if obj.get("event_type") != "recall_receipt":
        problems.append(Check.of("evidence", False, EVIDENCE_KIND, event_type=short(obj.get("event_type"))))
    if obj.computed_id != obj.stored_id:
        said = {"stored": short(obj.stored_id), "computed": obj.computed_id}
        problems.append(Check.of("evidence", False, EVIDENCE_ID, **said))
    if obj.stored_id != inc.receipt:
        said = {"receipt": inc.receipt, "evidence": short(obj.stored_id)}
        problems.append(Check.of("evidence", False, EVIDENCE_OTHER, **said))
    for check in problems or [Check.of("evidence", True, EVIDENCE_OK, receipt=inc.receipt)]:
        add(check)
    if obj.unsigned_fields:
        notes.append(Said.of(EVIDENCE_UNSIGNED, fields=", ".join(short(f) for f in obj.unsigned_fields[:8])))
    return obj


def _signature(add: Callable[[Check], None], proof: AnchoredProof, obj: Obj) -> str | None:
    """The evidence's Ed25519 signature with the carried key; that key's fingerprint."""
    try:
        raw_key = raw_from_jwk(proof.public_key)
    except ValueError as exc:
        add(Check.of("signature", False, SIG_NOT_KEY, reason=exc))
        return None
    fingerprint = key_fingerprint(raw_key)
    if obj.key_id != proof.key_id:
        said = {"key_id": short(proof.key_id), "evidence_key_id": short(obj.key_id)}
        add(Check.of("signature", False, SIG_KEY_ID, **said))
    elif verify_sig(raw_key, decode_signature(obj.signature), signing_bytes_of(obj)):
        add(Check.of("signature", True, SIG_OK, key_id=proof.key_id, fingerprint=fingerprint))
    else:
        add(Check.of("signature", False, SIG_BAD, fingerprint=fingerprint))
    return fingerprint


def _binding(add: Callable[[Check], None], proof: AnchoredProof, obj: Obj) -> None:
    """The carried receipt bytes are the ``receipt.json`` artifact the signed evidence
    binds, and its output hash."""
    arts = [a for a in obj.get("artifacts") if a.get("name") == "receipt.json"]
    if len(arts) != 1 or type(arts[0].get("hash")) is not str:
        add(Check.of("binding", False, BIND_ARTIFACTS, count=len(arts)))
        return
    art_hash = arts[0]["hash"]
    found = sha256_id(proof.receipt_bytes)
    problems = []
    if found != art_hash:
        problems.append(Check.of("binding", False, BIND_HASH, found=found, expected=short(art_hash)))
    if obj.get("output_hash") != art_hash:
        said = {"output_hash": short(obj.get("output_hash")), "hash": short(art_hash)}
        problems.append(Check.of("binding", False, BIND_OUTPUT, **said))
    for check in problems or [Check.of("binding", True, BIND_OK, hash=art_hash)]:
        add(check)


def _recorded_status(add: Callable[[Check], None], notes: list[Said], proof: AnchoredProof) -> None:
    """What the exporter recorded (unsigned: information, but a proof of an invalid
    receipt never checks as valid)."""
    st = proof.status
    if st["evidence"] in OK_STATUSES and st["receipt"] == "valid":
        said = {"evidence_status": st["evidence"], "file_verdict": short(st["file_verdict"])}
        add(Check.of("recorded_status", True, STATUS_OK, **said))
        if st["file_verdict"] != "pass":
            notes.append(Said.of(NOTE_RECORDED_FAIL, file_verdict=short(st["file_verdict"])))
    else:
        said = {"evidence_status": short(st["evidence"]), "receipt_status": short(st["receipt"])}
        add(Check.of("recorded_status", False, STATUS_BAD, **said))


def check_signed_root(add: Callable[[Check], None], proof: AnchoredProof, input_hash: Any) -> None:
    inc = proof.inclusion
    try:
        body, _ = loads_strict(proof.receipt_bytes)
    except JsonError as exc:
        add(Check.of("signed_root", False, ROOT_NOT_JSON, reason=exc))
        return
    if type(body) is not dict or body.get("mutmem") != 1 or body.get("kind") != "recall_receipt":
        add(Check.of("signed_root", False, ROOT_NOT_RECEIPT))
        return
    signed_root, entries = body.get("root"), body.get("entries")
    ok = True
    if signed_root != inc.root:
        ok = False
        add(Check.of("signed_root", False, ROOT_MISMATCH, root=inc.root, signed_root=short(signed_root)))
    count = len(entries) if type(entries) is list else 0
    if type(entries) is not list or count != inc.tree_size:
        ok = False
        add(Check.of("signed_root", False, ROOT_SIZE, tree_size=inc.tree_size, count=count))
    elif inc.ordinal >= count or not same_json(entries[inc.ordinal], inc.entry):
        ok = False
        add(Check.of("signed_root", False, ROOT_ENTRY, ordinal=inc.ordinal))
    if type(entries) is list and all(type(e) is dict for e in entries):
        try:
            recomputes = root_of_entries(entries) == signed_root
        except ValueError:
            recomputes = False
        if not recomputes:
            ok = False
            add(Check.of("signed_root", False, ROOT_RECOMPUTE, signed_root=short(signed_root)))
    if input_hash != body.get("query_sha256"):
        ok = False
        add(
            Check.of(
                "signed_root",
                False,
                ROOT_QUERY,
                input_hash=short(input_hash),
                query_sha256=short(body.get("query_sha256")),
            )
        )
    if ok:
        add(Check.of("signed_root", True, ROOT_OK, count=count, ordinal=inc.ordinal))
