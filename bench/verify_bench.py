"""Speed of opening + verifying sealed ALETH002 files (not a test, not in CI).

One run of this script:

1. builds (or reuses from ``bench/out/``) sealed ALETH002 files of 1k, 10k and
   99k commits: 5 key eras (4 rotations evenly spaced), ~500-1000 byte commit
   contents with unicode and a float ``provenance.confidence``, evidence with
   artifacts referenced from commits, and a merge every 1000 commits;
2. for each size, in a fresh subprocess per repeat (clean peak RSS):
   our open (parse_envelope / derive_key / decrypt / decode_payload) + verify,
   then the Ed25519-only floor (the same signatures, messages and keys verified
   in a tight loop on a 2-thread pool);
3. alethech 0.9.5's ``open_container_v2`` (to a fresh temp dir) and its
   ``verify_store`` on the materialized directory, in a subprocess; sizes above
   ``--skip-alethech-above`` are run only if the time extrapolated from the
   smaller sizes stays under ``--alethech-budget`` seconds;
4. prints a markdown table plus pass/fail per target and writes it to
   ``bench/out/verify_bench.md``.

Usage::

    .venv/bin/python bench/verify_bench.py [--sizes 1000,10000,99000]
        [--skip-alethech-above 10000] [--alethech-budget 600] [--repeat 3]
        [--threads 2] [--regen] [--profile 10000]

``--profile N`` instead cProfiles our open (KDF excluded) + verify on the cached
N-commit file and writes ``bench/out/profile-N.txt`` (cumulative and tottime).

Through the command line (issue 27: what a user gets, fixed costs included)::

    .venv/bin/python bench/verify_bench.py --cli [--sizes 1000,10000,50000,99000] [--repeat 2]
    .venv/bin/python bench/verify_bench.py --scaling 99000 [--repeat 2]
    .venv/bin/python bench/verify_bench.py --fixed-costs 1000 [--repeat 9] [--tree DIR ...]

``--cli`` runs ``aleth-inspector verify FILE --passphrase-file P --format json`` (its
defaults: every core; stdout to /dev/null) in a fresh process per repeat, between two
fresh-process measurements of the 2-thread Ed25519 floor: wall time from spawn to reaped,
the peak of the whole process tree's RSS (sampled) and the largest process's (wait4),
alethech's container open at 10k in the same run, the per-commit marginal cost over a
10-commit file's fixed cost, and the issue's targets; ``bench/out/cli_bench.md``.
``--scaling N`` does the same on the N-commit file with ``--jobs P`` for P = 1 .. all
cores, each against a P-thread floor, and projects to more cores by Amdahl's law from the
measured serial part (``bench/out/scaling_bench.md``). ``--fixed-costs N`` times
interpreter start to the first byte of the file read and to exit for ``--version`` and
``verify`` of the N-commit file (``bench/out/fixed_costs.md``).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PASSPHRASE = "bench passphrase — ünïcödé 🔑"
GENERATOR_VERSION = 3  # bump when the generated content changes (invalidates the cache)
ERAS = 5
MERGE_EVERY = 1000
EVIDENCE_EVERY = 250
MAX_FILES = 100_000

# targets
T_FLOOR_RATIO = 1.5  # ours / floor at 99k
T_ALETHECH_SPEEDUP = 10.0  # alethech open / ours at 10k
T_FLAT = 0.20  # per-commit within ±20 % from 1k to 99k
T_RSS_MB = 1536.0  # ≤ 1.5 GB peak at 99k


# =========================================================================== generation

_WORDS = [
    "the",
    "agent",
    "noted",
    "that",
    "user",
    "prefers",
    "concise",
    "answers",
    "about",
    "deployment",
    "schedule",
    "meeting",
    "moved",
    "to",
    "thursday",
    "budget",
    "review",
    "pending",
    "approval",
    "from",
    "finance",
    "team",
    "latency",
    "regression",
    "observed",
    "after",
    "cache",
    "change",
    "rollback",
    "considered",
    "but",
    "deferred",
    "customer",
    "asked",
    "again",
    "about",
    "invoice",
    "format",
    "travel",
    "plans",
    "include",
    "a",
    "stop",
    "in",
    "café",
    "naïve",
    "résumé",
    "Zürich",
    "São",
    "Paulo",
    "Kraków",
    "Ελλάδα",
    "Москва",
    "東京",
    "大阪",
    "データ",
    "検証",
    "서울",
    "—",
    "«",
    "quoted",
    "»",
    "“smart",
    "quotes”",
    "50",
    "€",
    "3",
    "km²",
    "±0.5",
    "°C",
]
_EMOJI = ["🚀", "✅", "📌", "🧪", "🔁"]
_TAGS = [
    "work",
    "travel",
    "finance",
    "infra",
    "preference",
    "family",
    "health",
    "project-x",
    "ops",
    "incident",
    "follow-up",
    "idée",
    "東京",
]
_KINDS = ["observation", "decision", "preference", "fact", "plan", "reflection"]
_MEMTYPES = ["semantic", "semantic", "episodic", "episodic", "procedural"]
_ENTITY_TYPES = ["person", "place", "org", "product", "date"]


def _sentence(rng: random.Random, lo: int, hi: int) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(lo, hi))]
    if rng.random() < 0.15:
        words.insert(rng.randrange(len(words)), rng.choice(_EMOJI))
    s = " ".join(words)
    return s[0].upper() + s[1:] + "."


def commit_content(rng: random.Random, i: int) -> dict:
    """A realistic memory content of ~500-1000 bytes of JSON."""
    c = {
        "kind": rng.choice(_KINDS),
        "subject": f"user:{rng.randrange(5000):04d}",
        "text": " ".join(_sentence(rng, 8, 18) for _ in range(rng.randint(2, 4))),
        "summary": _sentence(rng, 5, 10),
        "tags": rng.sample(_TAGS, rng.randint(1, 4)),
        "entities": [
            {
                "name": rng.choice(_WORDS).strip(".,"),
                "type": rng.choice(_ENTITY_TYPES),
                "salience": round(rng.uniform(0.05, 0.95), 3),
            }
            for _ in range(rng.randint(1, 3))
        ],
        "turn": i,
        "lang": rng.choice(["en", "en", "en", "fr", "de", "ja"]),
        "message_id": f"{rng.getrandbits(128):032x}",
    }
    if rng.random() < 0.3:
        c["follow_up"] = {
            "due": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            "priority": rng.choice(["low", "normal", "high"]),
        }
    return c


def build_files(n: int, seed: int = 0) -> tuple[dict[str, bytes], dict]:
    """Build an n-commit v2 store with StoreWriter (the same code the app uses)."""
    from inspector.core.keys import KeyPair, sha256_id
    from inspector.core.write.builder import StoreWriter, stepping_clock

    rng = random.Random(seed * 1_000_003 + n)
    w = StoreWriter.create(
        root=KeyPair.generate(),
        clock=stepping_clock(),
        genesis={"kind": "genesis", "note": "memory initialised — bench"},
    )
    count = 1
    rotations_at = [n * k // ERAS for k in range(1, ERAS)]
    next_key = 2
    merges = evidence = 0
    pending_ref: str | None = None
    content_sizes: list[int] = []
    t0 = time.perf_counter()

    def one(parents=None, move_head=True, content=None):
        nonlocal count, pending_ref
        c = content or commit_content(rng, count)
        content_sizes.append(len(json.dumps(c, ensure_ascii=False).encode()))
        refs = [pending_ref] if pending_ref else []
        pending_ref = None
        obj = w.commit(
            c,
            memory_type=rng.choice(_MEMTYPES),
            parents=parents,
            session_id=f"session-{count // 200:04d}",
            evidence_refs=refs,
            confidence=round(rng.uniform(0.5, 0.99), 3),
            source=rng.choice(["agent_observation", "user_statement", "tool_output"]),
            move_head=move_head,
        )
        count += 1
        return obj

    while count < n:
        if rotations_at and count >= rotations_at[0]:
            rotations_at.pop(0)
            w.rotate(f"key-{next_key - 1:03d}", KeyPair.generate(), f"key-{next_key:03d}")
            next_key += 1
            continue
        if count % EVIDENCE_EVERY == 100 and pending_ref is None:
            k = evidence
            arts = [
                (
                    "output.json",
                    json.dumps(
                        {
                            "run": k,
                            "rows": [[j, round(rng.random(), 4), _sentence(rng, 3, 6)] for j in range(20)],
                        },
                        ensure_ascii=False,
                    ).encode(),
                )
            ]
            if k % 4 == 0:
                arts.append(("stderr.log", ("\n".join(_sentence(rng, 4, 12) for _ in range(15))).encode()))
            inp = sha256_id(f"input-{k}".encode())
            ev = w.evidence(
                tool=rng.choice(["web_search", "python", "sql"]),
                tool_version="2.3.1",
                input_hash=inp,
                output_hash=sha256_id(arts[0][1]),
                artifacts=arts,
            )
            evidence += 1
            pending_ref = ev["commit_id"]
        if count % MERGE_EVERY == MERGE_EVERY // 2 and n - count >= 3:
            base = w.head
            side = one(parents=[base], move_head=False)
            main = one()
            one(
                parents=[main["commit_id"], side["commit_id"]],
                content={
                    "kind": "merge",
                    "note": "reconciled parallel session — fusion des branches",
                    "merged": [main["commit_id"], side["commit_id"]],
                },
            )
            merges += 1
            continue
        one()
    files = w.store.files
    if len(files) > MAX_FILES:
        raise SystemExit(f"generated {len(files)} files, more than the format allows")
    meta = {
        "generator_version": GENERATOR_VERSION,
        "commits": count,
        "evidence": evidence,
        "artifacts": sum(1 for p in files if p.startswith("artifacts/")),
        "control_events": sum(1 for p in files if p.startswith("control_events/")),
        "merges": merges,
        "eras": next_key - 1,
        "files": len(files),
        "content_bytes_median": int(statistics.median(content_sizes)),
        "content_bytes_min": min(content_sizes),
        "content_bytes_max": max(content_sizes),
        "payload_file_bytes": sum(len(v) for v in files.values()),
        "build_seconds": round(time.perf_counter() - t0, 2),
    }
    return files, meta


def cached_file(n: int, regen: bool = False) -> tuple[Path, dict]:
    """Path of the sealed n-commit file (built once, cached under bench/out/)."""
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"store-{n}.aleth"
    meta_path = OUT / f"store-{n}.json"
    if not regen and path.exists() and meta_path.exists():
        meta = json.loads(meta_path.read_text())
        if meta.get("generator_version") == GENERATOR_VERSION:
            return path, meta
    from inspector.core.container import seal_v2

    print(f"[build] {n} commits …", flush=True)
    files, meta = build_files(n)
    t = time.perf_counter()
    blob = seal_v2(files, PASSPHRASE)
    meta["seal_seconds"] = round(time.perf_counter() - t, 2)
    meta["sealed_bytes"] = len(blob)
    meta["sha256"] = hashlib.sha256(blob).hexdigest()
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(blob)
    os.replace(tmp, path)
    meta_path.write_text(json.dumps(meta, indent=2))
    print(
        f"[build] {n}: {meta['files']} files, {len(blob) / 1e6:.1f} MB sealed, "
        f"built in {meta['build_seconds']} s + sealed in {meta['seal_seconds']} s",
        flush=True,
    )
    return path, meta


# =========================================================================== workers


def _rss_mb() -> float:
    """Peak RSS of this process in MiB.

    ``VmHWM`` from /proc (per address space, reset by exec) rather than
    ``ru_maxrss``, which on Linux survives exec and so would include the RSS of
    the parent benchmark process at fork time.
    """
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


# --------------------------------------------------------------------------- floor data

FLOOR_MAGIC = b"VBFLOOR1"


def floor_file(n: int, path: Path) -> Path:
    """(key, signature, message) of every commit and evidence of the sealed file,
    computed once with the reference RFC 8785 encoder (``rfc8785``), not with our
    parser, and cached beside the sealed file."""
    out = path.with_suffix(".floor.bin")
    if out.exists() and out.stat().st_mtime >= path.stat().st_mtime:
        return out
    import struct

    import rfc8785

    from inspector.core.container import Credential, open_container
    from inspector.core.keys import b64url_decode

    t = time.perf_counter()
    files = open_container(path.read_bytes(), Credential(passphrase=PASSPHRASE)).files
    keys: dict[str, bytes] = {}
    for p_, data in files.items():
        if p_.startswith("identities/"):
            rec = json.loads(data)
            for k in rec.get("active_keys", []) + rec.get("revoked_keys", []):
                keys[k["key_id"]] = b64url_decode(k["public_key"]["x"])
    order = sorted(keys)
    index = {k: i for i, k in enumerate(order)}
    chunks = [FLOOR_MAGIC, struct.pack(">I", len(order)), *(keys[k] for k in order)]
    count = 0
    for p_, data in files.items():
        if not p_.startswith(("commits/", "evidence/")):
            continue
        obj = json.loads(data)
        sig = b64url_decode(obj.pop("signature")[len("ed25519:") :])
        msg = rfc8785.dumps(obj)  # signable fields + commit_id (the generator writes no extras)
        chunks += [struct.pack(">B", index[obj["key_id"]]), sig, struct.pack(">I", len(msg)), msg]
        count += 1
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(b"".join(chunks))
    os.replace(tmp, out)
    print(f"[floor] {n}: {count} signed messages (rfc8785) in {time.perf_counter() - t:.1f} s", flush=True)
    return out


def load_floor(path: str) -> list:
    import struct

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    data = Path(path).read_bytes()
    assert data[:8] == FLOOR_MAGIC
    (k,) = struct.unpack_from(">I", data, 8)
    pos = 12
    pubs = []
    for _ in range(k):
        pubs.append(Ed25519PublicKey.from_public_bytes(data[pos : pos + 32]))
        pos += 32
    out = []
    mv = memoryview(data)
    while pos < len(data):
        ki = data[pos]
        sig = bytes(mv[pos + 1 : pos + 65])
        (ln,) = struct.unpack_from(">I", data, pos + 65)
        msg = bytes(mv[pos + 69 : pos + 69 + ln])
        out.append((pubs[ki], sig, msg))
        pos += 69 + ln
    return out


def run_floor(triples: list, threads: int) -> float:
    """Seconds to verify every triple on a ``threads``-thread pool (tight loop)."""

    def run(chunk):
        for pk, sig, msg in chunk:
            pk.verify(sig, msg)  # raises InvalidSignature if anything is off
        return len(chunk)

    if threads <= 1:
        t = time.perf_counter()
        run(triples)
        return time.perf_counter() - t
    parts = [triples[i::threads] for i in range(threads)]
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(len, parts))  # start the threads outside the timing
        t = time.perf_counter()
        done = sum(pool.map(run, parts))
        dt = time.perf_counter() - t
    assert done == len(triples)
    return dt


# --------------------------------------------------------------------------- workers


def worker_ours(
    path: str, threads: int, floor_path: str, floor_before: bool, diagnostics: bool, processes: int = 1
) -> dict:
    """Our open + verify in a fresh process, with the Ed25519 floor measured
    right after (and, if ``floor_before``, also right before) it.

    Peak RSS is only meaningful without ``floor_before`` (the floor's messages
    are then loaded after our path)."""
    from inspector.core.container import (
        Credential,
        decode_payload_owned,
        decrypt,
        derive_key,
        parse_envelope,
    )

    # Warm-up on a tiny in-memory store, outside the timing: the verifier imports
    # some modules lazily (mutmem, merkle, privacy) and a cold first call would
    # add a fixed ~tens of ms that is not a per-commit cost.
    from inspector.core.keys import KeyPair
    from inspector.core.store import Store
    from inspector.core.verify.engine import VerifyOptions, verify
    from inspector.core.write.builder import StoreWriter, stepping_clock

    tw = StoreWriter.create(root=KeyPair.generate(), clock=stepping_clock())
    for i in range(3):
        tw.commit({"kind": "warm-up", "i": i}, confidence=0.5)
    t = time.perf_counter()
    verify(tw.store, VerifyOptions(threads=threads))
    warmup = time.perf_counter() - t
    del tw

    triples = None
    floor_b = None
    if floor_before:
        triples = load_floor(floor_path)
        floor_b = run_floor(triples, threads)

    rss_start = _rss_mb()
    ph: dict[str, float] = {}
    t = time.perf_counter()
    blob = Path(path).read_bytes()
    ph["read"] = time.perf_counter() - t
    t = time.perf_counter()
    env = parse_envelope(blob)
    ph["parse_envelope"] = time.perf_counter() - t
    t = time.perf_counter()
    key = derive_key(env, Credential(passphrase=PASSPHRASE))
    ph["kdf"] = time.perf_counter() - t
    t = time.perf_counter()
    plain = decrypt(env, key)
    ph["decrypt"] = time.perf_counter() - t
    del blob, env
    t = time.perf_counter()
    files = decode_payload_owned([plain])  # the application's own path (frees the plaintext)
    ph["decode_payload"] = time.perf_counter() - t
    del plain
    store = Store(files, origin="ALETH002", source=path)
    t = time.perf_counter()
    report = verify(store, VerifyOptions(threads=threads, processes=processes))
    ph["verify"] = time.perf_counter() - t
    rss_peak = _rss_mb()
    open_excl = ph["read"] + ph["parse_envelope"] + ph["decrypt"] + ph["decode_payload"]
    sev = report.severity_counts()
    info = {"verdict": report.verdict, "verify_timings": dict(report.timings), "counts": dict(report.counts)}
    codes: dict[str, int] = {}
    for f in report.findings:
        codes[f.code] = codes.get(f.code, 0) + 1
    del report

    if triples is None:
        triples = load_floor(floor_path)
    floor_a = run_floor(triples, threads)
    floors = [x for x in (floor_b, floor_a) if x is not None]

    floor_1t = main_only = None
    if diagnostics:
        floor_1t = run_floor(triples, 1)
        # the verifier's main-thread work alone: the same verify() with the
        # Ed25519 checks replaced by "first candidate verifies"
        from inspector.core.verify import signatures as _sig

        orig = _sig._check_batch
        _sig._check_batch = lambda items: [0] * len(items)
        try:
            t = time.perf_counter()
            verify(store, VerifyOptions(threads=threads))
            main_only = time.perf_counter() - t
        finally:
            _sig._check_batch = orig
    return {
        "phases": ph,
        "open_excl_kdf": open_excl,
        "ours_excl_kdf": open_excl + ph["verify"],
        "ours_incl_kdf": open_excl + ph["verify"] + ph["kdf"],
        "rss_start_mb": rss_start,
        "rss_peak_mb": rss_peak,
        "rss_clean": not floor_before,
        "floor_before": floor_b,
        "floor_after": floor_a,
        "floor": sum(floors) / len(floors),
        "floor_1thread": floor_1t,
        "signatures": len(triples),
        "verify_main_thread_only": main_only,
        "warmup_verify": warmup,
        "severity": sev,
        "codes": codes,
    } | info


def core_fingerprint() -> str:
    """Hash of the verifier's sources, so a run can tell if the core changed under it."""
    h = hashlib.sha256()
    for f in sorted((ROOT / "inspector" / "core").rglob("*.py")):
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:12]


