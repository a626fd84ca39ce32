"""JSON hygiene and privacy (SPEC B6, D): fields outside the signature, private
regions left unredacted, and the sealed signing key."""

from __future__ import annotations

from ..errors import KeyError_
from ..findings import Severity, message
from ..keys import KeyPair
from ..objects import Obj
from ..privacy import value_has_private_region
from .context import Context

E, W = Severity.ERROR, Severity.WARNING

M_UNSIGNED = message(
    "Fields not covered by the signature (extra, or absent and filled by default): {fields}."
)
M_PRIVATE = message(
    "This {kind} still holds a <private> region that should have been redacted before it was signed."
)
M_SIGNING_KEY_INVALID = message("keys/signing.key cannot be loaded: {reason}.")
M_SIGNING_KEY_INACTIVE = message(
    "The sealed signing key is not an active key of this identity; alethech refuses to open or commit "
    "with it."
)


def report_unsigned(ctx: Context, o: Obj) -> None:
    ctx.add("unsigned_field", W, o.kind, o.stored_id, M_UNSIGNED, fields=", ".join(o.unsigned_fields))


def check_hygiene(ctx: Context) -> None:
    objs: list[Obj] = [
        *([ctx.root] if ctx.root else []),
        *ctx.identities,
        *ctx.events,
        *ctx.migrations,
        *ctx.checkpoints,
        *ctx.commits.values(),
        *ctx.evidence.values(),
    ]
    for o in objs:
        if o.malformed is None and o.unsigned_fields:
            report_unsigned(ctx, o)
    for oid in sorted(ctx.private):
        held = ctx.commits.get(oid) or ctx.evidence.get(oid)
        # raw is None when a worker process already looked at the raw JSON (shards)
        if held is not None and (held.raw is None or value_has_private_region(held.raw)):
            ctx.add("unredacted_private_region", W, held.kind, oid, M_PRIVATE, kind=held.kind)
    signing = ctx.store.files.get("keys/signing.key")
    if signing is not None:
        _signing_key(ctx, signing)


def _signing_key(ctx: Context, pem: bytes) -> None:
    authority = ctx.authority
    assert authority is not None
    try:
        raw = KeyPair.from_pem(pem, source="keys/signing.key").raw_public
    except KeyError_ as exc:
        ctx.add(
            "signing_key_invalid", W, "store", "keys/signing.key", M_SIGNING_KEY_INVALID, reason=exc.message
        )
        return
    i = authority.by_pub.get(raw)
    # with a root, only a key the chain granted signs new commits (a legacy key no grant
    # brought in signs under its old agent_id only)
    if (
        i is None
        or authority.eras[i].revoked_by is not None
        or (authority.v2_agent and not authority.chain[i])
    ):
        ctx.add("signing_key_inactive", W, "store", "keys/signing.key", M_SIGNING_KEY_INACTIVE)
