"""Carry the GUI's translations across a move of code to another class.

``make i18n-update`` files every string under the class whose ``self.tr`` says it; when
code moves to another class (a window split into parts, a view into widgets), its
strings come back unfinished under the new context although the same sentence is
translated under the old one.  This fills every unfinished message of the ``.ts`` files
with the finished translation of the same source (and plural forms) from the catalogue
as it was at a git revision (default ``HEAD``), preferring the context named by
``--from CONTEXT`` (repeatable), then any context that has it.

    make i18n-update
    .venv/bin/python docs/ts_carry.py --from MainWindow --from WeightsView
    make i18n-update        # lupdate writes the files back in its own layout

``--fill FILE.json`` fills unfinished messages from new translations instead:
``{"es": {"source": "translation", "%n thing(s)": ["una cosa", "%n cosas"]}, "fr": {…}}``
(a list gives the plural forms).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"


def finished(revision: str, ts: Path) -> dict[tuple[str, str], ET.Element]:
    """(context, source) -> the finished <translation> element, at ``revision``."""
    rel = ts.relative_to(ROOT).as_posix()
    text = subprocess.run(
        ["git", "show", f"{revision}:{rel}"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    out: dict[tuple[str, str], ET.Element] = {}
    for ctx in ET.fromstring(text).iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            t = m.find("translation")
            if t is not None and t.get("type") not in ("unfinished", "obsolete", "vanished"):
                out[(name, m.findtext("source") or "")] = t
    return out


def carry(ts: Path, revision: str, prefer: list[str]) -> int:
    old = finished(revision, ts)
    by_source: dict[str, list[tuple[str, ET.Element]]] = {}
    for (ctx, src), t in old.items():
        by_source.setdefault(src, []).append((ctx, t))
    tree = ET.parse(ts)
    filled = 0
    for m in tree.getroot().iter("message"):
        t = m.find("translation")
        if t is None or t.get("type") != "unfinished":
            continue
        found = by_source.get(m.findtext("source") or "", [])
        if not found:
            continue
        found.sort(key=lambda ct: prefer.index(ct[0]) if ct[0] in prefer else len(prefer))
        src_t = found[0][1]
        m.remove(t)
        new = ET.SubElement(m, "translation")
        new.text = src_t.text
        for form in src_t.findall("numerusform"):
            ET.SubElement(new, "numerusform").text = form.text
        filled += 1
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")
    return filled


def fill(ts: Path, table: dict[str, str | list[str]]) -> int:
    """Fill the unfinished messages of ``ts`` whose source ``table`` translates."""
    tree = ET.parse(ts)
    filled = 0
    for m in tree.getroot().iter("message"):
        t = m.find("translation")
        src = m.findtext("source") or ""
        if t is None or t.get("type") != "unfinished" or src not in table:
            continue
        m.remove(t)
        new = ET.SubElement(m, "translation")
        value = table[src]
        if isinstance(value, list):
            for form in value:
                ET.SubElement(new, "numerusform").text = form
        else:
            new.text = value
        filled += 1
    body = ET.tostring(tree.getroot(), encoding="unicode")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")
    return filled


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--revision", default="HEAD", help="the git revision whose catalogue is carried")
    ap.add_argument("--from", dest="prefer", action="append", default=[], help="context to prefer")
    ap.add_argument("--fill", metavar="FILE", help="new translations, as JSON per language")
    args = ap.parse_args()
    if args.fill:
        import json

        tables = json.loads(Path(args.fill).read_text(encoding="utf-8"))
        for lang, table in tables.items():
            ts = I18N / f"aleth_inspector_{lang}.ts"
            print(f"{ts.name}: {fill(ts, table)} translation(s) filled")
        return 0
    for ts in sorted(I18N.glob("aleth_inspector_*.ts")):
        print(f"{ts.name}: {carry(ts, args.revision, args.prefer)} translation(s) carried")
    return 0


if __name__ == "__main__":
    sys.exit(main())
