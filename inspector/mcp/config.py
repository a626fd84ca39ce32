"""The MCP client configuration for one file: ``aleth-inspector mcp FILE --print-config``.

Claude Desktop (``claude_desktop_config.json``) and most MCP clients take the same
``mcpServers`` object: a name, the command and its arguments.  The snippet names the
file, the passphrase *file* (a client starts the server itself, so there is no terminal
to ask on and no standard input to spare: the protocol uses it) and the options given,
all as absolute paths.  No secret is ever in it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

PLACEHOLDER = "/path/to/passphrase-file"


def command() -> list[str]:
    """How a client starts this inspector: the ``aleth-inspector`` script beside this
    Python (or on PATH), else ``python -m inspector``; absolute either way."""
    beside = Path(sys.executable).with_name("aleth-inspector")
    if beside.is_file() and os.access(beside, os.X_OK):
        return [str(beside)]
    found = shutil.which("aleth-inspector")
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "inspector"]


def server_name(path: Path) -> str:
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", path.stem or path.name).strip("-")[:40]
    return f"aleth-memory-{stem}" if stem else "aleth-memory"


def snippet(
    path: Path,
    *,
    passphrase_file: Path | None = None,
    recovery_code_file: Path | None = None,
    sealed: bool = False,
    checkpoint: Path | None = None,
    trust_master: str | None = None,
    policy: str = "strict",
) -> dict[str, Any]:
    """The ``mcpServers`` object for ``path`` (a sealed file without a credential file
    gets :data:`PLACEHOLDER`, to be replaced)."""
    first, *rest = command()
    args = [*rest, "mcp", str(path.absolute())]
    if recovery_code_file is not None:
        args += ["--recovery-code-file", str(recovery_code_file.absolute())]
    elif passphrase_file is not None:
        args += ["--passphrase-file", str(passphrase_file.absolute())]
    elif sealed:
        args += ["--passphrase-file", PLACEHOLDER]
    if checkpoint is not None:
        args += ["--checkpoint", str(checkpoint.absolute())]
    if trust_master:
        args += ["--trust-master", trust_master]
    args += ["--policy", policy]
    return {"mcpServers": {server_name(path): {"command": first, "args": args}}}


def render(config: dict[str, Any]) -> str:
    return json.dumps(config, indent=2, ensure_ascii=False) + "\n"
