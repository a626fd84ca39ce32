"""The ``aleth-inspector`` command line: parse, call the core, print, exit.

Exit codes: 0 pass, 1 fail, 2 unopenable, 3 usage (bad arguments, missing
credential, refused operation).
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Sequence

from . import __version__

EXIT_PASS, EXIT_FAIL, EXIT_UNOPENABLE, EXIT_USAGE = 0, 1, 2, 3


class UsageError(Exception):
    pass


def _versions() -> str:
    import platform

    import cryptography

    parts = [f"aleth-inspector {__version__}", f"Python {platform.python_version()}",
             f"cryptography {cryptography.__version__}"]
    try:  # Qt is only needed by the GUI; report it when present
        import PySide6
        from PySide6 import QtCore

        parts.append(f"PySide6 {PySide6.__version__}")
        parts.append(f"Qt {QtCore.qVersion()}")
    except ImportError:
        parts.append("PySide6 not installed")
    return "\n".join(parts)


class _VersionAction(argparse.Action):
    def __init__(self, option_strings: list[str], dest: str, **kw: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print versions and exit")

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        print(_versions())
        parser.exit()


def _add_credential_args(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--passphrase-file", metavar="F",
                   help="read the passphrase from file F (never given on the command line)")
    g.add_argument("--recovery-code-file", metavar="F",
                   help="unlock an ALETH002 file with the recovery code read from file F")


class _Parser(argparse.ArgumentParser):
    """argparse with the project's usage exit code (3, not 2: 2 means unopenable)."""

    def error(self, message: str):  # type: ignore[no-untyped-def]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="aleth-inspector",
        description="Verify and explore alethech agent-memory files (.aleth containers and "
                    "directory stores).",
        epilog="Exit codes: 0 pass, 1 fail, 2 unopenable, 3 usage.",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    v = sub.add_parser(
        "verify", help="verify a sealed file or directory store completely",
        description="Open PATH (a .aleth file or a directory store) and run the complete "
                    "verifier. Without a credential file a sealed file prompts for its "
                    "passphrase (no echo); a passphrase is never accepted as an argument.",
        epilog="Exit codes: 0 pass, 1 fail, 2 unopenable, 3 usage.",
    )
    v.add_argument("path", metavar="PATH", help="a .aleth file or an alethech store directory")
    _add_credential_args(v)
    v.add_argument("--checkpoint", metavar="F",
                   help="external checkpoint JSON to check continuity against")
    v.add_argument("--json", action="store_true", help="print exactly one JSON object")
    v.add_argument("--strict", action="store_true", help="warnings fail the verdict too (exit 1)")
    d = sub.add_parser(
        "demo", help="write the demo file (a realistic agent memory to explore)",
        description="Write a sealed ALETH002 demo file built by the core's own writers: about "
                    "300 memories over 3 key eras, evidence, weights, poison labels, a refuted "
                    "false positive, recall receipts, a merge and a checkpoint. Beside OUT.aleth it "
                    "writes OUT.recovery.txt (the recovery code), OUT.keys/ (root, housekeeper and "
                    "auditor private keys, mode 0600) and OUT.checkpoint.json.",
    )
    d.add_argument("out", metavar="OUT.aleth", help="the file to write (must not exist)")
    d.add_argument("--passphrase-file", metavar="F", help="passphrase to seal with (default: demo)")

    rc = sub.add_parser("receipt", help="RFC 6962 inclusion proofs for recall receipts",
                        description="Produce or check an inclusion proof of one entry of a recall "
                                    "receipt. A receipt proves what was disclosed and in which order, "
                                    "not that nothing else existed.")
    rsub = rc.add_subparsers(dest="receipt_command", metavar="ACTION")
    rp = rsub.add_parser("prove", help="print the inclusion proof of one receipt entry as JSON",
                         description="Print {receipt, ordinal, tree_size, entry, leaf_hash, "
                                     "audit_path, root} for entry ORDINAL of receipt RECEIPT_ID.")
    rp.add_argument("path", metavar="FILE", help="a .aleth file or a directory store")
    rp.add_argument("receipt", metavar="RECEIPT_ID", help="the receipt's evidence id")
    rp.add_argument("ordinal", metavar="ORDINAL", type=int, help="entry position (0-based)")
    _add_credential_args(rp)
    rk = rsub.add_parser("check", help="verify an inclusion proof offline, without the file",
                         description="Check a proof written by 'receipt prove': exit 0 if it holds, 1 if not.")
    rk.add_argument("proof", metavar="PROOF_FILE")
    _add_authoring_parsers(sub)
    g = sub.add_parser("gui", help="open the desktop inspector (also: aleth-inspector FILE)",
                       description="Open the desktop inspector, optionally on FILE. Without a display it "
                                   "says so and prints the headless report of FILE instead.")
    g.add_argument("path", metavar="FILE", nargs="?", help="a .aleth file or a directory store")
    _add_credential_args(g)
    g.add_argument("--checkpoint", metavar="F", help="external checkpoint JSON")
    g.add_argument("--screenshot", metavar="OUT.png",
                   help="open, verify, render the main window, save a PNG screenshot and exit")
    g.add_argument("--banner", metavar="TEXT", help=argparse.SUPPRESS)
    return parser


