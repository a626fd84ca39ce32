"""The proof tests' worlds, made once per module."""

from __future__ import annotations

from typing import Any

import pytest

from inspector.core.proofs import (
    key_fingerprint,
    load_trusted_key,
    make_proof_from,
)

from .world import World, build_world


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return build_world(tmp_path_factory.mktemp("world"))


@pytest.fixture(scope="module")
def other(tmp_path_factory) -> World:
    """A second, unrelated file (other keys, other receipts)."""
    return build_world(tmp_path_factory.mktemp("other"))


@pytest.fixture(scope="module")
def genuine(world: World) -> dict[str, Any]:
    """The JSON form of a genuine proof of entry 2 of the 4-entry receipt."""
    return make_proof_from(world.store, world.report, world.receipt, 2).proof.to_json()


@pytest.fixture(scope="module")
def agent_key(world: World):
    return load_trusted_key(key_fingerprint(world.agent.raw_public))
