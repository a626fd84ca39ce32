"""What the banner and the overview say about a report, computed once (no widgets).

Everything here reads the :class:`~inspector.core.verify.report.Report`; text goes
through Qt's translation (context ``Summary``) or the core catalogue.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from PySide6.QtCore import QObject

from ..core.codes import Concern, concerns
from ..core.emit import parse_checkpoint
from ..core.findings import Finding, Severity
from ..core.verify.report import Report, Status
from .i18n import finding_text


def checkpoint_state(report: Report) -> str:
    """``"none"``, ``"verified"`` or ``"failed"``: the external checkpoint's outcome."""
    cp = report.checkpoint if isinstance(report.checkpoint, dict) else {}
    state = cp.get("state")
    if cp.get("given") and state in ("verified", "failed"):
        return str(state)
    cont = report.container.get("continuity") if isinstance(report.container, dict) else None
    return cont if cont in ("verified", "failed") else "none"


def untrusted_memories(report: Report) -> list[str]:
    mm = report.mutmem
    if mm is None:
        return []
    return [m for m, mv in mm.memories.items() if getattr(mv, "untrusted", False)]


def container_format(report: Report) -> str:
    """The sealed container's format (``ALETH001``, ``ALETH002``) or ``""``."""
    for part in (report.input, report.container):
        fmt = part.get("format") if isinstance(part, dict) else None
        if isinstance(fmt, str) and fmt:
            return fmt
    return ""


def secret_problem(report: Report) -> bool:
    """Whether the file could not be opened for want of the right secret (another
    passphrase or the recovery code may open it; damage or a foreign format will not).
    ``authentication_failed`` is one only for ALETH001, which cannot tell a wrong
    passphrase from a modified file; an ALETH002 slot that unwrapped proved the key right."""
    if report.verdict != "unopenable" or not report.findings:
        return False
    code = report.findings[0].code
    if code == "authentication_failed":
        return container_format(report) == "ALETH001"
    return Concern.CREDENTIAL in concerns(code)


def internal_error(report: Report) -> Finding | None:
    return next((f for f in report.findings if f.code == "internal_error"), None)


def first_error(report: Report) -> Finding | None:
    """The finding the banner's "jump" goes to: the first error on an object the file has
    (for a HOM-AIMOS bundle, its primary reason: the first check that failed, even when it
    only makes the verdict indeterminate)."""
    primary = primary_finding(report)
    if primary is not None:
        return primary
    errors = [f for f in report.findings if f.severity == Severity.ERROR]
    for f in errors:
        if f.object_id in report.objects or f.object_id in report.commits:
            return f
    return errors[0] if errors else None


def primary_finding(report: Report) -> Finding | None:
    """The finding of a HOM-AIMOS report's primary reason (code ``hom.<reason>``)."""
    if not report.primary_reason:
        return None
    code = "hom." + report.primary_reason
    return next((f for f in report.findings if f.code == code), None)


