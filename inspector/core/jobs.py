"""Jobs that run in a worker process for the GUI (Qt-free).

Each job takes ``send`` (a callable that ships one picklable message to the
GUI) and keyword arguments.  Messages:

* ``("progress", phase, done, total)``
* ``("batch", kind, payload)`` — large results in pieces, so the receiving
  side never unpickles one huge object while holding the GIL
* ``("result", payload)`` — the end of a successful job
* ``("error", code, message, details)`` — an :class:`InspectorError` (or an
  unexpected exception, code ``"internal_error"`` with the traceback)

Secrets (passphrases, private keys) arrive through the job's pipe, never via
argv or a file.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .container import Credential
from .errors import InspectorError
from .opener import open_and_verify, verify_bytes
from .progress import Send, throttled
from .verify.engine import VerifyOptions
from .write.job import author_preview, author_write

OBJECT_BATCH = 1000  # ~40 ms to unpickle on the GUI side, which holds the GIL meanwhile


BIG_FIELDS = ("commits", "evidence", "signer", "order", "unreachable", "findings", "objects", "lanes")


def send_report(send: Send, report: Any) -> None:
    """Ship a report in pieces: first the report with its large fields emptied,
    then each large field in batches (``("batch", "part", (field, piece))``),
    so no single message takes long to unpickle on the receiving side."""
    saved = {name: getattr(report, name) for name in BIG_FIELDS}
    for name, value in saved.items():
        setattr(report, name, type(value)() if value is not None else None)
    try:
        send(("batch", "report", report))
    finally:
        for name, value in saved.items():
            setattr(report, name, value)
    for name, value in saved.items():
        if not value:
            continue
        if name == "objects":  # the GUI recomputes signing bytes for the one object it shows
            value = {k: dataclasses.replace(o, sign_bytes=b"") for k, o in value.items()}
        items = list(value.items()) if isinstance(value, dict) else list(value)
        for i in range(0, len(items), OBJECT_BATCH):
            piece = items[i : i + OBJECT_BATCH]
            send(("batch", "part", (name, dict(piece) if isinstance(value, dict) else piece)))


def receive_part(report: Any, name: str, piece: Any) -> None:
    """The receiving half of :func:`send_report`."""
    if name not in BIG_FIELDS:
        return
    current = getattr(report, name)
    if current is None:
        setattr(report, name, piece)
    elif isinstance(current, dict):
        current.update(piece)
    else:
        current.extend(piece)


def open_verify(
    send: Send,
    *,
    path: str,
    credential: Credential | None,
    checkpoint: bytes | None = None,
    data: bytes | None = None,
    trust_master: str | None = None,
) -> None:
    """Open and verify ``path`` (or ``data``, the bytes of a bundle already in memory,
    judged under the name ``path``: a corpus member) with the opener the command line
    uses, so the report carries the same audit record (input SHA-256, started_at,
    duration, checkpoint state); ship it in pieces.

    One process (``VerifyOptions.processes`` 1): the detail views need each object's
    raw JSON, which the sharded path does not send back.  An unopenable or crashed
    answer ships the report, then an ``("error", …)`` message with its code, which the
    window turns into the unlock dialog's message or the crash panel."""
    report = _judge(send, path, credential, checkpoint, data, trust_master)
    if report.verdict in ("unopenable", "error") and report.findings:
        f = report.findings[0]
        send(("batch", "report", report))
        send(("error", f.code, f.message, _describe(f)))
        return
    if credential is not None and report.container.get("format") not in (None, "directory"):
        report.container["unlock"] = "recovery code" if credential.recovery_code else "passphrase"
    if report.order:
        from .lanes import lanes_for

        send(("progress", "laying out history", 0, 1))
        report.lanes = lanes_for(report)
    send_report(send, report)
    send(("result", {"path": path}))


