"""MCP tool results as the text the model reads.

A ``CallToolResult`` holds content blocks (text, images, audio, resource links,
embedded resources) and maybe ``structured_content``. The model sees one text:
text blocks verbatim, other blocks as one short line saying what was there (binary
data is never pasted in), structured content as JSON when no block carried text.
The receipt middleware then truncates, defangs and signs that text like any tool's.
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

import mcp_types

from zeroclaw_daemon.receipts import truncate


def flatten_result(result: mcp_types.CallToolResult, max_chars: int) -> str:
    """The result's content as one text, capped at ``max_chars`` (head and tail kept)."""
    parts = [_block_text(block) for block in result.content]
    if result.structured_content is not None and not any(
            isinstance(block, mcp_types.TextContent) for block in result.content):
        parts.append(_json(result.structured_content))
    text = "\n".join(part for part in parts if part)
    return truncate(text, max_chars)


def _block_text(block: Any) -> str:
    if isinstance(block, mcp_types.TextContent):
        return block.text
    if isinstance(block, mcp_types.ImageContent):
        return f"[image: {block.mime_type}, {_decoded_size(block.data)} bytes, not shown]"
    if isinstance(block, mcp_types.AudioContent):
        return f"[audio: {block.mime_type}, {_decoded_size(block.data)} bytes, not shown]"
    if isinstance(block, mcp_types.ResourceLink):
        mime = f", {block.mime_type}" if block.mime_type else ""
        return f"[resource link: {block.name} {block.uri}{mime}]"
    if isinstance(block, mcp_types.EmbeddedResource):
        resource = block.resource
        if isinstance(resource, mcp_types.TextResourceContents):
            return f"[resource {resource.uri}]\n{resource.text}"
        mime = f", {resource.mime_type}" if resource.mime_type else ""
        return (f"[resource {resource.uri}{mime}: {_decoded_size(resource.blob)} bytes of "
                "binary data, not shown]")
    return f"[{type(block).__name__} content, not shown]"


def _decoded_size(data: str) -> int:
    try:
        return len(base64.b64decode(data, validate=False))
    except (binascii.Error, ValueError):
        return len(data)


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True)
    except (TypeError, ValueError):
        return str(value)
