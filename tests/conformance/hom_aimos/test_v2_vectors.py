"""The published HOM-AIMOS v2 vectors, read from ``../shared/hom-aimos-v2`` (AGPL data, never copied).

* ``vectors.json``: 39 structural vectors with placeholder keys, judged ``--structural-only``;
* ``p2-crypto-vectors.json``: 8 recall vectors (the row's ``expected_master_fingerprint`` as the
  pin) and 10 mutation vectors (with their witness and trust context).

Each row: the verdict, the primary reason (the reference's code), the summary hash
``sha256(JCS(bundle))`` where the file gives one, and for a valid row the evidence's own
commitment (the reference's ``bundle_sha256``) and, for an envelope, its object root.  The command
line judges every row the same way (options ``--structural-only``, ``--trust-master``,
``--witness``, ``--trust-context``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from inspector.cli.main import main
from inspector.core.canonical import jcs
from inspector.core.hom_aimos_v2 import verify_bundle

from ..vectors import HOM_V2 as V2
from ..vectors import vector_path


def v2_file(name: str) -> Any:
    return json.loads(vector_path(name, version="v2").read_text(encoding="utf-8"))


VERDICT = {"valid": "pass", "invalid": "fail"}
STRUCTURAL = v2_file("vectors.json")
CRYPTO = v2_file("p2-crypto-vectors.json")
RECALL = CRYPTO["recall"]["vectors"]
MUTATION = CRYPTO["mutation"]["vectors"]


def encode(doc: Any) -> bytes:
    return json.dumps(doc).encode()


def test_the_files_are_the_published_ones() -> None:
    for name in ("vectors.json", "p2-crypto-vectors.json", "protocol-manifest.json"):
        published = (V2 / f"{name}.sha256").read_text().split()[0]
        assert hashlib.sha256((V2 / name).read_bytes()).hexdigest() == published
    assert (len(STRUCTURAL["vectors"]), len(RECALL), len(MUTATION)) == (39, 8, 10)
    manifest = v2_file("protocol-manifest.json")
    assert set(manifest["failure_codes"]) == {v["reason"] for v in STRUCTURAL["vectors"] if v["reason"]}


def _check_valid(report: Any, bundle: dict[str, Any]) -> None:
    assert report.bundle_sha256 == bundle["bundle_sha256"]
    if "object_root_sha256" in bundle:
        assert report.root == bundle["object_root_sha256"]


@pytest.mark.parametrize(
    ("row", "summary"),
    list(zip(STRUCTURAL["vectors"], STRUCTURAL["summaries"], strict=True)),
    ids=[v["id"] for v in STRUCTURAL["vectors"]],
)
def test_structural_vector(row: dict[str, Any], summary: dict[str, Any]) -> None:
    report = verify_bundle(encode(row["bundle"]), structural_only=True)
    assert report.profile == "hom-aimos-v2"
    assert (report.verdict, report.primary_reason) == (VERDICT[row["expected"]], row["reason"])
    assert (
        report.hom.document_sha256
        == summary["bundle_sha256"]
        == hashlib.sha256(jcs(row["bundle"])).hexdigest()
    )
    if row["expected"] == "valid":
        _check_valid(report, row["bundle"])
        assert "hom.structural_only" in report.codes()
    else:
        assert report.root is None and report.bundle_sha256 is None


@pytest.mark.parametrize("row", RECALL, ids=[v["id"] for v in RECALL])
def test_crypto_recall_vector(row: dict[str, Any]) -> None:
    report = verify_bundle(encode(row["bundle"]), trust_master=row["expected_master_fingerprint"])
    assert (report.verdict, report.primary_reason) == (VERDICT[row["expected"]], row["reason"])
    if row["expected"] == "valid":
        _check_valid(report, row["bundle"])
        assert all(s.ok is True for s in report.hom.signatures)


@pytest.mark.parametrize("row", MUTATION, ids=[v["id"] for v in MUTATION])
def test_crypto_mutation_vector(row: dict[str, Any]) -> None:
    report = verify_bundle(
        encode(row["bundle"]),
        trust_master=row["expected_master_fingerprint"],
        witness=encode(row["witness"]),
        trust_context=encode(row["trust_context"]),
    )
    assert (report.verdict, report.primary_reason) == (VERDICT[row["expected"]], row["reason"])
    if row["expected"] == "valid":
        _check_valid(report, row["bundle"])


def test_the_structurally_valid_vectors_fail_without_a_pin() -> None:
    """Placeholder keys: judged in full, the valid structural vectors have no trusted master."""
    valid = [v for v in STRUCTURAL["vectors"] if v["expected"] == "valid"]
    for row in valid:
        assert verify_bundle(encode(row["bundle"])).primary_reason == "EXPECTED_TRUST_ANCHOR_REQUIRED"


def test_the_command_line_judges_every_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def run(args: list[str]) -> dict[str, Any]:
        code = main(["verify", "--json", *args])
        out = json.loads(capsys.readouterr().out)
        assert code == (0 if out["verdict"] == "pass" else 1)
        return out

    def write(name: str, doc: Any) -> str:
        path = tmp_path / name
        path.write_bytes(encode(doc))
        return str(path)

    seen = 0
    for row in STRUCTURAL["vectors"]:
        out = run([write("s.json", row["bundle"]), "--structural-only"])
        assert (out["verdict"], out["primary_reason"], out["profile"]) == (
            VERDICT[row["expected"]],
            row["reason"],
            "hom-aimos-v2",
        )
        seen += 1
    for row in RECALL:
        out = run([write("r.json", row["bundle"]), "--trust-master", row["expected_master_fingerprint"]])
        assert (out["verdict"], out["primary_reason"]) == (VERDICT[row["expected"]], row["reason"])
        seen += 1
    for row in MUTATION:
        out = run(
            [
                write("m.json", row["bundle"]),
                "--witness",
                write("w.json", row["witness"]),
                "--trust-context",
                write("t.json", row["trust_context"]),
                "--trust-master",
                row["expected_master_fingerprint"],
            ]
        )
        assert (out["verdict"], out["primary_reason"]) == (VERDICT[row["expected"]], row["reason"])
        seen += 1
    assert seen == 57


def test_receipt_check_anchors_only_the_valid_recall_disclosure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The recall lane through ``receipt check`` (a v2 disclosure is its own proof): anchored exactly
    when the reference says valid; otherwise the reference's code is in the failing check, or the
    pin is said not to be the master."""
    path = tmp_path / "r.json"
    for row in RECALL:
        path.write_bytes(encode(row["bundle"]))
        code = main(
            ["receipt", "check", str(path), "--trust-master", row["expected_master_fingerprint"], "--json"]
        )
        out = json.loads(capsys.readouterr().out)
        assert (code == 0, out["result"] == "anchored") == (row["expected"] == "valid",) * 2
        if row["expected"] != "valid":
            failed = next(c for c in out["checks"] if not c["ok"])
            if row["reason"] == "EXPECTED_TRUST_ANCHOR_REQUIRED":
                assert out["result"] == "anchor_mismatch"
            else:
                assert row["reason"] in failed["message"]
