"""The alethech object types: parse untrusted JSON into typed, frozen objects.

Parsing never raises for bad input: an object that cannot be read gets
``malformed`` set (with the finding code and reason) and is reported with status
MALFORMED.  For every readable signed object the signable form is rebuilt the
way alethech 0.9.5 does it (fixed field list per type, defaults for missing
fields, extra fields ignored), and the fields that differ between what is stored
and what is signed are listed in ``unsigned_fields``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, cast

from .canonical import JsonError, canonical, loads_fast, loads_strict
from .findings import message
from .i18n import Phrase
from .keys import sha256_id

REQUIRED: Final = object()

# kind per type, used in findings and statuses
KIND_OF_TYPE: Final[dict[str, str]] = {
    "MemoryCommit": "commit",
    "EvidenceCommit": "evidence",
    "Checkpoint": "checkpoint",
    "RootAuthority": "root_authority",
    "IdentityRecordV2": "identity",
    "Identity": "identity",
    "ControlEvent": "control_event",
    "MigrationRecord": "migration",
}

_DEFAULT_QUORUM = {"type": "single", "threshold": 1, "members": []}


def _is_str(v: Any) -> bool:
    return type(v) is str


def _is_int(v: Any) -> bool:
    return type(v) is int


def _is_dict(v: Any) -> bool:
    return type(v) is dict


def _is_str_list(v: Any) -> bool:
    return type(v) is list and all(type(x) is str for x in v)


def _is_dict_list(v: Any) -> bool:
    return type(v) is list and all(type(x) is dict for x in v)


Check = Callable[[Any], bool]

_EXPECTED: Final[dict[Check, str]] = {
    _is_str: Phrase(message("a string")),
    _is_int: Phrase(message("an integer")),
    _is_dict: Phrase(message("an object")),
    _is_str_list: Phrase(message("a list of strings")),
    _is_dict_list: Phrase(message("a list of objects")),
}


@dataclass(frozen=True)
class Schema:
    """How alethech 0.9.5 rebuilds the signable form of one type."""

    type: str
    version: int
    id_field: str  # the id field on disk ("commit_id", or "checkpoint_id")
    fields: tuple[tuple[str, Any, Check], ...]
    signed: bool = True
    extra_signatures: tuple[str, ...] = ()


SCHEMAS: Final[dict[str, Schema]] = {
    s.type: s
    for s in (
        Schema(
            "MemoryCommit",
            1,
            "commit_id",
            (
                ("agent_id", "", _is_str),
                ("key_id", "key-001", _is_str),
                ("parents", [], _is_str_list),
                ("timestamp", REQUIRED, _is_str),
                ("session_id", "", _is_str),
                ("memory_type", "semantic", _is_str),
                ("content", {}, _is_dict),
                ("provenance", {}, _is_dict),
            ),
        ),
        Schema(
            "EvidenceCommit",
            1,
            "commit_id",
            (
                ("agent_id", "", _is_str),
                ("key_id", "key-001", _is_str),
                ("timestamp", REQUIRED, _is_str),
                ("event_type", "tool_execution", _is_str),
                ("tool", "", _is_str),
                ("tool_version", "", _is_str),
                ("input_hash", "", _is_str),
                ("output_hash", "", _is_str),
                ("artifacts", [], _is_dict_list),
                ("result", "success", _is_str),
            ),
        ),
        Schema(
            "Checkpoint",
            2,
            "checkpoint_id",
            (
                ("agent_id", "", _is_str),
                ("head_commit_id", "", _is_str),
                ("commit_count", 0, _is_int),
                ("evidence_count", 0, _is_int),
                ("sequence", 0, _is_int),
                ("key_id", "", _is_str),
                ("created_at", REQUIRED, _is_str),
            ),
        ),
        Schema(
            "RootAuthority",
            1,
            "commit_id",
            (
                ("root_id", "", _is_str),
                ("root_public_key", {}, _is_dict),
                ("created_at", REQUIRED, _is_str),
                ("recovery_quorum", _DEFAULT_QUORUM, _is_dict),
            ),
        ),
        Schema(
            "IdentityRecordV2",
            2,
            "commit_id",
            (
                ("agent_id", "", _is_str),
                ("root_id", "", _is_str),
                ("root_public_key", {}, _is_dict),
                ("active_keys", [], _is_dict_list),
                ("revoked_keys", [], _is_dict_list),
                ("created_at", REQUIRED, _is_str),
            ),
        ),
        Schema(
            "ControlEvent",
            1,
            "commit_id",
            (
                ("root_id", "", _is_str),
                ("sequence", 1, _is_int),
                ("previous_control_hash", "", _is_str),
                ("event_type", "key_grant", _is_str),
                ("key_id", "", _is_str),
                ("public_key", {}, _is_dict),
                ("old_key_id", "", _is_str),
                ("cutoff_head", "", _is_str),
                ("reason", "rotation", _is_str),
                ("timestamp", REQUIRED, _is_str),
                ("migration_record_id", "", _is_str),
            ),
        ),
        Schema(
            "MigrationRecord",
            1,
            "commit_id",
            (
                ("legacy_agent_id", "", _is_str),
                ("legacy_public_key", {}, _is_dict),
                ("new_agent_id", "", _is_str),
                ("new_root_id", "", _is_str),
                ("new_root_public_key", {}, _is_dict),
                ("migration_timestamp", REQUIRED, _is_str),
            ),
            extra_signatures=("legacy_signature",),
        ),
        Schema(
            "Identity",
            1,
            "",
            (
                ("agent_id", REQUIRED, _is_str),
                ("public_key", REQUIRED, _is_dict),
                ("key_id", "key-001", _is_str),
                ("created_at", REQUIRED, _is_str),
                ("recovery_root", "", _is_str),
            ),
            signed=False,
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Malformed:
    """Why an object cannot be read: ``code`` is a JSON hygiene code,
    ``malformed_object`` (not an object of a known type) or ``malformed_field``
    (a field of the wrong shape; ``path`` names it, e.g. ``parents[0]``)."""

    code: str
    reason: str
    path: str = ""
    expected: str | None = None
    found: str | None = None


_SLOTS: Final = (
    "path",
    "kind",
    "type",
    "stored_id",
    "_fields",
    "_raw",
    "computed_id",
    "sign_bytes",
    "signature",
    "extra_signatures",
    "unsigned_fields",
    "malformed",
    "field_problems",
    "fast",
    "_source",
)


class Obj:
    """One parsed object of the store (immutable).

    ``fields`` is the signable form (what the signature covers, ``type`` and
    ``version`` included); ``raw`` is the JSON object as stored.  For a
    malformed object only ``path``, ``kind``, ``stored_id`` and ``malformed``
    are meaningful.

    An object the verifier's worker processes read arrives *light* (``source`` given):
    ``fields`` without what no rule reads (a plain memory's ``content``), no ``raw``, no
    signing bytes.  The first access to what it lacks parses ``source`` — the stored
    bytes, which the store holds anyway — and fills it all in (the parse is the one
    the object was first read with, so the result is the same), so every consumer sees
    the complete object; the verifier's rules never need to.
    """

    __slots__ = _SLOTS

    path: str
    kind: str
    type: str
    stored_id: str
    computed_id: str
    sign_bytes: bytes
    signature: str
    extra_signatures: dict[str, str]
    unsigned_fields: tuple[str, ...]
    malformed: Malformed | None
    # nested values of the wrong shape that the rules ignore (path, expected, found)
    field_problems: tuple[tuple[str, str, str], ...]
    # parsed with fast_ok: canonical() may take its trusted path on parts
    fast: bool
    _fields: dict[str, Any]
    _raw: dict[str, Any] | None
    _source: bytes | None

    def __init__(
        self,
        path: str,
        kind: str,
        type: str,
        stored_id: str,
        fields: dict[str, Any],
        raw: dict[str, Any] | None,
        computed_id: str = "",
        sign_bytes: bytes = b"",
        signature: str = "",
        extra_signatures: dict[str, str] | None = None,
        unsigned_fields: tuple[str, ...] = (),
        malformed: Malformed | None = None,
        field_problems: tuple[tuple[str, str, str], ...] = (),
        fast: bool = False,
        *,
        source: bytes | None = None,
    ) -> None:
        # filled as its mutable twin (plain slot stores, six times faster than
        # object.__setattr__ one by one: the verifier builds one per stored object)
        cls = self.__class__  # (the parameter "type" hides the builtin)
        object.__setattr__(self, "__class__", _Filling)
        me: Any = self  # (the slots and their types are Obj's)
        me.path, me.kind, me.type, me.stored_id = path, kind, type, stored_id
        me._fields, me._raw, me.computed_id, me.sign_bytes = fields, raw, computed_id, sign_bytes
        me.signature = signature
        me.extra_signatures = {} if extra_signatures is None else extra_signatures
        me.unsigned_fields, me.malformed, me.field_problems = unsigned_fields, malformed, field_problems
        me.fast, me._source = fast, source
        me.__class__ = cls

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Obj is immutable (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Obj is immutable (cannot delete {name})")

    # ---- the lazy parts -------------------------------------------------------------
    @property
    def light(self) -> bool:
        """Whether parts of this object are still to be read from its stored bytes."""
        return self._source is not None

    def _load(self) -> None:
        source = self._source
        if source is None:
            return
        full = parse_object(self.path, source, self.kind)
        object.__setattr__(self, "_fields", full._fields)
        object.__setattr__(self, "_raw", full._raw)
        if not self.sign_bytes:
            object.__setattr__(self, "sign_bytes", full.sign_bytes)
        object.__setattr__(self, "_source", None)

    @property
    def fields(self) -> dict[str, Any]:
        if self._source is not None:
            self._load()
        return self._fields

    @property
    def raw(self) -> dict[str, Any] | None:
        if self._source is not None:
            self._load()
        return self._raw

    def loaded(self) -> Obj:
        """This object with nothing left to read (itself, filled in)."""
        self._load()
        return self

    def _state(self) -> tuple[Any, ...]:
        self._load()
        return tuple(getattr(self, name) for name in _SLOTS[:-1])

    def replace(self, **changes: Any) -> Obj:
        """A copy with ``changes`` (keyword names as in the constructor)."""
        self._load()
        values = {name.lstrip("_"): getattr(self, name) for name in _SLOTS[:-1]}
        values.update(changes)
        return Obj(**values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Obj):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # holds dicts, like the dataclass it was

    def __repr__(self) -> str:
        return (
            f"Obj(path={self.path!r}, kind={self.kind!r}, type={self.type!r}, stored_id={self.stored_id!r})"
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_rebuild, tuple(object.__getattribute__(self, name) for name in _SLOTS))

    # ---- accessors ----------------------------------------------------------------------
    def get(self, name: str, default: Any = None) -> Any:
        f = self._fields
        if name in f or self._source is None:
            return f.get(name, default)
        return self.fields.get(name, default)

    @property
    def digest_ok(self) -> bool:
        return self.malformed is None and self.computed_id == self.stored_id

    # convenience accessors used across the verifier and the views
    # (each field was checked against its schema when the object was built)
    @property
    def parents(self) -> list[str]:
        return cast("list[str]", self.get("parents", []))

    @property
    def agent_id(self) -> str:
        return cast(str, self.get("agent_id", ""))

    @property
    def key_id(self) -> str:
        return cast(str, self.get("key_id", ""))

    @property
    def content(self) -> dict[str, Any]:
        return cast("dict[str, Any]", self.get("content", {}))

    @property
    def has_mutmem(self) -> bool:
        """Whether the content holds a ``mutmem`` member (a MutMem record), without
        reading a plain memory's content (a light object leaves it out only when it
        has none)."""
        if self.type != "MemoryCommit" or self.malformed is not None:
            return False
        content = self._fields.get("content")
        if content is None:
            return False if self._source is not None else "mutmem" in self.content
        return type(content) is dict and "mutmem" in content

    @property
    def provenance(self) -> dict[str, Any]:
        return cast("dict[str, Any]", self.get("provenance", {}))

    @property
    def evidence_refs(self) -> list[str]:
        refs = self.provenance.get("evidence_refs", [])
        return [r for r in refs if type(r) is str] if type(refs) is list else []


class _Filling:
    """:class:`Obj`'s layout without its immutability, for the moment it is filled in."""

    __slots__ = _SLOTS


