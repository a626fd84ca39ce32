"""Authoring on a big file (not a test, not in CI): rotation, label and rekey of
the N-commit benchmark file, each timed end to end (open + verify the input,
build, verify the result, seal, write, read back) against the time to open and
verify the same file — from one run; and a rotation and a re-key written in
place, the whole transaction (journal, staged and read-back output, FILE.bak,
the recovery code saved before the switch).  Target: each ≤ 3× the verify time.

    python bench/authoring_bench.py [--size 99000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
PASSPHRASE = "bench authoring"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=99000)
    args = ap.parse_args()

    from verify_bench import build_files

    from inspector.core import container, keys
    from inspector.core.container import Credential
    from inspector.core.opener import open_and_verify
    from inspector.core.write import authoring as A
    from inspector.core.write.builder import StoreWriter

    generated: list[keys.KeyPair] = []
    original = keys.KeyPair.generate.__func__  # type: ignore[attr-defined]

    def record(cls):  # type: ignore[no-untyped-def]
        k = original(cls)
        generated.append(k)
        return k

    keys.KeyPair.generate = classmethod(record)  # the first key build_files makes is the root
    print(f"building {args.size} commits …", flush=True)
    files, _meta = build_files(args.size)
    keys.KeyPair.generate = classmethod(original)
    root = generated[0]
    # an auditor and an evidence record so the label operation has what it needs
    from inspector.core.store import Store

    w = StoreWriter(Store(dict(files)), root=root)
    auditor = keys.KeyPair.generate()
    w.grant("auditor-001", auditor)
    review = w.evidence(
        event_type="audit_review", tool="human-review", key=auditor, artifacts=[("review.md", b"checked")]
    )
    memory = w.head
    tmp = Path(tempfile.mkdtemp(prefix="authoring-bench-"))
    src = tmp / "in.aleth"
    src.write_bytes(
        container.seal_v2(w.store.files, PASSPHRASE, recovery_secret=container.new_recovery_secret())
    )
    cred = Credential(passphrase=PASSPHRASE)

    t = time.perf_counter()
    report = open_and_verify(src, cred)
    verify_s = time.perf_counter() - t
    assert report.verdict == "pass", report.findings[:3]

    def timed(name: str, fn) -> tuple[str, float]:  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        fn()
        return name, time.perf_counter() - t0

    def rotate() -> None:
        s = A.load_source(src, cred)
        A.write_result(A.rotate(s, root), tmp / "rotated.aleth")

    def label() -> None:
        s = A.load_source(src, cred)
        A.write_result(
            A.label(s, memory, "supported", auditor, "bench", evidence=[review["commit_id"]]),
            tmp / "labelled.aleth",
        )

    def rekey() -> None:
        s = A.load_source(src, cred)
        A.write_result(A.rekey(s, "new bench passphrase", new_recovery_code=True), tmp / "rekeyed.aleth")

    def in_place(op: str) -> None:  # over a copy, keeping FILE.bak: the whole transaction
        import shutil

        copy = tmp / f"{op}-in-place.aleth"
        shutil.copyfile(src, copy)
        s = A.load_source(copy, cred)
        res = (
            A.rotate(s, root)
            if op == "rotate"
            else A.rekey(s, "new bench passphrase", new_recovery_code=True)
        )
        secrets = (
            [A.SecretFile.recovery_code(tmp / f"{op}.code", res.recovery_code)] if res.recovery_code else []
        )
        A.write_result(res, in_place=True, secrets=secrets)

    rows = [timed("rotate", rotate), timed("label", label), timed("rekey", rekey)]
    rows += [
        timed("rotate in place (backup)", lambda: in_place("rotate")),
        timed("rekey in place (new code)", lambda: in_place("rekey")),
    ]
    lines = [
        f"# Authoring benchmark — {args.size} commits ({time.strftime('%Y-%m-%d %H:%M')})",
        "",
        f"open + verify (incl. key derivation): {verify_s:.1f} s",
        "",
        "| operation | time s | ÷ verify | target ≤ 3× |",
        "|---|---:|---:|---|",
    ]
    for name, s in rows:
        lines.append(f"| {name} | {s:.1f} | {s / verify_s:.2f}× | {'✔' if s / verify_s <= 3 else '✖'} |")
    text = "\n".join(lines)
    print(text)
    (ROOT / "bench" / "out").mkdir(exist_ok=True)
    (ROOT / "bench" / "out" / "authoring_bench.md").write_text(text + "\n", encoding="utf-8")
    import shutil

    shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
