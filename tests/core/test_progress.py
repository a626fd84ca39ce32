"""``inspector.core.progress``: the worker jobs' progress throttle (one module that the GUI
jobs and the authoring jobs both import, so neither imports the other)."""

from __future__ import annotations

import ast
from pathlib import Path

from inspector.core.progress import throttled

CORE = Path(__file__).resolve().parents[2] / "inspector" / "core"


def test_progress_is_throttled_but_the_end_always_arrives():
    now = [100.0]
    sent: list[tuple] = []
    progress = throttled(sent.append, min_interval=0.05, clock=lambda: now[0])
    progress("signatures", 0, 10)
    progress("signatures", 1, 10)  # too soon: dropped
    now[0] += 0.06
    progress("signatures", 2, 10)
    progress("signatures", 10, 10)  # the end: sent however soon
    assert sent == [
        ("progress", "signatures", 0, 10),
        ("progress", "signatures", 2, 10),
        ("progress", "signatures", 10, 10),
    ]


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports, anywhere in it (a function-level import counts)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out |= {base} | {f"{base}.{a.name}" if node.module else base + a.name for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def test_the_authoring_jobs_do_not_import_the_gui_jobs_back():
    """core/jobs.py imports write/job.py (the authoring jobs); the circle closed when
    write/job.py imported the throttle from core/jobs.py."""
    imported = _imports(CORE / "write" / "job.py")
    assert not any(i == "..jobs" or i.startswith("..jobs.") for i in imported), imported
    assert not any("jobs" in i or "write" in i for i in _imports(CORE / "progress.py"))
