"""What every receipt proof shares, alethech's and HOM-AIMOS's (:mod:`inspector.core.hom_proof`):
the result schema and the exit code of each outcome, the size limit, reading a proof file,
one sentence (:class:`Said`) and the error that carries it, and how a value is shortened
for a sentence."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..canonical import canonical
from ..errors import InspectorError
from ..files import FileTooLarge, NotAFile, read_regular
from ..findings import message

RESULT_SCHEMA = "aleth-inspector/receipt-check/1"
"""The ``schema`` member of :meth:`ProofResult.to_json` (``receipt check --json``)."""


MAX_PROOF_BYTES = 32 * 1024 * 1024
"""A proof file larger than this is not read (a receipt of thousands of entries fits)."""


@dataclass(frozen=True)
class Said:
    """One sentence: a registered template and its named values."""

    template: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, template: str, **params: Any) -> Said:
        """``params`` that are exceptions become their (shortened) text."""
        return cls(
            template, tuple((k, short(v) if isinstance(v, BaseException) else v) for k, v in params.items())
        )

    @property
    def text(self) -> str:
        return self.template.format(**dict(self.params)) if self.params else self.template

    def tr(self, lang: str | None) -> str:
        """The sentence in ``lang`` (English when there is no translation)."""
        from ..i18n import tr

        return tr(self.template, lang, **dict(self.params))


ORDINAL_OUTSIDE = message(
    "Ordinal {ordinal} is outside 0…{last}, the entries of receipt {receipt} (n = {count})."
)


PROOF_UNREADABLE = message("Cannot read the proof file {path}: {reason}.")


PROOF_FILE_TOO_LARGE = message("The proof file is larger than {limit} bytes: it is not read.")


class ProofError(InspectorError):
    """A proof cannot be made, a proof or key file cannot be read (nothing to report on).

    ``said`` is the sentence (template and values) for translation.
    """

    def __init__(self, code: str, template: str, **params: Any) -> None:
        self.said = Said.of(template, **params)
        super().__init__(code, self.said.text)


def read_proof_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a proof file (at most :data:`MAX_PROOF_BYTES` + 1, so an oversized
    one is recognised without reading it all).  :class:`ProofError` if it cannot be read."""
    p = Path(path)
    try:
        return read_regular(p, MAX_PROOF_BYTES)
    except FileTooLarge:
        return b" " * (MAX_PROOF_BYTES + 1)  # recognised as oversized without reading it
    except NotAFile as exc:
        raise ProofError("proof_unreadable", PROOF_UNREADABLE, path=str(p), reason=str(exc.kind)) from None
    except (OSError, ValueError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
        raise ProofError("proof_unreadable", PROOF_UNREADABLE, path=str(p), reason=reason) from exc


def write_proof_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write a proof file atomically, mode 0600 (a proof holds data from the file it
    proves, an entry of a receipt: it is not for others to read)."""
    from ..write.safe import atomic_write

    return atomic_write(path, data, mode=0o600)


OUTCOME_EXIT = {
    "anchored": 0,
    "not_anchored": 1,
    "anchor_mismatch": 1,
    "invalid": 1,
    "legacy": 1,
    "unopenable": 2,
}
"""The exit code of each outcome of a proof check: 0 anchored and valid, 1 invalid or not
anchored, 2 the anchor cannot be opened (``receipt check``, both profiles)."""


def file_sha256(path: Path) -> str:
    with path.open("rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def same_json(a: Any, b: Any) -> bool:
    try:
        return canonical(a) == canonical(b)
    except ValueError:
        return False


def json_type(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number"
    )


def short(value: Any, n: int = 80) -> str:
    """A value for a sentence: its repr-free text, shortened, lone surrogates escaped."""
    if value is None:
        return "null"
    text = (
        value if isinstance(value, str) else str(value) if isinstance(value, BaseException) else repr(value)
    )
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= n else text[: n - 1] + "…"
