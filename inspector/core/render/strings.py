"""Every fixed string the renderers show a person, as registered templates.

The text and HTML reports speak the user's language through
:mod:`inspector.core.i18n`; a string registered here is translated by the
catalogues like any finding message.  Machine formats (JSON, SARIF, JUnit) stay
in English.
"""

from __future__ import annotations

from typing import Any

from ..findings import message
from ..i18n import decimal, is_singular, number, tr

VERDICT = {
    "pass": message("PASS"),
    "fail": message("FAIL"),
    "unopenable": message("UNOPENABLE"),
    "indeterminate": message("INDETERMINATE"),
    "error": message("ERROR"),
    "interrupted": message("INTERRUPTED"),
}

# counts: (singular, plural)
ERRORS = (message("{n} error"), message("{n} errors"))
WARNINGS = (message("{n} warning"), message("{n} warnings"))
NOTES = (message("{n} note"), message("{n} notes"))
COMMITS = (message("{n} commit"), message("{n} commits"))
EVIDENCE = (message("{n} evidence record"), message("{n} evidence records"))
ERAS = (message("{n} key era"), message("{n} key eras"))
BYTES = (message("{n} byte"), message("{n} bytes"))

SECTION = {
    "error": message("ERRORS ({n})"),
    "warning": message("WARNINGS ({n})"),
    "info": message("NOTES ({n})"),
}
SECTION_ADDITIONAL = message("ADDITIONAL FINDINGS, ESTABLISHED AFTER THE PRIMARY REASON ({n})")
SECTION_ERAS = message("KEY ERAS ({n})")
SECTION_COMMITS = message("COMMITS")
SECTION_EVIDENCE = message("EVIDENCE")
SECTION_INPUT = message("INPUT")
SECTION_MEMORIES = message("MEMORIES")
SECTION_RECEIPTS = message("RECEIPTS")
MEMORIES = (message("{n} memory"), message("{n} memories"))
UNTRUSTED = message("{n} untrusted ({labels})")
RECEIPTS_VALID = message("{valid} of {n} valid")

STRICT_FAIL = message("Failed because of --strict: warnings count as failures ({warnings}).")
CHECKPOINT_STATE = {
    "none": message("Checkpoint: none given, so rollback is not detectable."),
    "verified": message("Checkpoint: verified, the history continues from it."),
    "failed": message("Checkpoint: failed, see the checkpoint findings."),
}
CHECKPOINT_OTHER = message("Checkpoint: {state}.")
EXPECTED = message("expected: {value}")
FOUND = message("found: {value}")
LIKELY_CAUSE = message("likely cause: {value}")
MORE = message("… and {n} more (all of them in --format json)")
ERA_ACTIVE = message("active")
ERA_REVOKED = message("revoked ({reason})")
ERA_CUTOFF = message("cutoff {cutoff}, revoked by {event}")
DIRECTORY = message("directory")
HEAD = message("HEAD {head}")
SHA256 = message("sha256 {sha256}")
CHECKED = message("checked {time} by {tool} {version}")
CHECKED_BY = message("checked by {tool} {version}")
DURATION = message("in {seconds} s")
PRIMARY_REASON = message("Primary reason: {reason}")
ROOT = message("root {root}")
BUNDLE_SHA256 = message("bundle sha256 {sha256}")
PROFILE_HOM = message("HOM-AIMOS v1 bundle")

# The HTML/PDF report
HTML_TITLE = message("Aleth Inspector report")
HTML = {
    name: message(text)
    for name, text in {
        "input": "Input",
        "file": "File",
        "sha256": "SHA-256",
        "size": "Size",
        "format": "Format",
        "checked": "Checked at",
        "duration": "Duration",
        "tool": "Inspected by",
        "profile": "Profile",
        "head": "HEAD",
        "findings": "Findings",
        "severity": "Severity",
        "code": "Code",
        "object": "Object",
        "message": "Message",
        "expected": "Expected",
        "found": "Found",
        "likely_cause": "Likely cause",
        "eras": "Key eras",
        "key": "Key",
        "role": "Role",
        "fingerprint": "Fingerprint",
        "state": "State",
        "granted_by": "Granted by",
        "cutoff": "Cutoff",
        "commits": "Commits",
        "status": "Status",
        "signer": "Signer",
        "memories": "Memories (MutMem)",
        "memory": "Memory",
        "weight": "Weight",
        "label": "Label",
        "trajectory": "Trajectory",
        "untrusted": "untrusted",
        "receipts": "Recall receipts",
        "receipt": "Receipt",
        "entries": "Entries",
        "root": "Root",
        "primary_reason": "Primary reason",
        "bundle_sha256": "Bundle SHA-256",
        "additional": "Additional findings, established after the primary reason",
        "no_findings": "No findings.",
        "not_proven": "What a verdict does not prove",
        "directory_store": "a directory store (no single file hash)",
    }.items()
}
HTML_MORE_ROWS = message("… {n} more rows in the JSON report.")
SEVERITY_WORD = {
    "error": message("error"),
    "warning": message("warning"),
    "info": message("note"),
}

# "What a verdict does not prove": the plain-language limits every report states.
NOT_PROVEN = (
    message(
        "Integrity is not truth: a valid signature proves who wrote a memory and that it is unchanged, "
        "not that it is correct."
    ),
    message(
        "A recall receipt shows what was disclosed, with which weights and labels and in which order; it "
        "cannot prove that nothing else existed."
    ),
    message(
        "Without an external checkpoint a verifier cannot tell an old but complete history from the current "
        "one: rollback is only detectable against a checkpoint kept outside the file."
    ),
)
NOT_PROVEN_HOM = message(
    "For a HOM-AIMOS bundle, valid means internally consistent: the bundle carries its own master key, "
    "so pin the master you trust (--trust-master) before relying on it."
)


class Tr:
    """The registered strings in one language."""

    def __init__(self, lang: str | None) -> None:
        self.lang = lang or "en"

    def __call__(self, template: str, **params: Any) -> str:
        return tr(template, self.lang, **params)

    def count(self, n: int, forms: tuple[str, str]) -> str:
        """``n`` with the singular or plural form of the language, digits grouped as it
        writes them (``2,048 commits``, ``12.345 bytes``, ``0 erreur``)."""
        return self(forms[0] if is_singular(n, self.lang) else forms[1], n=number(n, self.lang))

    def decimal(self, x: float, places: int) -> str:
        """``x`` with the language's decimal mark (``0.25``, ``0,25``)."""
        return decimal(x, places, self.lang)
