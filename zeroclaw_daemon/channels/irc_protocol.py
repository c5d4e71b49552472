"""The IRC wire protocol: line grammar (RFC 1459/2812), UTF-8 splitting, one connection.

No channel logic here: :mod:`zeroclaw_daemon.channels.irc` decides what to say.
"""

from __future__ import annotations

import fnmatch
import random
import re
import ssl
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

import anyio
from anyio.abc import ByteStream

IRC_MAX_LINE_BYTES = 512  # including the CRLF
# Until the server tells us our host (JOIN echo or welcome), assume the longest.
ASSUMED_HOST_LEN = 63
# Room for a fallback nick ("zeroclaw__") in the relayed prefix.
NICK_SLACK = 4
MAX_BUFFERED_BYTES = 64 * 1024  # a peer that sends this much without a newline is broken
APOLOGY_TEXT = "sorry, something went wrong while handling your message. Please try again."
DEFAULT_CHANNEL_TYPES = "#&+!"

# mIRC formatting: bold, colour (with optional fg,bg digits), reset, reverse, italics...
_FORMATTING_RE = re.compile(r"\x03(?:\d{1,2}(?:,\d{1,2})?)?|[\x02\x0f\x11\x16\x1d\x1e\x1f]")
# Characters that must never reach the wire inside a line (they would end or corrupt it).
_LINE_BREAKERS_RE = re.compile(r"[\r\n\x00]")
_RFC1459_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ[]\\~", "abcdefghijklmnopqrstuvwxyz{}|^")


class _ConnectionLost(Exception):
    """The server closed the link, stopped answering or sent garbage."""


_CONNECTION_ERRORS: tuple[type[Exception], ...] = (
    OSError,
    TimeoutError,
    ssl.SSLError,
    anyio.EndOfStream,
    anyio.BrokenResourceError,
    anyio.ClosedResourceError,
    anyio.IncompleteRead,
)
_SESSION_ERRORS: tuple[type[Exception], ...] = (*_CONNECTION_ERRORS, _ConnectionLost)
_QUIT_ERRORS: tuple[type[Exception], ...] = (*_CONNECTION_ERRORS, ValueError)


# --- the protocol ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IrcMessage:
    """One parsed line: ``:prefix COMMAND param... :trailing`` (IRCv3 tags dropped)."""

    prefix: str
    command: str
    params: tuple[str, ...]

    @property
    def nick(self) -> str:
        """The sender's nick (the prefix up to ``!``), or "" for server messages."""
        if "!" not in self.prefix and "@" not in self.prefix:
            return "" if "." in self.prefix else self.prefix
        return self.prefix.split("!", 1)[0].split("@", 1)[0]


def parse_line(line: str) -> IrcMessage | None:
    """Parse one line (without CRLF); None when it holds no command."""
    rest = line.strip("\r\n")
    if rest.startswith("@"):
        _tags, _, rest = rest.partition(" ")
    prefix = ""
    if rest.startswith(":"):
        prefix, _, rest = rest[1:].partition(" ")
    rest = rest.lstrip(" ")
    trailing: str | None = None
    if " :" in rest:
        rest, trailing = rest.split(" :", 1)
    elif rest.startswith(":"):
        rest, trailing = "", rest[1:]
    words = rest.split()
    if not words:
        return None
    params = words[1:] + ([trailing] if trailing is not None else [])
    return IrcMessage(prefix, words[0].upper(), tuple(params))


def format_line(command: str, *params: str) -> str:
    """``COMMAND p1 p2 :last``; the last parameter is always sent as trailing."""
    if not params:
        return command
    middle = list(params[:-1])
    for param in middle:
        if not param or " " in param or param.startswith(":"):
            raise ValueError("only the last IRC parameter may be empty or contain spaces")
    return " ".join([command, *middle, ":" + params[-1]])


def irc_lower(text: str) -> str:
    """RFC 1459 case folding: nicks and channel names compare case-insensitively."""
    return text.translate(_RFC1459_LOWER)


def strip_formatting(text: str) -> str:
    """``text`` without mIRC colour/bold/italic codes."""
    return _FORMATTING_RE.sub("", text)


def split_utf8(text: str, max_bytes: int) -> list[str]:
    """Cut ``text`` into pieces of at most ``max_bytes`` UTF-8 bytes, never inside a character.

    A piece ends at the last space of its window when that keeps at least half
    of it; the space is consumed.
    """
    if max_bytes < 4:
        raise ValueError("max_bytes must leave room for one UTF-8 character")
    pieces: list[str] = []
    rest = text
    while rest:
        encoded = rest.encode("utf-8")
        if len(encoded) <= max_bytes:
            pieces.append(rest)
            break
        # Decoding the byte window and dropping a cut-off character gives how
        # many whole characters fit.
        cut = len(encoded[:max_bytes].decode("utf-8", errors="ignore"))
        space = rest.rfind(" ", 0, cut)
        if space >= cut // 2 and space > 0:
            pieces.append(rest[:space])
            rest = rest[space + 1:]
        else:
            pieces.append(rest[:cut])
            rest = rest[cut:]
    return pieces


