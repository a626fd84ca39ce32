"""HOM-AIMOS v2 portable evidence in the window, shown the way a v1 bundle is: the banner gives
the verdict, the reference's code and the expected master (pinned or not); Labels & receipts shows
the envelope's typed objects with their body hashes, the authority and decisions, the Merkle
disclosure and every signature with whether it was checked; a finding selects the object it
names.  The evidence is built by tests/core/hom_aimos_v2/builder.py (fresh keys)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from inspector.gui.main_window import MainWindow
from tests.core.hom_aimos_v2 import builder as b

T = 90_000
ENVELOPE = b.Envelope(n=2)


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hom-v2-window")
    valid = ENVELOPE.document()
    broken = b.copy_of(valid)
    b.body(broken, "effective_recall_grant")["allowed"] = False
    b.reseal(broken)
    out = {}
    for name, doc in (("valid", valid), ("grant-not-effective", broken)):
        out[name] = folder / f"{name}.json"
        out[name].write_bytes(b.encode(doc))
    return out


@pytest.fixture
def window(qtbot, tmp_path):
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.runner.shutdown()


def open_and_wait(qtbot, win, path):
    with qtbot.waitSignal(win.reportReady, timeout=T) as blocker:
        win.open_path(str(path))
    return blocker.args[0]


def test_an_envelope_needs_the_pin_then_shows_every_part(qtbot, window, files):
    report = open_and_wait(qtbot, window, files["valid"])
    assert (report.profile, report.verdict, report.primary_reason) == (
        "hom-aimos-v2",
        "fail",
        "EXPECTED_TRUST_ANCHOR_REQUIRED",
    )
    banner = window.verdict_banner
    assert banner.word.text() == "FAIL" and "not pinned" in banner.checkpoint.text()
    assert window.pin_action.isEnabled()
    with qtbot.waitSignal(window.reportReady, timeout=T) as blocker:
        window.pin_master(ENVELOPE.master.fingerprint)
    pinned = blocker.args[0]
    assert pinned.verdict == "pass"
    assert "the master you pinned" in banner.checkpoint.text()
    page = window.labels.hom_envelope
    window.tabs.setCurrentWidget(window.labels)
    assert window.labels.current_page() is page
    assert page.objects.rowCount() == 23
    assert all(page.objects.item(r, 4).text().startswith("✔") for r in range(23))
    assert "every binding and signature holds" in page.header.text()
    assert page.merkle.rowCount() == 4 and page.signatures.rowCount() == 7
    assert all(page.signatures.item(r, 2).text().startswith("✔") for r in range(7))
    assert "Grant master_signed_recall_grant" in page.details.text()
    text = window.overview.browser.toPlainText()
    assert "hom-aimos-v2" in text and pinned.root in text


def test_what_failed_is_said_and_its_object_selected(qtbot, window, files):
    window.trust_master = ENVELOPE.master.fingerprint
    report = open_and_wait(qtbot, window, files["grant-not-effective"])
    assert report.primary_reason == "GRANT_NOT_EFFECTIVE"
    page = window.labels.hom_envelope
    assert "GRANT_NOT_EFFECTIVE fails at the authority" in page.header.text()
    finding = report.findings[0]
    window.tabs.setCurrentWidget(window.labels)
    window.select(finding.object_id, None)
    rows = page.objects.selectionModel().selectedRows()
    assert rows and page.objects.item(rows[0].row(), 1).text() == "effective_recall_grant"
