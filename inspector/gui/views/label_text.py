"""Words and colours for MutMem labels and memories, shared by the Labels & receipts
panes (:mod:`.labels`, :mod:`.label_chain`, :mod:`.receipts`) and the Weights view."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from ...core.verify.mutmem import is_untrusted, rank
from ..i18n import QT_TRANSLATE_NOOP
from ..style import palette, readable

__all__ = [
    "NO_MUTMEM_TEXT",
    "begin_mutmem_report",
    "label_badge",
    "label_icon",
    "label_tip",
    "memory_text",
    "rank_text",
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


def html_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def label_tip(lp: Any) -> str:
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
