"""``inspector.core.lanes``: the pure lane function (linear history, a branch and its merge,
an unmerged side branch, a missing parent), and the proven region and branch point the
eras pane draws."""

import pytest

from inspector.core.lanes import assign_lanes, branch_point, proven_region
from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.core.verify.report import Status

from ..conftest import ALETHECH


@pytest.fixture(scope="module")
def dark_v2():
    return verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))


def test_linear_history_uses_one_lane():
    rows = ["c3", "c2", "c1"]
    parents = {"c3": ["c2"], "c2": ["c1"], "c1": []}
    out = assign_lanes(rows, parents)
    assert [r.lane for r in out] == [0, 0, 0]
    assert out[0].down == ((0, 0),)
    assert out[2].down == ()
    assert all(r.width == 1 for r in out)


def test_branch_and_merge_take_two_lanes_and_rejoin():
    # m merges a and b, both children of base
    rows = ["m", "b", "a", "base"]
    parents = {"m": ["a", "b"], "a": ["base"], "b": ["base"], "base": []}
    out = assign_lanes(rows, parents)
    m, b, a, base = out
    assert m.lane == 0 and m.is_merge
    assert set(m.down) == {(0, 0), (0, 1)}
    assert b.lane == 1  # second parent got the second lane
    assert a.lane == 0
    assert base.lane == 0
    assert base.is_branch_point  # both lanes converge into base
    assert {t for _, t in base.up} == {0}


def test_unmerged_side_branch_keeps_its_own_lane():
    rows = ["head", "side", "mid", "root"]
    parents = {"head": ["mid"], "side": ["mid"], "mid": ["root"], "root": []}
    out = assign_lanes(rows, parents)
    assert out[0].lane == 0
    assert out[1].lane == 1  # a second tip opens a lane
    assert (0, 0) in out[1].down  # the main line passes by
    assert out[2].lane == 0 and out[2].is_branch_point


def test_missing_parent_draws_no_line():
    out = assign_lanes(["c2", "c1"], {"c2": ["gone"], "c1": []})
    assert out[0].down == ()
    assert out[1].lane == 0


def test_proven_region_follows_authenticated_edges_only():
    report = verify(read_directory(str(ALETHECH / "09_tampered_a_commit_content" / "store")))
    bad = next(c for c, s in report.commits.items() if s is Status.DIGEST_MISMATCH)
    region = proven_region(report, bad)
    assert region == {bad}  # a tampered commit splices nothing into a proven history
    assert proven_region(report, "sha256:not-here") == set()


def test_branch_point_search_is_bounded(dark_v2):
    dark = next(c for c, s in dark_v2.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
    era = dark_v2.era_of(dark)
    region = proven_region(dark_v2, era.cutoff)
    assert branch_point(dark_v2, dark, region) in region
    assert branch_point(dark_v2, dark, set(), budget=3) is None  # gives up, never walks the whole DAG
