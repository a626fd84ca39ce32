"""Faults injected into the writer (shared by the safe-writer and operation tests)."""

from __future__ import annotations

import os
import types
from typing import Any


class FailingOS(types.SimpleNamespace):
    """``os`` as seen by ``inspector.core.write.safe``, with one call failing with
    ``err`` (CI runs as root, which ignores permission bits, so the OSError is injected):
    ``monkeypatch.setattr(safe, "os", FailingOS("fsync", errno.EIO))``."""

    def __init__(self, fail: str, err: int) -> None:
        super().__init__()
        self._fail, self._err = fail, err

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name != self._fail:
            return real

        def failing(*args: Any, **kw: Any) -> Any:
            raise OSError(self._err, os.strerror(self._err))

        return failing
