"""Output that cannot crash: any strings in a report (lone surrogates, control
characters, huge words, right-to-left text, emoji) render in every format, in any
encoding, within the width, as valid JSON, SARIF and XML."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.core.findings import Finding, Severity
from inspector.core.render import (
    RenderOptions,
    render_html,
    render_json,
    render_junit,
    render_sarif,
    render_text,
)
from inspector.core.render.safe import encode
from inspector.core.render.text import plain_width
from inspector.core.verify.report import KeyEra, Report, Status

from .test_sarif import SARIF_SCHEMA

text = st.text(st.characters(codec=None, exclude_categories=()), max_size=120) | st.sampled_from(
    ["\ud800", "caf\udce9", "\x00\x1b[31m", "‮evil", "😀" * 50, "x" * 300, "", "<b>&amp;</b>"]
)
text = text.filter(lambda s: "None" not in s)  # so any "None" in the output is the renderer's
nonempty = text.filter(bool)


@st.composite
def reports(draw) -> Report:
    r = Report(
        verdict=draw(st.sampled_from(["pass", "fail", "unopenable", "indeterminate", "error", "interrupted"]))
    )
    r.profile = draw(st.sampled_from(["alethech", "hom-aimos-v1"]))
    if r.profile == "hom-aimos-v1":
        r.primary_reason, r.root, r.bundle_sha256 = draw(text), draw(text), draw(text)
    r.head = draw(st.none() | text)
    for _ in range(draw(st.integers(0, 6))):
        r.findings.append(
            Finding(
                draw(nonempty),
                draw(st.sampled_from(list(Severity))),
                draw(text),
                draw(text),
                draw(nonempty),
                tuple(draw(st.lists(text, max_size=2))),
                draw(st.none() | text),
                draw(st.none() | text),
                draw(st.none() | text),
                additional=draw(st.booleans()),
            )
        )
    for cid in draw(st.lists(text, max_size=4, unique=True)):
        r.commits[cid] = draw(st.sampled_from(list(Status)))
        r.order.append(cid)
    for i in range(draw(st.integers(0, 2))):
        revoked = draw(st.booleans())
        r.eras.append(
            KeyEra(
                i,
                draw(text),
                draw(text),
                draw(text),
                draw(text),
                draw(text),
                "key_grant",
                None,
                draw(text) if revoked else None,
                draw(text) if revoked else None,
                draw(st.none() | text),
            )
        )
    r.input = {
        "path": draw(st.none() | text),
        "sha256": None,
        "size": draw(st.none() | st.integers(0, 2**40)),
        "format": draw(st.none() | text),
    }
    r.started_at = draw(st.none() | st.just("2026-11-30T11:20:00.000Z"))
    r.duration_s = draw(st.none() | st.floats(0, 1e6))
    return r


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(reports(), st.integers(40, 140), st.sampled_from(["utf-8", "ascii", "cp1252"]), st.booleans())
def test_text_never_fails_and_fits(report, width, encoding, color):
    out = render_text(report, RenderOptions(width=width, color=color, strict=True))
    encode(out, encoding).decode(encoding)
    for line in out.splitlines():
        assert plain_width(line) <= width, line


@SETTINGS
@given(reports(), st.sampled_from(["utf-8", "ascii"]))
def test_json_is_valid_json_in_any_encoding(report, encoding):
    doc = json.loads(encode(render_json(report), encoding, kind="json").decode(encoding))
    assert doc["verdict"] == report.verdict and len(doc["findings"]) == len(report.findings)


@SETTINGS
@given(reports())
def test_sarif_is_valid_sarif(report):
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(json.loads(render_sarif(report)))


@SETTINGS
@given(reports())
def test_junit_is_well_formed_xml(report):
    ET.fromstring(render_junit(report).encode("utf-8"))


@SETTINGS
@given(reports())
def test_html_never_prints_none_or_raw_markup(report):
    html = render_html(report)
    body = html.split("<body>", 1)[1]
    assert "<b>&amp;</b>" not in body and "None" not in body
    encode(html, "utf-8").decode("utf-8")
