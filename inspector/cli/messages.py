"""The command line's own registered message templates (translatable like the
core's; the finding codes they go with are in the code table)."""

from __future__ import annotations

from ..core.verify.report import message

USAGE = message("The command line is not valid: {detail}")
INTERRUPTED = message("The run was interrupted before it finished; there is no verdict on the file.")
WROTE_REPORT = message("wrote the {format} report to {path}")
WROTE_CHECKPOINT = message("checkpoint written: {path} (sequence {sequence}, head {head})")
NO_CHECKPOINT_WRITTEN = message("no checkpoint written: the file did not pass ({verdict})")
