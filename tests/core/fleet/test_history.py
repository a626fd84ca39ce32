"""The rule ``--since`` and the ledger share, as properties over generated histories: a
history may only be appended to.  Any state of a file compared with an earlier state is
growth (no finding); with a later state, a rollback; with a history that does not contain
the baseline's HEAD, an alarm — whether the baseline kept every commit id (a full
``--since`` audit) or only its milestones (the ledger's mark)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.core.fleet.history import TRAIL_EXACT, compare, reading_of
from inspector.core.verify.report import Report, Status, Verdict


@dataclass
class FakeCommit:
    parents: list[str]
    kind: str = "commit"
    malformed: None = None
    stored_id: str = ""
    fields: dict = field(default_factory=dict)

    def get(self, name, default=None):  # type: ignore[no-untyped-def]
        return self.fields.get(name, default)


def state(dag: dict[str, list[str]], head: str) -> Report:
    """The report of a file whose history is ``head``'s ancestry in ``dag``."""
    keep: set[str] = set()
    stack = [head]
    while stack:
        c = stack.pop()
        if c not in keep:
            keep.add(c)
            stack.extend(dag[c])
    order = [c for c in dag if c in keep]  # dag is built parents first
    r = Report(verdict=Verdict.PASS, head=head)
    r.commits = dict.fromkeys(order, Status.VALID)
    r.order = order
    r.objects = {c: FakeCommit(list(dag[c]), stored_id=c) for c in order}
    r.counts = {"commits": len(order), "evidence": 0}
    return r


@st.composite
def histories(draw):  # type: ignore[no-untyped-def]
    """A main line of commits (each the first parent of the next) with merges of side
    commits, as an agent's file grows; the main line's states are the file's past copies."""
    n = draw(st.integers(min_value=2, max_value=40))
    dag: dict[str, list[str]] = {"c0": []}
    main = ["c0"]
    side = 0
    for i in range(1, n):
        parents = [main[-1]]
        if draw(st.booleans()) and draw(st.booleans()):  # a merge of a side commit off an older one
            base = draw(st.sampled_from(main))
            sid = f"s{side}"
            side += 1
            dag[sid] = [base]
            parents.append(sid)
        cid = f"c{i}"
        dag[cid] = parents
        main.append(cid)
    return dag, main


def marks(report: Report):  # type: ignore[no-untyped-def]
    """The baseline as the ledger keeps it (milestones) and as a full audit does (every id)."""
    m = reading_of(report)
    assert m is not None
    return m, replace(m, commits=frozenset(report.commits))


@settings(max_examples=150, deadline=None)
@given(histories(), st.data())
def test_a_later_copy_is_growth_and_an_earlier_one_a_rollback(h, data):
    dag, main = h
    a = data.draw(st.integers(min_value=0, max_value=len(main) - 1), label="baseline")
    b = data.draw(st.integers(min_value=0, max_value=len(main) - 1), label="tonight")
    baseline, tonight = state(dag, main[a]), state(dag, main[b])
    for mark in marks(baseline):
        change = compare(tonight, mark, "ledger")
        if b >= a:
            assert change.status == ("unchanged" if a == b else "grown") and not change.findings
            assert change.new_commits == len(tonight.commits) - len(baseline.commits)
        else:
            assert change.status == "rolled_back", (a, b, [f.message for f in change.findings])
            assert {f.code for f in change.findings} == {"ledger_rollback"}


@settings(max_examples=150, deadline=None)
@given(histories(), st.data())
def test_a_history_that_does_not_hold_the_baseline_is_an_alarm(h, data):
    dag, main = h
    a = data.draw(st.integers(min_value=1, max_value=len(main) - 1), label="baseline")
    j = data.draw(st.integers(min_value=0, max_value=a - 1), label="fork point")
    k = data.draw(st.integers(min_value=1, max_value=6), label="new commits")
    fork = dict(dag)
    prev = main[j]
    for i in range(k):
        fork[f"f{i}"] = [prev]
        prev = f"f{i}"
    tonight = state(fork, prev)
    for mark in marks(state(dag, main[a])):
        change = compare(tonight, mark, "ledger")
        assert change.alarming and change.findings, (a, j, k)
        assert change.status in ("rolled_back", "rewritten")
        if mark.commits is not None:  # every id known: a fork is always told from a rollback
            assert change.status == "rewritten" and change.new_commits == k
        elif a - j <= TRAIL_EXACT:  # the milestones are exact near HEAD
            assert change.status == "rewritten"


@settings(max_examples=60, deadline=None)
@given(histories())
def test_another_memory_is_replaced(h):
    dag, main = h
    other = {f"o{i}": ([f"o{i - 1}"] if i else []) for i in range(3)}
    change = compare(state(other, "o2"), reading_of(state(dag, main[-1])), "ledger")
    assert change.status == "replaced" and {f.code for f in change.findings} == {"ledger_replaced"}


def test_a_mark_survives_its_json():
    from inspector.core.fleet.history import Mark

    dag = {"c0": [], "c1": ["c0"], "s0": ["c0"], "c2": ["c1", "s0"]}
    m = reading_of(state(dag, "c2"))
    assert m is not None and Mark.from_json(m.to_json()) == m
    assert m.trail == ((0, "c2", 4), (1, "c1", 2), (2, "c0", 1))
