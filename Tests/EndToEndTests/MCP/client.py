"""A real MCP client for the end-to-end test: the official Python SDK over stdio.

Usage: client.py DUET_VERIFY REPOSITORY DEMO_RUNNER

Starts `DUET_VERIFY mcp` in REPOSITORY with the SDK's stdio client, lists the tools, calls lint
and verify (with --runner DEMO_RUNNER) and prints one JSON object the Swift test asserts on.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def field(model, snake, camel):
    """A result field by its SDK 2 name, or its 1.x (wire) name."""
    return getattr(model, snake, getattr(model, camel, None))


def summary(result):
    """What the test reads of a tools/call result."""
    return {
        "isError": bool(field(result, "is_error", "isError")),
        "texts": [item.text for item in result.content if getattr(item, "type", "") == "text"],
        "structuredContent": field(result, "structured_content", "structuredContent"),
    }


async def main(executable, repository, runner):
    server = StdioServerParameters(command=executable, args=["mcp"], cwd=repository)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            listed = await session.list_tools()
            lint = await session.call_tool("lint", {})
            verify = await session.call_tool("verify", {"runner": [runner], "jobs": 2})
            unknown_argument = await session.call_tool("lint", {"colour": True})
            print(
                json.dumps(
                    {
                        "protocolVersion": field(initialized, "protocol_version", "protocolVersion"),
                        "serverName": field(initialized, "server_info", "serverInfo").name,
                        "tools": [tool.name for tool in listed.tools],
                        "verifySchema": next(field(t, "input_schema", "inputSchema") for t in listed.tools if t.name == "verify"),
                        "lint": summary(lint),
                        "verify": summary(verify),
                        "unknownArgument": summary(unknown_argument),
                    },
                    sort_keys=True,
                )
            )


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
