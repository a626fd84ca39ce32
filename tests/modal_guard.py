"""No test may open a modal dialog: offscreen nobody answers it, so the test would hang
(and with it the xdist worker and the whole run).

``_no_modal_dialogs_installed`` (session, autouse where it is imported: the GUI and
conformance conftests) replaces every way Qt offers to run a dialog modally —
``QDialog.exec`` and its subclasses' ``exec``, the static ``QMessageBox.warning`` …,
``QFileDialog.get…``, ``QInputDialog.get…``, ``QColorDialog.getColor``,
``QFontDialog.getFont`` — by a refusal that raises :class:`ModalDialogOpened`.
``_no_modal_dialogs`` (each test) fails the test at teardown if one was attempted, even
when the code under test swallowed the exception.  A test that means to drive such a
call replaces it itself (``monkeypatch.setattr(QFileDialog, "getSaveFileName", …)``);
windows use ``open()`` or ``show()``, which return at once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

STATICS = {
    "QMessageBox": ("about", "aboutQt", "critical", "information", "question", "warning"),
    "QFileDialog": (
        "getExistingDirectory",
        "getExistingDirectoryUrl",
        "getOpenFileName",
        "getOpenFileNames",
        "getOpenFileUrl",
        "getOpenFileUrls",
        "getSaveFileName",
        "getSaveFileUrl",
    ),
    "QInputDialog": ("getDouble", "getInt", "getItem", "getMultiLineText", "getText"),
    "QColorDialog": ("getColor",),
    "QFontDialog": ("getFont",),
}

attempts: list[str] = []
"""What the running test tried to open (cleared before each test)."""


class ModalDialogOpened(AssertionError):
    """A test opened a modal dialog."""


def _describe(args: tuple[Any, ...]) -> str:
    texts = []
    for a in args:
        if isinstance(a, str):
            texts.append(a)
        elif hasattr(a, "windowTitle"):
            with contextlib.suppress(RuntimeError):  # a deleted C++ object
                texts.append(a.windowTitle())
    return " — ".join(t for t in texts if t)[:200]


def refusal(what: str) -> Callable[..., Any]:
    def refuse(*args: Any, **_kwargs: Any) -> Any:
        said = _describe(args)
        attempts.append(f"{what}({said})" if said else what)
        raise ModalDialogOpened(
            f"the test opened a modal dialog: {attempts[-1]} (offscreen nobody answers it; "
            "use open()/show() in the code, or replace the call in the test)"
        )

    return refuse


DIALOGS = (
    "QDialog",
    "QMessageBox",
    "QFileDialog",
    "QInputDialog",
    "QColorDialog",
    "QFontDialog",
    "QProgressDialog",
    "QErrorMessage",
    "QWizard",
)
"""QDialog and the dialogs QtWidgets derives from it (a subclass that runs its own
``exec`` is caught too; PySide6 binds the module's classes lazily, hence the names)."""


@pytest.fixture(scope="session", autouse=True)
def _no_modal_dialogs_installed() -> Iterator[None]:
    from PySide6 import QtWidgets

    mp = pytest.MonkeyPatch()
    try:
        for cls_name in DIALOGS:
            cls = getattr(QtWidgets, cls_name)
            for name in ("exec", "exec_"):
                if name in vars(cls):
                    mp.setattr(cls, name, refusal(f"{cls.__name__}.{name}"))
        for cls_name, names in STATICS.items():
            cls = getattr(QtWidgets, cls_name)
            for name in names:
                mp.setattr(cls, name, refusal(f"{cls_name}.{name}"))
        yield
    finally:
        mp.undo()


@pytest.fixture(autouse=True)
def _no_modal_dialogs(_no_modal_dialogs_installed: None) -> Iterator[None]:
    attempts.clear()
    yield
    if attempts:
        tried = list(attempts)
        attempts.clear()
        pytest.fail(f"the test opened {len(tried)} modal dialog(s): {', '.join(tried)}", pytrace=False)
