"""The HOM-AIMOS v1 profile: evidence bundles exported by the MutMem engine (SPEC Part F).

A HOM-AIMOS bundle is one standalone JSON document, not an alethech store.  This package
judges it exactly as the engine's reference verifier does (same verdict, same primary reason,
same root and bundle hash on the 42 conformance vectors) and returns the project's common
:class:`~inspector.core.verify.report.Report`.  Qt-free.

API (for ``opener.py``, the CLI and the GUI)
--------------------------------------------

``detect(data: bytes) -> str | None``
    ``"cognitive"``, ``"recall"`` or ``"recall_corpus"`` from ``format.schema``; ``None`` for
    anything else (an alethech container, which starts with ``ALETH00``, other JSON, garbage).
    Never raises; a full parse only for inputs up to 8 MiB, a byte scan above.

``verify_bundle(data: bytes, *, source: str = "", trust_master: str | None = None) -> Report``
    Never raises (a bug becomes ``Report.internal_error``).  The report has
    ``profile = "hom-aimos-v1"`` and

    * ``verdict``: ``pass`` / ``fail`` / ``indeterminate`` (the reference's valid / invalid /
      indeterminate; exit codes 0 / 1 / 4);
    * ``primary_reason``: the reference's exact reason string (``None`` on pass);
    * ``root``: the cognitive ``proof_root``, the recall Merkle root or the corpus root (bare
      hex), and ``bundle_sha256`` = sha256(JCS(document)), each exactly where the reference
      gives one (``None`` elsewhere; ``report.hom.document_sha256`` always has the hash);
    * ``findings``: the primary finding (code ``hom.<reason>``) first, then every further
      failure the inspector could establish after it (``additional=True``), then trust notes:
      ``hom.master_fingerprint`` (info), ``hom.self_issued_certificate`` (warning);
    * ``hom``: a :class:`~inspector.core.hom_aimos.view.HomView` (records, weight chains,
      signer epochs, event streams, receipt, corpus; ``to_json()``).

    ``trust_master``: a master key fingerprint (64 hex digits, ``sha256:`` prefix allowed) the
    auditor pins.  A bundle under any other master, with no master, or with a self-issued
    signer then fails with ``hom.untrusted_master`` (an addition outside conformance: with no
    pin the verdict and primary reason equal the reference's).

``member_bytes(report, index) -> bytes`` and ``inclusion_proof(report, ordinal)``
    A corpus member as a bundle of its own (JCS bytes, for ``verify_bundle``), and the RFC 6962
    inclusion proof of one receipt entry (:class:`~inspector.core.verify.merkle.InclusionProof`).

Not done: signature forms 2–4 and identity tiers T2/T3 (``hom.unsupported_signature_form``,
verdict ``indeterminate``); recomputing the recall ``command_hash`` (the engine's command
normalization is unpublished; it is checked against the signed event receipt instead).  The
MutMem update rule (SPEC Part C) is never applied to these bundles.
"""

from __future__ import annotations

import hashlib
import re
import time
from datetime import UTC, datetime
from typing import Any

from ..canonical import JsonError, loads_strict
from ..i18n import Phrase
from ..verify import merkle
from ..verify.report import Report
from . import prims as p
from .cognitive import SCHEMA as COGNITIVE_SCHEMA
from .cognitive import verify_cognitive
from .outcome import (
    NO_VERIFIED_MASTER,
    NOT_BY_PINNED,
    OTHER_MASTER,
    PIN_NOT_HEX,
    PROFILE,
    THE_BUNDLE,
    Outcome,
    Stop,
)
from .parse import ParseFailure, parse_document
from .recall import CORPUS_SCHEMA, verify_corpus, verify_recall
from .recall import SCHEMA as RECALL_SCHEMA
from .view import HomView, hom_view

__all__ = ["KINDS", "PROFILE", "detect", "inclusion_proof", "member_bytes", "verify_bundle"]

