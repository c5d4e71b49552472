"""``zeroclaw agent``: direct turns from the command line, without the daemon.

``zeroclaw agent -m "message"`` runs one turn and prints the reply (and the
receipts block when ``show_in_response``); without ``-m`` it is a REPL reading
one message per line until EOF, ``/exit``, ``exit`` or ``quit`` (see
:mod:`.repl`: ``/help``, line editing and history on a terminal), keeping the
conversation's history across turns. Without a config file anywhere in the
search order it runs on the built-in defaults. Each
turn has its own receipt scope (see :mod:`zeroclaw_daemon.agent.direct`).

Approval (``supervised`` autonomy): when stdin and stderr are a terminal the
person is asked on stderr; otherwise there is no approval flow and
write/exec/network calls are denied.

Exit codes: 0 after a turn (the reply may honestly report a failure), 1 when
``-m`` was given and the model provider failed, 78 for config errors, 130 on
Ctrl-C.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import anyio
import click

from zeroclaw_daemon.agent.direct import run_direct
from zeroclaw_daemon.agent.policy import ApprovalHook
from zeroclaw_daemon.cli.common import config_path_option, load_agent_config
from zeroclaw_daemon.cli.repl import ReplInput
from zeroclaw_daemon.config import Config
from zeroclaw_daemon.errors import ConfigError
from zeroclaw_daemon.logs import configure_logging

DEFAULT_CONVERSATION = "cli"
EXIT_INTERRUPTED = 130


@click.command("agent")
@click.option("-m", "--message", default=None,
              help="Run one turn with this message and exit (default: a REPL on stdin).")
@config_path_option
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
    interactive = sys.stdin.isatty() and sys.stderr.isatty()
    approval = _terminal_approval() if interactive else None
    repl = ReplInput(interactive=interactive and message is None,
                     say=functools.partial(click.echo, err=True))
    try:
        return await run_direct(cfg, message, conversation, approval=approval,
                                read_message=repl.next_message, echo=click.echo)
    finally:
        repl.close()


def _terminal_approval() -> ApprovalHook:
    # Parallel tool calls may ask at once; one question at a time on the terminal.
    asking = anyio.Lock()

    async def approve(tool: str, summary: str) -> bool:
        def ask() -> bool:
            return click.confirm(f"Allow {tool}? {summary}", default=False, err=True)

        async with asking:
            return await anyio.to_thread.run_sync(ask, abandon_on_cancel=True)

    return approve
