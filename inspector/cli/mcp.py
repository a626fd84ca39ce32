"""``aleth-inspector mcp FILE``: serve FILE's verified memory to an AI agent over MCP (stdio).

The server itself is :mod:`inspector.mcp` (it needs the ``[mcp]`` extra: the official
MCP Python SDK); ``--print-config`` needs nothing but this module.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import sys
from pathlib import Path

from .common import EXIT_PASS, UsageError, add_credential_args, read_credential

INSTALL_HINT = "the MCP server needs the MCP extra: pip install 'aleth-inspector[mcp]'"
POLICY_HELP = (
    "strict (default): serve memories only while the file passes verification; otherwise every answer "
    "is the verdict and its worst findings. serve-valid: also serve, from a failing file, the memories "
    "individually proven (VALID or VALID_HISTORICAL) and trusted, each answer stating the failing "
    "verdict first (risk: a file that fails may have lost or rolled back history, so what is served may "
    "be incomplete or outdated)"
)


def register(sub) -> None:  # type: ignore[no-untyped-def]
    from ..mcp import POLICIES

    m = sub.add_parser(
        "mcp",
        help="serve a file's verified memory to AI agents (an MCP server on stdio)",
        description="Run a read-only MCP server on standard input and output, bound to FILE: its tools "
        "(memory_context, memory_get, memory_verify, explain_code) serve only the memories the verifier "
        "proved (VALID or VALID_HISTORICAL) and that no poison label marks as untrusted, each with its "
        "status, key era, weight and label, and every answer starts with the file's verdict. A changed "
        "file is verified again before the next answer. Credentials, the checkpoint and the policy are "
        "fixed here, never tool arguments. Needs the [mcp] extra.",
        epilog="A secret is never given on the command line, nor on standard input (the protocol uses "
        "it): give --passphrase-file F, --recovery-code-file F, --passphrase-fd N or "
        "ALETH_PASSPHRASE_FILE. Logs go to standard error. Exit codes: 0 when the client closes the "
        "connection, 3 usage error.",
    )
    m.add_argument("path", metavar="FILE", help="a .aleth file, an alethech store directory or a bundle")
    add_credential_args(m)
    m.add_argument(
        "--checkpoint",
        metavar="C",
        help="external checkpoint JSON to check continuity against (read once, at start)",
    )
    m.add_argument(
        "--trust-master",
        metavar="FPR",
        help="HOM-AIMOS: the master key fingerprint you trust; a bundle under any other master fails",
    )
    m.add_argument("--policy", choices=POLICIES, default="strict", help=POLICY_HELP)
    m.add_argument(
        "--print-config",
        action="store_true",
        help="print the Claude Desktop / MCP client configuration for FILE (command, args, passphrase "
        "file) and exit",
    )
    m.set_defaults(func=cmd_mcp)


def _no_stdin_secret(args: argparse.Namespace) -> None:
    for option in ("passphrase_file", "recovery_code_file"):
        if getattr(args, option, None) == "-":
            flag = "--" + option.replace("_", "-")
            raise UsageError(
                f"{flag} - would read the secret from standard input, which carries the MCP protocol; "
                "name a file"
            )


def cmd_mcp(args: argparse.Namespace) -> int:
    from ..mcp import config

    path = Path(args.path)
    _no_stdin_secret(args)
    if args.print_config:
        return _print_config(args, path)
    if importlib.util.find_spec("mcp") is None:
        raise UsageError(INSTALL_HINT)
    # core dumps are already off (cli.main hardens every command before any secret is read)
    checkpoint = None
    if args.checkpoint:
        from .verify import _read_checkpoint

        checkpoint = _read_checkpoint(args.checkpoint)
    credential, secret = read_credential(args, path)
    _log_to_stderr()

    from ..mcp import server
    from ..mcp.service import MemoryService, Settings

    service = MemoryService(
        Settings(
            path,
            credential=credential,
            secret=secret,
            checkpoint=checkpoint,
            checkpoint_name=Path(args.checkpoint).name if args.checkpoint else "checkpoint",
            trust_master=args.trust_master,
            policy=args.policy,
        )
    )
    logging.getLogger("inspector.mcp").info(
        "serving %s (policy %s) on stdio; %s", path, args.policy, config.server_name(path)
    )
    server.run(service)
    return EXIT_PASS


def _print_config(args: argparse.Namespace, path: Path) -> int:
    from ..core.opener import is_sealed
    from ..mcp import config
    from .output import stderr, stdout

    sealed = is_sealed(path)
    if args.passphrase_fd is not None:
        print(
            "aleth-inspector: --passphrase-fd cannot be written into a client configuration (the client "
            f"starts the server); the snippet names {config.PLACEHOLDER} instead",
            file=stderr(),
        )
    snippet = config.snippet(
        path,
        passphrase_file=Path(args.passphrase_file) if args.passphrase_file else None,
        recovery_code_file=Path(args.recovery_code_file) if args.recovery_code_file else None,
        sealed=sealed,
        checkpoint=Path(args.checkpoint) if args.checkpoint else None,
        trust_master=args.trust_master,
        policy=args.policy,
    )
    stdout().write_json(config.render(snippet))
    if sealed and not (args.passphrase_file or args.recovery_code_file):
        print(
            f"aleth-inspector: {path} is sealed: replace {config.PLACEHOLDER} with a file that holds its "
            "passphrase (readable by you only)",
            file=stderr(),
        )
    print(
        "aleth-inspector: add this to the client's configuration (Claude Desktop: "
        "claude_desktop_config.json) and restart the client",
        file=stderr(),
    )
    return EXIT_PASS


def _log_to_stderr() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("aleth-inspector mcp: %(levelname)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("inspector.mcp").setLevel(logging.INFO)
