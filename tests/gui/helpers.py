"""What the GUI tests share beyond fixtures: opening a file in the window and waiting for
its report.  (Fixtures — ``window``, ``demo_report`` — are in ``conftest.py``.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

WAIT_MS = 90_000
"""How long a test waits for a signal before it fails instead of hanging (a liveness
bound for a loaded machine, never a measure of speed)."""


def open_and_wait(qtbot: Any, win: Any, path: str | Path, **kw: Any) -> Any:
    """Open ``path`` in the main window ``win`` (``open_path`` with ``kw``) and return the
    report it shows; the wait is set up before the call that emits."""
    with qtbot.waitSignal(win.reportReady, timeout=WAIT_MS) as blocker:
        win.open_path(str(path), **kw)
    return blocker.args[0]
