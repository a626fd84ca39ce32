"""The one way to read a secret (a passphrase or a recovery code).

A secret is read from a file, from standard input (``-``), from an open file
descriptor, or from the file that ``ALETH_PASSPHRASE_FILE`` names; never from a
command-line argument.  The rule, stated in ``--help`` and the guide: the text is
UTF-8, and **one** trailing line ending (``\\n`` or ``\\r\\n``) is removed, nothing
else (spaces, tabs, a byte-order mark and further line breaks are part of the
secret).  What looks like a mistake (a byte-order mark, a recovery code given as
a passphrase, whitespace at either end) is kept but gets a hint, which the
command line shows when the secret does not unlock the file.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import BinaryIO, Literal

from .errors import InspectorError
from .files import FileTooLarge, NotAFile, read_regular
from .findings import message

ENV_PASSPHRASE_FILE = "ALETH_PASSPHRASE_FILE"
MAX_SECRET = 64 * 1024  # far above any passphrase; a bigger "secret" is the wrong file
RECOVERY_PREFIX = "aleth-recovery-v1:"
RULE = "UTF-8 text; one trailing newline (\\n or \\r\\n) is removed, nothing else"

HINT_BOM = message(
    "The {what} starts with a byte-order mark (BOM), which is kept as part of it; save the file as UTF-8 "
    "without a BOM."
)
HINT_RECOVERY_CODE = message(
    "The passphrase looks like a recovery code; give it with --recovery-code-file instead."
)
HINT_WHITESPACE = message(
    "The {what} begins or ends with a space, tab or extra line break, which is kept; only one trailing "
    "newline is removed."
)


@dataclass(frozen=True)
class Secret:
    """A secret and where it came from (``source`` names the file, ``-`` or the
    descriptor, never the secret).  ``hints`` are plain sentences about what looks
    like a mistake in it."""

    value: str
    source: str
    what: str = "passphrase"
    hints: tuple[str, ...] = ()

    def __repr__(self) -> str:  # the value never reaches a log or a traceback
        return f"Secret(source={self.source!r}, what={self.what!r}, hints={len(self.hints)})"


@dataclass(frozen=True, repr=False)
class Credential:
    """What the user offers to unlock a file: exactly one of a passphrase or a recovery code.

    The values never appear in ``repr``/``str``.  Emptiness and the recovery
    code's shape are checked by :func:`derive_key` (codes ``empty_passphrase`` /
    ``invalid_recovery_code``) so a user interface gets a precise error.
    """

    passphrase: str | None = None
    recovery_code: str | None = None

    def __post_init__(self) -> None:
        if (self.passphrase is None) == (self.recovery_code is None):
            raise ValueError("a Credential needs exactly one of passphrase or recovery_code")
        for name in ("passphrase", "recovery_code"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise TypeError(f"Credential.{name} must be a str")

    @property
    def kind(self) -> Literal["passphrase", "recovery_code"]:
        """Which credential this is."""
        return "passphrase" if self.passphrase is not None else "recovery_code"

    def __repr__(self) -> str:
        return f"Credential({self.kind}=<hidden>)"

    __str__ = __repr__


def strip_line_ending(text: str) -> str:
    """``text`` without one trailing ``\\n`` or ``\\r\\n`` (nothing else is removed)."""
    if text.endswith("\r\n"):
        return text[:-2]
    if text.endswith("\n"):
        return text[:-1]
    return text


def hints_for(text: str, what: str = "passphrase") -> tuple[str, ...]:
    """Plain-language hints about a secret that looks mistyped."""
    hints = []
    if text.startswith("\ufeff"):
        hints.append(HINT_BOM.format(what=what))
        text = text[1:]
    if what == "passphrase" and text.strip().startswith(RECOVERY_PREFIX):
        hints.append(HINT_RECOVERY_CODE)
    if text != text.strip():
        hints.append(HINT_WHITESPACE.format(what=what))
    return tuple(hints)


def _decode(data: bytes, source: str, what: str) -> Secret:
    if len(data) > MAX_SECRET:
        raise InspectorError(
            "credential_unreadable",
            f"the {what} in {source} is larger than {MAX_SECRET} bytes",
            expected=f"a {what} ({RULE})",
            found=f"more than {MAX_SECRET} bytes",
            likely_cause="the wrong file was named",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InspectorError(
            "credential_unreadable",
            f"the {what} in {source} is not UTF-8 text",
            expected=RULE,
            found=f"a byte that is not UTF-8 at offset {exc.start}",
            likely_cause="the file was saved in another encoding",
        ) from None
    value = strip_line_ending(text)
    return Secret(value, source, what, hints_for(value, what))


def _read_all(fh: BinaryIO) -> bytes:
    return fh.read(MAX_SECRET + 1)


def read_secret(
    spec: str | os.PathLike[str], what: str = "passphrase", *, stdin: BinaryIO | None = None
) -> Secret:
    """The secret in the file ``spec``, or on standard input when ``spec`` is ``-``
    (a terminal is asked without echo instead).  Raises
    :class:`~inspector.core.errors.InspectorError` ``credential_unreadable``."""
    if os.fspath(spec) == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        if stdin is None and sys.stdin.isatty():
            import getpass

            return Secret(getpass.getpass(f"{what.capitalize()}: "), "the terminal", what)
        try:
            return _decode(_read_all(stream), "standard input", what)
        except OSError as exc:
            raise _unreadable(what, "standard input", exc) from exc
    path = os.fspath(spec)
    name = os.fsdecode(path)
    try:  # a regular file, or a pipe (<(pass show x)): never a device, never a wait to open
        data = read_regular(path, MAX_SECRET, pipes=True)
    except NotAFile as exc:
        raise InspectorError(
            "credential_unreadable",
            f"cannot read the {what} from {name}: it is {exc.kind}, not a file",
            expected=f"a file or a pipe holding the {what} ({RULE})",
            found=str(exc.kind),
            likely_cause="a device or socket was named; give a file, - (standard input) or --passphrase-fd",
        ) from None
    except FileTooLarge:
        data = b"\0" * (MAX_SECRET + 1)  # said by _decode, as for a descriptor
    except (OSError, ValueError) as exc:
        raise _unreadable(what, name, exc) from exc
    return _decode(data, f"file {name}", what)


def read_secret_fd(fd: int, what: str = "passphrase") -> Secret:
    """The secret read from the open file descriptor ``fd`` up to its end (the
    descriptor stays open)."""
    chunks: list[bytes] = []
    size = 0
    try:
        while size <= MAX_SECRET:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _unreadable(what, f"descriptor {fd}", exc) from exc
    return _decode(b"".join(chunks), f"descriptor {fd}", what)


def _unreadable(what: str, source: str, exc: OSError | ValueError) -> InspectorError:
    reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
    return InspectorError(
        "credential_unreadable",
        f"cannot read the {what} from {source}: {reason}",
        expected=f"a readable {what} ({RULE})",
        likely_cause="a wrong path, or a file the current user may not read",
    )


def read_secret_file(path: str | os.PathLike[str], what: str = "passphrase") -> str:
    """The secret in ``path`` (the rule above), without hints."""
    return read_secret(path, what).value
