"""The code table covers every code a report can carry, and each entry reads as
help a person can act on."""

from __future__ import annotations

import json
import re

import pytest

from inspector.core.codebook import all_codes, lookup
from inspector.core.codes import CODES
from inspector.core.findings import TEMPLATES
from inspector.core.opener import open_and_verify
from inspector.core.verify.engine import VerifyOptions

from ...conftest import ALETHECH, MUTMEM

# SPEC revision 2 and the issues name these; the engine being rewritten emits them.
SPEC_REVISION_2 = {
    "public_key_reused",
    "migration_missing",
    "evidence_unanchored",
    "identity_unbound",
    "identity_ambiguous",
    "duplicate_object",
    "stray_file",
    "file_name_mismatch",
    "malformed_field",
    "internal_error",
    "no_checkpoint",
    "stale_backup_old_credentials",
    "mutmem_noop_transition",
    "unredacted_private_region",
}
# What strict JSON parsing and the container reader raise (codes of unopenable reports
# and of MALFORMED objects).
PARSER_AND_CONTAINER = {
    "invalid_json",
    "duplicate_json_key",
    "non_finite_number",
    "integer_out_of_range",
    "json_too_deep",
    "malformed_object",
    "too_large",
    "bad_magic",
    "unsupported_version",
    "truncated",
    "invalid_header",
    "non_canonical_header",
    "empty_passphrase",
    "wrong_passphrase",
    "invalid_recovery_code",
    "no_recovery_slot",
    "authentication_failed",
    "invalid_payload",
    "invalid_payload_path",
    "not_found",
    "not_a_store",
    "credential_required",
    "credential_unreadable",
    "unreadable",
}
# The command line's own codes (reports of verdict error / interrupted).
CLI = {"usage_error", "interrupted", "checkpoint_unusable"}


def _case_codes() -> set[str]:
    codes: set[str] = set()
    for case in ALETHECH.glob("*/case.json"):
        expected = json.loads(case.read_text())["expected"]
        codes |= set(expected["findings"]) | set(expected.get("findings_also_acceptable", []))
    return codes


def test_every_code_the_fixture_cases_expect_is_registered():
    missing = _case_codes() - set(CODES)
    assert not missing, f"codes without a table entry: {sorted(missing)}"


def test_every_code_the_verifier_reports_on_the_directory_fixtures_is_registered():
    seen: set[str] = set()
    for case in sorted(ALETHECH.glob("*/case.json")):
        data = json.loads(case.read_text())
        if not data["inputs"]["store"]:
            continue
        cp = data["inputs"]["checkpoint"]
        opts = VerifyOptions(checkpoint=(case.parent / cp).read_bytes() if cp else None)
        seen |= open_and_verify(case.parent / "store", None, opts).codes()
    seen |= open_and_verify(MUTMEM / "valid_basic" / "store").codes()
    assert seen, "the fixtures produced no finding at all"
    assert not seen - set(CODES), f"codes without a table entry: {sorted(seen - set(CODES))}"


@pytest.mark.parametrize("code", sorted(SPEC_REVISION_2 | PARSER_AND_CONTAINER | CLI))
def test_named_code_is_registered(code):
    assert code in CODES


def test_entries_read_as_help():
    for code, info in all_codes().items():
        assert re.fullmatch(r"[a-z][a-z0-9_.:-]*", code), code
        assert info.title and not info.title.endswith("."), code
        for text in (info.meaning, info.why, info.action):
            assert text[:1].isupper() and text.endswith("."), (code, text)
            if "_" in code:  # a code is an identifier, never part of the sentences about it
                assert code not in text, f"{code}: a text repeats its own code"
        # every text is a registered template, so the catalogues can translate it
        assert {info.title, info.meaning, info.why, info.action} <= TEMPLATES


def test_lookup_finds_a_suffixed_code_by_its_base():
    assert lookup("wrong_passphrase") is CODES["wrong_passphrase"]
    assert lookup("signature_invalid:3") is CODES["signature_invalid"]
    assert lookup("no_such_code_anywhere") is None


@pytest.mark.parametrize(
    "first_import",
    [
        "inspector.core.codes",
        "inspector.core.codes.registry",
        "inspector.core.render.text",
        "inspector.core.findings",
        "inspector.core.opener",
    ],
)
def test_the_table_is_complete_whoever_imports_first(first_import: str) -> None:
    """A fresh interpreter imports one module, then reads the table: every profile's
    codes are there (the table is assembled in one place, not as packages load)."""
    import subprocess
    import sys

    code = (
        f"import {first_import}\n"
        "from inspector.core.codes import lookup\n"
        "print(sorted(c for c in ('signature_invalid', 'hom.untrusted_master', 'file_timeout',"
        " 'hom.recall_receipt_memory_binding_invalid:0') if lookup(c) is None))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_each_profile_has_its_table() -> None:
    profiles = {info.profile for info in CODES.values()}
    assert profiles == {"alethech", "hom-aimos-v1", "audit"}
    assert all_codes() == dict(sorted(CODES.items())) and lookup("file_timeout") is CODES["file_timeout"]
