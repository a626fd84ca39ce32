"""The authoring jobs the GUI runs in its worker process (Qt-free; registered in
:data:`inspector.core.jobs.JOBS`).

``author_preview`` builds and verifies the result and ships the preview together
with the exact :class:`~.authoring.Output` to be written (sealed bytes, or the
files of a directory store: in memory and through the job pipe, never a file).
``author_write`` writes that output — the previewed bytes or nothing — in one
transaction with the new private keys and recovery code (saved before the switch).
Secrets arrive through the pipe, never via argv or a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..container import Credential
from ..errors import InspectorError
from ..keys import KeyPair
from ..progress import Send, throttled
from ..verify.engine import VerifyOptions
from . import authoring as A


def build(
    op: str,
    path: str,
    credential: Credential | None,
    params: dict[str, Any],
    options: VerifyOptions | None = None,
) -> A.Result:
    """Run operation ``op`` on ``path`` with the dialog's ``params`` (private keys as PEM)."""
    src = A.load_source(path, credential, options=options)

    def key(name: str) -> KeyPair | None:
        pem = params.get(name)
        return KeyPair.from_pem(pem, source=name) if pem else None

    def need(name: str) -> KeyPair:
        k = key(name)
        if k is None:
            raise InspectorError("usage", f"the {name} key is missing")
        return k

    if op == "rotate":
        return A.rotate(
            src,
            need("root"),
            key_id=params.get("key_id"),
            cutoff=params.get("cutoff"),
            new_key=key("new_key"),
            reason=params.get("reason", "rotation"),
        )
    if op == "revoke":
        return A.revoke(
            src,
            need("root"),
            params["key_id"],
            reason=params.get("reason", "compromise"),
            cutoff=params.get("cutoff"),
            grant_agent=bool(params.get("grant_agent", False)),
            new_key=key("new_key") if params.get("grant_agent") else None,
        )
    if op == "grant":
        return A.grant(src, need("root"), params["role"], new_key=key("new_key"))
    if op == "migrate":
        return A.migrate(src, new_root=key("new_key"))
    if op == "label":
        return A.label(
            src,
            params["memory"],
            params["label"],
            need("key"),
            params["reason"],
            evidence=params.get("evidence", []),
            confidence_milli=params.get("confidence_milli", 800),
        )
    if op == "rekey":
        return A.rekey(
            src,
            params["new_passphrase"],
            keep_recovery_code=params.get("keep_recovery_code"),
            new_recovery_code=bool(params.get("new_recovery_code")),
        )
    if op == "recover":
        return A.recover(
            src,
            params["new_passphrase"],
            new_recovery_code=bool(params.get("new_recovery_code")),
        )
    raise InspectorError("usage", f"unknown operation {op}")


def author_preview(
    send: Send, *, op: str, path: str, credential: Credential | None, params: dict[str, Any]
) -> None:
    """Build the result and ship the preview and the exact output."""
    send(("progress", "opening", 0, 1))
    res = build(op, path, credential, params, VerifyOptions(progress=throttled(send)))
    send(
        (
            "result",
            {
                "preview": res.to_json(),
                "effects": res.effects,  # templates and parameters: the dialog shows them translated
                "output": res.output,
                "ok": res.ok,
                "disown_only": res.disown_only,
                "recovery_code": res.recovery_code,
                "old_copies": [str(p) for p in res.old_copies],
            },
        )
    )


def author_write(
    send: Send,
    *,
    output: A.Output,
    target: str | None = None,
    in_place: bool = False,
    backup: bool = True,
    disown: bool = False,
    secrets: list[A.SecretFile] | tuple[A.SecretFile, ...] = (),
) -> None:
    """Write the previewed output (its bytes or nothing), then the secrets."""
    send(("progress", "writing", 0, 1))
    written = A.write(output, target, in_place=in_place, backup=backup, disown=disown, secrets=list(secrets))
    send(
        (
            "result",
            {
                "written": str(written.path),
                "sha256": written.sha256,
                "backup": str(written.backup) if written.backup else None,
                "old_copies": [str(p) for p in written.old_copies],
                "saved": [str(Path(p)) for p in written.secrets],
                "warnings": [w.message for w in written.warnings],
            },
        )
    )