AUTHORING_EPILOG = (
    "The new payload is built in memory and verified; only a passing result is written, to a new "
    "path (-o) or over the source (--in-place, with a backup kept until the new file is read back "
    "and verified). The output keeps the input's passphrase and every unlock slot. Exit codes: 0 "
    "written (or dry run shown), 1 the result does not verify (nothing written), 2 input "
    "unopenable, 3 usage or refused."
)


def _authoring(sub, name: str, help_: str, description: str) -> argparse.ArgumentParser:  # type: ignore[no-untyped-def]
    p = sub.add_parser(name, help=help_, description=description, epilog=AUTHORING_EPILOG)
    p.add_argument("path", metavar="FILE", help="a .aleth file or a directory store")
    _add_credential_args(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("-o", "--output", metavar="OUT", help="write the result to OUT (must not exist)")
    out.add_argument("--in-place", action="store_true", help="write over FILE (a backup is kept until "
                     "the new file is verified)")
    p.add_argument("--dry-run", action="store_true",
                   help="show what would be added, the eras before and after and the verdict; write nothing")
    p.add_argument("--json", action="store_true", help="print the preview/result as one JSON object")
    p.add_argument("--allow-invalid-input", action="store_true",
                   help="build on an input that fails verification (recorded in the report)")
    return p


def _add_authoring_parsers(sub) -> None:  # type: ignore[no-untyped-def]
    p = _authoring(sub, "rotate", "revoke a key and authorize a fresh one (root key needed)",
                   "Revoke one active key at a cutoff (HEAD unless chosen) and authorize a freshly "
                   "generated key in one key_rotation control event signed by the root key; the "
                   "identity record is re-signed. Rotating the agent key seals the new key as "
                   "keys/signing.key.")
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--key", metavar="KEY_ID", help="the key to rotate (default: the agent key)")
    p.add_argument("--cutoff", metavar="COMMIT_ID", help="cutoff_head (default: HEAD)")
    p.add_argument("--new-key-out", metavar="PEM",
                   help="write the new private key here (0600); required for a housekeeper/auditor key")
    p = _authoring(sub, "revoke", "revoke a key without a successor (root key needed)",
                   "Revoke an active key without a successor. Revoking the agent key also drops "
                   "keys/signing.key from the sealed payload.")
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--key", metavar="KEY_ID", required=True, help="the key to revoke")
    p.add_argument("--reason", choices=("compromise", "expiry", "rotation"), default="compromise")
    p = _authoring(sub, "grant", "grant a housekeeper or auditor key (root key needed)",
                   "Generate a housekeeper or auditor key pair, grant it in a key_grant control event, "
                   "and write its private key to --key-out (0600).")
    p.add_argument("--root-key", metavar="PEM", required=True, help="the root private key (PEM)")
    p.add_argument("--role", choices=("housekeeper", "auditor"), required=True)
    p.add_argument("--key-out", metavar="PEM", required=True, help="where to write the new private key")
    p = _authoring(sub, "migrate", "migrate a v0.1 store to a root-governed identity",
                   "Create a root key, the migration record (signed by the legacy key and the new "
                   "root), the root authority, the identity record and the genesis grant of key-001.")
    p.add_argument("--root-key-out", metavar="PEM", required=True, help="where to write the new root key")
    p = _authoring(sub, "rekey", "give a sealed file a new passphrase",
                   "Seal the same payload under a new passphrase (ALETH001 becomes ALETH002). A "
                   "recovery slot is kept when its code is given, replaced by a new code on request; "
                   "a file with a recovery slot and neither option is refused.")
    p.add_argument("--new-passphrase-file", metavar="F", required=True)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--keep-recovery-code-file", metavar="F", help="keep the recovery slot (its code in F)")
    g.add_argument("--new-recovery-code-out", metavar="F",
                   help="replace the recovery slot; write the new code to F (0600)")
    p = _authoring(sub, "recover", "set a new passphrase using the recovery code",
                   "Open FILE with its recovery code (--recovery-code-file) and set a new passphrase. "
                   "The recovery slot stays (same code) unless a new code is asked for.")
    p.add_argument("--new-passphrase-file", metavar="F", required=True)
    p.add_argument("--new-recovery-code-out", metavar="F", help="replace the recovery code; write it to F")
    p = _authoring(sub, "label", "append an epistemic label for a memory",
                   "Append a label record (SPEC C2) signed by an auditor or housekeeper key; the reason "
                   "passes through strip_private. Refused when the verifier would flag it (a detector "
                   "writing a verdict label, a verdict without evidence).")
    p.add_argument("--memory", metavar="ID", required=True)
    p.add_argument("--label", required=True, choices=("unverified", "supported", "disputed",
                   "poison_suspect", "poison_likely", "poison_confirmed", "poison_refuted"))
    p.add_argument("--key", metavar="PEM", required=True, help="auditor or housekeeper private key")
    p.add_argument("--reason", metavar="TEXT", required=True)
    p.add_argument("--evidence", metavar="ID", nargs="*", default=[], help="evidence ids (verdict labels)")
    p.add_argument("--confidence", metavar="MILLI", type=int, default=800, help="0…1000 (default 800)")


def _credential(args: argparse.Namespace, path: Path):  # type: ignore[no-untyped-def]
    from .core.container import Credential
    from .core.opener import read_secret_file

    if path.is_dir():
        return None
    if getattr(args, "passphrase_file", None):
        return Credential(passphrase=read_secret_file(args.passphrase_file))
    if getattr(args, "recovery_code_file", None):
        return Credential(recovery_code=read_secret_file(args.recovery_code_file, "recovery code"))
    if not sys.stdin.isatty():
        raise UsageError(f"{path} is sealed: give --passphrase-file or --recovery-code-file "
                         "(no terminal to prompt on)")
    return Credential(passphrase=getpass.getpass(f"Passphrase for {path}: "))


def cmd_verify(args: argparse.Namespace) -> int:
    from .core.errors import InspectorError
    from .core.opener import open_and_verify
    from .core.verify.engine import VerifyOptions

    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"{path} does not exist")
    checkpoint = None
    if args.checkpoint:
        try:
            checkpoint = Path(args.checkpoint).read_bytes()
        except OSError as exc:
            raise UsageError(f"cannot read checkpoint {args.checkpoint}: {exc.strerror}") from exc
    try:
        cred = _credential(args, path)
    except InspectorError as exc:
        raise UsageError(exc.describe()) from exc
    opts = VerifyOptions(checkpoint=checkpoint, checkpoint_name=Path(args.checkpoint).name
                         if args.checkpoint else "checkpoint", strict=args.strict)
    report = open_and_verify(path, cred, opts)
    if args.json:
        json.dump(report.to_json(), sys.stdout, indent=1, sort_keys=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_report(report, str(path)))
    return {"pass": EXIT_PASS, "fail": EXIT_FAIL}.get(report.verdict, EXIT_UNOPENABLE)


