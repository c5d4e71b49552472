"""Telegram channel: Bot API long polling (``getUpdates``) and ``sendMessage`` over httpx.

One message of a chat is handled at a time, in order; different chats run
concurrently up to a bound. A sender missing from ``allowed_users`` gets a
polite refusal and nothing reaches the handler (an empty list refuses
everyone; ``"*"`` allows everyone, on purpose only). Replies are redacted and
split at Telegram's 4096-character limit; the receipts block follows as a
second message once the reply was delivered.

The Bot API calls, their retries and how the bot token is kept out of URLs,
logs and errors are in telegram_api.py.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anyio
import httpx
from anyio.abc import TaskGroup

from ..backoff import BackoffPolicy
from ..errors import ChannelError
from ..logs import Logger, get_logger
from ..security.leaks import LeakRedactor
from ._ordered import OrderedConversations
from ._taskgroup import CurrentRun, run_task_group
from .base import FollowupReply, InboundMessage, MessageHandler
from .telegram_api import BotApi

TELEGRAM_MAX_MESSAGE_LEN = 4096  # in UTF-16 code units, as Telegram counts
ALLOW_EVERYONE = "*"
REFUSAL_TEXT = (
    "Sorry, I can only talk with people my operator has allowed. "
    "If you should have access, ask them to add your Telegram user id ({user_id}) "
    "to allowed_users."
)
APOLOGY_TEXT = "Sorry, something went wrong while handling your message. Please try again."
# A long wait for a free slot is not an error, but the operator should see it.
BACKPRESSURE_LOG_INTERVAL_S = 60.0


def utf16_len(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units: an emoji outside the BMP is 2)."""
    return len(text.encode("utf-16-le")) // 2


