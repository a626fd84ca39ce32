"""The per-file task: the same answer as ``verify`` alone, never an exception."""

from __future__ import annotations

import pickle
import shutil
import threading

import pytest

from inspector.core.container import Credential
from inspector.core.fleet import task as T
from inspector.core.fleet.audit import AuditOptions, plan
from inspector.core.fleet.credentials import CredentialRef, load_rules
from inspector.core.fleet.discover import Target, discover
from inspector.core.fleet.task import FileJob, audit_file
from inspector.core.opener import open_and_verify

from ...conftest import ALETHECH
from .conftest import as_json, comparable, verify_json


@pytest.fixture(scope="module")
def audited(fleet):
    """Every file of the fleet through the task, in this process: {display: (job, result)}."""
    targets = discover([str(fleet.root)]).targets
    return {j.display: (j, audit_file(j)) for j in plan(targets, load_rules(fleet.credentials))}


def test_every_file_of_the_fleet_gets_what_verify_gives_alone(fleet, audited):
    assert len(audited) >= 30
    for job, res in audited.values():
        assert res.index == job.index
        got = comparable(as_json(res.report))
        if job.location in fleet.no_rule:
            assert res.report.verdict == "unopenable"
            assert [f.code for f in res.report.findings] == ["no_credential"]
            continue
        assert got == fleet.expected(job.location), job.display
        assert res.report.objects == {}  # parsed objects stay on the worker
        assert res.cpu_seconds > 0 and res.seconds > 0
        assert res.report.input["path"] == job.location


def test_the_fleet_covers_pass_fail_unopenable_and_a_wrong_credential(audited):
    results = {d.split("/fleet/", 1)[1]: res.report for d, (_, res) in audited.items()}
    verdicts = {r.verdict for r in results.values()}
    assert {"pass", "fail", "unopenable"} <= verdicts
    assert results["sealed/wrong-passphrase.aleth"].codes() == {"wrong_passphrase"}
    assert results["sealed/bad-magic.aleth"].codes() == {"bad_magic"}
    assert results["sealed/basic-v1.aleth"].verdict == "pass"
    assert results["sealed/dark-legacy.aleth"].verdict == "fail"  # passphrase from the environment
    assert results["stores/10_checkpoint_rewritten_side_branch"].codes() >= {"checkpoint_continuity_failed"}
    assert results["stores/10_checkpoint_continuity_ok"].verdict == "pass"
    assert results["stores/10_checkpoint_continuity_ok"].container.get("continuity") == "verified"


def test_a_sealed_file_without_rule_reports_its_envelope_defect_first(tmp_path):
    bad = tmp_path / "bad.aleth"
    shutil.copyfile(ALETHECH / "11_container_v2_bad_magic" / "memory.aleth", bad)
    good = tmp_path / "good.aleth"
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", good)
    r_bad = audit_file(FileJob(0, str(bad), "bad.aleth", "sealed")).report
    r_good = audit_file(FileJob(1, str(good), "good.aleth", "sealed")).report
    assert (r_bad.verdict, r_bad.codes()) == ("unopenable", {"bad_magic"})
    assert (r_good.verdict, r_good.codes()) == ("unopenable", {"no_credential"})
    f = r_good.findings[0]
    assert f.template and "good.aleth" in f.message and f.message.endswith(".")


def test_an_unreadable_credential_is_that_file_unopenable(tmp_path, monkeypatch):
    good = tmp_path / "good.aleth"
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", good)
    monkeypatch.delenv("FLEET_TEST_NOT_SET", raising=False)
    ref = CredentialRef("passphrase", "env", "FLEET_TEST_NOT_SET", 3)
    r = audit_file(FileJob(0, str(good), "good.aleth", "sealed", ref)).report
    assert (r.verdict, r.codes()) == ("unopenable", {"credential_unreadable"})
    # an unset name may be a passphrase put there by mistake: the rule is named, not the value
    assert "rule 3" in r.findings[0].message and "FLEET_TEST_NOT_SET" not in str(r.to_json())