def _worker_ours_main(args) -> None:
    fp = core_fingerprint()
    res = worker_ours(
        args.worker_ours, args.threads, args.floor_file, args.floor_before, args.diagnostics, args.processes
    )
    res["core"] = fp
    print("@@RESULT@@" + json.dumps(res))


def worker_alethech(path: str, base_dir: str) -> dict:
    """alethech 0.9.5: container open (decrypt, materialize, verify) and verify_store.

    ``base_dir`` is an empty directory the parent created (and removes, also
    when it has to kill this worker)."""
    import alethech
    from alethech.container_v2 import open_container_v2
    from alethech.store import Store as AStore
    from alethech.verify import verify_store

    base = Path(base_dir)
    try:
        dest = base / "store"
        t = time.perf_counter()
        open_container_v2(path, dest, passphrase=PASSPHRASE)
        t_open = time.perf_counter() - t
        t = time.perf_counter()
        rep = verify_store(AStore.open(dest))
        t_verify = time.perf_counter() - t
        return {
            "version": getattr(alethech, "__version__", "?"),
            "open": t_open,
            "verify_store": t_verify,
            "ok": rep.ok,
            "errors": len(rep.errors),
            "commits_valid_historical": getattr(rep, "commits_valid_historical", None),
            "rss_peak_mb": _rss_mb(),
        }
    finally:
        shutil.rmtree(base, ignore_errors=True)


