"""What a write changes, in plain words (SPEC E1).

The confirmation a person reads before anything is written is computed here,
from the difference between the verifier's report on the input and on the
result ("'refund policy: …' (9f3a…) becomes TRUSTED again (poison_likely →
poison_refuted)", "key-003 stops being valid; 12 commits become historical"),
plus what only the operation knows (which credentials stop working) and where
the result goes.  Every sentence is a registered template with named
parameters, so the GUI and the CLI can show it in the user's language
(:func:`inspector.core.i18n.tr`), while ``--json`` keeps the English text and
the parameters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..findings import Severity, message
from ..verify.report import KeyEra, Report, Status

# ---- memories ---------------------------------------------------------------------
TRUSTED_AGAIN = message("'{memory}' ({memory_id}) becomes TRUSTED again ({old_label} → {new_label})")
BECOMES_UNTRUSTED = message("'{memory}' ({memory_id}) becomes UNTRUSTED ({old_label} → {new_label})")
FIRST_LABEL_UNTRUSTED = message("'{memory}' ({memory_id}) becomes UNTRUSTED (first label: {new_label})")
LABEL_SAME_TRUST = message(
    "'{memory}' ({memory_id}) is labelled {new_label} (was {old_label}); its trust does not change"
)
FIRST_LABEL_SAME_TRUST = message(
    "'{memory}' ({memory_id}) is labelled {new_label} (its first label); its trust does not change"
)
WEIGHT_CHANGES = message("'{memory}' ({memory_id}) changes weight from {old_weight} to {new_weight}")
# ---- keys -------------------------------------------------------------------------
KEY_STOPS = message("{key_id} stops being valid; {commits} commits become historical")
KEY_STOPS_RECORDS = message("{key_id}: {count} evidence records and stored checkpoints become historical")
KEY_COMPROMISED = message(
    "the owner declares {key_id} compromised: only its history up to commit {cutoff} stays valid"
)
KEY_NEW = message("{key_id} ({role}) becomes valid, fingerprint {fingerprint}")
DISOWNED = message("{count} objects signed by {key_id} become NOT_IN_PROVEN_PRE_ROTATION_HISTORY (disowned)")
UNANCHORED = message(
    "{count} objects signed by {key_id} become NOT_IN_PROVEN_PRE_ROTATION_HISTORY "
    "(unanchored: no commit before the cutoff cites them)"
)
VERDICT_CHANGES = message("the file's verdict changes from {old} to {new}")
# ---- what only the operation knows ----------------------------------------------------
MIGRATED = message("the store gets a root key ({root_id}) that governs its keys from now on")
ANCHORED = message(
    "an anchoring commit cites {count} evidence records and checkpoints signed by {key_id}, "
    "so they stay valid as history"
)
NOT_ANCHORED = message(
    "{count} evidence records and checkpoints signed by {key_id} are cited by no commit and are not "
    "anchored ({why})"
)
WHY_CUTOFF = message("the cutoff is not HEAD")
WHY_NO_AGENT_KEY = message("there is no active agent key to sign an anchoring commit")
SIGNING_KEY_REMOVED = message(
    "the sealed agent key is removed: nothing can commit until a new agent key is granted"
)
OLD_PASSPHRASE_AND_CODE_STOP = message("the old passphrase and recovery code stop working")
OLD_PASSPHRASE_STOPS_CODE_KEPT = message("the old passphrase stops working; the recovery code keeps working")
OLD_PASSPHRASE_STOPS_NO_CODE = message(
    "the old passphrase stops working; the file has no recovery code, only the new passphrase opens it"
)
NEW_CODE = message("a new recovery code opens the file too; it is shown once")
BECOMES_ALETH002 = message("the file becomes ALETH002 (it was ALETH001)")
INVALID_INPUT = message(
    "the input does not verify ({verdict}); a write on it is allowed only when the result adds no error"
)
REKEY_FAILING_INPUT = message(
    "the input does not verify ({verdict}); a new passphrase changes no signed byte, so it is allowed"
)
# ---- where it goes --------------------------------------------------------------------
WRITE_NEW = message("the result will be written to {target}; {source} is not changed")
WRITE_IN_PLACE_BACKUP = message("{source} will be replaced; its previous version is kept as {backup}")
WRITE_IN_PLACE_NO_BACKUP = message("{source} will be replaced; no backup is kept")
WRITE_REKEY_IN_PLACE = message(
    "{source} will be replaced; no backup that opens with the old passphrase is kept"
)
OLD_COPY_KEPT = message(
    "{path} opens with the old passphrase and is not deleted: delete it yourself if that passphrase leaked"
)
SOURCE_KEEPS_OLD_SECRET = message(
    "{source} is not changed and still opens with the old passphrase; delete it if that passphrase leaked"
)
SAVES_KEY = message(
    "the private key of {key_id} will be saved to {path} (mode 0600) before the file is replaced"
)
SAVES_CODE = message("the new recovery code will be saved to {path} (mode 0600) before the file is replaced")


@dataclass(frozen=True)
class Effect:
    """One consequence of a write, as one plain sentence built from a template."""

    kind: str  # trust, label, weight, key, disown, verdict, credentials, format, anchor, write, note
    template: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def text(self) -> str:
        return self.template.format(**dict(self.params)) if self.params else self.template

    def translated(self, lang: str | None) -> str:
        from ..i18n import tr

        return tr(self.template, lang, **dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "params": dict(self.params)}


def effect(kind: str, template: str, **params: Any) -> Effect:
    return Effect(kind, template, tuple(params.items()))


def short_id(oid: str) -> str:
    """'sha256:9f3a…' → '9f3a…' (enough to find it again, short enough to read)."""
    tail = oid.split(":", 1)[-1]
    return tail[:8] + "…" if len(tail) > 8 else tail


def _text_of(obj: Any, limit: int = 60) -> str:
    """The memory's words, shortened at a word boundary to about ``limit`` characters."""
    content = obj.get("content") if obj is not None else None
    text = ""
    if isinstance(content, dict):
        for name in ("text", "subject", "note", "kind"):
            value = content.get(name)
            if isinstance(value, str) and value.strip():
                text = value
                break
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"


