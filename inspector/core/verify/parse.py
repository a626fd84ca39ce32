"""Phase 1: the files of the store become typed objects (SPEC B1, B6, B9, B10).

Every object file is read, alternates included (files whose names decode to one
logical path), in the order of their file names, so the result never depends on
the order the file system lists them in.  Two files with one logical path, or
two objects with one id, are ``duplicate_object``; an object stored under a name
that encodes another id is read under its real id (``file_name_mismatch``); a
file that is not an object (a ``.DS_Store``, a link) is ``stray_file``.  An
object that cannot be read is MALFORMED with its JSON-hygiene or shape code;
a nested value of the wrong shape is ``malformed_field`` and ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..findings import Severity, message
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
M_MALFORMED_FIELD = message("Field {path} of this {kind} has the wrong shape: expected {want}, found {got}.")

# "<private" as stored, possibly JSON-escaped ("\u003c"), in any letter case
_PRIVATE = re.compile(rb"(?:<|\\u003[cC])\s*[pP][rR][iI][vV][aA][tT][eE]")


def mentions_private(data: bytes) -> bool:
    """Whether the stored bytes may hold a private region (a cheap first test)."""
    return _PRIVATE.search(data) is not None


def _name_key(name: str) -> bytes:
    """A total order on file names, whatever they hold (lone surrogates included)."""
    return name.encode("utf-8", "surrogatepass")


def entries(ctx: Context, directory: str) -> Iterator[tuple[str, str, bytes]]:
    """(logical path, file name, bytes) of every file of ``directory``, alternates
    included, in the order of the file names (as bytes)."""
    store = ctx.store
    prefix = directory + "/"
    out: list[tuple[bytes, str, str, bytes]] = []
    for path, data in store.files.items():
        if path.startswith(prefix):
            name = store.file_name(path)
            out.append((_name_key(name), path, name, data))
    for path, alts in store.alternates.items():
        if path.startswith(prefix):
            for name, data in alts:
                out.append((_name_key(name), path, name, data))
    out.sort(key=lambda e: e[0])
    for _, path, name, data in out:
        yield path, name, data


def named_id(obj: Obj) -> str:
    """The id an object's file name should encode (identities are named by agent_id)."""
    if obj.kind == "identity":
        aid = obj.get("agent_id")
        return aid if type(aid) is str else obj.stored_id
    return obj.stored_id


class Reader:
    """Reads one object directory into unique objects, reporting what is ambiguous."""

    def __init__(self, ctx: Context, directory: str, kind: str) -> None:
        self.ctx = ctx
        self.directory = directory
        self.kind = kind
        self.first: dict[str, Obj] = {}
        self.names: dict[str, list[str]] = {}
        self.by_path: dict[str, list[str]] = {}

    def take(self, path: str, name: str, data: bytes) -> Obj | None:
        """Parse one file; the object if it is the first with its id, else None."""
        obj = parse_object(path, data, self.kind)
        return self.take_parsed(path, name, obj, obj.malformed is None and mentions_private(data))

    def take_parsed(self, path: str, name: str, obj: Obj, private: bool) -> Obj | None:
        """:meth:`take` for an object parsed elsewhere (a worker process)."""
        ctx = self.ctx
        self.by_path.setdefault(path, []).append(name)
        if private:
            ctx.private.add(obj.stored_id)
        oid = obj.stored_id
        self.names.setdefault(oid, []).append(name)
        if oid in self.first:
            return None
        self.first[oid] = obj
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
            return obj
        expected_name = named_id(obj)
        if id_from_path(path) != expected_name:
            ctx.add(
                "file_name_mismatch",
                W,
                self.kind,
                oid,
                M_NAME_MISMATCH,
                (name,),
                name=name,
                kind=self.kind,
                oid=oid,
            )
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
        return obj

    def finish(self) -> None:
        """Report every ambiguity once all files of the directory were read."""
        ctx = self.ctx
        for path, names in self.by_path.items():
            if len(names) > 1:
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
        for oid, names in self.names.items():
            if len(names) > 1 and len({self._path_of(n) for n in names}) > 1:
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

    def _path_of(self, name: str) -> str:
        for path, names in self.by_path.items():
            if name in names:
                return path
        return name


def read_objects(ctx: Context, directory: str, kind: str) -> list[Obj]:
    """Every object of a small directory (identities, control events, …)."""
    reader = Reader(ctx, directory, kind)
    out = [o for path, name, data in entries(ctx, directory) if (o := reader.take(path, name, data))]
    reader.finish()
    return out


def parse_small_objects(ctx: Context) -> None:
    """Root authority, identities, control events, migrations, stored checkpoints,
    and the files the store did not read."""
    store = ctx.store
    for stray in store.strays:
        ctx.add("stray_file", INFO, "store", "", M_STRAY, (stray.name,), name=stray.name, why=WHY[stray.why])
    data = store.files.get("root_authority.json")
    if data is not None:
        ctx.root = parse_object("root_authority.json", data, "root_authority")
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
