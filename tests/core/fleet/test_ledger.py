"""The fleet ledger over several nights: a rollback, a fork or another memory stays an
alarm until acknowledged; a gone file is an alarm; a night without a reading changes
nothing; growth, rotation, re-key and reseal never alarm; the schema is versioned and
migrated; one transaction per run."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from inspector.core.container import seal_v1, seal_v2
from inspector.core.errors import InspectorError
from inspector.core.fleet.audit import run_audit
from inspector.core.fleet.credentials import load_rules
from inspector.core.fleet.discover import discover
from inspector.core.fleet.ledger import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, Ledger
from inspector.core.keys import KeyPair
from inspector.core.store import Store
from inspector.core.write.builder import StoreWriter, dump, stepping_clock

from .schema import assert_valid

PW1, PW2 = "first passphrase of the fleet", "second passphrase, after the re-key"


@pytest.fixture(scope="module")
def states():
    """One agent's history: A (4 commits), B = A + 3, C = B + 2 (growth); B rotated; the
    rotated B with a checkpoint stored (sequence 1, then 2 as well); a fork of A; B with an
    auditor key granted, then revoked; and another agent's memory altogether."""
    w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    for i in range(3):
        w.commit({"n": i})
    a = w.store.copy()
    for i in range(3):
        w.commit({"n": 10 + i})
    b = w.store.copy()
    c_w = StoreWriter(b.copy(), root=w.root, agent_key=w.agent_key, clock=stepping_clock())
    for i in range(2):
        c_w.commit({"n": 20 + i})
    f = StoreWriter(a.copy(), root=w.root, agent_key=w.agent_key, clock=stepping_clock())
    for i in range(2):
        f.commit({"fork": i})
    r = StoreWriter(b.copy(), root=w.root, agent_key=w.agent_key, clock=stepping_clock())
    r.rotate("key-001", KeyPair.generate(), "key-002")
    r.commit({"after": "rotation"})
    cp = StoreWriter(r.store.copy(), root=w.root, agent_key=r.agent_key, clock=stepping_clock())
    one = cp.checkpoint(sequence=1)
    cp.store.files[f"checkpoints/{one['checkpoint_id']}.json"] = dump(one)
    cp1 = cp.store.copy()
    two = cp.checkpoint(sequence=2)
    cp.store.files[f"checkpoints/{two['checkpoint_id']}.json"] = dump(two)
    cp2 = cp.store.copy()
    g = StoreWriter(b.copy(), root=w.root, agent_key=w.agent_key, clock=stepping_clock())
    g.grant("auditor-001", KeyPair.generate())
    granted = g.store.copy()
    g.revoke("auditor-001", reason="retired")
    revoked = g.store.copy()
    other = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    for i in range(9):
        other.commit({"other": i})
    return {
        "A": a,
        "B": b,
        "C": c_w.store.copy(),
        "fork": f.store.copy(),
        "rotated": r.store.copy(),
        "cp1": cp1,
        "cp2": cp2,
        "granted": granted,
        "revoked": revoked,
        "other": other.store.copy(),
    }


