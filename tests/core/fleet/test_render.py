"""The fleet renderers: text summary, progress line, HTML fleet report, and the JSON
against its published schema."""

from __future__ import annotations

import html.parser
import json
import shutil

from inspector.core.fleet.audit import AuditResult, run_audit
from inspector.core.fleet.credentials import load_rules
from inspector.core.fleet.discover import discover
from inspector.core.fleet.render import progress_json, progress_line, render_html, render_text
from inspector.core.verify.engine import CancelToken

from ...conftest import ALETHECH
from .schema import assert_valid


def small_result(tmp_path, name='<b>odd & "named"</b>'):
    root = tmp_path / "f"
    shutil.copytree(ALETHECH / "01_basic" / "store", root / "ok")
    shutil.copytree(ALETHECH / "09_tampered_a_commit_content" / "store", root / name)
    (root / "deep").mkdir()
    shutil.copyfile(ALETHECH / "11_container_v1_bad_magic" / "memory.aleth", root / "deep" / "x.aleth")
    return run_audit(discover([str(root)]))


def test_the_fleet_json_follows_the_published_schema(fleet):
    result = run_audit(discover([str(fleet.root)]), rules=load_rules(fleet.credentials))
    doc = result.to_json()
    assert_valid(doc)
    assert json.loads(json.dumps(doc)) == doc  # plain JSON data
    assert doc["totals"]["files"] == len(doc["files"]) == len(fleet.creds)
    assert sum(doc["totals"][v] for v in ("pass", "fail", "unopenable", "indeterminate", "error")) == len(
        fleet.creds
    )


def test_interrupted_and_failed_runs_follow_the_schema(tmp_path):
    token = CancelToken()
    token.cancel()
    shutil.copytree(ALETHECH / "01_basic" / "store", tmp_path / "s")
    doc = run_audit(discover([str(tmp_path / "s")]), cancel=token).to_json()
    assert_valid(doc)
    assert doc["interrupted"] and [n["path"] for n in doc["not_checked"]] == [str(tmp_path / "s")]
    assert doc["not_checked"][0]["code"] == "interrupted" and doc["stopped_by"] == "SIGINT"
    from inspector.core.errors import InspectorError

    doc = AuditResult(inputs=["x"], error=InspectorError("not_found", "x does not exist")).to_json()
    assert_valid(doc)
    assert doc["exit_code"] == 3 and doc["error"]["code"] == "not_found"


def test_text_fits_the_width_worst_first(tmp_path):
    result = small_result(tmp_path, "a-very-long-folder-name-" * 6)
    text = render_text(result, width=80)
    lines = text.splitlines()
    assert all(len(ln) <= 80 for ln in lines), max(lines, key=len)
    head = next(i for i, ln in enumerate(lines) if ln.split()[:1] == ["FILE"])
    # the common folder, said once (a long one wraps onto a line of its own)
    assert " ".join(" ".join(lines[:head]).split()) == f"Files under {tmp_path / 'f'}/:"
    table = lines[head + 1 : head + 4]
    assert [ln.split()[1] for ln in table] == ["FAIL", "UNOPENABLE", "PASS"]
    first = table[0].split()[0]
    assert first.startswith("a-very") and first.endswith("name-") and "…" in first  # both ends
    assert [ln.split()[0] for ln in table[1:]] == ["deep/x.aleth", "ok"]  # under the root, whole
    assert "3 files: 1 pass, 1 fail, 1 unopenable, 0 without a verdict" in text


def test_text_in_spanish_and_french(tmp_path):
    result = small_result(tmp_path, "b")
    es = render_text(result, width=100, lang="es").splitlines()[1:]
    assert es[0].split()[:3] == ["ARCHIVO", "VEREDICTO", "ERRORES"]
    assert [ln.split()[1] for ln in es[1:4]] == ["FALLA", "NO", "CORRECTO"]  # NO SE PUEDE ABRIR
    assert all("," in ln.split()[-1] for ln in es[1:4])  # seconds with a decimal comma
    text = "\n".join(es)
    assert "Archivos: 3 (correctos: 1; con fallo: 1; no se pueden abrir: 1; sin veredicto: 0)" in text
    fr = render_text(result, width=100, lang="fr")
    assert "Fichiers\u00a0: 3 (réussis\u00a0: 1\u202f; en échec\u00a0: 1" in fr
    line = progress_line(5, 10, 1, 2.0, "fr")
    assert line == "audit 5/10 fichiers · non réussis\u00a0: 1 · 2,5 fichiers/s · reste 0:02"


