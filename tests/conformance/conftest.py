"""The conformance suite: tests against the HOM-AIMOS conformance vectors, read in place
from ``../shared`` (AGPL data, never copied into the project).

Everything under ``tests/conformance`` carries the ``conformance`` marker (the root
``conftest.py`` adds it) and is collected only when ``../shared/hom-aimos-v1`` and
``../shared/hom-aimos-v2`` are both there, so a lone clone passes ``make test`` and its
last line says the suite did not run; ``make conformance`` runs only this suite and fails
when the vectors are missing.

Reading a vector (``tests/conformance/vectors.py``)::

    from tests.conformance.vectors import vector_path, vector_bytes, expected_rows

    vector_path("MM-CV-022-B")                 # a v1 bundle, by its id
    vector_path("vectors.json", version="v2")  # a file of the v2 corpus
    expected_rows()                            # the reference answers of v1 (expected.json)

or the fixtures below.  A test that needs *a* HOM-AIMOS bundle but not the reference's
verdict on it builds one (``tests/core/hom_aimos/builder.py``) and lives beside the code
it tests, so it runs everywhere.  GUI tests here use ``qtbot`` as in ``tests/gui``; the
modal-dialog guard applies to them too (it is imported below).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.modal_guard import _no_modal_dialogs, _no_modal_dialogs_installed  # noqa: F401

from .vectors import HOM_V1, HOM_V2, vector_doc, vector_path


@pytest.fixture(scope="session")
def hom_v1() -> Path:
    """The v1 corpus folder (``../shared/hom-aimos-v1``)."""
    return HOM_V1


@pytest.fixture(scope="session")
def hom_v2() -> Path:
    """The v2 corpus folder (``../shared/hom-aimos-v2``)."""
    return HOM_V2


@pytest.fixture
def load_vector() -> Callable[[str], Any]:
    """``load_vector("MM-CV-005")``: a fresh parsed copy of a v1 vector, to edit."""
    return vector_doc


@pytest.fixture
def vector() -> Callable[..., Path]:
    """``vector("MM-CV-005")`` or ``vector("vectors.json", version="v2")``: its path."""
    return vector_path
