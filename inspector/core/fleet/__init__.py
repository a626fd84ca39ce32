"""Fleet audits: many memory files in one run, on every core or on a Dask cluster.

The pieces, in the order a run uses them (all Qt-free; ``distributed`` and ``fsspec`` are
imported only when a cluster or a URL is used):

* :func:`.discover.discover` — the targets under the PATHs (sealed ``.aleth`` files,
  directory stores, HOM-AIMOS bundles; symbolic links never followed, pipes, sockets and
  devices skipped), each with its identity in the fleet;
* :func:`.credentials.load_rules` — the ``--credentials`` TOML rules: which credential
  *reference* (the current one and older ones), checkpoint and identity apply to which
  file, and which ledger the fleet keeps;
* :func:`.since.load_previous` — a previous audit as a read-only baseline (``--since``);
* :class:`.ledger.Ledger` — the fleet ledger (SQLite): the high-water mark of each file's
  history and the alarms that stay open until acknowledged;
* :func:`.audit.run_audit` — plans one :class:`.task.FileJob` per target and maps
  :func:`.task.audit_file` over them through an executor
  (:class:`.executors.InlineExecutor`, :class:`.executors.LocalExecutor`,
  :class:`.executors.DaskExecutor`), streaming results as they finish; the comparison
  with a baseline is :mod:`.history`;
* :class:`.audit.AuditResult` — the per-file reports (each exactly ``verify``'s), the
  fleet's findings beside them, totals, the files not checked, the ledger's night, the
  exit code and ``to_json()`` (schema ``aleth-inspector/audit/2``);
* :mod:`.render` — the text summary, the progress line and the HTML fleet report.
"""

from __future__ import annotations

from ..codes import audit as codes  # the audit codes and the fleet's message templates
from .audit import AuditOptions, AuditResult, FileEntry, NotChecked, check_send_secrets, plan, run_audit
from .credentials import CredentialRef, CredentialRules, load_rules
from .discover import Discovery, Skipped, Target, discover
from .executors import ClusterLost, DaskExecutor, Executor, InlineExecutor, LocalExecutor
from .history import HistoryChange, Mark
from .ledger import Ledger
from .since import PreviousAudit, load_previous
from .task import FileJob, FileResult, audit_file

__all__ = [
    "AuditOptions",
    "AuditResult",
    "ClusterLost",
    "CredentialRef",
    "CredentialRules",
    "DaskExecutor",
    "Discovery",
    "Executor",
    "FileEntry",
    "FileJob",
    "FileResult",
    "HistoryChange",
    "InlineExecutor",
    "Ledger",
    "LocalExecutor",
    "Mark",
    "NotChecked",
    "PreviousAudit",
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
