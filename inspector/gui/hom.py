"""What the panes need from a HOM-AIMOS report (``report.hom``, a
:class:`~inspector.core.hom_aimos.view.HomView`), computed once per report.

A bundle is one signed JSON document, not a DAG of commits: the panes select its parts
by the ids the findings use — a memory id, a projection id, a certificate fingerprint —
plus ``entry:<n>`` for receipt entry ``n`` and ``member:<n>`` for corpus member ``n``.
:func:`index` maps each id to the part it names.  Every value of the view comes from the
bundle, so it may be of any type: nothing here assumes one.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QCoreApplication

from ..core.hom_aimos.view import hom_view
from ..core.verify.report import Report
from .i18n import QT_TRANSLATE_NOOP

PROFILE = "hom-aimos-v1"


def is_hom(report: Report | None) -> bool:
    return report is not None and report.profile == PROFILE and report.hom is not None


def number(value: Any) -> float | None:
    """A finite JSON number as a float (None for anything else, booleans included)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    x = float(value)
    return x if math.isfinite(x) else None


def when(ts: Any) -> str:
    """Unix seconds as ``2026-08-11 10:42:00 UTC`` (the value itself when it is not a time)."""
    x = number(ts)
    if x is None:
        return str(ts)
    try:
        return datetime.fromtimestamp(x, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    except (OverflowError, OSError, ValueError):
        return str(ts)


def float4_value(hex8: Any) -> str:
    """The binary32 mirror ``3fa66666`` read back as a number (``1.29999995``); ``?`` when
    it is not eight hex digits."""
    if not isinstance(hex8, str) or len(hex8) != 8:
        return "?"
    try:
        (x,) = struct.unpack(">f", bytes.fromhex(hex8))
    except ValueError:
        return "?"
    return f"{x:.9g}"  # nine digits: a binary32 value read back exactly enough to tell it apart


def short(text: Any, n: int = 12) -> str:
    s = str(text)
    return s if len(s) <= n else s[:n] + "…"


@dataclass
class HomIndex:
    """Selection id → the part of the bundle it names."""

    memories: dict[str, Any] = field(default_factory=dict)  # memory_id → MemoryChain
    records: dict[str, Any] = field(default_factory=dict)  # memory_id → MemoryRecord
    steps: dict[str, tuple[str, int]] = field(default_factory=dict)  # projection_id → (memory, step)
    signers: dict[str, int] = field(default_factory=dict)  # certificate fingerprint → epoch index
    entries: dict[str, int] = field(default_factory=dict)  # "entry:<n>" → receipt entry index
    members: dict[str, int] = field(default_factory=dict)  # "member:<n>" → corpus member index

    def memory_of(self, object_id: str) -> str | None:
        """The memory an id is about (the memory itself or one of its projections)."""
        if object_id in self.memories:
            return object_id
        hit = self.steps.get(object_id)
        return hit[0] if hit else None

    def step(self, projection_id: str) -> Any:
        """The WeightStep a projection id names (None when it names none)."""
        hit = self.steps.get(projection_id)
        return self.memories[hit[0]].steps[hit[1]] if hit is not None else None

    def epoch_of(self, object_id: str) -> int | None:
        """The signer epoch an id is about: a certificate, or the signer of a projection."""
        if object_id in self.signers:
            return self.signers[object_id]
        step = self.step(object_id)
        fpr = getattr(step, "certificate_fingerprint", None)
        return self.signers.get(fpr) if isinstance(fpr, str) else None


def index(report: Report) -> HomIndex:
    out = HomIndex()
    view = hom_view(report) if is_hom(report) else None
    if view is None:
        return out
    for chain in view.memories:
        if not isinstance(chain.memory_id, str):
            continue
        out.memories.setdefault(chain.memory_id, chain)
        for i, step in enumerate(chain.steps):
            if isinstance(step.projection_id, str):
                out.steps.setdefault(step.projection_id, (chain.memory_id, i))
    for rec in view.records:
        if isinstance(rec.memory_id, str):
            out.records.setdefault(rec.memory_id, rec)
    for i, s in enumerate(view.signers):
        if isinstance(s.certificate_fingerprint, str):
            out.signers.setdefault(s.certificate_fingerprint, i)
    if view.receipt is not None:
        for i in range(len(view.receipt.entries)):
            out.entries[f"entry:{i}"] = i
    if view.corpus is not None:
        for i in range(len(view.corpus.members)):
            out.members[f"member:{i}"] = i
    return out


def part_json(report: Report, object_id: str) -> tuple[str, Any] | None:
    """``(kind, JSON value)`` of the part ``object_id`` names, for the Detail pane."""
    view = hom_view(report)
    if not is_hom(report) or view is None:
        return None
    full = view.to_json()
    idx = index(report)
    if object_id in idx.memories:
        chain = next(m for m in full["memories"] if m["memory_id"] == object_id)
        record = next((r for r in full["records"] if r["memory_id"] == object_id), None)
        return "memory", {"record": record, **chain}
    if object_id in idx.steps:
        mid, i = idx.steps[object_id]
        chain = next(m for m in full["memories"] if m["memory_id"] == mid)
        return "projection", chain["steps"][i]
    if object_id in idx.signers:
        return "signer epoch", full["signers"][idx.signers[object_id]]
    if object_id in idx.entries and full["receipt"] is not None:
        return "receipt entry", full["receipt"]["entries"][idx.entries[object_id]]
    if object_id in idx.members and full["corpus"] is not None:
        return "corpus member", full["corpus"]["members"][idx.members[object_id]]
    master = full.get("master")
    if master is not None and object_id in (master.get("fingerprint"), master.get("computed_fingerprint")):
        return "master key", master
    return None


def _t(text: str) -> str:
    return QCoreApplication.translate("Hom", text)


def issued_text(issued_by: Any) -> str:
    return {
        "master": QCoreApplication.translate("Hom", "master-issued"),
        "self": "⚠ " + QCoreApplication.translate("Hom", "self-issued"),
    }.get(str(issued_by), QCoreApplication.translate("Hom", "issued by another key"))


FOREVER = 253402300799  # 9999-12-31T23:59:59Z: "no end"


def epoch_text(sgn: Any) -> str:
    """One signer epoch in a line: role, who issued it, its window, its revocation."""
    start = when(sgn.valid_from)
    end = (
        QCoreApplication.translate("Hom", "no end")
        if number(sgn.valid_until) == FOREVER
        else when(sgn.valid_until)
    )
    parts = [
        issued_text(sgn.issued_by),
        QCoreApplication.translate("Hom", "certificate %1").replace(
            "%1", short(sgn.certificate_fingerprint, 16)
        ),
        QCoreApplication.translate("Hom", "valid %1 – %2").replace("%1", start).replace("%2", end),
    ]
    if sgn.revoked_at is not None:
        checked = (
            ""
            if sgn.revocation_verified
            else " " + QCoreApplication.translate("Hom", "(revocation signature not verified)")
        )
        parts.append(
            "✖ "
            + QCoreApplication.translate("Hom", "revoked at %1").replace("%1", when(sgn.revoked_at))
            + checked
        )
    return " · ".join(parts)


NO_HISTORY = str(
    QT_TRANSLATE_NOOP(
        "Hom",
        "This profile has no commit history: a HOM-AIMOS bundle is one signed JSON document, not a DAG of "
        "commits. Its weight chains are in Weights, its signer epochs in Key eras, its receipt or member "
        "bundles in Labels & receipts, and every problem in Findings.",
    )
)
NO_COMMITS = QT_TRANSLATE_NOOP("Hom", "This store has no commits.")


def no_history_text(report: Report) -> str:
    """What History and Graph say when a report has no commits to show."""
    return _t(NO_HISTORY) if is_hom(report) else _t(NO_COMMITS)


def record_text(rec: Any) -> str:
    """A weight chain's record as the reference states it: its certification status and
    whether it verifies (and why not)."""
    if rec is None:
        return "—"
    status = str(rec.certification_status)
    if rec.ok:
        checked = QCoreApplication.translate("Hom", "verifies (signatures checked: %1)")
        return f"{status} — ✔ " + checked.replace("%1", str(rec.sigs_verified))
    why = f": {rec.reason}" if rec.reason else ""
    return f"{status} — ✖ " + QCoreApplication.translate("Hom", "does not verify") + why


TIME_STEPS = (1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200)
DAY = 86400


def time_ticks(t0: float, t1: float, room: int) -> tuple[float, list[float]]:
    """At most ``room`` (or a few more) tick times between ``t0`` and ``t1`` on whole
    seconds, minutes, hours or days: ``(spacing, values)``."""
    span = t1 - t0
    if not math.isfinite(span) or span <= 0:
        return 1.0, []
    room = max(room, 2)
    step = next((float(st) for st in TIME_STEPS if span / st <= room), None)
    if step is None:
        step = float(DAY * max(1, math.ceil(span / DAY / room)))
    first = math.ceil(t0 / step) * step
    return step, [first + k * step for k in range(int((t1 - first) // step) + 1)][:60]


def time_labels(values: list[float], spacing: float) -> list[str]:
    """Tick labels as the spacing needs them: ``11:22:01``, ``10:40``, ``08-11 10:40``,
    ``2026-08-11``."""
    if spacing < 60:
        fmt = "%H:%M:%S"
    elif spacing < DAY:
        fmt = "%m-%d %H:%M" if values and max(values) - min(values) >= DAY else "%H:%M"
    else:
        fmt = "%Y-%m-%d"
    out = []
    for v in values:
        try:
            out.append(datetime.fromtimestamp(v, UTC).strftime(fmt))
        except (OverflowError, OSError, ValueError):
            out.append("")
    return out
