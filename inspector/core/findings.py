"""The ground floor of the core: severities, findings and message templates.

Every part of the core that reports something (the store reader, the container,
the verifier, the HOM-AIMOS profiles, the fleet) builds :class:`Finding` objects
from registered templates (:func:`message`), so the translation catalogues can
be checked for completeness.  This module imports nothing of the project.
"""

from __future__ import annotations

import os
import reprlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the verifier found about one object.

    ``message`` is one plain English sentence without the code.  When the
    message was built from a registered template (:func:`message`), ``template``
    is that template and ``params`` its named values, so a user interface can
    show the same sentence in another language (``inspector.core.i18n``).
    ``expected``/``found``/``likely_cause`` are separate fields, never folded
    into the message.  ``additional`` marks a finding established after a
    profile's fail-fast primary reason (HOM-AIMOS).  ``traceback``: on an
    ``internal_error`` only, the formatted Python traceback of the bug (frames,
    source lines and exception messages, never the frames' local variables).
    ``count`` > 1: a summary standing for that many findings of one code beyond
    :data:`FINDING_CAP` (:class:`FindingCap`); ``ids`` are the objects they are about
    (each once) and ``related`` everything they name, in the order met.
    """

    code: str
    severity: Severity
    object_kind: str
    object_id: str
    message: str
    related: tuple[str, ...] = ()
    expected: str | None = None
    found: str | None = None
    likely_cause: str | None = None
    template: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    additional: bool = False
    traceback: str | None = None
    count: int = 1
    ids: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity.value,
            "object_kind": self.object_kind,
            "object_id": self.object_id,
            "message": self.message,
            "expected": self.expected,
            "found": self.found,
            "likely_cause": self.likely_cause,
            "related": list(self.related),
        }
        if self.additional:
            out["additional"] = True
        if self.traceback is not None:
            out["traceback"] = self.traceback
        if self.count > 1:
            out["count"] = self.count
            out["ids"] = list(self.ids)
        return out

    def concerns(self, object_id: str) -> bool:
        """Whether this finding is about ``object_id`` or names it (a summary: any of its ids)."""
        return self.object_id == object_id or object_id in self.related or object_id in self.ids


# Every message template the core can produce, so that translation catalogues can be
# checked for completeness (a test imports the core and compares).
TEMPLATES: set[str] = set()


def message(template: str) -> str:
    """Register a finding-message template (``{name}`` placeholders) and return it."""
    TEMPLATES.add(template)
    return template


MAX_INT_DIGITS = 40
"""An integer parameter longer than this is said by its size ("an integer of about 5,000
digits"): a number read from a file can be of any length."""
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxdict, _REPR.maxlist, _REPR.maxtuple, _REPR.maxset = 2, 4, 6, 6, 6
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 60
_FORMAT_ERRORS = (KeyError, IndexError, ValueError, AttributeError, TypeError)


def typed(value: Any) -> str | int | float:
    """A message parameter as a message may hold it, whatever it is: text stays text (a
    translatable phrase stays one), an integer stays a number (its digits grouped when
    shown), a float a float; ``None``, a boolean and an integer too long to print become
    a short text, a list, a dict or bytes (data from a file) a bounded ``repr``, anything
    else (a path, an exception) its ``str``.  Every value
    reaching a template goes through here first, so filling it never fails."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        if value.bit_length() <= MAX_INT_DIGITS * 3:  # at most ~40 digits: print it
            return int(value)
        return f"an integer of about {grouped(int(value.bit_length() * 0.30103) + 1)} digits"
    if isinstance(value, float):
        return float(value)
    try:
        if isinstance(value, (list, tuple, dict, set, frozenset, bytes, bytearray, memoryview)):
            return _REPR.repr(value)  # data from a file: bounded, whatever its size
        if isinstance(value, os.PathLike):
            return os.fsdecode(value)
        return str(value)  # what code passes: an exception, an enum, a path-like
    except Exception:  # a value that cannot say itself: say what it is
        return f"<{type(value).__name__}>"


def grouped(n: int) -> str:
    """``n`` with its digits grouped in threes by commas (English; ``i18n.number`` for the
    other languages)."""
    return f"{n:,}" if abs(n) >= 1000 else str(n)


def try_fill(template: str, params: Mapping[str, Any], number: Any = grouped) -> str | None:
    """``template`` filled with typed ``params``, integers written by ``number``; None
    when it cannot be filled (a placeholder without a value)."""
    shown = {k: (number(v) if type(v) is int else v) for k, v in params.items()}
    try:
        return template.format(**shown)
    except _FORMAT_ERRORS:
        return None


def fill(template: str, params: Mapping[str, Any], number: Any = grouped) -> str:
    """:func:`try_fill`, or the template itself when it cannot be filled."""
    text = try_fill(template, params, number)
    return template if text is None else text


def make_finding(
    code: str,
    severity: Severity,
    object_kind: str,
    object_id: str,
    template: str,
    related: Iterable[str] = (),
    /,
    *,
    expected: str | None = None,
    found: str | None = None,
    likely_cause: str | None = None,
    additional: bool = False,
    **params: Any,
) -> Finding:
    """A finding whose message is ``template`` filled with ``params`` (each one
    :func:`typed` first, so no value read from a file can break the message)."""
    params = {k: typed(v) for k, v in params.items()}
    text = fill(template, params)
    return Finding(
        code,
        severity,
        object_kind,
        object_id,
        text,
        tuple(related),
        expected,
        found,
        likely_cause,
        template,
        tuple(params.items()),
        additional,
    )


FINDING_CAP = 1000
"""At most this many findings of one code and severity are kept one by one in a report;
the rest become one summary finding (:class:`FindingCap`): a file that cites 200,000
missing ids is told so without 200,000 sentences."""

M_SUMMARY = message(
    "{count} more findings of this kind are summarised here, not listed one by one; the first are about "
    "{first}. The JSON report lists every id they concern (ids and related)."
)


class _Overflow:
    __slots__ = ("count", "first", "ids", "kind", "related")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.count = 0
        self.first: Finding | None = None  # kept whole while it is the only one over the cap
        self.ids: dict[str, None] = {}  # an ordered set: each object once, as met
        self.related: list[str] = []  # everything cited, in order (a list: 8 bytes an id)


class FindingCap:
    """Keeps :data:`FINDING_CAP` findings of each (code, severity, additional) one by one
    and only the ids of the rest (no message is made for them), so a report's size is in
    proportion to what it says, not to how often a file repeats one defect.  A kind with
    exactly one finding over the cap keeps it whole (a summary stands for two or more)."""

    __slots__ = ("_kept", "_over", "cap", "emitted")

    def __init__(self, cap: int | None = None) -> None:
        self.cap = FINDING_CAP if cap is None else cap
        self._kept: dict[tuple[str, Severity, bool], int] = {}
        self._over: dict[tuple[str, Severity, bool], _Overflow] = {}
        self.emitted: list[Finding] = []  # what summaries() last gave (a report replaces them)

    def admit(self, code: str, severity: Severity, additional: bool = False) -> bool:
        """Whether the next finding of this kind is kept whole (and count it)."""
        key = (code, severity, additional)
        n = self._kept.get(key, 0)
        if n < self.cap:
            self._kept[key] = n + 1
            return True
        return False

    def overflow(
        self,
        code: str,
        severity: Severity,
        kind: str,
        object_id: str,
        related: Iterable[str] = (),
        additional: bool = False,
    ) -> bool:
        """Record a finding beyond the cap by its ids; True when it is the first of its
        kind over the cap (then :meth:`keep_first` may hold it whole)."""
        over = self._over.get((code, severity, additional))
        if over is None:
            over = self._over[(code, severity, additional)] = _Overflow(kind)
        over.count += 1
        over.ids[object_id] = None
        over.related.extend(related)
        if over.count == 2:
            over.first = None  # two or more: a summary stands for them
        return over.count == 1

    def keep_first(self, finding: Finding) -> None:
        over = self._over.get((finding.code, finding.severity, finding.additional))
        if over is not None and over.count == 1:
            over.first = finding

    def summaries(self) -> list[Finding]:
        """One summary finding per kind that went over the cap (``count``, every id); the
        one finding of a kind only one over, whole.  Remembered in :attr:`emitted`."""
        out = []
        for (code, severity, additional), over in self._over.items():
            if over.count == 1 and over.first is not None:
                out.append(over.first)
                continue
            ids, related = tuple(over.ids), tuple(over.related)  # the related as cited: a file's repeats too
            shown = ids if len(ids) > 1 or not related else related
            first = ", ".join(shown[:3])
            f = make_finding(
                code,
                severity,
                over.kind,
                ids[0],
                M_SUMMARY,
                related,
                additional=additional,
                count=over.count,
                first=first,
            )
            out.append(_replace(f, count=over.count, ids=ids))
        self.emitted = out
        return out


def _replace(f: Finding, **changes: Any) -> Finding:
    from dataclasses import replace

    return replace(f, **changes)
