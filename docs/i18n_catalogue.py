"""Keep the core's translation catalogues complete, sorted and stable.

Every sentence the core and the command line show a person is a registered template
(``inspector.core.findings.message``); ``inspector/core/locale/<lang>.json`` maps
each English template to its translation with the same ``{name}`` placeholders
(see ``inspector/core/locale/README.md`` for the glossary).

    python docs/i18n_catalogue.py --templates         # every registered template, as a JSON list
    python docs/i18n_catalogue.py --missing es        # untranslated templates as JSON {template: ""}
    python docs/i18n_catalogue.py --stale fr          # entries no template uses any more, as JSON
    python docs/i18n_catalogue.py --merge es FILE     # add FILE's {template: translation}, write sorted
    python docs/i18n_catalogue.py --format            # rewrite every catalogue in its canonical form
    python docs/i18n_catalogue.py --check             # exit 1: missing, stale, mismatched or unsorted

Fill the ``--missing`` output and give it back to ``--merge``: it refuses a translation
whose placeholders differ from its template's, an empty one, or one for no template.
The canonical form is one entry per line, keys sorted, UTF-8 (``json.dumps(indent=1,
sort_keys=True, ensure_ascii=False)``), so an addition is a one-line diff.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import string
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "inspector" / "core" / "locale"
LANGS = ("es", "fr")
# The packages whose modules register templates; the GUI speaks through Qt's .ts files.
PACKAGES = ("inspector.core", "inspector.cli")


def registered_templates() -> set[str]:
    """Every template the core and the command line register (modules register on import)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from inspector.core.findings import TEMPLATES

    for name in PACKAGES:
        package = importlib.import_module(name)
        for m in pkgutil.walk_packages(package.__path__, name + "."):
            if m.name.rsplit(".", 1)[-1] != "__main__":  # importing it would run the program
                importlib.import_module(m.name)
    return set(TEMPLATES)


def fresh_templates() -> set[str]:
    """:func:`registered_templates` as a fresh interpreter sees them (a test process
    also holds the templates its fixtures registered)."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--templates"],
        capture_output=True,
        check=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    ).stdout
    return set(json.loads(out))


def fields(text: str) -> Counter[str]:
    """The named placeholders of ``text`` (``{{``/``}}`` are escapes, not fields)."""
    return Counter(name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None)


def problem(template: str, translation: object) -> str | None:
    """Why ``translation`` cannot stand for ``template``, or None."""
    if not isinstance(translation, str) or not translation.strip():
        return "empty or not a string"
    try:
        if fields(translation) != fields(template):
            return f"placeholders {sorted(fields(translation))} differ from {sorted(fields(template))}"
    except ValueError as exc:  # an unbalanced brace
        return f"not a valid format string ({exc})"
    return None


def path(lang: str) -> Path:
    return LOCALE / f"{lang}.json"


def load(lang: str) -> dict[str, str]:
    data = json.loads(path(lang).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise SystemExit(f"{path(lang)} is not a JSON object")
    return data


def dump(data: dict[str, str]) -> str:
    """The canonical text of a catalogue."""
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write(lang: str, data: dict[str, str]) -> None:
    path(lang).write_text(dump(data), encoding="utf-8", newline="\n")


def missing(lang: str, templates: set[str]) -> list[str]:
    cat = load(lang)
    return sorted(t for t in templates if t not in cat)


def stale(lang: str, templates: set[str]) -> list[str]:
    return sorted(k for k in load(lang) if k not in templates)


def merge(lang: str, new: dict[str, str], templates: set[str]) -> list[str]:
    """Add ``new`` to the catalogue of ``lang``; the errors, or [] when it was written."""
    errors = []
    for template, translation in new.items():
        if template not in templates:
            errors.append(f"no such template: {template!r}")
        elif (why := problem(template, translation)) is not None:
            errors.append(f"{template!r}: {why}")
    if not errors:
        write(lang, {**load(lang), **new})
    return errors


def check(templates: set[str]) -> list[str]:
    """Everything wrong with the catalogues (empty when they are complete and canonical)."""
    errors = []
    for lang in LANGS:
        cat = load(lang)
        errors += [f"{lang}: missing {t!r}" for t in sorted(templates - set(cat))]
        errors += [f"{lang}: stale {k!r}" for k in sorted(set(cat) - templates)]
        errors += [
            f"{lang}: {k!r}: {why}" for k in sorted(set(cat) & templates) if (why := problem(k, cat[k]))
        ]
        if path(lang).read_text(encoding="utf-8") != dump(cat):
            errors.append(f"{lang}: not in canonical form (run python docs/i18n_catalogue.py --format)")
    return errors


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--templates", action="store_true", help="list every registered template as JSON")
    g.add_argument("--missing", metavar="LANG", choices=LANGS, help="list untranslated templates as JSON")
    g.add_argument("--stale", metavar="LANG", choices=LANGS, help="list entries no template uses as JSON")
    g.add_argument("--merge", nargs=2, metavar=("LANG", "FILE"), help="add FILE's translations to LANG")
    g.add_argument("--format", action="store_true", help="rewrite the catalogues in canonical form")
    g.add_argument("--check", action="store_true", help="exit 1 when a catalogue is not complete")
    args = p.parse_args(argv)
    templates = registered_templates()
    if args.templates:
        print(json.dumps(sorted(templates), indent=1))  # ASCII: any stream encoding carries it
    elif args.missing:
        print(json.dumps(dict.fromkeys(missing(args.missing, templates), ""), ensure_ascii=False, indent=1))
    elif args.stale:
        print(json.dumps(stale(args.stale, templates), ensure_ascii=False, indent=1))
    elif args.merge:
        lang, file = args.merge
        if lang not in LANGS:
            p.error(f"LANG must be one of {', '.join(LANGS)}")
        errors = merge(lang, json.loads(Path(file).read_text(encoding="utf-8")), templates)
        for e in errors:
            print(e, file=sys.stderr)
        return 1 if errors else 0
    elif args.format:
        for lang in LANGS:
            write(lang, load(lang))
    else:
        errors = check(templates)
        for e in errors:
            print(e, file=sys.stderr)
        return 1 if errors else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
