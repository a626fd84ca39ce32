"""Cost of the MCP server's answers on a large sealed file (not a test, not in CI).

One run of this script, on the sealed 99k-commit ALETH002 file of ``verify_bench.py``
(built once, cached under ``bench/out/``):

1. a plain verification of the file as the server does it (open + verify, one process),
   the reference every other time is divided by; and, for the record, with the CLI's
   default worker processes;
2. the server's answers, in-process through its service (``inspector.mcp.service``, the
   code every tool runs; the stdio framing adds a constant):
   - the first ``memory_context`` (verifies, then answers),
   - ``memory_context`` on the unchanged file (cached: one identity check),
   - the first text query (builds the search index) and the next ones,
   - ``memory_verify`` (summary) on the unchanged file,
   - after the file was touched (new mtime, same bytes: SHA-256 only),
   - after the file changed (the same memory sealed again: new bytes, verified again);
3. prints a markdown table and writes it to ``bench/out/mcp_bench.md``.

Usage::

    .venv/bin/python bench/mcp_bench.py [--size 99000] [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    value = fn()
    return time.perf_counter() - t0, value


def median_of(fn: Callable[[], Any], n: int) -> float:
    return statistics.median(timed(fn)[0] for _ in range(n))


def resealed(path: Path, passphrase: str) -> Path:
    """The same memory sealed again (new salt and nonces: other bytes, same verdict)."""
    from inspector.core.container import Credential, seal_v2
    from inspector.core.opener import open_path

    other = path.with_name(path.stem + "-resealed.aleth")
    if not other.exists():
        opened = open_path(path, Credential(passphrase=passphrase))
        tmp = other.with_suffix(".tmp")
        tmp.write_bytes(seal_v2(opened.store.files, passphrase))
        os.replace(tmp, other)
    return other


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=99_000, help="commits in the file (default 99000)")
    ap.add_argument("--repeat", type=int, default=20, help="calls per cached measurement")
    args = ap.parse_args()

    from verify_bench import PASSPHRASE, cached_file

    from inspector.core.container import Credential
    from inspector.core.opener import open_and_verify
    from inspector.core.verify.engine import VerifyOptions
    from inspector.mcp import tools
    from inspector.mcp.service import MemoryService, Settings

    source, meta = cached_file(args.size)
    other = resealed(source, PASSPHRASE)
    work = OUT / f"mcp-{args.size}.aleth"
    shutil.copyfile(source, work)
    cred = Credential(passphrase=PASSPHRASE)

    print(f"[bench] plain verify of {work.name} …", flush=True)
    t_verify, report = timed(lambda: open_and_verify(work, cred, VerifyOptions(processes=1)))
    assert report.verdict == "pass", report.verdict
    jobs = os.cpu_count() or 1
    t_verify_jobs, _ = timed(lambda: open_and_verify(work, cred, VerifyOptions(processes=jobs)))
    del report

    svc = MemoryService(Settings(work, credential=cred))

    def context(**kw: Any) -> dict[str, Any]:
        a = tools.call(svc, "memory_context", kw)
        assert not a.is_error, a.payload
        return a.payload

    rows: list[tuple[str, float, str]] = []
    t, first = timed(lambda: context(limit=20))
    assert first["verdict"] == "pass" and first["returned"] == 20
    rows.append(("first memory_context (verifies the file)", t, f"{first['matched']} memories"))
    cached = median_of(lambda: context(limit=20), args.repeat)
    rows.append(("memory_context, file unchanged (cached)", cached, "limit 20"))
    rows.append(
        ("memory_context limit 1000, unchanged", median_of(lambda: context(limit=1000), 5), "answer ≤ 1 MiB")
    )
    t, q = timed(lambda: context(query="deployment budget", limit=20))
    rows.append(("first text query (builds the search index)", t, f"{q['matched']} match"))
    rows.append(
        (
            "text query, unchanged",
            median_of(lambda: context(query="latency regression", limit=20), 5),
            "one scan of the index",
        )
    )
    rows.append(
        (
            "memory_verify summary, unchanged",
            median_of(lambda: tools.call(svc, "memory_verify", {}), 5),
            "",
        )
    )
    st = os.stat(work)
    os.utime(work, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    before = svc.verifications
    t, touched = timed(lambda: context(limit=20))
    assert svc.verifications == before and touched["verdict"] == "pass"
    rows.append(("memory_context after a touch (same bytes)", t, "SHA-256, no verification"))
    tmp = work.with_suffix(".tmp")
    shutil.copyfile(other, tmp)
    os.replace(tmp, work)
    t, changed = timed(lambda: context(limit=20))
    assert svc.verifications == before + 1 and changed["verdict"] == "pass"
    assert changed["file"]["sha256"] != first["file"]["sha256"]
    rows.append(("memory_context after a change (new bytes)", t, "verified again before the answer"))
    rows.append(
        ("memory_context, changed file now cached", median_of(lambda: context(limit=20), args.repeat), "")
    )

    lines = [
        f"MCP server on a sealed {args.size:,}-commit file ({meta.get('sealed_bytes', 0) / 1e6:.0f} MB), "
        f"Python {platform.python_version()}, {jobs} core(s); times in seconds, ratio to one plain verify "
        f"(open + verify, one process: {t_verify:.2f} s; with {jobs} worker processes: "
        f"{t_verify_jobs:.2f} s).",
        "",
        "| answer | seconds | × plain verify | note |",
        "|---|---:|---:|---|",
    ]
    for name, seconds, note in rows:
        lines.append(f"| {name} | {seconds:.4f} | {seconds / t_verify:.4f} | {note} |")
    text = "\n".join(lines) + "\n"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "mcp_bench.md").write_text(text, encoding="utf-8")
    print(text)
    work.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
