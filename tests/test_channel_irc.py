"""The IRC channel against a real ngircd on 127.0.0.1, with a raw client playing the user."""

from __future__ import annotations

import io
import ssl
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.fakes import running_channel as running
from tests.ngircd_fixture import (
    IrcTestClient,
    Line,
    NgircdServer,
    ngircd,
    openssl_binary,
    requires_ngircd,
)
from zeroclaw_daemon.backoff import BackoffPolicy
from zeroclaw_daemon.channels.base import InboundMessage, OutboundReply
from zeroclaw_daemon.channels.irc import (
    IRC_MAX_LINE_BYTES,
    IrcChannel,
    IrcSettings,
    parse_line,
    sender_allowed,
    split_utf8,
)
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.security import LeakRedactor

__all__ = ["ngircd"]  # the fixture, imported so pytest finds it

BOT = "zeroclaw"
CHANNEL = "#zeroclaw"
RECEIPT = "zc-receipt-1718000000-_uIr2xtYQGWrK_f2F-X9ZWxrZlLvc6ZnBGkO3k_jecY"
RECEIPTS_BLOCK = f"---\nTool receipts:\n  shell: {RECEIPT}"
BLOCK_LINES = ["---", "Tool receipts:", f"  shell: {RECEIPT}"]

Reply = Callable[[InboundMessage], Awaitable[OutboundReply]]


class RecordingHandler:
    """Answers with ``reply_for(message)`` (default: echo + receipts block); records messages."""

    def __init__(self, reply_for: Reply | None = None) -> None:
        self.messages: list[InboundMessage] = []
        self._reply_for = reply_for

    async def __call__(self, message: InboundMessage) -> OutboundReply:
        self.messages.append(message)
        if self._reply_for is not None:
            return await self._reply_for(message)
        return OutboundReply(turn_id="t", text=f"echo: {message.text}",
                             receipts_block=RECEIPTS_BLOCK)


def make_channel(server: NgircdServer, *, lines_per_s: float = 50.0, burst: int = 20,
                 backoff_s: float = 0.2, nick: str = BOT,
                 allowed_users: tuple[str, ...] = ("*",)) -> IrcChannel:
    return IrcChannel(IrcSettings(
        "127.0.0.1", server.port, nick, (CHANNEL,),
        backoff=BackoffPolicy(initial_s=backoff_s, max_s=backoff_s * 4, jitter=0),
        lines_per_s=lines_per_s, burst=burst, join_wait_s=5.0,
        allowed_users=allowed_users), LeakRedactor())


@asynccontextmanager
async def user(server: NgircdServer, nick: str = "alice", *, join: bool = True
               ) -> AsyncIterator[IrcTestClient]:
    client = IrcTestClient(server.port, nick)
    await client.connect()
    try:
        if join:
            await client.join(CHANNEL)
        yield client
    finally:
        await client.close()


def texts(lines: list[Line]) -> list[str]:
    return [line.params[-1] for line in lines]


# --- pure helpers (no server needed) ----------------------------------------------------


def test_parse_line_handles_prefix_params_and_trailing() -> None:
    """A relayed PRIVMSG parses into prefix, command and (target, text)."""
    message = parse_line(":alice!~alice@127.0.0.1 PRIVMSG #zeroclaw :zeroclaw: hi there")
    assert message is not None
    assert ("alice", "PRIVMSG", ("#zeroclaw", "zeroclaw: hi there")) == (
        message.nick, message.command, message.params)


def test_split_utf8_never_cuts_a_character() -> None:
    """Every piece fits the byte budget, decodes cleanly and the pieces rejoin to the text."""
    text = " ".join(["ünïcødé😀"] * 200)
    pieces = split_utf8(text, 100)
    unspaced = split_utf8("😀" * 100, 10)
    assert (True, text) == (all(len(p.encode()) <= 100 for p in pieces), " ".join(pieces))
    assert (["😀😀"] * 50) == unspaced


# --- against ngircd ----------------------------------------------------------------------


