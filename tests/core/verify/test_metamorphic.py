"""Metamorphic properties of the verifier (issue 20), over generated honest histories
(``tests/metamorphic.py``: rotations, migrations, role keys, weight transitions,
labels, receipts, stored and external checkpoints), each comparing two reports:

1. adding any file no trusted key signed, or a copy of an existing object with edited
   bytes under any name, never improves any object's status, any memory's trust, or
   the verdict (VALID > VALID_HISTORICAL > everything else; trusted > untrusted);
2. renaming files (any valid encoding of the same logical path) and changing the
   listing order never changes the report beyond file names;
3. deleting a control event while the root-signed record that cites it stays never
   un-revokes anything (nor improves anything);
4. re-encoding strings with JSON escapes never changes a finding.

The same properties are checked, with fixed variants, on every directory store of the
alethech 0.9.5 corpus and the MutMem fixture (honest and tampered alike).

A failing property prints the history's plan (``build(plan)`` rebuilds it, so it can
become a named fixture).  Bounded, derandomized examples here; ``make fuzz-smoke``
runs them with a longer, random budget (``METAMORPHIC_EXAMPLES``,
``METAMORPHIC_RANDOM=1``).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from inspector.core.write.builder import dump

from ...conftest import ALETHECH, MUTMEM
from ...metamorphic import (
    History,
    escape_strings,
    escapings,
    event_deletions,
    findings,
    histories,
    improvements,
    rename,
    renamings,
    revocations,
    shape,
    untrusted_additions,
)

PROPERTIES = settings(
    max_examples=int(os.environ.get("METAMORPHIC_EXAMPLES", "25")),
    deadline=None,
    derandomize=not os.environ.get("METAMORPHIC_RANDOM"),
    database=None,
    phases=[Phase.explicit, Phase.generate, Phase.shrink]
    if os.environ.get("METAMORPHIC_RANDOM")
    else [Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def _honest(h: History) -> None:
    r = h.base()
    assert r.verdict == "pass", [f for f in r.findings if f.severity.value == "error"]


@PROPERTIES
@given(data=st.data())
def test_untrusted_additions_never_improve_anything(data: st.DataObject) -> None:
    h = data.draw(histories(), label="history")
    _honest(h)
    files = data.draw(untrusted_additions(h), label="files")
    note(f"added: {sorted(set(files) - set(h.files))}")
    worse = h.verify(files)
    assert "internal_error" not in worse.codes()
    assert improvements(h.base(), worse) == []


@PROPERTIES
@given(data=st.data())
def test_names_and_listing_order_never_change_the_report(data: st.DataObject) -> None:
    h = data.draw(histories(), label="history")
    files, order = data.draw(renamings(h), label="renamed files")
    assert shape(h.verify(files, seed=order)) == shape(h.base())


@PROPERTIES
@given(data=st.data())
def test_deleting_a_control_event_never_un_revokes(data: st.DataObject) -> None:
    h = data.draw(histories(), label="history")
    if not h.events:
        return
    event, files = data.draw(event_deletions(h), label="deletion")
    note(f"deleted control event {event}")
    base, after = h.base(), h.verify(files)
    # (a memory may lose a label whose signer only the deleted event granted: that label
    # is then an unknown key's, an error, and the verdict fails; property 3 is revocations)
    assert improvements(base, after, trust=False, verdict=False) == []
    kept = revocations(after)
    era_keys = {e.public_key for e in after.eras}
    for key, cutoffs in revocations(base).items():
        if key in era_keys:  # (a key whose only grant was deleted has no era: all it signed is unknown)
            assert cutoffs <= kept.get(key, set()), (key, cutoffs, kept.get(key))


@PROPERTIES
@given(data=st.data())
def test_json_escapes_never_change_a_finding(data: st.DataObject) -> None:
    h = data.draw(histories(), label="history")
    files = data.draw(escapings(h), label="escaped files")
    assert findings(h.verify(files)) == findings(h.base())


# ---- the same properties over the fixture corpora (deterministic variants) -------------


def _corpus() -> list[Path]:
    out = []
    for root in (ALETHECH, MUTMEM):
        for case in sorted(root.iterdir()):
            if (case / "store").is_dir():
                out.append(case)
    return out


def _files(store_dir: Path) -> dict[str, bytes]:
    return {
        p.relative_to(store_dir).as_posix(): p.read_bytes()
        for p in sorted(store_dir.rglob("*"))
        if p.is_file()
    }


@pytest.mark.parametrize("case", _corpus(), ids=lambda p: p.name)
def test_the_properties_hold_on_the_fixture_stores(case: Path) -> None:
    meta = json.loads((case / "case.json").read_text())
    cp_name = meta.get("inputs", {}).get("checkpoint")
    files = _files(case / "store")
    h = History(("fixture", False, ()), files, (case / cp_name).read_bytes() if cp_name else None)
    h.events = [unquote(p.split("/", 1)[1][:-5]) for p in files if p.startswith("control_events/")]
    base = h.base()
    # 2: another encoding of every name, another listing order
    assert shape(h.verify(rename(files, 7), seed=11)) == shape(base)
    # 4: every string of every object escaped
    rng = random.Random(5)
    escaped = {
        p: escape_strings(d.decode("utf-8"), rng, 0.5).encode("utf-8")
        if p.endswith(".json") and "/" in p
        else d
        for p, d in files.items()
    }
    assert findings(h.verify(escaped)) == findings(base)
    # 1: a junk file, and a forged copy of each control event and migration sorted first
    worse = dict(files)
    worse["control_events/0000.json"] = b'{"type": "ControlEvent", "sequence": 1}'
    assert improvements(base, h.verify(worse)) == []
    for path in [p for p in files if p.startswith(("control_events/", "migrations/"))]:
        obj = json.loads(files[path])
        for field in ("cutoff_head", "legacy_public_key", "old_key_id", "event_type"):
            if field in obj:
                forged = dict(files)
                forged[path.split("/", 1)[0] + "/0000.json"] = dump({**obj, field: "forged"})
                assert improvements(base, h.verify(forged)) == [], (path, field)
    # 3: each control event deleted, the record kept (when the record restates the chain:
    # a record the root re-signed with another cutoff states that cutoff once the event is
    # gone, 08_guard_b; and deleting an invalid event may well lift the verdict)
    if "identity_control_event_mismatch" in base.codes():
        return
    for event in h.events:
        gone = {p: d for p, d in files.items() if unquote(p) != f"control_events/{event}.json"}
        after = h.verify(gone)
        assert improvements(base, after, trust=False, verdict=False) == [], event
        kept = revocations(after)
        for key, cutoffs in revocations(base).items():
            if key in {e.public_key for e in after.eras}:
                assert cutoffs <= kept.get(key, set()), (event, key)
