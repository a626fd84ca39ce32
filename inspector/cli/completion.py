"""``aleth-inspector completion bash|zsh|fish``: print a shell completion script."""

from __future__ import annotations

import argparse

from .common import EXIT_PASS

SHELLS = ("bash", "zsh", "fish")


def register(sub) -> None:  # type: ignore[no-untyped-def]
    c = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or fish)",
        description="Print the completion script for SHELL, generated from the command's own options. "
        "bash: source it, or save it as ~/.local/share/bash-completion/completions/aleth-inspector; "
        "zsh: save it as _aleth-inspector in a directory of $fpath; "
        "fish: save it as ~/.config/fish/completions/aleth-inspector.fish.",
    )
    c.add_argument("shell", metavar="SHELL", choices=SHELLS, help="bash, zsh or fish")
    c.set_defaults(func=cmd_completion)


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script for ``parser`` (the program's root parser) in ``shell``."""
    from . import shell as gen

    root = gen.describe(parser)
    return {"bash": gen.bash, "zsh": gen.zsh, "fish": gen.fish}[shell](root)


def cmd_completion(args: argparse.Namespace) -> int:
    from .output import stdout

    stdout().write(script(args.shell, args.root_parser))  # set by main.build_parser
    return EXIT_PASS
