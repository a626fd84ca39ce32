"""Phase 4: the DAG (SPEC B5): parents resolve, no cycles, HEAD exists, commits
unreachable from HEAD, revocation cutoffs name commits; and which edges are
authenticated (SPEC B3)."""

from __future__ import annotations

from ..findings import Severity, message
from .context import Context
from .graph import Dag

E, W = Severity.ERROR, Severity.WARNING

M_CYCLE = message("This commit lies on a cycle of parent links.")
M_PARENT_MISSING = message("Parent {parent} is not in the store.")
M_HEAD_MISSING = message("HEAD is missing, but the store has commits.")
M_HEAD_UNKNOWN = message("HEAD names {head}, which is not a commit of this store.")
M_UNREACHABLE = message("This commit is not reachable from HEAD through parent links.")
M_NO_CUTOFF = message(
    "This revocation has no cutoff_head: no object of the revoked key can be proven to predate it."
)
M_CUTOFF_UNKNOWN = message("cutoff_head {cutoff} names no commit of this store.")


def build_dag(ctx: Context) -> None:
    """The DAG over every commit that parses; its order goes into the report."""
    r = ctx.report
    commits = ctx.commits
    dag = Dag.build([(cid, o.parents, o.get("timestamp", "")) for cid, o in commits.items()])
    ctx.dag = dag
    order, cyclic = dag.topo_order()
    r.order = [dag.ids[i] for i in order] + [dag.ids[i] for i in cyclic]
    for i in cyclic:
        ctx.add("dag_cycle", E, "commit", dag.ids[i], M_CYCLE)
    for i, miss in dag.missing.items():
        for p in miss:
            ctx.add("parent_missing", E, "commit", dag.ids[i], M_PARENT_MISSING, (p,), parent=p)
    head = ctx.store.head
    if head is None:
        if commits:
            ctx.add("head_invalid", E, "store", "HEAD", M_HEAD_MISSING)
    elif head not in commits:
        ctx.add("head_invalid", E, "store", "HEAD", M_HEAD_UNKNOWN, (head,), head=head)
    else:
        ctx.head = head
    if ctx.head is not None:
        reach = dag.ancestry(ctx.head)
        r.unreachable = [dag.ids[i] for i in order if not reach[i]]
        for cid in r.unreachable:
            ctx.add("unreachable_commit", W, "commit", cid, M_UNREACHABLE, (ctx.head,))
    else:
        r.unreachable = [dag.ids[i] for i in order]
    assert ctx.authority is not None
    for ev in ctx.authority.events:
        if ev.event_type not in ("key_rotation", "key_revoke"):
            continue
        if not ev.cutoff:
            ctx.add("missing_cutoff_head", E, "control_event", ev.id, M_NO_CUTOFF)
        elif ev.cutoff not in commits:
            ctx.add(
                "missing_cutoff_head",
                E,
                "control_event",
                ev.id,
                M_CUTOFF_UNKNOWN,
                (ev.cutoff,),
                cutoff=ev.cutoff,
            )


def authenticate_edges(ctx: Context) -> None:
    """SPEC B3: the parents of a commit that is MALFORMED, DIGEST_MISMATCH or
    INVALID_SIGNATURE are not followed when proving history."""
    dag = ctx.dag
    assert dag is not None
    trusted = []
    for cid in dag.ids:
        o = ctx.commits[cid]
        s = ctx.signed.get(("commit", cid))
        ok = (
            o.malformed is None
            and o.digest_ok
            and s is not None
            and (s.resolution != "ok" or s.verified is not None)
        )
        trusted.append(ok)
    dag.set_trusted(trusted)


def first_parent_root(ctx: Context) -> str | None:
    """The root commit reached from HEAD by first parents (SPEC B8)."""
    cid = ctx.head
    seen: set[str] = set()
    while cid is not None and cid not in seen:
        seen.add(cid)
        o = ctx.commits.get(cid)
        if o is None or o.malformed is not None:
            return None
        ps = o.parents
        if not ps:
            return cid
        cid = ps[0] if ps[0] in ctx.commits else None
    return None
