"""``aleth-inspector verify`` of HOM-AIMOS v2 portable evidence: an envelope with the pin
(``--trust-master``), without it, structure only (``--structural-only``); a mutation bundle with its
witness and trust context (``--witness``, ``--trust-context``); every report format carries the
profile and the reference's code.  Evidence built by ``tests/core/hom_aimos_v2/builder.py``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from inspector.cli import main
from tests.core.hom_aimos_v2 import builder as b

ENVELOPE = b.Envelope(n=1)
MUTATION = b.Mutation("signed_noop")


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hom-v2-cli")
    bundle, witness, context = MUTATION.documents()
    broken = b.copy_of(ENVELOPE.document())
    b.body(broken, "request_envelope")["signed_method"] = "GET"
    b.reseal(broken)
    docs = {
        "envelope": ENVELOPE.document(),
        "broken": broken,
        "mutation": bundle,
        "witness": witness,
        "context": context,
    }
    out = {}
    for name, doc in docs.items():
        out[name] = folder / f"{name}.json"
        out[name].write_bytes(b.encode(doc))
    return out


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_an_envelope_under_its_pin_passes(capsys, files) -> None:
    code, out = run(
        capsys, "verify", str(files["envelope"]), "--trust-master", ENVELOPE.master.fingerprint, "--json"
    )
    report = json.loads(out)
    assert code == 0 and (report["verdict"], report["profile"], report["primary_reason"]) == (
        "pass",
        "hom-aimos-v2",
        None,
    )
    assert report["hom"]["kind"] == "envelope" and report["hom"]["stage"] == "complete"
    assert report["input"]["format"] == "hom-aimos-v2/envelope"
    assert all(s["ok"] is True for s in report["hom"]["signatures"])


def test_without_the_pin_the_signatures_are_not_trusted(capsys, files) -> None:
    code, out = run(capsys, "verify", str(files["envelope"]))
    assert code == 1 and "EXPECTED_TRUST_ANCHOR_REQUIRED" in out and "--trust-master" in out


def test_structural_only_says_plainly_that_no_signature_was_checked(capsys, files) -> None:
    code, out = run(capsys, "verify", str(files["envelope"]), "--structural-only")
    assert code == 0 and out.startswith("PASS") and "no signature" in out


def test_a_mutation_bundle_with_its_witness_and_trust_context(capsys, files) -> None:
    pin = MUTATION.recall.master.fingerprint
    args = ["verify", str(files["mutation"]), "--trust-master", pin, "--json"]
    code, out = run(
        capsys, *args, "--witness", str(files["witness"]), "--trust-context", str(files["context"])
    )
    report = json.loads(out)
    assert (
        code == 0
        and report["hom"]["kind"] == "mutation"
        and report["hom"]["trust_context"]["stage"] == "complete"
    )
    code, out = run(capsys, *args)
    assert code == 1 and json.loads(out)["primary_reason"] == "MUTATION_CRYPTOGRAPHIC_WITNESS_REQUIRED"


def test_an_unreadable_companion_is_a_usage_error(capsys, files, tmp_path) -> None:
    code = main(["verify", str(files["mutation"]), "--witness", str(tmp_path / "missing.json")])
    assert code == 3 and "--witness" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["json", "sarif", "junit", "html"])
def test_every_format_carries_the_profile_and_the_reason(capsys, files, fmt: str) -> None:
    code, out = run(
        capsys, "verify", str(files["broken"]), "--trust-master", ENVELOPE.master.fingerprint, "--format", fmt
    )
    assert code == 1
    assert "REQUEST_CONTEXT_INVALID" in out and "hom-aimos-v2" in out
    if fmt == "sarif":
        run_ = json.loads(out)["runs"][0]
        props = run_["artifacts"][0]["properties"]
        assert (props["profile"], props["primary_reason"]) == ("hom-aimos-v2", "REQUEST_CONTEXT_INVALID")
        assert run_["results"][0]["ruleId"] == "hom.REQUEST_CONTEXT_INVALID"
    if fmt == "junit":
        ET.fromstring(out)


def test_the_profile_can_be_forced(capsys, files) -> None:
    code, out = run(
        capsys, "verify", str(files["envelope"]), "--profile", "hom-aimos-v2", "--structural-only"
    )
    assert code == 0
    code, out = run(capsys, "verify", str(files["envelope"]), "--profile", "hom-aimos-v1", "--json")
    assert json.loads(out)["primary_reason"] == "bundle_kind_unknown"
