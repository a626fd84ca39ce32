"""What both fuzz targets share: the crash signature, the known-issue list, budgets.

A *crash* is any exception the target does not document, a run over its time budget, a
process whose peak memory passes its budget, or a broken oracle (a link followed out of
the store, a write during verification, a dropped duplicate).  Its *signature* is the
exception type and the three innermost frames inside ``inspector/`` (or the oracle's
name), so one defect reached from two places gives two signatures.

``KNOWN`` lists the signatures of defects already filed (issue 16), each with what it
is: while a fix is pending the fuzzers count them (printed once each) instead of
stopping, so a campaign — and the CI smoke run — keeps looking for *new* defects.  Set
``FUZZ_KNOWN=crash`` to treat them as crashes (to check a fix, or to collect inputs).
Remove an entry when its fix lands: the smoke run then guards the fix.
"""

from __future__ import annotations

import os
import resource
import sys
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

#: signature → what it is (issue 16 unless said otherwise)
_ENGINE = "core/verify/engine.py:run < core/verify/engine.py:verify"
KNOWN: dict[str, str] = {
    # empty: the defects of issue 16 (causes 1–4, links followed, files dropped) are fixed; a
    # signature added here is counted, not reported as a crash, until its fix lands
}

_seen: set[str] = set()


def _also_known() -> dict[str, str]:
    """Signatures a campaign has already collected (``FUZZ_ALSO_KNOWN=FILE``, one a line),
    so a long run goes past them to the next new defect."""
    name = os.environ.get("FUZZ_ALSO_KNOWN")
    if not name or not Path(name).is_file():
        return {}
    lines = Path(name).read_text(encoding="utf-8").splitlines()
    return {line.strip(): "collected earlier in this campaign" for line in lines if line.strip()}


class Crash(AssertionError):
    """A broken oracle, reported like an exception."""

    def __init__(self, signature: str, detail: str) -> None:
        super().__init__(f"{signature}: {detail}")
        self.signature = signature


def signature(exc: BaseException, depth: int = 3) -> str:
    """``Type: file:function < caller < caller`` over the ``depth`` innermost inspector frames."""
    if isinstance(exc, Crash):
        return exc.signature
    import inspector

    package = Path(inspector.__file__).resolve().parent
    frames = []
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        try:
            rel = Path(frame.filename).resolve().relative_to(package)
        except ValueError:
            continue
        frames.append(f"{rel.as_posix()}:{frame.name}")
        if len(frames) == depth:
            break
    return f"{type(exc).__name__}: " + (" < ".join(frames) or "outside the inspector")


def known_or_raise(exc: BaseException) -> None:
    """Swallow a known defect (announcing it once), re-raise anything else."""
    sig = signature(exc)
    known = {**KNOWN, **_also_known()}
    if sig in known and os.environ.get("FUZZ_KNOWN", "count") != "crash":
        path = signature(exc, depth=6)  # one defect, possibly reached by several paths: name each once
        if path not in _seen:
            _seen.add(path)
            note = f"\n[known issue, not a new crash] {known[sig]}\n    via {path}"
            print(note, file=sys.stderr, flush=True)
        return
    print(f"\n[crash signature] {sig}", file=sys.stderr, flush=True)
    raise exc


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def check_rss(budget_mb: float) -> None:
    peak = peak_rss_mb()
    if peak > budget_mb:
        raise Crash("budget: memory", f"peak RSS {peak:.0f} MiB passed the budget of {budget_mb:.0f} MiB")


def env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default
