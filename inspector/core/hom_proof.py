"""Inclusion proofs of HOM-AIMOS recall receipt entries (SPEC C4 for the profile of SPEC F).

A recall bundle's receipt lists the disclosed entries under an RFC 6962 Merkle root, and
its housekeeper-signed ``event_receipt`` repeats that root and the entry count.  A proof
of one entry (format :data:`HOM_PROOF_FORMAT`) therefore carries:

* the RFC 6962 part (:class:`~inspector.core.verify.merkle.InclusionProof`): the bundle
  id as ``receipt``, the entry, its ordinal, the tree size, the leaf hash, the audit path
  and the root;
* the bundle's SHA-256 and Merkle schema;
* the signed ``event_receipt`` exactly as the bundle holds it, with the bundle's
  ``trust_anchors`` (the master key and the certificates) and the master's fingerprint.

:func:`check_hom_proof` recomputes the leaf, path and root; checks that the signed event
receipt states that root and that count, that its signature verifies under the
certificate it carries, and who issued that certificate (the carried master, or the
signer itself).  Then it anchors, never to the proof itself: to the bundle (``file``: it
must verify, be the same document and hold the same receipt, entry and root) or to a
master fingerprint the auditor pins (``trusted``: the signer's certificate must be issued
by that master).  With neither the proof is consistent, not anchored.

The answer is a plain dict with structured checks (``name``, ``ok``, ``key``,
``params``): the window words it in its language, :func:`hom_proof_display` words it
with the core's registered templates (``receipt check``).  Qt-free.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InspectorError
from .findings import message
from .proofs import MAX_PROOF_BYTES, ORDINAL_OUTSIDE, PROOF_FILE_TOO_LARGE, RESULT_SCHEMA, ProofError, Said

__all__ = [
    "HOM_PROOF_FORMAT",
    "HomExport",
    "check_hom_proof",
    "export_hom_proof",
    "hom_bundle_at",
    "hom_proof_display",
    "is_hom_proof",
    "make_hom_proof",
    "master_pin",
    "write_hom_proof",
]

HOM_PROOF_FORMAT = "aleth-inspector/hom-recall-proof/1"
"""The ``proof`` member of a HOM-AIMOS recall inclusion proof."""

PROFILE = "hom-aimos-v1"

_KEYS = frozenset(
    (
        "proof",
        "receipt",
        "ordinal",
        "tree_size",
        "entry",
        "leaf_hash",
        "audit_path",
        "root",
        "bundle_id",
        "bundle_sha256",
        "merkle_schema",
        "event_receipt",
        "trust_anchors",
        "master_fingerprint",
    )
)
_EXIT = {"anchored": 0, "not_anchored": 1, "anchor_mismatch": 1, "invalid": 1, "unopenable": 2}

# =========================================================================== sentences

# ---- export --------------------------------------------------------------------------
NOT_A_RECALL_BUNDLE = message("{path} is not a HOM-AIMOS recall bundle (it is a {kind} bundle).")
OTHER_RECEIPT = message(
    "{receipt} is not the recall receipt of this bundle: its receipt is the bundle id {bundle_id}."
)
BUNDLE_FAILS = message(
    "The bundle does not verify ({verdict}: {reason}): a proof would stand on nothing signed."
)
NO_EVENT_RECEIPT = message("The bundle has no signed event receipt: a proof would stand on nothing signed.")
ROOT_NOT_OF_ENTRIES = message("The receipt's stated root {stated} is not the root of its entries ({root}).")
UNPROVABLE = message("The receipt of bundle {bundle_id} cannot be proved: {reason}.")
CHANGED = message("{path} changed since its report was shown (SHA-256 {found}); reload it, then export.")
PIN_BAD = message(
    '{given} is not a master key fingerprint: expected 64 hex digits (a "sha256:" prefix is allowed).'
)
NOTE_SELF_ISSUED_EXPORT = message(
    "The receipt's signer {signer} has a self-issued certificate: only the bundle itself anchors this proof, "
    "a pinned master does not."
)

# ---- the checks (keyed as the window keys them) ----------------------------------------
WORDS: dict[str, str] = {
    "format_ok": message("A HOM-AIMOS recall proof of bundle {bundle}."),
    "format_bad": message("The file is not a readable HOM-AIMOS recall proof: {reason}."),
    "path_ok": message("The leaf and the audit path of entry {ordinal} of {size} lead to the root."),
    "path_bad": message("The leaf or the audit path does not lead to the root: {reason}."),
    "signed_root_ok": message("The signed event receipt states this root and an entry count of {count}."),
    "signed_root_bad": message(
        "The signed event receipt states root {stated} and {count} entries, not this proof's root {root}."
    ),
    "signature_ok": message(
        "The event receipt's signature verifies under the certificate of {signer} ({certificate}…)."
    ),
    "signature_bad": message(
        "The event receipt's signature does not verify under the certificate it carries."
    ),
    "issuer_master": message("The signer's certificate is issued by the bundle's master key {master}."),
    "issuer_self": message("The signer's certificate is self-issued: no master vouches for {signer}."),
    "issuer_bad": message("The signer's certificate is issued by neither the master nor the signer."),
    "anchor_file_ok": message(
        "Anchored to the bundle {file} (SHA-256 {sha256}): it verifies and holds this receipt, "
        "entry and root."
    ),
    "anchor_file_fails": message("The bundle {file} does not verify ({verdict}: {reason}): no anchor."),
    "anchor_file_other": message(
        "The bundle {file} does not hold this receipt, entry or root: the proof is not from it."
    ),
    "anchor_unopenable": message("The bundle {file} cannot be read: {reason}"),
    "anchor_key_ok": message("Anchored to the master key you trust, {master}."),
    "anchor_key_bad": message(
        "The pinned fingerprint {pinned} is not the master that issued the signer's certificate ({master})."
    ),
    "note_self_issued": message(
        "{signer}'s certificate is self-issued: valid means internally consistent; "
        "only the bundle anchors it."
    ),
    "too_large": PROOF_FILE_TOO_LARGE,
}
RESULTS: dict[str, str] = {
    "anchored": message("The proof is consistent, signed, and anchored."),
    "not_anchored": message(
        "The proof is consistent and signed, but not anchored: check it against its bundle or a master "
        "key you trust."
    ),
    "anchor_mismatch": message(
        "The proof is consistent and signed, but the anchor given does not vouch for it."
    ),
    "invalid": message("The proof does not check."),
    "unopenable": message("The bundle given cannot be read, so the proof is not anchored."),
}


# =========================================================================== export


@dataclass(frozen=True)
class HomExport:
    """A recall proof made from a bundle, with what the exporter should know about it."""

    doc: dict[str, Any]
    said: tuple[Said, ...] = field(default=())

    @property
    def notes(self) -> list[str]:
        return [s.text for s in self.said]

    def to_bytes(self) -> bytes:
        return (json.dumps(self.doc, indent=1, ensure_ascii=True) + "\n").encode("ascii")

    def summary(self) -> dict[str, Any]:
        """What was proved (the job's and the command's answer)."""
        d = self.doc
        return {
            "receipt": d["bundle_id"],
            "bundle_id": d["bundle_id"],
            "ordinal": d["ordinal"],
            "tree_size": d["tree_size"],
            "root": d["root"],
            "master_fingerprint": d["master_fingerprint"],
        }


def hom_bundle_at(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of ``path`` when it is a HOM-AIMOS bundle file, else None (a directory, a
    sealed container, anything that is not a JSON object is not read past its head).
    Raises :class:`InspectorError` when a JSON file cannot be read."""
    from . import hom_aimos
    from .container import read_blob

    p = Path(path)
    if not p.is_file():
        return None
    try:
        with p.open("rb") as fh:
            head = fh.read(64)
    except OSError:
        return None  # the caller's own opener says why
    if not head.lstrip(b" \t\r\n\xef\xbb\xbf").startswith(b"{"):
        return None
    blob = read_blob(p)
    return blob if hom_aimos.detect(blob) else None


