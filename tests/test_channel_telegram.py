"""The Telegram channel against a fake Bot API on 127.0.0.1 speaking the real JSON."""

from __future__ import annotations

import io
import socket
import time
import traceback
from collections.abc import Iterator, Sequence

import anyio
import pytest

from tests.fakes import running_channel as running
from tests.fakes.telegram_server import (
    FakeTelegram,
    serve_fake_telegram,
    server_error,
    too_many_requests,
)
from zeroclaw_daemon.backoff import BackoffPolicy
from zeroclaw_daemon.channels.base import InboundMessage, OutboundReply
from zeroclaw_daemon.channels.telegram import (
    APOLOGY_TEXT,
    TELEGRAM_MAX_MESSAGE_LEN,
    TelegramChannel,
    split_message,
    utf16_len,
)
from zeroclaw_daemon.errors import ChannelError
from zeroclaw_daemon.logs import configure_logging
from zeroclaw_daemon.security import LeakRedactor

TOKEN = "7000000001:AAF-fake-bot-token_for-tests-0123456"
ALLOWED_USER = 1001
RECEIPT = "zc-receipt-1718000000-_uIr2xtYQGWrK_f2F-X9ZWxrZlLvc6ZnBGkO3k_jecY"
RECEIPTS_BLOCK = f"---\nTool receipts:\n  shell: {RECEIPT}"
FAST_BACKOFF = BackoffPolicy(initial_s=0.05, max_s=0.2, jitter=0.0)


@pytest.fixture
def fake() -> Iterator[FakeTelegram]:
    """A fresh fake Bot API for TOKEN."""
    with serve_fake_telegram(TOKEN) as server:
        yield server


def make_channel(api_base: str, *, token: str = TOKEN,
                 allowed: Sequence[str | int] = (ALLOWED_USER,), max_attempts: int = 6
                 ) -> TelegramChannel:
    return TelegramChannel(token, api_base, allowed, 1, LeakRedactor([token]),
                           http_timeout_s=5.0, backoff=FAST_BACKOFF, max_attempts=max_attempts)


class EchoHandler:
    """Replies "echo: <text>" with a receipts block; records what it was given."""

    def __init__(self, receipts_block: str = RECEIPTS_BLOCK) -> None:
        self.messages: list[InboundMessage] = []
        self.receipts_block = receipts_block

    async def __call__(self, message: InboundMessage) -> OutboundReply:
        self.messages.append(message)
        return OutboundReply(turn_id=f"turn-{len(self.messages)}", text=f"echo: {message.text}",
                             receipts_block=self.receipts_block)


def sent_texts(fake: FakeTelegram) -> list[tuple[int, str]]:
    return [(message.chat_id, message.text) for message in fake.sent]


async def test_allowed_user_gets_reply_then_receipts_block(fake: FakeTelegram) -> None:
    """An allowed sender's text reaches the handler; reply, then receipts block, in order."""
    handler = EchoHandler()
    fake.add_text_message(user_id=ALLOWED_USER, username="ada", text="list my files")
    async with running(make_channel(fake.base_url), handler):
        await fake.wait_for_sent(2)
    assert [InboundMessage("telegram", f"telegram:{ALLOWED_USER}", "ada", "list my files")] == (
        handler.messages)
    assert [(ALLOWED_USER, "echo: list my files"), (ALLOWED_USER, RECEIPTS_BLOCK)] == (
        sent_texts(fake))


async def test_unknown_user_is_refused_and_handler_not_called(fake: FakeTelegram) -> None:
    """A sender outside allowed_users gets a polite refusal naming their id; no turn runs."""
    handler = EchoHandler()
    fake.add_text_message(user_id=2002, username="mallory", text="rm -rf /")
    async with running(make_channel(fake.base_url), handler):
        sent = await fake.wait_for_sent(1)
    assert [] == handler.messages
    assert (2002, True, True) == (sent[0].chat_id, sent[0].text.startswith("Sorry"),
                                  "2002" in sent[0].text)


async def test_empty_allowed_users_refuses_everyone(fake: FakeTelegram) -> None:
    """With no allowed users nobody gets through (deny by default)."""
    handler = EchoHandler()
    fake.add_text_message(user_id=ALLOWED_USER, text="hello")
    async with running(make_channel(fake.base_url, allowed=()), handler):
        sent = await fake.wait_for_sent(1)
    assert ([], True) == (handler.messages, sent[0].text.startswith("Sorry"))


async def test_allowed_by_username_case_and_at_sign_ignored(fake: FakeTelegram) -> None:
    """allowed_users may name a username ("@Ada" matches username "ada")."""
    handler = EchoHandler(receipts_block="")
    fake.add_text_message(user_id=3003, username="ada", text="hi")
    async with running(make_channel(fake.base_url, allowed=["@Ada"]), handler):
        await fake.wait_for_sent(1)
    assert [(3003, "echo: hi")] == sent_texts(fake)


