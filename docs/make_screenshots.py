"""Screenshots of the real application, for the README, the user's guide, and for
looking at the window as an auditor would before a release.

Run under a real X server (Xvfb), as the README's images were made:

    xvfb-run -a -s "-screen 0 2000x1200x24" .venv/bin/python docs/make_screenshots.py
    xvfb-run -a -s "-screen 0 2000x1200x24" .venv/bin/python docs/make_screenshots.py --review /tmp/shots

The default writes the documented set into docs/screenshots/ (English, Spanish and
French, 1280×800).  ``--review DIR`` writes every scene at 1280×800, 1400×880 and
1920×1080, in light and dark palettes, into DIR instead.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
FIX = ROOT / "tests" / "fixtures" / "alethech-0.9.5"
DEMO = ROOT / "resources" / "demo.aleth"
DEMO_CHECKPOINT = ROOT / "resources" / "demo.checkpoint.json"
SIDE = FIX / "10_checkpoint_rewritten_side_branch"


def dark_palette() -> Any:
    from PySide6.QtGui import QColor, QPalette

    p = QPalette()
    roles = QPalette.ColorRole
    for role, color in (
        (roles.Window, "#202124"),
        (roles.WindowText, "#e8eaed"),
        (roles.Base, "#17181a"),
        (roles.AlternateBase, "#232427"),
        (roles.Text, "#e8eaed"),
        (roles.Button, "#2b2c30"),
        (roles.ButtonText, "#e8eaed"),
        (roles.Highlight, "#3d6fb6"),
        (roles.HighlightedText, "#ffffff"),
        (roles.ToolTipBase, "#2b2c30"),
        (roles.ToolTipText, "#e8eaed"),
        (roles.PlaceholderText, "#9aa0a6"),
        (roles.Link, "#8ab4f8"),
    ):
        p.setColor(role, QColor(color))
    return p


class Shooter:
    def __init__(self, out: Path) -> None:
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication

        from inspector.gui.app import make_app

        self.app = make_app()
        QApplication.setStyle("Fusion")
        self.light = QApplication.palette()
        self.out = out
        out.mkdir(parents=True, exist_ok=True)
        self.settings = QSettings(str(out / ".screenshots.ini"), QSettings.Format.IniFormat)
        self.settings.clear()
        self.written: list[Path] = []

    def window(self, size: tuple[int, int]) -> Any:
        from inspector.gui.main_window import MainWindow

        self.settings.clear()
        w = MainWindow(settings=self.settings)
        w.resize(*size)
        w.show()
        self.settle()
        return w

    def open(self, w: Any, path: Path, **kw: Any) -> Any:
        box: dict[str, Any] = {}
        w.reportReady.connect(lambda r: box.setdefault("r", r))
        w.open_path(str(path), **kw)
        while "r" not in box:
            self.app.processEvents()
        self.settle()
        return box["r"]

    def settle(self, turns: int = 40) -> None:
        import time

        for _ in range(turns):
            self.app.processEvents()
            time.sleep(0.005)

    def save(self, w: Any, name: str) -> None:
        self.settle()
        path = self.out / f"{name}.png"
        w.grab().save(str(path))
        self.written.append(path)

    def close(self, w: Any) -> None:
        w.close()
        w.deleteLater()
        self.settle(5)


def scenes(s: Shooter) -> dict[str, Callable[[Any], None]]:
    from inspector.core.container import Credential
    from inspector.core.verify.report import Status

    def overview_fail(w: Any) -> None:
        s.open(w, FIX / "05_dark_v2" / "store")

    def dark_commit(w: Any) -> None:
        r = s.open(w, FIX / "05_dark_v2" / "store")
        w.jump_to_first_error()
        dark = next(c for c, st in r.commits.items() if st is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
        w.select(dark, None)

    def eras(w: Any) -> None:
        r = s.open(w, DEMO, credential=Credential(passphrase="demo"), checkpoint=str(DEMO_CHECKPOINT))
        era = next(e for e in r.eras if e.cutoff)
        w.tabs.setCurrentWidget(w.history)
        w.eras.timeline.set_selected(era.index)
        w.eras.eraHighlighted.emit(era.index)
        w.select(era.cutoff, None)

    def untrusted(w: Any) -> None:
        s.open(w, DEMO, credential=Credential(passphrase="demo"), checkpoint=str(DEMO_CHECKPOINT))
        w.tabs.setCurrentWidget(w.history)
        w.history.filter_to(status="untrusted")

    def checkpoint_failed(w: Any) -> None:
        r = s.open(w, SIDE / "store", checkpoint=str(SIDE / "checkpoint.json"))
        f = next(f for f in r.findings if f.code == "checkpoint_continuity_failed")
        w.findings.select_finding(f.code, f.object_id)
        w.select(f.object_id, w.findings)
        w.tabs.setCurrentWidget(w.graph)
        w.graph.select(f.related[0] if f.related else r.head)

    def unopenable(w: Any) -> None:
        case = FIX / "11_container_v2_wrong_passphrase" / "memory.aleth"
        s.open(w, case, credential=Credential(passphrase="not-the-passphrase"))

    def weights(w: Any) -> None:
        r = s.open(w, DEMO, credential=Credential(passphrase="demo"))
        mm = r.mutmem
        target = max(mm.memories, key=lambda m: (len(mm.memories[m].labels), len(mm.memories[m].trajectory)))
        w.tabs.setCurrentWidget(w.weights)
        w.select(target, None)

    def labels(w: Any) -> None:
        r = s.open(w, DEMO, credential=Credential(passphrase="demo"))
        mm = r.mutmem
        target = max(mm.memories, key=lambda m: len(mm.memories[m].labels))
        w.tabs.setCurrentWidget(w.labels)
        w.select(target, None)

    return {
        "overview-fail": overview_fail,
        "dark-commit": dark_commit,
        "eras": eras,
        "untrusted": untrusted,
        "checkpoint-failed": checkpoint_failed,
        "unopenable": unopenable,
        "weights": weights,
        "labels": labels,
    }


def run(out: Path, review: bool, only: list[str]) -> int:
    from PySide6.QtWidgets import QApplication

    from inspector.gui import i18n

    s = Shooter(out)
    all_scenes = scenes(s)
    if review:
        plan = [
            (name, lang, size, dark)
            for name in all_scenes
            for lang in ("en",)
            for size in ((1280, 800), (1400, 880), (1920, 1080))
            for dark in (False, True)
        ]
        plan += [
            (name, lang, (1280, 800), False) for name in ("overview-fail", "eras") for lang in ("es", "fr")
        ]
    else:
        plan = [
            (name, "en", (1280, 800), False) for name in ("overview-fail", "eras", "dark-commit", "weights")
        ]
        plan += [
            (name, lang, (1280, 800), False) for name in ("overview-fail", "eras") for lang in ("es", "fr")
        ]
    for name, lang, size, dark in plan:
        if only and name not in only:
            continue
        i18n.install(lang)
        QApplication.setPalette(s.light if not dark else dark_palette())
        w = s.window(size)
        all_scenes[name](w)
        suffix = "" if lang == "en" else f"-{lang}"
        if review:
            suffix += f"-{size[0]}x{size[1]}" + ("-dark" if dark else "")
        s.save(w, name + suffix)
        s.close(w)
    (out / ".screenshots.ini").unlink(missing_ok=True)
    for p in s.written:
        print(p, p.stat().st_size)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--review", metavar="DIR", help="every scene, size and palette into DIR")
    ap.add_argument("--only", nargs="*", default=[], help="only these scenes")
    args = ap.parse_args()
    out = Path(args.review) if args.review else OUT
    return run(out, bool(args.review), args.only)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
