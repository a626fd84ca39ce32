"""The Labels & receipts tab: the MutMem label chains and recall receipts (SPEC Part C2,
C3) of a store, or a HOM-AIMOS bundle's receipt or corpus.

A store's two panes are sub-tabs, each with the tab's whole height (at 1280×800 a
receipt's entries need it): **Recall receipts** (:class:`~.receipts.ReceiptsPane`) and
**Label chains** (:class:`~.label_chain.LabelChainPane`); their titles count what fails.
Problems first: the tab opens on the first failing receipt and its failing entry, or on
the least trusted labelled memory; a selection made elsewhere turns to the pane that
explains it.

The view reads ``report.mutmem`` (:class:`~inspector.core.verify.mutmem.MutMemView`)
and computes nothing the core does not expose, apart from the inclusion proof itself,
which the worker builds (:func:`~inspector.core.proofs.export_proof`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QLabel, QStackedWidget, QTabWidget, QVBoxLayout, QWidget

from ..hom import is_hom, is_hom_v2
from .hom_pages import HomCorpusView, HomEnvelopeView, HomReceiptView
from .label_chain import CHAIN_COLUMNS, LabelChainPane, worst_first
from .label_text import (
    NO_MUTMEM_TEXT,
    begin_mutmem_report,
    label_badge,
    label_icon,
    memory_text,
    rank_text,
    short_id,
)
from .receipts import ENTRY_COLUMNS, RECEIPT_COLUMNS, ReceiptsPane

__all__ = [
    "LabelsView",
    "begin_mutmem_report",
    "label_badge",
    "label_icon",
    "memory_text",
    "rank_text",
    "short_id",
]


class LabelsView(QWidget):
    """Label chains of memories and the file's recall receipts (view contract)."""

    selectionRequested = Signal(str)

    CHAIN_COLUMNS = CHAIN_COLUMNS
    RECEIPT_COLUMNS = RECEIPT_COLUMNS
    ENTRY_COLUMNS = ENTRY_COLUMNS

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: Any = None
        self._mm: Any = None
        self._record_to_memory: dict[str, str] = {}
        self._source: tuple[str | None, Any] = (None, None)

        self._stack = QStackedWidget(self)
        self._placeholder = QLabel(self.tr("No file open."))
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._placeholder.setWordWrap(True)
        self._stack.addWidget(self._placeholder)
        self.receipts = ReceiptsPane()
        self.receipts.selectionRequested.connect(self._emit)
        self.receipts.memoryChosen.connect(self._entry_memory)
        self.receipts.exportRequested.connect(self._export_requested)
        self.chains = LabelChainPane()
        self.chains.selectionRequested.connect(self._emit)
        self.panes = QTabWidget()
        self.panes.setDocumentMode(True)
        self.panes.setAccessibleName(self.tr("Receipts and label chains"))
        self.panes.addTab(self.receipts, "")
        self.panes.addTab(self.chains, "")
        self._stack.addWidget(self.panes)
        self.hom_receipt = HomReceiptView()
        self.hom_receipt.selectionRequested.connect(self._emit)
        self.hom_corpus = HomCorpusView()
        self.hom_corpus.selectionRequested.connect(self._emit)
        self.hom_envelope = HomEnvelopeView()
        self.hom_envelope.selectionRequested.connect(self._emit)
        self._stack.addWidget(self.hom_receipt)
        self._stack.addWidget(self.hom_corpus)
        self._stack.addWidget(self.hom_envelope)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self._stack)
        self.clear()

    # ------------------------------------------------------------------ contract
    def clear(self) -> None:
        self._report = None
        self._mm = None
        self._record_to_memory = {}
        self.receipts.set_view(None, None)
        self.chains.set_view(None, None)
        self._set_titles()
        self._placeholder.setText(self.tr("No file open."))
        self._stack.setCurrentIndex(0)

    def set_report(self, report: Any) -> None:
        if is_hom_v2(report):
            self.clear()
            self._report = report
            self.hom_envelope.set_report(report)
            self._stack.setCurrentWidget(self.hom_envelope)
            return
        if is_hom(report):
            self._set_hom_report(report)
            return
        if not begin_mutmem_report(self, report, NO_MUTMEM_TEXT):
            return
        self._syncing(True)
        try:
            self.receipts.set_view(report, self._mm)
            self.chains.set_view(report, self._mm)
            self._set_titles()
            self._stack.setCurrentWidget(self.panes)
            self._open_on_problems()
        finally:
            self._syncing(False)

    def _set_hom_report(self, report: Any) -> None:
        self.clear()
        self._report = report
        view = report.hom
        if view.receipt is not None:
            self.hom_receipt.set_report(report)
            self._stack.setCurrentWidget(self.hom_receipt)
        elif view.corpus is not None:
            self.hom_corpus.set_report(report)
            self._stack.setCurrentWidget(self.hom_corpus)
        else:
            self._placeholder.setText(
                self.tr(
                    "A HOM-AIMOS cognitive bundle carries weight chains (see Weights), no labels and no "
                    "recall receipts."
                )
            )
            self._stack.setCurrentIndex(0)

    def _open_on_problems(self) -> None:
        """The first failing receipt and its failing entry; else the least trusted memory;
        else the first receipt."""
        bad = self.receipts.first_failing()
        if bad is not None:
            self.receipts.select_receipt(bad, failing_entry=True)
            self.panes.setCurrentWidget(self.receipts)
            return
        ids = self.receipts.receipt_ids()
        if ids:
            self.receipts.select_receipt(ids[0])
        worst = worst_first(self._mm)
        untrusted = bool(worst) and self._mm.memories[worst[0]].untrusted
        self.panes.setCurrentWidget(self.chains if untrusted or not ids else self.receipts)

    def _set_titles(self) -> None:
        mm = self._mm
        receipts = list(mm.receipts) if mm is not None else []
        failing = sum(
            1
            for rid in receipts
            if self.receipts.judgement(rid).failing or mm.receipts[rid].status != "valid"
        )
        labelled = worst_first(mm) if mm is not None else []
        untrusted = sum(1 for m in labelled if mm.memories[m].untrusted)
        r_title = self.tr("Recall receipts (%1)").replace("%1", str(len(receipts)))
        if failing:
            r_title = "✖ " + r_title + " · " + self.tr("%n failing", "", failing)
        c_title = self.tr("Label chains (%1)").replace("%1", str(len(labelled)))
        if untrusted:
            c_title = "⚠ " + c_title + " · " + self.tr("%n untrusted", "", untrusted)
        self.panes.setTabText(self.panes.indexOf(self.receipts), r_title)
        self.panes.setTabText(self.panes.indexOf(self.chains), c_title)

    def select(self, object_id: str) -> None:
        """Reflect a selection made elsewhere (never re-emits ``selectionRequested``),
        turning to the pane that shows it."""
        if self._stack.currentWidget() is self.hom_receipt:
            self.hom_receipt.select(object_id)
            return
        if self._stack.currentWidget() is self.hom_corpus:
            self.hom_corpus.select(object_id)
            return
        if self._stack.currentWidget() is self.hom_envelope:
            self.hom_envelope.select(object_id)
            return
        if self._mm is None or not object_id:
            return
        self._syncing(True)
        try:
            self._select(object_id)
        finally:
            self._syncing(False)

    def _select(self, object_id: str) -> None:
        if object_id in self._mm.receipts:
            self.receipts.select_receipt(object_id, failing_entry=self.receipts.judgement(object_id).failing)
            self.panes.setCurrentWidget(self.receipts)
            return
        if object_id in self._mm.memories:
            self.chains.show_memory(object_id)
            self.receipts.select_entry_of(object_id)
            return
        memory = self._record_to_memory.get(object_id)
        if memory is not None:
            self.chains.show_memory(memory)
            self.chains.select_record(object_id)
            self.panes.setCurrentWidget(self.chains)

    def show_receipts(self) -> None:
        self.panes.setCurrentWidget(self.receipts)

    def show_chains(self) -> None:
        self.panes.setCurrentWidget(self.chains)

    # ------------------------------------------------------------------ for tests / other panes
    def current_memory(self) -> str | None:
        return self.chains.memory

    def current_receipt(self) -> str | None:
        return self.receipts.receipt

    def chain_labels(self) -> list[str | None]:
        """Labels of the shown chain, top to bottom (DAG order)."""
        memory = self.chains.memory
        mv = self._mm.memories.get(memory) if self._mm and memory else None
        return [lp.label for lp in mv.labels] if mv else []

    def disclosure_note(self) -> QLabel:
        return self.receipts.note

    def visible_chain_rows(self) -> int:
        return self.chains.visible_rows()

    # ------------------------------------------------------------------ export
    def set_source(self, path: str | None, credential: Any = None, data: bytes | None = None) -> None:
        """The open file (and its credential) the receipts come from: a proof export
        reopens it in the worker, so the proof carries what the file signed.  ``data``:
        the bytes of a bundle shown from memory (a corpus member)."""
        self._source = (path if data is None else None, credential)
        self.hom_receipt.set_source(path, data)

    def current_page(self) -> QWidget | None:
        """What the tab shows: the panes of a store, a bundle's receipt or corpus, or the
        placeholder."""
        return self._stack.currentWidget()

    def export_proof(self, receipt_id: str, ordinal: int, path: str | None = None) -> Any:
        """Export the anchored inclusion proof (SPEC C4, format 2) of entry ``ordinal`` of
        ``receipt_id``: the worker reopens and verifies the open file, writes the proof
        with the receipt's signed evidence to ``path`` (asked when None; mode 0600), and
        the returned dialog says what was written.  None when the user cancelled.
        Raises ``KeyError`` for an unknown receipt and ``ValueError`` for an ordinal
        outside the entries, or when no file is open."""
        from ..dialogs.proof import export_proof_dialog

        if self._mm is None or receipt_id not in self._mm.receipts:
            raise KeyError(f"no recall receipt {receipt_id!r} in this file")
        rv = self._mm.receipts[receipt_id]
        if not 0 <= ordinal < len(rv.entries):
            raise ValueError(
                self.tr("entry %1 is outside this receipt's %2 entries")
                .replace("%1", str(ordinal))
                .replace("%2", str(len(rv.entries)))
            )
        file, credential = self._source
        if file is None:
            raise ValueError(self.tr("no memory file is open to prove the receipt from"))
        dlg = export_proof_dialog(
            self.window(),
            path=file,
            credential=credential,
            receipt_id=receipt_id,
            ordinal=ordinal,
            output=path,
        )
        if dlg is not None:
            self.receipts.export_status.setText(self.tr("Writing the proof…"))
            dlg.exported.connect(self.receipts.proof_exported)
            dlg.failed.connect(self.receipts.proof_failed)
        return dlg

    def _export_requested(self, receipt_id: str, ordinal: int) -> None:
        try:
            self.export_proof(receipt_id, ordinal)
        except (KeyError, ValueError) as exc:
            self.receipts.proof_failed(str(exc))

    def changeEvent(self, event: QEvent) -> None:
        """Re-colour the badges when the palette flips between light and dark."""
        super().changeEvent(event)
        if (
            event.type()
            in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange, QEvent.Type.StyleChange)
            and getattr(self, "_mm", None) is not None
        ):
            receipt, memory = self.receipts.receipt, self.chains.memory
            entry = self.receipts.selected_row(self.receipts.entries)
            self._syncing(True)
            try:
                self.chains.fill_picker()
                self.receipts.fill()
                if receipt is not None:
                    self.receipts.select_receipt(receipt)
                    if entry is not None and entry < self.receipts.entries.rowCount():
                        self.receipts.entries.selectRow(entry)
                self.chains.show_memory(memory)
            finally:
                self._syncing(False)

    # ------------------------------------------------------------------ internals
    def _syncing(self, on: bool) -> None:
        """While on, the panes' selections are a reflection: they emit nothing."""
        self.receipts.syncing = self.chains.syncing = on

    def _emit(self, object_id: str | None) -> None:
        if object_id:
            self.selectionRequested.emit(object_id)

    def _entry_memory(self, memory_id: str) -> None:
        """An entry of a receipt: its memory's label chain (in the other pane)."""
        if self._mm is not None and memory_id in self._mm.memories and memory_id != self.chains.memory:
            self.chains.show_memory(memory_id)
