"""``inspector.core.jobs`` (Qt-free): what the GUI's worker process runs.  A job
talks only through ``send``: progress (throttled), the report in pieces small enough
to unpickle quickly, then a result or exactly one error; a bug is a last-resort
report and an error with the traceback, never a silent end."""

from __future__ import annotations

import pickle

import pytest

from inspector.core import jobs as J
from inspector.core.verify.report import Report

from ..conftest import ALETHECH


def collect(name: str, **kwargs) -> list[tuple]:  # type: ignore[no-untyped-def]
    """Run job ``name`` as the worker does; every message goes through pickle, as on the pipe."""
    sent: list[tuple] = []
    J.run_job(lambda m: sent.append(pickle.loads(pickle.dumps(m))), name, kwargs)
    return sent


def reassemble(messages: list[tuple]) -> Report:
    reports = [m[2] for m in messages if m[:2] == ("batch", "report")]
    assert len(reports) == 1, [m[:2] for m in messages]
    report = reports[0]
    for m in messages:
        if m[:2] == ("batch", "part"):
            J.receive_part(report, *m[2])
    return report


def test_open_verify_ships_the_report_in_pieces_and_ends_with_the_result(monkeypatch):
    from inspector.core.opener import open_and_verify

    monkeypatch.setattr(J, "OBJECT_BATCH", 5)  # the fixture's maps take several pieces each
    path = str(ALETHECH / "05_dark_v2" / "store")
    messages = collect("open_verify", path=path, credential=None)
    kinds = [m[0] for m in messages]
    assert kinds[0] == "progress" and messages[-1] == ("result", {"path": path})
    assert "error" not in kinds
    parts = [m[2] for m in messages if m[:2] == ("batch", "part")]
    assert all(len(piece) <= 5 for _, piece in parts)
    assert len([name for name, _ in parts if name == "commits"]) >= 2
    report = reassemble(messages)
    alone = open_and_verify(path)
    assert report.verdict == alone.verdict == "fail"
    assert report.commits == alone.commits and report.order == alone.order
    assert [f.code for f in report.findings] == [f.code for f in alone.findings]
    assert report.input["path"] == path and report.container["format"] == "directory"
    assert set(report.objects) == set(alone.objects)
    # the History pane's lanes travel beside the report (GUI state), one per commit
    (lanes,) = [m[2] for m in messages if m[:2] == ("batch", "lanes")]
    assert len(lanes) == len(report.order) and not hasattr(report, "lanes")
    assert all(o.sign_bytes == b"" for o in report.objects.values())  # recomputed by the GUI on demand


def test_send_report_leaves_the_senders_report_whole():
    from inspector.core.opener import open_and_verify

    report = open_and_verify(ALETHECH / "03_rotation_eras" / "store")
    before = report.to_json()
    sent: list[tuple] = []
    J.send_report(lambda m: sent.append(pickle.loads(pickle.dumps(m))), report)  # pickled when sent
    assert report.to_json() == before and report.objects
    first = sent[0][2]
    assert first.commits == {} and first.findings == [] and first.verdict == report.verdict


def test_an_unopenable_path_is_a_report_and_one_error(tmp_path):
    messages = collect("open_verify", path=str(tmp_path / "missing"), credential=None)
    report = reassemble(messages)
    errors = [m for m in messages if m[0] == "error"]
    assert len(errors) == 1 and messages[-1] == errors[0]
    assert report.verdict == "unopenable" and report.findings[0].code == errors[0][1]
    assert not any(m[0] == "result" for m in messages)


def test_a_bug_is_a_last_resort_report_and_an_error_with_the_traceback(monkeypatch):
    def broken(send, **kwargs):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("simulated bug")

    monkeypatch.setitem(J.JOBS, "open_verify", broken)
    messages = collect("open_verify", path="x.aleth", credential=None)
    report = reassemble(messages)
    assert report.verdict == "error" and report.findings[0].code == "internal_error"
    (error,) = [m for m in messages if m[0] == "error"]
    assert error[1] == "internal_error" and "ZeroDivisionError" in error[3] and "Traceback" in error[3]


def test_an_unknown_job_is_an_error_not_a_crash():
    (error,) = collect("no_such_job")
    assert error[0] == "error" and error[1] == "internal_error"


@pytest.mark.parametrize("name", sorted(J.JOBS))
def test_every_job_is_registered_by_a_callable(name):
    assert callable(J.JOBS[name])


def test_open_verify_with_a_fleet_job_judges_as_the_fleet_and_returns_its_credential(tmp_path):
    """A row of the fleet window: the rule's checkpoint applies (this store passes without
    it) and the rule's credential is resolved here and handed back."""
    import json
    import shutil

    from inspector.core.fleet.audit import plan
    from inspector.core.fleet.credentials import load_rules
    from inspector.core.fleet.discover import discover

    case = ALETHECH / "10_checkpoint_after_rotation"
    shutil.copytree(case / "store", tmp_path / "rotated")
    shutil.copyfile(case / "checkpoint.json", tmp_path / "cp.json")
    shutil.copyfile(ALETHECH / "03_rotation_eras" / "memory.aleth", tmp_path / "eras.aleth")
    code = json.loads((ALETHECH / "03_rotation_eras" / "case.json").read_text())["recovery_code"]
    (tmp_path / "eras.code").write_text(code)
    rules = tmp_path / "rules.toml"
    rules.write_text(
        '[[file]]\nmatch = "rotated"\ncheckpoint = "cp.json"\n\n'
        '[[file]]\nmatch = "eras.aleth"\nrecovery_code_file = "eras.code"\n'
    )
    jobs = {
        j.display.rsplit("/", 1)[-1]: j
        for j in plan(discover([str(tmp_path)]).targets, load_rules(str(rules)))
    }
    rotated = jobs["rotated"]
    messages = collect("open_verify", path=rotated.location, credential=None, fleet_job=rotated)
    assert reassemble(messages).codes() >= {"checkpoint_signature_invalid"}
    assert messages[-1] == ("result", {"path": rotated.location, "credential": None})
    plain = collect("open_verify", path=rotated.location, credential=None)
    assert reassemble(plain).verdict == "pass"  # the same bytes without the fleet's checkpoint
    eras = jobs["eras.aleth"]
    messages = collect("open_verify", path=eras.location, credential=None, fleet_job=eras)
    assert reassemble(messages).verdict == "pass"
    assert messages[-1][1]["credential"].recovery_code == code
