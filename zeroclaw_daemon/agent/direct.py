"""Direct turns without the daemon (what ``zeroclaw agent`` runs).

One turn with a message, else a REPL taking one message at a time from
``read_message`` (the CLI's :mod:`zeroclaw_daemon.cli.repl`) until it says the
person left, keeping history across turns.

Every turn gets a fresh :class:`ReceiptScope` (DESIGN.md section 3, direct
turn path): a receipt from one turn is ``stale`` in the next. Scopes stay open
until the run ends, because a background delegate started in a turn may
still sign with that turn's scope; they are all closed (keys wiped) at the end.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Awaitable, Callable

import anyio

from zeroclaw_daemon.agent.loop import AgentRuntime, BackgroundResult, TurnOutcome, TurnResult
from zeroclaw_daemon.agent.middleware import LOG_TARGET
from zeroclaw_daemon.agent.policy import ApprovalHook
from zeroclaw_daemon.config import Config
from zeroclaw_daemon.logs import get_logger
from zeroclaw_daemon.receipts import ReceiptScope
from zeroclaw_daemon.storage import AuditDB, audit_db_path

EXIT_PROVIDER_FAILED = 1


async def run_direct(cfg: Config, message: str | None, conversation: str, *,
                     approval: ApprovalHook | None,
                     read_message: Callable[[], Awaitable[str | None]],
                     echo: Callable[[str], None]) -> int:
    """Run one turn (``message``) or a REPL; return the exit code.

    ``approval`` is the person's approval flow (None: write/exec/network calls are
    denied); ``read_message`` gives the REPL's next message (None: the person left);
    ``echo`` prints.
    """
    # Imported here: tools and providers pull in httpx and friends, and a config error
    # should be reported without paying for them.
    from zeroclaw_daemon.providers import build_provider
    from zeroclaw_daemon.tools import build_tools

    receipts = cfg.agent.tool_receipts
    log = get_logger(LOG_TARGET)
    if receipts.enabled:
        log.info("Tool receipts enabled", entry_point="agent", scope="per turn",
                 show_in_response=receipts.show_in_response, audit_mode=receipts.audit.mode)
    else:
        log.info("Tool receipts disabled", entry_point="agent")
    tools = build_tools(cfg)
    provider = build_provider(cfg, cfg.resolve_path)
    audit_db = _open_audit_db(cfg)
    scopes: list[ReceiptScope] = []

    async def print_followup(outcome: BackgroundResult) -> None:
        # One conversation per process; the sub-turn's own receipts block follows its text.
        text = outcome.text
        if outcome.result is not None and outcome.result.receipts_block:
            text = f"{text}\n\n{outcome.result.receipts_block}"
        echo(f"\n{text}")

    async def one_turn(runtime: AgentRuntime, text: str) -> TurnResult:
        scope: ReceiptScope | None = None
        if receipts.enabled:
            scope = ReceiptScope(receipts.ledger_max_entries)
            scopes.append(scope)
        result = await runtime.run_turn(conversation_id=conversation, user_message=text,
                                        sender=_user_name(), channel="cli", scope=scope,
                                        approval=approval)
        echo(result.text)
        return result

    try:
        async with contextlib.AsyncExitStack() as stack:
            if any(server.enabled for server in cfg.tools.mcp):
                # MCP servers live as long as this run (their task groups are children of
                # this task); the SDK is imported only when used (it is slow to import).
                from zeroclaw_daemon.tools.mcp import McpHub
                hub = await stack.enter_async_context(McpHub(
                    cfg.tools.mcp, base_dir=cfg.base_dir,
                    stderr_dir=audit_db.path.parent if audit_db is not None else None))
                tools.update(hub.tools())
            runtime = await stack.enter_async_context(
                AgentRuntime(cfg, provider, tools, audit_db, followup=print_followup))
            if message is not None:
                result = await one_turn(runtime, message)
                if runtime.background_active:
                    await runtime.wait_background(runtime.background_timeout_s)
                return (EXIT_PROVIDER_FAILED if result.outcome is TurnOutcome.PROVIDER_ERROR
                        else 0)
            while True:
                line = await read_message()
                if line is None:
                    break
                await one_turn(runtime, line)
            if runtime.background_active:
                await runtime.wait_background(runtime.background_timeout_s)
            return 0
    finally:
        with anyio.CancelScope(shield=True):
            await provider.aclose()
            if audit_db is not None:
                await audit_db.aclose()
        for scope in scopes:
            scope.close()


def _open_audit_db(cfg: Config) -> AuditDB | None:
    path = audit_db_path(cfg.resolve_path(cfg.daemon.state_dir))
    try:
        return AuditDB(path, store_payloads=cfg.daemon.store_payloads)
    except Exception as exc:  # a turn is still useful without its audit log; say so
        get_logger("zeroclaw_daemon").warning("Audit log unavailable", path=str(path),
                                              error=type(exc).__name__, message=str(exc))
        return None


def _user_name() -> str:
    return os.environ.get("USER") or "user"
