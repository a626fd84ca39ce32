"""The GUI's language: Qt translators for the window's own strings, and the core's
catalogue (:mod:`inspector.core.i18n`) for what the verifier says.

The ``.ts`` sources live in ``resources/i18n/`` (one per language); the compiled
``.qm`` files are made at build time by ``pyside6-lrelease`` (``make i18n``, the
PyInstaller spec).  A checkout that has the sources but not the compiled files
(a fresh clone, an editable install) compiles them on first run into the user's
cache directory, so the translations always load.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QStandardPaths, QTranslator

from ..core import i18n as core_i18n
from ..core.findings import Finding

LANGUAGES = ("en", "es", "fr")
_state: dict[str, Any] = {"lang": "en", "translators": []}


def resources_dir() -> Path:
    """``resources/i18n`` of the checkout, or of a frozen bundle."""
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base) / "resources" / "i18n"
    return Path(__file__).resolve().parents[2] / "resources" / "i18n"


def ts_path(lang: str) -> Path:
    return resources_dir() / f"aleth_inspector_{lang}.ts"


def lrelease() -> str | None:
    """The ``pyside6-lrelease`` beside this interpreter, or on PATH."""
    here = Path(sys.executable).parent
    for name in ("pyside6-lrelease", "pyside6-lrelease.exe"):
        cand = here / name
        if cand.exists():
            return str(cand)
    return shutil.which("pyside6-lrelease")


def compile_ts(ts: Path, qm: Path) -> bool:
    """Compile ``ts`` to ``qm`` with lrelease; False when the tool is missing or fails."""
    tool = lrelease()
    if tool is None or not ts.exists():
        return False
    qm.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([tool, "-silent", str(ts), "-qm", str(qm)], capture_output=True, check=False)
    return proc.returncode == 0 and qm.exists()


def cache_dir() -> Path:
    """Where translations compiled on first run are kept (the user's cache directory)."""
    root = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    return Path(root or os.path.expanduser("~/.cache/aleth-inspector")) / "i18n"


def qm_path(lang: str) -> Path | None:
    """The compiled catalogue of ``lang``: beside its source when built, else compiled
    now (first run of a checkout) into the cache directory."""
    built = resources_dir() / f"aleth_inspector_{lang}.qm"
    ts = ts_path(lang)
    if built.exists() and (not ts.exists() or built.stat().st_mtime >= ts.stat().st_mtime):
        return built
    cached = cache_dir() / f"aleth_inspector_{lang}.qm"
    if cached.exists() and ts.exists() and cached.stat().st_mtime >= ts.stat().st_mtime:
        return cached
    if compile_ts(ts, cached):
        return cached
    return built if built.exists() else None


def choose_language(requested: str | None = None) -> str:
    """``requested`` when given, else the system locale's language (one of LANGUAGES)."""
    if requested:
        return requested if requested in LANGUAGES else "en"
    env = core_i18n.system_language()
    if env != "en":
        return env
    name = QLocale.system().name().split("_")[0].lower()
    return name if name in LANGUAGES else "en"


def install(lang: str | None = None) -> str:
    """Load the translators of ``lang`` (or the system language) into the running
    application; returns the language in use.  Safe to call again to switch."""
    app = QCoreApplication.instance()
    lang = choose_language(lang)
    ensure_english_plurals()  # first: a language's own translator, installed after it, wins
    for t in _state["translators"]:
        if app is not None:
            app.removeTranslator(t)
    _state["translators"] = []
    used = "en"
    if lang != "en" and app is not None:
        qm = qm_path(lang)
        ours = QTranslator(app)
        if qm is not None and ours.load(str(qm)):
            app.installTranslator(ours)
            _state["translators"].append(ours)
            used = lang
            qt = QTranslator(app)  # Qt's own dialogs (buttons of message boxes, file dialogs)
            if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                app.installTranslator(qt)
                _state["translators"].append(qt)
    _state["lang"] = used
    return used


def language() -> str:
    """The language the GUI speaks now ("en", "es" or "fr")."""
    return str(_state["lang"])


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for translation in ``context`` and return it as it is (translated
    where it is shown).  lupdate finds the call by this name; PySide6's own function
    does the same, but its stub types the result ``object``."""
    return text


def finding_text(f: Finding) -> str:
    """A core finding's message in the GUI's language."""
    return core_i18n.finding_message(f, language())


def core_text(template: str, **params: Any) -> str:
    """A registered core template in the GUI's language."""
    return core_i18n.tr(template, language(), **params)


_PLURAL = re.compile(r"(\w*?)(y\(ies\)|\(s\)|\(es\))")


def english_plural(text: str, n: int) -> str:
    """``"%n commit(s)"`` → ``"1 commit"`` / ``"2 commits"`` (the English source's forms)."""

    def fix(m: re.Match[str]) -> str:
        stem, suffix = m.group(1), m.group(2)
        if suffix == "y(ies)":
            return stem + ("y" if n == 1 else "ies")
        return stem + ("" if n == 1 else suffix[1:-1])

    return _PLURAL.sub(fix, text)


class EnglishPlurals(QTranslator):
    """The English catalogue: only the plural forms of the sources (``%n item(s)``).
    Installed first, so a language's own translator, installed later, wins."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        if n < 0 or "(" not in source:
            return None  # a null string: "not translated here", the next translator or the source
        return english_plural(source, n).replace("%n", str(n))

    def isEmpty(self) -> bool:
        return False


def ensure_english_plurals() -> None:
    """Install :class:`EnglishPlurals` once in the running application."""
    app = QCoreApplication.instance()
    if app is None or app.property("alethEnglishPlurals"):
        return
    t = EnglishPlurals(app)
    app.installTranslator(t)
    app.setProperty("alethEnglishPlurals", True)
    _state["english"] = t
    for lang_translator in _state["translators"]:  # keep a language's translator in front
        app.removeTranslator(lang_translator)
        app.installTranslator(lang_translator)
