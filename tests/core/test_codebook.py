"""``inspector.core.codebook``, the readers' face of the code table: the whole table, sorted,
and the same entries ``explain`` and the Detail pane show."""

from __future__ import annotations

from inspector.core import codebook, codes


def test_the_readers_see_the_whole_table_sorted() -> None:
    table = codebook.all_codes()
    assert list(table) == sorted(codes.CODES) and table == codes.CODES
    assert {info.profile for info in table.values()} == {"alethech", "hom-aimos-v1", "hom-aimos-v2", "audit"}
    assert codebook.lookup("hom.recall_receipt_memory_binding_invalid:2") is codes.lookup(
        "hom.recall_receipt_memory_binding_invalid"
    )
