"""The whole code table, for readers (``aleth-inspector explain``, the GUI's Detail
pane, the generated code reference, the MCP server's ``explain_code``):
:mod:`inspector.core.codes` is complete whoever imports it first, so this only names its
readers' functions.  The object statuses (SPEC B1) have entries of the same shape:
:func:`status_info`, :func:`explain_entry`."""

from __future__ import annotations

from .codes import CodeInfo, all_codes, lookup
from .codes.alethech import STATUSES

__all__ = ["CodeInfo", "all_codes", "all_statuses", "explain_entry", "lookup", "status_info"]


def status_info(name: str) -> CodeInfo | None:
    """The entry of an object status (``VALID_HISTORICAL``; any letter case)."""
    return STATUSES.get(name.upper())


def all_statuses() -> dict[str, CodeInfo]:
    """Every object status (SPEC B1), the valid ones first."""
    return dict(STATUSES)


def explain_entry(name: str) -> CodeInfo | None:
    """What ``aleth-inspector explain NAME`` explains: a finding code, else a status."""
    return lookup(name) or status_info(name)
