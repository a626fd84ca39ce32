"""Interoperability with alethech 0.9.5, in both directions.

1. Stores made by alethech (its CLI for init/commit/key rotate/container seal, its
   Python API for evidence) are read and verified by us: verdict pass on the
   directory and on the sealed file (passphrase and recovery code), with per-commit
   statuses consistent with alethech's own ``verify_store``.
2. Files made by us (StoreWriter + seal_v1/seal_v2) open in alethech's openers, which
   materialize the payload and refuse it unless alethech's ``verify_store`` is ok.
3. On honest stores of ours, our verdict and alethech's agree.

scrypt costs ~0.1-0.2 s per seal/open, so every sealed file is made once per module.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from alethech.api import Alethech
from alethech.container import open_container as aleth_open_v1
from alethech.container_v2 import open_container_v2 as aleth_open_v2
from alethech.store import Store as AlethStore
from alethech.verify import verify_store

from inspector.core.canonical import loads_strict
from inspector.core.container import (
    Credential,
    encode_recovery_code,
    new_recovery_secret,
    seal_v1,
    seal_v2,
)
from inspector.core.findings import Severity
from inspector.core.keys import KeyPair
from inspector.core.opener import open_and_verify
from inspector.core.store import Store, read_directory
from inspector.core.verify.engine import verify
from inspector.core.verify.report import Report, Status
from inspector.core.write.builder import StoreWriter, stepping_clock
from inspector.core.write.directory import write_directory

from ..conftest import alethech_cli

PASSPHRASE = "interop-pässphrase-✓"

CONTENTS = [
    {
        "pi": 3.141592653589793,
        "tiny": 1e-7,
        "huge": 1e21,
        "neg_zero": -0.0,
        "int_float": 2.0,
        "text": "h\u00e9llo w\u00f6rld \U0001f600",
        "ctrl": "tab\there\u0001\u007f",
    },
    {"\U0001f600": [1.5, "\u00fc"], "\ue000": None, "\uffff": True, "a": 1e-5, "z": 123456789.125},
    {"between": "rotations", "values": [0.1, 0.2, 0.30000000000000004, 5e-324, 1.7976931348623157e308]},
    {"second": "\u65e5\u672c\u8a9e", "big_int": 9007199254740991, "neg": -9007199254740991},
    {"after": "final", "float": 1e16, "small": 1e-6, "nested": {"b": {"a": [[], {}]}}},
]


# --------------------------------------------------------------------------- alethech-made store


def _aleth_cli(store: Path, *args: str):  # type: ignore[no-untyped-def]
    return alethech_cli("--store", store, *args)


def _aleth(store: Path, *args: str) -> str:
    r = _aleth_cli(store, *args)
    assert r.exit_code == 0, (args, r.output)
    return r.output


def _commit_id(stdout: str) -> str:
    m = re.search(r"^commit: (sha256:[0-9a-f]{64})$", stdout, re.M)
    assert m, stdout
    return m.group(1)


@dataclass
class AlethMade:
    root: Path
    store: Path
    sealed: Path
    pp: Path
    recovery_code: str
    legacy_commits: list[str] = field(default_factory=list)  # before the first rotation
    between_commits: list[str] = field(default_factory=list)  # between the two rotations
    after_commits: list[str] = field(default_factory=list)  # after the second rotation
    evidence: list[str] = field(default_factory=list)
    cutoffs: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def aleth_made(tmp_path_factory: pytest.TempPathFactory) -> AlethMade:
    root = tmp_path_factory.mktemp("alethech_made")
    store = root / "store"
    pp = root / "passphrase.txt"
    pp.write_text(PASSPHRASE + "\n", encoding="utf-8")
    files = []
    for i, content in enumerate(CONTENTS):
        p = root / f"content{i}.json"
        p.write_text(json.dumps(content), encoding="utf-8")
        files.append(p)

    made = AlethMade(root, store, root / "memory.aleth", pp, "")
    out = _aleth(store, "init")
    genesis = re.search(r"^genesis_commit: (sha256:[0-9a-f]{64})$", out, re.M).group(1)
    made.legacy_commits.append(genesis)
    made.legacy_commits.append(_commit_id(_aleth(store, "commit", "--content", str(files[0]))))
    # evidence through the Python API, before any rotation (legacy identity, key-001)
    ev1 = Alethech.open(store).evidence(
        tool="grep",
        tool_version="3.11",
        input_bytes=b"pattern\n",
        output_bytes=b"match \xe2\x9c\x93\n",
        artifacts={"stdout.txt": "match ✓\n".encode(), "blob.bin": bytes(range(256))},
    )
    made.evidence.append(ev1.commit_id)
    # a commit in the pre-rotation history references it, so the era rule can place it
    made.legacy_commits.append(
        _commit_id(
            _aleth(
                store, "commit", "--content", str(files[1]), "--evidence", ev1.commit_id, "--type", "episodic"
            )
        )
    )
    made.cutoffs.append(made.legacy_commits[-1])
    _aleth(store, "key", "rotate")  # auto-migrates v0.1 -> v0.2, then key-001 -> key-002
    ev2 = Alethech.open(store).evidence(
        tool="ls", input_bytes=b"", output_bytes=b"a b c", artifacts={"ls.txt": b"a b c"}
    )
    made.evidence.append(ev2.commit_id)
    made.between_commits.append(
        _commit_id(_aleth(store, "commit", "--content", str(files[2]), "--evidence", ev2.commit_id))
    )
    made.between_commits.append(_commit_id(_aleth(store, "commit", "--content", str(files[3]))))
    made.cutoffs.append(made.between_commits[-1])
    _aleth(store, "key", "rotate")  # key-002 -> key-003
    made.after_commits.append(
        _commit_id(_aleth(store, "commit", "--content", str(files[4]), "--type", "procedural"))
    )
    rec = root / "recovery.txt"
    _aleth(
        store,
        "container",
        "seal",
        str(made.sealed),
        "--passphrase-file",
        str(pp),
        "--recovery-output",
        str(rec),
    )
    made.recovery_code = rec.read_text(encoding="utf-8").strip()
    assert made.sealed.read_bytes()[:8] == b"ALETH002"
    return made


@pytest.fixture(scope="module")
def aleth_dir_report(aleth_made: AlethMade) -> Report:
    return open_and_verify(aleth_made.store)


def _assert_clean_pass(report: Report) -> None:
    assert report.verdict == "pass", [(f.code, f.object_id, f.message) for f in report.findings]
    assert report.codes(Severity.ERROR) == set()


def test_alethech_directory_passes(aleth_made: AlethMade, aleth_dir_report: Report) -> None:
    report = aleth_dir_report
    _assert_clean_pass(report)
    assert report.codes(Severity.WARNING) == set()
    assert report.container["format"] == "directory"
    assert report.head == aleth_made.after_commits[-1]
    all_commits = aleth_made.legacy_commits + aleth_made.between_commits + aleth_made.after_commits
    assert set(report.commits) == set(all_commits)
    assert set(report.evidence) == set(aleth_made.evidence)


def test_alethech_sealed_file_passes_with_passphrase(aleth_made: AlethMade, aleth_dir_report: Report) -> None:
    report = open_and_verify(aleth_made.sealed, Credential(passphrase=PASSPHRASE))
    _assert_clean_pass(report)
    assert report.container["format"] == "ALETH002"
    assert report.container["has_recovery_slot"] is True
    assert report.head == aleth_dir_report.head
    assert report.commits == aleth_dir_report.commits
    assert report.evidence == aleth_dir_report.evidence


def test_alethech_sealed_file_passes_with_recovery_code(
    aleth_made: AlethMade, aleth_dir_report: Report
) -> None:
    assert aleth_made.recovery_code.startswith("aleth-recovery-v1:")
    report = open_and_verify(aleth_made.sealed, Credential(recovery_code=aleth_made.recovery_code))
    _assert_clean_pass(report)
    assert report.commits == aleth_dir_report.commits


def test_alethech_sealed_payload_excludes_root_and_recovery_keys(aleth_made: AlethMade) -> None:
    from inspector.core.opener import open_path

    res = open_path(aleth_made.sealed, Credential(passphrase=PASSPHRASE))
    assert "keys/signing.key" in res.store.files
    assert not any(p in res.store.files for p in ("keys/root.key", "keys/recovery.key"))
    # the sealed payload holds the same store as the directory (minus the never-sealed keys)
    assert res.store.files == read_directory(aleth_made.store).files


def test_statuses_consistent_with_alethech(aleth_made: AlethMade, aleth_dir_report: Report) -> None:
    ours = aleth_dir_report
    theirs = verify_store(AlethStore.open(aleth_made.store))
    assert theirs.ok is True, theirs.summary()
    assert (ours.verdict == "pass") == theirs.ok
    assert len(ours.commits) == theirs.commits_total
    assert len(ours.evidence) == theirs.evidence_total
    assert theirs.commits_invalid == 0 and theirs.commits_not_in_proven_pre_rotation_history == 0

    # Known, intended divergence: commits made before the first rotation are signed by
    # key-001 under the legacy (v0.1) agent_id.  alethech verifies those against the
    # legacy Identity and counts them as plainly verified (VALID_LEGACY), even though
    # the migration's control chain later revoked that very public key.  We judge by
    # the public key (SPEC B3): revoked key, inside ancestry(cutoff) -> VALID_HISTORICAL.
    for cid in aleth_made.legacy_commits:
        assert ours.commits[cid] == Status.VALID_HISTORICAL, cid
    # signed by key-002 (v0.2 agent_id), revoked by the second rotation: both say historical
    for cid in aleth_made.between_commits:
        assert ours.commits[cid] == Status.VALID_HISTORICAL, cid
    for cid in aleth_made.after_commits:
        assert ours.commits[cid] == Status.VALID, cid
    historical = sum(1 for s in ours.commits.values() if s == Status.VALID_HISTORICAL)
    assert theirs.commits_valid_historical == len(aleth_made.between_commits)
    assert historical == theirs.commits_valid_historical + len(aleth_made.legacy_commits)
    # both pieces of evidence were signed by keys revoked later and are referenced from
    # inside the respective cutoff's history
    assert all(ours.evidence[e] == Status.VALID_HISTORICAL for e in aleth_made.evidence)
    assert theirs.artifacts_missing == 0 and theirs.artifacts_hash_mismatch == 0
    assert theirs.head_commit_id == ours.head


def test_key_eras_follow_alethech_rotations(aleth_made: AlethMade, aleth_dir_report: Report) -> None:
    eras = aleth_dir_report.eras
    assert [e.key_id for e in eras] == ["key-001", "key-002", "key-003"]
    assert [e.state for e in eras] == ["revoked", "revoked", "active"]
    assert [e.cutoff for e in eras[:2]] == aleth_made.cutoffs
    assert eras[0].granted_event_type == "key_grant"  # the migration's genesis grant
    assert [e.granted_event_type for e in eras[1:]] == ["key_rotation", "key_rotation"]
    identity = next(
        o for o in aleth_dir_report.objects.values() if getattr(o, "type", "") == "IdentityRecordV2"
    )
    assert [k["key_id"] for k in identity.get("active_keys")] == ["key-003"]


def test_alethech_content_survives_canonicalisation(aleth_made: AlethMade, aleth_dir_report: Report) -> None:
    # floats, astral keys and control characters as alethech signed them: the ids we
    # recompute match (no digest_mismatch above) and the values read back are equal
    contents = [
        aleth_dir_report.objects[c].content
        for c in aleth_made.legacy_commits[1:] + aleth_made.between_commits + aleth_made.after_commits
    ]
    for got, want in zip(contents, CONTENTS, strict=False):
        assert got == want


# --------------------------------------------------------------------------- our stores, alethech opens


def _v2_rotated_merge() -> StoreWriter:
    w = StoreWriter.create(clock=stepping_clock())
    ev = w.evidence(
        tool="pytest",
        input_hash="sha256:" + "1" * 64,
        artifacts=[("report.txt", "passed ✓\n".encode()), ("raw.bin", bytes(range(256)))],
    )
    c1 = w.commit({"fact": "the sky", "p": 0.75, "u": "\U0001f600"}, evidence_refs=[ev["commit_id"]])
    a = w.commit({"branch": "a", "x": 1e-7}, parents=[c1["commit_id"]], move_head=False)
    b = w.commit({"branch": "b", "y": 1e21}, parents=[c1["commit_id"]], memory_type="episodic")
    w.commit({"merge": [a["commit_id"], b["commit_id"]]}, parents=[b["commit_id"], a["commit_id"]])
    w.rotate("key-001", KeyPair.generate(), "key-002")
    ev2 = w.evidence(artifacts=[("after.txt", b"after rotation")])
    w.commit({"after": True}, evidence_refs=[ev2["commit_id"]], memory_type="procedural")
    return w


def _legacy() -> StoreWriter:
    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    ev = w.evidence(artifacts=[("legacy.txt", b"v0.1 artifact")])
    w.commit({"legacy": 1, "f": 2.5}, evidence_refs=[ev["commit_id"]])
    w.commit({"legacy": 2, "s": "\u00e9\U0001f600"})
    return w


def _migrated() -> StoreWriter:
    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    w.commit({"before": "migration"})
    w.migrate(KeyPair.generate())
    w.commit({"after": "migration", "q": 0.5})
    w.commit({"after": "migration", "n": 2})
    return w


def _migrated_rotated() -> StoreWriter:
    w = _migrated()
    w.rotate("key-001", KeyPair.generate(), "key-002")
    w.commit({"after": "rotation"})
    return w


def _grant_and_revoke() -> StoreWriter:
    w = StoreWriter.create(clock=stepping_clock())
    helper = KeyPair.generate()
    w.grant("key-helper", helper)
    w.commit({"by": "helper"}, key=helper)
    w.commit({"by": "agent"})
    w.revoke("key-helper", reason="compromise")
    w.commit({"after": "revoke"})
    return w


@pytest.fixture(scope="module")
def v2_writer() -> StoreWriter:
    w = _v2_rotated_merge()
    report = verify(w.store)
    assert report.verdict == "pass", report.findings
    return w


@pytest.fixture(scope="module")
def sealed_v2(v2_writer: StoreWriter, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    secret = new_recovery_secret()
    path = tmp_path_factory.mktemp("ours_v2") / "ours.aleth"
    path.write_bytes(seal_v2(v2_writer.store.files, PASSPHRASE, recovery_secret=secret))
    return path, secret


def _check_alethech_store(st: AlethStore, ours: Store) -> None:
    report = verify_store(st)
    assert report.ok is True, report.summary()
    assert report.commits_total == ours.count("commits")
    assert report.evidence_total == ours.count("evidence")
    assert report.head_commit_id == ours.head
    assert report.artifacts_total == ours.count("artifacts")


def test_our_v2_opens_in_alethech_with_passphrase(
    sealed_v2: tuple[Path, bytes], v2_writer: StoreWriter, tmp_path: Path
) -> None:
    path, _ = sealed_v2
    st = aleth_open_v2(path, tmp_path / "out", passphrase=PASSPHRASE)  # raises unless verify_store is ok
    _check_alethech_store(st, v2_writer.store)
    # the merge commit kept both parents through the round trip
    merges = [json.loads(p.read_text()) for p in (tmp_path / "out" / "commits").iterdir()]
    assert any(len(c["parents"]) == 2 for c in merges)
    # and alethech's materialized directory reads back to the very same store
    assert read_directory(tmp_path / "out").files == v2_writer.store.files


def test_our_v2_opens_in_alethech_with_recovery_code(
    sealed_v2: tuple[Path, bytes], v2_writer: StoreWriter, tmp_path: Path
) -> None:
    path, secret = sealed_v2
    st = aleth_open_v2(path, tmp_path / "out", recovery_code=encode_recovery_code(secret))
    _check_alethech_store(st, v2_writer.store)


def test_our_v2_sealed_file_passes_for_us_too(sealed_v2: tuple[Path, bytes], v2_writer: StoreWriter) -> None:
    path, secret = sealed_v2
    report = open_and_verify(path, Credential(recovery_code=encode_recovery_code(secret)))
    _assert_clean_pass(report)
    assert report.commits == verify(v2_writer.store).commits


def test_our_v1_opens_in_alethech(v2_writer: StoreWriter, tmp_path: Path) -> None:
    path = tmp_path / "ours.v1.aleth"
    path.write_bytes(seal_v1(v2_writer.store.files, PASSPHRASE))
    assert path.read_bytes()[:8] == b"ALETH001"
    st = aleth_open_v1(path, tmp_path / "out", PASSPHRASE)
    _check_alethech_store(st, v2_writer.store)


@pytest.mark.parametrize(
    "builder,seal", [(_legacy, "v1"), (_migrated, "v2")], ids=["legacy-v1", "migrated-v2"]
)
def test_our_legacy_and_migrated_stores_open_in_alethech(
    builder: Callable[[], StoreWriter], seal: str, tmp_path: Path
) -> None:
    w = builder()
    assert verify(w.store).verdict == "pass"
    path = tmp_path / "ours.aleth"
    if seal == "v1":
        path.write_bytes(seal_v1(w.store.files, PASSPHRASE))
        st = aleth_open_v1(path, tmp_path / "out", PASSPHRASE)
    else:
        path.write_bytes(seal_v2(w.store.files, PASSPHRASE))
        st = aleth_open_v2(path, tmp_path / "out", passphrase=PASSPHRASE)
    _check_alethech_store(st, w.store)
    if builder is _migrated:
        assert len(st.load_migration_records()) == 1
        assert len(st.load_identity_records_v2()) == 1 and len(st.load_identities()) == 1
    else:
        assert st.load_identity_records_v2() == {} and len(st.load_identities()) == 1


# --------------------------------------------------------------------------- verdicts agree


HONEST = {
    "v2-rotated-merge": _v2_rotated_merge,
    "legacy": _legacy,
    "migrated": _migrated,
    "migrated-rotated": _migrated_rotated,
    "grant-and-revoke": _grant_and_revoke,
}


@pytest.mark.parametrize("name", sorted(HONEST))
def test_verdicts_match_alethech_on_honest_stores(name: str, tmp_path: Path) -> None:
    w = HONEST[name]()
    ours = verify(w.store)
    directory = write_directory(w.store, tmp_path / "store")
    theirs = verify_store(AlethStore.open(directory))
    assert ours.verdict == "pass", [(f.code, f.message) for f in ours.findings]
    assert ours.codes(Severity.WARNING) == set()
    assert theirs.ok is True, theirs.summary()
    assert len(ours.commits) == theirs.commits_total
    assert len(ours.evidence) == theirs.evidence_total
    assert theirs.commits_not_in_proven_pre_rotation_history == 0
    # same count of historical commits, except those alethech verifies against a
    # legacy identity (the intended divergence described in test_statuses_consistent_with_alethech)
    legacy_ids = {o.stored_id for o in ours.objects.values() if getattr(o, "type", "") == "Identity"}
    legacy_historical = sum(
        1
        for cid, s in ours.commits.items()
        if s == Status.VALID_HISTORICAL and ours.objects[cid].agent_id in legacy_ids
    )
    historical = sum(1 for s in ours.commits.values() if s == Status.VALID_HISTORICAL)
    assert historical - legacy_historical == theirs.commits_valid_historical
    # our verifier reads the directory alethech would read exactly as the in-memory store
    assert open_and_verify(directory).commits == ours.commits


def test_honest_store_expected_statuses() -> None:
    # pin the interesting statuses, so the agreement above is not vacuous
    rot = verify(_v2_rotated_merge().store)
    assert sorted(s.value for s in rot.commits.values()) == ["VALID"] + ["VALID_HISTORICAL"] * 5
    mr = verify(_migrated_rotated().store)
    assert sorted(s.value for s in mr.commits.values()) == ["VALID"] + ["VALID_HISTORICAL"] * 4
    gr = verify(_grant_and_revoke().store)
    assert sorted(s.value for s in gr.commits.values()) == ["VALID"] * 3 + ["VALID_HISTORICAL"]
    legacy = verify(_legacy().store)
    assert set(legacy.commits.values()) == {Status.VALID}


def test_alethech_cli_verify_agrees_on_our_directory(v2_writer: StoreWriter, tmp_path: Path) -> None:
    directory = write_directory(v2_writer.store, tmp_path / "store")
    r = _aleth_cli(directory, "verify")
    assert r.exit_code == 0, r.output
    assert "result: OK" in r.output
    # and a single tampered byte is a failure for both
    victim = next((directory / "commits").iterdir())
    obj, _ = loads_strict(victim.read_bytes())
    obj["content"] = {"tampered": True}
    victim.write_text(json.dumps(obj, indent=2), encoding="utf-8")
    r = _aleth_cli(directory, "verify")
    assert r.exit_code != 0 and "result: OK" not in r.output
    assert open_and_verify(directory).verdict == "fail"


def test_alethech_opens_the_embedded_demo_and_verifies_it(tmp_path):
    """The app's default file is readable by alethech 0.9.5, and its verify says OK."""
    from alethech.container_v2 import open_container_v2
    from alethech.verify import verify_store

    root = Path(__file__).resolve().parents[2]
    store = open_container_v2(root / "resources" / "demo.aleth", tmp_path / "demo", passphrase="demo")
    report = verify_store(store)
    assert report.ok, report.errors[:3]
    assert report.commits_total == 345
