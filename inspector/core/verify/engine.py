"""The single entry point of the verifier: :func:`verify`.

The verifier reads as SPEC B does, one phase per module, each a function of the
shared :class:`~inspector.core.verify.context.Context`:

1. :mod:`.parse` — the files become typed objects (B6, B9, B10);
2. :mod:`.identity` + :mod:`.authority` — what the root signed, replayed into key eras,
   roles and cutoffs, membership (B2, B8);
3. :mod:`.signatures` — commits and evidence parsed in chunks, Ed25519 on a pool;
4. :mod:`.dagcheck` — parents, cycles, HEAD, reachability, cutoffs; authenticated edges (B3, B5);
5. :mod:`.checkpoints` + :mod:`.placement` — every status by the era rule (B1, B3, B4);
6. :mod:`.evidence` — references and artifacts (B5);
7. :mod:`.checkpoints` — continuity from the external checkpoint (B5);
8. :mod:`.hygiene` — unsigned fields, private regions, the sealed signing key (B6, D);
9. :mod:`.mutmem` — weights, labels and receipts (C).

Each phase is linear in the size of the store (B7).  Progress is reported
through ``VerifyOptions.progress(phase, done, total)``; ``VerifyOptions.cancel``
stops the work between chunks by raising :class:`~inspector.core.errors.Cancelled`.
"""

from __future__ import annotations

import gc

from ..store import Store
from . import checkpoints, dagcheck, evidence, hygiene, mutmem, parse, placement, shards, signatures
from .context import CancelToken, Context, VerifyOptions
from .identity import establish
from .report import Report, Status

__all__ = ["CancelToken", "VerifyOptions", "verify"]


def verify(store: Store, options: VerifyOptions | None = None) -> Report:
    """Verify ``store`` completely; never raises for bad content (only
    :class:`~inspector.core.errors.Cancelled` when cancelled)."""
    opts = options or VerifyOptions()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return run(Context(store, opts, Report(head=store.head)))
    finally:
        if gc_was_enabled:
            gc.enable()


def run(ctx: Context) -> Report:
    """The phases, in the order of SPEC B."""
    ctx.progress("identities", 0, 1)
    parse.parse_small_objects(ctx)
    ctx.authority = establish(ctx.root, ctx.identities, ctx.events, ctx.migrations, ctx.add)
    ctx.report.eras = ctx.authority.eras
    ctx.lap("identity")

    if ctx.opts.processes > 1 and not ctx.opts.reference and len(ctx.store.files) > shards.SHARD:
        shards.parse_and_sign_sharded(ctx, ctx.opts.processes)
    else:
        signatures.parse_and_sign(ctx)
    ctx.lap("parse_and_signatures")

    ctx.progress("graph", 0, 1)
    dagcheck.build_dag(ctx)
    dagcheck.authenticate_edges(ctx)
    ctx.lap("graph")

    checkpoints.parse_external(ctx)
    placement.place(ctx)
    ctx.lap("statuses")

    evidence.check_evidence(ctx)
    checkpoints.continuity(ctx)
    hygiene.check_hygiene(ctx)
    ctx.lap("checks")

    ctx.progress("mutmem", 0, 1)
    ctx.report.mutmem = mutmem.analyze(ctx)
    ctx.lap("mutmem")

    _summarise(ctx)
    ctx.progress("done", 1, 1)
    return ctx.report


def _summarise(ctx: Context) -> None:
    r = ctx.report
    r.objects = {**ctx.evidence, **ctx.commits}
    small = [ctx.root, *ctx.identities, *ctx.events, *ctx.migrations, *ctx.checkpoints, ctx.external]
    for o in small:
        if o is not None:
            r.objects.setdefault(o.stored_id, o)
    per_era: dict[int, int] = {}
    for cid in ctx.commits:
        i = r.signer.get(cid)
        if i is not None:
            per_era[i] = per_era.get(i, 0) + 1
    types: dict[str, int] = {}
    for o in ctx.commits.values():
        if o.malformed is None:
            t = o.get("memory_type", "")
            types[t] = types.get(t, 0) + 1
    statuses: dict[Status, int] = {}
    for s in r.commits.values():
        statuses[s] = statuses.get(s, 0) + 1
    assert ctx.authority is not None
    r.counts = {
        **{f"era_commits:{i}": n for i, n in sorted(per_era.items())},
        **{f"memory_type:{t}": n for t, n in sorted(types.items())},
        "commits": len(ctx.commits),
        "evidence": len(ctx.evidence),
        "checkpoints": len(ctx.checkpoints),
        "artifacts": ctx.store.count("artifacts"),
        "control_events": len(ctx.events),
        "identities": len(ctx.identities),
        "eras": len(ctx.authority.eras),
        **{f"status_{s.value}": n for s, n in statuses.items()},
    }
    import time

    r.timings["total"] = time.perf_counter() - ctx.t0
    r.finalize(strict=ctx.opts.strict)
