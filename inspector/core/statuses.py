"""What each object status means, why it matters and what to do: the statuses' own table,
beside the finding codes' (:mod:`inspector.core.codes`).

A report prints a status for every commit and evidence record
(``NOT_IN_PROVEN_PRE_ROTATION_HISTORY 3``); ``aleth-inspector explain STATUS`` and the
generated ``docs/codes.md`` read this table.  The texts are registered message
templates, so the translation catalogues cover them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .findings import message
from .verify.report import Status


@dataclass(frozen=True, slots=True)
class StatusInfo:
    status: Status
    title: str  # a short noun phrase
    meaning: str  # what the status says about the object
    why: str  # why an auditor should care
    action: str  # what to do about it

    @property
    def name(self) -> str:
        return self.status.value


STATUSES: dict[str, StatusInfo] = {}


def _register(status: Status, title: str, meaning: str, why: str, action: str) -> None:
    STATUSES[status.value] = StatusInfo(
        status, message(title), message(meaning), message(why), message(action)
    )


_register(
    Status.VALID,
    "Signed by a key that is active now",
    "The object's id matches its content and its signature verifies with a key the root-signed control "
    "chain grants and has not revoked.",
    "This is the strongest statement the file can make about an object: it is what the agent's current "
    "key signed.",
    "Nothing; the object counts as proven.",
)
_register(
    Status.VALID_HISTORICAL,
    "Signed by a revoked key, inside its proven history",
    "The signature verifies with a key that was later revoked, and the object lies inside the history "
    "that the revocation's cutoff closes, so it is proven to predate the revocation.",
    "A key's history before its rotation stays trustworthy: these objects were made while the key was "
    "still the agent's.",
    "Nothing; read the key era's revocation reason if the key was compromised.",
)
_register(
    Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY,
    "Signed by a revoked key, outside its proven history (dark)",
    "The signature verifies with a key that was revoked, but the object is not inside the history the "
    "revocation's cutoff closes: it is not proven to predate the revocation.",
    "Anyone who held the old key could have made such an object after the rotation; a stolen key makes "
    "exactly these.",
    "Do not trust the object. Find out whether the old key leaked; the report's key eras name the "
    "revocation and its cutoff.",
)
_register(
    Status.MISSING_PARENT,
    "A parent is not in the file",
    "The object's signature verifies, but a parent commit it names is not in the file.",
    "Removed history cannot be checked: what was deleted, and whether the rest still stands on it, is "
    "unknown.",
    "Compare with a backup or an earlier copy of the file; the missing ids are in the findings.",
)
_register(
    Status.INVALID_SIGNATURE,
    "The signature does not verify",
    "The signature does not verify with the public key of the key the object names.",
    "The object was changed after it was signed, or signed by someone without the key.",
    "Do not trust the object; restore the file from a backup and find out who wrote it.",
)
_register(
    Status.UNKNOWN_KEY,
    "Signed by a key the root never granted",
    "The key the object names was never granted by the root-signed control chain, or it is used before "
    "the rotation that granted it.",
    "Only root-signed statements give a key the right to sign; a key from anywhere else proves nothing.",
    "Do not trust the object; check the control events and migrations for the grant it would need.",
)
_register(
    Status.UNKNOWN_IDENTITY,
    "Claims an identity the file does not have",
    "The agent_id the object claims belongs to no identity in this file.",
    "An object of another agent, or one made up, cannot be checked against any key history.",
    "Do not trust the object; find out where it came from.",
)
_register(
    Status.DIGEST_MISMATCH,
    "The content no longer hashes to its id",
    "The object's content does not hash to the id it is stored under: it was changed after it was signed.",
    "The id is what other objects cite; content that does not match it is not what was cited.",
    "Do not trust the object; restore the file from a backup.",
)
_register(
    Status.MALFORMED,
    "Not readable as an object of its type",
    "The object cannot be read as strict JSON of its type (a missing or wrongly typed field, invalid "
    "JSON, a duplicate key).",
    "Nothing in an object that cannot be read can be checked.",
    "Restore the file from a backup; the findings say what is wrong with the object.",
)


def lookup_status(name: str) -> StatusInfo | None:
    """The entry of the status ``name`` (as a report prints it; any letter case)."""
    return STATUSES.get(name.upper()) if name.isascii() else None