SEVERITY_MARK = {"error": "✗ ERROR", "warning": "! WARNING", "info": "i INFO"}
MAX_PER_CODE = 20


def format_report(report, source: str) -> str:  # type: ignore[no-untyped-def]
    """A readable report: the verdict first, then findings grouped by severity."""
    out: list[str] = []
    verdict = {"pass": "PASS", "fail": "FAIL", "unopenable": "UNOPENABLE"}[report.verdict]
    c = report.counts
    what = report.container.get("format", "")
    summary = ""
    if report.verdict != "unopenable":
        summary = (f" ({what + ', ' if what else ''}{c.get('commits', 0)} commits, "
                   f"{c.get('evidence', 0)} evidence, {c.get('eras', 0)} key eras)")
    out.append(f"{verdict}  {source}{summary}")
    sev = report.severity_counts()
    out.append(f"      {sev['error']} errors, {sev['warning']} warnings, {sev['info']} notes")
    if report.head:
        out.append(f"HEAD  {report.head}")
    if "continuity" in report.container:
        out.append(f"checkpoint continuity: {report.container['continuity']}")
    groups: dict[str, list] = defaultdict(list)
    for f in report.findings:
        groups[f.severity.value].append(f)
    for severity in ("error", "warning", "info"):
        items = groups.get(severity)
        if not items:
            continue
        out.append("")
        out.append(f"{SEVERITY_MARK[severity]}S ({len(items)})")
        per_code: Counter[str] = Counter()
        for f in items:
            per_code[f.code] += 1
            if per_code[f.code] > MAX_PER_CODE:
                continue
            target = f"{f.object_kind} {f.object_id}".strip()
            out.append(f"  {SEVERITY_MARK[severity].split()[0]} {f.code}  {target}")
            out.append(f"      {f.message}")
        for code, n in per_code.items():
            if n > MAX_PER_CODE:
                out.append(f"  … and {n - MAX_PER_CODE} more {code} (see --json)")
    if report.eras:
        out.append("")
        out.append("KEY ERAS")
        for e in report.eras:
            state = (f"revoked by {e.revoked_by} ({e.revoke_reason}), cutoff {e.cutoff}"
                     if e.revoked_by else "active")
            out.append(f"  {e.key_id:<18} {e.role:<11} {e.fingerprint}  granted by {e.granted_by}")
            out.append(f"  {'':<18} {state}")
    if report.commits:
        counts = Counter(s.value for s in report.commits.values())
        out.append("")
        out.append("COMMITS  " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if report.evidence:
        counts = Counter(s.value for s in report.evidence.values())
        out.append("EVIDENCE " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    out.append("")
    return "\n".join(out)


def cmd_demo(args: argparse.Namespace) -> int:
    from .core import container
    from .core.demo import PASSPHRASE, build_demo
    from .core.errors import InspectorError
    from .core.keys import write_private_key
    from .core.opener import read_secret_file
    from .core.write.builder import dump
    from .core.write.safe import atomic_write

    out = Path(args.out)
    base = out.with_suffix("") if out.suffix == ".aleth" else out
    keys_dir = Path(f"{base}.keys")
    extras = [out, keys_dir, Path(f"{base}.recovery.txt"), Path(f"{base}.checkpoint.json")]
    existing = [str(p) for p in extras if p.exists()]
    if existing:
        raise UsageError("refusing to overwrite: " + ", ".join(existing))
    passphrase = read_secret_file(args.passphrase_file) if args.passphrase_file else PASSPHRASE
    demo = build_demo()
    secret = container.new_recovery_secret()
    try:
        blob = container.seal_v2(demo.store.files, passphrase, recovery_secret=secret)
        atomic_write(out, blob, overwrite=False)
        atomic_write(extras[2], (container.encode_recovery_code(secret) + "\n").encode(), overwrite=False)
        assert demo.checkpoint is not None
        atomic_write(extras[3], dump(demo.checkpoint), mode=0o644, overwrite=False)
        keys_dir.mkdir(mode=0o700)
        for name, key in demo.keys.items():
            write_private_key(keys_dir / f"{name}.pem", key)
    except InspectorError as exc:
        raise UsageError(exc.describe()) from exc
    shown = "(from your passphrase file)" if args.passphrase_file else passphrase
    print(f"wrote {out} (ALETH002, {demo.store.count('commits')} commits)")
    print(f"passphrase: {shown}")
    print(f"recovery code: {extras[2]}")
    print(f"keys: {keys_dir}/ ({', '.join(sorted(demo.keys))})")
    print(f"checkpoint: {extras[3]}")
    return EXIT_PASS


def cmd_receipt(args: argparse.Namespace) -> int:
    from .core.errors import InspectorError
    from .core.opener import open_path
    from .core.verify.merkle import InclusionProof, make_proof

    if args.receipt_command == "check":
        try:
            proof = InclusionProof.from_json(json.loads(Path(args.proof).read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise UsageError(f"cannot read proof {args.proof}: {exc}") from exc
        ok, reason = proof.check()
        print(("VALID  " if ok else "INVALID  ") + reason)
        return EXIT_PASS if ok else EXIT_FAIL
    if args.receipt_command != "prove":
        raise UsageError("receipt needs an action: prove or check")
    from .core.verify.engine import verify

    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"{path} does not exist")
    try:
        store = open_path(path, _credential(args, path)).store
    except InspectorError as exc:
        print(exc.describe(), file=sys.stderr)
        return EXIT_UNOPENABLE
    report = verify(store)
    view = report.mutmem.receipts.get(args.receipt) if report.mutmem else None
    if view is None:
        raise UsageError(f"{args.receipt} is not a recall receipt of {path}")
    if not 0 <= args.ordinal < len(view.entries):
        raise UsageError(f"ordinal {args.ordinal} is outside 0…{len(view.entries) - 1}")
    proof = make_proof(args.receipt, view.entries, args.ordinal, view.root or "")
    json.dump(proof.to_json(), sys.stdout, indent=1)
    sys.stdout.write("\n")
    return EXIT_PASS


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
    from .core.errors import ContainerError, InspectorError, StoreError
    from .core.keys import KeyPair, write_private_key
    from .core.opener import read_secret_file
    from .core.write import authoring as A
    from .core.write.safe import atomic_write

    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"{path} does not exist")
    if not args.dry_run and not args.in_place and not args.output:
        raise UsageError("give -o OUT, --in-place or --dry-run")
    op = args.command
    if op == "recover" and not args.recovery_code_file:
        raise UsageError("recover needs --recovery-code-file")
    try:
        cred = _credential(args, path)
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
                raise UsageError("rotating a housekeeper/auditor key needs --new-key-out PEM "
                                 "(the new private key is not sealed)")
        elif op == "revoke":
            res = A.revoke(src, KeyPair.load(args.root_key), args.key, reason=args.reason, allow_invalid=allow)
        elif op == "grant":
            res = A.grant(src, KeyPair.load(args.root_key), args.role, allow_invalid=allow)
            key_outputs.append((Path(args.key_out), next(iter(res.new_keys))))
        elif op == "migrate":
            res = A.migrate(src, allow_invalid=allow)
            key_outputs.append((Path(args.root_key_out), "root"))
        elif op == "label":
            res = A.label(src, args.memory, args.label, KeyPair.load(args.key), args.reason,
                          evidence=args.evidence, confidence_milli=args.confidence, allow_invalid=allow)
        elif op in ("rekey", "recover"):
            new_passphrase = read_secret_file(args.new_passphrase_file)
            if not new_passphrase:
                raise UsageError("the new passphrase is empty")
            if op == "rekey":
                keep = (read_secret_file(args.keep_recovery_code_file, "recovery code")
                        if args.keep_recovery_code_file else None)
                res = A.rekey(src, new_passphrase, keep_recovery_code=keep,
                              new_recovery_code=bool(args.new_recovery_code_out), allow_invalid=allow)
            else:
                res = A.recover(src, new_passphrase, new_recovery_code=bool(args.new_recovery_code_out),
                                allow_invalid=allow)
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


def cmd_gui(args: argparse.Namespace) -> int:
    import os

    from .gui.app import has_display, run_gui

    if args.screenshot and not has_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not has_display():
        print("aleth-inspector: no display (DISPLAY/WAYLAND_DISPLAY unset); printing the headless "
              "report instead.", file=sys.stderr)
        if not args.path:
            return EXIT_USAGE
        args.json, args.strict = False, False
        return cmd_verify(args)
    if args.path and not Path(args.path).exists():
        raise UsageError(f"{args.path} does not exist")
    return run_gui(args.path, passphrase_file=args.passphrase_file,
                   recovery_code_file=args.recovery_code_file, checkpoint=args.checkpoint,
                   screenshot=args.screenshot, banner=args.banner)


COMMANDS = {"verify": cmd_verify, "gui": cmd_gui, "demo": cmd_demo, "receipt": cmd_receipt,
            **{op: cmd_author for op in ("rotate", "revoke", "grant", "migrate", "rekey", "recover", "label")}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in COMMANDS and not argv[0].startswith("-") and Path(argv[0]).exists():
        argv.insert(0, "gui")  # plain `aleth-inspector FILE` opens the GUI
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    try:
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"aleth-inspector: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("aleth-inspector: interrupted", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
