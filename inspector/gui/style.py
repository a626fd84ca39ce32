"""Shared presentation: statuses, severities and labels as icon + text + colour
(never colour alone), era colours, and palette-aware colours that keep WCAG AA
contrast (4.5:1) against the background they are drawn on, light or dark."""

from __future__ import annotations

import re
from functools import lru_cache

from PySide6.QtCore import QCoreApplication, QLoggingCategory, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetrics, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from ..core.findings import Severity
from ..core.verify.report import Status
from .i18n import QT_TRANSLATE_NOOP

# Looking for a glyph in every installed font makes Qt log "OpenType support missing
# for <font>, script N" once per font for a script no font shapes (Devanagari on a
# bare system): noise on the terminal, and the window shows those characters
# escaped instead (displayable()).
QLoggingCategory.setFilterRules("qt.text.font.db=false")

AA = 4.5  # WCAG 2 AA contrast for normal text

# status -> (short badge text, hue).  The hue is adjusted per background by readable().
STATUS_BADGE: dict[Status, tuple[str, str]] = {
    Status.VALID: (QT_TRANSLATE_NOOP("Status", "✔ valid"), "#2e7d32"),
    Status.VALID_HISTORICAL: (QT_TRANSLATE_NOOP("Status", "✔ historical"), "#558b2f"),
    Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY: (QT_TRANSLATE_NOOP("Status", "✖ dark (unproven)"), "#c62828"),
    Status.DIGEST_MISMATCH: (QT_TRANSLATE_NOOP("Status", "✖ digest mismatch"), "#c62828"),
    Status.INVALID_SIGNATURE: (QT_TRANSLATE_NOOP("Status", "✖ bad signature"), "#c62828"),
    Status.MISSING_PARENT: (QT_TRANSLATE_NOOP("Status", "✖ missing parent"), "#d84315"),
    Status.UNKNOWN_KEY: (QT_TRANSLATE_NOOP("Status", "✖ unknown key"), "#c62828"),
    Status.UNKNOWN_IDENTITY: (QT_TRANSLATE_NOOP("Status", "✖ unknown identity"), "#c62828"),
    Status.MALFORMED: (QT_TRANSLATE_NOOP("Status", "✖ malformed"), "#6a1b9a"),
}

_SEVERITY_TEXT = {
    Severity.ERROR: QT_TRANSLATE_NOOP("Severity", "Error"),
    Severity.WARNING: QT_TRANSLATE_NOOP("Severity", "Warning"),
    Severity.INFO: QT_TRANSLATE_NOOP("Severity", "Note"),
}
SEVERITY_COLOR = {Severity.ERROR: "#c62828", Severity.WARNING: "#b45309", Severity.INFO: "#1565c0"}
UNTRUSTED_COLOR = "#c2410c"
PROBLEM_COLOR = "#c62828"

ERA_COLORS = ["#1e88e5", "#8e24aa", "#00897b", "#f4511e", "#6d4c41", "#3949ab", "#c0ca33", "#d81b60"]


def severity_text(severity: Severity) -> str:
    return QCoreApplication.translate("Severity", _SEVERITY_TEXT[severity])


_LONG_RUN = re.compile(r"([0-9A-Za-z_\-]{16})(?=[0-9A-Za-z_\-])")


def wrappable(text: str) -> str:
    """Insert zero-width spaces into long ids so labels can wrap them."""
    return _LONG_RUN.sub("\\1\u200b", text.replace(":", ":\u200b"))


def severity_icon(severity: Severity | None) -> QIcon:
    style = QApplication.style()
    pix = {
        Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
        Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
        Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
        None: QStyle.StandardPixmap.SP_DialogApplyButton,
    }[severity]
    return style.standardIcon(pix)


