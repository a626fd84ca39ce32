"""The ``aleth-inspector`` command line: parse, call the core, print, exit.

Each subcommand lives in its own module with a ``register(sub)`` that adds its
parser and sets ``func``.  Whatever happens, the command answers: a usage error, a
missing credential, Ctrl-C and a bug in the inspector each have their own exit
code (3, 3, 130, 5; never 1, which means "the file fails"), and with ``--json`` each
is one JSON report on stdout (schema ``aleth-inspector/report/1``, verdict
``error`` or ``interrupted``).  Output that cannot be written (a full disk) is said
on standard error with exit code 6; a reader that went away (``| head -1``) or a
standard output closed before the start (``>&-``) leaves the command's own code.
Nothing here imports Qt: the GUI loads it only when asked for.  Only the subcommand
named on the command line is imported and registered (all of them for ``--help`` and
``completion``; none for ``--version``): ``verify`` loads nothing it does not use.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import importlib
import os
import sys
import time
import traceback
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import __version__

if TYPE_CHECKING:
    from ..core.verify.report import Report
from .common import (
    EXIT_CODES_HELP,
    EXIT_FAIL,
    EXIT_INDETERMINATE,
    EXIT_INTERRUPTED,
    EXIT_OUTPUT_FAILED,
    EXIT_PASS,
    EXIT_UNOPENABLE,
    EXIT_USAGE,
    OutputError,
    Parser,
    UsageError,
)
from .output import SafeStream, guard_standard_descriptors, safe_streams

COMMANDS: dict[str, str] = {
    "verify": "verify",
    "audit": "audit",
    "explain": "explain",
    "demo": "demo",
    "receipt": "receipt",
    **dict.fromkeys(("rotate", "revoke", "grant", "migrate", "rekey", "recover", "label"), "author"),
    "gui": "gui",
    "mcp": "mcp",
    "completion": "completion",
}
"""Every subcommand, in the order ``--help`` lists them, and the module of this package
whose ``register(sub)`` adds it (imported only when needed; a test holds the two true)."""
MODULES = tuple(dict.fromkeys(COMMANDS.values()))
WHOLE_PROGRAM = frozenset({"completion"})  # commands that describe all the others

GUI_MODULES = ("PySide6", "shiboken6", "pyqtgraph")
GUI_INSTALL_HINT = "this needs the desktop extra: pip install 'aleth-inspector[gui]'"


def _versions() -> str:
    import platform

    import cryptography

    parts = [
        f"aleth-inspector {__version__}",
        f"Python {platform.python_version()}",
        f"cryptography {cryptography.__version__}",
    ]
    parts.extend(_qt_versions())
    return "\n".join(parts)


def _qt_versions() -> list[str]:
    """The PySide6 lines of ``--version``.  Qt is only needed by the GUI, and importing
    PySide6 loads Qt (more than all the rest costs): the versions come from the installed
    distribution's metadata (a PySide6 wheel bundles the Qt of its own version); only
    where there is none (a frozen bundle) is Qt loaded to ask it."""
    import importlib.util
    from importlib import metadata

    for dist in ("PySide6-Essentials", "PySide6"):
        try:
            version = metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
        return [f"PySide6 {version}", f"Qt {version} (bundled with PySide6; the desktop inspector loads it)"]
    if importlib.util.find_spec("PySide6") is None:
        return ["PySide6 not installed (pip install 'aleth-inspector[gui]' for the desktop inspector)"]
    import PySide6
    from PySide6 import QtCore

    return [f"PySide6 {PySide6.__version__}", f"Qt {QtCore.qVersion()}"]


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: list[str], dest: str, **kw: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print versions and exit")

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        print(_versions())
        parser.exit()


def build_parser(modules: Sequence[str] = MODULES) -> argparse.ArgumentParser:
    """The command line with the subcommands of ``modules`` (names in :data:`MODULES`;
    by default all of them)."""
    parser = Parser(
        prog="aleth-inspector",
        description="Verify and explore alethech agent-memory files (.aleth containers and "
        "directory stores). `aleth-inspector FILE` opens FILE in the desktop inspector.",
        epilog=EXIT_CODES_HELP,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for m in modules:
        importlib.import_module(f"{__package__}.{m}").register(sub)
    parser.set_defaults(root_parser=parser)  # `completion` describes the whole program
    return parser


def _parser_for(argv: list[str]) -> argparse.ArgumentParser:
    """The parser of what ``argv`` asks for: only its subcommand's module, none for
    ``--version``, all of them otherwise (``--help``, no command, a usage error)."""
    first = argv[0] if argv else ""
    if first == "--version":
        return build_parser(())
    if first in COMMANDS and first not in WHOLE_PROGRAM:
        return build_parser((COMMANDS[first],))
    return build_parser()


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_names() -> list[str]:
    """Every subcommand name, in the order ``--help`` lists them."""
    return list(_subparsers(build_parser()))


def _wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for JSON output (known before parsing, so that a
    usage error is reported in JSON too)."""
    for i, a in enumerate(argv):
        if a == "--json" or a == "--format=json" or (a == "--format" and argv[i + 1 : i + 2] == ["json"]):
            return True
    return False


