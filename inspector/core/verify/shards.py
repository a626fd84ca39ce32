"""One big file on every core (issues 14, 27): a pipeline of worker processes.

The commits and evidence of the store are laid end to end in one buffer; each worker
process takes batches of it (batch ``b`` goes to worker ``b mod N``, so the workers
advance together), and for each batch decodes, parses (the exact fast path), computes
the signing bytes and checks the Ed25519 signature, then sends back one *compact
columnar record* per batch (msgpack: type, ids, signature text, unsigned fields, the
signable fields — a plain memory's ``content`` left out, no rule reads it — whether the
bytes mention a private region, how the signer resolved and which key verified).  No Python
object crosses a process boundary: a forked worker inherits the buffer, a spawned one
maps it from shared memory.  An object the worker finds unusual (it does not parse,
has a field of the wrong shape) is only marked: the main process reads it itself,
exactly as one process does.

The main process takes the batches in the order of the files and keeps the
bookkeeping (copies of one id, names, findings), so the report is the one a single
process gives, byte for byte; an object it keeps is *light* (:class:`~inspector.core.
objects.Obj`): what it left out is read from its stored bytes when a consumer asks.

Workers die with the main process, however it ends (:mod:`inspector.core.lifeline`).
Fork where the platform has it and nothing else runs in this process (a thread could
hold a lock the child needs: see :func:`fork_safe`), spawn otherwise; inside a daemonic
process (which may not start children) one process does the work.
"""

from __future__ import annotations

import array
import contextlib
import itertools
import multiprocessing
import os
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

import msgspec

from ..keys import decode_signature, verify_sig
from ..lifeline import Lifeline, arm
from ..objects import Obj, parse_object
from . import signatures
from .authority import Authority
from .context import Context, Signed
from .parse import Reader, entries, mentions_private

SHARD = 1000  # fewer commits and evidence than this: one process (starting workers costs more)
BATCH = 256  # objects per record: parsed, then verified, then sent together

# one record per batch: (batch number, then one column per field, one row per object; a
# row whose type is None is an object the main process reads itself)
_ERROR = -1  # a worker's last record when it failed: (_ERROR, traceback text)
_pack = msgspec.msgpack.Encoder().encode
_unpack = msgspec.msgpack.Decoder().decode


def fork_safe() -> bool:
    """Whether this process may fork its workers: a POSIX system other than macOS (whose
    system libraries do not survive a fork), and no other thread running, except those
    marked ``fork_safe`` (they touch nothing a worker uses, like the command line's
    progress line)."""
    if os.name != "posix" or sys.platform == "darwin" or not hasattr(os, "fork"):
        return False
    me = threading.current_thread()
    return all(t is me or getattr(t, "fork_safe", False) for t in threading.enumerate())


def can_start_workers() -> bool:
    """A daemonic process (the GUI's worker, on a system without fork) may not start any."""
    return fork_safe() or not multiprocessing.current_process().daemon


# --------------------------------------------------------------------------- the worker side


class _Source:
    """The objects, as one buffer and their offsets (commits first, then evidence)."""

    def __init__(self, buf: bytes | memoryview, offsets: Sequence[int], commits: int) -> None:
        self.buf = buf
        self.offsets = offsets
        self.commits = commits

    def data(self, i: int) -> bytes:
        return bytes(self.buf[self.offsets[i] : self.offsets[i + 1]])

    def kind(self, i: int) -> str:
        return "commit" if i < self.commits else "evidence"


