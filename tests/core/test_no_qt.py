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


QT_PACKAGES = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")


def test_no_core_module_names_qt_even_inside_a_function():
    """Importing is not the only way in: a call can import Qt late (a PDF renderer did).
    No statement anywhere in the core imports a Qt package, at any depth."""
    import ast
    from pathlib import Path

    offenders = []
    for path in sorted(Path(inspector.core.__path__[0]).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            offenders += [f"{path.name}:{node.lineno} {n}" for n in names if n.split(".")[0] in QT_PACKAGES]
    assert offenders == []
