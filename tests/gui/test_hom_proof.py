"""A HOM-AIMOS recall inclusion proof, exported from the window and checked in the
"Check proof…" dialog (SPEC C4 for bundles): the RFC 6962 path, the housekeeper-signed
event receipt that states the root, its signature and its certificate's issuer, then
the anchor — the bundle itself, or a master key fingerprint the auditor trusts."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from inspector.gui.dialogs.proof import check_proof_dialog
from tests.core.hom_aimos import builder as b
from tests.core.test_hom_proof import export

from .helpers import WAIT_MS


@pytest.fixture
def self_issued(tmp_path) -> Path:
    """A valid recall bundle of 3 entries whose housekeeper issued its own certificate."""
    return b.write(tmp_path / "self-issued.json", b.recall("R-self-issued", 3))


def test_check_proof_dialog_words_a_bundle_proof(qtbot, tmp_path, self_issued):
    proof = export(self_issued, 1, tmp_path / "p.json")
    dlg = check_proof_dialog(None, proof_path=str(proof), file=str(self_issued))
    qtbot.addWidget(dlg)
    assert dlg.use_file.isChecked()
    with qtbot.waitSignal(dlg.checked, timeout=WAIT_MS):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert dlg.outcome["result"] == "anchored" and dlg.verdict.text().startswith("✔")
    rows = [dlg.checks.item(i).text() for i in range(dlg.checks.count())]
    assert len(rows) == 6 and all(r.startswith("✔") for r in rows)
    assert "Anchored to the bundle" in rows[-1] and "{" not in "".join(rows)
    assert "self-issued" in dlg.notes.text()
    dlg.use_none.setChecked(True)
    with qtbot.waitSignal(dlg.checked, timeout=WAIT_MS):
        qtbot.mouseClick(dlg.check_button, Qt.MouseButton.LeftButton)
    assert dlg.outcome["result"] == "not_anchored" and dlg.verdict.text().startswith("⚠")
    assert "not anchored" in dlg.message.text()
    dlg.close()
