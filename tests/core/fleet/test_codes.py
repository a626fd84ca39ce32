"""The audit's finding codes are in the one code table, and every message it builds comes
from a registered template (so ``explain`` and the translation catalogues cover them)."""

from __future__ import annotations

import inspector.core.fleet  # noqa: F401  (registers the audit codes)
from inspector.core.codes import audit as C
from inspector.core.codes import lookup
from inspector.core.findings import TEMPLATES, Severity
from inspector.core.fleet.executors import lost_result
from inspector.core.fleet.task import FileJob

AUDIT_CODES = (
    "no_credential",
    "file_timeout",
    "worker_lost",
    "rollback_since_last_audit",
    "history_rewritten_since_last_audit",
)


def test_a_credential_the_worker_cannot_read_uses_the_one_shared_code():
    """credential_unreadable is the verifier's code (one entry in the table for the CLI
    and the fleet), not an audit-only one."""
    info = lookup("credential_unreadable")
    assert info is not None and info.profile == "alethech" and "fleet audit" in info.meaning


def test_every_audit_code_is_registered_with_its_texts():
    for code in AUDIT_CODES:
        info = lookup(code)
        assert info is not None, code
        assert info.profile == "audit" and info.severity == Severity.ERROR
        for text in (info.title, info.meaning, info.why, info.action):
            assert text and text in TEMPLATES


def test_every_template_of_the_fleet_is_registered_and_one_sentence():
    names = [n for n in dir(C) if n.isupper() and isinstance(getattr(C, n), str) and n != "E"]
    assert len(names) >= 10
    for n in names:
        t = getattr(C, n)
        assert t in TEMPLATES, n
        assert t.endswith(".") and "_" not in t.split("{")[0], n  # a sentence, not a code


def test_a_built_finding_carries_its_template_and_params():
    f = lost_result(FileJob(0, "/x/a.aleth", "a.aleth", "sealed"), "died twice").report.findings[0]
    assert f.code == "worker_lost" and f.template == C.WORKER_LOST
    assert dict(f.params) == {"path": "a.aleth"} and f.message == C.WORKER_LOST.format(path="a.aleth")
    assert f.found == "died twice"
