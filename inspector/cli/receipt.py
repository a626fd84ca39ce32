"""``aleth-inspector receipt prove|check``: RFC 6962 inclusion proofs."""

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


def register(sub) -> None:  # type: ignore[no-untyped-def]
    rc = sub.add_parser(
        "receipt",
        help="RFC 6962 inclusion proofs for recall receipts",
        description="Produce or check an inclusion proof of one entry of a recall "
        "receipt. A receipt proves what was disclosed and in which order, "
        "not that nothing else existed.",
    )
    rsub = rc.add_subparsers(dest="receipt_command", metavar="ACTION")
    rp = rsub.add_parser(
        "prove",
        help="print the inclusion proof of one receipt entry as JSON",
        description="Print {receipt, ordinal, tree_size, entry, leaf_hash, "
        "audit_path, root} for entry ORDINAL of receipt RECEIPT_ID.",
    )
    rp.add_argument("path", metavar="FILE", help="a .aleth file or a directory store")
    rp.add_argument("receipt", metavar="RECEIPT_ID", help="the receipt's evidence id")
    rp.add_argument("ordinal", metavar="ORDINAL", type=int, help="entry position (0-based)")
    add_credential_args(rp)
    rk = rsub.add_parser(
        "check",
        help="verify an inclusion proof offline, without the file",
        description="Check a proof written by 'receipt prove': exit 0 if it holds, 1 if not.",
    )
    rk.add_argument("proof", metavar="PROOF_FILE")
    rc.set_defaults(func=cmd_receipt)


def cmd_receipt(args: argparse.Namespace) -> int:
    from ..core.errors import InspectorError
    from ..core.opener import open_path
    from ..core.verify.merkle import InclusionProof, make_proof

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
    from ..core.verify.engine import verify

    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"{path} does not exist")
    try:
        store = open_path(path, credential_from_args(args, path)).store
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
