"""Honest histories and the changes that must never help them (issue 20, SPEC rev 3).

:func:`histories` draws a *plan* (a list of operations: commits, evidence, citations,
rotations, migrations, role keys, weight transitions, detector and verdict labels,
recall receipts, stored and external checkpoints, private regions) and builds it with
the core's writer, fixed keys and a stepping clock, so a plan always gives the same
bytes: a failing property prints the plan (``hypothesis.note``), which can be pasted
into a named fixture with :func:`build`.

The changes, each drawn by a strategy here:

* :func:`untrusted_additions` — files no trusted key signed (junk bytes, objects a
  stranger signed, unsigned legacy identities) and copies of existing objects with
  edited bytes, under any name (another encoding of the object's own name, a name
  that sorts first, a name that encodes another id);
* :func:`renamings` — every file under another valid encoding of its logical path, the
  folders listed in another order;
* :func:`event_deletions` — one control event removed, the identity record kept;
* :func:`escapings` — strings of the object files re-encoded with JSON escapes.

A store is always read back through :func:`inspector.core.store.read_store` over an
in-memory listing (:class:`FileTree`), exactly like a directory on disk.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from hypothesis import note
from hypothesis import strategies as st

from inspector.core.errors import OperationError
from inspector.core.keys import KeyPair
from inspector.core.store import ALL_DIRS, OBJECT_DIRS, Store, logical_to_physical, read_store
from inspector.core.verify.engine import VerifyOptions, verify
from inspector.core.verify.report import Report, Status
from inspector.core.write.builder import (
    StoreWriter,
    control_event,
    dump,
    identity_record,
    legacy_identity,
    memory_commit,
    migration_record,
    next_key_id,
    stepping_clock,
)
from inspector.core.write.mutmem import MutMemWriter, Outcome

from .strategies import fixed_key

# --------------------------------------------------------------------------- files


class FileTree:
    """A directory store in memory, by physical relative path, listed in the order
    ``order`` gives (a permutation key per name), never following anything."""

    def __init__(self, files: dict[str, bytes], seed: int | None = None) -> None:
        self.files = dict(files)
        self.seed = seed

    def entries(self, rel_dir: str) -> list[tuple[str, str]]:
        prefix = rel_dir + "/" if rel_dir else ""
        out: dict[str, str] = {}
        for p in self.files:
            if p.startswith(prefix):
                rest = p[len(prefix) :]
                out[rest.split("/", 1)[0]] = "dir" if "/" in rest else "file"
        items = sorted(out.items())
        if self.seed is not None:
            random.Random(f"{self.seed}:{rel_dir}").shuffle(items)
        return items

    def read(self, rel: str, limit: int) -> bytes:
        return self.files[rel]

    def store(self) -> Store:
        return read_store(self, "memory")


def physical(store: Store) -> dict[str, bytes]:
    """The files of a writer's store under the names alethech gives them."""
    return {logical_to_physical(p): d for p, d in store.files.items()}


# --------------------------------------------------------------------------- histories

OPS = (
    "commit",
    "commit",
    "evidence",
    "cite",
    "private",
    "rotate",
    "rotate",
    "grant_housekeeper",
    "grant_housekeeper",
    "grant_auditor",
    "transition",
    "detector_label",
    "detector_label",
    "verdict_label",
    "recall",
    "stored_checkpoint",
    "revoke_role",
    "migrate",
    "migrate",
)

Plan = tuple[str, bool, tuple[tuple[str, int], ...]]  # (start, external checkpoint, ops)


@dataclass
class History:
    plan: Plan
    files: dict[str, bytes]  # physical relative path -> bytes
    checkpoint: bytes | None
    events: list[str] = field(default_factory=list)  # control event ids
    report: Report | None = None

    def options(self) -> VerifyOptions:
        return VerifyOptions(checkpoint=self.checkpoint)

    def verify(self, files: dict[str, bytes] | None = None, seed: int | None = None) -> Report:
        return verify(FileTree(self.files if files is None else files, seed).store(), self.options())

    def base(self) -> Report:
        if self.report is None:
            self.report = self.verify()
        return self.report


