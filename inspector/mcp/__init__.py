"""``aleth-inspector mcp``: a read-only MCP server that serves only what the verifier proved.

The face is thin, like the command line: :mod:`.service` answers every tool from the
core's report (open, verify, search, code table) and imports no MCP SDK, so its rules
are tested in-process; :mod:`.tools` holds the tool definitions (input schemas, limits,
descriptions) and checks arguments; :mod:`.server` is the glue to the official MCP
Python SDK and the stdio transport with its limits; :mod:`.config` prints the client
configuration snippet.  The core never imports any of it.
"""

POLICIES = ("strict", "serve-valid")
"""``strict`` (the default) serves memories only from a file that passes; ``serve-valid``
also serves the proven, trusted memories of a failing file (see :mod:`.service`)."""
