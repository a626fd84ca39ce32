"""The conformance suite: tests that read the published vectors from ``../shared``."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "conformance: reads the published vectors in ../shared")