class _Builder:
    def __init__(self, start: str) -> None:
        self.n = 0
        legacy = start == "legacy"
        self.w = StoreWriter.create(
            legacy=legacy,
            agent_key=fixed_key("h-agent"),
            root=None if legacy else fixed_key("h-root"),
            clock=stepping_clock(),
        )
        self.mm: MutMemWriter | None = None if legacy else MutMemWriter(self.w)
        self.memories: list[str] = []
        self.evidence: list[str] = []
        self.uncited: list[str] = []
        self.roles: dict[str, tuple[str, KeyPair]] = {}
        self.plain = 0

    def key(self) -> KeyPair:
        self.n += 1
        return fixed_key(f"h-key-{self.n}")

    def memory(self, content: dict[str, Any], refs: list[str] | None = None) -> str:
        refs = refs or []
        obj = (
            self.mm.memory(content, evidence_refs=refs)
            if self.mm
            else self.w.commit(content, evidence_refs=refs)
        )
        self.memories.append(obj["commit_id"])
        self.uncited = [e for e in self.uncited if e not in refs]
        return str(obj["commit_id"])

    def apply(self, op: str, arg: int) -> None:
        w, mm = self.w, self.mm
        pick = lambda xs: xs[arg % len(xs)]  # noqa: E731
        if op == "commit":
            self.memory({"text": f"memory {len(self.memories)} about topic {arg}"})
        elif op == "evidence":
            ev = w.evidence(tool=f"tool {arg}", artifacts=[("out.txt", f"output {arg}\n".encode())])
            self.evidence.append(ev["commit_id"])
            self.uncited.append(ev["commit_id"])
        elif op == "cite" and self.evidence:
            self.memory({"text": f"cites evidence {arg}"}, [pick(self.evidence)])
        elif op == "private":
            c = w.commit({"text": f"<private>secret {arg}</private> and the rest"})
            self.memories.append(c["commit_id"])
        elif op == "migrate" and mm is None:
            w.migrate(fixed_key("h-root"))
            self.mm = MutMemWriter(w)
        elif mm is not None:  # a root-less store: no control event can be signed
            self._apply_rooted(op, arg, mm)

    def _apply_rooted(self, op: str, arg: int, mm: MutMemWriter) -> None:
        w = self.w
        pick = lambda xs: xs[arg % len(xs)]  # noqa: E731
        if op == "rotate":
            if self.uncited:
                w.anchor(self.uncited, "before the rotation")
                self.uncited = []
            old = w.active[0]["key_id"]
            w.rotate(old, self.key(), next_key_id([k["key_id"] for k in w.active + w.revoked], old))
        elif op in ("grant_housekeeper", "grant_auditor"):
            role = op.split("_", 1)[1]
            if role not in self.roles:
                self.roles[role] = mm.grant_role(role, self.key())
        elif op == "transition" and "housekeeper" in self.roles and self.mm_memories():
            outcome = w.evidence(event_type="task_outcome", tool=f"task {arg}")["commit_id"]
            with contextlib.suppress(OperationError, IndexError):
                mm.transition(
                    pick(self.mm_memories()),
                    [Outcome(outcome, 1 if arg % 3 else -1, 1 + arg % 4)],
                    eta=0.3,
                    key=self.roles["housekeeper"][1],
                )
        elif op == "detector_label" and "housekeeper" in self.roles and self.mm_memories():
            label = ("unverified", "poison_suspect", "poison_likely")[arg % 3]
            mm.label(
                pick(self.mm_memories()), label, key=self.roles["housekeeper"][1], reason=f"detector {arg}"
            )
        elif op == "verdict_label" and "auditor" in self.roles and self.mm_memories():
            au = self.roles["auditor"][1]
            review = w.evidence(event_type="audit_review", tool="review", key=au)["commit_id"]
            label = ("supported", "disputed", "poison_confirmed", "poison_refuted")[arg % 4]
            mm.label(pick(self.mm_memories()), label, key=au, reason=f"review {arg}", evidence=[review])
        elif op == "recall" and self.mm_memories():
            with contextlib.suppress(OperationError):
                mm.recall(f"memory topic {arg}", k=1 + arg % 3)
        elif op == "stored_checkpoint" and w.head is not None:
            cp = w.checkpoint(sequence=1 + arg)
            w.store.files[f"checkpoints/{cp['checkpoint_id']}.json"] = dump(cp)
            self.memory({"text": f"anchors checkpoint {arg}"}, [cp["checkpoint_id"]])
        elif op == "revoke_role" and self.roles:
            role = pick(sorted(self.roles))
            key_id, _ = self.roles.pop(role)
            w.revoke(key_id, reason="rotation", cutoff=w.head)

    def mm_memories(self) -> list[str]:
        mm = self.mm
        return [m for m in self.memories if mm is not None and m in mm.label_tip]


