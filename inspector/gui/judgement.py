"""An object's whole judgement, problems first.

A badge that shows only an object's signature state misleads: a recall receipt whose
signature verifies but which admits a poisoned memory is not "✔ valid".  The judgement
of an object is its worst finding first (an error makes it ✖, whatever its signature),
its status (signature, id, key era) second.  Every pane that badges an object (History's
Status column, the Detail title, the receipts table, the graph's nodes) asks here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor

from ..core.findings import Finding, Severity
from ..core.verify.report import Report, Status
from .style import PROBLEM_COLOR, SEVERITY_COLOR, status_badge


@dataclass(frozen=True)
class Judgement:
    """What the file says about one object: its findings (worst first) and its status."""

    findings: tuple[Finding, ...] = ()
    status: Status | None = None

    @property
    def worst(self) -> Finding | None:
        return self.findings[0] if self.findings else None

    @property
    def error(self) -> Finding | None:
        """The worst finding when it is an error (the object fails)."""
        f = self.worst
        return f if f is not None and f.severity == Severity.ERROR else None

    @property
    def failing(self) -> bool:
        """Whether the object fails: an error on it, or a status that is not valid."""
        return self.error is not None or (self.status is not None and not self.status.ok)


def findings_by_object(findings: Iterable[Finding]) -> dict[str, list[Finding]]:
    """Object id → its findings, worst first (the order of one report's list otherwise)."""
    out: dict[str, list[Finding]] = {}
    for f in findings:
        if f.object_id:
            out.setdefault(f.object_id, []).append(f)
    for fs in out.values():
        fs.sort(key=lambda f: f.severity.rank)
    return out


def judge(report: Report, object_id: str, by_object: dict[str, list[Finding]] | None = None) -> Judgement:
    """The judgement of ``object_id`` (``by_object``: :func:`findings_by_object` of the
    report, when the caller keeps it)."""
    found = (by_object if by_object is not None else findings_by_object(report.findings)).get(object_id, [])
    status = (
        report.commits.get(object_id) or report.evidence.get(object_id) or report.checkpoints.get(object_id)
    )
    return Judgement(tuple(found), status)


def badge(j: Judgement) -> tuple[str, QColor]:
    """(text, hue) of the object's badge: its error's glyph and code when it has one,
    else its status (adjust the hue with :func:`~.style.readable`)."""
    err = j.error
    if err is not None and (j.status is None or j.status.ok):
        return f"✖ {err.code}", QColor(PROBLEM_COLOR)
    if j.status is not None:
        return status_badge(j.status)
    w = j.worst
    if w is not None and w.severity == Severity.WARNING:
        return f"⚠ {w.code}", QColor(SEVERITY_COLOR[Severity.WARNING])
    return "", QColor("#616161")


def title_badge(j: Judgement) -> str:
    """The Detail title's badge: the worst error first, the signature state second
    (``✖ poison_admitted · signature ✔ valid``)."""
    err = j.error
    status = status_badge(j.status)[0] if j.status is not None else ""
    if err is None:
        return status
    first = f"✖ {err.code}"
    if len(j.findings) > 1 and j.findings[1].severity == Severity.ERROR:
        first += " " + QCoreApplication.translate("Judgement", "(and %n more)", "", _errors(j) - 1)
    if not status or (j.status is not None and not j.status.ok):
        return first + (f" · {status}" if status else "")
    return first + " · " + QCoreApplication.translate("Judgement", "signature %1").replace("%1", status)


def _errors(j: Judgement) -> int:
    return sum(1 for f in j.findings if f.severity == Severity.ERROR)
