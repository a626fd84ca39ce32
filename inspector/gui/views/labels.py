"""The MutMem label chains and recall receipts (SPEC Part C2, C3).

Two panes, one above the other:

* **Label chain** — every label record of the selected memory, in DAG order,
  with its label (icon + text), restriction rank, signing role and key,
  confidence, cited evidence, reason and position.  Nothing is hidden: a
  refuted memory shows the detector's labels *and* the auditor's verdict.
* **Recall receipts** — one row per receipt (root check and status as icon +
  text); the selected receipt's entries below it, the standing note on what a
  receipt does not prove, and "Export inclusion proof…" for one entry.

The view reads ``report.mutmem`` (:class:`~inspector.core.verify.mutmem.MutMemView`)
and computes nothing the core does not expose, apart from the inclusion proof
itself, which :func:`~inspector.core.verify.merkle.make_proof` builds.
"""

from __future__ import annotations

import json
import os
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.verify.mutmem import is_untrusted, rank
from ...core.verify.report import Status
from ..hom import is_hom, is_hom_v2
from ..i18n import QT_TRANSLATE_NOOP
from ..style import displayable, palette, readable, status_badge
from .hom_pages import HomCorpusView, HomEnvelopeView, HomReceiptView
from .tables import DISCLOSURE_NOTE, make_table, row_id, table_cell

__all__ = [
    "LabelsView",
    "label_badge",
    "label_icon",
    "memory_text",
    "short_id",
]

NO_MUTMEM_TEXT = QT_TRANSLATE_NOOP("LabelsView", "This file carries no MutMem labels or recall receipts.")

# label -> (glyph, colour).  The glyph and the label's own name always travel
# together with the colour, so nothing is told by colour alone.
_LABEL_STYLE: dict[str | None, tuple[str, str]] = {
    None: ("–", "#757575"),
    "unverified": ("?", "#757575"),
    "supported": ("✔", "#2e7d32"),
    "poison_refuted": ("✔", "#00897b"),
    "disputed": ("≠", "#ef6c00"),
    "poison_suspect": ("⚠", "#ef6c00"),
    "poison_likely": ("⚠", "#d84315"),
    "poison_confirmed": ("✖", "#c62828"),
}


def short_id(object_id: str | None, n: int = 12) -> str:
    """``sha256:abcdef…`` → the first ``n`` hex digits (``"—"`` for None)."""
    if not object_id:
        return "—"
    s = str(object_id)
    if s.startswith("sha256:"):
        s = s[len("sha256:") :]
    return s[:n]


def label_badge(label: str | None) -> tuple[str, QColor]:
    """Display text (glyph + label name) and colour of a label (None: no label record)."""
    glyph, color = _LABEL_STYLE.get(label, ("•", "#6a1b9a"))
    text = (
        f"{glyph} {label}"
        if label is not None
        else f"{glyph} " + QCoreApplication.translate("LabelsView", "no label")
    )
    # alternating rows are a shade off the base: reach 4.5:1 against the darker of the two
    pal = palette()
    bg = pal.color(QPalette.ColorRole.AlternateBase)
    base = pal.color(QPalette.ColorRole.Base)
    worst = bg if abs(bg.lightness() - 128) < abs(base.lightness() - 128) else base
    return text, readable(color, worst)


def label_icon(label: str | None) -> QIcon:
    """A standard icon matching the label's meaning (empty icon for no label)."""
    if label is None:
        return QIcon()
    pix = QStyle.StandardPixmap
    which = {
        "unverified": pix.SP_MessageBoxQuestion,
        "supported": pix.SP_DialogApplyButton,
        "poison_refuted": pix.SP_DialogApplyButton,
        "disputed": pix.SP_MessageBoxInformation,
        "poison_suspect": pix.SP_MessageBoxWarning,
        "poison_likely": pix.SP_MessageBoxWarning,
        "poison_confirmed": pix.SP_MessageBoxCritical,
    }.get(label, pix.SP_MessageBoxQuestion)
    return QApplication.style().standardIcon(which)


