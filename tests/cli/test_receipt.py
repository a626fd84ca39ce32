"""``aleth-inspector receipt prove|check`` in-process: the anchored proof format, what the
check says it anchored to, and its exit codes (0 anchored and valid, 1 invalid or not
anchored, 2 the file cannot be opened, 3 usage)."""

from __future__ import annotations

import copy
import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization

from inspector.cli import main
from inspector.core.keys import KeyPair
from inspector.core.proofs import PROOF_FORMAT, RESULT_SCHEMA, key_fingerprint, parse_proof
from inspector.core.verify.merkle import leaf_hash, make_proof
from tests.core.proofs.world import World, build_world, crafted_receipt_world, resign

ROOT = Path(__file__).resolve().parents[2]
MUTMEM = ROOT / "tests" / "fixtures" / "mutmem" / "valid_basic"
CASE = json.loads((MUTMEM / "case.json").read_text(encoding="utf-8"))
DEMO = ROOT / "resources" / "demo.aleth"
DEMO_PASS = ROOT / "resources" / "demo.passphrase"
R2 = next(r for r, e in CASE["expected"]["receipts"].items() if e["n"] == 4)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return build_world(tmp_path_factory.mktemp("cli-world"))


@pytest.fixture(scope="module")
def other(tmp_path_factory) -> World:
    return build_world(tmp_path_factory.mktemp("cli-other"))


@pytest.fixture
def proof_file(world: World, tmp_path: Path, capsys) -> Path:
    """A genuine proof of entry 2 of the world's 4-entry receipt, written by ``prove``."""
    code, out, err = run(capsys, "receipt", "prove", str(world.dir), world.receipt, "2")
    assert code == 0, err
    p = tmp_path / "proof.json"
    p.write_text(out)
    return p


def write_json(path: Path, d: Any) -> Path:
    path.write_text(json.dumps(d))
    return path


def public_pem(key: KeyPair) -> bytes:
    return key.private.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


# =========================================================================== prove


def test_prove_prints_the_anchored_format_for_every_fixture_entry(capsys) -> None:
    store = str(MUTMEM / "store")
    for rid, e in CASE["expected"]["receipts"].items():
        for p in e["inclusion_proofs"]:
            code, out, err = run(capsys, "receipt", "prove", store, rid, str(p["ordinal"]))
            assert code == 0 and err == "", err
            proof = json.loads(out)
            assert proof["proof"] == PROOF_FORMAT
            assert proof["receipt"] == rid and proof["ordinal"] == p["ordinal"]
            assert proof["tree_size"] == e["n"] and proof["root"] == e["root"]
            assert proof["entry"] == e["entries"][p["ordinal"]]
            assert proof["leaf_hash"] == p["leaf_hash"] and proof["audit_path"] == p["audit_path"]
            assert proof["signer"]["key_id"] == "key-001"
            assert proof["signer"]["public_key"]["x"] == CASE["scenario"]["keys"]["key-001"]["public_key_x"]
            assert proof["status"] == {"evidence": "VALID", "receipt": "valid", "file_verdict": "pass"}
            assert proof["evidence"]["commit_id"] == rid
            assert parse_proof(out.encode()).receipt == rid


def test_prove_output_file(world: World, tmp_path: Path, capsys) -> None:
    out_path = tmp_path / "p.json"
    code, out, err = run(capsys, "receipt", "prove", str(world.dir), world.receipt, "1", "-o", str(out_path))
    assert code == 0, err
    assert out_path.stat().st_mode & 0o777 == 0o600
    proof = parse_proof(out_path.read_bytes())
    fpr = key_fingerprint(world.agent.raw_public)
    assert f"Wrote {out_path}" in out and "entry 1 of 4" in out and fpr in out
    assert proof.inclusion.ordinal == 1


def test_prove_sealed_demo_and_check_it_against_the_demo(tmp_path: Path, capsys) -> None:
    code, out, err = run(capsys, "verify", "--json", "--passphrase-file", str(DEMO_PASS), str(DEMO))
    receipts = sorted(json.loads(out)["receipts"])
    assert receipts
    for rid in (receipts[0], receipts[-1]):
        p = tmp_path / f"{rid[7:15]}.json"
        code, out, err = run(
            capsys, "receipt", "prove", str(DEMO), rid, "0", "--passphrase-file", str(DEMO_PASS), "-o", str(p)
        )
        assert code == 0, err
        code, out, err = run(
            capsys, "receipt", "check", str(p), "--file", str(DEMO), "--passphrase-file", str(DEMO_PASS)
        )
        sha = hashlib.sha256(DEMO.read_bytes()).hexdigest()
        assert code == 0, out + err
        assert out.startswith("VALID  ")
        assert f"anchored to {DEMO} (sha256 {sha}, verdict pass)" in out