def build(plan: Plan) -> History:
    """The store a plan describes (the same bytes every time)."""
    start, external, ops = plan
    b = _Builder(start)
    for op, arg in ops:
        b.apply(op, arg)
    w = b.w
    cp = (
        dump(w.checkpoint(sequence=99))
        if external and w.head is not None and w.agent_key is not None
        else None
    )
    events = [p.split("/", 1)[1][:-5] for p in w.store.files if p.startswith("control_events/")]
    return History(plan, physical(w.store), cp, events)


@st.composite
def histories(draw: st.DrawFn, *, max_ops: int = 14) -> History:
    start = draw(st.sampled_from(["rooted", "rooted", "legacy"]), label="start")
    ops = draw(
        st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 11)), min_size=2, max_size=max_ops),
        label="ops",
    )
    external = draw(st.booleans(), label="external checkpoint")
    plan: Plan = (start, external, tuple(ops))
    note(f"history plan (build(plan) rebuilds it): {plan!r}")
    return build(plan)


# --------------------------------------------------------------------------- names


def encodings(name: str, rng: random.Random) -> str:
    """Another valid encoding of one file name: any character may be percent-encoded
    (upper- or lower-case hex); for an object file the ``.json`` suffix stays as is."""
    stem, suffix = (name[:-5], ".json") if name.endswith(".json") else (name, "")
    out = []
    for ch in stem:
        if ch == "%" or rng.random() < 0.3:
            hexed = "".join(f"%{b:02X}" for b in ch.encode("utf-8"))
            out.append(hexed.lower() if rng.random() < 0.5 else hexed)
        else:
            out.append(ch)
    return "".join(out) + suffix


def rename(files: dict[str, bytes], seed: int) -> dict[str, bytes]:
    rng = random.Random(seed)
    out = {}
    for path, data in files.items():
        if "/" in path and path.split("/", 1)[0] in ALL_DIRS:
            d, name = path.split("/", 1)
            # the names in the store are already percent-encoded: decode, then re-encode
            logical = unquote(name[:-5]) + ".json" if name.endswith(".json") else unquote(name)
            path = f"{d}/{encodings(logical, rng)}"
        out[path] = data
    return out


@st.composite
def renamings(draw: st.DrawFn, h: History) -> tuple[dict[str, bytes], int]:
    seed = draw(st.integers(0, 2**32 - 1), label="rename seed")
    return rename(h.files, seed), draw(st.integers(0, 2**32 - 1), label="listing order seed")


# --------------------------------------------------------------------------- untrusted additions

STRANGER = fixed_key("h-stranger")
EDITS = ("auditor-007", "housekeeper-001", "poison_refuted", "unverified", "key-001", "", 0, None)


def _objects(files: dict[str, bytes]) -> list[str]:
    return sorted(p for p in files if p.split("/", 1)[0] in OBJECT_DIRS and p.endswith(".json"))


