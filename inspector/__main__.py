"""``python -m inspector`` is the same as the ``aleth-inspector`` command."""

import sys

from inspector.cli import main

sys.exit(main())
