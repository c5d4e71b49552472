"""The ``zeroclaw`` command line.

Errors the package raises on purpose become one ``error: ...`` message on stderr and
the error's exit code (78 for config problems, 1 otherwise); anything else is a bug
and keeps its traceback.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import click

from zeroclaw_daemon import __version__
from zeroclaw_daemon.config import (
    Config,
    default_config,
    dump_config,
    load_config,
    require_env,
    secret_env_status,
    write_config_atomic,
)
from zeroclaw_daemon.errors import ZeroclawError
from zeroclaw_daemon.logs import configure_logging, get_logger, select_filter_spec

__all__ = [
    "DEFAULT_CONFIG_PATH",
    "DEFAULT_INIT_PATH",
    "config_path_option",
    "load_cli_config",
    "main",
    "resolve_config_path",
    "run_cli_errors",
]

P = ParamSpec("P")
R = TypeVar("R")

DEFAULT_CONFIG_PATH = Path("config") / "zeroclaw.toml"
DEFAULT_INIT_PATH = Path("zeroclaw.toml")
CONFIG_ENV_VAR = "ZEROCLAW_CONFIG"

_INIT_HEADER = """\
# ZeroClaw daemon config, written by `zeroclaw config init` with the built-in defaults.
# config/zeroclaw.toml in the source tree explains every key. Secrets never go in this
# file: keys ending in _env name the environment variable that holds the secret.
# Check it with `zeroclaw config check PATH`.

"""


# ---------------------------------------------------------------------------------------------
# Error handling.


def _receipt_error_class() -> type[BaseException] | None:
    # The receipts package is written separately and imports nothing of ours; look it up
    # lazily so this module works before (and without importing) it.
    try:
        module = importlib.import_module("zeroclaw_daemon.receipts")
    except ImportError:
        return None
    found = getattr(module, "ReceiptError", None)
    return found if isinstance(found, type) and issubclass(found, BaseException) else None


def _exit_for(exc: BaseException) -> None:
    """Report a deliberate error and exit; returns only when ``exc`` is not one of ours."""
    if isinstance(exc, ZeroclawError):
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    receipt_error = _receipt_error_class()
    if receipt_error is not None and isinstance(exc, receipt_error):
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
    """A group whose every (sub)command gets :func:`run_cli_errors` handling."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:
            _exit_for(exc)
            raise


# ---------------------------------------------------------------------------------------------
# Config helpers shared by commands (the daemon command uses them too).


def resolve_config_path(path: str | os.PathLike[str] | None) -> Path:
    """The config file to use: ``path``, else ``$ZEROCLAW_CONFIG``, else config/zeroclaw.toml."""
    if path is not None and str(path):
        return Path(path)
    from_env = os.environ.get(CONFIG_ENV_VAR, "").strip()
    return Path(from_env) if from_env else DEFAULT_CONFIG_PATH


def config_path_option(func: Callable[P, R]) -> Callable[P, R]:
    """``-c/--config PATH`` option (value None when not given; see resolve_config_path)."""
    option = click.option(
        "-c",
        "--config",
        "config_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help=f"Config file (default: ${CONFIG_ENV_VAR}, else {DEFAULT_CONFIG_PATH}).",
    )
    return option(func)


def load_cli_config(path: str | os.PathLike[str] | None, *, check_env: bool = False) -> Config:
    """Load the config for a command and re-apply its logging section (env still wins)."""
    cfg = load_config(resolve_config_path(path), check_env=check_env)
    configure_logging(cfg.logging.filter, cfg.logging.format)
    return cfg


def _pick_path(argument: Path | None, option: Path | None) -> Path | None:
    if argument is not None and option is not None and argument != option:
        raise click.UsageError("give the config file either as PATH or as --config, not both")
    return argument if argument is not None else option


# ---------------------------------------------------------------------------------------------
# Commands.


@click.group(cls=ZeroclawGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="zeroclaw")
def main() -> None:
    """ZeroClaw: a channel-server daemon for AI agents whose tool results carry HMAC receipts.

    Logging follows RUST_LOG syntax: ZEROCLAW_LOG, else RUST_LOG, else [logging] filter.
    """
    configure_logging()


@main.group("config", cls=ZeroclawGroup)
def config_group() -> None:
    """Create, validate and print config files."""


_PATH_ARGUMENT = click.argument(
    "path", required=False, type=click.Path(dir_okay=False, path_type=Path)
)


