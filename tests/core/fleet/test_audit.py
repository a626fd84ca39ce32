"""A fleet audit in the core (``inspector.core.fleet.audit``), on the inline executor: one
job per target with the credential its rule gives, every file's answer exactly what
``verify`` gives for it alone, the results streamed as they finish, and a cancel that
stops the run."""

from __future__ import annotations

from inspector.core.container import Credential
from inspector.core.fleet.audit import AuditOptions, plan, run_audit
from inspector.core.fleet.credentials import load_rules
from inspector.core.fleet.discover import discover
from inspector.core.fleet.executors import InlineExecutor
from inspector.core.fleet.task import SentSecret
from inspector.core.verify.context import CancelToken

from .conftest import assert_each_file_as_verify_alone
from .schema import assert_valid


def test_the_inline_audit_is_verify_file_by_file(fleet) -> None:
    streamed: list[tuple[str, int, int]] = []
    result = run_audit(
        discover([str(fleet.root)]),
        rules=load_rules(fleet.credentials),
        executor=InlineExecutor(),
        on_result=lambda entry, done, total: streamed.append((entry.target.location, done, total)),
    )
    assert_each_file_as_verify_alone(fleet, result)
    assert_valid(result.to_json())
    assert [d for _, d, _ in streamed] == list(range(1, len(result.entries) + 1))
    assert {loc for loc, _, _ in streamed} == {e.target.location for e in result.entries}
    assert result.executor["executor"] == "inline"


def test_plan_gives_each_target_its_rule_and_no_secret_unless_asked(fleet) -> None:
    targets = discover([str(fleet.root)]).targets
    jobs = plan(targets, load_rules(fleet.credentials))
    assert [j.location for j in jobs] == [t.location for t in targets]
    assert not any(isinstance(j.credential, Credential) for j in jobs)  # references, not secrets
    assert not any(secret in repr(jobs) for secret in fleet.passphrases)
    sent = plan(targets, load_rules(fleet.credentials), AuditOptions(send_secrets=True))
    assert any(isinstance(j.credential, SentSecret) for j in sent)  # sent, each wrapped
    assert not any(secret in repr(sent) for secret in fleet.passphrases)  # repr hides them


def test_a_cancelled_audit_stops_and_lists_what_it_did_not_audit(fleet) -> None:
    token = CancelToken()
    targets = discover([str(fleet.root)])
    result = run_audit(
        targets,
        executor=InlineExecutor(),
        cancel=token,
        on_result=lambda entry, done, total: token.cancel(),  # after the first file
    )
    assert result.interrupted and len(result.entries) == 1
    assert len(result.not_audited) == len(targets.targets) - 1
