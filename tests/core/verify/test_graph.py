"""The DAG's ancestry answers (SPEC B3, B7): the O(1) chain index and the batched sweeps
agree with a plain walk on random DAGs, authenticated edges included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.verify import graph
from inspector.core.verify.graph import Dag


@st.composite
def dags(draw: st.DrawFn) -> tuple[Dag, list[bool]]:
    n = draw(st.integers(1, 40))
    commits = []
    for i in range(n):
        k = draw(st.integers(0, min(3, i)))
        parents = draw(st.lists(st.integers(0, i - 1), min_size=k, max_size=k, unique=True)) if i else []
        missing = draw(st.booleans()) and draw(st.booleans()) and draw(st.booleans())
        commits.append((f"c{i}", [f"c{p}" for p in parents] + (["gone"] if missing else []), f"t{i:03d}"))
    trusted = draw(st.lists(st.booleans(), min_size=n, max_size=n)) if draw(st.booleans()) else [True] * n
    dag = Dag.build(commits)
    dag.set_trusted(trusted)
    return dag, trusted


def walk(dag: Dag, a: int, b: int) -> bool:
    seen, stack = {b}, [b]
    while stack:
        v = stack.pop()
        if v == a:
            return True
        for p in dag.parents[v] if dag.trusted[v] else []:
            if p not in seen:
                seen.add(p)
                stack.append(p)
    return False


@settings(max_examples=300, deadline=None)
@given(dags())
def test_the_chain_index_is_exact(data: tuple[Dag, list[bool]]) -> None:
    dag, _ = data
    index = dag.reach_index()
    assert index is not None
    n = len(dag)
    for a in range(n):
        for b in range(n):
            assert index.is_ancestor(a, b) == walk(dag, a, b), (a, b)


@settings(max_examples=200, deadline=None)
@given(dags())
def test_the_sweeps_agree_when_the_dag_is_too_branchy(data: tuple[Dag, list[bool]]) -> None:
    dag, _ = data
    old = graph.MAX_CHAINS
    graph.MAX_CHAINS = 0  # force the batched sweeps
    try:
        dag.set_trusted(dag.trusted)
        assert dag.reach_index() is None
        n = len(dag)
        pairs = [(a, b) for a in range(n) for b in range(n)]
        assert dag.ancestor_pairs(pairs) == [walk(dag, a, b) for a, b in pairs]
        keep = set(range(n))
        for group, bits in dag.descendant_sets(list(range(n)), keep):
            for k, s in enumerate(group):
                for v in range(n):
                    assert bool((bits.get(v, 0) >> k) & 1) == walk(dag, v, s)
    finally:
        graph.MAX_CHAINS = old


def test_a_linear_history_shares_one_map() -> None:
    n = 1000
    dag = Dag.build([(f"c{i}", [f"c{i - 1}"] if i else [], f"{i:05d}") for i in range(n)])
    index = dag.reach_index()
    assert index is not None and len(set(map(id, index.inherited))) == 1
    assert index.is_ancestor(0, n - 1) and not index.is_ancestor(n - 1, 0)
