"""SPEC E6: a plan binds the write.

A dry run's plan holds the source's SHA-256, the operation, its inputs, the
destination, the effects and the exact disowned list — and no secret and no word
of the payload.  A later write of the same operation on the byte-identical source
matches it although its new keys are drawn fresh; a source swapped after the dry
run, other inputs, other effects or another disowned list are refused.
"""

from __future__ import annotations

import json
import types

import pytest

from inspector.core.container import Credential
from inspector.core.errors import OperationError
from inspector.core.store import Store
from inspector.core.write import authoring as A
from inspector.core.write import plan as P
from inspector.core.write.directory import write_directory

from .conftest import open_small
from .stores import PASS, TEXTS, build_compromised


def inputs_of(small: types.SimpleNamespace) -> dict[str, object]:
    return {"key": small.hk_id, "cutoff": None, "reason": "rotation", "root_key": "fp"}


def test_a_plan_matches_the_planned_write_although_its_keys_are_new(sealed_copy, small, small_sealed) -> None:
    dry = A.rotate(open_small(sealed_copy, small_sealed), small.root, key_id=small.hk_id)
    plan = P.plan_of(dry, inputs_of(small), {"output": None, "in_place": True, "backup": True})
    path = P.save_plan(sealed_copy.parent / "rotate.plan", plan)
    loaded = P.load_plan(path)
    later = A.rotate(open_small(sealed_copy, small_sealed), small.root, key_id=small.hk_id)
    assert later.output.sha256 != dry.output.sha256  # a fresh key, a fresh seal
    assert next(iter(later.new_keys.values())).jwk != next(iter(dry.new_keys.values())).jwk
    target = {"output": None, "in_place": True, "backup": True}
    P.check_plan(loaded, later, inputs_of(small), path, target)  # the same plan all the same
    assert P.differences(loaded, later, inputs_of(small), target) == []
    with pytest.raises(OperationError) as exc:
        P.check_plan(
            loaded, later, inputs_of(small), path, {"output": "x.aleth", "in_place": False, "backup": True}
        )
    assert exc.value.code == "plan_mismatch" and "another destination" in exc.value.message


def test_a_source_swapped_after_the_dry_run_is_refused(sealed_copy, small, small_sealed) -> None:
    dry = A.rotate(open_small(sealed_copy, small_sealed), small.root, key_id=small.hk_id)
    path = P.save_plan(sealed_copy.parent / "p.plan", P.plan_of(dry, inputs_of(small)))
    # someone writes another version in its place (it verifies, it is the same store)
    A.write_result(
        A.label(open_small(sealed_copy, small_sealed), small.memories[4], "poison_suspect", small.hk, "x"),
        in_place=True,
        backup=False,
    )
    later = A.rotate(open_small(sealed_copy, small_sealed), small.root, key_id=small.hk_id)
    with pytest.raises(OperationError) as exc:
        P.check_plan(P.load_plan(path), later, inputs_of(small), path)
    assert exc.value.code == "plan_mismatch" and "the source is not byte-identical" in exc.value.message
    assert exc.value.expected == f"SHA-256 {dry.source.sha256}"
    assert exc.value.found == f"SHA-256 {later.source.sha256}"


def test_other_inputs_effects_or_disowned_objects_are_refused(tmp_path) -> None:
    case = build_compromised()
    store = write_directory(Store(dict(case.files)), tmp_path / "store")
    src = A.load_source(store)
    dry = A.rotate(src, case.root, reason="compromise", cutoff=case.cutoff)
    inputs = {"key": None, "cutoff": case.cutoff, "reason": "compromise"}
    plan = P.plan_of(dry, inputs)
    assert {(d["kind"], d["object_id"]) for d in plan.disowned} == case.disowned
    write = A.rotate(A.load_source(store), case.root, reason="compromise", cutoff=case.cutoff)
    P.check_plan(plan, write, inputs, "p")
    other = A.rotate(A.load_source(store), case.root, reason="compromise", cutoff=case.trusted[1])
    assert P.differences(plan, other, {**inputs, "cutoff": case.trusted[1]})[:1] == [P.W_INPUTS]
    # a plan whose list was edited, or whose effects were: what the write disowns is what was planned
    fewer = P.Plan(**{**plan.__dict__, "disowned": plan.disowned[1:]})
    assert P.differences(fewer, write, inputs) == [P.W_DISOWNED]
    with pytest.raises(OperationError) as exc:
        P.check_plan(fewer, write, inputs, "p")
    assert exc.value.code == "plan_mismatch" and exc.value.expected.startswith(
        f"{len(case.disowned) - 1} objects"
    )
    edited = P.Plan(**{**plan.__dict__, "effects": plan.effects[1:]})
    assert P.differences(edited, write, inputs) == [P.W_EFFECTS]


def test_a_plan_file_holds_no_secret_and_no_word_of_the_payload(sealed_copy, small, small_sealed) -> None:
    src = A.load_source(sealed_copy, Credential(passphrase=PASS))
    res = A.label(
        src, small.poison, "poison_refuted", small.au, "checked with the owner", evidence=[small.review]
    )
    texts = [e for e in res.effects if e.kind == "trust"]
    assert texts and "refund policy" in texts[0].text  # the preview names the memory…
    path = P.save_plan(sealed_copy.parent / "l.plan", P.plan_of(res, {"memory": small.poison}))
    raw = path.read_bytes()
    for secret in (PASS.encode(), small.au.pem(), small_sealed.code.encode(), b"PRIVATE KEY"):
        assert secret not in raw
    for text in TEXTS:  # …the plan does not
        assert text.encode() not in raw
    assert b"MemoryCommit" not in raw
    assert (path.stat().st_mode & 0o777) == 0o600
    doc = json.loads(raw)
    assert doc["plan"] == P.PLAN_FORMAT and doc["source_sha256"] == src.sha256


def test_a_damaged_plan_is_refused_with_its_reason(tmp_path) -> None:
    for name, data, why in (
        ("empty", b"", "cannot be used"),
        ("not-json", b"{", "cannot be used"),
        ("other", b'{"plan": "something/else"}', "is not an aleth-inspector/plan/1 document"),
        ("partial", json.dumps({"plan": P.PLAN_FORMAT}).encode(), "the field operation is missing"),
        (
            "types",
            json.dumps(
                {
                    "plan": P.PLAN_FORMAT,
                    "operation": 1,
                    "source": "",
                    "source_sha256": "",
                    "inputs": {},
                    "effects": [],
                    "disowned": [],
                }
            ).encode(),
            "wrong type",
        ),
    ):
        p = tmp_path / name
        p.write_bytes(data)
        with pytest.raises(OperationError) as exc:
            P.load_plan(p)
        assert exc.value.code == "plan_invalid" and why in exc.value.message, name
    with pytest.raises(OperationError) as exc:
        P.load_plan(tmp_path / "missing")
    assert exc.value.code == "plan_invalid"
