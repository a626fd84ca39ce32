"""The fleet table: File › Open folder… audits every memory file under a folder.

:class:`FleetView` is self-contained: ``FleetView(folder, parent)`` starts the audit off
the GUI thread (a :class:`FleetAudit` drives the core's fleet executor on a plain daemon
thread, whose worker *processes* do the verifying; only a small summary of each file comes
back through a queue the view drains on its own timer, so the thread never touches a Qt
object and a view destroyed mid-run takes nothing down), shows
progress with a Cancel button, then the table — file, verdict, errors, warnings, commits,
eras, checkpoint state, seconds — with a text filter, a verdict filter and sortable
columns (worst first to begin with).  Double-clicking a row emits
:attr:`FleetView.fileActivated` with the file's path (the main window opens it);
:meth:`FleetView.export_html` writes the HTML fleet report through the one atomic writer.

With a fleet ledger (``ledger=``, or the ``ledger`` the credentials rules name) the run is
compared with each file's high-water mark, read-only (the window records nothing: the
nightly audit does): a file with an open alarm reads FAIL, and the ledger pane below the
table lists every open alarm (gone files included) and the latest acknowledgements.
"""

from __future__ import annotations

import os
import queue
import threading
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QPalette
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
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..core.fleet.audit import AuditOptions, AuditResult, FileEntry, plan
from ..core.fleet.credentials import CredentialRules
from ..core.verify.engine import CancelToken
from .i18n import QT_TRANSLATE_NOOP
from .models import SORT_ROLE, ColumnsModel
from .settings import FleetOpen
from .style import palette, readable
from .summary import verdict_word

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
LOCATION_ROLE = Qt.ItemDataRole.UserRole + 20

VERDICT_BADGE = {
    "pass": ("✔", QT_TRANSLATE_NOOP("FleetView", "pass"), "#2e7d32"),
    "fail": ("✖", QT_TRANSLATE_NOOP("FleetView", "fail"), "#c62828"),
    "unopenable": ("⊘", QT_TRANSLATE_NOOP("FleetView", "unopenable"), "#c62828"),
    "error": ("!", QT_TRANSLATE_NOOP("FleetView", "error"), "#6a1b9a"),
    "indeterminate": ("?", QT_TRANSLATE_NOOP("FleetView", "indeterminate"), "#b45309"),
    "interrupted": ("…", QT_TRANSLATE_NOOP("FleetView", "interrupted"), "#616161"),
}
VERDICT_FILTERS = (
    (QT_TRANSLATE_NOOP("FleetView", "All files"), None),
    (QT_TRANSLATE_NOOP("FleetView", "Not passing"), "not-pass"),
    (QT_TRANSLATE_NOOP("FleetView", "Fail"), "fail"),
    (QT_TRANSLATE_NOOP("FleetView", "Unopenable"), "unopenable"),
    (QT_TRANSLATE_NOOP("FleetView", "No verdict (error, indeterminate, timeout)"), "error"),
    (QT_TRANSLATE_NOOP("FleetView", "Pass"), "pass"),
)
POLL_MS = 50  # how often the view drains what the audit's thread has put on its queue
LEDGER_ACKS = 20  # acknowledgements shown in the ledger pane (the latest)


def verdict_badge(verdict: str) -> tuple[str, QColor]:
    """Glyph + word (in the GUI's language) and colour of a file's verdict."""
    glyph, word, colour = VERDICT_BADGE.get(verdict, ("", verdict, "#616161"))
    return f"{glyph} {QCoreApplication.translate('FleetView', word)}".strip(), QColor(colour)


