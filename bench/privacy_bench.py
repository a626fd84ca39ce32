"""Redaction cost on hostile text (SPEC Part D): ``strip_private`` and
``has_private_region`` on each input of ``tests/core/test_privacy.py``'s HOSTILE family
(about 1 MB each: deep nesting, openers without closers, ``<`` floods, attribute runs…).

Each input is timed against plain text of the same length (the cost of reading it), and
against its first half: linear work keeps the second ratio near 2 (an input whose halves
differ in kind, like deep nesting cut before its closers, is not comparable that way);
backtracking would show as a ratio growing with the size.  Ratios in
one run, so the machine's speed cancels out.  The test suite checks only what the
redaction gives on these inputs (no test asserts on a clock).

Usage (from the repository root)::

    .venv/bin/python bench/privacy_bench.py [--repeat 3]

The table goes to stdout and ``bench/out/privacy_bench.md``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from inspector.core.privacy import has_private_region, strip_private  # noqa: E402
from tests.core.test_privacy import HOSTILE  # noqa: E402  (the one definition of the family)

OUT = ROOT / "bench" / "out"


def cost(text: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        strip_private(text)
        has_private_region(text)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs per measurement")
    args = ap.parse_args()
    rows = [
        "| input | size | time | × plain text of that size | full / half size |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, text in HOSTILE.items():
        full = cost(text, args.repeat)
        plain = cost("x" * len(text), args.repeat)
        half = cost(text[: len(text) // 2], args.repeat)
        size = f"{len(text) / 1e6:.2f} MB"
        rows.append(f"| {name} | {size} | {full * 1000:.1f} ms | {full / plain:.1f} | {full / half:.2f} |")
        print(rows[-1], flush=True)
    OUT.mkdir(exist_ok=True)
    (OUT / "privacy_bench.md").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