@requires_ngircd
@pytest.mark.irc
async def test_addressed_channel_message_gets_reply_then_receipts(ngircd: NgircdServer) -> None:
    """Only "zeroclaw: ..." reaches the handler; reply (prefixed) then block lines, in order."""
    handler = RecordingHandler()
    async with user(ngircd) as alice, running(make_channel(ngircd), handler):
        await alice.wait_for_member(CHANNEL, BOT)
        await alice.say(CHANNEL, "hello everyone")
        await alice.say(CHANNEL, "zeroclaw: list my files")
        replies = await alice.privmsgs_from(BOT, 4)
    assert [InboundMessage("irc", "irc:#zeroclaw", "alice", "list my files")] == handler.messages
    assert ["alice: echo: list my files", *BLOCK_LINES] == texts(replies)
    assert {CHANNEL} == {line.params[0] for line in replies}


@requires_ngircd
@pytest.mark.irc
async def test_sender_outside_allowed_users_is_refused_and_reaches_nothing(
        ngircd: NgircdServer) -> None:
    """With allowed_users = ["alice"], mallory addressing the bot (in the channel and in
    private) gets one short refusal and nothing reaches the handler; alice is served."""
    handler = RecordingHandler()
    channel = make_channel(ngircd, allowed_users=("alice",))
    async with user(ngircd) as alice, user(ngircd, "mallory") as mallory, \
            running(channel, handler):
        await mallory.wait_for_member(CHANNEL, BOT)
        await mallory.say(CHANNEL, "zeroclaw: run rm -rf /")
        await mallory.say(BOT, "list files")
        (refusal,) = await mallory.privmsgs_from(BOT, 1)
        await alice.say(CHANNEL, "zeroclaw: hello")
        await alice.privmsgs_from(BOT, 1)
        await mallory.drain(0.5)
    assert "only take requests from people my operator has allowed" in refusal.params[-1]
    assert "mallory" == refusal.params[0]
    assert ["hello"] == [m.text for m in handler.messages]


@pytest.mark.parametrize(("allowed", "nick", "prefix", "expected"), [
    ((), "alice", "alice!~a@127.0.0.1", False),
    (("*",), "anyone", "anyone!~x@example.net", True),
    (("Alice",), "alice", "alice!~a@127.0.0.1", True),
    (("alice",), "alice2", "alice2!~a@127.0.0.1", False),
    (("*!*@trusted.example",), "bob", "bob!~bob@trusted.example", True),
    (("*!*@trusted.example",), "bob", "bob!~bob@evil.example", False),
    (("*!*@trusted.example",), "bob", "bob!~bob@trusted.example.evil.net", False),
    (("bob!~bob@*",), "bob", "bob!~bob@10.0.0.1", True),
    (("bob!~bob@*",), "bob", "", False),
])
def test_sender_allowed_matches_nicks_and_masks(allowed: tuple[str, ...], nick: str,
                                                prefix: str, expected: bool) -> None:
    """Nick entries compare case-folded; masks glob over the whole nick!user@host."""
    assert expected == sender_allowed(allowed, nick, prefix)


@requires_ngircd
@pytest.mark.irc
async def test_private_message_is_answered_privately(ngircd: NgircdServer) -> None:
    """A private message gets an unprefixed private reply, conversation keyed by the nick."""
    handler = RecordingHandler()
    async with user(ngircd, join=False) as alice, running(make_channel(ngircd), handler):
        await alice.wait_for_member(CHANNEL, BOT)
        await alice.say(BOT, "what time is it?")
        replies = await alice.privmsgs_from(BOT, 4)
    assert [InboundMessage("irc", "irc:alice", "alice", "what time is it?")] == handler.messages
    assert (["echo: what time is it?", *BLOCK_LINES], {"alice"}) == (
        texts(replies), {line.params[0] for line in replies})


@requires_ngircd
@pytest.mark.irc
async def test_long_reply_is_split_under_512_bytes(ngircd: NgircdServer) -> None:
    """A 2000-byte multibyte line arrives as several relayed lines <= 512 bytes; none lost."""
    long_line = " ".join(f"ünïcødé-{i:03d}😀" for i in range(120))

    async def long_reply(message: InboundMessage) -> OutboundReply:
        return OutboundReply(turn_id="t", text=f"{long_line}\n\n\nsecond line")

    handler = RecordingHandler(long_reply)
    async with user(ngircd) as alice, running(make_channel(ngircd), handler):
        await alice.wait_for_member(CHANNEL, BOT)
        await alice.say(CHANNEL, "zeroclaw, tell me everything")
        first = await alice.privmsgs_from(BOT, 1)
        rest = await alice.privmsgs_from(BOT, 1)
        while texts(rest)[-1] != "second line":
            rest += await alice.privmsgs_from(BOT, 1)
    lines = first + rest
    pieces = texts(lines)
    assert 2000 < len(long_line.encode())
    assert (True, True) == (len(lines) >= 5,
                            all(line.wire_bytes <= IRC_MAX_LINE_BYTES for line in lines))
    assert f"alice: {long_line}" == " ".join(pieces[:-1])


