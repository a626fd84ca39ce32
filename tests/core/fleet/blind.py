"""A Dask worker that cannot see part of the file system (a missing mount).

:func:`install` makes every file-system call of this process on a path under ``root``
fail with "no such file" — what a worker without the fleet's mount sees; :func:`uninstall`
gives it its sight back.  As a ``dask worker --preload`` module it reads the folder from
``ALETH_TEST_BLIND``.  Only the calls the opener and the credential reader make are
covered; it is a test double for a mount, not a sandbox.
"""

from __future__ import annotations

import builtins
import io
import os

ENV = "ALETH_TEST_BLIND"
_REAL: dict[str, object] = {}
_NAMES = ("stat", "lstat", "scandir", "listdir", "open")


def _hidden(root: str, path: object) -> bool:
    try:
        p = os.fsdecode(os.fspath(path))  # type: ignore[arg-type]
    except TypeError:
        return False  # a file descriptor
    return os.path.abspath(p).startswith(root.rstrip("/") + "/") or os.path.abspath(p) == root


def install(root: str) -> int:
    if _REAL:
        return os.getpid()
    for name in _NAMES:
        _REAL[name] = getattr(os, name)
    _REAL["io.open"] = io.open
    _REAL["builtins.open"] = builtins.open

    def wrap(real):  # type: ignore[no-untyped-def]
        def call(path, *a, **k):  # type: ignore[no-untyped-def]
            if _hidden(root, path):
                raise FileNotFoundError(2, "No such file or directory", os.fsdecode(os.fspath(path)))
            return real(path, *a, **k)

        return call

    for name in _NAMES:
        setattr(os, name, wrap(_REAL[name]))
    io.open = wrap(_REAL["io.open"])  # type: ignore[assignment]
    builtins.open = wrap(_REAL["builtins.open"])  # type: ignore[assignment]
    return os.getpid()


def uninstall() -> int:
    for name in _NAMES:
        if name in _REAL:
            setattr(os, name, _REAL[name])
    if "io.open" in _REAL:
        io.open = _REAL["io.open"]  # type: ignore[assignment]
        builtins.open = _REAL["builtins.open"]  # type: ignore[assignment]
    _REAL.clear()
    return os.getpid()


def dask_setup(worker) -> None:  # type: ignore[no-untyped-def]
    """``dask worker --preload tests/core/fleet/blind.py``: blind from the start."""
    install(os.environ[ENV])
