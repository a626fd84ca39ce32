"""``verify --emit-checkpoint``: a Checkpoint signed with the file's sealed signing
key, as ``alethech verify --emit-checkpoint`` writes it.

The checkpoint states HEAD, the numbers of commits and evidence records, a
sequence one above every checkpoint already known (stored in the file, given with
``--checkpoint``, or lying beside the output as ``*.checkpoint.json``, as alethech
counts them), and the key that signed it (``key_id``, the active key whose public
key is the sealed signing key).  Kept outside the file, it lets a later audit
detect a rollback.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .canonical import JsonError, loads_strict
from .errors import InspectorError, OperationError
from .store import Store
from .write.builder import StoreWriter, dump

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
