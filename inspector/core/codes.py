"""The table of finding codes: what each means, why it matters, what to do.

``aleth-inspector explain CODE``, the user's guide and the GUI's Detail pane read
this one table (a test keeps the guide equal to it).  Each package that emits
findings registers its codes with :func:`register` (``verify/codes.py``,
``hom_aimos/codes.py``, ``fleet/codes.py``); :mod:`inspector.core.codebook`
imports them all.  The texts are registered message templates, so the
translation catalogues cover them too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .findings import Severity, message


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
    ``prefix:inner`` suffix finds its base entry.

    Only the tables imported so far are here: the renderers import the alethech
    table, HOM-AIMOS and the fleet import theirs; :mod:`inspector.core.codebook`
    loads them all."""
    return CODES.get(code) or CODES.get(code.split(":", 1)[0])
