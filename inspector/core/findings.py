"""The ground floor of the core: severities, findings and message templates.

Every part of the core that reports something (the store reader, the container,
the verifier, the HOM-AIMOS profiles, the fleet) builds :class:`Finding` objects
from registered templates (:func:`message`), so the translation catalogues can
be checked for completeness.  This module imports nothing of the project.
"""

from __future__ import annotations

from collections.abc import Iterable
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
        return out


# Every message template the core can produce, so that translation catalogues can be
# checked for completeness (a test imports the core and compares).
TEMPLATES: set[str] = set()


def message(template: str) -> str:
    """Register a finding-message template (``{name}`` placeholders) and return it."""
    TEMPLATES.add(template)
    return template


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
    """A finding whose message is ``template`` filled with ``params``."""
    try:
        text = template.format(**params)
    except (KeyError, IndexError, ValueError):
        text = template
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