def privmsg_text_budget(target: str, nick: str, username: str, mask: str | None) -> int:
    """Bytes of text per PRIVMSG so the line *as relayed to others* fits 512 bytes.

    The server prefixes our mask (``nick!user@host``); before the welcome or a JOIN
    told us the real one, assume the longest host.
    """
    if mask is not None:
        mask_len = len(mask.encode()) + NICK_SLACK
    else:
        mask_len = len(nick.encode()) + NICK_SLACK + 2 + len(username) + 1 + ASSUMED_HOST_LEN
    overhead = len(f": PRIVMSG {target} :\r\n".encode()) + mask_len
    return IRC_MAX_LINE_BYTES - overhead


def _clean_for_wire(text: str) -> str:
    """One line of reply text, safe to put after ``PRIVMSG target :``."""
    text = text.encode("utf-8", errors="replace").decode("utf-8")
    return _LINE_BREAKERS_RE.sub("", text.replace("\t", "    ")).rstrip()


# --- connection and run state ------------------------------------------------------


class _Connection:
    """Line framing over a byte stream; sends are serialised and time-bounded."""

    def __init__(self, stream: ByteStream, send_timeout_s: float) -> None:
        self._stream = stream
        self._send_timeout_s = send_timeout_s
        self._buffer = bytearray()
        self._unread: deque[str] = deque()
        self._send_lock = anyio.Lock()

    async def receive_lines(self) -> list[str]:
        """The next complete lines (at least one); raises when the connection ends."""
        if self._unread:
            lines = list(self._unread)
            self._unread.clear()
            return lines
        while True:
            if b"\n" in self._buffer:
                *complete, remainder = bytes(self._buffer).split(b"\n")
                self._buffer = bytearray(remainder)
                lines = [raw.rstrip(b"\r").decode("utf-8", errors="replace") for raw in complete]
                lines = [line for line in lines if line]
                if lines:
                    return lines
            if len(self._buffer) > MAX_BUFFERED_BYTES:
                raise _ConnectionLost("line longer than the buffer")
            self._buffer += await self._stream.receive(4096)

    def unread(self, lines: Sequence[str]) -> None:
        """Give back lines already received, to be returned by the next receive."""
        self._unread.extendleft(reversed(lines))

    async def send_line(self, line: str) -> None:
        data = line.encode("utf-8") + b"\r\n"
        if len(data) > IRC_MAX_LINE_BYTES:
            raise ValueError("IRC line over 512 bytes")
        async with self._send_lock:
            with anyio.fail_after(self._send_timeout_s):
                await self._stream.send(data)

    async def aclose(self) -> None:
        await self._stream.aclose()


class _TokenBucket:
    """``rate`` lines per second on average, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._tokens = float(burst)
        self._last = anyio.current_time()

    async def take(self) -> None:
        self._refill()
        if self._tokens < 1:
            await anyio.sleep((1 - self._tokens) / self._rate)
            self._refill()
        self._tokens -= 1

    def _refill(self) -> None:
        now = anyio.current_time()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now


def _addressed_text(text: str, nick: str) -> str | None:
    """The text after ``nick:`` / ``nick,`` at the start, or None when not addressed."""
    stripped = text.lstrip()
    head = stripped[:len(nick)]
    if len(stripped) <= len(nick) or irc_lower(head) != irc_lower(nick):
        return None
    if stripped[len(nick)] not in ":,":
        return None
    return stripped[len(nick) + 1:].strip()


def _mask_from_welcome(message: IrcMessage) -> str | None:
    """``nick!user@host`` from the 001 text, when the server includes it (most do)."""
    if not message.params:
        return None
    for word in reversed(message.params[-1].split()):
        if "!" in word and "@" in word:
            return word
    return None


def _alternate_nick(nick: str, attempt: int) -> str:
    """The nick to try after ``attempt`` refusals: nick_, nick__, then a short random suffix."""
    if attempt <= 2:
        return nick + "_" * attempt
    return f"{nick[:6]}{random.randint(100, 999)}"


def _describe(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def sender_allowed(allowed: Sequence[str], nick: str, prefix: str) -> bool:
    """Whether ``nick`` (full ``nick!user@host`` in ``prefix``) matches an allow entry.

    An entry without ``!`` or ``@`` is a nick; one with them is a glob mask over
    the whole prefix. Both compare with RFC 1459 case folding. A mask is only as
    good as the server's host reporting: prefer nicks registered with services,
    or host masks, over bare nicks on networks where anyone can take any nick.
    """
    folded_nick, folded_prefix = irc_lower(nick), irc_lower(prefix)
    for entry in allowed:
        if entry == "*":
            return True
        pattern = irc_lower(entry)
        if "!" in pattern or "@" in pattern:
            if folded_prefix and fnmatch.fnmatchcase(folded_prefix, pattern):
                return True
        elif pattern == folded_nick:
            return True
    return False
