"""Phase 1: the files of the store become typed objects (SPEC B1, B6, B9, B10).

Every object file is read, alternates included (files whose names decode to one
logical path).  Two files with one logical path (in ``artifacts/`` too), or two
files holding one id, are ``duplicate_object``; of the copies of one id, the
object is the copy whose recomputed id equals the id it claims (rev 3), chosen by
content, never by file name or listing order, and a copy that does not hash to
its id is reported and never read as the object.  An object stored under a name
that encodes another id is read under its real id (``file_name_mismatch``); a
file that is not an object (a ``.DS_Store``, a link) is ``stray_file``; a folder
or file the system refuses to read is ``unreadable``.  An object that cannot be
read is MALFORMED with its JSON-hygiene or shape code; a nested value of the
wrong shape is ``malformed_field`` and ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..findings import Severity, message
from ..keys import agent_id_for
from ..objects import Obj, id_from_path, parse_object
from .context import Context

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

M_STRAY = message("{name} is not an object of this store and was not read ({why}).")
WHY = {
    "symlink": message("a symbolic link: links are never followed out of the store"),
    "not_json": message("only *.json files are objects"),
    "folder": message("an unexpected folder"),
    "unknown": message("an unexpected file"),
}
M_DUPLICATE_NAME = message(
    "Files {names} all decode to the object file {path}: each was read, and the store is ambiguous."
)
M_DUPLICATE_ID = message(
    "The {kind} id {oid} is held by more than one file ({names}): the store is ambiguous, whatever order "
    "its files are listed in."
)
M_NAME_MISMATCH = message(
    "The file {name} holds the {kind} {oid}, but its name encodes another id: it was read under its real id."
)
M_MALFORMED = message("{name} cannot be read: {reason}.")
M_UNREADABLE = message("{name} cannot be read ({why}): what it holds was not verified.")
M_DUPLICATE_ARTIFACT = message(
    "Files {names} all decode to the artifact {path}: each was read, and the store is ambiguous (the bytes "
    "that hash to the artifact's name, if any, are the artifact)."
)
M_COPY_MALFORMED = message(
    "Another copy of this object, {name}, cannot be read ({reason}): it is not the object and was not read "
    "as it."
)
M_COPY_DIGEST = message(
    "The copy of this {kind} in {name} does not hash to its id (it hashes to {computed}): a DIGEST_MISMATCH "
    "copy, never read as the object (the object is the copy in {chosen})."
)
M_MALFORMED_FIELD = message("Field {path} of this {kind} has the wrong shape: expected {want}, found {got}.")


def _stored_char(ch: str) -> bytes:
    """A pattern for one ASCII character as JSON may store it: itself (either case,
    for a letter) or a ``\\u00XX`` escape of it (hex digits in either case)."""
    forms = {ch, ch.lower(), ch.upper()}
    out = [re.escape(f).encode() for f in sorted(forms)]
    for f in sorted(forms):
        code = f"{ord(f):02x}"
        hi, lo = code[0], code[1]
        out.append(rb"\\u00" + f"[{hi}{hi.upper()}][{lo}{lo.upper()}]".encode())
    return b"(?:" + b"|".join(out) + b")"


# "<private" as stored, each character possibly JSON-escaped ("\u003c", "\u0070"), in any
# letter case (SPEC D, rev 3: the check reads decoded strings; this is its cheap first test)
_PRIVATE = re.compile(b"".join(_stored_char(c) for c in "<private"))


def mentions_private(data: bytes) -> bool:
    """Whether the stored bytes may hold a private region (a cheap first test): the
    opener ``<`` is there as itself or as an escape (``\\u003c``, any case), else the
    pattern cannot match and is not run."""
    if b"<" not in data and b"\\u003" not in data:
        return False
    return _PRIVATE.search(data) is not None


def entries(ctx: Context, directory: str) -> Iterator[tuple[str, str, bytes]]:
    """(logical path, file name, bytes) of every file of ``directory``, alternates
    included, in the order of the file names as bytes: Python orders ``str`` by code
    point, which is the order of their UTF-8 bytes (lone surrogates included, written as
    ``surrogatepass`` does; a property test holds the two together)."""
    store = ctx.store
    prefix = directory + "/"
    out: list[tuple[str, str, bytes]] = []
    for path, data in store.files.items():
        if path.startswith(prefix):
            out.append((store.file_name(path), path, data))
    for path, alts in store.alternates.items():
        if path.startswith(prefix):
            for name, data in alts:
                out.append((name, path, data))
    out.sort(key=lambda e: e[0])
    for name, path, data in out:
        yield path, name, data


def named_id(obj: Obj) -> str:
    """The id an object's file name should encode (identities are named by agent_id)."""
    if obj.kind == "identity":
        aid = obj.get("agent_id")
        return aid if type(aid) is str else obj.stored_id
    return obj.stored_id


