"""What the verifier returns: statuses, findings, derived views and a verdict.

The report is the only thing a user interface reads.  It never raises and is
plain data; ``to_json()`` gives the schema of ``aleth-inspector verify --json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from ..findings import Finding, Severity, make_finding, message

if TYPE_CHECKING:
    from ..objects import Obj
    from .mutmem_view import MutMemView


class ProfileView(Protocol):
    """What a second profile's verifier hangs on the report as its derived view
    (HOM-AIMOS: :class:`inspector.core.hom_aimos.view.HomView`, which sits above this
    floor, hence a protocol here)."""

    @property
    def kind(self) -> str: ...

    @property
    def document_sha256(self) -> str | None: ...

    def to_json(self) -> dict[str, Any]: ...


class Status(StrEnum):
    """Per-object status, in precedence order (first wins when several apply)."""

    MALFORMED = "MALFORMED"
    DIGEST_MISMATCH = "DIGEST_MISMATCH"
    UNKNOWN_IDENTITY = "UNKNOWN_IDENTITY"
    UNKNOWN_KEY = "UNKNOWN_KEY"
    INVALID_SIGNATURE = "INVALID_SIGNATURE"
    NOT_IN_PROVEN_PRE_ROTATION_HISTORY = "NOT_IN_PROVEN_PRE_ROTATION_HISTORY"
    MISSING_PARENT = "MISSING_PARENT"
    VALID_HISTORICAL = "VALID_HISTORICAL"
    VALID = "VALID"

    @property
    def ok(self) -> bool:
        return self in (Status.VALID, Status.VALID_HISTORICAL)


STATUS_ORDER: dict[Status, int] = {s: i for i, s in enumerate(Status)}


def worst(a: Status, b: Status) -> Status:
    return a if STATUS_ORDER[a] <= STATUS_ORDER[b] else b


@dataclass(frozen=True, slots=True)
class KeyEra:
    """One key's life as the control chain (or a legacy identity) tells it."""

    index: int
    key_id: str
    role: str  # "agent", "housekeeper", "auditor"
    public_key: str  # JWK x (base64url)
    fingerprint: str
    granted_by: str  # control event id, or "legacy-identity:<agent_id>"
    granted_event_type: str  # key_grant, key_rotation, legacy
    grant_cutoff: str | None  # for a key introduced by rotation: the rotation's cutoff_head
    revoked_by: str | None
    revoke_reason: str | None
    cutoff: str | None  # cutoff_head of the revocation
    aliases: tuple[str, ...] = ()  # other key_ids the same public key was named by
    # every revocation that reached this key: (control event, reason, cutoff_head); the
    # first is also in revoked_by / revoke_reason / cutoff (SPEC B2: after an invalid
    # event, later root-signed revocations still apply)
    revocations: tuple[tuple[str, str | None, str | None], ...] = ()

    @property
    def state(self) -> str:
        return "revoked" if self.revoked_by is not None else "active"

    @property
    def compromised(self) -> bool:
        """Whether any revocation of this key gave the reason ``compromise``."""
        return any(reason == "compromise" for _, reason, _ in self.revocations)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "key_id": self.key_id,
            "role": self.role,
            "public_key": self.public_key,
            "fingerprint": self.fingerprint,
            "state": self.state,
            "granted_by": self.granted_by,
            "granted_event_type": self.granted_event_type,
            "grant_cutoff": self.grant_cutoff,
            "revoked_by": self.revoked_by,
            "revoke_reason": self.revoke_reason,
            "cutoff": self.cutoff,
            "revocations": [
                {"event": ev, "reason": reason, "cutoff": cutoff} for ev, reason, cutoff in self.revocations
            ],
        }


class Verdict(StrEnum):
    """A report's verdict.  A StrEnum: it compares equal to, and serialises as, the
    strings of the JSON schema (``"pass"`` …).

    ``pass``/``fail`` judge the findings (:meth:`Report.finalize` computes them);
    ``unopenable``: nothing could be verified; ``indeterminate``: a profile (HOM-AIMOS)
    lacks mandatory evidence; ``error``: a usage error or a bug in the inspector (never a
    verdict on the file); ``interrupted``: Ctrl-C.  ``undecided`` is no verdict: a report
    nobody finalized, which fails closed (not ok, exit code 5, ``"error"`` in JSON)."""

    PASS = "pass"
    FAIL = "fail"
    UNOPENABLE = "unopenable"
    INDETERMINATE = "indeterminate"
    ERROR = "error"
    INTERRUPTED = "interrupted"
    UNDECIDED = "undecided"

    @property
    def judged(self) -> bool:
        """Whether :meth:`Report.finalize` decides this verdict from the findings."""
        return self in (Verdict.UNDECIDED, Verdict.PASS, Verdict.FAIL)


