"""Which credential (and checkpoint) opens which file of a fleet.

The credentials file is TOML (parsed with :mod:`tomllib`), an ordered list of rules;
the first rule whose ``match`` fits a file applies to it::

    [[file]]
    match = "agents/billing-*.aleth"
    passphrase_file = "secrets/billing.pass"     # or recovery_code_file, or passphrase_env
    checkpoint = "checkpoints/billing.json"      # optional

    [[file]]
    match = "**/*.aleth"
    passphrase_env = "FLEET_PASSPHRASE"

``match`` is a glob over ``/``-separated paths: ``*`` and ``?`` stay within one
folder name, ``**`` spans folders, ``[abc]`` is a class.  A pattern that starts with
``/`` (or names a URL) must match the whole location; any other pattern matches the
end of it, whole names only (``agents/billing-*.aleth`` fits
``/srv/fleet/agents/billing-7.aleth`` however the PATH was spelled).  Relative file
names in a rule are relative to the credentials file's folder.

The file holds *references* only — a file name or an environment-variable name — never
a secret (a ``passphrase`` key is refused).  A reference is resolved where the file is
verified (:meth:`CredentialRef.resolve`, on the worker); with ``--send-secrets`` the
coordinator resolves it and the secret itself travels.  Checkpoints are not secret: the
coordinator reads them once and sends their bytes.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..container import Credential
from ..errors import InspectorError

SECRET_KEYS = ("passphrase_file", "recovery_code_file", "passphrase_env")
RULE_KEYS = frozenset({"match", "checkpoint", *SECRET_KEYS})
MAX_RULES_FILE = 1024 * 1024
MAX_CHECKPOINT = 1024 * 1024


@dataclass(frozen=True, slots=True)
class CredentialRef:
    """Where a credential is, not what it is: safe to log, print and send."""

    kind: Literal["passphrase", "recovery_code"]
    source: Literal["file", "env"]
    name: str  # an absolute file name or an environment-variable name

    def describe(self) -> str:
        return f"file {self.name}" if self.source == "file" else f"environment variable {self.name}"

    def resolve(self) -> Credential:
        """Read the secret (where this runs).  Raises :class:`InspectorError`
        ``credential_unreadable``; the message names the reference, never the secret."""
        what = "passphrase" if self.kind == "passphrase" else "recovery code"
        if self.source == "env":
            value = os.environ.get(self.name)
            if not value:
                raise InspectorError(
                    "credential_unreadable",
                    f"the environment variable {self.name} is not set",
                    expected=f"the {what} in ${self.name}",
                    found="unset" if value is None else "empty",
                    likely_cause="the variable is not exported where the file is verified",
                )
        else:
            from ..opener import read_secret_file

            value = read_secret_file(self.name, what)
        return Credential(**{self.kind: value})


@dataclass(frozen=True, slots=True)
class Rule:
    number: int  # 1-based, in file order
    pattern: str
    credential: CredentialRef | None
    checkpoint: str | None  # absolute file name
    regex: re.Pattern[str]

    def matches(self, location: str) -> bool:
        return self.regex.fullmatch(_norm(location)) is not None


@dataclass(frozen=True)
class CredentialRules:
    rules: tuple[Rule, ...] = ()
    source: str = ""
    checkpoints: tuple[tuple[str, bytes], ...] = ()  # (absolute file name, bytes), read once

    def match(self, location: str) -> Rule | None:
        """The first rule whose pattern fits ``location`` (an absolute path or URL)."""
        for rule in self.rules:
            if rule.matches(location):
                return rule
        return None

    def checkpoint_bytes(self, name: str) -> bytes:
        return dict(self.checkpoints)[name]


def _norm(location: str) -> str:
    return location.replace("\\", "/")


def glob_regex(pattern: str) -> re.Pattern[str]:
    """The regular expression of a rule's ``match`` (see the module docstring)."""
    pat = _norm(pattern)
    anchored = pat.startswith("/") or "://" in pat
    out: list[str] = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        if pat.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
        elif pat.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            j = pat.find("]", i + 2 if pat.startswith("[!", i) or pat.startswith("[]", i) else i + 1)
            if j < 0:
                out.append(re.escape(c))
                i += 1
                continue
            body = pat[i + 1 : j]
            if body.startswith("!"):
                body = "^" + body[1:]
            body = body.replace("\\", "\\\\")
            out.append(f"(?!/)[{body}]")
            i = j + 1
        else:
            out.append(re.escape(c))
            i += 1
    body = "".join(out)
    return re.compile(body if anchored else f"(?:.*/)?{body}", re.DOTALL)


