"""Authoring through the core (SPEC E): rotate, revoke, grant, migrate, label,
rekey and recover — through the Python API and the CLI.

Every written result must verify with the inspector *and* open and verify in
alethech 0.9.5 (``open_container_v2`` materializes, verifies and raises on
failure; ``verify_store(...).ok`` is checked on the materialized store).
Every refused operation must end with a clear error and leave the source
byte-identical.

scrypt (n=32768) costs ~0.1 s per call and alethech's verify ~0.8 s on the
demo, so the demo payload and one opened source are shared per module; the
sealed source used by write tests is a per-test copy.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import types
from pathlib import Path
from typing import Any

import alethech.container as aleth_v1
import alethech.container_v2 as aleth_v2
import alethech.store as aleth_store
import alethech.verify as aleth_verify
import pytest
from alethech.api import Alethech

from inspector.core import container as C
from inspector.core.canonical import canonical, loads_strict
from inspector.core.container import Credential
from inspector.core.demo import build_demo
from inspector.core.errors import ContainerError, OperationError
from inspector.core.keys import KeyPair, decode_signature, raw_from_jwk, verify_sig
from inspector.core.opener import open_and_verify, open_path
from inspector.core.store import Store, write_directory
from inspector.core.verify.report import Severity, Status
from inspector.core.write import authoring as A
from inspector.core.write import safe
from inspector.core.write.builder import StoreWriter, stepping_clock

ROOT = Path(__file__).resolve().parents[2]
RES = ROOT / "resources"
DEMO = RES / "demo.aleth"
KEYS = RES / "demo.keys"
PASS = "demo"
RECOVERY = (RES / "demo.recovery.txt").read_text(encoding="utf-8").strip()
NEW_PASS = "n3w passphrase ✓ for the tests"
CLI_TIMEOUT = 180


# --------------------------------------------------------------------------- helpers


def cli(*args: Any, timeout: int = CLI_TIMEOUT) -> subprocess.CompletedProcess[str]:
    """Run ``aleth-inspector`` in a subprocess (stdin is not a terminal)."""
    return subprocess.run(
        [sys.executable, "-m", "inspector.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
    )


def cli_json(*args: Any) -> tuple[subprocess.CompletedProcess[str], dict[str, Any] | None]:
    p = cli(*args, "--json")
    try:
        return p, json.loads(p.stdout) if p.stdout.strip() else None
    except json.JSONDecodeError:  # pragma: no cover - diagnostic
        pytest.fail(f"--json printed something that is not one JSON object:\n{p.stdout}\n{p.stderr}")


def secret_file(path: Path, text: str) -> Path:
    path.write_text(text + "\n", encoding="utf-8")
    return path


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def snapshot(path: Path) -> dict[str, bytes]:
    """Every byte under ``path`` (a file or a directory), for identity checks."""
    if path.is_file():
        return {"": path.read_bytes()}
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def listing(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir()}


def ours(path: Path, cred: Credential | None = None):  # type: ignore[no-untyped-def]
    """The inspector's complete report on a written output."""
    return open_and_verify(path, cred)


def assert_ours_pass(path: Path, cred: Credential | None = None):  # type: ignore[no-untyped-def]
    report = ours(path, cred)
    errors = [f"{f.code}: {f.message}" for f in report.findings if f.severity == Severity.ERROR]
    assert report.verdict == "pass", errors
    return report


def aleth_ok(path: Path, *, passphrase: str | None = None, recovery_code: str | None = None) -> bool:
    """alethech 0.9.5 opens ``path`` (materializing and verifying) and its
    verify_store says OK.  Raises whatever alethech raises on refusal."""
    path = Path(path)
    if path.is_dir():
        return aleth_verify.verify_store(aleth_store.Store.open(path)).ok
    with tempfile.TemporaryDirectory(prefix="aleth-check-") as tmp:
        dest = Path(tmp) / "store"
        magic = path.read_bytes()[:8]
        if magic == b"ALETH002":
            aleth_v2.open_container_v2(path, dest, passphrase=passphrase, recovery_code=recovery_code)
        else:
            assert magic == b"ALETH001" and passphrase is not None
            aleth_v1.open_container(path, dest, passphrase)
        return aleth_verify.verify_store(aleth_store.Store.open(dest)).ok


def aleth_refuses(path: Path, **cred: str) -> bool:
    try:
        aleth_ok(path, **cred)
    except aleth_v2.ContainerError:
        return True
    return False


def era(report, key_id: str):  # type: ignore[no-untyped-def]
    found = [e for e in report.eras if e.key_id == key_id]
    assert len(found) == 1, [e.key_id for e in report.eras]
    return found[0]


def identity_record(store: Store) -> dict[str, Any]:
    recs = [loads_strict(data)[0] for _, data in store.list("identities")]
    v2 = [r for r in recs if r.get("type") == "IdentityRecordV2"]
    assert len(v2) == 1
    return v2[0]


def control_events(store: Store) -> list[dict[str, Any]]:
    return sorted((loads_strict(d)[0] for _, d in store.list("control_events")), key=lambda e: e["sequence"])


def new_store_files(path: Path, cred: Credential | None = None) -> dict[str, bytes]:
    return open_path(path, cred).store.files


def key_with_jwk(store: Store, key_id: str) -> dict[str, str]:
    rec = identity_record(store)
    return next(k["public_key"] for k in rec["active_keys"] if k["key_id"] == key_id)


def assert_no_plaintext(
    directory: Path, *, exclude: set[str] = frozenset(), secrets: tuple[bytes, ...] = ()
) -> None:
    """No payload plaintext, private key or passphrase in any file the test did
    not write itself (SPEC E: plaintext and passphrases never reach a file)."""
    markers = (b"MemoryCommit", b"IdentityRecordV2", b"BEGIN PRIVATE KEY", *secrets)
    for p in directory.rglob("*"):
        if p.is_file() and p.name not in exclude:
            data = p.read_bytes()
            for m in markers:
                assert m not in data, f"{p} holds {m!r}"


class FailingOS(types.SimpleNamespace):
    """A stand-in for the ``os`` module seen by ``inspector.core.write.safe``:
    everything delegates to ``os`` except the call made to fail (CI runs as
    root, which ignores permission bits, so the OSError is injected)."""

    def __init__(self, fail: str, err: int) -> None:
        super().__init__()
        self._fail, self._err = fail, err

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name != self._fail:
            return real

        def failing(*args: Any, **kw: Any) -> Any:
            raise OSError(self._err, os.strerror(self._err))

        return failing


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def demo_files() -> dict[str, bytes]:
    return dict(open_path(DEMO, Credential(passphrase=PASS)).store.files)


@pytest.fixture(scope="module")
def demo_src(tmp_path_factory: pytest.TempPathFactory) -> A.Source:
    """One opened and verified copy of the demo, shared by results written to new paths."""
    d = tmp_path_factory.mktemp("shared")
    shutil.copy(DEMO, d / "demo.aleth")
    src = A.load_source(d / "demo.aleth", Credential(passphrase=PASS))
    assert src.report.verdict == "pass"
    return src


@pytest.fixture(scope="module")
def root_key() -> KeyPair:
    return KeyPair.load(KEYS / "root.pem")


@pytest.fixture(scope="module")
def auditor_key() -> KeyPair:
    return KeyPair.load(KEYS / "auditor-001.pem")


@pytest.fixture(scope="module")
def housekeeper_key() -> KeyPair:
    return KeyPair.load(KEYS / "housekeeper-001.pem")