# ---- contrast ------------------------------------------------------------------------
def luminance(c: QColor) -> float:
    """WCAG relative luminance of an opaque colour."""

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` blended towards ``b`` by ``t`` (0 → a, 1 → b), opaque."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def readable(color: QColor | str, background: QColor, minimum: float = AA) -> QColor:
    """``color`` moved towards black (on a light background) or white (on a dark
    one) just far enough to reach ``minimum`` contrast against ``background``."""
    return QColor(_readable(QColor(color).rgb(), QColor(background).rgb(), minimum))


@lru_cache(maxsize=512)
def _readable(rgb: int, bg_rgb: int, minimum: float) -> int:
    c, bg = QColor(rgb), QColor(bg_rgb)
    if contrast(c, bg) >= minimum:
        return c.rgb()
    target = QColor("black") if luminance(bg) > 0.18 else QColor("white")
    for i in range(1, 21):
        m = mix(c, target, i / 20)
        if contrast(m, bg) >= minimum:
            return m.rgb()
    return target.rgb()


def palette() -> QPalette:
    return QGuiApplication.palette()


def is_dark(pal: QPalette | None = None) -> bool:
    """Whether the application (or ``pal``) uses a dark colour scheme."""
    if pal is None:
        hints = QGuiApplication.styleHints()
        scheme = hints.colorScheme()
        p = QGuiApplication.palette()
        base_dark = p.color(QPalette.ColorRole.Base).lightness() < 128
        if scheme == Qt.ColorScheme.Dark and base_dark:
            return True
        return base_dark
    return pal.color(QPalette.ColorRole.Base).lightness() < 128


def problem_row_background(pal: QPalette | None = None) -> QColor:
    """The tint of a row whose object is not valid (opaque, derived from Base)."""
    pal = pal or palette()
    base = pal.color(QPalette.ColorRole.Base)
    return mix(base, QColor(PROBLEM_COLOR), 0.26 if is_dark(pal) else 0.13)


def proven_row_background(pal: QPalette | None = None) -> QColor:
    """The tint of a row inside the highlighted proven region (ancestry of a cutoff)."""
    pal = pal or palette()
    base = pal.color(QPalette.ColorRole.Base)
    return mix(base, QColor("#2e7d32"), 0.22 if is_dark(pal) else 0.12)


def status_badge(status: Status) -> tuple[str, QColor]:
    """(translated badge text, its hue): adjust the hue with :func:`readable`."""
    text, color = STATUS_BADGE[status]
    return QCoreApplication.translate("Status", text), QColor(color)


def status_color(status: Status, background: QColor | None = None) -> QColor:
    bg = background if background is not None else palette().color(QPalette.ColorRole.Base)
    return readable(STATUS_BADGE[status][1], bg)


def severity_color(severity: Severity, background: QColor | None = None) -> QColor:
    bg = background if background is not None else palette().color(QPalette.ColorRole.Base)
    return readable(SEVERITY_COLOR[severity], bg)


def era_color(index: int) -> QColor:
    return QColor(ERA_COLORS[index % len(ERA_COLORS)])


def band_color(index: int, alpha: int = 40) -> QColor:
    c = era_color(index)
    c.setAlpha(alpha if not is_dark() else alpha + 20)
    return c


# ---- glyphs --------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _all_families() -> tuple[QFontMetrics, ...]:
    """Metrics of every installed family: where Qt's font fallback can look."""
    return tuple(QFontMetrics(QFont(f)) for f in QFontDatabase.families())


@lru_cache(maxsize=4096)
def _renders(family: str, point: float, cp: int) -> bool:
    font = QFont(family)
    if point > 0:
        font.setPointSizeF(point)
    if QFontMetrics(font).inFontUcs4(cp):
        return True
    # not in the primary font: does any installed font have it (Qt's fallback finds it)?
    return any(fm.inFontUcs4(cp) for fm in _all_families())


def missing_glyphs(text: str, font: QFont | None = None) -> list[str]:
    """Characters of ``text`` that would show as boxes in ``font`` (after fallback)."""
    f = font or QGuiApplication.font()
    family, point = f.family(), f.pointSizeF()
    out = []
    for ch in set(text):
        cp = ord(ch)
        if cp < 0x250 or 0xD800 <= cp <= 0xDFFF or ch.isspace() or cp in (0x200B, 0xFEFF):
            continue
        if not _renders(family, point, cp):
            out.append(ch)
    return out


def displayable(text: str, font: QFont | None = None) -> tuple[str, str | None]:
    """``(shown, tooltip)``: ``text`` itself when the font can draw it; otherwise the
    characters it cannot draw in escaped form (``\\u4f60``) and the original as the
    tooltip, so a user sees something exact instead of boxes."""
    missing = set(missing_glyphs(text, font))
    if not missing:
        return text, None
    shown = "".join(
        (f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}") if c in missing else c for c in text
    )
    return shown, text
