"""The window's authoring jobs (``inspector.core.write.job``), run as the worker runs them:
the preview ships the exact output and its effects, the write writes those bytes and
nothing else; an unknown operation or a missing key is refused."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from inspector.core.errors import InspectorError
from inspector.core.opener import open_and_verify
from inspector.core.write import job


def run(fn, **kw) -> list[tuple]:  # type: ignore[no-untyped-def]
    messages: list[tuple] = []
    fn(lambda m: messages.append(pickle.loads(pickle.dumps(m))), **kw)  # as through the worker's pipe
    return messages


def test_preview_then_write_a_label(dir_copy: Path, small, tmp_path: Path) -> None:
    params = {"memory": small.memories[0], "label": "poison_suspect", "key": small.hk.pem(), "reason": "r"}
    preview = run(job.author_preview, op="label", path=str(dir_copy), credential=None, params=params)
    kind, payload = preview[-1]
    assert kind == "result" and payload["ok"] and payload["effects"]
    assert payload["preview"]["operation"] == "label" and payload["old_copies"] == []
    before = {p: p.read_bytes() for p in dir_copy.rglob("*") if p.is_file()}
    out = tmp_path / "labelled"
    written = run(job.author_write, output=payload["output"], target=str(out))
    assert written[-1][0] == "result" and written[-1][1]["written"] == str(out)
    assert {p: p.read_bytes() for p in dir_copy.rglob("*") if p.is_file()} == before  # the source untouched
    r = open_and_verify(out)
    assert r.verdict == "pass" and r.mutmem is not None
    assert r.mutmem.memories[small.memories[0]].label == "poison_suspect"


def test_an_unknown_operation_or_a_missing_key_is_refused(dir_copy: Path) -> None:
    with pytest.raises(InspectorError) as err:
        job.build("shred", str(dir_copy), None, {})
    assert err.value.code == "usage"
    with pytest.raises(InspectorError) as err:
        job.build("revoke", str(dir_copy), None, {"key_id": "key-001"})
    assert err.value.code == "usage" and "root" in err.value.message
