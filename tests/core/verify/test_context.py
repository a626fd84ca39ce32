"""The verifier's working state (``inspector.core.verify.context``): findings are recorded
from templates, progress reaches the caller and a cancel stops the run at its next step."""

from __future__ import annotations

import pytest

from inspector.core.errors import Cancelled
from inspector.core.findings import Severity, message
from inspector.core.store import Store
from inspector.core.verify.context import CancelToken, Context, VerifyOptions
from inspector.core.verify.report import Report, Status

T_SEEN = message("Seen {what}.")


def context(**opts) -> Context:  # type: ignore[no-untyped-def]
    return Context(Store({}), VerifyOptions(**opts), Report())


def test_add_records_a_templated_finding_with_its_fields() -> None:
    ctx = context()
    ctx.add("some_code", Severity.WARNING, "commit", "sha256:aa", T_SEEN, ("r",), what="x", expected="y")
    (f,) = ctx.report.findings
    assert (f.code, f.message, f.related, f.expected, f.template) == (
        "some_code",
        "Seen x.",
        ("r",),
        "y",
        T_SEEN,
    )


def test_progress_reaches_the_caller_and_cancel_stops_at_the_next_step() -> None:
    seen: list[tuple[str, int, int]] = []
    token = CancelToken()
    ctx = context(progress=lambda *a: seen.append(a), cancel=token)
    ctx.progress("signatures", 1, 10)
    assert seen == [("signatures", 1, 10)] and not token.cancelled
    token.cancel()
    with pytest.raises(Cancelled):
        ctx.progress("signatures", 2, 10)
    assert token.cancelled and len(seen) == 1


def test_lap_times_each_phase_and_status_of_reads_every_kind() -> None:
    ctx = context()
    ctx.lap("parse")
    assert ctx.report.timings["parse"] >= 0
    ctx.report.evidence["e"] = Status.VALID
    ctx.report.checkpoints["c"] = Status.MALFORMED
    assert ctx.status_of("e") is Status.VALID and ctx.status_of("c") is Status.MALFORMED
    assert ctx.status_of("nothing") is None