async def test_long_reply_is_split_under_the_limit(fake: FakeTelegram) -> None:
    """A 5000-character reply arrives as 2 messages of <= 4096 that rejoin to the original."""
    long_text = " ".join(f"w{i:04d}" for i in range(834))
    assert 5003 == len(long_text)

    async def long_reply(message: InboundMessage) -> OutboundReply:
        text = long_text if message.text == "long" else f"echo: {message.text}"
        return OutboundReply(turn_id="t", text=text)

    fake.add_text_message(user_id=ALLOWED_USER, text="long")
    fake.add_text_message(user_id=ALLOWED_USER, text="next")
    channel = make_channel(fake.base_url)
    async with anyio.create_task_group() as task_group:
        task_group.start_soon(channel.run, long_reply)
        sent = await fake.wait_for_sent(3)
        task_group.cancel_scope.cancel()
    parts = [message.text for message in sent[:2]]
    assert (True, long_text, "echo: next") == (
        all(len(part) <= TELEGRAM_MAX_MESSAGE_LEN for part in parts), " ".join(parts),
        sent[2].text)


def test_split_message_counts_utf16_and_prefers_newlines() -> None:
    """Splitting counts emoji as 2 units and breaks at the last newline in the window."""
    emoji_text = "😀" * 3000  # 6000 UTF-16 units
    emoji_parts = split_message(emoji_text)
    lines_text = "a" * 3000 + "\n" + "b" * 3000
    assert ([4096, 1904], ["a" * 3000, "b" * 3000], []) == (
        [utf16_len(part) for part in emoji_parts], split_message(lines_text),
        split_message(" \n "))


async def test_429_retry_after_is_honoured(fake: FakeTelegram) -> None:
    """After a 429 with retry_after=1 the next sendMessage waits at least 1 s."""
    fake.fail_next("sendMessage", too_many_requests(1))
    fake.add_text_message(user_id=ALLOWED_USER, text="hi")
    async with running(make_channel(fake.base_url), EchoHandler(receipts_block="")):
        await fake.wait_for_sent(1)
    calls = fake.calls_of("sendMessage")
    assert (2, True) == (len(calls), calls[1].at - calls[0].at >= 1.0)
    assert [(ALLOWED_USER, "echo: hi")] == sent_texts(fake)


async def test_server_errors_are_retried(fake: FakeTelegram) -> None:
    """A 502 on getUpdates and a 500 on sendMessage are retried; the reply arrives once."""
    fake.fail_next("getUpdates", server_error(502))
    fake.fail_next("sendMessage", server_error(500))
    fake.add_text_message(user_id=ALLOWED_USER, text="hi")
    async with running(make_channel(fake.base_url), EchoHandler(receipts_block="")):
        await fake.wait_for_sent(1)
        await fake.wait_for_calls("getUpdates", 3)
    assert ([(ALLOWED_USER, "echo: hi")], 2) == (sent_texts(fake),
                                                len(fake.calls_of("sendMessage")))


async def test_offset_advances_and_nothing_is_processed_twice(fake: FakeTelegram) -> None:
    """Each getUpdates confirms the last update; every message is handled exactly once."""
    handler = EchoHandler(receipts_block="")
    ids = [fake.add_text_message(user_id=ALLOWED_USER, text=f"m{i}") for i in range(1, 4)]
    async with running(make_channel(fake.base_url), handler):
        await fake.wait_for_sent(3)
        ids += [fake.add_text_message(user_id=ALLOWED_USER, text=f"m{i}") for i in (4, 5)]
        await fake.wait_for_sent(5)
        polls_so_far = len(fake.calls_of("getUpdates"))
        await fake.wait_for_calls("getUpdates", polls_so_far + 2)
    offsets = [call.params.get("offset") for call in fake.calls_of("getUpdates")]
    assert ["m1", "m2", "m3", "m4", "m5"] == [message.text for message in handler.messages]
    assert (None, True, ids[-1] + 1) == (
        offsets[0], ids[2] + 1 in offsets, offsets[-1])


async def test_handler_failure_sends_apology_and_continues(fake: FakeTelegram) -> None:
    """A failing turn gets an apology; the next message is answered normally."""

    async def flaky(message: InboundMessage) -> OutboundReply:
        if message.text == "boom":
            raise RuntimeError("provider exploded")
        return OutboundReply(turn_id="t", text=f"echo: {message.text}")

    fake.add_text_message(user_id=ALLOWED_USER, text="boom")
    fake.add_text_message(user_id=ALLOWED_USER, text="again")
    channel = make_channel(fake.base_url)
    async with anyio.create_task_group() as task_group:
        task_group.start_soon(channel.run, flaky)
        await fake.wait_for_sent(2)
        task_group.cancel_scope.cancel()
    assert [(ALLOWED_USER, APOLOGY_TEXT), (ALLOWED_USER, "echo: again")] == sent_texts(fake)


