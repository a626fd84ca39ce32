"""One big file on every core (issue 14): commits and evidence are parsed, hashed
and signature-checked in worker processes, each taking a shard of the decrypted
payload.  Only what the later phases need comes back: the object without its
signed bytes and raw JSON (and without the content of a plain memory, which no
later phase reads), whether its bytes mention a private region, and which
candidate key verified it.  The main process keeps the bookkeeping (duplicates,
names, findings), so the report is the same as with one process.

Used when ``VerifyOptions.processes`` > 1; the GUI keeps one process (its detail
views show each object's raw JSON).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor

from ..keys import decode_signature, verify_sig
from ..objects import Obj, parse_object
from ..privacy import value_has_private_region
from .authority import Authority
from .context import Context, Signed
from .parse import Reader, entries, mentions_private

SHARD = 2000  # objects per task: small enough to balance, large enough to amortise pickling

_AUTHORITY: Authority | None = None


def _init(authority: Authority) -> None:
    global _AUTHORITY
    _AUTHORITY = authority


Result = tuple[str, str, Obj, bool, str, bytes | None]


def _shard(kind: str, items: list[tuple[str, str, bytes]]) -> list[Result]:
    """Parse and check one shard (in a worker process)."""
    authority = _AUTHORITY
    assert authority is not None
    out: list[Result] = []
    for path, name, data in items:
        obj = parse_object(path, data, kind)
        # decided here, where the raw JSON still is (the light object carries none)
        private = obj.malformed is None and mentions_private(data) and value_has_private_region(obj.raw)
        resolution, verified = "ok", None
        if obj.malformed is None:
            resolution, cands = authority.candidates(obj.agent_id, obj.key_id)
            sig = decode_signature(obj.signature)
            verified = next((c for c in cands if verify_sig(c, sig, obj.sign_bytes)), None)
            light = dataclasses.replace(obj, sign_bytes=b"", raw=None)
            if kind == "commit" and "mutmem" not in obj.content:
                light.fields["content"] = {}  # a plain memory: no later phase reads its text
            obj = light
        out.append((path, name, obj, private, resolution, verified))
    return out


def _context() -> multiprocessing.context.BaseContext:
    """``fork`` when this process runs no other thread (cheap, nothing to re-import),
    else ``spawn``."""
    if os.name == "posix" and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def parse_and_sign_sharded(ctx: Context, processes: int) -> None:
    """Fill ``ctx.commits``, ``ctx.evidence`` and ``ctx.signed`` with worker processes."""
    assert ctx.authority is not None
    lists = [
        ("commit", "commits", ctx.commits, list(entries(ctx, "commits"))),
        ("evidence", "evidence", ctx.evidence, list(entries(ctx, "evidence"))),
    ]
    total = sum(len(files) for *_, files in lists)
    done = 0
    with ProcessPoolExecutor(
        processes, mp_context=_context(), initializer=_init, initargs=(ctx.authority,)
    ) as pool:
        for kind, directory, target, files in lists:
            futures: list[Future[list[Result]]] = [
                pool.submit(_shard, kind, files[i : i + SHARD]) for i in range(0, len(files), SHARD)
            ]
            reader = Reader(ctx, directory, kind)
            for start, results in zip(range(0, len(files), SHARD), _in_order(futures), strict=True):
                ctx.progress("signatures", done, total)
                for k, (path, name, obj, private, resolution, verified) in enumerate(results):
                    kept = reader.take_parsed(path, name, obj, private, files[start + k][2])
                    if kept is None:
                        continue
                    target[kept.stored_id] = kept
                    if kept.malformed is None:
                        ctx.signed[kind, kept.stored_id] = Signed(resolution, [], verified)
                done += len(results)
            reader.finish()
    ctx.progress("signatures", total, total)


def _in_order(futures: list[Future[list[Result]]]) -> Iterator[list[Result]]:
    for fut in futures:
        yield fut.result()
