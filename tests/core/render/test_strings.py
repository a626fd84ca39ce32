"""The renderers' words (``inspector.core.render.strings``): every verdict has its word,
counts take the language's singular or plural and its digit grouping, decimals its mark."""

from __future__ import annotations

import pytest

from inspector.core.findings import TEMPLATES
from inspector.core.render import strings as S
from inspector.core.verify.report import VERDICTS


def test_every_verdict_has_its_word() -> None:
    assert set(S.VERDICT) == set(VERDICTS)
    assert all(word in TEMPLATES for word in S.VERDICT.values())
    assert S.Tr("en")(S.VERDICT["pass"]) == "PASS"


@pytest.mark.parametrize(
    ("lang", "n", "said"),
    [
        ("en", 1, "1 warning"),
        ("en", 0, "0 warnings"),
        ("en", 2048, "2,048 warnings"),
        ("fr", 0, "0 avertissement"),
        ("fr", 2, "2 avertissements"),
    ],
)
def test_counts_in_each_language(lang: str, n: int, said: str) -> None:
    assert S.Tr(lang).count(n, S.WARNINGS) == said


def test_decimals_and_a_missing_language() -> None:
    assert S.Tr("es").decimal(0.25, 2) == "0,25" and S.Tr("en").decimal(0.25, 2) == "0.25"
    assert S.Tr(None).lang == "en" and S.Tr("xx")(S.VERDICT["fail"]) == "FAIL"  # unknown: English


def test_what_a_verdict_does_not_prove_is_said() -> None:
    assert len(S.NOT_PROVEN) == 3 and all(t in TEMPLATES for t in S.NOT_PROVEN)
    assert "--trust-master" in S.NOT_PROVEN_HOM
