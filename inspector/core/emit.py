"""``verify --emit-checkpoint``: a Checkpoint signed with the file's sealed signing
key, as ``alethech verify --emit-checkpoint`` writes it.

The checkpoint states HEAD, the numbers of commits and evidence records, a
sequence one above every checkpoint already known (stored in the file, given with
``--checkpoint``, or lying beside the output as ``*.checkpoint.json``, as alethech
counts them), and the key that signed it (``key_id``, the active key whose public
key is the sealed signing key).  Kept outside the file, it lets a later audit
detect a rollback.

:func:`emit_checkpoint` signs it from the very store that was just judged
(:func:`inspector.core.opener.open_and_verify_store`): the file is decrypted and
verified once, and nothing is signed about a report that did not pass.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .canonical import JsonError, loads_strict
from .errors import InspectorError, OperationError
from .store import Store
from .verify.report import Report, Verdict
from .write.builder import StoreWriter, dump
from .write.safe import atomic_write

MAX_CHECKPOINT_FILE = 1024 * 1024
MAX_BESIDE = 1000  # *.checkpoint.json files read beside the output, at most


def _sequence(obj: Any) -> int:
    seq = obj.get("sequence") if isinstance(obj, dict) else None
    return seq if type(seq) is int and 0 <= seq < 2**53 - 1 else 0


def parse_checkpoint(data: bytes) -> dict[str, Any] | None:
    """The checkpoint object in ``data``, or None when it is not one (strict JSON,
    ``type`` Checkpoint)."""
    if len(data) > MAX_CHECKPOINT_FILE:
        return None
    try:
        obj, _ = loads_strict(data)
    except (JsonError, ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) and obj.get("type") == "Checkpoint" else None


def checkpoints_beside(out: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The checkpoints in ``*.checkpoint.json`` files in the directory of ``out``."""
    found: list[dict[str, Any]] = []
    directory = Path(out).parent
    try:
        entries = sorted(directory.glob("*.checkpoint.json"))[:MAX_BESIDE]
    except OSError:
        return found
    for p in entries:
        try:
            if not p.is_file() or p.is_symlink() or p.stat().st_size > MAX_CHECKPOINT_FILE:
                continue
            obj = parse_checkpoint(p.read_bytes())
        except OSError:
            continue
        if obj is not None:
            found.append(obj)
    return found


def stored_checkpoints(store: Store) -> list[dict[str, Any]]:
    return [obj for _, data in store.list("checkpoints") if (obj := parse_checkpoint(data)) is not None]


def next_sequence(known: Iterable[dict[str, Any]]) -> int:
    """One above the highest sequence of ``known`` checkpoints (1 when none)."""
    return max((_sequence(c) for c in known), default=0) + 1


def checkpoint_for(store: Store, *, sequence: int) -> dict[str, Any]:
    """A signed checkpoint of ``store``'s HEAD and counts, with its sealed signing
    key.  Raises :class:`~inspector.core.errors.OperationError` when the store has
    no usable signing key or no HEAD."""
    if "keys/signing.key" not in store.files:
        raise OperationError(
            "no_signing_key",
            "the file holds no signing key (keys/signing.key), so it cannot sign a checkpoint",
            likely_cause="a store exported without its keys",
        )
    if store.head is None:
        raise OperationError("head_invalid", "the store has no HEAD to checkpoint")
    try:
        writer = StoreWriter(store)
        return writer.checkpoint(sequence=sequence)
    except OperationError:
        raise
    except InspectorError as exc:
        raise OperationError(exc.code, exc.message, likely_cause=exc.likely_cause) from exc


def checkpoint_bytes(checkpoint: dict[str, Any]) -> bytes:
    """The file bytes, as alethech writes a checkpoint (``json.dumps(indent=2)``)."""
    return dump(checkpoint)


@dataclass(frozen=True)
class Emitted:
    """A checkpoint written: where, its sequence and the HEAD it states."""

    path: Path
    sequence: int
    head: str


def emit_checkpoint(
    report: Report, store: Store | None, out: str | os.PathLike[str], *, given: bytes | None = None
) -> Emitted:
    """Sign a checkpoint of ``store`` — the store ``report`` judged — and write it to
    ``out`` (a new file, 0644, atomically).  Its sequence is one above every checkpoint
    known: stored in the file, ``given`` (the one verified against), or beside ``out``.

    Raises :class:`~inspector.core.errors.OperationError`: ``checkpoint_refused`` when
    the report did not pass or judged no alethech store; the signing errors of
    :func:`checkpoint_for`; the writer's errors (``out`` exists, cannot be written)."""
    if report.verdict != Verdict.PASS or report.profile != "alethech" or store is None:
        raise OperationError(
            "checkpoint_refused",
            f"a checkpoint is signed only for an alethech file that passes (this one: {report.verdict}, "
            f"profile {report.profile})",
        )
    if store.head != report.head:
        raise OperationError("checkpoint_refused", "the store is not the one the report judged")
    known = [*stored_checkpoints(store), *checkpoints_beside(out)]
    if given is not None and (cp := parse_checkpoint(given)) is not None:
        known.append(cp)
    checkpoint = checkpoint_for(store, sequence=next_sequence(known))
    atomic_write(out, checkpoint_bytes(checkpoint), mode=0o644, overwrite=False)
    return Emitted(Path(out), checkpoint["sequence"], checkpoint["head_commit_id"])
