"""Application start: dependency check, QApplication, theme, crash dialog."""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from .about import versions

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from ..core.container import Credential


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
            + "\nInstall them with:  pip install 'aleth-inspector[gui]'  (or run `make run`).\n"
            "The command line works without them: aleth-inspector verify FILE"
        )
    return None


def has_display() -> bool:
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return True  # explicitly headless rendering (tests, screenshots)
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def install_crash_dialog() -> None:
    """Uncaught exceptions show a dialog with the traceback and versions instead
    of the window vanishing."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    def hook(etype: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        text = "".join(traceback.format_exception(etype, value, tb))
        sys.stderr.write(text)
        if QApplication.instance() is None:
            return
        from PySide6.QtCore import QCoreApplication

        box = QMessageBox(
            QMessageBox.Icon.Critical,
            QCoreApplication.translate("Crash", "Aleth Inspector — unexpected error"),
            QCoreApplication.translate("Crash", "Something went wrong: %1").replace(
                "%1", f"{etype.__name__}: {value}"
            )
            + "\n\n"
            + QCoreApplication.translate(
                "Crash", "Your files were not changed. Please report this with the details below."
            ),
        )
        box.setDetailedText(text + "\n" + versions())
        box.setObjectName("crashDialog")
        box.exec()

    sys.excepthook = hook


def make_app(argv: list[str] | None = None) -> QApplication:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from .i18n import ensure_english_plurals

    existing = QApplication.instance()
    if existing is not None and not isinstance(existing, QApplication):
        raise RuntimeError(
            "the window needs a QApplication, and this process already made a QCoreApplication"
        )
    app = existing or QApplication(argv or sys.argv[:1])
    ensure_english_plurals()
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
    credential: Credential | None = None,
    checkpoint: str | None = None,
    screenshot: str | None = None,
    banner: str | None = None,
    geometry: tuple[int, int] | None = None,
    lang: str | None = None,
) -> int:
    """Open the window (on ``path`` when given) and run the event loop.  ``credential``
    unlocks a sealed file; the command line reads it from the sources every command
    reads (:mod:`inspector.core.secrets`); without one the unlock dialog asks."""
    problem = check_dependencies()
    if problem:
        print(problem, file=sys.stderr)
        return 3
    from ..core.process import harden
    from . import i18n
    from .main_window import MainWindow
    from .window_layout import first_run_size

    harden()  # the window holds passphrases and plaintext: no core dump (SPEC E5)
    app = make_app()
    i18n.install(lang)
    install_crash_dialog()
    settings = None
    scratch = None
    if screenshot:  # reproducible: no saved layout or recent files of this user, none written
        import tempfile

        from PySide6.QtCore import QSettings

        scratch = tempfile.TemporaryDirectory(prefix="aleth-inspector-shot-")
        settings = QSettings(str(Path(scratch.name) / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings, banner=banner)
    if geometry is not None:
        win.resize(*geometry)
    elif screenshot or not win.settings.contains("layout/geometry"):
        screen = app.primaryScreen()
        win.resize(first_run_size(screen.availableGeometry() if screen is not None else None))
    win.show()
    if path:
        win.open_path(path, credential=credential, checkpoint=checkpoint)
    if screenshot:
        try:
            return win.screenshot_when_ready(screenshot)
        finally:
            win.close()
            if scratch is not None:
                scratch.cleanup()
    return app.exec()