def test_a_directory_store_never_needs_a_credential(tmp_path):
    # a rule that matches a store gives it its checkpoint, never a credential
    store = tmp_path / "s"
    shutil.copytree(ALETHECH / "01_basic" / "store", store)
    (tmp_path / "pass.txt").write_text("x")
    rules_file = tmp_path / "r.toml"
    rules_file.write_text('[[file]]\nmatch = "**"\npassphrase_file = "pass.txt"\n')
    (job,) = plan([Target(str(store), "s", "directory")], load_rules(rules_file))
    assert job.credential is None
    assert audit_file(job).report.verdict == "pass"


def test_send_secrets_resolves_once_on_the_coordinator(tmp_path):
    (tmp_path / "pass.txt").write_text("basalt\n")
    rules_file = tmp_path / "r.toml"
    rules_file.write_text('[[file]]\nmatch = "*.aleth"\npassphrase_file = "pass.txt"\n')
    rules = load_rules(rules_file)
    targets = [Target(str(tmp_path / f"{i}.aleth"), f"{i}.aleth", "sealed") for i in range(3)]
    by_ref = plan(targets, rules)
    assert all(isinstance(j.credential, CredentialRef) for j in by_ref)
    sent = plan(targets, rules, AuditOptions(send_secrets=True))
    assert all(isinstance(j.credential, T.SentSecret) and j.credential.secret.value == "basalt" for j in sent)
    assert len({id(j.credential) for j in sent}) == 1  # read once
    # a job's text never shows the secret, whether it holds a reference or the secret
    assert all("basalt" not in repr(j) and "basalt" not in str(j) for j in by_ref + sent)
    (tmp_path / "pass.txt").unlink()
    failed = plan(targets, rules, AuditOptions(send_secrets=True))
    r = audit_file(failed[0]).report
    assert (r.verdict, r.codes()) == ("unopenable", {"credential_unreadable"})


def test_a_bug_becomes_an_internal_error_report(tmp_path, monkeypatch):
    import inspector.core.opener as opener

    def boom(*a, **k):
        raise ZeroDivisionError("simulated bug")

    monkeypatch.setattr(opener, "open_and_verify", boom)
    res = audit_file(FileJob(0, str(tmp_path), "x", "directory"))
    assert res.report.verdict == "error"
    assert res.report.codes() == {"internal_error"}
    assert res.report.exit_code == 5


@pytest.fixture
def demo_store(tmp_path_factory):
    from inspector.core.demo import build_demo
    from inspector.core.write.directory import write_directory

    target = tmp_path_factory.mktemp("demo") / "store"
    write_directory(build_demo().store, target)
    return target


def test_a_slow_file_is_stopped_at_its_timeout(demo_store, monkeypatch):
    import inspector.core.opener as opener
    from inspector.core.errors import Cancelled

    seen: list[str] = []
    real = opener.verify

    def watched(store, options):  # the verifier, watched: did the deadline stop it?
        try:
            return real(store, options)
        except Cancelled:
            seen.append("stopped by the deadline")
            raise
        finally:
            seen.append("ended")

    monkeypatch.setattr(opener, "verify", watched)
    monkeypatch.setattr(T, "TIMEOUT_GRACE", 30.0)
    r = audit_file(FileJob(0, str(demo_store), "demo", "directory", timeout=0.001)).report
    assert (r.verdict, r.codes()) == ("error", {"file_timeout"})
    assert "demo" in r.findings[0].message and r.findings[0].template
    # the verification was cancelled at its next check and its thread is gone (nothing leaks)
    assert seen == ["stopped by the deadline", "ended"]
    assert not [t for t in threading.enumerate() if t.name == "aleth-audit-file"]
    # and with room enough, the same file passes
    seen.clear()
    assert audit_file(FileJob(0, str(demo_store), "demo", "directory", timeout=60)).report.verdict == "pass"
    assert seen == ["ended"]


