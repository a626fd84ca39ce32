"""Pure lane assignment for the history graph (unit-tested; computed in the
worker process so the GUI thread only paints).

Rows are commits newest first.  Each row says in which lane its node sits and
which line segments to draw in the upper half (from the row above into this
row) and the lower half (from this row towards the parents' rows).  One pass,
linear in rows × active lanes.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def assign_lanes(rows: Sequence[str], parents: dict[str, Sequence[str]]) -> list[LaneRow]:
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