class FleetAudit:
    """One audit of a folder: :func:`~inspector.core.fleet.audit.run_audit` on a daemon
    Python thread (the verifying happens in worker processes, so it mostly waits).

    The thread touches no Qt object (a QThread destroyed while it runs aborts the whole
    process): it puts ``("entry", FileEntry, done, total)``, ``("audited", AuditResult)``
    (also after a cancel: then ``interrupted``), ``("failed", message)`` and last
    ``("ended",)`` on :attr:`queue`, which the view drains on its own timer."""

    def __init__(
        self,
        folder: str,
        *,
        credentials: str | None = None,
        jobs: int | None = None,
        ledger: str | None = None,
    ) -> None:
        self.folder = folder
        self.credentials = credentials
        self.jobs = jobs
        self.ledger = ledger  # None: the one the rules name, if any
        self.options = AuditOptions(detail="summary")  # the table needs no per-commit maps
        self.rules: CredentialRules | None = None  # loaded by the thread before the first file
        self.token = CancelToken()
        self.queue: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self.run, name="fleet-audit", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def cancel(self) -> None:
        self.token.cancel()

    def is_alive(self) -> bool:
        return self.thread.is_alive()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the thread; True when it has ended."""
        if self.thread.ident is not None:
            self.thread.join(timeout)
        return not self.thread.is_alive()

    def run(self) -> None:
        from ..core.errors import InspectorError
        from ..core.fleet.audit import run_audit
        from ..core.fleet.credentials import load_rules
        from ..core.fleet.discover import discover
        from ..core.fleet.executors import InlineExecutor, LocalExecutor
        from ..core.fleet.ledger import Ledger

        executor: Any = None
        ledger: Ledger | None = None
        try:
            rules = self.rules = load_rules(self.credentials) if self.credentials else None
            spec = self.ledger or (rules.ledger if rules is not None else None)
            ledger = Ledger.open(spec, readonly=True) if spec else None
            discovery = discover([self.folder])
            jobs = self.jobs or os.cpu_count() or 1
            executor = InlineExecutor() if jobs == 1 or len(discovery.targets) < 2 else LocalExecutor(jobs)
            result = run_audit(
                discovery,
                rules=rules,
                options=self.options,
                executor=executor,
                inputs=[self.folder],
                on_result=lambda e, done, total: self.queue.put(("entry", e, done, total)),
                cancel=self.token,
                ledger=ledger,
                record=False,  # the window shows; the nightly audit records
            )
            if ledger is not None and result.ledger is not None:
                result.ledger.acknowledged = ledger.acknowledgements(limit=LEDGER_ACKS)
            self.queue.put(("audited", result))
        except InspectorError as exc:
            self.queue.put(("failed", exc.describe()))
        except Exception as exc:  # a bug: say so, never take the GUI down
            self.queue.put(("failed", f"internal error: {type(exc).__name__}: {exc}"))
        finally:
            if executor is not None:
                executor.close()
            if ledger is not None:
                ledger.close()
            self.queue.put(("ended",))


class FleetModel(ColumnsModel):
    """One row per audited file (rows arrive as files finish)."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("Columns", "File"),
        QT_TRANSLATE_NOOP("Columns", "Verdict"),
        QT_TRANSLATE_NOOP("Columns", "Errors"),
        QT_TRANSLATE_NOOP("Columns", "Warnings"),
        QT_TRANSLATE_NOOP("Columns", "Commits"),
        QT_TRANSLATE_NOOP("Columns", "Eras"),
        QT_TRANSLATE_NOOP("Columns", "Checkpoint"),
        QT_TRANSLATE_NOOP("Columns", "Seconds"),
    )

    def __init__(self, parent: Any = None, folder: str | None = None) -> None:
        super().__init__(parent)
        self.entries: list[FileEntry] = []
        self.rows: list[list[str]] = []
        self.folder = folder  # paths are shown relative to it

    def add(self, entry: FileEntry) -> None:
        from ..core.fleet.render import row

        n = len(self.entries)
        cells = row(entry)
        cells[0] = self._shown_path(entry)
        if entry.report.is_hom:  # a bundle has no commits and no key eras
            cells[4] = cells[5] = "–"
        self.beginInsertRows(_ROOT, n, n)
        self.entries.append(entry)
        self.rows.append(cells)
        self.endInsertRows()

    def _shown_path(self, entry: FileEntry) -> str:
        loc = entry.target.location
        if self.folder and not entry.target.remote:
            try:
                rel = os.path.relpath(loc, self.folder)
            except ValueError:
                return entry.target.display
            if not rel.startswith(".."):
                return rel
        return entry.target.display

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
            if col == 1:
                return verdict_badge(e.verdict)[0]
            if col == 6:
                return _checkpoint_word(e.checkpoint_state())
            return cells[col]
        if role == Qt.ItemDataRole.ForegroundRole and col == 1:  # 4.5:1 on the row, light or dark
            return QBrush(readable(verdict_badge(e.verdict)[1], palette().color(QPalette.ColorRole.Base)))
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 2 and col != 6:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:  # the fleet's alarms first, then the report's findings
            worst = sorted([*e.fleet_findings(), *e.report.findings], key=lambda f: f.severity.rank)
            if col in (4, 5) and e.report.is_hom:
                return QCoreApplication.translate(
                    "FleetView", "a HOM-AIMOS bundle has no commits and no key eras"
                )
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


