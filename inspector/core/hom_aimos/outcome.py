"""Collects a HOM-AIMOS verification's findings and turns them into the common ``Report``.

The reference is fail-fast: its verdict and its one ``primary_reason`` come from the first
failing check in its fixed order.  The checks here run in that order and record each
failure with :meth:`Outcome.error`; the first one is the primary finding, every later one is
an *additional* finding (``Finding.additional``) that the reference would not have reached.
"""

from __future__ import annotations

from typing import Any

from ..codes.hom_aimos import TEXTS
from ..findings import Finding, Severity, make_finding, message
from ..i18n import Phrase
from ..verify.report import Report, Verdict

PROFILE = "hom-aimos-v1"

# Where a finding is, in words: registered phrases (given as ``where=Phrase(...)``), so a
# translated sentence names the place in the same language.
THE_BUNDLE = message("the bundle")
THE_DOCUMENT = message("the document")
THE_TOP_LEVEL = message("the top level")
THE_CORPUS = message("the corpus")
THE_EVENT_RECEIPT = message("the event receipt")
THE_RECALL_REQUEST = message("the recall request")
AT_MEMORY = message("memory {memory}")
AT_PROJECTION = message("projection {index} of memory {memory}")
AT_EVENT = message("event {event}")
AT_BASELINE = message("baseline of {memory}")
AT_CERTIFICATE = message("{where} (certificate {fingerprint}…)")
# What went wrong, in words, where a sentence gives it in parentheses (``detail=Phrase(...)``)
PIN_NOT_HEX = message("the pin is not 64 hex digits")
NO_VERIFIED_MASTER = message("the bundle names no verified master")
OTHER_MASTER = message("its master is {fingerprint}")
NOT_BY_PINNED = {
    "self": message("signer certificate {fingerprint}… is self-issued, not by the pinned master"),
    "other": message("signer certificate {fingerprint}… is other-issued, not by the pinned master"),
}
EVIDENCE_COUNT = message("{evidence} evidence entries for {memories} memories")
SIGNED_EVENT_RECEIPT = message("the signed event_receipt")
Q_AND_LIMIT = message("q and limit")
MORE_THAN_LIMIT = message("more results than limit")
MEMBER_COUNT = message("{members} members, intended_n {intended_n}")


def at_certificate(where: str, fingerprint: str) -> Phrase:
    """Where a self-issued certificate is used, with the start of its fingerprint."""
    return Phrase(AT_CERTIFICATE, where=where, fingerprint=fingerprint[:16])


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
            where=where if where is not None else (oid or Phrase(THE_BUNDLE)),
            detail=detail if isinstance(detail, Phrase) else _short(detail) if detail else "see the finding",
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
            report.verdict = Verdict.FAIL
            report.primary_reason = self.errors[0][0]
            ordered.append(self.errors[0][1])
            rest = [f for _, f in self.errors[1:]] + [f for _, f in self.undecided]
        elif self.undecided:
            report.verdict = Verdict.INDETERMINATE
            report.primary_reason = self.undecided[0][0]
            ordered.append(self.undecided[0][1])
            rest = [f for _, f in self.undecided[1:]]
        else:
            report.verdict = Verdict.PASS
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
