"""The commit DAG as a graph: networkx export (GraphML) and small neighbourhoods.

Qt-free.  Everything here reads a verified
:class:`~inspector.core.verify.report.Report` and never mutates it.

* :func:`dag_graph` — the whole DAG as a :class:`networkx.DiGraph` (parent →
  child edges; node attributes ``status``, ``era``, ``era_index``,
  ``memory_type``, ``timestamp``, ``order``);
* :func:`write_graphml` — that graph written as GraphML;
* :func:`neighbourhood` / :func:`around_cutoff` — the commits a few parent/child
  steps around one commit, grouped by topological generation.  These use a
  parents/children index built once per report (cached), so they stay fast on
  stores of 100k commits without building a networkx graph of the whole DAG.
"""

from __future__ import annotations

import os
import re
import weakref
from collections import deque
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

import networkx as nx

from .verify.report import Report

__all__ = [
    "DagIndex",
    "around_cutoff",
    "dag_graph",
    "dag_index",
    "neighbourhood",
    "node_attributes",
    "write_graphml",
]


# ---------------------------------------------------------------------------
# node attributes


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def _parents_of(obj: Any) -> list[str]:
    """Parent ids of a commit object; tolerant of malformed objects."""
    if obj is None:
        return []
    try:
        ps = obj.parents
    except Exception:  # a malformed object may have no usable fields
        return []
    if not isinstance(ps, list):
        return []
    return [p for p in ps if isinstance(p, str)]


def node_attributes(report: Report, commit_id: str, position: int = -1) -> dict[str, str | int]:
    """GraphML-safe (str/int only) attributes of one commit."""
    status = report.commits.get(commit_id)
    era_index = report.signer.get(commit_id)
    era = report.eras[era_index].key_id if era_index is not None and 0 <= era_index < len(report.eras) else ""
    obj = report.objects.get(commit_id)
    get = getattr(obj, "get", None)
    return {
        "status": status.value if status is not None else "",
        "era": era,
        "era_index": era_index if era_index is not None else -1,
        "memory_type": _text(get("memory_type")) if get else "",
        "timestamp": _text(get("timestamp")) if get else "",
        "order": position,
    }


# ---------------------------------------------------------------------------
# whole-DAG graph and GraphML


def dag_graph(report: Report) -> nx.DiGraph[str]:
    """Every commit of ``report`` as a node, every resolved parent link as a
    parent → child edge.  Parents not in the store are left out (the verifier
    reports them as ``parent_missing``)."""
    g: nx.DiGraph[str] = nx.DiGraph()
    ids = _commit_ids(report)
    known = set(ids)
    g.add_nodes_from((cid, node_attributes(report, cid, i)) for i, cid in enumerate(ids))
    g.add_edges_from(
        (p, cid) for cid in ids for p in _parents_of(report.objects.get(cid)) if p in known and p != cid
    )
    return g


_GRAPHML_HEAD = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
    'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n'
)
# (attribute, GraphML type) in node_attributes() order; keys d0.. in this order
_NODE_KEYS = (
    ("status", "string"),
    ("era", "string"),
    ("era_index", "int"),
    ("memory_type", "string"),
    ("timestamp", "string"),
    ("order", "int"),
)
# characters XML 1.0 cannot carry at all (untrusted strings may hold them)
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _xml(value: str | int) -> str:
    text = str(value)
    return escape(_XML_INVALID.sub("\ufffd", text), {'"': "&quot;"})


def write_graphml(report: Report, path: str | os.PathLike[str]) -> None:
    """Write the whole commit DAG of ``report`` to ``path`` as GraphML.

    The same graph as :func:`dag_graph` (node attributes as GraphML ``string``
    / ``int`` keys, parent → child edges), streamed node by node: a 100k-commit
    DAG is written in about a second without building it in memory first.
    The output reads back with :func:`networkx.read_graphml`.  Strings are
    XML-escaped and characters XML cannot carry are replaced by U+FFFD.  The
    file holds decrypted content: it is written through the one atomic writer
    (:func:`inspector.core.write.safe.atomic_writer`) with mode 0600.
    """
    from .write.safe import atomic_writer

    ids = _commit_ids(report)
    known = set(ids)
    with atomic_writer(path, mode=0o600) as out:

        def put(text: str) -> None:
            out.write(text.encode("utf-8"))

        put(_GRAPHML_HEAD)
        put('<key id="g0" for="graph" attr.name="name" attr.type="string"/>\n')
        for k, (name, kind) in enumerate(_NODE_KEYS):
            put(f'<key id="d{k}" for="node" attr.name="{name}" attr.type="{kind}"/>\n')
        put('<graph id="G" edgedefault="directed">\n<data key="g0">aleth commit DAG</data>\n')
        buf: list[str] = []
        for i, cid in enumerate(ids):
            attrs = node_attributes(report, cid, i)
            data = "".join(
                f'<data key="d{k}">{_xml(attrs[name])}</data>' for k, (name, _kind) in enumerate(_NODE_KEYS)
            )
            buf.append(f'<node id="{_xml(cid)}">{data}</node>\n')
            if len(buf) >= 4096:
                put("".join(buf))
                buf.clear()
        put("".join(buf))
        buf.clear()
        for cid in ids:
            child = _xml(cid)
            for p in _parents_of(report.objects.get(cid)):
                if p in known and p != cid:
                    buf.append(f'<edge source="{_xml(p)}" target="{child}"/>\n')
            if len(buf) >= 4096:
                put("".join(buf))
                buf.clear()
        put("".join(buf))
        put("</graph>\n</graphml>\n")


