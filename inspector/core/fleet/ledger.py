"""The fleet ledger: what a fleet audit remembers from one night to the next.

``audit --ledger PATH`` (or ``ledger = …`` in the credentials rules) keeps, per file
*identity* (its path relative to the audited folder, or the ``id`` its rule gives), the
**high-water mark** of what was ever seen verified (:class:`~.history.Mark`: HEAD, commit
and evidence counts, the first commit, the key eras, the control chain's tip, the newest
stored checkpoint's sequence), the last reading, and the **alarms**:

* a rollback, a fork or a replaced memory (compared with the mark, on the worker) opens
  an alarm that stays open, and counts in the exit code, every night until an operator
  acknowledges it (``audit ack FILE --reason …``, recorded with who and when); the mark
  only rises on a reading that passes and continues it;
* a file the ledger knows that is not found opens a ``gone`` alarm; it closes when the
  file is back (its history is then compared with the mark) or when acknowledged (the
  file is then retired: no longer expected);
* a night without a reading (unopenable, no verdict, not checked) changes nothing;
* growth, key rotation, re-key and reseal are appends or the same history: never alarms.

Storage is SQLite (the standard library's :mod:`sqlite3`): WAL journal, one transaction
per run (a run killed before its end leaves the ledger as it was), the schema versioned
in ``PRAGMA user_version`` and migrated step by step (:data:`MIGRATIONS`); a ledger
written by a newer inspector, or a file that is not a ledger, is refused before any work.
"""

from __future__ import annotations

import getpass
import json
import os
import socket
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..codes import audit as C
from ..errors import InspectorError
from ..findings import Finding, Severity, make_finding
from ..i18n import Phrase
from .history import HistoryChange, Mark

SCHEMA_VERSION = 2
APPLICATION_ID = 0x414C4631  # "ALF1": this SQLite file is an aleth-inspector fleet ledger
ALARM_KINDS = {"rolled_back": "rollback", "rewritten": "fork", "replaced": "replaced"}
KIND_CODES = {
    "rollback": "ledger_rollback",
    "fork": "ledger_fork",
    "replaced": "ledger_replaced",
    "gone": "ledger_gone",
}
MAX_REASON = 2000
BUSY_TIMEOUT_S = 30.0