def _route(argv: list[str], names: list[str]) -> list[str]:
    """``aleth-inspector FILE`` means ``gui FILE``; a word that is neither a command nor
    an existing path is a usage error that says so (not argparse's "invalid choice")."""
    if not argv or argv[0].startswith("-") or argv[0] in names:
        return argv
    if os.path.lexists(argv[0]):
        return ["gui", *argv]
    close = difflib.get_close_matches(argv[0], names, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else f"; commands: {', '.join(names)}"
    raise UsageError(f"no such file or command: {argv[0]}{hint}", code="usage_error")


def _error_report(
    kind: str, exc: BaseException | None, args: argparse.Namespace | None, started: str, t0: float
) -> Report:
    """The report of a run that reached no verdict (usage error, interruption, bug)."""
    from ..core.findings import Severity, make_finding
    from ..core.render.record import complete
    from ..core.verify.report import Report, Verdict
    from .messages import INTERRUPTED, USAGE

    if kind == "usage":
        assert isinstance(exc, UsageError)
        report = Report(verdict=Verdict.ERROR)
        report.findings.append(
            make_finding(
                exc.code, Severity.ERROR, "invocation", "", USAGE, expected=exc.usage, detail=exc.message
            )
        )
    elif kind == "interrupted":
        report = Report(verdict=Verdict.INTERRUPTED)
        report.findings.append(make_finding("interrupted", Severity.WARNING, "invocation", "", INTERRUPTED))
    else:
        assert exc is not None
        report = Report.internal_error(exc)
    path = getattr(args, "path", None) if args is not None else None
    return complete(report, path, started_at=started, duration_s=time.perf_counter() - t0, hash_input=False)


def _print_json(report) -> None:  # type: ignore[no-untyped-def]
    """The one JSON object of a run that reached no verdict (a stdout that cannot be
    written to any more, e.g. a full disk, leaves the exit code to tell)."""
    from ..core.render import render_json
    from .output import stdout

    with contextlib.suppress(OSError):
        stdout().write_json(render_json(report))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    from ..core.process import harden
    from ..core.render.record import utc_now

    guard_standard_descriptors()
    harden()  # no core dump may hold a passphrase, a key or plaintext (SPEC E5)
    argv = list(sys.argv[1:] if argv is None else argv)
    started, t0 = utc_now(), time.perf_counter()
    with safe_streams() as (out, err):
        code = _dispatch(argv, started, t0, err)
        out.flush()
        if out.lost is not None and code in OUTCOME_CODES:
            code = _output_lost(f"cannot write to standard output: {_reason(out.lost)}", code, err)
    return code


OUTCOME_CODES = frozenset({EXIT_PASS, EXIT_FAIL, EXIT_UNOPENABLE, EXIT_INDETERMINATE})
"""The exit codes of a command that did its work (a verdict, a proof, a listing): the
ones an output failure replaces.  A usage error, a bug and an interruption keep theirs."""


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc) or type(exc).__name__


def _output_lost(what: str, code: int, err: SafeStream) -> int:
    """Say on standard error that output was lost, and return the output-failure code."""
    if code in OUTCOME_CODES:
        what += f"; without this the exit code would be {code}"
    print(f"aleth-inspector: {what} [output_failed]", file=err)
    return EXIT_OUTPUT_FAILED


def _dispatch(argv: list[str], started: str, t0: float, err: SafeStream) -> int:
    json_mode = _wants_json(argv)
    args: argparse.Namespace | None = None
    try:
        argv = _route(argv, list(COMMANDS))
        parser = _parser_for(argv)
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_USAGE
        return int(args.func(args))
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_USAGE)
    except OutputError as exc:
        return _output_lost(exc.message, exc.code, err)
    except UsageError as exc:
        report = _error_report("usage", exc, args, started, t0)
        if json_mode:
            _print_json(report)
        if exc.usage:
            print(exc.usage, file=err)
        code = f" [{exc.code}]" if exc.code != "usage_error" else ""  # for scripts and `explain`
        print(f"aleth-inspector: error: {exc.message}{code}", file=err)
        return report.exit_code
    except KeyboardInterrupt:
        report = _error_report("interrupted", None, args, started, t0)
        if json_mode:
            _print_json(report)
        print("aleth-inspector: interrupted; no verdict was reached", file=err)
        return EXIT_INTERRUPTED
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in GUI_MODULES:
            return _crash(exc, args, started, t0, json_mode, err)
        usage = UsageError(GUI_INSTALL_HINT, code="usage_error")
        report = _error_report("usage", usage, args, started, t0)
        if json_mode:
            _print_json(report)
        print(f"aleth-inspector: {GUI_INSTALL_HINT}", file=err)
        return report.exit_code
    except Exception as exc:  # the last resort: a bug becomes a report, never a traceback
        return _crash(exc, args, started, t0, json_mode, err)


def _crash(exc: BaseException, args, started: str, t0: float, json_mode: bool, err) -> int:  # type: ignore[no-untyped-def]
    from ..core.render.safe import escape

    report = _error_report("internal", exc, args, started, t0)
    if json_mode:
        _print_json(report)
    finding = report.findings[0]
    print(f"aleth-inspector: {escape(finding.message)}", file=err)
    if finding.found:
        print(f"  {escape(finding.found)}", file=err)
    print(
        "  Please report this bug with the lines above (set ALETH_INSPECTOR_TRACEBACK=1 for details).",
        file=err,
    )
    if os.environ.get("ALETH_INSPECTOR_TRACEBACK"):
        print("".join(traceback.format_exception(exc)), file=err)
    return report.exit_code
