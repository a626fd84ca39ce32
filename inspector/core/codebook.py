"""The whole code table: every package's finding codes, loaded.

:mod:`inspector.core.codes` is the registry each package writes its codes into
when it is imported; this module imports all of them, for readers that must see
the whole table (``aleth-inspector explain``, the GUI's Detail pane, the
generated code reference, the MCP server's ``explain_code``).  The object statuses
(SPEC B1) have entries of the same shape: :func:`status_info`, :func:`explain_entry`.
"""

from __future__ import annotations

from . import codes
from .fleet import codes as _fleet_codes  # noqa: F401  (registers audit.*)
from .hom_aimos import codes as _hom_codes  # noqa: F401  (registers hom.*)
from .verify import codes as _verify_codes  # registers the alethech and MutMem codes

CodeInfo = codes.CodeInfo


def all_codes() -> dict[str, CodeInfo]:
    """Every registered code, sorted."""
    return dict(sorted(codes.CODES.items()))


def lookup(code: str) -> CodeInfo | None:
    """The entry of ``code`` in the whole table (see :func:`inspector.core.codes.lookup`)."""
    return codes.lookup(code)


def status_info(name: str) -> CodeInfo | None:
    """The entry of an object status (``VALID_HISTORICAL``; any letter case)."""
    return _verify_codes.STATUSES.get(name.upper())


def all_statuses() -> dict[str, CodeInfo]:
    """Every object status (SPEC B1), the valid ones first."""
    return dict(_verify_codes.STATUSES)


def explain_entry(name: str) -> CodeInfo | None:
    """What ``aleth-inspector explain NAME`` explains: a finding code, else a status."""
    return lookup(name) or status_info(name)
