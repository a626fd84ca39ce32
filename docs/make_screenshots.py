"""Screenshots of the real application, for the README, the user's guide, and for
looking at the window as an auditor would before a release.

Run under a real X server (Xvfb), as the README's images were made:

    xvfb-run -a -s "-screen 0 2000x1200x24" .venv/bin/python docs/make_screenshots.py
    xvfb-run -a -s "-screen 0 2000x1200x24" .venv/bin/python docs/make_screenshots.py --review /tmp/shots

The default writes the documented set into docs/screenshots/ (English, Spanish and
French, 1280×800).  ``--review DIR`` writes the review scenes (the demo, its History
searched, an era on the Graph tab, a failing store, a receipt that admits a poisoned
memory, the unopenable, modified-ALETH002 and not-a-store pages, HOM-AIMOS conformance
vectors, the fleet window, the authoring dialogs) at
1280×800 and 1920×1080, light and dark, in English and Spanish, and once in French,
into DIR instead, and says on stderr when a window did not keep its size; ``--only NAME…``
limits either to some scenes.
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
DEMO_KEYS = ROOT / "resources" / "demo.keys"
# the HOM-AIMOS conformance vectors (AGPL data: read where they are, never copied here)
VECTORS = ROOT.parent / "shared" / "hom-aimos-v1" / "verifiers" / "mutmem-conformance" / "v1"


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
        import tempfile

        self._scratch = tempfile.TemporaryDirectory(prefix="aleth-inspector-shots-")
        self.scratch = Path(self._scratch.name)  # bundles and fleet folders made for the scenes
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


def hom_bundles(out: Path) -> dict[str, Path]:
    """HOM-AIMOS bundles made by the project's own test builder (fresh keys; the
    conformance vectors are AGPL data and stay in ../shared): a cognitive bundle with three
    weight chains under a master-issued housekeeper and one self-issued signer, and a
    recall bundle of four entries."""
    sys.path.insert(0, str(ROOT))
    from tests.core.hom_aimos import builder as b

    d = out / "bundles"
    d.mkdir(parents=True, exist_ok=True)
    cog = b.Cognitive()
    cog.memory([1000, 1300, 900, 1200], memory_id="11111111-1111-4111-8111-111111111111")
    cog.memory([1000, 700, 450], memory_id="22222222-2222-4222-8222-222222222222", t=b.T0 + 3600)
    cog.memory(
        [1000, 1600, 2100, 1800, 2400], memory_id="33333333-3333-4333-8333-333333333333", t=b.T0 + 7200
    )
    paths = {"cognitive": d / "cognitive.json", "recall": d / "recall.json"}
    paths["cognitive"].write_bytes(b.encode(cog.document()))
    paths["recall"].write_bytes(b.encode(b.recall("recall-2026-04-01", 4)))
    return paths


def fleet_folder(out: Path) -> Path:
    """A folder of memory files for the fleet window: passing and failing stores, the
    sealed demo (unopenable without its rules) and the HOM bundles."""
    import shutil

    root = out / "fleet"
    if root.exists():
        shutil.rmtree(root)
    (root / "agents").mkdir(parents=True)
    for case in ("01_basic", "03_rotation_eras", "05_dark_v2", "07_guard_a", "09_tampered_a_commit_content"):
        shutil.copytree(FIX / case / "store", root / "agents" / case)
    shutil.copyfile(DEMO, root / "agents" / "demo.aleth")
    for name, path in hom_bundles(out).items():
        shutil.copyfile(path, root / f"hom-{name}.json")
    return root


def scenes(s: Shooter) -> dict[str, Callable[[Any], Any]]:
    """Each scene drives a window; it returns the widget to photograph (None: the window)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from inspector.core.container import Credential
    from inspector.core.verify.report import Status

    demo = {"credential": Credential(passphrase="demo"), "checkpoint": str(DEMO_CHECKPOINT)}

    def overview_fail(w: Any) -> None:
        s.open(w, FIX / "05_dark_v2" / "store")

    def demo_overview(w: Any) -> None:
        s.open(w, DEMO, **demo)

    def dark_commit(w: Any) -> None:
        r = s.open(w, FIX / "05_dark_v2" / "store")
        w.jump_to_first_error()
        dark = next(c for c, st in r.commits.items() if st is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
        w.select(dark, None)

    def eras(w: Any) -> None:
        r = s.open(w, DEMO, **demo)
        era = next(e for e in r.eras if e.cutoff)
        w.tabs.setCurrentWidget(w.history)
        w.eras.timeline.set_selected(era.index)
        w.eras.eraHighlighted.emit(era.index)
        w.select(era.cutoff, None)

    def searched(w: Any, action: Callable[[], None]) -> None:
        done: list[int] = []
        w.history.searchFinished.connect(done.append)
        action()
        while not done:
            s.app.processEvents()

    def untrusted(w: Any) -> None:
        s.open(w, DEMO, **demo)
        w.tabs.setCurrentWidget(w.history)
        searched(w, lambda: w.history.filter_to(status="untrusted"))

    def history_search(w: Any) -> None:
        s.open(w, DEMO, **demo)
        w.tabs.setCurrentWidget(w.history)
        searched(w, lambda: w.history.search.setText("refund"))

    def era_graph(w: Any) -> None:
        r = s.open(w, DEMO, **demo)
        era = next(e for e in r.eras if e.cutoff)
        w.eras.timeline.set_selected(era.index)
        w.eras.eraHighlighted.emit(era.index)
        w.tabs.setCurrentWidget(w.graph)
        w.select(era.cutoff, None)
        w.graph.show_around_cutoff(era.index)

    def poison_receipt(w: Any) -> None:
        sys.path.insert(0, str(ROOT))
        from tests.gui.stores import receipt_admitting_poison, write_store

        store, _ids = receipt_admitting_poison()
        path = s.scratch / "poison-receipt"
        if not path.exists():
            write_store(store, path)
        s.open(w, path)
        w.jump_to_first_error()

    def modified_aleth002(w: Any) -> None:
        import json

        case = FIX / "11_container_v2_ciphertext_bitflip"
        passphrase = json.loads((case / "case.json").read_text())["passphrase"]
        s.open(w, case / "memory.aleth", credential=Credential(passphrase=passphrase))

    def not_a_store(w: Any) -> None:
        folder = s.scratch / "notastore"
        folder.mkdir(exist_ok=True)
        (folder / "notes.txt").write_text("not a memory store")
        w.banner.setText("Demo file resources/demo.aleth — passphrase: demo — keys in resources/demo.keys/")
        w.banner.show()
        s.open(w, folder)

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

    # ---- HOM-AIMOS bundles: the conformance vectors (review) and bundles of our own (docs)
    def vector(name: str) -> Path:
        return VECTORS / f"{name}.json"

    def hom_weights(w: Any, path: Path | None = None) -> None:
        r = s.open(w, path or vector("MM-CV-005"))
        w.tabs.setCurrentWidget(w.weights)
        chain = max(r.hom.memories, key=lambda m: len(m.steps))
        w.select(chain.steps[len(chain.steps) // 2].projection_id, None)

    def hom_revoked(w: Any) -> None:
        r = s.open(w, vector("MM-CV-019"))
        w.select(r.hom.signers[0].certificate_fingerprint, None)

    def hom_recall(w: Any, path: Path | None = None) -> None:
        s.open(w, path or vector("MM-CV-022-B"))
        w.tabs.setCurrentWidget(w.labels)
        w.labels.hom_receipt.entries.selectRow(1)

    def hom_indeterminate(w: Any) -> None:
        s.open(w, vector("MM-CV-027"))

    def hom_docs_weights(w: Any) -> None:
        hom_weights(w, hom_bundles(s.scratch)["cognitive"])

    def hom_docs_recall(w: Any) -> None:
        hom_recall(w, hom_bundles(s.scratch)["recall"])

    def fleet(w: Any) -> Any:
        view = w.open_folder(str(fleet_folder(s.scratch)), jobs=2, autostart=False)
        view.resize(w.width(), int(w.height() * 0.8))
        done: list[Any] = []
        view.auditFinished.connect(done.append)
        view.start()
        while not done:
            s.app.processEvents()
        s.settle()
        return view

    def author_label(w: Any) -> Any:
        r = s.open(w, DEMO, **demo)
        mm = r.mutmem
        target = sorted(m for m, mv in mm.memories.items() if mv.untrusted)[-1]
        w.tabs.setCurrentWidget(w.weights)
        w.weights.select(target)
        w.weights.selectionRequested.emit(target)
        dlg = w.author("label")
        dlg.sign_key.setText(str(DEMO_KEYS / "auditor-001.pem"))  # the labels its role may write
        dlg.label.setCurrentText("poison_refuted")
        dlg.reason_text.setPlainText(
            "Checked against the finance policy: refunds above 10,000 need a ticket."
        )
        for i in range(min(dlg.evidence.count(), 1)):
            dlg.evidence.item(i).setCheckState(Qt.CheckState.Checked)
        dlg.resize(min(w.width(), 980), min(w.height() - 40, 900))
        preview(dlg)
        return dlg

    def author_compromise(w: Any) -> Any:
        r = s.open(w, DEMO, **demo)
        dlg = w.author("revoke")
        agent = next(e for e in r.eras if e.role == "agent" and e.state == "active")
        dlg.key_id.setCurrentText(agent.key_id)
        dlg.reason.setCurrentText("compromise")
        signed = [c for c in r.order if r.signer.get(c) == agent.index]
        dlg.cutoff.setText(signed[max(len(signed) - 8, 0)])
        dlg.root_key.setText(str(DEMO_KEYS / "root.pem"))
        dlg.resize(min(w.width(), 980), min(w.height() - 40, 900))
        preview(dlg)
        return dlg

    def author_rekey_code(w: Any) -> Any:
        s.open(w, DEMO, **demo)
        dlg = w.author("rekey")
        dlg.pass1.setText("a new passphrase for the demo")
        dlg.pass2.setText("a new passphrase for the demo")
        dlg.new_code.setChecked(True)
        dlg.output_path.setText(str(s.scratch / "demo-rekeyed.aleth"))
        dlg.resize(min(w.width(), 980), min(w.height() - 40, 900))
        preview(dlg)
        dlg._before_write()  # past the confirmation: the recovery code's own page, before the write
        s.settle()
        return dlg

    def author_output_taken(w: Any) -> Any:
        s.open(w, DEMO, **demo)
        dlg = w.author("grant")
        dlg.root_key.setText(str(DEMO_KEYS / "root.pem"))
        dlg.role.setCurrentText("auditor")
        dlg.key_out.setText(str(DEMO_KEYS / "auditor-001.pem"))  # taken: flagged as typed
        dlg.output_path.setText(str(DEMO))  # the source itself
        dlg.resize(min(w.width(), 980), min(w.height() - 40, 900))
        dlg.show()
        return dlg

    def preview(dlg: Any) -> None:
        from PySide6.QtCore import QEventLoop, QTimer

        dlg.show()
        s.settle()
        loop = QEventLoop()
        dlg.runner.finished.connect(lambda *_a: loop.quit())
        dlg.runner.failed.connect(lambda *_a: loop.quit())
        QTimer.singleShot(120_000, loop.quit)
        dlg.run_preview()
        loop.exec()
        s.settle()
        QApplication.processEvents()

    return {
        "overview-fail": overview_fail,
        "demo-overview": demo_overview,
        "dark-commit": dark_commit,
        "eras": eras,
        "untrusted": untrusted,
        "checkpoint-failed": checkpoint_failed,
        "unopenable": unopenable,
        "history-search": history_search,
        "era-graph": era_graph,
        "poison-receipt": poison_receipt,
        "modified-aleth002": modified_aleth002,
        "not-a-store": not_a_store,
        "weights": weights,
        "labels": labels,
        "hom-weights": hom_weights,
        "hom-revoked": hom_revoked,
        "hom-recall": hom_recall,
        "hom-indeterminate": hom_indeterminate,
        "hom-docs-weights": hom_docs_weights,
        "hom-docs-recall": hom_docs_recall,
        "fleet": fleet,
        "author-label": author_label,
        "author-compromise": author_compromise,
        "author-rekey-code": author_rekey_code,
        "author-output-taken": author_output_taken,
    }


REVIEW = (
    "demo-overview",
    "history-search",
    "era-graph",
    "overview-fail",
    "poison-receipt",
    "unopenable",
    "modified-aleth002",
    "not-a-store",
    "hom-weights",
    "hom-revoked",
    "hom-recall",
    "hom-indeterminate",
    "fleet",
    "author-label",
    "author-compromise",
    "author-rekey-code",
    "author-output-taken",
)
# (scene, file name) of the documented set: the README, the guide and the AppStream metadata use them
DOCS = (
    ("overview-fail", "overview-fail"),
    ("eras", "eras"),
    ("dark-commit", "dark-commit"),
    ("weights", "weights"),
    ("demo-overview", "demo"),
    ("hom-docs-weights", "hom-weights"),
    ("fleet", "fleet"),
)


def run(out: Path, review: bool, only: list[str], langs: list[str]) -> int:
    from PySide6.QtWidgets import QApplication

    from inspector.gui import i18n

    s = Shooter(out)
    all_scenes = scenes(s)
    if review:
        plan = [
            (name, name, lang, size, dark)
            for name in REVIEW
            for lang in langs
            for size in ((1280, 800), (1920, 1080))
            for dark in (False, True)
        ]
        plan += [(name, name, "fr", (1280, 800), False) for name in REVIEW]
    else:
        plan = [(name, file, "en", (1280, 800), False) for name, file in DOCS]
        translated = ("overview-fail", "eras")
        plan += [(name, name, lang, (1280, 800), False) for name in translated for lang in ("es", "fr")]
    for name, file, lang, size, dark in plan:
        if only and name not in only:
            continue
        i18n.install(lang)
        QApplication.setPalette(s.light if not dark else dark_palette())
        w = s.window(size)
        target = all_scenes[name](w) or w
        suffix = "" if lang == "en" else f"-{lang}"
        if review:
            suffix += f"-{size[0]}x{size[1]}" + ("-dark" if dark else "")
        s.save(target, file + suffix)
        if target is w and (w.width(), w.height()) != size:  # the window must keep the size it was given
            print(f"{file}{suffix}: the window became {w.width()}×{w.height()}", file=sys.stderr)
        if target is not w:
            target.close()
        s.close(w)
    (out / ".screenshots.ini").unlink(missing_ok=True)
    s._scratch.cleanup()
    for p in s.written:
        print(p, p.stat().st_size)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--review", metavar="DIR", help="every scene, size and palette into DIR")
    ap.add_argument("--only", nargs="*", default=[], help="only these scenes")
    ap.add_argument("--langs", nargs="*", default=["en", "es"], help="review languages (French once anyway)")
    args = ap.parse_args()
    out = Path(args.review) if args.review else OUT
    return run(out, bool(args.review), args.only, args.langs)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