def _batch_record(src: _Source, authority: Authority, b: int, lo: int, hi: int) -> bytes:
    """Parse objects ``lo``..``hi``, then check their signatures; one packed record."""
    parsed: list[tuple[Obj | None, bool]] = []
    for i in range(lo, hi):
        data = src.data(i)
        obj: Obj | None = parse_object("", data, src.kind(i))
        assert obj is not None
        if obj.malformed is not None or obj.field_problems:
            parsed.append((None, False))  # the main process reads it, as one process does
            continue
        parsed.append((obj, mentions_private(data)))  # what one process records (hygiene decides)
    types: list[str | None] = []
    ids: list[str] = []
    cids: list[str] = []
    sigs: list[str] = []
    uns: list[tuple[str, ...]] = []
    fast: list[bool] = []
    private: list[bool] = []
    fields: list[dict[str, Any] | None] = []
    res: list[str] = []
    keys: list[bytes | None] = []
    for obj, priv in parsed:
        if obj is None:
            types.append(None)
            ids.append("")
            cids.append("")
            sigs.append("")
            uns.append(())
            fast.append(False)
            private.append(False)
            fields.append(None)
            res.append("")
            keys.append(None)
            continue
        resolution, cands = authority.candidates(obj.agent_id, obj.key_id)
        verified = None
        if resolution == "ok":
            sig = decode_signature(obj.signature)
            verified = next((c for c in cands if verify_sig(c, sig, obj.sign_bytes)), None)
        f = obj.fields
        if obj.type == "MemoryCommit" and not obj.has_mutmem:
            f = {k: v for k, v in f.items() if k != "content"}  # read from the bytes when asked
        types.append(obj.type)
        ids.append(obj.stored_id)
        cids.append(obj.computed_id)
        sigs.append(obj.signature)
        uns.append(obj.unsigned_fields)
        fast.append(obj.fast)
        private.append(priv)
        fields.append(f)
        res.append(resolution)
        keys.append(verified)
    return _pack((b, types, ids, cids, sigs, uns, fast, private, fields, res, keys))


def _work(
    src: _Source, authority: Authority, batches: Sequence[tuple[int, int, int]], out: Connection
) -> None:
    """A worker's life: its batches, one record each, then the end of its pipe."""
    try:
        for b, lo, hi in batches:
            out.send_bytes(_batch_record(src, authority, b, lo, hi))
    except BrokenPipeError:
        return  # the main process stopped listening (cancelled, or gone)
    except BaseException:
        out.send_bytes(_pack((_ERROR, traceback.format_exc())))


def _spawned(
    parent: int,
    lifeline: Connection,
    shm_name: str,
    offsets: bytes,
    commits: int,
    authority: Authority,
    batches: list[tuple[int, int, int]],
    out: Connection,
) -> None:
    """A spawned worker: the buffer from shared memory."""
    from multiprocessing import shared_memory

    arm(parent, conn=lifeline)
    shm = shared_memory.SharedMemory(name=shm_name)
    try:
        table = array.array("Q")
        table.frombytes(offsets)
        view = shm.buf
        assert view is not None
        _work(_Source(view, table, commits), authority, batches, out)
    finally:
        out.close()
        shm.close()


class _Workers:
    """The started workers and the main process's end of their pipes."""

    def __init__(self) -> None:
        self.conns: list[Connection] = []
        self.pids: list[int] = []  # forked
        self.procs: list[multiprocessing.process.BaseProcess] = []  # spawned
        self.lifeline: Lifeline | None = None
        self.shm: Any = None
        self.spawn_lifeline: Connection | None = None

    def fork(self, src: _Source, authority: Authority, plan: list[list[tuple[int, int, int]]]) -> None:
        self.lifeline = life = Lifeline()
        parent = os.getpid()
        for batches in plan:
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns into the caller's code
                code = 0
                try:
                    os.close(r)
                    os.close(life.write_fd)
                    for c in self.conns:
                        c.close()  # the other workers' pipes: only the main process reads them
                    arm(parent, fd=life.read_fd)
                    out = Connection(w, readable=False)
                    _work(src, authority, batches, out)
                    out.close()
                except BaseException:
                    code = 1
                finally:
                    os._exit(code)
            os.close(w)
            self.pids.append(pid)
            self.conns.append(Connection(r, writable=False))
        life.started()

    def spawn(self, src: _Source, authority: Authority, plan: list[list[tuple[int, int, int]]]) -> None:
        from multiprocessing import shared_memory

        mp = multiprocessing.get_context("spawn")
        buf = src.buf
        self.shm = shm = shared_memory.SharedMemory(create=True, size=max(1, len(buf)))
        view = shm.buf
        assert view is not None
        view[: len(buf)] = buf
        offsets = array.array("Q", src.offsets).tobytes()
        watch, self.spawn_lifeline = mp.Pipe(duplex=False)
        for batches in plan:
            r, w = mp.Pipe(duplex=False)
            p = mp.Process(
                target=_spawned,
                args=(os.getpid(), watch, shm.name, offsets, src.commits, authority, batches, w),
                daemon=True,
                name="aleth-verify",
            )
            p.start()
            w.close()
            self.procs.append(p)
            self.conns.append(r)
        watch.close()

    def stop(self) -> None:
        """End and reap every worker (they are done, or no longer needed)."""
        import signal

        for c in self.conns:
            c.close()
        for pid in self.pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        for p in self.procs:
            if p.is_alive():
                p.kill()
            p.join()
        if self.lifeline is not None:
            self.lifeline.close()
        if self.spawn_lifeline is not None:
            self.spawn_lifeline.close()
        if self.shm is not None:
            self.shm.close()
            self.shm.unlink()


