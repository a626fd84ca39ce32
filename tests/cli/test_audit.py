"""``aleth-inspector audit``: the command line over the fleet core (in-process where a
subprocess is not the point; real subprocesses for Ctrl-C and closed pipes)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from inspector.cli.main import main

from ..conftest import ALETHECH
from ..core.fleet.conftest import StalledSecret, comparable
from ..core.fleet.schema import assert_valid

ROOT = Path(__file__).resolve().parents[2]
PASSPHRASE = "basalt-żółw-yarrow-6077"  # 01_basic's; 11_container_v2_wrong_passphrase presents it + "!"


def make_small(tmp_path):
    root = tmp_path / "fleet"
    shutil.copytree(ALETHECH / "01_basic" / "store", root / "stores" / "basic")
    shutil.copytree(ALETHECH / "09_tampered_a_commit_content" / "store", root / "stores" / "tampered")
    (root / "sealed").mkdir()
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", root / "sealed" / "ok.aleth")
    shutil.copyfile(
        ALETHECH / "11_container_v2_wrong_passphrase" / "memory.aleth", root / "sealed" / "wrong.aleth"
    )
    shutil.copyfile(ALETHECH / "02_evidence" / "memory.aleth", root / "sealed" / "norule.aleth")
    creds = tmp_path / "creds"
    creds.mkdir()
    (creds / "ok.pass").write_text(PASSPHRASE + "\n", encoding="utf-8")
    (creds / "wrong.pass").write_text(PASSPHRASE + "!\n", encoding="utf-8")
    (creds / "rules.toml").write_text(
        '[[file]]\nmatch = "sealed/ok.aleth"\npassphrase_file = "ok.pass"\n'
        '[[file]]\nmatch = "sealed/wrong.aleth"\npassphrase_file = "wrong.pass"\n',
        encoding="utf-8",
    )
    return root, creds / "rules.toml"


@pytest.fixture
def small(tmp_path):
    """Two stores (pass, fail); sealed: one with its passphrase, one with a wrong one, one without
    rule.  A copy of its own, for the tests that change the files."""
    return make_small(tmp_path)


@pytest.fixture(scope="module")
def fleet5(tmp_path_factory):
    """The same five files, shared by the tests that only read them."""
    return make_small(tmp_path_factory.mktemp("fleet5"))


def run(capsys, *argv):
    code = main(["audit", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_reports_are_what_verify_gives_each_file_alone(fleet5, capsys, tmp_path):
    root, rules = fleet5
    code, out, err = run(capsys, root, "--credentials", rules, "--format", "json", "--jobs", "2")
    assert code == 1  # a file failed
    doc = json.loads(out)
    assert_valid(doc)
    assert doc["exit_code"] == 1 and doc["verdict"] == "fail"
    assert doc["totals"]["files"] == 5 and doc["totals"]["pass"] == 2
    by_path = {f["path"].split("/fleet/")[1]: f for f in doc["files"]}
    assert [f["path"] for f in doc["files"]] == sorted(f["path"] for f in doc["files"])
    alone = {
        "stores/basic": [],
        "stores/tampered": [],
        "sealed/ok.aleth": ["--passphrase-file", rules.parent / "ok.pass"],
        "sealed/wrong.aleth": ["--passphrase-file", rules.parent / "wrong.pass"],
    }
    for rel, extra in alone.items():
        assert main(["verify", str(root / rel), "--json", *map(str, extra)]) in (0, 1, 2)
        verify_out = capsys.readouterr().out
        assert comparable(by_path[rel]["report"]) == comparable(json.loads(verify_out)), rel
    assert by_path["sealed/norule.aleth"]["report"]["findings"][0]["code"] == "no_credential"
    assert by_path["sealed/wrong.aleth"]["report"]["findings"][0]["code"] == "wrong_passphrase"
    assert PASSPHRASE not in out + err  # neither the right nor the wrong one


def test_text_summary_is_worst_first_with_reasons_and_totals(fleet5, capsys):
    root, rules = fleet5
    code, out, err = run(capsys, root, "--credentials", rules, "--jobs", "1", "--progress", "off")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["FILE", "VERDICT", "ERRORS"]
    verdicts = [ln.split()[1] for ln in lines[1:6]]
    assert verdicts == ["FAIL", "UNOPENABLE", "UNOPENABLE", "PASS", "PASS"]
    assert "digest_mismatch" in out and "wrong_passphrase" in out and "no_credential" in out
    assert "5 files: 2 pass, 1 fail, 2 unopenable" in out
    assert all(len(ln) <= 100 for ln in lines)
    assert PASSPHRASE not in out + err and err == ""


def test_exit_code_two_when_a_file_is_unopenable_and_none_fails(small, capsys):
    root, rules = small
    shutil.rmtree(root / "stores" / "tampered")
    assert run(capsys, root, "--credentials", rules, "--jobs", "1")[0] == 2
    (root / "sealed" / "wrong.aleth").unlink()
    (root / "sealed" / "norule.aleth").unlink()
    assert run(capsys, root, "--credentials", rules, "--jobs", "1")[0] == 0


@pytest.mark.parametrize(
    "argv,code_name",
    [
        (["{missing}"], "not_found"),
        (["{empty}"], "nothing_to_audit"),
        (["{root}", "--jobs", "0"], "usage"),
        (["{root}", "--file-timeout", "0"], "usage"),
        (["{root}", "--scheduler", "tcp://127.0.0.1:1", "--send-secrets"], "insecure_scheduler"),
        (["{root}", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"], "usage"),
        (["{root}", "--credentials", "{missing}"], "credentials_invalid"),
        (["{root}", "--since", "{rules}"], "previous_audit_invalid"),
    ],
)
def test_usage_errors_audit_nothing_and_still_give_one_json_object(fleet5, capsys, tmp_path, argv, code_name):
    root, rules = fleet5
    (tmp_path / "empty").mkdir()
    names = {"root": root, "rules": rules, "missing": tmp_path / "missing", "empty": tmp_path / "empty"}
    code, out, err = run(capsys, *[a.format(**names) for a in argv], "--format", "json")
    assert code == 3
    doc = json.loads(out)
    assert_valid(doc)
    assert doc["error"]["code"] == code_name and doc["files"] == [] and doc["exit_code"] == 3
    code, out, err = run(capsys, *[a.format(**names) for a in argv])
    assert code == 3 and out == "" and code_name in err


def test_output_file_is_private_and_stdout_stays_empty(fleet5, capsys, tmp_path):
    root, rules = fleet5
    target = tmp_path / "audit.json"
    code, out, err = run(
        capsys, root, "--credentials", rules, "--format", "json", "--output", target, "--jobs", "1"
    )
    assert code == 1 and out == ""
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert_valid(json.loads(target.read_text(encoding="utf-8")))
    code, out, err = run(capsys, root, "--output", tmp_path / "no" / "dir.txt", "--jobs", "1")
    assert code == 3 and "does not exist" in err


def test_progress_json_lines_on_stderr(fleet5, capsys):
    root, rules = fleet5
    code, _, err = run(capsys, root, "--credentials", rules, "--progress", "json", "--jobs", "1")
    assert code == 1
    events = [json.loads(ln) for ln in err.splitlines()]
    assert [e["done"] for e in events] == [1, 2, 3, 4, 5]
    assert {e["total"] for e in events} == {5} and events[-1]["failed"] == 3
    # the same lines as `verify --progress json` (type, phase, done, total, elapsed_s), plus the fleet's
    assert all(e["type"] == "progress" and e["phase"] == "files" and e["rate"] >= 0 for e in events)
    assert all(e["elapsed_s"] >= 0 for e in events) and events[-1]["path"].startswith(str(root))


def test_audit_and_verify_take_the_same_progress_values():
    from inspector.cli.main import _subparsers as subparsers
    from inspector.cli.main import build_parser

    def choices(command: str) -> tuple:
        action = next(a for a in subparsers(build_parser())[command]._actions if a.dest == "progress")
        return tuple(action.choices), action.default

    assert choices("audit") == choices("verify") == (("auto", "off", "json"), "auto")


def test_since_catches_a_rolled_back_copy(small, capsys, tmp_path):
    root, _ = small
    from inspector.core.keys import KeyPair
    from inspector.core.store import read_directory
    from inspector.core.write.builder import StoreWriter
    from inspector.core.write.directory import write_directory

    store = root / "stores" / "grown"
    w = StoreWriter.create(root=KeyPair.generate())
    older = w.store.copy()
    w.commit({"note": "learned later"})
    write_directory(w.store, store)
    first = tmp_path / "first.json"
    assert run(capsys, store, "--format", "json", "--output", first)[0] == 0
    shutil.rmtree(store)
    write_directory(older, store)  # the older copy is put back
    assert read_directory(store).head != w.store.head
    code, out, _ = run(capsys, store, "--since", first, "--jobs", "1")
    assert code == 1
    flat = " ".join(out.split())  # lines wrap at the width
    assert "rollback_since_last_audit" in flat and "rolled back since the last audit" in flat
    code, out, _ = run(capsys, store, "--since", first, "--format", "json")
    assert code == 1
    doc = json.loads(out)
    assert_valid(doc)
    assert doc["since"]["rolled_back"] == [str(store)]
    assert doc["files"][0]["since"]["status"] == "rolled_back"


def test_a_bug_in_the_coordinator_is_exit_five_without_traceback(fleet5, capsys, monkeypatch):
    import inspector.core.fleet.audit as A

    def boom(*a, **k):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(A, "run_audit", boom)
    root, _ = fleet5
    code, out, err = run(capsys, root, "--format", "json")
    assert code == 5
    doc = json.loads(out)
    assert doc["error"]["code"] == "internal_error" and "RuntimeError" in doc["error"]["details"]
    assert "Traceback" not in out + err


def _cli(*argv, **kw):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "inspector", "audit", *map(str, argv)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        **kw,
    )


def test_ctrl_c_stops_the_workers_and_exits_130(tmp_path):
    import psutil

    folder = tmp_path / "f"
    folder.mkdir()
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", folder / "a.aleth")
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", folder / "stuck.aleth")
    (tmp_path / "p").write_text(PASSPHRASE)
    secret = StalledSecret(tmp_path / "stuck.pass")  # a file whose secret never finishes arriving
    (tmp_path / "r.toml").write_text(
        '[[file]]\nmatch = "stuck.aleth"\npassphrase_file = "stuck.pass"\n\n'
        '[[file]]\nmatch = "*.aleth"\npassphrase_file = "p"\n'
    )
    proc = _cli(
        folder / "a.aleth",
        folder / "stuck.aleth",
        "--credentials",
        tmp_path / "r.toml",
        "--jobs",
        "2",
        "--format",
        "json",
        start_new_session=True,
    )
    try:
        parent = psutil.Process(proc.pid)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(parent.children()) < 2:
            time.sleep(0.1)
        workers = [c for c in parent.children() if "spawn_main" in " ".join(c.cmdline())]
        assert workers, "no worker processes"
        time.sleep(1.0)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal does on Ctrl-C
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        secret.close()
    assert proc.returncode == 130, err
    doc = json.loads(out)
    assert doc["interrupted"] and doc["verdict"] == "interrupted"
    assert any(p.endswith("stuck.aleth") for p in doc["not_audited"])
    assert b"Traceback" not in err
    time.sleep(0.5)
    assert not [w for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]


def test_a_closed_pipe_keeps_the_exit_code(small):
    root, rules = small
    for i in range(12):  # enough output to overflow the pipe's buffer after `head` has gone
        shutil.copytree(ALETHECH / "01_basic" / "store", root / "more" / f"s{i}")
    shell = (
        f"{sys.executable} -m inspector audit {root} --credentials {rules} --jobs 1 --format json | head -1"
    )
    res = subprocess.run(
        ["bash", "-c", "set -o pipefail; " + shell],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=120,
    )
    assert res.stdout.strip() == "{"
    assert res.returncode == 1 and res.stderr == ""


def test_summary_detail_keeps_verdicts_and_findings_without_per_commit_maps(fleet5, capsys):
    root, rules = fleet5
    _, full, _ = run(capsys, root, "--credentials", rules, "--format", "json", "--jobs", "1")
    code, out, _ = run(
        capsys, root, "--credentials", rules, "--format", "json", "--jobs", "1", "--detail", "summary"
    )
    assert code == 1
    doc, ref = json.loads(out), json.loads(full)
    assert_valid(doc)
    assert doc["options"]["detail"] == "summary"
    for a, b in zip(doc["files"], ref["files"], strict=True):
        assert a["report"]["verdict"] == b["report"]["verdict"]
        assert a["report"]["findings"] == b["report"]["findings"]
        assert a["report"]["counts"] == b["report"]["counts"]
        assert a["report"]["commits"] == {} and a["report"]["order"] == []
    assert any(b["report"]["commits"] for b in ref["files"])


def test_a_file_name_that_is_not_utf8_is_escaped_not_fatal(tmp_path, capsys):
    root = tmp_path / "f"
    odd = os.fsdecode(bytes(root) + b"/agent-\xff\xfe")
    shutil.copytree(ALETHECH / "01_basic" / "store", odd)
    code, out, err = run(capsys, root, "--format", "json", "--jobs", "1")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["files"][0]["path"] == odd  # the escape round-trips to the same name
    code, out, err = run(capsys, root, "--jobs", "1")
    assert code == 0 and "agent-" in out and "PASS" in out


# --------------------------------------------------------------------------- formats (issue 14)

SARIF_SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def fleet5_files(fleet5) -> dict[str, dict]:
    """``audit --format json`` of the five files, by path: what every other format must say too."""
    import contextlib
    import io

    root, rules = fleet5
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["audit", str(root), "--credentials", str(rules), "--format", "json", "--jobs", "1"]) == 1
    return {f["path"]: f for f in json.loads(out.getvalue())["files"]}


def test_sarif_has_one_artifact_per_file_and_is_valid(fleet5, fleet5_files, capsys):
    import jsonschema

    root, rules = fleet5
    files = fleet5_files
    code, out, err = run(capsys, root, "--credentials", rules, "--format", "sarif", "--jobs", "1")
    assert code == 1 and err == ""
    doc = json.loads(out)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(doc)
    (sarif_run,) = doc["runs"]
    artifacts = sarif_run["artifacts"]
    assert len(artifacts) == len(files) == 5
    uris = [a["location"]["uri"] for a in artifacts]
    assert len(set(uris)) == 5 and all(u.startswith("file://") for u in uris)
    by_uri = {a["location"]["uri"]: a for a in artifacts}
    for path, f in files.items():
        uri = "file://" + path
        assert by_uri[uri]["properties"]["verdict"] == f["report"]["verdict"], path
        results = [
            r
            for r in sarif_run["results"]
            if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == uri
        ]
        assert sorted(r["ruleId"] for r in results) == sorted(x["code"] for x in f["report"]["findings"]), (
            path
        )
        for r in results:  # each result points at its own file's artifact
            assert (
                artifacts[r["locations"][0]["physicalLocation"]["artifactLocation"]["index"]] is by_uri[uri]
            )
        if f["report"]["input"]["sha256"]:
            assert by_uri[uri]["hashes"] == {"sha-256": f["report"]["input"]["sha256"]}
    rules_ = {r["id"] for r in sarif_run["tool"]["driver"]["rules"]}
    assert {"digest_mismatch", "wrong_passphrase", "no_credential"} <= rules_
    assert sarif_run["tool"]["driver"]["name"] == "aleth-inspector"
    assert PASSPHRASE not in out


def test_junit_has_one_testsuite_per_file(fleet5, fleet5_files, capsys):
    import xml.etree.ElementTree as ET

    root, rules = fleet5
    files = fleet5_files
    code, out, err = run(capsys, root, "--credentials", rules, "--format", "junit", "--jobs", "1")
    assert code == 1 and err == ""
    suites = ET.fromstring(out.split("\n", 1)[1])
    assert suites.tag == "testsuites"
    by_name = {s.get("name"): s for s in suites.findall("testsuite")}
    assert set(by_name) == set(files)
    for path, f in files.items():
        props = {p.get("name"): p.get("value") for p in by_name[path].iter("property")}
        assert props["verdict"] == f["report"]["verdict"], path
        failing = int(by_name[path].get("failures")) + int(by_name[path].get("errors"))
        assert (failing > 0) == (f["report"]["verdict"] != "pass"), path
    assert int(suites.get("tests")) == sum(int(s.get("tests")) for s in by_name.values())
    tampered = next(s for n, s in by_name.items() if n.endswith("stores/tampered"))
    assert any(fl.get("type") == "digest_mismatch" for fl in tampered.iter("failure"))


def test_html_links_the_fleet_table_to_each_files_report(fleet5, fleet5_files, capsys, tmp_path):
    import html.parser

    root, rules = fleet5
    files = fleet5_files
    target = tmp_path / "fleet.html"
    code, out, _ = run(
        capsys, root, "--credentials", rules, "--format", "html", "--output", target, "--jobs", "1"
    )
    assert code == 1 and out == "" and stat.S_IMODE(target.stat().st_mode) == 0o600
    page = target.read_text(encoding="utf-8")

    class Links(html.parser.HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.hrefs: list[str] = []
            self.sections: dict[str, list[str]] = {}  # anchor -> the text of its section
            self.current: str | None = None

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if "href" in a:
                self.hrefs.append(a["href"])
            if "id" in a:
                self.current = a["id"]
                self.sections[self.current] = []

        def handle_data(self, data):
            if self.current:
                self.sections[self.current].append(data)

    p = Links()
    p.feed(page)
    assert len(p.hrefs) == 5 and sorted(h[1:] for h in p.hrefs) == sorted(p.sections)
    texts = {" ".join(t): t for t in p.sections.values()}
    for path, f in files.items():
        # the section the row links to is that file's report: its name, verdict, hash, findings
        (section,) = [t for t in texts if t.startswith(path + ":")]
        assert f["report"]["verdict"].upper() in section.split()[:3]
        if f["report"]["input"]["sha256"]:
            assert f["report"]["input"]["sha256"] in section
        for finding in f["report"]["findings"]:
            assert finding["code"] in section, (path, finding["code"])
    assert page.count("<!DOCTYPE html>") == 1 and "aleth-inspector" in page
