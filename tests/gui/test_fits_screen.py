"""Fits the screen (issue 23): for every scene an auditor meets — the demo on each tab,
an era selected on the Graph tab, failing stores, a HOM-AIMOS bundle in French, the
unopenable and not-a-store pages with a banner, the fleet window, each authoring
dialog — the window keeps the size it was given and its picture is exactly that size:
no caption, banner or detail line widens or heightens it, and no widget asks for more
than the screen.  The first-run size fits the screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from inspector.core.container import Credential
from inspector.core.demo import build_demo
from inspector.core.write.directory import write_directory
from inspector.gui import i18n
from inspector.gui.main_window import MainWindow, first_run_size

from ..conftest import ALETHECH
from .helpers import WAIT_MS, open_and_wait
from .stores import receipt_admitting_poison, write_store

SIZES = (QSize(1280, 800), QSize(1024, 700))


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("demo") / "store"
    write_directory(build_demo().store, d)
    return d


@pytest.fixture(scope="module")
def poison_dir(tmp_path_factory):
    store, _ = receipt_admitting_poison()
    return write_store(store, tmp_path_factory.mktemp("poison") / "store")


def make_window(qtbot, tmp_path, size: QSize, banner: str | None = None) -> MainWindow:
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), banner=banner)
    qtbot.addWidget(win)
    win.resize(size)
    win.show()
    qtbot.waitExposed(win)
    return win


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def assert_fits(widget: QWidget, size: QSize, scene: str) -> None:
    settle()
    assert widget.size() == size, f"{scene}: the window became {widget.size()}"
    hint = widget.minimumSizeHint()
    assert hint.width() <= size.width() and hint.height() <= size.height(), f"{scene}: asks for {hint}"
    shot = widget.grab()
    assert (shot.width(), shot.height()) == (size.width(), size.height()), scene
    # every label that can show more than one line wraps; a one-line one never widens its window
    for label in widget.findChildren(QLabel):
        if label.isVisible() and not label.wordWrap():
            assert (
                label.minimumSizeHint().width() <= size.width() // 2
                or label.sizePolicy().horizontalPolicy().name == "Ignored"
            ), f"{scene}: {label.objectName() or label.text()[:60]!r} does not wrap"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s.width()}x{s.height()}")
def test_the_demo_on_every_tab_and_an_era_on_the_graph(qtbot, tmp_path, demo_dir, size):
    win = make_window(
        qtbot, tmp_path, size, banner="Demo file — passphrase: demo — keys in resources/demo.keys/"
    )
    report = open_and_wait(qtbot, win, demo_dir)
    for i in range(win.tabs.count()):
        win.tabs.setCurrentIndex(i)
        assert_fits(win, size, f"demo, tab {win.tabs.tabText(i)}")
    # an era clicked, then the Graph tab around its cutoff: the long caption wraps
    era = next(e for e in report.eras if e.cutoff)
    win.eras.timeline.set_selected(era.index)
    win.eras.eraHighlighted.emit(era.index)
    win.tabs.setCurrentWidget(win.graph)
    win.select(era.cutoff, None)
    win.graph.show_around_cutoff(era.index)
    assert "green" in win.graph.caption.text()
    assert_fits(win, size, "demo, Graph around a cutoff with the proven region")
    win.jump_to_first_error()
    win.tabs.setCurrentWidget(win.labels)
    assert_fits(win, size, "demo, Labels & receipts")


@pytest.mark.parametrize("case", ["05_dark_v2", "07_guard_a", "10_checkpoint_rewritten_side_branch"])
def test_failing_stores_on_every_tab(qtbot, tmp_path, case):
    size = SIZES[0]
    win = make_window(qtbot, tmp_path, size)
    kw = {}
    if (ALETHECH / case / "checkpoint.json").exists():
        kw["checkpoint"] = str(ALETHECH / case / "checkpoint.json")
    open_and_wait(qtbot, win, ALETHECH / case / "store", **kw)
    win.jump_to_first_error()
    for i in range(win.tabs.count()):
        win.tabs.setCurrentIndex(i)
        assert_fits(win, size, f"{case}, tab {i}")


def test_the_receipt_admitting_poison(qtbot, tmp_path, poison_dir):
    size = SIZES[0]
    win = make_window(qtbot, tmp_path, size)
    open_and_wait(qtbot, win, poison_dir)
    win.jump_to_first_error()
    assert_fits(win, size, "poison receipt, jumped to")
    win.labels.show_chains()
    assert_fits(win, size, "poison receipt, label chains")


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_hom_bundles_in_french_and_spanish(qtbot, tmp_path, lang):
    from tests.core.hom_aimos import builder as b

    i18n.install(lang)
    try:
        size = SIZES[0]
        win = make_window(qtbot, tmp_path, size)
        bundles = {
            "indeterminate": b.indeterminate_recall(),
            "revoked": b.revoked(),
            "cognitive": b.valid_cognitive(),
        }
        for name, doc in bundles.items():
            path = tmp_path / f"{name}.json"
            path.write_bytes(b.encode(doc))
            open_and_wait(qtbot, win, path)
            for i in range(win.tabs.count()):
                win.tabs.setCurrentIndex(i)
                assert_fits(win, size, f"HOM {name} ({lang}), tab {i}")
    finally:
        i18n.install("en")


def test_the_unopenable_and_not_a_store_pages_with_a_banner(qtbot, tmp_path):
    size = SIZES[0]
    banner = "A long banner that a packager or a demo puts above everything, " * 4
    win = make_window(qtbot, tmp_path, size, banner=banner)
    case = ALETHECH / "11_container_v2_wrong_passphrase" / "memory.aleth"
    open_and_wait(qtbot, win, case, credential=Credential(passphrase="not it"))
    assert_fits(win, size, "unopenable")
    (tmp_path / "notastore").mkdir()
    (tmp_path / "notastore" / "notes.txt").write_text("hello")
    open_and_wait(qtbot, win, tmp_path / "notastore")
    assert_fits(win, size, "not a store")


def test_the_fleet_window(qtbot, tmp_path, demo_dir):
    import shutil

    root = tmp_path / "fleet" / "a-folder-with-a-rather-long-name-that-an-auditor-might-well-use"
    root.mkdir(parents=True)
    shutil.copytree(ALETHECH / "05_dark_v2" / "store", root / "dark")
    shutil.copytree(demo_dir, root / "demo")
    size = SIZES[0]
    win = make_window(qtbot, tmp_path, size)
    fleet = win.open_folder(str(root), jobs=1, autostart=False)
    fleet.resize(QSize(1100, 640))
    with qtbot.waitSignal(fleet.auditFinished, timeout=WAIT_MS):
        fleet.start()
    assert_fits(fleet, QSize(1100, 640), "fleet window")
    assert_fits(win, size, "main window behind the fleet")
    fleet.close()


@pytest.mark.parametrize("op", ["rotate", "revoke", "grant", "migrate", "rekey", "recover", "label"])
def test_each_authoring_dialog_fits_a_1280x800_screen(qtbot, tmp_path, demo_report, op):
    from inspector.gui.dialogs.author import AuthorDialog

    dlg = AuthorDialog(op, str(tmp_path / "m.aleth"), None, demo_report)
    qtbot.addWidget(dlg)
    size = QSize(min(980, 1280), 760)
    dlg.resize(size)
    dlg.show()
    qtbot.waitExposed(dlg)
    settle()
    hint = dlg.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 800, f"{op} asks for {hint}"
    assert dlg.size() == size, f"{op} became {dlg.size()}"


@pytest.mark.parametrize(
    ("available", "expected"),
    [
        (QRect(0, 0, 1280, 800), QSize(1152, 720)),
        (QRect(0, 0, 1920, 1080), QSize(1400, 880)),
        (QRect(0, 0, 1366, 768), QSize(1229, 691)),
        (None, QSize(1400, 880)),
    ],
)
def test_the_first_run_size_fits_the_screen(available, expected):
    assert first_run_size(available) == expected
