"""``aleth-inspector explain [CODE | STATUS]``: what a finding code or an object status
means, why it matters and what to do, from the code and status tables (the same tables as
docs/codes.md and the GUI)."""

from __future__ import annotations

import argparse
import difflib
import textwrap

from ..core.findings import message
from .common import EXIT_PASS, UsageError

HEADINGS = {
    "meaning": message("What it means"),
    "why": message("Why it matters"),
    "action": message("What to do"),
}
SEVERITY = {"error": message("error"), "warning": message("warning"), "info": message("note")}
LIST_HEAD = message("Finding codes (aleth-inspector explain CODE for one):")
STATUS_HEAD = message("Object statuses (aleth-inspector explain STATUS for one):")
STATUS_WORD = message("object status")
MIN_TITLE = 30  # the title column is at least this wide; a longer code gets a line of its own


def register(sub) -> None:  # type: ignore[no-untyped-def]
    from ..core.i18n import LANGUAGES

    e = sub.add_parser(
        "explain",
        help="what a finding code or status means, why it matters and what to do",
        description="Explain the finding CODE or the object STATUS (as printed in a report, e.g. "
        "signature_invalid or NOT_IN_PROVEN_PRE_ROTATION_HISTORY): what it says about the file, why an "
        "auditor should care and what to do. Without CODE, list every code and status.",
    )
    arg = e.add_argument(
        "code",
        metavar="CODE",
        nargs="?",
        help="a finding code (signature_invalid) or an object status (VALID_HISTORICAL)",
    )
    arg.completion_words = completion_words  # read by cli/shell.py
    e.add_argument("--lang", choices=LANGUAGES, default=None, help="language (default: from the environment)")
    e.set_defaults(func=cmd_explain)


def completion_words() -> list[str]:
    """Every code and status, for shell completion of ``explain``."""
    from ..core.codebook import all_codes, all_statuses

    return [*all_codes(), *all_statuses()]


def _rows(rows: list[tuple[str, str, str]], width: int) -> list[str]:
    """``(name, word, title)`` rows as aligned columns; a title wraps under itself (never
    cut), a name too long for its column gets a line of its own."""
    name_w = max(len(name) for name, _, _ in rows)
    word_w = max(len(word) for _, word, _ in rows)
    gap = word_w + 2 if word_w else 0
    col = min(name_w, max(12, width - gap - 4 - MIN_TITLE))
    indent = " " * (2 + col + 2 + gap)
    out: list[str] = []
    for name, word, title in rows:
        if len(name) > col:
            out.append(f"  {name}")
            name = ""
        first = f"  {name:<{col}}  " + (f"{word:<{word_w}}  " if word_w else "")
        out.extend(
            textwrap.wrap(
                title,
                max(width, len(indent) + 10),
                initial_indent=first,
                subsequent_indent=indent,
                break_on_hyphens=False,
            )
        )
    return out


def cmd_explain(args: argparse.Namespace) -> int:
    from ..core.codebook import all_codes, all_statuses, explain_entry
    from ..core.i18n import system_language, tr
    from .output import stdout, terminal_width

    out = stdout()
    lang = args.lang or system_language()
    width = max(40, min(terminal_width(out), 100))
    table, statuses = all_codes(), all_statuses()
    if args.code is None:
        lines = textwrap.wrap(tr(LIST_HEAD, lang), width)
        lines += _rows(
            [(code, tr(SEVERITY[e.severity.value], lang), tr(e.title, lang)) for code, e in table.items()],
            width,
        )
        lines += ["", *textwrap.wrap(tr(STATUS_HEAD, lang), width)]
        lines += _rows([(name, "", tr(s.title, lang)) for name, s in statuses.items()], width)
        print("\n".join(lines), file=out)
        return EXIT_PASS
    info = explain_entry(args.code)
    if info is None:
        known = {name.lower(): name for name in (*table, *statuses)}
        close = [known[c] for c in difflib.get_close_matches(args.code.lower(), list(known), n=3, cutoff=0.5)]
        hint = (
            f"; did you mean {', '.join(close)}?" if close else "; aleth-inspector explain lists every code"
        )
        raise UsageError(f"no finding code or status {args.code}{hint}")
    kind = STATUS_WORD if info.profile == "status" else SEVERITY[info.severity.value]
    lines = [f"{info.code}  ({tr(kind, lang)})", *textwrap.wrap(tr(info.title, lang), width)]
    for key in ("meaning", "why", "action"):
        lines.append("")
        lines.append(tr(HEADINGS[key], lang))
        lines.extend(
            textwrap.wrap(tr(getattr(info, key), lang), width, initial_indent="  ", subsequent_indent="  ")
        )
    print("\n".join(lines), file=out)
    return EXIT_PASS
