"""``aleth-inspector receipt prove|check``: anchored inclusion proofs (SPEC C3, C4), of an
alethech recall receipt (:mod:`inspector.core.proofs`) or of a HOM-AIMOS recall bundle's
receipt (:mod:`inspector.core.hom_proof`).  The core does the work; this module parses the
arguments and prints."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from ..core.findings import grouped
from .common import (
    EXIT_FAIL,
    EXIT_PASS,
    EXIT_UNOPENABLE,
    EXIT_USAGE,
    UsageError,
    add_credential_args,
    credential_from_args,
    refused_write,
)

PROVE_HELP = (
    "Write the inclusion proof of entry ORDINAL of recall receipt RECEIPT_ID in FILE. The proof "
    "(format aleth-inspector/receipt-proof/2) carries the entry, its audit path and root, and what "
    "they stand on: the receipt's signed evidence record, its receipt.json bytes, the signer's key_id "
    "and public key, and the receipt's status in FILE. A receipt proves what was disclosed and in "
    "which order, not that nothing else existed. When FILE is a HOM-AIMOS recall bundle, RECEIPT_ID is "
    "its bundle id and the proof (format aleth-inspector/hom-recall-proof/1) carries the entry, its "
    "RFC 6962 audit path and root, the bundle's SHA-256, its housekeeper-signed event receipt that "
    "states the root and the entry count, and the bundle's trust anchors; only a bundle that verifies "
    "gets one."
)
CHECK_HELP = (
    "Check a proof written by 'receipt prove': recompute the leaf, the audit path and the root, check "
    "that the root is the one inside the signed receipt.json whose hash the evidence binds, and check "
    "the evidence's id and signature. Then anchor it: --file F (the receipt must be in F with the same "
    "bytes and signer, F must verify, and the receipt be VALID or VALID_HISTORICAL there) or "
    "--trusted-key KEY (the signer must be that key). With neither, a sound proof is only "
    "'consistent, not anchored'. Version-1 proofs (no signature) are reported as not anchored. "
    "A HOM-AIMOS recall proof is checked the same way (the RFC 6962 path; the signed event receipt "
    "states that root and count; its signature under the certificate it carries, and who issued that "
    "certificate) and anchored to its bundle, --file F (F must verify and hold the same receipt, "
    "entry and root), or to --trust-master FPR (the signer's certificate must be issued by that master). "
    "A HOM-AIMOS v2 recall disclosure (portable evidence) is its own proof: it is judged whole, as "
    "'verify' judges it, and anchored only to --trust-master FPR (without a pin no signature is checked)."
)
CHECK_EPILOG = (
    "Exit codes: 0 anchored and valid, 1 invalid or not anchored, 2 the --file cannot be opened, 3 usage."
)
WORDS = {
    "anchored": "VALID",
    "not_anchored": "NOT ANCHORED",
    "anchor_mismatch": "NOT ANCHORED",
    "legacy": "NOT ANCHORED",
    "invalid": "INVALID",
    "unopenable": "UNOPENABLE",
}


def register(sub) -> None:  # type: ignore[no-untyped-def]
    rc = sub.add_parser(
        "receipt",
        help="anchored inclusion proofs for recall receipts",
        description="Produce or check an inclusion proof of one entry of a recall receipt. A proof "
        "stands on the receipt's signature and is anchored to the memory file or to a key you trust; "
        "a receipt proves what was disclosed and in which order, not that nothing else existed.",
    )
    rsub = rc.add_subparsers(dest="receipt_command", metavar="ACTION")
    rp = rsub.add_parser(
        "prove",
        help="write the anchored inclusion proof of one receipt entry",
        description=PROVE_HELP,
        epilog="Exit codes: 0 written, 1 the receipt cannot be proved (what is wrong with it is "
        "said), 2 FILE unopenable, 3 usage (no such receipt, ordinal outside its entries).",
    )
    rp.add_argument("path", metavar="FILE", help="a .aleth file or a directory store")
    rp.add_argument("receipt", metavar="RECEIPT_ID", help="the receipt's evidence id")
    rp.add_argument("ordinal", metavar="ORDINAL", type=int, help="entry position (0-based)")
    rp.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write the proof to OUT (atomically, mode 0600) instead of printing it",
    )
    add_credential_args(rp)
    rk = rsub.add_parser(
        "check",
        help="check an inclusion proof and say what it is anchored to",
        description=CHECK_HELP,
        epilog=CHECK_EPILOG,
    )
    rk.add_argument("proof", metavar="PROOF_FILE")
    anchor = rk.add_mutually_exclusive_group()
    anchor.add_argument(
        "--file",
        metavar="F",
        help="anchor to the memory file F (a .aleth file or a directory store) it came from",
    )
    anchor.add_argument(
        "--trusted-key",
        metavar="KEY",
        help="anchor to a key you trust: a PEM public key file (or an Ed25519 JWK file), or its "
        "fingerprint sha256:<64 hex digits> as 'receipt check' and 'receipt prove -o' print it",
    )
    anchor.add_argument(
        "--trust-master",
        metavar="FPR",
        help="HOM-AIMOS recall proofs: anchor to the master key fingerprint you trust (64 hex digits, "
        "'sha256:' prefix allowed); the receipt's signer must hold a certificate that master issued",
    )
    add_credential_args(rk)
    rk.add_argument("--json", action="store_true", help="print exactly one JSON object with the result")
    rc.set_defaults(func=cmd_receipt)


def cmd_receipt(args: argparse.Namespace) -> int:
    if args.receipt_command == "check":
        return _check(args)
    if args.receipt_command == "prove":
        return _prove(args)
    raise UsageError("receipt needs an action: prove or check")


# --------------------------------------------------------------------------- prove


def _prove(args: argparse.Namespace) -> int:
    from ..core.errors import InspectorError
    from ..core.keys import raw_from_jwk
    from ..core.proofs import ProofError, export_proof, key_fingerprint, write_proof

    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"{path} does not exist")
    from ..core.hom_proof import hom_bundle_at

    try:
        bundle = hom_bundle_at(path)
    except InspectorError as exc:
        _emit(sys.stderr, exc.describe() + "\n")
        return EXIT_UNOPENABLE
    if bundle is not None:
        return _prove_hom(args, path, bundle)
    try:
        cred = credential_from_args(args, path)
    except InspectorError as exc:
        raise UsageError(exc.describe()) from exc
    try:
        export = export_proof(path, cred, receipt_id=args.receipt, ordinal=args.ordinal)
    except ProofError as exc:
        if exc.code in ("not_a_receipt", "ordinal_out_of_range"):
            raise UsageError(exc.message) from exc
        _emit(sys.stderr, f"aleth-inspector: {exc.message}\n")
        return EXIT_FAIL
    except InspectorError as exc:
        _emit(sys.stderr, exc.describe() + "\n")
        return EXIT_UNOPENABLE
    proof = export.proof
    if args.output:
        try:
            written = write_proof(args.output, proof)
        except InspectorError as exc:
            raise refused_write(exc, EXIT_PASS) from exc
        fpr = key_fingerprint(raw_from_jwk(proof.public_key))
        _emit(
            sys.stdout,
            f"Wrote {written}: entry {grouped(proof.inclusion.ordinal)} of "
            f"{grouped(proof.inclusion.tree_size)} of receipt {proof.receipt}, "
            f"signed by {proof.key_id} ({fpr}).\n",
        )
    else:
        sys.stdout.write(proof.to_bytes().decode("ascii"))
    for note in export.notes:
        _emit(sys.stderr, f"note: {note}\n")
    return EXIT_PASS


def _prove_hom(args: argparse.Namespace, path: Path, bundle: bytes) -> int:
    """``receipt prove`` of a HOM-AIMOS recall bundle (RECEIPT_ID: its bundle id)."""
    from ..core.errors import InspectorError
    from ..core.hom_proof import make_hom_proof, write_hom_proof
    from ..core.proofs import ProofError

    try:
        export = make_hom_proof(bundle, args.ordinal, source=str(path), receipt=args.receipt)
    except ProofError as exc:
        if exc.code in ("not_a_receipt", "ordinal_out_of_range"):
            raise UsageError(exc.message) from exc
        _emit(sys.stderr, f"aleth-inspector: {exc.message}\n")
        return EXIT_FAIL
    if args.output:
        try:
            written = write_hom_proof(args.output, export)
        except InspectorError as exc:
            raise refused_write(exc, EXIT_PASS) from exc
        d = export.summary()
        master = f"master sha256:{d['master_fingerprint']}" if d["master_fingerprint"] else "no master"
        _emit(
            sys.stdout,
            f"Wrote {written}: entry {grouped(d['ordinal'])} of {grouped(d['tree_size'])} of recall bundle "
            f"{d['bundle_id']}, "
            f"root {d['root'].removeprefix('sha256:')}, {master}.\n",
        )
    else:
        sys.stdout.write(export.to_bytes().decode("ascii"))
    for note in export.notes:
        _emit(sys.stderr, f"note: {note}\n")
    return EXIT_PASS


# --------------------------------------------------------------------------- check


def _check(args: argparse.Namespace) -> int:
    from ..core.errors import InspectorError
    from ..core.hom_proof import check_hom_proof, hom_proof_display, is_hom_proof, master_pin
    from ..core.proofs import check_proof, load_trusted_key, read_proof_file

    hom, pin = False, None
    try:
        if (args.passphrase_file or args.recovery_code_file) and not args.file:
            raise UsageError("--passphrase-file and --recovery-code-file unlock the --file F; give --file")
        try:
            data = read_proof_file(args.proof)
            hom = is_hom_proof(data)
            if hom:  # anchored to its bundle or a pinned master (SPEC C4, F)
                if args.trusted_key:
                    raise UsageError(
                        "a HOM-AIMOS recall proof is anchored to its bundle (--file F) or to a master key "
                        "fingerprint you trust (--trust-master FPR), not to --trusted-key"
                    )
                pin = master_pin(args.trust_master) if args.trust_master else None
            else:
                if args.trust_master:
                    raise UsageError(
                        "--trust-master anchors a HOM-AIMOS recall proof; anchor this proof with --file F "
                        "or --trusted-key KEY"
                    )
                trusted = load_trusted_key(args.trusted_key) if args.trusted_key else None
                cred = None
                if args.file and Path(args.file).is_file():
                    cred = credential_from_args(args, Path(args.file))
        except InspectorError as exc:
            raise UsageError(exc.message) from exc
    except UsageError as exc:
        if not args.json:
            raise
        _print_json({"schema": _schema(), "result": "error", "message": str(exc), "exit_code": EXIT_USAGE})
        return EXIT_USAGE
    if hom:
        return _print_result(args, hom_proof_display(check_hom_proof(data, file=args.file, trusted=pin)))
    result = check_proof(data, file=args.file, credential=cred, trusted_key=trusted)
    return _print_result(args, result.to_json())


def _print_result(args: argparse.Namespace, result: dict[str, Any]) -> int:
    """The check's answer (:meth:`ProofResult.to_json`, or a HOM-AIMOS check in words) as
    one JSON object (``--json``) or as lines."""
    if args.json:
        _print_json(result)
    else:
        lines = [f"{WORDS[result['result']]}  {result['message']}"]
        lines += [
            f"  {'[ok]  ' if c['ok'] else '[FAIL]'} {c['name']}: {c['message']}" for c in result["checks"]
        ]
        lines += [f"  note: {n}" for n in result["notes"]]
        _emit(sys.stdout, "\n".join(lines) + "\n")
    return int(result["exit_code"])


def _schema() -> str:
    from ..core.proofs import RESULT_SCHEMA

    return RESULT_SCHEMA


def _print_json(d: dict[str, Any]) -> None:
    json.dump(d, sys.stdout, indent=1, ensure_ascii=True)
    sys.stdout.write("\n")


def _emit(stream: TextIO, text: str) -> None:
    """Write ``text`` whatever the stream's encoding: what it cannot encode (a lone
    surrogate in an id, "…" on an ASCII terminal) is written as a backslash escape."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
