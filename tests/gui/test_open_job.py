"""The GUI's open job answers with the same audit record as the command line
(``open_and_verify``: input SHA-256, started_at, duration, checkpoint state), keeps
one process (the detail views need every object's raw JSON), and opens what the
opener opens: a HOM-AIMOS bundle needs no passphrase, bytes verify in memory."""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from inspector.core import jobs
from inspector.core.container import Credential
from inspector.core.opener import open_and_verify
from inspector.core.verify.engine import VerifyOptions
from tests.core.hom_aimos import builder as hom

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "alethech-0.9.5"
DEMO = ROOT / "resources" / "demo.aleth"
DEMO_CHECKPOINT = ROOT / "resources" / "demo.checkpoint.json"


def run(name: str, **kw) -> tuple[list[tuple], object]:
    """Run job ``name`` as the worker does; the messages and the report reassembled."""
    messages: list[tuple] = []
    # through pickle, as through the worker's pipe (each message a copy)
    jobs.run_job(lambda m: messages.append(pickle.loads(pickle.dumps(m))), name, kw)
    report = None
    for m in messages:
        if m[0] == "batch" and m[1] == "report":
            report = m[2]
        elif m[0] == "batch" and m[1] == "part":
            jobs.receive_part(report, *m[2])
    return messages, report


def test_directory_store_has_the_cli_audit_record():
    store = FIX / "05_dark_v2" / "store"
    messages, report = run("open_verify", path=str(store), credential=None)
    assert messages[-1] == ("result", {"path": str(store)})
    cli = open_and_verify(store)
    assert report.input == cli.input and report.input["sha256"]  # the tree digest, as the CLI says
    assert report.input["format"] == "directory"
    assert report.started_at and report.started_at.endswith("Z") and report.duration_s >= 0
    assert report.checkpoint == {"given": False, "state": "none"}
    assert report.verdict == cli.verdict == "fail"
    assert [f.code for f in report.findings] == [f.code for f in cli.findings]
    # processes=1: every object's raw JSON is there for the detail views; the lanes travel
    # beside the report (GUI state), before the result
    assert set(report.objects) >= set(report.commits)
    (lanes,) = [m[2] for m in messages if m[:2] == ("batch", "lanes")]
    assert len(lanes) == len(report.order)
    assert [m[:2] for m in messages].index(("batch", "lanes")) < len(messages) - 1


def test_sealed_file_with_checkpoint_records_unlock_and_checkpoint():
    messages, report = run(
        "open_verify",
        path=str(DEMO),
        credential=Credential(passphrase="demo"),
        checkpoint=DEMO_CHECKPOINT.read_bytes(),
    )
    assert messages[-1][0] == "result"
    assert report.input["sha256"] == hashlib.sha256(DEMO.read_bytes()).hexdigest()
    assert report.input["size"] == DEMO.stat().st_size and report.input["format"] == "ALETH002"
    assert report.container["unlock"] == "passphrase" and report.container["format"] == "ALETH002"
    assert report.checkpoint["given"] is True and report.checkpoint["state"] == "verified"
    assert report.verdict == "pass"
    cli = open_and_verify(
        DEMO, Credential(passphrase="demo"), VerifyOptions(checkpoint=DEMO_CHECKPOINT.read_bytes())
    )
    assert report.checkpoint == cli.checkpoint


def test_wrong_passphrase_is_an_unopenable_report_and_an_unlock_error():
    messages, report = run("open_verify", path=str(DEMO), credential=Credential(passphrase="nope"))
    assert [m[0] for m in messages][-2:] == ["batch", "error"]
    assert messages[-1][1] == "wrong_passphrase"
    assert report.verdict == "unopenable" and report.findings[0].code == "wrong_passphrase"
    assert report.input["sha256"] == hashlib.sha256(DEMO.read_bytes()).hexdigest()


def test_hom_bundle_needs_no_credential(tmp_path):
    path = hom.write(tmp_path / "cognitive.json", hom.valid_cognitive())
    messages, report = run("open_verify", path=str(path), credential=None)
    assert messages[-1][0] == "result"
    assert report.profile == "hom-aimos-v1" and report.verdict == "pass"
    assert report.input["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert report.hom is not None and report.hom.memories


def test_bytes_verify_in_memory_under_their_location():
    data = hom.encode(hom.revoked())
    messages, report = run("open_verify", path="corpus.json#member-3", credential=None, data=data)
    assert messages[-1] == ("result", {"path": "corpus.json#member-3"})
    assert report.verdict == "fail" and report.primary_reason == "provenance_signer_revoked_before_evidence"
    assert report.input["path"] == "corpus.json#member-3"
    assert report.input["sha256"] == hashlib.sha256(data).hexdigest()
