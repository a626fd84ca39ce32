"""The single entry point of the verifier: :func:`verify`.

Order of work (each step linear in the size of the store):

1. parse the small objects (root authority, identities, control events,
   migrations, checkpoints) and replay the control chain into key eras;
2. parse commits and evidence in chunks, resolving for each the public keys
   that may have signed it, and hand each chunk's Ed25519 checks to a thread
   pool (verification releases the GIL, so parsing the next chunk overlaps);
3. build the DAG once (topological order, reachability, one ancestry bitmap per
   distinct cutoff) and judge every object by the era rule of SPEC B;
4. evidence references, artifacts, HEAD, checkpoints and JSON hygiene.

Progress is reported through ``VerifyOptions.progress(phase, done, total)``;
``VerifyOptions.cancel`` (a :class:`CancelToken`) stops the work between chunks
by raising :class:`~inspector.core.errors.Cancelled`.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from ..canonical import JsonError, loads_strict
from ..errors import Cancelled
from ..keys import decode_signature, sha256_id, verify_sig
from ..objects import Obj, build_object, id_from_path, parse_object
from ..store import Store
from .graph import Dag
from .identity import KeyBook, build_keybook
from .report import Finding, Report, Severity, Status

CHUNK = 1000  # objects parsed between hand-offs to the signature threads
E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

Progress = Callable[[str, int, int], None]


class CancelToken:
    """Thread-safe cancel flag shared between a caller and running work."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def check(self) -> None:
        if self._event.is_set():
            raise Cancelled()


@dataclass
class VerifyOptions:
    checkpoint: bytes | None = None  # an external checkpoint (JSON bytes)
    checkpoint_name: str = "checkpoint"
    progress: Progress | None = None
    cancel: CancelToken | None = None
    threads: int = 2
    strict: bool = False
    profile: str = "auto"  # "auto" (by content), "alethech" or "hom-aimos-v1"
    trust_master: str | None = None  # HOM-AIMOS: the master key fingerprint the auditor pins


@dataclass
class _Signed:
    """Pending signature check of one object."""

    obj: Obj
    resolution: str  # "ok", "unknown_identity", "unknown_key"
    candidates: list[bytes]
    future: Future[int] | None = None
    start: int = 0
    verified: bytes | None = None


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


def verify(store: Store, options: VerifyOptions | None = None) -> Report:
    """Verify ``store`` completely; never raises for bad content (only
    :class:`Cancelled` when cancelled)."""
    opts = options or VerifyOptions()
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _Verifier(store, opts).run()
    finally:
        if gc_was_enabled:
            gc.enable()


