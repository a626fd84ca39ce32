"""The alethech code table (``inspector.core.codes.alethech``) covers every code a report
can carry, and each entry reads as help a person can act on."""

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
        # an identifier; HOM-AIMOS v2 keeps the reference's upper-case codes (hom.TRUST_ROOT_MISMATCH)
        pattern = (
            r"hom\.[A-Z][A-Z0-9_]*|[a-z][a-z0-9_.:-]*"
            if info.profile == "hom-aimos-v2"
            else r"[a-z][a-z0-9_.:-]*"
        )
        assert re.fullmatch(pattern, code), code
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


def test_a_wrong_passphrase_is_a_credential_concern_end_to_end() -> None:
    from inspector.core.codes import Concern, concerns
    from inspector.core.container import Credential

    r = open_and_verify(ALETHECH / "01_basic" / "memory.aleth", Credential(passphrase="not it"))
    assert r.verdict == "unopenable" and Concern.CREDENTIAL in concerns(r.findings[0].code)
