"""What the About box, the crash dialog and the crash report say about this build:
the versions of the program and of what it runs on.  Imports nothing of the GUI,
so every part of it can ask."""

from __future__ import annotations

import platform


def versions() -> str:
    import cryptography
    import PySide6
    from PySide6 import QtCore

    from .. import __version__

    return (
        f"Aleth Inspector {__version__}\nPython {platform.python_version()} ({platform.platform()})\n"
        f"Qt {QtCore.qVersion()}, PySide6 {PySide6.__version__}\ncryptography {cryptography.__version__}"
    )
