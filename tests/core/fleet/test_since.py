"""``--since``: the previous audit is a read-only baseline; rollback and rewritten history
are errors of the fleet, beside each file's report (which stays exactly verify's)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pytest

from inspector.core.errors import InspectorError
from inspector.core.fleet.audit import run_audit
from inspector.core.fleet.discover import discover
from inspector.core.fleet.history import compare
from inspector.core.fleet.since import load_previous
from inspector.core.keys import KeyPair
from inspector.core.store import Store
from inspector.core.verify.report import Report
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import write_directory


def save(store: Store, path) -> None:
    if path.exists():
        shutil.rmtree(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_directory(store, path)


def audit(paths, previous=None, tmp=None):
    result = run_audit(discover([str(p) for p in paths]), previous=previous)
    if tmp is not None:
        tmp.write_text(json.dumps(result.to_json()))
    return result


@pytest.fixture
def history(tmp_path):
    """States of one agent's store: A (5 commits), B (A + 3), a fork of A (A + 2 others),
    and B with the fork added and HEAD moved onto it; plus a rotated B."""
    w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    for i in range(4):
        w.commit({"n": i})
    a = w.store.copy()
    for i in range(3):
        w.commit({"n": 10 + i})
    b = w.store.copy()
    f = StoreWriter(a.copy(), root=w.root)
    for i in range(2):
        f.commit({"fork": i})
    fork = f.store.copy()
    moved = b.copy()
    for path, data in fork.files.items():
        moved.files.setdefault(path, data)
    moved.files["HEAD"] = fork.files["HEAD"]
    r = StoreWriter(b.copy(), root=w.root)
    r.rotate("key-001", KeyPair.generate(), "key-002")
    r.commit({"after": "rotation"})
    return {"A": a, "B": b, "fork": fork, "moved": moved, "rotated": r.store.copy()}


def baseline(tmp_path, history, state: str):
    target = tmp_path / "fleet" / "agent"
    save(history[state], target)
    prev = tmp_path / f"audit-{state}.json"
    audit([tmp_path / "fleet"], tmp=prev)
    return target, load_previous(prev)


def entry(result):
    (e,) = result.entries
    return e


def since_codes(e) -> set[str]:
    return {f.code for f in e.since.findings}


def test_unchanged_file(tmp_path, history):
    _, prev = baseline(tmp_path, history, "B")
    e = entry(audit([tmp_path / "fleet"], prev))
    assert e.since.status == "unchanged" and not e.since.changed
    assert e.report.verdict == "pass"
    assert e.since.to_json()["new_commits"] == 0


def test_a_grown_file_lists_its_new_commits(tmp_path, history):
    target, prev = baseline(tmp_path, history, "A")
    save(history["B"], target)
    result = audit([tmp_path / "fleet"], prev)
    e = entry(result)
    assert e.report.verdict == "pass"
    assert e.since.status == "grown"
    new = set(history["B"].files) - set(history["A"].files)
    new_ids = {p.split("/", 1)[1][:-5] for p in new if p.startswith("commits/")}
    assert len(new_ids) == 3
    assert set(e.since.new_commit_ids) == new_ids and e.since.new_commits == 3
    # parents before children: the order HEAD's history was written in
    assert e.since.new_commit_ids[-1] == history["B"].head
    assert result.since.changed == [e.target.display] and not result.since.rolled_back


def test_a_rolled_back_copy_is_an_error(tmp_path, history):
    target, prev = baseline(tmp_path, history, "B")
    save(history["A"], target)  # an older copy put back
    result = audit([tmp_path / "fleet"], prev)
    e = entry(result)
    assert e.verdict == "fail" and e.report.verdict == "pass"  # the file alone is fine; the fleet is not
    assert since_codes(e) == {"rollback_since_last_audit"}
    assert "rollback_since_last_audit" not in e.report.codes()  # the report stays verify's
    f = e.since.findings[-1]
    assert history["B"].head in f.message and f.template and "the last audit" in f.message
    assert e.since.status == "rolled_back" and e.since.removed_commits == 3
    assert (e.since.verdict_before, e.since.verdict_after) == ("pass", "pass")
    assert result.since.rolled_back == [e.target.display]
    assert result.exit_code == 1


def test_a_rewritten_branch_is_an_error(tmp_path, history):
    target, prev = baseline(tmp_path, history, "B")
    save(history["fork"], target)  # B's last 3 commits replaced by 2 others
    e = entry(audit([tmp_path / "fleet"], prev))
    assert since_codes(e) == {"history_rewritten_since_last_audit"} and e.verdict == "fail"
    assert e.since.status == "rewritten"
    assert e.since.new_commits == 2 and e.since.removed_commits == 3


def test_head_moved_off_the_audited_history_is_an_error(tmp_path, history):
    target, prev = baseline(tmp_path, history, "B")
    save(history["moved"], target)  # B still there, HEAD on a branch that does not contain it
    e = entry(audit([tmp_path / "fleet"], prev))
    assert "history_rewritten_since_last_audit" in since_codes(e)
    assert "unreachable_commit" in e.report.codes()  # what verify says alone about the branch
    assert e.since.status == "rewritten" and e.since.removed_commits == 0
    msg = next(f.message for f in e.since.findings if f.code == "history_rewritten_since_last_audit")
    assert "not an ancestor" in msg


def test_new_key_eras_may_be_appended(tmp_path, history):
    target, prev = baseline(tmp_path, history, "B")
    save(history["rotated"], target)
    e = entry(audit([tmp_path / "fleet"], prev))
    assert e.report.verdict == "pass"
    assert e.since.status == "grown"
    assert e.since.new_eras == ["key-002"] and e.since.revoked_eras == ["key-001"]


def _rewrite_previous(path, change):
    doc = json.loads(path.read_text())
    change(doc["files"][0]["report"])
    path.write_text(json.dumps(doc))
    return load_previous(path)


def test_a_changed_key_era_is_rewritten_history(tmp_path, history):
    baseline(tmp_path, history, "B")
    prev = _rewrite_previous(
        tmp_path / "audit-B.json",
        lambda r: r["eras"][0].update(public_key="AAAA" + r["eras"][0]["public_key"][4:]),
    )
    e = entry(audit([tmp_path / "fleet"], prev))
    assert since_codes(e) == {"history_rewritten_since_last_audit"}
    assert "public_key" in e.since.findings[-1].message
    # a baseline value of any size is bounded in the message
    prev = _rewrite_previous(tmp_path / "audit-B.json", lambda r: r["eras"][0].update(role="x" * 100_000))
    msg = entry(audit([tmp_path / "fleet"], prev)).since.findings[-1].message
    assert "role" in msg and len(msg) < 400


def test_fewer_eras_or_evidence_than_before_is_a_rollback(tmp_path, history):
    baseline(tmp_path, history, "B")

    def more(r):
        r["counts"]["evidence"] = 4
        r["eras"].append(dict(r["eras"][0], key_id="key-009", public_key="x"))

    e = entry(audit([tmp_path / "fleet"], _rewrite_previous(tmp_path / "audit-B.json", more)))
    assert since_codes(e) == {"rollback_since_last_audit"}
    msgs = " ".join(f.message for f in e.since.findings)
    assert "evidence" in msgs and "key eras" in msgs


def test_added_and_gone_files(tmp_path, history):
    target, prev = baseline(tmp_path, history, "B")
    shutil.rmtree(target)
    save(history["A"], tmp_path / "fleet" / "other")
    result = audit([tmp_path / "fleet"], prev)
    assert result.since.gone == [str(target)]
    assert result.since.added == [str(tmp_path / "fleet" / "other")]
    assert entry(result).since is None  # nothing to compare a new file with
    assert entry(result).verdict == "pass" and result.exit_code == 1  # a file gone fails the audit


def test_a_symlinked_spelling_of_the_root_finds_the_same_files(tmp_path, history):
    """The baseline is matched by identity (the path under the audited folder), not by
    how the folder was spelled."""
    _, prev = baseline(tmp_path, history, "B")
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "fleet")
    result = audit([link], prev)
    assert result.since.added == [] and result.since.gone == [] and result.exit_code == 0
    assert entry(result).since.status == "unchanged"


def test_a_file_unopenable_now_or_then_is_not_compared(tmp_path, history):
    target, prev = baseline(tmp_path, history, "B")
    record = prev.records[str(target)]
    now = Report.unopenable("bad_magic", "not a container")
    change = compare(now, record)
    assert now.codes() == {"bad_magic"} and now.verdict == "unopenable"
    assert change.status == "not_checked" and change.changed  # the verdict changed
    assert (change.verdict_before, change.verdict_after) == ("pass", "unopenable")
    then = replace(record, verdict="unopenable")
    grown = audit([tmp_path / "fleet"]).entries[0].report
    assert compare(grown, then).status == "not_checked"


@pytest.mark.parametrize(
    "content,fragment",
    [
        (b"not json", "not strict JSON"),
        (b'{"schema": "aleth-inspector/report/1"}', "not a fleet audit"),
        (b"[]", "not a fleet audit"),
        (b'{"schema": "aleth-inspector/audit/1", "files": 3}', "'files' is not a list"),
        (b'{"schema": "aleth-inspector/audit/1", "files": [7]}', "files[0] is not an object"),
        (
            b'{"schema": "aleth-inspector/audit/1", "files": [{"location": "x", "report": {"verdict": "pass",'
            b' "head": null, "commits": {}, "counts": {"commits": -1}, "eras": []}}]}',
            "not a count",
        ),
        (
            b'{"schema": "aleth-inspector/audit/1", "files": [{"location": "x", "report": {"verdict": "pass",'
            b' "head": 3, "commits": {}, "counts": {}, "eras": []}}]}',
            "head is not a string",
        ),
    ],
)
def test_a_damaged_baseline_stops_the_run(tmp_path, content, fragment):
    p = tmp_path / "prev.json"
    p.write_bytes(content)
    with pytest.raises(InspectorError) as err:
        load_previous(p)
    assert err.value.code == "previous_audit_invalid" and fragment in err.value.message


def test_a_summary_baseline_still_catches_rollback_and_rewrite(tmp_path, history):
    from inspector.core.fleet.audit import AuditOptions

    target = tmp_path / "fleet" / "agent"
    save(history["A"], target)
    prev_file = tmp_path / "summary.json"
    first = run_audit(discover([str(tmp_path / "fleet")]), options=AuditOptions(detail="summary"))
    prev_file.write_text(json.dumps(first.to_json()))
    prev = load_previous(prev_file)
    assert prev.records[str(target)].commits is None  # the summary kept no commit ids
    save(history["B"], target)
    e = entry(audit([tmp_path / "fleet"], prev))
    assert e.since.status == "grown" and e.since.new_commits == 3 and e.report.verdict == "pass"
    # B as the baseline, then the older copy and a moved HEAD
    first = run_audit(discover([str(tmp_path / "fleet")]), options=AuditOptions(detail="summary"))
    prev_file.write_text(json.dumps(first.to_json()))
    prev = load_previous(prev_file)
    save(history["A"], target)
    assert since_codes(entry(audit([tmp_path / "fleet"], prev))) == {"rollback_since_last_audit"}
    save(history["moved"], target)
    assert "history_rewritten_since_last_audit" in since_codes(entry(audit([tmp_path / "fleet"], prev)))