def _rebuild(*values: Any) -> Obj:
    obj = Obj.__new__(Obj)
    for name, value in zip(_SLOTS, values, strict=True):
        object.__setattr__(obj, name, value)
    return obj


def _malformed(
    path: str,
    kind: str,
    stored_id: str,
    code: str,
    reason: str,
    raw: dict[str, Any] | None = None,
    type_: str = "",
    *,
    field_path: str = "",
    expected: str | None = None,
    found: str | None = None,
) -> Obj:
    return Obj(
        path=path,
        kind=kind,
        type=type_,
        stored_id=stored_id,
        fields={},
        raw=raw,
        malformed=Malformed(code, reason, field_path, expected, found),
    )


_TYPE_NAMES = {
    str: Phrase(message("a string")),
    int: Phrase(message("an integer")),
    float: Phrase(message("a number")),
    bool: Phrase(message("true or false")),
    list: Phrase(message("a list")),
    dict: Phrase(message("an object")),
    type(None): Phrase(message("null")),
}


def type_name(value: Any) -> str:
    """``value``'s JSON type in words ("a string", "a list", …; translatable phrases)."""
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def bad_string_path(value: Any, path: str = "") -> str | None:
    """The path of the first string (or object key) in ``value`` that is not valid
    Unicode (a lone surrogate), or None.  Iterative: depth is bounded by the parser."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        v, here = stack.pop()
        t = type(v)
        if t is str:
            if not v.isascii():
                try:
                    v.encode("utf-8")
                except UnicodeEncodeError:
                    return here or "(value)"
        elif t is dict:
            for k, x in v.items():
                sub = f"{here}.{k}" if here else str(k)
                if type(k) is str and not k.isascii():
                    try:
                        k.encode("utf-8")
                    except UnicodeEncodeError:
                        return (here + "." if here else "") + k.encode("utf-8", "backslashreplace").decode()
                stack.append((x, sub))
        elif t is list:
            stack.extend((x, f"{here}[{i}]") for i, x in enumerate(v))
    return None


def id_from_path(path: str) -> str:
    """The id a logical payload path names (``commits/sha256:…json`` → ``sha256:…``)."""
    name = path.rsplit("/", 1)[-1]
    return name[:-5] if name.endswith(".json") else name


def parse_object(path: str, data: bytes, expected_kind: str, *, strict: bool = False) -> Obj:
    """Parse one stored object file.  Never raises.  ``strict``: through the strict
    parser alone (the reference the fast path is held to; the result is the same)."""
    fallback_id = id_from_path(path)
    try:
        raw, fast = loads_strict(data) if strict else loads_fast(data)
    except JsonError as exc:
        return _malformed(path, expected_kind, fallback_id, exc.code, str(exc))
    if type(raw) is not dict:
        return _malformed(
            path,
            expected_kind,
            fallback_id,
            "malformed_object",
            f"expected a JSON object, found {type(raw).__name__}",
        )
    return build_object(path, raw, expected_kind, fast=fast)


def build_object(path: str, raw: dict[str, Any], expected_kind: str, *, fast: bool = False) -> Obj:
    """Build the typed object from an already-parsed JSON object."""
    type_ = raw.get("type")
    schema = SCHEMAS.get(type_) if type(type_) is str else None
    stored_id_raw = raw.get(schema.id_field if schema and schema.id_field else "commit_id")
    if schema is not None and schema.type == "Checkpoint" and "checkpoint_id" not in raw:
        stored_id_raw = raw.get("commit_id")
    if schema is not None and not schema.signed:
        stored_id_raw = raw.get("agent_id")
    stored_id = stored_id_raw if type(stored_id_raw) is str else id_from_path(path)
    if schema is None:
        return _malformed(
            path, expected_kind, stored_id, "malformed_object", f"unknown object type {type_!r}", raw
        )
    kind = KIND_OF_TYPE[schema.type]
    if kind != expected_kind:
        return _malformed(
            path,
            expected_kind,
            stored_id,
            "malformed_object",
            f"a {schema.type} stored where a {expected_kind} belongs",
            raw,
            schema.type,
        )

    fields: dict[str, Any] = {"type": schema.type, "version": schema.version}
    unsigned: list[str] = []
    for name, default, check in schema.fields:
        if name in raw:
            value = raw[name]
            if not check(value):
                expected = _EXPECTED[check]
                return _malformed(
                    path,
                    kind,
                    stored_id,
                    "malformed_field",
                    f"field {name} should be {expected}, found {type_name(value)}",
                    raw,
                    schema.type,
                    field_path=name,
                    expected=expected,
                    found=type_name(value),
                )
        elif default is REQUIRED:
            return _malformed(
                path,
                kind,
                stored_id,
                "malformed_field",
                f"required field {name} is missing",
                raw,
                schema.type,
                field_path=name,
                expected=f"a field {name}",
                found="no such field",
            )
        else:
            value = default
            unsigned.append(name)
        fields[name] = value
    if raw.get("version", schema.version) != schema.version:
        unsigned.append("version")
    known = _KNOWN[schema.type]
    if len(raw) > len(fields) + 1 or any(k not in known for k in raw):
        unsigned.extend(sorted(k for k in raw if k not in known))

    if not schema.signed:
        where = bad_string_path(fields)
        if where is not None:
            return _malformed(
                path,
                kind,
                stored_id,
                "malformed_field",
                f"field {where} holds a string that is not valid Unicode (a lone surrogate)",
                raw,
                schema.type,
                field_path=where,
                expected="valid Unicode text",
                found="a lone surrogate",
            )
        return Obj(
            path=path,
            kind=kind,
            type=schema.type,
            stored_id=stored_id,
            fields=fields,
            raw=raw,
            unsigned_fields=tuple(unsigned),
        )

    if type(stored_id_raw) is not str or not stored_id_raw:
        return _malformed(
            path, kind, stored_id, "malformed_object", f"missing {schema.id_field}", raw, schema.type
        )
    signature = raw.get("signature", "")
    if type(signature) is not str:
        return _malformed(
            path,
            kind,
            stored_id,
            "malformed_field",
            f"field signature should be a string, found {type_name(signature)}",
            raw,
            schema.type,
            field_path="signature",
            expected="a string",
            found=type_name(signature),
        )
    extra = {}
    for name in schema.extra_signatures:
        v = raw.get(name, "")
        if type(v) is not str:
            return _malformed(
                path, kind, stored_id, "malformed_object", f"{name} is not a string", raw, schema.type
            )
        extra[name] = v
    try:
        id_bytes, sign_bytes = _signing_bytes(fields, stored_id_raw, fast)
    except JsonError as exc:
        where = bad_string_path(fields)
        if where is None:
            return _malformed(path, kind, stored_id, exc.code, str(exc), raw, schema.type)
        return _malformed(
            path,
            kind,
            stored_id,
            "malformed_field",
            f"field {where} holds a string that is not valid Unicode (a lone surrogate), so the "
            "object has no canonical bytes to verify",
            raw,
            schema.type,
            field_path=where,
            expected="valid Unicode text",
            found="a lone surrogate",
        )
    return Obj(
        path=path,
        kind=kind,
        type=schema.type,
        stored_id=stored_id_raw,
        fields=fields,
        raw=raw,
        computed_id=sha256_id(id_bytes),
        sign_bytes=sign_bytes,
        signature=signature,
        extra_signatures=extra,
        unsigned_fields=tuple(unsigned),
        field_problems=_nested_problems(schema.type, fields),
        fast=fast,
    )


_NO_FIELD = Phrase(message("no such field"))


def _entry_problems(
    entries: list[dict[str, Any]], where: str, spec: tuple[tuple[str, Check, bool], ...]
) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for i, entry in enumerate(entries):
        for name, check, required in spec:
            if name not in entry:
                if required:
                    out.append((f"{where}[{i}].{name}", _EXPECTED[check], _NO_FIELD))
            elif not check(entry[name]):
                out.append((f"{where}[{i}].{name}", _EXPECTED[check], type_name(entry[name])))
    return out


def _is_size(v: Any) -> bool:
    return type(v) is int and v >= 0


_EXPECTED[_is_size] = Phrase(message("a non-negative integer"))

_ARTIFACT = (("name", _is_str, True), ("hash", _is_str, True), ("size", _is_size, False))
_ACTIVE = (("key_id", _is_str, True), ("public_key", _is_dict, True))
_REVOKED = (("key_id", _is_str, True), ("public_key", _is_dict, True), ("cutoff_head", _is_str, False))


def _nested_problems(type_: str, fields: dict[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """Nested values the rules read, of the wrong shape: (path, expected, found).
    The rules ignore such a value (an evidence ref that is not a string is no
    reference); the verifier reports each as ``malformed_field``."""
    out: list[tuple[str, str, str]] = []
    if type_ == "MemoryCommit":
        refs = fields["provenance"].get("evidence_refs")
        if refs is not None and not _is_str_list(refs):
            out.append(("provenance.evidence_refs", _EXPECTED[_is_str_list], type_name(refs)))
    elif type_ == "EvidenceCommit":
        out += _entry_problems(fields["artifacts"], "artifacts", _ARTIFACT)
    elif type_ == "IdentityRecordV2":
        out += _entry_problems(fields["active_keys"], "active_keys", _ACTIVE)
        out += _entry_problems(fields["revoked_keys"], "revoked_keys", _REVOKED)
    elif type_ == "Checkpoint":
        for name in ("commit_count", "evidence_count", "sequence"):
            if fields[name] < 0:
                out.append((name, _EXPECTED[_is_size], str(fields[name])))
    return tuple(out)


_KNOWN: Final[dict[str, frozenset[str]]] = {
    s.type: frozenset(
        {"type", "version", "signature", s.id_field, *s.extra_signatures, *(n for n, _, _ in s.fields)}
        | ({"commit_id"} if s.type == "Checkpoint" else set())
    )
    for s in SCHEMAS.values()
}


def _signing_bytes(fields: dict[str, Any], oid: str, fast: bool) -> tuple[bytes, bytes]:
    """(JCS(signable), JCS(signable + {"commit_id": oid})) with one full encode.

    The signing form differs from the id form only by the top-level member
    ``"commit_id"``; its position is right after the members whose keys sort
    before "commit_id" (all top-level keys are ASCII), so the id form is the
    signing form with that member cut out.
    """
    fields["commit_id"] = oid
    try:
        sign = canonical(fields, trusted=fast)
    finally:
        del fields["commit_id"]
    before = {k: v for k, v in fields.items() if k < "commit_id"}
    member = b'"commit_id":' + canonical(oid, trusted=True)
    if before:
        cut = len(canonical(before, trusted=fast)) - 1  # where ',"commit_id":…' starts
        piece = b"," + member
    else:
        cut, piece = 1, member + (b"," if len(fields) else b"")
    if sign[cut : cut + len(piece)] != piece:  # cannot happen for JCS output; stay exact anyway
        return canonical(fields, trusted=fast), sign
    return sign[:cut] + sign[cut + len(piece) :], sign


def signing_bytes_of(obj: Obj) -> bytes:
    """The bytes the signature covers (recomputed when an object was shipped
    without them)."""
    if obj.sign_bytes or obj.malformed is not None or not obj.computed_id:
        return obj.sign_bytes
    return canonical({**obj.fields, "commit_id": obj.stored_id})