def summary_of(report: Report, kind: str, oid: str) -> str:
    """A few words that let a person recognise an object (memory text, event type, head)."""
    obj = report.objects.get(oid)
    if obj is None:
        return ""
    if kind == "commit":
        return _text_of(obj) or str(obj.get("memory_type") or "")
    if kind == "evidence":
        event, tool = obj.get("event_type"), obj.get("tool")
        return " ".join(str(x) for x in (event, tool) if isinstance(x, str) and x)
    head = obj.get("head_commit_id")
    return f"head {short_id(head)}" if isinstance(head, str) else ""


def _label_word(label: str | None) -> str:
    return label if label is not None else "unlabelled"


def _memory_effects(before: Report, after: Report) -> list[Effect]:
    from ..verify.mutmem import is_untrusted

    out: list[Effect] = []
    old_mm, new_mm = before.mutmem, after.mutmem
    if new_mm is None:
        return out
    for mid, view in new_mm.memories.items():
        old = old_mm.memories.get(mid) if old_mm is not None else None
        old_label = old.label if old is not None else None
        old_weight = old.weight_q if old is not None else 1000
        names = {"memory": _text_of(after.objects.get(mid)), "memory_id": short_id(mid)}
        if len(view.labels) != (len(old.labels) if old is not None else 0):
            was, now = is_untrusted(old_label), is_untrusted(view.label)
            labels = {"old_label": _label_word(old_label), "new_label": _label_word(view.label)}
            if was and not now:
                out.append(effect("trust", TRUSTED_AGAIN, **names, **labels))
            elif now and not was:
                template = BECOMES_UNTRUSTED if old_label is not None else FIRST_LABEL_UNTRUSTED
                out.append(effect("trust", template, **names, **labels))
            else:
                template = LABEL_SAME_TRUST if old_label is not None else FIRST_LABEL_SAME_TRUST
                out.append(effect("label", template, **names, **labels))
        if view.weight_q != old_weight:
            out.append(
                effect(
                    "weight",
                    WEIGHT_CHANGES,
                    **names,
                    old_weight=f"{old_weight / 1000:.3f}",
                    new_weight=f"{view.weight_q / 1000:.3f}",
                )
            )
    return out


