"""Plans that bind a later write (SPEC E6).

A dry run can save its plan: the source's SHA-256, the operation and its inputs
(never a secret: keys appear by fingerprint, a label's reason by its SHA-256),
where the result goes, the effects and the exact list of what it disowns.  A
later write given the plan refuses unless the source is byte-identical, the
inputs are the same and its own effects — disowned list included — are the
same.  New key material may differ (it is drawn fresh), never the effects: the
parameters that only name fresh material (a new key's fingerprint, a new root's
id) are compared as "fresh".

No plaintext of the payload reaches the plan file: a memory's words and a
disowned object's summary are left out (its id, kind and key stay).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import OperationError
from ..findings import message
from .authoring import Result
from .effects import Effect
from .safe import atomic_write

PLAN_FORMAT = "aleth-inspector/plan/1"
FRESH_PARAMS = frozenset({"fingerprint", "root_id"})  # name key material drawn for this write
CONTENT_PARAMS = frozenset({"memory"})  # the payload's own words: never on disk
FRESH = "(fresh)"
MAX_PLAN = 64 << 20

PLAN_UNREADABLE = message("the plan {path} cannot be used: {reason}")
PLAN_MISMATCH = message("the write does not match the plan {path} ({what}); nothing was written")
# what differs (a parameter of PLAN_MISMATCH: the first difference)
W_SOURCE = message("the source is not byte-identical")
W_OPERATION = message("another operation")
W_INPUTS = message("other inputs")
W_EFFECTS = message("other effects")
W_DISOWNED = message("other objects disowned")
W_TARGET = message("another destination")


def effect_entry(e: Effect) -> dict[str, Any]:
    """An effect as a plan keeps and compares it (no content words, fresh material
    marked as such)."""
    params = {}
    for k, v in e.params:
        if k in CONTENT_PARAMS:
            continue
        params[k] = FRESH if k in FRESH_PARAMS else (v if isinstance(v, (int, float, bool)) else str(v))
    return {"kind": e.kind, "template": e.template, "params": params}


def disowned_entries(res: Result) -> list[dict[str, str]]:
    """Every object the result newly places outside the proven history, by id."""
    return sorted(
        (
            {
                "kind": d.kind,
                "object_id": d.object_id,
                "key_id": d.key_id,
                "severity": "error" if d.error else "warning",
            }
            for d in res.unproven
        ),
        key=lambda d: (d["kind"], d["object_id"]),
    )


@dataclass(frozen=True)
class Plan:
    operation: str
    source: str
    source_sha256: str
    inputs: Mapping[str, Any]
    effects: tuple[Mapping[str, Any], ...]
    disowned: tuple[Mapping[str, str], ...]
    target: Mapping[str, Any] | None = None  # where the write goes, when the dry run said
    output_sha256: str = ""  # what the dry run would have written (its keys are drawn again)
    verdict: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "plan": PLAN_FORMAT,
            "operation": self.operation,
            "source": self.source,
            "source_sha256": self.source_sha256,
            "inputs": dict(self.inputs),
            "target": dict(self.target) if self.target is not None else None,
            "effects": [dict(e) for e in self.effects],
            "disowned": [dict(d) for d in self.disowned],
            "verdict": self.verdict,
            "dry_run_output_sha256": self.output_sha256,
        }


def plan_of(res: Result, inputs: Mapping[str, Any], target: Mapping[str, Any] | None = None) -> Plan:
    """The plan of a previewed result made with ``inputs`` (no secrets in them), to be
    written to ``target`` (``{"output": …, "in_place": …, "backup": …}``; None: not
    decided by the dry run)."""
    return Plan(
        operation=res.operation,
        source=str(res.source.path),
        source_sha256=res.source.sha256,
        inputs=_plain(inputs),
        target=_plain(target) if target is not None else None,
        effects=tuple(effect_entry(e) for e in res.effects),
        disowned=tuple(disowned_entries(res)),
        output_sha256=res.output.sha256,
        verdict=res.report.verdict,
    )


def _plain(value: Any) -> Any:
    """``value`` as JSON would give it back (tuples become lists, paths strings)."""
    return json.loads(json.dumps(value, default=str))


def save_plan(path: str | os.PathLike[str], plan: Plan) -> Path:
    """Write the plan (mode 0600; never over an existing file)."""
    data = json.dumps(plan.to_json(), indent=1, ensure_ascii=False).encode("utf-8") + b"\n"
    return atomic_write(path, data, mode=0o600, overwrite=False)


def _bad(path: str | os.PathLike[str], reason: str) -> OperationError:
    return OperationError.templated("plan_invalid", PLAN_UNREADABLE, path=str(path), reason=reason)


def load_plan(path: str | os.PathLike[str]) -> Plan:
    """Read a plan file (raises :class:`OperationError` ``plan_invalid``)."""
    from ..canonical import JsonError, loads_strict
    from ..container import read_blob
    from ..errors import InspectorError

    try:
        doc, _ = loads_strict(read_blob(path, MAX_PLAN))
    except (InspectorError, JsonError) as exc:
        raise _bad(path, getattr(exc, "message", str(exc))) from exc
    if not isinstance(doc, dict) or doc.get("plan") != PLAN_FORMAT:
        raise _bad(path, f"it is not an {PLAN_FORMAT} document")
    try:
        ok = (
            all(isinstance(doc[k], str) for k in ("operation", "source", "source_sha256"))
            and isinstance(doc["inputs"], dict)
            and isinstance(doc["effects"], list)
            and isinstance(doc["disowned"], list)
            and (doc.get("target") is None or isinstance(doc.get("target"), dict))
        )
    except KeyError as exc:
        raise _bad(path, f"the field {exc.args[0]} is missing") from None
    if not ok:
        raise _bad(path, "a field has the wrong type")
    return Plan(
        operation=doc["operation"],
        source=doc["source"],
        source_sha256=doc["source_sha256"],
        inputs=doc["inputs"],
        effects=tuple(doc["effects"]),
        disowned=tuple(doc["disowned"]),
        target=doc.get("target"),
        output_sha256=str(doc.get("dry_run_output_sha256", "")),
        verdict=str(doc.get("verdict", "")),
    )


def differences(
    plan: Plan, res: Result, inputs: Mapping[str, Any], target: Mapping[str, Any] | None = None
) -> list[str]:
    """What differs between ``plan`` and the write about to be made (the W_* templates;
    empty when the write is the planned one)."""
    out = []
    if plan.source_sha256 != res.source.sha256:
        out.append(W_SOURCE)
    if plan.operation != res.operation:
        out.append(W_OPERATION)
    if dict(plan.inputs) != _plain(inputs):
        out.append(W_INPUTS)
    if [dict(e) for e in plan.effects] != _plain([effect_entry(e) for e in res.effects]):
        out.append(W_EFFECTS)
    if [dict(d) for d in plan.disowned] != disowned_entries(res):
        out.append(W_DISOWNED)
    if plan.target is not None and dict(plan.target) != _plain(target):
        out.append(W_TARGET)
    return out


def check_plan(
    plan: Plan,
    res: Result,
    inputs: Mapping[str, Any],
    path: str | os.PathLike[str],
    target: Mapping[str, Any] | None = None,
) -> None:
    """Refuse the write unless it is exactly the one ``plan`` describes (SPEC E6):
    :class:`OperationError` ``plan_mismatch`` naming what differs."""
    diff = differences(plan, res, inputs, target)
    if not diff:
        return
    from ..i18n import Phrase

    expected, found = _first_difference(plan, res, inputs, target, diff[0])
    raise OperationError.templated(
        "plan_mismatch",
        PLAN_MISMATCH,
        path=str(path),
        what=Phrase(diff[0]),
        expected=expected,
        found=found,
        likely_cause="the file or the inputs changed after the dry run; make a new plan",
    )


def _first_difference(
    plan: Plan, res: Result, inputs: Mapping[str, Any], target: Mapping[str, Any] | None, what: str
) -> tuple[str, str]:
    if what == W_SOURCE:
        return f"SHA-256 {plan.source_sha256}", f"SHA-256 {res.source.sha256}"
    if what == W_OPERATION:
        return plan.operation, res.operation
    if what == W_INPUTS:
        now = _plain(inputs)
        keys = sorted(k for k in set(plan.inputs) | set(now) if plan.inputs.get(k) != now.get(k))
        return (
            ", ".join(f"{k}={plan.inputs.get(k)!r}" for k in keys),
            ", ".join(f"{k}={now.get(k)!r}" for k in keys),
        )
    if what == W_TARGET:
        return json.dumps(plan.target), json.dumps(_plain(target))
    if what == W_DISOWNED:
        planned = {d["object_id"] for d in plan.disowned}
        now_ids = {d["object_id"] for d in disowned_entries(res)}
        return (
            f"{len(planned)} objects ({len(planned - now_ids)} no longer)",
            f"{len(now_ids)} objects ({len(now_ids - planned)} new)",
        )
    planned_fx = [e.get("template", "") for e in plan.effects]
    now_fx = [e.template for e in res.effects]
    return f"{len(planned_fx)} effects", f"{len(now_fx)} effects"
