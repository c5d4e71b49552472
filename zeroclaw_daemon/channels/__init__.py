"""Channels: where messages come from and replies go (gateway, Telegram, IRC)."""

from __future__ import annotations

from .base import Channel, InboundMessage, MessageHandler, OutboundReply, ReceiptLine

__all__ = ["Channel", "InboundMessage", "MessageHandler", "OutboundReply", "ReceiptLine"]