@config_group.command("init")
@click.argument(
    "path", required=False, default=DEFAULT_INIT_PATH, type=click.Path(dir_okay=False,
                                                                         path_type=Path)
)
@click.option("--force", is_flag=True, help="Overwrite PATH if it exists.")
def config_init(path: Path, force: bool) -> None:
    """Write the default config to PATH (default: ./zeroclaw.toml), atomically."""
    written = write_config_atomic(path, _INIT_HEADER + dump_config(default_config()), force)
    get_logger("zeroclaw_config").debug("Config written", path=str(written), force=force)
    click.echo(f"wrote {written}")


@config_group.command("check")
@_PATH_ARGUMENT
@config_path_option
@click.option(
    "--no-env", is_flag=True, help="Do not require the environment variables secrets come from."
)
def config_check(path: Path | None, config_path: Path | None, no_env: bool) -> None:
    """Validate a config file: exit 0, or 78 listing every problem on stderr.

    Also checks that the environment variables enabled parts read secrets from are set.
    """
    chosen = resolve_config_path(_pick_path(path, config_path))
    load_cli_config(chosen, check_env=not no_env)
    click.echo(f"ok: {chosen}")


@config_group.command("show")
@_PATH_ARGUMENT
@config_path_option
def config_show(path: Path | None, config_path: Path | None) -> None:
    """Print the effective config (defaults filled in) as TOML.

    Secrets are never printed: only the names of the variables holding them, and
    whether each is set.
    """
    chosen = resolve_config_path(_pick_path(path, config_path))
    cfg = load_cli_config(chosen)
    lines = [f"# effective config from {cfg.source or chosen}"]
    for key, name, is_set, needed in secret_env_status(cfg):
        state = "set" if is_set else "NOT SET" if needed else "not set, not needed: disabled"
        lines.append(f"# {key} = {name} ({state})")
    source, spec = select_filter_spec(cfg.logging.filter)
    if source not in ("config", "default"):
        lines.append(f"# logging.filter is overridden by {source}={spec}")
    click.echo("\n".join(lines) + "\n\n" + dump_config(cfg), nl=False)


# ---------------------------------------------------------------------------------------------
# Commands that live in other modules.


@main.group("receipts", cls=ZeroclawGroup)
def receipts_group() -> None:
    """Check receipt tokens and read the audit log."""


@receipts_group.command("verify")
@click.argument("text", required=False)
@click.option("--url", default="http://127.0.0.1:8731", show_default=True,
              help="Base URL of the running daemon's gateway.")
@click.option("--conversation", default=None,
              help="Decide 'foreign' against this conversation id.")
@click.option("--token-env", default=None,
              help="Name of the env var holding the gateway's bearer token.")
def receipts_verify(text: str | None, url: str, conversation: str | None,
                    token_env: str | None) -> None:
    """Judge every receipt token in TEXT (or stdin) against a running daemon's ledger.

    Only the daemon that issued a receipt holds its key, so verification asks it
    over the gateway (POST /v1/receipts/verify). Exit 0 when every token is valid,
    1 otherwise.
    """
    import httpx

    if text is None:
        text = sys.stdin.read()
    body: dict[str, str] = {"text": text}
    if conversation is not None:
        body["conversation_id"] = conversation
    headers: dict[str, str] = {}
    if token_env:
        headers["Authorization"] = f"Bearer {require_env(token_env, 'gateway bearer token')}"
    try:
        response = httpx.post(f"{url.rstrip('/')}/v1/receipts/verify", json=body,
                              headers=headers, timeout=10.0)
    except httpx.HTTPError as exc:
        reason = type(exc).__name__
        raise click.ClickException(f"cannot reach the daemon at {url}: {reason}") from None
    if response.status_code != 200:
        raise click.ClickException(f"daemon answered {response.status_code}: {response.text[:200]}")
    tokens = response.json().get("tokens", [])
    for item in tokens:
        tool = f" ({item['tool']})" if item.get("tool") else ""
        click.echo(f"{item['verdict']:<9} {item['token']}{tool}")
    if not tokens:
        click.echo("no receipt tokens found", err=True)
    if any(item["verdict"] != "valid" for item in tokens) or not tokens:
        raise SystemExit(1)


def _register_commands(group: click.Group) -> None:
    """Attach the commands that live beside the code they drive."""
    from .agent.audit_bench import audit_bench_command
    from .agent.direct import agent_command
    from .daemon.cli import daemon_command
    from .storage.cli import receipts_log_command

    group.add_command(daemon_command)
    group.add_command(agent_command)
    group.add_command(audit_bench_command)
    receipts_group.add_command(receipts_log_command)


_register_commands(main)