def make_hom_proof(
    blob: bytes,
    ordinal: int,
    *,
    source: str = "",
    receipt: str | None = None,
    expect_sha256: str | None = None,
) -> HomExport:
    """The inclusion proof of entry ``ordinal`` of the recall bundle ``blob``.

    The bundle is judged here; only a bundle that verifies, with its signed event receipt
    and a root that recomputes from its entries, gets a proof (SPEC C4: a proof stands on a
    signature).  ``receipt``: the receipt id the caller named (a bundle's receipt is its
    bundle id); ``expect_sha256``: the bundle must still have these bytes.  Raises
    :class:`ProofError` (codes ``input_changed``, ``not_a_receipt``,
    ``ordinal_out_of_range``, ``receipt_unprovable``)."""
    from .hom_aimos import inclusion_proof, verify_bundle
    from .hom_aimos.parse import ParseFailure, parse_document
    from .hom_aimos.view import hom_view

    report = verify_bundle(blob, source=source)
    now = report.input.get("sha256") if isinstance(report.input, dict) else None
    if expect_sha256 is not None and now != expect_sha256:
        raise ProofError("input_changed", CHANGED, path=source, found=now)
    view = hom_view(report)
    rv = view.receipt if view is not None else None
    if view is None or rv is None:
        kind = view.kind if view is not None else "unknown"
        raise ProofError("not_a_receipt", NOT_A_RECALL_BUNDLE, path=source, kind=kind)
    if receipt is not None and receipt != rv.bundle_id:
        raise ProofError("not_a_receipt", OTHER_RECEIPT, receipt=receipt, bundle_id=rv.bundle_id)
    if report.verdict != "pass":
        reason = report.primary_reason or "-"
        raise ProofError("receipt_unprovable", BUNDLE_FAILS, verdict=report.verdict, reason=reason)
    if not rv.event_receipt_present:
        raise ProofError("receipt_unprovable", NO_EVENT_RECEIPT)
    if rv.recomputed_root is None or rv.recomputed_root != rv.stated_root:
        raise ProofError(
            "receipt_unprovable", ROOT_NOT_OF_ENTRIES, stated=rv.stated_root, root=rv.recomputed_root
        )
    n = len(rv.entries)
    if type(ordinal) is not int or not 0 <= ordinal < n:
        raise ProofError(
            "ordinal_out_of_range",
            ORDINAL_OUTSIDE,
            ordinal=ordinal,
            last=n - 1,
            receipt=rv.bundle_id,
            count=n,
        )
    try:
        proof = inclusion_proof(report, ordinal)
        doc = parse_document(blob)
    except (ValueError, ParseFailure) as exc:
        raise ProofError("receipt_unprovable", UNPROVABLE, bundle_id=rv.bundle_id, reason=exc) from exc
    rr = doc.get("recall_receipt") if isinstance(doc, dict) else None
    out = {
        "proof": HOM_PROOF_FORMAT,
        **proof.to_json(),
        "bundle_id": rv.bundle_id,
        "bundle_sha256": view.document_sha256,
        "merkle_schema": rv.merkle_schema,
        "event_receipt": rr.get("event_receipt") if isinstance(rr, dict) else None,
        "trust_anchors": doc.get("trust_anchors") if isinstance(doc, dict) else None,
        "master_fingerprint": view.master.fingerprint if view.master is not None else None,
    }
    export = HomExport(out)
    # the core's own proof must check (a bug is said, never written)
    result = check_hom_proof(export.to_bytes())
    if result["result"] != "not_anchored":
        failed = next((c for c in result["checks"] if not c["ok"]), None)
        reason = _said(failed["key"], failed["params"]).text if failed else result["result"]
        raise ProofError("receipt_unprovable", UNPROVABLE, bundle_id=rv.bundle_id, reason=reason)
    notes = []
    if any(c["key"] == "issuer_self" for c in result["checks"]):
        signer = next(c["params"]["signer"] for c in result["checks"] if c["key"] == "issuer_self")
        notes.append(Said.of(NOTE_SELF_ISSUED_EXPORT, signer=signer))
    if len(export.to_bytes()) > MAX_PROOF_BYTES:  # a checker would refuse to read it
        raise ProofError(
            "proof_too_large",
            UNPROVABLE,
            bundle_id=rv.bundle_id,
            reason=f"the proof is larger than {MAX_PROOF_BYTES} bytes",
        )
    return HomExport(out, tuple(notes))


