"""The DAG of commits: integer ids, parents, a deterministic topological order,
and exact ancestry questions answered in batches (SPEC B3, B7).

Two kinds of edges:

* **all edges** (every parent that resolves) give the order, the display and
  reachability from HEAD;
* **authenticated edges** (the parents of commits whose own status is not
  MALFORMED, DIGEST_MISMATCH or INVALID_SIGNATURE) answer every question about
  proven history: a tampered commit cannot splice anything into it.

Ancestry is never computed as a bitmap per query.  Questions come in batches and
are answered in one pass over the topological order (or its reverse) that carries
a bitset of the *smaller* side of the batch, freed as soon as no child needs it:
the cost is O(n · min(|A|, |B|) / word) machine-word operations and the memory is
the pass's frontier, so a file at the format's limits stays linear in practice.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field

GROUP = 4096  # sources per pass when the caller keeps every node's bitset


@dataclass
class Dag:
    ids: list[str]
    index: dict[str, int]
    parents: list[list[int]]  # resolved parents only
    missing: dict[int, list[str]]  # commit -> parent ids that do not resolve
    timestamps: list[str]
    trusted: list[bool] = field(default_factory=list)  # parent edges authenticated, per node
    _order: tuple[list[int], list[int]] | None = None
    _pos: list[int] | None = None
    _reach: dict[str, bytearray] = field(default_factory=dict)
    _index: ReachIndex | bool | None = None  # False: too branchy, use the batched sweeps

    @classmethod
    def build(cls, commits: Sequence[tuple[str, list[str], str]]) -> Dag:
        """``commits``: (id, parent ids, timestamp) triples."""
        ids = [c[0] for c in commits]
        index = {cid: i for i, cid in enumerate(ids)}
        parents: list[list[int]] = []
        missing: dict[int, list[str]] = {}
        for i, (_cid, ps, _ts) in enumerate(commits):
            resolved: list[int] = []
            seen: set[int] = set()  # not "in list": a commit may name 100,000 parents (B7)
            for p in ps:
                j = index.get(p)
                if j is None:
                    missing.setdefault(i, []).append(p)
                elif j not in seen:
                    seen.add(j)
                    resolved.append(j)
            parents.append(resolved)
        return cls(ids, index, parents, missing, [c[2] for c in commits], [True] * len(ids))

    def __len__(self) -> int:
        return len(self.ids)

    def set_trusted(self, trusted: Sequence[bool]) -> None:
        """Which commits' parent edges count as authenticated."""
        self.trusted = list(trusted)
        self._index = None

    def reach_index(self) -> ReachIndex | None:
        """The O(1) ancestry index over authenticated edges, or None when the DAG has
        too many branches for it (then the batched sweeps answer)."""
        if self._index is None:
            self._index = ReachIndex.build(self) or False
        return self._index if isinstance(self._index, ReachIndex) else None

    def children(self) -> list[list[int]]:
        ch: list[list[int]] = [[] for _ in self.ids]
        for i, ps in enumerate(self.parents):
            for p in ps:
                ch[p].append(i)
        return ch

    def topo_order(self) -> tuple[list[int], list[int]]:
        """Parents before children; ties by (timestamp, id).  Returns
        (order, nodes on a cycle or below one).  Computed once."""
        if self._order is not None:
            return self._order
        n = len(self.ids)
        indeg = [len(ps) for ps in self.parents]
        ch = self.children()
        ts, ids = self.timestamps, self.ids
        heap = [(ts[i], ids[i], i) for i in range(n) if indeg[i] == 0]
        heapq.heapify(heap)
        order: list[int] = []
        while heap:
            _, _, i = heapq.heappop(heap)
            while True:  # a chain: the one node made ready while none waits is the next pop
                order.append(i)
                ready = []
                for c in ch[i]:
                    indeg[c] -= 1
                    if indeg[c] == 0:
                        ready.append(c)
                if len(ready) == 1 and not heap:
                    i = ready[0]
                    continue
                for c in ready:
                    heapq.heappush(heap, (ts[c], ids[c], c))
                break
        cyclic = [i for i in range(n) if indeg[i] > 0]
        self._order = (order, cyclic)
        return self._order

    @property
    def pos(self) -> list[int]:
        """Position of each node in the topological order (nodes on cycles: -1)."""
        if self._pos is None:
            pos = [-1] * len(self.ids)
            for k, i in enumerate(self.topo_order()[0]):
                pos[i] = k
            self._pos = pos
        return self._pos

    # ---- all edges: reachability for display ---------------------------------------
    def ancestry(self, commit_id: str) -> bytearray:
        """Membership bitmap of ancestry(commit_id) over *all* edges, inclusive; empty if
        unknown.  Used for reachability from HEAD only (one bitmap per file), never
        for proven history."""
        cached = self._reach.get(commit_id)
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
        self._reach[commit_id] = mark
        return mark

    # ---- authenticated edges: proven history -----------------------------------------
    def _auth_parents(self, i: int) -> list[int]:
        return self.parents[i] if self.trusted[i] else []

    def is_ancestor(self, a: str, b: str) -> bool:
        """One question, over authenticated edges (inclusive).  For a handful of
        questions only; use :meth:`ancestor_pairs` for many."""
        ia, ib = self.index.get(a), self.index.get(b)
        if ia is None or ib is None:
            return False
        return self.ancestor_pairs([(ia, ib)])[0]

    def ancestor_pairs(self, pairs: Sequence[tuple[int, int]]) -> list[bool]:
        """For each ``(a, b)``: is ``a`` an ancestor of ``b`` (or ``b`` itself) over
        authenticated edges?  One pass, carrying bitsets of the smaller side."""
        out = [False] * len(pairs)
        if not pairs:
            return out
        index = self.reach_index()
        if index is not None:
            return [index.is_ancestor(a, b) for a, b in pairs]
        pos = self.pos
        a_side = {a for a, _ in pairs}
        b_side = {b for _, b in pairs}
        by_a: dict[int, list[int]] = {}
        by_b: dict[int, list[int]] = {}
        for k, (a, b) in enumerate(pairs):
            if a == b:
                out[k] = True
            elif pos[a] >= 0 and pos[b] >= 0 and pos[a] < pos[b]:
                by_a.setdefault(a, []).append(k)
                by_b.setdefault(b, []).append(k)
        if not by_a:
            return out
        if len(b_side) <= len(a_side):
            # reverse pass: bits over the b side; answer when each a is reached
            sources = sorted(by_b, key=lambda i: pos[i])
            for start in range(0, len(sources), GROUP):
                group = sources[start : start + GROUP]
                bit = {s: 1 << k for k, s in enumerate(group)}
                for a, bits in self._sweep_up(bit, by_a.keys()):
                    for k in by_a[a]:
                        b = pairs[k][1]
                        if b in bit and bits & bit[b]:
                            out[k] = True
        else:
            targets = sorted(by_a, key=lambda i: pos[i])
            for start in range(0, len(targets), GROUP * 4):
                group = targets[start : start + GROUP * 4]
                bit = {s: 1 << k for k, s in enumerate(group)}
                for b, bits in self._sweep_down(bit, by_b.keys()):
                    for k in by_b[b]:
                        a = pairs[k][0]
                        if a in bit and bits & bit[a]:
                            out[k] = True
        return out

    def descendant_sets(
        self, sources: Sequence[int], keep: Collection[int]
    ) -> Iterator[tuple[list[int], dict[int, int]]]:
        """For groups of ``sources``: ``(group, {node: bits})`` where, for each node of
        ``keep``, bit k is set when the node is an ancestor of (or is) ``group[k]``
        over authenticated edges.  Groups of at most :data:`GROUP` sources, so the
        kept bitsets stay small whatever the number of sources."""
        ordered = sorted(set(sources), key=lambda i: self.pos[i])
        for start in range(0, len(ordered), GROUP):
            group = ordered[start : start + GROUP]
            bit = {s: 1 << k for k, s in enumerate(group)}
            yield group, dict(self._sweep_up(bit, keep))

    def _sweep_up(self, bit: dict[int, int], wanted: Collection[int]) -> Iterator[tuple[int, int]]:
        """Reverse topological pass: each node's bitset of the ``bit`` sources it
        reaches (is an ancestor of); yields (node, bits) for the wanted nodes."""
        order = self.topo_order()[0]
        want = wanted if isinstance(wanted, (set, frozenset, dict)) else set(wanted)
        carry: dict[int, int] = {}
        for i in reversed(order):
            bits = bit.get(i, 0)
            c = carry.pop(i, None)
            if c is not None:
                bits |= c
            if i in want:
                yield i, bits
            if bits:
                for p in self._auth_parents(i):
                    carry[p] = carry.get(p, 0) | bits

    def _sweep_down(self, bit: dict[int, int], wanted: Collection[int]) -> Iterator[tuple[int, int]]:
        """Topological pass: each node's bitset of the ``bit`` targets that are its
        ancestors (or itself); yields (node, bits) for the wanted nodes."""
        order = self.topo_order()[0]
        want = wanted if isinstance(wanted, (set, frozenset, dict)) else set(wanted)
        pending = [0] * len(self.ids)  # authenticated children not yet processed
        for i in order:
            for p in self._auth_parents(i):
                pending[p] += 1
        carry: dict[int, int] = {}
        for i in order:
            bits = bit.get(i, 0)
            for p in self._auth_parents(i):
                pb = carry.get(p)
                if pb:
                    bits |= pb
                pending[p] -= 1
                if pending[p] == 0:
                    carry.pop(p, None)
            if i in want:
                yield i, bits
            if bits and pending[i]:
                carry[i] = bits


