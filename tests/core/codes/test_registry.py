"""The registry (``inspector.core.codes.registry``) and its assembly
(``inspector.core.codes``): one entry per code, complete whoever imports first; a composed
reason finds its base entry; what a code means to a reader is on its entry."""

from __future__ import annotations

import pytest

from inspector.core.codes import CODES, all_codes, concerns, lookup
from inspector.core.codes.registry import CodeInfo, Concern, register
from inspector.core.findings import TEMPLATES, Severity


def test_registering_again_with_the_same_texts_is_harmless_and_other_texts_are_refused() -> None:
    info = CODES["bad_magic"]
    again = register(
        info.code,
        info.severity,
        info.title,
        info.meaning,
        info.why,
        info.action,
        concerns=tuple(info.concerns),
    )
    assert again == info and CODES["bad_magic"] == info
    with pytest.raises(ValueError, match="registered twice"):
        register(info.code, info.severity, "another title", info.meaning, info.why, info.action)
    assert CODES["bad_magic"] == info


def test_an_entry_s_texts_are_templates() -> None:
    for info in CODES.values():
        assert {info.title, info.meaning, info.why, info.action} <= TEMPLATES, info.code


def test_a_composed_reason_finds_its_base_entry() -> None:
    base = lookup("hom.recall_receipt_memory_binding_invalid")
    assert base is not None and lookup("hom.recall_receipt_memory_binding_invalid:3") is base
    assert lookup("no_such_code") is None and lookup("") is None and lookup(":") is None


def test_entries_are_frozen_data() -> None:
    info = CodeInfo("x", Severity.INFO, "t", "m", "w", "a")
    with pytest.raises(AttributeError):
        info.code = "y"  # type: ignore[misc]
    assert info.concerns == frozenset() and Concern("credential") is Concern.CREDENTIAL


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
        " 'hom.recall_receipt_memory_binding_invalid:0', 'hom.ENVELOPE_COMMITMENT_INVALID')"
        " if lookup(c) is None))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_each_profile_has_its_table() -> None:
    profiles = {info.profile for info in CODES.values()}
    assert profiles == {"alethech", "hom-aimos-v1", "hom-aimos-v2", "audit"}
    assert all_codes() == dict(sorted(CODES.items())) and lookup("file_timeout") is CODES["file_timeout"]


def test_what_a_code_means_to_a_reader_is_in_the_table() -> None:
    """The GUI's own lists of codes (issue 22: SECRET_CODES, CHECKPOINT_BREAKS) became
    concerns on the table's entries."""

    credential = {c for c, info in CODES.items() if Concern.CREDENTIAL in info.concerns}
    assert credential == {
        "wrong_passphrase",
        "authentication_failed",
        "invalid_recovery_code",
        "no_recovery_slot",
        "empty_passphrase",
        "credential_required",
        "credential_unreadable",  # the secret named could not be read: another may be given
        "no_credential",  # a fleet row no rule unlocks (opened from the fleet window)
    }
    continuity = {c for c, info in CODES.items() if Concern.CHECKPOINT_CONTINUITY in info.concerns}
    assert continuity == {
        "checkpoint_continuity_failed",
        "checkpoint_head_missing",
        "checkpoint_count_regression",
    }
    assert concerns("bad_magic") == frozenset() and concerns("no_such_code") == frozenset()
