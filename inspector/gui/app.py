"""Application start: dependency check, QApplication, theme, crash dialog."""

from __future__ import annotations

import os
import platform
import sys
import traceback
from pathlib import Path
from types import TracebackType
from typing import Any


def check_dependencies() -> str | None:
    """A readable message when something the GUI needs is missing (qutebrowser style)."""
    missing = []
    for mod, pkg in (
        ("PySide6.QtWidgets", "PySide6-Essentials>=6.11,<6.12"),
        ("pyqtgraph", "pyqtgraph"),
        ("networkx", "networkx"),
    ):
        try:
            __import__(mod)
        except ImportError as exc:
            missing.append(f"  {pkg}  ({exc})")
    if missing:
        return (
            "Aleth Inspector's window needs these packages:\n"
            + "\n".join(missing)
            + "\nInstall them with:  pip install 'aleth-inspector'  (or run `make run`).\n"
            "The command line works without them: aleth-inspector verify FILE"
        )
    return None


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return True  # explicitly headless rendering (tests, screenshots)
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def versions() -> str:
    import cryptography
    import PySide6
    from PySide6 import QtCore

    from .. import __version__

    return (
        f"Aleth Inspector {__version__}\nPython {platform.python_version()} ({platform.platform()})\n"
        f"Qt {QtCore.qVersion()}, PySide6 {PySide6.__version__}\ncryptography {cryptography.__version__}"
    )


def install_crash_dialog() -> None:
    """Uncaught exceptions show a dialog with the traceback and versions instead
    of the window vanishing."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    def hook(etype: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        text = "".join(traceback.format_exception(etype, value, tb))
        sys.stderr.write(text)
        if QApplication.instance() is None:
            return
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            "Aleth Inspector — unexpected error",
            f"Something went wrong: {etype.__name__}: {value}\n\n"
            "Your files were not changed. Please report this with the details below.",
        )
        box.setDetailedText(text + "\n" + versions())
        box.setObjectName("crashDialog")
        box.exec()

    sys.excepthook = hook


def make_app(argv: list[str] | None = None) -> Any:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    app.setApplicationName("Aleth Inspector")
    app.setOrganizationName("AlethInspector")
    app.setDesktopFileName("aleth-inspector")
    icon = Path(__file__).resolve().parent.parent / "data" / "aleth-inspector.svg"  # inside the package
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    return app


def run_gui(
    path: str | None = None,
    *,
    passphrase_file: str | None = None,
    recovery_code_file: str | None = None,
    checkpoint: str | None = None,
    screenshot: str | None = None,
    banner: str | None = None,
) -> int:
    problem = check_dependencies()
    if problem:
        print(problem, file=sys.stderr)
        return 3
    from .main_window import MainWindow

    app = make_app()
    install_crash_dialog()
    win = MainWindow(banner=banner)
    win.resize(1400, 880)
    win.show()
    if path:
        win.open_path(
            path,
            passphrase_file=passphrase_file,
            recovery_code_file=recovery_code_file,
            checkpoint=checkpoint,
        )
    if screenshot:
        return win.screenshot_when_ready(screenshot)
    return app.exec()