@requires_ngircd
@pytest.mark.irc
async def test_nick_in_use_falls_back_to_underscore(ngircd: NgircdServer) -> None:
    """When "zeroclaw" is taken the bot registers as "zeroclaw_" and answers to that nick."""
    handler = RecordingHandler()
    async with user(ngircd, BOT, join=False), user(ngircd) as alice, \
            running(make_channel(ngircd), handler):
        await alice.wait_for_member(CHANNEL, f"{BOT}_")
        await alice.say(CHANNEL, "zeroclaw_: are you there?")
        replies = await alice.privmsgs_from(f"{BOT}_", 4)
    assert ["alice: echo: are you there?", *BLOCK_LINES] == texts(replies)


@requires_ngircd
@pytest.mark.irc
async def test_lines_are_paced_by_the_token_bucket(ngircd: NgircdServer) -> None:
    """With burst 2 at 5 lines/s, 7 lines take at least 1 s from first to last."""

    async def seven_lines(message: InboundMessage) -> OutboundReply:
        return OutboundReply(turn_id="t", text="\n".join(f"line {i}" for i in range(1, 8)))

    channel = make_channel(ngircd, lines_per_s=5.0, burst=2)
    async with user(ngircd) as alice, running(channel, RecordingHandler(seven_lines)):
        await alice.wait_for_member(CHANNEL, BOT)
        await alice.say(CHANNEL, "zeroclaw: count")
        await alice.privmsgs_from(BOT, 1)
        started = time.monotonic()
        replies = await alice.privmsgs_from(BOT, 6)
        elapsed = time.monotonic() - started
    assert (["line 2", "line 3", "line 4", "line 5", "line 6", "line 7"], True) == (
        texts(replies), elapsed >= 0.95)


def bot_lines(client: IrcTestClient, nick: str = BOT) -> list[str]:
    """Texts of every PRIVMSG ``nick`` sent that ``client`` received so far."""
    return [line.params[-1] for line in client.received
            if line.command == "PRIVMSG" and line.nick == nick]


@requires_ngircd
@pytest.mark.irc
async def test_reconnects_after_server_restart_without_duplicates(tmp_path: Path) -> None:
    """ngircd killed mid-reply and restarted: the bot rejoins, answers again, repeats nothing."""
    server = NgircdServer(tmp_path)
    server.start()

    async def reply(message: InboundMessage) -> OutboundReply:
        if message.text == "first":
            return OutboundReply(turn_id="1", text="\n".join(f"part-{i}" for i in range(1, 9)))
        return OutboundReply(turn_id="2", text=f"echo: {message.text}")

    handler = RecordingHandler(reply)
    # Slow lines (the kill lands mid-reply) and a 1 s reconnect delay (alice is back first,
    # so she can see the rest of the reply delivered after the reconnect).
    channel = make_channel(server, lines_per_s=2.0, burst=1, backoff_s=1.0)
    try:
        async with running(channel, handler):
            async with user(server) as alice:
                await alice.wait_for_member(CHANNEL, BOT)
                await alice.say(CHANNEL, "zeroclaw: first")
                await alice.privmsgs_from(BOT, 2)
                server.restart()
                await alice.drain(0.2)
            before_restart = bot_lines(alice)
            async with user(server) as alice_again:
                await alice_again.wait_for_member(CHANNEL, BOT, timeout_s=15)
                await alice_again.say(CHANNEL, "zeroclaw: second")
                await alice_again.expect(
                    lambda ln: ln.command == "PRIVMSG" and ln.params[-1] == "alice: echo: second",
                    timeout_s=15)
                await alice_again.drain(0.3)
            after_restart = bot_lines(alice_again)
    finally:
        server.stop()
    seen = before_restart + after_restart
    first_reply = ["alice: part-1", *(f"part-{i}" for i in range(2, 9))]
    from_first = [text for text in seen if text in first_reply]
    assert ([], ["first", "second"]) == (
        [text for text in seen if seen.count(text) > 1], [m.text for m in handler.messages])
    # In order, the rest delivered after the reconnect, at most the line in flight lost.
    assert ([text for text in first_reply if text in from_first], True, True) == (
        from_first, len(from_first) >= 7, "part-8" in after_restart)
    assert "alice: echo: second" == seen[-1]


