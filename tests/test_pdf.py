"""The PDF report (inspector/pdf.py): the core's HTML report laid out by Qt, outside
the core; tables repeat their header on every page and are capped; without Qt, a
clear message."""

from __future__ import annotations

import copy
import re
import sys

import pytest

from inspector.core.findings import Finding, Severity
from inspector.pdf import PdfUnavailable, render_pdf
from tests.core.render.conftest import fail_report, many_warnings_report, pass_report

__all__ = ["fail_report", "many_warnings_report", "pass_report"]  # fixtures shared with the HTML tests


def test_pdf_is_a_pdf_with_several_pages_for_a_long_report(qapp, fail_report):
    long = copy.copy(fail_report)
    long.findings = [
        Finding("unreachable_commit", Severity.WARNING, "commit", f"sha256:{i:064x}", f"finding number {i}")
        for i in range(300)
    ]
    pdf = render_pdf(long)
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert b"aleth-inspector" in pdf  # the creator
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) >= 3


def test_pdf_tables_repeat_their_header_on_every_page(qapp, pass_report):
    from PySide6.QtGui import QTextTable

    from inspector.core.render.html import render_html as html_of
    from inspector.pdf import html_document

    doc = html_document(html_of(pass_report))
    tables = [f for f in doc.rootFrame().childFrames() if isinstance(f, QTextTable)]
    assert len(tables) >= 3  # input, findings placeholder or table, eras, commits
    with_header = [t for t in tables if t.format().headerRowCount() == 1]
    assert len(with_header) >= 2  # eras and commits: a <thead> each, repeated per page


def test_pdf_tables_are_capped_and_say_so(qapp, monkeypatch, many_warnings_report):
    from inspector import pdf

    seen = {}

    def spy(html):
        seen["html"] = html
        return html_document_orig(html)

    html_document_orig = pdf.html_document
    monkeypatch.setattr(pdf, "PDF_MAX_ROWS", 3)
    monkeypatch.setattr(pdf, "html_document", spy)
    render_pdf(many_warnings_report)
    assert "… 5 more rows in the JSON report." in seen["html"]


def test_pdf_without_qt_says_what_to_install(monkeypatch, pass_report):
    monkeypatch.setitem(sys.modules, "PySide6", None)  # import PySide6 now fails
    with pytest.raises(PdfUnavailable, match=r"pip install 'aleth-inspector\[gui\]'"):
        render_pdf(pass_report)
