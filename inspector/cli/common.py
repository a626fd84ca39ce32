"""What every subcommand shares: exit codes, the usage error, the parser class,
credential arguments and reading them."""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

EXIT_PASS, EXIT_FAIL, EXIT_UNOPENABLE, EXIT_USAGE = 0, 1, 2, 3


class UsageError(Exception):
    pass


def add_credential_args(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument(
        "--passphrase-file",
        metavar="F",
        help="read the passphrase from file F (never given on the command line)",
    )
    g.add_argument(
        "--recovery-code-file",
        metavar="F",
        help="unlock an ALETH002 file with the recovery code read from file F",
    )


class Parser(argparse.ArgumentParser):
    """argparse with the project's usage exit code (3, not 2: 2 means unopenable)."""

    def error(self, message: str):  # type: ignore[no-untyped-def]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def credential_from_args(args: argparse.Namespace, path: Path):  # type: ignore[no-untyped-def]
    from ..core.container import Credential
    from ..core.opener import read_secret_file

    if path.is_dir():
        return None
    if getattr(args, "passphrase_file", None):
        return Credential(passphrase=read_secret_file(args.passphrase_file))
    if getattr(args, "recovery_code_file", None):
        return Credential(recovery_code=read_secret_file(args.recovery_code_file, "recovery code"))
    if not sys.stdin.isatty():
        raise UsageError(
            f"{path} is sealed: give --passphrase-file or --recovery-code-file (no terminal to prompt on)"
        )
    return Credential(passphrase=getpass.getpass(f"Passphrase for {path}: "))
