"""``[channels.*]``: where messages come from (gateway, Telegram, IRC)."""

from __future__ import annotations

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



class GatewayConfig(_Section):
    """``[channels.gateway]``: the HTTP API."""

    enabled: bool = True
    listen: ListenAddress = "127.0.0.1:8731"
    auth_token_env: EnvVarName = ""
    max_body_bytes: Count = 1_048_576
    # uvicorn bounds only idle keep-alive connections; these bound slow senders.
    header_timeout_s: Seconds = 10.0
    body_timeout_s: Seconds = 30.0


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


class ChannelsConfig(_Section):
    """``[channels.*]``: where messages come from."""

    gateway: GatewayConfig = Field(default_factory=GatewayConfig)
    telegram: TelegramConfig = Field(default_factory=TelegramConfig)
    irc: IrcConfig = Field(default_factory=IrcConfig)
