"""The main window's layout: the verdict bar above everything, the five tabs, the three
docks (Key eras, Findings, Detail), the status bar; their first sizes, the saved layout
and the first-run window size.  See :mod:`.window_base`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from .views.detail import DetailView
from .views.eras import ErasView
from .views.findings import FindingsView
from .views.graph import GraphView
from .views.history import HistoryView
from .views.labels import LabelsView
from .views.overview import OverviewView
from .views.verdict import VerdictBanner
from .views.weights import WeightsView
from .window_base import WindowBase

LAYOUT_VERSION = 3  # bump when the docks change, so an old saved layout is not applied
FIRST_RUN = QSize(1400, 880)


def first_run_size(available: QRect | None) -> QSize:
    """The window's size on a first run: 1400×880, or 90% of the available screen
    when that is smaller (a 1280×800 laptop gets a window that fits)."""
    if available is None or available.isEmpty():
        return QSize(FIRST_RUN)
    return QSize(
        min(FIRST_RUN.width(), int(available.width() * 0.9)),
        min(FIRST_RUN.height(), int(available.height() * 0.9)),
    )


class WindowLayout(WindowBase):
    """Builds the panes and keeps their sizes (a part of :class:`MainWindow`)."""

    _initial_docks: tuple[list[QDockWidget], list[QDockWidget]] | None
    _central: QWidget

    def _build_layout(self, banner: str | None) -> None:
        self.overview = OverviewView()
        self.history = HistoryView()
        self.graph = GraphView()
        self.weights = WeightsView()
        self.labels = LabelsView()
        self.findings = FindingsView()
        self.detail = DetailView()
        self.eras = ErasView()
        self.views = [
            self.overview,
            self.history,
            self.graph,
            self.weights,
            self.labels,
            self.findings,
            self.detail,
            self.eras,
        ]
        self._build_tabs()
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.banner = QLabel(banner or "")
        self.banner.setVisible(bool(banner))
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)  # a long banner wraps; it never widens the window
        self.banner.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.banner.setStyleSheet("QLabel#banner { background: #fff3cd; color: #5d4200; padding: 6px; }")
        self.banner.setAccessibleName(self.tr("Banner"))
        lay.addWidget(self.banner)
        self._build_verdict_bar()
        self.placeholder = QLabel(
            self.tr("Open a sealed .aleth file or a store directory\n(File → Open, Ctrl+O, or drop it here).")
        )
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        lay.addWidget(self.placeholder, 1)
        lay.addWidget(self.tabs, 1)
        self.tabs.setVisible(False)
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
        self._initial_docks = ([self.eras_dock, self.detail_dock], [self.findings_dock])
        self._build_status_bar()

    def _build_tabs(self) -> None:
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName(self.tr("Views"))
        self.tabs.addTab(self.overview, self.tr("&Overview"))
        self.tabs.addTab(self.history, self.tr("&History"))
        self.tabs.addTab(self.graph, self.tr("&Graph"))
        self.tabs.addTab(self.weights, self.tr("&Weights"))
        self.tabs.addTab(self.labels, self.tr("&Labels && receipts"))
        self.tabs.tabBar().setExpanding(False)
        self.tabs.setUsesScrollButtons(True)  # five tabs never set the window's width

    def _build_verdict_bar(self) -> None:
        self.verdict_banner = VerdictBanner()
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

    def _build_status_bar(self) -> None:
        """Verdict (icon + text), progress and Cancel."""
        self.verdict_icon = QLabel()
        self.verdict = QLabel(self.tr("No file open"))
        self.verdict.setAccessibleName(self.tr("Verdict"))
        self.verdict.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(260)
        self.progress.setVisible(False)
        self.progress.setAccessibleName(self.tr("Verification progress"))
        self.progress_label = QLabel()
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setVisible(False)
        sb = self.statusBar()
        sb.addWidget(self.verdict_icon)
        sb.addWidget(self.verdict, 1)
        sb.addPermanentWidget(self.progress_label)
        sb.addPermanentWidget(self.progress)
        sb.addPermanentWidget(self.cancel_button)

    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def show_tab(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)

    # ---- saved layout ---------------------------------------------------------------
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

    # ---- screenshots ------------------------------------------------------------------
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
