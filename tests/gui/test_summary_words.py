"""Precise words (``inspector.gui.summary``, the banner and the unopenable page): they
say what the file proves, in every language.  A commit a retired key signed outside its
proven history is "not proven to predate" the retirement (the file does not prove it
came after); a HOM-AIMOS headline is a plain sentence with its reason code beside it;
the ``authentication_failed`` page offers another passphrase only when another
passphrase could help."""

from __future__ import annotations

import pytest

from inspector.core.container import Credential
from inspector.core.opener import open_and_verify
from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.gui import i18n
from inspector.gui import summary as S

from ..conftest import ALETHECH
from .helpers import open_and_wait

DARK_CASES = (
    "05_dark_v2",
    "06_dark_legacy",
    "04_revoke_compromise_forged_legacy",
    "07_guard_a",
    "08_guard_b",
)
# what "after" is in each language: the banner must never claim it
AFTER = {"en": ("after",), "es": ("después",), "fr": ("après",)}
NOT_PROVEN = {
    "en": "not proven to predate",
    "es": "sin prueba de anterioridad",
    "fr": "sans preuve d’antériorité",
}


@pytest.fixture
def lang(request):
    i18n.install(request.param)
    yield request.param
    i18n.install("en")


@pytest.mark.parametrize("lang", ["en", "es", "fr"], indirect=True)
@pytest.mark.parametrize("case", DARK_CASES)
def test_the_banner_says_not_proven_to_predate_never_after(lang, case):
    report = verify(read_directory(str(ALETHECH / case / "store")))
    assert report.verdict == "fail"
    reason = S.verdict_reason(report)
    assert NOT_PROVEN[lang] in reason, reason
    for word in AFTER[lang]:
        assert word not in reason.lower(), reason


def test_a_modified_aleth002_file_is_not_offered_another_passphrase(qtbot, window):
    """The passphrase slot unwrapped (the key was right) and the payload does not
    authenticate: the file was changed.  The page says so; it does not say "Try another
    passphrase", nor offer it."""
    case = ALETHECH / "11_container_v2_ciphertext_bitflip"
    right = Credential(passphrase=_passphrase(case))
    report = open_and_wait(qtbot, window, case / "memory.aleth", credential=right)
    assert report.findings[0].code == "authentication_failed" and S.container_format(report) == "ALETH002"
    ov = window.overview
    text = ov.unopenable_text.toPlainText()
    assert "key was right" in text
    assert "Try another passphrase" not in text and "another passphrase" not in text.lower()
    assert "Judged with" in text and "the passphrase" in window.overview.settings  # the one that was given
    assert not ov.retry_button.isVisibleTo(ov) and not window.verdict_banner.retry_button.isVisibleTo(window)


def test_an_aleth001_wrong_passphrase_is_offered_another_and_not_told_the_key_was_right(qtbot, window):
    case = ALETHECH / "11_container_v1_wrong_passphrase"
    report = open_and_wait(qtbot, window, case / "memory.aleth", credential=Credential(passphrase="wrong"))
    assert report.findings[0].code == "authentication_failed" and S.container_format(report) == "ALETH001"
    ov = window.overview
    text = ov.unopenable_text.toPlainText()
    assert "key was right" not in text and "cannot tell a wrong passphrase" in text
    assert ov.retry_button.isVisibleTo(ov)


def test_every_unopenable_fixture_offers_a_retry_exactly_when_a_secret_could_help():
    """Property over the container fixtures: the retry is offered for a missing or wrong
    secret, and for ALETH001's undecidable authentication failure; never for damage."""
    import json

    seen = set()
    for case in sorted(ALETHECH.glob("11_container_*")):
        meta = json.loads((case / "case.json").read_text())
        for c in meta["inputs"]["containers"]:
            report = open_and_verify(case / c["file"], Credential(**c["unlock"]))
            if report.verdict != "unopenable":
                continue
            code = report.findings[0].code
            fmt = S.container_format(report)
            expect = code in ("wrong_passphrase", "invalid_recovery_code") or (
                code == "authentication_failed" and fmt == "ALETH001"
            )
            assert S.secret_problem(report) is expect, (case.name, code, fmt)
            seen.add((code, fmt))
    assert ("authentication_failed", "ALETH002") in seen and ("authentication_failed", "ALETH001") in seen


def _passphrase(case) -> str:
    import json

    return json.loads((case / "case.json").read_text())["passphrase"]


def test_a_bundle_is_judged_with_its_master_pin_not_a_checkpoint(qtbot, window, tmp_path):
    from tests.core.hom_aimos import builder as b

    path = tmp_path / "bundle.json"
    path.write_bytes(b.encode(b.valid_cognitive()))
    open_and_wait(qtbot, window, path)
    said = window.overview.settings
    assert "no master key pinned" in said and "checkpoint" not in said and "credential" not in said
