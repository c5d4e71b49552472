"""IRC registration: the PASS/NICK/USER handshake up to the server's welcome."""

from __future__ import annotations

from ..errors import ChannelError
from ..logs import Logger
from .irc_protocol import (
    _alternate_nick,
    _Connection,
    _ConnectionLost,
    _mask_from_welcome,
    format_line,
    parse_line,
)
from .irc_state import IrcSettings

MAX_NICK_ATTEMPTS = 10


async def register(connection: _Connection, settings: IrcSettings, username: str,
                   log: Logger) -> tuple[str, str | None]:
    """PASS/NICK/USER until the welcome (001): the nick we got and our mask, if the welcome
    names it. A nick in use is retried with ``_`` appended; a refusal raises ChannelError."""
    if settings.password is not None:
        await connection.send_line(format_line("PASS", settings.password))
    nick = settings.nick
    attempts = 0
    await connection.send_line(f"NICK {nick}")
    await connection.send_line(format_line("USER", username, "0", "*", settings.realname))
    while True:
        lines = await connection.receive_lines()
        for index, line in enumerate(lines):
            message = parse_line(line)
            if message is None:
                continue
            command = message.command
            if command == "PING":
                await connection.send_line(format_line("PONG", *message.params[:1] or ("",)))
            elif command == "001":
                connection.unread(lines[index + 1:])
                return (message.params[0] if message.params else nick,
                        _mask_from_welcome(message))
            elif command in ("433", "436", "437") or (command == "432" and attempts):
                attempts += 1
                if attempts > MAX_NICK_ATTEMPTS:
                    raise ChannelError(settings.name, "no usable nick: all alternatives taken")
                nick = _alternate_nick(settings.nick, attempts)
                log.info("IRC nick unavailable; trying another", channel=settings.name,
                         nick=nick)
                await connection.send_line(f"NICK {nick}")
            elif command == "432":
                raise ChannelError(settings.name, f"the server refuses the nick {nick!r}")
            elif command in ("464", "465"):
                raise ChannelError(settings.name, f"the server refused us ({command}): "
                                   f"{message.params[-1] if message.params else ''}")
            elif command == "ERROR":
                raise _ConnectionLost(message.params[-1] if message.params else "ERROR")