def _judge(
    send: Send,
    path: str,
    credential: Credential | None,
    checkpoint: bytes | None,
    data: bytes | None,
    trust_master: str | None = None,
) -> Any:
    """The report of ``path`` (or of ``data`` named ``path``), as the command line makes it
    (``trust_master``: the HOM-AIMOS master fingerprint the auditor pinned)."""
    opts = VerifyOptions(
        checkpoint=checkpoint, progress=throttled(send), processes=1, trust_master=trust_master
    )
    if data is not None:
        send(("progress", "reading", 0, 1))
        return verify_bytes(data, path, credential, opts)
    sealed = credential is not None and Path(path).is_file()
    send(("progress", "unlocking" if sealed else "reading", 0, 1))
    return open_and_verify(path, credential, opts)


EXPORT_FORMATS = ("json", "html", "pdf")


def export_report(
    send: Send,
    *,
    path: str,
    credential: Credential | None,
    fmt: str,
    output: str,
    expect_sha256: str | None,
    checkpoint: bytes | None = None,
    data: bytes | None = None,
    lang: str = "en",
    trust_master: str | None = None,
) -> None:
    """File › Export: judge ``path`` again as it was shown (same credential, checkpoint
    or bytes) and write its report as ``fmt`` (json, html, pdf) through the core's
    renderers, atomically with mode 0600 (it holds decrypted content).  Refuses
    (``input_changed``) when the input's SHA-256 is no longer ``expect_sha256``: the
    export must be the report that was on screen."""
    from .render import RenderOptions, render_html, render_json, render_pdf
    from .write.safe import atomic_write

    if fmt not in EXPORT_FORMATS:
        raise InspectorError("usage_error", f"unknown export format {fmt!r}")
    report = _judge(send, path, credential, checkpoint, data, trust_master)
    now = report.input.get("sha256") if isinstance(report.input, dict) else None
    if expect_sha256 is not None and now != expect_sha256:
        raise InspectorError(
            "input_changed",
            f"{path} changed since its report was shown; reload it, then export",
            expected=f"SHA-256 {expect_sha256}",
            found=f"SHA-256 {now}",
        )
    send(("progress", "writing", 0, 1))
    opts = RenderOptions(source=path, lang=lang)
    if fmt == "pdf":
        if "PySide6.QtGui" not in sys.modules:  # the worker: lay the PDF out without a display
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        blob = render_pdf(report, opts)
    else:
        text = render_json(report, opts) if fmt == "json" else render_html(report, opts)
        blob = text.encode("utf-8", "backslashreplace")  # a lone surrogate is escaped, never a crash
    atomic_write(Path(output), blob, mode=0o600)
    send(("result", {"path": output, "format": fmt, "verdict": report.verdict, "size": len(blob)}))


def proof_display(result: Any, lang: str) -> dict[str, Any]:
    """:meth:`ProofResult.to_json` with its sentences in ``lang`` (the dialog shows these;
    ``receipt check --json`` keeps English)."""
    out: dict[str, Any] = result.to_json()
    out["message"] = result.said.tr(lang)
    out["checks"] = [dict(c.to_json(), message=c.said.tr(lang)) for c in result.checks]
    out["notes"] = [n.tr(lang) for n in result.notes_said]
    return out


def _translated(exc: Any, lang: str) -> InspectorError:
    """A :class:`ProofError`'s sentence in ``lang`` (other errors as they are)."""
    said = getattr(exc, "said", None)
    if said is None:
        return exc if isinstance(exc, InspectorError) else InspectorError("usage_error", str(exc))
    return InspectorError(exc.code, said.tr(lang))


def check_proof_job(
    send: Send,
    *,
    proof_path: str,
    file: str | None = None,
    credential: Credential | None = None,
    trusted_key: str | None = None,
    lang: str = "en",
) -> None:
    """Check proof… in the worker (:func:`inspector.core.proofs.check_proof`): anchored to
    ``file`` (unlocked and verified here) or ``trusted_key``; the result in ``lang``."""
    from .proofs import ProofError, check_proof, load_trusted_key, read_proof_file

    send(("progress", "reading the proof", 0, 1))
    try:
        data = read_proof_file(proof_path)
        tk = load_trusted_key(trusted_key) if trusted_key else None
    except ProofError as exc:
        raise _translated(exc, lang) from exc
    if file is not None:
        send(
            ("progress", "unlocking" if credential is not None and Path(file).is_file() else "reading", 0, 1)
        )
    result = check_proof(data, file=file, credential=credential, trusted_key=tk)
    send(("result", proof_display(result, lang)))


