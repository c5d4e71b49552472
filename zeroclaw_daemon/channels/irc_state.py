"""The IRC channel's settings and the state one run keeps across connections."""

from __future__ import annotations

import ssl
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

import anyio
from anyio.abc import TaskGroup

from ..backoff import BackoffPolicy
from .base import InboundMessage, MessageHandler
from .irc_protocol import (
    DEFAULT_CHANNEL_TYPES,
    _Connection,
)


@dataclass(frozen=True, slots=True)
class IrcSettings:
    """How the IRC channel connects, paces and bounds itself (``[channels.irc]`` plus
    the limits the daemon does not expose). Validated on creation."""

    server: str
    port: int
    nick: str
    channels: tuple[str, ...]
    tls: bool = False
    # The server password: never in a repr or a log line.
    password: str | None = field(default=None, repr=False)
    # Senders served (nick or nick!user@host glob masks); empty refuses everyone,
    # "*" allows everyone (the same rule as Telegram's allowed_users).
    allowed_users: tuple[str, ...] = ()
    name: str = "irc"
    username: str | None = None
    realname: str = "ZeroClaw agent"
    backoff: BackoffPolicy = field(
        default_factory=lambda: BackoffPolicy(initial_s=1.0, max_s=60.0))
    lines_per_s: float = 1.0
    burst: int = 4
    connect_timeout_s: float = 15.0
    register_timeout_s: float = 30.0
    ping_interval_s: float = 90.0
    pong_timeout_s: float = 30.0
    join_wait_s: float = 10.0
    send_timeout_s: float = 30.0
    max_reply_lines: int = 40
    max_queued_per_conversation: int = 20
    max_concurrent_turns: int = 8
    ssl_context: ssl.SSLContext | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.nick or " " in self.nick or not self.server:
            raise ValueError("IRC needs a server and a nick without spaces")
        if not 0 < self.port < 65536:
            raise ValueError("IRC port must be in 1..65535")
        if self.lines_per_s <= 0 or self.burst < 1 or self.max_reply_lines < 2:
            raise ValueError("IRC flood limits must be positive and max_reply_lines >= 2")
        bad = [c for c in self.channels if not c or " " in c or "," in c]
        if bad:
            raise ValueError("IRC channel names must be non-empty, without spaces or commas")
        object.__setattr__(self, "channels", tuple(self.channels))
        object.__setattr__(self, "password", self.password or None)


@dataclass(frozen=True, slots=True)
class _OutLine:
    target: str
    text: str


@dataclass(frozen=True, slots=True)
class _Request:
    message: InboundMessage
    reply_target: str
    prefix: str


@dataclass(slots=True)
class _RunState:
    """What one ``run()`` keeps across connections."""

    handler: MessageHandler
    task_group: TaskGroup
    turn_slots: anyio.CapacityLimiter
    nick: str
    mask: str | None = None
    channel_types: str = DEFAULT_CHANNEL_TYPES
    outbox: deque[_OutLine] = field(default_factory=deque)
    outbox_changed: anyio.Event = field(default_factory=anyio.Event)
    # Senders already told they are not allowed (once each, bounded).
    refused: set[str] = field(default_factory=set)

    def post(self, lines: Sequence[_OutLine]) -> None:
        self.outbox.extend(lines)
        self.outbox_changed.set()


@dataclass(slots=True)
class _Session:
    """One connection's state."""

    connection: _Connection
    pending_joins: set[str]
    joined: anyio.Event = field(default_factory=anyio.Event)
    lost_reason: str | None = None
