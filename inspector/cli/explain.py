"""``aleth-inspector explain [CODE]``: what a finding code (or an object status such as
VALID_HISTORICAL) means, why it matters and what to do, from the code table (the same
table as docs/codes.md, the GUI and the MCP server's explain_code)."""

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
STATUS_WORD = message("object status")
LIST_HEAD = message("Finding codes (aleth-inspector explain CODE for one):")


def register(sub) -> None:  # type: ignore[no-untyped-def]
    from ..core.i18n import LANGUAGES

    e = sub.add_parser(
        "explain",
        help="what a finding code or status means, why it matters and what to do",
        description="Explain the finding CODE (as printed in a report) or an object status "
        "(VALID_HISTORICAL, …): what it says about the file, why an auditor should care and what to do. "
        "Without CODE, list every code.",
    )
    e.add_argument(
        "code", metavar="CODE", nargs="?", help="a finding code or a status, e.g. signature_invalid"
    )
    e.add_argument("--lang", choices=LANGUAGES, default=None, help="language (default: from the environment)")
    e.set_defaults(func=cmd_explain)


def cmd_explain(args: argparse.Namespace) -> int:
    from ..core.codebook import all_codes, all_statuses, explain_entry
    from ..core.i18n import system_language, tr
    from .output import stdout, terminal_width

    out = stdout()
    lang = args.lang or system_language()
    width = max(40, min(terminal_width(out), 100))
    table = all_codes()
    if args.code is None:
        print(tr(LIST_HEAD, lang), file=out)
        size = max(len(c) for c in table)
        sev = max(len(tr(word, lang)) for word in SEVERITY.values())  # "advertencia" is longer than "warning"
        for code, entry in table.items():
            word = tr(SEVERITY[entry.severity.value], lang)
            line = f"  {code:<{size}}  {word:<{sev}}  {tr(entry.title, lang)}"
            print(line if len(line) <= width else line[: width - 1] + "…", file=out)
        return EXIT_PASS
    info = explain_entry(args.code)
    if info is None:
        close = difflib.get_close_matches(args.code, [*table, *all_statuses()], n=3, cutoff=0.5)
        hint = (
            f"; did you mean {', '.join(close)}?" if close else "; aleth-inspector explain lists every code"
        )
        raise UsageError(f"no finding code {args.code}{hint}")
    kind = STATUS_WORD if info.profile == "status" else SEVERITY[info.severity.value]
    lines = [f"{info.code}  ({tr(kind, lang)})", tr(info.title, lang)]
    for key in ("meaning", "why", "action"):
        lines.append("")
        lines.append(tr(HEADINGS[key], lang))
        lines.extend(
            textwrap.wrap(tr(getattr(info, key), lang), width, initial_indent="  ", subsequent_indent="  ")
        )
    print("\n".join(lines), file=out)
    return EXIT_PASS
