"""Authoring subcommands: rotate, revoke, grant, migrate, rekey, recover, label.

Each builds the result in memory, verifies it, seals it and shows the preview:
what changes in plain words, what becomes NOT_IN_PROVEN_PRE_ROTATION_HISTORY,
and the SHA-256 of the exact bytes to be written.  ``--dry-run`` stops there (and
``--plan-out`` saves its plan); otherwise exactly those bytes are written, in one
transaction with the new keys and recovery code (:func:`inspector.core.write.safe.apply`),
and the last words say what was written and where the secrets are — or that
nothing was written.  The outputs (-o, key and code files, the plan) are checked
before anything is built; FILE is opened without blocking (a FIFO or a device is
refused) and locked for the whole read-verify-write cycle.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from ..core import i18n
from ..core.i18n import finding_message, number, said, tr
from . import messages as M
from .common import (
    EXIT_FAIL,
    EXIT_INTERRUPTED,
    EXIT_PASS,
    EXIT_UNOPENABLE,
    UsageError,
    add_credential_args,
    credential_from_args,
)

LABELS = (
    "unverified",
    "supported",
    "disputed",
    "poison_suspect",
    "poison_likely",
    "poison_confirmed",
    "poison_refuted",
)

AUTHORING_EPILOG = (
    "The result is built in memory, verified and sealed; the preview shows what changes in plain "
    "words and the SHA-256 of the exact bytes, and only those bytes are written: to a new path (-o, "
    "mode 0600) or over FILE (--in-place: FILE's mode, owner and extended attributes are kept, the "
    "previous version is kept as FILE.bak and replaced by the next in-place write unless --no-backup, "
    "and FILE and its lock are held so a second writer is refused). -o, the key files and --plan-out "
    "must be new paths; they are checked before anything is built. New private keys are saved (0600) "
    "before the new file replaces the old one, so an interruption leaves the old file and nothing new, "
    "or the new file with its keys; the last line says which. A file that already fails can be written "
    "when the result adds no error it did not have. --dry-run --plan-out PLAN saves the plan (the "
    "source's SHA-256, the inputs, the effects and the disowned list; never a secret); --plan PLAN "
    "writes only if the source is byte-identical and the effects are the same. The output keeps the "
    "input's passphrase and every unlock slot. Exit codes: 0 written (or dry run that would write), "
    "1 the result adds errors or needs --disown (nothing written), 2 input unopenable, 3 usage, "
    "refused, or FILE is being written by another process, 130 interrupted before the write (nothing "
    "written)."
)
REKEY_EPILOG = (
    "The same payload is sealed under a new passphrase with fresh unlock slots: the old passphrase "
    "stops working (and the old recovery code, unless it is kept). No signed byte changes, so a file "
    "that fails verification (a compromise already answered) can be re-keyed; the passphrase the file "
    "already has is refused. The preview shows this and the SHA-256 of the exact bytes, and only those "
    "bytes are written: to a new path (-o, mode 0600; FILE itself still opens with the old passphrase) "
    "or over FILE (--in-place: FILE's mode, owner and extended attributes are kept and no backup is "
    "kept). Nothing is deleted: copies beside FILE that the old passphrase still opens (such as "
    "FILE.bak) are named so you can delete them. A new recovery code is saved (0600) before the new "
    "file replaces the old one, or shown once on stderr. Exit codes: 0 written (or dry run), 2 input "
    "unopenable or wrong credential, 3 usage, refused, or FILE is being written by another process, "
    "130 interrupted before the write (nothing written)."
)


def register(sub) -> None:  # type: ignore[no-untyped-def]
    _add_authoring_parsers(sub)


def _authoring(
    sub: Any, name: str, help_: str, description: str, *, rekey: bool = False
) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        name, help=help_, description=description, epilog=REKEY_EPILOG if rekey else AUTHORING_EPILOG
    )
    p.set_defaults(func=cmd_author)
    p.add_argument("path", metavar="FILE", help="a .aleth file" + ("" if rekey else " or a directory store"))
    add_credential_args(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", metavar="OUT", help="write the result to OUT (a new path)")
    out.add_argument(
        "--in-place",
        action="store_true",
        help="write over FILE" + (" (no backup; nothing is deleted)" if rekey else " (keeps FILE.bak)"),
    )
    if not rekey:
        p.add_argument(
            "--no-backup",
            action="store_true",
            help="with --in-place: keep no FILE.bak (one is kept by default)",
        )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="show the preview (effects, eras before and after, verdict, SHA-256); write nothing",
    )
    p.add_argument(
        "--plan-out",
        metavar="PLAN",
        help="with --dry-run: save the plan to PLAN (a new path): source SHA-256, inputs, effects, "
        "disowned list; never a secret",
    )
    p.add_argument(
        "--plan",
        metavar="PLAN",
        help="write only if the source is byte-identical to PLAN's and the effects are the same",
    )
    p.add_argument("--json", action="store_true", help="print the preview/result as one JSON object")
    p.add_argument("--allow-invalid-input", action="store_true", help=argparse.SUPPRESS)  # no longer needed
    return p


def _add_compromise_args(p: argparse.ArgumentParser, *, default_reason: str) -> None:
    p.add_argument(
        "--reason",
        choices=("compromise", "expiry", "rotation"),
        default=default_reason,
        help=f"why the key is retired (default: {default_reason})",
    )
    p.add_argument(
        "--cutoff",
        metavar="COMMIT_ID",
        help="the last commit you trust (required with --reason compromise; otherwise HEAD, after "
        "anchoring); the key's later objects are disowned",
    )
    p.add_argument(
        "--disown",
        action="store_true",
        help="with --reason compromise: confirm the listed objects are not yours and write the "
        "result although it now fails (only when every new error is one of them)",
    )


def _add_authoring_parsers(sub) -> None:  # type: ignore[no-untyped-def]
    p = _authoring(
        sub,
        "rotate",
        "revoke a key and authorize a fresh one (root key needed)",
        "Revoke one active key at a cutoff and authorize a freshly generated key in one key_rotation "
        "control event signed by the root key; the identity record is re-signed. For a routine "
        "rotation the cutoff is HEAD unless chosen, after one anchoring commit cites the evidence and "
        "stored checkpoints of the old key that no commit cites. Rotating the agent key seals the new "
        "key as keys/signing.key. After a key theft: --reason compromise --cutoff LAST_TRUSTED "
        "--disown (no anchoring: what the key signed after the cutoff is listed and disowned).",
    )
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--key", metavar="KEY_ID", help="the key to rotate (default: the agent key)")
    _add_compromise_args(p, default_reason="rotation")
    p.add_argument(
        "--new-key-out",
        metavar="PEM",
        help="write the new private key here (0600); required for a housekeeper/auditor key",
    )
    p = _authoring(
        sub,
        "revoke",
        "revoke a key without a successor (root key needed)",
        "Revoke an active key without a successor. For a routine revocation, evidence and stored "
        "checkpoints of the key that no commit cites are first cited by one anchoring commit. "
        "Revoking the only agent key needs --grant-agent (a new agent key in the same write) or "
        "rotate: nothing could be committed again otherwise. After a key theft: --reason compromise "
        "--cutoff LAST_TRUSTED --disown.",
    )
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--key", metavar="KEY_ID", required=True, help="the key to revoke")
    _add_compromise_args(p, default_reason="compromise")
    p.add_argument(
        "--grant-agent",
        action="store_true",
        help="revoking the only agent key: grant a new agent key in the same write (sealed as "
        "keys/signing.key)",
    )
    p = _authoring(
        sub,
        "grant",
        "grant a key: housekeeper, auditor, or a new agent key (root key needed)",
        "Generate a key pair and grant it in a key_grant control event: a housekeeper or auditor key "
        "(its private key is saved to --key-out, 0600, before the new file replaces the old one), or "
        "a new agent key for a store whose agent key was revoked (sealed as keys/signing.key; "
        "--key-out saves a copy).",
    )
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--role", choices=("housekeeper", "auditor", "agent"), required=True)
    p.add_argument(
        "--key-out", metavar="PEM", help="where to write the new private key (required but for --role agent)"
    )
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
        "Seal the same payload under a new passphrase (ALETH001 becomes ALETH002). A recovery slot "
        "is kept when its code is given, replaced by a new code on request; a file with a recovery "
        "slot and neither option is refused.",
        rekey=True,
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
        rekey=True,
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
    p.add_argument("--label", required=True, choices=LABELS)
    p.add_argument("--key", metavar="PEM", required=True, help="auditor or housekeeper private key")
    p.add_argument("--reason", metavar="TEXT", required=True)
    p.add_argument(
        "--evidence",
        metavar="ID",
        action="append",
        default=[],
        help="an evidence id the label rests on (repeat for several; verdict labels need one)",
    )
    p.add_argument("--confidence", metavar="MILLI", type=int, default=800, help="0…1000 (default 800)")


# --------------------------------------------------------------------------- output


def _say(text: str, stream: Any = None) -> None:
    """Print a line whatever the stream can encode (what it cannot is escaped)."""
    stream = stream or sys.stdout
    enc = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(enc)
    except (UnicodeEncodeError, LookupError):
        text = text.encode(enc, "backslashreplace").decode(enc, "replace")
    print(text, file=stream, flush=True)


def _short(oid: str) -> str:
    from ..core.write.effects import short_id

    return short_id(oid)


def _print_preview(res: Any, lang: str, extra_effects: list[Any]) -> None:
    _say(
        tr(
            M.AUTHOR_RESULT,
            lang,
            operation=res.operation,
            verdict=res.report.verdict.upper(),
            input=res.source.report.verdict,
        )
    )
    for e in [*res.effects, *extra_effects]:
        _say(f"  - {e.translated(lang)}")
    if res.unproven:
        _say("  " + tr(M.AUTHOR_UNPROVEN, lang, count=number(len(res.unproven), lang)))
        for d in res.unproven:
            what = tr(M.AUTHOR_DISOWNED if d.error else M.AUTHOR_UNANCHORED, lang)
            _say(f"    {d.kind:<10} {d.object_id}  {d.key_id}  {what}  {d.summary}")
    for template, items in (
        (M.AUTHOR_ADDED, res.added),
        (M.AUTHOR_REMOVED, res.removed),
        (M.AUTHOR_CHANGED, res.changed),
    ):
        for item in items:
            _say("  " + tr(template, lang, item=item))
    before = {(e.key_id, e.state) for e in res.eras_before}
    for e in res.eras_after:
        mark = " " if (e.key_id, e.state) in before else "*"
        cut = "  " + tr(M.AUTHOR_CUTOFF, lang, commit=_short(e.cutoff)) if e.cutoff else ""
        _say(f"  {mark} " + tr(M.AUTHOR_ERA, lang, key_id=e.key_id, role=e.role, state=e.state) + cut)
    for note in res.notes:
        _say("  " + tr(M.AUTHOR_NOTE, lang, text=note.translated(lang)))
    new = {(c, o) for c, _k, o in res.output.new_errors}
    for f in res.report.findings:
        if (
            f.severity.value == "error"
            and (f.code, f.object_id) in new
            and f.object_id not in res.output.disowned
        ):
            _say(
                "  "
                + tr(M.AUTHOR_ERROR, lang, code=f.code, object=f.object_id, message=finding_message(f, lang))
            )
    _say(
        "  "
        + tr(
            M.AUTHOR_OUTPUT,
            lang,
            sha256=res.output.sha256,
            kind=res.output.kind,
            size=number(res.output.size, lang),
        )
    )


def _warn(text: str) -> None:
    _say(f"aleth-inspector: warning: {text}", sys.stderr)


# --------------------------------------------------------------------------- the command


def _secret_paths(args: argparse.Namespace) -> list[Path]:
    names = ("new_key_out", "key_out", "root_key_out", "new_recovery_code_out")
    return [Path(v) for v in (getattr(args, n, None) for n in names) if v]


def _check_args(args: argparse.Namespace, path: Path) -> None:
    """Everything the command line alone can refuse, before any file is read."""
    from ..core.errors import InspectorError
    from ..core.write import safe

    if not path.exists() and not path.is_symlink():
        raise UsageError(f"{path} does not exist")
    if not args.dry_run and not args.in_place and not args.output:
        raise UsageError("give -o OUT, --in-place or --dry-run")
    if getattr(args, "no_backup", False) and not args.in_place:
        raise UsageError("--no-backup goes with --in-place")
    if getattr(args, "disown", False) and args.reason != "compromise":
        raise UsageError("--disown answers a key theft: use it with --reason compromise (and --cutoff)")
    if args.plan_out and not args.dry_run:
        raise UsageError("--plan-out goes with --dry-run (the plan of a write not made yet)")
    if args.plan and args.dry_run:
        raise UsageError("--plan binds a write: use it without --dry-run")
    if args.command == "recover" and not args.recovery_code_file:
        raise UsageError("recover needs --recovery-code-file")
    if args.command == "grant" and args.role != "agent" and not args.key_out:
        raise UsageError(f"grant --role {args.role} needs --key-out PEM (the new private key is not sealed)")
    if args.allow_invalid_input:
        _warn(
            "--allow-invalid-input is no longer needed: a write on a failing input is allowed when the "
            "result adds no error it did not have"
        )
    try:
        if args.output:
            safe.check_new_target(args.output)
        if args.plan_out:
            safe.check_new_target(args.plan_out)
    except InspectorError as exc:
        raise UsageError(_describe(exc, i18n.system_language())) from exc


def _check_outputs(args: argparse.Namespace, path: Path) -> None:
    """The outputs as they are once a killed run's leftovers are settled: new paths, all
    different, none the source."""
    from ..core.write import authoring as A

    in_place = bool(args.in_place) or not args.output  # a dry run may name no output
    A.check_outputs(path, args.output, in_place=in_place, secrets=_secret_paths(args))


def cmd_author(args: argparse.Namespace) -> int:
    from ..core import process
    from ..core.errors import InspectorError
    from ..core.write import safe

    path = Path(args.path)
    lang = i18n.system_language()  # looked up when called (tests set it)
    process.harden()
    _check_args(args, path)
    with process.terminate_as_interrupt(), contextlib.ExitStack() as stack:
        try:
            try:
                stack.enter_context(safe.locked(path, write=bool(args.in_place and not args.dry_run)))
                _settle(args, path, stack, lang)
                _check_outputs(args, path)
            except InspectorError as exc:  # busy, a FIFO or a device as FILE, an in-place link, outputs
                raise UsageError(_describe(exc, lang)) from exc
            return _cycle(args, path, lang)
        except KeyboardInterrupt as exc:  # before the switch: the transaction left nothing new
            if args.json:  # one object on stdout whatever happens
                name = exc.name if isinstance(exc, process.Interrupted) else "SIGINT"
                json.dump({"written": None, "interrupted": name}, sys.stdout)
                sys.stdout.write("\n")
            _say("aleth-inspector: " + tr(M.AUTHOR_NOTHING_WRITTEN, lang), sys.stderr)
            return EXIT_INTERRUPTED


def _settle(args: argparse.Namespace, path: Path, stack: contextlib.ExitStack[Any], lang: str) -> None:
    """Before a write: what a killed run left on the target is finished or undone (its
    journal says which), so the retry meets a settled state.  A dry run changes nothing:
    it only says that a write is pending."""
    from ..core.write import authoring as A
    from ..core.write import safe

    target = path if args.in_place else (Path(args.output) if args.output else None)
    if target is None:
        return
    if args.dry_run:
        if safe.journal_path(target).exists():
            _warn(tr(M.AUTHOR_PENDING, lang, path=str(target)))
        return
    if not args.in_place:
        stack.enter_context(safe.locked(target, write=True))
    for line in A.settle(target):
        _warn(said(line, lang))


def _describe(exc: Any, lang: str) -> str:
    """The refusal's diagnostic, its sentence in the user's language when it has a template."""
    text = str(exc.describe())
    template = getattr(exc, "template", None)
    if template:
        text = text.replace(exc.message, tr(template, lang, **dict(getattr(exc, "params", ()))), 1)
    return text


def _fingerprint(key: Any) -> str:
    from ..core.keys import fingerprint

    return str(fingerprint(key.raw_public))


def _load_key(path: str) -> Any:
    from ..core.write.authoring import load_key

    key = load_key(path)
    for note in key.notes:
        _warn(said(note, i18n.system_language()))
    return key


def _build(args: argparse.Namespace, src: Any, secrets: list[Any], inputs: dict[str, Any]) -> Any:
    """Run the operation; fill ``secrets`` (files to save) and ``inputs`` (what the plan
    binds: never a secret)."""
    from ..core.opener import read_secret_file
    from ..core.write import authoring as A

    op = args.command
    if op in ("rotate", "revoke", "grant"):
        root = _load_key(args.root_key)
        inputs["root_key"] = _fingerprint(root)
    if op == "rotate":
        res = A.rotate(src, root, key_id=args.key, cutoff=args.cutoff, reason=args.reason)
        inputs.update(key=args.key, cutoff=args.cutoff, reason=args.reason, new_key_out=args.new_key_out)
        new_id, new_key = next(iter(res.new_keys.items()))
        sealed_as_agent = res.store.files.get("keys/signing.key") == new_key.pem()
        if args.new_key_out:
            secrets.append(A.SecretFile.key(args.new_key_out, new_id, new_key))
        elif not sealed_as_agent:
            raise UsageError(
                "rotating a housekeeper/auditor key needs --new-key-out PEM "
                "(the new private key is not sealed)"
            )
    elif op == "revoke":
        res = A.revoke(
            src, root, args.key, reason=args.reason, cutoff=args.cutoff, grant_agent=args.grant_agent
        )
        inputs.update(key=args.key, cutoff=args.cutoff, reason=args.reason, grant_agent=args.grant_agent)
    elif op == "grant":
        res = A.grant(src, root, args.role)
        inputs.update(role=args.role, key_out=args.key_out)
        new_id, new_key = next(iter(res.new_keys.items()))
        if args.key_out:
            secrets.append(A.SecretFile.key(args.key_out, new_id, new_key))
    elif op == "migrate":
        res = A.migrate(src)
        inputs.update(root_key_out=args.root_key_out)
        secrets.append(A.SecretFile.key(args.root_key_out, "root", res.new_keys["root"]))
    elif op == "label":
        key = _load_key(args.key)
        res = A.label(
            src,
            args.memory,
            args.label,
            key,
            args.reason,
            evidence=args.evidence,
            confidence_milli=args.confidence,
        )
        inputs.update(
            memory=args.memory,
            label=args.label,
            key=_fingerprint(key),
            reason_sha256=hashlib.sha256(args.reason.encode("utf-8", "surrogatepass")).hexdigest(),
            evidence=list(args.evidence),
            confidence=args.confidence,
        )
    else:  # rekey, recover
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
            )
            inputs.update(keep_recovery_code=keep is not None)
        else:
            res = A.recover(src, new_passphrase, new_recovery_code=bool(args.new_recovery_code_out))
        inputs.update(new_recovery_code_out=args.new_recovery_code_out)
        if res.recovery_code is not None and args.new_recovery_code_out:
            secrets.append(A.SecretFile.recovery_code(args.new_recovery_code_out, res.recovery_code))
    return res


def _cycle(args: argparse.Namespace, path: Path, lang: str) -> int:
    """Read, verify, build, preview and (unless a dry run) write — FILE held all along."""
    from ..core.errors import ContainerError, InspectorError, StoreError
    from ..core.write import authoring as A
    from ..core.write import safe

    rekeying = args.command in ("rekey", "recover")
    if path.is_file() and not rekeying:
        for p in safe.stale_leftovers(path):
            _warn(tr(safe.STALE_LEFTOVER, lang, path=str(p)))
    try:
        cred = credential_from_args(args, path)
        src = A.load_source(path, cred)
    except (ContainerError, StoreError) as exc:
        _say(f"aleth-inspector: {_describe(exc, lang)}", sys.stderr)
        return EXIT_UNOPENABLE
    except InspectorError as exc:
        raise UsageError(_describe(exc, lang)) from exc
    secrets: list[Any] = []
    inputs: dict[str, Any] = {}
    try:
        res = _build(args, src, secrets, inputs)
        return _decide_and_write(args, res, secrets, inputs, lang)
    except ContainerError as exc:
        if exc.code == "wrong_passphrase":
            _say(f"aleth-inspector: {_describe(exc, lang)}", sys.stderr)
            return EXIT_UNOPENABLE
        raise UsageError(_describe(exc, lang)) from exc
    except InspectorError as exc:
        raise UsageError(_describe(exc, lang)) from exc


def _decide_and_write(
    args: argparse.Namespace,
    res: Any,
    secrets: list[Any],
    inputs: dict[str, Any],
    lang: str,
) -> int:
    from ..core import process
    from ..core.errors import InspectorError
    from ..core.write import authoring as A
    from ..core.write import plan as P

    in_place = bool(args.in_place)
    backup = not getattr(args, "no_backup", False)
    disown = bool(getattr(args, "disown", False))
    target = (
        {"output": args.output, "in_place": in_place, "backup": backup and not res.output.rekey}
        if (args.output or in_place)
        else None
    )
    where = (
        A.write_effects(
            res.output,
            args.output,
            in_place=in_place,
            backup=backup,
            secrets=secrets,
            old_copies=res.old_copies,
        )
        if target is not None
        else []
    )
    stop = None
    if res.output.blocking:
        stop = tr(M.AUTHOR_ADDS_ERRORS, lang, count=number(len(res.output.blocking), lang))
    elif res.needs_disown and not disown:
        stop = tr(M.AUTHOR_NEEDS_DISOWN, lang, count=number(len(res.disowned), lang))
    out: dict[str, Any] = {}
    if args.json:
        out = res.to_json()
        out.update(
            {
                "dry_run": bool(args.dry_run),
                "write_effects": [e.to_json() for e in where],
                "written": None,
                "written_sha256": None,
            }
        )
    else:
        _print_preview(res, lang, where)
    if args.plan:
        P.check_plan(P.load_plan(args.plan), res, inputs, args.plan, target)
    if args.dry_run or stop is not None:
        if args.plan_out:
            P.save_plan(args.plan_out, P.plan_of(res, inputs, target))
            out["plan"] = args.plan_out
            if not args.json:
                _say(tr(M.AUTHOR_PLAN_SAVED, lang, path=args.plan_out))
        if args.json:
            json.dump(out, sys.stdout, indent=1)
            sys.stdout.write("\n")
        if stop is not None:
            _say(f"aleth-inspector: {stop}", sys.stderr)
            return EXIT_FAIL
        if not args.json:
            _say(tr(M.AUTHOR_DRY_RUN, lang))
        return EXIT_PASS
    # signals wait from here to the last word: before the switch they abandon the write
    # (KeyboardInterrupt: nothing new is left), after it the write is finished and said
    with process.signals_deferred():
        try:
            written = A.write_result(
                res, args.output, in_place=in_place, backup=backup, disown=disown, secrets=secrets
            )
        except InspectorError as exc:  # refused or failed before the switch: nothing new is left
            raise UsageError(f"{_describe(exc, lang)}\n{tr(M.AUTHOR_NOT_WRITTEN, lang)}") from exc
        _report_written(args, res, written, out, lang)
    return EXIT_PASS


def _report_written(args: argparse.Namespace, res: Any, written: Any, out: dict[str, Any], lang: str) -> None:
    for w in written.warnings:
        _warn(_describe(w, lang))
    if written.interrupted is not None:
        _say("aleth-inspector: " + tr(M.AUTHOR_INTERRUPTED_AFTER, lang), sys.stderr)
    if args.json:
        out.update(
            {
                "written": str(written.path),
                "written_sha256": written.sha256,
                "backup": str(written.backup) if written.backup else None,
                "old_copies": [str(p) for p in written.old_copies],
                "saved": [str(p) for p in written.secrets],
                "warnings": [w.message for w in written.warnings],
            }
        )
        json.dump(out, sys.stdout, indent=1)
        sys.stdout.write("\n")
        sys.stdout.flush()
    if res.recovery_code is not None and not getattr(args, "new_recovery_code_out", None):
        _say(tr(M.AUTHOR_RECOVERY, lang, code=res.recovery_code), sys.stderr)
    if not args.json:  # the last words: what is in place, and where its secrets are
        for p in written.old_copies:
            _say(tr(M.AUTHOR_OLD_COPY, lang, path=str(p)))
        if written.backup:
            _say(tr(M.AUTHOR_BACKUP, lang, path=str(written.backup)))
        for p in written.secrets:
            _say(tr(M.AUTHOR_SAVED, lang, path=str(p)))
        _say(tr(M.AUTHOR_WROTE, lang, path=str(written.path), sha256=written.sha256))
