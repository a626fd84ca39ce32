"""The DAG's order (SPEC B5: parents first, ties by timestamp then id) is the plain
min-heap Kahn order, on any graph: chains, merges, forks, cycles and missing parents."""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.verify.graph import Dag


def _reference(commits: list[tuple[str, list[str], str]]) -> tuple[list[int], list[int]]:
    ids = [c[0] for c in commits]
    index = {cid: i for i, cid in enumerate(ids)}
    parents = [sorted({index[p] for p in ps if p in index}) for _, ps, _ in commits]
    children: list[list[int]] = [[] for _ in ids]
    for i, ps in enumerate(parents):
        for p in ps:
            children[p].append(i)
    indeg = [len(ps) for ps in parents]
    heap = [(commits[i][2], ids[i], i) for i in range(len(ids)) if indeg[i] == 0]
    heapq.heapify(heap)
    order = []
    while heap:
        _, _, i = heapq.heappop(heap)
        order.append(i)
        for c in children[i]:
            indeg[c] -= 1
            if indeg[c] == 0:
                heapq.heappush(heap, (commits[c][2], ids[c], c))
    return order, [i for i in range(len(ids)) if indeg[i] > 0]


@st.composite
def histories(draw: st.DrawFn) -> list[tuple[str, list[str], str]]:
    n = draw(st.integers(0, 40))
    ids = [f"c{k:02d}" for k in range(n)]
    out = []
    for k, cid in enumerate(ids):
        # mostly earlier commits (a chain, merges), sometimes later ones (cycles) or unknown ids
        pool = ids if draw(st.integers(0, 9)) == 0 else ids[:k]
        ps = draw(st.lists(st.sampled_from(pool), max_size=3)) if pool else []
        if draw(st.integers(0, 15)) == 0:
            ps.append("missing")
        out.append((cid, ps, draw(st.sampled_from(["", "2026-01-01", "2026-01-02", "2025"]))))
    return draw(st.permutations(out))


@settings(max_examples=200, deadline=None)
@given(histories())
def test_the_order_is_the_min_heap_kahn_order(commits: list[tuple[str, list[str], str]]) -> None:
    assert Dag.build(commits).topo_order() == _reference(commits)
