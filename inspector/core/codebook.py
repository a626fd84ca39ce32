"""The whole code table: every package's finding codes, loaded.

:mod:`inspector.core.codes` is the registry each package writes its codes into
when it is imported; this module imports all of them, for readers that must see
the whole table (``aleth-inspector explain``, the GUI's Detail pane, the
generated code reference).
"""

from __future__ import annotations

from . import codes
from .fleet import codes as _fleet_codes  # noqa: F401  (registers audit.*)
from .hom_aimos import codes as _hom_codes  # noqa: F401  (registers hom.*)
from .verify import codes as _verify_codes  # noqa: F401  (registers the alethech and MutMem codes)

CodeInfo = codes.CodeInfo


def all_codes() -> dict[str, CodeInfo]:
    """Every registered code, sorted."""
    return dict(sorted(codes.CODES.items()))


def lookup(code: str) -> CodeInfo | None:
    """The entry of ``code`` in the whole table (see :func:`inspector.core.codes.lookup`)."""
    return codes.lookup(code)
