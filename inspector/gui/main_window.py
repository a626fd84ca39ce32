"""The main window: the verdict banner above the panes, the Overview / History /
Graph / Weights / Labels tabs and the Key eras, Findings and Detail docks, linked
selection (kept across reloads and tab switches), the proven region of a cutoff,
opening (menu, drag and drop, command line, recent files), checkpoints (menu and
drop), exports, the last-resort crash panel and the authoring dialogs.  All work
goes through :class:`~inspector.gui.tasks.TaskRunner`; the layout is saved."""

from __future__ import annotations

import contextlib
import gc
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, Signal
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
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ..core.container import Credential
from ..core.findings import Severity
from ..core.jobs import receive_part
from ..core.lanes import LaneRow, proven_region
from ..core.verify.report import Report
from . import i18n
from . import summary as S
from .about import versions
from .dialogs.unlock import UnlockDialog
from .i18n import ensure_english_plurals
from .style import severity_icon
from .tasks import TaskRunner
from .views.detail import DetailView
from .views.eras import ErasView
from .views.findings import FindingsView
from .views.graph import GraphView
from .views.history import HistoryView
from .views.labels import LabelsView
from .views.overview import OverviewView
from .views.verdict import VerdictBanner
from .views.weights import WeightsView

MAX_RECENT = 10
LAYOUT_VERSION = 3  # bump when the docks change, so an old saved layout is not applied
UNLOCK_ERRORS = (
    "wrong_passphrase",
    "authentication_failed",
    "invalid_recovery_code",
    "no_recovery_slot",
    "empty_passphrase",
)


