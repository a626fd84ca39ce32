"""``aleth-inspector gui [FILE]`` (also ``aleth-inspector FILE``)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from .common import EXIT_USAGE, UsageError, add_credential_args, credential_from_args

INSTALL_HINT = (
    "The desktop window needs Qt: pip install 'aleth-inspector[gui]' (or run `make run` in a checkout). "
    "The command line works without it: aleth-inspector verify FILE"
)


def geometry(text: str) -> tuple[int, int]:
    """``WxH`` → (W, H), each 320…8192."""
    m = re.fullmatch(r"\s*(\d{3,5})\s*[xX×]\s*(\d{3,5})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x800, got {text!r}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"{w}x{h} is outside 320x240…8192x8192")
    return w, h


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
    g.add_argument(
        "--geometry",
        metavar="WxH",
        type=geometry,
        help="window size in pixels, e.g. 1280x800 (reproducible screenshots)",
    )
    g.add_argument(
        "--lang",
        choices=("en", "es", "fr"),
        help="language of the window (default: the system's, else English)",
    )
    g.add_argument("--banner", metavar="TEXT", help=argparse.SUPPRESS)
    g.set_defaults(func=cmd_gui)


def cmd_gui(args: argparse.Namespace) -> int:
    try:
        from ..gui.app import check_dependencies, has_display, run_gui
    except ImportError:
        print(f"aleth-inspector: {INSTALL_HINT}", file=sys.stderr)
        if not args.path:
            return EXIT_USAGE
        return _headless(args)
    problem = check_dependencies()
    if problem:
        print(problem, file=sys.stderr)
        if not args.path:
            return EXIT_USAGE
        return _headless(args)
    if args.screenshot and not has_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not has_display():
        if not args.path:
            print(
                "aleth-inspector: no display (DISPLAY/WAYLAND_DISPLAY unset), so the window cannot open.\n"
                "  To verify a file here:          aleth-inspector verify FILE\n"
                "  To render the window to a PNG:  aleth-inspector gui FILE --screenshot OUT.png\n"
                "  On a remote machine, use ssh -X, or run under a virtual display (xvfb-run).",
                file=sys.stderr,
            )
            return EXIT_USAGE
        print(
            "aleth-inspector: no display (DISPLAY/WAYLAND_DISPLAY unset); printing the headless "
            "report instead.",
            file=sys.stderr,
        )
        return _headless(args)
    if args.path and not Path(args.path).exists():
        raise UsageError(f"{args.path} does not exist")
    if args.checkpoint and not Path(args.checkpoint).is_file():
        raise UsageError(f"checkpoint {args.checkpoint} does not exist")
    return run_gui(
        args.path,
        credential=_credential(args),
        checkpoint=args.checkpoint,
        screenshot=args.screenshot,
        banner=args.banner,
        geometry=args.geometry,
        lang=args.lang,
    )


def _credential(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The secret for a sealed FILE from the sources every command reads
    (``--passphrase-file F|-``, ``--passphrase-fd N``, ``--recovery-code-file F``,
    ``ALETH_PASSPHRASE_FILE``; :mod:`inspector.core.secrets`), or None: the window's
    unlock dialog asks then (a screenshot cannot wait for one: a usage error)."""
    from ..core.opener import is_sealed
    from ..core.secrets import ENV_PASSPHRASE_FILE

    if not args.path or not is_sealed(Path(args.path)):
        return None
    given = (
        args.passphrase_file
        or args.passphrase_fd is not None
        or args.recovery_code_file
        or os.environ.get(ENV_PASSPHRASE_FILE)
    )
    if not given:
        if args.screenshot:
            raise UsageError(
                f"{args.path} is sealed: --screenshot needs --passphrase-file F (- for standard input), "
                f"--passphrase-fd N, --recovery-code-file F or {ENV_PASSPHRASE_FILE}",
                code="credential_required",
            )
        return None
    return credential_from_args(args, Path(args.path))


def _headless(args: argparse.Namespace) -> int:
    args.json, args.strict = False, False
    from .verify import cmd_verify

    return int(cmd_verify(args))
