"""``aleth-inspector receipt check`` of a HOM-AIMOS v2 recall disclosure.  The v2 format defines no
separate inclusion proof: its ``recall_disclosure`` envelope is the portable proof of one recall
(HOM-AIMOS-v2.md §2), so ``receipt check`` judges the envelope whole and anchors it to the master
fingerprint the auditor pins (``--trust-master``), never to a file.  Envelopes are built and signed
by ``tests/core/hom_aimos_v2/builder.py`` with fresh keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.cli import main
from inspector.core.hom_proof import check_hom_proof, hom_proof_display, is_hom_proof
from tests.core.hom_aimos_v2 import builder as b

ENVELOPE = b.Envelope(n=3)
PIN = ENVELOPE.master.fingerprint


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hom-v2-receipt")
    valid = ENVELOPE.document()
    broken_root = b.copy_of(valid)
    native = b.body(broken_root, "native_recall_receipt")
    native["merkle_root"] = "cd" * 32  # the stated root, wherever it is stated
    native["event_receipt"]["signed_body"]["metadata"]["merkle_root"] = "cd" * 32
    out = {
        "valid": valid,
        "merkle_root_mismatch": b.reseal(broken_root),
        "mutation_bundle": b.Mutation().documents()[0],
    }
    paths = {}
    for name, doc in out.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_bytes(b.encode(doc))
    return paths


def check(capsys, *argv: str) -> tuple[int, dict]:
    code = main(["receipt", "check", *argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_a_disclosure_pinned_to_its_master_is_anchored(capsys, files) -> None:
    code, result = check(capsys, str(files["valid"]), "--trust-master", f"sha256:{PIN.upper()}")
    assert (code, result["result"], result["valid"], result["anchored"]) == (0, "anchored", True, True)
    assert (
        result["profile"] == "hom-aimos-v2" and result["tree_size"] == 2 + 3
    )  # the two decisions, then one per result
    assert [c["name"] for c in result["checks"]] == ["format", "evidence", "signatures", "anchor"]
    assert all(c["ok"] for c in result["checks"]) and result["anchor"] == {
        "kind": "master",
        "fingerprint": PIN,
    }


def test_without_a_pin_no_signature_is_checked_and_it_says_so(capsys, files) -> None:
    code, result = check(capsys, str(files["valid"]))
    assert (code, result["result"], result["anchored"]) == (1, "not_anchored", False)
    anchor = result["checks"][-1]
    assert (anchor["name"], anchor["ok"]) == ("anchor", False)
    assert PIN in anchor["message"] and "no signature" in anchor["message"]
    assert "signatures" not in [c["name"] for c in result["checks"]]


def test_the_wrong_pin_is_an_anchor_mismatch(capsys, files) -> None:
    code, result = check(capsys, str(files["valid"]), "--trust-master", "ab" * 32)
    assert (code, result["result"], result["anchored"]) == (1, "anchor_mismatch", False)
    assert "ab" * 32 in result["checks"][-1]["message"] and PIN in result["checks"][-1]["message"]


def test_a_broken_disclosure_is_invalid_with_the_reference_code(capsys, files) -> None:
    code, result = check(capsys, str(files["merkle_root_mismatch"]), "--trust-master", PIN)
    assert (code, result["result"], result["valid"]) == (1, "invalid", False)
    failed = result["checks"][-1]
    assert (failed["name"], failed["ok"]) == ("evidence", False)
    assert "MERKLE_ROOT_MISMATCH" in failed["message"]


def test_a_mutation_bundle_is_not_a_recall(capsys, files) -> None:
    code, result = check(capsys, str(files["mutation_bundle"]), "--trust-master", PIN)
    assert (code, result["result"]) == (1, "invalid")
    assert "mutation" in result["checks"][0]["message"] and "verify" in result["checks"][0]["message"]


def test_a_file_does_not_anchor_a_disclosure(capsys, files) -> None:
    code, result = check(capsys, str(files["valid"]), "--file", str(files["valid"]))
    assert (code, result["result"]) == (1, "not_anchored")
    assert "--trust-master" in result["checks"][-1]["message"]


def test_the_text_output_names_the_result(capsys, files) -> None:
    assert main(["receipt", "check", str(files["valid"]), "--trust-master", PIN]) == 0
    out = capsys.readouterr().out
    assert out.startswith("VALID") and "[ok]   anchor" in out


def test_the_check_is_said_in_spanish_and_french(files) -> None:
    data = files["valid"].read_bytes()
    assert is_hom_proof(data)
    result = check_hom_proof(data, trusted=None)
    english = hom_proof_display(result)
    for lang in ("es", "fr"):
        shown = hom_proof_display(result, lang)
        assert shown["message"] != english["message"]
        assert all(
            a["message"] != e["message"] for a, e in zip(shown["checks"], english["checks"], strict=True)
        )
