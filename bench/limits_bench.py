"""The limit series: memory in proportion per shape (issue 20), and the two series of
``verify_bench.py`` (issues 9 and 16).

* ``--memory`` (issue 20, run this script itself): sealed files of hostile and honest
  shapes (one 100 MiB artifact; 200,000 evidence ids the file does not hold; 99,990 empty
  artifacts; 20,000 small commits; one commit, for the baseline), each verified by the
  command line (``verify --jobs 1 --format F``, standard output to /dev/null) in a fresh
  process; its peak RSS (``wait4``) as a ratio to the file's size, and the same above the
  baseline process (the fixed allowance: the interpreter, its libraries and one scrypt).
  Targets: the one-artifact file ≤ 3× the file; every shape ≤ 3× the file above the
  baseline.

* ``--mutmem`` (SPEC B7): sealed files of 1k … 99k entries, half of them MutMem
  records (weight transitions and labels), recall receipts at many heads.  Open +
  verify in a fresh process per size: per-entry cost must stay flat within ±20 %
  from the smallest to the largest, peak RSS ≤ 1.5 GB.
* ``--big-mb N`` (issue 16): a sealed file of about N MB (commits and evidence
  with large artifacts).  Peak RSS of open + verify must stay ≤ 3× the file.

Usage (from the repository root)::

    .venv/bin/python bench/limits_bench.py --memory [--formats text,json,sarif] [--regen]
    .venv/bin/python bench/verify_bench.py --mutmem [--mutmem-sizes 1000,10000,99000]
    .venv/bin/python bench/verify_bench.py --big-mb 400

Files are cached under ``bench/out/``; the tables go to ``bench/out/memory_bench.md``,
``bench/out/mutmem_bench.md`` and ``bench/out/big_bench.md``.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import random
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
PASSPHRASE = "bench passphrase — ünïcödé 🔑"
MUTMEM_VERSION = 1
BIG_VERSION = 1

_WORDS = [
    "refund",
    "policy",
    "ticket",
    "approve",
    "customer",
    "escalation",
    "invoice",
    "shipping",
    "delay",
    "warranty",
    "billing",
    "region",
    "outage",
    "deploy",
    "rollback",
    "incident",
    "budget",
    "quarterly",
    "forecast",
    "vendor",
    "contract",
    "renewal",
]


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n))


def build_mutmem(n: int, seed: int = 0) -> tuple[dict[str, bytes], dict]:
    """About ``n`` entries: plain memories, weight transitions and labels (half the
    entries), evidence for outcomes and verdicts, and a recall receipt every 200
    entries at the HEAD of that moment."""
    from inspector.core.keys import KeyPair
    from inspector.core.write.builder import StoreWriter, stepping_clock
    from inspector.core.write.mutmem import MutMemWriter, Outcome

    rng = random.Random(seed * 7919 + n)
    t0 = time.perf_counter()
    w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    mm = MutMemWriter(w)
    _, hk = mm.grant_role("housekeeper")
    _, au = mm.grant_role("auditor")
    memories: list[str] = []
    evidence: list[str] = []
    records = receipts = 0
    entries = len(w.store.files)
    while entries < n:
        roll = rng.random()
        if not memories or roll < 0.46:
            memories.append(mm.memory({"text": _text(rng, 12), "n": len(memories)})["commit_id"])
        elif roll < 0.48 or not evidence:
            evidence.append(w.evidence(artifacts=[("outcome.json", _text(rng, 8).encode())])["commit_id"])
        elif roll < 0.88:
            m = rng.choice(memories)
            try:
                mm.transition(
                    m,
                    [Outcome(rng.choice(evidence), rng.choice((1, -1)), rng.randint(1, 3))],
                    eta=0.2,
                    key=hk,
                )
                records += 1
            except Exception:  # a no-op at the weight bounds: skip it
                pass
        elif roll < 0.995:
            m = rng.choice(memories)
            if rng.random() < 0.7:
                mm.label(
                    m,
                    rng.choice(("unverified", "poison_suspect", "poison_likely")),
                    key=hk,
                    reason="detector",
                )
            else:
                mm.label(m, "poison_refuted", key=au, reason="checked", evidence=[rng.choice(evidence)])
            records += 1
        else:
            mm.recall(_text(rng, 3), k=5)
            receipts += 1
        entries = len(w.store.files)
    meta = {
        "version": MUTMEM_VERSION,
        "entries": len(w.store.files),
        "memories": len(memories),
        "records": records,
        "receipts": receipts,
        "evidence": len(evidence),
        "build_seconds": round(time.perf_counter() - t0, 1),
    }
    return w.store.files, meta


def build_big(mb: int, seed: int = 0) -> tuple[dict[str, bytes], dict]:
    """About ``mb`` MB of payload: 20,000 commits and evidence whose artifacts carry
    most of the bytes (tool outputs of 1–2 MB), as a long-lived agent's file looks."""
    from inspector.core.keys import KeyPair, sha256_id
    from inspector.core.write.builder import StoreWriter, stepping_clock

    rng = random.Random(seed + mb)
    w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    target = mb * 1_000_000
    total = 0
    commits = evidence = 0
    pending: list[str] = []
    while total < target * 0.75 // 1 or commits < 20_000:
        if commits % 40 == 0 and total < target * 0.75:
            blob = rng.randbytes(rng.randint(1_000_000, 2_000_000))
            pending.append(
                w.evidence(artifacts=[("output.bin", blob)], output_hash=sha256_id(blob))["commit_id"]
            )
            evidence += 1
            total += len(blob)
        obj = w.commit({"text": _text(rng, 40), "i": commits}, evidence_refs=pending)
        pending = []
        total += len(json.dumps(obj))
        commits += 1
    meta = {"version": BIG_VERSION, "commits": commits, "evidence": evidence, "payload_bytes": total}
    return w.store.files, meta


