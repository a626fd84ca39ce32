"""What the parts of the main window share: its state and its signals.

The window is one :class:`~PySide6.QtWidgets.QMainWindow` assembled from parts, each a
module of one job: :mod:`.window_layout` (panes, docks, sizes, saved layout),
:mod:`.window_actions` (menus and what they do beside opening) and :mod:`.open_flow`
(opening a file, unlocking it, the worker's answers); :mod:`.main_window` shows a report
and keeps the panes' selection linked.  Each part subclasses :class:`WindowBase`, which
declares the state they share (set in ``MainWindow.__init__``) and, for the type
checker only, the methods one part calls on another.  (Each part's strings are
translated under its own class name: PySide's ``tr`` asks along the MRO.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QMainWindow

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QProgressBar, QPushButton, QTabWidget, QToolBar

    from ..core.container import Credential
    from ..core.fleet.task import FileJob
    from ..core.lanes import LaneRow
    from ..core.verify.report import Report
    from .dialogs.unlock import UnlockDialog
    from .settings import FleetOpen, OpenSettings
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


class WindowBase(QMainWindow):
    """The main window's shared state (see the module docstring)."""

    reportReady = Signal(object)  # emitted when a verification finished and is shown
    exported = Signal(str)  # File › Export wrote this path
    exportFailed = Signal(str)  # … or says why it did not

    # ---- state, set in MainWindow.__init__ ------------------------------------------
    settings: QSettings
    runner: TaskRunner
    exports: TaskRunner
    report: Report | None
    path: str | None
    credential: Credential | None
    checkpoint: bytes | None
    checkpoint_path: str | None
    source_bytes: bytes | None  # a bundle shown from memory (a corpus member)
    trust_master: str | None  # the HOM-AIMOS master fingerprint pinned (this session)
    strict: bool  # warnings fail (a fleet audit's setting, kept while its file is shown)
    fleet: FleetOpen | None  # a row of the fleet window: its settings judge the file shown
    _target: tuple[str, Credential | None]
    _target_bytes: bytes | None
    _corpus_stack: list[tuple[str, Credential | None, bytes | None]]
    _navigation: Any
    _transients: list[Any]
    _pending: Report | None
    _pending_lanes: list[LaneRow] | None
    _unlock: UnlockDialog | None
    _crash_details: str
    _selected: str | None

    # ---- widgets, made by WindowLayout._build_layout ----------------------------------
    overview: OverviewView
    history: HistoryView
    graph: GraphView
    weights: WeightsView
    labels: LabelsView
    findings: FindingsView
    detail: DetailView
    eras: ErasView
    views: list[Any]
    tabs: QTabWidget
    banner: QLabel
    verdict_banner: VerdictBanner
    verdict_bar: QToolBar
    placeholder: QLabel
    eras_dock: QDockWidget
    findings_dock: QDockWidget
    detail_dock: QDockWidget
    docks: list[QDockWidget]
    verdict_icon: QLabel
    verdict: QLabel
    progress: QProgressBar
    progress_label: QLabel
    cancel_button: QPushButton

    # ---- actions, made by WindowActions._build_menus -----------------------------------
    open_folder_action: QAction
    attach_action: QAction
    detach_action: QAction
    check_proof_action: QAction
    back_action: QAction
    pin_action: QAction
    unpin_action: QAction
    recent_menu: QMenu
    author_menu: QMenu
    author_actions: dict[str, QAction]
    pane_actions: list[QAction]

    if TYPE_CHECKING:  # the methods one part calls on another (defined in that part)

        def set_report(
            self, report: Report | None, *, keep_selection: bool = False, lanes: list[LaneRow] | None = None
        ) -> None: ...
        def select(self, object_id: str, source: Any) -> None: ...
        def jump_to_first_error(self) -> None: ...
        def next_problem(self) -> None: ...
        def selected_memory(self) -> str | None: ...
        def checkpoint_head(self) -> str | None: ...
        def open_path(
            self, path: str, *, checkpoint: str | None = None, credential: Credential | None = None
        ) -> None: ...
        def reload(self) -> None: ...
        def open_settings(self) -> OpenSettings: ...
        def fleet_job(self, path: str, data: bytes | None = None) -> FileJob | None: ...
        def close_file(self) -> None: ...
        def cancel_task(self) -> None: ...
        def retry_unlock(self) -> None: ...
        def attach_checkpoint(self, path: str) -> None: ...
        def attach_checkpoint_dialog(self) -> None: ...
        def detach_checkpoint(self) -> None: ...
        def open_member(self, index: int) -> None: ...
        def open_dialog(self) -> None: ...
        def open_directory_dialog(self) -> None: ...
        def open_folder_dialog(self) -> None: ...
        def back_to_corpus(self) -> None: ...
        def pin_master(self, fingerprint: str | None) -> None: ...
        def _update_actions(self) -> None: ...
        def _remember(self, path: str) -> None: ...
        def _focus_search(self) -> None: ...
        def show_tab(self, index: int) -> None: ...
        def reset_layout(self) -> None: ...

    def _transient(self, widget: Any) -> Any:
        """Keep a dialog or window the user opened alive while it is shown; the ones
        closed since are released (their work stopped first), deleted through Python
        rather than ``deleteLater`` (a deferred delete of a PySide object whose wrapper
        is gone crashes the process)."""
        from .tasks import TaskRunner

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