class MainWindow(QMainWindow):
    # actions named in _build_menus (set there by _action(..., name=...))
    open_folder_action: QAction
    attach_action: QAction
    detach_action: QAction
    check_proof_action: QAction
    back_action: QAction
    pin_action: QAction
    unpin_action: QAction

    reportReady = Signal(object)  # emitted when a verification finished and is shown
    exported = Signal(str)  # File › Export wrote this path
    exportFailed = Signal(str)  # … or says why it did not

    def __init__(self, settings: QSettings | None = None, banner: str | None = None) -> None:
        super().__init__()
        ensure_english_plurals()
        self.settings = settings or QSettings()
        self.runner = TaskRunner(self)
        self.exports = TaskRunner(self)  # exports judge the file again, beside the open job
        self.report: Report | None = None
        self.path: str | None = None
        self.credential: Credential | None = None
        self.checkpoint: bytes | None = None
        self.checkpoint_path: str | None = None
        self.source_bytes: bytes | None = None  # a bundle shown from memory (a corpus member)
        self.trust_master: str | None = None  # the HOM-AIMOS master fingerprint pinned (this session)
        self._target: tuple[str, Credential | None] = ("", None)
        self._target_bytes: bytes | None = None
        self._corpus_stack: list[tuple[str, Credential | None, bytes | None]] = []  # Back to the corpus
        self._navigation: Any = None  # a member being opened (its parent), or "back"
        self._transients: list[Any] = []  # dialogs and fleet windows opened from here
        self._pending: Report | None = None
        self._pending_lanes: list[LaneRow] | None = None  # the worker's lanes for _pending
        self._unlock: UnlockDialog | None = None
        self._crash_details = ""
        self.setWindowTitle(self.tr("Aleth Inspector"))
        self.setAcceptDrops(True)

        self.overview = OverviewView()
        self.history = HistoryView()
        self.graph = GraphView()
        self.weights = WeightsView()
        self.labels = LabelsView()
        self.findings = FindingsView()
        self.detail = DetailView()
        self.eras = ErasView()
        self.views: list[Any] = [
            self.overview,
            self.history,
            self.graph,
            self.weights,
            self.labels,
            self.findings,
            self.detail,
            self.eras,
        ]

        self.tabs = QTabWidget()
        self.tabs.setAccessibleName(self.tr("Views"))
        self.tabs.addTab(self.overview, self.tr("&Overview"))
        self.tabs.addTab(self.history, self.tr("&History"))
        self.tabs.addTab(self.graph, self.tr("&Graph"))
        self.tabs.addTab(self.weights, self.tr("&Weights"))
        self.tabs.addTab(self.labels, self.tr("&Labels && receipts"))
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.banner = QLabel(banner or "")
        self.banner.setVisible(bool(banner))
        self.banner.setObjectName("banner")
        self.banner.setStyleSheet("QLabel#banner { background: #fff3cd; color: #5d4200; padding: 6px; }")
        self.banner.setAccessibleName(self.tr("Banner"))
        lay.addWidget(self.banner)
        self.verdict_banner = VerdictBanner()
        self.verdict_banner.jumpRequested.connect(self.jump_to_first_error)
        self.verdict_banner.attachRequested.connect(self.attach_checkpoint_dialog)
        self.verdict_banner.retryRequested.connect(self.retry_unlock)
        # the verdict spans the whole window, above every pane (a fixed, unhideable bar)
        self.verdict_bar = QToolBar(self.tr("Verdict"), self)
        self.verdict_bar.setObjectName("verdict_bar")
        self.verdict_bar.setMovable(False)
        self.verdict_bar.setFloatable(False)
        self.verdict_bar.toggleViewAction().setVisible(False)
        self.verdict_bar.setContentsMargins(0, 0, 0, 0)
        bar_layout = self.verdict_bar.layout()
        assert bar_layout is not None  # a QToolBar always lays out its own items
        bar_layout.setContentsMargins(0, 0, 0, 0)
        self.verdict_bar.addWidget(self.verdict_banner)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.verdict_bar)
        self.verdict_bar.setVisible(False)
        self.placeholder = QLabel(
            self.tr("Open a sealed .aleth file or a store directory\n(File → Open, Ctrl+O, or drop it here).")
        )
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.placeholder, 1)
        lay.addWidget(self.tabs, 1)
        self.tabs.setVisible(False)
        self._stale_tabs: dict[int, Any] = {}  # tab index -> its view, to catch up when shown
        self._stage = 0
        self._selected: str | None = None
        self._selected_finding: tuple[str, str] | None = None  # (code, object id)
        self._proven_era: int | None = None
        self.tabs.currentChanged.connect(self._tab_changed)
        self.setCentralWidget(central)
        self._central = central

        self.eras_dock = self._dock(
            "Key_eras", self.tr("Key eras"), self.eras, Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.findings_dock = self._dock(
            "Findings", self.tr("Findings"), self.findings, Qt.DockWidgetArea.BottomDockWidgetArea
        )
        self.detail_dock = self._dock(
            "Detail", self.tr("Detail"), self.detail, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.docks = [self.eras_dock, self.findings_dock, self.detail_dock]
        self._initial_docks: tuple[list[QDockWidget], list[QDockWidget]] | None = (
            [self.eras_dock, self.detail_dock],
            [self.findings_dock],
        )

        # status bar: verdict (icon + text), progress, cancel
        self.verdict_icon = QLabel()
        self.verdict = QLabel(self.tr("No file open"))
        self.verdict.setAccessibleName(self.tr("Verdict"))
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(260)
        self.progress.setVisible(False)
        self.progress.setAccessibleName(self.tr("Verification progress"))
        self.progress_label = QLabel()
        self.cancel_button = QPushButton(self.tr("Cancel"))
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
        self.findings.findingSelected.connect(self._finding_selected)
        self.labels.hom_corpus.memberActivated.connect(self.open_member)
        self.overview.retryRequested.connect(self.retry_unlock)
        self.eras.eraHighlighted.connect(self._era_highlighted)
        self.history.provenCleared.connect(lambda: self.set_proven_era(None))
        self.runner.progress.connect(self._on_progress)
        self.runner.batch.connect(self._on_batch)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)
        self.runner.cancelled.connect(self._on_cancelled)
        self.exports.finished.connect(self._export_done)
        self.exports.failed.connect(self._export_failed)
        self._build_menus()
        self._restore_layout()

    # ---- construction ------------------------------------------------------------
    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
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
        f = mb.addMenu(self.tr("&File"))
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

        v = mb.addMenu(self.tr("&View"))
        names = (self.tr("Overview"), self.tr("History"), self.tr("Graph"), self.tr("Weights"))
        for i, name in enumerate((*names, self.tr("Labels and receipts"))):
            self._action(v, name, lambda i=i: self.show_tab(i), f"Ctrl+{i + 1}")
        v.addSeparator()
        self.pane_actions: list[QAction] = []
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
        self.author_menu = mb.addMenu(self.tr("&Author"))
        self.author_actions: dict[str, QAction] = {}
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
        h = mb.addMenu(self.tr("&Help"))
        self._action(
            h, self.tr("&Keyboard shortcuts"), self.show_shortcuts, QKeySequence.StandardKey.HelpContents
        )
        self._action(h, self.tr("&About"), self.show_about)
        self._refresh_recent()
        self._update_actions()

    def _update_actions(self) -> None:
        openable = self.report is not None and self.report.verdict not in ("unopenable", "error")
        alethech = openable and self.report is not None and self.report.profile == "alethech"
        self.attach_action.setEnabled(alethech)
        self.detach_action.setEnabled(alethech and self.checkpoint is not None)
        self.back_action.setVisible(bool(self._corpus_stack))
        hom = self.report is not None and self.report.profile == "hom-aimos-v1"
        self.pin_action.setEnabled(hom)
        self.unpin_action.setVisible(self.trust_master is not None)
        # the Author menu offers what the open file can do (no re-key for a directory store)
        from .dialogs.author import available_operations

        offered = set(available_operations(self.path)) if self.path and self.source_bytes is None else set()
        for op, act in self.author_actions.items():
            act.setVisible(op in offered or self.path is None)
            act.setEnabled(alethech and op in offered)

    def show_tab(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)

    # ---- layout -------------------------------------------------------------------
    def _restore_layout(self) -> None:
        if self.settings.value("layout/version") != str(LAYOUT_VERSION):
            return
        state = self.settings.value("layout/state")
        if isinstance(state, QByteArray) and self.restoreState(state, LAYOUT_VERSION):
            self._initial_docks = None
        geometry = self.settings.value("layout/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        for name, view in (("history", self.history), ("findings", self.findings)):
            header = self.settings.value(f"layout/{name}_header")
            if isinstance(header, QByteArray):
                view.restore_header(header)

    def save_layout(self) -> None:
        self.settings.setValue("layout/version", str(LAYOUT_VERSION))
        self.settings.setValue("layout/state", self.saveState(LAYOUT_VERSION))
        self.settings.setValue("layout/geometry", self.saveGeometry())
        self.settings.setValue("layout/history_header", self.history.save_header())
        self.settings.setValue("layout/findings_header", self.findings.save_header())
        self.settings.sync()

    def reset_layout(self) -> None:
        for dock, area in (
            (self.eras_dock, Qt.DockWidgetArea.LeftDockWidgetArea),
            (self.findings_dock, Qt.DockWidgetArea.BottomDockWidgetArea),
            (self.detail_dock, Qt.DockWidgetArea.RightDockWidgetArea),
        ):
            dock.setFloating(False)
            self.addDockWidget(area, dock)
            dock.show()
        self._initial_docks = ([self.eras_dock, self.detail_dock], [self.findings_dock])
        self._size_docks()

    # ---- opening -------------------------------------------------------------------
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
        dlg.unlockRequested.connect(lambda cred: self._start_open(path, cred))
        dlg.rejected.connect(self.cancel_task)
        dlg.finished.connect(lambda _r: setattr(self, "_unlock", None))
        dlg.open()

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
        )

    def reload(self) -> None:
        if self.path:
            self._start_open(self.path, self.credential, self.source_bytes)

    def close_file(self) -> None:
        self.cancel_task()
        self.set_report(None)
        self.path = self.credential = self.source_bytes = None
        self.checkpoint = self.checkpoint_path = None
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
        if self._unlock is not None and code in UNLOCK_ERRORS:
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
        self.path, self.source_bytes = path, self._target_bytes
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

    # ---- showing a report -------------------------------------------------------------
    def set_report(
        self, report: Report | None, *, keep_selection: bool = False, lanes: list[LaneRow] | None = None
    ) -> None:
        """Show ``report`` (None: nothing).  The panes are filled one per event-
        loop turn, verdict first, so a 100k-commit report never freezes the
        window; ``reportReady`` is emitted when everything is shown.  With
        ``keep_selection`` (a reload, a checkpoint attached) the selected object,
        finding, era and tab stay as they were; ``lanes``: the History pane's lanes
        when the worker laid them out (GUI state, not part of the report)."""
        previous = (self._selected, self._selected_finding, self._proven_era) if keep_selection else None
        self.report = report
        self._stage += 1
        self._stale_tabs.clear()
        self._selected = None
        self._selected_finding = None
        self._proven_era = None
        self.placeholder.setVisible(report is None)
        self.tabs.setVisible(report is not None)
        self._update_actions()
        if report is None:
            for v in self.views:
                v.clear()
            self._show_verdict(None)
            self.verdict_banner.set_report(None)
            self.verdict_bar.setVisible(False)
            return
        openable = report.verdict not in ("unopenable", "error")
        for i in range(1, self.tabs.count()):
            self.tabs.setTabEnabled(i, openable)
        hom = report.profile == "hom-aimos-v1"  # a bundle's signers are epochs in time, not key eras
        self.eras_dock.setWindowTitle(self.tr("Signer epochs") if hom else self.tr("Key eras"))
        if not openable or not keep_selection:
            self.tabs.setCurrentWidget(self.overview)
        head = self.checkpoint_head()
        self.overview.set_context(self._target[0] or self.path, head, self._crash_details)
        self.labels.set_source(self.path, self.credential, self.source_bytes)
        self.detail.set_external_checkpoint(self.checkpoint if openable else None)
        steps: list[Any] = [lambda: self._show_verdict(report)]
        steps += [
            (lambda: self.history.set_report(report, lanes))
            if v is self.history
            else (lambda v=v: v.set_report(report))
            for v in self.views
        ]
        steps += [
            lambda: self.history.set_checkpoint_head(head if openable else None),
            lambda: self._restore_selection(report, previous),
            lambda: self.reportReady.emit(report),
        ]
        self._run_steps(self._stage, steps)

    def _run_steps(self, stage: int, steps: list[Any]) -> None:
        if stage != self._stage or not steps:
            return  # a newer report (or none) replaced this one
        steps[0]()
        QTimer.singleShot(0, lambda: self._run_steps(stage, steps[1:]))

    def _restore_selection(self, report: Report, previous: tuple[Any, Any, Any] | None) -> None:
        if previous is not None:
            selected, finding, era = previous
            if era is not None and 0 <= era < len(report.eras):
                self.set_proven_era(era)
            if finding is not None and any((f.code, f.object_id) == finding for f in report.findings):
                self.findings.select_finding(*finding)
                self._selected_finding = finding
            if selected and (
                selected in report.objects or selected.startswith("era:") or selected in report.commits
            ):
                self.select(selected, None)
                return
        self._select_first(report)

    def _select_first(self, report: Report) -> None:
        f = S.first_error(report)
        target = f.object_id if f is not None and f.object_id in report.objects else report.head
        if target and target in report.objects:
            if f is not None and f.object_id == target:
                self.findings.select_finding(f.code, f.object_id)
                self._selected_finding = (f.code, f.object_id)
            self.select(target, None)

    def jump_to_first_error(self) -> None:
        if self.report is None:
            return
        f = S.first_error(self.report)
        if f is None:
            return
        self.findings.select_finding(f.code, f.object_id)
        self._selected_finding = (f.code, f.object_id)
        target = f.object_id or (f.related[0] if f.related else "")
        if target in self.report.commits:
            self.tabs.setCurrentWidget(self.history)
        self.findings_dock.show()
        self.select(target, self.findings)

    def _show_verdict(self, report: Report | None) -> None:
        if report is None:
            self.verdict_icon.clear()
            self.verdict.setText(self.tr("No file open"))
            return
        self.verdict_banner.set_report(report, self.checkpoint_head())
        self.verdict_bar.setVisible(True)
        worst = report.worst_severity()
        icon = severity_icon(
            worst if report.verdict != "pass" else (worst if worst == Severity.WARNING else None)
        )
        self.verdict_icon.setPixmap(icon.pixmap(18, 18))
        self.verdict.setText(f"{S.verdict_word(report.verdict)} — {S.counts_text(report)}")

    # ---- linked selection ---------------------------------------------------------------
    def select(self, object_id: str, source: Any) -> None:
        """Linked selection: every pane shows ``object_id``; hidden tabs catch up
        when they are shown (their work is only done when seen)."""
        if self.report is None or not object_id:
            return
        self._selected = object_id
        if source is not self.findings:
            self._selected_finding = None
        if object_id.startswith("era:") and source is not None:
            with contextlib.suppress(ValueError):
                self.set_proven_era(int(object_id[4:]))
        current = self.tabs.currentWidget()
        for v in self.views:
            if v is source:
                continue
            tab = self.tabs.indexOf(v)
            if tab >= 0 and v is not current:
                self._stale_tabs[tab] = v
                continue
            v.select(object_id)

    def _finding_selected(self, code: str, object_id: str) -> None:
        self._selected_finding = (code, object_id)

    def _tab_changed(self, index: int) -> None:
        if index in self._stale_tabs and self._selected:
            self._stale_tabs.pop(index).select(self._selected)

    def _era_highlighted(self, index: int) -> None:
        self.history.highlight_era(index)
        self.set_proven_era(index)
        if self.tabs.currentWidget() is self.overview:
            self.tabs.setCurrentWidget(self.history)

    def set_proven_era(self, index: int | None) -> None:
        """Shade, in History and Graph, the ancestry of era ``index``'s cutoff (the
        history that era's key may still speak for); None clears it."""
        report = self.report
        if (
            report is None
            or index is None
            or not 0 <= index < len(report.eras)
            or not report.eras[index].cutoff
        ):
            self._proven_era = None
            self.history.set_proven(None, "")
            self.graph.set_proven(None)
            return
        era = report.eras[index]
        region = proven_region(report, era.cutoff)
        self._proven_era = index
        text = self.tr(
            "Shaded: the proven history of %1 — the %n commit(s) up to its cutoff %2", "", len(region)
        )
        text = text.replace("%1", era.key_id).replace("%2", S.short(era.cutoff))
        self.history.set_proven(region, text)
        self.graph.set_proven(region)

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

    def selected_memory(self) -> str | None:
        """The memory selected in the window: a memory itself, or the memory a selected
        weight-transition or label record is about (None when the selection is neither)."""
        mm = self.report.mutmem if self.report is not None else None
        sel = self._selected
        if mm is None or not sel:
            return None
        if sel in mm.memories:
            return sel
        found = mm.memory_of_record().get(sel)
        return found if isinstance(found, str) else None

    # ---- proofs and fleets --------------------------------------------------------------
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
        view.fileActivated.connect(self._open_from_fleet)
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

    def pin_master_dialog(self) -> None:
        """Ask for the master key fingerprint the auditor expects from the bundle's operator
        (a bundle carries its own master, so valid only means internally consistent)."""
        from PySide6.QtWidgets import QInputDialog

        view = self.report.hom if self.report is not None else None
        own = getattr(getattr(view, "master", None), "fingerprint", None)
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

    def _transient(self, widget: Any) -> Any:
        """Keep a dialog or window the user opened alive while it is shown; the ones
        closed since are released (their work stopped first), deleted through Python
        rather than ``deleteLater`` (a deferred delete of a PySide object whose wrapper
        is gone crashes the process)."""
        keep = []
        for old in self._transients:
            if not shiboken6.isValid(old):
                continue
            if old.isVisible():
                keep.append(old)
                continue
            runner = getattr(old, "runner", None)
            if isinstance(runner, TaskRunner):
                runner.shutdown()
            if hasattr(old, "shutdown") and callable(old.shutdown):
                old.shutdown()
            old.setParent(None)  # Python owns it now: it goes with the last reference
        self._transients = [*keep, widget]
        return widget

    def _open_from_fleet(self, path: str) -> None:
        self.raise_()
        self.activateWindow()
        self.open_path(path)

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

    # ---- screenshots ----------------------------------------------------------------------
    def screenshot_when_ready(self, out: str, timeout_ms: int = 180_000) -> int:
        """Wait for the open to finish, render, save a PNG of the window, exit."""
        app = QApplication.instance()
        assert app is not None
        result = {"code": 2}

        def shoot(*_a: Any) -> None:
            QTimer.singleShot(300, lambda: (self.grab().save(out), result.update(code=0), app.quit()))

        self.reportReady.connect(shoot)
        QTimer.singleShot(timeout_ms, app.quit)
        app.exec()
        return result["code"]

    def _size_docks(self) -> None:
        if self._initial_docks is None:
            return
        side, bottom = self._initial_docks
        self._initial_docks = None
        w = self.width()
        # the centre keeps at least its minimum; the side panes share the rest
        central = (
            max(
                self._central.minimumSizeHint().width(),
                self.tabs.minimumSizeHint().width(),  # hidden until a file is open: count it now
            )
            + 24
        )
        detail = max(self.detail_dock.minimumSizeHint().width(), min(int(w * 0.24), 420))
        eras = max(250, min(int(w * 0.27), 520, w - central - detail))
        if eras + detail + central > w:
            detail = max(self.detail_dock.minimumSizeHint().width(), w - central - eras)
        self.resizeDocks(side, [eras, detail], Qt.Orientation.Horizontal)
        self.resizeDocks(bottom, [int(self.height() * 0.17)], Qt.Orientation.Vertical)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self._size_docks()  # dock sizes need the window's real size

    def closeEvent(self, event: Any) -> None:
        self.save_layout()
        from .fleet import FleetView

        for fleet in self.findChildren(FleetView):
            fleet.close()  # stops its audit and its worker processes
        self.runner.shutdown()
        self.exports.shutdown()
        self.labels.hom_receipt.shutdown()
        super().closeEvent(event)


def is_sealed(path: Path) -> bool:
    """Whether ``path`` starts like a sealed alethech container (``ALETH``): only then
    is a passphrase asked for."""
    try:
        with path.open("rb") as fh:
            return fh.read(5) == b"ALETH"
    except (OSError, ValueError):
        return False


class WorkerFailed(Exception):
    """The worker process ended without an answer (killed, out of memory, a crash in C)."""


def crash_report(message: str, path: str) -> Report:
    """The last-resort report the GUI makes itself when the worker could not send
    one (it died, or failed before it could build its own)."""
    return Report.internal_error(WorkerFailed(message), object_id=path)
