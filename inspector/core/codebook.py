"""The whole code table, for readers (``aleth-inspector explain``, the GUI's Detail
pane, the generated code reference): :mod:`inspector.core.codes` is complete whoever
imports it first, so this only names its readers' functions."""

from __future__ import annotations

from .codes import CodeInfo, all_codes, lookup

__all__ = ["CodeInfo", "all_codes", "lookup"]
