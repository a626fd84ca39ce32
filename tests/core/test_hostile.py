"""Hostile inputs through the whole stack: the verifier never raises, it reports.

A valid store is built with StoreWriter; copies of it get one commit file (or HEAD,
or the signing key) replaced with hostile bytes.  Each case must give a Report with
the right status, the right finding code and the right verdict, never an exception.
The command line (``main``, in-process) is exercised on sealed and directory inputs.
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.core.canonical import loads_strict
from inspector.core.container import seal_v2
from inspector.core.findings import Severity
from inspector.core.keys import KeyPair
from inspector.core.store import Store
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.core.verify.report import Report, Status
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import write_directory

PASSPHRASE = "hostile ✓ passphrase"


# --------------------------------------------------------------------------- the store


class Base:
    """A valid v0.2 store: evidence referenced before a rotation, commits after it."""

    def __init__(self) -> None:
        w = StoreWriter.create(clock=stepping_clock())
        self.ev = w.evidence(artifacts=[("out.txt", b"tool output\n")])["commit_id"]
        self.c1 = w.commit({"first": 1.5, "text": "h\u00e9llo \U0001f600"}, evidence_refs=[self.ev])[
            "commit_id"
        ]
        w.rotate("key-001", KeyPair.generate(), "key-002")
        # the victim: signed by the active key, after the cutoff, so damaging it
        # leaves every other commit's proof intact
        self.victim_obj = w.commit({"n": 2, "f": 0.25, "s": "victim"}, session_id="")
        self.victim = self.victim_obj["commit_id"]
        self.c3 = w.commit({"third": [1, 2, 3]})["commit_id"]
        self.store = w.store
        self.path = f"commits/{self.victim}.json"
        self.original = self.store.files[self.path]

    def replaced(self, path: str, data: bytes) -> Store:
        s = self.store.copy()
        s.files[path] = data
        return s


@pytest.fixture(scope="module")
def base() -> Base:
    b = Base()
    report = verify(b.store)
    assert report.verdict == "pass", report.findings
    # the only note on a clean store without an external checkpoint: rollback is not detectable
    assert [f.code for f in report.findings] == ["no_checkpoint"]
    return b


def _errors_for(report: Report, oid: str) -> set[str]:
    return {f.code for f in report.findings if f.severity == Severity.ERROR and f.object_id == oid}


# --------------------------------------------------------------------------- malformed commits


def _redump(obj: dict[str, Any], **changes: Any) -> bytes:
    new = dict(obj)
    for k, v in changes.items():
        if v is _DELETE:
            new.pop(k)
        else:
            new[k] = v
    return json.dumps(new, indent=2).encode("utf-8")


_DELETE = object()


def _deep(n: int) -> Any:
    v: Any = []
    for _ in range(n - 1):
        v = [v]
    return v


MALFORMED_CASES: list[tuple[str, Callable[[Base], bytes], str]] = [
    (
        "duplicate_key_top",
        lambda b: b.original.replace(b"{\n", b'{\n  "type": "MemoryCommit",\n', 1),
        "duplicate_json_key",
    ),
    (
        "duplicate_key_nested",
        lambda b: b.original.replace(b'"content": {', b'"content": {"n": 9, ', 1),
        "duplicate_json_key",
    ),
    ("nan", lambda b: _redump(b.victim_obj, content={"n": float("nan")}), "non_finite_number"),
    ("infinity", lambda b: _redump(b.victim_obj, content={"n": float("-inf")}), "non_finite_number"),
    ("overflow_1e400", lambda b: b.original.replace(b"0.25", b"1e400", 1), "non_finite_number"),
    ("int_2_60", lambda b: _redump(b.victim_obj, content={"n": 2**60}), "integer_out_of_range"),
    ("int_minus_2_53", lambda b: _redump(b.victim_obj, content={"n": -(2**53)}), "integer_out_of_range"),
    ("deep_100", lambda b: _redump(b.victim_obj, content={"n": _deep(100)}), "json_too_deep"),
    ("deep_100k", lambda b: b'{"content": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "json_too_deep"),
    ("not_utf8", lambda b: b.original.replace(b"victim", b"vict\xff\xfem", 1), "invalid_json"),
    ("latin1", lambda b: b.original.replace(b"victim", "victïm".encode("latin-1"), 1), "invalid_json"),
    ("truncated_json", lambda b: b.original[: len(b.original) // 2], "invalid_json"),
    ("trailing_garbage", lambda b: b.original + b"\n{}", "invalid_json"),
    ("empty_file", lambda b: b"", "invalid_json"),
    ("json_array", lambda b: b"[" + b.original + b"]", "malformed_object"),
    ("json_scalar", lambda b: b"null", "malformed_object"),
    (
        "parents_string",
        lambda b: _redump(b.victim_obj, parents=b.victim_obj["parents"][0]),
        "malformed_field",
    ),
    ("parents_int_items", lambda b: _redump(b.victim_obj, parents=[1]), "malformed_field"),
    ("content_list", lambda b: _redump(b.victim_obj, content=[1, 2]), "malformed_field"),
    ("missing_timestamp", lambda b: _redump(b.victim_obj, timestamp=_DELETE), "malformed_field"),
    ("timestamp_number", lambda b: _redump(b.victim_obj, timestamp=20260105), "malformed_field"),
    ("signature_number", lambda b: _redump(b.victim_obj, signature=7), "malformed_field"),
    ("unknown_type", lambda b: _redump(b.victim_obj, type="MemoryCommitX"), "malformed_object"),
    ("wrong_kind", lambda b: _redump(b.victim_obj, type="EvidenceCommit"), "malformed_object"),
    ("lone_surrogate_fast", lambda b: _redump(b.victim_obj, content={"s": "\ud800"}), "malformed_field"),
]


@pytest.mark.parametrize("name,make,code", MALFORMED_CASES, ids=[c[0] for c in MALFORMED_CASES])
def test_malformed_commit_is_reported_not_raised(base: Base, name: str, make, code: str) -> None:
    store = base.replaced(base.path, make(base))
    report = verify(store)
    assert isinstance(report, Report)
    assert report.commits[base.victim] == Status.MALFORMED
    assert code in _errors_for(report, base.victim), report.findings
    finding = next(f for f in report.findings if f.code == code and f.object_id == base.victim)
    assert finding.object_kind == "commit"
    assert report.verdict == "fail"
    # the damage stays with the victim: every other object keeps its proof
    for cid, status in report.commits.items():
        if cid != base.victim:
            assert status.ok, (cid, status)
    assert all(s.ok for s in report.evidence.values())


def test_lone_surrogate_on_slow_canonical_path_is_malformed(base: Base) -> None:
    # regression test for a bug found by this test (now fixed)
    for content in ({"s": "\ud800", "f": 1e-07}, {"\udc00": 1e-07}):
        store = base.replaced(base.path, _redump(base.victim_obj, content=content))
        report = verify(store)
        assert report.commits[base.victim] == Status.MALFORMED
        assert "malformed_field" in _errors_for(report, base.victim)
        assert report.verdict == "fail"


def test_malformed_evidence_is_reported_not_raised(base: Base) -> None:
    store = base.replaced(f"evidence/{base.ev}.json", b'{"type": "EvidenceCommit", "a": 1, "a": 1}')
    report = verify(store)
    assert report.evidence[base.ev] == Status.MALFORMED
    assert "duplicate_json_key" in _errors_for(report, base.ev)
    assert report.verdict == "fail"


# --------------------------------------------------------------------------- unsigned fields


def test_extra_unsigned_field_is_a_warning_only(base: Base) -> None:
    data = _redump(base.victim_obj, note="added after signing", zz_extra={"x": [1, 2]})
    store = base.replaced(base.path, data)
    report = verify(store)
    assert report.commits[base.victim] == Status.VALID
    unsigned = [f for f in report.findings if f.code == "unsigned_field"]
    assert len(unsigned) == 1
    assert unsigned[0].severity == Severity.WARNING
    assert unsigned[0].object_id == base.victim
    assert "note" in unsigned[0].message and "zz_extra" in unsigned[0].message
    assert report.codes(Severity.ERROR) == set()
    assert report.verdict == "pass"
    # --strict: warnings fail the verdict
    assert verify(store, VerifyOptions(strict=True)).verdict == "fail"


def test_absent_field_filled_by_default_is_a_warning(base: Base) -> None:
    # the victim was signed with session_id "", alethech's default: dropping the field keeps
    # the id and signature valid, but the field is not covered by what is on disk
    assert base.victim_obj["session_id"] == ""
    store = base.replaced(base.path, _redump(base.victim_obj, session_id=_DELETE))
    report = verify(store)
    assert report.commits[base.victim] == Status.VALID
    assert [f.code for f in report.findings if f.severity != Severity.INFO] == ["unsigned_field"]
    assert "session_id" in next(f for f in report.findings if f.code == "unsigned_field").message
    assert report.verdict == "pass"


def test_changed_signed_field_is_digest_mismatch(base: Base) -> None:
    store = base.replaced(base.path, _redump(base.victim_obj, content={"n": 3, "f": 0.25, "s": "victim"}))
    report = verify(store)
    assert report.commits[base.victim] == Status.DIGEST_MISMATCH
    assert "digest_mismatch" in _errors_for(report, base.victim)
    assert report.verdict == "fail"


# --------------------------------------------------------------------------- random byte flips


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_byte_flips_never_raise(base: Base, data: st.DataObject) -> None:
    paths = sorted(p for p in base.store.files if p.startswith("commits/"))
    path = data.draw(st.sampled_from(paths), label="path")
    original = base.store.files[path]
    blob = bytearray(original)
    n = data.draw(st.integers(1, 4), label="flips")
    for _ in range(n):
        if not blob:
            break
        op = data.draw(st.sampled_from(["xor", "set", "delete", "truncate"]), label="op")
        i = data.draw(st.integers(0, len(blob) - 1), label="index")
        if op == "xor":
            blob[i] ^= data.draw(st.integers(1, 255), label="mask")
        elif op == "set":
            blob[i] = data.draw(st.sampled_from(b'{}[]",:0123456789.eE-+\\ \xff\x00'), label="byte")
        elif op == "delete":
            del blob[i]
        else:
            del blob[i:]
    store = base.replaced(path, bytes(blob))
    report = verify(store)
    assert isinstance(report, Report)
    assert report.verdict in ("pass", "fail")
    assert report.verdict == ("fail" if report.codes(Severity.ERROR) else "pass")
    assert len(report.commits) >= len(paths) - 1  # at most one collapsed as a duplicate id
    if report.verdict == "pass":
        # a pass is only possible when nothing signed changed: the object under its
        # original id still has exactly the original signable fields
        cid = path[len("commits/") : -len(".json")]
        before, _ = loads_strict(original)
        assert cid in report.commits and report.commits[cid].ok
        after = report.objects[cid]
        assert after.fields["content"] == before["content"]
        assert after.fields["parents"] == before["parents"]
        assert after.fields["key_id"] == before["key_id"]


# --------------------------------------------------------------------------- HEAD


@pytest.mark.parametrize(
    "head",
    [
        b"sha256:" + b"ab" * (4 * 1024 * 1024),  # an 8 MiB HEAD
        b"sha256:" + b"0" * 64 + b"\n",  # names no commit
        b"\xff\xfe\x00garbage",  # not UTF-8
        b"",  # empty
        b"\n\n  \n",  # whitespace only
    ],
    ids=["huge", "missing-commit", "not-utf8", "empty", "blank"],
)
def test_bad_head_is_head_invalid(base: Base, head: bytes) -> None:
    report = verify(base.replaced("HEAD", head))
    assert "head_invalid" in report.codes(Severity.ERROR)
    assert report.verdict == "fail"
    # HEAD damage does not invalidate the signed objects themselves
    assert all(s.ok for s in report.commits.values())


def test_head_naming_missing_commit_relates_the_id(base: Base) -> None:
    missing = "sha256:" + "0" * 64
    report = verify(base.replaced("HEAD", (missing + "\n").encode()))
    f = next(f for f in report.findings if f.code == "head_invalid")
    assert f.severity == Severity.ERROR
    assert missing in f.related
    assert report.head == missing


def test_missing_head_file_is_head_invalid(base: Base) -> None:
    s = base.store.copy()
    del s.files["HEAD"]
    report = verify(s)
    assert "head_invalid" in report.codes(Severity.ERROR)
    assert report.verdict == "fail"


# --------------------------------------------------------------------------- signing key


def _pem(der: bytes) -> bytes:
    return b"-----BEGIN PRIVATE KEY-----\n" + base64.b64encode(der) + b"\n-----END PRIVATE KEY-----\n"


def _key_der(base: Base) -> bytes:
    lines = base.store.files["keys/signing.key"].splitlines()
    return base64.b64decode(b"".join(lines[1:-1]))


def test_garbage_signing_key_is_a_warning(base: Base) -> None:
    report = verify(base.replaced("keys/signing.key", b"not a key at all"))
    assert "signing_key_invalid" in report.codes(Severity.WARNING)
    assert report.verdict == "pass"


@pytest.mark.parametrize(
    "old,new",
    [
        (bytes.fromhex("06032b6570"), bytes.fromhex("06032a3570")),  # OID 1.2.53.112 (unknown)
        (bytes.fromhex("06032b6570"), bytes.fromhex("06032b6571")),  # OID of Ed448, 32-byte key
    ],
    ids=["unknown-oid", "ed448-oid"],
)
def test_signing_key_with_wrong_algorithm_oid_is_a_warning(base: Base, old: bytes, new: bytes) -> None:
    # regression test for a bug found by this test (now fixed)
    der = _key_der(base)
    assert old in der
    report = verify(base.replaced("keys/signing.key", _pem(der.replace(old, new, 1))))
    assert "signing_key_invalid" in report.codes(Severity.WARNING)
    assert report.verdict == "pass"


# --------------------------------------------------------------------------- command line


@dataclass
class _Ran:
    returncode: int
    stdout: str
    stderr: str


def _run(*args: str) -> _Ran:
    """``aleth-inspector ARGS`` in-process (the real process is tested in tests/cli/test_process.py)."""
    from inspector.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return _Ran(code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def cli_dir(base: Base, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("cli")
    pp = root / "passphrase.txt"
    pp.write_text(PASSPHRASE + "\n", encoding="utf-8")
    blob = seal_v2(base.store.files, PASSPHRASE)
    sealed = root / "memory.aleth"
    sealed.write_bytes(blob)
    (root / "cut_header.aleth").write_bytes(blob[:100])
    (root / "cut_half.aleth").write_bytes(blob[: len(blob) // 2])
    good = write_directory(base.store, root / "store")
    bad = write_directory(base.replaced(base.path, b'{"a": 1, "a": 2}'), root / "bad_store")
    unsigned = write_directory(
        base.replaced(base.path, _redump(base.victim_obj, note="x")), root / "unsigned_store"
    )
    return {
        "root": root,
        "pp": pp,
        "sealed": sealed,
        "cut_header": root / "cut_header.aleth",
        "cut_half": root / "cut_half.aleth",
        "good": good,
        "bad": bad,
        "unsigned": unsigned,
    }


def test_cli_truncated_sealed_file_exits_2_and_prints_code(cli_dir: dict[str, Path]) -> None:
    r = _run("verify", str(cli_dir["cut_header"]), "--passphrase-file", str(cli_dir["pp"]))
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "truncated" in r.stdout
    assert "UNOPENABLE" in r.stdout


def test_cli_truncated_sealed_file_json(cli_dir: dict[str, Path]) -> None:
    r = _run("verify", str(cli_dir["cut_header"]), "--passphrase-file", str(cli_dir["pp"]), "--json")
    assert r.returncode == 2
    out = json.loads(r.stdout)
    assert out["verdict"] == "unopenable"
    assert [f["code"] for f in out["findings"]] == ["truncated"]


def test_cli_half_cut_sealed_file_exits_2(cli_dir: dict[str, Path]) -> None:
    # the cut lands in the ciphertext: authentication fails (truncated also acceptable)
    r = _run("verify", str(cli_dir["cut_half"]), "--passphrase-file", str(cli_dir["pp"]), "--json")
    assert r.returncode == 2, (r.stdout, r.stderr)
    codes = [f["code"] for f in json.loads(r.stdout)["findings"]]
    assert len(codes) == 1 and codes[0] in ("authentication_failed", "truncated")


def test_cli_missing_path_is_unopenable_not_found(cli_dir: dict[str, Path]) -> None:
    # issue 11: a missing file is a report (unopenable, not_found, exit 2), not a usage error
    missing = cli_dir["root"] / "does-not-exist.aleth"
    r = _run("verify", str(missing), "--passphrase-file", str(cli_dir["pp"]), "--json")
    assert r.returncode == 2
    (finding,) = json.loads(r.stdout)["findings"]
    assert finding["code"] == "not_found" and "does not exist" in finding["message"]


def test_cli_no_command_exits_3() -> None:
    r = _run()
    assert r.returncode == 3
    assert "usage" in r.stdout.lower()


def test_cli_missing_passphrase_file_exits_3(cli_dir: dict[str, Path]) -> None:
    r = _run("verify", str(cli_dir["sealed"]), "--passphrase-file", str(cli_dir["root"] / "nope.txt"))
    assert r.returncode == 3
    assert "credential_unreadable" in r.stderr


def test_cli_sealed_without_credential_and_no_terminal_exits_3(cli_dir: dict[str, Path]) -> None:
    r = _run("verify", str(cli_dir["sealed"]))
    assert r.returncode == 3
    assert "--passphrase-file" in r.stderr


@pytest.mark.parametrize(
    "args",
    [["verify"], ["verify", "--bogus", "x"], ["no-such-command"]],
    ids=["missing-path", "unknown-option", "unknown-command"],
)
def test_cli_bad_arguments_exit_3(args: list[str]) -> None:
    # regression test for a bug found by this test (now fixed)
    r = _run(*args)
    assert r.returncode == 3, (r.returncode, r.stderr)


def test_cli_json_prints_exactly_one_object(base: Base, cli_dir: dict[str, Path]) -> None:
    r = _run("verify", str(cli_dir["sealed"]), "--passphrase-file", str(cli_dir["pp"]), "--json")
    assert r.returncode == 0, (r.stdout[-2000:], r.stderr)
    out = json.loads(r.stdout)  # the whole of stdout is one JSON value
    assert isinstance(out, dict)
    assert {"verdict", "head", "commits", "evidence", "findings", "eras", "counts", "timings"} <= set(out)
    assert out["verdict"] == "pass"
    assert out["head"] == base.store.head
    expected = verify(base.store)
    assert out["commits"] == {k: v.value for k, v in expected.commits.items()}
    assert out["evidence"] == {k: v.value for k, v in expected.evidence.items()}
    assert out["counts"]["commits"] == len(expected.commits)
    assert [e["key_id"] for e in out["eras"]] == ["key-001", "key-002"]


def test_cli_directory_pass_and_fail(base: Base, cli_dir: dict[str, Path]) -> None:
    good = _run("verify", str(cli_dir["good"]), "--json")
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["verdict"] == "pass"

    bad = _run("verify", str(cli_dir["bad"]), "--json")
    assert bad.returncode == 1, bad.stderr
    out = json.loads(bad.stdout)
    assert out["verdict"] == "fail"
    assert out["commits"][base.victim] == "MALFORMED"
    assert any(f["code"] == "duplicate_json_key" and f["severity"] == "error" for f in out["findings"])

    text = _run("verify", str(cli_dir["bad"]))
    assert text.returncode == 1
    assert "duplicate_json_key" in text.stdout and "FAIL" in text.stdout


def test_cli_strict_fails_on_warnings(cli_dir: dict[str, Path]) -> None:
    plain = _run("verify", str(cli_dir["unsigned"]))
    assert plain.returncode == 0, plain.stdout
    assert "unsigned_field" in plain.stdout
    strict = _run("verify", str(cli_dir["unsigned"]), "--strict", "--json")
    assert strict.returncode == 1
    assert json.loads(strict.stdout)["verdict"] == "fail"
