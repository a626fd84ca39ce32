"""The main window: the verdict banner above the panes, the Overview / History /
Graph / Weights / Labels tabs and the Key eras, Findings and Detail docks, linked
selection (kept across reloads and tab switches), the proven region of a cutoff,
opening (menu, drag and drop, command line, recent files, the fleet window),
checkpoints (menu and drop), exports, the last-resort crash panel and the authoring
dialogs.  All work goes through :class:`~inspector.gui.tasks.TaskRunner`; the layout
is saved.

The window is assembled from parts of one job each (:mod:`.window_base` says which);
this module shows a report and keeps the panes' selection linked."""

from __future__ import annotations

import contextlib
from typing import Any

from PySide6.QtCore import QSettings, QTimer

from ..core.findings import Severity
from ..core.lanes import LaneRow, proven_region
from ..core.verify.report import Report
from . import summary as S
from .hom import is_hom, part_json
from .i18n import ensure_english_plurals
from .open_flow import UNLOCK_ERRORS, OpenFlow, WorkerFailed, crash_report
from .settings import describe as describe_settings
from .settings import texts as settings_texts
from .style import severity_icon
from .tasks import TaskRunner
from .window_actions import MAX_RECENT, WindowActions
from .window_layout import LAYOUT_VERSION, WindowLayout, first_run_size

__all__ = [
    "LAYOUT_VERSION",
    "MAX_RECENT",
    "UNLOCK_ERRORS",
    "MainWindow",
    "WorkerFailed",
    "crash_report",
    "first_run_size",
]


class MainWindow(WindowActions, OpenFlow, WindowLayout):
    def __init__(self, settings: QSettings | None = None, banner: str | None = None) -> None:
        super().__init__()
        ensure_english_plurals()
        self.settings = settings or QSettings()
        self.runner = TaskRunner(self)
        self.exports = TaskRunner(self)  # exports judge the file again, beside the open job
        self.report = None
        self.path = None
        self.credential = None
        self.checkpoint = None
        self.checkpoint_path = None
        self.source_bytes = None
        self.trust_master = None
        self.strict = False
        self.fleet = None
        self._target = ("", None)
        self._target_bytes = None
        self._corpus_stack = []  # Back to the corpus
        self._navigation = None  # a member being opened (its parent), or "back"
        self._transients = []  # dialogs and fleet windows opened from here
        self._pending = None
        self._pending_lanes = None  # the worker's lanes for _pending
        self._unlock = None
        self._crash_details = ""
        self._stale_tabs: dict[int, Any] = {}  # tab index -> its view, to catch up when shown
        self._stage = 0
        self._selected = None
        self._selected_finding: tuple[str, str] | None = None  # (code, object id)
        self._proven_era: int | None = None
        self.setWindowTitle(self.tr("Aleth Inspector"))
        self.setAcceptDrops(True)
        self._build_layout(banner)
        self._connect()
        self._build_menus()
        self._restore_layout()

    def _connect(self) -> None:
        self.tabs.currentChanged.connect(self._tab_changed)
        self.verdict_banner.jumpRequested.connect(self.jump_to_first_error)
        self.verdict_banner.attachRequested.connect(self.attach_checkpoint_dialog)
        self.verdict_banner.retryRequested.connect(self.retry_unlock)
        self.cancel_button.clicked.connect(self.cancel_task)
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
        self.overview.set_context(
            self._target[0] or self.path, head, self._crash_details, describe_settings(self.open_settings())
        )
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
        """Select the first error's object in every pane and show the pane that explains
        it (History for a commit, Labels & receipts for a receipt or a label record,
        Weights for a weight transition, the Key eras for an era), with its Detail."""
        if self.report is None:
            return
        f = S.first_error(self.report)
        if f is None:
            return
        self.findings.select_finding(f.code, f.object_id)
        self._selected_finding = (f.code, f.object_id)
        target = f.object_id or (f.related[0] if f.related else "")
        pane = self.pane_of(target)
        if pane is self.eras:
            self.eras_dock.show()
            self.eras_dock.raise_()
        elif pane is not None:
            self.tabs.setCurrentWidget(pane)
        self.findings_dock.show()
        self.detail_dock.show()
        self.detail_dock.raise_()
        self.select(target, self.findings)

    def pane_of(self, object_id: str) -> Any:
        """The tab (or the Key eras pane) that explains ``object_id`` (None: the Overview
        and Detail do)."""
        r = self.report
        if r is None or not object_id:
            return None
        if is_hom(r):
            found = part_json(r, object_id)
            kind = found[0] if found is not None else ""
            return {
                "memory": self.weights,
                "projection": self.weights,
                "receipt entry": self.labels,
                "corpus member": self.labels,
                "signer epoch": self.eras,
            }.get(kind)
        if object_id.startswith("era:"):
            return self.eras
        mm = r.mutmem
        if mm is not None:
            if object_id in mm.receipts:
                return self.labels
            memory = mm.memory_of_record().get(object_id)
            if isinstance(memory, str):
                labels = {lp.commit for lp in mm.memories[memory].labels} if memory in mm.memories else set()
                return self.labels if object_id in labels else self.weights
        return self.history if object_id in r.commits else None

    def _show_verdict(self, report: Report | None) -> None:
        if report is None:
            self.verdict_icon.clear()
            self.verdict.setText(self.tr("No file open"))
            return
        self.verdict_banner.set_report(report, self.checkpoint_head(), self._settings_note(report))
        self.verdict_bar.setVisible(True)
        worst = report.worst_severity()
        icon = severity_icon(
            worst if report.verdict != "pass" else (worst if worst == Severity.WARNING else None)
        )
        self.verdict_icon.setPixmap(icon.pixmap(18, 18))
        text = f"{S.verdict_word(report.verdict)} — {S.counts_text(report)}"
        self.verdict.setText(text)
        self.verdict.setToolTip(text)  # it may be cut in a narrow window

    def _settings_note(self, report: Report) -> str:
        """The banner's line on the settings: said when they are the fleet audit's."""
        sha = report.input.get("sha256") if isinstance(report.input, dict) else None
        return settings_texts().banner_note(
            self.open_settings(), report.verdict, sha if isinstance(sha, str) else None
        )

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
        failing = self.history.model.failing
        bad = [c for c in reversed(self.report.order) if failing(c, self.report.commits[c])]
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

    def closeEvent(self, event: Any) -> None:
        self.save_layout()
        from .fleet import FleetView

        for fleet in self.findChildren(FleetView):
            fleet.close()  # stops its audit and its worker processes
        self.history.searcher.cancel()  # a search thread stops at its next check
        self.runner.shutdown()
        self.exports.shutdown()
        self.labels.hom_receipt.shutdown()
        super().closeEvent(event)
