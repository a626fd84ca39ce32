"""Layout, accessibility and look (issue 12): status colours reach WCAG AA in
light and dark palettes; the key-eras timeline fits its pane at 1280×800 with its
legend; dark commits have their own glyph on the proven order; the proven region
of a cutoff is shaded in History and Graph; panes toggle and come back; the
layout is saved; the Status column never truncates and Summary never collapses;
glyphs a font lacks are shown escaped; the unlock dialog helps with the secret."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeyEvent, QPalette
from PySide6.QtWidgets import QApplication

from inspector.core.lanes import branch_point, proven_region
from inspector.core.store import read_directory
from inspector.core.verify.engine import verify
from inspector.core.verify.report import Status
from inspector.gui.dialogs.unlock import UnlockDialog
from inspector.gui.main_window import MainWindow
from inspector.gui.models import HistoryModel, untrusted_label
from inspector.gui.style import contrast, displayable, missing_glyphs, status_badge
from inspector.gui.views.eras import ErasView

from ..conftest import ALETHECH


def dark_palette() -> QPalette:
    p = QPalette()
    for role, color in (
        (QPalette.ColorRole.Window, "#202124"),
        (QPalette.ColorRole.WindowText, "#e8eaed"),
        (QPalette.ColorRole.Base, "#17181a"),
        (QPalette.ColorRole.AlternateBase, "#232427"),
        (QPalette.ColorRole.Text, "#e8eaed"),
        (QPalette.ColorRole.Button, "#2b2c30"),
        (QPalette.ColorRole.ButtonText, "#e8eaed"),
        (QPalette.ColorRole.Link, "#8ab4f8"),
    ):
        p.setColor(role, QColor(color))
    return p


@pytest.fixture(params=["light", "dark"])
def scheme(request, qapp):
    old = qapp.palette()
    if request.param == "dark":
        qapp.setPalette(dark_palette())
    else:
        qapp.setPalette(QApplication.style().standardPalette())
    yield request.param
    qapp.setPalette(old)


@pytest.fixture(scope="module")
def dark_v2():
    return verify(read_directory(str(ALETHECH / "05_dark_v2" / "store")))


def show_report(qtbot, win, report):
    with qtbot.waitSignal(win.reportReady, timeout=10_000):
        win.set_report(report)


# ---- contrast ------------------------------------------------------------------------------
def test_every_status_colour_reaches_aa_on_its_row_in_light_and_dark(qtbot, scheme, demo_report, dark_v2):
    seen: set[str] = set()
    for report in (demo_report, dark_v2):
        model = HistoryModel()
        model.set_report(report)
        region = proven_region(report, next((e.cutoff for e in report.eras if e.cutoff), None))
        for proven in (None, region):
            model.set_proven(proven)
            for row in range(model.rowCount()):
                idx = model.index(row, HistoryModel.STATUS)
                fg = model.data(idx, Qt.ItemDataRole.ForegroundRole).color()
                bg_brush = model.data(idx, Qt.ItemDataRole.BackgroundRole)
                bg = (
                    bg_brush.color()
                    if bg_brush is not None
                    else QApplication.palette().color(QPalette.ColorRole.Base)
                )
                assert bg.alpha() == 255
                ratio = contrast(fg, bg)
                assert ratio >= 4.5, (scheme, model.data(idx), fg.name(), bg.name(), ratio)
                seen.add(model.data(idx))
    # every kind of badge the reports carry was measured, the untrusted labels included
    assert {"✔ valid", "✔ historical", "✖ dark (unproven)", untrusted_label("poison_likely")} <= seen


def test_each_status_hue_reaches_aa_against_base_and_problem_rows(scheme):
    from inspector.gui.style import palette, problem_row_background, proven_row_background, status_color

    pal = palette()
    for bg in (pal.color(QPalette.ColorRole.Base), problem_row_background(pal), proven_row_background(pal)):
        for s in Status:
            assert contrast(status_color(s, bg), bg) >= 4.5, (scheme, s, bg.name())


def test_banner_text_reaches_aa(qtbot, scheme, window, dark_v2, demo_report):
    for report in (dark_v2, demo_report):
        show_report(qtbot, window, report)
        bg, fg, word = window.verdict_banner.colours()
        assert contrast(fg, bg) >= 4.5 and contrast(word, bg) >= 4.5, (scheme, report.verdict)


# ---- eras ----------------------------------------------------------------------------------
def test_timeline_fits_its_pane_at_1280x800(qtbot, window, demo_report):
    show_report(qtbot, window, demo_report)
    tl = window.eras.timeline
    scroll = window.eras.scroll_area
    assert window.width() == 1280  # nothing forces the window wider than the screen
    assert not scroll.horizontalScrollBar().isVisible()
    assert tl.width() <= scroll.viewport().width()
    # every era row, its bar (and an active era's arrow) and the legend are inside the widget
    for i, span in enumerate(tl.spans):
        bar = tl.bar_rect(i)
        assert bar.left() >= 0 and bar.right() + 12 <= tl.width(), span.era.key_id
        c = tl.cutoff_rect(i)
        if c is not None:
            assert c.left() >= 0 and c.right() <= tl.width()
    legend = tl.legend_rect()
    assert legend.bottom() <= tl.height()
    fm = QFontMetrics(tl._font(size=tl._small()))
    for x, _dy, _kind, label in tl.legend_layout(tl.width()):
        assert x + 18 + fm.horizontalAdvance(label) <= tl.width(), label
    assert window.eras_dock.width() >= 280  # the pane got its share


def test_dark_commit_has_its_own_glyph_and_branch_point(qtbot, dark_v2):
    view = ErasView()
    qtbot.addWidget(view)
    view.resize(340, 500)
    view.set_report(dark_v2)
    view.show()
    revoked = next(s for s in view.timeline.spans if s.era.revoked_by)
    assert revoked.marks and all(m.dark for m in revoked.marks)
    m = revoked.marks[0]
    assert m.branch_pos is not None and m.branch_pos <= revoked.cutoff_pos
    assert view.timeline.mark_x(revoked, 0, m) > view.timeline.x_of(revoked.cutoff_pos)
    kinds = [k for _x, _y, k, _l in view.timeline.legend_layout(view.timeline.width())]
    assert "problem" in kinds and "cross" in kinds  # a glyph of its own, not the revocation's


def test_unmerged_dark_commit_is_drawn_after_the_cutoff_it_escapes(qtbot):
    report = verify(read_directory(str(ALETHECH / "03_rotation_unmerged_legacy_branch" / "store")))
    spans = ErasView()
    qtbot.addWidget(spans)
    spans.resize(360, 500)
    spans.set_report(report)
    tl = spans.timeline
    marks = [(s, k, m) for s in tl.spans for k, m in enumerate(s.marks) if m.dark]
    assert marks
    for s, k, m in marks:
        assert tl.mark_x(s, k, m) > tl.x_of(s.cutoff_pos)  # drawn after the cutoff, whatever its order
        region = proven_region(report, s.era.cutoff)
        bp = branch_point(report, m.commit, region)
        assert bp is not None and m.branch_pos == report.order.index(bp)


# ---- proven region ---------------------------------------------------------------------------
def test_selecting_an_era_shades_the_cutoff_ancestry_in_history_and_graph(qtbot, window, demo_report):
    show_report(qtbot, window, demo_report)
    era = next(e for e in demo_report.eras if e.cutoff)
    window.eras.timeline.set_selected(era.index)
    window.eras.eraHighlighted.emit(era.index)
    region = proven_region(demo_report, era.cutoff)
    assert era.cutoff in region and 1 < len(region) < len(demo_report.commits)
    m = window.history.model
    assert window.history.proven_bar.isVisible() and era.key_id in window.history.proven_label.text()
    inside = m.row_for(era.cutoff)
    outside = m.row_for(demo_report.head)
    assert demo_report.head not in region
    assert m.data(m.index(inside, 1), Qt.ItemDataRole.BackgroundRole) is not None
    assert m.data(m.index(inside, 0), Qt.ItemDataRole.UserRole + 6) is True
    assert m.data(m.index(outside, 0), Qt.ItemDataRole.UserRole + 6) is False
    window.tabs.setCurrentWidget(window.graph)
    window.select(era.cutoff, None)
    nodes = window.graph.node_ids()
    assert nodes
    for cid in nodes:
        assert window.graph.node_item(cid).proven == (cid in region)
    assert any(window.graph.node_item(c).proven for c in nodes)
    assert any(not window.graph.node_item(c).proven for c in nodes)  # the sibling branch is not
    window.history.proven_clear.click()
    assert not window.history.proven_bar.isVisible()
    assert not any(window.graph.node_item(c).proven for c in window.graph.node_ids())


def test_proven_region_follows_authenticated_edges_only():
    report = verify(read_directory(str(ALETHECH / "09_tampered_a_commit_content" / "store")))
    bad = next(c for c, s in report.commits.items() if s is Status.DIGEST_MISMATCH)
    region = proven_region(report, bad)
    assert region == {bad}  # a tampered commit splices nothing into a proven history
    assert proven_region(report, "sha256:not-here") == set()


def test_graph_fit_keeps_text_readable(qtbot, window, demo_report):
    show_report(qtbot, window, demo_report)
    window.tabs.setCurrentWidget(window.graph)
    window.graph.generations.setValue(10)
    window.select(demo_report.order[150], None)
    window.graph.fit()
    assert window.graph.canvas.transform().m11() >= 0.7


# ---- layout --------------------------------------------------------------------------------
def test_status_column_fits_every_badge_and_summary_never_collapses(qtbot, window, demo_report):
    show_report(qtbot, window, demo_report)
    window.tabs.setCurrentWidget(window.history)
    h = window.history
    bold = QFont(h.table.font())
    bold.setBold(True)
    fm = QFontMetrics(bold)
    widest = max(
        [fm.horizontalAdvance(status_badge(s)[0]) for s in Status]
        + [fm.horizontalAdvance(untrusted_label("poison_confirmed"))]
    )
    assert h.table.columnWidth(HistoryModel.STATUS) >= widest + 8
    h.table.setColumnWidth(HistoryModel.STATUS, 30)  # a user drags it too narrow
    assert h.table.columnWidth(HistoryModel.STATUS) >= widest + 8
    for width in (1280, 900, 700, 1600, 1000):
        window.resize(width, 800)
        QApplication.processEvents()
        assert h.table.columnWidth(HistoryModel.SUMMARY) >= 260, width
    window.detail_dock.setFloating(True)
    QApplication.processEvents()
    assert h.table.columnWidth(HistoryModel.SUMMARY) >= 260


def test_view_menu_toggles_every_pane_and_layout_is_restored(qtbot, tmp_path, demo_report):
    settings = QSettings(str(tmp_path / "layout.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    assert [a.isChecked() for a in win.pane_actions] == [True, True, True]
    assert len(win.pane_actions) == len(win.docks) == 3
    for dock, act in zip(win.docks, win.pane_actions, strict=True):
        act.trigger()
        assert not dock.isVisible()
    win.pane_actions[0].trigger()  # the eras pane comes back
    assert win.eras_dock.isVisible()
    win.history.table.setColumnWidth(HistoryModel.SIGNER, 211)
    win.close()
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.eras_dock.isVisible()
    assert not again.findings_dock.isVisible() and not again.detail_dock.isVisible()
    assert again.history.table.columnWidth(HistoryModel.SIGNER) == 211
    again.reset_layout()
    assert all(d.isVisible() for d in again.docks)
    again.runner.shutdown()
    win.runner.shutdown()


# ---- glyphs --------------------------------------------------------------------------------
def test_glyphs_the_font_lacks_are_escaped_with_a_tooltip(qapp):
    font = QFont("DejaVu Sans")
    assert displayable("plain text é ü", font) == ("plain text é ü", None)
    missing = chr(0x10FFFD)  # a private-use code point no font draws
    shown, tip = displayable(f"name {missing}!", font)
    assert shown == "name \\U0010fffd!" and tip == f"name {missing}!"
    assert missing_glyphs("→ ✔", font) == []


# ---- unlock dialog -------------------------------------------------------------------------
def test_unlock_dialog_focus_show_hide_caps_lock_and_pasted_code(qtbot):
    dlg = UnlockDialog("/tmp/x.aleth")
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    qtbot.waitUntil(lambda: dlg.secret.hasFocus() or QApplication.focusWidget() is dlg.secret, timeout=2000)
    assert dlg.secret.echoMode() == dlg.secret.EchoMode.Password
    dlg.show_secret.setChecked(True)
    assert dlg.secret.echoMode() == dlg.secret.EchoMode.Normal
    dlg.show_secret.setChecked(False)
    assert dlg.secret.echoMode() == dlg.secret.EchoMode.Password
    # an upper-case letter without Shift: Caps Lock is on
    ev = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier, "A")
    QApplication.sendEvent(dlg.secret, ev)
    assert dlg.caps.isVisibleTo(dlg)
    ev = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_B, Qt.KeyboardModifier.NoModifier, "b")
    QApplication.sendEvent(dlg.secret, ev)
    assert not dlg.caps.isVisibleTo(dlg)
    # a recovery code pasted from the clipboard, then shown to check it
    code = "aleth-recovery-v1:" + "A" * 43
    QApplication.clipboard().setText(code)
    dlg.use_code.setChecked(True)
    dlg.secret.clear()
    dlg.secret.paste()
    dlg.show_secret.setChecked(True)
    assert dlg.secret.text() == code and dlg.secret.displayText() == code
    assert dlg.credential().recovery_code == code


def test_history_never_shows_boxes_for_a_script_without_a_font(qtbot, dark_v2):
    """05_dark_v2 holds a Devanagari memory: shown as itself when a font draws it,
    otherwise escaped, with the original in the tooltip (never as boxes)."""
    model = HistoryModel()
    model.set_report(dark_v2)
    rows = [
        r for r in range(model.rowCount()) if "परिनियोजन" in str(dark_v2.objects[model.commit_at(r)].content)
    ]
    assert rows
    idx = model.index(rows[0], HistoryModel.SUMMARY)
    shown = model.data(idx)
    if missing_glyphs("परिनियोजन"):
        assert "\\u092a" in shown and "परिनियोजन" not in shown
        assert "परिनियोजन" in model.data(idx, Qt.ItemDataRole.ToolTipRole)
    else:
        assert "परिनियोजन" in shown


def test_branch_point_search_is_bounded(dark_v2):
    dark = next(c for c, s in dark_v2.commits.items() if s is Status.NOT_IN_PROVEN_PRE_ROTATION_HISTORY)
    era = dark_v2.era_of(dark)
    region = proven_region(dark_v2, era.cutoff)
    assert branch_point(dark_v2, dark, region) in region
    assert branch_point(dark_v2, dark, set(), budget=3) is None  # gives up, never walks the whole DAG


def test_label_badges_reach_aa_on_plain_and_alternate_rows(scheme):
    from inspector.gui.style import palette
    from inspector.gui.views.labels import label_badge

    pal = palette()
    for label in (None, "unverified", "supported", "disputed", "poison_suspect", "poison_likely",
                  "poison_confirmed", "poison_refuted"):  # fmt: skip
        _text, colour = label_badge(label)
        for role in (QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase):
            assert contrast(colour, pal.color(role)) >= 4.5, (scheme, label, role)
