"""Phase 5: every commit, evidence and checkpoint gets its status (SPEC B1, B3,
B4, B8): who signed it, and whether the file proves it belongs to its key's era.

An object signed by a revoked key is VALID_HISTORICAL only when the file
*proves* it existed before the cutoff: a commit inside ancestry(cutoff); an
evidence or stored checkpoint cited by a commit inside ancestry(cutoff), and
whose own head (if it names one) is not outside it; the external checkpoint
when its head is inside.  Ancestry follows authenticated edges only.  All these
questions are answered together, in one pass per group of cutoffs.
"""

from __future__ import annotations

from ..canonical import JsonError, loads_strict
from ..findings import Severity, message
from ..keys import sha256_id
from ..objects import Obj
from .authority import Authority
from .context import Context
from .dagcheck import first_parent_root
from .report import KeyEra, Status, worst

E, W = Severity.ERROR, Severity.WARNING

M_DIGEST = message(
    "The content hashes to {computed}, not to the stored id: the object was changed after it was signed."
)
M_UNKNOWN_IDENTITY = message("It claims agent_id {agent_id}, which is no identity of this store.")
M_UNBOUND_IDENTITY = message(
    "It claims agent_id {agent_id}, a legacy identity that does not belong to this store."
)
M_UNKNOWN_KEY = message(
    "key_id {key_id} is neither granted by the control chain nor listed by identity {agent_id}."
)
M_RECORD_ONLY_KEY = message(
    "It is signed by a public key the identity record lists as {key_id}, but the control chain never "
    "granted that key."
)
M_VOID_KEY = message(
    "key_id {key_id} was granted only by control event {event}, which took no effect: the key_id is "
    "unknown, whatever the identity record lists."
)
M_LEGACY_KEY = message(
    "It is signed by the legacy key of {legacy}, which no key_grant brought into the control chain: a legacy "
    "key signs only under its own legacy agent_id, never under {agent_id}."
)
M_BAD_SIGNATURE = message("The signature does not verify with the key named {key_id} of identity {agent_id}.")
M_BEFORE_GRANT = message(
    "Signed by {key_id}, which rotation {event} introduced at cutoff {cutoff}; this commit lies inside that "
    "cutoff's history, so it claims a place before the key existed."
)
M_OUTSIDE_COMMIT = message(
    "Signed by {key_id} (fingerprint {fingerprint}), which {event} revoked at cutoff {cutoff}; this commit "
    "is not in the history of that cutoff, so it is not proven to predate the revocation."
)
M_OUTSIDE_COMMIT_COMPROMISE = message(
    "Signed by {key_id} after the owner declared it compromised at commit {cutoff}: this commit is not in "
    "the history the owner vouched for, so anyone holding the stolen key could have made it."
)
M_HEAD_OUTSIDE = message(
    "Signed by {key_id}, which {event} revoked at cutoff {cutoff}; the {kind}'s own head {head} is outside "
    "the history of that cutoff, so it speaks about history the revoked key may not speak for."
)
M_UNCITED_COMPROMISE = message(
    "Signed by {key_id}, which the owner declared compromised at commit {cutoff}; no commit in the history "
    "of that cutoff cites this {kind}, so it may have been made with the stolen key."
)
M_UNANCHORED = message(
    "Signed by {key_id}, which was rotated out at cutoff {cutoff}; no commit in the history of that cutoff "
    "cites this {kind}, so its place before the rotation cannot be proven (an honest agent may have "
    "recorded evidence that no memory cites, then rotated)."
)


def _era_cutoffs(era: KeyEra) -> tuple[str | None, ...]:
    return tuple(c for _, _, c in era.revocations) or (era.cutoff,)


