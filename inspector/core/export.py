"""Report exports without Qt: JSON (the CLI's schema) and HTML (also the
source of the PDF the GUI prints)."""

from __future__ import annotations

import html
import json
from collections import Counter

from .verify.report import Report, Severity

CSS = """
body { font-family: sans-serif; font-size: 10pt; color: #222; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 18pt; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #bbb; padding: 2pt 4pt; text-align: left; vertical-align: top; }
th { background: #eee; }
.pass { color: #2e7d32; } .fail, .unopenable { color: #c62828; }
.error { color: #c62828; } .warning { color: #ef6c00; } .info { color: #1565c0; }
.mono { font-family: monospace; font-size: 8pt; }
"""


def report_json(report: Report) -> str:
    return json.dumps(report.to_json(), indent=1)


def report_html(report: Report, source: str, *, max_rows: int = 5000) -> str:
    """A self-contained HTML report: verdict, findings, eras, per-commit table,
    memories with trajectories, receipts."""
    e = html.escape
    sev = report.severity_counts()
    out = [
        f"<html><head><meta charset='utf-8'><title>Aleth Inspector report</title>"
        f"<style>{CSS}</style></head><body>",
        f"<h1>Aleth Inspector report: <span class='{report.verdict}'>{report.verdict.upper()}</span></h1>",
        f"<p><b>File:</b> {e(source)}<br><b>HEAD:</b> <span class='mono'>{e(str(report.head))}</span><br>"
        f"<b>Findings:</b> {sev['error']} errors, {sev['warning']} warnings, {sev['info']} notes<br>"
        f"<b>Objects:</b> {report.counts.get('commits', 0)} commits, "
        f"{report.counts.get('evidence', 0)} evidence</p>",
        "<p><i>Integrity is not truth: a valid signature proves who wrote a memory and that it is "
        "unchanged, not that it is correct. A receipt shows what was disclosed, not what was withheld. "
        "Without an external checkpoint, rollback cannot be detected.</i></p>",
    ]
    out.append(
        "<h2>Findings</h2><table><tr><th>Severity</th><th>Code</th><th>Object</th><th>Message</th></tr>"
    )
    for f in sorted(report.findings, key=lambda f: f.severity.rank)[:max_rows]:
        label = {Severity.ERROR: "✖ error", Severity.WARNING: "! warning", Severity.INFO: "i note"}[
            f.severity
        ]
        out.append(
            f"<tr><td class='{f.severity.value}'>{label}</td><td>{e(f.code)}</td>"
            f"<td class='mono'>{e(f.object_kind)} {e(f.object_id)}</td><td>{e(f.message)}</td></tr>"
        )
    out.append("</table>")
    out.append(
        "<h2>Key eras</h2><table><tr><th>Key</th><th>Role</th><th>Fingerprint</th><th>State</th>"
        "<th>Granted by</th><th>Cutoff</th></tr>"
    )
    for era in report.eras:
        out.append(
            f"<tr><td>{e(era.key_id)}</td><td>{e(era.role)}</td><td class='mono'>{era.fingerprint}</td>"
            f"<td>{era.state}</td><td class='mono'>{e(era.granted_by)}</td>"
            f"<td class='mono'>{e(str(era.cutoff or '—'))}</td></tr>"
        )
    out.append("</table>")
    counts = Counter(s.value for s in report.commits.values())
    out.append("<h2>Commits</h2><p>" + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + "</p>")
    out.append("<table><tr><th>Commit</th><th>Status</th><th>Signer</th></tr>")
    for cid in list(reversed(report.order))[:max_rows]:
        era = report.era_of(cid)
        out.append(
            f"<tr><td class='mono'>{e(cid)}</td><td>{report.commits[cid].value}</td>"
            f"<td>{e(era.key_id) if era else '—'}</td></tr>"
        )
    if len(report.order) > max_rows:
        out.append(
            f"<tr><td colspan='3'>… {len(report.order) - max_rows} more (see the JSON export)</td></tr>"
        )
    out.append("</table>")
    mm = report.mutmem
    if mm is not None:
        out.append(
            "<h2>Memories (MutMem)</h2><table><tr><th>Memory</th><th>Weight</th><th>Label</th>"
            "<th>Trajectory</th></tr>"
        )
        moved = [(m, v) for m, v in mm.memories.items() if len(v.trajectory) > 1 or v.labels]
        for m, v in moved[:max_rows]:
            traj = " → ".join(str(p.weight_q) for p in v.trajectory)
            flag = " ⚠ untrusted" if v.untrusted else ""
            out.append(
                f"<tr><td class='mono'>{e(m)}</td><td>{v.weight_q}</td>"
                f"<td>{e(str(v.label))}{flag}</td><td>{e(traj)}</td></tr>"
            )
        out.append("</table>")
        out.append(
            "<h2>Recall receipts</h2><table><tr><th>Receipt</th><th>Status</th><th>Head</th>"
            "<th>Entries</th><th>Root</th></tr>"
        )
        for rid, rv in mm.receipts.items():
            out.append(
                f"<tr><td class='mono'>{e(rid)}</td><td>{rv.status}</td>"
                f"<td class='mono'>{e(str(rv.head))}</td>"
                f"<td>{len(rv.entries)}</td><td class='mono'>{e(str(rv.root))}</td></tr>"
            )
        out.append(
            "</table><p>A receipt proves what was disclosed and in which order, not that nothing "
            "else existed.</p>"
        )
    out.append("</body></html>")
    return "\n".join(out)
