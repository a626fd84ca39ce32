"""Overview: the first thing an auditor reads about a file.

Three pages, one shown at a time:

* **report** — the file (SHA-256, size, format, unlock method), the agent, the key
  eras in one line each, counts of commits / evidence / MutMem records and
  receipts, the checkpoint state, what a verdict does not prove, and the
  problems grouped by what they mean, each linking to its object;
* **unopenable** — why the file could not be opened (wrong passphrase, damaged
  at byte N, unsupported version…: the finding's message, expected, found and
  likely cause) with "Try another passphrase / recovery code…" right there;
* **crash** — the last-resort answer: the inspector failed (a bug, not a verdict
  on the file); the crash report to copy.
"""

from __future__ import annotations

import html
import json
from collections import defaultdict
from typing import Any

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...core import codebook
from ...core.findings import Finding
from ...core.hom_aimos.view import hom_view
from ...core.hom_aimos_v2.view import v2_view
from ...core.render.strings import NOT_PROVEN_HOM, NOT_PROVEN_HOM_V2
from ...core.verify.report import Report
from .. import summary as S
from ..about import versions
from ..hom import epoch_text, is_hom, is_hom_v2, record_text
from ..i18n import QT_TRANSLATE_NOOP, core_text, finding_text
from ..style import severity_color, severity_text

MAX_PER_GROUP = 40
HOM_RULE_NOTE = str(
    QT_TRANSLATE_NOOP(
        "OverviewView",
        "The MutMem update rule is not checked for these bundles: they carry only the judge valence, so a "
        "weight step is checked for its signatures, bounds and continuity, not for its size.",
    )
)
NOTES = (
    QT_TRANSLATE_NOOP(
        "OverviewView",
        "Integrity is not truth: a valid signature proves who wrote a memory and that it is unchanged, "
        "not that what it says is correct.",
    ),
    QT_TRANSLATE_NOOP("OverviewView", "A receipt shows what was disclosed, not what was withheld."),
    QT_TRANSLATE_NOOP(
        "OverviewView",
        "Without an external checkpoint, rollback cannot be detected: an older complete copy of the file "
        "verifies just as well.",
    ),
)


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


