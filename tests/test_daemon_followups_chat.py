"""Background-delegate follow-ups as new messages: IRC against ngircd, the Telegram fake."""

from __future__ import annotations

import contextlib
import re
import signal
from pathlib import Path
from typing import Any

import anyio
import httpx
from daemon_harness import daemon_with_irc_user, start_daemon
from ngircd_fixture import requires_ngircd
from test_daemon_followups import followup_config

from tests.fakes.telegram_server import serve_fake_telegram

TOKEN_RE = re.compile(r"zc-receipt-[0-9]+-[A-Za-z0-9_-]{43}")
TELEGRAM_TOKEN = "123456:followup-test-token"
TELEGRAM_USER = 4242
WAIT_S = 20.0


async def verify(daemon: Any, text: str, conversation: str) -> list[dict[str, str]]:
    async with httpx.AsyncClient(trust_env=False, timeout=10) as client:
        response = await client.post(daemon.url("/v1/receipts/verify"),
                                     json={"text": text, "conversation_id": conversation})
    assert 200 == response.status_code, response.text
    tokens: list[dict[str, str]] = response.json()["tokens"]
    return tokens


@requires_ngircd
async def test_irc_background_delegate_follows_up_with_a_new_message(tmp_path: Path) -> None:
    """On IRC the parent reply comes at once with only the delegate receipt; the follow-up
    is a later PRIVMSG in the same channel whose list_dir receipt verifies for it."""
    async with daemon_with_irc_user(tmp_path, followup_config) as (user, daemon):
        await user.say("#zeroclaw", "zcbot: in the background list")
        parent = await user.expect(lambda ln: ln.command == "PRIVMSG" and ln.nick == "zcbot"
                                   and "Started it." in ln.params[-1], timeout_s=WAIT_S)
        followup = await user.expect(
            lambda ln: ln.command == "PRIVMSG" and ln.nick == "zcbot"
            and "list_dir: zc-receipt-" in ln.params[-1], timeout_s=WAIT_S)
        match = TOKEN_RE.search(followup.params[-1])
        assert match is not None
        checked = await verify(daemon, match.group(0), "irc:#zeroclaw")
        daemon.send_signal(signal.SIGTERM)
        code = await anyio.to_thread.run_sync(daemon.wait_exit)
    assert 0 == code
    assert "#zeroclaw" == followup.params[0]
    assert match.group(0) not in parent.params[-1]
    assert [{"token": match.group(0), "verdict": "valid", "tool": "list_dir"}] == checked


async def test_telegram_background_delegate_follows_up_with_a_new_message(
        tmp_path: Path) -> None:
    """On Telegram the follow-up is a new sendMessage in the chat after the parent reply;
    its receipts block (a second message) holds a list_dir receipt that verifies for the
    chat, and the parent's messages never held it."""
    with contextlib.ExitStack() as stack:
        fake = stack.enter_context(serve_fake_telegram(TELEGRAM_TOKEN))
        config = followup_config(tmp_path, channels={"telegram": {
            "enabled": True, "bot_token_env": "ZC_FOLLOWUP_TELEGRAM_TOKEN",
            "api_base": fake.base_url, "allowed_users": [str(TELEGRAM_USER)],
            "poll_timeout_s": 1}})
        daemon = await anyio.to_thread.run_sync(stack.enter_context, start_daemon(
            tmp_path, config, env={"ZC_FOLLOWUP_TELEGRAM_TOKEN": TELEGRAM_TOKEN}))
        fake.add_text_message(user_id=TELEGRAM_USER, text="in the background list")
        # The parent reply and its block, then the follow-up and its block.
        sent = await fake.wait_for_sent(4, timeout_s=WAIT_S)
        block = next(m.text for m in sent if "list_dir: zc-receipt-" in m.text)
        match = TOKEN_RE.search(block.split("list_dir: ", 1)[1])
        assert match is not None
        checked = await verify(daemon, match.group(0), f"telegram:{TELEGRAM_USER}")
        daemon.send_signal(signal.SIGTERM)
        assert 0 == await anyio.to_thread.run_sync(daemon.wait_exit)
    texts = [m.text for m in sent]
    parent_index = next(i for i, t in enumerate(texts) if t.startswith("Started it."))
    followup_index = next(i for i, t in enumerate(texts)
                          if t.startswith("Background task ") and " finished:" in t)
    assert parent_index < followup_index
    assert {TELEGRAM_USER} == {m.chat_id for m in sent}
    assert all(match.group(0) not in t for t in texts[:parent_index + 2])
    assert [{"token": match.group(0), "verdict": "valid", "tool": "list_dir"}] == checked
