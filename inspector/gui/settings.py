"""Which settings produced the verdict the window shows.

A verdict depends on more than the bytes: the credential that opened the file, the
external checkpoint it was held against, whether warnings fail (strict), the HOM-AIMOS
master key pinned.  The window says which were used (the Overview's "Judged with" row;
the banner too when the file came from the fleet window), so two windows that disagree
show why.  A file opened from the fleet window is judged with exactly the settings the
fleet audit used for it (:class:`FleetOpen`, handed over by
:class:`~inspector.gui.fleet.FleetView`; the credential is resolved in the worker, never
asked again)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject

from ..core.container import Credential
from ..core.fleet.credentials import CredentialRef
from ..core.fleet.task import FileJob


@dataclass(frozen=True)
class FleetOpen:
    """A row of the fleet window, to open in the main window with the fleet's settings:
    the job the audit ran for it (credential reference, checkpoint bytes, strictness),
    where those came from, and what the row said."""

    job: FileJob
    folder: str
    rules: str | None = None  # the credentials rules file the audit used
    rule: int | None = None  # the 1-based number of the rule that matched the file
    pattern: str | None = None  # … and its ``match``
    checkpoint_path: str | None = None  # the rule's checkpoint file
    verdict: str = ""  # the row's verdict
    sha256: str | None = None  # the row's input SHA-256

    @property
    def location(self) -> str:
        return self.job.location


@dataclass(frozen=True)
class OpenSettings:
    """What the verdict on screen was judged with."""

    credential: Credential | None = None
    checkpoint_path: str | None = None
    checkpoint_given: bool = False  # bytes were given (a path may be unknown: dropped bytes)
    strict: bool = False
    trust_master: str | None = None
    fleet: FleetOpen | None = None
    bundle: bool = False  # a HOM-AIMOS bundle: no credential, no checkpoint; a master may be pinned


class SettingsText(QObject):
    """The sentences that say which settings produced a verdict (context ``SettingsText``)."""

    def credential_text(self, s: OpenSettings) -> str:
        ref = s.fleet.job.credential if s.fleet is not None else None
        if isinstance(ref, CredentialRef):
            what = self.tr("the recovery code") if ref.kind == "recovery_code" else self.tr("the passphrase")
            where = (
                self.tr("the file %1").replace("%1", ref.name)
                if ref.source == "file"
                else self.tr("the environment variable %1").replace("%1", ref.name)
            )
            return self.tr("%1 from %2").replace("%1", what).replace("%2", where)
        if s.credential is None:
            return self.tr("no credential")
        return self.tr("the recovery code") if s.credential.recovery_code else self.tr("the passphrase")

    def checkpoint_text(self, s: OpenSettings) -> str:
        if not s.checkpoint_given:
            return self.tr("no checkpoint")
        name = Path(s.checkpoint_path).name if s.checkpoint_path else self.tr("(dropped)")
        return self.tr("checkpoint %1").replace("%1", name)

    def origin_text(self, s: OpenSettings) -> str:
        """Where the settings came from: the fleet audit (which rule), or this window."""
        f = s.fleet
        if f is None:
            return self.tr("this window's settings")
        if f.rules is None:
            return self.tr("the fleet audit's settings (no credentials rules)")
        rules = Path(f.rules).name
        if f.rule is None:
            return self.tr("the fleet audit's settings (no rule of %1 matches this file)").replace(
                "%1", rules
            )
        return (
            self.tr("the fleet audit's settings (%1, rule %2: %3)")
            .replace("%1", rules)
            .replace("%2", str(f.rule))
            .replace("%3", str(f.pattern))
        )

    def describe(self, s: OpenSettings) -> str:
        """One line: origin: credential · checkpoint [· strict] [· master pinned] (for a
        HOM-AIMOS bundle: the master key pinned or not)."""
        parts = [] if s.bundle else [self.credential_text(s), self.checkpoint_text(s)]
        if s.strict:
            parts.append(self.tr("strict: warnings fail"))
        if s.trust_master:
            parts.append(self.tr("master key %1 pinned").replace("%1", s.trust_master[:16] + "…"))
        elif s.bundle:
            parts.append(self.tr("no master key pinned"))
        return self.tr("%1: %2").replace("%1", self.origin_text(s)).replace("%2", " · ".join(parts))

    def banner_note(self, s: OpenSettings, verdict: str, sha256: str | None) -> str:
        """The banner's line for a file judged with the fleet audit's settings (and why its
        verdict differs from the fleet row's, if it does); empty for the window's own."""
        if s.fleet is None:
            return ""
        note = self.tr("Judged with %1").replace("%1", self.describe(s))
        differs = self.fleet_disagrees(s, verdict, sha256)
        return note + (f" {differs}" if differs else "")

    def fleet_disagrees(self, s: OpenSettings, verdict: str, sha256: str | None) -> str:
        """Why the window's verdict is not the row's (empty when they agree)."""
        f = s.fleet
        if f is None or not f.verdict or f.verdict == verdict:
            return ""
        from .summary import verdict_word

        said = verdict_word(f.verdict)
        if f.sha256 and sha256 and f.sha256 != sha256:
            return self.tr("The fleet audit said %1: the file changed since (its SHA-256 differs).").replace(
                "%1", said
            )
        return self.tr("The fleet audit said %1.").replace("%1", said)


_texts: list[SettingsText] = []


def texts() -> SettingsText:
    if not _texts:
        _texts.append(SettingsText())
    return _texts[0]


def describe(s: OpenSettings) -> str:
    return texts().describe(s)
