"""SPEC B7 (rev 3): hostile shapes stay linear, no key needed.

Each shape of ``tests/hostile_shapes.py`` (tens of thousands of files carrying one id,
an identity record with a huge number of entries — signed or not —, a receipt that
repeats one memory over a label chain with a defect, thousands of evidence
references on one commit, a commit with thousands of parents) is verified at two
sizes, N and 4N entries.  The bound is a ratio of processor times measured in this
one run, never a wall-clock limit:

* per entry, the hostile shape costs at most ``HONEST_RATIO`` times what an honest
  store of N signed commits costs per entry;
* per entry, the shape at 4N costs at most ``GROWTH`` times the shape at N (a
  quadratic rule would cost four times as much).

``bench/hostile_bench.py`` prints the same ratios for larger sizes.
"""

from __future__ import annotations

import gc
import time

import pytest

from inspector.core.verify.engine import verify

from ...hostile_shapes import SHAPES, Shape, honest

N = 2000
HONEST_RATIO = 3.0
GROWTH = 2.0


def _per_entry(shape: Shape, n: int) -> float:
    """The least processor time per entry of two verifications (threads included)."""
    store, options = shape
    best = float("inf")
    for _ in range(2):
        gc.collect()
        t0 = time.process_time()
        report = verify(store, options)
        best = min(best, time.process_time() - t0)
        assert report.verdict in ("pass", "fail")
    return best / n


@pytest.fixture(scope="module")
def honest_per_entry() -> float:
    return _per_entry(honest(N), N)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_hostile_shape_costs_in_proportion(name: str, honest_per_entry: float) -> None:
    small = _per_entry(SHAPES[name](N), N)
    large = _per_entry(SHAPES[name](4 * N), 4 * N)
    assert small <= HONEST_RATIO * honest_per_entry, (name, small, honest_per_entry)
    assert large <= HONEST_RATIO * honest_per_entry, (name, large, honest_per_entry)
    assert large <= GROWTH * small, (name, small, large)
