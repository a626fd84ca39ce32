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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    return parser


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


COMMANDS = {"verify": cmd_verify, "demo": cmd_demo, "receipt": cmd_receipt}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
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
