"""Phase 3: commits and evidence are parsed in chunks, and each chunk's Ed25519
checks go to a thread pool (verification releases the GIL, so parsing the next
chunk overlaps with checking this one)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..keys import decode_signature, verify_sig
from ..objects import Obj
from .context import Context, Signed
from .parse import Reader, entries

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

CHUNK = 1000  # objects parsed between hand-offs to the signature threads


@dataclass
class _Pending:
    signed: Signed
    future: Future[list[int]]
    start: int


def _check_batch(items: list[tuple[bytes | None, bytes, list[bytes]]]) -> list[int]:
    out = []
    for sig, msg, cands in items:
        hit = -1
        if sig is not None:
            for k, raw in enumerate(cands):
                if verify_sig(raw, sig, msg):
                    hit = k
                    break
        out.append(hit)
    return out


def parse_and_sign(ctx: Context) -> None:
    """Fill ``ctx.commits``, ``ctx.evidence`` and ``ctx.signed``."""
    assert ctx.authority is not None
    authority = ctx.authority
    lists = [
        (list(entries(ctx, "commits")), "commit", ctx.commits),
        (list(entries(ctx, "evidence")), "evidence", ctx.evidence),
    ]
    total = sum(len(files) for files, _, _ in lists)
    threads = max(1, ctx.opts.threads)
    from concurrent.futures import ThreadPoolExecutor  # (only where a store is read in one process)

    pool = ThreadPoolExecutor(threads, thread_name_prefix="ed25519")
    pending: list[_Pending] = []
    try:
        done = 0
        for files, kind, target in lists:
            reader = Reader(ctx, kind if kind == "evidence" else "commits", kind)
            for start in range(0, len(files), CHUNK):
                ctx.progress("signatures", done, total)
                batch: list[tuple[Obj, Signed]] = []
                for path, name, data in files[start : start + CHUNK]:
                    obj = reader.take(path, name, data)
                    if obj is None:
                        continue
                    target[obj.stored_id] = obj  # (a later, better copy of the id replaces it)
                    if obj.malformed is not None:
                        ctx.signed.pop((kind, obj.stored_id), None)
                        continue
                    res, cands = authority.candidates(obj.agent_id, obj.key_id)
                    s = Signed(res, cands)
                    ctx.signed[kind, obj.stored_id] = s
                    batch.append((obj, s))
                pending += _submit(pool, batch, threads)
                done += len(files[start : start + CHUNK])
            reader.finish()
        ctx.progress("signatures", total, total)
        _collect(ctx, pending)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _submit(pool: ThreadPoolExecutor, batch: list[tuple[Obj, Signed]], parts: int) -> list[_Pending]:
    """Hand a parsed chunk's checks to the pool, split so that every pool thread
    gets a share while the main thread parses on."""
    todo = [(o, s) for o, s in batch if s.resolution == "ok"]
    if not todo:
        return []
    size = -(-len(todo) // parts)
    out = []
    for i in range(0, len(todo), size):
        part = todo[i : i + size]
        fut = pool.submit(
            _check_batch, [(decode_signature(o.signature), o.sign_bytes, s.candidates) for o, s in part]
        )
        out += [_Pending(s, fut, k) for k, (_, s) in enumerate(part)]
    return out


def _collect(ctx: Context, pending: list[_Pending]) -> None:
    results: dict[int, list[int]] = {}
    for p in pending:
        key = id(p.future)
        if key not in results:
            if ctx.opts.cancel is not None:
                ctx.opts.cancel.check()
            results[key] = p.future.result()
        hit = results[key][p.start]
        p.signed.verified = p.signed.candidates[hit] if hit >= 0 else None


def check_one(obj: Obj, candidates: list[bytes]) -> bytes | None:
    """The candidate key whose signature over ``obj`` verifies (small objects)."""
    sig = decode_signature(obj.signature)
    return next((c for c in candidates if verify_sig(c, sig, obj.sign_bytes)), None)
