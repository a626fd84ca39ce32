"""File › Export: JSON, HTML and PDF come from the core's renderers
(:mod:`inspector.core.render`, the one template the command line uses), are made in
the worker process (the window never waits on a long PDF), written atomically with
mode 0600, and carry the audit record: the file's SHA-256, the tool version, the
time, the checkpoint state and what a verdict does not prove — never "None"."""

from __future__ import annotations

import json
import re
import stat
from pathlib import Path

from inspector import __version__
from inspector.core.container import Credential

from .helpers import WAIT_MS, open_and_wait

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo.aleth"
DEMO_CHECKPOINT = ROOT / "resources" / "demo.checkpoint.json"
FIX = ROOT / "tests" / "fixtures" / "alethech-0.9.5"


def export(qtbot, win, fmt: str, path: Path) -> Path:
    with qtbot.waitSignal(win.exported, timeout=WAIT_MS) as blocker:
        assert win.export_report(fmt, str(path)) == str(path)
    assert blocker.args == [str(path)]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # decrypted content: the owner's only
    return path


def test_json_html_pdf_of_a_failing_store(qtbot, window, tmp_path):
    report = open_and_wait(qtbot, window, FIX / "05_dark_v2" / "store")
    sha = report.input["sha256"]
    doc = json.loads(export(qtbot, window, "json", tmp_path / "r.json").read_text())
    assert doc["schema"] == "aleth-inspector/report/1" and doc["verdict"] == "fail"
    assert doc["tool"] == {"name": "aleth-inspector", "version": __version__}
    assert doc["input"]["sha256"] == sha and doc["started_at"]
    assert doc["checkpoint"] == {"given": False, "state": "none"}
    assert [f["code"] for f in doc["findings"]] == [f.code for f in report.findings]

    page = export(qtbot, window, "html", tmp_path / "r.html").read_text()
    text = re.sub(r"<[^>]+>", " ", page)
    assert page.startswith("<!DOCTYPE html>") and "FAIL" in text
    assert sha in text and f"aleth-inspector {__version__}" in text
    assert "What a verdict does not prove" in text and "rollback is not detectable" in text
    assert re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", text)  # when it was judged
    assert "not_in_proven_pre_rotation_history" in text
    assert not re.search(r"\bNone\b", text)
    assert "<thead>" in page  # table headers repeat on each PDF page

    pdf = export(qtbot, window, "pdf", tmp_path / "r.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF") and len(pdf) > 2000
    assert "exported" in window.progress_label.text() or "r.pdf" in window.statusBar().currentMessage()


def test_sealed_file_with_checkpoint_exports_its_checkpoint_state(qtbot, window, tmp_path):
    import hashlib

    open_and_wait(
        qtbot, window, DEMO, credential=Credential(passphrase="demo"), checkpoint=str(DEMO_CHECKPOINT)
    )
    doc = json.loads(export(qtbot, window, "json", tmp_path / "demo.json").read_text())
    assert doc["verdict"] == "pass"
    assert doc["input"]["sha256"] == hashlib.sha256(DEMO.read_bytes()).hexdigest()
    assert doc["checkpoint"]["given"] is True and doc["checkpoint"]["state"] == "verified"
    page = export(qtbot, window, "html", tmp_path / "demo.html").read_text()
    assert "verified" in page and not re.search(r"\bNone\b", re.sub(r"<[^>]+>", " ", page))


def test_spanish_window_exports_a_spanish_html_report(qtbot, window, tmp_path, monkeypatch):
    from inspector.gui import i18n

    open_and_wait(qtbot, window, FIX / "05_dark_v2" / "store")
    monkeypatch.setitem(i18n._state, "lang", "es")
    page = export(qtbot, window, "html", tmp_path / "es.html").read_text()
    assert '<html lang="es">' in page  # the report speaks the window's language


def test_a_file_changed_since_it_was_shown_is_not_exported(qtbot, window, tmp_path):
    import shutil

    store = tmp_path / "store"
    shutil.copytree(FIX / "01_basic" / "store", store)
    open_and_wait(qtbot, window, store)
    extra = next((store / "commits").iterdir())
    extra.with_name("zz-" + extra.name).write_bytes(extra.read_bytes())  # the store changed on disk
    out = tmp_path / "r.json"
    with qtbot.waitSignal(window.exportFailed, timeout=WAIT_MS) as blocker:
        window.export_report("json", str(out))
    assert "changed" in blocker.args[0]
    assert not out.exists()
