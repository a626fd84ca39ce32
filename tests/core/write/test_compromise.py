"""SPEC E3: answering a compromise.

The agent key was stolen after commit ``cutoff``: the thief committed two lures,
recorded a piece of evidence, made a recall receipt and stored a checkpoint.
The owner revokes (or rotates) the key with reason ``compromise`` at
``cutoff``.  The preview lists every object that becomes
NOT_IN_PROVEN_PRE_ROTATION_HISTORY; the result, which now fails, is written
only when the caller confirms that list, and only when every new error is one
of those objects.
"""

from __future__ import annotations

import types
from pathlib import Path

import pytest

from inspector.core import container as C
from inspector.core.container import Credential
from inspector.core.errors import OperationError
from inspector.core.findings import Severity
from inspector.core.opener import open_and_verify
from inspector.core.store import Store
from inspector.core.verify.report import Status
from inspector.core.write import authoring as A
from inspector.core.write import effects as E

from .conftest import ours
from .stores import build_compromised

PASS = "compromised ✓"
UNPLACED = "not_in_proven_pre_rotation_history"


@pytest.fixture(scope="module")
def case() -> types.SimpleNamespace:
    return build_compromised()


@pytest.fixture
def copy(tmp_path: Path, case: types.SimpleNamespace) -> Path:
    from inspector.core.write.directory import write_directory

    d = tmp_path / "work"
    d.mkdir()
    return write_directory(Store(dict(case.files)), d / "store")


def as_set(items: list[E.Disowned]) -> set[tuple[str, str]]:
    return {(d.kind, d.object_id) for d in items}


def test_the_input_passes(copy) -> None:
    assert open_and_verify(copy).verdict == "pass"


def test_the_preview_lists_exactly_what_becomes_unproven(copy, case) -> None:
    res = A.revoke(
        A.load_source(copy), case.root, "key-001", grant_agent=True, reason="compromise", cutoff=case.cutoff
    )
    assert res.report.verdict == "fail" and res.disown_only and res.writable and not res.ok
    assert as_set(res.unproven) == as_set(res.disowned) == case.disowned
    assert {d.key_id for d in res.disowned} == {"key-001"}
    lure = next(d for d in res.disowned if d.object_id == case.lures[0])
    assert lure.summary.startswith("refund policy: always approve refunds")
    texts = [e.text for e in res.effects]
    assert (
        f"{len(case.disowned)} objects signed by key-001 become NOT_IN_PROVEN_PRE_ROTATION_HISTORY (disowned)"
        in texts
    )
    short = case.cutoff.split(":")[1][:8]
    assert (
        f"the owner declares key-001 compromised: only its history up to commit {short}… stays valid" in texts
    )
    assert "the file's verdict changes from PASS to FAIL" in texts
    js = res.to_json()
    assert js["needs_disown"] is True
    assert {(d["kind"], d["object_id"]) for d in js["disowned"]} == case.disowned
    # nothing to anchor at an earlier cutoff: the owner cannot vouch for what came after
    assert res.anchored == []


def test_the_result_is_written_only_with_the_list_confirmed(copy, case) -> None:
    res = A.revoke(
        A.load_source(copy), case.root, "key-001", grant_agent=True, reason="compromise", cutoff=case.cutoff
    )
    out = copy.parent / "answered"
    with pytest.raises(OperationError) as exc:
        A.write_result(res, out)
    assert (
        exc.value.code == "needs_disown"
        and f"{len(case.disowned)} objects would be disowned" in exc.value.message
    )
    assert not out.exists()
    written = A.write_result(res, out, disown=True)
    assert written.sha256 == res.output.sha256
    report = open_and_verify(out)
    assert report.verdict == "fail"
    errors = [f for f in report.findings if f.severity == Severity.ERROR]
    assert errors and {f.object_id for f in errors} <= {oid for _, oid in case.disowned}
    for kind, oid in case.disowned:
        statuses = {"commit": report.commits, "evidence": report.evidence, "checkpoint": report.checkpoints}[
            kind
        ]
        assert statuses[oid] == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY, (kind, oid)
    for cid in case.trusted:
        assert report.commits[cid] == Status.VALID_HISTORICAL
    era = next(e for e in report.eras if e.key_id == "key-001")
    assert era.state == "revoked" and era.revoke_reason == "compromise" and era.cutoff == case.cutoff


def test_the_disowned_commits_are_explained_as_a_compromise(copy, case) -> None:
    """Issue 10: the written file explains a disowned commit as signed by the key
    after the owner declared it compromised at the cutoff."""
    res = A.revoke(
        A.load_source(copy), case.root, "key-001", grant_agent=True, reason="compromise", cutoff=case.cutoff
    )
    A.write_result(res, copy.parent / "answered", disown=True)
    report = open_and_verify(copy.parent / "answered")
    (finding,) = [f for f in report.findings if f.code == UNPLACED and f.object_id == case.lures[0]]
    assert "key-001" in finding.message and "compromised" in finding.message
    assert case.cutoff in finding.message or case.cutoff in finding.related


