"""The ``aleth-inspector`` command line (see :mod:`inspector.cli.main`)."""

from .main import build_parser, command_names, main

__all__ = ["build_parser", "command_names", "main"]