def worker_ancestry(path: str, sample: int = 60) -> dict:
    """Cost of alethech's quadratic part, measured on the real DAG.

    alethech's ``verify_store`` calls ``ancestry_check(cid, cutoff_head, commits)``
    (a BFS from the cutoff) once per commit signed by a revoked key.  Time that
    very function on a uniform sample of those commits and scale by their count.
    """
    from types import SimpleNamespace

    from alethech.verify import ancestry_check

    from inspector.core.container import Credential, open_container

    files = open_container(Path(path).read_bytes(), Credential(passphrase=PASSPHRASE)).files
    cutoff_of: dict[str, str] = {}
    for p_, data in files.items():
        if p_.startswith("identities/"):
            for k in json.loads(data).get("revoked_keys", []):
                cutoff_of[k["key_id"]] = k.get("cutoff_head", "")
    commits: dict[str, SimpleNamespace] = {}
    revoked: list[tuple[str, str]] = []
    for p_, data in files.items():
        if p_.startswith("commits/"):
            o = json.loads(data)
            commits[o["commit_id"]] = SimpleNamespace(parents=o["parents"])
            if o["key_id"] in cutoff_of:
                revoked.append((o["commit_id"], cutoff_of[o["key_id"]]))
    del files
    picks = random.Random(7).sample(revoked, min(sample, len(revoked)))
    t = time.perf_counter()
    for cid, cut in picks:
        assert ancestry_check(cid, cut, commits)
    per = (time.perf_counter() - t) / max(1, len(picks))
    return {
        "revoked_commits": len(revoked),
        "per_check": per,
        "sample": len(picks),
        "quadratic_part": per * len(revoked),
    }


def _pin(cores: int | None):
    """A ``preexec_fn`` that keeps a child (and all it starts) on the first ``cores`` CPUs
    this process may use; None: no pinning."""
    if not cores:
        return None
    cpus = sorted(os.sched_getaffinity(0))[:cores]
    return lambda: os.sched_setaffinity(0, cpus)


def _spawn(args: list[str], timeout: float | None = None, cores: int | None = None) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), *args]
    proc = subprocess.run(
        cmd, check=False, capture_output=True, text=True, timeout=timeout, preexec_fn=_pin(cores)
    )
    if proc.returncode != 0:
        raise RuntimeError(f"worker failed ({' '.join(args)}):\n{proc.stderr[-4000:]}")
    for line in proc.stdout.splitlines():
        if line.startswith("@@RESULT@@"):
            return json.loads(line[len("@@RESULT@@") :])
    raise RuntimeError(f"worker printed no result:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")


# =========================================================================== through the command line
#
# Issue 27 measures what a user gets: `aleth-inspector verify FILE --passphrase-file P
# --format json` with its defaults, in a fresh process per repeat (interpreter start,
# imports, scrypt, decrypt, the worker processes, the report), stdout to /dev/null,
# against the Ed25519 floor measured in fresh processes right before and after it.

CLI_SIZES = "1000,10000,50000,99000"
T_FLOOR_RATIO_SMALL = 2.5  # ours / floor at 1k, where fixed costs dominate
FIXED_SIZE = 10  # the sealed file whose wall time is the command's fixed cost
SAMPLE_S = 0.02  # the process tree's RSS is sampled this often
# A user's installation has its bytecode compiled (pip does it); a child that may not write
# its caches would compile every changed module on every start (~0.25 s here), so the
# commands run without PYTHONDONTWRITEBYTECODE, after a warm-up run that writes them.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cli_command() -> list[str]:
    """The console script beside this interpreter (``python -m inspector.cli`` without one)."""
    script = Path(sys.executable).with_name("aleth-inspector")
    return [str(script)] if script.exists() else [sys.executable, "-m", "inspector.cli"]


def _tree_rss_bytes(root: int) -> int:
    """Σ VmRSS of ``root`` and its descendants now (pages shared copy-on-write by the
    forked workers are counted in each process: an upper bound of what they use)."""
    page = os.sysconf("SC_PAGE_SIZE")
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        try:
            with open(f"/proc/{pid}/statm") as fh:
                total += int(fh.read().split()[1]) * page
            with open(f"/proc/{pid}/task/{pid}/children") as fh:
                todo += [int(c) for c in fh.read().split()]
        except (OSError, ValueError):
            continue  # it has just exited
    return total


