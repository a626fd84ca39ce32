"""DAG index over the commits: integer ids, parents, children, a deterministic
topological order, reachability and ancestry sets (computed once per cutoff)."""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field


@dataclass
class Dag:
    ids: list[str]
    index: dict[str, int]
    parents: list[list[int]]  # resolved parents only
    missing: dict[int, list[str]]  # commit -> parent ids that do not resolve
    timestamps: list[str]
    _ancestry: dict[str, bytearray] = field(default_factory=dict)

    @classmethod
    def build(cls, commits: list[tuple[str, list[str], str]]) -> Dag:
        """``commits``: (id, parent ids, timestamp) triples."""
        ids = [c[0] for c in commits]
        index = {cid: i for i, cid in enumerate(ids)}
        parents: list[list[int]] = []
        missing: dict[int, list[str]] = {}
        for i, (_cid, ps, _ts) in enumerate(commits):
            resolved = []
            for p in ps:
                j = index.get(p)
                if j is None:
                    missing.setdefault(i, []).append(p)
                else:
                    resolved.append(j)
            parents.append(resolved)
        return cls(ids, index, parents, missing, [c[2] for c in commits])

    def __len__(self) -> int:
        return len(self.ids)

    def children(self) -> list[list[int]]:
        ch: list[list[int]] = [[] for _ in self.ids]
        for i, ps in enumerate(self.parents):
            for p in ps:
                ch[p].append(i)
        return ch

    def topo_order(self) -> tuple[list[int], list[int]]:
        """Parents before children; ties by (timestamp, id).  Returns
        (order, nodes on a cycle)."""
        n = len(self.ids)
        indeg = [len(ps) for ps in self.parents]
        ch = self.children()
        heap = [(self.timestamps[i], self.ids[i], i) for i in range(n) if indeg[i] == 0]
        heapq.heapify(heap)
        order: list[int] = []
        while heap:
            _, _, i = heapq.heappop(heap)
            order.append(i)
            for c in ch[i]:
                indeg[c] -= 1
                if indeg[c] == 0:
                    heapq.heappush(heap, (self.timestamps[c], self.ids[c], c))
        cyclic = [i for i in range(n) if indeg[i] > 0]
        return order, cyclic

    def ancestry(self, commit_id: str) -> bytearray:
        """Membership bitmap of ancestry(commit_id), inclusive; empty if unknown.
        Computed once per id and cached."""
        cached = self._ancestry.get(commit_id)
        if cached is not None:
            return cached
        mark = bytearray(len(self.ids))
        start = self.index.get(commit_id)
        if start is not None:
            stack = [start]
            mark[start] = 1
            parents = self.parents
            while stack:
                for p in parents[stack.pop()]:
                    if not mark[p]:
                        mark[p] = 1
                        stack.append(p)
        self._ancestry[commit_id] = mark
        return mark

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        i = self.index.get(ancestor)
        return i is not None and bool(self.ancestry(descendant)[i])
