"""``inspector.core.errors``: one base with what was expected, what was found and the
likely cause; a templated error keeps its template for translation."""

from __future__ import annotations

import pytest

from inspector.core.errors import (
    Cancelled,
    ContainerError,
    InspectorError,
    KeyError_,
    OperationError,
    StoreError,
)
from inspector.core.findings import message

T_GONE = message("{path} is gone.")


def test_an_error_says_what_was_expected_found_and_why() -> None:
    err = StoreError("not_found", "x is gone", expected="a store", found="nothing", likely_cause="a typo")
    assert (err.code, err.message) == ("not_found", "x is gone")
    assert err.describe().splitlines() == [
        "not_found: x is gone",
        "  expected: a store",
        "  found:    nothing",
        "  likely cause: a typo",
    ]
    assert str(err) == "not_found: x is gone" and err.template == "" and err.params == ()


def test_a_templated_error_keeps_its_template_and_values() -> None:
    err = ContainerError.templated("not_found", T_GONE, found="nothing", path="/m.aleth")
    assert isinstance(err, ContainerError) and err.message == "/m.aleth is gone."
    assert err.template == T_GONE and dict(err.params) == {"path": "/m.aleth"} and err.found == "nothing"


@pytest.mark.parametrize("cls", [ContainerError, StoreError, KeyError_, OperationError])
def test_every_error_is_an_inspector_error(cls: type[InspectorError]) -> None:
    with pytest.raises(InspectorError) as caught:
        raise cls("some_code", "a message")
    assert caught.value.code == "some_code" and caught.value.describe() == "some_code: a message"


def test_cancelled_has_its_code() -> None:
    err = Cancelled()
    assert isinstance(err, InspectorError) and err.code == "cancelled"
