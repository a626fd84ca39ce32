"""GUI tests run offscreen with pytest-qt; Qt warnings fail tests (see
``qt_log_level_fail`` and the commented allowlist in pyproject.toml); a test that opens a
modal dialog fails instead of hanging (``tests/modal_guard.py``)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QSettings

from inspector.core.demo import build_demo
from inspector.core.verify.engine import verify
from tests.modal_guard import _no_modal_dialogs, _no_modal_dialogs_installed  # noqa: F401


@pytest.fixture(autouse=True)
def _english_plurals(qapp):
    """The English catalogue of plural forms, as the application installs it."""
    from inspector.gui.i18n import ensure_english_plurals

    ensure_english_plurals()


@pytest.fixture
def window_size() -> tuple[int, int]:
    """The main window's size in ``window`` (a module may override this fixture)."""
    return (1280, 800)


@pytest.fixture
def window(qtbot, tmp_path, window_size):
    """A shown main window with its own settings file; its worker processes are stopped
    at the end."""
    from inspector.gui.main_window import MainWindow

    win = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(*window_size)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.runner.shutdown()
    win.exports.shutdown()


@pytest.fixture(scope="session")
def demo_report():
    """A verified demo store (built once per session; views must not mutate it)."""
    return verify(build_demo().store)


def show_view(qtbot, view_class, report, size=(1000, 650)):
    """A view of ``view_class`` showing ``report``, on screen (offscreen)."""
    view = view_class()
    qtbot.addWidget(view)
    view.resize(*size)
    view.set_report(report)
    view.show()
    qtbot.waitExposed(view)
    return view
