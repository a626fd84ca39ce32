"""What the two recall proofs share (``inspector.core.proofs.common``): a sentence and its
translation, the error that carries one, reading and writing a proof file, shortening a
value for a sentence, and the exit code of each outcome."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.core.proofs import common as C
from inspector.core.proofs.result import OUTCOMES


def test_every_outcome_has_one_exit_code() -> None:
    assert set(C.OUTCOME_EXIT) == set(OUTCOMES)
    assert C.OUTCOME_EXIT["anchored"] == 0 and C.OUTCOME_EXIT["unopenable"] == 2
    assert {C.OUTCOME_EXIT[o] for o in OUTCOMES if o not in ("anchored", "unopenable")} == {1}


def test_a_sentence_is_its_template_and_values_in_any_language() -> None:
    said = C.Said.of(C.PROOF_UNREADABLE, path="/p", reason=OSError("gone"))
    assert said.text == "Cannot read the proof file /p: gone."
    assert dict(said.params)["reason"] == "gone"  # an exception becomes its text
    assert said.tr("es") != said.text and "/p" in said.tr("es")
    err = C.ProofError("proof_unreadable", C.PROOF_UNREADABLE, path="/p", reason="gone")
    assert err.code == "proof_unreadable" and err.message == said.text and err.said == said


@given(st.one_of(st.none(), st.text(), st.integers(), st.lists(st.integers(), max_size=40)))
def test_short_is_bounded_printable_text(value) -> None:
    out = C.short(value, 20)
    assert len(out) <= 20
    out.encode("utf-8")  # lone surrogates escaped: any stream can take it
    assert out == "null" if value is None else True


def test_short_escapes_a_lone_surrogate() -> None:
    assert C.short("a\udcff") == "a\\udcff"


def test_reading_a_proof_file(tmp_path: Path) -> None:
    p = tmp_path / "p.json"
    p.write_bytes(b"{}")
    assert C.read_proof_file(p) == b"{}"
    big = tmp_path / "big.json"
    with big.open("wb") as fh:
        fh.truncate(C.MAX_PROOF_BYTES + 10)
    assert len(C.read_proof_file(big)) == C.MAX_PROOF_BYTES + 1  # recognised, not read whole
    with pytest.raises(C.ProofError) as err:
        C.read_proof_file(tmp_path / "gone.json")
    assert err.value.code == "proof_unreadable" and "gone.json" in err.value.message


def test_writing_a_proof_file_is_atomic_and_private(tmp_path: Path) -> None:
    out = C.write_proof_bytes(tmp_path / "p.json", b"proof")
    assert out.read_bytes() == b"proof" and stat.S_IMODE(os.stat(out).st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json"]
