"""Other AI agents' way in: ``stepwise mcp``, a Model Context Protocol server over stdio,
with the same gates as the window and stricter ones (``app.mcp.gates``); what an agent
changes is journaled and undoable (``app.mcp.changes``)."""