# MIGRATIONS[n] takes a ledger from schema n to n + 1 (0: an empty file).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            tool_version TEXT NOT NULL,
            inputs TEXT NOT NULL,
            state TEXT NOT NULL,
            files INTEGER NOT NULL,
            exit_code INTEGER NOT NULL)""",
        """CREATE TABLE files (
            identity TEXT PRIMARY KEY,
            location TEXT NOT NULL,
            kind TEXT NOT NULL,
            state TEXT NOT NULL,
            first_run INTEGER NOT NULL,
            last_seen_run INTEGER NOT NULL,
            last_seen_at TEXT NOT NULL,
            mark TEXT,
            mark_run INTEGER,
            reading TEXT,
            reading_run INTEGER)""",
        """CREATE TABLE alarms (
            id INTEGER PRIMARY KEY,
            identity TEXT NOT NULL,
            kind TEXT NOT NULL,
            findings TEXT NOT NULL,
            opened_run INTEGER NOT NULL,
            opened_at TEXT NOT NULL,
            last_run INTEGER NOT NULL,
            closed_at TEXT,
            closed_how TEXT)""",
        "CREATE INDEX alarms_open ON alarms (identity) WHERE closed_at IS NULL",
    ),
    (  # acknowledgements in a table of their own: who, when, why, for several alarms at once
        """CREATE TABLE acknowledgements (
            id INTEGER PRIMARY KEY,
            identity TEXT NOT NULL,
            at TEXT NOT NULL,
            by TEXT NOT NULL,
            reason TEXT NOT NULL)""",
        "ALTER TABLE alarms ADD COLUMN ack_id INTEGER REFERENCES acknowledgements (id)",
    ),
)
assert len(MIGRATIONS) == SCHEMA_VERSION


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _invalid(path: str, message: str, **kw: Any) -> InspectorError:
    return InspectorError("ledger_invalid", f"{path}: {message}", **kw)


# ---------------------------------------------------------------------------- findings as JSON


def _param(value: Any) -> Any:
    if isinstance(value, Phrase):
        return {"phrase": value.template, "params": [[k, _param(v)] for k, v in value.params]}
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def _unparam(value: Any) -> Any:
    if isinstance(value, dict) and isinstance(value.get("phrase"), str):
        return Phrase(value["phrase"], **{str(k): _unparam(v) for k, v in value.get("params", [])})
    return value


def finding_to_doc(f: Finding) -> dict[str, Any]:
    """A finding as the ledger stores it (its template and parameters kept, so it can be
    shown again in any language)."""
    return {
        **f.to_json(),
        "template": f.template,
        "params": [[k, _param(v)] for k, v in f.params],
    }


def finding_from_doc(doc: dict[str, Any]) -> Finding:
    return Finding(
        str(doc["code"]),
        Severity(doc["severity"]),
        str(doc.get("object_kind", "")),
        str(doc.get("object_id", "")),
        str(doc.get("message", "")),
        tuple(str(r) for r in doc.get("related", [])),
        doc.get("expected"),
        doc.get("found"),
        doc.get("likely_cause"),
        str(doc.get("template", "")),
        tuple((str(k), _unparam(v)) for k, v in doc.get("params", [])),
    )


# ---------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Acknowledgement:
    id: int
    identity: str
    at: str
    by: str
    reason: str
    alarms: tuple[str, ...] = ()  # the kinds of the alarms it closed

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "identity": self.identity,
            "at": self.at,
            "by": self.by,
            "reason": self.reason,
            "alarms": list(self.alarms),
        }


@dataclass
class Alarm:
    """An open (or, in an acknowledgement, closed) alarm of one file."""

    identity: str
    kind: str  # rollback, fork, replaced, gone
    findings: list[Finding]
    opened_at: str
    opened_run: int | None  # None: opened by this run (not yet recorded)
    id: int | None = None
    new: bool = False  # opened tonight

    @property
    def code(self) -> str:
        return KIND_CODES[self.kind]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "identity": self.identity,
            "kind": self.kind,
            "code": self.code,
            "opened_at": self.opened_at,
            "opened_run": self.opened_run,
            "new": self.new,
            "findings": [f.to_json() for f in self.findings],
        }


@dataclass
class FileState:
    identity: str
    location: str
    kind: str
    state: str  # present, gone, retired
    first_run: int
    last_seen_run: int
    last_seen_at: str
    mark: Mark | None
    mark_run: int | None
    reading: Mark | None
    reading_run: int | None


@dataclass(frozen=True)
class Presence:
    location: str
    state: str  # present, gone, retired
    last_seen_at: str


@dataclass(frozen=True)
class Seen:
    """One file of tonight's audit, as the ledger needs it."""

    identity: str
    location: str
    kind: str
    reading: Mark | None = None  # None: no history was read tonight
    change: HistoryChange | None = None  # the comparison with the mark (on the worker)


@dataclass
class Night:
    """What a run means for the ledger (:meth:`Ledger.evaluate`), recorded in one
    transaction by :meth:`Ledger.record`."""

    started_at: str
    alarms: dict[str, list[Alarm]] = field(default_factory=dict)  # identity -> open alarms after tonight
    gone: list[str] = field(default_factory=list)  # identities not found tonight (not retired)
    raised: dict[str, Mark] = field(default_factory=dict)  # identity -> the new mark
    readings: dict[str, Mark] = field(default_factory=dict)
    returned: list[str] = field(default_factory=list)  # gone before, back tonight
    seen: list[Seen] = field(default_factory=list)
    acknowledged: list[Acknowledgement] = field(default_factory=list)  # since the last run
    snapshot: dict[str, int | None] = field(default_factory=dict)  # mark_run when planned
    run: int | None = None  # the run's number once recorded

    def open_alarms(self) -> list[Alarm]:
        return [a for alarms in self.alarms.values() for a in alarms]

    def to_json(self, path: str) -> dict[str, Any]:
        return {
            "path": path,
            "run": self.run,
            "alarms": [a.to_json() for a in sorted(self.open_alarms(), key=lambda a: (a.identity, a.kind))],
            "gone": sorted(self.gone),
            "marks_raised": len(self.raised),
            "acknowledged": [a.to_json() for a in self.acknowledged],
        }


