"""Translations of what the core says, without Qt.

The core writes English.  Every finding message is built from a registered
template (:func:`inspector.core.verify.report.message`) with named parameters,
and every finding code has registered explanation texts
(:mod:`inspector.core.codes`).  A catalogue ``locale/<lang>.json`` maps each
English template to its translation (same ``{name}`` placeholders), so the GUI
and the text report can speak the user's language while the JSON report keeps
English codes and messages.  A test checks every catalogue is complete.
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from importlib import resources
from typing import Any

from .verify.report import Finding

LANGUAGES = ("en", "es", "fr")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The ``template → translation`` table of ``lang`` (empty for English or unknown)."""
    if lang == "en" or lang not in LANGUAGES:
        return {}
    text = resources.files("inspector.core").joinpath("locale", f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def system_language() -> str:
    """The user's language from the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``), reduced to one of :data:`LANGUAGES`; English when none fits."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    try:
        code = (locale.getlocale()[0] or "en").split("_")[0].lower()
    except ValueError:
        code = "en"
    return code if code in LANGUAGES else "en"


def tr(template: str, lang: str | None, **params: Any) -> str:
    """``template`` in ``lang`` (English when there is no translation), filled with ``params``."""
    text = catalogue(lang or "en").get(template, template)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return template.format(**params)


def finding_message(f: Finding, lang: str | None) -> str:
    """The finding's message in ``lang``; its English message when it has no template."""
    if not f.template or not lang or lang == "en":
        return f.message
    return tr(f.template, lang, **dict(f.params))
