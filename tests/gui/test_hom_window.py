"""HOM-AIMOS bundles in the window (issue 13): the same window opens them without a
passphrase; the banner gives the tri-state verdict and the reference's primary reason;
weight chains are trajectories over signed time (float mirrors and valence in the
tooltip); signer epochs are time windows on the eras pane (master- or self-issued,
revocations, the master fingerprint); a recall receipt shows its entries and recomputed
root and exports an inclusion proof; a corpus lists its member bundles, which open on
double-click; History and Graph say there is no commit history instead of breaking.
The bundles are built by tests/core/hom_aimos/builder.py (fresh keys, fixed times)."""

from __future__ import annotations

import hashlib
import json
import stat
import time
from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from inspector.core.hom_aimos import member_bytes
from inspector.core.verify import merkle
from tests.core.hom_aimos import builder as b

from . import helpers
from .helpers import WAIT_MS

ROOT = Path(__file__).resolve().parents[2]
RECALL_ID = "R-self-issued"


@pytest.fixture(scope="module")
def bundles(tmp_path_factory) -> dict[str, Path]:
    """The bundles the tests open, by what they are."""
    folder = tmp_path_factory.mktemp("hom-window")
    docs = {
        "chain": b.valid_cognitive((1000, 1300, 900, 1200)),  # one memory, 3 transitions
        "revoked": b.revoked(),  # fail: provenance_signer_revoked_before_evidence
        "indeterminate": b.indeterminate_recall(),  # recall_mandatory_evidence_missing
        "corpus-short": b.corpus([b.recall("R-1", 1)], intended_n=2),  # fail
        "recall": b.recall(RECALL_ID, 3),  # valid, self-issued housekeeper, 3 entries
    }
    return {name: b.write(folder / f"{name}.json", doc) for name, doc in docs.items()}


def open_and_wait(qtbot, win, path):
    report = helpers.open_and_wait(qtbot, win, path)
    assert win._unlock is None  # a bundle is not sealed: no passphrase is asked
    return report


def write(tmp_path: Path, name: str, doc) -> Path:
    p = tmp_path / name
    p.write_bytes(b.encode(doc))
    return p


# ---- banner and overview -----------------------------------------------------------------
def test_a_valid_cognitive_bundle_opens_with_its_verdict_and_master(qtbot, window, bundles):
    report = open_and_wait(qtbot, window, bundles["chain"])
    assert report.profile == "hom-aimos-v1" and report.verdict == "pass"
    banner = window.verdict_banner
    assert banner.word.text() == "PASS" and not banner.attach_button.isVisible()
    master = report.hom.master.fingerprint
    assert master[:16] in banner.checkpoint.text() and "not pinned" in banner.checkpoint.text()
    text = window.overview.browser.toPlainText()
    for needle in (report.bundle_sha256, report.root, master, "hom-aimos-v1", "internally consistent"):
        assert needle in text
    assert "cognitive" in text and "1 memory" in text and "3 weight transitions" in text
    assert not window.attach_action.isEnabled()  # a checkpoint is an alethech thing


@pytest.mark.parametrize(
    ("bundle", "word", "reason"),
    [
        ("revoked", "FAIL", "provenance_signer_revoked_before_evidence"),
        ("indeterminate", "INDETERMINATE", "recall_mandatory_evidence_missing"),
        ("corpus-short", "FAIL", "recall_corpus_intended_n_invalid"),
    ],
)
def test_tri_state_verdict_and_the_primary_reason(qtbot, window, bundles, bundle, word, reason):
    report = open_and_wait(qtbot, window, bundles[bundle])
    assert report.primary_reason == reason
    banner = window.verdict_banner
    assert banner.word.text() == word
    # a plain sentence, the reference's exact reason code beside it (not in the sentence)
    assert banner.code.text() == reason and banner.code.isVisible()
    assert reason not in banner.reason.text() and len(banner.reason.text().split()) >= 4
    assert window.overview.browser.toPlainText().count(reason) >= 1


