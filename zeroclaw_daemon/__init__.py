"""zeroclaw_daemon: a channel-server daemon whose tool results carry HMAC receipts."""

from __future__ import annotations

__version__ = "0.1.0"
