"""The commit DAG as a graph: neighbourhoods grouped by topological generation
(hand-made DAG, demo, cross-checked against networkx), cutoff neighbourhoods,
and GraphML export round-tripped through networkx.read_graphml."""

from __future__ import annotations

import networkx as nx
import pytest

from inspector.core import graphml
from inspector.core.demo import build_demo
from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.core.verify.report import KeyEra, Report, Status
from inspector.core.write.builder import StoreWriter, stepping_clock

from ..conftest import ALETHECH


@pytest.fixture(scope="module")
def small():
    """g ─ a ─┬─ b1 ─┬─ m ─ c
    └─ b2 ─┘"""
    w = StoreWriter.create(clock=stepping_clock())
    g = w.head
    a = w.commit({"n": "a"}, parents=[g])["commit_id"]
    b1 = w.commit({"n": "b1"}, parents=[a], memory_type="episodic")["commit_id"]
    b2 = w.commit({"n": "b2"}, parents=[a], move_head=False)["commit_id"]
    m = w.commit({"n": "m"}, parents=[b1, b2])["commit_id"]
    c = w.commit({"n": "c"}, parents=[m])["commit_id"]
    report = verify(w.store)
    assert report.ok
    return report, dict(g=g, a=a, b1=b1, b2=b2, m=m, c=c)


@pytest.fixture(scope="module")
def demo():
    return verify(build_demo().store)


@pytest.fixture(scope="module")
def dark():
    return verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))


def _as_sets(gens):
    return [set(g) for g in gens]


# ---- neighbourhood on the hand-made DAG -----------------------------------


def test_neighbourhood_of_merge_one_step(small):
    report, c = small
    gens = graphml.neighbourhood(report, c["m"], 1)
    assert _as_sets(gens) == [{c["b1"], c["b2"]}, {c["m"]}, {c["c"]}]
    # within a generation, DAG order
    assert gens[0] == sorted(gens[0], key=report.order.index)


def test_neighbourhood_two_steps_reaches_grandparent_not_genesis(small):
    report, c = small
    gens = graphml.neighbourhood(report, c["m"], 2)
    assert _as_sets(gens) == [{c["a"]}, {c["b1"], c["b2"]}, {c["m"]}, {c["c"]}]


def test_neighbourhood_follows_links_both_ways_so_siblings_are_included(small):
    report, c = small
    # b1 -> a (1) -> b2 (2); b1 -> m (1) -> c (2); a -> g (2)
    gens = graphml.neighbourhood(report, c["b1"], 2)
    assert _as_sets(gens) == [{c["g"]}, {c["a"]}, {c["b1"], c["b2"]}, {c["m"]}, {c["c"]}]
    gens1 = graphml.neighbourhood(report, c["b1"], 1)
    assert _as_sets(gens1) == [{c["a"]}, {c["b1"]}, {c["m"]}]


def test_neighbourhood_edge_cases(small):
    report, c = small
    assert graphml.neighbourhood(report, c["m"], 0) == [[c["m"]]]
    assert graphml.neighbourhood(report, "sha256:" + "0" * 64, 3) == []
    whole = graphml.neighbourhood(report, c["g"], 10)
    assert sum(len(g) for g in whole) == 6
    assert len(whole) == 5


def test_index_is_built_once_per_report(small, demo):
    report, _ = small
    assert graphml.dag_index(report) is graphml.dag_index(report)
    assert graphml.dag_index(report) is not graphml.dag_index(demo)
    idx = graphml.dag_index(demo)
    assert idx.ids == demo.order
    assert sum(len(p) for p in idx.parents) == sum(len(ch) for ch in idx.children)


# ---- neighbourhood on the demo, cross-checked with networkx ------------------


def _check_against_networkx(report, center, n, g):
    gens = graphml.neighbourhood(report, center, n)
    got = {x for gen in gens for x in gen}
    expected = set(nx.single_source_shortest_path_length(g.to_undirected(as_view=True), center, cutoff=n))
    assert got == expected
    sub = g.subgraph(got)
    assert _as_sets(gens) == [set(x) for x in nx.topological_generations(sub)]
    level = {x: i for i, gen in enumerate(gens) for x in gen}
    assert all(level[u] < level[v] for u, v in sub.edges)
    return gens