def _era_counts(before: Report, after: Report, era: KeyEra) -> dict[str, int]:
    counts = {"commit": 0, "evidence": 0, "checkpoint": 0}
    for kind, old_map, new_map in (
        ("commit", before.commits, after.commits),
        ("evidence", before.evidence, after.evidence),
        ("checkpoint", before.checkpoints, after.checkpoints),
    ):
        for oid, status in new_map.items():
            if (
                status == Status.VALID_HISTORICAL
                and old_map.get(oid) == Status.VALID
                and after.signer.get(oid) == era.index
            ):
                counts[kind] += 1
    return counts


def _key_effects(before: Report, after: Report) -> list[Effect]:
    out: list[Effect] = []
    old_eras = {(e.key_id, e.public_key): e for e in before.eras}
    for era in after.eras:
        old = old_eras.get((era.key_id, era.public_key))
        if era.state == "revoked" and (old is None or old.state == "active"):
            n = _era_counts(before, after, era)
            out.append(effect("key", KEY_STOPS, key_id=era.key_id, commits=n["commit"]))
            if n["evidence"] or n["checkpoint"]:
                count = n["evidence"] + n["checkpoint"]
                out.append(effect("key", KEY_STOPS_RECORDS, key_id=era.key_id, count=count))
            if era.revoke_reason == "compromise":
                cutoff = short_id(era.cutoff) if era.cutoff else "(none)"
                out.append(effect("key", KEY_COMPROMISED, key_id=era.key_id, cutoff=cutoff))
        elif era.state == "active" and old is None and era.granted_event_type != "legacy":
            out.append(effect("key", KEY_NEW, key_id=era.key_id, role=era.role, fingerprint=era.fingerprint))
    return out


@dataclass(frozen=True)
class Disowned:
    """An object that the result no longer places in proven history (SPEC E3)."""

    kind: str  # commit, evidence, checkpoint
    object_id: str
    key_id: str
    summary: str
    error: bool  # an error (disowned) rather than a warning (unanchored)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "object_id": self.object_id,
            "key_id": self.key_id,
            "summary": self.summary,
            "severity": "error" if self.error else "warning",
        }


def newly_unproven(before: Report, after: Report) -> list[Disowned]:
    """Every commit, evidence and checkpoint that becomes NOT_IN_PROVEN_PRE_ROTATION_HISTORY."""
    errors = {f.object_id for f in after.findings if f.severity == Severity.ERROR}
    out = []
    for kind, old_map, new_map in (
        ("commit", before.commits, after.commits),
        ("evidence", before.evidence, after.evidence),
        ("checkpoint", before.checkpoints, after.checkpoints),
    ):
        for oid, status in new_map.items():
            if status == Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY and old_map.get(oid) != status:
                era = after.era_of(oid)
                out.append(
                    Disowned(
                        kind, oid, era.key_id if era else "", summary_of(after, kind, oid), oid in errors
                    )
                )
    return out


def new_errors(before: Report, after: Report) -> list[tuple[str, str, str]]:
    """(code, object kind, object id) of every error the result has and the input had not."""
    old = {(f.code, f.object_kind, f.object_id) for f in before.findings if f.severity == Severity.ERROR}
    seen: list[tuple[str, str, str]] = []
    for f in after.findings:
        key = (f.code, f.object_kind, f.object_id)
        if f.severity == Severity.ERROR and key not in old and key not in seen:
            seen.append(key)
    return seen


def _unproven_effects(unproven: Iterable[Disowned]) -> list[Effect]:
    groups: dict[tuple[str, bool], int] = {}
    for d in unproven:
        groups[(d.key_id, d.error)] = groups.get((d.key_id, d.error), 0) + 1
    return [
        effect("disown", DISOWNED if error else UNANCHORED, count=count, key_id=key_id)
        for (key_id, error), count in groups.items()
    ]


def report_effects(before: Report, after: Report) -> list[Effect]:
    """The difference between two reports, in plain words."""
    out = _memory_effects(before, after) + _key_effects(before, after)
    out += _unproven_effects(newly_unproven(before, after))
    if before.verdict != after.verdict:
        out.append(effect("verdict", VERDICT_CHANGES, old=before.verdict.upper(), new=after.verdict.upper()))
    return out