def _checkpoint_word(state: str) -> str:
    return {
        "verified": QCoreApplication.translate("FleetView", "verified"),
        "failed": QCoreApplication.translate("FleetView", "failed"),
    }.get(state, "–")


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
            codes = {*e.report.codes(), *(f.code for f in e.fleet_findings())}
            hay = " ".join([e.target.display, e.verdict, *sorted(codes)]).lower()
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

    ``fileActivated(path)`` and ``openRequested(FleetOpen)`` (the file with the settings
    the audit judged it with) on double-click; ``auditFinished(AuditResult)`` when the run
    ends (also when cancelled: the result is then interrupted)."""

    fileActivated = Signal(str)
    openRequested = Signal(object)
    auditFinished = Signal(object)

    def __init__(
        self,
        folder: str,
        parent: QWidget | None = None,
        *,
        credentials: str | None = None,
        jobs: int | None = None,
        autostart: bool = True,
        ledger: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.folder = folder
        self.credentials = credentials
        self.jobs = jobs
        self.ledger = ledger
        self.result: AuditResult | None = None
        self.audit: FleetAudit | None = None
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._drain)
        self.setWindowTitle(self.tr("Fleet audit — %1").replace("%1", folder))

        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.title.setAccessibleName(self.tr("Fleet audit state"))
        f = self.title.font()
        f.setBold(True)
        f.setPointSizeF(max(f.pointSizeF(), 9.0) * 1.15)
        self.title.setFont(f)
        self.progress = QProgressBar()
        self.progress.setFormat(self.tr("%v / %m files"))
        self.progress.setAccessibleName(self.tr("Files audited"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        self.credentials_button = QPushButton(self.tr("Credentials…"))
        self.credentials_button.setToolTip(
            self.tr("Choose the TOML rules that unlock the sealed files, and audit again")
        )
        self.credentials_button.clicked.connect(self._choose_credentials)
        self.export_button = QPushButton(self.tr("Export HTML…"))
        self.export_button.setToolTip(self.tr("Write the HTML fleet report (mode 0600)"))
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self._export_dialog)
        self.ledger_button = QPushButton(self.tr("Ledger…"))
        self.ledger_button.setToolTip(
            self.tr("Choose the fleet ledger to compare the files with (read only), and audit again")
        )
        self.ledger_button.clicked.connect(self._choose_ledger)
        self.ledger_title = QLabel()
        self.ledger_title.setTextFormat(Qt.TextFormat.PlainText)
        self.ledger_title.setWordWrap(True)
        self.ledger_title.setAccessibleName(self.tr("Fleet ledger state"))
        self.ledger_list = QTreeWidget()
        self.ledger_list.setAccessibleName(self.tr("Fleet ledger alarms and acknowledgements"))
        self.ledger_list.setHeaderLabels(
            [self.tr("File"), self.tr("Ledger"), self.tr("Since"), self.tr("Why")]
        )
        self.ledger_list.setRootIsDecorated(False)
        self.ledger_list.setWordWrap(True)
        self.ledger_list.setMaximumHeight(160)
        self.ledger_title.hide()
        self.ledger_list.hide()
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Filter by path, verdict or finding code"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Filter files"))
        self.verdict_filter = QComboBox()
        self.verdict_filter.setAccessibleName(self.tr("Filter by verdict"))
        for label, value in VERDICT_FILTERS:
            self.verdict_filter.addItem(self.tr(label), value)
        self.model = FleetModel(self, folder)
        self.proxy = FleetFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Audited files"))
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in range(1, len(FleetModel.COLUMNS)):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        fm = self.table.fontMetrics()  # the verdict column is as wide as its widest badge
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(
            1, max(fm.horizontalAdvance(verdict_badge(v)[0]) for v in VERDICT_BADGE) + 24
        )
        self.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # worst first
        self.table.doubleClicked.connect(self._activated)
        self.search.textChanged.connect(self._refilter)
        self.verdict_filter.currentIndexChanged.connect(self._refilter)
        self.hint = QLabel(
            self.tr(
                "Double-click a file to open it in the inspector, judged with the settings this audit used."
            )
        )
        self.hint.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setAccessibleName(self.tr("Fleet summary"))

        top = QHBoxLayout()
        top.addWidget(self.progress, 1)
        top.addStretch(0)  # the buttons keep their size when the progress bar is hidden
        top.addWidget(self.cancel_button)
        top.addWidget(self.credentials_button)
        top.addWidget(self.ledger_button)
        top.addWidget(self.export_button)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.verdict_filter)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.ledger_title)
        layout.addWidget(self.ledger_list)
        layout.addWidget(self.hint)
        layout.addWidget(self.summary)
        self._set_title()
        if autostart:
            self.start()

    # ---- running -------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.audit is not None and self.audit.is_alive()

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
        self.ledger_button.setEnabled(False)
        self.ledger_list.clear()
        self._set_title(self.tr("auditing…"))
        audit = FleetAudit(self.folder, credentials=self.credentials, jobs=self.jobs, ledger=self.ledger)
        # the view going away (its window closed, its parent deleted) stops the run: the
        # slot is the audit's own method, which holds no reference to the view
        self.destroyed.connect(audit.cancel)
        self.audit = audit
        audit.start()
        self._poll.start()

    def cancel(self) -> None:
        """Stop the audit (the worker processes are stopped; rows so far stay)."""
        if self.audit is not None and self.audit.is_alive():
            self.audit.cancel()
            self.cancel_button.setEnabled(False)
            self._set_title(self.tr("cancelling…"))

    def shutdown(self, timeout_ms: int = 30_000) -> None:
        """Cancel and wait for the audit (closing the window)."""
        if self.audit is not None:
            self.audit.cancel()
            self.audit.wait(timeout_ms / 1000)
            self._drain()

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)

    def _drain(self) -> None:
        """Show what the audit's thread has put on its queue since the last turn."""
        audit = self.audit
        if audit is None:
            return
        while True:
            try:
                msg = audit.queue.get_nowait()
            except queue.Empty:
                return
            kind = msg[0]
            if kind == "entry":
                self._on_entry(*msg[1:])
            elif kind == "audited":
                self._on_audited(msg[1])
            elif kind == "failed":
                self._on_failed(msg[1])
            elif kind == "ended":
                self._poll.stop()
                self._on_thread_end()
                return

    def _on_entry(self, entry: FileEntry, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.model.add(entry)

    def _on_audited(self, result: AuditResult) -> None:
        from ..core.fleet.render import render_text
        from .i18n import language

        self.result = result
        self.export_button.setEnabled(bool(result.entries))
        self.progress.hide()
        state = verdict_word(result.verdict)
        if result.interrupted:
            state += " " + self.tr("(cancelled)")
        self._set_title(state)
        lines = render_text(result, width=400, lang=language()).rstrip().splitlines()
        self.summary.setText(lines[-1] if lines else "")
        self._show_ledger(result)
        self.auditFinished.emit(result)

    def _show_ledger(self, result: AuditResult) -> None:
        """The ledger pane: every open alarm (gone files too), then the latest acknowledgements."""
        from ..core.i18n import finding_message
        from .i18n import language

        night = result.ledger
        self.ledger_list.clear()
        visible = night is not None
        self.ledger_title.setVisible(visible)
        self.ledger_list.setVisible(visible)
        if night is None:
            return
        alarms = sorted(night.open_alarms(), key=lambda a: (a.identity, a.kind))
        source = result.ledger_path or ""
        if alarms:
            self.ledger_title.setText(
                self.tr("Fleet ledger %1: %n open alarm(s)", "", len(alarms)).replace("%1", source)
            )
        else:
            self.ledger_title.setText(self.tr("Fleet ledger %1: no open alarm").replace("%1", source))
        bad = QBrush(readable(QColor("#c62828"), palette().color(QPalette.ColorRole.Base)))
        for a in alarms:
            f = a.findings[0] if a.findings else None
            why = finding_message(f, language()) if f is not None else ""
            item = QTreeWidgetItem([a.identity, f"⚠ {a.code}", a.opened_at, why])
            item.setForeground(1, bad)
            item.setToolTip(3, why)
            self.ledger_list.addTopLevelItem(item)
        for ack in night.acknowledged:
            kinds = ", ".join(ack.alarms)
            said = self.tr("acknowledged by %1: %2").replace("%1", ack.by).replace("%2", ack.reason)
            item = QTreeWidgetItem([ack.identity, f"✔ {kinds}", ack.at, said])
            item.setToolTip(3, said)
            self.ledger_list.addTopLevelItem(item)
        for c in range(3):
            self.ledger_list.resizeColumnToContents(c)

    def ledger_rows(self) -> list[tuple[str, str]]:
        """The ledger pane as shown: (file, ledger column) per row, top to bottom."""
        items = (self.ledger_list.topLevelItem(i) for i in range(self.ledger_list.topLevelItemCount()))
        return [(it.text(0), it.text(1)) for it in items if it is not None]

    def _on_failed(self, message: str) -> None:
        self.progress.hide()
        self._set_title(self.tr("could not audit"))
        self.summary.setText(message)

    def _on_thread_end(self) -> None:
        self.cancel_button.setEnabled(False)
        self.credentials_button.setEnabled(True)
        self.ledger_button.setEnabled(True)

    def _set_title(self, state: str = "") -> None:
        text = self.tr("Fleet audit of %1").replace("%1", self.folder)
        self.title.setText(text + (f" — {state}" if state else ""))

    # ---- table ---------------------------------------------------------------------
    def _refilter(self) -> None:
        self.proxy.set_filter(self.search.text(), self.verdict_filter.currentData())

    def _activated(self, index: QModelIndex) -> None:
        location = index.data(LOCATION_ROLE)
        if not location:
            return
        entry = next((e for e in self.model.entries if e.target.location == location), None)
        if entry is not None and self.audit is not None:
            self.openRequested.emit(self.open_settings(entry))
        self.fileActivated.emit(str(location))

    def open_settings(self, entry: FileEntry) -> FleetOpen:
        """The row ``entry`` with the settings the audit judged it with: the same job the
        audit planned for it (:func:`~inspector.core.fleet.audit.plan`), and which rule of
        which rules file it came from."""
        audit = self.audit
        assert audit is not None
        rules = audit.rules
        job = plan([entry.target], rules, audit.options)[0]
        rule = rules.match(entry.target.location) if rules is not None else None
        sha = entry.report.input.get("sha256") if isinstance(entry.report.input, dict) else None
        return FleetOpen(
            job=job,
            folder=self.folder,
            rules=rules.source if rules is not None else None,
            rule=rule.number if rule is not None else None,
            pattern=rule.pattern if rule is not None else None,
            checkpoint_path=rule.checkpoint if rule is not None else None,
            verdict=entry.verdict,
            sha256=sha if isinstance(sha, str) else None,
        )

    def visible_paths(self) -> list[str]:
        """The file column as shown, top to bottom (filter and sort applied)."""
        return [str(self.proxy.index(r, 0).data()) for r in range(self.proxy.rowCount())]

    # ---- credentials and export ---------------------------------------------------
    def _choose_credentials(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Credentials rules"), "", self.tr("TOML rules (*.toml);;All files (*)")
        )
        if path:
            self.credentials = path
            self.start()

    def _choose_ledger(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Fleet ledger"),
            "",
            self.tr("Fleet ledgers (*.ledger *.sqlite *.db);;All files (*)"),
        )
        if path:
            self.ledger = path
            self.start()

    def export_html(self, path: str) -> str:
        """Write the HTML fleet report to ``path`` (atomic, mode 0600); returns the path."""
        from ..core.fleet.render import render_html
        from ..core.write.safe import atomic_write
        from .i18n import language

        if self.result is None:
            raise RuntimeError("no finished audit to export")
        page = render_html(self.result, lang=language())
        atomic_write(path, page.encode("utf-8", "backslashreplace"), mode=0o600)
        return path

    def _export_dialog(self) -> None:
        from ..core.errors import InspectorError

        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export fleet report"), "fleet-audit.html", self.tr("HTML (*.html)")
        )
        if not path:
            return
        try:
            self.export_html(path)
        except InspectorError as exc:
            QMessageBox.warning(self, self.tr("Export failed"), exc.describe())
