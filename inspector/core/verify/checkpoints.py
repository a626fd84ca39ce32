"""Checkpoints (SPEC B3, B5): who signed each stored checkpoint and the external
one given with ``--checkpoint``, and whether the presented history continues
from the external checkpoint (rollback detection), evidence included: what the
checkpointed history cites must still be there (rev 3)."""

from __future__ import annotations

from ..canonical import JsonError, loads_strict
from ..findings import Severity, message
from ..objects import Obj, build_object
from .context import Context
from .report import KeyEra, Status
from .signatures import check_one

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

M_NO_KEY = message("The checkpoint has no key_id: its signer is not bound.")
M_DIGEST = message("The checkpoint's id does not match its content (expected {computed}).")
M_SIG = message("The checkpoint's signature does not verify with the key it names ({key_id} of {agent_id}).")
M_SIG_UNKNOWN_IDENTITY = message(
    "The checkpoint names identity {agent_id}, which is no identity of this store, so its signature "
    "cannot be checked."
)
M_SIG_UNKNOWN_KEY = message(
    "The checkpoint names key {key_id}, which identity {agent_id} never had, so its signature cannot be "
    "checked."
)
M_UNGRANTED = message("The checkpoint is signed by a key the control chain never granted.")
M_SIG_VOID_KEY = message(
    "The checkpoint names key {key_id}, which only a control event that took no effect granted, so its "
    "signature cannot be checked."
)
M_NOT_JSON = message("The checkpoint file is not strict JSON: {reason}.")
M_NOT_OBJECT = message("The checkpoint file is not a JSON object.")
M_NOT_CHECKPOINT = message("The checkpoint file cannot be read as a checkpoint: {reason}.")
M_HEAD_MISSING = message(
    "The checkpoint's head {head} is not in the store: the history was rolled back or rewritten."
)
M_COUNT_COMMITS = message(
    "The checkpoint counted {counted} commits; the store has {now}: commits were removed."
)
M_COUNT_EVIDENCE = message(
    "The checkpoint counted {counted} evidence records; the store has {now}: evidence was removed."
)
M_DISCONTINUED = message(
    "The checkpoint's head {head} is not an ancestor of HEAD {current}: the presented history does not "
    "continue from the checkpoint."
)
M_EVIDENCE_GONE = message(
    "Commit {commit}, inside the history of the checkpoint's head {head}, cites {ref}, which the store no "
    "longer holds: the checkpoint covered it and it was removed, whatever the counts say."
)
M_NO_CHECKPOINT = message(
    "No external checkpoint was given: a rolled-back copy of this file (an older, complete history) "
    "cannot be told from the current one."
)


def parse_external(ctx: Context) -> None:
    """Read the external checkpoint bytes into ``ctx.external`` (or report why not)."""
    data = ctx.opts.checkpoint
    r = ctx.report
    if data is None:
        r.checkpoint = {"given": False, "state": "none"}
        ctx.add("no_checkpoint", INFO, "store", "", M_NO_CHECKPOINT)
        return
    r.checkpoint = {"given": True, "state": "failed"}
    name = ctx.opts.checkpoint_name
    try:
        raw, fast = loads_strict(data)
    except JsonError as exc:
        ctx.add(exc.code, E, "checkpoint", name, M_NOT_JSON, reason=str(exc))
        r.container["continuity"] = "failed"
        return
    if type(raw) is not dict:
        ctx.add("checkpoint_signature_invalid", E, "checkpoint", name, M_NOT_OBJECT)
        r.container["continuity"] = "failed"
        return
    o = build_object(name, raw, "checkpoint", fast=fast)
    if o.malformed is not None:
        ctx.add(
            "checkpoint_signature_invalid",
            E,
            "checkpoint",
            o.stored_id,
            M_NOT_CHECKPOINT,
            reason=o.malformed.reason,
        )
        r.checkpoints[o.stored_id] = Status.MALFORMED
        r.container["continuity"] = "failed"
        return
    ctx.external = o
    r.objects[o.stored_id] = o
    if o.unsigned_fields:
        from .hygiene import report_unsigned

        report_unsigned(ctx, o)