@pytest.fixture
def work(tmp_path: Path) -> Path:
    d = tmp_path / "work"
    d.mkdir()
    return d


@pytest.fixture
def demo_copy(work: Path) -> Path:
    p = work / "demo.aleth"
    shutil.copy(DEMO, p)
    return p


@pytest.fixture
def creds(tmp_path: Path) -> types.SimpleNamespace:
    """Credential files, outside the work directory."""
    d = tmp_path / "creds"
    d.mkdir()
    return types.SimpleNamespace(
        passphrase=secret_file(d / "pass.txt", PASS),
        new_passphrase=secret_file(d / "new-pass.txt", NEW_PASS),
        recovery=secret_file(d / "recovery.txt", RECOVERY),
        dir=d,
    )


@pytest.fixture
def demo_dir(work: Path, demo_files: dict[str, bytes]) -> Path:
    """The demo as a directory store."""
    return write_directory(Store(dict(demo_files)), work / "demo-store")


def legacy_writer() -> StoreWriter:
    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    for i in range(6):
        w.commit({"kind": "fact", "text": f"legacy memory {i}"})
    ev = w.evidence(tool="web.fetch", artifacts=[("page.txt", b"fetched\n")])
    w.commit({"kind": "fact", "text": "with evidence"}, evidence_refs=[ev["commit_id"]])
    return w


def last_commit_of(src: A.Source, key_id: str) -> tuple[str, str]:
    """The last commit (DAG order) signed by ``key_id``, and its first parent."""
    report = src.report
    index = era(report, key_id).index
    last = [c for c in report.order if report.signer.get(c) == index][-1]
    return last, loads_strict(src.store.files[f"commits/{last}.json"])[0]["parents"][0]


def memory_with_label(report, label: str) -> str:  # type: ignore[no-untyped-def]
    return sorted(m for m, v in report.mutmem.memories.items() if v.label == label)[0]


def evidence_of_type(store: Store, event_type: str) -> str:
    return sorted(
        loads_strict(d)[0]["commit_id"]
        for _, d in store.list("evidence")
        if loads_strict(d)[0]["event_type"] == event_type
    )[0]


# =========================================================================== rotate