# ---- weights -------------------------------------------------------------------------------
def test_weight_chain_is_a_trajectory_over_signed_time(qtbot, window, bundles):
    report = open_and_wait(qtbot, window, bundles["chain"])
    chain = report.hom.memories[0]
    window.tabs.setCurrentWidget(window.weights)
    w = window.weights
    assert w.current_memory() == chain.memory_id
    assert isinstance(w.plot.getPlotItem().getAxis("bottom"), pg.DateAxisItem)
    steps = chain.steps
    expected = [(steps[0].signed_at, 1000)] + [(s.signed_at, s.new_weight_milli) for s in steps]
    assert w.plotted_points() == expected
    tips = w.trajectory.points.tips
    assert "3fa66666" in tips[1] and "1.29999995" in tips[1] and "+0.75" in tips[1]
    assert "-0.75" in tips[2] or "−0.75" in tips[2]
    day = time.strftime("%Y-%m-%d", time.gmtime(steps[0].signed_at))
    assert "housekeeper" in tips[1] and day in tips[1]
    # the table: the memory, its terminal weight, its certification
    m = w.model
    assert m.rowCount() == 1
    assert m.data(m.index(0, m.C_WEIGHT)).endswith("1200")
    assert "certified_chain" in m.data(m.index(0, m.C_LABEL))
    # a click on a point selects its projection everywhere
    with qtbot.waitSignal(w.selectionRequested) as blocker:
        w.activate_point(2)
    assert blocker.args == [steps[1].projection_id]
    assert window.detail.current == steps[1].projection_id
    assert "3f666666" in window.detail.title.text() + json.dumps(_tree(window.detail))


def _tree(detail) -> list[str]:
    out = []
    it = detail.tree.invisibleRootItem()
    stack = [it.child(i) for i in range(it.childCount())]
    while stack:
        item = stack.pop()
        out.append(f"{item.text(0)}={item.text(1)}")
        stack += [item.child(i) for i in range(item.childCount())]
    return out


# ---- epochs --------------------------------------------------------------------------------
def test_signer_epochs_are_time_windows_with_their_revocation(qtbot, window, bundles):
    report = open_and_wait(qtbot, window, bundles["revoked"])
    eras = window.eras
    epochs = eras.epochs
    assert eras.stack.currentWidget() is epochs and epochs.count() == 1
    signer = report.hom.signers[0]
    row = epochs.row_text(0)
    assert "housekeeper" in row and "master-issued" in row and signer.certificate_fingerprint[:16] in row
    assert "revoked" in row
    assert report.hom.master.fingerprint[:16] in epochs.header_text()
    span = epochs.span(0)
    assert span.start == signer.valid_from and span.revoked == signer.revoked_at
    # the signature made after the revocation is marked on the window, and the finding selects it
    assert span.uses and all(u >= signer.revoked_at for u in span.uses)
    window.select(signer.certificate_fingerprint, None)
    assert epochs.selected == 0


def test_a_self_issued_signer_is_flagged(qtbot, window, tmp_path):
    cog = b.Cognitive(self_issued=True)
    cog.memory([1000, 1400, 800])
    report = open_and_wait(qtbot, window, write(tmp_path, "self.json", cog.document()))
    assert report.verdict == "pass"  # valid means internally consistent
    assert any(f.code == "hom.self_issued_certificate" for f in report.findings)
    assert "self-issued" in window.eras.epochs.row_text(0)
    assert "⚠" in window.eras.epochs.row_text(0)


def test_a_recall_bundle_without_epochs_says_so(qtbot, window, bundles):
    report = open_and_wait(qtbot, window, bundles["recall"])
    epochs = window.eras.epochs
    assert epochs.count() == len(report.hom.signers) == 0
    assert "no signer epochs" in epochs.header_text().lower()
    assert report.hom.master.fingerprint[:16] in epochs.header_text()


# ---- receipts --------------------------------------------------------------------------------
def test_recall_receipt_entries_root_and_inclusion_proof(qtbot, window, tmp_path, bundles):
    report = open_and_wait(qtbot, window, bundles["recall"])
    rv = report.hom.receipt
    window.tabs.setCurrentWidget(window.labels)
    page = window.labels.hom_receipt
    assert window.labels.current_page() is page
    assert page.entries.rowCount() == len(rv.entries) == 3
    assert page.entries.item(1, 1).text().startswith(rv.entries[1]["memory_id"][:8])
    header = page.header.text()
    assert rv.recomputed_root[:16] in header and "✔" in header and RECALL_ID in header
    out = tmp_path / "entry1.json"
    with qtbot.waitSignal(page.exported, timeout=WAIT_MS) as blocker:
        assert page.export_proof(1, str(out)) == str(out)  # written by the worker
    assert blocker.args == [str(out)]
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    doc = json.loads(out.read_text())
    proof = merkle.InclusionProof.from_json({k: doc[k] for k in merkle.PROOF_FIELDS})
    ok, why = proof.check()
    assert ok, why
    assert proof.entry == rv.entries[1] and proof.root == "sha256:" + rv.recomputed_root
    # the proof stands on the signed event receipt (C4), carried whole
    original = json.loads(bundles["recall"].read_bytes())
    assert doc["proof"] == "aleth-inspector/hom-recall-proof/1"
    assert doc["event_receipt"] == original["recall_receipt"]["event_receipt"]
    assert doc["event_receipt"]  # the signed thing the proof stands on
    assert doc["trust_anchors"] == original["trust_anchors"]
    assert doc["bundle_sha256"] == report.hom.document_sha256
    assert "✔" in page.status.text() and "entry1.json" in page.status.text()