def test_a_file_that_never_answers_is_reported_not_awaited(tmp_path, monkeypatch):
    """A read that never returns (a hung mount): the task answers at its deadline anyway."""
    import inspector.core.opener as opener

    monkeypatch.setattr(T, "TIMEOUT_GRACE", 0.2)
    release = threading.Event()

    def hung(*a, **k):
        release.wait()  # never set until the test ends
        raise OSError("released")

    monkeypatch.setattr(opener, "open_and_verify", hung)
    good = tmp_path / "stuck.aleth"
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", good)
    try:
        r = audit_file(
            FileJob(0, str(good), "stuck.aleth", "sealed", Credential(passphrase="x"), timeout=0.3)
        )
        assert r.report.codes() == {"file_timeout"} and r.report.verdict == "error"
        assert r.report.input["path"] == str(good)  # the record, without reading the file again
        assert "0.3 s" in r.report.findings[0].expected
    finally:
        release.set()


def test_the_default_timeout_grows_with_the_file(tmp_path, monkeypatch):
    """No --file-timeout: the deadline is the base plus a share per MiB of the file (a
    store: of its files), measured where the file is verified."""
    import inspector.core.opener as opener

    assert T.default_timeout(None) == T.DEFAULT_TIMEOUT_S
    assert T.default_timeout(10 * 1024 * 1024) == T.DEFAULT_TIMEOUT_S + 10 * T.DEFAULT_TIMEOUT_PER_MIB
    big = tmp_path / "big.aleth"
    big.write_bytes(b"\0" * (3 * 1024 * 1024))
    store = tmp_path / "s"
    shutil.copytree(ALETHECH / "02_evidence" / "store", store)
    total = sum(p.stat().st_size for p in store.rglob("*") if p.is_file())
    assert T.size_of(str(big)) == 3 * 1024 * 1024 and T.size_of(str(store)) == total
    assert T.size_of(str(tmp_path / "missing")) is None
    # the deadline the task applies: a deliberately tiny base shows which one it took
    monkeypatch.setattr(T, "DEFAULT_TIMEOUT_S", 0.05)
    monkeypatch.setattr(T, "DEFAULT_TIMEOUT_PER_MIB", 0.0)
    monkeypatch.setattr(T, "TIMEOUT_GRACE", 0.2)
    release = threading.Event()
    monkeypatch.setattr(opener, "open_and_verify", lambda *a, **k: release.wait() and None)
    try:
        r = audit_file(FileJob(0, str(big), "big.aleth", "sealed", Credential(passphrase="x"))).report
        assert r.codes() == {"file_timeout"}
        assert "the default for its size" in r.findings[0].expected
    finally:
        release.set()


def test_summary_detail_drops_the_per_object_maps(tmp_path):
    store = tmp_path / "s"
    shutil.copytree(ALETHECH / "03_rotation_eras" / "store", store)
    full = audit_file(FileJob(0, str(store), "s", "directory")).report
    summary = audit_file(FileJob(0, str(store), "s", "directory", detail="summary")).report
    assert full.commits and not summary.commits and not summary.order
    assert summary.findings == full.findings and summary.eras == full.eras
    assert summary.counts == full.counts and summary.verdict == full.verdict
    shipped = pickle.dumps(summary)
    named = {summary.head} | {f.object_id for f in summary.findings}
    named |= {c for e in summary.eras for c in (e.cutoff, e.grant_cutoff) if c}
    assert {c for c in full.commits if c.encode() in shipped} <= named


