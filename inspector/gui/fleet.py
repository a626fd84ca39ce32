"""The fleet table: File › Open folder… audits every memory file under a folder.

:class:`FleetView` is self-contained: ``FleetView(folder, parent)`` starts the audit off
the GUI thread (a :class:`FleetAuditThread` drives the core's fleet executor, whose worker
*processes* do the verifying; only a small summary of each file comes back), shows
progress with a Cancel button, then the table — file, verdict, errors, warnings, commits,
eras, checkpoint state, seconds — with a text filter, a verdict filter and sortable
columns (worst first to begin with).  Double-clicking a row emits
:attr:`FleetView.fileActivated` with the file's path (the main window opens it);
:meth:`FleetView.export_html` writes the HTML fleet report through the one atomic writer.
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, QThread, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..core.fleet.audit import AuditOptions, AuditResult, FileEntry
from ..core.verify.engine import CancelToken
from .models import SORT_ROLE, ColumnsModel

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
LOCATION_ROLE = Qt.ItemDataRole.UserRole + 20

VERDICT_BADGE = {
    "pass": ("✔ pass", "#2e7d32"),
    "fail": ("✖ fail", "#c62828"),
    "unopenable": ("⊘ unopenable", "#c62828"),
    "error": ("! error", "#6a1b9a"),
    "indeterminate": ("? indeterminate", "#ef6c00"),
    "interrupted": ("… interrupted", "#616161"),
}
VERDICT_FILTERS = (
    ("All files", None),
    ("Not passing", "not-pass"),
    ("Fail", "fail"),
    ("Unopenable", "unopenable"),
    ("No verdict (error, timeout)", "error"),
    ("Pass", "pass"),
)


class FleetAuditThread(QThread):
    """Runs :func:`~inspector.core.fleet.audit.run_audit` on a background thread; the
    verifying happens in worker processes, so this thread mostly waits.  Signals reach
    the GUI thread queued: ``entry(FileEntry, done, total)``, ``audited(AuditResult)``
    (also after a cancel: the result is then ``interrupted``), ``failed(message)``."""

    entry = Signal(object, int, int)
    audited = Signal(object)
    failed = Signal(str)

    def __init__(
        self, folder: str, *, credentials: str | None = None, jobs: int | None = None, parent: Any = None
    ) -> None:
        super().__init__(parent)
        self.folder = folder
        self.credentials = credentials
        self.jobs = jobs
        self.token = CancelToken()

    def cancel(self) -> None:
        self.token.cancel()

    def run(self) -> None:
        from ..core.errors import InspectorError
        from ..core.fleet.audit import run_audit
        from ..core.fleet.credentials import load_rules
        from ..core.fleet.discover import discover
        from ..core.fleet.executors import InlineExecutor, LocalExecutor

        executor: Any = None
        try:
            rules = load_rules(self.credentials) if self.credentials else None
            discovery = discover([self.folder])
            jobs = self.jobs or os.cpu_count() or 1
            executor = InlineExecutor() if jobs == 1 or len(discovery.targets) < 2 else LocalExecutor(jobs)
            result = run_audit(
                discovery,
                rules=rules,
                options=AuditOptions(detail="summary"),  # the table needs no per-commit maps
                executor=executor,
                inputs=[self.folder],
                on_result=lambda e, done, total: self.entry.emit(e, done, total),
                cancel=self.token,
            )
            self.audited.emit(result)
        except InspectorError as exc:
            self.failed.emit(exc.describe())
        except Exception as exc:  # a bug: say so, never take the GUI down
            self.failed.emit(f"internal error: {type(exc).__name__}: {exc}")
        finally:
            if executor is not None:
                executor.close()


class FleetModel(ColumnsModel):
    """One row per audited file (rows arrive as files finish)."""

    COLUMNS = ("File", "Verdict", "Errors", "Warnings", "Commits", "Eras", "Checkpoint", "Seconds")

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.entries: list[FileEntry] = []
        self.rows: list[list[str]] = []

    def add(self, entry: FileEntry) -> None:
        from ..core.fleet.render import row

        n = len(self.entries)
        self.beginInsertRows(_ROOT, n, n)
        self.entries.append(entry)
        self.rows.append(row(entry))
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self.entries, self.rows = [], []
        self.endResetModel()

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.entries)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        e, cells, col = self.entries[index.row()], self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return VERDICT_BADGE.get(e.verdict, (e.verdict, ""))[0] if col == 1 else cells[col]
        if role == Qt.ItemDataRole.ForegroundRole and col == 1:
            return QBrush(QColor(VERDICT_BADGE.get(e.verdict, ("", "#616161"))[1]))
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 2 and col != 6:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            worst = sorted(e.report.findings, key=lambda f: f.severity.rank)
            return f"{e.target.location}\n{worst[0].code}: {worst[0].message}" if worst else e.target.location
        if role == LOCATION_ROLE:
            return e.target.location
        if role == SORT_ROLE:
            if col == 1:
                return e.sort_key()[:3]
            if col in (2, 3, 4, 5):
                return int(cells[col]) if cells[col].isdigit() else -1
            if col == 7:
                return e.seconds
            return cells[col]
        return None


class FleetFilter(QSortFilterProxyModel):
    """Text (path, verdict, finding codes) and verdict filters; sorts by ``SORT_ROLE``."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.verdict: str | None = None
        self.setSortRole(SORT_ROLE)

    def set_filter(self, text: str, verdict: str | None) -> None:
        self.beginFilterChange()
        self.text, self.verdict = text.lower(), verdict
        self.endFilterChange()

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        model = self.sourceModel()
        assert isinstance(model, FleetModel)
        e = model.entries[row]
        if self.verdict == "not-pass" and e.verdict == "pass":
            return False
        if self.verdict == "error" and e.verdict not in ("error", "indeterminate", "interrupted"):
            return False
        if self.verdict not in (None, "not-pass", "error") and e.verdict != self.verdict:
            return False
        if self.text:
            hay = " ".join([e.target.display, e.verdict, *sorted(e.report.codes())]).lower()
            return self.text in hay
        return True

    def lessThan(self, left: Index, right: Index) -> bool:
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        try:
            return bool(a < b)
        except TypeError:
            return str(a) < str(b)


