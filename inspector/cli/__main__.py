"""``python -m inspector.cli`` is the ``aleth-inspector`` command."""

import sys

from inspector.cli.main import main

sys.exit(main())
