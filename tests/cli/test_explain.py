"""aleth-inspector explain CODE: from the code table, in the user's language."""

from __future__ import annotations

from inspector.core.codes import CODES

from .conftest import PASSING


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


def test_list_every_code(cli):
    r = cli("explain")
    assert r.code == 0
    listed = {line.split()[0] for line in r.out.splitlines()[1:]}
    assert set(CODES) <= listed


def test_every_code_in_a_report_can_be_explained(cli):
    doc = cli("verify", PASSING.parents[1] / "09_tampered_b_parent_deleted" / "store", "--json").json()
    for f in doc["findings"]:
        assert cli("explain", f["code"]).code == 0


def test_spanish_list_keeps_its_columns(cli):
    """The severity column is as wide as the longest word of the language ("advertencia")."""
    lines = cli("explain", "--lang", "es").out.splitlines()
    assert lines[0].startswith("Códigos de hallazgo")
    starts = {line.index(line.split()[2]) for line in lines[1:] if len(line.split()) > 2}
    assert len(starts) == 1  # every title starts in the same column
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
