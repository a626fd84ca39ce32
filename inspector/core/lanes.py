"""Pure lane assignment for the history graph (unit-tested; computed in the
worker process so the GUI thread only paints).

Rows are commits newest first.  Each row says in which lane its node sits and
which line segments to draw in the upper half (from the row above into this
row) and the lower half (from this row towards the parents' rows).  One pass,
linear in rows × active lanes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .verify.report import Report


@dataclass(frozen=True, slots=True)
class LaneRow:
    lane: int
    up: tuple[tuple[int, int], ...]  # (lane at the top edge, lane at the middle)
    down: tuple[tuple[int, int], ...]  # (lane at the middle, lane at the bottom edge)
    width: int  # lanes in use in this row

    @property
    def is_merge(self) -> bool:
        return sum(1 for a, _ in self.down if a == self.lane) > 1

    @property
    def is_branch_point(self) -> bool:
        return sum(1 for _, b in self.up if b == self.lane) > 1


def assign_lanes(rows: Sequence[str], parents: Mapping[str, Sequence[str]]) -> list[LaneRow]:
    """``rows``: commit ids, children before parents (newest first);
    ``parents``: commit id → parent ids (missing parents are ignored)."""
    present = set(rows)
    slots: list[str | None] = []
    out: list[LaneRow] = []
    for cid in rows:
        hits = [i for i, s in enumerate(slots) if s == cid]
        if hits:
            lane = hits[0]
        else:
            lane = slots.index(None) if None in slots else len(slots)
            if lane == len(slots):
                slots.append(None)
        up = tuple((i, lane if s == cid else i) for i, s in enumerate(slots) if s is not None)
        for i in hits:
            slots[i] = None
        ps = [p for p in parents.get(cid, ()) if p in present]
        down: list[tuple[int, int]] = []
        fresh: set[int] = set()
        for k, p in enumerate(ps):
            if k == 0:
                # the first parent continues this lane, even when another lane
                # already waits for it (the lanes converge at the parent's row)
                target = lane
                slots[lane] = p
            elif p in slots:
                target = slots.index(p)
            else:
                target = slots.index(None) if None in slots else len(slots)
                if target == len(slots):
                    slots.append(None)
                slots[target] = p
            fresh.add(target)
            down.append((lane, target))
        down.extend((i, i) for i, s in enumerate(slots) if s is not None and i not in fresh)
        while slots and slots[-1] is None:
            slots.pop()
        width = max([lane + 1] + [max(a, b) + 1 for a, b in up + tuple(down)])
        out.append(LaneRow(lane, up, tuple(down), width))
    return out


def lanes_for(report: Report) -> list[LaneRow]:
    """Lanes of a report's commits, newest first (the history's row order)."""
    rows = list(reversed(report.order))
    objs = report.objects
    parents = {
        cid: (objs[cid].parents if cid in objs and objs[cid].malformed is None else []) for cid in rows
    }
    return assign_lanes(rows, parents)


_UNAUTHENTICATED = ("MALFORMED", "DIGEST_MISMATCH", "INVALID_SIGNATURE")


def proven_region(report: Report, cutoff: str | None) -> set[str]:
    """The ancestry of ``cutoff`` (inclusive) along authenticated edges only, as the
    verifier counts it (SPEC B3): the parents of a commit whose own status is
    MALFORMED, DIGEST_MISMATCH or INVALID_SIGNATURE are not followed.  Empty when
    ``cutoff`` is not a commit of the report.  Linear in the region's size."""
    if not cutoff or cutoff not in report.commits:
        return set()
    objs = report.objects
    seen = {cutoff}
    stack = [cutoff]
    while stack:
        cid = stack.pop()
        if str(report.commits.get(cid, "MALFORMED")) in _UNAUTHENTICATED:
            continue
        obj = objs.get(cid)
        if obj is None or obj.malformed is not None:
            continue
        parents = obj.parents
        if type(parents) is not list:
            continue
        for p in parents:
            if type(p) is str and p in report.commits and p not in seen:
                seen.add(p)
                stack.append(p)
    return seen


def branch_point(report: Report, commit: str, region: set[str], budget: int = 20_000) -> str | None:
    """The nearest ancestor of ``commit`` inside ``region`` (where its branch left the
    proven history), by breadth-first search over parents; None when none is, or when
    ``budget`` commits were visited without finding one (a display never waits on it)."""
    from collections import deque

    objs = report.objects
    seen = {commit}
    queue = deque([commit])
    while queue and len(seen) <= budget:
        cid = queue.popleft()
        obj = objs.get(cid)
        if obj is None or obj.malformed is not None or type(obj.parents) is not list:
            continue
        for p in obj.parents:
            if type(p) is not str or p in seen:
                continue
            if p in region:
                return p
            seen.add(p)
            queue.append(p)
    return None