@pytest.mark.parametrize(
    "change, words",
    [
        ({"entries": {"0": "x"}}, "entries are not a list of objects (found a JSON object)"),
        ({"entries": [1]}, "entries are not a list of objects (found a list holding a number)"),
        ({"entries": []}, "disclosed no entries"),
    ],
)
def test_prove_says_what_is_wrong_with_a_tampered_receipt(
    tmp_path: Path, capsys, change: dict[str, Any], words: str
) -> None:
    bad, rid = crafted_receipt_world(tmp_path, "tampered", lambda body: body.update(change))
    code, out, err = run(capsys, "receipt", "prove", str(bad.dir), rid, "0")
    assert code == 1 and out == ""
    assert words in err
    assert "outside" not in err and "-1" not in err


def test_prove_usage_errors(world: World, tmp_path: Path, capsys) -> None:
    code, out, err = run(capsys, "receipt", "prove", str(world.dir), world.receipt, "4")
    assert code == 3 and "outside 0…3" in err and "(n = 4)" in err
    code, out, err = run(capsys, "receipt", "prove", str(world.dir), world.outcome, "0")
    assert code == 3 and "task_outcome" in err and "not a recall receipt" in err
    code, out, err = run(capsys, "receipt", "prove", str(world.dir), "sha256:" + "00" * 32, "0")
    assert code == 3 and "not a recall receipt" in err
    assert out == ""


def test_prove_unopenable(tmp_path: Path, capsys) -> None:
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("not the passphrase\n")
    code, out, err = run(capsys, "receipt", "prove", str(DEMO), R2, "0", "--passphrase-file", str(wrong))
    assert code == 2 and out == "" and err


def test_prove_notes_an_invalid_receipt(tmp_path: Path, capsys) -> None:
    def overstate(body: dict[str, Any]) -> None:
        from inspector.core.verify.merkle import root_of_entries

        body["entries"][0]["weight_q"] = 2500
        body["root"] = root_of_entries(body["entries"])

    bad, rid = crafted_receipt_world(tmp_path, "overstated", overstate)
    code, out, err = run(capsys, "receipt", "prove", str(bad.dir), rid, "0")
    assert code == 0
    assert json.loads(out)["status"]["receipt"] == "invalid"
    assert "note:" in err and "is invalid in this file" in err


# =========================================================================== check: anchored


def test_check_anchored_to_a_directory_store(world: World, proof_file: Path, capsys) -> None:
    code, out, err = run(capsys, "receipt", "check", str(proof_file), "--file", str(world.dir))
    assert code == 0, out + err
    first = out.splitlines()[0]
    assert first.startswith("VALID  ")
    assert f"anchored to {world.dir} (directory store, verdict pass)" in first
    for name in ("leaf", "path", "evidence", "signature", "binding", "signed_root", "anchor"):
        assert f"[ok]   {name}:" in out
    assert "[FAIL]" not in out


def test_check_anchored_to_a_sealed_file(tmp_path: Path, capsys) -> None:
    code, out, _ = run(capsys, "receipt", "prove", str(MUTMEM / "store"), R2, "3")
    proof = write_json(tmp_path / "p.json", json.loads(out))
    secret = tmp_path / "pass.txt"
    secret.write_text(CASE["passphrase"] + "\n")
    code, out, err = run(
        capsys,
        "receipt",
        "check",
        str(proof),
        "--file",
        str(MUTMEM / "memory.aleth"),
        "--passphrase-file",
        str(secret),
    )
    sha = hashlib.sha256((MUTMEM / "memory.aleth").read_bytes()).hexdigest()
    assert code == 0, out + err
    assert f"anchored to {MUTMEM / 'memory.aleth'} (sha256 {sha}, verdict pass)" in out
    code_file = tmp_path / "code.txt"
    code_file.write_text(CASE["recovery_code"])
    code, out, err = run(
        capsys,
        "receipt",
        "check",
        str(proof),
        "--file",
        str(MUTMEM / "memory.aleth"),
        "--recovery-code-file",
        str(code_file),
    )
    assert code == 0, out + err


def test_check_anchored_to_trusted_key_pem_and_fingerprint(
    world: World, proof_file: Path, tmp_path: Path, capsys
) -> None:
    pem = tmp_path / "agent.pub.pem"
    pem.write_bytes(public_pem(world.agent))
    fpr = key_fingerprint(world.agent.raw_public)
    for spec in (str(pem), fpr):
        code, out, err = run(capsys, "receipt", "check", str(proof_file), "--trusted-key", spec)
        assert code == 0, out + err
        assert f"anchored to the trusted key {fpr}" in out.splitlines()[0]
        assert "note:" in out and "not checked" in out


