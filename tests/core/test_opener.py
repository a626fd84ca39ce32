"""The opener: a directory store, a sealed file or a HOM-AIMOS bundle becomes a report,
whatever happens — never an exception (issue 16: a last-resort answer)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.opener import open_and_verify
from inspector.core.verify import engine
from inspector.core.verify.engine import VerifyOptions
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import write_directory

from .hom_aimos import builder as hom

PASS = "opener test ✓"


@pytest.fixture(scope="module")
def sealed_bytes() -> bytes:
    w = StoreWriter.create(clock=stepping_clock())
    w.commit({"text": "one"})
    return C.seal_v2(w.store.files, PASS, recovery_secret=C.new_recovery_secret())


def test_a_sealed_file_records_which_bytes_were_judged(tmp_path: Path, sealed_bytes: bytes) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed_bytes)
    r = open_and_verify(f, Credential(passphrase=PASS))
    assert r.verdict == "pass"
    assert r.input == {
        "path": str(f),
        "sha256": hashlib.sha256(sealed_bytes).hexdigest(),
        "size": len(sealed_bytes),
        "format": "ALETH002",
    }
    assert r.started_at and r.started_at.endswith("Z") and r.duration_s is not None


def test_a_directory_store_gets_a_digest_of_its_files(tmp_path: Path) -> None:
    w = StoreWriter.create(clock=stepping_clock())
    write_directory(w.store, tmp_path / "s")
    a = open_and_verify(tmp_path / "s")
    b = open_and_verify(tmp_path / "s")
    assert a.input["format"] == "directory" and a.input["sha256"] == b.input["sha256"]
    (tmp_path / "s" / "HEAD").write_text("x")
    assert open_and_verify(tmp_path / "s").input["sha256"] != a.input["sha256"]


@pytest.mark.parametrize(
    "content,code",
    [
        (b'{"type": "Checkpoint"}', "unsupported_format"),
        (b"not a container at all", "bad_magic"),
        (b"ALETH009" + b"\x00" * 40, "unsupported_version"),
    ],
)
def test_what_is_not_a_memory_file_says_what_it_is(tmp_path: Path, content: bytes, code: str) -> None:
    f = tmp_path / "x.aleth"
    f.write_bytes(content)
    r = open_and_verify(f, None)
    assert r.verdict == "unopenable"
    assert r.findings[0].code == code
    assert r.exit_code == 2


def test_a_missing_path_is_unopenable_not_found(tmp_path: Path) -> None:
    r = open_and_verify(tmp_path / "nope.aleth")
    assert (r.verdict, r.findings[0].code, r.exit_code) == ("unopenable", "not_found", 2)


def test_a_bug_becomes_an_internal_error_report(tmp_path: Path, monkeypatch, sealed_bytes: bytes) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed_bytes)

    def boom(*a, **k):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr("inspector.core.opener.verify", boom)
    r = open_and_verify(f, Credential(passphrase=PASS))
    assert r.verdict == "error" and r.exit_code == 5
    f0 = r.findings[0]
    assert f0.code == "internal_error" and "ZeroDivisionError" in (f0.found or "")
    assert "not a verdict on the file" in f0.message
    assert "inspector/core/opener.py" in f0.message  # the innermost frame inside the inspector
    assert engine.verify is not boom


def test_an_internal_error_keeps_its_traceback_but_no_secret(
    tmp_path: Path, monkeypatch, sealed_bytes: bytes
) -> None:
    """The crash panel and a bug report need the whole trace (issue: the report kept only
    the innermost frame); the frames' locals, where the passphrase is, are never formatted."""
    import jsonschema

    from inspector.core.render import render_json

    f = tmp_path / "m.aleth"
    f.write_bytes(sealed_bytes)

    def deep_in_the_verifier(store, options=None):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr("inspector.core.opener.verify", deep_in_the_verifier)
    r = open_and_verify(f, Credential(passphrase=PASS))
    tb = r.findings[0].traceback
    assert tb is not None and tb.startswith("Traceback (most recent call last):")
    assert "inspector/core/opener.py" in tb and "in deep_in_the_verifier" in tb
    assert tb.rstrip().endswith("ZeroDivisionError: planted")
    doc = json.loads(render_json(r))
    assert doc["findings"][0]["traceback"] == tb
    assert PASS not in render_json(r) and PASS.encode("unicode_escape").decode() not in render_json(r)
    schema = json.loads(
        (Path(__file__).resolve().parents[2] / "inspector/schemas/report-v1.json").read_text()
    )
    jsonschema.Draft202012Validator(schema).validate(doc)
    # a finding that is no crash has no traceback member
    monkeypatch.undo()
    assert all(
        "traceback" not in g for g in open_and_verify(f, Credential(passphrase=PASS)).to_json()["findings"]
    )


