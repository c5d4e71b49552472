"""``[channels.*]``: where messages come from (gateway, Telegram, IRC)."""

from __future__ import annotations

import ipaddress
from typing import Annotated

from pydantic import AfterValidator, Field

from zeroclaw_daemon.config._types import (
    Count,
    EnvVarName,
    HttpUrl,
    ListenAddress,
    NonEmptyStr,
    Seconds,
    StrTuple,
    _Section,
)


def _check_irc_channels(value: tuple[str, ...]) -> tuple[str, ...]:
    for name in value:
        if not name.startswith(("#", "&")) or any(c in name for c in " ,\x07\r\n"):
            raise ValueError("expected IRC channel names starting with '#' or '&'")
    return value



def _check_networks(value: tuple[str, ...]) -> tuple[str, ...]:
    for entry in value:
        try:
            ipaddress.ip_network(entry.strip(), strict=False)
        except ValueError:
            raise ValueError("expected IP addresses or networks (CIDR)") from None
    return value


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` and loopback literals (127.0.0.0/8, ::1); other names may
    resolve anywhere, so they count as exposed."""
    host = host.strip("[]").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class GatewayConfig(_Section):
    """``[channels.gateway]``: the HTTP API."""

    enabled: bool = True
    listen: ListenAddress = "127.0.0.1:8731"
    # The variable holds one bearer token, or several separated by commas (one per client).
    auth_token_env: EnvVarName = ""
    # Listening beyond loopback without a token is refused unless this says it is meant.
    allow_unauthenticated: bool = False
    # Proxies whose X-Forwarded-For is believed (addresses or networks); nobody else's is.
    trusted_proxies: Annotated[StrTuple, AfterValidator(_check_networks)] = ()
    # Per client (token, or remote address without tokens); over either limit: 429.
    max_concurrent_turns_per_client: Count = 16
    turns_per_minute_per_client: Count = 600
    max_body_bytes: Count = 1_048_576
    # uvicorn bounds only idle keep-alive connections; these bound slow senders.
    header_timeout_s: Seconds = 10.0
    body_timeout_s: Seconds = 30.0
    # An idle keep-alive connection is closed after this long. Longer than clients' pool
    # expiry (httpx 5 s, aiohttp 15 s), so the client drops an idle connection first: at
    # equal bounds a request sent as the server closes is lost (a reset or an empty reply).
    keep_alive_s: Seconds = 20.0
    # Background-task follow-ups wait in a per-conversation queue this long for a
    # GET /v1/conversations/{id}/followups (then dropped with a log line); a long-poll
    # waits at most followup_max_wait_s.
    followup_keep_s: Seconds = 600.0
    followup_max_wait_s: Annotated[float, Field(gt=0, le=300)] = 30.0
    # POST /v1/chat/completions and GET /v1/models: the OpenAI-compatible chat API
    # (same token, limits, audit and receipts as /v1/turns).
    openai_api: bool = True


class TelegramConfig(_Section):
    """``[channels.telegram]``: a long-polling Telegram bot."""

    enabled: bool = False
    bot_token_env: EnvVarName = "ZEROCLAW_TELEGRAM_TOKEN"
    api_base: HttpUrl = "https://api.telegram.org"
    allowed_users: StrTuple = ()
    poll_timeout_s: Annotated[int, Field(ge=0, le=600)] = 25


class IrcConfig(_Section):
    """``[channels.irc]``: an IRC client joining ``channels``."""

    enabled: bool = False
    server: NonEmptyStr = "127.0.0.1"
    port: Annotated[int, Field(ge=1, le=65535)] = 6667
    tls: bool = False
    nick: NonEmptyStr = "zeroclaw"
    channels: Annotated[StrTuple, AfterValidator(_check_irc_channels)] = ("#zeroclaw",)
    password_env: EnvVarName = ""
    # Who may drive the agent: nicks ("alice") or nick!user@host masks with * and ?
    # ("*!*@trusted.example"); empty refuses everyone, "*" allows everyone.
    allowed_users: StrTuple = ()


class ChannelsConfig(_Section):
    """``[channels.*]``: where messages come from."""

    gateway: GatewayConfig = Field(default_factory=GatewayConfig)
    telegram: TelegramConfig = Field(default_factory=TelegramConfig)
    irc: IrcConfig = Field(default_factory=IrcConfig)
