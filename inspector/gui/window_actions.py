"""The main window's menus and what they do beside opening a file: recent files, drag
and drop, exports, the authoring dialogs, Check inclusion proof, pinning a HOM-AIMOS
master key, help.  See :mod:`.window_base`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..core.container import Credential
from . import i18n
from . import summary as S
from .about import versions
from .window_base import WindowBase

MAX_RECENT = 10


class WindowActions(WindowBase):
    """Menus and their actions (a part of :class:`MainWindow`)."""

    def _action(
        self, menu: Any, text: str, slot: Any, shortcut: Any = None, name: str | None = None
    ) -> QAction:
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut))
        act.triggered.connect(lambda _checked=False: slot())
        menu.addAction(act)
        self.addAction(act)
        if name:
            setattr(self, name, act)
        return act

    def _build_menus(self) -> None:
        self._file_menu()
        self._view_menu()
        self._author_menu()
        h = self.menuBar().addMenu(self.tr("&Help"))
        self._action(
            h, self.tr("&Keyboard shortcuts"), self.show_shortcuts, QKeySequence.StandardKey.HelpContents
        )
        self._action(h, self.tr("&About"), self.show_about)
        self._refresh_recent()
        self._update_actions()

    def _file_menu(self) -> None:
        f = self.menuBar().addMenu(self.tr("&File"))
        self._action(f, self.tr("&Open file…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self._action(f, self.tr("Open &directory store…"), self.open_directory_dialog, "Ctrl+Shift+O")
        self._action(
            f,
            self.tr("Open fo&lder (audit every file)…"),
            self.open_folder_dialog,
            "Ctrl+Alt+O",
            name="open_folder_action",
        )
        self.recent_menu = f.addMenu(self.tr("&Recent files"))
        self._action(f, self.tr("&Reload"), self.reload, "F5")
        self._action(
            f, self.tr("Attach &checkpoint…"), self.attach_checkpoint_dialog, "Ctrl+K", name="attach_action"
        )
        self._action(f, self.tr("Detac&h checkpoint"), self.detach_checkpoint, name="detach_action")
        self._action(
            f, self.tr("Check inclusion &proof…"), self.check_proof, "Ctrl+Shift+P", name="check_proof_action"
        )
        self._action(f, self.tr("&Back to the corpus"), self.back_to_corpus, "Alt+Left", name="back_action")
        self._action(f, self.tr("P&in a HOM-AIMOS master key…"), self.pin_master_dialog, name="pin_action")
        self._action(f, self.tr("&Unpin the master key"), lambda: self.pin_master(None), name="unpin_action")
        self._action(f, self.tr("&Close"), self.close_file, QKeySequence.StandardKey.Close)
        f.addSeparator()
        ex = f.addMenu(self.tr("&Export"))
        self._action(ex, self.tr("Report as &JSON…"), lambda: self.export_report("json"), "Ctrl+E")
        self._action(ex, self.tr("Report as &HTML…"), lambda: self.export_report("html"))
        self._action(
            ex, self.tr("Report as &PDF…"), lambda: self.export_report("pdf"), QKeySequence.StandardKey.Print
        )
        self._action(ex, self.tr("DAG as &GraphML…"), lambda: self.graph.export_graphml())
        self._action(ex, self.tr("Weights plot as P&NG…"), lambda: self.weights.export_png())
        f.addSeparator()
        self._action(f, self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)

    def _view_menu(self) -> None:
        v = self.menuBar().addMenu(self.tr("&View"))
        names = (self.tr("Overview"), self.tr("History"), self.tr("Graph"), self.tr("Weights"))
        for i, name in enumerate((*names, self.tr("Labels and receipts"))):
            self._action(v, name, lambda i=i: self.show_tab(i), f"Ctrl+{i + 1}")
        v.addSeparator()
        self.pane_actions = []
        for dock in self.docks:
            act = dock.toggleViewAction()
            act.setText(self.tr("Show pane: %1").replace("%1", dock.windowTitle()))
            v.addAction(act)
            self.pane_actions.append(act)
        self._action(v, self.tr("&Reset layout"), self.reset_layout)
        v.addSeparator()
        self._action(v, self.tr("&Find in history"), self._focus_search, QKeySequence.StandardKey.Find)
        self._action(v, self.tr("Next &problem"), self.next_problem, "F8")
        self._action(v, self.tr("Jump to first &error"), self.jump_to_first_error, "Shift+F8")
        self._action(
            v, self.tr("Show &errors only"), lambda: self.findings.show_severity("error"), "Ctrl+Shift+E"
        )

    def _author_menu(self) -> None:
        self.author_menu = self.menuBar().addMenu(self.tr("&Author"))
        self.author_actions = {}
        for op, text, key in (
            ("rotate", self.tr("&Rotate key…"), "Ctrl+Shift+R"),
            ("revoke", self.tr("Re&voke key…"), None),
            ("grant", self.tr("&Grant role key…"), None),
            ("migrate", self.tr("&Migrate v0.1 store…"), None),
            ("rekey", self.tr("Re-&key (new passphrase)…"), "Ctrl+Shift+K"),
            ("recover", self.tr("Re&cover with recovery code…"), None),
            ("label", self.tr("Add &label…"), "Ctrl+L"),
        ):
            self.author_actions[op] = self._action(self.author_menu, text, lambda op=op: self.author(op), key)

    def _update_actions(self) -> None:
        openable = self.report is not None and self.report.verdict not in ("unopenable", "error")
        alethech = openable and self.report is not None and self.report.profile == "alethech"
        self.attach_action.setEnabled(alethech)
        self.detach_action.setEnabled(alethech and self.checkpoint is not None)
        self.back_action.setVisible(bool(self._corpus_stack))
        hom = self.report is not None and self.report.is_hom
        self.pin_action.setEnabled(hom)
        self.unpin_action.setVisible(self.trust_master is not None)
        # the Author menu offers what the open file can do (no re-key for a directory store)
        from .dialogs.author import available_operations

        offered = set(available_operations(self.path)) if self.path and self.source_bytes is None else set()
        for op, act in self.author_actions.items():
            act.setVisible(op in offered or self.path is None)
            act.setEnabled(alethech and op in offered)

    # ---- recent files -----------------------------------------------------------------
    def recent(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [str(v) for v in value] if isinstance(value, list) else ([str(value)] if value else [])

    def _remember(self, path: str) -> None:
        items = [p for p in self.recent() if p != path]
        items.insert(0, path)
        self.settings.setValue("recent", items[:MAX_RECENT])
        self._refresh_recent()

    def clear_recent(self) -> None:
        self.settings.setValue("recent", [])
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        items = self.recent()
        for p in items:
            act = self.recent_menu.addAction(p)
            act.triggered.connect(lambda _c=False, p=p: self.open_path(p))
        if items:
            self.recent_menu.addSeparator()
        clear = self.recent_menu.addAction(self.tr("Clear recent files"))
        clear.setEnabled(bool(items))
        clear.triggered.connect(self.clear_recent)

    # ---- drag and drop ------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if not urls:
            return
        event.acceptProposedAction()
        self.open_dropped(urls[0])

    def open_dropped(self, path: str) -> None:
        """A dropped checkpoint JSON re-verifies the open file with it; anything else opens."""
        p = Path(path)
        if self.path is not None and p.is_file() and p.suffix.lower() == ".json":
            try:
                with p.open("rb") as fh:
                    head = fh.read(1_000_001)
            except OSError:
                head = b""
            if len(head) <= 1_000_000 and S.looks_like_checkpoint(head):
                self.attach_checkpoint(path)
                return
        self.open_path(path)

    # ---- exports ------------------------------------------------------------------------
    def export_report(self, fmt: str, path: str | None = None) -> str | None:
        """Export the shown report as ``fmt`` (json, html, pdf) to ``path`` (asked when
        None).  The worker judges the same input again (same credential, checkpoint or
        bytes) and writes it through the core's renderers, mode 0600; it refuses when
        the input changed since it was shown.  Returns the path it will write (the
        ``exported`` / ``exportFailed`` signals say how it went), or None."""
        if self.report is None or self.path is None:
            return None
        if path is None:
            filters = {
                "json": self.tr("JSON (*.json)"),
                "html": self.tr("HTML (*.html)"),
                "pdf": self.tr("PDF (*.pdf)"),
            }
            path, _ = QFileDialog.getSaveFileName(
                self, self.tr("Export report as %1").replace("%1", fmt.upper()), f"report.{fmt}", filters[fmt]
            )
            if not path:
                return None
        inp = self.report.input if isinstance(self.report.input, dict) else {}
        self._export_path = path
        self.exports.start(
            "export_report",
            path=self.path,
            credential=self.credential,
            fmt=fmt,
            output=path,
            expect_sha256=inp.get("sha256"),
            checkpoint=self.checkpoint,
            data=self.source_bytes,
            lang=i18n.language(),
            trust_master=self.trust_master,
            strict=self.strict,
            fleet_job=self.fleet_job(self.path, self.source_bytes),
        )
        self.statusBar().showMessage(self.tr("Exporting %1…").replace("%1", Path(path).name))
        return path

    def _export_done(self, _token: int, payload: Any) -> None:
        path = str(payload.get("path", ""))
        self.statusBar().showMessage(self.tr("Report exported to %1").replace("%1", path), 10_000)
        self.exported.emit(path)

    def _export_failed(self, _token: int, code: str, message: str, _details: str) -> None:
        path = getattr(self, "_export_path", "")
        text = self.tr("Could not write %1: %2").replace("%1", path).replace("%2", message)
        self.statusBar().clearMessage()
        box = self._transient(QMessageBox(QMessageBox.Icon.Warning, self.tr("Export"), text, parent=self))
        box.open()
        self.exportFailed.emit(text)

    # ---- authoring --------------------------------------------------------------------
    def author(self, op: str) -> Any:
        """Open the authoring dialog for ``op`` (the label dialog starts from the memory
        selected in the window); None when the open file cannot do ``op``."""
        if self.report is None or self.path is None:
            QMessageBox.information(self, self.tr("No file"), self.tr("Open a file first."))
            return None
        act = self.author_actions.get(op)
        if act is None or not act.isEnabled():
            return None
        from .dialogs.author import AuthorDialog

        dlg = AuthorDialog(
            op, self.path, self.credential, self.report, parent=self, selected_memory=self.selected_memory()
        )
        self._transient(dlg)
        dlg.written.connect(self._reopen_written)
        dlg.open()
        return dlg

    def check_proof(self, proof_path: str | None = None) -> Any:
        """File › Check inclusion proof…: the open memory file (with its credential) is
        the proposed anchor."""
        from .dialogs.proof import check_proof_dialog

        anchor = (
            self.path
            if self.report is not None and self.report.profile == "alethech" and self.source_bytes is None
            else None
        )
        return self._transient(
            check_proof_dialog(
                self, proof_path=proof_path, file=anchor, credential=self.credential if anchor else None
            )
        )

    def pin_master_dialog(self) -> None:
        """Ask for the master key fingerprint the auditor expects from the bundle's operator
        (a bundle carries its own master, so valid only means internally consistent)."""
        from PySide6.QtWidgets import QInputDialog

        view = self.report.hom if self.report is not None else None
        own = getattr(getattr(view, "master", None), "fingerprint", None) or getattr(
            view, "expected_master_fingerprint", None
        )
        text, ok = QInputDialog.getText(
            self,
            self.tr("Pin a HOM-AIMOS master key"),
            self.tr(
                "The fingerprint (64 hex digits) of the master key you expect from the bundle's operator, "
                "from a source other than the bundle. The bundle names %1."
            ).replace("%1", str(own or "—")),
            text=self.trust_master or "",
        )
        if ok:
            self.pin_master(text.strip() or None)

    def _reopen_written(self, path: str, credential: object) -> None:
        self.open_path(path, credential=credential if isinstance(credential, Credential) else self.credential)

    # ---- help ---------------------------------------------------------------------------
    def show_shortcuts(self) -> None:
        lines = [
            f"{a.shortcut().toString(QKeySequence.SequenceFormat.NativeText):<16} {a.text().replace('&', '')}"
            for a in self.actions()
            if not a.shortcut().isEmpty()
        ]
        box = QMessageBox(
            QMessageBox.Icon.Information, self.tr("Keyboard shortcuts"), "\n".join(lines), parent=self
        )
        box.setStyleSheet("QLabel { font-family: monospace; }")
        box.open()

    def show_about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About Aleth Inspector"),
            versions()
            + "\n\n"
            + self.tr(
                "Verifies alethech agent-memory files. Integrity is not truth: "
                "a valid signature proves who wrote a memory, not that it is correct."
            ),
        )