def export_hom_proof(
    path: str | os.PathLike[str],
    ordinal: int,
    *,
    data: bytes | None = None,
    receipt: str | None = None,
    expect_sha256: str | None = None,
) -> HomExport:
    """Read the bundle ``path`` (or take its bytes ``data``), then :func:`make_hom_proof`.
    Raises :class:`InspectorError` when the file cannot be read."""
    from .container import read_blob

    blob = data if data is not None else read_blob(path)
    return make_hom_proof(blob, ordinal, source=str(path), receipt=receipt, expect_sha256=expect_sha256)


def write_hom_proof(path: str | os.PathLike[str], export: HomExport) -> Path:
    """Write the proof atomically, mode 0600 (it holds an entry of the bundle)."""
    from .write.safe import atomic_write

    return atomic_write(Path(path), export.to_bytes(), mode=0o600)


# =========================================================================== checking


def is_hom_proof(data: bytes) -> bool:
    """Whether proof bytes are a HOM-AIMOS recall proof (:data:`HOM_PROOF_FORMAT`)."""
    return HOM_PROOF_FORMAT.encode() in data[:4096]


def master_pin(text: str) -> str:
    """A master fingerprint the auditor pins, as 64 lowercase hex digits (``sha256:``
    prefix allowed).  :class:`ProofError` (``trusted_key_invalid``) otherwise."""
    from .hom_aimos import prims

    pin = text.strip().lower().removeprefix("sha256:")
    if not prims.is_hex64(pin):
        raise ProofError("trusted_key_invalid", PIN_BAD, given=text.strip()[:80])
    return pin