class Summary(QObject):
    """The banner's and overview's sentences (translation context ``Summary``)."""

    def verdict_word(self, verdict: str) -> str:
        return {
            "pass": self.tr("PASS"),
            "fail": self.tr("FAIL"),
            "unopenable": self.tr("UNOPENABLE"),
            "indeterminate": self.tr("INDETERMINATE"),
            "error": self.tr("ERROR"),
            "interrupted": self.tr("INTERRUPTED"),
        }.get(verdict, verdict.upper())

    def verdict_reason(self, report: Report) -> str:
        """One line: why the verdict is what it is; long ids are shortened (the
        tooltip and the Findings pane keep them whole)."""
        return shorten_ids(self.full_reason(report))

    def full_reason(self, report: Report) -> str:
        """One line: why the verdict is what it is (the worst finding, summarised).  It
        says what the file proves: a commit signed by a retired key is "not proven to
        predate" the retirement, never "after" it."""
        crash = internal_error(report)
        if crash is not None:
            return finding_text(crash)
        if report.verdict == "unopenable" and report.findings:
            return finding_text(report.findings[0])
        if report.primary_reason and report.verdict != "pass":
            # HOM-AIMOS: a plain sentence; the banner shows the reference's reason code beside it
            primary = primary_finding(report)
            return finding_text(primary) if primary is not None else report.primary_reason
        errors = [f for f in report.findings if f.severity == Severity.ERROR]
        if errors:
            return self._errors_text(report, errors)
        return self._pass_text(report)

    def _errors_text(self, report: Report, errors: list[Finding]) -> str:
        dark = [
            f
            for f in errors
            if f.code == "not_in_proven_pre_rotation_history"
            and report.commits.get(f.object_id) == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
        ]
        if dark:
            text, n = self._dark_text(report, dark), len(dark)
        elif Concern.CHECKPOINT_CONTINUITY in concerns(errors[0].code):
            text = self.tr("The file does not continue the history the checkpoint saw: %1").replace(
                "%1", finding_text(errors[0])
            )
            n = 1
        else:
            text, n = finding_text(errors[0]), 1
        rest = len(errors) - n
        if rest > 0:
            text += " " + self.tr("(and %n more error(s))", "", rest)
        return text

    def _dark_text(self, report: Report, dark: list[Finding]) -> str:
        """Commits a retired key signed outside the history its cutoff proves, by the era
        that has most of them: what is proven is that they are not proven to come first."""
        by_era = Counter(report.signer.get(f.object_id) for f in dark)
        era_i, n = by_era.most_common(1)[0]
        era = report.eras[era_i] if era_i is not None and 0 <= era_i < len(report.eras) else None
        if era is None:
            return self.tr("%n commit(s) outside the history a revoked key may speak for", "", len(dark))
        if era.revoke_reason == "rotation":
            text = self.tr("%n commit(s) signed by %1 not proven to predate its rotation", "", n)
        else:
            text = self.tr("%n commit(s) signed by %1 not proven to predate its revocation", "", n)
        text = text.replace("%1", era.key_id)
        if n < len(dark):
            text += " " + self.tr("(%n more by other retired keys)", "", len(dark) - n)
        return text

    def _pass_text(self, report: Report) -> str:
        warnings = sum(1 for f in report.findings if f.severity == Severity.WARNING)
        if report.verdict == "pass" and report.profile == "hom-aimos-v2":
            structural = getattr(report.hom, "structural_only", False)
            text = (
                self.tr("The structure holds as the reference verifier judges it; no signature was checked.")
                if structural
                else self.tr(
                    "Every binding and signature checks as the reference verifier judges them, under the "
                    "master you pinned."
                )
            )
            if warnings and not structural:
                text += " " + self.tr("%n warning(s) to read.", "", warnings)
            return text
        if report.verdict == "pass" and report.profile == "hom-aimos-v1":
            text = self.tr(
                "Every hash, signature and chain checks as the reference verifier judges them: the bundle is "
                "internally consistent."
            )
        elif report.verdict == "pass":
            text = self.tr("Every id, signature and link checks; every key era holds.")
        else:
            return ""
        if warnings:
            text += " " + self.tr("%n warning(s) to read.", "", warnings)
        return text

    def reason_code(self, report: Report) -> str:
        """The code beside a HOM-AIMOS headline: the reference verifier's reason ("" else)."""
        if report.primary_reason and report.verdict != "pass":
            return report.primary_reason
        return ""

    def counts_text(self, report: Report) -> str:
        sev = report.severity_counts()
        return " · ".join(
            (
                self.tr("%n error(s)", "", sev["error"]),
                self.tr("%n warning(s)", "", sev["warning"]),
                self.tr("%n note(s)", "", sev["info"]),
            )
        )

    def checkpoint_text(self, report: Report, head: str | None = None) -> str:
        state = checkpoint_state(report)
        if state == "verified":
            text = self.tr("Checkpoint verified")
            if head:
                text += " " + self.tr("(head %1)").replace("%1", short(head))
            return "⚑ " + text
        if state == "failed":
            return "✖ " + self.tr("Checkpoint failed: this is not the history the checkpoint saw")
        return "○ " + self.tr("No checkpoint — rollback not detectable")

    def master_text(self, report: Report) -> str:
        """A HOM-AIMOS bundle's trust root: its master key's fingerprint, and whether the
        auditor pinned it (without a pin, valid means internally consistent)."""
        view = report.hom
        if report.profile == "hom-aimos-v2" and view is not None:
            return self._expected_master_text(view)
        master = getattr(view, "master", None)
        fpr = getattr(master, "fingerprint", None)
        if master is None or not isinstance(fpr, str) or not fpr:
            return "○ " + self.tr("No master key in this bundle: who signed is not established")
        shown = fpr[:16] + "…"
        pinned = master.pinned
        if pinned and pinned == master.computed_fingerprint:
            return "✔ " + self.tr("Master key %1 — the master you pinned").replace("%1", shown)
        if pinned:
            return "✖ " + self.tr("Master key %1 — not the master you pinned").replace("%1", shown)
        if not master.verified:
            return "✖ " + self.tr("Master key %1 — its fingerprint does not match its key").replace(
                "%1", shown
            )
        return "○ " + self.tr("Master key %1 — not pinned: valid means internally consistent").replace(
            "%1", shown
        )

    def _expected_master_text(self, view: Any) -> str:
        """v2 evidence's trust root: the expected master fingerprint, and the auditor's pin."""
        context = getattr(view, "trust_context", None)
        fpr = (context if context is not None else view).expected_master_fingerprint
        if not isinstance(fpr, str) or not fpr:
            return "○ " + self.tr("No expected master fingerprint: who signed is not established")
        shown = fpr[:16] + "…"
        if view.structural_only:
            return "○ " + self.tr("Expected master %1 — structure only: no signature was checked").replace(
                "%1", shown
            )
        if view.pinned and view.pinned == fpr.lower():
            return "✔ " + self.tr("Expected master %1 — the master you pinned").replace("%1", shown)
        if view.pinned:
            return "✖ " + self.tr("Expected master %1 — not the master you pinned").replace("%1", shown)
        return "○ " + self.tr("Expected master %1 — not pinned: the signatures cannot be trusted").replace(
            "%1", shown
        )


