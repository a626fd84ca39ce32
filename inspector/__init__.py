"""Aleth Inspector: verify, explore and author alethech agent-memory files."""

__version__ = "0.1.0"
