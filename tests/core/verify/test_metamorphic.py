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

A failing property prints the history's plan (``build(plan)`` rebuilds it, so it can
become a named fixture).  Bounded, derandomized examples here; ``make fuzz-smoke``
runs them with a longer, random budget (``METAMORPHIC_EXAMPLES``,
``METAMORPHIC_RANDOM=1``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from ...metamorphic import (
    History,
    escapings,
    event_deletions,
    findings,
    histories,
    improvements,
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
    assert improvements(base, after, trust=False) == []
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