def check_signer(ctx: Context, o: Obj) -> tuple[Status | None, KeyEra | None]:
    """A checkpoint's status decided before placement (or None) and its signer's era."""
    authority = ctx.authority
    assert authority is not None
    cpid = o.stored_id
    if o.malformed is not None:
        return Status.MALFORMED, None
    if not o.key_id:
        ctx.add("checkpoint_signature_invalid", E, "checkpoint", cpid, M_NO_KEY)
        return Status.UNKNOWN_KEY, None
    if not o.digest_ok:
        ctx.add(
            "checkpoint_signature_invalid",
            E,
            "checkpoint",
            cpid,
            M_DIGEST,
            computed=o.computed_id,
            expected=o.computed_id,
            found=cpid,
        )
        return Status.DIGEST_MISMATCH, None
    res, cands = authority.candidates(o.agent_id, o.key_id)
    if o.agent_id in authority.unbound:
        res, cands = "unknown_identity", []
    verified = check_one(o, cands)
    if verified is None:
        template = {
            "unknown_identity": M_SIG_UNKNOWN_IDENTITY,
            "unknown_key": M_SIG_UNKNOWN_KEY,
            "void_key": M_SIG_VOID_KEY,
        }.get(res, M_SIG)
        ctx.add(
            "checkpoint_signature_invalid",
            E,
            "checkpoint",
            cpid,
            template,
            key_id=o.key_id,
            agent_id=o.agent_id,
        )
        return {
            "unknown_identity": Status.UNKNOWN_IDENTITY,
            "unknown_key": Status.UNKNOWN_KEY,
            "void_key": Status.UNKNOWN_KEY,
        }.get(res, Status.INVALID_SIGNATURE), None
    era_i, how = authority.signer(o.agent_id, verified)
    if era_i is None or how != "ok":
        ctx.add("checkpoint_signature_invalid", E, "checkpoint", cpid, M_UNGRANTED)
        return Status.UNKNOWN_KEY, None
    ctx.report.signer[cpid] = era_i
    return None, authority.eras[era_i]


def _checkpointed_evidence_missing(ctx: Context, o: Obj, head_id: str) -> bool:
    """SPEC B5 (rev 3): an evidence or stored checkpoint that a commit inside
    ancestry(checkpoint head) cites, and that the store lost, is an error.  Commits
    whose own status is MALFORMED, DIGEST_MISMATCH or INVALID_SIGNATURE cite nothing;
    one batched ancestry question per citing commit."""
    dag = ctx.dag
    assert dag is not None
    held = ctx.evidence.keys() | {c.stored_id for c in ctx.checkpoints}
    citing: list[tuple[str, list[str]]] = []
    for cid, c in ctx.commits.items():
        i = dag.index.get(cid)
        if i is None or not dag.trusted[i] or c.malformed is not None:
            continue
        gone = [ref for ref in dict.fromkeys(c.evidence_refs) if ref not in held]
        if gone:
            citing.append((cid, gone))
    if not citing:
        return False
    h = dag.index[head_id]
    inside = dag.ancestor_pairs([(dag.index[cid], h) for cid, _ in citing])
    found = False
    for (cid, gone), within in zip(citing, inside, strict=True):
        if not within:
            continue
        for ref in gone:
            found = True
            ctx.add(
                "checkpointed_evidence_missing",
                E,
                "checkpoint",
                o.stored_id,
                M_EVIDENCE_GONE,
                (ref, cid),
                commit=cid,
                head=head_id,
                ref=ref,
            )
    return found


def continuity(ctx: Context) -> None:
    """Does the presented history continue from the external checkpoint?"""
    o = ctx.external
    r = ctx.report
    if o is None:
        return
    cpid = o.stored_id
    ok = r.checkpoints.get(cpid, Status.MALFORMED).ok
    head_id = o.get("head_commit_id")
    if head_id not in ctx.commits:
        ctx.add("checkpoint_head_missing", E, "checkpoint", cpid, M_HEAD_MISSING, (head_id,), head=head_id)
        ok = False
    else:
        if o.get("commit_count") > len(ctx.commits):
            ctx.add(
                "checkpoint_count_regression",
                E,
                "checkpoint",
                cpid,
                M_COUNT_COMMITS,
                counted=o.get("commit_count"),
                now=len(ctx.commits),
            )
            ok = False
        if o.get("evidence_count") > len(ctx.evidence):
            ctx.add(
                "checkpoint_count_regression",
                E,
                "checkpoint",
                cpid,
                M_COUNT_EVIDENCE,
                counted=o.get("evidence_count"),
                now=len(ctx.evidence),
            )
            ok = False
        assert ctx.dag is not None
        if _checkpointed_evidence_missing(ctx, o, head_id):
            ok = False
        if ctx.head is None or not ctx.dag.is_ancestor(head_id, ctx.head):
            ctx.add(
                "checkpoint_continuity_failed",
                E,
                "checkpoint",
                cpid,
                M_DISCONTINUED,
                (head_id,),
                head=head_id,
                current=ctx.store.head,
            )
            ok = False
    state = "verified" if ok else "failed"
    r.container["continuity"] = state
    r.checkpoint = {"given": True, "state": state, "id": cpid, "head": head_id}