_texts: list[Summary] = []


def texts() -> Summary:
    if not _texts:
        _texts.append(Summary())
    return _texts[0]


def verdict_word(verdict: str) -> str:
    return texts().verdict_word(verdict)


def verdict_reason(report: Report) -> str:
    """One line: why the verdict is what it is (the worst finding, summarised)."""
    return texts().verdict_reason(report)


def counts_text(report: Report) -> str:
    return texts().counts_text(report)


def checkpoint_text(report: Report, head: str | None = None) -> str:
    return texts().checkpoint_text(report, head)


def master_text(report: Report) -> str:
    return texts().master_text(report)


_LONG_ID = re.compile(r"\b(sha256:[0-9a-f]{10})[0-9a-f]{20,}")


def shorten_ids(text: str) -> str:
    """``sha256:`` + 64 hex digits → the first 10 and an ellipsis (for one-line summaries)."""
    return _LONG_ID.sub(r"\1…", text)


def short(oid: str | None, n: int = 10) -> str:
    if not oid:
        return "—"
    return oid.split(":", 1)[-1][:n] if oid.startswith("sha256:") else oid[: n + 8]


def agent_id(report: Report) -> str | None:
    head = report.objects.get(report.head) if report.head else None
    if head is not None and getattr(head, "malformed", None) is None:
        aid = head.get("agent_id") if hasattr(head, "get") else None
        if isinstance(aid, str) and aid:
            return aid
    for o in report.objects.values():
        if getattr(o, "kind", "") == "identity" and getattr(o, "malformed", None) is None:
            aid = o.get("agent_id")
            if isinstance(aid, str) and aid:
                return aid
    return None


def mutmem_counts(report: Report) -> dict[str, int]:
    mm = report.mutmem
    if mm is None:
        return {"memories": 0, "records": 0, "receipts": 0, "untrusted": 0}
    records = sum(
        len(getattr(mv, "trajectory", []) or []) - 1 + len(mv.labels) for mv in mm.memories.values()
    )
    return {
        "memories": len(mm.memories),
        "records": max(records, 0),
        "receipts": len(mm.receipts),
        "untrusted": sum(1 for mv in mm.memories.values() if mv.untrusted),
    }


def checkpoint_head(data: bytes | None) -> str | None:
    """The ``head_commit_id`` of checkpoint bytes (None when they are no checkpoint, or
    it is not a string): read with the core's strict parser, size-limited, since the
    bytes come from anywhere."""
    cp = parse_checkpoint(data) if data else None
    head = cp.get("head_commit_id") if cp is not None else None
    return head if isinstance(head, str) else None


def looks_like_checkpoint(data: bytes) -> bool:
    """Whether dropped bytes are a checkpoint JSON (rather than a store to open)."""
    return checkpoint_head(data[:1_000_000]) is not None


def describe(obj: Any) -> str:
    return getattr(obj, "kind", "") or "object"
