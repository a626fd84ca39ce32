"""PyInstaller entry point of the bundled ``aleth-inspector``.

``multiprocessing.freeze_support()`` must run first: the GUI's background
tasks (inspector/gui/tasks.py) start a worker with the *spawn* method, which
in a frozen app re-executes this binary with multiprocessing's arguments;
freeze_support() turns that invocation into the worker and never returns.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()

    from inspector.cli import main

    sys.exit(main())
