"""Opening a file in the main window: the open dialogs, drag and drop's target, the
unlock dialog, the worker's job and its answers (progress, the report in pieces, the
unopenable page, the crash panel), checkpoints, a HOM-AIMOS corpus member and the way
back, and a file opened from the fleet window.  See :mod:`.window_base`."""

from __future__ import annotations

import gc
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..core.container import Credential
from ..core.fleet.task import FileJob
from ..core.jobs import receive_part
from ..core.opener import is_sealed
from ..core.verify.report import Report
from . import summary as S
from .dialogs.unlock import UnlockDialog
from .settings import FleetOpen, OpenSettings
from .window_base import WindowBase

UNLOCK_ERRORS = (
    "wrong_passphrase",
    "authentication_failed",
    "invalid_recovery_code",
    "no_recovery_slot",
    "empty_passphrase",
)


class OpenFlow(WindowBase):
    """Opening files and receiving the worker's answers (a part of :class:`MainWindow`)."""

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open .aleth file"), "", self.tr("Aleth files (*.aleth);;All files (*)")
        )
        if path:
            self.open_path(path)

    def open_directory_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Open alethech store directory"))
        if path:
            self.open_path(path)

    def open_path(
        self,
        path: str,
        *,
        checkpoint: str | None = None,
        credential: Credential | None = None,
    ) -> None:
        """Open a directory store, a HOM-AIMOS bundle or any file that is not sealed,
        or a sealed file (asking for its credential unless one is given)."""
        p = Path(path)
        if not p.exists():
            # said in the status bar, not a modal box: nothing blocks the window (or a script)
            self.statusBar().showMessage(self.tr("%1 does not exist.").replace("%1", path))
            return
        self._corpus_stack.clear()
        self._navigation = None
        self.fleet = None  # the window's own settings from here on
        self.strict = False
        if checkpoint:
            self.checkpoint = Path(checkpoint).read_bytes()
            self.checkpoint_path = checkpoint
        elif str(p) != self.path:
            self.checkpoint = self.checkpoint_path = None
        if p.is_dir():
            self._start_open(str(p), None)
            return
        if credential is not None or not is_sealed(p):
            # anything but a sealed container opens as it is: the opener says what it is
            self._start_open(str(p), credential)
            return
        self._ask_credential(str(p))

    def _ask_credential(self, path: str) -> None:
        dlg = UnlockDialog(path, parent=self)
        self._unlock = dlg
        dlg.unlockRequested.connect(lambda cred: self._open_typed(path, cred))
        dlg.rejected.connect(self.cancel_task)
        dlg.finished.connect(lambda _r: setattr(self, "_unlock", None))
        dlg.open()

    def _open_typed(self, path: str, credential: Credential) -> None:
        """The credential typed in the unlock dialog: it, not a fleet rule's, opens the file."""
        self.fleet = None
        self._start_open(path, credential)

    def retry_unlock(self) -> None:
        """Unopenable page: ask again for a passphrase or recovery code."""
        path = self._target[0] or self.path
        if path and Path(path).is_file():
            self._ask_credential(path)

    def _start_open(self, path: str, credential: Credential | None, data: bytes | None = None) -> None:
        # A big report is a few million objects: while it arrives the cyclic
        # collector stays off (its full passes would stall the GUI thread for
        # seconds), and once shown the report is frozen out of its passes.
        gc.disable()
        gc.unfreeze()
        self._target = (path, credential)
        self._target_bytes = data
        self._pending = None
        self._crash_details = ""
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.progress_label.setText(self.tr("unlocking…") if credential else self.tr("reading…"))
        self.runner.start(
            "open_verify",
            path=path,
            credential=credential,
            checkpoint=self.checkpoint,
            data=data,
            trust_master=self.trust_master,
            strict=self.strict,
            fleet_job=self.fleet_job(path, data),
        )

    def fleet_job(self, path: str, data: bytes | None = None) -> FileJob | None:
        """The fleet audit's job for ``path`` when the window judges it with the fleet's
        settings (the checkpoint as attached now), else None."""
        fleet = self.fleet
        if fleet is None or data is not None or path != fleet.location:
            return None
        name = Path(self.checkpoint_path).name if self.checkpoint_path else "checkpoint"
        return replace(fleet.job, checkpoint=self.checkpoint, checkpoint_name=name)

    def open_settings(self) -> OpenSettings:
        """What the verdict on screen was judged with (the Overview and banner say it)."""
        return OpenSettings(
            credential=self.credential,
            checkpoint_path=self.checkpoint_path,
            checkpoint_given=self.checkpoint is not None,
            strict=self.strict,
            trust_master=self.trust_master,
            fleet=self.fleet if self.fleet_job(self.path or "", self.source_bytes) is not None else None,
            bundle=self.report is not None and self.report.profile != "alethech",
        )

    def reload(self) -> None:
        if self.path:
            self._start_open(self.path, self.credential, self.source_bytes)

    def close_file(self) -> None:
        self.cancel_task()
        self.set_report(None)
        self.path = self.credential = self.source_bytes = None
        self.checkpoint = self.checkpoint_path = None
        self.fleet = None
        self.strict = False
        self.setWindowTitle(self.tr("Aleth Inspector"))

    def cancel_task(self) -> None:
        if self.runner.running:
            self.runner.cancel()

    # ---- checkpoints ------------------------------------------------------------------
    def attach_checkpoint_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Attach checkpoint"), "", self.tr("Checkpoint JSON (*.json);;All files (*)")
        )
        if path:
            self.attach_checkpoint(path)

    def attach_checkpoint(self, path: str) -> None:
        """Verify the open file again against the external checkpoint at ``path``."""
        if self.path is None:
            QMessageBox.information(
                self, self.tr("No file"), self.tr("Open a file first, then attach its checkpoint.")
            )
            return
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            QMessageBox.warning(
                self,
                self.tr("Attach checkpoint"),
                self.tr("Could not read %1: %2").replace("%1", path).replace("%2", str(exc.strerror)),
            )
            return
        self.checkpoint, self.checkpoint_path = data, path
        self.reload()

    def detach_checkpoint(self) -> None:
        if self.checkpoint is not None:
            self.checkpoint = self.checkpoint_path = None
            self.reload()

    def checkpoint_head(self) -> str | None:
        return S.checkpoint_head(self.checkpoint)

    # ---- task signals -----------------------------------------------------------------
    def _on_progress(self, _token: int, phase: str, done: int, total: int) -> None:
        phase_text = {
            "unlocking": self.tr("unlocking"),
            "reading": self.tr("reading"),
            "laying out history": self.tr("laying out history"),
        }.get(phase, phase)
        if total > 1:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.progress_label.setText(f"{phase_text} {done:,}/{total:,}")
        else:
            self.progress.setRange(0, 0)
            self.progress_label.setText(f"{phase_text}…")

    def _on_batch(self, _token: int, kind: str, payload: Any) -> None:
        if kind == "report":
            self._pending = payload
            self._pending_lanes = None
        elif kind == "part" and self._pending is not None:
            receive_part(self._pending, *payload)
        elif kind == "lanes":  # the History pane's lanes, laid out by the worker
            self._pending_lanes = payload

    def _on_finished(self, _token: int, payload: Any) -> None:
        self._stop_progress()
        if "preview" in payload:
            return
        path, cred = self._target
        if payload.get("credential") is not None:  # the credential a fleet rule named, resolved
            cred = payload["credential"]
        new_file = path != self.path
        self.path, self.credential, self.source_bytes = path, cred, self._target_bytes
        self._navigated()
        if self._unlock is not None:
            self._unlock.accept()
        if self.source_bytes is None:  # a corpus member has no path of its own to remember
            self._remember(path)
        self.setWindowTitle(self.tr("Aleth Inspector — %1").replace("%1", Path(path).name))
        self.set_report(self._pending, keep_selection=not new_file, lanes=self._pending_lanes)
        self._pending, self._pending_lanes = None, None
        gc.freeze()
        gc.enable()

    def _on_failed(self, _token: int, code: str, message: str, details: str) -> None:
        self._stop_progress()
        gc.enable()
        pending = self._pending
        # another secret may help, unless the key was proven right (an ALETH002 payload that
        # fails to authenticate was changed: the page says so instead of asking again)
        retry = pending is None or pending.verdict != "unopenable" or S.secret_problem(pending)
        if self._unlock is not None and code in UNLOCK_ERRORS and retry:
            text = {
                "wrong_passphrase": self.tr("Wrong passphrase or recovery code — try again."),
                "authentication_failed": self.tr(
                    "Could not decrypt: wrong passphrase, or the file was modified."
                ),
            }.get(code, message)
            self._unlock.show_error(text)
            return
        if self._unlock is not None:
            self._unlock.reject()
        path = self._target[0]
        if code in ("internal_error", "worker_died"):
            rep = self._pending if self._pending is not None and self._pending.verdict == "error" else None
            if rep is None:
                rep = crash_report(message, path)
            self._pending = None
            self._crash_details = details
            self.path, self.source_bytes = path, self._target_bytes
            self._navigated()
            self.set_report(rep)
            self.setWindowTitle(
                self.tr("Aleth Inspector — %1 (internal error)").replace("%1", Path(path).name)
            )
            return
        rep = self._pending if self._pending is not None and self._pending.verdict == "unopenable" else None
        self._pending = None
        if rep is None:
            rep = Report.unopenable(code, message, object_id=path)
        # the credential that failed is part of what judged the file (the page says it)
        self.path, self.credential, self.source_bytes = path, self._target[1], self._target_bytes
        self._navigated()
        self.set_report(rep)
        self.setWindowTitle(self.tr("Aleth Inspector — %1 (unopenable)").replace("%1", Path(path).name))

    def _on_cancelled(self, _token: int) -> None:
        self._navigation = None
        self._stop_progress()
        gc.enable()
        self.progress_label.setText(self.tr("cancelled"))
        if self._unlock is not None:
            self._unlock.set_busy(False)

    def _stop_progress(self) -> None:
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.progress_label.clear()

    def open_folder_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Audit every memory file in a folder"))
        if path:
            self.open_folder(path)

    def open_folder(self, folder: str, **kw: Any) -> Any:
        """File › Open folder…: the fleet table of ``folder`` in a window of its own; a
        double-click opens that file here (a sealed one asks for its credential)."""
        from .fleet import FleetView

        view = self._transient(FleetView(folder, self, **kw))
        view.setWindowFlag(Qt.WindowType.Window, True)
        view.resize(min(self.width(), 1100), min(self.height(), 640))
        view.openRequested.connect(self.open_from_fleet)
        view.show()
        return view

    def open_member(self, index: int) -> None:
        """Open member ``index`` of the shown HOM-AIMOS corpus as a bundle of its own
        (its bytes verified in the worker); Back to the corpus returns."""
        from ..core.hom_aimos import member_bytes

        if self.report is None or self.path is None:
            return
        try:
            data = member_bytes(self.report, index)
        except ValueError as exc:
            QMessageBox.warning(self, self.tr("Corpus member"), str(exc))
            return
        self._navigation = (self.path, self.credential, self.source_bytes)
        self._start_open(f"{self.path}#member-{index}", None, data)

    def back_to_corpus(self) -> None:
        if self._corpus_stack:
            path, credential, data = self._corpus_stack[-1]
            self._navigation = "back"
            self._start_open(path, credential, data)

    def pin_master(self, fingerprint: str | None) -> None:
        """Verify again with ``fingerprint`` pinned (None: unpinned); any bundle under
        another master, or with a signer the pinned master did not certify, then fails."""
        self.trust_master = fingerprint
        self._update_actions()
        self.reload()

    def _navigated(self) -> None:
        """A member or its corpus is shown: keep the way back."""
        nav, self._navigation = self._navigation, None
        if nav == "back" and self._corpus_stack:
            self._corpus_stack.pop()
        elif isinstance(nav, tuple):
            self._corpus_stack.append(nav)

    def open_from_fleet(self, row: FleetOpen) -> None:
        """Open a row of the fleet window with exactly the settings the fleet audit used
        for it (its rule's credential, resolved in the worker, never asked again; its
        checkpoint; its strictness; no master pinned): the window shows the row's verdict
        and says which settings produced it."""
        self.raise_()
        self.activateWindow()
        self._corpus_stack.clear()
        self._navigation = None
        self.fleet = row
        self.strict = row.job.strict
        self.trust_master = None
        self.checkpoint = row.job.checkpoint
        self.checkpoint_path = row.checkpoint_path
        self._start_open(row.location, None)


class WorkerFailed(Exception):
    """The worker process ended without an answer (killed, out of memory, a crash in C)."""


def crash_report(message: str, path: str) -> Report:
    """The last-resort report the GUI makes itself when the worker could not send
    one (it died, or failed before it could build its own)."""
    return Report.internal_error(WorkerFailed(message), object_id=path)
