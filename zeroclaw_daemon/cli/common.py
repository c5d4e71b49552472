"""What every ``zeroclaw`` command shares: the group, the config search, error exits.

Errors the package raises on purpose become one ``error: ...`` message on stderr and
the error's exit code (78 for config problems, 1 otherwise); anything else is a bug
and keeps its traceback.
"""

from __future__ import annotations

import functools
import importlib
import io
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import click

from zeroclaw_daemon import __version__
from zeroclaw_daemon.errors import ZeroclawError

if TYPE_CHECKING:
    from zeroclaw_daemon.config import Config

__all__ = [
    "CONFIG_ENV_VAR",
    "CONFIG_SEARCH_PATHS",
    "DEFAULT_CONFIG_PATH",
    "cli_state_dir",
    "config_path_option",
    "load_agent_config",
    "load_cli_config",
    "main",
    "resolve_config_path",
    "run_cli_errors",
]

P = ParamSpec("P")
R = TypeVar("R")

DEFAULT_CONFIG_PATH = Path("config") / "zeroclaw.toml"
CONFIG_SEARCH_PATHS = (Path("zeroclaw.toml"), DEFAULT_CONFIG_PATH,
                       Path("/etc/zeroclaw/zeroclaw.toml"))
CONFIG_ENV_VAR = "ZEROCLAW_CONFIG"



# ---------------------------------------------------------------------------------------------
# Error handling.


def _exit_for(exc: BaseException) -> None:
    """Report a deliberate error and exit; returns only when ``exc`` is not one of ours."""
    if isinstance(exc, ZeroclawError):
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    # Imported here: `zeroclaw --version` must not pay for the receipts package.
    from zeroclaw_daemon.receipts import ReceiptError

    if isinstance(exc, ReceiptError):
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    return None


def run_cli_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Decorator: ZeroclawError/ReceiptError -> ``error: ...`` on stderr and its exit code."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except Exception as exc:
            _exit_for(exc)
            raise

    return wrapper


class ZeroclawGroup(click.Group):
    """A group whose every (sub)command gets :func:`run_cli_errors` handling.

    Commands may be registered lazily (name -> "module:attribute"): the module is
    imported only when that command runs or help lists it, so ``--version`` and
    ``config check`` do not import the agent, the daemon and the MCP SDK.
    """

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, str] = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module_name, _, attribute = self.lazy[cmd_name].partition(":")
            command = getattr(importlib.import_module(module_name), attribute)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:
            _exit_for(exc)
            raise

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Click's own errors (usage, bad option, ClickException) say ``error:`` like ours
        (click itself writes ``Error:``); the rest is click's standalone behaviour."""
        if not kwargs.get("standalone_mode", True):
            return super().main(*args, **kwargs)
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)  # --help/--version: their exit code
        except click.ClickException as exc:
            shown = io.StringIO()
            exc.show(file=shown)
            sys.stderr.write(re.sub(r"^Error: ", "error: ", shown.getvalue(), flags=re.M))
            sys.exit(exc.exit_code)
        except click.Abort:  # Ctrl-C or EOF at a click prompt
            sys.stderr.write("Aborted!\n")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


# ---------------------------------------------------------------------------------------------
# Config helpers shared by commands (the daemon command uses them too).


def resolve_config_path(path: str | os.PathLike[str] | None) -> Path:
    """The config file every command uses, in one order: ``--config PATH``, else
    ``$ZEROCLAW_CONFIG``, else the first of :data:`CONFIG_SEARCH_PATHS` that exists
    (./zeroclaw.toml, which ``config init`` writes; ./config/zeroclaw.toml in a
    checkout; /etc/zeroclaw/zeroclaw.toml, the service's), else ./config/zeroclaw.toml
    (so the error names the usual place)."""
    if path is not None and str(path):
        return Path(path)
    from_env = os.environ.get(CONFIG_ENV_VAR, "").strip()
    if from_env:
        return Path(from_env)
    for candidate in CONFIG_SEARCH_PATHS:
        if candidate.is_file():
            return candidate
    return DEFAULT_CONFIG_PATH


def config_path_option(func: Callable[P, R]) -> Callable[P, R]:
    """``-c/--config PATH`` option (value None when not given; see resolve_config_path)."""
    option = click.option(
        "-c",
        "--config",
        "config_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help=f"Config file (default: ${CONFIG_ENV_VAR}, else the first of "
             f"{', '.join(map(str, CONFIG_SEARCH_PATHS))} that exists).",
    )
    return option(func)


def load_cli_config(path: str | os.PathLike[str] | None, *, check_env: bool = False) -> Config:
    """Load the config for a command and re-apply its logging section (env still wins)."""
    from zeroclaw_daemon.config import load_config
    from zeroclaw_daemon.logs import configure_logging

    cfg = load_config(resolve_config_path(path), check_env=check_env)
    configure_logging(cfg.logging.filter, cfg.logging.format)
    return cfg


def load_agent_config(path: Path | None) -> Config:
    """``path``, else ``$ZEROCLAW_CONFIG``, else config/zeroclaw.toml if it exists, else the
    built-in defaults (``zeroclaw agent`` and ``zeroclaw receipts log`` run without a file)."""
    from zeroclaw_daemon.config import default_config, load_config

    chosen = resolve_config_path(path)
    explicit = path is not None or bool(os.environ.get(CONFIG_ENV_VAR, "").strip())
    if not explicit and not chosen.exists():
        return default_config()
    return load_config(chosen)


def cli_state_dir(cfg: Config) -> Path:
    """The state directory (audit.db) by the daemon's own rule, so a command reads the
    database the daemon writes (``$STATE_DIRECTORY`` included, for a service's state)."""
    from zeroclaw_daemon.daemon.settings import resolve_state_dir

    return resolve_state_dir(cfg)


# ---------------------------------------------------------------------------------------------
# The group every command module adds its commands to.


@click.group(cls=ZeroclawGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="zeroclaw")
def main() -> None:
    """ZeroClaw: a channel-server daemon for AI agents whose tool results carry HMAC receipts.

    Logging follows RUST_LOG syntax: ZEROCLAW_LOG, else RUST_LOG, else [logging] filter.
    """
    from zeroclaw_daemon.logs import configure_logging

    configure_logging()