def test_a_file_read_by_url_gets_the_report_it_gets_by_path():
    import fsspec

    fs = fsspec.filesystem("memory")
    base = "/fleet-task-url"
    store = ALETHECH / "02_evidence" / "store"
    for p in store.rglob("*"):
        if p.is_file():
            fs.pipe(f"{base}/store/{p.relative_to(store).as_posix()}", p.read_bytes())
    sealed = ALETHECH / "03_rotation_eras" / "memory.aleth"
    fs.pipe(f"{base}/eras.aleth", sealed.read_bytes())
    fs.pipe(f"{base}/bad.aleth", (ALETHECH / "11_container_v1_bad_magic" / "memory.aleth").read_bytes())
    code = T.__name__ and __import__("json").loads((ALETHECH / "03_rotation_eras" / "case.json").read_text())
    cred = Credential(recovery_code=code["recovery_code"])
    try:
        pairs = [
            (FileJob(0, f"memory://{base}/store", "s", "directory"), open_and_verify(store)),
            (FileJob(1, f"memory://{base}/eras.aleth", "e", "sealed", cred), open_and_verify(sealed, cred)),
            (
                FileJob(2, f"memory://{base}/bad.aleth", "b", "sealed", cred),
                open_and_verify(ALETHECH / "11_container_v1_bad_magic" / "memory.aleth", cred),
            ),
        ]
        for job, want in pairs:
            got = audit_file(job).report
            assert got.verdict == want.verdict
            # the object id of an unopenable finding names the location it was given
            g, w = comparable(got.to_json()), comparable(want.to_json())
            for f in g["findings"] + w["findings"]:
                f["object_id"] = ""
            g["input"].pop("path"), w["input"].pop("path")  # by URL, by path
            assert g == w, job.location
        sealed_report = audit_file(pairs[1][0]).report
        import hashlib

        assert sealed_report.input == {
            "path": f"memory://{base}/eras.aleth",
            "sha256": hashlib.sha256(sealed.read_bytes()).hexdigest(),
            "size": sealed.stat().st_size,
            "format": "ALETH002",
        }
        no_rule = audit_file(FileJob(3, f"memory://{base}/eras.aleth", "e", "sealed")).report
        assert no_rule.codes() == {"no_credential"}
    finally:
        fs.rm(base, recursive=True)


def test_a_fleet_worker_verifies_its_file_in_one_process(monkeypatch, tmp_path):
    """The fleet runs files in parallel; inside a worker each file is verified by that one
    process (no pool of pools), even when the file is large enough to shard."""
    from inspector.core import opener
    from inspector.core.verify import shards

    seen = []
    real = opener.open_and_verify

    def spy(path, credential=None, options=None):  # type: ignore[no-untyped-def]
        seen.append(options.processes)
        return real(path, credential, options)

    def never(*a, **k):  # type: ignore[no-untyped-def]
        raise AssertionError("a fleet worker started worker processes of its own")

    monkeypatch.setattr(opener, "open_and_verify", spy)
    monkeypatch.setattr(shards, "SHARD", 2)  # every store is "large"
    monkeypatch.setattr(shards, "parse_and_sign_sharded", never)
    shutil.copytree(ALETHECH / "01_basic" / "store", tmp_path / "s")
    res = audit_file(FileJob(0, str(tmp_path / "s"), "s", "directory"))
    assert res.report.verdict == "pass" and seen == [1]


