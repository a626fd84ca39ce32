"""The table of finding codes: what each means, why it matters, what to do.

``aleth-inspector explain CODE``, the user's guide (``docs/codes.md``, generated), the
SARIF rules and the GUI's Detail pane read this one table.  It is assembled here, from
one module per profile, so it is complete whoever imports it first:

* ``alethech.py`` — the opener, the verifier (SPEC Parts A–D) and the command line;
* ``hom_aimos.py`` — the HOM-AIMOS profile (``hom.<reason>``, SPEC Part F);
* ``audit.py`` — fleet audits (profile ``audit``), with the fleet's message templates.

A new profile adds its table here and to the import below.  The texts are registered
message templates, so the translation catalogues cover them too.
"""

from __future__ import annotations

from . import alethech, audit, hom_aimos  # noqa: F401  (each fills the registry)
from .registry import CODES, CodeInfo, lookup, register

__all__ = ["CODES", "CodeInfo", "all_codes", "lookup", "register"]


def all_codes() -> dict[str, CodeInfo]:
    """Every registered code, sorted."""
    return dict(sorted(CODES.items()))