def _ids(files: dict[str, bytes]) -> list[str]:
    return [unquote(p.rsplit("/", 1)[1][:-5]) for p in _objects(files)]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:4]):
            yield from _paths(v, (*prefix, i))


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    out = dict(value) if isinstance(value, dict) else list(value)
    out[path[0]] = _set(out[path[0]], path[1:], new)  # type: ignore[index]
    return out


@st.composite
def _name_for(draw: st.DrawFn, files: dict[str, bytes], directory: str, own: str | None) -> str:
    rng = random.Random(draw(st.integers(0, 2**16), label="name seed"))
    choices = ["0000.json", "0000.json", "~copy.json", "zzzz.json"]
    if own is not None:
        choices += [encodings(own + ".json", rng)] * 3
    ids = _ids(files)
    if ids:
        choices.append(encodings(draw(st.sampled_from(ids), label="another id") + ".json", rng))
    return f"{directory}/{draw(st.sampled_from(choices), label='file name')}"


COPIED = ("control_events",) * 3 + ("migrations", "identities", "commits") * 2 + ("evidence", "checkpoints")


@st.composite
def _edited_copy(draw: st.DrawFn, files: dict[str, bytes]) -> tuple[str, bytes]:
    objects = _objects(files)
    present = {p.split("/", 1)[0] for p in objects}
    # a folder first, the ones that carry rights most often: events as likely as commits
    folders = [f for f in COPIED if f in present]
    folder = draw(st.sampled_from(folders), label="copied folder")
    path = draw(st.sampled_from([p for p in objects if p.startswith(folder + "/")]), label="copied object")
    obj = json.loads(files[path])
    targets = [
        p
        for p in _paths(obj)
        if p and p[0] not in ("signature", "legacy_signature", "commit_id", "checkpoint_id")
    ]
    where = draw(st.sampled_from(targets), label="edited field")
    ids = _ids(files)
    new = draw(st.sampled_from([*EDITS, *ids[:6], STRANGER.jwk]), label="new value")
    edited = _set(obj, where, new)
    if edited == obj:
        edited = _set(obj, where, ["edited", new])
    directory, name = path.split("/", 1)
    own = unquote(name[:-5])
    return draw(_name_for(files, directory, own)), dump(edited)


