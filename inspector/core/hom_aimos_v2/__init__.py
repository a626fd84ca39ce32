"""The HOM-AIMOS v2 profile: the engine's portable evidence (HOM-AIMOS-v2.md; SPEC Part F rev 3).

Two documents, chosen by ``format.schema``:

* a portable evidence **envelope** (``hom.aimos.mutmem-portable-evidence/v2``): one recall, its
  typed objects (13 singletons and 5 per returned memory), their body hashes, object root and
  envelope commitment, rooted in an external ``expected_master_fingerprint``;
* a portable **mutation** bundle (``hom.aimos.mutmem-portable-mutation-evidence/v2``): what the
  recall led to (``authorized_transition``, ``signed_noop``, ``occurrence_observation``), with a
  cryptographic witness and a trust context (a v2 envelope) given beside it.

Both are judged in the reference's order with its exact upper-case codes: the structural checks,
then the cryptographic stage (every certificate and signature, against the pin the auditor
gives, ``--trust-master``, which plays the envelope's ``expected_master_fingerprint``).  Qt-free.

``detect(data) -> "envelope" | "mutation" | None``
    from ``format.schema`` (through :func:`inspector.core.hom_aimos.format_schema`).

``verify_bundle(data, *, source="", trust_master=None, structural_only=False, witness=None,
trust_context=None) -> Report``
    Never raises.  ``profile = "hom-aimos-v2"``; ``verdict`` ``pass`` or ``fail`` (v2 has no
    indeterminate); ``primary_reason`` the reference's code; ``root`` the recomputed object root
    of a valid envelope; ``bundle_sha256`` the evidence's own commitment (the reference's
    ``bundle_sha256``) when it is valid; ``hom`` a :class:`~inspector.core.hom_aimos_v2.view.V2View`.
    Without a pin the cryptographic stage fails ``EXPECTED_TRUST_ANCHOR_REQUIRED``, as the
    reference's does.  ``structural_only=True`` runs the structural checks alone (the published
    ``vectors.json`` carry placeholder keys): a passing verdict then carries the warning
    ``hom.structural_only``, which says that no signature and no external trust was checked.
    ``witness`` and ``trust_context`` are the mutation bundle's companion files (bytes).

The evidence is parsed as the v1 profile parses it (UTF-8, no duplicate key, no NaN, numbers
keep their JSON type); a text with a lone surrogate is refused before any hash, as the
commitment failure of the document it is in.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..hom_aimos import format_schema
from ..hom_aimos.outcome import Outcome, judged
from ..hom_aimos.parse import ParseFailure, decode, has_lone_surrogate
from ..verify.report import Report
from . import kernel as k
from .envelope import SCHEMA as ENVELOPE_SCHEMA
from .envelope import Fail, verify_envelope
from .mutation import SCHEMA as MUTATION_SCHEMA
from .mutation import verify_mutation
from .view import V2View

PROFILE = "hom-aimos-v2"
KINDS = {ENVELOPE_SCHEMA: "envelope", MUTATION_SCHEMA: "mutation"}
COMMITMENT = {"envelope": "ENVELOPE_COMMITMENT_INVALID", "mutation": "MUTATION_BUNDLE_COMMITMENT_INVALID"}
WITNESS_CODE = "MUTATION_CRYPTOGRAPHIC_WITNESS_COMMITMENT_INVALID"

__all__ = ["KINDS", "PROFILE", "detect", "normalize_pin", "verify_bundle"]


def detect(data: bytes) -> str | None:
    """``"envelope"`` or ``"mutation"`` from the document's ``format.schema``, else None."""
    schema = format_schema(data)
    return None if schema is None else KINDS.get(schema)


def normalize_pin(pin: str | None) -> str | None:
    """A pinned fingerprint as given (surrounding space, a ``sha256:`` prefix and case ignored)."""
    if pin is None:
        return None
    text = pin.strip()
    return (text[7:] if text.lower().startswith("sha256:") else text).lower()


def read(data: Any) -> Any:
    """The JSON value of ``data``; :class:`ParseFailure` (its reason is the parse's)."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ParseFailure("bundle_json_malformed", f"input is {type(data).__name__}, not bytes")
    value = decode(bytes(data))
    if has_lone_surrogate(value):
        raise ParseFailure("bundle_json_malformed", "a text holds a lone surrogate")
    return value


def verify_bundle(
    data: bytes,
    *,
    source: str = "",
    trust_master: str | None = None,
    structural_only: bool = False,
    witness: bytes | None = None,
    trust_context: bytes | None = None,
) -> Report:
    """Judge one v2 document (see the package docstring).  Never raises."""
    pin = normalize_pin(trust_master)
    return judged(
        PROFILE, data, source, lambda: _verify(data, source, pin, structural_only, witness, trust_context)
    )


def _verify(
    data: Any, source: str, pin: str | None, structural_only: bool, witness: Any, trust_context: Any
) -> Report:
    report = Report(profile=PROFILE)
    out = Outcome()
    try:
        doc = read(data)
    except ParseFailure as pf:
        out.error("ENVELOPE_COMMITMENT_INVALID", "bundle", source, where="the document", detail=pf.detail)
        out.fill(report)
        return report
    fmt = doc.get("format") if isinstance(doc, dict) else None
    schema = fmt.get("schema") if isinstance(fmt, dict) else None
    kind = KINDS.get(schema, "envelope") if isinstance(schema, str) else "envelope"
    view = V2View(
        kind, schema if isinstance(schema, str) else "", pinned=pin, structural_only=structural_only
    )
    report.hom = view
    try:
        view.document_sha256 = hashlib.sha256(k.jcs(doc)).hexdigest()
    except k.Refused:
        view.document_sha256 = None
    try:
        if kind == "envelope":
            state = verify_envelope(doc, view, pin=pin, structural_only=structural_only)
            report.root, report.bundle_sha256 = state.object_root, state.bundle_hash
        else:
            witness_doc = _companion(witness, WITNESS_CODE, "witness")
            context_doc = _companion(trust_context, "ENVELOPE_COMMITMENT_INVALID", "trust context")
            verify_mutation(
                doc,
                view,
                witness=witness_doc,
                trust_context=context_doc,
                pin=pin,
                structural_only=structural_only,
            )
            report.bundle_sha256 = view.commitment_recomputed
    except Fail as f:
        view.failed = f.code
        out.error(f.code, "bundle", f.where or source, where=f.where or "the evidence", detail=f.detail)
    _notes(view, out, structural_only)
    out.fill(report)
    report.counts = {
        "objects": len(view.objects),
        "results": len(view.results),
        "signatures": len(view.signatures),
    }
    return report


def _companion(data: Any, code: str, what: str) -> Any:
    """A companion file's JSON value (None when not given)."""
    if data is None:
        return None
    try:
        return read(data)
    except ParseFailure as pf:
        raise Fail(code, what, str(pf.detail)) from None


def _notes(view: V2View, out: Outcome, structural_only: bool) -> None:
    anchor = view.expected_master_fingerprint
    if view.trust_context is not None:
        anchor = view.trust_context.expected_master_fingerprint
    if isinstance(anchor, str) and k.HEX32.fullmatch(anchor):
        out.note("expected_master_fingerprint", "master", anchor, where=anchor, fingerprint=anchor)
    if structural_only and view.failed is None:
        out.note("structural_only", "bundle", "signatures")
