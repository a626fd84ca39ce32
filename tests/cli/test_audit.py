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
from pathlib import Path

import pytest

from inspector.cli.main import main

from ..conftest import ALETHECH
from ..core.fleet.conftest import comparable, wait_for
from ..core.fleet.gate import Gates
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
    assert lines[0] == f"Files under {root}/:"
    lines = lines[1:]
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


GATED_CLI = (
    "import sys\n"
    "from tests.core.fleet.gate import install\n"
    "install()\n"
    "from inspector.cli.main import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def _cli(*argv, gates=None, **kw):
    """The audit in a process of its own; with ``gates``, its workers stop at the gates."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if gates is not None:
        env["ALETH_TEST_GATES"] = str(gates.folder)
        cmd = [sys.executable, "-c", GATED_CLI, "audit", *map(str, argv)]
    else:
        cmd = [sys.executable, "-m", "inspector", "audit", *map(str, argv)]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT, **kw)


@pytest.fixture
def gate_dir(tmp_path):
    """Gates for the audit processes these tests start (they are given the folder)."""
    return Gates(tmp_path / "gates")


def _stopped_fleet(tmp_path, gate: str):
    folder = tmp_path / "f"
    folder.mkdir()
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", folder / "a.aleth")
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", folder / gate)  # a file its worker holds
    (tmp_path / "p").write_text(PASSPHRASE)
    (tmp_path / "r.toml").write_text('[[file]]\nmatch = "*.aleth"\npassphrase_file = "p"\n')
    return folder, tmp_path / "r.toml"


def _progress_line(proc) -> dict:
    """The next ``--progress json`` line of ``proc`` (waited for on its stderr pipe)."""
    import select

    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([proc.stderr], [], [], 120)
        assert ready, "no progress line"
        chunk = os.read(proc.stderr.fileno(), 1)
        assert chunk, "the audit ended before any file"
        line += chunk
    return json.loads(line)


def _workers_of(proc) -> list:
    import psutil

    return psutil.Process(proc.pid).children(recursive=True)


@pytest.mark.parametrize("sig,code,name", [(signal.SIGINT, 130, "SIGINT"), (signal.SIGTERM, 143, "SIGTERM")])
def test_ctrl_c_and_sigterm_stop_the_workers_and_write_the_partial_report(
    tmp_path, gate_dir, sig, code, name
):
    """Ctrl-C (to the whole process group, as a terminal does) and SIGTERM (to the audit
    alone, as timeout and cron do): the running task is cancelled, the partial report
    written, the exit code 130 or 143, and no worker process left."""
    import psutil

    gate = f"gate-cli-{name}.aleth"
    folder, rules = _stopped_fleet(tmp_path, gate)
    out = tmp_path / "partial.json"
    proc = _cli(folder, "--credentials", rules, "--jobs", "2", "--format", "json", "-o", out,
                "--progress", "json", gates=gate_dir, start_new_session=True)  # fmt: skip
    try:
        progress = _progress_line(proc)  # the other file is done: its report must be kept
        assert progress["path"].endswith("a.aleth") and progress["done"] == 1
        wait_for(lambda: gate_dir.entered(gate), timeout=120, what="a worker at the gate")
        workers = _workers_of(proc)
        assert workers, "no worker processes"
        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)  # what a terminal does on Ctrl-C
        else:
            os.kill(proc.pid, sig)  # what timeout(1) does
        stdout, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == code, err
    assert stdout == b"" and b"Traceback" not in err
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert_valid(doc)
    assert doc["interrupted"] and doc["stopped_by"] == name and doc["exit_code"] == code
    assert [n["path"].rsplit("/", 1)[1] for n in doc["not_checked"]] == [gate]
    assert [(f["path"].rsplit("/", 1)[1], f["verdict"]) for f in doc["files"]] == [("a.aleth", "pass")]
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    _, alive = psutil.wait_procs(workers, timeout=60)
    assert not [w for w in alive if w.status() != psutil.STATUS_ZOMBIE]


def test_a_killed_audit_leaves_no_worker_behind(tmp_path, gate_dir):
    """kill -9 of the audit: no clean-up runs in it, and still its workers go with it."""
    import psutil

    gate = "gate-cli-killed.aleth"
    folder, rules = _stopped_fleet(tmp_path, gate)
    proc = _cli(folder, "--credentials", rules, "--jobs", "2", gates=gate_dir)
    try:
        wait_for(lambda: gate_dir.entered(gate), timeout=120, what="a worker at the gate")
        workers = _workers_of(proc)
        assert len([w for w in workers if "spawn_main" in " ".join(w.cmdline())]) == 2
        proc.kill()
        proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    _, alive = psutil.wait_procs(workers, timeout=60)
    assert not [w for w in alive if w.status() != psutil.STATUS_ZOMBIE]


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


# --------------------------------------------------------------------------- issue 24: defaults


def test_each_files_report_is_byte_for_byte_what_verify_prints(tmp_path, capsys):
    """The same credential and checkpoint, the same report: the passphrase hints (a
    byte-order mark, a recovery code given as a passphrase) and the checkpoint fields
    included; only when and how long differ.  Compared by running both."""
    root = tmp_path / "f"
    shutil.copytree(ALETHECH / "10_checkpoint_after_rotation" / "store", root / "cp")
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", root / "bom.aleth")
    shutil.copyfile(ALETHECH / "03_rotation_eras" / "memory.aleth", root / "code.aleth")
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", root / "ok.aleth")
    case = json.loads((ALETHECH / "10_checkpoint_after_rotation" / "case.json").read_text())
    shutil.copyfile(
        ALETHECH / "10_checkpoint_after_rotation" / case["inputs"]["checkpoint"], tmp_path / "cp.json"
    )
    code = json.loads((ALETHECH / "03_rotation_eras" / "case.json").read_text())["recovery_code"]
    (tmp_path / "bom.pass").write_text("\ufeff" + PASSPHRASE + "\n", encoding="utf-8")
    (tmp_path / "code.pass").write_text(code, encoding="utf-8")  # a recovery code given as a passphrase
    (tmp_path / "ok.pass").write_text(PASSPHRASE, encoding="utf-8")
    (tmp_path / "r.toml").write_text(
        '[[file]]\nmatch = "cp"\ncheckpoint = "cp.json"\n'
        '[[file]]\nmatch = "bom.aleth"\npassphrase_file = "bom.pass"\n'
        '[[file]]\nmatch = "code.aleth"\npassphrase_file = "code.pass"\n'
        '[[file]]\nmatch = "ok.aleth"\npassphrase_file = "ok.pass"\n',
        encoding="utf-8",
    )
    _, out, _ = run(capsys, root, "--credentials", tmp_path / "r.toml", "--format", "json", "--jobs", "1")
    files = {f["path"].rsplit("/", 1)[1]: f for f in json.loads(out)["files"]}
    extra = {
        "cp": ["--checkpoint", tmp_path / "cp.json"],
        "bom.aleth": ["--passphrase-file", tmp_path / "bom.pass"],
        "code.aleth": ["--passphrase-file", tmp_path / "code.pass"],
        "ok.aleth": ["--passphrase-file", tmp_path / "ok.pass"],
    }
    hints = set()
    for name, args in extra.items():
        main(["verify", files[name]["location"], "--format", "json", *map(str, args)])
        alone = json.loads(capsys.readouterr().out)
        assert json.dumps(comparable(files[name]["report"])) == json.dumps(comparable(alone)), name
        hints |= {f["likely_cause"] for f in alone["findings"] if f["code"] == "wrong_passphrase"}
    assert any("byte-order mark" in h for h in hints) and any("recovery code" in h for h in hints)
    assert files["cp"]["report"]["checkpoint"] == {"given": True, "state": "failed"}


def test_short_output_option_and_usage_errors_in_the_audits_own_terms(fleet5, capsys, tmp_path):
    root, rules = fleet5
    target = tmp_path / "out.json"
    code, out, _ = run(capsys, root, "--credentials", rules, "-o", target, "--format", "json", "--jobs", "1")
    assert code == 1 and out == "" and json.loads(target.read_text())["schema"] == "aleth-inspector/audit/2"
    for bad in (
        ["--no-such-option"],
        ["--format", "json", "--jobs"],
        ["--format=json", "--file-timeout", "x"],
    ):
        code, out, err = run(capsys, root, *bad, "--format", "json")
        assert code == 3
        doc = json.loads(out)  # never a single-file report
        assert doc["schema"] == "aleth-inspector/audit/2" and doc["error"]["code"] == "usage_error"
        assert_valid(doc)
        assert "usage: aleth-inspector audit" in err


def test_output_and_ledger_are_checked_before_any_work(fleet5, capsys, tmp_path, monkeypatch):
    import importlib

    D = importlib.import_module("inspector.core.fleet.discover")

    def no_work(*a, **k):
        raise AssertionError("discovery ran before the arguments were checked")

    monkeypatch.setattr(D, "discover", no_work)
    root, _ = fleet5
    (tmp_path / "not-a-ledger").write_text("hello")
    cases = [
        (["-o", tmp_path / "missing" / "out.json"], "does not exist"),
        (["-o", tmp_path], "is a folder"),
        (["--ledger", tmp_path / "missing" / "l.ledger"], "does not exist"),
        (["--ledger", tmp_path / "not-a-ledger"], "not a readable SQLite ledger"),
        (["--ledger", "s3://bucket/l"], "not a s3:// URL"),
    ]
    for extra, fragment in cases:
        code, out, _ = run(capsys, root, *extra, "--format", "json")
        assert code == 3, extra
        doc = json.loads(out)
        assert doc["files"] == [] and fragment in doc["error"]["message"], (extra, doc["error"])


def test_the_file_column_keeps_what_tells_two_files_apart(tmp_path, capsys):
    root = tmp_path / "f"
    for team in ("billing", "support"):
        shutil.copytree(ALETHECH / "01_basic" / "store", root / team / ("x" * 60) / "agent-0001" / "memory")
    code, out, _ = run(capsys, root, "--jobs", "1", "--progress", "off")
    assert code == 0
    rows = [ln.split()[0] for ln in out.splitlines() if ln.endswith(tuple("0123456789")) and "PASS" in ln]
    assert len(rows) == 2 and len(set(rows)) == 2
    assert rows[0].startswith(("billing", "support")) and rows[1].startswith(("billing", "support"))


def test_audit_ack_records_who_when_and_why(tmp_path, capsys):
    from inspector.core.keys import KeyPair
    from inspector.core.write.builder import StoreWriter
    from inspector.core.write.directory import write_directory

    w = StoreWriter.create(root=KeyPair.generate())
    older = w.store.copy()
    w.commit({"note": "learned later"})
    store = tmp_path / "fleet" / "agent"
    store.parent.mkdir()
    write_directory(w.store, store)
    ledger = tmp_path / "fleet.ledger"
    assert run(capsys, tmp_path / "fleet", "--ledger", ledger, "--jobs", "1")[0] == 0
    shutil.rmtree(store)
    write_directory(older, store)
    code, out, _ = run(capsys, tmp_path / "fleet", "--ledger", ledger, "--jobs", "1", "--format", "json")
    doc = json.loads(out)
    assert code == 1 and doc["ledger"]["alarms"][0]["code"] == "ledger_rollback"
    assert doc["files"][0]["report"]["verdict"] == "pass" and doc["files"][0]["verdict"] == "fail"
    code, out, _ = run(capsys, tmp_path / "fleet", "--ledger", ledger, "--jobs", "1")  # the next night
    assert code == 1 and "ledger_rollback" in out
    ack_args = ["--ledger", ledger, "--reason", "restored from tape", "--by", "ops", "--format", "json"]
    code, out, _ = run(capsys, "ack", "agent", *ack_args)
    assert code == 0
    ack = json.loads(out)["acknowledged"]
    assert (ack["identity"], ack["by"], ack["reason"], ack["alarms"]) == (
        "agent",
        "ops",
        "restored from tape",
        ["rollback"],
    )
    assert ack["at"].endswith("Z")
    code, out, _ = run(capsys, tmp_path / "fleet", "--ledger", ledger, "--jobs", "1", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["ledger"]["acknowledged"][0]["reason"] == "restored from tape"
    for bad, fragment in ((["nobody"], "knows no file"), (["agent"], "no open alarm")):
        code, out, err = run(capsys, "ack", *bad, "--ledger", ledger, "--reason", "x")
        assert code == 3 and fragment in err
    code, out, err = run(capsys, "ack", "agent", "--ledger", ledger)
    assert code == 3 and "--reason" in err


def test_a_passphrase_in_a_variable_name_slot_is_never_echoed(tmp_path, capsys):
    secret = "correct horse battery staple"
    shutil.copytree(ALETHECH / "01_basic" / "store", tmp_path / "f" / "s")
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", tmp_path / "f" / "a.aleth")
    (tmp_path / "r.toml").write_text(f'[[file]]\nmatch = "*.aleth"\npassphrase_env = "{secret}"\n')
    for fmt in ("text", "json"):
        code, out, err = run(capsys, tmp_path / "f", "--credentials", tmp_path / "r.toml", "--format", fmt)
        assert code == 3 and secret not in out + err and "credentials_invalid" in out + err
    (tmp_path / "r.toml").write_text('[[file]]\nmatch = "*.aleth"\npassphrase_env = "hunter2"\n')  # unset
    code, out, err = run(capsys, tmp_path / "f", "--credentials", tmp_path / "r.toml", "--format", "json")
    assert code == 2 and "hunter2" not in out + err
    assert "credential_unreadable" in out and "rule 1" in out


def test_pipes_sockets_and_devices_in_folders_are_skipped_with_a_reason(tmp_path, capsys):
    import socket

    root = tmp_path / "f"
    shutil.copytree(ALETHECH / "01_basic" / "store", root / "ok")
    os.mkfifo(root / "pipe.aleth")
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(root / "sock.aleth"))
        code, out, _ = run(capsys, root, "--format", "json", "--jobs", "1")
    assert code == 0
    skipped = {x["path"].rsplit("/", 1)[1]: x["reason"] for x in json.loads(out)["skipped"]}
    assert skipped == {"pipe.aleth": "named pipe (FIFO): never read", "sock.aleth": "socket: never read"}
