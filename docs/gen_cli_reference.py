"""Regenerate docs/cli.md from the real ``--help`` texts (a test checks they agree).

    python docs/gen_cli_reference.py > docs/cli.md
"""

from __future__ import annotations

import contextlib
import io
import os
import sys

COMMANDS = [[], ["verify"], ["gui"], ["demo"], ["receipt"], ["receipt", "prove"], ["receipt", "check"],
            ["rotate"], ["revoke"], ["grant"], ["migrate"], ["rekey"], ["recover"], ["label"]]


def help_text(args: list[str]) -> str:
    os.environ["COLUMNS"] = "100"
    from inspector.cli import build_parser

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            build_parser().parse_args([*args, "--help"])
        except SystemExit:
            pass
    return buf.getvalue().replace("usage: __main__.py", "usage: aleth-inspector").replace(
        "usage: gen_cli_reference.py", "usage: aleth-inspector").replace(
        "usage: pytest", "usage: aleth-inspector")


def render() -> str:
    out = ["# Command-line reference", "",
           "Generated from the program's own `--help` (`python docs/gen_cli_reference.py > docs/cli.md`);",
           "a test fails when they drift apart.", ""]
    for args in COMMANDS:
        title = " ".join(["aleth-inspector", *args])
        out += [f"## `{title}`", "", "```", help_text(args).rstrip(), "```", ""]
    return "\n".join(out)


if __name__ == "__main__":
    sys.stdout.write(render())