KINDS = {COGNITIVE_SCHEMA: "cognitive", RECALL_SCHEMA: "recall", CORPUS_SCHEMA: "recall_corpus"}
ALETH_MAGIC = b"ALETH00"
_FULL_PARSE_LIMIT = 8 * 1024 * 1024
_FORMAT_RE = re.compile(rb'"format"\s*:\s*\{[^{}]*?"schema"\s*:\s*"(hom\.aimos\.mutmem-[a-z-]+/v1)"')


def detect(data: bytes) -> str | None:
    """The bundle kind of ``data`` from its ``format.schema``, or None.  Never raises."""
    try:
        if not isinstance(data, bytes | bytearray | memoryview):
            return None
        data = bytes(data)
        if data.startswith(ALETH_MAGIC):
            return None
        head = data[:64].lstrip(b" \t\r\n\xef\xbb\xbf")
        if not head.startswith(b"{") or b"hom.aimos.mutmem-" not in data:
            return None
        if len(data) <= _FULL_PARSE_LIMIT:
            try:
                doc, _ = loads_strict(data, max_depth=4096)
            except JsonError:
                doc = None
            if isinstance(doc, dict):
                fmt = doc.get("format")
                schema = fmt.get("schema") if isinstance(fmt, dict) else None
                return KINDS.get(schema) if isinstance(schema, str) else None
        m = _FORMAT_RE.search(data)
        return KINDS.get(m.group(1).decode("ascii")) if m else None
    except Exception:
        return None


def verify_bundle(data: bytes, *, source: str = "", trust_master: str | None = None) -> Report:
    """Judge one HOM-AIMOS bundle (see the package docstring).  Never raises."""
    started = time.monotonic()
    started_at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        report = _verify(data, source, trust_master, depth=0)
    except Exception as exc:
        report = Report.internal_error(exc, object_id=source)
        report.profile = PROFILE
    report.started_at = started_at
    report.duration_s = time.monotonic() - started
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
        kind = report.hom.kind if report.hom is not None else "unknown"
        report.input = {
            "path": source,
            "sha256": hashlib.sha256(raw).hexdigest(),
            "size": len(raw),
            "format": f"hom-aimos-v1/{kind}",
        }
    return report


def _verify(data: Any, source: str, trust_master: str | None, depth: int) -> Report:
    report = Report(profile=PROFILE)
    out = Outcome()
    try:
        doc = parse_document(data)
    except ParseFailure as pf:
        out.error(pf.reason, "bundle", source, where=Phrase(THE_BUNDLE), detail=pf.detail)
        out.fill(report)
        return report
    return _judge(doc, source, trust_master, depth, report, out)


def _judge(
    doc: Any, source: str, trust_master: str | None, depth: int, report: Report, out: Outcome
) -> Report:
    fmt = doc.get("format") if isinstance(doc, dict) else None
    schema = fmt.get("schema") if isinstance(fmt, dict) else None
    kind = KINDS.get(schema) if isinstance(schema, str) else None
    if kind is None or not isinstance(schema, str):
        out.error("bundle_kind_unknown", "bundle", source, detail=f"format.schema {schema!r:.80}")
        out.fill(report)
        return report
    view = HomView(kind, schema)
    report.hom = view
    raw = p.canonical_bytes(doc)
    view.document_sha256 = None if raw is None else hashlib.sha256(raw).hexdigest()
    root: str | None = None
    root_given = False
    try:
        if kind == "cognitive":
            records, decidable = verify_cognitive(doc, out, view)
            if decidable:
                rec_bytes = p.canonical_bytes([r.reference_json() for r in records])
                root = None if rec_bytes is None else p.sha256(p.PROOF_DOMAIN + rec_bytes).hex()
                root_given = True
        elif kind == "recall":
            root = verify_recall(doc, out, view)
            root_given = not out.failed and not out.undecided
        else:

            def member(bundle: Any) -> Report:
                sub = Report(profile=PROFILE)
                return _judge(bundle, source, None, depth + 1, sub, Outcome())

            root = verify_corpus(doc, out, view, member)
            root_given = not out.failed and not out.undecided
    except Stop:
        root_given = False
    _trust(view, out, trust_master)
    out.fill(report)
    if root_given:
        report.root = root
        report.bundle_sha256 = view.document_sha256
    report.counts = _counts(view)
    return report