class OverviewView(QWidget):
    """View contract (see ``views/__init__``) plus ``retryRequested`` (unopenable page)."""

    selectionRequested = Signal(str)
    retryRequested = Signal()

    REPORT, UNOPENABLE, CRASH = range(3)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: Report | None = None
        self.path: str | None = None
        self.checkpoint_head: str | None = None
        self.details = ""  # traceback of a crash, when the worker sent one
        self.settings = ""  # which settings produced the verdict (said in the report)
        self._links: list[str] = []
        self.stack = QStackedWidget()
        self.browser = QTextBrowser()
        self.browser.setAccessibleName(self.tr("Overview"))
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._anchor)
        self.stack.addWidget(self.browser)

        unopen = QWidget()
        ul = QVBoxLayout(unopen)
        self.unopenable_text = QTextBrowser()
        self.unopenable_text.setAccessibleName(self.tr("Why the file could not be opened"))
        self.retry_button = QPushButton(self.tr("Try another passphrase / recovery code…"))
        self.retry_button.clicked.connect(self.retryRequested)
        row = QHBoxLayout()
        row.addWidget(self.retry_button)
        row.addStretch(1)
        ul.addWidget(self.unopenable_text, 1)
        ul.addLayout(row)
        self.stack.addWidget(unopen)

        self.stack.addWidget(self._build_crash_page())

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.stack)
        self.clear()

    def _build_crash_page(self) -> QWidget:
        """The last resort: the inspector failed (a bug, not a verdict); the report to copy."""
        crash = QWidget()
        cl = QVBoxLayout(crash)
        self.crash_title = QLabel()
        self.crash_title.setWordWrap(True)
        f = self.crash_title.font()
        f.setBold(True)
        f.setPointSizeF(max(f.pointSizeF(), 9.0) * 1.2)
        self.crash_title.setFont(f)
        self.crash_intro = QLabel(
            self.tr(
                "The inspector stopped with an unexpected error. This is a bug in the inspector, "
                "not a verdict on the file: the file was not changed. Please copy the crash report "
                "below into a bug report."
            )
        )
        self.crash_intro.setWordWrap(True)
        self.crash_report = QPlainTextEdit(readOnly=True)
        self.crash_report.setAccessibleName(self.tr("Crash report"))
        self.copy_button = QPushButton(self.tr("&Copy crash report"))
        self.copy_button.clicked.connect(self.copy_crash_report)
        crow = QHBoxLayout()
        crow.addWidget(self.copy_button)
        crow.addStretch(1)
        cl.addWidget(self.crash_title)
        cl.addWidget(self.crash_intro)
        cl.addWidget(self.crash_report, 1)
        cl.addLayout(crow)
        return crash

    # ---- view contract ------------------------------------------------------------
    def clear(self) -> None:
        self.report = None
        self.browser.setHtml("<p>" + _e(self.tr("No file open.")) + "</p>")
        self.stack.setCurrentIndex(self.REPORT)

    def set_context(
        self, path: str | None, checkpoint_head: str | None, details: str = "", settings: str = ""
    ) -> None:
        """Where the next report comes from: its path, the attached checkpoint's head, a
        crash's details, and which settings judged it (the "Judged with" row)."""
        self.path, self.checkpoint_head, self.details = path, checkpoint_head, details
        self.settings = settings

    def set_report(self, report: Report | None) -> None:
        if report is None:
            self.clear()
            return
        self.report = report
        if S.internal_error(report) is not None:
            self._show_crash(report)
        elif report.verdict == "unopenable":
            self._show_unopenable(report)
        else:
            self._links = []
            if is_hom_v2(report):
                html_text = self._hom_v2_html(report)
            elif is_hom(report):
                html_text = self._hom_html(report)
            else:
                html_text = self._report_html(report)
            self.browser.setHtml(html_text)
            self.stack.setCurrentIndex(self.REPORT)

    def select(self, object_id: str) -> None:
        """Nothing to move: the overview is a summary."""

    def page(self) -> int:
        return self.stack.currentIndex()

    def links(self) -> list[str]:
        """The object ids the problem list links to, in order (tests, keyboard)."""
        return list(self._links)

    def activate_link(self, index: int) -> None:
        if 0 <= index < len(self._links):
            self.selectionRequested.emit(self._links[index])

    # ---- pages ----------------------------------------------------------------------
    def _link(self, object_id: str, text: str) -> str:
        self._links.append(object_id)
        return f'<a href="#obj-{len(self._links) - 1}">{_e(text)}</a>'

    def _anchor(self, url: QUrl) -> None:
        frag = url.fragment()
        if frag.startswith("obj-"):
            try:
                self.activate_link(int(frag[4:]))
            except ValueError:
                return

    def _report_html(self, r: Report) -> str:
        inp = r.input if isinstance(r.input, dict) else {}
        c = r.container if isinstance(r.container, dict) else {}
        rows: list[tuple[str, str]] = []
        rows.append((self.tr("File"), _e(inp.get("path") or self.path or "—")))
        if inp.get("sha256"):
            rows.append((self.tr("SHA-256"), f"<code>{_e(inp['sha256'])}</code>"))
        if isinstance(inp.get("size"), int):
            rows.append((self.tr("Size"), _e(self.tr("%n byte(s)", "", int(inp["size"])))))
        fmt = c.get("format") or inp.get("format") or "—"
        unlock = c.get("unlock")
        unlock_text = {
            "passphrase": self.tr("unlocked with the passphrase"),
            "recovery code": self.tr("unlocked with the recovery code"),
        }.get(str(unlock), self.tr("not sealed (directory store)") if fmt == "directory" else "")
        rows.append((self.tr("Format"), _e(f"{fmt}" + (f" — {unlock_text}" if unlock_text else ""))))
        aid = S.agent_id(r)
        rows.append((self.tr("Agent"), f"<code>{_e(aid)}</code>" if aid else "—"))
        rows.append((self.tr("HEAD"), f"<code>{_e(r.head or '—')}</code>"))
        mm = S.mutmem_counts(r)
        n_commits = len(r.commits) or r.counts.get("commits", 0)
        n_ev = len(r.evidence) or r.counts.get("evidence", 0)
        counts = ", ".join(
            (
                self.tr("%n commit(s)", "", n_commits),
                self.tr("%n evidence record(s)", "", n_ev),
                self.tr("%n MutMem record(s)", "", mm["records"]),
                self.tr("%n recall receipt(s)", "", mm["receipts"]),
                self.tr("%n memory(ies) with MutMem state", "", mm["memories"]),
            )
        )
        rows.append((self.tr("Contents"), _e(counts)))
        rows.append((self.tr("Checkpoint"), _e(S.checkpoint_text(r, self.checkpoint_head))))
        rows += self._settings_rows()
        if mm["untrusted"]:
            rows.append(
                (
                    self.tr("Untrusted"),
                    _e(
                        "⚠ " + self.tr("%n memory(ies) labelled poison_suspect or worse", "", mm["untrusted"])
                    ),
                )
            )
        out = ["<html><body>"]
        out.append("<table cellspacing='0' cellpadding='3'>")
        for k, v in rows:
            out.append(f"<tr><td valign='top'><b>{_e(k)}</b></td><td>{v}</td></tr>")
        out.append("</table>")

        heading = self.tr("Key eras")
        out.append(f"<h3>{_e(heading)}</h3><ul>")
        for e in r.eras:
            if e.revoked_by is None:
                state = self.tr("active")
            elif e.revoke_reason == "rotation":
                state = self.tr("rotated out at cutoff %1").replace("%1", S.short(e.cutoff))
            else:
                state = (
                    self.tr("revoked (%1) at cutoff %2")
                    .replace("%1", str(e.revoke_reason or "—"))
                    .replace("%2", S.short(e.cutoff))
                )
            n = r.counts.get(f"era_commits:{e.index}", 0)
            n_text = self.tr("%n commit(s)", "", n)
            link = self._link(f"era:{e.index}", e.key_id)
            out.append(
                f"<li>{link} — {_e(e.role)} · <code>{_e(e.fingerprint)}</code> · {_e(state)} · "
                f"{_e(n_text)}</li>"
            )
        if not r.eras:
            none = self.tr("No key eras (no identity could be read).")
            out.append(f"<li>{_e(none)}</li>")
        out.append("</ul>")

        out += self._problems_html(r)
        out += self._notes_html(r)
        out.append("</body></html>")
        return "".join(out)

    def _settings_rows(self) -> list[tuple[str, str]]:
        """The "Judged with" row: which settings produced the verdict."""
        return [(self.tr("Judged with"), _e(self.settings))] if self.settings else []

    def _problems_html(self, r: Report) -> list[str]:
        out: list[str] = []
        heading = self.tr("Problems, by what they mean")
        out.append(f"<h3>{_e(heading)}</h3>")
        groups: dict[str, list[Finding]] = defaultdict(list)
        for f in sorted(r.findings, key=lambda f: f.severity.rank):
            groups[f.code].append(f)
        if not groups:
            none = self.tr("No findings.")
            out.append(f"<p>{_e(none)}</p>")
        for code, fs in sorted(groups.items(), key=lambda kv: (kv[1][0].severity.rank, kv[0])):
            sev = fs[0].severity
            count = self.tr("%n finding(s)", "", len(fs))
            colour = severity_color(sev).name()
            info = codebook.lookup(code)
            # a code the table describes gets its title; any other is named by its code alone
            name = (
                f"<b>{_e(core_text(info.title))}</b> <code>{_e(code)}</code>"
                if info
                else f"<code>{_e(code)}</code>"
            )
            badge = f"<span style='color:{colour}'><b>{_e(severity_text(sev))}</b></span>"
            out.append(f"<p>{badge} · {name} — {_e(count)}")
            if info is not None:
                out.append(f"<br><i>{_e(core_text(info.meaning))}</i>")
            out.append("</p><ul>")
            for f in fs[:MAX_PER_GROUP]:
                target = f.object_id or (f.related[0] if f.related else "")
                label = f"{f.object_kind} {S.short(target, 12)}" if target else f.object_kind
                head = self._link(target, label) if target else _e(label)
                out.append(f"<li>{head}: {_e(finding_text(f))}</li>")
            if len(fs) > MAX_PER_GROUP:
                out.append(
                    "<li>"
                    + _e(self.tr("… and %n more (see Findings)", "", len(fs) - MAX_PER_GROUP))
                    + "</li>"
                )
            out.append("</ul>")
        return out

    def _notes_html(self, r: Report) -> list[str]:
        heading = self.tr("What a verdict does not prove")
        out = [f"<h3>{_e(heading)}</h3><ul>"]
        notes = [self.tr(note) for note in NOTES]
        if is_hom(r):
            notes += [core_text(NOT_PROVEN_HOM), self.tr(HOM_RULE_NOTE)]
        elif is_hom_v2(r):
            notes += [core_text(NOT_PROVEN_HOM_V2)]
        for note in notes:
            out.append(f"<li>{_e(note)}</li>")
        out.append("</ul>")
        return out

    # ---- a HOM-AIMOS bundle ------------------------------------------------------------
    def _rows_html(self, rows: list[tuple[str, str]]) -> str:
        out = ["<table cellspacing='0' cellpadding='3'>"]
        for k, v in rows:
            out.append(f"<tr><td valign='top'><b>{_e(k)}</b></td><td>{v}</td></tr>")
        out.append("</table>")
        return "".join(out)

    def _hom_html(self, r: Report) -> str:
        """The overview of a HOM-AIMOS evidence bundle: which bytes, which document, its
        root and trust root, what it holds, and the same problem list and limits."""
        view = hom_view(r)
        if view is None:  # not a HOM-AIMOS report: the caller asked is_hom first
            return ""
        inp = r.input if isinstance(r.input, dict) else {}
        kind_text = {
            "cognitive": self.tr("cognitive evidence (weight chains)"),
            "recall": self.tr("recall evidence (one recall receipt)"),
            "recall_corpus": self.tr("recall corpus (a set of recall bundles)"),
        }.get(view.kind, str(view.kind))
        rows: list[tuple[str, str]] = [(self.tr("File"), _e(inp.get("path") or self.path or "—"))]
        if inp.get("sha256"):
            rows.append((self.tr("SHA-256"), f"<code>{_e(inp['sha256'])}</code>"))
        if isinstance(inp.get("size"), int):
            rows.append((self.tr("Size"), _e(self.tr("%n byte(s)", "", int(inp["size"])))))
        rows.append(
            (
                self.tr("Format"),
                _e(self.tr("HOM-AIMOS v1 bundle — %1").replace("%1", kind_text))
                + f" <code>{_e(view.schema)}</code> · <code>hom-aimos-v1</code>",
            )
        )
        if view.document_sha256:
            rows.append(
                (
                    self.tr("Bundle SHA-256"),
                    f"<code>{_e(view.document_sha256)}</code> "
                    + _e(self.tr("(of the canonical JSON document)")),
                )
            )
        root_name = {
            "cognitive": self.tr("Proof root"),
            "recall": self.tr("Merkle root"),
            "recall_corpus": self.tr("Corpus root"),
        }.get(view.kind, self.tr("Root"))
        root_text = f"<code>{_e(r.root)}</code>" if r.root else "—"
        recomputed = view.receipt.recomputed_root if view.receipt is not None else None
        if not r.root and recomputed:
            root_text += " " + _e(
                self.tr(
                    "(the reference states none for this verdict; recomputed from the entries: %1)"
                ).replace("%1", str(recomputed))
            )
        rows.append((root_name, root_text))
        if r.primary_reason:
            rows.append(self._primary_row(r))
        if view.company_id is not None:
            rows.append((self.tr("Company"), f"<code>{_e(view.company_id)}</code>"))
        master = view.master
        if master is not None and master.fingerprint:
            rows.append(
                (
                    self.tr("Master key"),
                    f"<code>{_e(master.fingerprint)}</code><br>" + _e(S.master_text(r).split(" — ", 1)[-1]),
                )
            )
        else:
            rows.append((self.tr("Master key"), _e(S.master_text(r))))
        rows += self._settings_rows()
        steps = sum(len(m.steps) for m in view.memories)
        events = sum(len(st.events) for st in view.streams)
        counts = [
            self.tr("%n memory(ies)", "", len(view.memories)),
            self.tr("%n weight transition(s)", "", steps),
            self.tr("%n signer epoch(s)", "", len(view.signers)),
            self.tr("%n ledger event(s)", "", events),
        ]
        if view.receipt is not None:
            counts.append(self.tr("%n receipt entry(ies)", "", len(view.receipt.entries)))
        if view.corpus is not None:
            counts.append(self.tr("%n member bundle(s)", "", len(view.corpus.members)))
        rows.append((self.tr("Contents"), _e(", ".join(counts))))
        if view.parity is not None:
            rows.append(
                (
                    self.tr("SQL parity"),
                    _e(
                        "✔ " + self.tr("the engine's own records equal the recomputed ones")
                        if view.parity
                        else "✖ " + self.tr("the engine's own records differ from the recomputed ones")
                    ),
                )
            )
        out = ["<html><body>", self._rows_html(rows)]
        out += self._hom_parts_html(r)
        out += self._problems_html(r)
        out += self._notes_html(r)
        out.append("</body></html>")
        return "".join(out)

    def _primary_row(self, r: Report) -> tuple[str, str]:
        """The HOM-AIMOS primary reason's row: what it means, then the reference's code."""
        primary = S.primary_finding(r)
        why = finding_text(primary) if primary is not None else ""
        return self.tr("Primary reason"), (
            f"{_e(why)} " if why else ""
        ) + f"<code>{_e(r.primary_reason)}</code>"

    def _hom_v2_html(self, r: Report) -> str:
        """The overview of HOM-AIMOS v2 portable evidence: which bytes, which document, what
        failed (or that nothing did), its commitment and root, its pinned master, its parts."""
        view = v2_view(r)
        assert view is not None  # is_hom_v2(r)
        inp = r.input if isinstance(r.input, dict) else {}
        kind_text = self.tr("mutation bundle") if view.kind == "mutation" else self.tr("recall envelope")
        rows: list[tuple[str, str]] = [(self.tr("File"), _e(inp.get("path") or self.path or "—"))]
        if inp.get("sha256"):
            rows.append((self.tr("SHA-256"), f"<code>{_e(inp['sha256'])}</code>"))
        rows.append(
            (
                self.tr("Format"),
                _e(self.tr("HOM-AIMOS v2 portable evidence — %1").replace("%1", kind_text))
                + f" <code>{_e(view.schema)}</code> · <code>hom-aimos-v2</code>",
            )
        )
        if r.primary_reason:
            rows.append(self._primary_row(r))
        rows.append((self.tr("Commitment"), f"<code>{_e(view.commitment)}</code>"))
        if r.root:
            rows.append((self.tr("Object root"), f"<code>{_e(r.root)}</code>"))
        rows.append((self.tr("Master key"), _e(S.master_text(r))))
        checked = sum(1 for s in view.signatures if s.ok is not None)
        counts = [
            self.tr("%n object(s)", "", len(view.objects)),
            self.tr("%n returned memory(ies)", "", len(view.results)),
            self.tr("%n signature(s) checked", "", checked),
        ]
        rows.append((self.tr("Contents"), _e(", ".join(counts))))
        out = ["<html><body>", self._rows_html(rows)]
        out += self._problems_html(r)
        out += self._notes_html(r)
        out.append("</body></html>")
        return "".join(out)

    def _hom_parts_html(self, r: Report) -> list[str]:
        view = hom_view(r)
        if view is None:
            return []
        out: list[str] = []
        records = {rec.memory_id: rec for rec in view.records}
        if view.memories:
            heading = self.tr("Weight chains")
            out.append(f"<h3>{_e(heading)}</h3><ul>")
            for chain in view.memories[:MAX_PER_GROUP]:
                status = record_text(records.get(chain.memory_id))
                weights = " → ".join(
                    [str(chain.steps[0].old_weight_milli)] + [str(s.new_weight_milli) for s in chain.steps]
                    if chain.steps
                    else [str(chain.terminal_weight_milli)]
                )
                link = self._link(str(chain.memory_id), str(chain.memory_id))
                out.append(f"<li>{link} — {_e(weights)} · {_e(status)}</li>")
            if len(view.memories) > MAX_PER_GROUP:
                more = self.tr("… and %n more (see Weights)", "", len(view.memories) - MAX_PER_GROUP)
                out.append(f"<li>{_e(more)}</li>")
            out.append("</ul>")
        if view.signers:
            heading = self.tr("Signer epochs")
            out.append(f"<h3>{_e(heading)}</h3><ul>")
            for sgn in view.signers[:MAX_PER_GROUP]:
                link = self._link(str(sgn.certificate_fingerprint), str(sgn.agent_id))
                out.append(f"<li>{link} — {_e(epoch_text(sgn))}</li>")
            out.append("</ul>")
        rv = view.receipt
        if rv is not None:
            heading = self.tr("Recall receipt")
            out.append(f"<h3>{_e(heading)}</h3><p>")
            same = rv.recomputed_root is not None and rv.recomputed_root == rv.stated_root
            out.append(
                _e(
                    self.tr("Bundle %1, requested by %2: %n entry(ies) disclosed.", "", len(rv.entries))
                    .replace("%1", str(rv.bundle_id))
                    .replace("%2", str(rv.requester))
                )
                + "<br>"
                + _e(
                    ("✔ " if same else "✖ ")
                    + (
                        self.tr("the Merkle root recomputes from the entries")
                        if same
                        else self.tr("the stated Merkle root is not the root of the entries")
                    )
                )
                + "<br>"
                + _e(
                    "✔ " + self.tr("the signed event receipt is present")
                    if rv.event_receipt_present
                    else "? " + self.tr("the signed event receipt is missing: the verdict is indeterminate")
                )
                + "</p>"
            )
        corpus = view.corpus
        if corpus is not None:
            heading = self.tr("Member bundles")
            out.append(f"<h3>{_e(heading)}</h3>")
            out.append(
                "<p>"
                + _e(
                    self.tr(
                        "%n member(s) retained, intended_n %1. Double-click a member in the "
                        "Labels & receipts tab to open it as a bundle of its own.",
                        "",
                        len(corpus.members),
                    ).replace("%1", str(corpus.intended_n))
                )
                + "</p><ul>"
            )
            for i, m in enumerate(corpus.members[:MAX_PER_GROUP]):
                link = self._link(f"member:{i}", f"#{m.ordinal} {m.bundle_id}")
                verdict = S.verdict_word(m.verdict) if m.verdict else "—"
                reason = f" — {m.primary_reason}" if m.primary_reason else ""
                out.append(f"<li>{link} — {_e(verdict + reason)}</li>")
            out.append("</ul>")
        return out

    def _show_unopenable(self, r: Report) -> None:
        f = r.findings[0] if r.findings else None
        heading = self.tr("This file could not be opened")
        out = [f"<h2>{_e(heading)}</h2>"]
        if f is not None:
            out.append(f"<p><b>{_e(finding_text(f))}</b></p><table cellpadding='3'>")
            info = codebook.lookup(f.code)
            label = self.tr("Code")
            out.append(f"<tr><td><b>{_e(label)}</b></td><td><code>{_e(f.code)}</code></td></tr>")
            meaning = self._meaning(r, f, info)
            if meaning:
                out.append("<tr><td><b>" + _e(self.tr("Meaning")) + f"</b></td><td>{_e(meaning)}</td></tr>")
            for label, value in (
                (self.tr("Expected"), f.expected),
                (self.tr("Found"), f.found),
                (self.tr("Likely cause"), f.likely_cause),
            ):
                if value:
                    out.append(f"<tr><td><b>{_e(label)}</b></td><td>{_e(value)}</td></tr>")
            if info is not None:
                out.append(
                    "<tr><td><b>"
                    + _e(self.tr("What to do"))
                    + f"</b></td><td>{_e(core_text(info.action))}</td></tr>"
                )
            if self.settings:
                label = self.tr("Judged with")
                out.append(f"<tr><td><b>{_e(label)}</b></td><td>{_e(self.settings)}</td></tr>")
            out.append("</table>")
        credential = S.secret_problem(r)
        if credential:
            out.append(
                "<p>"
                + _e(
                    self.tr(
                        "Nothing was changed. Try another passphrase, or the recovery code "
                        "(aleth-recovery-v1:…)."
                    )
                )
                + "</p>"
            )
        else:
            out.append(
                "<p>"
                + _e(
                    self.tr(
                        "Nothing was changed. If you expected this file to open, compare its SHA-256 with "
                        "a copy you trust; a damaged or truncated file cannot be verified."
                    )
                )
                + "</p>"
            )
        self.unopenable_text.setHtml("".join(out))
        # another secret can only help a sealed file that asked for one
        self.retry_button.setVisible(credential and self.path is not None and not _is_dir(self.path))
        self.stack.setCurrentIndex(self.UNOPENABLE)

    def _meaning(self, r: Report, f: Finding, info: Any) -> str:
        """What the code means for this file: an ALETH001 file cannot tell a wrong
        passphrase from a modified file (the table's meaning, "the key was right", is
        ALETH002's)."""
        if f.code == "authentication_failed" and S.container_format(r) == "ALETH001":
            return self.tr(
                "The payload does not authenticate with the key this passphrase gives. An ALETH001 file "
                "cannot tell a wrong passphrase from a changed file: try the passphrase again, and if it is "
                "right, the file was changed after sealing."
            )
        return core_text(info.meaning) if info is not None else ""

    def _show_crash(self, r: Report) -> None:
        f = S.internal_error(r)
        assert f is not None
        self.crash_title.setText("⚠ " + finding_text(f))
        self.crash_report.setPlainText(self.crash_text(r))
        self.stack.setCurrentIndex(self.CRASH)

    def crash_text(self, r: Report) -> str:
        f = S.internal_error(r)
        lines = ["Aleth Inspector crash report", "", versions(), ""]
        if self.path:
            lines.append(f"input: {self.path}")
        if f is not None:
            lines.append(json.dumps(f.to_json(), indent=1, ensure_ascii=True))
        if self.details:
            lines += ["", self.details.strip()]
        return "\n".join(lines)

    def copy_crash_report(self) -> None:
        QApplication.clipboard().setText(self.crash_report.toPlainText())
        self.copy_button.setText(self.tr("Copied ✔"))


def _is_dir(path: str) -> bool:
    from pathlib import Path

    return Path(path).is_dir()
