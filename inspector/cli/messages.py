"""The command line's own registered message templates (translatable like the
core's; the finding codes they go with are in the code table)."""

from __future__ import annotations

from ..core.findings import message

USAGE = message("The command line is not valid: {detail}")
INTERRUPTED = message("The run was interrupted before it finished; there is no verdict on the file.")
WROTE_REPORT = message("wrote the {format} report to {path}")
WROTE_CHECKPOINT = message("checkpoint written: {path} (sequence {sequence}, head {head})")
NO_CHECKPOINT_WRITTEN = message("no checkpoint written: the file did not pass ({verdict})")

# authoring (rotate, revoke, grant, migrate, label, rekey, recover): the preview and what was written
AUTHOR_RESULT = message("{operation}: result {verdict} (input {input})")
AUTHOR_UNPROVEN = message("objects that become NOT_IN_PROVEN_PRE_ROTATION_HISTORY ({count}):")
AUTHOR_DISOWNED = message("disowned")
AUTHOR_UNANCHORED = message("unanchored")
AUTHOR_ADDED = message("added {item}")
AUTHOR_REMOVED = message("removed {item}")
AUTHOR_CHANGED = message("changed {item}")
AUTHOR_ERA = message("era {key_id} ({role}): {state}")
AUTHOR_CUTOFF = message("cutoff {commit}")
AUTHOR_NOTE = message("note: {text}")
AUTHOR_ERROR = message("error {code} {object}: {message}")
AUTHOR_OUTPUT = message("output SHA-256 {sha256} ({kind}, {size} bytes)")
AUTHOR_WROTE = message("wrote {path} (SHA-256 {sha256})")
AUTHOR_BACKUP = message("previous version kept as {path}")
AUTHOR_OLD_COPY = message(
    "{path} still opens with the old passphrase; it was not deleted: delete it if that passphrase leaked"
)
AUTHOR_NOTHING_WRITTEN = message("interrupted; nothing was written")
AUTHOR_NOT_WRITTEN = message("nothing was written")
AUTHOR_INTERRUPTED_AFTER = message(
    "interrupted once the write was complete: the file below is written, with its keys"
)
AUTHOR_ADDS_ERRORS = message("the result adds {count} errors the input does not have; nothing was written")
AUTHOR_NEEDS_DISOWN = message("{count} objects would be disowned; add --disown to write; nothing was written")
AUTHOR_PLAN_SAVED = message("plan saved to {path}")
AUTHOR_DRY_RUN = message("dry run: nothing was written")
AUTHOR_PENDING = message("a write to {path} was interrupted; the next write finishes it or undoes it first")
AUTHOR_SAVED = message("saved {path} (mode 0600)")
AUTHOR_RECOVERY = message("new recovery code (shown once, store it safely): {code}")
