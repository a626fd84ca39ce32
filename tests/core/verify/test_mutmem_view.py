"""SPEC C's views and label vocabulary (``inspector.core.verify.mutmem_view``): which labels
make a memory untrusted, and the plain data the MutMem phase hands the report and its JSON."""

from __future__ import annotations

import json

import pytest

from inspector.core.verify.mutmem_view import (
    DETECTOR_LABELS,
    LABELS,
    Q_START,
    RANK,
    VERDICT_LABELS,
    LabelPoint,
    MemoryView,
    MutMemView,
    TrajectoryPoint,
    is_untrusted,
    rank,
)

UNTRUSTED = {"poison_suspect", "poison_likely", "poison_confirmed"}


def test_the_vocabulary_is_whole_and_ranked() -> None:
    assert set(LABELS) == set(DETECTOR_LABELS) | set(VERDICT_LABELS) == set(RANK)
    assert rank(None) == rank("unverified") == 1  # no label ranks like an unverified one
    assert rank("not a label") == 1
    assert rank("supported") == rank("poison_refuted") == 0 < rank("poison_confirmed")


@pytest.mark.parametrize("label", [None, *LABELS, "", "POISON_LIKELY"])
def test_untrusted_is_exactly_the_poison_labels(label) -> None:
    assert is_untrusted(label) == (label in UNTRUSTED)
    assert MemoryView("m", label=label).untrusted == (label in UNTRUSTED)


def test_views_are_plain_data_with_their_json() -> None:
    mv = MemoryView(
        "sha256:m",
        weight_q=1200,
        label="poison_suspect",
        trajectory=[TrajectoryPoint(None, None, Q_START), TrajectoryPoint("sha256:t", 4, 1200, 0.5, 0.1)],
        labels=[LabelPoint("sha256:l", 5, "poison_suspect", 700, "key-002", "housekeeper", ["e"], "why")],
    )
    view = MutMemView({"sha256:m": mv}, {})
    assert view.memory_of_record() == {"sha256:t": "sha256:m", "sha256:l": "sha256:m"}
    doc = json.loads(json.dumps(view.to_json()))
    m = doc["memories"]["sha256:m"]
    assert (m["weight_q"], m["label"], m["untrusted"]) == (1200, "poison_suspect", True)
    assert [p["weight_q"] for p in m["trajectory"]] == [Q_START, 1200] and m["labels"][0][
        "key_id"
    ] == "key-002"
    assert doc["receipts"] == {}
