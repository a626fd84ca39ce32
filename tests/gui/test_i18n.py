"""The GUI speaks the user's language (issue 12): every visible string goes through
Qt's translation system, the Spanish and French catalogues are complete (every
message of the code, finished, placeholders kept, plural forms given), they load
from ``--lang`` or the system locale (compiled at build time, or on first run
when a checkout has only the sources), and core text goes through the core's
catalogue (``finding_message``)."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QTranslator
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListView,
    QMenu,
    QTabWidget,
    QTreeWidget,
    QWidget,
)

from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.core.verify.report import Report
from inspector.gui import i18n
from inspector.gui.main_window import MainWindow

from ..conftest import ALETHECH

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "resources" / "i18n"
BIN = Path(sys.executable).parent
LANGS = ("es", "fr")
PLACEHOLDER = re.compile(r"%(?:n|\d)|\{\w+\}")  # Qt's %1 and the {name} of str.format


def gui_sources() -> list[str]:
    return [str(f) for f in sorted((ROOT / "inspector" / "gui").rglob("*.py"))]


def messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    out = {}
    for ctx in ET.parse(ts).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.iter("message"):
            out[(name, m.findtext("source") or "")] = m
    return out


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[tuple[str, str], ET.Element]:
    """Every translatable message of the GUI's code, as lupdate finds it now."""
    out = tmp_path_factory.mktemp("lupdate") / "now.ts"
    proc = subprocess.run(
        [str(BIN / "pyside6-lupdate"), "-no-obsolete", "-locations", "none", *gui_sources(), "-ts", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    found = messages(out)
    assert len(found) > 300
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_is_complete_finished_and_keeps_placeholders(extracted, lang):
    ts = I18N / f"aleth_inspector_{lang}.ts"
    have = messages(ts)
    missing = [k for k in extracted if k not in have]
    assert not missing, f"{lang}: untranslated messages (run make i18n-update and translate): {missing[:10]}"
    for key, m in have.items():
        tr = m.find("translation")
        assert tr is not None and tr.get("type") not in ("unfinished", "vanished", "obsolete"), (lang, key)
        source = key[1]
        if m.get("numerus") == "yes":
            forms = [f.text or "" for f in tr.iter("numerusform")]
            assert len(forms) == 2 and all(forms), (lang, key)
        else:
            assert extracted.get(key) is None or extracted[key].get("numerus") != "yes", (lang, key)
            forms = [tr.text or ""]
            assert forms[0].strip(), (lang, key)
        for form in forms:
            assert sorted(set(PLACEHOLDER.findall(form)) - {"%n"}) == sorted(
                set(PLACEHOLDER.findall(source)) - {"%n"}
            ), (lang, source, form)
            if "%n" in source and m.get("numerus") == "yes":
                assert "%n" in form, (lang, source, form)


class Pseudo(QTranslator):
    """Marks every string that goes through Qt's translation."""

    def translate(self, context, source, disambiguation=None, n=-1):
        return f"⟦{source}⟧" if source else None


WORDS = re.compile(r"[A-Za-z]{3,}[ ,.:;’'-]+[A-Za-z]{2,}")


def untranslated(texts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(where, t) for where, t in texts if WORDS.search(t) and "⟦" not in t]


def chrome_texts(win: QWidget, *, labels: bool, data: tuple[QWidget, ...] = ()) -> list[tuple[str, str]]:
    """The window's own words: menus, buttons, tabs, pane titles, headers,
    placeholders, fixed combo entries (and, before a file is open, every label)."""
    out: list[tuple[str, str]] = []

    def menu(m: QMenu, path: str) -> None:
        for a in m.actions():
            if m is win.recent_menu and a.text().startswith("/"):
                continue  # file paths
            out.append((f"{path}/{a.text()}", a.text()))
            if a.menu() is not None:
                menu(a.menu(), f"{path}/{a.text()}")

    if isinstance(win, MainWindow):
        for a in win.menuBar().actions():
            out.append(("menubar", a.text()))
            if a.menu() is not None:
                menu(a.menu(), a.text())
    for w in win.findChildren(QAbstractButton):
        out.append((f"button {w.objectName()}", w.text()))
        out.append((f"tooltip {w.text()}", w.toolTip()))
    for w in win.findChildren(QTabWidget):
        out += [(f"tab {i}", w.tabText(i)) for i in range(w.count())]
    for w in win.findChildren(QDockWidget):
        out.append(("dock", w.windowTitle()))
    for w in win.findChildren(QGroupBox):
        out.append(("group", w.title()))
    for w in win.findChildren(QLineEdit):
        out.append(("placeholder", w.placeholderText()))
    for w in win.findChildren(QAbstractItemView):
        model = w.model()
        if model is None:
            continue
        if isinstance(w, QListView):
            continue  # a list has no header
        for c in range(model.columnCount()):
            header = model.headerData(c, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal)
            if isinstance(header, str):
                out.append((f"header {type(w).__name__}", header))
        if isinstance(w, QTreeWidget):
            out += [("tree header", w.headerItem().text(c)) for c in range(w.columnCount())]
    for w in win.findChildren(QComboBox):
        if w.count() and w.itemData(0) is None:  # a fixed first entry ("All", "All severities")
            out.append(("combo", w.itemText(0)))
    if labels:
        for w in win.findChildren(QLabel):
            if w not in data:  # a label that shows the file's own words
                out.append((f"label {w.accessibleName()}", w.text()))
    for w in win.findChildren(QLabel):
        if w.accessibleName():
            out.append(("accessible", w.accessibleName()))
    return out


def test_every_visible_string_is_translatable(qtbot, tmp_path, qapp):
    report = verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))
    pseudo = Pseudo(qapp)
    qapp.installTranslator(pseudo)
    try:
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        win = MainWindow(settings=settings)
        qtbot.addWidget(win)
        win.resize(1280, 800)
        win.show()
        qtbot.waitExposed(win)
        before = chrome_texts(win, labels=True)
        assert not untranslated(before), untranslated(before)
        with qtbot.waitSignal(win.reportReady, timeout=10_000):
            win.set_report(report)
        after = chrome_texts(win, labels=False)
        b = win.verdict_banner
        after += [("banner", b.word.text()), ("banner", b.counts.text()), ("banner", b.checkpoint.text())]
        after.append(("banner reason", b.reason.text()))
        assert not untranslated(after), untranslated(after)
        # the marks prove these went through Qt: the status column and the overview headings too
        m = win.history.model
        assert "⟦" in m.data(m.index(0, m.STATUS))
        assert "⟦Key eras⟧" in win.overview.browser.toPlainText()
        win.runner.shutdown()
    finally:
        qapp.removeTranslator(pseudo)


