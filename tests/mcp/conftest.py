"""Shared pieces of the MCP server's tests: the fixture files they serve, and the
independent statement of what must be served (SPEC B1 statuses, C2 label ranks)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ..conftest import ALETHECH, MUTMEM

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo.aleth"
DEMO_PASSPHRASE = ROOT / "resources" / "demo.passphrase"
PASSING = ALETHECH / "03_rotation_eras" / "store"
DARK = ALETHECH / "05_dark_v2" / "store"
DARK_COMMIT = json.loads((ALETHECH / "05_dark_v2" / "case.json").read_text())["scenario"]["dark_commit"]
POISONED = MUTMEM / "valid_basic" / "store"
SEALED = ROOT / "tests" / "fixtures" / "containers" / "01_basic.memory.aleth"
SEALED_PASSPHRASE = json.loads(
    (ROOT / "tests" / "fixtures" / "containers" / "01_basic.case.json").read_text()
)["passphrase"]

# SPEC C2: restriction rank of a projected label; a memory ranking 3 or more is untrusted
RANK = {
    "supported": 0,
    "poison_refuted": 0,
    None: 1,
    "unverified": 1,
    "disputed": 2,
    "poison_suspect": 3,
    "poison_likely": 4,
    "poison_confirmed": 5,
}
OK = {"VALID", "VALID_HISTORICAL"}


def expected_served(report, policy: str) -> set[str]:
    """What SPEC says may be served from ``report``: plain memories (no ``mutmem``
    field in their signed content) with status VALID/VALID_HISTORICAL whose label at
    HEAD ranks below 3; nothing under ``strict`` unless the verdict is pass."""
    if policy == "strict" and report.verdict != "pass":
        return set()
    if report.verdict not in ("pass", "fail"):
        return set()
    out = set()
    for cid, status in report.commits.items():
        obj = report.objects.get(cid)
        if obj is None or obj.malformed is not None or "mutmem" in obj.fields.get("content", {}):
            continue
        if status.value not in OK:
            continue
        view = report.mutmem.memories.get(cid) if report.mutmem is not None else None
        if RANK.get(view.label if view is not None else None, 1) >= 3:
            continue
        out.add(cid)
    return out


@pytest.fixture()
def store_copy(tmp_path):
    """A writable copy of a fixture directory store."""

    def copy(src: Path = PASSING, name: str = "store") -> Path:
        return Path(shutil.copytree(src, tmp_path / name))

    return copy
