"""``zeroclaw agent``: direct turns from the command line, without the daemon.

``zeroclaw agent -m "message"`` runs one turn and prints the reply (and the
receipts block when ``show_in_response``); without ``-m`` it is a REPL reading
one message per line from stdin until EOF, keeping history across turns.

Every turn gets a fresh :class:`ReceiptScope` (DESIGN.md section 3, direct
turn path): a receipt from one turn is ``stale`` in the next. Scopes stay open
until the command exits, because a background delegate started in a turn may
still sign with that turn's scope; they are all closed (keys wiped) at exit.

Approval (``supervised`` autonomy): when stdin and stderr are a terminal the
person is asked on stderr; otherwise there is no approval flow and
write/exec/network calls are denied.

Exit codes: 0 after a turn (the reply may honestly report a failure), 1 when
``-m`` was given and the model provider failed, 78 for config errors, 130 on
Ctrl-C.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import click

from zeroclaw_daemon.agent.loop import AgentRuntime, TurnOutcome, TurnResult
from zeroclaw_daemon.agent.middleware import LOG_TARGET
from zeroclaw_daemon.channels.base import ApprovalHook
from zeroclaw_daemon.config import Config, default_config, load_config
from zeroclaw_daemon.errors import ConfigError
from zeroclaw_daemon.logs import configure_logging, get_logger
from zeroclaw_daemon.receipts import ReceiptScope
from zeroclaw_daemon.storage.audit_db import AuditDB, audit_db_path

DEFAULT_CONVERSATION = "cli"
EXIT_PROVIDER_FAILED = 1
EXIT_INTERRUPTED = 130


def load_agent_config(path: Path | None) -> Config:
    """``path``, else ``$ZEROCLAW_CONFIG``, else config/zeroclaw.toml if it exists, else the
    built-in defaults."""
    from zeroclaw_daemon.cli import CONFIG_ENV_VAR, resolve_config_path  # cli imports us

    chosen = resolve_config_path(path)
    explicit = path is not None or bool(os.environ.get(CONFIG_ENV_VAR, "").strip())
    if not explicit and not chosen.exists():
        return default_config()
    return load_config(chosen)


@click.command("agent")
@click.option("-m", "--message", default=None,
              help="Run one turn with this message and exit (default: a REPL on stdin).")
@click.option("-c", "--config", "config_path", default=None,
              type=click.Path(dir_okay=False, path_type=Path),
              help="Config file (default: $ZEROCLAW_CONFIG, else config/zeroclaw.toml, else "
                   "built-in defaults).")
@click.option("--conversation", default=DEFAULT_CONVERSATION, show_default=True,
              help="Conversation id (history and receipt conversation binding).")
def agent_command(message: str | None, config_path: Path | None, conversation: str) -> None:
    """Run agent turns directly: one with -m, else a REPL reading lines from stdin."""
    try:
        cfg = load_agent_config(config_path)
        configure_logging(cfg.logging.filter, cfg.logging.format)
        code = anyio.run(_run, cfg, message, conversation)
    except ConfigError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    sys.exit(code)


async def _run(cfg: Config, message: str | None, conversation: str) -> int:
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
    approval = _terminal_approval() if _interactive() else None

    async def print_followup(conversation_id: str, text: str) -> None:
        del conversation_id  # one conversation per process
        click.echo(f"\n{text}")

    async def one_turn(runtime: AgentRuntime, text: str) -> TurnResult:
        scope: ReceiptScope | None = None
        if receipts.enabled:
            scope = ReceiptScope(receipts.ledger_max_entries)
            scopes.append(scope)
        result = await runtime.run_turn(conversation_id=conversation, user_message=text,
                                        sender=_user_name(), channel="cli", scope=scope,
                                        approval=approval)
        click.echo(result.text)
        return result

    try:
        async with AgentRuntime(cfg, provider, tools, audit_db,
                                followup=print_followup) as runtime:
            if message is not None:
                result = await one_turn(runtime, message)
                if runtime.background_active:
                    await runtime.wait_background(runtime.delegate_timeout_s)
                return (EXIT_PROVIDER_FAILED if result.outcome is TurnOutcome.PROVIDER_ERROR
                        else 0)
            while True:
                line = await _read_line(prompt=_interactive())
                if line is None:
                    break
                if line.strip():
                    await one_turn(runtime, line.rstrip("\n"))
            if runtime.background_active:
                await runtime.wait_background(runtime.delegate_timeout_s)
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


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stderr.isatty()


def _user_name() -> str:
    return os.environ.get("USER") or "user"


async def _read_line(*, prompt: bool) -> str | None:
    def read() -> str:
        if prompt:
            sys.stderr.write("> ")
            sys.stderr.flush()
        return sys.stdin.readline()

    # A person may take any time to type: no timeout, but cancellable (Ctrl-C, shutdown).
    line = await anyio.to_thread.run_sync(read, abandon_on_cancel=True)
    return line if line else None


def _terminal_approval() -> ApprovalHook:
    # Parallel tool calls may ask at once; one question at a time on the terminal.
    asking = anyio.Lock()

    async def approve(tool: str, summary: str) -> bool:
        def ask() -> bool:
            return click.confirm(f"Allow {tool}? {summary}", default=False, err=True)

        async with asking:
            return await anyio.to_thread.run_sync(ask, abandon_on_cancel=True)

    return approve