@pytest.mark.parametrize(
    ("lang", "file_menu", "verdict"),
    [("es", "&Archivo", "FALLA"), ("fr", "&Fichier", "ÉCHEC"), ("en", "&File", "FAIL")],
)
def test_translations_load_for_each_language(qtbot, tmp_path, lang, file_menu, verdict):
    assert i18n.install(lang) == lang
    try:
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        win = MainWindow(settings=settings)
        qtbot.addWidget(win)
        win.show()
        assert win.menuBar().actions()[0].text() == file_menu
        report = verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))
        with qtbot.waitSignal(win.reportReady, timeout=10_000):
            win.set_report(report)
        assert win.verdict_banner.word.text() == verdict
        counts = win.verdict_banner.counts.text()
        assert {
            "es": "1 error · 0 advertencias",
            "fr": "1 erreur · 0 avertissement",
            "en": "1 error · 0 warnings",
        }[lang] in counts
        win.runner.shutdown()
    finally:
        i18n.install("en")


def test_compiled_on_first_run_when_only_sources_exist(tmp_path, monkeypatch):
    fake = tmp_path / "i18n"
    fake.mkdir()
    (fake / "aleth_inspector_es.ts").write_bytes((I18N / "aleth_inspector_es.ts").read_bytes())
    monkeypatch.setattr(i18n, "resources_dir", lambda: fake)
    monkeypatch.setattr(i18n, "cache_dir", lambda: tmp_path / "cache")
    qm = i18n.qm_path("es")
    assert qm == tmp_path / "cache" / "aleth_inspector_es.qm" and qm.exists()  # compiled, not in the sources
    assert not (fake / "aleth_inspector_es.qm").exists()
    t = QTranslator()
    assert t.load(str(qm))
    assert t.translate("WindowActions", "&File") == "&Archivo"
    assert i18n.qm_path("es") == qm  # the second run reuses it