def rank_text(label: str | None) -> str:
    r = rank(label)
    return (
        f"{r} · " + QCoreApplication.translate("LabelsView", "untrusted") if is_untrusted(label) else str(r)
    )


def memory_text(report: Any, memory_id: str, limit: int = 90) -> str:
    """A one-line snippet of a memory's content (its ``text``, else compact JSON)."""
    obj = (getattr(report, "objects", None) or {}).get(memory_id)
    content = getattr(obj, "content", None)
    if isinstance(content, dict):
        text = content.get("text")
        if not isinstance(text, str):
            text = json.dumps(content, ensure_ascii=False, sort_keys=True)
    elif content is None:
        text = ""
    else:
        text = str(content)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def begin_mutmem_report(view: Any, report: Any, placeholder: str = NO_MUTMEM_TEXT) -> bool:
    """The common start of ``set_report`` for the MutMem panes: clear, keep the
    report and its MutMem view; without MutMem data show the placeholder and
    return False."""
    view.clear()
    view._report = report
    view._mm = getattr(report, "mutmem", None)
    if view._mm is None:
        view._placeholder.setText(view.tr(placeholder))
        view._stack.setCurrentIndex(0)
        return False
    view._record_to_memory = view._mm.memory_of_record()
    return True


class LabelsView(QWidget):
    """Label chains of memories and the file's recall receipts (view contract)."""

    selectionRequested = Signal(str)

    CHAIN_COLUMNS = (
        "#",
        QT_TRANSLATE_NOOP("Columns", "Label"),
        QT_TRANSLATE_NOOP("Columns", "Rank"),
        QT_TRANSLATE_NOOP("Columns", "Signed by"),
        QT_TRANSLATE_NOOP("Columns", "Confidence"),
        QT_TRANSLATE_NOOP("Columns", "Evidence"),
        QT_TRANSLATE_NOOP("Columns", "Reason"),
        QT_TRANSLATE_NOOP("Columns", "Position"),
    )
    RECEIPT_COLUMNS = (
        QT_TRANSLATE_NOOP("Columns", "Receipt"),
        QT_TRANSLATE_NOOP("Columns", "Head"),
        QT_TRANSLATE_NOOP("Columns", "Entries"),
        "k",
        QT_TRANSLATE_NOOP("Columns", "Root check"),
        QT_TRANSLATE_NOOP("Columns", "Status"),
        QT_TRANSLATE_NOOP("Columns", "Evidence"),
    )
    ENTRY_COLUMNS = (
        "#",
        QT_TRANSLATE_NOOP("Columns", "Memory"),
        QT_TRANSLATE_NOOP("Columns", "Content"),
        QT_TRANSLATE_NOOP("Columns", "Weight"),
        QT_TRANSLATE_NOOP("Columns", "Label"),
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: Any = None
        self._mm: Any = None
        self._memory: str | None = None
        self._receipt: str | None = None
        self._record_to_memory: dict[str, str] = {}
        self._syncing = False
        self._source: tuple[str | None, Any] = (None, None)

        self._stack = QStackedWidget(self)
        self._placeholder = QLabel(self.tr("No file open."))
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._placeholder.setWordWrap(True)
        self._stack.addWidget(self._placeholder)
        content = QWidget()
        self._stack.addWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self._stack)

        # ---- label chain ------------------------------------------------
        chain_box = QGroupBox(self.tr("Label chain"))
        cl = QVBoxLayout(chain_box)
        top = QHBoxLayout()
        self._memory_header = QLabel()
        self._memory_header.setTextFormat(Qt.TextFormat.PlainText)
        self._memory_header.setWordWrap(True)
        self._memory_header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._memory_header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top.addWidget(QLabel(self.tr("Labelled memories:")))
        self._picker = QComboBox()
        self._picker.setMinimumContentsLength(28)
        self._picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self._picker.setToolTip(self.tr("Memories that carry at least one label record"))
        self._picker.activated.connect(self._on_picker)
        top.addWidget(self._picker, 1)
        cl.addLayout(top)
        cl.addWidget(self._memory_header)
        self._chain_summary = QLabel()
        self._chain_summary.setTextFormat(Qt.TextFormat.RichText)
        self._chain_summary.setWordWrap(True)
        cl.addWidget(self._chain_summary)
        self._chain = make_table(self.CHAIN_COLUMNS, stretch=6)
        self._chain.itemSelectionChanged.connect(self._on_chain_selected)
        self._chain.setMinimumHeight(self.chain_min_height())
        cl.addWidget(self._chain, 1)

        # ---- receipts -----------------------------------------------------
        rec_box = QGroupBox(self.tr("Recall receipts"))
        rl = QVBoxLayout(rec_box)
        split = QSplitter(Qt.Orientation.Horizontal)
        self._receipts = make_table(self.RECEIPT_COLUMNS, stretch=0)
        self._receipts.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self._receipts.horizontalHeader().setStretchLastSection(True)
        self._receipts.setSortingEnabled(False)
        self._receipts.itemSelectionChanged.connect(self._on_receipt_selected)
        split.addWidget(self._receipts)

        right = QWidget()
        rr = QVBoxLayout(right)
        rr.setContentsMargins(0, 0, 0, 0)
        self._receipt_header = QLabel(self.tr("Select a receipt to see what it disclosed."))
        self._receipt_header.setWordWrap(True)
        self._receipt_header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._receipt_header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        rr.addWidget(self._receipt_header)
        self._entries = make_table(self.ENTRY_COLUMNS, stretch=2)
        self._entries.itemSelectionChanged.connect(self._on_entry_selected)
        rr.addWidget(self._entries, 1)
        self._problems = QLabel()
        self._problems.setWordWrap(True)
        self._problems.setTextFormat(Qt.TextFormat.PlainText)
        self._problems.hide()
        rr.addWidget(self._problems)
        note_row = QHBoxLayout()
        note_icon = QLabel()
        note_icon.setPixmap(
            QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation).pixmap(20, 20)
        )
        note_icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        note_row.addWidget(note_icon)
        self._note = QLabel(self.tr(DISCLOSURE_NOTE))
        self._note.setWordWrap(True)
        self._note.setObjectName("disclosureNote")
        note_row.addWidget(self._note, 1)
        rr.addLayout(note_row)
        actions = QHBoxLayout()
        self._export_btn = QPushButton(self.tr("Export inclusion proof…"))
        self._export_btn.setToolTip(self.tr("Save an RFC 6962 inclusion proof of the selected entry as JSON"))
        self._export_btn.setEnabled(False)
        self._export_btn.clicked.connect(self._on_export_clicked)
        actions.addWidget(self._export_btn)
        self._export_status = QLabel()
        self._export_status.setWordWrap(True)
        # a long message must never widen the pane and squeeze the receipts table
        self._export_status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._export_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        actions.addWidget(self._export_status, 1)
        rr.addLayout(actions)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([520, 480])
        split.setChildrenCollapsible(False)
        rl.addWidget(split)

        self.hom_receipt = HomReceiptView()
        self.hom_receipt.selectionRequested.connect(self._emit)
        self.hom_corpus = HomCorpusView()
        self.hom_corpus.selectionRequested.connect(self._emit)
        self.hom_envelope = HomEnvelopeView()
        self.hom_envelope.selectionRequested.connect(self._emit)
        self._stack.addWidget(self.hom_receipt)
        self._stack.addWidget(self.hom_corpus)
        self._stack.addWidget(self.hom_envelope)

        vsplit = QSplitter(Qt.Orientation.Vertical)
        vsplit.addWidget(chain_box)
        vsplit.addWidget(rec_box)
        vsplit.setStretchFactor(0, 3)
        vsplit.setStretchFactor(1, 2)
        vsplit.setSizes([320, 380])
        vsplit.setChildrenCollapsible(False)
        cv = QVBoxLayout(content)
        cv.setContentsMargins(0, 0, 0, 0)
        cv.addWidget(vsplit)

        self.clear()

    MIN_CHAIN_ROWS = 6

    def chain_min_height(self) -> int:
        """Room for the header and MIN_CHAIN_ROWS rows of the label chain."""
        t = self._chain
        rows = t.verticalHeader().defaultSectionSize() * self.MIN_CHAIN_ROWS
        scrollbar = t.horizontalScrollBar().sizeHint().height()  # shown when the columns overflow
        return t.horizontalHeader().sizeHint().height() + rows + scrollbar + 2 * t.frameWidth() + 4

    def visible_chain_rows(self) -> int:
        """How many label-chain rows fit in the table's viewport (tests)."""
        return self._chain.viewport().height() // max(self._chain.verticalHeader().defaultSectionSize(), 1)

    # ------------------------------------------------------------------ contract
    def clear(self) -> None:
        self._report = None
        self._mm = None
        self._memory = None
        self._receipt = None
        self._record_to_memory = {}
        self._fill_chain(None)
        self._fill_receipts()
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
            return
        if not begin_mutmem_report(self, report):
            return
        self._fill_picker()
        self._fill_receipts()
        self._stack.setCurrentIndex(1)
        with self._sync():
            if self._receipts.rowCount():
                self._receipts.selectRow(0)
            labelled = [m for m, mv in self._mm.memories.items() if mv.labels]
            self._fill_chain(labelled[0] if labelled else None)

    def select(self, object_id: str) -> None:
        """Reflect a selection made elsewhere (never re-emits ``selectionRequested``)."""
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
        with self._sync():
            if object_id in self._mm.receipts:
                self._select_receipt_row(object_id)
                return
            if object_id in self._mm.memories:
                self._fill_chain(object_id)
                self._select_entry_of(object_id)
                return
            memory = self._record_to_memory.get(object_id)
            if memory is not None:
                self._fill_chain(memory)
                for row in range(self._chain.rowCount()):
                    if row_id(self._chain, row) == object_id:
                        self._chain.selectRow(row)
                        break

    # ------------------------------------------------------------------ for tests / other panes
    def current_memory(self) -> str | None:
        return self._memory

    def current_receipt(self) -> str | None:
        return self._receipt

    def chain_labels(self) -> list[str | None]:
        """Labels of the shown chain, top to bottom (DAG order)."""
        mv = self._mm.memories.get(self._memory) if self._mm and self._memory else None
        return [lp.label for lp in mv.labels] if mv else []

    def disclosure_note(self) -> QLabel:
        return self._note

    # ------------------------------------------------------------------ export
    def set_source(self, path: str | None, credential: Any = None, data: bytes | None = None) -> None:
        """The open file (and its credential) the receipts come from: a proof export
        reopens it in the worker, so the proof carries what the file signed.  ``data``:
        the bytes of a bundle shown from memory (a corpus member)."""
        self._source = (path if data is None else None, credential)
        self.hom_receipt.set_source(path, data)

    def current_page(self) -> QWidget | None:
        """What the tab shows: the label chains and receipts of a store, a bundle's
        receipt or corpus, or the placeholder."""
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
            self._export_status.setText(self.tr("Writing the proof…"))
            dlg.exported.connect(self._proof_exported)
            dlg.failed.connect(
                lambda message: self._export_status.setText(
                    "✖ " + self.tr("Could not export the proof: %1").replace("%1", message)
                )
            )
        return dlg

    def _proof_exported(self, path: str) -> None:
        self._export_status.setText(
            "✔ "
            + self.tr("Saved %1: an anchored proof (check it with File › Check inclusion proof…)").replace(
                "%1", os.path.basename(path)
            )
        )
        self._export_status.setToolTip(path)

    def changeEvent(self, event: QEvent) -> None:
        """Re-colour the badges when the palette flips between light and dark."""
        super().changeEvent(event)
        if (
            event.type()
            in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange, QEvent.Type.StyleChange)
            and getattr(self, "_mm", None) is not None
        ):
            receipt, memory = self._receipt, self._memory
            entry = self._selected_row(self._entries)
            with self._sync():
                self._fill_picker()
                self._fill_receipts()
                if receipt is not None:
                    self._select_receipt_row(receipt)
                    if entry is not None and entry < self._entries.rowCount():
                        self._entries.selectRow(entry)
                self._fill_chain(memory)

    # ------------------------------------------------------------------ internals
    def _sync(self) -> _Syncing:
        return _Syncing(self)

    def _emit(self, object_id: str | None) -> None:
        if object_id and not self._syncing:
            self.selectionRequested.emit(object_id)

    def _fill_picker(self) -> None:
        blocker = QSignalBlocker(self._picker)
        self._picker.clear()
        if self._mm is not None:
            for mid, mv in self._mm.memories.items():
                if not mv.labels:
                    continue
                text, _ = label_badge(mv.label)
                self._picker.addItem(f"{short_id(mid)} · {text} · {memory_text(self._report, mid, 40)}", mid)
        self._picker.setEnabled(self._picker.count() > 0)
        if not self._picker.count():
            self._picker.addItem("(no labelled memories)")
        del blocker

    def _fill_chain(self, memory_id: str | None) -> None:
        self._memory = memory_id
        blocker = QSignalBlocker(self._chain)
        self._chain.setRowCount(0)
        mv = self._mm.memories.get(memory_id) if self._mm is not None and memory_id else None
        if mv is None or not memory_id:
            self._memory_header.setText(
                self.tr("Select a memory to see its label chain.") if self._mm is not None else ""
            )
            self._chain_summary.setText("")
            del blocker
            return
        cur_text, _ = label_badge(mv.label)
        trust = "⚠ " + self.tr("untrusted") if mv.untrusted else self.tr("trusted")
        self._memory_header.setText(
            self.tr("Memory %1 — “%2”")
            .replace("%1", short_id(memory_id))
            .replace("%2", displayable(memory_text(self._report, memory_id, 120))[0])
            + "\n"
            + self.tr("Now: %1 (%2) · weight %3 · ")
            .replace("%1", cur_text)
            .replace("%2", trust)
            .replace("%3", str(mv.weight_q))
            + self.tr("%n label record(s), none ever deleted", "", len(mv.labels))
        )
        self._memory_header.setToolTip(memory_id)
        if mv.labels:
            parts = []
            for lp in mv.labels:
                text, color = label_badge(lp.label)
                parts.append(f'<span style="color:{color.name()}"><b>{_html(text)}</b></span>')
            self._chain_summary.setText(self.tr("Chain:") + " " + " → ".join(parts))
        else:
            self._chain_summary.setText(
                self.tr("No label records: the label is null (ranks like <i>unverified</i>, trusted).")
            )
        self._chain.setRowCount(len(mv.labels))
        for row, lp in enumerate(mv.labels):
            text, color = label_badge(lp.label)
            conf = lp.confidence_milli
            conf_text = f"{conf / 1000:.3f}".rstrip("0").rstrip(".") if isinstance(conf, int) else "—"
            ev = ", ".join(short_id(e) for e in lp.evidence) or "—"
            cells = [
                table_cell(
                    str(row + 1), object_id=lp.commit, tip=self.tr("label record %1").replace("%1", lp.commit)
                ),
                table_cell(text, tip=_label_tip(lp), color=color),
                table_cell(
                    rank_text(lp.label),
                    tip=self.tr(
                        "restriction rank: supported/poison_refuted 0, "
                        "unverified 1, disputed 2, poison_suspect 3, poison_likely 4, "
                        "poison_confirmed 5; rank ≥ 3 is untrusted"
                    ),
                ),
                table_cell(f"{lp.role or '?'} · {lp.key_id or '?'}"),
                table_cell(conf_text, tip=f"confidence_milli = {conf!r}", align_right=True),
                table_cell(ev, tip="\n".join(map(str, lp.evidence)) or self.tr("no evidence cited")),
                table_cell(" ".join(str(lp.reason).split()), tip=str(lp.reason)),
                table_cell(
                    str(lp.position),
                    align_right=True,
                    tip=self.tr("index %1 in DAG order").replace("%1", str(lp.position)),
                ),
            ]
            for col, it in enumerate(cells):
                self._chain.setItem(row, col, it)
        del blocker
        # keep the picker in step when the memory is one of its entries
        i = self._picker.findData(memory_id)
        if self._picker.isEnabled():
            b = QSignalBlocker(self._picker)
            self._picker.setCurrentIndex(i)  # -1 (blank) for a memory without labels
            del b

    def _fill_receipts(self) -> None:
        blocker = QSignalBlocker(self._receipts)
        self._receipts.setRowCount(0)
        receipts = list(self._mm.receipts.values()) if self._mm is not None else []
        self._receipts.setRowCount(len(receipts))
        for row, rv in enumerate(receipts):
            root_ok = rv.root is not None and rv.root == rv.root_recomputed
            root_text = "✔ " + self.tr("root recomputes") if root_ok else "✖ " + self.tr("root mismatch")
            root_color = QColor("#2e7d32" if root_ok else "#c62828")
            valid = rv.status == "valid"
            status_text = (
                "✔ " + self.tr("valid")
                if valid
                else "✖ " + self.tr("invalid (%1)").replace("%1", str(len(rv.problems)))
            )
            status_color = QColor("#2e7d32" if valid else "#c62828")
            base = self._receipts.palette().color(QPalette.ColorRole.Base)
            root_color, status_color = readable(root_color, base), readable(status_color, base)
            try:
                ev_text, ev_color = status_badge(Status(rv.evidence_status))
                ev_color = readable(ev_color, base)
            except ValueError:
                ev_text, ev_color = str(rv.evidence_status), None
            cells = [
                table_cell(short_id(rv.evidence_id, 8), object_id=rv.evidence_id, tip=rv.evidence_id),
                table_cell(short_id(rv.head, 8), tip=f"head {rv.head}"),
                table_cell(str(len(rv.entries)), align_right=True),
                table_cell(str(rv.k) if rv.k is not None else "—", align_right=True),
                table_cell(
                    root_text,
                    color=root_color,
                    tip=self.tr("stated root %1\nrecomputed root %2")
                    .replace("%1", str(rv.root))
                    .replace("%2", str(rv.root_recomputed)),
                ),
                table_cell(
                    status_text,
                    color=status_color,
                    tip="\n".join(rv.problems) or self.tr("all receipt checks pass"),
                ),
                table_cell(
                    ev_text,
                    color=ev_color,
                    tip=self.tr("evidence record status %1").replace("%1", str(rv.evidence_status)),
                ),
            ]
            for col, it in enumerate(cells):
                self._receipts.setItem(row, col, it)
        del blocker
        self._fill_entries(None)

    def _fill_entries(self, receipt_id: str | None) -> None:
        self._receipt = receipt_id
        blocker = QSignalBlocker(self._entries)
        self._entries.setRowCount(0)
        self._export_btn.setEnabled(False)
        self._export_status.setText("")
        rv = self._mm.receipts.get(receipt_id) if self._mm is not None and receipt_id else None
        if rv is None:
            self._receipt_header.setText(
                self.tr("Select a receipt to see what it disclosed.")
                if self._mm is not None and self._mm.receipts
                else self.tr("This file has no recall receipts.")
            )
            self._problems.hide()
            del blocker
            return
        self._receipt_header.setText(
            self.tr("Receipt %1: %2 of k = %3 disclosed at head %4 · query %5 · root %6")
            .replace("%1", short_id(rv.evidence_id))
            .replace("%2", str(len(rv.entries)))
            .replace("%3", str(rv.k))
            .replace("%4", short_id(rv.head))
            .replace("%5", short_id(rv.query_sha256))
            .replace("%6", short_id(rv.root))
        )
        self._receipt_header.setToolTip(
            f"receipt {rv.evidence_id}\nhead {rv.head}\nquery_sha256 {rv.query_sha256}\nroot {rv.root}"
        )
        self._entries.setRowCount(len(rv.entries))
        for row, e in enumerate(rv.entries):
            mid = e.get("memory")
            mid_s = mid if isinstance(mid, str) else None
            text, color = label_badge(e.get("label"))
            cells = [
                table_cell(str(e.get("ordinal")), object_id=mid_s, align_right=True),
                table_cell(short_id(mid_s, 10), tip=str(mid)),
                table_cell(
                    memory_text(self._report, mid_s, 80) if mid_s else "",
                    tip=memory_text(self._report, mid_s, 1000) if mid_s else "",
                ),
                table_cell(str(e.get("weight_q")), align_right=True),
                table_cell(text, color=color),
            ]
            for col, it in enumerate(cells):
                self._entries.setItem(row, col, it)
        if rv.problems:
            self._problems.setText("✖ " + "\n✖ ".join(rv.problems))
            red = readable("#c62828", self.palette().color(QPalette.ColorRole.Window))
            self._problems.setStyleSheet(f"color: {red.name()}")
            self._problems.show()
        else:
            self._problems.hide()
        del blocker

    def _select_receipt_row(self, receipt_id: str) -> None:
        for row in range(self._receipts.rowCount()):
            if row_id(self._receipts, row) == receipt_id:
                self._receipts.selectRow(row)
                return

    def _select_entry_of(self, memory_id: str) -> None:
        for row in range(self._entries.rowCount()):
            if row_id(self._entries, row) == memory_id:
                self._entries.selectRow(row)
                return
        self._entries.clearSelection()

    def _selected_row(self, table: QTableWidget) -> int | None:
        rows = table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    # ------------------------------------------------------------------ slots
    def _on_receipt_selected(self) -> None:
        row = self._selected_row(self._receipts)
        rid = row_id(self._receipts, row) if row is not None else None
        if rid == self._receipt:
            return
        self._fill_entries(rid)
        self._emit(rid)

    def _on_entry_selected(self) -> None:
        row = self._selected_row(self._entries)
        self._export_btn.setEnabled(row is not None)
        if row is None:
            return
        mid = row_id(self._entries, row)
        if mid and self._mm is not None and mid in self._mm.memories and mid != self._memory:
            self._fill_chain(mid)
        self._emit(mid)

    def _on_chain_selected(self) -> None:
        row = self._selected_row(self._chain)
        if row is not None:
            self._emit(row_id(self._chain, row))

    def _on_picker(self, index: int) -> None:
        mid = self._picker.itemData(index)
        if mid:
            self._fill_chain(mid)
            self._emit(mid)

    def _on_export_clicked(self) -> None:
        row = self._selected_row(self._entries)
        if row is None or self._receipt is None:
            return
        try:
            self.export_proof(self._receipt, row)
        except (KeyError, ValueError) as exc:
            self._export_status.setText(
                "✖ " + self.tr("Could not export the proof: %1").replace("%1", str(exc))
            )


class _Syncing:
    """Context manager: selections made inside do not emit ``selectionRequested``."""

    def __init__(self, view: LabelsView) -> None:
        self.view = view
        self.before = False

    def __enter__(self) -> None:
        self.before = self.view._syncing
        self.view._syncing = True

    def __exit__(self, *exc: Any) -> None:
        self.view._syncing = self.before


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _label_tip(lp: Any) -> str:
    conf = lp.confidence_milli
    lines = [
        f"{lp.label} (rank {rank(lp.label)}{', untrusted' if is_untrusted(lp.label) else ''})",
        f"signed by {lp.key_id or '?'} ({lp.role or 'unknown role'})",
        f"confidence {conf}/1000" if isinstance(conf, int) else "confidence —",
        f"position {lp.position} · record {lp.commit}",
    ]
    if lp.evidence:
        lines.append("evidence: " + ", ".join(map(str, lp.evidence)))
    if lp.reason:
        lines.append(f"reason: {lp.reason}")
    return "\n".join(lines)
