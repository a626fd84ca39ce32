"""The core never imports Qt (napari-style guard): a fresh interpreter imports
``inspector.core`` and every core module, then no Qt module may be loaded."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import inspector.core


def test_core_imports_no_qt():
    modules = [m.name for m in pkgutil.walk_packages(inspector.core.__path__, "inspector.core.")]
    assert "inspector.core.verify.engine" in modules
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "import inspector.cli\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6', 'pyqtgraph', 'PyQt5', 'PyQt6'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"Qt loaded by the core: {out.stdout}"
