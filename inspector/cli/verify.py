"""``aleth-inspector verify``: open, verify, print the report."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from .common import (
    EXIT_FAIL,
    EXIT_PASS,
    EXIT_UNOPENABLE,
    UsageError,
    add_credential_args,
    credential_from_args,
)


def register(sub) -> None:  # type: ignore[no-untyped-def]
    v = sub.add_parser(
        "verify",
        help="verify a sealed file or directory store completely",
        description="Open PATH (a .aleth file or a directory store) and run the complete "
        "verifier. Without a credential file a sealed file prompts for its "
        "passphrase (no echo); a passphrase is never accepted as an argument.",
        epilog="Exit codes: 0 pass, 1 fail, 2 unopenable, 3 usage.",
    )
    v.add_argument("path", metavar="PATH", help="a .aleth file or an alethech store directory")
    add_credential_args(v)
    v.add_argument("--checkpoint", metavar="F", help="external checkpoint JSON to check continuity against")
    v.add_argument("--json", action="store_true", help="print exactly one JSON object")
    v.add_argument("--strict", action="store_true", help="warnings fail the verdict too (exit 1)")
    v.set_defaults(func=cmd_verify)


def cmd_verify(args: argparse.Namespace) -> int:
    from ..core.errors import InspectorError
    from ..core.opener import open_and_verify
    from ..core.verify.engine import VerifyOptions

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
        cred = credential_from_args(args, path)
    except InspectorError as exc:
        raise UsageError(exc.describe()) from exc
    opts = VerifyOptions(
        checkpoint=checkpoint,
        checkpoint_name=Path(args.checkpoint).name if args.checkpoint else "checkpoint",
        strict=args.strict,
    )
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
        summary = (
            f" ({what + ', ' if what else ''}{c.get('commits', 0)} commits, "
            f"{c.get('evidence', 0)} evidence, {c.get('eras', 0)} key eras)"
        )
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
            state = (
                f"revoked by {e.revoked_by} ({e.revoke_reason}), cutoff {e.cutoff}"
                if e.revoked_by
                else "active"
            )
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
