"""The PDF report: the core's HTML report (:mod:`inspector.core.render`) laid out
by Qt (QTextDocument → QPdfWriter), offscreen.  Table headers repeat on every page.

It lives outside ``inspector.core`` because it needs Qt, which the core never
imports; the command line (``verify --format pdf``) and the GUI's worker
(File › Export › PDF) call it.  Qt is optional (the ``[gui]`` extra): without it
:func:`render_pdf` raises :class:`PdfUnavailable`, whose message says what to install.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

from .core.render.html import render_html
from .core.render.options import RenderOptions
from .core.verify.report import Report

INSTALL_HINT = "PDF reports need Qt: pip install 'aleth-inspector[gui]'"
# Qt lays out a long table slowly (about 3 s per 1,000 rows on 2 cores): a PDF lists at
# most this many rows per table and says how many more the JSON report has.
PDF_MAX_ROWS = 1000
_APP: list[Any] = []  # the QGuiApplication this module created, kept alive


class PdfUnavailable(RuntimeError):
    """Qt (PySide6) is not installed, so no PDF can be made."""


def _qt() -> tuple[Any, Any]:
    try:
        from PySide6 import QtCore, QtGui
    except ImportError as exc:
        raise PdfUnavailable(INSTALL_HINT) from exc
    return QtCore, QtGui


def _application(QtGui) -> None:  # type: ignore[no-untyped-def]
    """Make sure a Qt application exists: a QApplication (not a bare QGuiApplication), so
    that widget code later in the same process (the GUI, its tests) still works."""
    if QtGui.QGuiApplication.instance() is not None:
        return
    # no window is ever shown: lay out offscreen (also where a display exists, as in
    # the GUI's worker process), unless the user chose a platform
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app_class: Any
    try:
        from PySide6.QtWidgets import QApplication

        app_class = QApplication
    except ImportError:  # a Qt without widgets: a document still lays out
        app_class = QtGui.QGuiApplication
    _APP.append(app_class(["aleth-inspector"]))


def html_document(html: str):  # type: ignore[no-untyped-def]
    """A QTextDocument of ``html`` (for the GUI's print preview, and for tests)."""
    _, QtGui = _qt()
    _application(QtGui)
    doc = QtGui.QTextDocument()
    doc.setHtml(html)
    return doc


def render_pdf(report: Report, options: RenderOptions | None = None) -> bytes:
    """The PDF bytes of the HTML report of ``report`` (A4, 15 mm margins, at most
    :data:`PDF_MAX_ROWS` rows per table)."""
    QtCore, QtGui = _qt()
    o = options or RenderOptions()
    if o.max_rows > PDF_MAX_ROWS:
        o = replace(o, max_rows=PDF_MAX_ROWS)
    doc = html_document(render_html(report, o))
    buffer = QtCore.QBuffer()
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    writer = QtGui.QPdfWriter(buffer)
    writer.setPageSize(QtGui.QPageSize(QtGui.QPageSize.PageSizeId.A4))
    writer.setPageMargins(QtCore.QMarginsF(15, 15, 15, 15), QtGui.QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setCreator(f"{o.tool.get('name', '')} {o.tool.get('version', '')}".strip())
    writer.setTitle("Aleth Inspector report")
    doc.print_(writer)
    del writer  # finishes the PDF
    buffer.close()
    return bytes(buffer.data())
