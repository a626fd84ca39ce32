"""Shared test fixtures: the copied fixture corpora live in tests/fixtures/.

Also the conformance suite's switch: ``tests/conformance`` (marker ``conformance``) reads
the HOM-AIMOS vectors from ``../shared`` and is collected only when they are there; the
run's last line says whether it ran (``--conformance=required``, as ``make conformance``
runs it, makes their absence an error).  See ``tests/conformance/vectors.py``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from .conformance import vectors as conformance

# A bare `pytest` (one file, from an editor) runs headless like `make test`: without a
# display, Qt's default platform plugin aborts the process instead of failing a test.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

FIXTURES = Path(__file__).parent / "fixtures"
ALETHECH = FIXTURES / "alethech-0.9.5"
MUTMEM = FIXTURES / "mutmem"


CONFORMANCE_DIR = Path(__file__).parent / "conformance"
_MISSING = pytest.StashKey[str | None]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--conformance",
        choices=("auto", "required"),
        default="auto",
        help="auto: run tests/conformance when ../shared has the HOM-AIMOS vectors (the default); "
        "required: their absence is an error (make conformance)",
    )


def pytest_configure(config: pytest.Config) -> None:
    reason = conformance.missing()
    if reason is not None and config.getoption("conformance") == "required":
        raise pytest.UsageError(f"conformance suite: cannot run ({reason})")
    config.stash[_MISSING] = reason


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Without the vectors the conformance suite is not even imported."""
    if config.stash[_MISSING] is not None and collection_path.is_relative_to(CONFORMANCE_DIR):
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(CONFORMANCE_DIR):
            item.add_marker(pytest.mark.conformance)


_conformance_ran: set[str] = set()  # node ids of the conformance tests this run reported


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # on the xdist controller this sees every worker's reports too
    if "conformance" in report.keywords:
        _conformance_ran.add(report.nodeid)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The run's last line: whether the conformance suite ran, and against what."""
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller speaks for the run
    reason = config.stash.get(_MISSING, None)
    if reason is not None:
        line = f"conformance suite: not run ({reason})"
    else:
        line = f"conformance suite: ran {len(_conformance_ran)} tests against {conformance.SHARED_NAME}"
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(line)
    else:
        print(line)


def load_case(name: str) -> dict:
    return json.loads((ALETHECH / name / "case.json").read_text())


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture(scope="session", autouse=True)
def _scrypt_once_per_input():
    """Derive each (passphrase, salt) key once per session.

    scrypt is a pure function of the passphrase, the salt and its parameters, and costs
    ~0.1–0.2 s: a test that opens the same sealed fixture again (most authoring and CLI
    tests do, once per command) gets the key derived the first time.  Everything else
    runs as for a user: the header is parsed, the slot unwrapped with that key, and a
    wrong passphrase or a new salt (every new seal or re-key) is a real derivation."""
    from inspector.core import kdf

    real = kdf._derive
    keys: dict[tuple[bytes, bytes, int, int, int], bytes] = {}

    def derive(password: bytes, salt: bytes) -> bytes:
        k = (password, bytes(salt), kdf.SCRYPT_N, kdf.SCRYPT_R, kdf.SCRYPT_P)
        if k not in keys:
            keys[k] = real(password, salt)
        return keys[k]

    kdf._derive = derive  # the command line's head start derives through it too
    yield
    kdf._derive = real


def alethech_cli(*args: object):  # type: ignore[no-untyped-def]
    """alethech 0.9.5's own command line (its click group, the code of its console script),
    run in this process: ``.exit_code`` and ``.output``, without an interpreter start-up."""
    from alethech.cli import cli
    from click.testing import CliRunner

    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
