"""Regenerate docs/cli.md from the real ``--help`` texts (a test checks they agree).

python docs/gen_cli_reference.py > docs/cli.md
"""

from __future__ import annotations

import contextlib
import io
import os
import sys


def commands() -> list[list[str]]:
    """Every command and sub-command path, walked from the real parser."""
    import argparse

    from inspector.cli import build_parser

    out: list[list[str]] = []

    def walk(parser: argparse.ArgumentParser, prefix: list[str]) -> None:
        out.append(prefix)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(child, [*prefix, name])

    walk(build_parser(), [])
    return out


def help_text(args: list[str]) -> str:
    os.environ["COLUMNS"] = "100"
    from inspector.cli import build_parser

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
        build_parser().parse_args([*args, "--help"])
    return (
        buf.getvalue()
        .replace("usage: __main__.py", "usage: aleth-inspector")
        .replace("usage: gen_cli_reference.py", "usage: aleth-inspector")
        .replace("usage: pytest", "usage: aleth-inspector")
    )


def render() -> str:
    out = [
        "# Command-line reference",
        "",
        "Generated from the program's own `--help` (`python docs/gen_cli_reference.py > docs/cli.md`);",
        "a test fails when they drift apart.",
        "",
    ]
    for args in commands():
        title = " ".join(["aleth-inspector", *args])
        out += [f"## `{title}`", "", "```", help_text(args).rstrip(), "```", ""]
    return "\n".join(out)


if __name__ == "__main__":
    sys.stdout.write(render())