def test_a_receipt_whose_root_does_not_recompute_exports_no_proof(qtbot, window, tmp_path):
    doc = b.recall("R-bad-root", 2)
    doc["recall_receipt"]["merkle_root"] = "0" * 64
    report = open_and_wait(qtbot, window, write(tmp_path, "bad.json", doc))
    assert report.verdict == "fail"
    page = window.labels.hom_receipt
    assert "✖" in page.header.text()
    out = tmp_path / "x.json"
    page.entries.selectRow(0)
    assert page.export_proof(0, str(out)) is None
    assert not out.exists() and "✖" in page.status.text()


# ---- corpus --------------------------------------------------------------------------------
def test_corpus_members_open_on_double_click_and_back(qtbot, window, tmp_path):
    tampered = b.recall("R-tampered", 2)
    tampered["recall_receipt"]["merkle_root"] = "f" * 64
    doc = b.corpus([b.recall("R-1", 1), tampered, b.recall("R-3", 3)])
    path = write(tmp_path, "corpus.json", doc)
    report = open_and_wait(qtbot, window, path)
    assert report.hom.kind == "recall_corpus"
    page = window.labels.hom_corpus
    window.tabs.setCurrentWidget(window.labels)
    assert window.labels.current_page() is page and page.table.rowCount() == 3
    verdicts = [page.table.item(r, 3).text() for r in range(3)]
    assert verdicts[0].startswith("✔") and verdicts[1].startswith("✖") and verdicts[2].startswith("✔")
    assert "R-tampered" in page.table.item(1, 1).text()
    rect = page.table.visualRect(page.table.model().index(1, 0))
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        qtbot.mouseClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(page.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    member = blocker.args[0]
    assert member.hom.kind == "recall" and member.verdict == "fail"
    assert member.input["path"] == f"{path}#member-1"
    assert member.input["sha256"] == hashlib.sha256(member_bytes(report, 1)).hexdigest()
    assert window.back_action.isVisible() and "member" in window.windowTitle()
    assert window.recent()[0] == str(path)  # a member has no path of its own to remember
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        window.back_action.trigger()
    assert blocker.args[0].hom.kind == "recall_corpus" and window.path == str(path)
    assert not window.back_action.isVisible()


# ---- no commit history ---------------------------------------------------------------------
def test_history_and_graph_say_there_is_no_commit_history(qtbot, window, bundles):
    open_and_wait(qtbot, window, bundles["chain"])
    for view in (window.history, window.graph):
        window.tabs.setCurrentWidget(view)
        QApplication.processEvents()
        assert view.placeholder.isVisible()
        assert "no commit history" in view.placeholder.text()
    # and an alethech file brings them back
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS):
        window.open_path(str(ROOT / "tests" / "fixtures" / "alethech-0.9.5" / "01_basic" / "store"))
    window.tabs.setCurrentWidget(window.history)
    assert not window.history.placeholder.isVisible() and window.history.table.isVisible()


# ---- pinning the master --------------------------------------------------------------------
def test_pinning_the_master_says_whose_keys_they_are(qtbot, window, bundles):
    report = open_and_wait(qtbot, window, bundles["chain"])
    own = report.hom.master.fingerprint
    assert window.pin_action.isEnabled() and not window.unpin_action.isVisible()
    # the operator's fingerprint, from elsewhere, is this bundle's: the banner says so
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        window.pin_master("sha256:" + own.upper())
    assert blocker.args[0].verdict == "pass"
    assert "the master you pinned" in window.verdict_banner.checkpoint.text()
    assert window.unpin_action.isVisible()
    # another master pinned: the same bundle fails, and says why
    other = "ab" * 32
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        window.pin_master(other)
    pinned = blocker.args[0]
    assert pinned.verdict == "fail" and any(f.code == "hom.untrusted_master" for f in pinned.findings)
    assert window.verdict_banner.word.text() == "FAIL"
    assert "not the master you pinned" in window.verdict_banner.checkpoint.text()
    with qtbot.waitSignal(window.reportReady, timeout=WAIT_MS) as blocker:
        window.unpin_action.trigger()
    assert blocker.args[0].verdict == "pass" and window.trust_master is None
    assert "not pinned" in window.verdict_banner.checkpoint.text()