def cached(kind: str, size: int, regen: bool = False) -> tuple[Path, dict]:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{kind}-{size}.aleth"
    meta_path = OUT / f"{kind}-{size}.json"
    version = MUTMEM_VERSION if kind == "mutmem" else BIG_VERSION
    if not regen and path.exists() and meta_path.exists():
        meta = json.loads(meta_path.read_text())
        if meta.get("version") == version:
            return path, meta
    from inspector.core.container import seal_v2

    print(f"[build] {kind} {size} …", flush=True)
    files, meta = build_mutmem(size) if kind == "mutmem" else build_big(size)
    blob = seal_v2(files, PASSPHRASE)
    meta["sealed_bytes"] = len(blob)
    meta["sha256"] = hashlib.sha256(blob).hexdigest()
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    os.replace(tmp, path)
    meta_path.write_text(json.dumps(meta, indent=2))
    print(f"[build] {kind} {size}: {meta} ", flush=True)
    return path, meta


def rss_mb() -> float:
    """Peak RSS of this process in MiB (``VmHWM``: per address space, reset by exec)."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def worker(path: str, threads: int) -> dict:
    """Open + verify through the application's own path, in a fresh process."""
    from inspector.core.container import Credential
    from inspector.core.opener import open_and_verify
    from inspector.core.verify.engine import VerifyOptions

    cred = Credential(passphrase=PASSPHRASE)
    size = os.path.getsize(path)
    rss0 = rss_mb()
    t = time.perf_counter()
    report = open_and_verify(path, cred, VerifyOptions(threads=threads))
    total = time.perf_counter() - t
    return {
        "seconds": total,
        "verify_timings": dict(report.timings),
        "verdict": report.verdict,
        "errors": report.severity_counts()["error"],
        "rss_start_mb": rss0,
        "rss_peak_mb": rss_mb(),
        "file_bytes": size,
    }


