"""The finding codes a fleet audit adds (profile "audit") and their message templates.

Every finding the fleet code builds uses one of the templates below (registered with
:func:`~inspector.core.findings.message`, so the translation catalogues cover them),
and every code is in the one code table (:mod:`inspector.core.codes`) for ``explain``.
"""

from __future__ import annotations

from ..findings import Severity, message
from .registry import Concern, register

E = Severity.ERROR

# ---- opening a file of the fleet -------------------------------------------------------
NO_CREDENTIAL = message("No credential rule unlocks {path}, so the sealed file was not opened.")
CREDENTIAL_UNREADABLE = message("The {what} for {path} could not be read from {source}.")
FILE_TIMEOUT = message(
    "Verifying {path} took longer than {seconds} seconds and was stopped; the file has no verdict."
)
WORKER_LOST = message("The worker verifying {path} was lost before it answered; the file has no verdict.")

# ---- the cluster --------------------------------------------------------------------------
WORKER_CANNOT_READ = message(
    "Worker {worker} could not read {files} files that other workers read: its results were "
    "set aside and the files verified elsewhere."
)
# why files were not checked (one sentence each)
REASON_INTERRUPTED = message("The audit was interrupted (Ctrl-C) before it checked the file.")
REASON_TERMINATED = message("The audit was stopped (SIGTERM) before it checked the file.")
REASON_SCHEDULER_LOST = message("The Dask scheduler was lost and did not come back within {seconds} s.")
REASON_NO_WORKERS = message("No Dask worker was alive for {seconds} s.")
REASON_ONLY_BLIND_WORKERS = message(
    "For {seconds} s the only workers left were workers that cannot read the files."
)

# ---- the fleet ledger -------------------------------------------------------------------
GONE = message(
    "{identity} was last seen on {last_seen} and is no longer found: a file the fleet audits disappeared."
)
OPENED_WITH_OLDER = message(
    "The file opened only with an older credential (number {number} of its rule), not the current one."
)

register(
    "no_credential",
    E,
    "No credential for a sealed file",
    "The fleet audit found a sealed file that no rule of the credentials file matches, so it "
    "could not be opened.",
    "A file nobody can open is a file nobody audited: its contents could be anything.",
    "Add a [[file]] rule whose match covers this file, with passphrase_file, recovery_code_file "
    "or passphrase_env.",
    profile="audit",
    concerns=(Concern.CREDENTIAL,),
)
register(
    "file_timeout",
    E,
    "Verification took too long",
    "Verifying this file took longer than --file-timeout allows; it was stopped without a verdict.",
    "The file was not audited; a hostile or very large file may be designed to stall an audit.",
    "Verify the file on its own (aleth-inspector verify) or raise --file-timeout.",
    profile="audit",
)
register(
    "worker_lost",
    E,
    "Worker lost while verifying",
    "The process verifying this file died twice (it was retried once), or the cluster lost the task, so "
    "the file has no verdict.",
    "A file that kills the verifier is either hostile or hits a bug; it was not audited.",
    "Verify the file on its own (aleth-inspector verify) and report the crash if it recurs.",
    profile="audit",
)
register(
    "worker_cannot_read",
    E,
    "A worker could not read the fleet",
    "One worker of the cluster failed to read files (not found, unreadable) that other workers "
    "read: it does not see the files as the others do (a missing mount, other permissions).",
    "Its answers say nothing about the files; had they been taken, files would be reported "
    "missing that are there, and their comparison with the ledger skipped.",
    "Fix the worker's view of the file system (mounts, permissions, credentials) or take it out "
    "of the cluster; its files were verified by other workers.",
    profile="audit",
)
register(
    "audit_incomplete",
    E,
    "The audit did not finish",
    "The audit stopped before every file was checked: the Dask scheduler was lost, no worker was "
    "alive for the grace period, or the run was interrupted. The files not checked are listed.",
    "A file that was not checked has no verdict tonight; an incomplete audit must not read as a clean one.",
    "Restore the cluster (scheduler and workers) and run the audit again.",
    profile="audit",
)
register(
    "ledger_rollback",
    E,
    "Rolled back below the ledger's mark",
    "The file holds less history than the fleet ledger has ever seen verified for it: its HEAD, "
    "commits, evidence, key eras, control events or stored checkpoints of then are gone and "
    "nothing replaced them.",
    "A rolled-back memory silently forgets what the agent learned or was told since; signatures "
    "alone cannot show it, only a record kept outside the file. The alarm stays open every night "
    "until it is acknowledged.",
    "Find out who restored the older copy and why; recover the newer file from a backup; then "
    "acknowledge the alarm (aleth-inspector audit ack FILE --reason ...).",
    profile="audit",
)
register(
    "ledger_fork",
    E,
    "History forked from the ledger's mark",
    "The history the fleet ledger saw verified is not a prefix of the current one: HEAD moved to "
    "a branch that does not contain it, commits were replaced, or a key era or control event "
    "changed instead of being appended.",
    "Rewriting history can hide or alter memories an auditor already accepted. The alarm stays "
    "open every night until it is acknowledged.",
    "Compare the file with a backup of the history the ledger saw; treat the change as an "
    "incident until explained, then acknowledge it (audit ack FILE --reason ...).",
    profile="audit",
)
register(
    "ledger_replaced",
    E,
    "Another memory in the file's place",
    "Neither the first commit nor the HEAD the fleet ledger saw for this file is in it: a "
    "different memory now sits at this place of the fleet.",
    "An agent's memory swapped for another one hides everything the first recorded.",
    "Find out where the memory the ledger knew went; acknowledge the alarm once explained "
    "(audit ack FILE --reason ...).",
    profile="audit",
)
register(
    "ledger_gone",
    E,
    "A file of the fleet is gone",
    "A file the fleet ledger knows was not found tonight under the audited paths.",
    "A memory that disappears cannot be audited; deleting or moving it may hide its history.",
    "Find out where it went. If it was retired on purpose, acknowledge the alarm (audit ack FILE "
    "--reason ...): the ledger then stops expecting it.",
    profile="audit",
)
register(
    "opened_with_older_credential",
    Severity.WARNING,
    "Opened only with an older credential",
    "The file did not open with the current credential of its rule but with an older one listed "
    "after it: it was sealed before the last re-key.",
    "An older copy put back in place of the current file opens only with the old passphrase; its "
    "history is compared with the ledger.",
    "Check the comparison with the ledger; re-key the file if it is the current one.",
    profile="audit",
)
register(
    "rollback_since_last_audit",
    E,
    "Rolled back since the last audit",
    "The file holds less history than the previous audit recorded: its previous HEAD, commits, "
    "evidence or key eras are gone and nothing replaced them.",
    "A rolled-back memory silently forgets what the agent learned or was told since; signatures "
    "alone cannot show it, only a record kept outside the file.",
    "Find out who restored the older copy and why; recover the newer file from a backup.",
    profile="audit",
)
register(
    "history_rewritten_since_last_audit",
    E,
    "History rewritten since the last audit",
    "The history recorded by the previous audit is not a prefix of the current one: HEAD moved "
    "to another branch, commits were replaced, or a key era changed instead of being appended.",
    "Rewriting history can hide or alter memories an auditor already accepted.",
    "Compare the previous and current files; treat the change as an incident until explained.",
    profile="audit",
)