def _trust(view: HomView, out: Outcome, trust_master: str | None) -> None:
    master = view.master
    if master is not None and master.verified:
        out.note(
            "master_fingerprint",
            "master",
            master.computed_fingerprint or "",
            fingerprint=master.computed_fingerprint,
        )
    if trust_master is None:
        return
    pin = trust_master.strip().lower() if isinstance(trust_master, str) else ""
    pin = pin.removeprefix("sha256:")
    if master is not None:
        master.pinned = pin
    if not p.is_hex64(pin):
        out.error(
            "untrusted_master",
            "master",
            "trust_master",
            pinned=pin[:80],
            detail=Phrase(PIN_NOT_HEX),
        )
        return
    if master is None or not master.verified:
        out.error("untrusted_master", "master", "master", pinned=pin, detail=Phrase(NO_VERIFIED_MASTER))
        return
    if master.computed_fingerprint != pin:
        out.error(
            "untrusted_master",
            "master",
            master.computed_fingerprint or "",
            pinned=pin,
            detail=Phrase(OTHER_MASTER, fingerprint=master.computed_fingerprint),
            expected=pin,
            found=master.computed_fingerprint,
        )
        return
    # signers the pinned master did not certify: self-issued (or otherwise issued) certificates
    unvouched = {s.certificate_fingerprint: s.issued_by for s in view.signers if s.issued_by != "master"}
    for f in out.notes:
        if f.code == "hom.self_issued_certificate":
            unvouched.setdefault(f.object_id, "self")
    for fpr, issued_by in unvouched.items():
        out.error(
            "untrusted_master",
            "certificate",
            fpr,
            pinned=pin,
            detail=Phrase(NOT_BY_PINNED.get(issued_by, NOT_BY_PINNED["other"]), fingerprint=fpr[:16]),
        )


def _counts(view: HomView) -> dict[str, int]:
    counts = {
        "memories": len(view.memories),
        "projections": sum(len(m.steps) for m in view.memories),
        "signers": len(view.signers),
        "events": sum(len(s.events) for s in view.streams),
    }
    if view.receipt is not None:
        counts["evidence"] = len(view.receipt.entries)
    if view.corpus is not None:
        counts["members"] = len(view.corpus.members)
    return counts


def member_bytes(report: Report, index: int) -> bytes:
    """The JCS bytes of corpus member ``index`` of a corpus report (a bundle of its own).

    Raises ``ValueError`` when the report is not a corpus or the index is out of range.
    """
    view = hom_view(report)
    if view is None or view.corpus is None or not 0 <= index < len(view.corpus.members):
        raise ValueError(f"no corpus member {index}")
    raw = p.canonical_bytes(view.corpus.members[index].bundle)
    if raw is None:
        raise ValueError(f"corpus member {index} has no canonical JSON form")
    return raw


def inclusion_proof(report: Report, ordinal: int) -> merkle.InclusionProof:
    """RFC 6962 inclusion proof of receipt entry ``ordinal`` under the recomputed root.

    The proof's ``receipt`` is the bundle id and its ``root`` the recomputed Merkle root in the
    project's ``sha256:<hex>`` form.  Raises ``ValueError`` without a receipt or root.
    """
    view = hom_view(report)
    rv = view.receipt if view is not None else None
    if rv is None or rv.recomputed_root is None:
        raise ValueError("the report has no recomputed recall receipt root")
    if rv.merkle_schema != "hom-aimos/recall-merkle/v1":
        raise ValueError(f"inclusion proofs of Merkle schema {rv.merkle_schema!r} are not supported")
    return merkle.make_proof(str(rv.bundle_id), rv.entries, ordinal, "sha256:" + rv.recomputed_root)