class _Inside:
    """Batched "is commit x inside the history of these cutoffs" questions, each a
    (node, cutoffs) pair: inside the history of every one of these cutoffs (a node of
    None is outside any history)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.questions: list[tuple[str | None, tuple[str | None, ...]]] = []

    def ask(self, node: str | None, cutoffs: tuple[str | None, ...]) -> int:
        self.questions.append((node, cutoffs))
        return len(self.questions) - 1

    def solve(self) -> list[bool]:
        dag = self.ctx.dag
        assert dag is not None
        index = dag.index
        questions = self.questions
        # questions share their cutoffs (those of one era): grouped by them, each group
        # is answered with one mask of its cutoffs' bits per node
        by_cutoffs: dict[tuple[str | None, ...], list[int]] = {}
        for qi, (_, cutoffs) in enumerate(questions):
            by_cutoffs.setdefault(cutoffs, []).append(qi)
        answers = [False] * len(questions)  # no unless the node and every cutoff are commits
        nodes = [-1] * len(questions)
        cut_ids: dict[tuple[str | None, ...], list[int]] = {}
        for cutoffs, qis in by_cutoffs.items():
            if not cutoffs or not all(c in index for c in cutoffs):
                continue
            cut_ids[cutoffs] = [index[c] for c in cutoffs]  # type: ignore[index]
            for qi in qis:
                i = index.get(questions[qi][0])  # type: ignore[arg-type]
                if i is not None:
                    answers[qi], nodes[qi] = True, i
        cut_nodes = {i for ids in cut_ids.values() for i in ids}
        if not cut_nodes:
            return answers
        need = {i for i in nodes if i >= 0}
        for group, bits in dag.descendant_sets(sorted(cut_nodes), need):
            slot = {node: k for k, node in enumerate(group)}
            for cutoffs, ids in cut_ids.items():
                mask = 0
                for c in ids:
                    k = slot.get(c)
                    if k is not None:
                        mask |= 1 << k
                if not mask:
                    continue
                for qi in by_cutoffs[cutoffs]:
                    if answers[qi] and bits.get(nodes[qi], 0) & mask != mask:
                        answers[qi] = False
        return answers


def receipt_head_of(o: Obj, artifact: object) -> str | None:
    """``head`` named inside the ``receipt.json`` artifact of a recall receipt,
    when the artifact is present and matches its hash."""
    get = artifact  # a callable: hash id -> bytes | None
    for art in o.get("artifacts", []):
        if type(art) is dict and art.get("name") == "receipt.json" and type(art.get("hash")) is str:
            data = get(art["hash"])  # type: ignore[operator]
            if data is None or sha256_id(data) != art["hash"]:
                return None
            try:
                body, _ = loads_strict(data)
            except JsonError:
                return None
            head = body.get("head") if type(body) is dict else None
            return head if type(head) is str else None
    return None


class _Judge:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        assert ctx.authority is not None and ctx.dag is not None
        self.authority: Authority = ctx.authority
        self.inside = _Inside(ctx)
        self.pending: list[tuple[str, str, Obj, KeyEra | None, dict[str, int]]] = []

    def signer(self, o: Obj) -> tuple[Status | None, KeyEra | None]:
        """The status decided before placement (or None) and the signer's era."""
        ctx, kind, oid = self.ctx, o.kind, o.stored_id
        if o.malformed is not None:
            return Status.MALFORMED, None
        if not o.digest_ok:
            ctx.add(
                "digest_mismatch",
                E,
                kind,
                oid,
                M_DIGEST,
                (o.computed_id,),
                computed=o.computed_id,
                expected=oid,
                found=o.computed_id,
            )
            return Status.DIGEST_MISMATCH, None
        s = ctx.signed.get((kind, oid))
        assert s is not None
        a = self.authority
        agent_id = o.agent_id
        if agent_id in a.unbound:
            ctx.add("unknown_identity", E, kind, oid, M_UNBOUND_IDENTITY, agent_id=agent_id)
            return Status.UNKNOWN_IDENTITY, None
        if s.resolution == "unknown_identity":
            ctx.add("unknown_identity", E, kind, oid, M_UNKNOWN_IDENTITY, agent_id=agent_id)
            return Status.UNKNOWN_IDENTITY, None
        if s.resolution == "unknown_key":
            ctx.add("unknown_key", E, kind, oid, M_UNKNOWN_KEY, key_id=o.key_id, agent_id=agent_id)
            return Status.UNKNOWN_KEY, None
        if s.resolution == "void_key":
            event = a.void[o.key_id]
            ctx.add("unknown_key", E, kind, oid, M_VOID_KEY, (event,), key_id=o.key_id, event=event)
            return Status.UNKNOWN_KEY, None
        if s.verified is None:
            ctx.add("signature_invalid", E, kind, oid, M_BAD_SIGNATURE, key_id=o.key_id, agent_id=agent_id)
            return Status.INVALID_SIGNATURE, None
        era_i, how = a.signer(agent_id, s.verified)
        if how == "legacy_key" and era_i is not None:
            legacy = a.eras[era_i].granted_by.removeprefix("legacy-identity:")
            ctx.add("unknown_key", E, kind, oid, M_LEGACY_KEY, (legacy,), legacy=legacy, agent_id=agent_id)
            return Status.UNKNOWN_KEY, None
        if era_i is None:
            ctx.add("unknown_key", E, kind, oid, M_RECORD_ONLY_KEY, key_id=o.key_id)
            return Status.UNKNOWN_KEY, None
        ctx.report.signer[oid] = era_i
        return None, a.eras[era_i]

    def plan(self, o: Obj, era: KeyEra, head: str | None, citing: list[str], kind: str | None = None) -> None:
        """Queue the placement questions of an object signed by ``era`` (``kind``: the
        key it is decided under, when not its own kind)."""
        q: dict[str, int] = {}
        if o.kind == "commit" and era.grant_cutoff:
            q["before_grant"] = self.inside.ask(o.stored_id, (era.grant_cutoff,))
        if era.revoked_by is not None:
            cutoffs = _era_cutoffs(era)  # equal tuples: the questions of one era are answered together
            if o.kind == "commit":
                q["inside"] = self.inside.ask(o.stored_id, cutoffs)
            else:
                if head is not None:
                    q["head"] = self.inside.ask(head, cutoffs)
                q["cited"] = len(citing)
                for k, c in enumerate(citing):
                    q[f"cite{k}"] = self.inside.ask(c, cutoffs)
        self.pending.append((kind or o.kind, o.stored_id, o, era, q))

    def decide(self, answers: list[bool], o: Obj, era: KeyEra, q: dict[str, int], head: str | None) -> Status:
        ctx, kind, oid = self.ctx, o.kind, o.stored_id
        if "before_grant" in q and answers[q["before_grant"]]:
            ctx.add(
                "key_used_before_grant",
                E,
                kind,
                oid,
                M_BEFORE_GRANT,
                (era.granted_by, era.grant_cutoff or ""),
                key_id=era.key_id,
                event=era.granted_by,
                cutoff=era.grant_cutoff,
            )
            return Status.UNKNOWN_KEY
        if era.revoked_by is None:
            return Status.VALID
        related = tuple(x for x in (era.revoked_by, era.cutoff) if x)
        params = {"key_id": era.key_id, "event": era.revoked_by, "cutoff": era.cutoff or "(none)"}
        if kind == "commit":
            if answers[q["inside"]]:
                return Status.VALID_HISTORICAL
            template = M_OUTSIDE_COMMIT_COMPROMISE if era.compromised else M_OUTSIDE_COMMIT
            ctx.add(
                "not_in_proven_pre_rotation_history",
                E,
                kind,
                oid,
                template,
                related,
                fingerprint=era.fingerprint,
                **params,
            )
            return Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
        if "head" in q and not answers[q["head"]]:
            ctx.add(
                "not_in_proven_pre_rotation_history",
                E,
                kind,
                oid,
                M_HEAD_OUTSIDE,
                (*related, head or ""),
                kind=kind,
                head=head,
                **params,
            )
            return Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY
        if any(answers[q[f"cite{k}"]] for k in range(q["cited"])):
            return Status.VALID_HISTORICAL
        if era.compromised:
            ctx.add(
                "not_in_proven_pre_rotation_history",
                E,
                kind,
                oid,
                M_UNCITED_COMPROMISE,
                related,
                kind=kind,
                **params,
            )
        else:
            ctx.add("evidence_unanchored", W, kind, oid, M_UNANCHORED, related, kind=kind, **params)
        return Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY


