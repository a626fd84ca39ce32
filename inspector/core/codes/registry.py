"""The registry of finding codes: :class:`CodeInfo`, :func:`register` and
:func:`lookup`.  The tables that fill it are its neighbours in this package, and the
package imports them all (see :mod:`inspector.core.codes`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..findings import Severity, message


@dataclass(frozen=True, slots=True)
class CodeInfo:
    code: str
    severity: Severity  # the usual severity (a few codes vary with context)
    title: str  # a short noun phrase
    meaning: str  # what the finding says about the file
    why: str  # why an auditor should care
    action: str  # what to do about it
    profile: str = "alethech"  # or "hom-aimos-v1", "audit"


CODES: dict[str, CodeInfo] = {}


def register(
    code: str,
    severity: Severity,
    title: str,
    meaning: str,
    why: str,
    action: str,
    *,
    profile: str = "alethech",
) -> CodeInfo:
    """Add ``code`` to the table (its texts become translatable templates)."""
    info = CodeInfo(code, severity, message(title), message(meaning), message(why), message(action), profile)
    if code in CODES and CODES[code] != info:
        raise ValueError(f"finding code {code} is registered twice, with different texts")
    CODES[code] = info
    return info


def lookup(code: str) -> CodeInfo | None:
    """The registered entry of ``code``; a HOM-AIMOS reason with a ``:<index>`` or
    ``prefix:inner`` suffix finds its base entry.  The table is complete: importing
    :mod:`inspector.core.codes` loads every profile's table."""
    return CODES.get(code) or CODES.get(code.split(":", 1)[0])