def export_proof_job(
    send: Send,
    *,
    path: str,
    credential: Credential | None,
    receipt_id: str,
    ordinal: int,
    output: str,
    lang: str = "en",
) -> None:
    """The anchored proof of one receipt entry (:func:`inspector.core.proofs.export_proof`),
    written atomically, mode 0600; what the exporter should know, in ``lang``."""
    from .keys import raw_from_jwk
    from .proofs import ProofError, export_proof, key_fingerprint, write_proof

    send(("progress", "unlocking" if credential is not None and Path(path).is_file() else "reading", 0, 1))
    try:
        export = export_proof(path, credential, receipt_id=receipt_id, ordinal=ordinal)
    except ProofError as exc:
        raise _translated(exc, lang) from exc
    send(("progress", "writing", 0, 1))
    written = write_proof(output, export.proof)
    p = export.proof
    send(
        (
            "result",
            {
                "path": str(written),
                "receipt": p.receipt,
                "ordinal": p.inclusion.ordinal,
                "tree_size": p.inclusion.tree_size,
                "key_id": p.key_id,
                "fingerprint": key_fingerprint(raw_from_jwk(p.public_key)),
                "status": dict(p.status),
                "notes": [n.tr(lang) for n in export.said],
            },
        )
    )


HOM_PROOF_FORMAT = "aleth-inspector/hom-recall-proof/1"
"""The ``proof`` member of a HOM-AIMOS recall inclusion proof written by the GUI."""


def hom_export_proof(
    send: Send,
    *,
    path: str,
    ordinal: int,
    output: str,
    expect_sha256: str | None,
    data: bytes | None = None,
) -> None:
    """Write the inclusion proof of entry ``ordinal`` of a HOM-AIMOS recall bundle.

    The bundle (``data``, or the file ``path``) is judged again; only a bundle that
    verifies, with its signed event receipt and a root that recomputes from its entries,
    gets a proof (SPEC C4: a proof stands on a signature).  The file carries the RFC 6962
    part (leaf, audit path, root), the bundle's id and SHA-256, and the housekeeper-signed
    ``event_receipt`` that repeats the root, with the ``trust_anchors`` that name its
    signer; written atomically, mode 0600."""
    import json

    from .hom_aimos import inclusion_proof, verify_bundle
    from .hom_aimos.parse import ParseFailure, parse_document
    from .opener import read_blob
    from .write.safe import atomic_write

    send(("progress", "reading", 0, 1))
    blob = data if data is not None else read_blob(path)
    report = verify_bundle(blob, source=path)
    now = report.input.get("sha256") if isinstance(report.input, dict) else None
    if expect_sha256 is not None and now != expect_sha256:
        raise InspectorError(
            "input_changed",
            f"{path} changed since its report was shown; reload it, then export",
            expected=f"SHA-256 {expect_sha256}",
            found=f"SHA-256 {now}",
        )
    view = report.hom
    rv = view.receipt if view is not None else None
    if rv is None:
        raise InspectorError("not_a_recall_bundle", f"{path} is not a HOM-AIMOS recall bundle")
    if report.verdict != "pass" or not rv.event_receipt_present:
        raise InspectorError(
            "receipt_unprovable",
            f"the bundle does not verify ({report.primary_reason or report.verdict}): "
            "a proof would stand on nothing signed",
        )
    if rv.recomputed_root is None or rv.recomputed_root != rv.stated_root:
        raise InspectorError("receipt_unprovable", "the receipt's stated root is not the root of its entries")
    try:
        proof = inclusion_proof(report, ordinal)
        doc = parse_document(blob)
    except (ValueError, ParseFailure) as exc:
        raise InspectorError("receipt_unprovable", str(exc)) from exc
    ok, why = proof.check()
    if not ok:  # the core's own proof does not check: a bug, said rather than written
        raise InspectorError("receipt_unprovable", f"the proof does not check: {why}")
    receipt = doc.get("recall_receipt") if isinstance(doc, dict) else None
    out = {
        "proof": HOM_PROOF_FORMAT,
        **proof.to_json(),
        "bundle_id": rv.bundle_id,
        "bundle_sha256": view.document_sha256,
        "merkle_schema": rv.merkle_schema,
        "event_receipt": receipt.get("event_receipt") if isinstance(receipt, dict) else None,
        "trust_anchors": doc.get("trust_anchors") if isinstance(doc, dict) else None,
        "master_fingerprint": view.master.fingerprint if view.master is not None else None,
    }
    text = json.dumps(out, indent=1, ensure_ascii=True) + "\n"
    send(("progress", "writing", 0, 1))
    atomic_write(Path(output), text.encode("ascii"), mode=0o600)
    send(
        (
            "result",
            {
                "path": output,
                "ordinal": proof.ordinal,
                "tree_size": proof.tree_size,
                "root": proof.root,
                "bundle_id": rv.bundle_id,
            },
        )
    )


