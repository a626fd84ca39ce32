"""Where the HOM-AIMOS conformance vectors are, and how a test reads them.

The vectors are AGPL data published by the HOM-AIMOS project: they stay in ``../shared``
beside the repository (CI has it, a lone clone does not) and are read in place, never
copied into the project.  ``ALETH_SHARED`` names another folder to read them from.

* :data:`SHARED`, :data:`HOM_V1`, :data:`HOM_V2` — the folders;
* :func:`missing` — why the suite cannot run here (None when it can);
* :func:`vector_path` — one v1 vector by its id (``"MM-CV-005"``), or any file of either
  corpus by its path inside it (``vector_path("vectors.json", version="v2")``);
* :func:`expected_rows`, :func:`vector_bytes`, :func:`vector_doc` — the v1 table
  (``expected.json``) and a vector's bytes or parsed document.

This module imports nothing from the package, so the root ``conftest.py`` can ask
:func:`missing` before it decides to collect ``tests/conformance``.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SHARED_ENV = "ALETH_SHARED"
SHARED = Path(os.environ[SHARED_ENV]).resolve() if os.environ.get(SHARED_ENV) else REPO.parent / "shared"
SHARED_NAME = str(SHARED) if os.environ.get(SHARED_ENV) else "../shared"
"""How messages name :data:`SHARED` (``../shared`` unless ``ALETH_SHARED`` moved it)."""

HOM_V1 = SHARED / "hom-aimos-v1"
HOM_V2 = SHARED / "hom-aimos-v2"
V1_EXPECTED = HOM_V1 / "expected.json"
V1_VECTORS = HOM_V1 / "verifiers" / "mutmem-conformance" / "v1"
"""The v1 bundles themselves (``MM-CV-*.json``, and the corpus's ``manifest.json``)."""

VERSIONS = {"v1": HOM_V1, "v2": HOM_V2}


def missing() -> str | None:
    """Why the conformance suite cannot run here, in the words of the run's last line
    (``"../shared/hom-aimos-v1 not found"``), or None when both corpora are there."""
    for name, folder in VERSIONS.items():
        marker = V1_EXPECTED if name == "v1" else folder / "vectors.json"
        if not marker.is_file():
            return f"{SHARED_NAME}/{folder.name} not found"
    return None


@cache
def expected_rows() -> tuple[dict[str, Any], ...]:
    """The rows of the v1 ``expected.json`` (the reference verifier's answer per vector)."""
    if not V1_EXPECTED.is_file():
        raise FileNotFoundError(f"HOM-AIMOS v1 vectors not found at {V1_EXPECTED}")
    return tuple(json.loads(V1_EXPECTED.read_text(encoding="utf-8"))["vectors"])


def row(vector_id: str) -> dict[str, Any]:
    """The ``expected.json`` row of one v1 vector."""
    for r in expected_rows():
        if r["vector_id"] == vector_id:
            return r
    raise KeyError(f"no HOM-AIMOS v1 vector {vector_id!r} in {V1_EXPECTED}")


def vector_path(name: str, *, version: str = "v1") -> Path:
    """A v1 vector by its id (``"MM-CV-022-B"``), or a file by its path inside the
    corpus of ``version`` (``"v1"`` or ``"v2"``).  A file that is not there raises
    FileNotFoundError (the suite runs only where the corpora are complete)."""
    if version not in VERSIONS:
        raise ValueError(f"version is 'v1' or 'v2', not {version!r}")
    if version == "v1" and name.startswith("MM-CV-") and not name.endswith(".json"):
        path = HOM_V1 / row(name)["file"]
    else:
        path = VERSIONS[version] / name
    if not path.is_file():
        raise FileNotFoundError(f"HOM-AIMOS {version} file not found: {path}")
    return path


def vector_bytes(vector_id: str) -> bytes:
    return vector_path(vector_id).read_bytes()


def vector_doc(vector_id: str) -> Any:
    return json.loads(vector_bytes(vector_id))
