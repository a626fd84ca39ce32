"""The corpora themselves: what the conformance suite reads is what upstream published."""

from __future__ import annotations

import hashlib
import json

import pytest

from .vectors import HOM_V1, HOM_V2, expected_rows, vector_path

V2_FILES = ("vectors.json", "p2-crypto-vectors.json", "protocol-manifest.json")


def test_every_v1_vector_is_the_published_file() -> None:
    rows = expected_rows()
    assert len(rows) == 42 and len({r["vector_id"] for r in rows}) == 42
    for row in rows:
        data = vector_path(row["vector_id"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == row["fixture_sha256"], row["vector_id"]


@pytest.mark.parametrize("name", V2_FILES)
def test_every_v2_file_matches_its_published_digest(name: str) -> None:
    digest, listed = vector_path(f"{name}.sha256", version="v2").read_text().split()
    assert listed == name
    assert hashlib.sha256(vector_path(name, version="v2").read_bytes()).hexdigest() == digest
    json.loads(vector_path(name, version="v2").read_bytes())


def test_the_licence_travels_with_the_data() -> None:
    for folder in (HOM_V1, HOM_V2):
        assert "GNU AFFERO GENERAL PUBLIC LICENSE" in (folder / "LICENSE").read_text()


def test_a_missing_file_is_an_error_not_a_skip() -> None:
    with pytest.raises(FileNotFoundError):
        vector_path("no-such-file.json", version="v2")
    with pytest.raises(KeyError):
        vector_path("MM-CV-999")