def run_mutmem(spawn, sizes: list[int], threads: int, regen: bool, repeat: int) -> str:
    rows = []
    for n in sizes:
        path, meta = cached("mutmem", n, regen)
        runs = [spawn(["--worker-limits", str(path), "--threads", str(threads)]) for _ in range(repeat)]
        best = min(runs, key=lambda r: r["seconds"])
        rows.append((n, meta, best, max(r["rss_peak_mb"] for r in runs)))
        phase = best["verify_timings"].get("mutmem", 0)
        print(
            f"[mutmem] {n}: {best['seconds']:.2f} s (MutMem phase {phase:.2f} s), peak {rows[-1][3]:.0f} MB, "
            f"verdict {best['verdict']}",
            flush=True,
        )
    # per entry: the verifier's own time (the one scrypt and the decryption are fixed costs)
    base = rows[0][2]["verify_timings"]["total"] / rows[0][1]["entries"]
    lines = [
        f"MutMem-heavy series — {time.strftime('%Y-%m-%d')}, {platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}; open + verify incl. one "
        f"scrypt, fresh process, best of {repeat}",
        "",
        "| entries | memories | records | receipts | open + verify s | verify µs / entry | vs smallest "
        "| MutMem phase s | peak RSS |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    worst = 0.0
    for _n, meta, best, rss in rows:
        per = best["verify_timings"]["total"] / meta["entries"]
        worst = max(worst, abs(per / base - 1))
        lines.append(
            f"| {meta['entries']:,} | {meta['memories']:,} | {meta['records']:,} | {meta['receipts']:,} | "
            f"{best['seconds']:.2f} | {per * 1e6:.0f} | {per / base:.2f}× | "
            f"{best['verify_timings'].get('mutmem', 0):.2f} | {rss:.0f} MB |"
        )
    lines += [
        "",
        f"per-entry cost within ±{worst * 100:.0f}% of the smallest (target ±20%); "
        f"peak {max(r[3] for r in rows):.0f} MB (target ≤ 1536 MB)",
    ]
    text = "\n".join(lines) + "\n"
    (OUT / "mutmem_bench.md").write_text(text)
    return text


def run_big(spawn, mb: int, threads: int, regen: bool) -> str:
    path, meta = cached("big", mb, regen)
    res = spawn(["--worker-limits", str(path), "--threads", str(threads)])
    ratio = res["rss_peak_mb"] * 1024 * 1024 / res["file_bytes"]
    text = (
        f"Large sealed file — {time.strftime('%Y-%m-%d')}, {platform.machine()}, "
        f"{os.cpu_count()} cores\n\n"
        "| file | commits | evidence | open + verify s | peak RSS | peak / file |\n"
        "|---:|---:|---:|---:|---:|---:|\n"
        f"| {res['file_bytes'] / 1e6:.0f} MB | {meta['commits']:,} | {meta['evidence']:,} | "
        f"{res['seconds']:.1f} | {res['rss_peak_mb']:.0f} MB | {ratio:.2f}× |\n\n"
        f"target: peak ≤ 3× the file; verdict {res['verdict']}\n"
    )
    (OUT / "big_bench.md").write_text(text)
    return text


# =========================================================================== memory per shape (issue 20)

MEMORY_VERSION = 1
SHAPES = {
    "baseline": "one commit (the fixed allowance)",
    "one-artifact": "one artifact of 100 MiB",
    "missing-ids": "one commit citing 200,000 evidence ids the file does not hold",
    "empty-artifacts": "99,990 empty artifacts, referenced by nothing",
    "small-commits": "20,000 small commits, honest",
}


def build_shape(shape: str) -> dict[str, bytes]:
    from inspector.core.keys import KeyPair
    from inspector.core.write.builder import StoreWriter, stepping_clock

    rng = random.Random(20)
    w = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    if shape == "baseline":
        w.commit({"text": "one"})
    elif shape == "one-artifact":
        e = w.evidence(artifacts=[("output.bin", rng.randbytes(100 * 1024 * 1024 - 64))])
        w.commit({"text": "the tool's output"}, evidence_refs=[e["commit_id"]])
    elif shape == "missing-ids":
        w.commit({"text": "cites"}, evidence_refs=[f"sha256:{i:064x}" for i in range(200_000)])
    elif shape == "empty-artifacts":
        w.commit({"text": "one"})
        files = dict(w.store.files)
        for i in range(99_990):
            files[f"artifacts/{i}"] = b""
        return files
    elif shape == "small-commits":
        for i in range(20_000):
            w.commit({"text": _text(rng, 6), "i": i})
    else:
        raise ValueError(shape)
    return w.store.files


def shape_file(shape: str, regen: bool) -> Path:
    from inspector.core.container import seal_v2

    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"memory-{shape}-v{MEMORY_VERSION}.aleth"
    if regen or not path.exists():
        print(f"[build] {shape} …", flush=True)
        blob = seal_v2(build_shape(shape), PASSPHRASE)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, path)
    return path


_WRAPPER = (
    "import json, sys\n"
    "from inspector.cli.main import main\n"
    "code = main(sys.argv[2:])\n"
    "hwm = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM:'))\n"
    "open(sys.argv[1], 'w').write(json.dumps({'code': code, 'hwm_kib': hwm}))\n"
)


