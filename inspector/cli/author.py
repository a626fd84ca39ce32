"""Authoring subcommands: rotate, revoke, grant, migrate, rekey, recover, label."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .common import (
    EXIT_FAIL,
    EXIT_PASS,
    EXIT_UNOPENABLE,
    UsageError,
    add_credential_args,
    credential_from_args,
)

OPERATIONS = ("rotate", "revoke", "grant", "migrate", "rekey", "recover", "label")


def register(sub) -> None:  # type: ignore[no-untyped-def]
    _add_authoring_parsers(sub)


AUTHORING_EPILOG = (
    "The new payload is built in memory and verified; only a passing result is written, to a new "
    "path (-o) or over the source (--in-place, with a backup kept until the new file is read back "
    "and verified). The output keeps the input's passphrase and every unlock slot. Exit codes: 0 "
    "written (or dry run shown), 1 the result does not verify (nothing written), 2 input "
    "unopenable, 3 usage or refused."
)


def _authoring(sub, name: str, help_: str, description: str) -> argparse.ArgumentParser:  # type: ignore[no-untyped-def]
    p = sub.add_parser(name, help=help_, description=description, epilog=AUTHORING_EPILOG)
    p.set_defaults(func=cmd_author)
    p.add_argument("path", metavar="FILE", help="a .aleth file or a directory store")
    add_credential_args(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", metavar="OUT", help="write the result to OUT (must not exist)")
    out.add_argument(
        "--in-place",
        action="store_true",
        help="write over FILE (a backup is kept until the new file is verified)",
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="show what would be added, the eras before and after and the verdict; write nothing",
    )
    p.add_argument("--json", action="store_true", help="print the preview/result as one JSON object")
    p.add_argument(
        "--allow-invalid-input",
        action="store_true",
        help="build on an input that fails verification (recorded in the report)",
    )
    return p


def _add_authoring_parsers(sub) -> None:  # type: ignore[no-untyped-def]
    p = _authoring(
        sub,
        "rotate",
        "revoke a key and authorize a fresh one (root key needed)",
        "Revoke one active key at a cutoff (HEAD unless chosen) and authorize a freshly "
        "generated key in one key_rotation control event signed by the root key; the "
        "identity record is re-signed. Rotating the agent key seals the new key as "
        "keys/signing.key.",
    )
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--key", metavar="KEY_ID", help="the key to rotate (default: the agent key)")
    p.add_argument("--cutoff", metavar="COMMIT_ID", help="cutoff_head (default: HEAD)")
    p.add_argument(
        "--new-key-out",
        metavar="PEM",
        help="write the new private key here (0600); required for a housekeeper/auditor key",
    )
    p = _authoring(
        sub,
        "revoke",
        "revoke a key without a successor (root key needed)",
        "Revoke an active key without a successor. Revoking the agent key also drops "
        "keys/signing.key from the sealed payload.",
    )
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--key", metavar="KEY_ID", required=True, help="the key to revoke")
    p.add_argument("--reason", choices=("compromise", "expiry", "rotation"), default="compromise")
    p = _authoring(
        sub,
        "grant",
        "grant a housekeeper or auditor key (root key needed)",
        "Generate a housekeeper or auditor key pair, grant it in a key_grant control event, "
        "and write its private key to --key-out (0600).",
    )
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--role", choices=("housekeeper", "auditor"), required=True)
    p.add_argument("--key-out", metavar="PEM", required=True, help="where to write the new private key")
    p = _authoring(
        sub,
        "migrate",
        "migrate a v0.1 store to a root-governed identity",
        "Create a root key, the migration record (signed by the legacy key and the new "
        "root), the root authority, the identity record and the genesis grant of key-001.",
    )
    p.add_argument("--root-key-out", metavar="PEM", required=True, help="where to write the new root key")
    p = _authoring(
        sub,
        "rekey",
        "give a sealed file a new passphrase",
        "Seal the same payload under a new passphrase (ALETH001 becomes ALETH002). A "
        "recovery slot is kept when its code is given, replaced by a new code on request; "
        "a file with a recovery slot and neither option is refused.",
    )
    p.add_argument("--new-passphrase-file", metavar="F", required=True)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--keep-recovery-code-file", metavar="F", help="keep the recovery slot (its code in F)")
    g.add_argument(
        "--new-recovery-code-out",
        metavar="F",
        help="replace the recovery slot; write the new code to F (0600)",
    )
    p = _authoring(
        sub,
        "recover",
        "set a new passphrase using the recovery code",
        "Open FILE with its recovery code (--recovery-code-file) and set a new passphrase. "
        "The recovery slot stays (same code) unless a new code is asked for.",
    )
    p.add_argument("--new-passphrase-file", metavar="F", required=True)
    p.add_argument("--new-recovery-code-out", metavar="F", help="replace the recovery code; write it to F")
    p = _authoring(
        sub,
        "label",
        "append an epistemic label for a memory",
        "Append a label record (SPEC C2) signed by an auditor or housekeeper key; the reason "
        "passes through strip_private. Refused when the verifier would flag it (a detector "
        "writing a verdict label, a verdict without evidence).",
    )
    p.add_argument("--memory", metavar="ID", required=True)
    p.add_argument(
        "--label",
        required=True,
        choices=(
            "unverified",
            "supported",
            "disputed",
            "poison_suspect",
            "poison_likely",
            "poison_confirmed",
            "poison_refuted",
        ),
    )
    p.add_argument("--key", metavar="PEM", required=True, help="auditor or housekeeper private key")
    p.add_argument("--reason", metavar="TEXT", required=True)
    p.add_argument("--evidence", metavar="ID", nargs="*", default=[], help="evidence ids (verdict labels)")
    p.add_argument("--confidence", metavar="MILLI", type=int, default=800, help="0…1000 (default 800)")


def _print_result(res, written: str | None, as_json: bool, extra: dict | None = None) -> None:  # type: ignore[no-untyped-def]
    if as_json:
        out = res.to_json()
        out["written"] = written
        out.update(extra or {})
        json.dump(out, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return
    print(f"{res.operation}: result {res.report.verdict.upper()} (input {res.source.report.verdict})")
    for label, items in (("added", res.added), ("removed", res.removed), ("changed", res.changed)):
        for item in items:
            print(f"  {label:8} {item}")
    before = {(e.key_id, e.state) for e in res.eras_before}
    for e in res.eras_after:
        mark = " " if (e.key_id, e.state) in before else "*"
        cut = f"  cutoff {e.cutoff}" if e.cutoff else ""
        print(f"  {mark} era {e.key_id:<16} {e.role:<11} {e.state}{cut}")
    for note in res.notes:
        print(f"  note: {note}")
    for f in res.report.findings:
        if f.severity.value == "error":
            print(f"  ✗ {f.code} {f.object_id}: {f.message}")
    if written:
        print(f"wrote {written}")


def cmd_author(args: argparse.Namespace) -> int:
    from ..core.errors import ContainerError, InspectorError, StoreError
    from ..core.keys import KeyPair, write_private_key
    from ..core.opener import read_secret_file
    from ..core.write import authoring as A
    from ..core.write.safe import atomic_write

    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"{path} does not exist")
    if not args.dry_run and not args.in_place and not args.output:
        raise UsageError("give -o OUT, --in-place or --dry-run")
    op = args.command
    if op == "recover" and not args.recovery_code_file:
        raise UsageError("recover needs --recovery-code-file")
    try:
        cred = credential_from_args(args, path)
        src = A.load_source(path, cred)
    except (ContainerError, StoreError) as exc:
        print(f"aleth-inspector: {exc.describe()}", file=sys.stderr)
        return EXIT_UNOPENABLE
    except InspectorError as exc:
        raise UsageError(exc.describe()) from exc
    allow = args.allow_invalid_input
    new_passphrase = None
    key_outputs: list[tuple[Path, str]] = []  # (path, key id) to write
    try:
        if op == "rotate":
            root = KeyPair.load(args.root_key)
            res = A.rotate(src, root, key_id=args.key, cutoff=args.cutoff, allow_invalid=allow)
            new_id = next(iter(res.new_keys))
            agent = res.eras_after and res.store.files.get("keys/signing.key") == res.new_keys[new_id].pem()
            if args.new_key_out:
                key_outputs.append((Path(args.new_key_out), new_id))
            elif not agent:
                raise UsageError(
                    "rotating a housekeeper/auditor key needs --new-key-out PEM "
                    "(the new private key is not sealed)"
                )
        elif op == "revoke":
            res = A.revoke(
                src, KeyPair.load(args.root_key), args.key, reason=args.reason, allow_invalid=allow
            )
        elif op == "grant":
            res = A.grant(src, KeyPair.load(args.root_key), args.role, allow_invalid=allow)
            key_outputs.append((Path(args.key_out), next(iter(res.new_keys))))
        elif op == "migrate":
            res = A.migrate(src, allow_invalid=allow)
            key_outputs.append((Path(args.root_key_out), "root"))
        elif op == "label":
            res = A.label(
                src,
                args.memory,
                args.label,
                KeyPair.load(args.key),
                args.reason,
                evidence=args.evidence,
                confidence_milli=args.confidence,
                allow_invalid=allow,
            )
        elif op in ("rekey", "recover"):
            new_passphrase = read_secret_file(args.new_passphrase_file)
            if not new_passphrase:
                raise UsageError("the new passphrase is empty")
            if op == "rekey":
                keep = (
                    read_secret_file(args.keep_recovery_code_file, "recovery code")
                    if args.keep_recovery_code_file
                    else None
                )
                res = A.rekey(
                    src,
                    new_passphrase,
                    keep_recovery_code=keep,
                    new_recovery_code=bool(args.new_recovery_code_out),
                    allow_invalid=allow,
                )
            else:
                res = A.recover(
                    src,
                    new_passphrase,
                    new_recovery_code=bool(args.new_recovery_code_out),
                    allow_invalid=allow,
                )
        else:  # pragma: no cover - argparse guards the names
            raise UsageError(f"unknown operation {op}")
        for p, _ in key_outputs:
            if p.exists():
                raise UsageError(f"refusing to overwrite existing key file {p}")
            if not p.parent.is_dir():
                raise UsageError(f"directory {p.parent} does not exist")
        if args.dry_run:
            _print_result(res, None, args.json, {"dry_run": True})
            return EXIT_PASS if res.ok else EXIT_FAIL
        if not res.ok:
            _print_result(res, None, args.json)
            print("aleth-inspector: the result does not verify; nothing was written", file=sys.stderr)
            return EXIT_FAIL
        if args.output:
            target = Path(args.output)
            if target.exists():
                raise UsageError(f"target_exists: {target} already exists; choose a new output path")
            if not target.parent.is_dir():
                raise UsageError(f"target_directory_missing: directory {target.parent} does not exist")
        created: list[Path] = []
        try:
            for p, kid in key_outputs:
                created.append(write_private_key(p, res.new_keys[kid]))
            code_out = getattr(args, "new_recovery_code_out", None)
            if res.recovery_code is not None and code_out:
                created.append(atomic_write(code_out, (res.recovery_code + "\n").encode(), overwrite=False))
            written = A.write_result(res, args.output, in_place=args.in_place, new_passphrase=new_passphrase)
        except BaseException:
            for p in created:  # a key or code for a file that was not written is only a liability
                p.unlink(missing_ok=True)
            raise
    except ContainerError as exc:
        if exc.code == "wrong_passphrase":
            print(f"aleth-inspector: {exc.describe()}", file=sys.stderr)
            return EXIT_UNOPENABLE
        raise UsageError(exc.describe()) from exc
    except InspectorError as exc:
        raise UsageError(exc.describe()) from exc
    _print_result(res, str(written.path), args.json)
    if res.recovery_code is not None and not getattr(args, "new_recovery_code_out", None):
        print(f"new recovery code (shown once, store it safely): {res.recovery_code}", file=sys.stderr)
    return EXIT_PASS
