"""The main window: panes, linked selection, the verdict in the status bar,
opening (menu, drag and drop, command line, recent files), exports, and the
authoring dialogs.  All work goes through :class:`~inspector.gui.tasks.TaskRunner`."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTabWidget,
    QWidget,
)

from ..core.container import Credential
from ..core.export import report_html, report_json
from ..core.jobs import receive_part
from ..core.opener import read_secret_file
from ..core.verify.report import Report, Severity
from .dialogs.unlock import UnlockDialog
from .style import SEVERITY_TEXT, severity_icon
from .tasks import TaskRunner
from .views.detail import DetailView
from .views.eras import ErasView
from .views.findings import FindingsView
from .views.graph import GraphView
from .views.history import HistoryView
from .views.labels import LabelsView
from .views.weights import WeightsView

MAX_RECENT = 10
UNLOCK_ERRORS = (
    "wrong_passphrase",
    "authentication_failed",
    "invalid_recovery_code",
    "no_recovery_slot",
    "empty_passphrase",
)


class MainWindow(QMainWindow):
    reportReady = Signal(object)  # emitted when a verification finished and is shown

    def __init__(self, settings: QSettings | None = None, banner: str | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        self.runner = TaskRunner(self)
        self.report: Report | None = None
        self.path: str | None = None
        self.credential: Credential | None = None
        self.checkpoint: bytes | None = None
        self._pending: Report | None = None
        self._unlock: UnlockDialog | None = None
        self._screenshot: str | None = None
        self.setWindowTitle("Aleth Inspector")
        self.setAcceptDrops(True)

        self.history = HistoryView()
        self.graph = GraphView()
        self.weights = WeightsView()
        self.labels = LabelsView()
        self.findings = FindingsView()
        self.detail = DetailView()
        self.eras = ErasView()
        self.views: list[Any] = [
            self.history,
            self.graph,
            self.weights,
            self.labels,
            self.findings,
            self.detail,
            self.eras,
        ]

        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Views")
        self.tabs.addTab(self.history, "&History")
        self.tabs.addTab(self.graph, "&Graph")
        self.tabs.addTab(self.weights, "&Weights")
        self.tabs.addTab(self.labels, "&Labels && receipts")
        central = QWidget()
        from PySide6.QtWidgets import QVBoxLayout

        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        self.banner = QLabel(banner or "")
        self.banner.setVisible(bool(banner))
        self.banner.setObjectName("banner")
        self.banner.setStyleSheet("QLabel#banner { background: #fff3cd; color: #5d4200; padding: 6px; }")
        self.banner.setAccessibleName("Banner")
        lay.addWidget(self.banner)
        self.placeholder = QLabel(
            "Open a sealed .aleth file or a store directory\n(File → Open, Ctrl+O, or drop it here)."
        )
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.placeholder)
        lay.addWidget(self.tabs)
        self.tabs.setVisible(False)
        self._stale_tabs: set[Any] = set()
        self._stage = 0
        self._selected: str | None = None
        self.tabs.currentChanged.connect(self._tab_changed)
        self.setCentralWidget(central)

        eras_dock = self._dock("Key eras", self.eras, Qt.DockWidgetArea.LeftDockWidgetArea)
        findings_dock = self._dock("Findings", self.findings, Qt.DockWidgetArea.BottomDockWidgetArea)
        detail_dock = self._dock("Detail", self.detail, Qt.DockWidgetArea.RightDockWidgetArea)
        self._initial_docks = ([eras_dock, detail_dock], [findings_dock])

        # status bar: verdict (icon + text), counts, progress, cancel
        self.verdict_icon = QLabel()
        self.verdict = QLabel("No file open")
        self.verdict.setAccessibleName("Verdict")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(260)
        self.progress.setVisible(False)
        self.progress.setAccessibleName("Verification progress")
        self.progress_label = QLabel()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel_task)
        sb = self.statusBar()
        sb.addWidget(self.verdict_icon)
        sb.addWidget(self.verdict, 1)
        sb.addPermanentWidget(self.progress_label)
        sb.addPermanentWidget(self.progress)
        sb.addPermanentWidget(self.cancel_button)

        for v in self.views:
            v.selectionRequested.connect(lambda oid, src=v: self.select(oid, src))
        self.eras.eraHighlighted.connect(self._era_highlighted)
        self.runner.progress.connect(self._on_progress)
        self.runner.batch.connect(self._on_batch)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)
        self.runner.cancelled.connect(self._on_cancelled)
        self._build_menus()

    # ---- construction ------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.replace(" ", "_"))
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

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
        mb = self.menuBar()
        f = mb.addMenu("&File")
        self._action(f, "&Open file…", self.open_dialog, QKeySequence.StandardKey.Open)
        self._action(f, "Open &directory store…", self.open_directory_dialog, "Ctrl+Shift+O")
        self.recent_menu = f.addMenu("&Recent files")
        self._action(f, "&Reload", self.reload, "F5")
        self._action(f, "&Close", self.close_file, QKeySequence.StandardKey.Close)
        f.addSeparator()
        ex = f.addMenu("&Export")
        self._action(ex, "Report as &JSON…", lambda: self.export_report("json"), "Ctrl+E")
        self._action(ex, "Report as &HTML…", lambda: self.export_report("html"))
        self._action(ex, "Report as &PDF…", lambda: self.export_report("pdf"), QKeySequence.StandardKey.Print)
        self._action(ex, "DAG as &GraphML…", lambda: self.graph.export_graphml())
        self._action(ex, "Weights plot as P&NG…", lambda: self.weights.export_png())
        f.addSeparator()
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        v = mb.addMenu("&View")
        for i, name in enumerate(("History", "Graph", "Weights", "Labels and receipts")):
            self._action(v, name, lambda i=i: self.tabs.setCurrentIndex(i), f"Ctrl+{i + 1}")
        self._action(v, "&Find in history", self._focus_search, QKeySequence.StandardKey.Find)
        self._action(v, "Next &problem", self.next_problem, "F8")
        self._action(v, "Show &errors only", lambda: self.findings.show_severity("error"), "Ctrl+Shift+E")
        a = mb.addMenu("&Author")
        for op, text, key in (
            ("rotate", "&Rotate key…", "Ctrl+Shift+R"),
            ("revoke", "Re&voke key…", None),
            ("grant", "&Grant role key…", None),
            ("migrate", "&Migrate v0.1 store…", None),
            ("rekey", "Re-&key (new passphrase)…", "Ctrl+Shift+K"),
            ("recover", "Re&cover with recovery code…", None),
            ("label", "Add &label…", "Ctrl+L"),
        ):
            self._action(a, text, lambda op=op: self.author(op), key)
        h = mb.addMenu("&Help")
        self._action(h, "&Keyboard shortcuts", self.show_shortcuts, QKeySequence.StandardKey.HelpContents)
        self._action(h, "&About", self.show_about)
        self._refresh_recent()

    # ---- opening -------------------------------------------------------------------
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open .aleth file", "", "Aleth files (*.aleth);;All files (*)"
        )
        if path:
            self.open_path(path)

    def open_directory_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Open alethech store directory")
        if path:
            self.open_path(path)

    def open_path(
        self,
        path: str,
        *,
        passphrase_file: str | None = None,
        recovery_code_file: str | None = None,
        checkpoint: str | None = None,
        credential: Credential | None = None,
    ) -> None:
        """Open a directory store, or a sealed file (asking for its credential
        unless one is given)."""
        p = Path(path)
        if not p.exists():
            QMessageBox.warning(self, "Not found", f"{path} does not exist.")
            return
        self.checkpoint = Path(checkpoint).read_bytes() if checkpoint else None
        if p.is_dir():
            self._start_open(str(p), None)
            return
        if credential is None and passphrase_file:
            credential = Credential(passphrase=read_secret_file(passphrase_file))
        if credential is None and recovery_code_file:
            credential = Credential(recovery_code=read_secret_file(recovery_code_file, "recovery code"))
        if credential is not None:
            self._start_open(str(p), credential)
            return
        dlg = UnlockDialog(str(p), parent=self)
        self._unlock = dlg
        dlg.unlockRequested.connect(lambda cred: self._start_open(str(p), cred))
        dlg.rejected.connect(self.cancel_task)
        dlg.finished.connect(lambda _r: setattr(self, "_unlock", None))
        dlg.open()

    def _start_open(self, path: str, credential: Credential | None) -> None:
        # A big report is a few million objects: while it arrives the cyclic
        # collector stays off (its full passes would stall the GUI thread for
        # seconds), and once shown the report is frozen out of its passes.
        gc.disable()
        gc.unfreeze()
        self._target = (path, credential)
        self._pending = None
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.progress_label.setText("unlocking…" if credential else "reading…")
        self.runner.start("open_verify", path=path, credential=credential, checkpoint=self.checkpoint)

    def reload(self) -> None:
        if self.path:
            self._start_open(self.path, self.credential)

    def close_file(self) -> None:
        self.cancel_task()
        self.set_report(None)
        self.path = self.credential = None
        self.setWindowTitle("Aleth Inspector")

    def cancel_task(self) -> None:
        if self.runner.running:
            self.runner.cancel()

    # ---- task signals -----------------------------------------------------------------
    def _on_progress(self, _token: int, phase: str, done: int, total: int) -> None:
        if total > 1:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.progress_label.setText(f"{phase} {done:,}/{total:,}")
        else:
            self.progress.setRange(0, 0)
            self.progress_label.setText(f"{phase}…")

    def _on_batch(self, _token: int, kind: str, payload: Any) -> None:
        if kind == "report":
            self._pending = payload
        elif kind == "part" and self._pending is not None:
            receive_part(self._pending, *payload)

    def _on_finished(self, _token: int, payload: Any) -> None:
        self._stop_progress()
        if "preview" in payload:
            return
        path, cred = self._target
        self.path, self.credential = path, cred
        if self._unlock is not None:
            self._unlock.accept()
        self._remember(path)
        self.setWindowTitle(f"Aleth Inspector — {Path(path).name}")
        self.set_report(self._pending)
        self._pending = None
        gc.freeze()
        gc.enable()

    def _on_failed(self, _token: int, code: str, message: str, details: str) -> None:
        self._stop_progress()
        gc.enable()
        if self._unlock is not None and code in UNLOCK_ERRORS:
            text = {
                "wrong_passphrase": "Wrong passphrase or recovery code — try again.",
                "authentication_failed": "Could not decrypt: wrong passphrase, or the file was modified.",
            }.get(code, message)
            self._unlock.show_error(text)
            return
        if self._unlock is not None:
            self._unlock.reject()
        if code == "internal_error":
            box = QMessageBox(QMessageBox.Icon.Critical, "Unexpected error", message, parent=self)
            box.setDetailedText(details)
            box.open()
            return
        rep = Report.unopenable(code, details or message, object_id=self._target[0])
        self.set_report(rep)
        self.setWindowTitle(f"Aleth Inspector — {Path(self._target[0]).name} (unopenable)")

    def _on_cancelled(self, _token: int) -> None:
        self._stop_progress()
        gc.enable()
        self.progress_label.setText("cancelled")
        if self._unlock is not None:
            self._unlock.set_busy(False)

    def _stop_progress(self) -> None:
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.progress_label.clear()

    # ---- showing a report -------------------------------------------------------------
    def set_report(self, report: Report | None) -> None:
        """Show ``report`` (None: nothing).  The panes are filled one per event-
        loop turn, verdict first, so a 100k-commit report never freezes the
        window; ``reportReady`` is emitted when everything is shown."""
        self.report = report
        self._stage += 1
        self._stale_tabs.clear()
        self._selected = None
        self.placeholder.setVisible(report is None)
        self.tabs.setVisible(report is not None)
        if report is None:
            for v in self.views:
                v.clear()
            self._show_verdict(None)
            return
        steps: list[Any] = [lambda: self._show_verdict(report)]
        steps += [lambda v=v: v.set_report(report) for v in self.views]
        steps += [lambda: self._select_first(report), lambda: self.reportReady.emit(report)]
        self._run_steps(self._stage, steps)

    def _run_steps(self, stage: int, steps: list[Any]) -> None:
        if stage != self._stage or not steps:
            return  # a newer report (or none) replaced this one
        steps[0]()
        QTimer.singleShot(0, lambda: self._run_steps(stage, steps[1:]))

    def _select_first(self, report: Report) -> None:
        worst = next(
            (
                f
                for f in sorted(report.findings, key=lambda f: f.severity.rank)
                if f.severity == Severity.ERROR and f.object_id in report.objects
            ),
            None,
        )
        target = worst.object_id if worst is not None else report.head
        if target in report.objects:
            self.select(target, None)

    def _show_verdict(self, report: Report | None) -> None:
        if report is None:
            self.verdict_icon.clear()
            self.verdict.setText("No file open")
            return
        sev = report.severity_counts()
        worst = report.worst_severity()
        icon = severity_icon(
            worst if report.verdict != "pass" else (worst if worst == Severity.WARNING else None)
        )
        self.verdict_icon.setPixmap(icon.pixmap(18, 18))
        head = {
            "pass": "PASS — the file verifies",
            "fail": "FAIL — the file does not verify",
            "unopenable": "UNOPENABLE — the file could not be opened",
        }[report.verdict]
        counts = f"{sev['error']} errors · {sev['warning']} warnings · {sev['info']} notes"
        worst_text = f"worst: {SEVERITY_TEXT[worst]}" if worst else "no findings"
        self.verdict.setText(f"{head}   |   {counts}   ({worst_text})")

    # ---- linked selection ---------------------------------------------------------------
    def select(self, object_id: str, source: Any) -> None:
        """Linked selection: every pane shows ``object_id``; hidden tabs catch up
        when they are shown (their work is only done when seen)."""
        if self.report is None or not object_id:
            return
        self._selected = object_id
        current = self.tabs.currentWidget()
        for v in self.views:
            if v is source:
                continue
            if self.tabs.indexOf(v) >= 0 and v is not current:
                self._stale_tabs.add(v)
                continue
            v.select(object_id)

    def _tab_changed(self, _index: int) -> None:
        v = self.tabs.currentWidget()
        if v in self._stale_tabs and self._selected:
            self._stale_tabs.discard(v)
            v.select(self._selected)

    def _era_highlighted(self, index: int) -> None:
        self.history.highlight_era(index)
        self.tabs.setCurrentWidget(self.history)

    def next_problem(self) -> None:
        if self.report is None:
            return
        bad = [c for c in reversed(self.report.order) if not self.report.commits[c].ok]
        if not bad:
            return
        current = self.history.selected_id()
        i = bad.index(current) + 1 if current in bad else 0
        target = bad[i % len(bad)]
        self.tabs.setCurrentWidget(self.history)
        self.history.select(target)
        self.select(target, self.history)

    def _focus_search(self) -> None:
        self.tabs.setCurrentWidget(self.history)
        self.history.search.setFocus()

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
        clear = self.recent_menu.addAction("Clear recent files")
        clear.setEnabled(bool(items))
        clear.triggered.connect(self.clear_recent)

    # ---- drag and drop ------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        urls = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if urls:
            event.acceptProposedAction()
            self.open_path(urls[0])

    # ---- exports ------------------------------------------------------------------------
    def export_report(self, fmt: str, path: str | None = None) -> str | None:
        if self.report is None:
            return None
        if path is None:
            filters = {"json": "JSON (*.json)", "html": "HTML (*.html)", "pdf": "PDF (*.pdf)"}
            path, _ = QFileDialog.getSaveFileName(
                self, f"Export report as {fmt.upper()}", f"report.{fmt}", filters[fmt]
            )
            if not path:
                return None
        source = self.path or ""
        if fmt == "json":
            Path(path).write_text(report_json(self.report), encoding="utf-8")
        elif fmt == "html":
            Path(path).write_text(report_html(self.report, source), encoding="utf-8")
        else:
            from .export import write_pdf

            write_pdf(report_html(self.report, source), path)
        return path

    # ---- authoring --------------------------------------------------------------------
    def author(self, op: str) -> None:
        if self.report is None or self.path is None:
            QMessageBox.information(self, "No file", "Open a file first.")
            return
        from .dialogs.author import AuthorDialog

        dlg = AuthorDialog(op, self.path, self.credential, self.report, parent=self)
        dlg.written.connect(self._reopen_written)
        dlg.open()

    def _reopen_written(self, path: str, credential: object) -> None:
        self.open_path(path, credential=credential if isinstance(credential, Credential) else self.credential)

    # ---- help ---------------------------------------------------------------------------
    def show_shortcuts(self) -> None:
        lines = [
            f"{a.shortcut().toString():<16} {a.text().replace('&', '')}"
            for a in self.actions()
            if not a.shortcut().isEmpty()
        ]
        box = QMessageBox(QMessageBox.Icon.Information, "Keyboard shortcuts", "\n".join(lines), parent=self)
        box.setStyleSheet("QLabel { font-family: monospace; }")
        box.open()

    def show_about(self) -> None:
        from .app import versions

        QMessageBox.about(
            self,
            "About Aleth Inspector",
            versions() + "\n\nVerifies alethech agent-memory files. Integrity is not truth: "
            "a valid signature proves who wrote a memory, not that it is correct.",
        )

    # ---- screenshots ----------------------------------------------------------------------
    def screenshot_when_ready(self, out: str, timeout_ms: int = 180_000) -> int:
        """Wait for the open to finish, render, save a PNG of the window, exit."""
        app = QApplication.instance()
        assert app is not None
        result = {"code": 2}

        def shoot(*_a: Any) -> None:
            QTimer.singleShot(300, lambda: (self.grab().save(out), result.update(code=0), app.quit()))

        self.reportReady.connect(shoot)
        self.runner.failed.connect(
            lambda *_a: QTimer.singleShot(300, lambda: (self.grab().save(out), app.quit()))
        )
        QTimer.singleShot(timeout_ms, app.quit)
        app.exec()
        return result["code"]

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self._initial_docks is not None:  # dock sizes need the window's real size
            side, bottom = self._initial_docks
            self._initial_docks = None
            w = self.width()
            self.resizeDocks(side, [int(w * 0.29), int(w * 0.24)], Qt.Orientation.Horizontal)
            self.resizeDocks(bottom, [int(self.height() * 0.17)], Qt.Orientation.Vertical)

    def closeEvent(self, event: Any) -> None:
        self.runner.shutdown()
        super().closeEvent(event)
