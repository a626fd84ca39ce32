"""Plain-language explanations of statuses, for the detail pane and reports."""

from __future__ import annotations

from .report import Report, Status


def short(oid: str | None, n: int = 12) -> str:
    if not oid:
        return "(none)"
    return oid[: 7 + n] + "…" if oid.startswith("sha256:") and len(oid) > 7 + n else oid


def explain(report: Report, object_id: str) -> str:
    """Why ``object_id`` has its status, in words a person can act on."""
    status = (
        report.commits.get(object_id) or report.evidence.get(object_id) or report.checkpoints.get(object_id)
    )
    kind = (
        "commit"
        if object_id in report.commits
        else "evidence"
        if object_id in report.evidence
        else "checkpoint"
    )
    era = report.era_of(object_id)
    findings = [f for f in report.findings if f.object_id == object_id]
    if status is None:
        return "\n".join(f.message for f in findings) or "No status: this object is not verified on its own."
    who = f"signed by {era.key_id} ({era.role} key, fingerprint {era.fingerprint})" if era else ""
    if status is Status.VALID:
        text = (
            f"Valid: {who}, a key that is active now. Its id matches its content and the signature verifies."
        )
    elif status is Status.VALID_HISTORICAL and era is not None:
        text = (
            f"Valid (historical): {who}. That key was revoked by {short(era.revoked_by)} at cutoff "
            f"{short(era.cutoff)}; this {kind} lies inside the history that cutoff closes, so it "
            "belongs to the key's proven era."
        )
    elif status is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY and era is not None:
        where = (
            "this commit is not an ancestor of it"
            if kind == "commit"
            else "nothing in that history references this " + kind
        )
        text = (
            f"Not proven: {who}, which was revoked by {short(era.revoked_by)} at commit "
            f"{short(era.cutoff)}; {where}, so its place in history is not proven. Anyone holding the "
            "old key could have made it after the rotation."
        )
    elif status is Status.DIGEST_MISMATCH:
        text = (
            "Digest mismatch: the content no longer hashes to the stored id — the object was "
            "changed after it was signed."
        )
    elif status is Status.INVALID_SIGNATURE:
        text = "Invalid signature: the signature does not verify with the key the object names."
    elif status is Status.MISSING_PARENT:
        text = f"Missing parent: {who}; a parent it names is not in the file (history was removed)."
    elif status is Status.UNKNOWN_KEY:
        text = (
            "Unknown key: the signing key was never granted by the root-signed control chain "
            "(or is used before the rotation that granted it)."
        )
    elif status is Status.UNKNOWN_IDENTITY:
        text = "Unknown identity: the agent_id it claims belongs to no identity in this file."
    elif status is Status.MALFORMED:
        text = "Malformed: the object cannot be read as strict JSON of its type."
    else:
        text = status.value
    if findings:
        text += "\n\n" + "\n".join(f"• {f.code}: {f.message}" for f in findings)
    return text