class Fleet:
    """A folder of sealed files audited night after night into one ledger."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.root = base / "fleet"
        self.root.mkdir()
        self.ledger = base / "fleet.ledger"
        (base / "pw1").write_text(PW1, encoding="utf-8")
        (base / "pw2").write_text(PW2, encoding="utf-8")
        (base / "wrong").write_text("a glitch", encoding="utf-8")
        self.passphrases(["pw1"])

    def passphrases(self, names: list[str]) -> None:
        """The rules: these passphrase files, the current one first."""
        listed = ", ".join(f'"{n}"' for n in names)
        (self.base / "rules.toml").write_text(
            f'ledger = "fleet.ledger"\n[[file]]\nmatch = "*.aleth"\npassphrase_file = [{listed}]\n',
            encoding="utf-8",
        )

    def put(self, name: str, store: Store, passphrase: str = PW1, v1: bool = False) -> None:
        seal = seal_v1 if v1 else seal_v2
        (self.root / name).write_bytes(seal(dict(store.files), passphrase))

    def night(self, root: Path | None = None):  # type: ignore[no-untyped-def]
        rules = load_rules(self.base / "rules.toml")
        with Ledger.open(rules.ledger or "") as ledger:
            result = run_audit(discover([str(root or self.root)]), rules=rules, ledger=ledger)
        assert_valid(result.to_json())
        return result

    def ack(self, name: str, reason: str = "restored on purpose", by: str = "alice@audit"):  # type: ignore[no-untyped-def]
        with Ledger.open(str(self.ledger)) as ledger:
            return ledger.acknowledge(name, reason, by=by)

    def state(self, identity: str):  # type: ignore[no-untyped-def]
        with Ledger.open(str(self.ledger)) as ledger:
            return ledger.state(identity)


@pytest.fixture
def fleet(tmp_path):
    return Fleet(tmp_path)


def alarms(result) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    return {a.identity: {x.kind for x in result.ledger.alarms[a.identity]} for a in result.open_alarms()}


def entry(result, name: str):  # type: ignore[no-untyped-def]
    return next(e for e in result.entries if e.target.identity == name)


def test_growth_rotation_rekey_and_reseal_never_alarm(fleet, states):
    fleet.put("agent.aleth", states["A"])
    first = fleet.night()
    assert first.exit_code == 0 and not first.open_alarms() and first.ledger.run == 1
    mark = fleet.state("agent.aleth").mark
    assert mark.head == states["A"].head and mark.n_commits == 4
    fleet.put("agent.aleth", states["B"])  # growth
    assert fleet.night().exit_code == 0
    fleet.put("agent.aleth", states["rotated"])  # a key rotation
    assert fleet.night().exit_code == 0
    assert fleet.state("agent.aleth").mark.head == states["rotated"].head
    fleet.passphrases(["pw2", "pw1"])
    fleet.put("agent.aleth", states["rotated"], PW2)  # re-keyed: the same history, a new key
    night = fleet.night()
    assert night.exit_code == 0 and entry(night, "agent.aleth").notes == []
    fleet.put("agent.aleth", states["rotated"], PW2, v1=True)  # resealed in the older format
    night = fleet.night()
    assert night.exit_code == 0 and entry(night, "agent.aleth").ledger.status == "unchanged"
    fleet.put("agent.aleth", states["cp1"], PW2)  # a checkpoint stored, then a later one
    fleet.night()
    fleet.put("agent.aleth", states["cp2"], PW2)
    assert fleet.night().exit_code == 0
    assert fleet.state("agent.aleth").mark.checkpoint_sequence == 2


def test_a_rollback_stays_an_alarm_every_night_until_acknowledged(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    fleet.put("agent.aleth", states["A"])  # an older copy put back
    n2 = fleet.night()
    assert n2.exit_code == 1 and alarms(n2) == {"agent.aleth": {"rollback"}}
    e = entry(n2, "agent.aleth")
    assert (
        e.verdict == "fail" and e.report.verdict == "pass"
    )  # the file alone passes: it is the fleet's alarm
    assert e.alarms[0].new and e.alarms[0].code == "ledger_rollback"
    assert (
        states["B"].head in e.alarms[0].findings[0].message
        and "the fleet ledger" in e.alarms[0].findings[0].message
    )
    n3 = fleet.night()  # the same older copy: what --since would call "unchanged"
    assert n3.exit_code == 1 and alarms(n3) == {"agent.aleth": {"rollback"}}
    assert (
        not entry(n3, "agent.aleth").alarms[0].new and entry(n3, "agent.aleth").alarms[0].id == e.alarms[0].id
    )
    fleet.put("agent.aleth", states["C"])  # the newer file is back and has grown: the alarm stays
    n4 = fleet.night()
    assert n4.exit_code == 1 and alarms(n4) == {"agent.aleth": {"rollback"}}
    assert fleet.state("agent.aleth").mark.head == states["C"].head  # the mark still rises
    ack = fleet.ack("agent.aleth", "the restore of 3 May was a mistake; undone")
    assert (ack.by, ack.alarms, ack.identity) == ("alice@audit", ("rollback",), "agent.aleth")
    n5 = fleet.night()
    assert n5.exit_code == 0 and not n5.open_alarms()
    assert [a.reason for a in n5.ledger.acknowledged] == ["the restore of 3 May was a mistake; undone"]
    assert fleet.night().ledger.acknowledged == []  # said once, the night after
    with pytest.raises(InspectorError) as err:
        fleet.ack("agent.aleth")
    assert err.value.code == "nothing_to_acknowledge"


def test_an_acknowledged_rollback_makes_the_older_copy_the_mark(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    fleet.put("agent.aleth", states["A"])
    fleet.night()
    fleet.ack(str(fleet.root / "agent.aleth"), "we went back to A on purpose")  # by path, too
    assert fleet.state("agent.aleth").mark.head == states["A"].head
    assert fleet.night().exit_code == 0
    fleet.put("agent.aleth", states["B"])  # and growing again from there is growth
    assert fleet.night().exit_code == 0


def test_a_fork_stays_an_alarm_and_an_acknowledged_fork_is_the_new_history(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    fleet.put("agent.aleth", states["fork"])
    n2 = fleet.night()
    assert alarms(n2) == {"agent.aleth": {"fork"}} and n2.exit_code == 1
    assert entry(n2, "agent.aleth").ledger.status == "rewritten"
    assert alarms(fleet.night()) == {"agent.aleth": {"fork"}}
    fleet.ack("agent.aleth", "the fork is the agent's history now")
    assert fleet.night().exit_code == 0


def test_another_memory_in_a_files_place(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    fleet.put("agent.aleth", states["other"])
    n2 = fleet.night()
    assert alarms(n2) == {"agent.aleth": {"replaced"}}
    f = entry(n2, "agent.aleth").alarms[0].findings[0]
    assert f.code == "ledger_replaced" and states["B"].head in f.message


def test_a_gone_file_is_an_alarm_that_fails_the_audit(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.put("other.aleth", states["other"])
    fleet.night()
    moved = fleet.base / "elsewhere.aleth"
    (fleet.root / "agent.aleth").rename(moved)
    n2 = fleet.night()
    assert n2.exit_code == 1 and alarms(n2) == {"agent.aleth": {"gone"}} and n2.ledger.gone == ["agent.aleth"]
    assert all(e.verdict == "pass" for e in n2.entries)  # the file that is there passes: the gone one fails
    assert fleet.night().exit_code == 1  # still gone, still an alarm
    moved.rename(fleet.root / "agent.aleth")  # back, as it was
    n4 = fleet.night()
    assert n4.exit_code == 0 and not n4.open_alarms()
    # gone on purpose: acknowledged, it is retired and no longer expected
    (fleet.root / "agent.aleth").unlink()
    assert fleet.night().exit_code == 1
    fleet.ack("agent.aleth", "agent decommissioned")
    assert fleet.night().exit_code == 0 and fleet.state("agent.aleth").state == "retired"
    fleet.put("agent.aleth", states["A"])  # a retired file that comes back is compared all the same
    assert alarms(fleet.night()) == {"agent.aleth": {"rollback"}}


def test_a_night_without_a_reading_changes_nothing(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    mark = fleet.state("agent.aleth").mark
    fleet.passphrases(["wrong"])  # a credential glitch: the file cannot be opened tonight
    n2 = fleet.night()
    assert entry(n2, "agent.aleth").report.verdict == "unopenable" and not n2.open_alarms()
    assert n2.exit_code == 2 and fleet.state("agent.aleth").mark == mark
    fleet.passphrases(["pw1"])
    fleet.put("agent.aleth", states["A"])  # the night after: an older copy is still caught
    assert alarms(fleet.night()) == {"agent.aleth": {"rollback"}}


def test_a_copy_that_opens_only_with_the_old_passphrase_is_compared(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    fleet.passphrases(["pw2"])  # re-keyed and grown
    fleet.put("agent.aleth", states["C"], PW2)
    assert fleet.night().exit_code == 0
    fleet.put("agent.aleth", states["A"], PW1)  # an old copy, sealed under the old passphrase
    n3 = fleet.night()
    assert not n3.open_alarms() and entry(n3, "agent.aleth").report.verdict == "unopenable"  # no reading yet
    fleet.passphrases(["pw2", "pw1"])  # the old passphrase listed: it opens, and is compared at once
    n4 = fleet.night()
    e = entry(n4, "agent.aleth")
    assert alarms(n4) == {"agent.aleth": {"rollback"}}
    assert [f.code for f in e.notes] == ["opened_with_older_credential"]


def test_a_symlinked_spelling_of_the_root_is_the_same_fleet(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    link = fleet.base / "link"
    os.symlink(fleet.root, link)
    n2 = fleet.night(link)
    assert n2.exit_code == 0 and not n2.open_alarms()
    assert entry(n2, "agent.aleth").ledger.status == "unchanged"


def test_removed_key_history_control_events_and_checkpoints_are_rollbacks(fleet, states):
    fleet.put("keys.aleth", states["revoked"])  # an auditor key granted, then revoked
    fleet.put("cp.aleth", states["cp2"])  # checkpoints of sequence 1 and 2 stored
    fleet.night()
    fleet.put("keys.aleth", states["granted"])  # the revocation removed
    fleet.put("cp.aleth", states["cp1"])  # the newest stored checkpoint removed
    n2 = fleet.night()
    assert alarms(n2) == {"keys.aleth": {"rollback"}, "cp.aleth": {"rollback"}}
    keys = " ".join(f.message for f in entry(n2, "keys.aleth").alarms[0].findings)
    assert "revocation was removed" in keys and "control chain ends at event" in keys
    cps = " ".join(f.message for f in entry(n2, "cp.aleth").alarms[0].findings)
    assert "newest checkpoint stored in the file has sequence 1" in cps


def test_one_transaction_per_run(fleet, states, monkeypatch):
    """A run that breaks while it records leaves the ledger as it was."""
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    before = fleet.state("agent.aleth")
    fleet.put("agent.aleth", states["A"])
    real = Ledger._record_alarms

    def broken(self, *a, **k):  # the files' rows are written, then the run breaks
        real(self, *a, **k)
        raise RuntimeError("disk gone")

    monkeypatch.setattr(Ledger, "_record_alarms", broken)
    with pytest.raises(RuntimeError):
        fleet.night()
    monkeypatch.undo()
    assert fleet.state("agent.aleth") == before
    with Ledger.open(str(fleet.ledger)) as ledger:
        assert ledger.last_run()[0] == 1 and ledger.open_alarms() == []
    assert alarms(fleet.night()) == {"agent.aleth": {"rollback"}}


def test_a_mark_raised_by_another_run_meanwhile_is_kept(fleet, states):
    fleet.put("agent.aleth", states["B"])
    fleet.night()
    rules = load_rules(fleet.base / "rules.toml")
    slow = Ledger.open(str(fleet.ledger))
    snapshot = slow.marks()
    fleet.put("agent.aleth", states["C"])
    fleet.night()  # another run raised the mark to C meanwhile
    fleet.put("agent.aleth", states["B"])
    from inspector.core.fleet.audit import _night

    result = run_audit(discover([str(fleet.root)]), rules=rules)  # read B, planned before C was seen
    _night(result, slow, snapshot, True)
    slow.close()
    assert fleet.state("agent.aleth").mark.head == states["C"].head


def test_the_schema_is_versioned_and_migrated(tmp_path):
    path = tmp_path / "v1.ledger"
    conn = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("INSERT INTO runs VALUES (1, 'then', 'then', '0.0.1', '[]', 'complete', 1, 0)")
    conn.execute(
        "INSERT INTO alarms (identity, kind, findings, opened_run, opened_at, last_run) "
        "VALUES ('a', 'gone', '[]', 1, 'then', 1)"
    )
    conn.execute("PRAGMA user_version=1")
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")  # what the first release wrote
    conn.commit()
    conn.close()
    with Ledger.open(str(path)) as ledger:
        assert ledger.schema_version() == SCHEMA_VERSION
        assert [a.identity for a in ledger.open_alarms()] == ["a"]
        assert ledger.acknowledgements() == []  # the table the migration added
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_schema_v1_file_is_refused_if_it_is_not_a_ledger(tmp_path):
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    newer = tmp_path / "newer.ledger"
    Ledger.open(str(newer)).close()
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    garbage = tmp_path / "garbage.ledger"
    garbage.write_bytes(b"this is not SQLite at all" * 100)
    (tmp_path / "dir.ledger").mkdir()
    cases = {
        other: "not a fleet ledger",
        newer: "newer aleth-inspector",
        garbage: "not a readable SQLite ledger",
        tmp_path / "dir.ledger": "is a directory",
        tmp_path / "no" / "x.ledger": "does not exist",
    }
    for path, fragment in cases.items():
        with pytest.raises(InspectorError) as err:
            Ledger.open(str(path))
        assert err.value.code == "ledger_invalid" and fragment in err.value.message, path
    with pytest.raises(InspectorError):
        Ledger.open("postgres://db/ledger")


def test_a_new_ledger_is_private_and_its_records_are_plain_json(tmp_path, states):
    f = Fleet(tmp_path)
    f.put("agent.aleth", states["B"])
    f.night()
    assert (f.ledger.stat().st_mode & 0o777) == 0o600
    with sqlite3.connect(f.ledger) as conn:
        (mark,) = conn.execute("SELECT mark FROM files").fetchone()
    assert json.loads(mark)["head"] == states["B"].head
    assert PW1 not in f.ledger.read_bytes().decode("latin-1")


def test_identity_conflicts_are_refused_before_any_work(tmp_path, states):
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "x.aleth").write_bytes(seal_v2(dict(states["A"].files), PW1))
    with pytest.raises(InspectorError) as err:
        run_audit(discover([str(tmp_path / "a"), str(tmp_path / "b")]))
    assert err.value.code == "identity_conflict"
    shutil.rmtree(tmp_path / "b")
