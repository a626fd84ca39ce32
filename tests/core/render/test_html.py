"""The HTML report from its one template: the audit record (file SHA-256, tool
version, time, checkpoint state), the limits of a verdict, never "None" (the PDF,
laid out from it by Qt outside the core, is tested in tests/test_pdf.py)."""

from __future__ import annotations

import re

from inspector import __version__
from inspector.core.findings import Finding, Severity
from inspector.core.render import RenderOptions, render_html
from inspector.core.render import strings as S


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
