"""Collects a HOM-AIMOS verification's findings and turns them into the common ``Report``.

The reference is fail-fast: its verdict and its one ``primary_reason`` come from the first
failing check in its fixed order.  The checks here run in that order and record each
failure with :meth:`Outcome.error`; the first one is the primary finding, every later one is
an *additional* finding (``Finding.additional``) that the reference would not have reached.
"""

from __future__ import annotations

from typing import Any

from ..verify.report import Finding, Report, Severity, make_finding
from .codes import TEXTS

PROFILE = "hom-aimos-v1"


class Stop(Exception):
    """A failure after which nothing else can be established (parse, schema, raised steps)."""


def _text(reason: str) -> Any:
    return TEXTS.get(reason.split(":", 1)[0]) or TEXTS["cognitive_evidence_bundle_schema_invalid"]


class Outcome:
    """Findings in the order they were established."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, Finding]] = []  # (reason, finding): failures, in check order
        self.undecided: list[tuple[str, Finding]] = []  # indeterminate reasons
        self.notes: list[Finding] = []  # info and warnings (trust)

    def _finding(
        self,
        reason: str,
        severity: Severity | None,
        kind: str,
        oid: str,
        *,
        where: str | None,
        detail: str,
        expected: Any,
        found: Any,
        related: tuple[str, ...] = (),
        **params: Any,
    ) -> Finding:
        text = _text(reason)
        return make_finding(
            "hom." + reason,
            severity or text.severity,
            kind,
            oid,
            text.sentence,
            related,
            expected=None if expected is None else _short(expected),
            found=None if found is None else _short(found),
            where=where if where is not None else (oid or "the bundle"),
            detail=_short(detail) if detail else "see the finding",
            **params,
        )

    def error(
        self,
        reason: str,
        kind: str = "bundle",
        oid: str = "",
        *,
        where: str | None = None,
        detail: str = "",
        expected: Any = None,
        found: Any = None,
        related: tuple[str, ...] = (),
        **params: Any,
    ) -> None:
        f = self._finding(
            reason,
            Severity.ERROR,
            kind,
            oid,
            where=where,
            detail=detail,
            expected=expected,
            found=found,
            related=related,
            **params,
        )
        self.errors.append((reason, f))

    def undecidable(
        self, reason: str, kind: str = "bundle", oid: str = "", *, where: str | None = None, detail: str = ""
    ) -> None:
        f = self._finding(
            reason, Severity.WARNING, kind, oid, where=where, detail=detail, expected=None, found=None
        )
        self.undecided.append((reason, f))

    def note(
        self, reason: str, kind: str = "bundle", oid: str = "", *, where: str | None = None, **params: Any
    ) -> None:
        self.notes.append(
            self._finding(
                reason, None, kind, oid, where=where, detail="", expected=None, found=None, **params
            )
        )

    def stop(self, reason: str, kind: str = "bundle", oid: str = "", **kw: Any) -> Stop:
        """Record a failure that ends the verification and return the exception to raise."""
        self.error(reason, kind, oid, **kw)
        return Stop(reason)

    @property
    def failed(self) -> bool:
        return bool(self.errors)

    def fill(self, report: Report) -> None:
        """Set ``report``'s verdict, primary reason and findings (primary first)."""
        ordered: list[Finding] = []
        if self.errors:
            report.verdict = "fail"
            report.primary_reason = self.errors[0][0]
            ordered.append(self.errors[0][1])
            rest = [f for _, f in self.errors[1:]] + [f for _, f in self.undecided]
        elif self.undecided:
            report.verdict = "indeterminate"
            report.primary_reason = self.undecided[0][0]
            ordered.append(self.undecided[0][1])
            rest = [f for _, f in self.undecided[1:]]
        else:
            report.verdict = "pass"
            report.primary_reason = None
            rest = []
        ordered.extend(_additional(f) for f in rest)
        ordered.extend(self.notes)
        report.findings = ordered


def _additional(f: Finding) -> Finding:
    from dataclasses import replace

    return replace(f, additional=True)


def _short(value: Any, limit: int = 300) -> str:
    """A bounded, printable text of a hostile value for a finding's expected/found fields."""
    if isinstance(value, str):
        text = value[: limit * 2]
    elif value is None or isinstance(value, bool | int | float):
        text = repr(value)
    else:
        text = f"a {type(value).__name__}"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 1] + "…"
