"""The previous audit as a read-only baseline: ``audit --since PREVIOUS.json``.

For each file the previous audit judged, its record becomes a
:class:`~.history.Mark` (with every commit id when the audit kept them) that travels
with the file's job to wherever the store is opened; :func:`~.history.compare` runs
there on the freshly verified report.  A rollback is ``rollback_since_last_audit``, a
rewritten or replaced history ``history_rewritten_since_last_audit`` (both errors, in
the file's ``since`` beside its report, never inside it).  :class:`SinceSummary` lists
the files added and gone.  Nothing is written: for a memory that outlives one night,
use the fleet ledger (:mod:`.ledger`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InspectorError
from .history import ERA_FIELDS, Mark

AUDIT_SCHEMA = "aleth-inspector/audit/2"
READABLE_SCHEMAS = ("aleth-inspector/audit/1", AUDIT_SCHEMA)
MAX_PREVIOUS = 2 * 1024 * 1024 * 1024


@dataclass(frozen=True)
class PreviousAudit:
    path: str
    sha256: str
    started_at: str | None
    records: dict[str, Mark]  # by location
    identities: dict[str, str] = field(default_factory=dict)  # identity -> location (audit/2)

    def record(self, location: str, identity: str = "") -> Mark | None:
        """The record of a file: by its identity when the baseline has identities (a
        differently spelled root finds the same file), else by its location."""
        if identity and identity in self.identities:
            return self.records[self.identities[identity]]
        return self.records.get(location)

    def known(self, location: str, identity: str = "") -> bool:
        return self.record(location, identity) is not None


def _bad(path: str, message: str, **kw: Any) -> InspectorError:
    return InspectorError("previous_audit_invalid", f"{path}: {message}", **kw)


def load_previous(path: str | Path) -> PreviousAudit:
    """Read an ``aleth-inspector/audit/1`` or ``/2`` JSON file.  Raises
    :class:`InspectorError` (``previous_audit_invalid``) for anything that is not one: the
    comparison is only as good as its baseline, so a damaged baseline stops the run."""
    from ..canonical import JsonError, loads_strict

    p = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_PREVIOUS + 1)
    except OSError as exc:
        raise _bad(p, f"cannot read it: {exc.strerror}") from exc
    if len(data) > MAX_PREVIOUS:
        raise _bad(p, "larger than 2 GiB")
    try:
        doc, _ = loads_strict(data)
    except JsonError as exc:
        raise _bad(p, f"not strict JSON: {exc}") from exc
    if not isinstance(doc, dict) or doc.get("schema") not in READABLE_SCHEMAS:
        found = doc.get("schema") if isinstance(doc, dict) else type(doc).__name__
        raise _bad(p, "not a fleet audit", expected=f'schema "{AUDIT_SCHEMA}"', found=repr(found)[:80])
    files = doc.get("files")
    if not isinstance(files, list):
        raise _bad(p, "'files' is not a list")
    options = doc.get("options")
    summary = isinstance(options, dict) and options.get("detail") == "summary"
    records: dict[str, Mark] = {}
    identities: dict[str, str] = {}
    for i, entry in enumerate(files):
        location, mark = _record(p, i, entry, summary)
        records[location] = mark
        identity = entry.get("identity")
        if isinstance(identity, str) and identity:
            identities[identity] = location
    started = doc.get("started_at")
    return PreviousAudit(
        p,
        hashlib.sha256(data).hexdigest(),
        started if isinstance(started, str) else None,
        records,
        identities,
    )


def _record(p: str, i: int, entry: Any, summary: bool = False) -> tuple[str, Mark]:
    """One file's record; a ``--detail summary`` audit kept no commit ids (``commits=None``)."""
    where = f"files[{i}]"
    if not isinstance(entry, dict):
        raise _bad(p, f"{where} is not an object")
    location = entry.get("location")
    report = entry.get("report")
    if not isinstance(location, str) or not isinstance(report, dict):
        raise _bad(p, f"{where} has no 'location' string and 'report' object")
    verdict = report.get("verdict")
    head = report.get("head")
    commits = report.get("commits")
    counts = report.get("counts")
    eras = report.get("eras")
    order = report.get("order")
    if not isinstance(verdict, str):
        raise _bad(p, f"{where}.report.verdict is not a string")
    if head is not None and not isinstance(head, str):
        raise _bad(p, f"{where}.report.head is not a string")
    if not isinstance(commits, dict):
        raise _bad(p, f"{where}.report.commits is not an object")
    if not isinstance(counts, dict):
        raise _bad(p, f"{where}.report.counts is not an object")
    if not isinstance(eras, list) or not all(isinstance(e, dict) for e in eras):
        raise _bad(p, f"{where}.report.eras is not a list of objects")

    def count(name: str) -> int:
        v = counts.get(name, 0)
        if type(v) is not int or v < 0:
            raise _bad(p, f"{where}.report.counts.{name} is not a count")
        return v

    genesis = order[0] if isinstance(order, list) and order and isinstance(order[0], str) else None
    return location, Mark(
        verdict,
        head,
        count("commits"),
        count("evidence"),
        tuple({k: e.get(k) for k in ERA_FIELDS} for e in eras),
        None if summary else genesis,
        commits=None if summary else frozenset(commits),
    )


@dataclass
class SinceSummary:
    """The fleet-level comparison: which files changed, appeared or disappeared."""

    previous: PreviousAudit
    changed: list[str] = field(default_factory=list)  # display paths
    added: list[str] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)  # previous locations no longer found
    rolled_back: list[str] = field(default_factory=list)
    rewritten: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "previous": {
                "path": self.previous.path,
                "sha256": self.previous.sha256,
                "started_at": self.previous.started_at,
                "files": len(self.previous.records),
            },
            "changed": self.changed,
            "added": self.added,
            "gone": self.gone,
            "rolled_back": self.rolled_back,
            "rewritten": self.rewritten,
        }
