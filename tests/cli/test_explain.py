"""aleth-inspector explain CODE: from the code table, in the user's language."""

from __future__ import annotations

import pytest

from inspector.core.codebook import all_statuses
from inspector.core.codes import CODES
from inspector.core.verify.report import Status

from .conftest import PASSING

STATUSES = all_statuses()


def test_explain_a_code(cli):
    r = cli("explain", "not_in_proven_pre_rotation_history")
    info = CODES["not_in_proven_pre_rotation_history"]
    text = " ".join(r.out.split())
    assert r.code == 0 and r.out.startswith("not_in_proven_pre_rotation_history  (error)")
    for part in (info.title, info.meaning, info.why, info.action):
        assert part in text
    assert "What it means" in r.out and "Why it matters" in r.out and "What to do" in r.out


def test_unknown_code_suggests_close_ones(cli):
    r = cli("explain", "signature_invalidd")
    assert r.code == 3 and "did you mean signature_invalid" in r.err


def test_list_every_code_and_status(cli):
    r = cli("explain")
    assert r.code == 0
    listed = {line.split()[0] for line in r.out.splitlines()[1:] if line.startswith("  ") and line[2] != " "}
    assert set(CODES) <= listed
    assert {s.value for s in Status} <= listed


def test_every_code_in_a_report_can_be_explained(cli):
    doc = cli("verify", PASSING.parents[1] / "09_tampered_b_parent_deleted" / "store", "--json").json()
    for f in doc["findings"]:
        assert cli("explain", f["code"]).code == 0


def test_spanish_list_keeps_its_columns(cli):
    """The severity column is as wide as the longest word of the language ("advertencia"),
    and every title, wrapped or not, starts in one column."""
    lines = cli("explain", "--lang", "es").out.split("\n\n")[0].splitlines()
    assert lines[0].startswith("Códigos de hallazgo")
    first = lines[1]
    word = first.split()[1]
    col = first.index(first.split()[2], first.index(word) + len(word))  # where the first title starts
    for line in lines[1:]:
        if len(line.split()) == 1:  # a code too long for its column: its row follows
            continue
        assert line[col - 1] == " " and line[col] != " ", line
    assert any(" advertencia  " in line for line in lines) and any(" nota " in line for line in lines)


def test_explain_in_french(cli):
    r = cli("explain", "no_checkpoint", "--lang", "fr")
    assert r.out.startswith("no_checkpoint  (note)\nAucun point de contrôle fourni\n")
    assert "Ce que cela signifie" in r.out and "Que faire" in r.out


def test_explain_a_status_from_the_same_table(cli):
    """An object status is explained like a code (the MCP server's explain_code reads the same entry)."""
    from inspector.core.codebook import status_info

    r = cli("explain", "valid_historical")
    info = status_info("VALID_HISTORICAL")
    assert info is not None
    text = " ".join(r.out.split())
    assert r.code == 0 and r.out.startswith("VALID_HISTORICAL  (object status)")
    for part in (info.title, info.meaning, info.why, info.action):
        assert part in text


def test_every_status_has_an_entry():
    from inspector.core.codebook import all_statuses
    from inspector.core.verify.report import Status

    entries = all_statuses()
    assert set(entries) == {s.value for s in Status}
    assert all(e.title and e.meaning and e.why and e.action for e in entries.values())
    assert {n for n, e in entries.items() if e.severity.value == "info"} == {"VALID", "VALID_HISTORICAL"}


def test_every_status_a_report_prints_can_be_explained(cli):
    for status in Status:
        r = cli("explain", status.value)
        info = STATUSES[status.value]
        assert r.code == 0 and r.out.startswith(f"{status.value}  (object status)\n")
        assert info.meaning.split()[0] in r.out and "What to do" in r.out
    r = cli("explain", "VALID_HISTORICL")
    assert r.code == 3 and "did you mean VALID_HISTORICAL" in r.err


def test_a_status_in_spanish(cli):
    r = cli("explain", "NOT_IN_PROVEN_PRE_ROTATION_HISTORY", "--lang", "es")
    from inspector.core.i18n import tr

    title = tr(STATUSES["NOT_IN_PROVEN_PRE_ROTATION_HISTORY"].title, "es")
    assert title.startswith("Fuera de la historia")  # translated, not the English title
    assert r.out.startswith(f"NOT_IN_PROVEN_PRE_ROTATION_HISTORY  (estado del objeto)\n{title}")


@pytest.mark.parametrize("width", [40, 57, 80, 100])
def test_titles_are_wrapped_never_cut(cli, monkeypatch, width):
    monkeypatch.setattr("inspector.cli.output.terminal_width", lambda stream: width)
    out = cli("explain").out
    assert "…" not in out
    assert all(len(line) <= width for line in out.splitlines() if len(line.split()) > 1)
    flat = " ".join(out.split())
    for info in CODES.values():
        assert " ".join(info.title.split()) in flat, info.code  # every title whole
    for info in STATUSES.values():
        assert info.title in flat
