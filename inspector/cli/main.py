"""The ``aleth-inspector`` command line: parse, call the core, print, exit.

Each subcommand lives in its own module with a ``register(sub)`` that adds its
parser and sets ``func``.  Exit codes: 0 pass, 1 fail, 2 unopenable, 3 usage
(bad arguments, missing credential, refused operation).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from . import audit, author, demo, gui, receipt, verify
from .common import EXIT_USAGE, Parser, UsageError

MODULES = (verify, audit, demo, receipt, author, gui)


def _versions() -> str:
    import platform

    import cryptography

    parts = [
        f"aleth-inspector {__version__}",
        f"Python {platform.python_version()}",
        f"cryptography {cryptography.__version__}",
    ]
    try:  # Qt is only needed by the GUI; report it when present
        import PySide6
        from PySide6 import QtCore

        parts.append(f"PySide6 {PySide6.__version__}")
        parts.append(f"Qt {QtCore.qVersion()}")
    except ImportError:
        parts.append("PySide6 not installed")
    return "\n".join(parts)


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: list[str], dest: str, **kw: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print versions and exit")

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        print(_versions())
        parser.exit()


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: list[str], dest: str, **kw: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print versions and exit")

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        print(_versions())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="aleth-inspector",
        description="Verify and explore alethech agent-memory files (.aleth containers and "
        "directory stores).",
        epilog="Exit codes: 0 pass, 1 fail, 2 unopenable, 3 usage.",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for m in MODULES:
        m.register(sub)
    return parser


def command_names() -> list[str]:
    """Every subcommand name, in the order ``--help`` lists them."""
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in command_names() and not argv[0].startswith("-") and Path(argv[0]).exists():
        argv.insert(0, "gui")  # plain `aleth-inspector FILE` opens the GUI
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"aleth-inspector: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("aleth-inspector: interrupted", file=sys.stderr)
        return EXIT_USAGE