# --------------------------------------------------------------------------- the main side

#: called with the workers' process ids once they run (tests: a worker must die with us)
on_started: Callable[[list[int]], None] | None = None


def parse_and_sign_sharded(ctx: Context, processes: int) -> None:
    """Fill ``ctx.commits``, ``ctx.evidence`` and ``ctx.signed`` with worker processes
    (one process when none may be started here)."""
    assert ctx.authority is not None
    if not can_start_workers():
        signatures.parse_and_sign(ctx)
        return
    commits = list(entries(ctx, "commits"))
    evidence = list(entries(ctx, "evidence"))
    files = commits + evidence
    datas = [data for _, _, data in files]
    offsets = list(itertools.accumulate(map(len, datas), initial=0))
    batches = [(b, lo, min(lo + BATCH, len(files))) for b, lo in enumerate(range(0, len(files), BATCH))]
    n = max(1, min(processes, len(batches)))
    plan = [batches[k::n] for k in range(n)]
    workers = _Workers()
    try:
        src = _Source(b"".join(datas), offsets, len(commits))
        del datas
        if fork_safe():
            workers.fork(src, ctx.authority, plan)
        else:
            workers.spawn(src, ctx.authority, plan)
        del src  # a forked worker has its own copy; shared memory holds the spawned ones'
        if on_started is not None:
            on_started(workers.pids or [p.pid for p in workers.procs if p.pid is not None])
        _collect(ctx, files, len(commits), batches, workers.conns)
    finally:
        workers.stop()


def _collect(
    ctx: Context,
    files: list[tuple[str, str, bytes]],
    n_commits: int,
    batches: list[tuple[int, int, int]],
    conns: list[Connection],
) -> None:
    """Take the workers' records in the order of the files (buffering those that come
    early) and keep what one process keeps."""
    assert ctx.authority is not None
    authority = ctx.authority
    readers = (Reader(ctx, "commits", "commit"), Reader(ctx, "evidence", "evidence"))
    early: dict[int, bytes] = {}
    live = list(conns)
    total = len(files)
    for b, lo, hi in batches:
        ctx.progress("signatures", lo, total)
        while b not in early:
            if not live:
                raise RuntimeError("a verifier worker process ended before its work was done")
            for c in wait(live):
                assert isinstance(c, Connection)
                try:
                    blob = c.recv_bytes()
                except EOFError:
                    live.remove(c)
                    continue
                head = _unpack(blob)
                if head[0] == _ERROR:
                    raise RuntimeError(f"a verifier worker process failed:\n{head[1]}")
                early[head[0]] = blob
        record = _unpack(early.pop(b))
        _, types, ids, cids, sigs, uns, fast, private, fields, res, keys = record
        for j, i in enumerate(range(lo, hi)):
            path, name, data = files[i]
            commit = i < n_commits
            if commit is False and i == n_commits:
                readers[0].finish()
            kind = "commit" if commit else "evidence"
            reader = readers[0] if commit else readers[1]
            target = ctx.commits if commit else ctx.evidence
            t = types[j]
            if t is None:  # unusual: read here, exactly as one process reads it
                kept = reader.take(path, name, data)
                verified = None
                if kept is not None and kept.malformed is None:
                    resolution, cands = authority.candidates(kept.agent_id, kept.key_id)
                    verified = signatures.check_one(kept, cands) if resolution == "ok" else None
            else:
                obj = Obj(
                    path, kind, t, ids[j], fields[j], None, cids[j], b"", sigs[j], None, tuple(uns[j]),
                    None, (), fast[j], source=data,
                )  # fmt: skip
                kept = reader.take_parsed(path, name, obj, private[j], data)
                resolution, verified = res[j], keys[j]
            if kept is None:
                continue
            target[kept.stored_id] = kept  # (a later, better copy of the id replaces it)
            if kept.malformed is not None:
                ctx.signed.pop((kind, kept.stored_id), None)
                continue
            ctx.signed[kind, kept.stored_id] = Signed(resolution, [], verified)
    if n_commits == total:
        readers[0].finish()
    readers[1].finish()
    ctx.progress("signatures", total, total)
