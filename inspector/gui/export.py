"""Report exports from the GUI: one thin call per format.

The texts come from the core's renderers (today ``inspector.core.export``; the
one Jinja2 template of ``inspector.core.render`` replaces them at merge, here
only); the GUI adds nothing but the PDF printer.  Every file is written through
the one atomic writer, mode 0600."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from ..core.export import report_html, report_json
from ..core.verify.report import Report
from ..core.write.safe import atomic_write


def pdf_bytes(html: str) -> bytes:
    """The PDF of ``html`` through Qt's own text document and PDF writer."""
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buf)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter)
    writer.setTitle("Aleth Inspector report")
    doc = QTextDocument()
    doc.setHtml(html)
    doc.print_(writer)
    del writer
    buf.close()
    return bytes(data.data())


def export_report(report: Report, fmt: str, path: str, source: str) -> str:
    """Write ``report`` as ``fmt`` (json, html, pdf) to ``path``; returns the path."""
    if fmt == "json":
        data = report_json(report).encode("utf-8")
    elif fmt == "html":
        data = report_html(report, source).encode("utf-8")
    elif fmt == "pdf":
        data = pdf_bytes(report_html(report, source))
    else:
        raise ValueError(f"unknown export format {fmt!r}")
    atomic_write(Path(path), data, mode=0o600)
    return path
