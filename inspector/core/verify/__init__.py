"""The complete verifier of SPEC Parts B and C.

Entry point: :func:`inspector.core.verify.engine.verify`, returning a
:class:`~inspector.core.verify.report.Report`.
"""
