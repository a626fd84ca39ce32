"""One error base for every hard failure of the core.

A hard failure is one where there is nothing to report on (a file that cannot be
opened, a key that does not load, an operation refused).  Everything that *can*
be reported on goes into a :class:`~inspector.core.verify.report.Report` as a
finding instead; those never raise.
"""

from __future__ import annotations

from typing import Any, Self


class InspectorError(Exception):
    """Base of every error the core raises on purpose.

    ``code`` is a stable machine-readable identifier (the same vocabulary as the
    report's finding codes where one applies); ``expected``/``found`` say what was
    looked for and what was there; ``likely_cause`` is a hint for a person.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        expected: str | None = None,
        found: str | None = None,
        likely_cause: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.expected = expected
        self.found = found
        self.likely_cause = likely_cause
        # set by :meth:`templated`: the registered message template and its values, so a
        # report of this error can be shown in the user's language
        self.template = ""
        self.params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def templated(
        cls,
        code: str,
        template: str,
        /,
        *,
        expected: str | None = None,
        found: str | None = None,
        likely_cause: str | None = None,
        **params: Any,
    ) -> Self:
        """An error whose message is a registered template (``message(...)``) filled with
        ``params``; ``expected``/``likely_cause`` may be translatable phrases."""
        from .findings import fill, typed

        params = {k: typed(v) for k, v in params.items()}
        err = cls(
            code,
            fill(template, params),
            expected=expected,
            found=found,
            likely_cause=likely_cause,
        )
        err.template, err.params = template, tuple(params.items())
        return err

    def describe(self) -> str:
        """A readable multi-line diagnostic."""
        lines = [f"{self.code}: {self.message}"]
        if self.expected is not None:
            lines.append(f"  expected: {self.expected}")
        if self.found is not None:
            lines.append(f"  found:    {self.found}")
        if self.likely_cause is not None:
            lines.append(f"  likely cause: {self.likely_cause}")
        return "\n".join(lines)

    def __str__(self) -> str:  # pragma: no cover - trivial
        return f"{self.code}: {self.message}"


class ContainerError(InspectorError):
    """A sealed file could not be opened (codes: bad_magic, truncated, ...)."""


class StoreError(InspectorError):
    """A directory store or payload could not be read as a store at all."""


class KeyError_(InspectorError):
    """A key file could not be loaded or does not fit the operation."""


class OperationError(InspectorError):
    """An authoring operation was refused."""


class Cancelled(InspectorError):
    """Work was cancelled through its cancel token."""

    def __init__(self) -> None:
        super().__init__("cancelled", "the operation was cancelled")
