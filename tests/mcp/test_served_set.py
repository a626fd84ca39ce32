"""The rule of the MCP server, as a property: the memories it serves are exactly the
memories the verifier marks VALID or VALID_HISTORICAL and trusted (label rank < 3 at
HEAD), and none under ``strict`` when the file does not pass; every other memory is
withheld and counted, never shown.

Checked for every input of every fixture in ``tests/fixtures/`` (against the case's own
expected statuses where it states them, so not only against our verifier), and for
hostile stores that hypothesis derives from a store holding every object type.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from inspector.core.container import Credential
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.mcp import POLICIES, tools
from inspector.mcp.service import MemoryService, Settings, Snapshot, file_identity
from tests.strategies import AllTypes, all_types_store, mutated_stores

from ..conftest import ALETHECH, FIXTURES, MUTMEM
from .conftest import OK, expected_served


def _inputs():
    """(case directory, input path, credential, checkpoint) of every fixture input."""
    for case_json in sorted(FIXTURES.glob("*/*/case.json")):
        case = json.loads(case_json.read_text())
        base = case_json.parent
        inputs = case["inputs"]
        checkpoint = inputs.get("checkpoint")
        if inputs.get("store"):
            yield pytest.param(base, inputs["store"], None, checkpoint, id=f"{base.name}-store")
        for c in inputs.get("containers", []):
            unlock = c["unlock"]
            cred = Credential(passphrase=unlock.get("passphrase"), recovery_code=unlock.get("recovery_code"))
            yield pytest.param(
                base, c["file"], cred, checkpoint, id=f"{base.name}-{c['file']}-{next(iter(unlock))}"
            )


INPUTS = list(_inputs())


def test_every_fixture_is_covered():
    cases = {p.values[0].name for p in INPUTS}
    assert len(cases) == len([p for p in ALETHECH.iterdir() if p.is_dir()]) + len(
        [p for p in MUTMEM.iterdir() if p.is_dir()]
    )


def context_ids(svc: MemoryService) -> tuple[dict, list[str]]:
    a = tools.call(svc, "memory_context", {"limit": 1000, "order": "causal"})
    assert not a.is_error, a.payload
    return a.payload, [e["id"] for e in a.payload.get("entries", [])]


def check_served(svc: MemoryService, policy: str) -> None:
    payload, ids = context_ids(svc)
    report = svc.snapshot().report
    want = expected_served(report, policy)
    assert next(iter(payload)) == "verdict" and payload["verdict"] == report.verdict
    assert len(ids) == len(set(ids)) and set(ids) <= want
    omitted = (payload.get("truncated") or {}).get("omitted", 0)
    assert len(ids) + omitted == len(want)  # nothing proven is left out but for the limits
    for e in payload.get("entries", []):
        assert e["status"] in OK
    withheld = payload["withheld"]
    assert withheld["total"] + len(want) == len(svc.snapshot().memories)
    assert sum(withheld["by_reason"].values()) == withheld["total"]
    if "entries" not in payload:
        assert payload["served"] is False and want == set()


@pytest.mark.parametrize("base,target,credential,checkpoint", INPUTS)
def test_served_memories_are_the_proven_trusted_ones(base: Path, target, credential, checkpoint):
    case = json.loads((base / "case.json").read_text())
    cp = (base / checkpoint).read_bytes() if checkpoint else None
    expected = case["expected"]
    stated = {c for c, s in expected.get("commits", {}).items() if s in OK}
    untrusted = set(expected.get("untrusted_at_head", []))
    first = None
    for policy in POLICIES:
        svc = MemoryService(Settings(base / target, credential=credential, checkpoint=cp, policy=policy))
        if first is not None:  # the same state of the file: verified once, judged by each policy
            svc._snap = Snapshot.of(first.report, first.identity, policy)
        first = svc.snapshot()
        check_served(svc, policy)
        payload, ids = context_ids(svc)
        omitted = (payload.get("truncated") or {}).get("omitted", 0)
        # the case's own statement: a served memory is one it calls VALID/VALID_HISTORICAL
        assert set(ids) <= stated - untrusted
        if not expected["ok"] and policy == "strict":
            assert ids == []
        if expected["ok"] and not any(
            "mutmem" in svc.snapshot().report.objects[c].fields.get("content", {}) for c in stated
        ):  # a file without MutMem records: every stated-valid commit is a served memory
            assert len(ids) + omitted == len(stated - untrusted)


HYPOTHESIS = settings(
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "20")),
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.generate],
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


@pytest.fixture(scope="module")
def all_types() -> AllTypes:
    return all_types_store()


def service_for(report, policy: str, tmp: Path) -> MemoryService:
    """A service whose file is the given verified state (the server's own path from a
    snapshot to an answer, without writing the hostile store to disk)."""
    path = tmp / "never-there"
    svc = MemoryService(Settings(path, policy=policy))
    svc._snap = Snapshot.of(report, file_identity(path), policy)
    return svc


@HYPOTHESIS
@given(data=st.data())
def test_served_set_holds_for_hostile_stores(all_types: AllTypes, tmp_path_factory, data) -> None:
    store, options = data.draw(mutated_stores(all_types.model, long=200), label="mutated store")
    report = verify(store, VerifyOptions(checkpoint=options.checkpoint))
    tmp = tmp_path_factory.mktemp("hostile")
    for policy in POLICIES:
        svc = service_for(report, policy, tmp)
        check_served(svc, policy)
        assert svc.verifications == 0  # answered from the given state
        # whatever is withheld comes back without content from memory_get
        for cid, _reason in list(svc.snapshot().reasons.items())[:5]:
            if cid.startswith("sha256:") and len(cid) == 71 and cid[7:].isalnum():
                got = tools.call(svc, "memory_get", {"id": cid}).payload
                assert got.get("served") is False
                assert "content" not in (got.get("memory") or {})


def test_the_base_store_serves_and_withholds(all_types: AllTypes, tmp_path) -> None:
    """The hostile examples start from a store whose every memory is served."""
    store, external = all_types.model.to_store()
    report = verify(store, VerifyOptions(checkpoint=external))
    assert report.verdict == "pass"
    svc = service_for(report, "strict", tmp_path)
    _, ids = context_ids(svc)
    assert {all_types.ids["memory"], all_types.ids["memory2"]} <= set(ids)