def test_rotation_answers_a_compromise_the_same_way(copy, case) -> None:
    res = A.rotate(A.load_source(copy), case.root, reason="compromise", cutoff=case.cutoff)
    assert res.disown_only and as_set(res.disowned) == case.disowned
    new_id = next(iter(res.new_keys))
    A.write_result(res, copy.parent / "rotated", disown=True)
    report = open_and_verify(copy.parent / "rotated")
    assert {e.key_id: e.state for e in report.eras}[new_id] == "active"
    assert {f.object_id for f in report.findings if f.severity == Severity.ERROR} <= {
        oid for _, oid in case.disowned
    }


def test_a_new_error_elsewhere_refuses_the_write(tmp_path) -> None:
    """An auditor's verdict rests on the thief's evidence: disowning it breaks the
    auditor's label too, which the owner did not confirm — nothing is written."""
    from inspector.core.write.directory import write_directory

    case = build_compromised(auditor_relies_on_thief=True)
    path = write_directory(Store(dict(case.files)), tmp_path / "store")
    res = A.revoke(
        A.load_source(path), case.root, "key-001", grant_agent=True, reason="compromise", cutoff=case.cutoff
    )
    assert not res.ok and not res.disown_only and not res.writable
    assert any(f.object_id == case.label for f in res.report.findings if f.severity == Severity.ERROR)
    with pytest.raises(OperationError) as exc:
        A.write_result(res, tmp_path / "out", disown=True)
    assert exc.value.code == "result_invalid"
    assert ours(tmp_path) == {"store"}


def test_a_routine_reason_cannot_disown(copy, case) -> None:
    res = A.revoke(
        A.load_source(copy), case.root, "key-001", grant_agent=True, reason="rotation", cutoff=case.cutoff
    )
    assert not res.ok and not res.disown_only
    with pytest.raises(OperationError) as exc:
        A.write_result(res, copy.parent / "out", disown=True)
    assert exc.value.code == "result_invalid"


def test_a_compromise_needs_an_explicit_cutoff_and_never_anchors(copy, case) -> None:
    """SPEC E3 (rev 3): no default cutoff and no anchoring commit (it would be signed by
    the stolen key): at cutoff HEAD, what the key signed and no commit cites — the
    thief's evidence, receipt and checkpoint, and the owner's unplaced evidence — is
    disowned and listed like commits."""
    src = A.load_source(copy)
    for op in (
        lambda: A.revoke(src, case.root, "key-001", grant_agent=True, reason="compromise"),
        lambda: A.rotate(src, case.root, reason="compromise"),
    ):
        with pytest.raises(OperationError) as exc:
            op()
        assert exc.value.code == "cutoff_required" and "--cutoff" in exc.value.message
    res = A.revoke(src, case.root, "key-001", grant_agent=True, reason="compromise", cutoff=src.store.head)
    assert res.anchored == [] and res.store.head == src.store.head
    assert as_set(res.disowned) == {(kind, oid) for kind, oid in case.disowned if kind != "commit"}
    assert res.disown_only and res.to_json()["needs_disown"] is True


def test_alethech_decrypts_the_answered_file_and_disowns_the_same_commits(tmp_path, case) -> None:
    """Interop: alethech 0.9.5 opens the sealed answer (its opener refuses any store
    its verifier fails, so the payload is materialised here) and its own verifier
    names exactly the disowned commits."""
    import alethech.container_v2 as aleth_v2
    import alethech.store as aleth_store
    import alethech.verify as aleth_verify

    from inspector.core.write.directory import write_directory

    sealed = tmp_path / "c.aleth"
    sealed.write_bytes(C.seal_v2(case.files, PASS))
    key = C.open_container(sealed.read_bytes(), Credential(passphrase=PASS)).key
    res = A.revoke(
        A.load_source(sealed, key=key),
        case.root,
        "key-001",
        grant_agent=True,
        reason="compromise",
        cutoff=case.cutoff,
    )
    out = tmp_path / "answered.aleth"
    A.write_result(res, out, disown=True)
    info = aleth_v2.inspect_container_v2(out, passphrase=PASS)
    assert info["version"] == 2 and "control_events/" in " ".join(info["files"])
    with pytest.raises(aleth_v2.ContainerError):
        aleth_v2.open_container_v2(out, tmp_path / "refused", passphrase=PASS)
    plain = write_directory(
        Store(dict(C.open_container(out.read_bytes(), None, key=key).files)), tmp_path / "p"
    )
    report = aleth_verify.verify_store(aleth_store.Store.open(plain))
    named = {e.split(" ")[2] for e in report.errors if e.startswith("not_in_proven_pre_rotation_history")}
    assert named == set(case.lures)
    assert report.commits_not_in_proven_pre_rotation_history == len(case.lures)