class _Verifier:
    def __init__(self, store: Store, opts: VerifyOptions) -> None:
        self.store = store
        self.opts = opts
        self.report = Report(head=store.head)
        self.t0 = time.perf_counter()
        self.tick = self.t0

    # ---- helpers ----------------------------------------------------------
    def add(
        self, code: str, severity: Severity, kind: str, oid: str, message: str, related: Iterable[str] = ()
    ) -> None:
        self.report.findings.append(Finding(code, severity, kind, oid, message, tuple(related)))

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.report.timings[name] = now - self.tick
        self.tick = now

    def progress(self, phase: str, done: int, total: int) -> None:
        if self.opts.cancel is not None:
            self.opts.cancel.check()
        if self.opts.progress is not None:
            self.opts.progress(phase, done, total)

    def parse_dir(self, directory: str, kind: str) -> list[Obj]:
        return [parse_object(p, d, kind) for p, d in self.store.list(directory)]

    def report_malformed(self, obj: Obj) -> None:
        assert obj.malformed is not None
        self.add(
            obj.malformed.code,
            E,
            obj.kind,
            obj.stored_id,
            f"{obj.path} cannot be read: {obj.malformed.reason}",
        )

    # ---- the run ----------------------------------------------------------
    def run(self) -> Report:
        r = self.report
        store = self.store
        self.progress("identities", 0, 1)
        root = None
        if "root_authority.json" in store.files:
            root = parse_object("root_authority.json", store.files["root_authority.json"], "root_authority")
        identities = self.parse_dir("identities", "identity")
        events = self.parse_dir("control_events", "control_event")
        migrations = self.parse_dir("migrations", "migration")
        checkpoints = self.parse_dir("checkpoints", "checkpoint")
        for o in ([root] if root else []) + identities + migrations:
            if o.malformed is not None:
                self.report_malformed(o)
        book = build_keybook(root, identities, events, migrations, self.add)
        r.eras = book.eras
        self.lap("identity")

        # ---- commits and evidence: parse + signature checks --------------
        commit_files = list(store.list("commits"))
        evidence_files = list(store.list("evidence"))
        total = len(commit_files) + len(evidence_files)
        pool = ThreadPoolExecutor(max(1, self.opts.threads), thread_name_prefix="ed25519")
        pending: list[_Signed] = []
        commits: dict[str, Obj] = {}
        evidence: dict[str, Obj] = {}
        try:
            done = 0
            for files, kind, target in (
                (commit_files, "commit", commits),
                (evidence_files, "evidence", evidence),
            ):
                for start in range(0, len(files), CHUNK):
                    self.progress("signatures", done, total)
                    chunk = files[start : start + CHUNK]
                    batch: list[_Signed] = []
                    for path, data in chunk:
                        obj = parse_object(path, data, kind)
                        if obj.stored_id in target:
                            self.add(
                                "duplicate_object",
                                E,
                                kind,
                                obj.stored_id,
                                f"{path} repeats the id of another {kind}; only the first is used",
                            )
                            continue
                        if obj.malformed is None and id_from_path(path) != obj.stored_id:
                            self.add(
                                "file_name_mismatch",
                                W,
                                kind,
                                obj.stored_id,
                                f"stored under the name {id_from_path(path)} but its id is {obj.stored_id}",
                            )
                        target[obj.stored_id] = obj
                        if obj.malformed is not None:
                            continue
                        res, cands = book.candidates(obj.agent_id, obj.key_id)
                        batch.append(_Signed(obj, res, cands))
                    self._submit(pool, batch)
                    pending.extend(batch)
                    done += len(chunk)
            self.progress("signatures", total, total)
            self._collect(pending)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        self.lap("parse_and_signatures")

        # ---- DAG ---------------------------------------------------------
        self.progress("graph", 0, 1)
        dag = Dag.build([(cid, o.parents, o.get("timestamp", "")) for cid, o in commits.items()])
        order, cyclic = dag.topo_order()
        r.order = [dag.ids[i] for i in order] + [dag.ids[i] for i in cyclic]
        for i in cyclic:
            self.add("dag_cycle", E, "commit", dag.ids[i], "commit lies on a cycle of parent links")
        for i, miss in dag.missing.items():
            for p in miss:
                self.add("parent_missing", E, "commit", dag.ids[i], f"parent {p} is not in the store", (p,))
        head = store.head
        if head is None:
            if commits:
                self.add("head_invalid", E, "store", "HEAD", "HEAD is missing but the store has commits")
        elif head not in commits:
            self.add(
                "head_invalid",
                E,
                "store",
                "HEAD",
                f"HEAD names {head}, which is not a commit of this store",
                (head,),
            )
        else:
            reach = dag.ancestry(head)
            r.unreachable = [dag.ids[i] for i in order if not reach[i]]
            for cid in r.unreachable:
                self.add(
                    "unreachable_commit",
                    W,
                    "commit",
                    cid,
                    "not reachable from HEAD through parent links",
                    (head,),
                )
        if head not in commits:
            r.unreachable = [dag.ids[i] for i in order]
        for ev in book.events:
            cutoff = ev.get("cutoff_head")
            if ev.get("event_type") in ("key_rotation", "key_revoke"):
                if not cutoff:
                    self.add(
                        "missing_cutoff_head",
                        E,
                        "control_event",
                        ev.stored_id,
                        "revocation without cutoff_head: no commit of the revoked key can be proven",
                    )
                elif cutoff not in commits:
                    self.add(
                        "missing_cutoff_head",
                        E,
                        "control_event",
                        ev.stored_id,
                        f"cutoff_head {cutoff} names no commit of this store",
                        (cutoff,),
                    )
        self.lap("graph")

        # ---- statuses ----------------------------------------------------
        self.progress("statuses", 0, 1)
        referencing: dict[str, list[int]] = {}
        for cid, o in commits.items():
            if o.malformed is None:
                for ref in o.evidence_refs:
                    referencing.setdefault(ref, []).append(dag.index[cid])

        def inside_commit(cid: str) -> Callable[[bytearray], bool]:
            i = dag.index[cid]
            return lambda anc: bool(anc[i])

        def inside_evidence(eid: str) -> Callable[[bytearray], bool]:
            refs = referencing.get(eid, [])
            receipt_head = self._receipt_head(evidence[eid])
            hi = dag.index.get(receipt_head) if receipt_head else None

            def f(anc: bytearray) -> bool:
                if hi is not None and anc[hi]:
                    return True
                return any(anc[j] for j in refs)

            return f

        by_obj = {s.obj.stored_id: s for s in pending}
        for cid, o in commits.items():
            st = self._judge(
                o, by_obj.get(cid), book, dag, inside_commit(cid) if o.malformed is None else None
            )
            if dag.missing.get(dag.index[cid]) and _rank(Status.MISSING_PARENT) < _rank(st):
                st = Status.MISSING_PARENT
            r.commits[cid] = st
        for eid, o in evidence.items():
            r.evidence[eid] = self._judge(
                o, by_obj.get(eid), book, dag, inside_evidence(eid) if o.malformed is None else None
            )
        self.lap("statuses")

        # ---- evidence, artifacts, checkpoints, hygiene --------------------
        self._evidence_checks(commits, evidence)
        for o in checkpoints:
            self._checkpoint(o, book, dag, commits, evidence, external=False)
        if self.opts.checkpoint is not None:
            self._external_checkpoint(book, dag, commits, evidence, head)
        for o in (
            ([root] if root else [])
            + identities
            + events
            + migrations
            + checkpoints
            + list(commits.values())
            + list(evidence.values())
        ):
            if o.malformed is None and o.unsigned_fields:
                self.add(
                    "unsigned_field",
                    W,
                    o.kind,
                    o.stored_id,
                    "fields not covered by the signature (extra, or absent and filled by "
                    "default): " + ", ".join(o.unsigned_fields),
                )
        signing = store.files.get("keys/signing.key")
        if signing is not None:
            self._signing_key_check(signing, book)
        self.lap("checks")

        r.objects = {**evidence, **commits}
        for o in ([root] if root else []) + identities + events + migrations + checkpoints:
            r.objects.setdefault(o.stored_id, o)
        from . import mutmem

        r.mutmem = mutmem.analyze(
            self.add,
            store.artifact,
            book,
            dag,
            r.order,
            commits,
            evidence,
            r.commits,
            r.evidence,
            r.signer,
            head if head in commits else None,
        )
        self.lap("mutmem")
        per_era: dict[int, int] = {}
        for cid in commits:
            i = r.signer.get(cid)
            if i is not None:
                per_era[i] = per_era.get(i, 0) + 1
        types: dict[str, int] = {}
        for o in commits.values():
            if o.malformed is None:
                t = o.fields.get("memory_type", "")
                types[t] = types.get(t, 0) + 1
        r.counts = {
            **{f"era_commits:{i}": n for i, n in sorted(per_era.items())},
            **{f"memory_type:{t}": n for t, n in sorted(types.items())},
            "commits": len(commits),
            "evidence": len(evidence),
            "artifacts": store.count("artifacts"),
            "control_events": len(events),
            "identities": len(identities),
            "eras": len(book.eras),
            **{f"status_{s.value}": n for s, n in _status_counts(r.commits).items()},
        }
        r.timings["total"] = time.perf_counter() - self.t0
        r.finalize(strict=self.opts.strict)
        self.progress("done", 1, 1)
        return r

    # ---- signatures -----------------------------------------------------
    def _submit(self, pool: ThreadPoolExecutor, batch: list[_Signed]) -> None:
        """Hand a parsed chunk's signature checks to the pool, split so that
        every pool thread gets a share while the main thread parses on."""
        todo = [s for s in batch if s.resolution == "ok"]
        if not todo:
            return
        parts = max(1, self.opts.threads)
        size = -(-len(todo) // parts)
        for i in range(0, len(todo), size):
            part = todo[i : i + size]
            fut = pool.submit(
                _check_batch,
                [(decode_signature(s.obj.signature), s.obj.sign_bytes, s.candidates) for s in part],
            )
            for k, s in enumerate(part):
                s.future, s.start = fut, k

    def _collect(self, pending: list[_Signed]) -> None:
        results: dict[int, list[int]] = {}
        for s in pending:
            if s.future is None:
                continue
            key = id(s.future)
            if key not in results:
                if self.opts.cancel is not None:
                    self.opts.cancel.check()
                results[key] = s.future.result()
            hit = results[key][s.start]
            s.verified = s.candidates[hit] if hit >= 0 else None

    # ---- the era rule ---------------------------------------------------
    def _judge(
        self, o: Obj, s: _Signed | None, book: KeyBook, dag: Dag, inside: Callable[[bytearray], bool] | None
    ) -> Status:
        kind, oid = o.kind, o.stored_id
        if o.malformed is not None:
            self.report_malformed(o)
            return Status.MALFORMED
        if not o.digest_ok:
            self.add(
                "digest_mismatch",
                E,
                kind,
                oid,
                f"content hashes to {o.computed_id}, not to its stored id {oid}: "
                "the object was changed after it was signed",
                (o.computed_id,),
            )
            return Status.DIGEST_MISMATCH
        assert s is not None
        if s.resolution == "unknown_identity":
            self.add(
                "unknown_identity",
                E,
                kind,
                oid,
                f"claims agent_id {o.agent_id}, which no identity of this store has",
            )
            return Status.UNKNOWN_IDENTITY
        if s.resolution == "unknown_key":
            self.add(
                "unknown_key",
                E,
                kind,
                oid,
                f"key_id {o.key_id} is neither granted by the control chain nor listed "
                f"by identity {o.agent_id}",
            )
            return Status.UNKNOWN_KEY
        if s.verified is None:
            self.add(
                "signature_invalid",
                E,
                kind,
                oid,
                f"the signature does not verify with the key named {o.key_id} of identity {o.agent_id}",
            )
            return Status.INVALID_SIGNATURE
        era_i = book.by_pub.get(s.verified)
        if era_i is None:
            self.add(
                "unknown_key",
                E,
                kind,
                oid,
                f"signed by a public key listed as {o.key_id} in the identity record, but the "
                "control chain never granted that key",
            )
            return Status.UNKNOWN_KEY
        era = book.eras[era_i]
        self.report.signer[oid] = era_i
        assert inside is not None
        if era.grant_cutoff and inside(dag.ancestry(era.grant_cutoff)):
            self.add(
                "key_used_before_grant",
                E,
                kind,
                oid,
                f"signed by {era.key_id}, which rotation {era.granted_by} introduced at cutoff "
                f"{era.grant_cutoff}; this {kind} lies inside that cutoff's history, i.e. it "
                "claims a place before the key existed",
                (era.granted_by, era.grant_cutoff),
            )
            return Status.UNKNOWN_KEY
        if era.revoked_by is not None:
            if era.cutoff and inside(dag.ancestry(era.cutoff)):
                return Status.VALID_HISTORICAL
            where = "is not an ancestor of it" if kind == "commit" else "is not referenced from that history"
            self.add(
                "not_in_proven_pre_rotation_history",
                E,
                kind,
                oid,
                f"signed by {era.key_id} (fingerprint {era.fingerprint}), which was revoked by "
                f"{era.revoked_by} at cutoff {era.cutoff or '(none)'}; this {kind} {where}, "
                "so its place in the pre-rotation history is not proven",
                tuple(x for x in (era.revoked_by, era.cutoff) if x),
            )
            return Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
        return Status.VALID

    def _receipt_head(self, o: Obj) -> str | None:
        """The ``head`` of a MutMem recall receipt (SPEC C3), if ``o`` is one."""
        if o.malformed is not None or o.get("event_type") != "recall_receipt":
            return None
        return receipt_head_of(o, self.store)

    # ---- evidence and artifacts -----------------------------------------
    def _evidence_checks(self, commits: dict[str, Obj], evidence: dict[str, Obj]) -> None:
        for cid, o in commits.items():
            if o.malformed is not None:
                continue
            for ref in o.evidence_refs:
                if ref not in evidence:
                    self.add(
                        "evidence_missing",
                        W,
                        "commit",
                        cid,
                        f"provenance.evidence_refs names {ref}, which is not in the store",
                        (ref,),
                    )
        declared: set[str] = set()
        for eid, o in evidence.items():
            if o.malformed is not None:
                continue
            for art in o.get("artifacts"):
                h = art.get("hash")
                name = art.get("name", "")
                if type(h) is not str:
                    self.add("artifact_missing", E, "evidence", eid, f"artifact {name!r} has no hash")
                    continue
                declared.add(h)
                data = self.store.artifact(h)
                if data is None:
                    self.add(
                        "artifact_missing",
                        E,
                        "evidence",
                        eid,
                        f"artifact {name!r} ({h}) is not in the store",
                        (h,),
                    )
                    continue
                actual = sha256_id(data)
                if actual != h:
                    self.add(
                        "artifact_hash_mismatch",
                        E,
                        "evidence",
                        eid,
                        f"artifact {name!r}: expected bytes hashing to {h}, found {actual}",
                        (h,),
                    )
                elif "size" in art and art.get("size") != len(data):
                    self.add(
                        "artifact_hash_mismatch",
                        E,
                        "evidence",
                        eid,
                        f"artifact {name!r}: declared size {art.get('size')}, found {len(data)} bytes",
                        (h,),
                    )
        for path, _ in self.store.list("artifacts"):
            h = path.split("/", 1)[1]
            if h not in declared:
                self.add("orphan_artifact", INFO, "store", h, "artifact referenced by no evidence")

    # ---- checkpoints ----------------------------------------------------
    def _checkpoint(
        self,
        o: Obj,
        book: KeyBook,
        dag: Dag,
        commits: dict[str, Obj],
        evidence: dict[str, Obj],
        *,
        external: bool,
    ) -> Status:
        r = self.report
        cpid = o.stored_id
        if o.malformed is not None:
            self.add(
                "checkpoint_signature_invalid" if external else o.malformed.code,
                E,
                "checkpoint",
                cpid,
                f"checkpoint cannot be read: {o.malformed.reason}",
            )
            r.checkpoints[cpid] = Status.MALFORMED
            return Status.MALFORMED
        status = Status.VALID
        res, cands = book.candidates(o.agent_id, o.key_id)
        sig = decode_signature(o.signature)
        verified = next((c for c in cands if verify_sig(c, sig, o.sign_bytes)), None)
        head_id = o.get("head_commit_id")
        if not o.key_id:
            self.add(
                "checkpoint_signature_invalid",
                E,
                "checkpoint",
                cpid,
                "checkpoint has no key_id: its signer is not bound",
            )
            status = Status.UNKNOWN_KEY
        elif not o.digest_ok:
            self.add(
                "checkpoint_signature_invalid",
                E,
                "checkpoint",
                cpid,
                f"checkpoint id does not match its content (expected {o.computed_id})",
            )
            status = Status.DIGEST_MISMATCH
        elif verified is None:
            self.add(
                "checkpoint_signature_invalid",
                E,
                "checkpoint",
                cpid,
                f"the signature does not verify with the key it names ({o.key_id} of {o.agent_id})"
                + ("" if res == "ok" else f": {res.replace('_', ' ')}"),
            )
            status = {"unknown_identity": Status.UNKNOWN_IDENTITY, "unknown_key": Status.UNKNOWN_KEY}.get(
                res, Status.INVALID_SIGNATURE
            )
        else:
            era_i = book.by_pub.get(verified)
            if era_i is None:
                self.add(
                    "checkpoint_signature_invalid",
                    E,
                    "checkpoint",
                    cpid,
                    "signed by a key the control chain never granted",
                )
                status = Status.UNKNOWN_KEY
            else:
                r.signer[cpid] = era_i
                era = book.eras[era_i]
                hi = dag.index.get(head_id)
                if era.revoked_by is not None:
                    if hi is not None and era.cutoff and dag.ancestry(era.cutoff)[hi]:
                        status = Status.VALID_HISTORICAL
                    else:
                        self.add(
                            "not_in_proven_pre_rotation_history",
                            E,
                            "checkpoint",
                            cpid,
                            f"signed by revoked key {era.key_id}; its head {head_id} is not in "
                            f"the history before cutoff {era.cutoff}",
                            (era.revoked_by,),
                        )
                        status = Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
        r.checkpoints[cpid] = status
        if not external:
            return status
        continuity = status.ok
        if head_id not in commits:
            self.add(
                "checkpoint_head_missing",
                E,
                "checkpoint",
                cpid,
                f"the checkpoint's head {head_id} is not in the store (history was rolled back or rewritten)",
                (head_id,),
            )
            continuity = False
        else:
            if o.get("commit_count") > len(commits):
                self.add(
                    "checkpoint_count_regression",
                    E,
                    "checkpoint",
                    cpid,
                    f"checkpoint counted {o.get('commit_count')} commits, the store has "
                    f"{len(commits)}: commits were removed",
                )
                continuity = False
            if o.get("evidence_count") > len(evidence):
                self.add(
                    "checkpoint_count_regression",
                    E,
                    "checkpoint",
                    cpid,
                    f"checkpoint counted {o.get('evidence_count')} evidence records, the store "
                    f"has {len(evidence)}: evidence was removed",
                )
                continuity = False
            head = self.store.head
            if head not in commits or not dag.is_ancestor(head_id, head):
                self.add(
                    "checkpoint_continuity_failed",
                    E,
                    "checkpoint",
                    cpid,
                    f"the checkpoint's head {head_id} is not an ancestor of HEAD {head}: the "
                    "presented history does not continue from the checkpoint",
                    (head_id,),
                )
                continuity = False
        r.container["continuity"] = "verified" if continuity else "failed"
        return status

    def _external_checkpoint(
        self, book: KeyBook, dag: Dag, commits: dict[str, Obj], evidence: dict[str, Obj], head: str | None
    ) -> None:
        data = self.opts.checkpoint
        assert data is not None
        name = self.opts.checkpoint_name
        try:
            raw, fast = loads_strict(data)
        except JsonError as exc:
            self.add(exc.code, E, "checkpoint", name, f"checkpoint file is not strict JSON: {exc}")
            self.report.container["continuity"] = "failed"
            return
        if type(raw) is not dict:
            self.add("checkpoint_signature_invalid", E, "checkpoint", name, "checkpoint is not a JSON object")
            self.report.container["continuity"] = "failed"
            return
        o = build_object(name, raw, "checkpoint", fast=fast)
        self.report.objects[o.stored_id] = o
        self._checkpoint(o, book, dag, commits, evidence, external=True)

    def _signing_key_check(self, pem: bytes, book: KeyBook) -> None:
        from ..errors import KeyError_
        from ..keys import KeyPair

        try:
            raw = KeyPair.from_pem(pem, source="keys/signing.key").raw_public
        except KeyError_ as exc:
            self.add("signing_key_invalid", W, "store", "keys/signing.key", exc.message)
            return
        i = book.by_pub.get(raw)
        if i is None or book.eras[i].revoked_by is not None:
            self.add(
                "signing_key_inactive",
                W,
                "store",
                "keys/signing.key",
                "the sealed signing key is not an active key of this identity; "
                "alethech refuses to open or commit with it",
            )


def receipt_head_of(o: Obj, store: Store) -> str | None:
    """``head`` named inside the ``receipt.json`` artifact of a recall receipt."""
    for art in o.get("artifacts", []):
        if art.get("name") == "receipt.json" and type(art.get("hash")) is str:
            data = store.artifact(art["hash"])
            if data is None or sha256_id(data) != art["hash"]:
                return None
            try:
                body, _ = loads_strict(data)
            except JsonError:
                return None
            head = body.get("head") if type(body) is dict else None
            return head if type(head) is str else None
    return None


def _rank(s: Status) -> int:
    from .report import STATUS_ORDER

    return STATUS_ORDER[s]


def _status_counts(statuses: dict[str, Status]) -> dict[Status, int]:
    out: dict[Status, int] = {}
    for s in statuses.values():
        out[s] = out.get(s, 0) + 1
    return out