def _commit_ids(report: Report) -> list[str]:
    """Commit ids in DAG order, plus any commit the order does not list."""
    ids = list(report.order)
    if len(ids) != len(report.commits):
        seen = set(ids)
        ids.extend(c for c in report.commits if c not in seen)
    return ids


# ---------------------------------------------------------------------------
# parents/children index (built once per report)


@dataclass(frozen=True)
class DagIndex:
    """Integer adjacency of a report's commits (positions in ``report.order``)."""

    ids: list[str]
    position: dict[str, int]
    parents: list[tuple[int, ...]]
    children: list[tuple[int, ...]]

    @classmethod
    def build(cls, report: Report) -> DagIndex:
        ids = _commit_ids(report)
        position = {cid: i for i, cid in enumerate(ids)}
        parents: list[tuple[int, ...]] = []
        kids: list[list[int]] = [[] for _ in ids]
        for i, cid in enumerate(ids):
            ps = []
            for p in _parents_of(report.objects.get(cid)):
                j = position.get(p)
                if j is not None and j != i and j not in ps:
                    ps.append(j)
                    kids[j].append(i)
            parents.append(tuple(ps))
        return cls(ids, position, parents, [tuple(k) for k in kids])

    def __len__(self) -> int:
        return len(self.ids)


# Report is a mutable dataclass (unhashable), so the cache is keyed by id() and
# cleaned up by a weakref finalizer when the report goes away.
_INDEX_CACHE: dict[int, tuple[weakref.ref[Report], int, DagIndex]] = {}


def dag_index(report: Report) -> DagIndex:
    """The (cached) :class:`DagIndex` of ``report``."""
    key = id(report)
    hit = _INDEX_CACHE.get(key)
    if hit is not None:
        ref, size, index = hit
        if ref() is report and size == len(report.order):
            return index
    index = DagIndex.build(report)
    try:

        def forget(_ref: weakref.ref[Report], k: int = key) -> None:
            _INDEX_CACHE.pop(k, None)

        ref = weakref.ref(report, forget)
    except TypeError:  # not weak-referenceable: do not cache
        return index
    _INDEX_CACHE[key] = (ref, len(report.order), index)
    return index


# ---------------------------------------------------------------------------
# neighbourhoods


def neighbourhood(report: Report, center_id: str, generations: int) -> list[list[str]]:
    """Commits within ``generations`` parent/child steps of ``center_id``.

    Steps follow parent and child links in either direction (so a sibling
    branch forking off a nearby parent is included).  The result is grouped by
    topological generation of the induced subgraph (parents' generation before
    children's), each generation in DAG order.  An unknown commit gives ``[]``;
    ``generations <= 0`` gives ``[[center_id]]``.
    """
    index = dag_index(report)
    start = index.position.get(center_id)
    if start is None:
        return []
    limit = max(0, int(generations))
    dist = {start: 0}
    queue = deque([start])
    parents, children = index.parents, index.children
    while queue:
        i = queue.popleft()
        d = dist[i]
        if d >= limit:
            continue
        for j in parents[i] + children[i]:
            if j not in dist:
                dist[j] = d + 1
                queue.append(j)
    return _generations(index, dist.keys())


def around_cutoff(report: Report, era_index: int, generations: int) -> list[list[str]]:
    """The :func:`neighbourhood` of era ``era_index``'s cutoff commit (the
    ``cutoff_head`` of its revocation or rotation).  ``[]`` when the era has no
    cutoff or the cutoff is not a commit of the store."""
    if not 0 <= era_index < len(report.eras):
        return []
    cutoff = report.eras[era_index].cutoff
    if not cutoff:
        return []
    return neighbourhood(report, cutoff, generations)


def _generations(index: DagIndex, nodes: Any) -> list[list[str]]:
    members = sorted(nodes)  # positions: sorted = DAG order
    sub: nx.DiGraph[int] = nx.DiGraph()
    sub.add_nodes_from(members)
    inside = set(members)
    sub.add_edges_from((p, i) for i in members for p in index.parents[i] if p in inside)
    try:
        gens = [sorted(g) for g in nx.topological_generations(sub)]
    except nx.NetworkXUnfeasible:
        # parent links form a cycle (the verifier reports dag_cycle): lay out
        # the strongly connected components instead, each as one generation.
        cond = nx.condensation(sub)
        gens = [
            sorted(i for c in g for i in cond.nodes[c]["members"]) for g in nx.topological_generations(cond)
        ]
    return [[index.ids[i] for i in g] for g in gens]
