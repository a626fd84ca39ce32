"""Plain-language explanations of statuses, for the detail pane and reports.

Every sentence is a registered message template with named parameters, so the
explanation can be given in the user's language (``lang``, through the core's
catalogue, :mod:`inspector.core.i18n`); English is the default.
"""

from __future__ import annotations

from ..findings import message
from .report import Report, Status

_WHO = message("signed by {key_id} ({role} key, fingerprint {fingerprint})")
_VALID = message(
    "Valid: {who}, a key that is active now. Its id matches its content and the signature verifies."
)
_HISTORICAL = message(
    "Valid (historical): {who}. That key was revoked by {revoked_by} at cutoff {cutoff}; this {kind} lies "
    "inside the history that cutoff closes, so it belongs to the key's proven era."
)
_NOT_PROVEN = message(
    "Not proven: {who}, which was revoked by {revoked_by} at commit {cutoff}; {where}, so its place in "
    "history is not proven. Anyone holding the old key could have made it after the rotation."
)
_WHERE_COMMIT = message("this commit is not an ancestor of it")
_WHERE_OTHER = message("nothing in that history references this {kind}")
_DIGEST = message(
    "Digest mismatch: the content no longer hashes to the stored id — the object was changed after it "
    "was signed."
)
_BAD_SIGNATURE = message("Invalid signature: the signature does not verify with the key the object names.")
_MISSING_PARENT = message(
    "Missing parent: {who}; a parent it names is not in the file (history was removed)."
)
_UNKNOWN_KEY = message(
    "Unknown key: the signing key was never granted by the root-signed control chain (or is used before "
    "the rotation that granted it)."
)
_UNKNOWN_IDENTITY = message("Unknown identity: the agent_id it claims belongs to no identity in this file.")
_MALFORMED = message("Malformed: the object cannot be read as strict JSON of its type.")
_NO_STATUS = message("No status: this object is not verified on its own.")
_KINDS = {
    "commit": message("commit"),
    "evidence": message("evidence"),
    "checkpoint": message("checkpoint"),
}
_ROLES = {"agent": message("agent"), "housekeeper": message("housekeeper"), "auditor": message("auditor")}


def short(oid: str | None, n: int = 12) -> str:
    if not oid:
        return "(none)"
    return oid[: 7 + n] + "…" if oid.startswith("sha256:") and len(oid) > 7 + n else oid


def explain(report: Report, object_id: str, lang: str | None = None, *, with_findings: bool = True) -> str:
    """Why ``object_id`` has its status, in words a person can act on (in ``lang``),
    followed by its findings unless ``with_findings`` is False (a caller that lists
    them itself, worst first)."""
    from ..i18n import finding_message, tr

    status = (
        report.commits.get(object_id) or report.evidence.get(object_id) or report.checkpoints.get(object_id)
    )
    kind_key = (
        "commit"
        if object_id in report.commits
        else "evidence"
        if object_id in report.evidence
        else "checkpoint"
    )
    kind = tr(_KINDS[kind_key], lang)
    era = report.era_of(object_id)
    findings = [f for f in report.findings if f.object_id == object_id]
    if status is None:
        return "\n".join(finding_message(f, lang) for f in findings) or tr(_NO_STATUS, lang)
    who = (
        tr(
            _WHO,
            lang,
            key_id=era.key_id,
            role=tr(_ROLES.get(era.role, era.role), lang),
            fingerprint=era.fingerprint,
        )
        if era
        else ""
    )
    if status is Status.VALID:
        text = tr(_VALID, lang, who=who)
    elif status is Status.VALID_HISTORICAL and era is not None:
        text = tr(
            _HISTORICAL, lang, who=who, revoked_by=short(era.revoked_by), cutoff=short(era.cutoff), kind=kind
        )
    elif status is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY and era is not None:
        where = tr(_WHERE_COMMIT, lang) if kind_key == "commit" else tr(_WHERE_OTHER, lang, kind=kind)
        text = tr(
            _NOT_PROVEN,
            lang,
            who=who,
            revoked_by=short(era.revoked_by),
            cutoff=short(era.cutoff),
            where=where,
        )
    elif status is Status.DIGEST_MISMATCH:
        text = tr(_DIGEST, lang)
    elif status is Status.INVALID_SIGNATURE:
        text = tr(_BAD_SIGNATURE, lang)
    elif status is Status.MISSING_PARENT:
        text = tr(_MISSING_PARENT, lang, who=who)
    elif status is Status.UNKNOWN_KEY:
        text = tr(_UNKNOWN_KEY, lang)
    elif status is Status.UNKNOWN_IDENTITY:
        text = tr(_UNKNOWN_IDENTITY, lang)
    elif status is Status.MALFORMED:
        text = tr(_MALFORMED, lang)
    else:
        text = status.value
    if findings and with_findings:
        text += "\n\n" + "\n".join(f"• {f.code}: {finding_message(f, lang)}" for f in findings)
    return text
