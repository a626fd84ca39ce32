"""Regenerate the README's screenshots from the real application.

Run under a real X server (Xvfb), as the README's images were made:

    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python docs/make_screenshots.py

Writes docs/screenshots/{demo,dark-commit,weights}.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"


def main() -> int:
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from inspector.core.container import Credential
    from inspector.core.verify.report import Status
    from inspector.gui.app import make_app
    from inspector.gui.main_window import MainWindow

    app = make_app()
    OUT.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(OUT / ".screenshots.ini"), QSettings.Format.IniFormat)

    def window(banner: str | None = None) -> MainWindow:
        w = MainWindow(settings=settings, banner=banner)
        w.resize(1500, 920)
        w.show()
        return w

    def wait_report(w: MainWindow, path: Path, **kw) -> object:
        box: dict[str, object] = {}
        w.reportReady.connect(lambda r: box.setdefault("r", r))
        w.open_path(str(path), **kw)
        while "r" not in box:
            app.processEvents()
        for _ in range(30):
            app.processEvents()
        return box["r"]

    def settle() -> None:
        end = 0
        timer = QTimer()
        timer.start(400)
        while end < 20:
            app.processEvents()
            end += 1
        QApplication.processEvents()

    w = window(
        "Demo file resources/demo.aleth — passphrase: demo — keys for the Author menu in resources/demo.keys/"
    )
    report = wait_report(
        w,
        ROOT / "resources" / "demo.aleth",
        credential=Credential(passphrase="demo"),
        checkpoint=str(ROOT / "resources" / "demo.checkpoint.json"),
    )
    settle()
    w.grab().save(str(OUT / "demo.png"))
    # weights: the memory pushed to the ceiling
    mm = report.mutmem
    target = max(mm.memories, key=lambda m: (len(mm.memories[m].trajectory), mm.memories[m].weight_q))
    w.tabs.setCurrentWidget(w.weights)
    w.select(target, None)
    settle()
    w.grab().save(str(OUT / "weights.png"))
    w.close()

    w = window()
    report = wait_report(w, ROOT / "tests" / "fixtures" / "alethech-0.9.5" / "06_dark_legacy" / "store")
    dark = next(c for c, s in report.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
    w.select(dark, None)
    settle()
    w.grab().save(str(OUT / "dark-commit.png"))
    w.close()
    for p in sorted(OUT.glob("*.png")):
        print(p, p.stat().st_size)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