def split_message(text: str, limit: int = TELEGRAM_MAX_MESSAGE_LEN) -> list[str]:
    """Cut ``text`` into chunks of at most ``limit`` UTF-16 units, at a newline or space if any.

    A break at a newline or space consumes that one character; a chunk is never
    empty or only whitespace (Telegram rejects those).
    """
    chunks: list[str] = []
    rest = text
    while rest:
        if utf16_len(rest) <= limit:
            chunks.append(rest)
            break
        cut = min(len(rest), limit)
        while (excess := utf16_len(rest[:cut]) - limit) > 0:
            cut -= max(1, excess // 2)
        window = rest[:cut]
        # Only break early at a boundary in the second half, not to send tiny pieces.
        for separator in ("\n", " "):
            index = window.rfind(separator)
            if index >= cut // 2:
                chunks.append(rest[:index])
                rest = rest[index + 1:]
                break
        else:
            chunks.append(window)
            rest = rest[cut:]
    return [chunk for chunk in chunks if chunk.strip()]


@dataclass(frozen=True, slots=True)
class _Incoming:
    chat_id: int
    user_id: int
    sender: str
    text: str
    allowed: bool


# How long a follow-up waits for its chat's current turn to be answered first.
FOLLOWUP_ORDER_WAIT_S = 30.0


@dataclass(slots=True)
class _RunState:
    """What one ``run()`` shares between its poll loop and chat workers."""

    client: httpx.AsyncClient
    handler: MessageHandler
    task_group: TaskGroup
    chat_slots: anyio.CapacityLimiter
    pending: anyio.Semaphore


class TelegramChannel:
    """A Telegram bot serving the chats of ``allowed_users`` (ids or usernames)."""

    def __init__(
        self,
        token: str,
        api_base: str,
        allowed_users: Sequence[str | int],
        poll_timeout_s: int,
        redactor: LeakRedactor,
        http_timeout_s: float = 10.0,
        name: str = "telegram",
        *,
        max_concurrent_chats: int = 8,
        max_pending_messages: int = 64,
        max_attempts: int = 6,
        backoff: BackoffPolicy | None = None,
        max_retry_after_s: float = 300.0,
    ) -> None:
        if not token:
            raise ValueError("a Telegram bot token is required")
        if poll_timeout_s < 0 or http_timeout_s <= 0:
            raise ValueError("poll_timeout_s must be >= 0 and http_timeout_s > 0")
        if max_attempts < 1 or max_concurrent_chats < 1 or max_pending_messages < 1:
            raise ValueError("attempt, chat and pending-message limits must be at least 1")
        base_url = httpx.URL(api_base)
        if base_url.scheme not in ("http", "https") or not base_url.host:
            raise ValueError("api_base must be an http(s) URL")
        self.name = name
        self._allowed = frozenset(_normalise_user(user) for user in allowed_users)
        self._poll_timeout_s = poll_timeout_s
        self._redactor = redactor
        self._run: CurrentRun[_RunState] = CurrentRun()  # its client sends follow-ups
        # A follow-up waits for its chat's worker, so it comes after the reply (and
        # receipts block) of the turn that started its task.
        self._chats: OrderedConversations[int, _Incoming] = OrderedConversations()
        self._http_timeout_s = http_timeout_s
        self._max_concurrent_chats = max_concurrent_chats
        self._max_pending_messages = max_pending_messages
        self._log: Logger = get_logger(f"zeroclaw_channels::{name}")
        self._api = BotApi(token, api_base, name, self._log, http_timeout_s=http_timeout_s,
                           max_attempts=max_attempts, backoff=backoff or BackoffPolicy(),
                           max_retry_after_s=max_retry_after_s)

    def __repr__(self) -> str:
        return f"TelegramChannel(name={self.name!r}, api_base={self._api.api_base!r})"

    # --- serving -----------------------------------------------------------------

    async def run(self, handler: MessageHandler) -> None:
        """Poll for updates and answer them until cancelled; raise ChannelError when fatal."""
        if not self._allowed:
            self._log.warning(
                "Telegram allowed_users is empty: every sender will be refused",
                channel=self.name,
            )
        self._log.info(
            "Telegram channel starting",
            channel=self.name,
            api_base=self._api.api_base,
            allowed_users=len(self._allowed),
            poll_timeout_s=self._poll_timeout_s,
        )
        async with self._api.client() as client, run_task_group() as task_group:
            state = _RunState(client, handler, task_group,
                              anyio.CapacityLimiter(self._max_concurrent_chats),
                              anyio.Semaphore(self._max_pending_messages))
            with self._run.running(state):
                await self._poll(state)

    async def _poll(self, state: _RunState) -> None:
        offset: int | None = None
        read_timeout_s = self._poll_timeout_s + self._http_timeout_s
        while True:
            params: dict[str, Any] = {
                "timeout": self._poll_timeout_s,
                "allowed_updates": ["message"],
            }
            if offset is not None:
                params["offset"] = offset
            updates = await self._api.call(state.client, "getUpdates", params, read_timeout_s)
            if not isinstance(updates, list):
                raise ChannelError(self.name, "getUpdates returned something other than a list")
            for update in updates:
                if not isinstance(update, Mapping):
                    continue
                update_id = update.get("update_id")
                if isinstance(update_id, int):
                    # Confirmed on the next getUpdates call: never delivered twice.
                    offset = max(offset or 0, update_id + 1)
                incoming = self._incoming(update.get("message"))
                if incoming is not None:
                    await self._enqueue(state, incoming)

    def _incoming(self, message: object) -> _Incoming | None:
        if not isinstance(message, Mapping):
            return None
        sender = message.get("from")
        chat = message.get("chat")
        text = message.get("text")
        if not isinstance(sender, Mapping) or not isinstance(chat, Mapping):
            return None
        chat_id = chat.get("id")
        user_id = sender.get("id")
        if not isinstance(chat_id, int) or not isinstance(user_id, int):
            return None
        if not isinstance(text, str) or not text.strip():
            self._log.debug("Ignored a Telegram message without text", chat=chat_id)
            return None
        username = sender.get("username")
        username = username if isinstance(username, str) and username else None
        allowed = (
            ALLOW_EVERYONE in self._allowed
            or str(user_id) in self._allowed
            or (username is not None and username.lower() in self._allowed)
        )
        return _Incoming(chat_id, user_id, username or str(user_id), text, allowed)

    async def _enqueue(self, state: _RunState, incoming: _Incoming) -> None:
        # Backpressure: polling pauses while too many messages wait for the handler.
        while True:
            with anyio.move_on_after(BACKPRESSURE_LOG_INTERVAL_S):
                await state.pending.acquire()
                break
            self._log.warning("Telegram messages are waiting for the handler", channel=self.name,
                              waiting=self._max_pending_messages)
        self._chats.submit(state.task_group, incoming.chat_id, incoming,
                           functools.partial(self._answer_in_turn, state))

    async def _answer_in_turn(self, state: _RunState, incoming: _Incoming) -> None:
        try:
            async with state.chat_slots:
                await self._answer(state, incoming)
        finally:
            state.pending.release()

    async def _answer(self, state: _RunState, incoming: _Incoming) -> None:
        conversation = f"telegram:{incoming.chat_id}"
        if not incoming.allowed:
            self._log.warning(
                "Refused a Telegram message from a sender not in allowed_users",
                channel=self.name,
                conversation=conversation,
                user_id=incoming.user_id,
            )
            await self._send(state.client, incoming.chat_id,
                             REFUSAL_TEXT.format(user_id=incoming.user_id))
            return
        message = InboundMessage(
            channel="telegram",
            conversation_id=conversation,
            sender=incoming.sender,
            text=incoming.text,
        )
        try:
            reply = await state.handler(message)
        except Exception as exc:  # a failing turn must not stop the channel
            self._log.error(
                "Message handler failed; sent an apology",
                channel=self.name,
                conversation=conversation,
                error=type(exc).__name__,
            )
            await self._send(state.client, incoming.chat_id, APOLOGY_TEXT)
            return
        delivered = await self._send(
            state.client, incoming.chat_id, self._redactor.redact(reply.text)
        )
        if delivered and reply.receipts_block.strip():
            await self._send(
                state.client, incoming.chat_id, self._redactor.redact(reply.receipts_block)
            )

    async def send_followup(self, followup: FollowupReply) -> None:
        """Send a background result into its chat as a new message (and its receipts
        block as a second one, like a reply)."""
        state = self._run.state
        client = state.client if state is not None else None
        prefix, _, chat = followup.conversation_id.partition(":")
        if client is None or prefix != "telegram" or not chat.lstrip("-").isdigit():
            raise ChannelError(self.name, "not running, or not a Telegram conversation")
        chat_id = int(chat)
        await self._chats.wait_idle(chat_id, FOLLOWUP_ORDER_WAIT_S)
        if not await self._send(client, chat_id, self._redactor.redact(followup.reply.text)):
            raise ChannelError(self.name, "the follow-up was not delivered")
        block = followup.reply.receipts_block
        if block.strip():
            await self._send(client, chat_id, self._redactor.redact(block))

    async def _send(self, client: httpx.AsyncClient, chat_id: int, text: str) -> bool:
        """Deliver ``text`` (split as needed); False when a part could not be delivered."""
        for chunk in split_message(text):
            try:
                await self._api.call(client, "sendMessage", {"chat_id": chat_id, "text": chunk},
                                     self._http_timeout_s)
            except ChannelError as exc:
                self._log.error("Telegram message not delivered", channel=self.name,
                                chat=chat_id, error=exc.message)
                return False
        return True

def _normalise_user(user: str | int) -> str:
    """Allowed-users entries compare as ids (digits) or lower-case usernames without '@'."""
    return str(user).strip().lstrip("@").lower()