# ---------------------------------------------------------------------------- the ledger


def ledger_path(spec: str) -> str:
    """The file of a ledger given as a path, ``sqlite:///ABS/PATH``, ``sqlite:REL`` or
    ``file:///ABS/PATH``.  Raises :class:`InspectorError` (``ledger_invalid``) for another
    kind of URL (the ledger is a local SQLite file)."""
    for scheme in ("sqlite:", "file:"):
        if spec.startswith(scheme + "///"):
            from urllib.parse import unquote

            return unquote(spec[len(scheme) + 2 :])
        if spec.startswith(scheme + "//"):
            raise _invalid(spec, f"a {scheme} URL names a local file: {scheme}///absolute/path")
        if spec.startswith(scheme):
            return spec[len(scheme) :]
    if "://" in spec:
        scheme = spec.split("://", 1)[0]
        raise _invalid(
            spec,
            f"the ledger is a local SQLite file, not a {scheme}:// URL",
            expected="a file name or sqlite:///PATH",
            found=f"{scheme}://",
        )
    return spec


class Ledger:
    """An open fleet ledger (see the module docstring).  ``Ledger.open(spec)`` checks
    and migrates it; ``readonly=True`` never writes (the desktop window shows the
    alarms a run would raise without recording them)."""

    def __init__(self, path: str, conn: sqlite3.Connection, readonly: bool) -> None:
        self.path = path
        self.conn = conn
        self.readonly = readonly

    # ---- opening -------------------------------------------------------------------
    @classmethod
    def open(cls, spec: str, *, readonly: bool = False) -> Ledger:
        path = ledger_path(spec)
        p = Path(path)
        if p.is_dir():
            raise _invalid(path, "is a directory; name a file for the ledger")
        if readonly and not p.exists():
            raise _invalid(path, "does not exist", expected="an existing ledger")
        if not p.exists():
            parent = p.parent if str(p.parent) else Path(".")
            if not parent.is_dir():
                raise _invalid(path, f"the folder {parent} does not exist")
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                os.close(fd)
            except FileExistsError:
                pass
            except OSError as exc:
                raise _invalid(path, f"cannot create it: {exc.strerror}") from exc
        try:
            if readonly:
                conn = sqlite3.connect(
                    f"{p.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None
                )
            else:
                conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        except sqlite3.Error as exc:
            raise _invalid(path, f"cannot open it: {exc}") from exc
        conn.row_factory = sqlite3.Row
        ledger = cls(path, conn, readonly)
        try:
            ledger._prepare()
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise _invalid(
                path,
                f"is not a readable SQLite ledger: {exc}",
                likely_cause="another file was named, or the ledger is damaged (restore it from a backup)",
            ) from exc
        except InspectorError:
            conn.close()
            raise
        return ledger

    def _prepare(self) -> None:
        c = self.conn
        app = c.execute("PRAGMA application_id").fetchone()[0]
        version = c.execute("PRAGMA user_version").fetchone()[0]
        tables = c.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app != APPLICATION_ID and (tables or version):
            raise _invalid(
                self.path,
                "is a SQLite database but not a fleet ledger",
                expected=f"application_id {APPLICATION_ID:#x}",
                found=f"application_id {app:#x}, {tables} schema objects",
                likely_cause="another database was named",
            )
        if version > SCHEMA_VERSION:
            raise _invalid(
                self.path,
                f"was written by a newer aleth-inspector (ledger schema {version}; this one knows up to "
                f"{SCHEMA_VERSION})",
                likely_cause="upgrade aleth-inspector",
            )
        if self.readonly:
            if version < SCHEMA_VERSION:
                raise _invalid(
                    self.path, f"has the old schema {version}: open it once with the audit to migrate it"
                )
            return
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("PRAGMA synchronous=FULL")
        c.execute("PRAGMA foreign_keys=ON")
        if version < SCHEMA_VERSION:
            self.migrate(SCHEMA_VERSION)
        ok = c.execute("PRAGMA quick_check").fetchone()[0]
        if ok != "ok":
            raise _invalid(self.path, f"is damaged: {ok}", likely_cause="restore the ledger from a backup")

    def migrate(self, to: int) -> None:
        """Take the ledger from its schema to ``to``, one step after the other, in one
        transaction (a failure leaves it as it was)."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            version = c.execute("PRAGMA user_version").fetchone()[0]
            for step in range(version, to):
                for statement in MIGRATIONS[step]:
                    c.execute(statement)
            c.execute(f"PRAGMA application_id={APPLICATION_ID}")
            c.execute(f"PRAGMA user_version={int(to)}")
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- reading -------------------------------------------------------------------
    def state(self, identity: str) -> FileState | None:
        row = self.conn.execute("SELECT * FROM files WHERE identity = ?", (identity,)).fetchone()
        return None if row is None else self._state(row)

    def states(self) -> dict[str, FileState]:
        return {s.identity: s for s in (self._state(r) for r in self.conn.execute("SELECT * FROM files"))}

    def presence(self) -> dict[str, Presence]:
        """Where and how each file was last seen (no mark parsed: what a night needs)."""
        rows = self.conn.execute("SELECT identity, location, state, last_seen_at FROM files")
        return {r[0]: Presence(r[1], r[2], r[3]) for r in rows}

    def _state(self, r: sqlite3.Row) -> FileState:
        return FileState(
            r["identity"],
            r["location"],
            r["kind"],
            r["state"],
            r["first_run"],
            r["last_seen_run"],
            r["last_seen_at"],
            self._mark(r["mark"]),
            r["mark_run"],
            self._mark(r["reading"]),
            r["reading_run"],
        )

    def _mark(self, text: str | None) -> Mark | None:
        if text is None:
            return None
        try:
            return Mark.from_json(json.loads(text))
        except (ValueError, TypeError) as exc:
            raise _invalid(self.path, f"holds a damaged mark: {exc}") from exc

    def marks(self) -> dict[str, tuple[Mark | None, int | None]]:
        """identity -> (high-water mark, the run that set it)."""
        return {
            identity: (self._mark(mark), run)
            for identity, mark, run in self.conn.execute("SELECT identity, mark, mark_run FROM files")
        }

    def open_alarms(self) -> list[Alarm]:
        rows = self.conn.execute(
            "SELECT id, identity, kind, findings, opened_run, opened_at FROM alarms "
            "WHERE closed_at IS NULL ORDER BY identity, id"
        )
        return [self._alarm(*row) for row in rows]

    def _alarm(self, id_: int, identity: str, kind: str, findings: str, run: int, at: str) -> Alarm:
        try:
            docs = json.loads(findings)
            items = [finding_from_doc(d) for d in docs]
        except (ValueError, KeyError, TypeError) as exc:
            raise _invalid(self.path, f"holds a damaged alarm ({id_}): {exc}") from exc
        if kind not in KIND_CODES:
            raise _invalid(self.path, f"holds an alarm of unknown kind {kind[:40]!r}")
        return Alarm(identity, kind, items, at, run, id_)

    def acknowledgements(self, since: str | None = None, limit: int = 50) -> list[Acknowledgement]:
        """The latest acknowledgements (those made after ``since``, an ISO time), newest first."""
        rows = self.conn.execute(
            "SELECT id, identity, at, by, reason FROM acknowledgements WHERE ? IS NULL OR at > ? "
            "ORDER BY id DESC LIMIT ?",
            (since, since, limit),
        ).fetchall()
        out = []
        for id_, identity, at, by, reason in rows:
            kinds = tuple(
                k
                for (k,) in self.conn.execute("SELECT kind FROM alarms WHERE ack_id = ? ORDER BY id", (id_,))
            )
            out.append(Acknowledgement(id_, identity, at, by, reason, kinds))
        return out

    def last_run(self) -> tuple[int, str] | None:
        row = self.conn.execute("SELECT id, started_at FROM runs ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    # ---- one night -----------------------------------------------------------------
    def evaluate(self, started_at: str, seen: Sequence[Seen], snapshot: dict[str, int | None]) -> Night:
        """What tonight's results mean (nothing is written): the alarms open after
        tonight (new and still open), the marks raised, the files gone."""
        night = Night(started_at, seen=list(seen), snapshot=dict(snapshot))
        states = self.presence()
        for a in self.open_alarms():
            night.alarms.setdefault(a.identity, []).append(a)
        here = {s.identity for s in seen}
        for s in seen:
            st = states.get(s.identity)
            alarms = night.alarms.setdefault(s.identity, [])
            if st is not None and st.state == "gone":
                night.returned.append(s.identity)
                alarms[:] = [a for a in alarms if a.kind != "gone"]
            if s.reading is None:
                continue  # a night without a reading changes nothing
            night.readings[s.identity] = s.reading
            kind = ALARM_KINDS.get(s.change.status) if s.change is not None else None
            if kind is not None:
                assert s.change is not None
                current = next((a for a in alarms if a.kind == kind), None)
                if current is None:
                    alarms.append(
                        Alarm(s.identity, kind, list(s.change.findings), started_at, None, new=True)
                    )
                else:
                    current.findings = list(s.change.findings)  # tonight's details
            elif s.reading.verdict == "pass":  # it continues the mark (or is the first): raise it
                night.raised[s.identity] = s.reading
        for identity, st in states.items():
            if identity in here or st.state == "retired":
                continue
            night.gone.append(identity)
            alarms = night.alarms.setdefault(identity, [])
            if not any(a.kind == "gone" for a in alarms):
                finding = make_finding(
                    "ledger_gone",
                    Severity.ERROR,
                    "store",
                    identity,
                    C.GONE,
                    expected=f"{identity} at {st.location}",
                    found="not found under the audited paths",
                    identity=identity,
                    last_seen=st.last_seen_at,
                )
                alarms.append(Alarm(identity, "gone", [finding], started_at, None, new=True))
        night.alarms = {k: v for k, v in night.alarms.items() if v}
        last = self.last_run()
        night.acknowledged = self.acknowledgements(since=last[1] if last else None)
        return night

    def record(
        self,
        night: Night,
        *,
        inputs: Sequence[str],
        state: str,
        files: int,
        exit_code: int,
        tool_version: str,
    ) -> int:
        """Write ``night`` in one transaction; returns the run's number.  A mark another
        run changed since this one was planned is left as that run set it."""
        if self.readonly:
            raise _invalid(self.path, "was opened read-only")
        c = self.conn
        now = _now()
        c.execute("BEGIN IMMEDIATE")
        try:
            cur = c.execute(
                "INSERT INTO runs (started_at, finished_at, tool_version, inputs, state, files, exit_code) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (night.started_at, now, tool_version, json.dumps(list(inputs)), state, files, exit_code),
            )
            run = int(cur.lastrowid or 0)
            self._record_files(night, run)
            self._record_alarms(night, run, now)
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise
        night.run = run
        return run

    def _record_files(self, night: Night, run: int) -> None:
        c = self.conn
        for s in night.seen:
            c.execute(
                "INSERT INTO files (identity, location, kind, state, first_run, last_seen_run, last_seen_at) "
                "VALUES (?, ?, ?, 'present', ?, ?, ?) ON CONFLICT (identity) DO UPDATE SET "
                "location = excluded.location, kind = excluded.kind, state = 'present', "
                "last_seen_run = excluded.last_seen_run, last_seen_at = excluded.last_seen_at",
                (s.identity, s.location, s.kind, run, run, night.started_at),
            )
            reading = night.readings.get(s.identity)
            if reading is not None:
                c.execute(
                    "UPDATE files SET reading = ?, reading_run = ? WHERE identity = ?",
                    (json.dumps(reading.to_json()), run, s.identity),
                )
            mark = night.raised.get(s.identity)
            if mark is not None:  # compare-and-set: a mark another run raised meanwhile stays
                c.execute(
                    "UPDATE files SET mark = ?, mark_run = ? WHERE identity = ? AND mark_run IS ?",
                    (json.dumps(mark.to_json()), run, s.identity, night.snapshot.get(s.identity)),
                )
        for identity in night.gone:
            c.execute("UPDATE files SET state = 'gone' WHERE identity = ?", (identity,))

    def _record_alarms(self, night: Night, run: int, now: str) -> None:
        c = self.conn
        for identity in night.returned:
            c.execute(
                "UPDATE alarms SET closed_at = ?, closed_how = 'returned' "
                "WHERE identity = ? AND kind = 'gone' AND closed_at IS NULL",
                (now, identity),
            )
        for a in night.open_alarms():
            doc = json.dumps([finding_to_doc(f) for f in a.findings])
            if a.id is None:
                cur = c.execute(
                    "INSERT INTO alarms (identity, kind, findings, opened_run, opened_at, last_run) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (a.identity, a.kind, doc, run, a.opened_at, run),
                )
                a.id, a.opened_run = int(cur.lastrowid or 0), run
            else:
                c.execute("UPDATE alarms SET findings = ?, last_run = ? WHERE id = ?", (doc, run, a.id))

    # ---- acknowledging -------------------------------------------------------------
    def identity_of(self, name: str) -> str:
        """The identity an operator means by ``name``: an identity as the audit prints it,
        or the path of a file the ledger knows.  Raises :class:`InspectorError`."""
        known = self.conn.execute("SELECT 1 FROM files WHERE identity = ?", (name,)).fetchone()
        if known is not None:
            return name
        local = "://" not in name
        real = os.path.realpath(name) if local else name
        for identity, location in self.conn.execute("SELECT identity, location FROM files"):
            if location in (name, real) or (
                local and "://" not in location and os.path.realpath(location) == real
            ):
                return str(identity)
        import difflib

        names = [str(i) for (i,) in self.conn.execute("SELECT identity FROM files")]
        close = difflib.get_close_matches(name, names, n=3)
        raise InspectorError(
            "not_in_ledger",
            f"the ledger {self.path} knows no file {name}",
            expected="a file identity as the audit prints it, or the path of a file it audited",
            found=name,
            likely_cause=f"did you mean {', '.join(close)}?" if close else None,
        )

    def acknowledge(self, name: str, reason: str, *, by: str | None = None) -> Acknowledgement:
        """Close every open alarm of the file ``name`` (see :meth:`identity_of`), recorded
        with who, when and why.  A rollback, fork or replaced memory so accepted makes the
        file's last reading its new mark; an acknowledged ``gone`` retires the file."""
        if self.readonly:
            raise _invalid(self.path, "was opened read-only")
        reason = reason.strip()
        if not reason:
            raise InspectorError("usage", "an acknowledgement needs a reason (--reason TEXT)")
        if len(reason) > MAX_REASON:
            raise InspectorError("usage", f"the reason is longer than {MAX_REASON} characters")
        identity = self.identity_of(name)
        who = by or default_actor()
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            alarms = c.execute(
                "SELECT id, kind FROM alarms WHERE identity = ? AND closed_at IS NULL ORDER BY id",
                (identity,),
            ).fetchall()
            if not alarms:
                raise InspectorError(
                    "nothing_to_acknowledge",
                    f"{identity} has no open alarm in the ledger {self.path}",
                    found="no open alarm",
                )
            at = _now()
            cur = c.execute(
                "INSERT INTO acknowledgements (identity, at, by, reason) VALUES (?, ?, ?, ?)",
                (identity, at, who, reason),
            )
            ack = int(cur.lastrowid or 0)
            c.execute(
                "UPDATE alarms SET closed_at = ?, closed_how = 'acknowledged', ack_id = ? "
                "WHERE identity = ? AND closed_at IS NULL",
                (at, ack, identity),
            )
            kinds = tuple(str(k) for _, k in alarms)
            if any(k != "gone" for k in kinds):  # the operator accepts the history as it is now
                c.execute(
                    "UPDATE files SET mark = reading, mark_run = reading_run "
                    "WHERE identity = ? AND reading IS NOT NULL",
                    (identity,),
                )
            if "gone" in kinds:
                c.execute(
                    "UPDATE files SET state = 'retired' WHERE identity = ? AND state = 'gone'", (identity,)
                )
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise
        return Acknowledgement(ack, identity, at, who, reason, kinds)


def default_actor() -> str:
    """Who acknowledges, by default: the login name on this host."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError):
        user = "unknown"
    return f"{user}@{socket.gethostname()}"


def seen_of(entries: Iterable[Any]) -> list[Seen]:
    """The ledger's view of audited entries (objects with ``target``, ``reading`` and
    ``ledger``)."""
    return [Seen(e.target.identity, e.target.location, e.target.kind, e.reading, e.ledger) for e in entries]
