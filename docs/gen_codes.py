"""Regenerate docs/codes.md from the code and status tables (a test checks they agree).

python docs/gen_codes.py > docs/codes.md

The same entries are what `aleth-inspector explain CODE`, the SARIF rules and the
GUI's Detail pane show.
"""

from __future__ import annotations

import sys
from pathlib import Path

PROFILES = {
    "alethech": "alethech files (SPEC Parts A–D) and the command line",
    "hom-aimos-v1": "HOM-AIMOS evidence bundles (SPEC Part F)",
    "hom-aimos-v2": "HOM-AIMOS v2 portable evidence (SPEC Part F, rev 3)",
    "audit": "fleet audits",
}
SEVERITY = {"error": "error", "warning": "warning", "info": "note"}


def md(text: str) -> str:
    """Plain text safe in Markdown (a <private> tag is shown, not swallowed as HTML)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")


def render() -> str:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from inspector.core.codebook import all_codes

    table = all_codes()
    out = [
        "# Finding codes",
        "",
        "Every code a report can carry: what it means, why it matters and what to do. Generated from the",
        "code table (`python docs/gen_codes.py > docs/codes.md`); `aleth-inspector explain CODE` prints",
        "the same text, and a test fails when they drift apart. Severity is the usual one (an error fails",
        "the verdict; with `--strict` a warning does too; a note never does).",
        "",
    ]
    profiles = [p for p in PROFILES if any(i.profile == p for i in table.values())]
    profiles += sorted({i.profile for i in table.values()} - set(profiles))
    for profile in profiles:
        entries = [i for i in table.values() if i.profile == profile]
        out += [f"## {PROFILES.get(profile, profile)}", "", "| code | severity | what |", "|---|---|---|"]
        out += [
            f"| [`{i.code}`](#{i.code}) | {SEVERITY[i.severity.value]} | {md(i.title)} |" for i in entries
        ]
        out.append("")
        for i in entries:
            out += [
                f'<a id="{i.code}"></a>',
                f"### `{i.code}`: {md(i.title)}",
                "",
                f"*{SEVERITY[i.severity.value]}*. {md(i.meaning)}",
                "",
                f"**Why it matters.** {md(i.why)}",
                "",
                f"**What to do.** {md(i.action)}",
                "",
            ]
    from inspector.core.codebook import all_statuses

    statuses = all_statuses()
    out += [
        "## Object statuses",
        "",
        "Every commit and evidence record has one status (`aleth-inspector explain STATUS`):",
        "",
        "| status | what |",
        "|---|---|",
    ]
    out += [f"| [`{name}`](#status-{name.lower()}) | {md(s.title)} |" for name, s in statuses.items()]
    out.append("")
    for name, s in statuses.items():
        out += [
            f'<a id="status-{name.lower()}"></a>',
            f"### `{name}`: {md(s.title)}",
            "",
            md(s.meaning),
            "",
            f"**Why it matters.** {md(s.why)}",
            "",
            f"**What to do.** {md(s.action)}",
            "",
        ]
    return "\n".join(out)


if __name__ == "__main__":
    sys.stdout.write(render())
