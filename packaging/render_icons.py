#!/usr/bin/env python3
"""Render inspector/data/aleth-inspector.svg (the icon inside the package) to the hicolor PNG sizes.

Writes resources/icons/hicolor/<N>x<N>/apps/aleth-inspector.png for N in
16, 32, 48, 64, 128, 256, with PySide6's QSvgRenderer (QtSvg ships in
PySide6-Essentials), headless.  Rerun after editing the SVG:

    .venv/bin/python packaging/render_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = (16, 32, 48, 64, 128, 256)
ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "inspector" / "data" / "aleth-inspector.svg"
OUT = ROOT / "resources" / "icons" / "hicolor"


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (keeps Qt alive)
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"render_icons: cannot parse {SVG}", file=sys.stderr)
        return 1
    for n in SIZES:
        image = QImage(n, n, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        target = OUT / f"{n}x{n}" / "apps" / "aleth-inspector.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            print(f"render_icons: cannot write {target}", file=sys.stderr)
            return 1
        print(target.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
