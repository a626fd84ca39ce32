"""A fleet made from the fixture corpus, and the reference each file must reach.

``fleet`` copies into a temporary folder: every directory store of the alethech 0.9.5
corpus (checkpoint cases get their checkpoint through a credentials rule), a handful of
sealed files (pass, ALETH001, recovery code, a passphrase from an environment variable,
a wrong passphrase, damaged envelopes, a file no rule unlocks) and two HOM-AIMOS bundles
built by ``tests/core/hom_aimos/builder.py`` (one valid, one whose format is not the
schema's).  ``reference(target)`` is what ``verify`` gives for that file alone
(:func:`inspector.core.opener.open_and_verify` with the credential and checkpoint the
rules give it).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from inspector.core.container import Credential
from inspector.core.opener import open_and_verify
from inspector.core.verify.engine import VerifyOptions
from inspector.core.verify.report import Report

from ...conftest import ALETHECH
from ..hom_aimos import builder as hom

ENV_VAR = "ALETH_FLEET_TEST_PASSPHRASE"

# sealed files: (fleet name, case, file, unlock kind or None for "no rule")
SEALED = [
    ("basic-v2.aleth", "01_basic", "memory.aleth", "passphrase"),
    ("basic-v1.aleth", "01_basic", "memory.v1.aleth", "passphrase"),
    ("eras-recovery.aleth", "03_rotation_eras", "memory.aleth", "recovery_code"),
    ("recovery-unlock.aleth", "11_container_v2_recovery_code_unlock", "memory.aleth", "recovery_code"),
    ("dark-legacy.aleth", "06_dark_legacy", "memory.aleth", "env"),
    ("wrong-passphrase.aleth", "11_container_v2_wrong_passphrase", "memory.aleth", "passphrase"),
    ("bad-magic.aleth", "11_container_v1_bad_magic", "memory.aleth", "passphrase"),
    ("header-overflow.aleth", "11_container_v2_header_length_overflow", "memory.aleth", "passphrase"),
    ("non-canonical.aleth", "11_container_v2_non_canonical_header", "memory.aleth", "passphrase"),
    ("payload-path.aleth", "11_container_v2_invalid_payload_path", "memory.aleth", "passphrase"),
]
NO_RULE = ("evidence-no-rule.aleth", "02_evidence", "memory.aleth")
HOM = ("cognitive-valid.json", "cognitive-bad-format.json")


def hom_bundle(name: str) -> dict:
    """The fleet's HOM-AIMOS bundle ``name`` (one of :data:`HOM`)."""
    doc = hom.valid_cognitive()
    if name == "cognitive-bad-format.json":
        doc["format"]["version"] = 2  # cognitive_evidence_bundle_schema_invalid
    return doc


def case(name: str) -> dict:
    return json.loads((ALETHECH / name / "case.json").read_text())


@dataclass
class Fleet:
    root: Path  # the folder audited
    credentials: Path  # the rules file (outside the folder)
    creds: dict[str, Credential | None] = field(default_factory=dict)  # location -> credential
    checkpoints: dict[str, Path] = field(default_factory=dict)  # location -> checkpoint file
    no_rule: set[str] = field(default_factory=set)  # locations no rule unlocks
    passphrases: list[str] = field(default_factory=list)  # every secret used (must never leak)
    _refs: dict[str, dict] = field(default_factory=dict)

    def options(self, location: str, **kw) -> VerifyOptions:
        cp = self.checkpoints.get(location)
        if cp is None:
            return VerifyOptions(**kw)
        return VerifyOptions(checkpoint=cp.read_bytes(), checkpoint_name=cp.name, **kw)

    def reference(self, location: str) -> Report:
        """What ``verify`` says about the file alone."""
        return open_and_verify(location, self.creds.get(location), self.options(location))

    def expected(self, location: str) -> dict:
        """``comparable(reference(location).to_json())``, computed once per session."""
        if location not in self._refs:
            self._refs[location] = comparable(self.reference(location).to_json())
        return self._refs[location]


