"""Translations of what the core says, without Qt.

The core writes English.  Every finding message is built from a registered
template (:func:`inspector.core.findings.message`) with named parameters,
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

from .findings import Finding, try_fill, typed

LANGUAGES = ("en", "es", "fr")

# How each language writes numbers (CLDR): the group separator, the decimal mark, and
# the fewest digits a number has before it is grouped (Spanish writes 2048 but 12.345).
_GROUP = {"en": ",", "es": ".", "fr": "\u202f"}  # French: a narrow no-break space
_DECIMAL = {"en": ".", "es": ",", "fr": ","}
_GROUP_FROM = {"en": 4, "es": 5, "fr": 4}


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


def number(n: int, lang: str | None) -> str:
    """The integer ``n`` with its digits grouped as ``lang`` writes them (``10,967``,
    ``10.967``, ``10 967``)."""
    lang = lang if lang in _GROUP else "en"
    digits = str(abs(n))
    if len(digits) >= _GROUP_FROM[lang]:
        digits = f"{abs(n):,}".replace(",", _GROUP[lang])
    return "-" + digits if n < 0 else digits


def decimal(x: float, places: int, lang: str | None) -> str:
    """``x`` with ``places`` decimals and the decimal mark of ``lang`` (``0.25``, ``0,25``)."""
    return f"{x:.{places}f}".replace(".", _DECIMAL.get(lang or "en", "."))


def is_singular(n: int, lang: str | None) -> bool:
    """Whether ``n`` takes the singular form in ``lang`` (French: 0 and 1; otherwise 1 only)."""
    return n in (0, 1) if lang == "fr" else n == 1


class Phrase(str):
    """A sentence fragment built from a registered template (``"the event receipt"``,
    ``"projection 2 of memory …"``), given as a parameter of another sentence.

    It *is* its English text, so the English message, the JSON report and ``--json``
    read as before; :func:`tr` translates it with the sentence that holds it, so a
    translated sentence never carries an English fragment.  Only code makes a Phrase:
    a value read from a file is a plain ``str`` and is never translated."""

    template: str
    params: tuple[tuple[str, Any], ...]

    def __new__(cls, template: str, **params: Any) -> Phrase:
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = tuple(params.items())
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # the GUI receives findings pickled from its worker
        return (_phrase, (self.template, self.params))


def _phrase(template: str, params: tuple[tuple[str, Any], ...]) -> Phrase:
    return Phrase(template, **dict(params))


def _said(value: Any, lang: str | None) -> Any:
    return tr(value.template, lang, **dict(value.params)) if isinstance(value, Phrase) else value


def said(value: str, lang: str | None) -> str:
    """``value`` in ``lang``: a :class:`Phrase` is translated, any other text is as it is."""
    return str(_said(value, lang))


def tr(template: str, lang: str | None, **params: Any) -> str:
    """``template`` in ``lang`` (English when there is no translation), filled with
    ``params`` (a :class:`Phrase` among them is translated too)."""
    text = catalogue(lang or "en").get(template, template)
    params = {k: _said(typed(v), lang) for k, v in params.items()}

    def num(n: int) -> str:
        return number(n, lang)

    # a translation that does not fit its values falls back to the English sentence
    return try_fill(text, params, num) or try_fill(template, params, num) or template


def finding_message(f: Finding, lang: str | None) -> str:
    """The finding's message in ``lang``; its English message when it has no template."""
    if not f.template or not lang or lang == "en":
        return f.message
    return tr(f.template, lang, **dict(f.params))