def check_hom_proof(data: bytes, *, file: str | None = None, trusted: str | None = None) -> dict[str, Any]:
    """Check a HOM-AIMOS recall inclusion proof (see the module docstring); anchored to
    the bundle ``file`` or to the master fingerprint ``trusted``.  Never raises on the
    proof's content.  ``result`` / ``exit_code`` as :class:`~inspector.core.proofs.ProofResult`."""
    from .canonical import JsonError, loads_strict
    from .hom_aimos import prims
    from .hom_aimos import verify_bundle as judge_bundle
    from .hom_aimos.view import hom_view
    from .verify.merkle import PROOF_FIELDS, InclusionProof

    checks: list[dict[str, Any]] = []
    out: dict[str, Any] = {
        "schema": RESULT_SCHEMA,
        "profile": PROFILE,
        "hom": True,
        "checks": checks,
        "anchor": None,
        "notes": [],
        "receipt": None,
        "ordinal": None,
        "tree_size": None,
        "root": None,
        "signer": None,
    }

    def check(name: str, ok: bool, key: str, **params: Any) -> bool:
        checks.append({"name": name, "ok": ok, "key": key, "params": {k: str(v) for k, v in params.items()}})
        return ok

    def done(result: str) -> dict[str, Any]:
        out["result"] = result
        out["exit_code"] = _EXIT[result]
        out["valid"] = result in ("anchored", "not_anchored", "anchor_mismatch", "unopenable")
        out["anchored"] = result == "anchored"
        return out

    if len(data) > MAX_PROOF_BYTES:
        check("format", False, "too_large", limit=MAX_PROOF_BYTES)
        return done("invalid")
    try:
        doc, _ = loads_strict(data)
    except JsonError as exc:
        check("format", False, "format_bad", reason=exc)
        return done("invalid")
    missing = sorted(_KEYS - set(doc)) if isinstance(doc, dict) else ["(an object)"]
    if missing or not isinstance(doc, dict) or doc.get("proof") != HOM_PROOF_FORMAT:
        check("format", False, "format_bad", reason="missing " + ", ".join(missing) if missing else "format")
        return done("invalid")
    try:
        inclusion = InclusionProof.from_json({k: doc[k] for k in PROOF_FIELDS})
    except (ValueError, TypeError) as exc:
        check("format", False, "format_bad", reason=exc)
        return done("invalid")
    check("format", True, "format_ok", bundle=_short(doc["bundle_id"]))
    out.update(receipt=inclusion.receipt, ordinal=inclusion.ordinal, tree_size=inclusion.tree_size)
    root = str(inclusion.root).removeprefix("sha256:")
    out["root"] = root
    ok, why = inclusion.check()
    if not check(
        "path",
        ok,
        "path_ok" if ok else "path_bad",
        ordinal=inclusion.ordinal,
        size=inclusion.tree_size,
        reason=why,
    ):
        return done("invalid")
    event = doc["event_receipt"]
    body = event.get("signed_body") if isinstance(event, dict) else None
    meta = body.get("metadata") if isinstance(body, dict) else None
    stated = meta.get("merkle_root") if isinstance(meta, dict) else None
    count = meta.get("result_count") if isinstance(meta, dict) else None
    same = stated == root and type(count) is int and count == inclusion.tree_size
    if not check(
        "signed_root",
        same,
        "signed_root_ok" if same else "signed_root_bad",
        root=root,
        stated=_short(stated),
        count=_short(count),
    ):
        return done("invalid")
    assert isinstance(event, dict)  # the signed root was read from it
    cert = prims.decode_certificate(event.get("signer_certificate"))
    body_jcs = prims.canonical_bytes(body)
    nonce, ts = event.get("nonce"), event.get("ts_signed")
    signed = (
        cert is not None
        and prims.text_hash(cert.text) == event.get("cert_fingerprint")
        and body_jcs is not None
        and isinstance(nonce, str)
        and prims.is_int(ts)
        and prims.verify_ed25519(
            cert.pubkey, prims.b64u_sig(event.get("signature")), prims.ledger_message(body_jcs, nonce, ts)
        )
    )
    signer = _short(cert.agent_id) if cert is not None else "?"
    if not check(
        "signature",
        bool(signed),
        "signature_ok" if signed else "signature_bad",
        signer=signer,
        certificate=_short(event.get("cert_fingerprint"))[:16],
    ):
        return done("invalid")
    assert cert is not None
    out["signer"] = {"agent_id": signer, "certificate": _short(event.get("cert_fingerprint"))}
    anchors = doc["trust_anchors"] if isinstance(doc["trust_anchors"], dict) else {}
    master = anchors.get("master")
    master_key = master.get("public_key_b64u") if isinstance(master, dict) else None
    master_fpr = prims.key_fingerprint(master_key)
    master_ok = master_fpr is not None and master_fpr == doc["master_fingerprint"]
    cert_body = prims.canonical_bytes(cert.body)
    by_master = (
        master_ok
        and cert.master_issued(master_fpr)
        and cert_body is not None
        and prims.verify_ed25519(master_key, cert.sig, cert_body)
    )
    if by_master:
        check("issuer", True, "issuer_master", master=master_fpr)
    elif cert.self_issued:
        check("issuer", True, "issuer_self", signer=signer)
        out["notes"].append({"key": "note_self_issued", "params": {"signer": signer}})
    else:
        check("issuer", False, "issuer_bad", signer=signer)
        return done("invalid")
    if file is not None:
        from .container import read_blob

        try:
            blob = read_blob(file)
        except InspectorError as exc:
            check("anchor", False, "anchor_unopenable", file=file, reason=exc.message)
            return done("unopenable")
        report = judge_bundle(blob, source=file)
        view = hom_view(report)
        rv = view.receipt if view is not None else None
        verdict = report.verdict
        agree = (
            view is not None
            and rv is not None
            and rv.bundle_id == doc["bundle_id"] == inclusion.receipt
            and view.document_sha256 == doc["bundle_sha256"]
            and rv.recomputed_root == root
            and 0 <= inclusion.ordinal < len(rv.entries)
            and prims.canonical_bytes(rv.entries[inclusion.ordinal]) == prims.canonical_bytes(inclusion.entry)
            and prims.canonical_bytes(_event_of(blob)) == prims.canonical_bytes(event)
        )
        if verdict != "pass":
            check(
                "anchor", False, "anchor_file_fails", file=file, verdict=verdict, reason=report.primary_reason
            )
            return done("anchor_mismatch")
        if not agree:
            check("anchor", False, "anchor_file_other", file=file)
            return done("anchor_mismatch")
        sha = report.input.get("sha256") if isinstance(report.input, dict) else None
        check("anchor", True, "anchor_file_ok", file=file, sha256=sha)
        out["anchor"] = {"kind": "file", "path": file, "sha256": sha, "verdict": verdict}
        return done("anchored")
    if trusted is not None:
        pin = trusted.strip().lower().removeprefix("sha256:")
        if by_master and pin == master_fpr:
            check("anchor", True, "anchor_key_ok", master=master_fpr)
            out["anchor"] = {"kind": "master", "fingerprint": master_fpr}
            return done("anchored")
        check("anchor", False, "anchor_key_bad", pinned=pin[:80], master=master_fpr if by_master else "-")
        return done("anchor_mismatch")
    return done("not_anchored")