VERDICTS: tuple[Verdict, ...] = tuple(v for v in Verdict if v is not Verdict.UNDECIDED)
"""The verdicts a report may carry (the schema's ``verdict`` values)."""

EXIT_CODES: dict[str, int] = {
    Verdict.PASS: 0,
    Verdict.FAIL: 1,
    Verdict.UNOPENABLE: 2,
    Verdict.ERROR: 3,
    Verdict.INDETERMINATE: 4,
    Verdict.INTERRUPTED: 130,
}
EXIT_INTERNAL_ERROR = 5  # a report with the ``internal_error`` finding, or one never finalized

SCHEMA = "aleth-inspector/report/1"


@dataclass
class Report:
    """The verifier's whole answer about one store (or one HOM-AIMOS bundle)."""

    verdict: Verdict = Verdict.UNDECIDED  # computed by finalize(), or set to what ended the run
    head: str | None = None
    commits: dict[str, Status] = field(default_factory=dict)
    evidence: dict[str, Status] = field(default_factory=dict)
    checkpoints: dict[str, Status] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    eras: list[KeyEra] = field(default_factory=list)
    signer: dict[str, int] = field(default_factory=dict)  # object id -> era index
    order: list[str] = field(default_factory=list)  # commits, parents before children
    unreachable: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    container: dict[str, Any] = field(default_factory=dict)
    objects: dict[str, Obj] = field(default_factory=dict)  # every parsed object, by id (detail views)
    mutmem: MutMemView | None = None  # SPEC C's derived views, when the file carries MutMem data
    # ---- the audit record (schema aleth-inspector/report/1) -----------------
    profile: str = "alethech"  # or "hom-aimos-v1"
    primary_reason: str | None = None  # HOM-AIMOS: the reference verifier's one reason
    root: str | None = None  # HOM-AIMOS: proof / Merkle / corpus root (bare hex)
    bundle_sha256: str | None = None  # HOM-AIMOS: sha256(JCS(document))
    hom: ProfileView | None = None  # HOM-AIMOS derived views (records, signer epochs, receipt, corpus)
    input: dict[str, Any] = field(default_factory=dict)  # path, sha256, size, format
    started_at: str | None = None  # ISO 8601 UTC
    duration_s: float | None = None
    checkpoint: dict[str, Any] = field(default_factory=lambda: {"given": False, "state": "none"})

    def __post_init__(self) -> None:
        self.verdict = Verdict(self.verdict)  # a string of the schema becomes its member; others fail

    # ---- derived -------------------------------------------------------
    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.PASS

    def severity_counts(self) -> dict[str, int]:
        out = {"error": 0, "warning": 0, "info": 0}
        for f in self.findings:
            out[f.severity.value] += 1
        return out

    def worst_severity(self) -> Severity | None:
        if not self.findings:
            return None
        return min((f.severity for f in self.findings), key=lambda s: s.rank)

    def codes(self, severity: Severity | None = None) -> set[str]:
        return {f.code for f in self.findings if severity is None or f.severity == severity}

    def findings_for(self, object_id: str) -> list[Finding]:
        return [f for f in self.findings if f.object_id == object_id or object_id in f.related]

    def era_of(self, object_id: str) -> KeyEra | None:
        i = self.signer.get(object_id)
        return self.eras[i] if i is not None else None

    def finalize(self, *, strict: bool = False) -> None:
        """Compute the verdict from the findings (fail iff an error; ``strict``: or a
        warning); again after findings were added.  A verdict that is not a judgement of
        the findings (unopenable, indeterminate, error, interrupted) is kept."""
        if not Verdict(self.verdict).judged:
            return
        bad = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
        self.verdict = Verdict.FAIL if any(f.severity in bad for f in self.findings) else Verdict.PASS

    @property
    def exit_code(self) -> int:
        """The CLI exit code of this report (one meaning each); 5 for a bug in the
        inspector (an ``internal_error`` finding, or a report never finalized)."""
        if any(f.code == "internal_error" for f in self.findings):
            return EXIT_INTERNAL_ERROR
        return EXIT_CODES.get(self.verdict, EXIT_INTERNAL_ERROR)

    def to_json(self) -> dict[str, Any]:
        """The report as schema ``aleth-inspector/report/1`` (the CLI adds ``tool``)."""
        out: dict[str, Any] = {
            "schema": SCHEMA,
            # never finalized: a bug, said as one (the schema's "error"), never "pass"
            "verdict": (Verdict.ERROR if self.verdict is Verdict.UNDECIDED else Verdict(self.verdict)).value,
            "profile": self.profile,
            "input": self.input,
            "started_at": self.started_at,
            "duration_s": None if self.duration_s is None else round(self.duration_s, 4),
            "checkpoint": self.checkpoint,
            "head": self.head,
            "commits": {k: v.value for k, v in self.commits.items()},
            "evidence": {k: v.value for k, v in self.evidence.items()},
            "checkpoints": {k: v.value for k, v in self.checkpoints.items()},
            "findings": [f.to_json() for f in self.findings],
            "eras": [e.to_json() for e in self.eras],
            "signers": {k: self.eras[v].key_id for k, v in self.signer.items()},
            "order": self.order,
            "unreachable": self.unreachable,
            "counts": self.counts,
            "timings": {k: round(v, 4) for k, v in self.timings.items()},
        }
        if self.container:
            out["container"] = self.container
        mm = self.mutmem.to_json() if self.mutmem is not None else {"memories": {}, "receipts": {}}
        out.update(mm)
        if self.profile != "alethech":
            out["primary_reason"] = self.primary_reason
            out["root"] = self.root
            out["bundle_sha256"] = self.bundle_sha256
            if self.hom is not None:
                out["hom"] = self.hom.to_json()
        return out

    @classmethod
    def unopenable(
        cls,
        code: str,
        message: str,
        *,
        object_kind: str = "container",
        object_id: str = "",
        related: tuple[str, ...] = (),
        expected: str | None = None,
        found: str | None = None,
        likely_cause: str | None = None,
        template: str = "",
        params: tuple[tuple[str, Any], ...] = (),
    ) -> Report:
        r = cls(verdict=Verdict.UNOPENABLE)
        r.findings.append(
            Finding(
                code,
                Severity.ERROR,
                object_kind,
                object_id,
                message,
                related,
                expected,
                found,
                likely_cause,
                template,
                params,
            )
        )
        return r

    @classmethod
    def internal_error(cls, exc: BaseException, *, object_id: str = "") -> Report:
        """The last-resort answer: a bug in the inspector became a report (verdict
        ``error``, one ``internal_error`` finding naming the exception and the
        innermost frame inside the inspector, with the formatted traceback for a
        crash report), never a traceback on the terminal and exit 1."""
        r = cls(verdict=Verdict.ERROR)
        finding = make_finding(
            "internal_error",
            Severity.ERROR,
            "store",
            object_id,
            _INTERNAL_ERROR,
            found=f"{type(exc).__name__}: {_safe_text(str(exc))[:300]}",
            likely_cause="a bug in the inspector; please report it with this finding",
            where=_innermost_inspector_frame(exc),
            exc_type=type(exc).__name__,
        )
        r.findings.append(replace(finding, traceback=_traceback_text(exc)))
        return r


