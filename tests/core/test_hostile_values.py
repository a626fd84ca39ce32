"""Hostile values in every field of every object type, signed so they reach the rules.

SPEC B10: whatever the bytes, the verifier answers — a report, no exception, bounded
time and memory.  The stores here are written by the core's own writer
(``tests.strategies.all_types_store``: legacy Identity, migration, root authority,
identity record, control events with a rotation, commits, evidence with artifacts, a
stored and an external checkpoint, MutMem weight transitions, detector and verdict
labels, a recall receipt); hypothesis puts hostile JSON values anywhere in them and
re-signs each changed object with its own key, carrying new ids into everything that
names them, so a value is judged by the deep rules, not stopped at ``digest_mismatch``.

Then one regression test per crash cause of issue 16 (1–4 through the library and the
command line's ``--json``, 5 — text output under strict encodings — through the command
line in a subprocess), and two for its file-system findings (SPEC B9: a linked directory
read through, a file dropped).  Tests that fail today carry ``xfail(strict=True)`` with
what the lead must change; remove the mark with the fix.

The property tests are derandomized (the same examples every run; the all-types store
is byte-identical too) and do not shrink: ``HOSTILE_EXAMPLES=500`` runs deeper,
``HOSTILE_SHRINK=1`` shrinks a failure to a minimal example.  The fuzzers in ``fuzz/``
explore with the same strategies.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from inspector.core.canonical import loads_strict
from inspector.core.findings import Severity
from inspector.core.keys import KeyPair, sha256_id
from inspector.core.store import Store
from inspector.core.verify.engine import VerifyOptions
from inspector.core.verify.report import Status
from inspector.core.write.builder import StoreWriter, dump, identity_record, sign_fields, stepping_clock
from inspector.core.write.directory import write_directory
from inspector.core.write.mutmem import MutMemWriter
from tests.strategies import (
    TARGETS,
    AllTypes,
    all_types_store,
    check_answer,
    file_mutations,
    hostile_json,
    mutated_stores,
    store_size,
)

REPO = Path(__file__).resolve().parents[2]
E, W = Severity.ERROR, Severity.WARNING


@pytest.fixture(scope="module")
def all_types() -> AllTypes:
    return all_types_store()


def _memory_budget(store: Store) -> int:
    """Peak allocation allowed while verifying: 48 MiB plus 40× the input."""
    return 48 * 2**20 + 40 * store_size(store)


# --------------------------------------------------------------------------- the model is sound


def test_all_types_store_passes_and_holds_every_type(all_types: AllTypes) -> None:
    store, external = all_types.model.to_store()
    report = check_answer(store, VerifyOptions(checkpoint=external))
    assert report.verdict == "pass", report.findings
    assert report.codes(E) == set() and report.codes(W) == set()
    assert report.container["continuity"] == "verified"
    types = {o.type for o in report.objects.values()}
    assert {
        "MemoryCommit",
        "EvidenceCommit",
        "Checkpoint",
        "RootAuthority",
        "IdentityRecordV2",
        "Identity",
        "ControlEvent",
        "MigrationRecord",
    } <= types
    assert report.mutmem is not None and len(report.mutmem.receipts) == 1
    kinds = {"weight_transition", "label"}
    assert kinds <= {o.content.get("kind") for o in report.objects.values() if o.kind == "commit"}
    for name, (pred, _) in TARGETS.items():
        assert all_types.model.select(pred), f"no object for target {name}"


@pytest.mark.parametrize(
    "which,path",
    [
        ("legacy_commit", ("content", "text")),
        ("memory", ("content", "text")),
        ("evidence", ("tool",)),
        ("migration", ("migration_timestamp",)),
        ("weight_transition", ("timestamp",)),
        ("label", ("content", "reason")),
        ("receipt", ("tool_version",)),
        ("checkpoint", ("created_at",)),
    ],
)
def test_harmless_signed_mutation_keeps_the_pass(
    all_types: AllTypes, which: str, path: tuple[str, ...]
) -> None:
    """Re-signing and id propagation are complete: changing one harmless string of an
    object early in the history re-signs every object that names it, and the store
    still passes.  (Without this the hostile values below would stop at digest checks.)"""
    m = all_types.model.fork()
    target = all_types.ids[which]
    e = next(e for e in m.entries.values() if m.entry_id(e) == target)
    m.mutate(
        e, path, "set", "2026-12-31T00:00:00.000Z" if "stamp" in path[-1] or "created" in path[-1] else "x"
    )
    assert m.entry_id(e) != target
    store, external = m.to_store()
    report = check_answer(store, VerifyOptions(checkpoint=external))
    assert report.verdict == "pass", [(f.code, f.message) for f in report.findings]
    assert (
        m.entry_id(e) in report.commits or m.entry_id(e) in report.evidence or m.entry_id(e) in report.objects
    )


@pytest.mark.parametrize(
    "which,path,value,code",
    [
        ("label", ("content", "confidence_milli"), 5000, "mutmem_target_invalid"),
        ("label", ("content", "label"), "poisoned", "mutmem_target_invalid"),
        ("weight_transition", ("content", "eta"), 0.9, "mutmem_rule_violation"),
        ("weight_transition2", ("content", "old_q"), 1500, "mutmem_chain_discontinuity"),
        ("verdict_label", ("content", "evidence"), [], "mutmem_label_evidence_missing"),
    ],
)
def test_signed_hostile_value_reaches_the_rule(
    all_types: AllTypes, which: str, path: tuple[str, ...], value: Any, code: str
) -> None:
    """A re-signed bad value is judged by the MutMem rule it breaks, not by a digest or
    signature check (the commitment is re-derived too)."""
    m = all_types.model.fork()
    e = next(e for e in m.entries.values() if m.entry_id(e) == all_types.ids[which])
    m.mutate(e, path, "set", value)
    store, external = m.to_store()
    report = check_answer(store, VerifyOptions(checkpoint=external))
    oid = m.entry_id(e)
    assert report.commits[oid].ok, report.commits[oid]
    assert code in {f.code for f in report.findings if f.object_id == oid and f.severity == E}
    assert "digest_mismatch" not in report.codes() and "signature_invalid" not in report.codes()
    assert report.verdict == "fail"


# --------------------------------------------------------------------------- hypothesis: every field


HYPOTHESIS = settings(
    # HOSTILE_EXAMPLES=500 for a deeper local run (then the known crashes show up as failures)
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "15")),
    deadline=None,
    derandomize=True,  # the same examples every run: CI is reproducible, the fuzzers explore
    database=None,
    # no shrinking (a strict xfail would shrink on every run); HOSTILE_SHRINK=1 for a minimal example
    phases=[Phase.generate, Phase.shrink] if os.environ.get("HOSTILE_SHRINK") else [Phase.generate],
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


# Targets on which the derandomized examples find a crash today (the same examples every
# run: the store is byte-identical, the draws derandomized), with what the lead must change.


@pytest.mark.parametrize(
    "target",
    [t for t in TARGETS],
)
@HYPOTHESIS
@given(data=st.data())
def test_hostile_values_in_every_field_get_an_answer(
    all_types: AllTypes, target: str, data: st.DataObject
) -> None:
    store, options = data.draw(mutated_stores(all_types.model, target), label="mutated store")
    check_answer(store, options, cpu_seconds=2.0, memory=_memory_budget(store))


@HYPOTHESIS
@given(data=st.data())
def test_hostile_unsigned_files_get_an_answer(all_types: AllTypes, data: st.DataObject) -> None:
    """HEAD, keys/signing.key, artifacts, raw object bytes and extra files under odd names."""
    base, external = all_types.model.to_store()
    store = data.draw(file_mutations(base), label="files")
    check_answer(store, VerifyOptions(checkpoint=external), cpu_seconds=2.0, memory=_memory_budget(store))


@HYPOTHESIS
@given(value=hostile_json())
def test_hostile_json_values_stay_affordable(value: Any) -> None:
    """The strategies themselves stay within what a test can afford (guards the budgets above)."""
    text = json.dumps(value, allow_nan=True, default=repr)
    assert len(text) < 25 * 2**20


# --------------------------------------------------------------------------- issue 16: crash cause 1


def _legacy_with_public_key_member(value: Any) -> tuple[Store, str]:
    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    w.commit({"text": "remember the milk"})
    (path,) = [p for p in w.store.files if p.startswith("identities/")]
    ident, _ = loads_strict(w.store.files[path])
    ident["public_key"]["\ud800"] = value  # an extra JWK member named with a lone surrogate
    w.store.files[path] = dump(ident)
    return w.store, ident["agent_id"]


@pytest.mark.parametrize("value", [1, 1e-07], ids=["fast-canonical-path", "slow-canonical-path"])
def test_cause1_surrogate_member_in_unsigned_legacy_identity(value: Any) -> None:
    store, _ = _legacy_with_public_key_member(value)
    report = check_answer(store)
    assert report.verdict == "fail"
    assert any(f.object_kind == "identity" and f.severity == E for f in report.findings), report.findings
    assert report.commits and not any(s.ok for s in report.commits.values())


# --------------------------------------------------------------------------- issue 16: crash cause 2


def test_cause2_list_key_id_in_identity_record() -> None:
    root = KeyPair.generate()
    w = StoreWriter.create(root=root, clock=stepping_clock())
    w.commit({"text": "hello"})
    stranger = KeyPair.generate()
    active = [
        *w.active,
        {"key_id": ["key-001"], "public_key": stranger.jwk, "authorized_by": "", "expires_at": None},
    ]
    rec = identity_record(root, active, w.revoked, w.created_at)  # signed by the root: the rules see it
    (path,) = [p for p in w.store.files if p.startswith("identities/")]
    w.store.files[path] = dump(rec)
    report = check_answer(w.store)
    assert any(f.object_kind == "identity" and f.severity in (E, W) for f in report.findings), report.findings


# --------------------------------------------------------------------------- issue 16: crash cause 3


def _store_with_receipt() -> tuple[StoreWriter, dict[str, Any]]:
    w = StoreWriter.create(clock=stepping_clock())
    mm = MutMemWriter(w)
    mm.memory({"kind": "fact", "text": "payroll export owner is Ana"})
    receipt = mm.recall("payroll export owner", k=3)
    return w, receipt


def _rewrite_receipt_body(w: StoreWriter, receipt: dict[str, Any], change: Any) -> str:
    """Replace the receipt.json artifact with ``change(body)``, and re-sign the receipt
    evidence over the new hash (so only the body is hostile)."""
    old_hash = receipt["artifacts"][0]["hash"]
    body, _ = loads_strict(w.store.files[f"artifacts/{old_hash}"])
    change(body)
    data = json.dumps(body, sort_keys=True, separators=(",", ":")).encode("ascii")  # \ud800 stays escaped
    new_hash = sha256_id(data)
    del w.store.files[f"artifacts/{old_hash}"]
    w.store.files[f"artifacts/{new_hash}"] = data
    fields = {k: v for k, v in receipt.items() if k not in ("commit_id", "signature")}
    fields["artifacts"] = [{"name": "receipt.json", "hash": new_hash, "size": len(data)}]
    fields["output_hash"] = new_hash
    assert w.agent_key is not None
    signed = sign_fields(fields, w.agent_key)
    del w.store.files[f"evidence/{receipt['commit_id']}.json"]
    w.store.files[f"evidence/{signed['commit_id']}.json"] = dump(signed)
    return signed["commit_id"]


@pytest.mark.parametrize(
    "change",
    [
        lambda body: body.__setitem__("note", "\ud800"),
        lambda body: body["entries"][0].__setitem__("label", "\udc00"),
    ],
    ids=["extra-member", "entry-label"],
)
def test_cause3_surrogate_in_receipt_body(change: Any) -> None:
    w, receipt = _store_with_receipt()
    eid = _rewrite_receipt_body(w, receipt, change)
    report = check_answer(w.store)
    assert report.evidence[eid].ok  # the evidence itself is genuine and signed
    assert report.verdict == "fail"
    assert any(f.object_id == eid and f.severity == E for f in report.findings), report.findings
    assert report.mutmem is not None and report.mutmem.receipts[eid].status == "invalid"


def test_cause3_receipt_rewrite_reaches_the_rules() -> None:
    """Control for the test above: the same rewrite with a valid body passes, so the
    hostile body is what is judged (not the re-signing)."""
    w, receipt = _store_with_receipt()
    eid = _rewrite_receipt_body(w, receipt, lambda body: None)
    report = check_answer(w.store)
    assert report.verdict == "pass", report.findings
    assert report.mutmem is not None and report.mutmem.receipts[eid].status == "valid"


# --------------------------------------------------------------------------- issue 16: crash cause 4


def _label_with_evidence(label: str, evidence: Any = ...) -> tuple[Store, str]:
    """A store whose HEAD is a signed label; ``evidence`` replaces its evidence list
    (``...`` keeps the genuine one: the review for a verdict label, none otherwise)."""
    w = StoreWriter.create(clock=stepping_clock())
    mm = MutMemWriter(w)
    _, hk = mm.grant_role("housekeeper")
    _, au = mm.grant_role("auditor")
    m = mm.memory({"kind": "fact", "text": "the vendor is trusted"})["commit_id"]
    review = w.evidence(event_type="audit_review", tool="review", key=au)["commit_id"]
    key = au if label == "poison_refuted" else hk
    rec = mm.label(
        m, label, key=key, reason="checked", evidence=[review] if label == "poison_refuted" else []
    )
    # the label is HEAD: re-sign it with its own key, evidence replaced by ``evidence``
    fields = {k: v for k, v in rec.items() if k not in ("commit_id", "signature")}
    if evidence is not ...:
        fields["content"] = {**fields["content"], "evidence": evidence}
    signed = sign_fields(fields, key)
    del w.store.files[f"commits/{rec['commit_id']}.json"]
    w.store.files[f"commits/{signed['commit_id']}.json"] = dump(signed)
    w.store.files["HEAD"] = (signed["commit_id"] + "\n").encode()
    return w.store, signed["commit_id"]


@pytest.mark.parametrize("label", ["poison_refuted", "poison_suspect"])
def test_cause4_signed_label_with_numeric_evidence(label: str) -> None:
    store, cid = _label_with_evidence(label, 7)
    report = check_answer(store)
    assert report.commits[cid] in (Status.VALID, Status.MALFORMED)
    assert any(f.object_id == cid and f.severity in (E, W) for f in report.findings), report.findings
    if label == "poison_refuted":  # a verdict label without valid evidence is an error (SPEC C)
        assert report.verdict == "fail"


def test_cause4_label_rewrite_reaches_the_rules() -> None:
    """Control: the same re-signed labels with their genuine evidence pass."""
    for label in ("poison_refuted", "poison_suspect"):
        store, cid = _label_with_evidence(label)
        report = check_answer(store)
        assert report.verdict == "pass", report.findings
        assert report.commits[cid] == Status.VALID


# --------------------------------------------------------------------------- issue 16: crash cause 5


def _surrogate_id_store(root: Path) -> Path:
    """A directory store with a commit whose stored id holds a lone surrogate."""
    w = StoreWriter.create(clock=stepping_clock())
    c = w.commit({"text": "x"}, move_head=False)
    path = f"commits/{c['commit_id']}.json"
    w.store.files[path] = dump({**c, "commit_id": "sha256:\ud800"})
    return write_directory(w.store, root / "surrogate-id")


def _non_utf8_name_store(root: Path) -> Path:
    """A directory store with an object file whose name is not valid UTF-8."""
    w = StoreWriter.create(clock=stepping_clock())
    w.commit({"text": "x"})
    target = write_directory(w.store, root / "non-utf8-name")
    with open(os.fsencode(target / "commits") + b"/\xff\xfe.json", "wb") as fh:
        fh.write(b'{"type": "MemoryCommit"}')
    return target


def _plain_fail_store(root: Path) -> Path:
    """An ordinary failing store (one commit with a duplicate JSON key)."""
    w = StoreWriter.create(clock=stepping_clock())
    c = w.commit({"text": "x"})
    w.store.files[f"commits/{c['commit_id']}.json"] = b'{"type": "MemoryCommit", "a": 1, "a": 2}'
    return write_directory(w.store, root / "plain-fail")


STORES = {
    "surrogate-id": _surrogate_id_store,
    "non-utf8-name": _non_utf8_name_store,
    "plain-fail": _plain_fail_store,
}


@pytest.fixture(scope="module")
def cli_stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("encodings")
    return {name: make(root) for name, make in STORES.items()}


def _cli(args: list[str], encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONPATH": str(REPO)}
    env.pop("PYTHONUTF8", None)
    return subprocess.run(
        [sys.executable, "-m", "inspector", *args],
        capture_output=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=REPO,
    )


def _cause5_params() -> list[Any]:
    out = []
    for store in STORES:
        for mode, encoding in (("json", "utf-8:strict"), ("text", "utf-8:strict"), ("text", "cp1252")):
            out.append(pytest.param(store, mode, encoding, id=f"{store}-{mode}-{encoding}"))
    return out


@pytest.mark.parametrize("store,mode,encoding", _cause5_params())
def test_cause5_report_output_under_strict_encodings(
    cli_stores: dict[str, Path], store: str, mode: str, encoding: str
) -> None:
    args = ["verify", str(cli_stores[store])] + (["--json"] if mode == "json" else [])
    r = _cli(args, encoding)
    assert b"Traceback" not in r.stderr, r.stderr.decode("utf-8", "replace")
    assert r.returncode == 1, (r.returncode, r.stderr.decode("utf-8", "replace"))
    codec = encoding.split(":")[0]
    out = r.stdout.decode(codec)  # what was written is valid in the stream's encoding
    if mode == "json":
        assert json.loads(out)["verdict"] == "fail"
    else:
        assert "FAIL" in out


@pytest.mark.parametrize(
    "cause", ["1-legacy-identity", "2-list-key-id", "3-receipt-body", "4-label-evidence"]
)
def test_causes_1_to_4_through_the_cli_json(tmp_path: Path, cause: str) -> None:
    if cause.startswith("1"):
        store, _ = _legacy_with_public_key_member(1)
    elif cause.startswith("2"):
        root = KeyPair.generate()
        w = StoreWriter.create(root=root, clock=stepping_clock())
        entry = {"key_id": ["key-001"], "public_key": KeyPair.generate().jwk}
        (path,) = [p for p in w.store.files if p.startswith("identities/")]
        w.store.files[path] = dump(identity_record(root, [*w.active, entry], w.revoked, w.created_at))
        store = w.store
    elif cause.startswith("3"):
        w, receipt = _store_with_receipt()
        _rewrite_receipt_body(w, receipt, lambda body: body.__setitem__("note", "\ud800"))
        store = w.store
    else:
        store, _ = _label_with_evidence("poison_refuted", 7)
    target = write_directory(store, tmp_path / "store")
    r = _cli(["verify", str(target), "--json"], "utf-8:strict")
    assert b"Traceback" not in r.stderr, r.stderr.decode("utf-8", "replace")[-2000:]
    out = json.loads(r.stdout)
    assert "internal_error" not in {f["code"] for f in out["findings"]}
    assert r.returncode in (0, 1) and out["verdict"] == ("fail" if r.returncode else "pass")


# ------------------------------------------------------------------ issue 16: the file system (SPEC B9)


def _store_with_artifact(root: Path) -> tuple[Path, Path, str]:
    """A directory store whose ``artifacts/`` is a link to a folder outside it."""
    w = StoreWriter.create(clock=stepping_clock())
    ev = w.evidence(artifacts=[("out.txt", b"tool output\n")])
    w.commit({"text": "cites the tool run"}, evidence_refs=[ev["commit_id"]])
    target = write_directory(w.store, root / "store")
    outside = root / "outside-artifacts"
    (target / "artifacts").rename(outside)
    (target / "artifacts").symlink_to(outside, target_is_directory=True)
    return target, outside, ev["artifacts"][0]["hash"]


def test_linked_store_directory_is_not_read_through(tmp_path: Path) -> None:
    from inspector.core.store import fs_name, read_directory

    target, outside, art = _store_with_artifact(tmp_path)
    first = check_answer(read_directory(target))
    (outside / fs_name(art)).write_bytes(b"other bytes outside the store\n")
    second = check_answer(read_directory(target))
    # what lies outside the store changes nothing: the link is not followed
    assert [(f.code, f.object_id) for f in first.findings] == [(f.code, f.object_id) for f in second.findings]
    assert first.verdict == second.verdict
    assert "stray_file" in first.codes()


@pytest.mark.parametrize("twin", [":", "%3a"], ids=["raw-colon", "lower-case-escape"])
def test_two_names_for_one_logical_path_are_both_reported(tmp_path: Path, twin: str) -> None:
    from inspector.core.store import read_directory

    w = StoreWriter.create(clock=stepping_clock())
    c = w.commit({"text": "one"})
    other = w.commit({"text": "two"}, move_head=False)
    del w.store.files[f"commits/{other['commit_id']}.json"]  # its only copy goes under the twin name
    target = write_directory(w.store, tmp_path / "store")
    name = f"sha256%3A{c['commit_id'].split(':', 1)[1]}.json"
    assert (target / "commits" / name).is_file()
    (target / "commits" / name.replace("%3A", twin)).write_bytes(dump(other))
    report = check_answer(read_directory(target))
    assert "duplicate_object" in report.codes(E)
    assert report.verdict == "fail"
