"""The core's catalogues (``inspector/core/locale/{es,fr}.json``) translate every
registered message template with the same named placeholders, so the GUI and the
text report can say every finding in Spanish and French (issue 12)."""

from __future__ import annotations

import importlib
import pkgutil
import string

import pytest

import inspector.core as core
from inspector.core import i18n
from inspector.core.verify.report import TEMPLATES


def all_templates() -> set[str]:
    for m in pkgutil.walk_packages(core.__path__, "inspector.core."):
        importlib.import_module(m.name)  # modules register their templates on import
    return set(TEMPLATES)


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_core_template_is_translated_with_its_placeholders(lang):
    i18n.catalogue.cache_clear()
    cat = i18n.catalogue(lang)
    templates = all_templates()
    assert templates  # the internal_error template at least
    missing = sorted(t for t in templates if t not in cat)
    assert not missing, f"{lang}.json lacks {len(missing)} template(s), e.g. {missing[:3]}"
    for template in templates:
        assert fields(cat[template]) == fields(template), (lang, template)
        assert cat[template].strip(), (lang, template)  # (a loanword may equal its source: "commit")


def test_detail_explanation_speaks_the_gui_language(monkeypatch):
    """The Detail pane's explanation is core text: in Spanish it comes from the catalogue."""
    from inspector.core.store import read_directory
    from inspector.core.verify.engine import verify
    from inspector.core.verify.explain import explain
    from inspector.core.verify.report import Status

    from ..conftest import ALETHECH

    report = verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))
    dark = next(c for c, s in report.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
    english = explain(report, dark)
    spanish = explain(report, dark, "es")
    assert english.startswith("Not proven: signed by key-001 (agent key, fingerprint")
    assert spanish.startswith("No probado: firmado por key-001 (clave de agente, huella")
    assert "este commit no es un ancestro" in spanish