def test_check_without_anchor_is_consistent_not_anchored(proof_file: Path, capsys) -> None:
    code, out, err = run(capsys, "receipt", "check", str(proof_file))
    assert code == 1 and err == ""
    assert out.startswith("NOT ANCHORED  Consistent, not anchored:")
    assert "[FAIL]" not in out  # every check holds; only the anchor is missing


def test_check_json_is_one_object(world: World, proof_file: Path, capsys) -> None:
    code, out, err = run(capsys, "receipt", "check", str(proof_file), "--file", str(world.dir), "--json")
    assert code == 0
    d = json.loads(out)
    assert d["schema"] == RESULT_SCHEMA and d["result"] == "anchored" and d["exit_code"] == 0
    assert d["valid"] is True and d["anchored"] is True
    assert d["anchor"]["kind"] == "file" and d["anchor"]["verdict"] == "pass"
    assert d["signer"] == {"key_id": "key-001", "fingerprint": key_fingerprint(world.agent.raw_public)}
    assert [c["name"] for c in d["checks"]][-1] == "anchor"
    code, out, err = run(capsys, "receipt", "check", str(proof_file), "--json")
    assert err == ""
    d = json.loads(out)
    assert code == 1 and d["result"] == "not_anchored" and d["anchored"] is False and d["anchor"] is None


# =========================================================================== check: forgeries


FAKE = {"ordinal": 0, "memory": "sha256:" + "ab" * 32, "weight_q": 3000, "label": "supported"}


def one_leaf() -> dict[str, Any]:
    h = leaf_hash(FAKE).hex()
    return {
        "ordinal": 0,
        "tree_size": 1,
        "entry": FAKE,
        "leaf_hash": h,
        "audit_path": [],
        "root": "sha256:" + h,
    }


def test_forged_one_leaf_proof_under_a_real_receipt_id(
    world: World, proof_file: Path, tmp_path, capsys
) -> None:
    # the attack as issue 9 describes it: the old seven-key format
    legacy = write_json(tmp_path / "legacy.json", {"receipt": world.receipt, **one_leaf()})
    code, out, err = run(capsys, "receipt", "check", str(legacy))
    assert code == 1 and out.startswith("NOT ANCHORED") and "re-export" in out
    # the same tree inside the new format, under the genuine signature
    forged = {**json.loads(proof_file.read_text()), **one_leaf()}
    p = write_json(tmp_path / "forged.json", forged)
    for extra in ([], ["--file", str(world.dir)]):
        code, out, err = run(capsys, "receipt", "check", str(p), *extra)
        assert code == 1 and err == "", extra
        assert out.startswith("INVALID  ") and "is not the root of the signed receipt" in out.splitlines()[0]


def test_altered_signature_swapped_bytes_swapped_key(
    world: World, proof_file: Path, tmp_path, capsys
) -> None:
    genuine = json.loads(proof_file.read_text())
    sig = copy.deepcopy(genuine)
    s = sig["evidence"]["signature"]
    sig["evidence"]["signature"] = s[:-3] + ("x" if s[-3] != "x" else "y") + s[-2:]
    code, out, _ = run(
        capsys, "receipt", "check", str(write_json(tmp_path / "sig.json", sig)), "--file", str(world.dir)
    )
    assert code == 1 and "[FAIL] signature:" in out

    small = json.loads(run(capsys, "receipt", "prove", str(world.dir), world.small, "0")[1])
    swapped = {**copy.deepcopy(genuine), "receipt_json": small["receipt_json"]}
    code, out, _ = run(capsys, "receipt", "check", str(write_json(tmp_path / "bytes.json", swapped)))
    assert code == 1 and "[FAIL] binding:" in out

    attacker = KeyPair.generate()
    resigned = copy.deepcopy(genuine)
    resigned["evidence"] = resign(resigned["evidence"], attacker)
    resigned["signer"]["public_key"] = attacker.jwk
    p = write_json(tmp_path / "key.json", resigned)
    real = tmp_path / "real.pem"
    real.write_bytes(public_pem(world.agent))
    code, out, _ = run(capsys, "receipt", "check", str(p), "--trusted-key", str(real))
    assert code == 1 and out.startswith("NOT ANCHORED") and "not by the trusted key" in out
    code, out, _ = run(
        capsys, "receipt", "check", str(p), "--trusted-key", key_fingerprint(attacker.raw_public)
    )
    assert code == 0  # the attacker's own key did sign it: trusting that key is the auditor's choice
    code, out, _ = run(capsys, "receipt", "check", str(p), "--file", str(world.dir))
    assert code == 1 and "different public key" in out