def _citing(ctx: Context) -> dict[str, list[str]]:
    """The trusted commits citing each object placed below (a cited id the store lacks is
    never asked for: a file citing 200,000 missing ids costs no entry here)."""
    dag = ctx.dag
    assert dag is not None
    placed = {*ctx.evidence, *(c.stored_id for c in ctx.checkpoints)}
    citing: dict[str, list[str]] = {}
    for cid, o in ctx.commits.items():
        if dag.trusted[dag.index[cid]]:
            for ref in o.evidence_refs:
                if ref in placed or ref in ctx.commits:
                    citing.setdefault(ref, []).append(cid)
    return citing


def place(ctx: Context) -> None:
    """Statuses of every commit, evidence and stored checkpoint (and the external one)."""
    authority, dag, r = ctx.authority, ctx.dag, ctx.report
    assert authority is not None and dag is not None
    if authority.ambiguous:
        root = first_parent_root(ctx)
        member = ctx.commits[root].agent_id if root is not None else None
        authority.resolve_ambiguity(member if member in authority.ambiguous else None)

    citing = _citing(ctx)
    judge = _Judge(ctx)
    # keyed by kind and id: a commit and an evidence may claim one id
    early: dict[tuple[str, str], Status] = {}
    heads: dict[tuple[str, str], str | None] = {}
    from .checkpoints import check_signer  # the checkpoint phase owns its signature rules

    objects: list[Obj] = [*ctx.commits.values(), *ctx.evidence.values()]
    for o in objects:
        key = (o.kind, o.stored_id)
        st, era = judge.signer(o)
        if st is not None:
            early[key] = st
            continue
        assert era is not None
        head = None
        if o.kind == "evidence" and o.get("event_type") == "recall_receipt":
            head = receipt_head_of(o, ctx.store.artifact)
        heads[key] = head
        judge.plan(o, era, head, citing.get(o.stored_id, []))
    checkpoints = [*ctx.checkpoints, *([ctx.external] if ctx.external is not None else [])]
    for o in checkpoints:
        key = ("external" if o is ctx.external else o.kind, o.stored_id)
        st, era = check_signer(ctx, o)
        if st is not None:
            early[key] = st
            continue
        assert era is not None
        head = o.get("head_commit_id")
        heads[key] = head
        judge.plan(o, era, head, [] if o is ctx.external else citing.get(o.stored_id, []), key[0])
        if o is ctx.external and era.revoked_by is not None:
            # the auditor's own custody dates the external checkpoint: its head is enough
            k = judge.pending[-1][4]
            k["cited"], k["cite0"] = 1, k["head"]

    ctx.progress("placement", 0, 1)
    answers = judge.inside.solve()
    decided: dict[tuple[str, str], Status] = dict(early)
    for kind, oid, o, era, q in judge.pending:
        assert era is not None
        decided[kind, oid] = judge.decide(answers, o, era, q, heads.get((kind, oid)))

    for cid in ctx.commits:
        st = decided["commit", cid]
        if dag.missing.get(dag.index[cid]):
            st = worst(st, Status.MISSING_PARENT)
        r.commits[cid] = st
    for eid in ctx.evidence:
        r.evidence[eid] = decided["evidence", eid]
    for o in checkpoints:
        r.checkpoints[o.stored_id] = decided["external" if o is ctx.external else o.kind, o.stored_id]
