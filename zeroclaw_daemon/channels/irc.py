"""IRC channel: an RFC 1459/2812 client on anyio streams (TLS optional).

It registers (PASS/NICK/USER; a nick in use gets ``_`` appended), answers
PING, joins the configured channels after the welcome, and hands the handler
every private message and every channel message addressed to it (``nick: ...``
or ``nick, ...``). Replies go back line by line: one PRIVMSG per non-empty
line, the first prefixed with ``sender: `` in a channel, each cut to fit the
512-byte line limit *as relayed by the server* (UTF-8 safe), then the receipts
block's lines. A token bucket paces the lines (flood protection).

Delivery is at most once. Reply lines wait in one outbox that outlives
connections; the writer takes a line out *before* sending it, so a connection
that dies mid-reply loses at most the line being written (logged) and the rest
go out after the reconnect, but no line is ever sent twice. Reconnects use
exponential backoff and rejoin the channels. One conversation's messages are
answered in order; different conversations run concurrently, up to a bound.
"""

from __future__ import annotations

import contextlib
import functools
import re
import ssl

import anyio
from anyio import CancelScope
from anyio.abc import ByteStream

from ..backoff import Backoff
from ..errors import ChannelError
from ..logs import Logger, get_logger
from ..security.leaks import LeakRedactor
from ._ordered import OrderedConversations
from ._taskgroup import CurrentRun, run_task_group
from .base import FollowupReply, InboundMessage, MessageHandler
from .irc_protocol import (
    _CONNECTION_ERRORS,
    _QUIT_ERRORS,
    _SESSION_ERRORS,
    APOLOGY_TEXT,
    DEFAULT_CHANNEL_TYPES,
    IRC_MAX_LINE_BYTES,
    IrcMessage,
    _addressed_text,
    _clean_for_wire,
    _Connection,
    _ConnectionLost,
    _describe,
    _TokenBucket,
    format_line,
    irc_lower,
    parse_line,
    privmsg_text_budget,
    sender_allowed,
    split_utf8,
    strip_formatting,
)
from .irc_register import register
from .irc_state import (
    IrcSettings,
    _OutLine,
    _Request,
    _RunState,
    _Session,
)

REFUSAL_TEXT = ("Sorry, I only take requests from people my operator has allowed "
                "(channels.irc.allowed_users).")
MAX_REFUSED_SENDERS = 1024
_IDLE_WAKE_S = 30.0  # the writer re-checks its outbox at least this often
FOLLOWUP_ORDER_WAIT_S = 30.0  # a follow-up waits this long for its turn's reply to go first

__all__ = [
    "IRC_MAX_LINE_BYTES",
    "IrcChannel",
    "IrcMessage",
    "IrcSettings",
    "format_line",
    "irc_lower",
    "parse_line",
    "sender_allowed",
    "split_utf8",
    "strip_formatting",
]


# --- the channel ---------------------------------------------------------------------