def test_demo_neighbourhoods_match_networkx(demo):
    g = graphml.dag_graph(demo)
    merge = next(cid for cid in demo.order if len(demo.objects[cid].parents) == 2)
    for center in (demo.order[0], merge, demo.order[len(demo.order) // 2], demo.order[-1]):
        for n in (1, 3, 6):
            _check_against_networkx(demo, center, n, g)
    gens = graphml.neighbourhood(demo, merge, 1)
    assert len(gens) == 3 and len(gens[0]) == 2  # both parents of the merge


def test_around_cutoff(demo):
    with_cutoff = [e for e in demo.eras if e.cutoff]
    assert [e.key_id for e in with_cutoff] == ["key-001", "key-002"]
    for era in with_cutoff:
        gens = graphml.around_cutoff(demo, era.index, 2)
        assert gens == graphml.neighbourhood(demo, era.cutoff, 2)
        flat = [x for gen in gens for x in gen]
        assert era.cutoff in flat
        assert len(flat) == 5  # a linear stretch: 2 before, the cutoff, 2 after
        # the commits right after the cutoff are signed by the next key
        assert demo.era_of(gens[-1][0]).key_id != era.key_id
    active = next(e for e in demo.eras if e.cutoff is None)
    assert graphml.around_cutoff(demo, active.index, 2) == []
    assert graphml.around_cutoff(demo, 99, 2) == []


def test_neighbourhood_survives_a_parent_cycle():
    """Tampered stores can carry cycles (the verifier reports dag_cycle)."""

    class Fake:
        def __init__(self, parents):
            self.fields = {"parents": parents, "timestamp": "t", "memory_type": "semantic"}

        parents = property(lambda self: self.fields["parents"])

        def get(self, k, d=None):
            return self.fields.get(k, d)

    r = Report()
    r.objects = {"x": Fake([]), "a": Fake(["x", "b"]), "b": Fake(["a"]), "c": Fake(["b"])}
    r.commits = {k: Status.MALFORMED for k in r.objects}
    r.order = ["x", "a", "b", "c"]
    gens = graphml.neighbourhood(r, "a", 2)
    assert _as_sets(gens) == [{"x"}, {"a", "b"}, {"c"}]


# ---- whole-DAG graph and GraphML -----------------------------------------------


def test_dag_graph_nodes_edges_attributes(small):
    report, c = small
    g = graphml.dag_graph(report)
    assert g.number_of_nodes() == 6
    assert set(g.edges) == {
        (c["g"], c["a"]),
        (c["a"], c["b1"]),
        (c["a"], c["b2"]),
        (c["b1"], c["m"]),
        (c["b2"], c["m"]),
        (c["m"], c["c"]),
    }
    attrs = g.nodes[c["b1"]]
    assert attrs["status"] == "VALID"
    assert attrs["era"] == "key-001" and attrs["era_index"] == 0
    assert attrs["memory_type"] == "episodic"
    assert attrs["timestamp"] == report.objects[c["b1"]].get("timestamp")
    assert attrs["order"] == report.order.index(c["b1"])


def test_graphml_round_trip_demo(demo, tmp_path):
    path = tmp_path / "demo.graphml"
    graphml.write_graphml(demo, path)
    assert not (tmp_path / "demo.graphml.part").exists()
    g = nx.read_graphml(path)
    assert g.is_directed()
    assert g.number_of_nodes() == len(demo.commits) == 345
    assert g.number_of_edges() == sum(len(demo.objects[c].parents) for c in demo.order) == 345
    ref = graphml.dag_graph(demo)
    assert set(g.edges) == set(ref.edges)
    for cid in (demo.order[0], demo.order[200], demo.order[-1]):
        assert g.nodes[cid] == ref.nodes[cid]
    eras = {d["era"] for _, d in g.nodes(data=True)}
    assert {"key-001", "key-002", "key-003"} <= eras
    statuses = {d["status"] for _, d in g.nodes(data=True)}
    assert statuses == {"VALID", "VALID_HISTORICAL"}
    assert isinstance(g.nodes[demo.order[5]]["era_index"], int)


def test_graphml_carries_the_dark_status(dark, tmp_path):
    path = tmp_path / "dark.graphml"
    graphml.write_graphml(dark, path)
    g = nx.read_graphml(path)
    dark_ids = [c for c, s in dark.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY]
    assert len(dark_ids) == 1
    assert g.nodes[dark_ids[0]]["status"] == "NOT_IN_PROVEN_PRE_ROTATION_HISTORY"
    assert g.nodes[dark_ids[0]]["era"] == "key-001"
    assert g.number_of_nodes() == 6


def test_graphml_escapes_hostile_strings(tmp_path):
    w = StoreWriter.create(clock=stepping_clock())
    hostile = "a<b>&\"c'\x01</data>"
    cid = w.commit({"n": 1}, memory_type=hostile)["commit_id"]
    report = verify(w.store)
    path = tmp_path / "h.graphml"
    graphml.write_graphml(report, path)
    g = nx.read_graphml(path)
    assert g.nodes[cid]["memory_type"] == "a<b>&\"c'\ufffd</data>"
    assert g.number_of_nodes() == 2 and g.number_of_edges() == 1


def _synthetic(n: int) -> Report:
    class Obj:
        __slots__ = ("fields",)

        def __init__(self, ps):
            self.fields = {"parents": ps, "timestamp": "2026-01-01T00:00:00Z", "memory_type": "semantic"}

        @property
        def parents(self):
            return self.fields["parents"]

        def get(self, k, d=None):
            return self.fields.get(k, d)

    r = Report()
    r.eras = [KeyEra(0, "key-001", "agent", "x", "fp", "g", "key_grant", None, None, None, None)]
    ids = [f"sha256:{i:064x}" for i in range(n)]
    for i, cid in enumerate(ids):
        ps = [ids[i - 1]] if i else []
        if i % 1000 == 0 and i >= 3:
            ps.append(ids[i - 3])
        r.objects[cid] = Obj(ps)
        r.commits[cid] = Status.VALID
        r.signer[cid] = 0
    r.order = ids
    return r


def test_100k_commits_export_and_neighbourhood(tmp_path, monkeypatch):
    r = _synthetic(100_000)
    builds: list[int] = []
    real_build = graphml.DagIndex.build.__func__

    def counted(cls, report):
        builds.append(len(report.order))
        return real_build(cls, report)

    monkeypatch.setattr(graphml.DagIndex, "build", classmethod(counted))
    gens = graphml.neighbourhood(r, r.order[50_000], 3)
    # chain 49997..50003, plus 49996 and 49995 reached through the extra parent link 49997
    assert sum(len(g) for g in gens) == 9
    assert sum(len(g) for g in graphml.neighbourhood(r, r.order[70_500], 3)) == 7
    assert builds == [100_000]  # the index is built once, then cached: a later call is a BFS only
    path = tmp_path / "big.graphml"
    graphml.write_graphml(r, path)
    text = path.read_text(encoding="utf-8")
    assert text.count("<node ") == 100_000
    assert text.count("<edge ") == 100_000 - 1 + 99
    assert text.rstrip().endswith("</graphml>")