def test_an_older_credential_opens_what_the_current_one_cannot(tmp_path):
    """A copy sealed before a re-key opens with the older credential of its rule, and its
    report is what verify gives with that credential; a file the current one opens never
    tries the others."""
    old, new = "basalt-żółw-yarrow-6077", "vellum-indigo-ember-4405"
    (tmp_path / "new.pass").write_text(new, encoding="utf-8")
    (tmp_path / "old.pass").write_text(old, encoding="utf-8")
    (tmp_path / "gone.pass").write_text("not this one", encoding="utf-8")
    rules_file = tmp_path / "r.toml"
    rules_file.write_text(
        '[[file]]\nmatch = "*.aleth"\npassphrase_file = ["new.pass", "gone.pass", "old.pass"]\n',
        encoding="utf-8",
    )
    copy = tmp_path / "old-copy.aleth"
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", copy)  # sealed under the old passphrase
    rekeyed = tmp_path / "rekeyed.aleth"
    shutil.copyfile(ALETHECH / "11_container_v2_rekeyed_new_passphrase" / "memory.aleth", rekeyed)
    jobs = plan(
        [Target(str(copy), "old-copy.aleth", "sealed"), Target(str(rekeyed), "r", "sealed")],
        load_rules(rules_file),
    )
    res_old, res_new = (audit_file(j) for j in jobs)
    assert res_old.report.verdict == "pass" and res_old.opened_with == 2
    assert res_new.report.verdict == "pass" and res_new.opened_with == 0
    want = verify_json(str(copy), "--passphrase-file", str(tmp_path / "old.pass"))
    assert comparable(as_json(res_old.report)) == comparable(want)
    # none opens it: the answer is the current credential's
    (tmp_path / "old.pass").write_text("still not", encoding="utf-8")
    (job,) = plan([Target(str(copy), "old-copy.aleth", "sealed")], load_rules(rules_file))
    res = audit_file(job)
    assert res.report.codes() == {"wrong_passphrase"} and res.opened_with == 0


def test_cannot_read_is_not_a_judgement(tmp_path):
    gone = audit_file(FileJob(0, str(tmp_path / "nothing.aleth"), "nothing.aleth", "sealed")).report
    assert gone.codes() == {"not_found"} and T.cannot_read(gone)
    bad = tmp_path / "bad.aleth"
    shutil.copyfile(ALETHECH / "11_container_v2_bad_magic" / "memory.aleth", bad)
    res = audit_file(FileJob(0, str(bad), "bad.aleth", "sealed", Credential(passphrase="x")))
    assert res.report.verdict == "unopenable" and not res.cannot_read  # a judgement of the bytes


def test_a_bug_while_reading_an_envelope_is_reported_not_swallowed(tmp_path, monkeypatch):
    """The no-credential path looks at the envelope; a bug there is an internal error, not
    a silent no_credential (only a file that went away is)."""
    import inspector.core.container as container

    good = tmp_path / "good.aleth"
    shutil.copyfile(ALETHECH / "01_basic" / "memory.aleth", good)

    def boom(blob):
        raise ZeroDivisionError("simulated bug")

    monkeypatch.setattr(container, "parse_envelope", boom)
    monkeypatch.setattr(T, "_read_head", lambda job, limit: good.read_bytes())
    r = audit_file(FileJob(0, str(good), "good.aleth", "sealed")).report
    assert (
        r.codes() == {"internal_error"}
        and "ZeroDivisionError" in (r.findings[0].found or "") + r.findings[0].message
    )
    monkeypatch.setattr(
        T, "_read_head", lambda job, limit: (_ for _ in ()).throw(FileNotFoundError(2, "gone"))
    )
    monkeypatch.undo()
    monkeypatch.setattr(
        T, "_read_head", lambda job, limit: (_ for _ in ()).throw(FileNotFoundError(2, "gone"))
    )
    assert audit_file(FileJob(0, str(good), "good.aleth", "sealed")).report.codes() == {"no_credential"}


def test_judge_file_is_the_audit_s_judgement_with_the_credential_it_used(fleet, audited):
    """What the desktop window opens a fleet row with: the same report as the audit (all
    of it, objects included) and the credential the rule named, resolved."""
    for job, res in audited.values():
        report, used = T.judge_file(job)
        assert report.verdict == res.report.verdict, job.display
        assert report.codes() == res.report.codes(), job.display
        if isinstance(job.credential, CredentialRef) and report.verdict != "unopenable":
            assert used == job.credential.resolve(), job.display
            assert report.objects  # the window shows every object
        if job.credential is None:
            assert used is None