class IrcChannel:
    """An IRC bot on ``server:port`` in ``channels``; answers when addressed or in private."""

    def __init__(self, settings: IrcSettings, redactor: LeakRedactor) -> None:
        self.settings = settings
        self.name = settings.name
        self._redactor = redactor
        self._username = (settings.username or re.sub(r"[^A-Za-z0-9]", "", settings.nick)[:10]
                          or "zeroclaw")
        self._log: Logger = get_logger(f"zeroclaw_channels::{settings.name}")
        self._run: CurrentRun[_RunState] = CurrentRun()  # where follow-ups go
        self._conversations: OrderedConversations[str, _Request] = OrderedConversations()

    def __repr__(self) -> str:
        s = self.settings
        return (f"IrcChannel(name={self.name!r}, server={s.server!r}, port={s.port}, "
                f"tls={s.tls}, nick={s.nick!r})")

    async def run(self, handler: MessageHandler) -> None:
        """Stay connected (reconnecting with backoff) and answer until cancelled."""
        self._log.info("IRC channel starting", channel=self.name, server=self.settings.server,
                       port=self.settings.port, tls=self.settings.tls, nick=self.settings.nick,
                       channels=list(self.settings.channels))
        async with run_task_group() as task_group:
            state = _RunState(handler, task_group,
                              anyio.CapacityLimiter(self.settings.max_concurrent_turns),
                              self.settings.nick)
            with self._run.running(state):
                await self._stay_connected(state)

    async def _stay_connected(self, state: _RunState) -> None:
        backoff = Backoff(self.settings.backoff)
        while True:
            registered, reason = await self._session(state)
            if registered:
                backoff.reset()
            delay = backoff.next_delay()
            self._log.warning("IRC connection ended; reconnecting", channel=self.name,
                              reason=reason, retry_in_s=round(delay, 3),
                              queued_lines=len(state.outbox))
            await anyio.sleep(delay)

    # --- one connection -------------------------------------------------------------

    async def _session(self, state: _RunState) -> tuple[bool, str]:
        """Connect, register and serve until the connection ends: (registered, why it ended)."""
        try:
            with anyio.fail_after(self.settings.connect_timeout_s):
                stream: ByteStream
                if self.settings.tls:
                    # IRC servers drop the TCP connection without a TLS close_notify.
                    stream = await anyio.connect_tcp(
                        self.settings.server, self.settings.port, ssl_context=self._tls_context(),
                        tls_hostname=self.settings.server, tls_standard_compatible=False)
                else:
                    stream = await anyio.connect_tcp(self.settings.server, self.settings.port)
        except _CONNECTION_ERRORS as exc:
            return False, f"connect failed: {type(exc).__name__}"
        connection = _Connection(stream, self.settings.send_timeout_s)
        try:
            try:
                with anyio.fail_after(self.settings.register_timeout_s):
                    nick, mask = await register(connection, self.settings, self._username,
                                                self._log)
                state.nick, state.mask = nick, mask or state.mask
            except _SESSION_ERRORS as exc:
                return False, f"registration failed: {_describe(exc)}"
            self._log.info("IRC registered", channel=self.name, nick=state.nick,
                           server=self.settings.server)
            session = _Session(connection, {irc_lower(c) for c in self.settings.channels})
            return True, await self._serve(state, session)
        finally:
            await self._close(connection)

    async def _serve(self, state: _RunState, session: _Session) -> str:
        if not session.pending_joins:
            session.joined.set()
        try:
            for channel in self.settings.channels:
                await session.connection.send_line(f"JOIN {channel}")
        except _CONNECTION_ERRORS as exc:
            return _describe(exc)
        async with anyio.create_task_group() as session_group:
            session_group.start_soon(self._write_loop, state, session, session_group.cancel_scope)
            reason = await self._read_loop(state, session)
            session.lost_reason = session.lost_reason or reason
            session_group.cancel_scope.cancel()
        return session.lost_reason or "connection closed"

    async def _close(self, connection: _Connection) -> None:
        # Say goodbye when we can (also when cancelled), but never wait long for it.
        with anyio.CancelScope(shield=True):
            with anyio.move_on_after(1.0), contextlib.suppress(*_QUIT_ERRORS):
                await connection.send_line("QUIT :ZeroClaw signing off")
            with contextlib.suppress(*_CONNECTION_ERRORS):
                await connection.aclose()

    def _tls_context(self) -> ssl.SSLContext:
        return self.settings.ssl_context or ssl.create_default_context()

    async def _read_loop(self, state: _RunState, session: _Session) -> str:
        """Handle incoming lines until the connection ends; returns why it ended."""
        connection = session.connection
        awaiting_pong = False
        try:
            while True:
                wait_s = (self.settings.pong_timeout_s if awaiting_pong
                          else self.settings.ping_interval_s)
                lines: list[str] | None = None
                with anyio.move_on_after(wait_s):
                    lines = await connection.receive_lines()
                if lines is None:
                    if awaiting_pong:
                        return "ping timeout"
                    await connection.send_line("PING :zeroclaw-keepalive")
                    awaiting_pong = True
                    continue
                awaiting_pong = False  # anything from the server proves it is alive
                for line in lines:
                    await self._on_line(state, session, line)
        except _SESSION_ERRORS as exc:
            return _describe(exc)

    async def _on_line(self, state: _RunState, session: _Session, line: str) -> None:
        message = parse_line(line)
        if message is None:
            return
        command, params = message.command, message.params
        if command == "PING":
            await session.connection.send_line(format_line("PONG", *params[:1] or ("",)))
        elif command == "PRIVMSG" and len(params) >= 2:
            self._on_privmsg(state, message.nick, message.prefix, params[0], params[1])
        elif command == "JOIN" and params and irc_lower(message.nick) == irc_lower(state.nick):
            state.mask = message.prefix if "@" in message.prefix else state.mask
            self._log.info("IRC joined", channel=self.name, irc_channel=params[0])
            self._join_settled(session, params[0])
        elif command in ("403", "405", "471", "473", "474", "475", "477") and len(params) >= 2:
            self._log.warning("IRC cannot join channel", channel=self.name,
                              irc_channel=params[1], numeric=command)
            self._join_settled(session, params[1])
        elif command == "KICK" and len(params) >= 2 and (
                irc_lower(params[1]) == irc_lower(state.nick)):
            self._log.warning("IRC kicked from channel; rejoining", channel=self.name,
                              irc_channel=params[0])
            await session.connection.send_line(f"JOIN {params[0]}")
        elif command == "NICK" and params and irc_lower(message.nick) == irc_lower(state.nick):
            state.nick = params[0]
        elif command == "005":
            for token in params[1:-1]:
                if token.startswith("CHANTYPES="):
                    state.channel_types = token.split("=", 1)[1] or DEFAULT_CHANNEL_TYPES
        elif command == "ERROR":
            raise _ConnectionLost(params[-1] if params else "ERROR")

    def _join_settled(self, session: _Session, channel: str) -> None:
        session.pending_joins.discard(irc_lower(channel))
        if not session.pending_joins:
            session.joined.set()

    async def send_followup(self, followup: FollowupReply) -> None:
        """Send a background result into its conversation (the channel or the private
        query it came from) as new PRIVMSG lines; queued across a reconnect like replies."""
        state = self._run.state
        conversation = followup.conversation_id
        if state is None or not conversation.startswith("irc:"):
            raise ChannelError(self.name, "not running, or not an IRC conversation")
        target = conversation.removeprefix("irc:")
        await self._conversations.wait_idle(conversation, FOLLOWUP_ORDER_WAIT_S)
        text = self._redactor.redact(followup.reply.text)
        block = self._redactor.redact(followup.reply.receipts_block)
        state.post(self._lines(state, target, text, block))

    # --- inbound messages --------------------------------------------------------------

    def _on_privmsg(self, state: _RunState, sender: str, prefix: str, target: str,
                    text: str) -> None:
        if not sender or irc_lower(sender) == irc_lower(state.nick):
            return
        if text.startswith("\x01"):
            return  # CTCP (ACTION, VERSION...): not a message for the agent
        text = strip_formatting(text)
        if target[:1] and target[0] in state.channel_types:
            addressed = _addressed_text(text, state.nick)
            if addressed is None:
                return
            conversation = f"irc:{irc_lower(target)}"
            request_target, prefix = target, f"{sender}: "
        else:
            addressed = _addressed_text(text, state.nick)
            addressed = text.strip() if addressed is None else addressed
            conversation = f"irc:{irc_lower(sender)}"
            request_target, prefix = sender, ""
        if not addressed:
            return
        if not sender_allowed(self.settings.allowed_users, sender, prefix):
            self._refuse(state, sender, prefix)
            return
        message = InboundMessage(channel="irc", conversation_id=conversation, sender=sender,
                                 text=addressed)
        self._log.debug("IRC message received", channel=self.name, conversation=conversation,
                        sender=sender, chars=len(addressed))
        request = _Request(message, request_target, prefix)
        conversations = self._conversations
        if (conversations.busy(conversation) and conversations.queued(conversation)
                >= self.settings.max_queued_per_conversation):
            self._log.warning("IRC conversation backlog full; message dropped",
                              channel=self.name, conversation=conversation)
            return
        conversations.submit(state.task_group, conversation, request,
                             functools.partial(self._answer, state))

    def _refuse(self, state: _RunState, sender: str, prefix: str) -> None:
        """Tell a sender once (per run) that they are not served; nothing reaches the agent."""
        self._log.info("IRC message from a sender not in allowed_users ignored",
                       channel=self.name, sender=prefix or sender)
        key = irc_lower(sender)
        if key in state.refused or len(state.refused) >= MAX_REFUSED_SENDERS:
            return
        state.refused.add(key)
        state.post([_OutLine(sender, REFUSAL_TEXT)])

    async def _answer(self, state: _RunState, request: _Request) -> None:
        async with state.turn_slots:
            lines = await self._reply_lines(state, request)
        state.post(lines)

    async def _reply_lines(self, state: _RunState, request: _Request) -> list[_OutLine]:
        try:
            reply = await state.handler(request.message)
        except Exception as exc:  # a failing turn must not stop the channel
            self._log.error("Message handler failed; sent an apology", channel=self.name,
                            conversation=request.message.conversation_id,
                            error=type(exc).__name__)
            return self._lines(state, request.reply_target, request.prefix + APOLOGY_TEXT, "")
        text = self._redactor.redact(reply.text)
        first_line, *other_lines = [
            line for line in (_clean_for_wire(raw) for raw in text.splitlines()) if line.strip()
        ] or [""]
        body = "\n".join([request.prefix + first_line if first_line else "", *other_lines])
        block = self._redactor.redact(reply.receipts_block)
        return self._lines(state, request.reply_target, body, block)

    def _lines(self, state: _RunState, target: str, text: str, block: str) -> list[_OutLine]:
        budget = privmsg_text_budget(target, state.nick, self._username, state.mask)
        pieces: list[str] = []
        for raw in [*text.splitlines(), *block.splitlines()]:
            line = _clean_for_wire(raw)
            if line.strip():
                pieces.extend(split_utf8(line, budget))
        if len(pieces) > self.settings.max_reply_lines:
            hidden = len(pieces) - self.settings.max_reply_lines + 1
            self._log.warning("IRC reply truncated", channel=self.name, target=target,
                              hidden_lines=hidden)
            pieces = [*pieces[:self.settings.max_reply_lines - 1],
                      f"[... {hidden} more lines not shown]"]
        return [_OutLine(target, piece) for piece in pieces]

    # --- outbound lines --------------------------------------------------------------

    async def _write_loop(self, state: _RunState, session: _Session, scope: CancelScope) -> None:
        with anyio.move_on_after(self.settings.join_wait_s):
            await session.joined.wait()
        bucket = _TokenBucket(self.settings.lines_per_s, self.settings.burst)
        while True:
            if not state.outbox:
                state.outbox_changed = anyio.Event()
                with anyio.move_on_after(_IDLE_WAKE_S):
                    await state.outbox_changed.wait()
                continue
            await bucket.take()
            if not state.outbox:
                continue
            # Out of the outbox before the send: a line is sent at most once.
            line = state.outbox.popleft()
            try:
                await session.connection.send_line(format_line("PRIVMSG", line.target, line.text))
            except _CONNECTION_ERRORS as exc:
                self._log.warning("IRC line lost with the connection", channel=self.name,
                                  target=line.target, bytes=len(line.text.encode()))
                session.lost_reason = f"send failed: {_describe(exc)}"
                scope.cancel()
                return