async def test_chats_run_concurrently_and_each_chat_in_order(fake: FakeTelegram) -> None:
    """A slow turn in one chat does not block another chat, nor reorder its own chat."""
    release = anyio.Event()

    async def handler(message: InboundMessage) -> OutboundReply:
        if message.text == "slow":
            with anyio.fail_after(10):
                await release.wait()
        return OutboundReply(turn_id="t", text=f"echo: {message.text}")

    fake.add_text_message(user_id=ALLOWED_USER, text="slow")
    fake.add_text_message(user_id=ALLOWED_USER, text="after")
    fake.add_text_message(user_id=ALLOWED_USER, chat_id=-500, text="quick")
    channel = make_channel(fake.base_url)
    async with anyio.create_task_group() as task_group:
        task_group.start_soon(channel.run, handler)
        first = await fake.wait_for_sent(1)
        release.set()
        await fake.wait_for_sent(3)
        task_group.cancel_scope.cancel()
    assert [(-500, "echo: quick")] == [(m.chat_id, m.text) for m in first]
    assert [(-500, "echo: quick"), (ALLOWED_USER, "echo: slow"), (ALLOWED_USER, "echo: after")] \
        == sent_texts(fake)


async def test_reply_is_redacted(fake: FakeTelegram) -> None:
    """Secrets in a reply (here the bot's own token) never reach the chat."""

    async def leaky(message: InboundMessage) -> OutboundReply:
        return OutboundReply(turn_id="t", text=f"my token is {TOKEN}")

    fake.add_text_message(user_id=ALLOWED_USER, text="what is your token?")
    channel = make_channel(fake.base_url)
    async with anyio.create_task_group() as task_group:
        task_group.start_soon(channel.run, leaky)
        await fake.wait_for_sent(1)
        task_group.cancel_scope.cancel()
    assert [(ALLOWED_USER, "my token is [REDACTED:configured]")] == sent_texts(fake)


async def test_token_never_in_logs(fake: FakeTelegram, clean_logging: None) -> None:
    """With every target at TRACE (httpx too), no log line contains the bot token."""
    stream = io.StringIO()
    configure_logging("trace", fmt="json", stream=stream, environ={})
    fake.fail_next("sendMessage", server_error(500))
    fake.add_text_message(user_id=ALLOWED_USER, text="hi")
    fake.add_text_message(user_id=4004, text="let me in")
    async with running(make_channel(fake.base_url), EchoHandler()):
        await fake.wait_for_sent(3)
    logged = stream.getvalue()
    secret_part = TOKEN.split(":", 1)[1]
    # The capture works (httpx's request lines are there, with the placeholder).
    assert (True, True, False, False) == (
        "/botTOKEN/sendMessage" in logged, "retrying" in logged, TOKEN in logged,
        secret_part in logged)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def test_rejected_token_error_names_method_not_token(fake: FakeTelegram) -> None:
    """A 401 ends run() with a ChannelError naming the method; the token is nowhere in it."""
    wrong_token = "7000000002:AAF-wrong-token-nobody-knows-012345"
    with anyio.fail_after(10), pytest.raises(ChannelError) as caught:
        await make_channel(fake.base_url, token=wrong_token).run(EchoHandler())
    rendered = "".join(traceback.format_exception(caught.value))
    assert ("telegram: getUpdates rejected: 401 Unauthorized", False) == (
        str(caught.value), wrong_token in rendered)


async def test_network_error_names_method_not_token() -> None:
    """Connection refused, retried, then a ChannelError without the token or URL path."""
    api_base = f"http://127.0.0.1:{_free_port()}"
    with anyio.fail_after(10), pytest.raises(ChannelError) as caught:
        await make_channel(api_base, max_attempts=2).run(EchoHandler())
    rendered = "".join(traceback.format_exception(caught.value))
    assert ("telegram: getUpdates failed after 2 attempts: ConnectError", False, False) == (
        str(caught.value), TOKEN in rendered, TOKEN.split(":")[1] in rendered)


async def test_cancellation_ends_run_promptly(fake: FakeTelegram) -> None:
    """Cancelling run() during a long poll returns at once, not after the poll timeout."""
    channel = TelegramChannel(TOKEN, fake.base_url, [ALLOWED_USER], 30, LeakRedactor())
    async with anyio.create_task_group() as task_group:
        task_group.start_soon(channel.run, EchoHandler())
        await fake.wait_for_calls("getUpdates", 1)
        started = time.monotonic()
        task_group.cancel_scope.cancel()
    assert True is (time.monotonic() - started < 1.0)
