"""``aleth-inspector gui [FILE]`` (also ``aleth-inspector FILE``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import EXIT_USAGE, UsageError, add_credential_args


def register(sub) -> None:  # type: ignore[no-untyped-def]
    g = sub.add_parser(
        "gui",
        help="open the desktop inspector (also: aleth-inspector FILE)",
        description="Open the desktop inspector, optionally on FILE. Without a display it "
        "says so and prints the headless report of FILE instead.",
    )
    g.add_argument("path", metavar="FILE", nargs="?", help="a .aleth file or a directory store")
    add_credential_args(g)
    g.add_argument("--checkpoint", metavar="F", help="external checkpoint JSON")
    g.add_argument(
        "--screenshot",
        metavar="OUT.png",
        help="open, verify, render the main window, save a PNG screenshot and exit",
    )
    g.add_argument("--banner", metavar="TEXT", help=argparse.SUPPRESS)
    g.set_defaults(func=cmd_gui)


def cmd_gui(args: argparse.Namespace) -> int:
    import os

    from ..gui.app import has_display, run_gui

    if args.screenshot and not has_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not has_display():
        print(
            "aleth-inspector: no display (DISPLAY/WAYLAND_DISPLAY unset); printing the headless "
            "report instead.",
            file=sys.stderr,
        )
        if not args.path:
            return EXIT_USAGE
        args.json, args.strict = False, False
        from .verify import cmd_verify

        return cmd_verify(args)
    if args.path and not Path(args.path).exists():
        raise UsageError(f"{args.path} does not exist")
    return run_gui(
        args.path,
        passphrase_file=args.passphrase_file,
        recovery_code_file=args.recovery_code_file,
        checkpoint=args.checkpoint,
        screenshot=args.screenshot,
        banner=args.banner,
    )
