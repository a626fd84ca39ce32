"""PDF export through Qt's own text document and PDF writer (no extra service)."""

from __future__ import annotations

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument


def write_pdf(html: str, path: str) -> None:
    writer = QPdfWriter(path)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter)
    writer.setTitle("Aleth Inspector report")
    doc = QTextDocument()
    doc.setHtml(html)
    doc.print_(writer)