@st.composite
def _stranger_object(draw: st.DrawFn, h: History) -> tuple[str, bytes]:
    """An object a key nobody granted signed (or an unsigned legacy identity)."""
    kind = draw(
        st.sampled_from(
            ["event", "commit", "label", "record", "migration", "legacy_identity", "legacy_label"]
        ),
        label="stranger object",
    )
    ts = "2026-06-01T00:00:00.000Z"
    ids = _ids(h.files)
    head = h.files.get("HEAD", b"").decode().strip()
    base = h.base()
    v2 = next((e for e in base.eras if e.granted_event_type != "legacy"), None)
    agent_id = base.objects[head].agent_id if head in base.objects else ""
    if kind == "event":
        et = draw(
            st.sampled_from(["key_grant", "key_revoke", "key_rotation", "key_suspend"]), label="event type"
        )
        ev = control_event(
            root_id=_root_id(h) or "did:alethech:root:x",
            sequence=draw(st.integers(1, len(h.events) + 2), label="sequence"),
            previous=draw(st.sampled_from(["", *h.events]), label="previous"),
            event_type=et,
            timestamp=ts,
            root=STRANGER,
            key_id="auditor-001" if et == "key_grant" else "key-001",
            public_key={} if et == "key_revoke" else STRANGER.jwk,
            old_key_id="key-001" if et == "key_rotation" else "",
            cutoff_head="" if et == "key_grant" else draw(st.sampled_from([head, *ids[:3]]), label="cutoff"),
            reason="rotation",
        )
        return draw(_name_for(h.files, "control_events", ev["commit_id"])), dump(ev)
    if kind in ("commit", "label"):
        content: dict[str, Any] = {"text": "stranger"}
        if kind == "label" and base.mutmem is not None and base.mutmem.memories:
            m = draw(st.sampled_from(sorted(base.mutmem.memories)), label="labelled memory")
            last = base.mutmem.memories[m].labels[-1].commit if base.mutmem.memories[m].labels else None
            content = {"mutmem": 1, "kind": "label", "memory": m, "prev": last, "label": "poison_refuted",
                       "confidence_milli": 900, "reason": "x", "detector": "x", "evidence": []}  # fmt: skip
        obj = memory_commit(
            agent_id=agent_id,
            key_id=draw(
                st.sampled_from(["key-001", "key-002", "auditor-001", "housekeeper-001"]), label="key_id"
            ),
            parents=[head] if head else [],
            timestamp=ts,
            session_id="s",
            memory_type="procedural",
            content=content,
            provenance={},
            key=STRANGER,
        )
        return draw(_name_for(h.files, "commits", obj["commit_id"])), dump(obj)
    if kind == "record":
        rec = identity_record(STRANGER, [{"key_id": "key-001", "public_key": STRANGER.jwk}], [], ts)
        if v2 is not None:  # a record that claims this store's agent, signed by a stranger
            rec = {**rec, "agent_id": agent_id}
        return draw(_name_for(h.files, "identities", rec["agent_id"])), dump(rec)
    if kind == "migration":
        ident = legacy_identity(STRANGER, ts)
        mig = migration_record(STRANGER, ident["agent_id"], STRANGER, ts)
        return draw(_name_for(h.files, "migrations", mig["commit_id"])), dump(mig)
    # an unsigned legacy identity: a stranger's, or a copy of this store's with another key_id
    legacy = [p for p in _objects(h.files) if p.startswith("identities/") and b'"Identity"' in h.files[p]]
    if kind == "legacy_label" and legacy:
        path = draw(st.sampled_from(legacy), label="legacy identity")
        obj = json.loads(h.files[path])
        obj["key_id"] = draw(st.sampled_from(["auditor-007", "housekeeper-001"]), label="label")
        return draw(_name_for(h.files, "identities", obj["agent_id"])), dump(obj)
    ident = legacy_identity(STRANGER, ts)
    ident["key_id"] = "auditor-007"
    return draw(_name_for(h.files, "identities", ident["agent_id"])), dump(ident)


def _root_id(h: History) -> str:
    data = h.files.get("root_authority.json")
    if data is None:
        return ""
    try:
        return str(json.loads(data).get("root_id", ""))
    except ValueError:
        return ""


@st.composite
def untrusted_additions(draw: st.DrawFn, h: History) -> dict[str, bytes]:
    """The files of ``h`` plus one to three files no trusted key signed."""
    files = dict(h.files)
    for _ in range(draw(st.integers(1, 3), label="added files")):
        what = draw(
            st.sampled_from(["junk", "copy", "copy", "copy", "stranger", "stranger", "artifact"]),
            label="addition",
        )
        if what == "junk":
            directory = draw(st.sampled_from(OBJECT_DIRS), label="junk folder")
            path = draw(_name_for(files, directory, None))
            files[path] = draw(st.binary(max_size=64) | st.just(b'{"type": "ControlEvent"}'), label="junk")
        elif what == "copy" and _objects(files):
            path, data = draw(_edited_copy(files))
            files[path] = data
        elif what == "stranger":
            path, data = draw(_stranger_object(h))
            files[path] = data
        elif what == "artifact":
            arts = sorted(p for p in files if p.startswith("artifacts/"))
            if arts:
                src = draw(st.sampled_from(arts), label="artifact")
                rng = random.Random(draw(st.integers(0, 2**16), label="artifact name seed"))
                files["artifacts/" + encodings(unquote(src.split("/", 1)[1]), rng)] = b"other bytes\n"
    return files


@st.composite
def event_deletions(draw: st.DrawFn, h: History) -> tuple[str, dict[str, bytes]]:
    """The files of ``h`` without one control event (the identity record kept)."""
    event = draw(st.sampled_from(sorted(h.events)), label="deleted event")
    files = {p: d for p, d in h.files.items() if p != logical_to_physical(f"control_events/{event}.json")}
    return event, files


