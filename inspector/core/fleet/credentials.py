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

A rule may also give ``id``, the file's identity in the fleet ledger (default: its path
relative to the audited folder), with ``{path}`` (that relative path), ``{name}`` and
``{stem}`` (its file name, without the suffix), e.g. ``id = "billing/{stem}"``.  A
credential key may name a list: the first is the current credential, the others older
ones, tried in turn only when the current one does not unlock the file (a copy sealed
before a re-key still opens, and is compared with what the ledger saw).  The top-level
``ledger = "fleet.ledger"`` (or ``sqlite:///abs/path``) names the fleet ledger.

The file holds *references* only — a file name or an environment-variable name — never
a secret (a ``passphrase`` key is refused, and a ``passphrase_env`` that is not a
variable name is refused without being repeated: it may be the passphrase itself).  A
reference is resolved where the file is verified (:meth:`CredentialRef.read`, on the
worker); with ``--send-secrets`` the coordinator reads it and the secret itself travels.
Checkpoints are not secret: the coordinator reads them once and sends their bytes.
"""

from __future__ import annotations

import os
import re
import string
import tomllib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from ..container import Credential
from ..errors import InspectorError
from ..secrets import Secret, hints_for

SECRET_KEYS = ("passphrase_file", "recovery_code_file", "passphrase_env")
RULE_KEYS = frozenset({"match", "checkpoint", "id", *SECRET_KEYS})
TOP_KEYS = frozenset({"file", "ledger"})
ID_FIELDS = frozenset({"path", "name", "stem"})
MAX_RULES_FILE = 1024 * 1024
MAX_CHECKPOINT = 1024 * 1024
MAX_CREDENTIALS = 8  # per rule: the current one and older ones
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class CredentialRef:
    """Where a credential is, not what it is: safe to log, print and send.

    ``rule`` is the number of the rule that names it (0: none).  A reference is said by
    its name only once it is shown to be a reference (the file exists, the variable is
    set): a name that names nothing may be the secret itself, put there by mistake, and
    is never repeated (nor in ``repr``)."""

    kind: Literal["passphrase", "recovery_code"]
    source: Literal["file", "env"]
    name: str = field(repr=False)  # an absolute file name or an environment-variable name
    rule: int = 0

    def describe(self) -> str:
        key = {"env": "passphrase_env", "file": f"{self.kind}_file"}[self.source]
        if self.source == "file":
            if os.path.lexists(self.name):
                return f"file {self.name}"
            return f"the file that {key} of rule {self.rule} names" if self.rule else "a file"
        if self.name in os.environ:
            return f"environment variable {self.name}"
        return f"the environment variable that {key} of rule {self.rule} names" if self.rule else "a variable"

    @property
    def what(self) -> str:
        return "passphrase" if self.kind == "passphrase" else "recovery code"

    def read(self) -> Secret:
        """Read the secret (where this runs), with its hints (a byte-order mark, a recovery
        code given as a passphrase).  Raises :class:`InspectorError`
        ``credential_unreadable``; the message names the reference (see :meth:`describe`),
        never the secret."""
        if self.source == "env":
            value = os.environ.get(self.name)
            if not value:
                raise InspectorError(
                    "credential_unreadable",
                    f"{self.describe()} is {'not set' if value is None else 'empty'}",
                    expected=f"the {self.what} in {self.describe()}",
                    found="unset" if value is None else "empty",
                    likely_cause="the variable is not exported where the file is verified",
                )
            return Secret(value, self.describe(), self.what, hints_for(value, self.what))
        if not os.path.lexists(self.name):
            raise InspectorError(
                "credential_unreadable",
                f"{self.describe()} does not exist",
                expected=f"the {self.what} in {self.describe()}",
                found="no such file",
                likely_cause="the file is not where the file is verified (on a cluster: on the worker)",
            )
        from ..secrets import read_secret

        return read_secret(self.name, self.what)

    def resolve(self) -> Credential:
        """The credential itself (see :meth:`read`)."""
        return credential_of(self.kind, self.read())


def credential_of(kind: str, secret: Secret) -> Credential:
    return (
        Credential(recovery_code=secret.value)
        if kind == "recovery_code"
        else Credential(passphrase=secret.value)
    )


@dataclass(frozen=True, slots=True)
class Rule:
    number: int  # 1-based, in file order
    pattern: str
    credential: CredentialRef | None  # the current credential
    checkpoint: str | None  # absolute file name
    regex: re.Pattern[str]
    older: tuple[CredentialRef, ...] = ()  # older credentials, tried in turn when it fails
    id: str | None = None  # the identity template (ID_FIELDS)

    def matches(self, location: str) -> bool:
        return self.regex.fullmatch(_norm(location)) is not None

    @property
    def credentials(self) -> tuple[CredentialRef, ...]:
        return ((self.credential,) if self.credential is not None else ()) + self.older

    def identity(self, relative: str) -> str | None:
        """The file's identity by this rule's ``id`` (None: the rule gives none)."""
        if self.id is None:
            return None
        p = PurePosixPath(relative)
        return self.id.format(path=relative, name=p.name, stem=p.name.split(".", 1)[0] or p.name)


@dataclass(frozen=True)
class CredentialRules:
    rules: tuple[Rule, ...] = ()
    source: str = ""
    checkpoints: tuple[tuple[str, bytes], ...] = ()  # (absolute file name, bytes), read once
    ledger: str | None = None  # the fleet ledger the file names (absolute path or URL)

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
    extra = sorted(set(doc) - TOP_KEYS)
    if extra:
        raise _invalid(
            src,
            f"unknown top-level key {extra[0]!r}",
            expected="[[file]] rules and ledger",
            found=extra[0],
        )
    tables = doc.get("file", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise _invalid(src, "'file' must be an array of tables ([[file]])")
    base = p.parent.resolve()
    rules: list[Rule] = []
    checkpoints: dict[str, bytes] = {}
    for number, table in enumerate(tables, 1):
        rules.append(_rule(src, base, number, table, checkpoints))
    return CredentialRules(tuple(rules), src, tuple(checkpoints.items()), _ledger(src, base, doc))


def _ledger(src: str, base: Path, doc: dict[str, Any]) -> str | None:
    if "ledger" not in doc:
        return None
    value = doc["ledger"]
    if not isinstance(value, str) or not value:
        raise _invalid(src, "'ledger' must be a non-empty string (a file name or sqlite:/// URL)")
    from .ledger import ledger_path

    try:
        path = ledger_path(value)
    except InspectorError as exc:
        raise _invalid(src, f"'ledger': {exc.message}") from exc
    return str(base / path)  # a relative name is relative to this file's folder


def _rule(src: str, base: Path, number: int, table: dict[str, Any], checkpoints: dict[str, bytes]) -> Rule:
    where = f"rule {number}"
    unknown = sorted(set(table) - RULE_KEYS)
    if unknown:
        hint = None
        if any(k in ("passphrase", "recovery_code", "password") for k in unknown):
            hint = "secrets never go in this file: name a file (passphrase_file) or a variable"
        raise _invalid(
            src,
            f"{where}: unknown key {unknown[0]!r}",
            expected="match, id, checkpoint, and one of " + ", ".join(SECRET_KEYS),
            found=unknown[0],
            likely_cause=hint,
        )
    pattern = table.get("match")
    if not isinstance(pattern, str) or not pattern:
        raise _invalid(src, f"{where}: 'match' must be a non-empty string")
    secrets = [k for k in SECRET_KEYS if k in table]
    if len(secrets) > 1:
        raise _invalid(src, f"{where}: give one of {', '.join(secrets)}, not several")
    refs: list[CredentialRef] = []
    if secrets:
        refs = _refs(src, where, base, number, secrets[0], table[secrets[0]])
    checkpoint = None
    if "checkpoint" in table:
        value = table["checkpoint"]
        if not isinstance(value, str) or not value:
            raise _invalid(src, f"{where}: 'checkpoint' must be a non-empty string")
        checkpoint = str(base / value)
        if checkpoint not in checkpoints:
            checkpoints[checkpoint] = _read_checkpoint(src, where, checkpoint)
    ident = table.get("id")
    if ident is not None:
        _check_id(src, where, ident)
    return Rule(
        number,
        pattern,
        refs[0] if refs else None,
        checkpoint,
        glob_regex(pattern),
        tuple(refs[1:]),
        ident,
    )


def _refs(src: str, where: str, base: Path, number: int, key: str, value: Any) -> list[CredentialRef]:
    """The credential references of one key: a string, or a list (current first)."""
    values = value if isinstance(value, list) else [value]
    if not values or len(values) > MAX_CREDENTIALS:
        raise _invalid(src, f"{where}: {key!r} must name 1 to {MAX_CREDENTIALS} credentials")
    refs = []
    for v in values:
        if not isinstance(v, str) or not v:
            raise _invalid(src, f"{where}: {key!r} must be a non-empty string or a list of them")
        if key == "passphrase_env":
            if not ENV_NAME.fullmatch(v):  # never repeated: it may be the passphrase itself
                raise _invalid(
                    src,
                    f"{where}: 'passphrase_env' must name an environment variable (letters, digits "
                    "and _, not starting with a digit); the value given is not a variable name and is "
                    "not repeated here",
                    expected="a variable name such as FLEET_PASSPHRASE",
                    found="something that is not a variable name",
                    likely_cause="the passphrase itself was put where its variable's name belongs",
                )
            refs.append(CredentialRef("passphrase", "env", v, number))
        else:
            kind: Literal["passphrase", "recovery_code"] = (
                "passphrase" if key == "passphrase_file" else "recovery_code"
            )
            refs.append(CredentialRef(kind, "file", str(base / v), number))
    return refs


def _check_id(src: str, where: str, ident: Any) -> None:
    if not isinstance(ident, str) or not ident.strip():
        raise _invalid(src, f"{where}: 'id' must be a non-empty string")
    try:
        fields = {f for _, f, _, _ in string.Formatter().parse(ident) if f is not None}
    except ValueError as exc:
        raise _invalid(src, f"{where}: 'id' is not a valid template: {exc}") from exc
    unknown = sorted(fields - ID_FIELDS)
    if unknown:
        raise _invalid(
            src,
            f"{where}: 'id' names an unknown field {{{unknown[0]}}}",
            expected="{path}, {name} or {stem}",
            found=unknown[0],
        )


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