_INTERNAL_ERROR = message(
    "The inspector failed with {exc_type} at {where}: this is a bug in the inspector, not a verdict on "
    "the file."
)


def _safe_text(text: str) -> str:
    """``text`` with lone surrogates escaped, so it can be encoded anywhere."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


MAX_TRACEBACK = 32 * 1024
"""The longest traceback text kept (its innermost end: a deep recursion is cut at the top)."""


def _traceback_text(exc: BaseException) -> str | None:
    """The formatted traceback of ``exc`` (with its chained causes): file, line, function
    and source line of each frame and the exception messages — never the frames' local
    variables, where a passphrase or a key may be.  None for an exception never raised."""
    import traceback

    if exc.__traceback__ is None:
        return None
    text = _safe_text("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    if len(text) > MAX_TRACEBACK:
        cut = len(text) - MAX_TRACEBACK
        text = f"[{cut} characters of the outer frames cut]\n" + text[-MAX_TRACEBACK:]
    return text


def _innermost_inspector_frame(exc: BaseException) -> str:
    import traceback

    where = "an unknown place"
    for frame in traceback.extract_tb(exc.__traceback__):
        if "inspector" in frame.filename.replace("\\", "/").split("/"):
            name = frame.filename.replace("\\", "/").split("/inspector/", 1)[-1]
            where = f"inspector/{name}:{frame.lineno} in {frame.name}"
    return where