def test_an_endless_recursion_keeps_the_innermost_end_of_its_trace(tmp_path: Path, monkeypatch) -> None:
    from inspector.core.verify.report import MAX_TRACEBACK

    def down(n: int) -> int:
        return down(n + 1) + 1

    monkeypatch.setattr("inspector.core.opener.read_directory", lambda *a, **k: down(0))
    store = tmp_path / "store"
    store.mkdir()
    r = open_and_verify(store)
    tb = r.findings[0].traceback
    assert r.verdict == "error" and tb is not None
    assert len(tb) <= MAX_TRACEBACK + 80
    assert tb.rstrip().endswith("maximum recursion depth exceeded")


def test_a_crash_report_made_without_a_raise_has_no_traceback() -> None:
    from inspector.core.verify.report import Report

    f = Report.internal_error(RuntimeError("the worker died"), object_id="x").findings[0]
    assert f.traceback is None and "traceback" not in f.to_json()


def test_a_hom_aimos_bundle_is_judged_by_its_own_profile(tmp_path: Path) -> None:
    r = open_and_verify(hom.write(tmp_path / "recall.json", hom.indeterminate_recall()))
    assert r.profile == "hom-aimos-v1"
    assert (r.verdict, r.primary_reason, r.exit_code) == (
        "indeterminate",
        "recall_mandatory_evidence_missing",
        4,
    )
    assert r.input["format"] == "hom-aimos-v1"


def test_forcing_the_hom_profile_on_a_sealed_file_is_a_finding(tmp_path: Path, sealed_bytes: bytes) -> None:
    f = tmp_path / "m.aleth"
    f.write_bytes(sealed_bytes)
    r = open_and_verify(f, Credential(passphrase=PASS), VerifyOptions(profile="hom-aimos-v1"))
    assert r.profile == "hom-aimos-v1" and r.verdict == "fail"


def test_a_leftover_that_the_old_passphrase_opens_is_warned_about(
    tmp_path: Path, sealed_bytes: bytes
) -> None:
    f = tmp_path / "m.aleth"
    opened = C.open_container(sealed_bytes, Credential(passphrase=PASS))
    f.write_bytes(C.rekey_v2(opened.files, opened, "the new one", recovery_secret=None))
    (tmp_path / "m.aleth.bak").write_bytes(sealed_bytes)  # what a killed re-key could leave
    r = open_and_verify(f, Credential(passphrase="the new one"))
    warn = [x for x in r.findings if x.code == "stale_backup_old_credentials"]
    assert warn and warn[0].found == str(tmp_path / "m.aleth.bak")
    assert r.verdict == "pass"
    assert (
        open_and_verify(f, Credential(passphrase="the new one"), VerifyOptions(strict=True)).verdict == "fail"
    )
    json.dumps(r.to_json())


def test_is_sealed_is_the_one_answer_to_whether_a_secret_is_needed(
    tmp_path: Path, sealed_bytes: bytes
) -> None:
    """One function for the command line and the window (issue 22: there were three)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from inspector.core.opener import is_sealed

    f = tmp_path / "m.aleth"
    f.write_bytes(sealed_bytes)
    assert is_sealed(f) and is_sealed(str(f))
    assert not is_sealed(tmp_path)  # a directory store
    assert not is_sealed(tmp_path / "missing.aleth")
    assert not is_sealed(str(tmp_path / "nul\0name"))  # a name no file system can hold
    bundle = hom.write(tmp_path / "b.json", hom.valid_cognitive())
    assert not is_sealed(bundle)

    @settings(max_examples=60, deadline=None)
    @given(st.binary(max_size=12))
    def any_bytes(data: bytes) -> None:
        g = tmp_path / "any"
        g.write_bytes(data)
        assert is_sealed(g) == data.startswith(b"ALETH")

    any_bytes()


@pytest.mark.parametrize(
    "case", ["passes", "wrong_passphrase", "no_credential", "damaged_container", "hom_bundle", "not_json"]
)
def test_every_answer_from_bytes_names_the_digest_of_those_bytes(
    tmp_path: Path, sealed_bytes: bytes, case: str
) -> None:
    """The input's SHA-256 is computed beside the key derivation; whichever way the file
    is judged or refused, the report names the digest of exactly the bytes read."""
    f = tmp_path / "m.aleth"
    credential: Credential | None = Credential(passphrase=PASS)
    if case == "hom_bundle":
        hom.write(f, hom.indeterminate_recall())
    elif case == "damaged_container":
        f.write_bytes(sealed_bytes[:-40] + bytes(40))
    elif case == "not_json":
        f.write_bytes(b"\x00not a memory file")
    else:
        f.write_bytes(sealed_bytes)
    if case == "wrong_passphrase":
        credential = Credential(passphrase="not it")
    elif case == "no_credential":
        credential = None
    r = open_and_verify(f, credential)
    data = f.read_bytes()
    assert (r.input["sha256"], r.input["size"]) == (hashlib.sha256(data).hexdigest(), len(data))
    assert (r.verdict == "pass") == (case == "passes")