def test_rotate_agent_key_cli(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    before = demo_copy.read_bytes()
    old_head = demo_src.store.head
    old_events = control_events(demo_src.store)
    out = work / "rotated.aleth"
    p, js = cli_json(
        "rotate", demo_copy, "--passphrase-file", creds.passphrase, "--root-key", KEYS / "root.pem", "-o", out
    )
    assert p.returncode == 0, p.stderr
    assert js["operation"] == "rotate" and js["verdict"] == "pass" and js["written"] == str(out)
    assert js["allow_invalid_input"] is False
    assert demo_copy.read_bytes() == before
    assert listing(work) == {"demo.aleth", "rotated.aleth"}  # the agent key is sealed, nowhere else
    assert mode(out) == 0o600

    cred = Credential(passphrase=PASS)  # the output keeps the input's unlock slots
    report = assert_ours_pass(out, cred)
    assert aleth_ok(out, passphrase=PASS)
    assert aleth_ok(out, recovery_code=RECOVERY)
    store = open_path(out, cred).store

    # one key_rotation control event signed by the root, chained to the previous tip
    events = control_events(store)
    assert len(events) == len(old_events) + 1
    ev = events[-1]
    assert ev["event_type"] == "key_rotation" and ev["sequence"] == old_events[-1]["sequence"] + 1
    assert ev["previous_control_hash"] == old_events[-1]["commit_id"]
    assert ev["old_key_id"] == "key-003" and ev["key_id"] == "key-004"
    assert ev["cutoff_head"] == old_head and ev["reason"] == "rotation"

    # era table: the old key revoked at the HEAD cutoff, the new era granted by the rotation
    old, new = era(report, "key-003"), era(report, "key-004")
    assert old.state == "revoked" and old.cutoff == old_head and old.revoke_reason == "rotation"
    assert old.revoked_by == ev["commit_id"]
    assert new.state == "active" and new.granted_by == ev["commit_id"]
    assert new.granted_event_type == "key_rotation" and new.grant_cutoff == old_head
    for kid in ("housekeeper-001", "auditor-001"):  # other active keys stay
        assert era(report, kid).state == "active"
    # every commit of the old era is still valid (historical)
    assert all(s.ok for s in report.commits.values())
    assert Status.VALID_HISTORICAL in set(report.commits.values())

    # identity record re-signed; the new agent key first and sealed as keys/signing.key
    rec = identity_record(store)
    assert [k["key_id"] for k in rec["active_keys"]] == ["key-004", "housekeeper-001", "auditor-001"]
    assert any(
        r["key_id"] == "key-003" and r["cutoff_head"] == old_head and r["revoked_by"] == ev["commit_id"]
        for r in rec["revoked_keys"]
    )
    sealed = KeyPair.from_pem(store.files["keys/signing.key"])
    assert sealed.jwk == rec["active_keys"][0]["public_key"]
    assert js["new_keys"]["key-004"]["fingerprint"] == new.fingerprint
    assert store.files["keys/signing.key"] != demo_src.store.files["keys/signing.key"]

    # alethech commits with the new key on top of the rotated file, and that verifies too
    with tempfile.TemporaryDirectory() as tmp:
        dest = Path(tmp) / "s"
        aleth_v2.open_container_v2(out, dest, passphrase=PASS)
        commit = Alethech.open(dest).commit({"text": "after rotation"})
        assert commit.key_id == "key-004"
        assert aleth_verify.verify_store(aleth_store.Store.open(dest)).ok
        assert assert_ours_pass(dest).commits[commit.commit_id] == Status.VALID
    assert_no_plaintext(work)


def test_rotate_housekeeper_cli_new_key_out(
    work: Path, demo_copy: Path, creds, demo_src: A.Source, housekeeper_key: KeyPair
) -> None:
    before = demo_copy.read_bytes()
    key_out = work / "housekeeper-002.pem"
    out = work / "hk.aleth"
    p = cli(
        "rotate",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "housekeeper-001",
        "--new-key-out",
        key_out,
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert demo_copy.read_bytes() == before
    assert mode(key_out) == 0o600
    new_key = KeyPair.load(key_out)

    cred = Credential(passphrase=PASS)
    report = assert_ours_pass(out, cred)
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, cred).store
    old = era(report, "housekeeper-001")
    assert old.state == "revoked" and old.cutoff == demo_src.store.head
    new = era(report, "housekeeper-002")
    assert new.role == "housekeeper" and new.granted_event_type == "key_rotation"
    assert new.grant_cutoff == demo_src.store.head and new.public_key == new_key.jwk["x"]
    rec = identity_record(store)
    # the agent key stays first; the rotated role key takes its predecessor's place
    assert [k["key_id"] for k in rec["active_keys"]] == ["key-003", "housekeeper-002", "auditor-001"]
    assert store.files["keys/signing.key"] == demo_src.store.files["keys/signing.key"]
    assert new_key.pem() not in store.files.values()  # role keys are never sealed

    # the new housekeeper key works; the old one is refused
    src2 = A.load_source(out, cred)
    target = sorted(m for m, v in src2.report.mutmem.memories.items() if v.label is None)[0]
    res = A.label(src2, target, "poison_suspect", new_key, "flagged by the new detector key")
    assert res.ok
    with pytest.raises(OperationError) as exc:
        A.label(src2, target, "poison_suspect", housekeeper_key, "old key")
    assert exc.value.code == "key_not_active"


def test_rotate_role_key_without_new_key_out_is_refused(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    out = work / "x.aleth"
    p = cli(
        "rotate",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "auditor-001",
        "-o",
        out,
    )
    assert p.returncode == 3
    assert "--new-key-out" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before


def test_rotate_python_api_agent_key_in_place(demo_copy: Path, root_key: KeyPair) -> None:
    src = A.load_source(demo_copy, Credential(passphrase=PASS))
    old_head = src.store.head
    res = A.rotate(src, root_key)
    assert res.ok and res.operation == "rotate"
    new_id = next(iter(res.new_keys))
    assert new_id == "key-004"
    assert [e.key_id for e in res.eras_before] == [e.key_id for e in src.report.eras]
    assert era(res.report, new_id).grant_cutoff == old_head
    assert res.store.files["keys/signing.key"] == res.new_keys[new_id].pem()
    assert any(p.startswith("control_events/") for p in res.added)
    assert "keys/signing.key" in res.changed
    A.write_result(res, None, in_place=True)
    assert listing(demo_copy.parent) == {"demo.aleth"}  # no backup, no temp file left
    report = assert_ours_pass(demo_copy, Credential(passphrase=PASS))
    assert era(report, "key-003").cutoff == old_head
    assert aleth_ok(demo_copy, passphrase=PASS)


def test_rotate_cutoff_not_head_gives_failing_result(
    work: Path, demo_src: A.Source, root_key: KeyPair
) -> None:
    """A chosen cutoff before HEAD leaves later commits of the old key outside the
    proven history: the result does not verify and nothing is written."""
    report = demo_src.report
    last, parent = last_commit_of(demo_src, "key-003")
    res = A.rotate(demo_src, root_key, key_id="key-003", cutoff=parent)
    assert not res.ok
    assert res.report.commits[last] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
    assert any("not HEAD" in n for n in res.notes)
    out = work / "never.aleth"
    with pytest.raises(OperationError) as exc:
        A.write_result(res, out)
    assert exc.value.code == "result_invalid"
    assert not out.exists() and listing(work) == set()
    assert report.verdict == "pass"

    with pytest.raises(OperationError) as exc:
        A.rotate(demo_src, root_key, cutoff="sha256:" + "0" * 64)
    assert exc.value.code == "missing_cutoff_head"
    with pytest.raises(OperationError) as exc:
        A.rotate(demo_src, root_key, key_id="key-001")  # already revoked
    assert exc.value.code == "key_not_active"


def test_rotate_cutoff_not_head_cli_exit_1(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    before = demo_copy.read_bytes()
    _, parent = last_commit_of(demo_src, "key-003")
    out = work / "never.aleth"
    p = cli(
        "rotate",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--cutoff",
        parent,
        "-o",
        out,
    )
    assert p.returncode == 1, p.stderr
    assert "does not verify" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before


# =========================================================================== revoke


def test_revoke_role_key_cli(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    before = demo_copy.read_bytes()
    out = work / "revoked.aleth"
    p, js = cli_json(
        "revoke",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "auditor-001",
        "--reason",
        "expiry",
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert js["new_keys"] == {} and js["verdict"] == "pass"
    assert demo_copy.read_bytes() == before
    cred = Credential(passphrase=PASS)
    report = assert_ours_pass(out, cred)
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, cred).store
    au = era(report, "auditor-001")
    assert au.state == "revoked" and au.revoke_reason == "expiry" and au.cutoff == demo_src.store.head
    # no successor: the same keys minus the revoked one
    assert [e.key_id for e in report.eras] == [e.key_id for e in demo_src.report.eras]
    ev = control_events(store)[-1]
    assert ev["event_type"] == "key_revoke" and ev["key_id"] == "auditor-001" and ev["reason"] == "expiry"
    rec = identity_record(store)
    assert [k["key_id"] for k in rec["active_keys"]] == ["key-003", "housekeeper-001"]
    assert store.files["keys/signing.key"] == demo_src.store.files["keys/signing.key"]
    # the auditor's earlier label stays valid (historical) — nothing is deleted
    assert all(s.ok for s in report.commits.values())


@pytest.mark.parametrize("reason", ["compromise", "rotation"])
def test_revoke_agent_key_drops_signing_key(
    work: Path, demo_src: A.Source, root_key: KeyPair, reason: str
) -> None:
    res = A.revoke(demo_src, root_key, "key-003", reason=reason)
    assert res.ok
    assert "keys/signing.key" not in res.store.files and res.removed == ["keys/signing.key"]
    assert any("signing.key" in n for n in res.notes)
    out = work / "no-agent.aleth"
    A.write_result(res, out)
    cred = Credential(passphrase=PASS)
    report = assert_ours_pass(out, cred)
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, cred).store
    assert "keys/signing.key" not in store.files
    agent = era(report, "key-003")
    assert agent.state == "revoked" and agent.revoke_reason == reason and agent.cutoff == demo_src.store.head
    assert [k["key_id"] for k in identity_record(store)["active_keys"]] == ["housekeeper-001", "auditor-001"]


def test_revoke_refusals(demo_src: A.Source, root_key: KeyPair) -> None:
    with pytest.raises(OperationError) as exc:
        A.revoke(demo_src, root_key, "key-002")
    assert exc.value.code == "key_not_active"
    with pytest.raises(OperationError) as exc:
        A.revoke(demo_src, root_key, "auditor-001", reason="boredom")
    assert exc.value.code == "invalid_reason"


# =========================================================================== grant


def test_grant_cli_writes_private_key_0600(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    before = demo_copy.read_bytes()
    key_out = work / "auditor-002.pem"
    out = work / "granted.aleth"
    p, js = cli_json(
        "grant",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--role",
        "auditor",
        "--key-out",
        key_out,
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert list(js["new_keys"]) == ["auditor-002"]
    assert demo_copy.read_bytes() == before
    assert mode(key_out) == 0o600
    key = KeyPair.load(key_out)
    cred = Credential(passphrase=PASS)
    report = assert_ours_pass(out, cred)
    assert aleth_ok(out, passphrase=PASS)
    store = open_path(out, cred).store
    new = era(report, "auditor-002")
    assert new.state == "active" and new.role == "auditor" and new.granted_event_type == "key_grant"
    assert new.public_key == key.jwk["x"]
    rec = identity_record(store)
    assert [k["key_id"] for k in rec["active_keys"]] == [
        "key-003",
        "housekeeper-001",
        "auditor-001",
        "auditor-002",
    ]
    assert control_events(store)[-1]["event_type"] == "key_grant"
    assert key.pem() not in store.files.values()
    assert_no_plaintext(work, exclude={"auditor-002.pem"})


def test_grant_refuses_existing_key_file(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    key_out = work / "exists.pem"
    key_out.write_bytes(b"precious")
    out = work / "granted.aleth"
    p = cli(
        "grant",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--role",
        "housekeeper",
        "--key-out",
        key_out,
        "-o",
        out,
    )
    assert p.returncode == 3 and "refusing to overwrite" in p.stderr
    assert key_out.read_bytes() == b"precious" and not out.exists() and demo_copy.read_bytes() == before


def test_grant_python_api(demo_src: A.Source, root_key: KeyPair) -> None:
    res = A.grant(demo_src, root_key, "housekeeper")
    assert res.ok and list(res.new_keys) == ["housekeeper-002"]
    assert next(k["key_id"] for k in identity_record(res.store)["active_keys"]) == "key-003"
    with pytest.raises(OperationError) as exc:
        A.grant(demo_src, root_key, "agent")
    assert exc.value.code == "invalid_role"


# =========================================================================== migrate


def check_migration(store: Store, legacy: StoreWriter, root: KeyPair) -> None:
    ra = loads_strict(store.files["root_authority.json"])[0]
    assert ra["root_public_key"] == root.jwk
    migs = [loads_strict(d)[0] for _, d in store.list("migrations")]
    assert len(migs) == 1
    mig = migs[0]
    assert mig["legacy_public_key"] == legacy.agent_key.jwk
    assert mig["legacy_agent_id"] == legacy.legacy_agent_id
    assert mig["new_root_public_key"] == root.jwk
    signable = {k: v for k, v in mig.items() if k not in ("commit_id", "signature", "legacy_signature")}
    msg = canonical({**signable, "commit_id": mig["commit_id"]})
    # both signatures, over the same bytes
    assert verify_sig(raw_from_jwk(legacy.agent_key.jwk), decode_signature(mig["legacy_signature"]), msg)
    assert verify_sig(raw_from_jwk(root.jwk), decode_signature(mig["signature"]), msg)
    events = control_events(store)
    assert len(events) == 1
    ev = events[0]
    assert ev["event_type"] == "key_grant" and ev["sequence"] == 1 and ev["previous_control_hash"] == ""
    assert ev["key_id"] == "key-001" and ev["public_key"] == legacy.agent_key.jwk
    assert ev["migration_record_id"] == mig["commit_id"]
    assert "keys/root.key" not in store.files
    assert root.pem() not in store.files.values()


def test_migrate_directory_cli(work: Path) -> None:
    legacy = legacy_writer()
    src_dir = write_directory(legacy.store, work / "legacy")
    before = snapshot(src_dir)
    assert aleth_ok(src_dir)
    root_out = work / "root.pem"
    out = work / "migrated"
    p, js = cli_json("migrate", src_dir, "--root-key-out", root_out, "-o", out)
    assert p.returncode == 0, p.stderr
    assert js["operation"] == "migrate" and list(js["new_keys"]) == ["root"]
    assert snapshot(src_dir) == before
    assert out.is_dir()
    assert mode(root_out) == 0o600
    root = KeyPair.load(root_out)
    report = assert_ours_pass(out)
    assert aleth_ok(out)
    store = open_path(out).store
    check_migration(store, legacy, root)
    k1 = era(report, "key-001")
    assert k1.state == "active" and k1.granted_event_type == "key_grant"
    # the legacy commits stay valid under the migrated identity
    assert all(s == Status.VALID for s in report.commits.values())
    assert mode(out / "keys" / "signing.key") == 0o600
    assert not (out / "keys" / "root.key").exists()

    # the written root key governs the migrated store: rotate with it
    src2 = A.load_source(out)
    res = A.rotate(src2, root)
    assert res.ok
    out2 = work / "migrated-rotated"
    A.write_result(res, out2)
    assert aleth_ok(out2)
    assert era(assert_ours_pass(out2), "key-001").cutoff == legacy.head


@pytest.mark.parametrize("fmt", ["ALETH002", "ALETH001"])
def test_migrate_sealed(work: Path, fmt: str) -> None:
    legacy = legacy_writer()
    secret = C.new_recovery_secret()
    blob = (
        C.seal_v2(legacy.store.files, PASS, recovery_secret=secret)
        if fmt == "ALETH002"
        else C.seal_v1(legacy.store.files, PASS)
    )
    path = work / "legacy.aleth"
    path.write_bytes(blob)
    src = A.load_source(path, Credential(passphrase=PASS))
    assert src.report.verdict == "pass"
    with pytest.raises(OperationError) as exc:  # a v0.1 store has no root to rotate with
        A.rotate(src, KeyPair.generate())
    assert exc.value.code == "no_root"
    res = A.migrate(src)
    assert res.ok
    root = res.new_keys["root"]
    out = work / "migrated.aleth"
    A.write_result(res, out)
    assert path.read_bytes() == blob
    assert out.read_bytes()[:8] == fmt.encode()
    report = assert_ours_pass(out, Credential(passphrase=PASS))
    assert aleth_ok(out, passphrase=PASS)
    check_migration(open_path(out, Credential(passphrase=PASS)).store, legacy, root)
    if fmt == "ALETH002":  # every unlock slot kept
        code = C.encode_recovery_code(secret)
        assert_ours_pass(out, Credential(recovery_code=code))
        assert aleth_ok(out, recovery_code=code)
    assert era(report, "key-001").state == "active"
    assert_no_plaintext(work)

    # migrating twice is refused
    src2 = A.load_source(out, Credential(passphrase=PASS))
    with pytest.raises(OperationError) as exc:
        A.migrate(src2)
    assert exc.value.code == "already_migrated"


# =========================================================================== label


def test_label_refute_with_evidence_cli(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    before = demo_copy.read_bytes()
    memory = memory_with_label(demo_src.report, "poison_likely")
    evidence = evidence_of_type(demo_src.store, "audit_review")
    out = work / "labelled.aleth"
    p, js = cli_json(
        "label",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--memory",
        memory,
        "--label",
        "poison_refuted",
        "--key",
        KEYS / "auditor-001.pem",
        "--reason",
        "checked with the owner <private>call notes</private>",
        "--evidence",
        evidence,
        "--confidence",
        "900",
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert js["verdict"] == "pass" and len(js["added"]) == 1 and js["changed"] == ["HEAD"]
    assert demo_copy.read_bytes() == before
    cred = Credential(passphrase=PASS)
    report = assert_ours_pass(out, cred)
    assert aleth_ok(out, passphrase=PASS)
    view = report.mutmem.memories[memory]
    assert view.label == "poison_refuted"
    last = view.labels[-1]
    assert last.key_id == "auditor-001" and last.role == "auditor"
    assert last.evidence == [evidence] and last.confidence_milli == 900
    assert last.reason == "checked with the owner [REDACTED]"
    # nothing is deleted: the earlier detector labels are still in the chain
    assert [lp.label for lp in view.labels][:-1] == [
        lp.label for lp in demo_src.report.mutmem.memories[memory].labels
    ]
    assert b"call notes" not in b"".join(open_path(out, cred).store.files.values())


def test_label_refuses_what_the_verifier_would_flag(
    demo_src: A.Source, auditor_key: KeyPair, housekeeper_key: KeyPair
) -> None:
    memory = memory_with_label(demo_src.report, "poison_likely")
    evidence = evidence_of_type(demo_src.store, "audit_review")
    agent = KeyPair.from_pem(demo_src.store.files["keys/signing.key"])
    cases = [
        (dict(label_="poison_refuted", key=housekeeper_key, evidence=[evidence]), "mutmem_role_unauthorized"),
        (dict(label_="poison_refuted", key=auditor_key, evidence=[]), "mutmem_label_evidence_missing"),
        (
            dict(label_="supported", key=auditor_key, evidence=["sha256:" + "1" * 64]),
            "mutmem_label_evidence_missing",
        ),
        (dict(label_="poison_suspect", key=agent, evidence=[]), "mutmem_role_unauthorized"),
        (dict(label_="poison_suspect", key=KeyPair.generate(), evidence=[]), "key_not_active"),
        (dict(label_="nonsense", key=auditor_key, evidence=[evidence]), "mutmem_target_invalid"),
    ]
    for kw, code in cases:
        with pytest.raises(OperationError) as exc:
            A.label(demo_src, memory, kw["label_"], kw["key"], "r", evidence=kw["evidence"])
        assert exc.value.code == code, kw
    with pytest.raises(OperationError) as exc:
        A.label(demo_src, demo_src.store.head, "poison_suspect", housekeeper_key, "not a plain memory")
    assert exc.value.code == "mutmem_target_invalid"
    with pytest.raises(OperationError) as exc:
        A.label(demo_src, memory, "poison_suspect", housekeeper_key, "r", confidence_milli=1001)
    assert exc.value.code == "mutmem_target_invalid"


def test_label_by_revoked_key_is_refused(work: Path, demo_src: A.Source, root_key: KeyPair, creds) -> None:
    res = A.revoke(demo_src, root_key, "auditor-001", reason="compromise")
    revoked = work / "revoked.aleth"
    A.write_result(res, revoked)
    before = revoked.read_bytes()
    memory = memory_with_label(demo_src.report, "poison_likely")
    evidence = evidence_of_type(demo_src.store, "audit_review")
    out = work / "labelled.aleth"
    p = cli(
        "label",
        revoked,
        "--passphrase-file",
        creds.passphrase,
        "--memory",
        memory,
        "--label",
        "poison_refuted",
        "--key",
        KEYS / "auditor-001.pem",
        "--reason",
        "late",
        "--evidence",
        evidence,
        "-o",
        out,
    )
    assert p.returncode == 3
    assert "key_not_active" in p.stderr
    assert not out.exists() and revoked.read_bytes() == before


# =========================================================================== rekey


def test_rekey_keep_recovery_cli(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    out = work / "rekeyed.aleth"
    p, js = cli_json(
        "rekey",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--new-passphrase-file",
        creds.new_passphrase,
        "--keep-recovery-code-file",
        creds.recovery,
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert js["recovery_code_generated"] is False and js["added"] == [] and js["changed"] == []
    assert demo_copy.read_bytes() == before
    assert mode(out) == 0o600
    # the old passphrase is refused, the new one and the kept recovery code open
    with pytest.raises(ContainerError) as exc:
        open_path(out, Credential(passphrase=PASS))
    assert exc.value.code == "wrong_passphrase"
    assert_ours_pass(out, Credential(passphrase=NEW_PASS))
    assert_ours_pass(out, Credential(recovery_code=RECOVERY))
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_ok(out, recovery_code=RECOVERY)
    assert aleth_refuses(out, passphrase=PASS)
    # same payload, same container id, fresh slots
    assert new_store_files(out, Credential(passphrase=NEW_PASS)) == new_store_files(
        demo_copy, Credential(passphrase=PASS)
    )
    env_old, env_new = C.parse_envelope(before), C.parse_envelope(out.read_bytes())
    assert env_new.header["container_id"] == env_old.header["container_id"]
    assert env_new.slot_types == ("passphrase", "recovery-secret")
    assert_no_plaintext(work, secrets=(NEW_PASS.encode(), RECOVERY.encode()))


def test_rekey_new_recovery_code_cli(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    out = work / "rekeyed.aleth"
    code_out = work / "new.recovery.txt"
    p, js = cli_json(
        "rekey",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--new-passphrase-file",
        creds.new_passphrase,
        "--new-recovery-code-out",
        code_out,
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert js["recovery_code_generated"] is True
    assert demo_copy.read_bytes() == before
    assert mode(code_out) == 0o600
    code = code_out.read_text().strip()
    assert code != RECOVERY and code not in p.stdout + p.stderr  # written to the file, not printed
    C.decode_recovery_code(code)
    with pytest.raises(ContainerError) as exc:
        open_path(out, Credential(recovery_code=RECOVERY))
    assert exc.value.code == "wrong_passphrase"
    with pytest.raises(ContainerError) as exc:
        open_path(out, Credential(passphrase=PASS))
    assert exc.value.code == "wrong_passphrase"
    assert_ours_pass(out, Credential(recovery_code=code))
    assert_ours_pass(out, Credential(passphrase=NEW_PASS))
    assert aleth_ok(out, recovery_code=code)
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_refuses(out, recovery_code=RECOVERY)


def test_rekey_without_recovery_decision_is_refused(
    work: Path, demo_copy: Path, creds, demo_src: A.Source
) -> None:
    before = demo_copy.read_bytes()
    out = work / "x.aleth"
    p = cli(
        "rekey",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--new-passphrase-file",
        creds.new_passphrase,
        "-o",
        out,
    )
    assert p.returncode == 3
    assert "recovery_slot_decision" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before
    with pytest.raises(OperationError) as exc:
        A.rekey(demo_src, NEW_PASS)
    assert exc.value.code == "recovery_slot_decision"
    with pytest.raises(OperationError) as exc:
        A.rekey(demo_src, NEW_PASS, keep_recovery_code=RECOVERY, new_recovery_code=True)
    assert exc.value.code == "usage"


def test_rekey_keep_with_wrong_recovery_code_is_refused(demo_src: A.Source) -> None:
    wrong = C.encode_recovery_code(b"\x01" * 32)
    with pytest.raises(ContainerError) as exc:
        A.rekey(demo_src, NEW_PASS, keep_recovery_code=wrong)
    assert exc.value.code == "wrong_passphrase"
    with pytest.raises(ContainerError) as exc:
        A.rekey(demo_src, NEW_PASS, keep_recovery_code="aleth-recovery-v1:short")
    assert exc.value.code == "invalid_recovery_code"


def test_rekey_wrong_old_passphrase_cli(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    wrong = secret_file(creds.dir / "wrong.txt", "not the passphrase")
    out = work / "x.aleth"
    p = cli(
        "rekey",
        demo_copy,
        "--passphrase-file",
        wrong,
        "--new-passphrase-file",
        creds.new_passphrase,
        "--keep-recovery-code-file",
        creds.recovery,
        "-o",
        out,
    )
    assert p.returncode == 2
    assert "wrong_passphrase" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before


@pytest.mark.parametrize("new_code", [False, True])
def test_rekey_aleth001_to_aleth002(work: Path, demo_files: dict[str, bytes], new_code: bool) -> None:
    v1 = work / "old.aleth"
    blob = C.seal_v1(demo_files, "v1 passphrase")
    v1.write_bytes(blob)
    assert aleth_ok(v1, passphrase="v1 passphrase")
    src = A.load_source(v1, Credential(passphrase="v1 passphrase"))
    with pytest.raises(OperationError) as exc:  # an ALETH001 file has no recovery slot to keep
        A.rekey(src, NEW_PASS, keep_recovery_code=RECOVERY)
    assert exc.value.code == "no_recovery_slot"
    res = A.rekey(src, NEW_PASS, new_recovery_code=new_code)
    assert any("ALETH002" in n for n in res.notes)
    out = work / "new.aleth"
    A.write_result(res, out, new_passphrase=NEW_PASS)
    assert v1.read_bytes() == blob
    assert out.read_bytes()[:8] == b"ALETH002"
    assert_ours_pass(out, Credential(passphrase=NEW_PASS))
    assert aleth_ok(out, passphrase=NEW_PASS)
    with pytest.raises(ContainerError) as exc:
        open_path(out, Credential(passphrase="v1 passphrase"))
    assert exc.value.code == "wrong_passphrase"
    assert C.parse_envelope(out.read_bytes()).has_recovery_slot is new_code
    if new_code:
        assert res.recovery_code is not None
        assert_ours_pass(out, Credential(recovery_code=res.recovery_code))
        assert aleth_ok(out, recovery_code=res.recovery_code)
    assert_no_plaintext(work, secrets=(NEW_PASS.encode(),))


def test_rekey_in_place_python_api(demo_copy: Path) -> None:
    src = A.load_source(demo_copy, Credential(passphrase=PASS))
    res = A.rekey(src, NEW_PASS, keep_recovery_code=RECOVERY)
    A.write_result(res, None, in_place=True, new_passphrase=NEW_PASS)
    assert listing(demo_copy.parent) == {"demo.aleth"}
    assert_ours_pass(demo_copy, Credential(passphrase=NEW_PASS))
    with pytest.raises(ContainerError) as exc:
        open_path(demo_copy, Credential(passphrase=PASS))
    assert exc.value.code == "wrong_passphrase"
    assert aleth_ok(demo_copy, recovery_code=RECOVERY)


def test_rekey_directory_is_refused(demo_dir: Path) -> None:
    src = A.load_source(demo_dir)
    with pytest.raises(OperationError) as exc:
        A.rekey(src, NEW_PASS)
    assert exc.value.code == "not_sealed"


# =========================================================================== recover


def test_recover_keeps_recovery_code(work: Path, demo_copy: Path) -> None:
    before = demo_copy.read_bytes()
    src = A.load_source(demo_copy, Credential(recovery_code=RECOVERY))
    res = A.recover(src, NEW_PASS)
    assert res.operation == "recover" and res.recovery_code is None
    out = work / "recovered.aleth"
    A.write_result(res, out, new_passphrase=NEW_PASS)
    assert demo_copy.read_bytes() == before
    assert_ours_pass(out, Credential(passphrase=NEW_PASS))
    assert_ours_pass(out, Credential(recovery_code=RECOVERY))  # the slot stays
    with pytest.raises(ContainerError) as exc:
        open_path(out, Credential(passphrase=PASS))
    assert exc.value.code == "wrong_passphrase"
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_ok(out, recovery_code=RECOVERY)
    assert_no_plaintext(work, secrets=(NEW_PASS.encode(), RECOVERY.encode()))


def test_recover_new_recovery_code_cli(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    out = work / "recovered.aleth"
    code_out = work / "recovery-2.txt"
    p, js = cli_json(
        "recover",
        demo_copy,
        "--recovery-code-file",
        creds.recovery,
        "--new-passphrase-file",
        creds.new_passphrase,
        "--new-recovery-code-out",
        code_out,
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert js["operation"] == "recover" and js["recovery_code_generated"] is True
    assert demo_copy.read_bytes() == before
    assert mode(code_out) == 0o600 and mode(out) == 0o600
    code = code_out.read_text().strip()
    assert code != RECOVERY
    assert_ours_pass(out, Credential(passphrase=NEW_PASS))
    assert_ours_pass(out, Credential(recovery_code=code))
    for old in (Credential(recovery_code=RECOVERY), Credential(passphrase=PASS)):
        with pytest.raises(ContainerError) as exc:
            open_path(out, old)
        assert exc.value.code == "wrong_passphrase"
    assert aleth_ok(out, passphrase=NEW_PASS)
    assert aleth_ok(out, recovery_code=code)
    assert aleth_refuses(out, recovery_code=RECOVERY)


def test_recover_wrong_recovery_code(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    wrong = C.encode_recovery_code(bytes(range(32)))
    with pytest.raises(ContainerError) as exc:
        A.load_source(demo_copy, Credential(recovery_code=wrong))
    assert exc.value.code == "wrong_passphrase"
    code_file = secret_file(creds.dir / "wrong-code.txt", wrong)
    out = work / "x.aleth"
    p = cli(
        "recover",
        demo_copy,
        "--recovery-code-file",
        code_file,
        "--new-passphrase-file",
        creds.new_passphrase,
        "-o",
        out,
    )
    assert p.returncode == 2 and "wrong_passphrase" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before


def test_recover_malformed_recovery_code(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    code_file = secret_file(creds.dir / "bad-code.txt", "aleth-recovery-v1:not*base64url")
    out = work / "x.aleth"
    p = cli(
        "recover",
        demo_copy,
        "--recovery-code-file",
        code_file,
        "--new-passphrase-file",
        creds.new_passphrase,
        "-o",
        out,
    )
    assert p.returncode in (2, 3)
    assert "invalid_recovery_code" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before
    with pytest.raises(ContainerError) as exc:
        A.load_source(demo_copy, Credential(recovery_code="definitely not a code"))
    assert exc.value.code == "invalid_recovery_code"


def test_recover_needs_the_recovery_code(demo_src: A.Source, creds, demo_copy: Path) -> None:
    with pytest.raises(OperationError) as exc:
        A.recover(demo_src, NEW_PASS)  # opened with the passphrase
    assert exc.value.code == "usage"
    p = cli(
        "recover",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--new-passphrase-file",
        creds.new_passphrase,
        "--dry-run",
    )
    assert p.returncode == 3 and "--recovery-code-file" in p.stderr


# =========================================================================== root key negatives


def test_wrong_root_key_cli(work: Path, demo_copy: Path, creds) -> None:
    """A key of this file that is not its root (the auditor key) is refused."""
    before = demo_copy.read_bytes()
    out = work / "x.aleth"
    p = cli(
        "rotate",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "auditor-001.pem",
        "-o",
        out,
    )
    assert p.returncode == 3
    assert "wrong_root_key" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before


def test_root_key_of_another_file(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    before = demo_copy.read_bytes()
    other_root = build_demo(n_memories=12).keys["root"]
    with pytest.raises(OperationError) as exc:
        A.revoke(demo_src, other_root, "auditor-001")
    assert exc.value.code == "wrong_root_key"
    for op in (A.rotate, lambda s, r: A.grant(s, r, "auditor")):
        with pytest.raises(OperationError) as exc:
            op(demo_src, other_root)
        assert exc.value.code == "wrong_root_key"
    pem = creds.dir / "other-root.pem"
    pem.write_bytes(other_root.pem())
    key_out = work / "new.pem"
    out = work / "x.aleth"
    p = cli(
        "grant",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        pem,
        "--role",
        "auditor",
        "--key-out",
        key_out,
        "-o",
        out,
    )
    assert p.returncode == 3 and "wrong_root_key" in p.stderr
    assert not out.exists() and not key_out.exists() and demo_copy.read_bytes() == before


def test_unreadable_root_key_cli(work: Path, demo_copy: Path, creds) -> None:
    before = demo_copy.read_bytes()
    bad = creds.dir / "bad.pem"
    bad.write_text("-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----\n")
    out = work / "x.aleth"
    p = cli(
        "revoke",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        bad,
        "--key",
        "auditor-001",
        "-o",
        out,
    )
    assert p.returncode == 3 and "key_invalid" in p.stderr
    assert not out.exists() and demo_copy.read_bytes() == before


# =========================================================================== output targets


def test_target_in_missing_directory(
    work: Path, demo_copy: Path, creds, demo_src: A.Source, root_key: KeyPair
) -> None:
    before = demo_copy.read_bytes()
    out = work / "missing" / "out.aleth"
    p = cli(
        "rotate", demo_copy, "--passphrase-file", creds.passphrase, "--root-key", KEYS / "root.pem", "-o", out
    )
    assert p.returncode == 3 and "target_directory_missing" in p.stderr
    assert not out.parent.exists() and demo_copy.read_bytes() == before
    assert listing(work) == {"demo.aleth"}
    res = A.rotate(demo_src, root_key)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, out)
    assert exc.value.code == "target_directory_missing"


def test_existing_target_is_refused(
    work: Path, demo_copy: Path, demo_src: A.Source, root_key: KeyPair
) -> None:
    existing = work / "existing.aleth"
    existing.write_bytes(b"keep me")
    res = A.grant(demo_src, root_key, "auditor")
    with pytest.raises(OperationError) as exc:
        A.write_result(res, existing)
    assert exc.value.code == "target_exists"
    assert existing.read_bytes() == b"keep me"
    with pytest.raises(OperationError) as exc:
        A.write_result(res, None)
    assert exc.value.code == "usage"


@pytest.mark.parametrize("fail,err", [("replace", errno.EACCES), ("write", errno.ENOSPC)])
def test_unwritable_target_new_path(
    work: Path, demo_copy: Path, monkeypatch: pytest.MonkeyPatch, root_key: KeyPair, fail: str, err: int
) -> None:
    before = demo_copy.read_bytes()
    src = A.load_source(demo_copy, Credential(passphrase=PASS))
    res = A.rotate(src, root_key)
    out = work / "out.aleth"
    monkeypatch.setattr(safe, "os", FailingOS(fail, err))
    with pytest.raises(OperationError) as exc:
        A.write_result(res, out)
    assert exc.value.code == "write_failed"
    assert os.strerror(err) in exc.value.message
    monkeypatch.undo()
    assert not out.exists()
    assert listing(work) == {"demo.aleth"}  # no temp file left behind
    assert demo_copy.read_bytes() == before


@pytest.mark.parametrize(
    "fail,err", [("replace", errno.EACCES), ("write", errno.ENOSPC), ("fsync", errno.EIO)]
)
def test_unwritable_target_in_place(
    work: Path, demo_copy: Path, monkeypatch: pytest.MonkeyPatch, root_key: KeyPair, fail: str, err: int
) -> None:
    before = demo_copy.read_bytes()
    src = A.load_source(demo_copy, Credential(passphrase=PASS))
    res = A.rekey(src, NEW_PASS, keep_recovery_code=RECOVERY)
    monkeypatch.setattr(safe, "os", FailingOS(fail, err))
    with pytest.raises(OperationError) as exc:
        A.write_result(res, None, in_place=True, new_passphrase=NEW_PASS)
    assert exc.value.code == "write_failed"
    monkeypatch.undo()
    assert demo_copy.read_bytes() == before  # the source is untouched
    assert listing(work) == {"demo.aleth"}  # backup restored, temp file removed
    assert_ours_pass(demo_copy, Credential(passphrase=PASS))


def test_unwritable_target_cli_in_place(work: Path, demo_copy: Path, creds) -> None:
    """The same through the CLI: os.replace in inspector.core.write.safe fails."""
    before = demo_copy.read_bytes()
    code = (
        "import errno, os, sys\n"
        "from inspector.core.write import safe\n"
        "from inspector import cli\n"
        "class F:\n"
        "    def __getattr__(self, n):\n"
        "        if n == 'replace':\n"
        "            def boom(*a, **k): raise OSError(errno.EACCES, os.strerror(errno.EACCES))\n"
        "            return boom\n"
        "        return getattr(os, n)\n"
        "safe.os = F()\n"
        "sys.exit(cli.main(sys.argv[1:]))\n"
    )
    p = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "revoke",
            str(demo_copy),
            "--passphrase-file",
            str(creds.passphrase),
            "--root-key",
            str(KEYS / "root.pem"),
            "--key",
            "auditor-001",
            "--in-place",
        ],
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT,
        cwd=ROOT,
    )
    assert p.returncode == 3, p.stderr
    assert "write_failed" in p.stderr and "Permission denied" in p.stderr
    assert demo_copy.read_bytes() == before and listing(work) == {"demo.aleth"}


# =========================================================================== in place, dry run


def test_in_place_cli_sealed(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    key_out = work / "hk2.pem"
    p = cli(
        "grant",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--role",
        "housekeeper",
        "--key-out",
        key_out,
        "--in-place",
    )
    assert p.returncode == 0, p.stderr
    assert listing(work) == {"demo.aleth", "hk2.pem"}  # the backup is gone once the new file verified
    report = assert_ours_pass(demo_copy, Credential(passphrase=PASS))
    assert era(report, "housekeeper-002").public_key == KeyPair.load(key_out).jwk["x"]
    assert aleth_ok(demo_copy, passphrase=PASS)
    assert aleth_ok(demo_copy, recovery_code=RECOVERY)


def test_dry_run_writes_nothing(work: Path, demo_copy: Path, creds, demo_src: A.Source) -> None:
    before = demo_copy.read_bytes()
    out = work / "out.aleth"
    key_out = work / "new.pem"
    p, js = cli_json(
        "rotate",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "housekeeper-001",
        "--new-key-out",
        key_out,
        "--dry-run",
        "-o",
        out,
    )
    assert p.returncode == 0, p.stderr
    assert js["dry_run"] is True and js["written"] is None and js["verdict"] == "pass"
    after = {e["key_id"]: e for e in js["eras_after"]}
    assert after["housekeeper-001"]["state"] == "revoked"
    assert after["housekeeper-001"]["cutoff"] == demo_src.store.head
    assert after["housekeeper-002"]["grant_cutoff"] == demo_src.store.head
    assert {e["key_id"] for e in js["eras_before"]} == {e.key_id for e in demo_src.report.eras}
    assert listing(work) == {"demo.aleth"} and demo_copy.read_bytes() == before

    # the human-readable preview of a rekey and of an in-place grant: nothing written either
    code_out = work / "code.txt"
    p = cli(
        "rekey",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--new-passphrase-file",
        creds.new_passphrase,
        "--new-recovery-code-out",
        code_out,
        "--dry-run",
    )
    assert p.returncode == 0, p.stderr
    assert "rekey: result PASS" in p.stdout and "aleth-recovery-v1:" not in p.stdout + p.stderr
    p = cli(
        "grant",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--role",
        "auditor",
        "--key-out",
        key_out,
        "--in-place",
        "--dry-run",
    )
    assert p.returncode == 0, p.stderr
    assert "auditor-002" in p.stdout
    assert listing(work) == {"demo.aleth"} and demo_copy.read_bytes() == before


def test_cli_needs_an_output_choice(demo_copy: Path, creds) -> None:
    p = cli(
        "revoke",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "auditor-001",
    )
    assert p.returncode == 3 and "-o OUT" in p.stderr


# =========================================================================== directory stores, invalid input


def test_directory_output_is_a_new_directory(work: Path, demo_dir: Path, root_key: KeyPair) -> None:
    before = snapshot(demo_dir)
    src = A.load_source(demo_dir)
    assert src.report.verdict == "pass" and not src.is_sealed
    res = A.rotate(src, root_key)
    out = work / "rotated-store"
    A.write_result(res, out)
    assert out.is_dir() and snapshot(demo_dir) == before
    report = assert_ours_pass(out)
    assert era(report, "key-004").grant_cutoff == src.store.head
    assert aleth_ok(out)
    assert KeyPair.from_pem((out / "keys" / "signing.key").read_bytes()).jwk == key_with_jwk(
        res.store, "key-004"
    )
    assert mode(out / "keys" / "signing.key") == 0o600
    assert not any(n.endswith(".tmp") for n in listing(work))


def test_directory_in_place_cli(work: Path, demo_dir: Path) -> None:
    p = cli(
        "revoke",
        demo_dir,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "housekeeper-001",
        "--reason",
        "rotation",
        "--in-place",
    )
    assert p.returncode == 0, p.stderr
    assert listing(work) == {"demo-store"}  # no backup, no staging directory left
    report = assert_ours_pass(demo_dir)
    assert era(report, "housekeeper-001").state == "revoked"
    assert aleth_ok(demo_dir)


def tamper_one_commit(store_dir: Path) -> str:
    """Change one memory's text in place (id no longer matches: DIGEST_MISMATCH)."""
    commits = sorted((store_dir / "commits").iterdir())
    for path in commits:
        obj = json.loads(path.read_text())
        if obj["content"].get("kind") == "fact":
            obj["content"]["text"] = obj["content"]["text"] + " (edited)"
            path.write_text(json.dumps(obj, indent=2))
            return obj["commit_id"]
    raise AssertionError("no fact commit")


def test_invalid_input_refused_unless_allowed(work: Path, demo_dir: Path) -> None:
    tampered = tamper_one_commit(demo_dir)
    before = snapshot(demo_dir)
    src = A.load_source(demo_dir)
    assert src.report.verdict == "fail" and src.report.commits[tampered] == Status.DIGEST_MISMATCH
    args = (
        "grant",
        demo_dir,
        "--root-key",
        KEYS / "root.pem",
        "--role",
        "auditor",
        "--key-out",
        work / "k.pem",
    )
    out = work / "out-store"

    p = cli(*args, "-o", out)
    assert p.returncode == 3 and "invalid_input" in p.stderr and "--allow-invalid-input" in p.stderr
    assert not out.exists()

    p, js = cli_json(*args, "-o", out, "--allow-invalid-input", "--dry-run")
    assert p.returncode == 1  # the result still carries the tampered commit
    assert js["allow_invalid_input"] is True and js["input_verdict"] == "fail" and js["dry_run"] is True
    assert any("allow-invalid-input" in n for n in js["notes"])
    assert any(f["code"] for f in js["findings"] if f["object_id"] == tampered)

    p, js = cli_json(*args, "-o", out, "--allow-invalid-input")
    assert p.returncode == 1 and "nothing was written" in p.stderr
    assert js["allow_invalid_input"] is True and js["verdict"] == "fail" and js["written"] is None
    assert not out.exists() and not (work / "k.pem").exists()
    assert snapshot(demo_dir) == before

    # through the API the flag is recorded on the result too
    res = A.grant(src, KeyPair.load(KEYS / "root.pem"), "auditor", allow_invalid=True)
    assert res.allow_invalid_input and res.to_json()["allow_invalid_input"] is True
    with pytest.raises(OperationError) as exc:
        A.grant(src, KeyPair.load(KEYS / "root.pem"), "auditor")
    assert exc.value.code == "invalid_input"


def alethech_cli(*args: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from alethech.cli import cli; sys.exit(cli())", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT,
        cwd=ROOT,
    )


def test_directory_in_place_keeps_files_it_does_not_manage(work: Path, tmp_path: Path) -> None:
    """A store made by alethech itself (``init`` + ``migrate --to v0.2``) keeps its
    root and recovery private keys in keys/root.key and keys/recovery.key.  The
    inspector never reads or seals them, and an in-place write must not destroy them."""
    store_dir = work / "alethech-store"
    assert alethech_cli("--store", store_dir, "init").returncode == 0
    p = alethech_cli("--store", store_dir, "migrate", "--to", "v0.2")
    assert p.returncode == 0, p.stderr
    root_key = store_dir / "keys" / "root.key"
    recovery_key = store_dir / "keys" / "recovery.key"
    kept = {p: p.read_bytes() for p in (root_key, recovery_key)}
    assert_ours_pass(store_dir)

    key_out = tmp_path / "auditor.pem"
    p = cli(
        "grant", store_dir, "--root-key", root_key, "--role", "auditor", "--key-out", key_out, "--in-place"
    )
    assert p.returncode == 0, p.stderr
    assert era(assert_ours_pass(store_dir), "auditor-001").state == "active"
    assert aleth_ok(store_dir)
    # regression test for a bug found by this test (now fixed)
    for path, data in kept.items():
        assert path.is_file() and path.read_bytes() == data, f"{path} was destroyed by --in-place"


def cli_with_failure(patch: str, *args: Any) -> subprocess.CompletedProcess[str]:
    """Run the CLI with one OSError injected (``patch`` is Python run first)."""
    code = (
        "import errno, os, shutil, sys, tempfile\n"
        "def boom(*a, **k): raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))\n"
        f"{patch}\n"
        "from inspector import cli\n"
        "sys.exit(cli.main(sys.argv[1:]))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT,
        cwd=ROOT,
    )


def test_unwritable_backup_location_cli_in_place(work: Path, demo_copy: Path, creds) -> None:
    """--in-place first copies the source to a backup beside it; in a directory the
    user cannot write to (injected: CI runs as root) that copy fails."""
    before = demo_copy.read_bytes()
    p = cli_with_failure(
        "shutil.copy2 = boom",
        "revoke",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "auditor-001",
        "--in-place",
    )
    assert demo_copy.read_bytes() == before and listing(work) == {"demo.aleth"}
    # regression test for a bug found by this test (now fixed)
    assert "Traceback" not in p.stderr, p.stderr[-1500:]
    assert p.returncode == 3 and "Permission denied" in p.stderr


def test_unwritable_directory_output_cli(work: Path, demo_dir: Path) -> None:
    before = snapshot(demo_dir)
    out = work / "out-store"
    p = cli_with_failure(
        "tempfile.mkdtemp = boom",
        "revoke",
        demo_dir,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "auditor-001",
        "-o",
        out,
    )
    assert snapshot(demo_dir) == before and not out.exists()
    # regression test for a bug found by this test (now fixed)
    assert "Traceback" not in p.stderr, p.stderr[-1500:]
    assert p.returncode == 3 and "Permission denied" in p.stderr


def test_unopenable_input_exit_2(work: Path, demo_copy: Path, creds) -> None:
    blob = bytearray(demo_copy.read_bytes())
    blob[-100] ^= 1  # one flipped ciphertext bit
    demo_copy.write_bytes(bytes(blob))
    p = cli(
        "revoke",
        demo_copy,
        "--passphrase-file",
        creds.passphrase,
        "--root-key",
        KEYS / "root.pem",
        "--key",
        "auditor-001",
        "-o",
        work / "x.aleth",
    )
    assert p.returncode == 2 and "authentication_failed" in p.stderr
    assert demo_copy.read_bytes() == bytes(blob)

    not_a_store = work / "empty-dir"
    not_a_store.mkdir()
    p = cli(
        "grant",
        not_a_store,
        "--root-key",
        KEYS / "root.pem",
        "--role",
        "auditor",
        "--key-out",
        work / "k.pem",
        "-o",
        work / "y",
    )
    assert "not_a_store" in p.stderr
    assert listing(work) == {"demo.aleth", "empty-dir"}
    # regression test for a bug found by this test (now fixed)
    assert p.returncode == 2