class FleetView(QWidget):
    """The fleet table of one folder (see the module docstring).

    ``fileActivated(path)`` on double-click; ``auditFinished(AuditResult)`` when the run
    ends (also when cancelled: the result is then interrupted)."""

    fileActivated = Signal(str)
    auditFinished = Signal(object)

    def __init__(
        self,
        folder: str,
        parent: QWidget | None = None,
        *,
        credentials: str | None = None,
        jobs: int | None = None,
        autostart: bool = True,
    ) -> None:
        super().__init__(parent)
        self.folder = folder
        self.credentials = credentials
        self.jobs = jobs
        self.result: AuditResult | None = None
        self._thread: FleetAuditThread | None = None
        self.setWindowTitle(f"Fleet audit — {folder}")

        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m files")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        self.credentials_button = QPushButton("Credentials…")
        self.credentials_button.setToolTip(
            "Choose the TOML rules that unlock the sealed files, and audit again"
        )
        self.credentials_button.clicked.connect(self._choose_credentials)
        self.export_button = QPushButton("Export HTML…")
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self._export_dialog)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter by path, verdict or finding code")
        self.search.setClearButtonEnabled(True)
        self.verdict_filter = QComboBox()
        for label, value in VERDICT_FILTERS:
            self.verdict_filter.addItem(label, value)
        self.model = FleetModel(self)
        self.proxy = FleetFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in range(1, len(FleetModel.COLUMNS)):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # worst first
        self.table.doubleClicked.connect(self._activated)
        self.search.textChanged.connect(self._refilter)
        self.verdict_filter.currentIndexChanged.connect(self._refilter)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)

        top = QHBoxLayout()
        top.addWidget(self.progress, 1)
        top.addWidget(self.cancel_button)
        top.addWidget(self.credentials_button)
        top.addWidget(self.export_button)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.verdict_filter)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        self._set_title()
        if autostart:
            self.start()

    # ---- running -------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.isRunning()

    def start(self) -> None:
        """(Re)start the audit of the folder."""
        if self.running:
            return
        self.model.clear()
        self.result = None
        self.export_button.setEnabled(False)
        self.summary.clear()
        self.progress.setRange(0, 0)  # busy until the files are counted
        self.progress.show()
        self.cancel_button.setEnabled(True)
        self.credentials_button.setEnabled(False)
        self._set_title("auditing…")
        t = FleetAuditThread(self.folder, credentials=self.credentials, jobs=self.jobs, parent=self)
        t.entry.connect(self._on_entry)
        t.audited.connect(self._on_audited)
        t.failed.connect(self._on_failed)
        t.finished.connect(self._on_thread_end)
        self._thread = t
        t.start()

    def cancel(self) -> None:
        """Stop the audit (the worker processes are stopped; rows so far stay)."""
        if self._thread is not None:
            self._thread.cancel()
            self.cancel_button.setEnabled(False)
            self._set_title("cancelling…")

    def shutdown(self, timeout_ms: int = 30_000) -> None:
        """Cancel and wait for the background thread (closing the window)."""
        if self._thread is not None:
            self._thread.cancel()
            self._thread.wait(timeout_ms)

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)

    def _on_entry(self, entry: FileEntry, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.model.add(entry)

    def _on_audited(self, result: AuditResult) -> None:
        from ..core.fleet.render import render_text

        self.result = result
        self.export_button.setEnabled(bool(result.entries))
        self.progress.hide()
        self._set_title(result.verdict.upper() + (" (cancelled)" if result.interrupted else ""))
        self.summary.setText(render_text(result, width=400).rstrip().splitlines()[-1])
        self.auditFinished.emit(result)

    def _on_failed(self, message: str) -> None:
        self.progress.hide()
        self._set_title("could not audit")
        self.summary.setText(message)

    def _on_thread_end(self) -> None:
        self.cancel_button.setEnabled(False)
        self.credentials_button.setEnabled(True)

    def _set_title(self, state: str = "") -> None:
        self.title.setText(f"Fleet audit of {self.folder}" + (f" — {state}" if state else ""))

    # ---- table ---------------------------------------------------------------------
    def _refilter(self) -> None:
        self.proxy.set_filter(self.search.text(), self.verdict_filter.currentData())

    def _activated(self, index: QModelIndex) -> None:
        location = index.data(LOCATION_ROLE)
        if location:
            self.fileActivated.emit(str(location))

    def visible_paths(self) -> list[str]:
        """The file column as shown, top to bottom (filter and sort applied)."""
        return [str(self.proxy.index(r, 0).data()) for r in range(self.proxy.rowCount())]

    # ---- credentials and export ---------------------------------------------------
    def _choose_credentials(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Credentials rules", "", "TOML rules (*.toml);;All files (*)"
        )
        if path:
            self.credentials = path
            self.start()

    def export_html(self, path: str) -> str:
        """Write the HTML fleet report to ``path`` (atomic, mode 0600); returns the path."""
        from ..core.fleet.render import render_html
        from ..core.write.safe import atomic_write

        if self.result is None:
            raise RuntimeError("no finished audit to export")
        atomic_write(path, render_html(self.result).encode("utf-8", "backslashreplace"), mode=0o600)
        return path

    def _export_dialog(self) -> None:
        from ..core.errors import InspectorError

        path, _ = QFileDialog.getSaveFileName(
            self, "Export fleet report", "fleet-audit.html", "HTML (*.html)"
        )
        if not path:
            return
        try:
            self.export_html(path)
        except InspectorError as exc:
            QMessageBox.warning(self, "Export failed", exc.describe())


def open_fleet(folder: str, parent: QWidget | None = None, **kw: Any) -> FleetView:
    """A fleet table for ``folder``, audit started (a window when ``parent`` is None)."""
    view = FleetView(folder, parent, **kw)
    if parent is None:
        view.resize(1000, 600)
        view.show()
    return view
