"""GUI tests run offscreen with pytest-qt; Qt warnings fail tests (see
``qt_log_level_fail`` and the commented allowlist in pyproject.toml)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from inspector.core.demo import build_demo
from inspector.core.verify.engine import verify


@pytest.fixture(scope="session")
def demo_report():
    """A verified demo store (built once per session; views must not mutate it)."""
    return verify(build_demo().store)
