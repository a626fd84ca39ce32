"""The finding codes a fleet audit adds (profile "audit") and their message templates.

Every finding the fleet code builds uses one of the templates below (registered with
:func:`~inspector.core.findings.message`, so the translation catalogues cover them),
and every code is in the one code table (:mod:`inspector.core.codes`) for ``explain``.
"""

from __future__ import annotations

from ..findings import Severity, message
from .registry import register

E = Severity.ERROR

# ---- opening a file of the fleet -------------------------------------------------------
NO_CREDENTIAL = message("No credential rule unlocks {path}, so the sealed file was not opened.")
CREDENTIAL_UNREADABLE = message("The {what} for {path} could not be read from {source}.")
FILE_TIMEOUT = message(
    "Verifying {path} took longer than {seconds} seconds and was stopped; the file has no verdict."
)
WORKER_LOST = message("The worker verifying {path} was lost before it answered; the file has no verdict.")

# ---- comparison with the previous audit (--since) --------------------------------------
ROLLBACK_HEAD = message(
    "HEAD {head_before} of the last audit is no longer in the file, and every commit in it now "
    "was already there: the file was rolled back to an older copy."
)
ROLLBACK_COMMITS = message(
    "The file has {now} commits where the last audit counted {before}: commits were removed."
)
ROLLBACK_EVIDENCE = message(
    "The file has {now} evidence records where the last audit counted {before}: evidence was removed."
)
ROLLBACK_ERAS = message(
    "The file has {now} key eras where the last audit saw {before}: key history was removed."
)
REWRITTEN_HEAD_GONE = message(
    "HEAD {head_before} of the last audit is no longer in the file and {added} commits the last "
    "audit did not see took its place: the history was rewritten."
)
REWRITTEN_NOT_ANCESTOR = message(
    "HEAD {head_before} of the last audit is still in the file but is not an ancestor of HEAD "
    "{head_after}: the history continues on another branch."
)
REWRITTEN_ERA = message(
    "Key era {index} ({key_id}) is not the one the last audit saw: its {field} was {before} and is "
    "now {now}; key history may only be appended."
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
