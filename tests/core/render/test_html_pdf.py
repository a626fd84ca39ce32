"""HTML and PDF from one template: the audit record (file SHA-256, tool version,
time, checkpoint state), the limits of a verdict, never "None"; PDF tables repeat
their header on every page; without Qt, a clear message."""

from __future__ import annotations

import copy
import re
import sys

import pytest

from inspector import __version__
from inspector.core.render import PdfUnavailable, RenderOptions, render_html, render_pdf
from inspector.core.render import strings as S
from inspector.core.verify.report import Finding, Severity


def test_the_audit_record_is_on_the_page(checkpoint_report, unopenable_report):
    html = render_html(checkpoint_report)
    assert f"aleth-inspector {__version__}" in html
    assert "2026-11-30T11:20:00.123Z" in html
    assert "Checkpoint: verified" in html
    assert ">PASS<" in html
    unopenable_report.input.update(sha256="9" * 64, size=4096)
    html = render_html(unopenable_report)
    assert "9" * 64 in html and "4,096 bytes" in html


def test_what_a_verdict_does_not_prove(pass_report, hom_report):
    html = render_html(pass_report)
    for note in S.NOT_PROVEN:
        assert note in html
    assert S.NOT_PROVEN_HOM not in html
    assert S.NOT_PROVEN_HOM in render_html(hom_report)


def test_never_prints_none(every_report):
    for name, report in every_report.items():
        html = render_html(report)
        assert not re.search(r"\bNone\b", html), name


def test_html_escapes_what_the_file_says(fail_report):
    fail_report.findings.append(
        Finding("unsigned_field", Severity.WARNING, "commit", "<b>x</b>", "<script>alert(1)</script>")
    )
    try:
        html = render_html(fail_report)
    finally:
        fail_report.findings.pop()
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_hom_and_additional_findings(hom_report):
    html = render_html(hom_report)
    assert "missing_receipt_evidence" in html and "ab" * 32 in html and "cd" * 32 in html
    assert html.index("Additional findings") < html.index("self_issued_certificate")


def test_row_limit_points_to_the_json(many_warnings_report):
    html = render_html(many_warnings_report, RenderOptions(max_rows=2))
    assert "… 6 more rows in the JSON report." in html


def test_mutmem_tables(mutmem_report):
    html = render_html(mutmem_report)
    assert "Memories (MutMem)" in html and "Recall receipts" in html


# ---------------------------------------------------------------- PDF (Qt: in the test extra)
# The tests take pytest-qt's application, as the GUI has its own.
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
    from inspector.core.render.pdf import html_document

    doc = html_document(html_of(pass_report))
    tables = [f for f in doc.rootFrame().childFrames() if isinstance(f, QTextTable)]
    assert len(tables) >= 3  # input, findings placeholder or table, eras, commits
    with_header = [t for t in tables if t.format().headerRowCount() == 1]
    assert len(with_header) >= 2  # eras and commits: a <thead> each, repeated per page


def test_pdf_tables_are_capped_and_say_so(qapp, monkeypatch, many_warnings_report):
    from inspector.core.render import pdf

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
