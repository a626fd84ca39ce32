"""The verdict banner above the panes: the verdict in large type (icon + word),
the one-line reason of the worst finding, counts by severity, the checkpoint
state, the untrusted memories, and the two things to do next (jump to the first
error, attach a checkpoint).  Its colours come from the palette and keep 4.5:1
contrast in light and dark schemes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontDatabase, QGuiApplication, QPalette, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from ...core.findings import Severity
from ...core.verify.report import Report
from .. import summary as S
from ..style import is_dark, mix, readable, severity_icon

VERDICT_HUE = {
    "pass": "#2e7d32",
    "fail": "#c62828",
    "unopenable": "#c62828",
    "indeterminate": "#b45309",
    "error": "#6a1b9a",
    "interrupted": "#616161",
}


class VerdictBanner(QFrame):
    """Signals: ``jumpRequested()`` (first error), ``attachRequested()`` (checkpoint),
    ``retryRequested()`` (unopenable: try another passphrase / recovery code)."""

    jumpRequested = Signal()
    attachRequested = Signal()
    retryRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("verdictBanner")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAutoFillBackground(True)
        self.setAccessibleName(self.tr("Verdict"))
        self.report: Report | None = None
        self.checkpoint_head: str | None = None

        self.icon = QLabel()
        self.icon.setFixedSize(36, 36)
        self._build_headline()
        self._build_facts()
        self._build_buttons()
        text = QVBoxLayout()
        text.setSpacing(2)
        top = QHBoxLayout()
        top.addWidget(self.word)
        top.addSpacing(12)
        top.addWidget(self.reason, 1)
        top.addWidget(self.code, 0, Qt.AlignmentFlag.AlignTop)
        text.addLayout(top)
        facts = QHBoxLayout()
        facts.setSpacing(18)
        for lab in (self.counts, self.checkpoint, self.untrusted):
            facts.addWidget(lab, 1)
        facts.addWidget(self.jump_button)
        facts.addWidget(self.attach_button)
        facts.addWidget(self.retry_button)
        text.addLayout(facts)
        text.addWidget(self.settings)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        lay.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignVCenter)
        lay.addLayout(text, 1)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.set_report(None)

    def _build_headline(self) -> None:
        """The verdict word in large type, the reason beside it (wrapping), and a HOM-AIMOS
        reason code beside that."""
        self.word = QLabel()
        self.word.setObjectName("verdictWord")
        self.word.setAccessibleName(self.tr("Verdict word"))
        f = self.word.font()
        f.setPointSizeF(max(f.pointSizeF(), 9.0) * 2.0)
        f.setBold(True)
        self.word.setFont(f)
        self.reason = QLabel()
        self.reason.setObjectName("verdictReason")
        self.reason.setAccessibleName(self.tr("Reason"))
        self.reason.setWordWrap(True)
        self.reason.setTextFormat(Qt.TextFormat.PlainText)
        self.reason.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reason.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        rf = self.reason.font()
        rf.setPointSizeF(max(rf.pointSizeF(), 9.0) * 1.15)
        rf.setBold(True)
        self.reason.setFont(rf)
        self.code = QLabel()  # a HOM-AIMOS reason code, beside its plain sentence
        self.code.setObjectName("verdictCode")
        self.code.setAccessibleName(self.tr("Reason code"))
        self.code.setTextFormat(Qt.TextFormat.PlainText)
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.code.setVisible(False)

    def _build_facts(self) -> None:
        """Counts, checkpoint state, untrusted memories (one line when there is room,
        wrapped in a narrow window), and the settings line."""
        self.counts = QLabel()
        self.counts.setAccessibleName(self.tr("Findings by severity"))
        self.checkpoint = QLabel()
        self.checkpoint.setAccessibleName(self.tr("Checkpoint state"))
        self.untrusted = QLabel()
        self.untrusted.setAccessibleName(self.tr("Untrusted memories"))
        for lab in (self.counts, self.checkpoint, self.untrusted):
            lab.setTextFormat(Qt.TextFormat.PlainText)
            lab.setWordWrap(True)
            lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.settings = QLabel()
        self.settings.setObjectName("verdictSettings")
        self.settings.setAccessibleName(self.tr("Settings that produced the verdict"))
        self.settings.setWordWrap(True)
        self.settings.setTextFormat(Qt.TextFormat.PlainText)
        self.settings.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.settings.setVisible(False)

    def _build_buttons(self) -> None:
        self.jump_button = QPushButton(self.tr("Jump to first &error"))
        self.jump_button.setToolTip(self.tr("Select the first error's object in every pane"))
        self.attach_button = QPushButton(self.tr("Attach &checkpoint…"))
        self.attach_button.setToolTip(
            self.tr("Verify again against an external checkpoint JSON (detects rollback)")
        )
        self.retry_button = QPushButton(self.tr("Try another passphrase / recovery code…"))
        self.jump_button.clicked.connect(self.jumpRequested)
        self.attach_button.clicked.connect(self.attachRequested)
        self.retry_button.clicked.connect(self.retryRequested)
        self.retry_button.setVisible(False)

    # ---- content ---------------------------------------------------------------
    def set_report(
        self, report: Report | None, checkpoint_head: str | None = None, settings: str = ""
    ) -> None:
        """Show ``report``; ``settings`` says which settings produced it (empty: not said
        here, as for a file opened in this window)."""
        self.report = report
        self.checkpoint_head = checkpoint_head
        self.settings.setText("⚙ " + settings if settings else "")
        self.settings.setToolTip(settings)
        self.settings.setVisible(bool(settings))
        if report is None:
            return
        v = report.verdict
        self.word.setText(S.verdict_word(v))
        self.reason.setText(S.verdict_reason(report))
        self.reason.setToolTip(S.texts().full_reason(report))
        code = S.texts().reason_code(report)
        self.code.setText(code)
        self.code.setToolTip(self.tr("The reference verifier's reason code"))
        self.code.setVisible(bool(code))
        worst = report.worst_severity()
        icon = severity_icon(None if v == "pass" and worst != Severity.WARNING else worst or Severity.ERROR)
        self.icon.setPixmap(icon.pixmap(32, 32))
        openable = v not in ("unopenable", "error")
        hom = report.is_hom
        self.counts.setText(S.counts_text(report))
        if hom:  # a bundle has no checkpoint: its trust root is the master key
            self.checkpoint.setText(S.master_text(report) if openable else "")
            self.checkpoint.setAccessibleName(self.tr("Master key"))
        else:
            self.checkpoint.setText(S.checkpoint_text(report, checkpoint_head) if openable else "")
            self.checkpoint.setAccessibleName(self.tr("Checkpoint state"))
        self.checkpoint.setVisible(openable)
        n = len(S.untrusted_memories(report))
        self.untrusted.setText("⚠ " + self.tr("%n untrusted memory(ies) (label rank ≥ 3)", "", n))
        self.untrusted.setVisible(openable and n > 0)
        self.jump_button.setText(
            self.tr("Jump to the primary &reason")
            if report.primary_reason
            else self.tr("Jump to first &error")
        )
        self.jump_button.setEnabled(S.first_error(report) is not None and openable)
        self.jump_button.setVisible(openable)
        self.attach_button.setVisible(openable and not hom)
        self.retry_button.setVisible(S.secret_problem(report))
        self._recolour()

    def _recolour(self) -> None:
        if self.report is None:
            return
        pal = self.palette()
        app = QGuiApplication.palette()
        base = app.color(QPalette.ColorRole.Window)
        hue = QColor(VERDICT_HUE.get(self.report.verdict, "#616161"))
        bg = mix(base, hue, 0.34 if is_dark() else 0.16)
        fg = readable(app.color(QPalette.ColorRole.WindowText), bg, 7.0)
        word = readable(hue, bg)
        pal.setColor(QPalette.ColorRole.Window, bg)
        pal.setColor(QPalette.ColorRole.WindowText, fg)
        self.setPalette(pal)
        # a style sheet, so a tool bar's own painting cannot hide the tint
        sheet = f"QFrame#verdictBanner {{ background: {bg.name()}; }}"
        if self.styleSheet() != sheet:  # (setting it sends a StyleChange back here)
            self.setStyleSheet(sheet)
        self.word.setStyleSheet(f"color: {word.name()};")
        for lab in (self.reason, self.code, self.counts, self.checkpoint, self.untrusted, self.settings):
            lab.setStyleSheet(f"color: {fg.name()};")
        state = S.checkpoint_state(self.report)
        if state == "failed":
            self.checkpoint.setStyleSheet(f"color: {readable('#c62828', bg).name()}; font-weight: bold;")
        if not self.untrusted.isHidden():
            self.untrusted.setStyleSheet(f"color: {readable('#c2410c', bg).name()}; font-weight: bold;")

    def colours(self) -> tuple[QColor, QColor, QColor]:
        """(background, text colour, verdict-word colour) as drawn (for tests)."""
        bg = self.palette().color(QPalette.ColorRole.Window)
        fg = QColor(self.reason.styleSheet().split(":")[1].strip(" ;"))
        word = QColor(self.word.styleSheet().split(":")[1].strip(" ;"))
        return bg, fg, word

    # ---- size: the banner wraps to the window's width, never widens or heightens it --------
    def _layout_width(self) -> int:
        """The width the banner is laid out at (the window's, before the first layout)."""
        if self.width() > 100 and self.isVisible():
            return self.width()
        win = self.window()
        return max(win.width() if win is not self else self.width(), 400)

    def sizeHint(self) -> QSize:
        w = self._layout_width()
        return QSize(w, self.heightForWidth(w))

    def minimumSizeHint(self) -> QSize:
        base = super().minimumSizeHint()
        return QSize(base.width(), max(base.height(), self.heightForWidth(self._layout_width())))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # a new width: a new height (the tool bar asks the size hint)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.StyleChange):
            self._recolour()
