"""The panes of the main window.

Every view follows one small contract so the main window can link selection
across panes without knowing their insides:

* ``selectionRequested = Signal(str)`` — the user picked an object (commit,
  evidence, memory, receipt, era ``"era:<index>"`` or finding's object id);
* ``set_report(report)`` — show a new :class:`~inspector.core.verify.report.Report`
  (replaces anything shown before);
* ``select(object_id)`` — reflect a selection made elsewhere, without emitting
  ``selectionRequested`` again;
* ``clear()`` — show nothing (no file open).

Views compute nothing the core does not expose: they read the report.
"""
