"""Dialogs: unlock, and the authoring operations (each with a dry-run preview)."""