def hashes_to_its_id(obj: Obj) -> bool:
    """Whether this copy is the object its id names (B9): it parses and its recomputed
    id equals the id it claims (a legacy Identity, named by its agent_id: the agent_id
    derives from its key)."""
    if obj.malformed is not None:
        return False
    if obj.type == "Identity":
        jwk = obj.get("public_key")
        try:
            return type(jwk) is dict and agent_id_for(jwk) == obj.stored_id
        except ValueError:
            return False
    return obj.digest_ok


@dataclass(slots=True)
class Copy:
    """One file holding an object: where it was read and what it parsed to."""

    path: str
    name: str
    obj: Obj
    private: bool
    data: bytes
    rank: int  # 0: hashes to its id; 1: readable, does not; 2: malformed

    def better_than(self, other: Copy) -> bool:
        """A total order, so the choice depends on neither names nor listing order:
        a copy that hashes to its id first, then the smaller bytes."""
        return (self.rank, self.data) < (other.rank, other.data)


class Reader:
    """Reads one object directory into one object per id (B9, rev 3): every copy of an
    id is read; the object is the copy whose recomputed id equals the id (copies that
    hash to one id have the same signed content); a copy that does not is reported and
    never read as the object, whatever its file name or listing order.  Decided once,
    before any rule reads the objects."""

    def __init__(self, ctx: Context, directory: str, kind: str) -> None:
        self.ctx = ctx
        self.directory = directory
        self.kind = kind
        self.best: dict[str, Copy] = {}
        self.others: dict[str, list[Copy]] = {}  # id -> the copies that are not (yet) the object

    def take(self, path: str, name: str, data: bytes) -> Obj | None:
        """Parse one file; the object when this copy is (so far) the object of its id,
        else None.  A later copy may replace it: the caller keeps the last one given."""
        obj = parse_object(path, data, self.kind, strict=self.ctx.opts.reference)
        return self.take_parsed(path, name, obj, obj.malformed is None and mentions_private(data), data)

    def take_parsed(self, path: str, name: str, obj: Obj, private: bool, data: bytes) -> Obj | None:
        """:meth:`take` for an object parsed elsewhere (a worker process)."""
        rank = 0 if hashes_to_its_id(obj) else (1 if obj.malformed is None else 2)
        copy = Copy(path, name, obj, private, data, rank)
        oid = obj.stored_id
        held = self.best.get(oid)
        if held is None:
            self.best[oid] = copy
            return obj
        if copy.better_than(held):
            self.best[oid] = copy
            self.others.setdefault(oid, []).append(held)
            return obj
        self.others.setdefault(oid, []).append(copy)
        return None

    def objects(self) -> list[Obj]:
        return [c.obj for c in self.best.values()]

    def finish(self) -> None:
        """Report what the chosen copies carry and every ambiguity, once all files of
        the directory were read."""
        ctx = self.ctx
        for oid, c in self.best.items():
            if c.private:
                ctx.private.add(oid)
            self._report(c)
        prefix = self.directory + "/"
        for path, alts in ctx.store.alternates.items():
            if path.startswith(prefix):
                names = [ctx.store.file_name(path), *(n for n, _ in alts)]
                ctx.add(
                    "duplicate_object",
                    E,
                    self.kind,
                    id_from_path(path),
                    M_DUPLICATE_NAME,
                    names,
                    names=", ".join(names),
                    path=path,
                )
        for oid, others in self.others.items():
            chosen = self.best[oid]
            names = [chosen.name, *(o.name for o in others)]
            if len({chosen.path, *(o.path for o in others)}) > 1:
                ctx.add(
                    "duplicate_object",
                    E,
                    self.kind,
                    oid,
                    M_DUPLICATE_ID,
                    names,
                    kind=self.kind,
                    oid=oid,
                    names=", ".join(names),
                )
            for o in others:
                if o.obj.malformed is None and id_from_path(o.path) != named_id(o.obj):
                    self._misnamed(o)
                if o.rank == 2 and o.obj.malformed is not None:
                    m = o.obj.malformed
                    ctx.add(
                        m.code, E, self.kind, oid, M_COPY_MALFORMED, (o.name,), name=o.name, reason=m.reason
                    )
                elif o.rank == 1:
                    computed = o.obj.computed_id or "(another identity)"
                    ctx.add(
                        "digest_mismatch",
                        E,
                        self.kind,
                        oid,
                        M_COPY_DIGEST,
                        (o.name,),
                        name=o.name,
                        kind=self.kind,
                        computed=computed,
                        chosen=chosen.name if chosen.rank == 0 else "(none)",
                        expected=oid,
                        found=computed,
                    )

    def _misnamed(self, c: Copy) -> None:
        oid = c.obj.stored_id
        self.ctx.add(
            "file_name_mismatch",
            W,
            self.kind,
            oid,
            M_NAME_MISMATCH,
            (c.name,),
            name=c.name,
            kind=self.kind,
            oid=oid,
        )

    def _report(self, c: Copy) -> None:
        ctx, obj, name, oid = self.ctx, c.obj, c.name, c.obj.stored_id
        if obj.malformed is not None:
            m = obj.malformed
            if m.code == "malformed_field":
                ctx.add(
                    "malformed_field",
                    E,
                    self.kind,
                    oid,
                    M_MALFORMED,
                    name=name,
                    reason=m.reason,
                    expected=m.expected,
                    found=m.found,
                )
            else:
                ctx.add(m.code, E, self.kind, oid, M_MALFORMED, name=name, reason=m.reason)
            return
        if id_from_path(c.path) != named_id(obj):
            self._misnamed(c)
        for where, want, got in obj.field_problems:
            ctx.add(
                "malformed_field",
                E,
                self.kind,
                oid,
                M_MALFORMED_FIELD,
                expected=want,
                found=got,
                path=where,
                kind=self.kind,
                want=want,
                got=got,
            )