def _invalid(source: str, message: str, **kw: Any) -> InspectorError:
    return InspectorError("credentials_invalid", f"{source}: {message}", **kw)


def load_rules(path: str | os.PathLike[str]) -> CredentialRules:
    """Parse and check a credentials file; read the checkpoints it names.
    Raises :class:`InspectorError` (``credentials_invalid``) with the rule number."""
    p = Path(path)
    src = str(p)
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_RULES_FILE + 1)
    except OSError as exc:
        raise _invalid(src, f"cannot read it: {exc.strerror}") from exc
    if len(raw) > MAX_RULES_FILE:
        raise _invalid(src, "larger than 1 MiB", expected="a small TOML file of rules")
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise _invalid(src, "not UTF-8 text") from exc
    except tomllib.TOMLDecodeError as exc:
        raise _invalid(src, f"not valid TOML: {exc}") from exc
    extra = sorted(set(doc) - {"file"})
    if extra:
        raise _invalid(
            src, f"unknown top-level key {extra[0]!r}", expected="only [[file]] rules", found=extra[0]
        )
    tables = doc.get("file", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise _invalid(src, "'file' must be an array of tables ([[file]])")
    base = p.parent.resolve()
    rules: list[Rule] = []
    checkpoints: dict[str, bytes] = {}
    for number, table in enumerate(tables, 1):
        where = f"rule {number}"
        unknown = sorted(set(table) - RULE_KEYS)
        if unknown:
            hint = None
            if any(k in ("passphrase", "recovery_code", "password") for k in unknown):
                hint = "secrets never go in this file: name a file (passphrase_file) or a variable"
            raise _invalid(
                src,
                f"{where}: unknown key {unknown[0]!r}",
                expected="match, checkpoint, and one of " + ", ".join(SECRET_KEYS),
                found=unknown[0],
                likely_cause=hint,
            )
        pattern = table.get("match")
        if not isinstance(pattern, str) or not pattern:
            raise _invalid(src, f"{where}: 'match' must be a non-empty string")
        secrets = [k for k in SECRET_KEYS if k in table]
        if len(secrets) > 1:
            raise _invalid(src, f"{where}: give one of {', '.join(secrets)}, not several")
        ref = None
        if secrets:
            key = secrets[0]
            value = table[key]
            if not isinstance(value, str) or not value:
                raise _invalid(src, f"{where}: {key!r} must be a non-empty string")
            if key == "passphrase_env":
                ref = CredentialRef("passphrase", "env", value)
            else:
                kind: Literal["passphrase", "recovery_code"] = (
                    "passphrase" if key == "passphrase_file" else "recovery_code"
                )
                ref = CredentialRef(kind, "file", str(base / value))
        checkpoint = None
        if "checkpoint" in table:
            value = table["checkpoint"]
            if not isinstance(value, str) or not value:
                raise _invalid(src, f"{where}: 'checkpoint' must be a non-empty string")
            checkpoint = str(base / value)
            if checkpoint not in checkpoints:
                checkpoints[checkpoint] = _read_checkpoint(src, where, checkpoint)
        rules.append(Rule(number, pattern, ref, checkpoint, glob_regex(pattern)))
    return CredentialRules(tuple(rules), src, tuple(checkpoints.items()))


def _read_checkpoint(src: str, where: str, name: str) -> bytes:
    """A checkpoint that cannot be read or is not a JSON object is the auditor's
    mistake, decided before anything runs (a usage error, like ``verify --checkpoint``)."""
    from ..canonical import JsonError, loads_strict

    try:
        with open(name, "rb") as fh:
            data = fh.read(MAX_CHECKPOINT + 1)
    except OSError as exc:
        raise _invalid(src, f"{where}: cannot read the checkpoint {name}: {exc.strerror}") from exc
    if len(data) > MAX_CHECKPOINT:
        raise _invalid(src, f"{where}: the checkpoint {name} is larger than 1 MiB")
    try:
        value, _ = loads_strict(data)
    except JsonError as exc:
        raise _invalid(src, f"{where}: the checkpoint {name} is not strict JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise _invalid(src, f"{where}: the checkpoint {name} is not a JSON object")
    return data