def test_proof_from_another_file(world: World, other: World, proof_file: Path, capsys) -> None:
    code, out, _ = run(capsys, "receipt", "check", str(proof_file), "--file", str(other.dir))
    assert code == 1 and out.startswith("NOT ANCHORED")
    assert f"{world.receipt} is not in {other.dir}" in out


def test_legacy_proof_written_by_an_older_version(world: World, tmp_path: Path, capsys) -> None:
    rv = world.report.mutmem.receipts[world.receipt]
    old = make_proof(world.receipt, rv.entries, 1, rv.root).to_json()
    code, out, _ = run(
        capsys, "receipt", "check", str(write_json(tmp_path / "v1.json", old)), "--file", str(world.dir)
    )
    assert code == 1 and "version-1 proof" in out and "re-export" in out


# =========================================================================== check: exit codes 2 and 3


def test_check_file_unopenable(proof_file: Path, tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk.aleth"
    junk.write_bytes(b"ALETH002" + b"\0" * 64)
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("nope")
    for extra in (
        ["--file", str(junk), "--passphrase-file", str(wrong)],
        ["--file", str(DEMO), "--passphrase-file", str(wrong)],
        ["--file", str(tmp_path / "missing.aleth")],
    ):
        code, out, err = run(capsys, "receipt", "check", str(proof_file), *extra)
        assert code == 2, (extra, out, err)
        assert out.startswith("UNOPENABLE  ")
        code, out, err = run(capsys, "receipt", "check", str(proof_file), *extra, "--json")
        assert code == 2 and json.loads(out)["result"] == "unopenable"


def test_check_usage_errors(world: World, proof_file: Path, tmp_path: Path, capsys) -> None:
    code, out, err = run(capsys, "receipt", "check", str(tmp_path / "missing.json"))
    assert code == 3 and "cannot read the proof file" in err.lower()
    code, out, err = run(capsys, "receipt", "check", str(tmp_path / "missing.json"), "--json")
    assert code == 3 and json.loads(out)["result"] == "error" and json.loads(out)["exit_code"] == 3
    secret = tmp_path / "pass.txt"
    secret.write_text("x")
    code, out, err = run(capsys, "receipt", "check", str(proof_file), "--passphrase-file", str(secret))
    assert code == 3 and "--file" in err
    short = "sha256:" + key_fingerprint(world.agent.raw_public)[7:23]
    code, out, err = run(capsys, "receipt", "check", str(proof_file), "--trusted-key", short)
    assert code == 3 and "16 hex digits" in err
    code, out, err = run(
        capsys, "receipt", "check", str(proof_file), "--trusted-key", str(tmp_path / "no.pem")
    )
    assert code == 3 and "cannot read the trusted key" in err.lower()
    # --file and --trusted-key are exclusive: a usage error, exit 3 (main returns it)
    code = main(
        [
            "receipt",
            "check",
            str(proof_file),
            "--file",
            str(world.dir),
            "--trusted-key",
            "sha256:" + "0" * 64,
        ]
    )
    assert code == 3
    capsys.readouterr()


def test_check_of_a_malformed_proof_is_invalid(tmp_path: Path, capsys) -> None:
    p = tmp_path / "x.json"
    p.write_bytes(b'{"proof": "aleth-inspector/receipt-proof/2", "receipt": 1}')
    code, out, _ = run(capsys, "receipt", "check", str(p))
    assert code == 1 and out.startswith("INVALID  ") and "not a readable receipt proof" in out


def test_check_output_survives_an_ascii_terminal(world: World, proof_file: Path, monkeypatch, capsys) -> None:
    """Sentences hold "…" and ids may hold anything: an ASCII stdout never crashes."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr("sys.stdout", stream)
    forged = json.loads(proof_file.read_text())
    forged["signer"]["key_id"] = "k\u00e9y-\ud800"
    proof_file.write_text(json.dumps(forged))
    assert main(["receipt", "check", str(proof_file)]) == 1
    stream.flush()
    text = raw.getvalue().decode("ascii")
    assert text.startswith("INVALID  ") and "k\\xe9y-\\ud800" in text


def test_check_and_prove_help_name_the_anchors(capsys) -> None:
    assert main(["receipt", "check", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--file", "--trusted-key", "--json", "consistent, not anchored", "0 anchored and valid"):
        assert words in text, words
