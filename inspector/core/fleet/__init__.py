"""Fleet audits: many memory files in one run, on every core or on a Dask cluster.

The pieces, in the order a run uses them (all Qt-free; ``distributed`` and ``fsspec`` are
imported only when a cluster or a URL is used):

* :func:`.discover.discover` — the targets under the PATHs (sealed ``.aleth`` files,
  directory stores, HOM-AIMOS bundles; symbolic links never followed);
* :func:`.credentials.load_rules` — the ``--credentials`` TOML rules: which credential
  *reference* and checkpoint apply to which file;
* :func:`.since.load_previous` — the previous audit as a baseline (``--since``);
* :func:`.audit.run_audit` — plans one :class:`.task.FileJob` per target and maps
  :func:`.task.audit_file` over them through an executor
  (:class:`.executors.InlineExecutor`, :class:`.executors.LocalExecutor`,
  :class:`.executors.DaskExecutor`), streaming results as they finish;
* :class:`.audit.AuditResult` — the per-file reports, totals, the since-summary, the exit
  code and ``to_json()`` (schema ``aleth-inspector/audit/1``);
* :mod:`.render` — the text summary, the progress line and the HTML fleet report.
"""

from __future__ import annotations

from ..codes import audit as codes  # the audit codes and the fleet's message templates
from .audit import AuditOptions, AuditResult, FileEntry, check_send_secrets, plan, run_audit
from .credentials import CredentialRef, CredentialRules, load_rules
from .discover import Discovery, Skipped, Target, discover
from .executors import DaskExecutor, Executor, InlineExecutor, LocalExecutor
from .since import PreviousAudit, SinceChange, load_previous
from .task import FileJob, FileResult, audit_file

__all__ = [
    "AuditOptions",
    "AuditResult",
    "CredentialRef",
    "CredentialRules",
    "DaskExecutor",
    "Discovery",
    "Executor",
    "FileEntry",
    "FileJob",
    "FileResult",
    "InlineExecutor",
    "LocalExecutor",
    "PreviousAudit",
    "SinceChange",
    "Skipped",
    "Target",
    "audit_file",
    "check_send_secrets",
    "codes",
    "discover",
    "load_previous",
    "load_rules",
    "plan",
    "run_audit",
]
