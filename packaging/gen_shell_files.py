#!/usr/bin/env python3
"""Write the shell completions and the man page from the argparse definitions.

    python packaging/gen_shell_files.py

writes packaging/completions/{aleth-inspector.bash,_aleth-inspector,aleth-inspector.fish}
and packaging/aleth-inspector.1 (installed by the wheel under share/); a test fails
when they are stale.  `aleth-inspector completion SHELL` prints the same scripts.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPLETIONS = ROOT / "packaging" / "completions"
MANPAGE = ROOT / "packaging" / "aleth-inspector.1"


def render() -> dict[Path, str]:
    sys.path.insert(0, str(ROOT))
    from inspector.cli import shell
    from inspector.cli.common import EXIT_CODES_HELP
    from inspector.cli.main import build_parser

    root = shell.describe(build_parser())
    return {
        COMPLETIONS / "aleth-inspector.bash": shell.bash(root),
        COMPLETIONS / "_aleth-inspector": shell.zsh(root),
        COMPLETIONS / "aleth-inspector.fish": shell.fish(root),
        MANPAGE: shell.manpage(root, shell.ENVIRONMENT, EXIT_CODES_HELP),
    }


if __name__ == "__main__":
    for path, text in render().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