def run_cli(args: list[str], env: dict | None = None, cores: int | None = None) -> dict:
    """One ``aleth-inspector ARGS`` in a fresh process: wall time (spawn to reaped), exit
    code, the peak of the whole process tree's RSS (sampled every SAMPLE_S) and the
    largest single process's peak (``ru_maxrss`` from wait4: it and every descendant it
    waited for)."""
    import threading

    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [*cli_command(), *args],
            stdout=subprocess.DEVNULL,
            stderr=err,
            env=env or CHILD_ENV,
            preexec_fn=_pin(cores),
        )
        peak = [0]
        done = threading.Event()

        def sample() -> None:
            while not done.wait(SAMPLE_S):
                peak[0] = max(peak[0], _tree_rss_bytes(proc.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        done.set()
        sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode(errors="replace")
    return {
        "wall": wall,
        "code": proc.returncode,
        "tree_peak_mb": peak[0] / 2**20,
        "largest_mb": usage.ru_maxrss / 1024.0,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "stderr": stderr[-2000:],
    }


def worker_floor(floor_path: str, threads: list[int], kdf_of: str | None) -> dict:
    """The Ed25519 floor at each thread count (a fresh process, messages loaded first),
    and optionally the scrypt key derivation of a sealed file (a fixed cost)."""
    triples = load_floor(floor_path)
    out: dict = {"signatures": len(triples), "floor": {str(t): run_floor(triples, t) for t in threads}}
    if kdf_of:
        from inspector.core.container import Credential, derive_key, parse_envelope

        env = parse_envelope(Path(kdf_of).read_bytes())
        t = time.perf_counter()
        derive_key(env, Credential(passphrase=PASSPHRASE))
        out["kdf"] = time.perf_counter() - t
    return out


def _floor(ffile: Path, threads: list[int], kdf_of: Path | None = None, cores: int | None = None) -> dict:
    extra = ["--kdf-of", str(kdf_of)] if kdf_of else []
    argv = ["--worker-floor", str(ffile), "--floor-threads", ",".join(map(str, threads)), *extra]
    return _spawn(argv, cores=cores)


def _verify_args(path: Path, pfile: Path, jobs: int | None = None) -> list[str]:
    args = ["verify", str(path), "--passphrase-file", str(pfile), "--format", "json"]
    return args + (["--jobs", str(jobs)] if jobs else [])


def _paired(ffile: Path, threads: list[int], argv: list[str], cores: int | None = None) -> dict:
    """floor, the command, floor: the command's wall time over the mean of the two floors
    at each thread count (each in its own fresh process; all on ``cores`` CPUs if given)."""
    before = _floor(ffile, threads, cores=cores)
    run = run_cli(argv, cores=cores)
    if run["code"] not in (0, 1):
        raise RuntimeError(f"aleth-inspector {' '.join(argv)} exited {run['code']}:\n{run['stderr']}")
    after = _floor(ffile, threads, cores=cores)
    run["floor"] = {t: (before["floor"][str(t)] + after["floor"][str(t)]) / 2 for t in threads}
    run["signatures"] = before["signatures"]
    return run


def _passphrase_file(tmp: str) -> Path:
    p = Path(tmp) / "passphrase"  # the bench's own passphrase (in this script), never a user's
    p.write_text(PASSPHRASE, encoding="utf-8")
    p.chmod(0o600)
    return p


def _machine() -> str:
    model = "?"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (
        f"{platform.machine()}, {os.cpu_count()} cores ({model}), {platform.system()}, "
        f"Python {platform.python_version()}"
    )


def cli_bench(sizes: list[int], repeat: int, threads: int, alethech_repeat: int, regen: bool, tmp) -> Path:
    """open + verify through the command line with its defaults (see the section comment)."""
    started = time.strftime("%Y-%m-%d %H:%M")
    t_run = time.perf_counter()
    files = {n: cached_file(n, regen) for n in sorted({FIXED_SIZE, *sizes})}
    floors = {n: floor_file(n, p) for n, (p, _) in files.items()}
    rows: dict[int, dict] = {}
    with tempfile.TemporaryDirectory(prefix="aleth-bench-") as d:
        pfile = _passphrase_file(d)
        for argv in (["--version"], _verify_args(files[FIXED_SIZE][0], pfile)):
            run_cli(argv)  # writes the bytecode caches (see CHILD_ENV)
        for n in sorted(files):
            path, meta = files[n]
            kdf = _floor(floors[n], [threads], kdf_of=path)["kdf"] if n == FIXED_SIZE else None
            runs = []
            for r in range(repeat):
                run = _paired(floors[n], [threads], _verify_args(path, pfile))
                runs.append(run)
                f = run["floor"][threads]
                print(
                    f"[cli] {n}: run {r + 1}/{repeat}: {run['wall']:.2f} s (exit {run['code']}), floor "
                    f"{f:.3f} s, ratio {run['wall'] / f:.2f}, tree peak {run['tree_peak_mb']:.0f} MiB, "
                    f"largest process {run['largest_mb']:.0f} MiB",
                    flush=True,
                )
            rows[n] = {"meta": meta, "runs": runs, "kdf": kdf}
        ale = None
        ale_note = "alethech is not installed in this interpreter's environment"
        if 10_000 in sizes and importlib.util.find_spec("alethech") is not None:
            # ours, alethech, ours: each alethech run over the mean of ours right around it
            a_runs, ours_around = [], []
            ours_before = run_cli(_verify_args(files[10_000][0], pfile))["wall"]
            for _ in range(max(1, alethech_repeat)):
                base = tempfile.mkdtemp(prefix="aleth-bench-", dir=tmp)
                try:
                    a_runs.append(_spawn(["--worker-alethech", str(files[10_000][0]), "--tmp", base]))
                finally:
                    shutil.rmtree(base, ignore_errors=True)
                ours_after = run_cli(_verify_args(files[10_000][0], pfile))["wall"]
                ours_around.append((ours_before + ours_after) / 2)
                print(
                    f"[alethech] 10000: open {a_runs[-1]['open']:.2f} s, ok={a_runs[-1]['ok']}; ours around "
                    f"it {ours_before:.2f} and {ours_after:.2f} s",
                    flush=True,
                )
                ours_before = ours_after
            ale = {
                "open": min(x["open"] for x in a_runs),
                "ok": all(x["ok"] for x in a_runs),
                "version": a_runs[0]["version"],
                "rss_peak_mb": max(x["rss_peak_mb"] for x in a_runs),
                "ratios": [a["open"] / o for a, o in zip(a_runs, ours_around, strict=True)],
                "ours_around": ours_around,
            }
        elif 10_000 not in sizes:
            ale_note = "10k not in --sizes"

    fixed = min(x["wall"] for x in rows[FIXED_SIZE]["runs"])
    lines: list[str] = []
    add = lines.append
    add(f"# verify through the command line — {started}")
    add("")
    add(
        f"Machine: {_machine()} (shared, noisy: compare the ratios of one run). Each repeat runs, each in "
        f"its own fresh process: the Ed25519 floor ({threads} threads), `aleth-inspector "
        "verify FILE --passphrase-file P --format json` (defaults: every core, stdout to /dev/null), the "
        f"floor again. {repeat} repeats; times: best; ours / floor: median of the paired ratios."
    )
    add("")
    add(
        "| commits | signatures | wall s (start to exit) | floor s | wall / floor | per commit µs (marginal) "
        "| per commit in floor signatures | peak RSS, all processes | largest process | exit |"
    )
    add("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    norm: dict[int, float] = {}
    for n in sorted(rows):
        r = rows[n]
        runs = r["runs"]
        commits = r["meta"]["commits"]
        best = min(x["wall"] for x in runs)
        floor = min(x["floor"][threads] for x in runs)
        r["ratio"] = statistics.median(x["wall"] / x["floor"][threads] for x in runs)
        r["best"] = best
        r["tree_peak_mb"] = max(x["tree_peak_mb"] for x in runs)
        r["largest_mb"] = max(x["largest_mb"] for x in runs)
        per = norm_per = None
        if n != FIXED_SIZE:
            extra = commits - rows[FIXED_SIZE]["meta"]["commits"]
            per = (best - fixed) / extra * 1e6
            # machine-normalised: the marginal cost per commit in units of the same repeat's
            # floor time per signature (the machine's speed drifts between sizes)
            norm_per = statistics.median(
                ((x["wall"] - fixed) / extra) / (x["floor"][threads] / x["signatures"]) for x in runs
            )
            norm[n] = norm_per
        r["per_commit_us"] = per
        add(
            f"| {commits:,} | {runs[0]['signatures']:,} | {best:.2f} | {floor:.3f} | "
            f"{'(the fixed cost)' if n == FIXED_SIZE else format(r['ratio'], '.2f') + '×'} | "
            f"{_fmt(per, '.0f')} | {_fmt(norm_per, '.2f')} | {r['tree_peak_mb']:.0f} MiB | "
            f"{r['largest_mb']:.0f} MiB | {', '.join(sorted({str(x['code']) for x in runs}))} |"
        )
    add("")
    add(
        f"- *fixed cost*: the {rows[FIXED_SIZE]['meta']['commits']}-commit file takes {fixed:.2f} s from "
        f"start to exit, of which the scrypt key derivation is {rows[FIXED_SIZE]['kdf']:.2f} s (measured "
        "alone); *per commit (marginal)* = (wall − that) ÷ the extra commits; *in floor signatures*: the "
        "same divided by the floor's time per signature of the same repeat (median)."
    )
    add(
        "- *peak RSS, all processes*: the largest sum of VmRSS over the command and its worker processes, "
        f"sampled every {SAMPLE_S * 1e3:.0f} ms (pages the forked workers share copy-on-write count in "
        "each); *largest process*: ru_maxrss from wait4."
    )
    speed = None
    if ale:
        speed = statistics.median(ale["ratios"])
        add(
            f"- alethech {ale['version']} at 10k: `open_container_v2` (its scrypt, decrypt, a directory "
            f"written with fsync per file, its verify_store; in-process, so its interpreter start and "
            f"imports are not counted; ok={ale['ok']}, peak {ale['rss_peak_mb']:.0f} MiB), best "
            f"{ale['open']:.2f} s; each of its {len(ale['ratios'])} runs over the mean of our start-to-exit "
            f"runs right before and after it: {', '.join(f'{x:.1f}×' for x in ale['ratios'])}, "
            f"median **{speed:.1f}×**."
        )
    else:
        add(f"- alethech at 10k: not measured ({ale_note}).")
    add("")
    add("### Targets (issue 27)")
    add("")

    def target(name, ok, detail):
        mark = "PASS" if ok is True else ("FAIL" if ok is False else "N/A")
        add(f"- **{mark}** — {name}: {detail}")

    for n, limit in ((50_000, T_FLOOR_RATIO), (99_000, T_FLOOR_RATIO), (1_000, T_FLOOR_RATIO_SMALL)):
        if n in rows:
            rs = ", ".join(f"{x['wall'] / x['floor'][threads]:.2f}" for x in rows[n]["runs"])
            target(
                f"≤ {limit}× the {threads}-thread floor at {n:,}",
                rows[n]["ratio"] <= limit,
                f"{rows[n]['ratio']:.2f}× (paired: {rs})",
            )
    target(
        f"≥ {T_ALETHECH_SPEEDUP:.0f}× alethech's container open at 10k",
        None if speed is None else speed >= T_ALETHECH_SPEEDUP,
        f"{speed:.1f}×" if speed is not None else ale_note,
    )
    if len(norm) > 1:
        lo = min(norm)
        dev = {n: norm[n] / norm[lo] - 1 for n in norm}
        target(
            f"per-commit cost flat within ±{T_FLAT:.0%} from {lo:,} to {max(norm):,}",
            all(abs(d) <= T_FLAT for d in dev.values()),
            "in floor signatures per commit: "
            + ", ".join(f"{n:,}: {norm[n]:.2f} ({dev[n]:+.0%})" for n in sorted(norm))
            + "; raw µs: "
            + ", ".join(f"{n:,}: {rows[n]['per_commit_us']:.0f}" for n in sorted(norm)),
        )
    if 99_000 in rows:
        target(
            f"≤ {T_RSS_MB:.0f} MiB peak RSS at 99k, all processes together",
            rows[99_000]["tree_peak_mb"] <= T_RSS_MB,
            f"{rows[99_000]['tree_peak_mb']:.0f} MiB (largest single process "
            f"{rows[99_000]['largest_mb']:.0f} MiB)",
        )
    add("")
    add(
        f"Rerun: `.venv/bin/python bench/verify_bench.py --cli --sizes {','.join(map(str, sizes))} "
        f"--repeat {repeat}`. Total bench time {time.perf_counter() - t_run:.0f} s."
    )
    text = "\n".join(lines) + "\n"
    out = OUT / "cli_bench.md"
    out.write_text(text)
    (OUT / "cli_bench.json").write_text(
        json.dumps({"rows": {str(k): v for k, v in rows.items()}, "alethech": ale}, indent=2, default=str)
    )
    return out


# =========================================================================== scaling


def scaling(n: int, repeat: int, regen: bool) -> Path:
    """One file through the command line on P = 1 .. all cores (``verify --jobs P``, the
    process tree pinned to P CPUs: with one worker the verifier's signature threads would
    otherwise use every core), each between two floors on P threads on the same CPUs; the
    ratio is to that floor. From the 1- and P-core times, Amdahl's law gives the serial
    part and a projection."""
    path, meta = cached_file(n, regen)
    ffile = floor_file(n, path)
    cores = os.cpu_count() or 1
    ps = list(range(1, cores + 1))
    started = time.strftime("%Y-%m-%d %H:%M")
    rows = []
    with tempfile.TemporaryDirectory(prefix="aleth-bench-") as d:
        pfile = _passphrase_file(d)
        run_cli(_verify_args(cached_file(FIXED_SIZE)[0], pfile))  # writes the bytecode caches (CHILD_ENV)
        for p in ps:
            runs = []
            for _ in range(repeat):
                run = _paired(ffile, sorted({1, p}), _verify_args(path, pfile, jobs=p), cores=p)
                runs.append(run)
                print(
                    f"[scaling] {n}: --jobs {p}: {run['wall']:.2f} s (exit {run['code']}), floor {p} thr "
                    f"{run['floor'][p]:.2f} s, ratio {run['wall'] / run['floor'][p]:.2f}",
                    flush=True,
                )
            rows.append(
                {
                    "p": p,
                    "wall": min(r["wall"] for r in runs),
                    "floor": min(r["floor"][p] for r in runs),
                    "floor1": min(r["floor"][1] for r in runs),
                    "ratio": statistics.median(r["wall"] / r["floor"][p] for r in runs),
                    "cpu": min(r["cpu_s"] for r in runs),
                    "codes": sorted({r["code"] for r in runs}),
                    # the machine's speed drifts between rows: each run in units of its own
                    # 1-thread floor, and the speed-up its floor got from P threads
                    "u": statistics.median(r["wall"] / r["floor"][1] for r in runs),
                    "e": statistics.median(r["floor"][1] / r["floor"][p] for r in runs),
                }
            )
    one = rows[0]["wall"]
    lines = [
        f"# one file on every core — {started}",
        "",
        f"{_machine()}; {meta['commits']:,} commits; `aleth-inspector verify FILE --passphrase-file P "
        f"--format json --jobs P` pinned to P CPUs (sched_setaffinity), start to exit, best of {repeat} "
        "fresh processes, each between two floors on P threads on the same CPUs (ours / floor: median of "
        "the paired ratios).",
        "",
        "| worker processes (= CPUs) | wall s | speed-up | CPU s (all processes) "
        "| Ed25519 floor s (P threads) | ours / floor | exit |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['p']} | {r['wall']:.2f} | {one / r['wall']:.2f}× | {r['cpu']:.1f} | {r['floor']:.2f} | "
            f"{r['ratio']:.2f}× | {', '.join(map(str, r['codes']))} |"
        )
    if len(rows) > 1:
        top, first = rows[-1], rows[0]
        p = top["p"]
        # Amdahl: T(P) = T(1) · (s + (1 − s) / e), with T in units of the same run's 1-thread
        # floor (the machine's speed drifts from row to row) and e the speed-up the floor got
        # from P threads in the same runs (the cores the machine really gave; P when idle)
        q, e = top["u"] / first["u"], top["e"]
        s = (q - 1 / e) / (1 - 1 / e) if e > 1 else float("nan")
        s_raw = (top["wall"] / one - 1 / p) / (1 - 1 / p)
        lines += ["", "### Projection (computed, not measured)", ""]
        lines.append(
            f"In units of each run's own 1-thread floor, T(1) = {first['u']:.2f} and T({p}) = {top['u']:.2f} "
            f"floors; with e = {e:.2f}, the speed-up the same runs' floor got from {p} threads, "
            f"T({p}) / T(1) = s + (1 − s) / e gives the serial part s = **{s:.2f}** ({s * one:.1f} s of the "
            f"one-core {one:.2f} s; from the wall times alone, ignoring the drift and taking e = {p}: "
            f"s = {s_raw:.2f}). The floor splits perfectly (independent signatures): ours / floor on c "
            f"cores = T(1) · (s + (1 − s) / c) · c, in floors."
        )
        if 0.0 <= s <= 1.0:
            lines += [
                "",
                "| cores | projected wall s (at the one-core run's speed) | projected floor s | "
                "projected ours / floor |",
                "|---:|---:|---:|---:|",
            ]
            f1 = one / first["u"]
            for c in (1, 2, 4, 8, 16):
                t = first["u"] * (s + (1 - s) / c)
                lines.append(f"| {c} | {t * f1:.2f} | {f1 / c:.2f} | {t * c:.1f}× |")
        else:
            lines.append(
                f"No projection: a serial part of {s:.2f} is not a fraction (the run was too noisy)."
            )
    lines += ["", f"Rerun: `.venv/bin/python bench/verify_bench.py --scaling {n} --repeat {repeat}`."]
    out = OUT / "scaling_bench.md"
    out.write_text("\n".join(lines) + "\n")
    return out


# =========================================================================== fixed costs


def fixed_costs(n: int, repeat: int, trees: list[str]) -> Path:
    """Interpreter start → first byte of the file read, and → exit, for ``--version`` and
    ``verify`` of the small n-commit file (JSON and text reports), median of ``repeat``
    fresh processes. The first read is seen by an audit hook in the child (CLOCK_MONOTONIC
    is one clock for every process). Each of ``trees`` (a checkout's root, e.g. an older
    commit's ``git archive``) is put first on sys.path; none: the installed package."""
    path, _ = cached_file(n)
    target = str(path.resolve())
    wrap = (
        "import os, sys, time\n"
        f"T = {target!r}\n"
        "FD = int(os.environ.pop('BENCH_FD'))\n"
        "def hook(ev, a):\n"
        "    if ev == 'open' and not hook.seen and isinstance(a[0], (str, bytes, os.PathLike)) "
        "and os.path.abspath(os.fsdecode(a[0])) == T:\n"
        "        hook.seen = True; os.write(FD, repr(time.monotonic()).encode()); os.close(FD)\n"
        "hook.seen = False\n"
        "sys.addaudithook(hook)\n"
        "from inspector.cli import main\n"
        "sys.argv = ['aleth-inspector', *sys.argv[1:]]\n"
        "sys.exit(main())\n"
    )
    with tempfile.TemporaryDirectory(prefix="aleth-bench-") as d:
        pfile = str(_passphrase_file(d))
        cmds = {
            "`--version`": ["--version"],
            f"`verify` {n}-commit file, `--format json`": [
                "verify",
                target,
                "--passphrase-file",
                pfile,
                "--json",
            ],
            f"`verify` {n}-commit file, text": ["verify", target, "--passphrase-file", pfile],
        }
        labels = dict(reversed(t.split("=", 1)) if "=" in t else (t, t) for t in trees) or {"": "installed"}

        def once(tree: str, argv: list[str]) -> tuple[float | None, float]:
            r, w = os.pipe()
            env = dict(CHILD_ENV, BENCH_FD=str(w))
            if tree:
                env["PYTHONPATH"] = tree
            t0 = time.monotonic()
            proc = subprocess.run(
                [sys.executable, "-c", wrap, *argv],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, pass_fds=(w,), env=env, cwd=d,
                check=False,
            )  # fmt: skip
            t1 = time.monotonic()
            os.close(w)
            data = os.read(r, 64)
            os.close(r)
            if proc.returncode not in (0, 1):
                raise RuntimeError(proc.stderr.decode(errors="replace")[-2000:])
            return (float(data) - t0 if data else None), t1 - t0

        for tree in labels:  # compile the caches first
            for argv in cmds.values():
                once(tree, argv)
        res: dict = {(t, c): ([], []) for t in labels for c in cmds}
        bare = []
        for _ in range(repeat):  # interleaved, so that the machine's drift hits every column alike
            t0 = time.monotonic()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            bare.append(time.monotonic() - t0)
            for c, argv in cmds.items():
                for t in labels:
                    first, total = once(t, argv)
                    if first is not None:
                        res[t, c][0].append(first)
                    res[t, c][1].append(total)
    lines = [
        f"# fixed costs — {time.strftime('%Y-%m-%d %H:%M')}",
        "",
        f"{_machine()}; median of {repeat} fresh processes; a bare `python -c pass` takes "
        f"{statistics.median(bare) * 1e3:.0f} ms.",
        "",
        "| command | code | start → first byte of the file read | start → exit |",
        "|---|---|---:|---:|",
    ]
    for (t, c), (first, total) in res.items():
        fb = f"{statistics.median(first) * 1e3:.0f} ms" if first else "—"
        lines.append(f"| {c} | {labels[t]} | {fb} | {statistics.median(total) * 1e3:.0f} ms |")
    out = OUT / "fixed_costs.md"
    out.write_text("\n".join(lines) + "\n")
    return out


# =========================================================================== profile


def profile(n: int, threads: int) -> Path:
    import cProfile
    import io
    import pstats

    from inspector.core.container import (
        Credential,
        derive_key,
        open_container,
        parse_envelope,
    )
    from inspector.core.store import Store
    from inspector.core.verify.engine import VerifyOptions, verify

    path, _ = cached_file(n)
    blob = path.read_bytes()
    key = derive_key(parse_envelope(blob), Credential(passphrase=PASSPHRASE))

    def target():
        opened = open_container(blob, None, key=key)
        return verify(Store(opened.files, origin="ALETH002"), VerifyOptions(threads=threads))

    prof = cProfile.Profile()
    t = time.perf_counter()
    prof.enable()
    rep = target()
    prof.disable()
    wall = time.perf_counter() - t
    buf = io.StringIO()
    buf.write(f"# cProfile of open (KDF excluded) + verify, {n} commits, threads={threads}\n")
    buf.write(
        f"# wall under profiler: {wall:.2f} s; verdict {rep.verdict}; timings "
        f"{ {k: round(v, 3) for k, v in rep.timings.items()} }\n"
    )
    buf.write(
        "# NB: cProfile sees only the main thread; Ed25519 work in the pool threads shows up\n"
        "# as waiting in Future.result / lock.acquire.\n\n"
    )
    for key_ in ("cumulative", "tottime"):
        buf.write(f"\n======== sorted by {key_} ========\n")
        pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(key_).print_stats(35)
    prof.dump_stats(str(OUT / f"profile-{n}.prof"))

    # The same with the Ed25519 checks stubbed out: the main thread's own work
    # (what the signature threads must overlap with), without GIL/pool waits.
    from inspector.core.verify import signatures as _eng

    orig = _eng._check_batch
    _eng._check_batch = lambda items: [0] * len(items)
    try:
        prof2 = cProfile.Profile()
        t = time.perf_counter()
        prof2.enable()
        target()
        prof2.disable()
        wall2 = time.perf_counter() - t
    finally:
        _eng._check_batch = orig
    buf.write(
        f"\n\n# ---- main-thread work only (signature checks stubbed): wall under profiler {wall2:.2f} s\n"
    )
    for key_ in ("cumulative", "tottime"):
        buf.write(f"\n======== main-thread only, sorted by {key_} ========\n")
        pstats.Stats(prof2, stream=buf).strip_dirs().sort_stats(key_).print_stats(30)
    out = OUT / f"profile-{n}.txt"
    out.write_text(buf.getvalue())
    return out


# =========================================================================== main


def _estimate_alethech(n: int, path: Path, ref_n: int, ref: dict, ref_path: Path) -> tuple[float, str]:
    """Extrapolate alethech's open + verify_store time from its run at ``ref_n``.

    alethech's cost is linear work (decrypt, materialize with one fsync per
    file, load, verify signatures) plus, in each verify_store (open runs one,
    and we run one more), one BFS ``ancestry_check`` per commit signed by a
    revoked key, which is quadratic in the era length.  That quadratic part is
    measured directly on both files (a timed sample of alethech's own
    ``ancestry_check``); the rest is scaled linearly from the ``ref_n`` run.
    """
    q_ref = _spawn(["--worker-ancestry", str(ref_path)])
    q_n = _spawn(["--worker-ancestry", str(path)])
    t_ref = ref["open"] + ref["verify_store"]
    linear_ref = max(t_ref - 2 * q_ref["quadratic_part"], 0.0)
    linear = linear_ref * n / ref_n
    quad = 2 * q_n["quadratic_part"]
    return linear + quad, (
        f"from its {ref_n:,}-commit run ({t_ref:.1f} s): linear part {linear_ref:.1f} s × {n / ref_n:.1f} "
        f"= {linear:.0f} s, plus 2 verify_store passes × {q_n['revoked_commits']:,} ancestry BFS "
        f"(measured {q_n['per_check'] * 1e3:.1f} ms each on a sample of {q_n['sample']}) = {quad:.0f} s"
    )


def _fmt(x, spec=".2f", none="—"):
    if x is None:
        return none
    if isinstance(x, str):
        return x
    return format(x, spec)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default=None, help=f"default 1000,10000,99000; with --cli {CLI_SIZES}")
    ap.add_argument(
        "--skip-alethech-above",
        type=int,
        default=10_000,
        help="above this size, run alethech only if the extrapolated time fits the budget",
    )
    ap.add_argument("--alethech-budget", type=float, default=600.0, help="seconds (open + verify_store)")
    ap.add_argument("--no-alethech", action="store_true")
    ap.add_argument(
        "--repeat", type=int, default=3, help="fresh-process repeats of our path + floor (min is kept)"
    )
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument(
        "--cli",
        action="store_true",
        help="open + verify through `aleth-inspector verify` with its defaults, against the floor (issue 27)",
    )
    ap.add_argument(
        "--scaling",
        type=int,
        default=None,
        metavar="N",
        help="only the N-commit file, through `verify --jobs P` for P = 1 .. all cores, with a projection",
    )
    ap.add_argument(
        "--fixed-costs",
        type=int,
        default=None,
        metavar="N",
        help="interpreter start to the first byte read and to exit (--version, verify of the N-commit file)",
    )
    ap.add_argument(
        "--tree",
        action="append",
        default=[],
        help="with --fixed-costs: [LABEL=]DIR, a source tree put first on sys.path (repeat to compare)",
    )
    ap.add_argument("--worker-floor", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--floor-threads", default="2", help=argparse.SUPPRESS)
    ap.add_argument("--kdf-of", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--processes", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--regen", action="store_true", help="rebuild the cached files")
    ap.add_argument(
        "--tmp", default=None, help="parent dir for alethech's materialized store (default: $TMPDIR)"
    )
    ap.add_argument(
        "--profile", type=int, default=None, metavar="N", help="only cProfile our path on the N-commit file"
    )
    ap.add_argument("--worker-ours", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--worker-alethech", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--floor-file", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--worker-ancestry", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--floor-before", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--diagnostics", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--mutmem", action="store_true", help="run the MutMem-heavy series (limits_bench.py)")
    ap.add_argument("--mutmem-sizes", default="1000,10000,99000")
    ap.add_argument("--big-mb", type=int, default=None, help="run the large-file case of about N MB")
    ap.add_argument("--worker-limits", default=None, help=argparse.SUPPRESS)
    ap.add_argument(
        "--alethech-repeat",
        type=int,
        default=2,
        help="alethech runs per size up to --skip-alethech-above (min is kept)",
    )
    args = ap.parse_args()

    if args.worker_ours:
        _worker_ours_main(args)
        return 0
    if args.worker_limits:
        import limits_bench

        print("@@RESULT@@" + json.dumps(limits_bench.worker(args.worker_limits, args.threads)))
        return 0
    if args.mutmem or args.big_mb:
        import limits_bench

        if args.mutmem:
            sizes = sorted(int(s) for s in args.mutmem_sizes.split(",") if s.strip())
            print(limits_bench.run_mutmem(_spawn, sizes, args.threads, args.regen, args.repeat))
        if args.big_mb:
            print(limits_bench.run_big(_spawn, args.big_mb, args.threads, args.regen))
        return 0
    if args.worker_ancestry:
        print("@@RESULT@@" + json.dumps(worker_ancestry(args.worker_ancestry)))
        return 0
    if args.worker_alethech:
        print("@@RESULT@@" + json.dumps(worker_alethech(args.worker_alethech, args.tmp)))
        return 0
    if args.worker_floor:
        threads = [int(t) for t in args.floor_threads.split(",")]
        print("@@RESULT@@" + json.dumps(worker_floor(args.worker_floor, threads, args.kdf_of)))
        return 0
    if args.scaling:
        out = scaling(args.scaling, args.repeat, args.regen)
        print(out.read_text())
        print(f"written to {out}")
        return 0
    if args.fixed_costs:
        out = fixed_costs(args.fixed_costs, args.repeat, args.tree)
        print(out.read_text())
        print(f"written to {out}")
        return 0
    if args.cli:
        sizes = sorted(int(x) for x in (args.sizes or CLI_SIZES).split(",") if x.strip())
        out = cli_bench(sizes, args.repeat, args.threads, args.alethech_repeat, args.regen, args.tmp)
        print(out.read_text())
        print(f"written to {out}")
        return 0
    if args.profile:
        out = profile(args.profile, args.threads)
        print(out.read_text())
        print(f"written to {out}")
        return 0

    args.sizes = args.sizes or "1000,10000,99000"
    sizes = sorted(int(s) for s in args.sizes.split(",") if s.strip())
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    t_run = time.perf_counter()
    metas = {n: cached_file(n, args.regen) for n in sizes}

    core_at_start = core_fingerprint()
    rows: dict[int, dict] = {}
    ale: dict[int, dict | None] = {}
    ale_note: dict[int, str] = {}
    for n in sizes:
        path, meta = metas[n]
        ffile = floor_file(n, path)
        runs = []
        for r in range(args.repeat):
            # run 1: clean peak RSS + diagnostics, floor after; runs 2..: floor before and after
            extra = ["--diagnostics"] if r == 0 else ["--floor-before"]
            res = _spawn(
                [
                    "--worker-ours",
                    str(path),
                    "--threads",
                    str(args.threads),
                    "--floor-file",
                    str(ffile),
                    *extra,
                ]
            )
            runs.append(res)
            fb = "" if res["floor_before"] is None else f"{res['floor_before']:.3f} s before, "
            print(
                f"[ours] {n}: run {r + 1}/{args.repeat}: open+verify {res['ours_excl_kdf']:.3f} s "
                f"(kdf {res['phases']['kdf']:.3f} s), floor {fb}{res['floor_after']:.3f} s after, "
                f"ratio {res['ours_excl_kdf'] / res['floor']:.2f}, peak {res['rss_peak_mb']:.0f} MB"
                f"{'' if res['rss_clean'] else ' (not clean)'}, verdict {res['verdict']}",
                flush=True,
            )
        best = min(runs, key=lambda x: x["ours_excl_kdf"])
        rows[n] = {
            "meta": meta,
            "runs": runs,
            "best": best,
            "ours_excl": best["ours_excl_kdf"],
            "kdf": min(x["phases"]["kdf"] for x in runs),
            "floor": min(x["floor"] for x in runs),
            "floor_1t": min(
                (x["floor_1thread"] for x in runs if x["floor_1thread"] is not None), default=None
            ),
            "rss": max(x["rss_peak_mb"] for x in runs if x["rss_clean"]),
            "ratios": [x["ours_excl_kdf"] / x["floor"] for x in runs],
            "main_only": min(
                (x["verify_main_thread_only"] for x in runs if x.get("verify_main_thread_only") is not None),
                default=None,
            ),
            "decode": min(x["phases"]["decode_payload"] for x in runs),
            "verify": min(x["phases"]["verify"] for x in runs),
        }
        # ours and floor are measured back to back in the same process: the
        # ratio is the median of those paired ratios (robust to a noisy machine)
        rows[n]["ratio_floor"] = statistics.median(rows[n]["ratios"])
        rows[n]["ours_incl"] = rows[n]["ours_excl"] + rows[n]["kdf"]

        # ---- alethech ----------------------------------------------------
        ale[n] = None
        if args.no_alethech:
            ale_note[n] = "skipped (--no-alethech)"
            continue
        est = None
        if n > args.skip_alethech_above:
            measured = sorted(m for m, v in ale.items() if v is not None)
            if not measured:
                ale_note[n] = "skipped: no smaller size measured to extrapolate from"
                continue
            ref_n = measured[-1]
            est, how = _estimate_alethech(n, path, ref_n, ale[ref_n], metas[ref_n][0])
            print(f"[alethech] {n}: estimated {est:.0f} s ({how})", flush=True)
            if est > args.alethech_budget:
                ale_note[n] = (
                    f"skipped: estimated ~{est / 60:.0f} min for open + verify_store "
                    f"({how}) > budget {args.alethech_budget / 60:.0f} min"
                )
                print(f"[alethech] {n}: {ale_note[n]}", flush=True)
                continue
        big_run = n > args.skip_alethech_above
        a_runs = []
        for _ in range(1 if big_run else max(1, args.alethech_repeat)):
            base = tempfile.mkdtemp(prefix="aleth-bench-", dir=args.tmp)
            try:
                a_runs.append(
                    _spawn(
                        ["--worker-alethech", str(path), "--tmp", base],
                        timeout=args.alethech_budget if big_run else None,
                    )
                )
            except subprocess.TimeoutExpired:
                ale_note[n] = (
                    f"open_container_v2 had not finished after {args.alethech_budget:.0f} s "
                    f"(the budget; estimate was ~{est:.0f} s); killed"
                )
                print(f"[alethech] {n}: {ale_note[n]}", flush=True)
                break
            finally:
                shutil.rmtree(base, ignore_errors=True)
        if not a_runs:
            continue
        a = dict(min(a_runs, key=lambda x: x["open"]))
        a["verify_store"] = min(x["verify_store"] for x in a_runs)
        a["ok"] = all(x["ok"] for x in a_runs)
        a["runs"] = a_runs
        ale[n] = a
        rows[n]["alethech"] = a
        print(
            f"[alethech] {n}: open {a['open']:.2f} s, verify_store {a['verify_store']:.2f} s, "
            f"ok={a['ok']}, peak {a['rss_peak_mb']:.0f} MB",
            flush=True,
        )

    # ---------------------------------------------------------------- table
    lines: list[str] = []
    add = lines.append
    add(f"# verify benchmark — {started}")
    add("")
    add(
        f"Machine: {platform.platform()}, Python {platform.python_version()}, {os.cpu_count()} CPUs "
        f"(shared, noisy: compare ratios, not absolute times). Threads: {args.threads}. "
        f"Our path and the floor run back to back in each of {args.repeat} fresh processes per size "
        f"(times: best of {args.repeat}; ours/floor: median of the {args.repeat} paired ratios); "
        f"alethech: best of {args.alethech_repeat} runs per size (one above "
        f"{args.skip_alethech_above:,}), each in its own process."
    )
    add("")
    add(
        "| size | key derivation s | ours open+verify s (excl. KDF) | per-commit µs | "
        "alethech open s | alethech verify_store s | floor s (Ed25519, 2 thr) | ours/floor | "
        "alethech open / ours | peak RSS MB (ours) |"
    )
    add("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        r = rows[n]
        commits = r["meta"]["commits"]
        a = ale.get(n)
        per = r["ours_excl"] / commits * 1e6
        r["per_commit_us"] = per
        ratio_floor = r["ratio_floor"]
        speed = a["open"] / r["ours_incl"] if a else None
        r["speedup"] = speed
        add(
            f"| {n:,} | {r['kdf']:.3f} | {r['ours_excl']:.3f} | {per:.1f} | "
            f"{_fmt(a and a['open'], '.2f', 'skipped')} | "
            f"{_fmt(a and a['verify_store'], '.2f', 'skipped')} | "
            f"{r['floor']:.3f} | {ratio_floor:.2f}× | {_fmt(speed, '.1f')}{'×' if speed else ''} | "
            f"{r['rss']:.0f} |"
        )
    add("")
    add(
        "- *ours open+verify* = read + parse_envelope + AES-GCM decrypt + decode_payload + verify(); "
        "the scrypt key derivation is measured separately (column 2)."
    )
    add(
        "- *alethech open / ours*: alethech's `open_container_v2` (its scrypt, decrypt, materialize with "
        "fsync per file, and its own verify_store) ÷ our open+verify **including** our KDF."
    )
    add(
        "- *floor*: `Ed25519PublicKey.verify` over the same (key, signature, canonical signing bytes) of "
        "every commit and evidence, split over a 2-thread pool, no parsing."
    )
    add(
        "- *per-commit µs* = ours open+verify (excl. KDF) ÷ commits. A tiny store is verified once "
        "before timing (lazy imports), so fixed start-up costs are not counted."
    )
    add("- *peak RSS*: VmHWM of the fresh process after open+verify (interpreter and imports included).")
    for n in sizes:
        if n in ale_note:
            add(f"- alethech at {n:,}: {ale_note[n]}")
    cores = {x["core"] for r_ in rows.values() for x in r_["runs"]}
    git_head = (
        subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            check=False,
            capture_output=True,
            text=True,
        ).stdout.strip()
        or "?"
    )
    if cores == {core_at_start}:
        add(
            f"- Core measured: git {git_head}, inspector/core sources sha256 {core_at_start} "
            f"(unchanged during the run)."
        )
    else:
        add(
            f"- **Warning: inspector/core changed during this run** (source hashes {sorted(cores)}); "
            "sizes may have measured different code. Rerun."
        )
    add("")

    # details
    add("### Details")
    add("")
    add(
        "| size | files | sealed MB | content bytes (median) | evidence / artifacts / merges / eras | "
        "decrypt s | decode_payload s | verify s | verify phases s | verify main-thread-only s | "
        "floor 1-thread s | ideal 2-core s | ours/floor per repeat | alethech/ours excl. KDF (est.) | "
        "alethech peak RSS MB | verdict |"
    )
    add("|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---|")
    for n in sizes:
        r = rows[n]
        m = r["meta"]
        b = r["best"]
        a = ale.get(n)
        phases = ", ".join(f"{k} {v:.3f}" for k, v in b.get("verify_timings", {}).items() if k != "total")
        excl = ((a["open"] - r["kdf"]) / r["ours_excl"]) if a else None
        # perfect overlap on 2 cores of the GIL-bound work (decode + main thread of
        # verify) with the signature checks (1-thread floor): max(P, (P + V) / 2)
        ideal = None
        if r["main_only"] is not None:
            pm = r["decode"] + r["main_only"]
            ideal = max(pm, (pm + r["floor_1t"]) / 2) if r["floor_1t"] else None
        sev = b["severity"]
        add(
            f"| {n:,} | {m['files']:,} | {m['sealed_bytes'] / 1e6:.1f} | {m['content_bytes_median']} | "
            f"{m['evidence']} / {m['artifacts']} / {m['merges']} / {m['eras']} | "
            f"{b['phases']['decrypt']:.3f} | {b['phases']['decode_payload']:.3f} | "
            f"{b['phases']['verify']:.3f} | "
            f"{phases} | {_fmt(r['main_only'], '.3f')} | {_fmt(r['floor_1t'], '.3f')} | "
            f"{_fmt(ideal, '.3f')} | "
            f"{', '.join(f'{x:.2f}' for x in r['ratios'])} | "
            f"{_fmt(excl, '.1f')} | {_fmt(a and a['rss_peak_mb'], '.0f')} | "
            f"{b['verdict']} (E{sev['error']} W{sev['warning']} I{sev['info']})"
            f"{'; alethech ok' if a and a['ok'] else ('; alethech NOT ok' if a else '')} |"
        )
    add("")
    add(
        "- *verify main-thread-only*: the same verify() with the Ed25519 checks stubbed out — the "
        "GIL-bound parsing and bookkeeping the signature threads must overlap with. *ideal 2-core*: "
        "max(P, (P + V) / 2) with P = decode_payload + main-thread-only and V = the 1-thread floor, "
        "i.e. what perfect overlap of that work on 2 cores would give."
    )
    add("")

    # targets
    add("### Targets")
    add("")
    big = max(sizes)
    results = []

    def target(name, ok, detail):
        results.append(ok)
        mark = "PASS" if ok is True else ("FAIL" if ok is False else "N/A")
        add(f"- **{mark}** — {name}: {detail}")

    r = rows[big]
    target(
        f"ours ≤ {T_FLOOR_RATIO}× the Ed25519 floor at 99k",
        (r["ratio_floor"] <= T_FLOOR_RATIO) if 99_000 in rows else None,
        f"{r['ratio_floor']:.2f}× at {big:,} (median of paired ratios "
        f"{', '.join(f'{x:.2f}' for x in r['ratios'])}; best times {r['ours_excl']:.2f} s vs "
        f"{r['floor']:.2f} s)" + ("" if big == 99_000 else " (99k not in this run)"),
    )
    if 10_000 in rows and rows[10_000].get("speedup"):
        s = rows[10_000]["speedup"]
        target(
            f"≥ {T_ALETHECH_SPEEDUP:.0f}× faster than alethech's container open at 10k",
            s >= T_ALETHECH_SPEEDUP,
            f"{s:.1f}× ({ale[10_000]['open']:.2f} s vs our {rows[10_000]['ours_incl']:.2f} s incl. KDF)",
        )
    else:
        target(
            f"≥ {T_ALETHECH_SPEEDUP:.0f}× faster than alethech's container open at 10k",
            None,
            "alethech not measured at 10k",
        )
    # The sizes run minutes apart on a shared machine whose speed drifts (the
    # floor per signature moved by up to 2x between sizes), so flatness is judged
    # on the machine-normalised cost: per-commit time in units of the floor's
    # per-signature time of the same process (median over the repeats).
    norm = {
        n: statistics.median(
            (x["ours_excl_kdf"] / rows[n]["meta"]["commits"]) / (x["floor"] / x["signatures"])
            for x in rows[n]["runs"]
        )
        for n in sizes
    }
    pcs = {n: rows[n]["per_commit_us"] for n in sizes}
    lo_n = min(sizes)
    dev = {n: norm[n] / norm[lo_n] - 1 for n in sizes}
    raw_dev = {n: pcs[n] / pcs[lo_n] - 1 for n in sizes}
    worst = max(dev.values(), key=abs)
    target(
        f"per-commit cost (KDF excluded) flat within ±{T_FLAT:.0%} from 1k to 99k",
        all(abs(d) <= T_FLAT for d in dev.values()) if len(sizes) > 1 else None,
        "normalised by the same-process floor per signature: "
        + ", ".join(f"{n:,}: {norm[n]:.2f} ({dev[n]:+.0%})" for n in sizes)
        + f" — worst {worst:+.0%} vs {lo_n:,}; raw µs/commit: "
        + ", ".join(f"{n:,}: {pcs[n]:.0f} ({raw_dev[n]:+.0%})" for n in sizes),
    )
    target(
        f"≤ {T_RSS_MB / 1024:.1f} GB peak RSS at 99k",
        (rows[big]["rss"] <= T_RSS_MB) if 99_000 in rows else None,
        f"{rows[big]['rss']:.0f} MB at {big:,} (fresh process; includes the interpreter, "
        f"~{min(x['rss_start_mb'] for x in rows[big]['runs'] if x['rss_clean']):.0f} MB before opening)",
    )
    add("")
    add(
        f"Rerun: `cd {ROOT} && .venv/bin/python bench/verify_bench.py --sizes {args.sizes} "
        f"--skip-alethech-above {args.skip_alethech_above}` (files cached in bench/out/; "
        f"`--regen` rebuilds). Total bench time {time.perf_counter() - t_run:.0f} s."
    )
    text = "\n".join(lines) + "\n"
    print()
    print(text)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "verify_bench.md").write_text(text)
    (OUT / "verify_bench.json").write_text(
        json.dumps(
            {
                "sizes": sizes,
                "rows": {str(k): v for k, v in rows.items()},
                "alethech": {str(k): v for k, v in ale.items()},
                "alethech_notes": ale_note,
            },
            indent=2,
            default=str,
        )
    )
    print(f"written to {OUT / 'verify_bench.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
