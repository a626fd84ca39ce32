"""Shared presentation: statuses and severities as icon + text + colour (never
colour alone), era colours, and the light/dark aware palette helpers."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QApplication, QStyle

from ..core.verify.report import Severity, Status

# status -> (short badge text, colour)
STATUS_BADGE: dict[Status, tuple[str, str]] = {
    Status.VALID: ("✔ valid", "#2e7d32"),
    Status.VALID_HISTORICAL: ("✔ historical", "#558b2f"),
    Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY: ("✖ dark (unproven)", "#c62828"),
    Status.DIGEST_MISMATCH: ("✖ digest mismatch", "#c62828"),
    Status.INVALID_SIGNATURE: ("✖ bad signature", "#c62828"),
    Status.MISSING_PARENT: ("✖ missing parent", "#d84315"),
    Status.UNKNOWN_KEY: ("✖ unknown key", "#c62828"),
    Status.UNKNOWN_IDENTITY: ("✖ unknown identity", "#c62828"),
    Status.MALFORMED: ("✖ malformed", "#6a1b9a"),
}

SEVERITY_TEXT = {Severity.ERROR: "Error", Severity.WARNING: "Warning", Severity.INFO: "Note"}
SEVERITY_COLOR = {Severity.ERROR: "#c62828", Severity.WARNING: "#ef6c00", Severity.INFO: "#1565c0"}

ERA_COLORS = ["#1e88e5", "#8e24aa", "#00897b", "#f4511e", "#6d4c41", "#3949ab", "#c0ca33", "#d81b60"]


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


def status_badge(status: Status) -> tuple[str, QColor]:
    text, color = STATUS_BADGE[status]
    return text, QColor(color)


def era_color(index: int) -> QColor:
    return QColor(ERA_COLORS[index % len(ERA_COLORS)])


def is_dark() -> bool:
    """Whether the application currently uses a dark colour scheme."""
    hints = QGuiApplication.styleHints()
    scheme = hints.colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def band_color(index: int, alpha: int = 40) -> QColor:
    c = era_color(index)
    c.setAlpha(alpha if not is_dark() else alpha + 20)
    return c