MAX_CHAINS = 2048  # more first-parent chains than this: the batched sweeps answer instead
MAX_ENTRIES = 4_000_000  # a bound on the index's memory (entries of the inherited maps)


@dataclass
class ReachIndex:
    """Exact "is a an ancestor of b" in O(1), over authenticated edges.

    The nodes are split, in topological order, into first-parent chains: a node
    continues the chain of its first authenticated parent when it is that chain's
    tail, else it starts a chain of its own.  Within a chain every node is an
    ancestor of the later ones.  Each node then knows, for every *other* chain, the
    last index of that chain among its ancestors (``inherited``): a node on a chain
    shares its parent's map; only a branch or a merge makes a new one.  So
    ``a ∈ anc(b)`` ⟺ same chain and ``idx(a) ≤ idx(b)``, or ``inherited(b)[chain(a)] ≥
    idx(a)``.  Linear histories cost O(n); each branch or merge costs O(chains).
    """

    chain: list[int]
    idx: list[int]
    inherited: list[dict[int, int]]

    @classmethod
    def build(cls, dag: Dag) -> ReachIndex | None:
        n = len(dag.ids)
        order = dag.topo_order()[0]
        chain = [-1] * n
        idx = [-1] * n
        inherited: list[dict[int, int]] = [{}] * n
        tails: list[int] = []  # chain -> its current last node
        entries = 0
        empty: dict[int, int] = {}
        for v in order:
            parents = dag._auth_parents(v)
            first = parents[0] if parents else -1
            if first >= 0 and tails[chain[first]] == first:
                c = chain[first]
                tails[c] = v
                idx[v] = idx[first] + 1
            else:
                c = len(tails)
                tails.append(v)
                idx[v] = 0
                if c >= MAX_CHAINS:
                    return None
            chain[v] = c
            if len(parents) == 1 and chain[first] == c:
                inherited[v] = inherited[first]  # shared: nothing new is reachable
                continue
            if not parents:
                inherited[v] = empty
                continue
            merged: dict[int, int] = {}
            for p in parents:
                for pc, pi in inherited[p].items():
                    if merged.get(pc, -1) < pi:
                        merged[pc] = pi
                pc = chain[p]
                if merged.get(pc, -1) < idx[p]:
                    merged[pc] = idx[p]
            merged.pop(c, None)
            inherited[v] = merged
            entries += len(merged)
            if entries > MAX_ENTRIES:
                return None
        return cls(chain, idx, inherited)

    def is_ancestor(self, a: int, b: int) -> bool:
        """Is ``a`` an ancestor of ``b``, or ``b`` itself (nodes on cycles: only itself)."""
        if a == b:
            return True
        ca, cb = self.chain[a], self.chain[b]
        if ca < 0 or cb < 0:
            return False
        if ca == cb:
            return self.idx[a] <= self.idx[b]
        return self.inherited[b].get(ca, -1) >= self.idx[a]