_HOM_PROOF_KEYS = frozenset(
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
_PROOF_EXIT = {"anchored": 0, "not_anchored": 1, "anchor_mismatch": 1, "invalid": 1, "unopenable": 2}


def is_hom_proof(data: bytes) -> bool:
    """Whether proof bytes are a HOM-AIMOS recall proof (:data:`HOM_PROOF_FORMAT`)."""
    return HOM_PROOF_FORMAT.encode() in data[:4096]


def check_hom_proof(data: bytes, *, file: str | None = None, trusted: str | None = None) -> dict[str, Any]:
    """Check a HOM-AIMOS recall inclusion proof (written by :func:`hom_export_proof`).

    It recomputes the RFC 6962 leaf, path and root; checks that the housekeeper-signed
    event receipt it carries states that root and that count; checks the event receipt's
    Ed25519 signature under the certificate it carries, and that certificate's issuer (the
    bundle's master, whose fingerprint the proof names, or the signer itself).  Then it
    anchors: to ``file`` (the bundle: it must verify, be the same document, and hold the
    same receipt, entry and root) or to ``trusted`` (a master key fingerprint the auditor
    pins: the signer's certificate must be issued by that master).  With neither the
    proof is consistent, not anchored.  Never raises on the proof's content.

    The answer is structured (``checks``: ``name``, ``ok``, ``key``, ``params``), so the
    window words it in its language; ``result``/``exit_code`` as :class:`ProofResult`."""
    from .canonical import JsonError, loads_strict
    from .hom_aimos import prims
    from .hom_aimos import verify_bundle as judge_bundle
    from .verify.merkle import PROOF_FIELDS, InclusionProof

    checks: list[dict[str, Any]] = []
    out: dict[str, Any] = {"hom": True, "checks": checks, "anchor": None, "notes": []}

    def check(name: str, ok: bool, key: str, **params: Any) -> bool:
        checks.append({"name": name, "ok": ok, "key": key, "params": {k: str(v) for k, v in params.items()}})
        return ok

    def done(result: str) -> dict[str, Any]:
        out["result"] = result
        out["exit_code"] = _PROOF_EXIT[result]
        out["valid"] = result in ("anchored", "not_anchored", "anchor_mismatch", "unopenable")
        out["anchored"] = result == "anchored"
        return out

    try:
        doc, _ = loads_strict(data)
    except JsonError as exc:
        check("format", False, "format_bad", reason=exc)
        return done("invalid")
    missing = sorted(_HOM_PROOF_KEYS - set(doc)) if isinstance(doc, dict) else ["(an object)"]
    if missing or not isinstance(doc, dict) or doc.get("proof") != HOM_PROOF_FORMAT:
        check("format", False, "format_bad", reason="missing " + ", ".join(missing) if missing else "format")
        return done("invalid")
    try:
        inclusion = InclusionProof.from_json({k: doc[k] for k in PROOF_FIELDS})
    except (ValueError, TypeError) as exc:
        check("format", False, "format_bad", reason=exc)
        return done("invalid")
    check("format", True, "format_ok", bundle=doc["bundle_id"])
    out.update(receipt=doc["bundle_id"], ordinal=inclusion.ordinal, tree_size=inclusion.tree_size)
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
    same = stated == root and count == inclusion.tree_size
    if not check(
        "signed_root",
        same,
        "signed_root_ok" if same else "signed_root_bad",
        root=root,
        stated=stated,
        count=count,
    ):
        return done("invalid")
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
    signer = cert.agent_id if cert is not None else "?"
    if not check(
        "signature",
        bool(signed),
        "signature_ok" if signed else "signature_bad",
        signer=signer,
        certificate=str(event.get("cert_fingerprint"))[:16],
    ):
        return done("invalid")
    assert cert is not None
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
        from .opener import read_blob

        try:
            blob = read_blob(file)
        except InspectorError as exc:
            check("anchor", False, "anchor_unopenable", file=file, reason=exc.message)
            return done("unopenable")
        report = judge_bundle(blob, source=file)
        view = report.hom
        rv = view.receipt if view is not None else None
        verdict = report.verdict
        agree = (
            rv is not None
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
        check("anchor", False, "anchor_key_bad", pinned=pin, master=master_fpr if by_master else "-")
        return done("anchor_mismatch")
    return done("not_anchored")


def _event_of(blob: bytes) -> Any:
    """The ``recall_receipt.event_receipt`` of a bundle's bytes (None when there is none)."""
    from .hom_aimos.parse import ParseFailure, parse_document

    try:
        doc = parse_document(blob)
    except ParseFailure:
        return None
    receipt = doc.get("recall_receipt") if isinstance(doc, dict) else None
    return receipt.get("event_receipt") if isinstance(receipt, dict) else None


def check_hom_proof_job(
    send: Send, *, proof_path: str, file: str | None = None, trusted_key: str | None = None
) -> None:
    """:func:`check_hom_proof` in the worker (anchoring to a bundle verifies it)."""
    from .proofs import read_proof_file

    send(("progress", "reading the proof", 0, 1))
    send(("result", check_hom_proof(read_proof_file(proof_path), file=file, trusted=trusted_key)))


def _describe(f: Any) -> str:
    """An unopenable or internal-error finding as :meth:`InspectorError.describe` words it."""
    lines = [f"{f.code}: {f.message}"]
    for name, value in (("expected", f.expected), ("found", f.found), ("likely cause", f.likely_cause)):
        if value is not None:
            lines.append(f"  {name}: {value}")
    return "\n".join(lines)


JOBS: dict[str, Callable[..., None]] = {
    "open_verify": open_verify,
    "export_report": export_report,  # File › Export (JSON, HTML, PDF) through inspector.core.render
    "hom_export_proof": hom_export_proof,  # a HOM-AIMOS recall entry's inclusion proof
    "check_hom_proof": check_hom_proof_job,  # … and its check
    "author_preview": author_preview,  # the authoring jobs live with the writer
    "author_write": author_write,
    "check_proof": check_proof_job,  # Check proof… against a file or a key (inspector.core.proofs)
    "export_proof": export_proof_job,  # the anchored proof of one receipt entry (inspector.core.proofs)
}


def run_job(send: Send, name: str, kwargs: dict[str, Any]) -> None:
    """Run job ``name``; every failure becomes one ``("error", …)`` message.

    An unexpected exception is a bug in the inspector, never a verdict on the
    file: the last-resort report (``Report.internal_error``: verdict "error",
    one ``internal_error`` finding) is shipped first, then the error with the
    traceback, so the GUI shows a crash panel instead of a blank window."""
    import traceback

    try:
        JOBS[name](send, **kwargs)
    except InspectorError as exc:
        if name == "open_verify":  # the unopenable report, with expected / found / likely cause
            from .errors import ContainerError
            from .verify.report import Report

            send(
                (
                    "batch",
                    "report",
                    Report.unopenable(
                        exc.code,
                        exc.message,
                        object_kind="container" if isinstance(exc, ContainerError) else "store",
                        object_id=str(kwargs.get("path", "")),
                        expected=exc.expected,
                        found=exc.found,
                        likely_cause=exc.likely_cause,
                    ),
                )
            )
        send(("error", exc.code, exc.message, exc.describe()))
    except Exception as exc:
        from .verify.report import Report

        report = Report.internal_error(exc, object_id=str(kwargs.get("path", "")))
        if name == "open_verify":
            send(("batch", "report", report))
        send(("error", "internal_error", report.findings[0].message, traceback.format_exc()))