# --------------------------------------------------------------------------- escapes


def escape_strings(text: str, rng: random.Random, rate: float) -> str:
    """``text`` (JSON) with characters of its strings written as ``\\uXXXX`` escapes
    (escapes already there are kept as they are)."""
    out = []
    in_str = False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if not in_str:
            out.append(ch)
            in_str = ch == '"'
        elif ch == "\\":
            width = 6 if text[i + 1 : i + 2] == "u" else 2
            out.append(text[i : i + width])
            i += width
            continue
        elif ch == '"':
            out.append(ch)
            in_str = False
        elif rng.random() < rate:
            out.append("".join(f"\\u{u:04x}" for u in _utf16(ch)))
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def _utf16(ch: str) -> list[int]:
    data = ch.encode("utf-16-be")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


@st.composite
def escapings(draw: st.DrawFn, h: History) -> dict[str, bytes]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1), label="escape seed"))
    rate = draw(st.sampled_from([0.05, 0.3, 1.0]), label="escape rate")
    files = dict(h.files)
    for path in _objects(files):
        if rng.random() < 0.5:
            files[path] = escape_strings(files[path].decode("utf-8"), rng, rate).encode("utf-8")
    return files


# --------------------------------------------------------------------------- comparisons

RANK = {Status.VALID: 2, Status.VALID_HISTORICAL: 1}


def statuses(r: Report) -> dict[str, Status]:
    """Every status, keyed by kind and id (a commit and an evidence may claim one id)."""
    out: dict[str, Status] = {}
    for kind, table in (("commit", r.commits), ("evidence", r.evidence), ("checkpoint", r.checkpoints)):
        out.update({f"{kind} {k}": v for k, v in table.items()})
    return out


def untrusted(r: Report) -> set[str]:
    if r.mutmem is None:
        return set()
    return {m for m, v in r.mutmem.memories.items() if v.untrusted}


def improvements(base: Report, other: Report, *, trust: bool = True, verdict: bool = True) -> list[str]:
    """Every way ``other`` is better than ``base``: an object's status higher in the
    order VALID > VALID_HISTORICAL > everything else (a new object counted from
    nothing), a memory trusted that was not (``trust``), a verdict that passes
    (``verdict``)."""
    out = []
    b, o = statuses(base), statuses(other)
    for oid, st_ in o.items():
        before = RANK.get(b[oid], 0) if oid in b else 0
        if RANK.get(st_, 0) > before:
            out.append(f"{oid}: {b.get(oid)} -> {st_}")
    if trust:
        gained = untrusted(base) - untrusted(other)
        present = set(other.mutmem.memories) if other.mutmem is not None else set()
        out += [f"memory {m} trusted again" for m in gained & present]
    if verdict and base.verdict != "pass" and other.verdict == "pass":
        out.append(f"verdict {base.verdict} -> pass")
    return out


def shape(r: Report) -> dict[str, Any]:
    """The report without file names and timings (property 2)."""
    return {
        "verdict": r.verdict,
        "head": r.head,
        "statuses": {k: v.value for k, v in statuses(r).items()},
        "findings": sorted((f.code, f.severity.value, f.object_kind, f.object_id) for f in r.findings),
        "eras": [e.to_json() for e in r.eras],
        "signers": dict(r.signer),
        "mutmem": r.mutmem.to_json() if r.mutmem is not None else None,
        "counts": r.counts,
        "unreachable": sorted(r.unreachable),
    }


def findings(r: Report) -> list[tuple[Any, ...]]:
    """Every finding, message and related ids included (property 4)."""
    return sorted(
        (
            f.code,
            f.severity.value,
            f.object_kind,
            f.object_id,
            f.message,
            tuple(f.related),
            f.expected,
            f.found,
        )
        for f in r.findings
    )


def revocations(r: Report) -> dict[str, set[str | None]]:
    return {e.public_key: {c for _, _, c in e.revocations} for e in r.eras if e.revocations}
