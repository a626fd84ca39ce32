"""What every subcommand shares: exit codes, the usage error, the parser class,
credential arguments and reading them."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.verify.report import EXIT_CODES, EXIT_INTERNAL_ERROR, EXIT_OUTPUT_FAILED

EXIT_PASS = EXIT_CODES["pass"]  # 0
EXIT_FAIL = EXIT_CODES["fail"]  # 1
EXIT_UNOPENABLE = EXIT_CODES["unopenable"]  # 2
EXIT_USAGE = EXIT_CODES["error"]  # 3: bad arguments, missing credential, refused operation
EXIT_INDETERMINATE = EXIT_CODES["indeterminate"]  # 4
EXIT_INTERRUPTED = EXIT_CODES["interrupted"]  # 130
__all__ = ["EXIT_INTERNAL_ERROR", "EXIT_OUTPUT_FAILED"]  # re-exported for the subcommands

EXIT_CODES_HELP = (
    f"Exit codes: 0 pass, 1 fail, 2 unopenable, 3 usage error, 4 indeterminate, {EXIT_INTERNAL_ERROR} "
    f"internal error, {EXIT_OUTPUT_FAILED} output lost (standard output or --output could not be "
    "written, e.g. a full disk; a closed pipe is not an error), 130 interrupted."
)
SECRET_RULES = (
    "A secret is never given on the command line. F is a file, or - for standard input; "
    "--passphrase-fd N reads an open descriptor; without any of these, the file named by "
    "ALETH_PASSPHRASE_FILE is read, then a terminal is asked (no echo). The secret is UTF-8 text; one "
    "trailing newline (\\n or \\r\\n) is removed, nothing else."
)


class UsageError(Exception):
    """The command line cannot be carried out (exit 3; ``verdict: "error"`` in JSON).
    ``code`` is the finding code of the JSON report; ``usage`` the usage line."""

    def __init__(self, message: str, *, code: str = "usage_error", usage: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.usage = usage


class OutputError(Exception):
    """What the command produced could not be written (a full disk, an I/O error): exit
    6 (``output_failed``), the message on standard error.  ``code`` is the exit code the
    command would have had (a verdict's), named in the message."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def refused_write(exc: Exception, code: int) -> Exception:
    """What to raise when writing an output file failed with ``exc`` (an
    :class:`~inspector.core.errors.InspectorError` of the atomic writer): an
    :class:`OutputError` for a write that failed (a full disk: exit 6), a
    :class:`UsageError` for a refusal (the file exists, no such directory: exit 3)."""
    message = getattr(exc, "message", str(exc))
    if getattr(exc, "code", None) == "write_failed":
        return OutputError(message, code)
    return UsageError(exc.describe() if hasattr(exc, "describe") else message)


NO_SECRET_ON_COMMAND_LINE = {
    "passphrase": "a passphrase is never given on the command line: use --passphrase-file",
    "recovery code": "a recovery code is never given on the command line: use --recovery-code-file",
}


def secret_option(token: str) -> str | None:
    """What secret ``token`` tries to give on the command line (``--passphrase X``,
    ``--pass=X``, ``--password X``, ``--recovery-code X``), or None."""
    if not token.startswith("--"):
        return None
    name = token.split("=", 1)[0]
    if (len(name) >= len("--pass") and "--passphrase".startswith(name)) or name in ("--password", "--passwd"):
        return "passphrase"
    if name == "--recovery-code":
        return "recovery code"
    return None


class Parser(argparse.ArgumentParser):
    """argparse with the project's usage error: raised (the CLI's top level prints it,
    or the JSON error report) and exit code 3, not 2 (2 means unopenable).

    Options are never abbreviated (``--check`` is not ``--checkpoint``: a prefix that
    means one option today could mean another tomorrow); a mistyped one is named with
    the option it resembles.  A secret given as an option (``--passphrase X`` in any
    spelling) is refused with the rule, never echoed."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        kw["allow_abbrev"] = False
        super().__init__(*args, **kw)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        argv = list(sys.argv[1:] if args is None else args)
        options_part = argv[: argv.index("--") if "--" in argv else len(argv)]  # after --: file names
        mine = [s for a in self._actions for s in a.option_strings if s.startswith("--")]
        for token in options_part:
            what = secret_option(token)
            if what is not None:
                raise UsageError(NO_SECRET_ON_COMMAND_LINE[what])
            name = token.split("=", 1)[0]
            meant = [o for o in mine if o.startswith(name)] if name.startswith("--") else []
            if meant and name not in mine:  # a prefix of this command's options, before anything else
                raise UsageError(
                    f"unrecognized option {name} (options are never abbreviated): did you mean "
                    f"{' or '.join(meant)}?",
                    usage=self.format_usage().strip(),
                )
        return super().parse_known_args(argv, namespace)

    def error(self, message: str):  # type: ignore[no-untyped-def]
        raise UsageError(message, usage=self.format_usage().strip())


def add_credential_args(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument(
        "--passphrase-file",
        metavar="F",
        help="read the passphrase from file F (- for standard input)",
    )
    g.add_argument(
        "--passphrase-fd",
        metavar="N",
        type=int,
        help="read the passphrase from open file descriptor N",
    )
    g.add_argument(
        "--recovery-code-file",
        metavar="F",
        help="unlock an ALETH002 file with the recovery code read from file F (- for standard input)",
    )


def read_credential(args: argparse.Namespace, path: Path):  # type: ignore[no-untyped-def]
    """``(Credential | None, Secret | None)`` for ``path`` from the arguments, the
    environment or a terminal prompt; :class:`UsageError` when a sealed file has no
    way to get one."""
    from ..core.errors import InspectorError
    from ..core.files import is_sealed
    from ..core.secrets import ENV_PASSPHRASE_FILE, Credential, read_secret, read_secret_fd

    if not is_sealed(path):  # a directory, a bundle or a missing path needs no secret
        return None, None
    try:
        if getattr(args, "recovery_code_file", None):
            secret = read_secret(args.recovery_code_file, "recovery code")
            return Credential(recovery_code=secret.value), secret
        if getattr(args, "passphrase_file", None):
            secret = read_secret(args.passphrase_file)
        elif getattr(args, "passphrase_fd", None) is not None:
            secret = read_secret_fd(args.passphrase_fd)
        elif os.environ.get(ENV_PASSPHRASE_FILE):
            secret = read_secret(os.environ[ENV_PASSPHRASE_FILE])
        elif sys.stdin is not None and sys.stdin.isatty():
            import getpass

            from ..core.secrets import Secret

            secret = Secret(getpass.getpass(f"Passphrase for {path}: "), "the terminal")
        else:
            raise UsageError(
                f"{path} is sealed: give --passphrase-file F (- for standard input), --passphrase-fd N, "
                f"--recovery-code-file F or {ENV_PASSPHRASE_FILE} (there is no terminal to ask on)",
                code="credential_required",
            )
    except InspectorError as exc:
        raise UsageError(exc.message, code=exc.code) from exc
    return Credential(passphrase=secret.value), secret


def credential_from_args(args: argparse.Namespace, path: Path):  # type: ignore[no-untyped-def]
    """The credential alone (see :func:`read_credential`)."""
    return read_credential(args, path)[0]
