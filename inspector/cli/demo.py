"""``aleth-inspector demo``: write the demo file."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import EXIT_PASS, UsageError, refused_write


def register(sub) -> None:  # type: ignore[no-untyped-def]
    d = sub.add_parser(
        "demo",
        help="write the demo file (a realistic agent memory to explore)",
        description="Write a sealed ALETH002 demo file built by the core's own writers: about "
        "300 memories over 3 key eras, evidence, weights, poison labels, a refuted "
        "false positive, recall receipts, a merge and a checkpoint. Beside OUT.aleth it "
        "writes OUT.recovery.txt (the recovery code), OUT.keys/ (root, housekeeper and "
        "auditor private keys, mode 0600) and OUT.checkpoint.json.",
    )
    d.add_argument("out", metavar="OUT.aleth", help="the file to write (must not exist)")
    d.add_argument("--passphrase-file", metavar="F", help="passphrase to seal with (default: demo)")

    d.set_defaults(func=cmd_demo)


def cmd_demo(args: argparse.Namespace) -> int:
    from ..core import container
    from ..core.demo import PASSPHRASE, build_demo
    from ..core.errors import InspectorError
    from ..core.findings import grouped
    from ..core.opener import read_secret_file
    from ..core.write.builder import dump
    from ..core.write.safe import atomic_write, write_private_key

    out = Path(args.out)
    base = out.with_suffix("") if out.suffix == ".aleth" else out
    keys_dir = Path(f"{base}.keys")
    extras = [out, keys_dir, Path(f"{base}.recovery.txt"), Path(f"{base}.checkpoint.json")]
    existing = [str(p) for p in extras if p.exists()]
    if existing:
        raise UsageError("refusing to overwrite: " + ", ".join(existing))
    try:
        passphrase = read_secret_file(args.passphrase_file) if args.passphrase_file else PASSPHRASE
    except InspectorError as exc:
        raise UsageError(exc.message, code=exc.code) from exc
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
        raise refused_write(exc, EXIT_PASS) from exc
    shown = "(from your passphrase file)" if args.passphrase_file else passphrase
    print(f"wrote {out} (ALETH002, {grouped(demo.store.count('commits'))} commits)")
    print(f"passphrase: {shown}")
    print(f"recovery code: {extras[2]}")
    print(f"keys: {keys_dir}/ ({', '.join(sorted(demo.keys))})")
    print(f"checkpoint: {extras[3]}")
    return EXIT_PASS