@requires_ngircd
@pytest.mark.irc
async def test_server_pings_are_answered(tmp_path: Path) -> None:
    """Idle past ngircd's ping + pong timeouts (5 s + 5 s): the bot PONGs and stays connected."""
    server = NgircdServer(tmp_path, ping_timeout_s=5)
    server.start()
    handler = RecordingHandler()
    try:
        async with user(server) as alice, running(make_channel(server), handler):
            await alice.wait_for_member(CHANNEL, BOT)
            idle_from = len(alice.received)
            # ngircd PINGs a client idle for 5 s and drops it when no PONG comes within 5 s.
            await alice.drain(11.5)
            await alice.say(CHANNEL, "zeroclaw: still there?")
            replies = await alice.privmsgs_from(BOT, 1)
            quits = [ln for ln in alice.received[idle_from:]
                     if ln.command in ("QUIT", "JOIN") and ln.nick == BOT]
    finally:
        server.stop()
    assert (["alice: echo: still there?"], []) == (texts(replies), quits)


@requires_ngircd
@pytest.mark.irc
@pytest.mark.skipif(openssl_binary() is None, reason="openssl is needed to make a test certificate")
async def test_tls_connection(tmp_path: Path) -> None:
    """Over ngircd's TLS port (certificate verified against the test CA) the bot answers."""
    server = NgircdServer(tmp_path, tls=True)
    server.start()
    assert server.tls_port is not None
    context = ssl.create_default_context(cafile=str(server.cert_path))
    channel = IrcChannel(IrcSettings("127.0.0.1", server.tls_port, BOT, (CHANNEL,), tls=True,
                                     lines_per_s=50.0, burst=20, ssl_context=context,
                                     allowed_users=("*",)),
                         LeakRedactor())
    handler = RecordingHandler()
    try:
        async with user(server) as alice, running(channel, handler):
            await alice.wait_for_member(CHANNEL, BOT)
            await alice.say(CHANNEL, "zeroclaw: secure?")
            replies = await alice.privmsgs_from(BOT, 4)
    finally:
        server.stop()
    assert ["alice: echo: secure?", *BLOCK_LINES] == texts(replies)


@requires_ngircd
@pytest.mark.irc
async def test_server_password_is_sent_and_never_logged(tmp_path: Path,
                                                        clean_logging: None) -> None:
    """With the right PASS the bot registers and answers; wrong PASS retries; neither is logged."""
    password = "s3rver-pass-w0rd"
    stream = io.StringIO()
    configure_logging("trace", fmt="json", stream=stream, environ={})
    server = NgircdServer(tmp_path, password=password)
    server.start()

    def channel_with(secret: str, nick: str) -> IrcChannel:
        return IrcChannel(IrcSettings("127.0.0.1", server.port, nick, (CHANNEL,),
                                      password=secret,
                                      backoff=BackoffPolicy(initial_s=0.2, jitter=0),
                                      lines_per_s=50.0, burst=20, allowed_users=("*",)),
                          LeakRedactor())

    handler = RecordingHandler()
    try:
        client = IrcTestClient(server.port, "alice")
        client.password = password
        async with running(channel_with("wrong-pass-w0rd", "intruder"), handler), \
                running(channel_with(password, BOT), handler):
            await client.connect()
            await client.join(CHANNEL)
            await client.wait_for_member(CHANNEL, BOT)
            await client.say(CHANNEL, "zeroclaw: in?")
            replies = await client.privmsgs_from(BOT, 1)
            await client.close()
    finally:
        server.stop()
    logged = stream.getvalue()
    assert (["alice: echo: in?"], True) == (texts(replies), "Bad password" in logged)
    assert (False, False) == (password in logged, "wrong-pass-w0rd" in logged)
