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

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .container import Credential
from .errors import InspectorError
from .fleet.task import FileJob
from .hom_proof import check_hom_proof
from .opener import open_and_verify, verify_bytes
from .progress import Send, throttled
from .render.options import RenderOptions
from .verify.engine import VerifyOptions
from .verify.report import Report
from .write.job import author_preview, author_write

OBJECT_BATCH = 1000  # ~40 ms to unpickle on the GUI side, which holds the GIL meanwhile


BIG_FIELDS = ("commits", "evidence", "signer", "order", "unreachable", "findings", "objects")


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
        if name == "objects":
            # complete (the GUI reads any object's content and raw JSON on its own thread: a
            # light object from the worker processes is filled in here); the GUI recomputes
            # signing bytes for the one object it shows
            value = {k: o.replace(sign_bytes=b"") for k, o in value.items()}
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
    strict: bool = False,
    fleet_job: FileJob | None = None,
) -> None:
    """Open and verify ``path`` (or ``data``, the bytes of a bundle already in memory,
    judged under the name ``path``: a corpus member) with the opener the command line
    uses, so the report carries the same audit record (input SHA-256, started_at,
    duration, checkpoint state); ship it in pieces.  With ``fleet_job`` (a row of the
    fleet window) the file is judged exactly as the fleet audit judged it
    (:func:`~inspector.core.fleet.task.judge_file`: the rule's credential resolved here,
    its checkpoint, its strictness) and the credential used comes back in the result,
    for the window's later exports and dialogs.

    Every core, as the command line (its worker processes start inside this one where
    the system allows it); the objects are shipped complete (:func:`send_report`).  An
    unopenable or crashed answer ships the report, then an ``("error", …)`` message with
    its code, which the window turns into the unlock dialog's message or the crash
    panel."""
    report, used = _judge(send, path, credential, checkpoint, data, trust_master, strict, fleet_job)
    if report.verdict in ("unopenable", "error") and report.findings:
        f = report.findings[0]
        send(("batch", "report", report))
        send(("error", f.code, f.message, _describe(f)))
        return
    if used is not None and report.container.get("format") not in (None, "directory"):
        report.container["unlock"] = "recovery code" if used.recovery_code else "passphrase"
    send_report(send, report)
    if report.order:  # the History pane's lanes, laid out here rather than on the GUI thread
        from .lanes import lanes_for

        send(("progress", "laying out history", 0, 1))
        send(("batch", "lanes", lanes_for(report)))
    result: dict[str, Any] = {"path": path}
    if fleet_job is not None:
        result["credential"] = used  # the rule's secret, for the window's exports and dialogs
    send(("result", result))


def _judge(
    send: Send,
    path: str,
    credential: Credential | None,
    checkpoint: bytes | None,
    data: bytes | None,
    trust_master: str | None = None,
    strict: bool = False,
    fleet_job: FileJob | None = None,
) -> tuple[Report, Credential | None]:
    """The report of ``path`` (or of ``data`` named ``path``), as the command line makes it
    (``trust_master``: the HOM-AIMOS master fingerprint the auditor pinned), or as the
    fleet audit made it (``fleet_job``); and the credential that opened it."""
    if fleet_job is not None:
        from .fleet.task import judge_file

        sealed = fleet_job.credential is not None and Path(fleet_job.location).is_file()
        send(("progress", "unlocking" if sealed else "reading", 0, 1))
        return judge_file(fleet_job, progress=throttled(send))
    opts = VerifyOptions(
        checkpoint=checkpoint,
        progress=throttled(send),
        processes=os.cpu_count() or 1,
        trust_master=trust_master,
        strict=strict,
    )
    if data is not None:
        send(("progress", "reading", 0, 1))
        return verify_bytes(data, path, credential, opts), credential
    sealed = credential is not None and Path(path).is_file()
    send(("progress", "unlocking" if sealed else "reading", 0, 1))
    return open_and_verify(path, credential, opts), credential


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
    render_pdf: Callable[[Report, RenderOptions], bytes] | None = None,
    strict: bool = False,
    fleet_job: FileJob | None = None,
) -> None:
    """File › Export: judge ``path`` again as it was shown (same credential, checkpoint
    or bytes) and write its report as ``fmt`` (json, html, pdf) through the core's
    renderers, atomically with mode 0600 (it holds decrypted content).  Refuses
    (``input_changed``) when the input's SHA-256 is no longer ``expect_sha256``: the
    export must be the report that was on screen.  ``render_pdf`` lays the HTML out
    as a PDF; it needs Qt, so the GUI's worker gives it (:func:`inspector.pdf.render_pdf`)."""
    from .render import render_html, render_json
    from .write.safe import atomic_write

    if fmt not in EXPORT_FORMATS:
        raise InspectorError("usage_error", f"unknown export format {fmt!r}")
    if fmt == "pdf" and render_pdf is None:
        raise InspectorError("usage_error", "a PDF export needs a PDF renderer (inspector.pdf, with Qt)")
    report, _used = _judge(send, path, credential, checkpoint, data, trust_master, strict, fleet_job)
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
    if render_pdf is not None and fmt == "pdf":
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


def hom_export_proof(
    send: Send,
    *,
    path: str,
    ordinal: int,
    output: str,
    expect_sha256: str | None,
    data: bytes | None = None,
) -> None:
    """Write the inclusion proof of entry ``ordinal`` of a HOM-AIMOS recall bundle
    (:func:`inspector.core.hom_proof.export_hom_proof`: ``data``, or the file ``path``,
    judged again; refused when its SHA-256 is no longer ``expect_sha256``), atomically,
    mode 0600."""
    from .hom_proof import export_hom_proof, write_hom_proof

    send(("progress", "reading", 0, 1))
    export = export_hom_proof(path, ordinal, data=data, expect_sha256=expect_sha256)
    send(("progress", "writing", 0, 1))
    write_hom_proof(output, export)
    send(("result", {"path": output, **export.summary(), "notes": export.notes}))


def check_hom_proof_job(
    send: Send, *, proof_path: str, file: str | None = None, trusted_key: str | None = None
) -> None:
    """:func:`inspector.core.hom_proof.check_hom_proof` in the worker (anchoring to a
    bundle verifies it)."""
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
    traceback (the finding's, formatted once), so the GUI shows a crash panel instead of a
    blank window."""
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
        crash = report.findings[0]
        send(("error", "internal_error", crash.message, crash.traceback or ""))