def test_progress_line_and_json():
    assert progress_line(0, 10, 0, 0.0) == "audit 0/10 files · 0 not passing · 0.0 files/s · ETA –"
    assert progress_line(5, 10, 1, 2.0) == "audit 5/10 files · 1 not passing · 2.5 files/s · ETA 0:02"
    assert progress_line(1, 7201, 0, 1.0).endswith("ETA 2:00:00")
    p = json.loads(progress_json(5, 10, 1, 2.0, "a/b.aleth"))
    assert p == {
        "type": "progress",
        "phase": "files",
        "elapsed_s": 2.0,
        "done": 5,
        "total": 10,
        "failed": 1,
        "rate": 2.5,
        "eta_s": 2.0,
        "path": "a/b.aleth",
    }


class _Collect(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: list[str] = []
        self.text: list[str] = []

    def handle_data(self, data):
        self.text.append(data)

    def handle_starttag(self, tag, attrs):
        d = dict(attrs)
        if "href" in d:
            self.hrefs.append(d["href"])
        if "id" in d:
            self.ids.append(d["id"])


def test_html_links_each_row_to_its_file_section_and_escapes_names(tmp_path):
    result = small_result(tmp_path)
    page = render_html(result)
    p = _Collect()
    p.feed(page)
    assert len(p.hrefs) == 3 and sorted(h[1:] for h in p.hrefs) == sorted(p.ids)
    assert "<b>odd" not in page and "&lt;b&gt;odd &amp; &#34;named&#34;&lt;/b&gt;" in page
    assert any(t.endswith('<b>odd & "named"</b>') for t in p.text)  # shown as text, not markup
    assert "digest_mismatch" in page and "bad_magic" in page
    assert page.count("<h2 id=") == 3


from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from inspector.core.fleet.render import common_root, fit_paths  # noqa: E402

NAMES = st.text(alphabet="abcdefghij-_0123456789", min_size=1, max_size=12)


def _lcp(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(NAMES, min_size=1, max_size=8).map("/".join), min_size=1, max_size=12, unique=True),
       st.integers(min_value=12, max_value=70))  # fmt: skip
def test_the_file_column_tells_files_apart_whenever_what_tells_them_apart_fits(paths, width):
    """Every cell fits; a path that fits is shown whole; and two paths are never shown
    alike when what tells each from the others — where it parts from every other path
    from the left, or from the right — fits in the column."""
    shown = fit_paths(paths, width)
    assert all(len(c) <= width for c in shown)
    for p, c in zip(paths, shown, strict=True):
        if len(p) <= width:
            assert c == p
        else:
            head, tail = c.split("…")
            assert p.startswith(head) and p.endswith(tail)

    def fits(p: str) -> bool:
        others = [q for q in paths if q != p]
        left = max((_lcp(p, q) for q in others), default=0)
        right = max((_lcp(p[::-1], q[::-1]) for q in others), default=0)
        name = len(p.rsplit("/", 1)[-1])
        return len(p) <= width or max(right + 1, name) <= width - 2 or left + 1 <= width - 2

    assume(all(fits(p) for p in paths))
    assert len(set(shown)) == len(shown), list(zip(paths, shown, strict=True))


def test_the_common_folder_is_said_once():
    assert common_root(["/srv/fleet/a/x.aleth", "/srv/fleet/b/y.aleth"]) == "/srv/fleet/"
    assert common_root(["a/x", "b/x"]) == ""
    assert common_root(["/x/a", "/y/b"]) == "/"
    assert common_root(["only/one"]) == ""