def read_objects(ctx: Context, directory: str, kind: str) -> list[Obj]:
    """Every object of a small directory (identities, control events, …)."""
    reader = Reader(ctx, directory, kind)
    for path, name, data in entries(ctx, directory):
        reader.take(path, name, data)
    reader.finish()
    return reader.objects()


def parse_small_objects(ctx: Context) -> None:
    """Root authority, identities, control events, migrations, stored checkpoints,
    and the files the store did not read."""
    store = ctx.store
    for stray in store.strays:
        ctx.add("stray_file", INFO, "store", "", M_STRAY, (stray.name,), name=stray.name, why=WHY[stray.why])
    for name, why in store.unreadable:
        ctx.add("unreadable", E, "store", "", M_UNREADABLE, (name,), name=name, why=why)
    for path, alts in store.alternates.items():
        if path.startswith("artifacts/"):
            names = [store.file_name(path), *(n for n, _ in alts)]
            ctx.add(
                "duplicate_object",
                E,
                "artifact",
                id_from_path(path),
                M_DUPLICATE_ARTIFACT,
                names,
                names=", ".join(names),
                path=path,
            )
    data = store.files.get("root_authority.json")
    if data is not None:
        ctx.root = parse_object("root_authority.json", data, "root_authority", strict=ctx.opts.reference)
        if ctx.root.malformed is not None:
            m = ctx.root.malformed
            ctx.add(
                m.code,
                E,
                "root_authority",
                ctx.root.stored_id,
                M_MALFORMED,
                name="root_authority.json",
                reason=m.reason,
                expected=m.expected,
                found=m.found,
            )
    ctx.identities = read_objects(ctx, "identities", "identity")
    ctx.events = read_objects(ctx, "control_events", "control_event")
    ctx.migrations = read_objects(ctx, "migrations", "migration")
    ctx.checkpoints = read_objects(ctx, "checkpoints", "checkpoint")
