"""``inspector.gui.summary``: what the banner says, from the core's code table and the
core's strict parser (issue 22: no list of codes of its own, no plain json.loads of
bytes that came from anywhere)."""

from __future__ import annotations

import json

import pytest

from inspector.core.verify.report import Report
from inspector.gui import summary as S

HEAD = "sha256:" + "a" * 64


def cp(**extra) -> bytes:
    return json.dumps({"type": "Checkpoint", "head_commit_id": HEAD, **extra}).encode()


def test_the_head_of_a_checkpoint() -> None:
    assert S.checkpoint_head(cp()) == HEAD and S.looks_like_checkpoint(cp())


@pytest.mark.parametrize(
    "data",
    [
        b"",
        None,
        b"\xff\xfe",
        b'{"type": "Checkpoint", "head_commit_id": "x", "head_commit_id": "y"}',  # duplicate key
        b'{"type": "Checkpoint", "head_commit_id": "x", "n": NaN}',
        json.dumps({"head_commit_id": HEAD}).encode(),  # not a checkpoint
        json.dumps({"type": "Checkpoint", "head_commit_id": 7}).encode(),
        b"[" * 100_000,
        cp(pad="x" * 2_000_000),  # larger than any checkpoint
    ],
    ids=["empty", "none", "not-utf8", "duplicate-key", "nan", "no-type", "head-not-text", "deep", "huge"],
)
def test_anything_else_has_no_head(data) -> None:
    assert S.checkpoint_head(data) is None


@pytest.mark.parametrize(
    ("code", "secret"),
    [("wrong_passphrase", True), ("credential_required", True), ("bad_magic", False), ("too_large", False)],
)
def test_a_secret_problem_is_what_the_code_table_says(qapp, code: str, secret: bool) -> None:
    assert S.secret_problem(Report.unopenable(code, "message")) is secret