def peak_of_cli(path: Path, fmt: str, passphrase_file: Path, jobs: int | None = 1) -> tuple[float, int]:
    """Peak RSS (MiB, ``VmHWM`` of the command's own process: exec resets it) and exit code
    of ``verify PATH --format FMT --jobs N`` (None: the default, every core; then the
    main process, where the report is made), standard output to /dev/null."""
    import subprocess
    import sys
    import tempfile

    root = HERE.parent
    with tempfile.TemporaryDirectory() as tmp, open(os.devnull, "wb") as null:
        result = Path(tmp) / "result.json"
        argv = ["verify", str(path), "--format", fmt, "--passphrase-file", str(passphrase_file)]
        argv += ["--jobs", str(jobs)] if jobs else []
        subprocess.run(
            [sys.executable, "-c", _WRAPPER, str(result), *argv],
            stdout=null,
            stderr=subprocess.DEVNULL,
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
            check=False,
        )
        got = json.loads(result.read_text())
    return got["hwm_kib"] / 1024, int(got["code"])


def run_memory(formats: list[str], regen: bool, repeat: int) -> str:
    secret = OUT / "memory-passphrase.txt"
    OUT.mkdir(parents=True, exist_ok=True)
    secret.write_text(PASSPHRASE + "\n", encoding="utf-8")
    files = {shape: shape_file(shape, regen) for shape in SHAPES}
    runs = [(fmt, 1) for fmt in formats] + [(formats[-1], None)]  # and the default, on every core
    peaks: dict[tuple[str, str, int | None], float] = {}
    for shape, path in files.items():
        for fmt, jobs in runs:
            got = [peak_of_cli(path, fmt, secret, jobs) for _ in range(repeat)]
            peaks[shape, fmt, jobs] = min(mb for mb, _ in got)
            print(
                f"[memory] {shape} {fmt} jobs={jobs or 'auto'}: {peaks[shape, fmt, jobs]:.0f} MiB "
                f"(exit {got[0][1]})",
                flush=True,
            )
    base = max(peaks["baseline", fmt, jobs] for fmt, jobs in runs)
    heads = [f"{fmt}" for fmt in formats] + [f"{formats[-1]}, every core"]
    lines = [
        f"Memory in proportion — {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; `verify --format F`, standard output to /dev/null, "
        f"in a fresh process: peak RSS (VmHWM, best of {repeat}) with `--jobs 1` (everything in one process) "
        f"and with the "
        f"default (every core: the main process, where the report is made); baseline (the fixed allowance: "
        f"interpreter, libraries, one scrypt) {base:.0f} MiB",
        "",
        "| shape | sealed file | " + " | ".join(heads) + " | worst / file | worst above baseline / file |",
        "|---|---:|" + "---:|" * len(heads) + "---:|---:|",
    ]
    verdict = []
    for shape, path in files.items():
        size = path.stat().st_size
        worst = max(peaks[shape, fmt, jobs] for fmt, jobs in runs)
        mib = size / (1024 * 1024)
        ratio, above = worst / mib, max(worst - base, 0) / mib
        cells = " | ".join(f"{peaks[shape, fmt, jobs]:.0f} MiB" for fmt, jobs in runs)
        shown = "—" if shape == "baseline" else f"{above:.2f}×"
        lines.append(f"| {SHAPES[shape]} | {size / 1e6:.1f} MB | {cells} | {ratio:.2f}× | {shown} |")
        every = max(peaks[shape, fmt, jobs] for fmt, jobs in runs if jobs is None)
        if shape == "one-artifact":
            verdict.append(f"one artifact: {ratio:.2f}× the file (target ≤ 3×)")
        elif shape != "baseline":
            verdict.append(
                f"{shape}: {above:.2f}× above the baseline in one process, "
                f"{max(every - base, 0) / mib:.2f}× on every core (target ≤ 3×)"
            )
    lines += ["", "; ".join(verdict)]
    text = "\n".join(lines) + "\n"
    (OUT / "memory_bench.md").write_text(text)
    return text


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--memory", action="store_true", help="peak memory per shape (issue 20)")
    ap.add_argument("--formats", default="text,json,sarif")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--regen", action="store_true", help="rebuild the cached files")
    args = ap.parse_args()
    if not args.memory:
        ap.error("--memory (the other series run through verify_bench.py)")
    print(run_memory([f for f in args.formats.split(",") if f], args.regen, args.repeat))
    return 0


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(HERE.parent))
    raise SystemExit(main())