def test_language_from_the_system_locale(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert i18n.choose_language(None) == "fr"
    assert i18n.choose_language("es") == "es"
    assert i18n.choose_language("de") == "en"


def test_core_text_goes_through_the_core_catalogue(qtbot, monkeypatch):
    """The GUI shows a finding in the GUI's language through ``finding_message``:
    a catalogue entry for the finding's template is what the Findings pane shows."""
    from inspector.core import i18n as core_i18n
    from inspector.gui.models import FindingsModel

    report = Report.internal_error(ZeroDivisionError("x"))
    f = report.findings[0]
    spanish = {f.template: "El inspector falló con {exc_type} en {where}: es un fallo del inspector."}
    monkeypatch.setattr(core_i18n, "catalogue", lambda lang: spanish if lang == "es" else {})
    monkeypatch.setitem(i18n._state, "lang", "es")
    model = FindingsModel()
    model.set_report(report)
    assert model.data(model.index(0, 4)).startswith("El inspector falló con ZeroDivisionError")


def test_english_plurals_read_naturally(qapp):
    i18n.ensure_english_plurals()
    t = QCoreApplication.translate
    assert t("X", "%n commit(s)", "", 1) == "1 commit"
    assert t("X", "%n commit(s)", "", 2) == "2 commits"
    assert t("X", "%n memory(ies)", "", 2) == "2 memories"
    assert t("X", "plain text") == "plain text"


def test_the_round_two_windows_are_translatable(qtbot, tmp_path, qapp, demo_report):
    """The authoring and proof dialogs, the fleet window and a HOM-AIMOS bundle in the
    window: every word of their own goes through Qt's translation."""
    from inspector.core.hom_aimos import verify_bundle
    from inspector.gui.dialogs.author import AuthorDialog
    from inspector.gui.dialogs.proof import ProofDialog
    from inspector.gui.fleet import FleetView
    from tests.core.hom_aimos import builder as hom

    pseudo = Pseudo(qapp)
    qapp.installTranslator(pseudo)
    try:
        for op in ("rotate", "revoke", "grant", "rekey", "label"):
            dlg = AuthorDialog(op, str(tmp_path / "m.aleth"), None, demo_report)
            qtbot.addWidget(dlg)
            data = tuple(w for w in (getattr(dlg, "memory_text", None), getattr(dlg, "redacted", None)) if w)
            texts = [*chrome_texts(dlg, labels=True, data=data), ("title", dlg.windowTitle())]
            assert not untranslated(texts), (op, untranslated(texts))
        proof = ProofDialog(None, file=str(tmp_path / "m.aleth"))
        qtbot.addWidget(proof)
        texts = [*chrome_texts(proof, labels=True), ("title", proof.windowTitle())]
        assert not untranslated(texts), untranslated(texts)
        fleet = FleetView(str(tmp_path), autostart=False)
        qtbot.addWidget(fleet)
        texts = chrome_texts(fleet, labels=True)
        texts += [("combo", fleet.verdict_filter.itemText(i)) for i in range(fleet.verdict_filter.count())]
        assert not untranslated(texts), untranslated(texts)

        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        win = MainWindow(settings=settings)
        qtbot.addWidget(win)
        win.resize(1280, 800)
        win.show()
        for name, doc in (("cognitive", hom.valid_cognitive()), ("recall", hom.recall("R-self-issued", 3))):
            report = verify_bundle(hom.encode(doc), source=name)
            with qtbot.waitSignal(win.reportReady, timeout=10_000):
                win.set_report(report)
            b = win.verdict_banner
            texts = chrome_texts(win, labels=False)
            texts += [("banner", b.word.text()), ("banner", b.counts.text()), ("banner", b.checkpoint.text())]
            texts += [("banner reason", b.reason.text()), ("epochs", win.eras.epochs.header_text())]
            texts += [("dock", win.eras_dock.windowTitle())]
            assert not untranslated(texts), (name, untranslated(texts))
            overview = win.overview.browser.toPlainText()
            assert "⟦What a verdict does not prove⟧" in overview and "⟦Master key⟧" in overview
        assert "⟦" in win.labels.hom_receipt.header.text()
        win.runner.shutdown()
    finally:
        qapp.removeTranslator(pseudo)


class Recorder(QTranslator):
    """Records every (context, source) the running window asks Qt to translate."""

    def __init__(self, parent) -> None:
        super().__init__(parent)
        self.seen: set[tuple[str, str]] = set()

    def translate(self, context, source, disambiguation=None, n=-1):
        if source and context and not context.startswith("Q"):  # Qt's own contexts are Qt's
            self.seen.add((context, source))
        return None  # the next translator answers

    def isEmpty(self) -> bool:
        return False


def test_what_the_window_asks_to_translate_is_in_the_catalogues(qtbot, tmp_path, qapp, demo_report):
    """A string the code translates at run time but lupdate cannot see (a tr() inside an
    f-string, a helper with a variable) would stay English in every language: record what
    the window really asks for, in every pane and dialog of this round, and find it in the
    Spanish and French catalogues."""
    from inspector.core.hom_aimos import verify_bundle
    from inspector.gui.dialogs.author import AuthorDialog
    from inspector.gui.dialogs.proof import ProofDialog
    from inspector.gui.fleet import FleetView
    from tests.core.hom_aimos import builder as b

    rec = Recorder(qapp)
    qapp.installTranslator(rec)
    try:
        settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
        win = MainWindow(settings=settings)
        qtbot.addWidget(win)
        win.resize(1280, 800)
        win.show()
        cog = b.Cognitive(self_issued=True)
        cog.memory([1000, 1400, 800])
        reports = [
            verify(read_directory(str(ALETHECH / "05_dark_v2" / "store"))),
            demo_report,
            verify_bundle(b.encode(cog.document()), source="self.json"),
            verify_bundle(b.encode(b.corpus([b.recall("R-1", 1), b.recall("R-2", 2)])), source="corpus.json"),
        ]
        bundles = {
            "valid": b.valid_cognitive(),
            "revoked": b.revoked(),
            "recall": b.recall("R-self-issued", 3),
            "indeterminate": b.indeterminate_recall(),
            "corpus-short": b.corpus([b.recall("R-1", 1)], intended_n=2),
        }
        reports += [verify_bundle(b.encode(doc), source=n) for n, doc in bundles.items()]
        for report in reports:
            with qtbot.waitSignal(win.reportReady, timeout=10_000):
                win.set_report(report)
            for tab in range(win.tabs.count()):
                win.tabs.setCurrentIndex(tab)
            for f in report.findings[:5]:
                win.select(f.object_id, None)
            if report.hom is not None:
                for chain in report.hom.memories:
                    for step in chain.steps:
                        win.select(step.projection_id, None)
                for i in range(win.eras.epochs.count()):
                    win.eras.epochs.timeline.tooltip(i)
                win.select("entry:0", None)
                win.select("member:0", None)
        for op in ("rotate", "revoke", "grant", "migrate", "rekey", "recover", "label"):
            dlg = AuthorDialog(op, str(tmp_path / "m.aleth"), None, demo_report)
            qtbot.addWidget(dlg)
        qtbot.addWidget(ProofDialog(None, file=str(tmp_path / "m.aleth")))
        qtbot.addWidget(FleetView(str(tmp_path), autostart=False))
        win.runner.shutdown()
    finally:
        qapp.removeTranslator(rec)
    # PySide's tr() asks along the class's MRO (MemoryTableModel, then ColumnsModel…; the main
    # window, then each of its parts): a request is covered by any class of an MRO it is in
    ours = our_contexts()
    bases = mro_bases()
    asked = {(c, s) for c, s in rec.seen if WORD.search(s) and c in ours}  # (not pyqtgraph's menus)
    assert len(asked) > 300
    for lang in LANGS:
        have = messages(I18N / f"aleth_inspector_{lang}.ts")

        def covered(context: str, source: str, have=have) -> bool:
            if (context, source) in have:
                return True
            # a class that asked walks its MRO through ``context`` (a base, or a sibling part
            # of the window): any class of that MRO answering covers it
            return any(
                (x, source) in have
                for cls, mro in bases.items()
                if (cls, source) in asked and (context == cls or context in mro)
                for x in (cls, *mro)
            )

        missing = sorted(k for k in asked if not covered(*k))
        assert not missing, f"{lang}: asked for at run time but not in the catalogue: {missing[:10]}"


WORD = re.compile(r"[A-Za-z]{2,}")


def mro_bases() -> dict[str, set[str]]:
    """Class name → the names of its base classes, for every class of the GUI package."""
    import importlib
    import pkgutil

    import inspector.gui as gui

    out: dict[str, set[str]] = {}
    for m in pkgutil.walk_packages(gui.__path__, "inspector.gui."):
        for obj in vars(importlib.import_module(m.name)).values():
            if isinstance(obj, type) and obj.__module__.startswith("inspector.gui"):
                out[obj.__name__] = {c.__name__ for c in obj.__mro__[1:]}
    return out


def our_contexts() -> set[str]:
    """The translation contexts of our code: its classes and the contexts it names."""
    pattern = re.compile(r'^class (\w+)|(?:translate|QT_TRANSLATE_NOOP)\(\s*"(\w+)"', re.M)
    out: set[str] = set()
    for path in gui_sources():
        for cls, ctx in pattern.findall(Path(path).read_text(encoding="utf-8")):
            out.add(cls or ctx)
    return out
