"""GUI tests run offscreen with pytest-qt; Qt warnings fail tests (see
``qt_log_level_fail`` and the commented allowlist in pyproject.toml); a test that opens a
modal dialog fails instead of hanging (``tests/modal_guard.py``)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from inspector.core.demo import build_demo
from inspector.core.verify.engine import verify
from tests.modal_guard import _no_modal_dialogs, _no_modal_dialogs_installed  # noqa: F401


@pytest.fixture(autouse=True)
def _english_plurals(qapp):
    """The English catalogue of plural forms, as the application installs it."""
    from inspector.gui.i18n import ensure_english_plurals

    ensure_english_plurals()


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
