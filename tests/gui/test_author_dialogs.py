"""Each authoring dialog end to end on a copy of the demo: fill the form, run
the dry-run preview (objects added, eras before/after, verdict), write, and
check the written file with the core."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from inspector.core.container import Credential
from inspector.core.opener import open_and_verify
from inspector.core.verify.engine import verify
from inspector.core.write.authoring import load_source
from inspector.gui.dialogs.author import AuthorDialog

ROOT = Path(__file__).resolve().parents[2]
RES = ROOT / "resources"
T = 90_000


@pytest.fixture(scope="module")
def demo_source():
    return load_source(RES / "demo.aleth", Credential(passphrase="demo"))


@pytest.fixture
def copy(tmp_path):
    dst = tmp_path / "demo.aleth"
    shutil.copy(RES / "demo.aleth", dst)
    return dst


DEMO_CRED = Credential(passphrase="demo")


def make(qtbot, op, path, report, cred=DEMO_CRED, **kw):
    dlg = AuthorDialog(op, str(path), cred, report, **kw)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def preview(qtbot, dlg):
    with qtbot.waitSignal(dlg.runner.finished, timeout=T):
        qtbot.mouseClick(dlg.preview_button, Qt.MouseButton.LeftButton)


def write(qtbot, dlg):
    with qtbot.waitSignal(dlg.written, timeout=T) as blocker:
        qtbot.mouseClick(dlg.write_button, Qt.MouseButton.LeftButton)
    return blocker.args


def test_rotate_dialog_previews_then_writes(qtbot, copy, tmp_path, demo_source):
    dlg = make(qtbot, "rotate", copy, demo_source.report)
    dlg.root_key.setText(str(RES / "demo.keys" / "root.pem"))
    assert dlg.key_id.currentText() == "key-003"
    preview(qtbot, dlg)
    assert dlg.verdict.text().startswith("✔ PASS")
    assert any("control_events/" in dlg.added.item(i).text() for i in range(dlg.added.count()))
    eras = {
        dlg.eras.item(r, 0).text(): (dlg.eras.item(r, 2).text(), dlg.eras.item(r, 3).text())
        for r in range(dlg.eras.rowCount())
    }
    assert eras["key-003"][0] == "active" and eras["key-003"][1].startswith("revoked")
    assert eras["key-004"] == ("—", "active")
    assert dlg.write_button.isEnabled()
    out = tmp_path / "rotated.aleth"
    dlg.output.setText(str(out))
    path, cred = write(qtbot, dlg)
    assert path == str(out)
    report = open_and_verify(out, cred)
    assert report.verdict == "pass"
    assert [e.key_id for e in report.eras if e.state == "active" and e.role == "agent"] == ["key-004"]
    assert copy.read_bytes() == (RES / "demo.aleth").read_bytes()  # the source is untouched


def test_grant_dialog_writes_the_private_key_0600(qtbot, copy, tmp_path, demo_source):
    dlg = make(qtbot, "grant", copy, demo_source.report)
    dlg.root_key.setText(str(RES / "demo.keys" / "root.pem"))
    dlg.role.setCurrentText("auditor")
    dlg.key_out.setText(str(tmp_path / "auditor-2.pem"))
    preview(qtbot, dlg)
    dlg.output.setText(str(tmp_path / "granted.aleth"))
    write(qtbot, dlg)
    assert (tmp_path / "auditor-2.pem").stat().st_mode & 0o777 == 0o600
    report = open_and_verify(tmp_path / "granted.aleth", Credential(passphrase="demo"))
    assert "auditor-002" in [e.key_id for e in report.eras]


def test_wrong_root_key_is_refused_in_the_preview(qtbot, copy, tmp_path, demo_source):
    from inspector.core.keys import KeyPair, write_private_key

    stranger = tmp_path / "stranger.pem"
    write_private_key(stranger, KeyPair.generate())
    dlg = make(qtbot, "revoke", copy, demo_source.report)
    dlg.root_key.setText(str(stranger))
    with qtbot.waitSignal(dlg.runner.failed, timeout=T):
        qtbot.mouseClick(dlg.preview_button, Qt.MouseButton.LeftButton)
    assert "wrong_root_key" in dlg.verdict.text()
    assert not dlg.write_button.isEnabled()


def test_rekey_dialog_new_recovery_code_shown_once(qtbot, copy, tmp_path, demo_source):
    dlg = make(qtbot, "rekey", copy, demo_source.report)
    dlg.pass1.setText("fresh passphrase")
    dlg.pass2.setText("fresh passphrase")
    dlg.new_code.setChecked(True)
    preview(qtbot, dlg)
    out = tmp_path / "rekeyed.aleth"
    dlg.output.setText(str(out))
    _path, cred = write(qtbot, dlg)
    assert cred.passphrase == "fresh passphrase"
    code = dlg.secret_out.text()
    assert dlg.secret_out.isVisible() and code.startswith("aleth-recovery-v1:")
    assert open_and_verify(out, Credential(passphrase="fresh passphrase")).verdict == "pass"
    assert open_and_verify(out, Credential(recovery_code=code)).verdict == "pass"
    assert open_and_verify(out, Credential(passphrase="demo")).findings[0].code == "wrong_passphrase"


def test_rekey_mismatched_passphrases_are_refused_before_any_work(qtbot, copy, demo_source):
    dlg = make(qtbot, "rekey", copy, demo_source.report)
    dlg.pass1.setText("a")
    dlg.pass2.setText("b")
    qtbot.mouseClick(dlg.preview_button, Qt.MouseButton.LeftButton)
    assert "must match" in dlg.verdict.text()
    assert not dlg.runner.running


def test_label_dialog_refutes_with_evidence_and_shows_redaction(qtbot, copy, tmp_path, demo_source):
    report = demo_source.report
    suspect = next(m for m, v in report.mutmem.memories.items() if v.untrusted)
    dlg = make(qtbot, "label", copy, report, selected_memory=suspect)
    assert dlg.memory.currentData() == suspect
    dlg.label.setCurrentText("poison_refuted")
    dlg.sign_key.setText(str(RES / "demo.keys" / "auditor-001.pem"))
    dlg.reason_text.setPlainText("checked with the owner <private>phone notes</private>")
    assert dlg.redacted.text() == "checked with the owner [REDACTED]"
    qtbot.mouseClick(dlg.preview_button, Qt.MouseButton.LeftButton)  # no evidence ticked
    assert "evidence" in dlg.verdict.text()
    review = next(i for i in range(dlg.evidence.count()) if "audit_review" in dlg.evidence.item(i).text())
    dlg.evidence.item(review).setCheckState(Qt.CheckState.Checked)
    preview(qtbot, dlg)
    assert dlg.verdict.text().startswith("✔ PASS")
    out = tmp_path / "labelled.aleth"
    dlg.output.setText(str(out))
    write(qtbot, dlg)
    after = open_and_verify(out, Credential(passphrase="demo"))
    assert after.verdict == "pass"
    view = after.mutmem.memories[suspect]
    assert view.label == "poison_refuted" and not view.untrusted
    assert view.labels[-1].reason == "checked with the owner [REDACTED]"


def test_migrate_dialog_on_a_legacy_directory(qtbot, tmp_path):
    from inspector.core.store import write_directory
    from inspector.core.write.builder import StoreWriter, stepping_clock

    w = StoreWriter.create(legacy=True, clock=stepping_clock())
    w.commit({"text": "old memory"})
    src_dir = write_directory(w.store, tmp_path / "legacy")
    dlg = make(qtbot, "migrate", src_dir, verify(w.store), cred=None)
    dlg.key_out.setText(str(tmp_path / "root.pem"))
    preview(qtbot, dlg)
    assert any("migrations/" in dlg.added.item(i).text() for i in range(dlg.added.count()))
    dlg.output.setText(str(tmp_path / "migrated"))
    write(qtbot, dlg)
    report = open_and_verify(tmp_path / "migrated")
    assert report.verdict == "pass" and report.counts["control_events"] == 1
    assert (tmp_path / "root.pem").stat().st_mode & 0o777 == 0o600


def test_recover_dialog_keeps_the_recovery_code(qtbot, copy, tmp_path, demo_source):
    code = (RES / "demo.recovery.txt").read_text().strip()
    dlg = make(qtbot, "recover", copy, demo_source.report, cred=Credential(recovery_code=code))
    dlg.pass1.setText("after recovery")
    dlg.pass2.setText("after recovery")
    assert dlg.keep_code.isChecked()
    preview(qtbot, dlg)
    out = tmp_path / "recovered.aleth"
    dlg.output.setText(str(out))
    write(qtbot, dlg)
    assert open_and_verify(out, Credential(passphrase="after recovery")).verdict == "pass"
    assert open_and_verify(out, Credential(recovery_code=code)).verdict == "pass"


def test_revoke_dialog_revokes_a_role_key(qtbot, copy, tmp_path, demo_source):
    dlg = make(qtbot, "revoke", copy, demo_source.report)
    dlg.root_key.setText(str(RES / "demo.keys" / "root.pem"))
    dlg.key_id.setCurrentText("housekeeper-001")
    dlg.reason.setCurrentText("expiry")
    preview(qtbot, dlg)
    dlg.output.setText(str(tmp_path / "revoked.aleth"))
    write(qtbot, dlg)
    report = open_and_verify(tmp_path / "revoked.aleth", Credential(passphrase="demo"))
    hk = next(e for e in report.eras if e.key_id == "housekeeper-001")
    assert report.verdict == "pass" and hk.state == "revoked" and hk.revoke_reason == "expiry"
