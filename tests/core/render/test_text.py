"""The text report a person reads: verdict line first, the reason under it, lines
that fit the terminal, one vocabulary, each code once, colour only when asked."""

from __future__ import annotations

import re

import pytest

from inspector.core.render import RenderOptions, render_text
from inspector.core.render.safe import encode
from inspector.core.render.text import plain_width, shorten_ids

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def lines_of(report, **kw) -> list[str]:
    return render_text(report, RenderOptions(**kw)).splitlines()


@pytest.mark.parametrize("width", [40, 60, 80, 132])
def test_every_line_fits_the_width(every_report, width):
    for name, report in every_report.items():
        for line in lines_of(report, width=width, color=True):
            assert plain_width(line) <= width, (name, width, line)


def test_verdict_line_first_then_the_worst_reason(fail_report):
    out = lines_of(fail_report)
    assert out[0].startswith("FAIL  ") and "05_dark_v2/store" in out[0]
    assert out[1].strip().startswith("commit sha256:780282ea…:")
    assert "1 error, 0 warnings, 1 note" in "\n".join(out[:8])


def test_ids_are_short_in_text_and_full_in_json(fail_report):
    text = render_text(fail_report)
    assert not re.search(r"sha256:[0-9a-f]{64}", text)
    assert "sha256:780282ea…" in text
    assert shorten_ids("x sha256:" + "a" * 64 + " y") == "x sha256:aaaaaaaa… y"


def test_each_code_is_printed_once(many_warnings_report):
    text = render_text(many_warnings_report)
    assert text.count("unreachable_commit") == 1
    assert "unreachable_commit (7)" in text
    assert text.count("parent_missing") == 1


def test_one_vocabulary_for_counts(many_warnings_report, pass_report, mutmem_report):
    assert "1 error, 7 warnings, 1 note" in render_text(many_warnings_report)
    assert "0 errors, 0 warnings, 1 note" in render_text(pass_report)
    assert "0 errors, 0 warnings, 2 notes" in render_text(mutmem_report)  # no checkpoint; receipt scope
    assert "NOTES (2)" in render_text(mutmem_report)


def test_a_strict_fail_says_warnings_caused_it(warning_only_report):
    warning_only_report.verdict = "fail"  # as --strict finalizes it
    try:
        text = render_text(warning_only_report, RenderOptions(strict=True))
    finally:
        warning_only_report.verdict = "pass"
    assert text.startswith("FAIL")
    assert "Failed because of --strict: warnings count as failures (1 warning)." in text
    assert "--strict" not in render_text(warning_only_report, RenderOptions(strict=True))


def test_quiet_prints_the_verdict_line_only(fail_report):
    out = render_text(fail_report, RenderOptions(quiet=True))
    assert out.count("\n") == 1 and out.startswith("FAIL  ")


def test_colour_only_when_asked(fail_report):
    assert not ANSI.search(render_text(fail_report))
    coloured = render_text(fail_report, RenderOptions(color=True))
    assert coloured.startswith("\x1b[1;31mFAIL\x1b[0m")
    assert ANSI.sub("", coloured) == render_text(fail_report)


def test_key_eras_fit_80_columns_one_era_per_line(pass_report):
    out = lines_of(pass_report, width=80)
    i = out.index("KEY ERAS (4)")
    eras = out[i + 1 : i + 8]
    assert eras[0].split()[:3] == ["key-001", "agent", "3b3fdb5ee2cc787b"]
    assert all(len(line) <= 80 for line in eras)


def test_mutmem_summary(mutmem_report):
    text = render_text(mutmem_report)
    assert "MEMORIES  11 memories" in text
    assert "RECEIPTS  2 of 2 valid" in text


def test_untrusted_memories_are_counted(mutmem_report):
    assert "· 1 untrusted (poison_likely 1)" in render_text(mutmem_report)  # the fixture's poisoned memory
    view = next(v for v in mutmem_report.mutmem.memories.values() if not v.untrusted)
    old = view.label
    view.label = "poison_confirmed"
    try:
        assert "· 2 untrusted (poison_confirmed 1, poison_likely 1)" in render_text(mutmem_report)
    finally:
        view.label = old


def test_checkpoint_state_is_stated(fail_report, checkpoint_report):
    assert "Checkpoint: none given, so rollback is not detectable." in render_text(fail_report)
    assert "Checkpoint: verified" in render_text(checkpoint_report)


def test_unopenable_report_leads_with_why(unopenable_report):
    out = lines_of(unopenable_report)
    assert out[0].startswith("UNOPENABLE")
    assert "The passphrase does not unlock this file." in out[1]
    text = "\n".join(out)
    assert "likely cause: a mistyped or outdated passphrase" in text
    assert "commits" not in text.lower().split("input")[0]  # no sizes of a file never opened


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "cp1252"])
def test_hostile_ids_print_in_any_encoding(hostile_report, encoding):
    data = encode(render_text(hostile_report), encoding)
    text = data.decode(encoding)  # strict: every byte is valid
    assert "\\ud800evil\\udcff\\x07id" in text
    assert "st\\udcf6re" in text


def test_glyphs_fall_back_to_ascii(fail_report):
    text = encode(render_text(fail_report), "ascii").decode("ascii")
    assert "  x not_in_proven_pre_rotation_history" in text
    assert "sha256:780282ea..." in text


def test_hom_profile_shows_reason_root_and_additional(hom_report):
    text = render_text(hom_report)
    assert text.startswith("INDETERMINATE  bundle.json")
    assert "Primary reason: missing_receipt_evidence" in text
    assert "root " + "ab" * 32 in text.replace("\n    ", "")
    assert "ADDITIONAL FINDINGS" in text and "self_issued_certificate" in text.split("ADDITIONAL")[1]


def test_internal_error_says_it_is_a_bug(crash_report):
    text = render_text(crash_report)
    assert text.startswith("ERROR")
    assert "this is a bug in the inspector, not a verdict on the file" in " ".join(text.split())


def test_spanish_uses_the_catalogue(monkeypatch, fail_report):
    from inspector.core import i18n
    from inspector.core.render import strings as S

    monkeypatch.setitem(i18n.catalogue("es"), S.VERDICT["fail"], "FALLA")
    monkeypatch.setitem(i18n.catalogue("es"), S.ERRORS[0], "{n} error (es)")
    text = render_text(fail_report, RenderOptions(lang="es"))
    assert text.startswith("FALLA") and "1 error (es)" in text
