"""GUI responsiveness on a big file (not a test, not in CI).

Opens a benchmark file in the real main window (offscreen), and measures from
one run: the longest GUI-thread stall while the file is unlocked, verified,
transferred and shown (a 5 ms timer records the gaps between its ticks), the
time to paint one page of history rows while scrolling, History's search typed
as a user types it (one key every 120 ms: the time from the last keystroke to
the answer, and the longest GUI-thread stall while it searches; the first query
also builds the index), and peak memory of the GUI process and of the worker.

    python bench/gui_bench.py [--size 99000]   (files from bench/verify_bench.py)
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PASSPHRASE = "bench passphrase — ünïcödé 🔑"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=99000)
    ap.add_argument("--pages", type=int, default=40, help="history pages to scroll through")
    args = ap.parse_args()
    path = ROOT / "bench" / "out" / f"store-{args.size}.aleth"
    if not path.exists():
        print(f"{path} missing: run bench/verify_bench.py --sizes {args.size} first", file=sys.stderr)
        return 2

    from PySide6.QtCore import QElapsedTimer, QSettings, QTimer

    from inspector.core.container import Credential
    from inspector.gui.app import make_app
    from inspector.gui.main_window import MainWindow

    app = make_app()
    settings = QSettings(str(ROOT / "bench" / "out" / "gui_bench.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    win.resize(1400, 900)
    win.show()
    app.processEvents()

    gaps: list[float] = []
    busy: list[float] = []  # CPU time of the GUI process (all its threads) between two ticks
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed(), time.process_time()]

    phases: list[tuple[float, str]] = []

    def tick() -> None:
        now, cpu = clock.nsecsElapsed(), time.process_time()
        gap = (now - last[0]) / 1e6
        gaps.append(gap)
        busy.append((cpu - last[1]) * 1000)
        if gap > 100:
            phases.append((gap, win.progress_label.text() or ("shown" if win.report else "between")))
        last[0], last[1] = now, cpu

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(tick)
    done = {"t": None}
    win.reportReady.connect(lambda _r: done.update(t=time.perf_counter()))
    t0 = time.perf_counter()
    timer.start()
    win.open_path(str(path), credential=Credential(passphrase=PASSPHRASE))
    while done["t"] is None and time.perf_counter() - t0 < 900:
        app.processEvents()
        time.sleep(0.001)
    # let the first paint of the new report happen while the timer still runs
    end = time.perf_counter() + 1.0
    while time.perf_counter() < end:
        app.processEvents()
    timer.stop()
    if done["t"] is None:
        print("timed out waiting for the report", file=sys.stderr)
        return 1
    open_s = done["t"] - t0

    table = win.history.table
    win.tabs.setCurrentWidget(win.history)
    bar = table.verticalScrollBar()
    page = bar.pageStep()
    paints = []
    for i in range(args.pages):
        bar.setValue(min(bar.maximum(), (i * 997 * page) % max(1, bar.maximum())))
        t = time.perf_counter()
        table.viewport().repaint()
        paints.append((time.perf_counter() - t) * 1000)
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()

    # History's search, typed: every keystroke is an event, the answer comes in slices between them
    from PySide6.QtTest import QTest

    box = win.history.search
    searches: list[tuple[str, float, int]] = []
    open_gaps, open_busy, open_phases = list(gaps), list(busy), list(phases)
    gaps.clear()
    busy.clear()
    phases.clear()
    last[0], last[1] = clock.nsecsElapsed(), time.process_time()
    timer.start()
    for query in ("user:4935", "user:49", "fusion des branches", "no-such-word"):
        answer: dict[str, int] = {}
        win.history.searchFinished.connect(lambda n, a=answer: a.setdefault("n", n))
        box.clear()
        while win.history.searching():
            app.processEvents()
        answer.clear()
        for ch in query:
            QTest.keyClicks(box, ch)
            until = time.perf_counter() + 0.12
            while time.perf_counter() < until:
                app.processEvents()
                time.sleep(0.001)
        typed = time.perf_counter()
        while "n" not in answer and time.perf_counter() - typed < 300:
            app.processEvents()
            time.sleep(0.001)
        searches.append((query, time.perf_counter() - typed, answer.get("n", -1)))
        win.history.searchFinished.disconnect()
    timer.stop()
    search_stall = max(gaps, default=0.0)
    search_busy = max(busy, default=0.0)
    search_phases = list(phases)
    win.runner.shutdown()  # reap the worker so its peak memory is counted
    gui_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    stalls = sorted(open_gaps)
    longest = stalls[-1] if stalls else 0.0
    p99 = stalls[int(len(stalls) * 0.99)] if stalls else 0.0
    paints.sort()
    lines = [
        f"# GUI benchmark — {args.size} commits ({time.strftime('%Y-%m-%d %H:%M')})",
        "",
        "| measure | value | target |",
        "|---|---:|---|",
        f"| open → report shown | {open_s:.1f} s | — |",
        f"| longest GUI-thread stall | {longest:.0f} ms | ≤ 100 ms {'✔' if longest <= 100 else '✖'} |",
        f"| … the GUI process's own work in its busiest gap (CPU time) | "
        f"{max(open_busy, default=0.0):.0f} ms | — |",
        f"| 99th percentile timer gap | {p99:.0f} ms | — |",
        f"| paint one page of history ({rows} rows), median / max | "
        f"{paints[len(paints) // 2]:.1f} / {paints[-1]:.1f} ms "
        f"| ≤ 16 ms {'✔' if paints[-1] <= 16 else '✖'} |",
        *(
            f"| search “{q}” ({n:,} found): last keystroke → answer | {sec * 1000:.0f} ms"
            f"{' (builds the index)' if i == 0 else ''} | — |"
            for i, (q, sec, n) in enumerate(searches)
        ),
        f"| longest GUI-thread stall while typing and searching (wall clock) | {search_stall:.0f} ms | "
        f"≤ 100 ms {'✔' if search_stall <= 100 else '✖'} |",
        f"| … the GUI process's own work in its busiest gap (CPU time) | "
        f"{search_busy:.0f} ms | ≤ 100 ms {'✔' if search_busy <= 100 else '✖'} |",
        f"| peak RSS, GUI process | {gui_peak:.0f} MB | — |",
        f"| peak RSS, worker process | {worker_peak:.0f} MB | — |",
        f"| peak RSS, GUI + worker | {gui_peak + worker_peak:.0f} MB | "
        f"≤ 1500 MB {'✔' if gui_peak + worker_peak <= 1500 else '✖'} |",
    ]
    load = os.getloadavg()[0]
    lines.append("")
    lines.append(
        f"Load average at the end of the run: {load:.1f} on {os.cpu_count()} cores (a gap longer than "
        "the GUI process's own CPU time in it is time the system gave to other processes)."
    )
    for name, found in (("opening", open_phases), ("searching", search_phases)):
        if found:
            lines.append(
                f"Stalls over 100 ms while {name} (what the status bar said right after): "
                + ", ".join(f"{g:.0f} ms ({p})" for g, p in sorted(found, reverse=True)[:8])
            )
    text = "\n".join(lines)
    print(text)
    (ROOT / "bench" / "out" / "gui_bench.md").write_text(text + "\n", encoding="utf-8")
    win.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