def build_fleet(base: Path, monkeypatch_env) -> Fleet:  # type: ignore[no-untyped-def]
    root = base / "fleet"
    secrets = base / "creds" / "secrets"
    secrets.mkdir(parents=True)
    (base / "creds" / "checkpoints").mkdir()
    fleet = Fleet(root, base / "creds" / "rules.toml")
    rules: list[str] = []
    for d in sorted(ALETHECH.iterdir()):
        if not (d / "store").is_dir():
            continue
        target = root / "stores" / d.name
        shutil.copytree(d / "store", target, symlinks=True)
        loc = str(target)
        fleet.creds[loc] = None
        c = case(d.name)
        if c["inputs"]["checkpoint"]:
            cp = base / "creds" / "checkpoints" / f"{d.name}.json"
            shutil.copyfile(d / c["inputs"]["checkpoint"], cp)
            fleet.checkpoints[loc] = cp
            rules.append(f'[[file]]\nmatch = "stores/{d.name}"\ncheckpoint = "checkpoints/{cp.name}"\n')
    (root / "sealed").mkdir()
    for name, case_name, file, unlock in SEALED:
        target = root / "sealed" / name
        shutil.copyfile(ALETHECH / case_name / file, target)
        c = case(case_name)
        given = next((x["unlock"] for x in c["inputs"]["containers"] if x["file"] == file), {})
        loc = str(target)
        if unlock == "env":
            monkeypatch_env(ENV_VAR, c["passphrase"])
            fleet.creds[loc] = Credential(passphrase=c["passphrase"])
            fleet.passphrases.append(c["passphrase"])
            rules.append(f'[[file]]\nmatch = "sealed/{name}"\npassphrase_env = "{ENV_VAR}"\n')
            continue
        secret = given.get(unlock) if unlock in given else c[unlock]
        (secrets / f"{name}.txt").write_text(secret + "\n", encoding="utf-8")
        key = "passphrase_file" if unlock == "passphrase" else "recovery_code_file"
        rules.append(f'[[file]]\nmatch = "sealed/{name}"\n{key} = "secrets/{name}.txt"\n')
        fleet.creds[loc] = Credential(**{unlock: secret})
        fleet.passphrases.append(secret)
    name, case_name, file = NO_RULE
    shutil.copyfile(ALETHECH / case_name / file, root / "sealed" / name)
    fleet.no_rule.add(str(root / "sealed" / name))
    fleet.creds[str(root / "sealed" / name)] = None
    (root / "bundles").mkdir()
    for v in HOM:
        hom.write(root / "bundles" / v, hom_bundle(v))
        fleet.creds[str(root / "bundles" / v)] = None
    # things that are not memory files
    (root / "README.txt").write_text("not a memory file\n")
    shutil.copyfile(ALETHECH / "01_basic" / "case.json", root / "bundles" / "case.json")
    fleet.credentials.write_text("\n".join(rules), encoding="utf-8")
    return fleet


@pytest.fixture(scope="session")
def fleet(tmp_path_factory) -> Fleet:
    mp = pytest.MonkeyPatch()
    base = tmp_path_factory.mktemp("fleet")
    try:
        yield build_fleet(base, mp.setenv)
    finally:
        mp.undo()


def comparable(report_json: dict) -> dict:
    """A report's JSON without what differs between two runs of the same verification."""
    out = {
        k: v
        for k, v in report_json.items()
        if k not in ("timings", "started_at", "duration_s", "input", "tool")
    }
    return out


def assert_each_file_as_verify_alone(fleet: Fleet, result) -> None:  # type: ignore[no-untyped-def]
    """Every entry of a fleet audit is exactly what ``verify`` gives for its file alone
    (and the file no rule unlocks is ``no_credential``)."""
    assert not result.interrupted and not result.not_audited
    assert len(result.entries) == len(fleet.creds)
    for e in result.entries:
        got = comparable(e.report.to_json())
        if e.target.location in fleet.no_rule:
            assert (e.report.verdict, e.report.codes()) == ("unopenable", {"no_credential"})
        else:
            assert got == fleet.expected(e.target.location), e.target.display


class Background:
    """Run ``executor.run(jobs)`` in a thread, collecting results as they stream."""

    def __init__(self, executor, jobs, cancel=None) -> None:  # type: ignore[no-untyped-def]
        import threading

        self.results: list = []
        self.error: BaseException | None = None
        self._it = executor.run(jobs, cancel)
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        try:
            for r in self._it:
                self.results.append(r)
        except BaseException as exc:
            self.error = exc

    def join(self, timeout: float = 600) -> None:  # a watchdog against a hang, not a measure
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the executor did not finish"


def feed_fifo(path: Path, data: bytes) -> None:
    """Write ``data`` into a named pipe once a reader has opened it (blocks until then)."""
    with open(path, "wb") as fh:
        fh.write(data)


def wait_for(predicate, timeout: float = 600, what: str = "condition"):  # type: ignore[no-untyped-def]
    """Poll ``predicate`` (process tables and schedulers have no event to wait on) until
    it is true; ``timeout`` is a watchdog against a hang, not a measure of speed."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
