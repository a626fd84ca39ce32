"""Where the HOM-AIMOS vectors live: ``../shared`` beside the repository (AGPL data, read in
place, never copied into the project)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
V1 = SHARED / "hom-aimos-v1"
V2 = SHARED / "hom-aimos-v2"


@cache
def v1_rows() -> list[dict[str, Any]]:
    """The rows of ``hom-aimos-v1/expected.json`` (a missing file is an error, not a skip)."""
    return json.loads((V1 / "expected.json").read_text(encoding="utf-8"))["vectors"]


def v1_bytes(vector_id: str) -> bytes:
    for row in v1_rows():
        if row["vector_id"] == vector_id:
            return (V1 / row["file"]).read_bytes()
    raise KeyError(vector_id)


def v1_doc(vector_id: str) -> dict[str, Any]:
    return json.loads(v1_bytes(vector_id))


@cache
def v2_file(name: str) -> dict[str, Any]:
    return json.loads((V2 / name).read_text(encoding="utf-8"))
