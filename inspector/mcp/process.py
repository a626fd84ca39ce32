"""Process hardening while a secret is held: no core dump may carry the passphrase.

A minimal local call until the core offers one helper for every face: the core-file
size limit goes to zero (soft and hard, so nothing in the process can raise it
again), and on Linux the process is marked not dumpable (no core file, no
``/proc/PID/mem`` or ptrace by other processes of the same user).
"""

from __future__ import annotations

import contextlib
import sys


def no_core_dumps() -> None:
    """Turn core dumps off for the rest of this process (best effort, never raises)."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            pr_set_dumpable = 4
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_dumpable, 0, 0, 0, 0)