def hom_proof_display(result: dict[str, Any], lang: str | None = None) -> dict[str, Any]:
    """:func:`check_hom_proof`'s answer in words (``lang``; English by default): the
    overall ``message``, a ``message`` in every check, the notes as sentences."""
    first = ("schema", "profile", "result", "valid", "anchored", "message")
    shown = {k: result.get(k) for k in first} | {k: v for k, v in result.items() if k not in first}
    shown["message"] = Said.of(RESULTS[result["result"]]).tr(lang)
    shown["checks"] = [dict(c, message=_said(c["key"], c["params"]).tr(lang)) for c in result["checks"]]
    shown["notes"] = [_said(n["key"], n["params"]).tr(lang) for n in result["notes"]]
    shown["exit_code"] = shown.pop("exit_code")  # last, as in ProofResult.to_json
    return shown


def _said(key: str, params: dict[str, str]) -> Said:
    return Said.of(WORDS[key], **params)


def _event_of(blob: bytes) -> Any:
    """The ``recall_receipt.event_receipt`` of a bundle's bytes (None when there is none)."""
    from .hom_aimos.parse import ParseFailure, parse_document

    try:
        doc = parse_document(blob)
    except ParseFailure:
        return None
    receipt = doc.get("recall_receipt") if isinstance(doc, dict) else None
    return receipt.get("event_receipt") if isinstance(receipt, dict) else None


def _short(value: Any, n: int = 80) -> str:
    """A value from the proof for a sentence: text, shortened, lone surrogates escaped."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=True, default=str)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= n else text[: n - 1] + "…"
