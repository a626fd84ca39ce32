"""SPEC B7 (rev 3): the hostile shapes stay linear.  For each shape of
``tests/hostile_shapes.py`` and each size, the processor time of ``verify`` per
entry, and its ratio to the per-entry time of an honest store of as many commits,
measured in this one run (the honest store at each size is measured beside it).

Usage (from the repository root)::

    .venv/bin/python bench/hostile_bench.py [--sizes 5000,20000,60000] [--shapes one_id,...]

The table goes to ``bench/out/hostile_bench.md`` and to standard output.  A linear
shape keeps its ratio flat as the size grows; a quadratic one multiplies it by the
size factor.
"""

from __future__ import annotations

import argparse
import gc
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from inspector.core.verify.engine import verify  # noqa: E402
from tests.hostile_shapes import SHAPES, Shape, honest  # noqa: E402


def cpu_seconds(shape: Shape, repeat: int = 2) -> float:
    """The least processor time of ``repeat`` verifications (threads included)."""
    store, options = shape
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        t0 = time.process_time()
        verify(store, options)
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="5000,20000,60000")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    shapes = [s for s in args.shapes.split(",") if s]
    rows = []
    for n in sizes:
        base = cpu_seconds(honest(n)) / n
        rows.append(("honest", n, base, 1.0))
        print(f"honest           n={n:>7}  {base * 1e6:8.1f} µs/entry", flush=True)
        for name in shapes:
            per = cpu_seconds(SHAPES[name](n)) / n
            rows.append((name, n, per, per / base))
            print(f"{name:<16} n={n:>7}  {per * 1e6:8.1f} µs/entry  ×{per / base:.2f} of honest", flush=True)
    lines = [
        "# Hostile shapes (SPEC B7 rev 3): processor time per entry",
        "",
        f"Python {platform.python_version()} on {platform.machine()}; each time the least of two runs; "
        "ratio = per-entry time ÷ per-entry time of an honest store of as many signed commits, same run.",
        "",
        "| shape | entries | µs per entry | × honest per entry |",
        "|---|---:|---:|---:|",
    ]
    lines += [f"| {name} | {n} | {per * 1e6:.1f} | {ratio:.2f} |" for name, n, per, ratio in rows]
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    (out / "hostile_bench.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
