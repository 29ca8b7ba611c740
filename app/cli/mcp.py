"""``stepwise mcp``: serve the Model Context Protocol over stdio for another AI agent.

The person's MCP client starts it (docs/mcp.md). It opens the store as every command
does, so the window beside it shows what the agent changed at once. With the setting
``mcp.mode`` off it exits at once (code 2) with a message on stderr. The ``mcp``
package is imported only here, when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

EXIT_OFF = 2


def add_arguments(sub: Any) -> None:
    """Declare ``mcp`` on the ``stepwise`` parser."""
    sub.add_parser("mcp", help="serve other AI agents over MCP (stdio), with the same "
                   "approvals as the window; see docs/mcp.md")


def cmd_mcp(args: argparse.Namespace) -> int:
    from app.cli.args import open_store
    from app.mcp import gates

    open_store()
    if gates.mode() == gates.OFF:
        print("stepwise: agent access is off (setting mcp.mode); turn it on with "
              "`stepwise settings mcp.mode on`", file=sys.stderr)
        return EXIT_OFF
    from app.mcp.server import serve

    serve()
    return 0


COMMANDS = {"mcp": cmd_mcp}
