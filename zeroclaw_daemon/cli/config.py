"""``zeroclaw config init|check|show``: create, validate and print config files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import click

from zeroclaw_daemon.cli.common import (
    ZeroclawGroup,
    config_path_option,
    load_cli_config,
    resolve_config_path,
)
from zeroclaw_daemon.config import (
    default_config,
    dump_config,
    secret_env_status,
    write_config_atomic,
)
from zeroclaw_daemon.daemon.preflight import preflight
from zeroclaw_daemon.logs import get_logger, select_filter_spec

DEFAULT_INIT_PATH = Path("zeroclaw.toml")

_INIT_HEADER = """\
# ZeroClaw daemon config, written by `zeroclaw config init` with the built-in defaults.
# config/zeroclaw.toml in the source tree explains every key. Secrets never go in this
# file: keys ending in _env name the environment variable that holds the secret.
# Check it with `zeroclaw config check PATH`.

"""


def _pick_path(argument: Path | None, option: Path | None) -> Path | None:
    if argument is not None and option is not None and argument != option:
        raise click.UsageError("give the config file either as PATH or as --config, not both")
    return argument if argument is not None else option


@click.group("config", cls=ZeroclawGroup)
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
    cfg = default_config()
    written = write_config_atomic(path, _INIT_HEADER + dump_config(cfg), force)
    get_logger("zeroclaw_config").debug("Config written", path=str(written), force=force)
    click.echo(f"wrote {written}")
    # The default provider is the scripted demo: a new config must start, so its
    # script goes next to it (an existing one is the user's and stays).
    script = written.parent / cfg.provider.script
    if not script.exists():
        bundled = resources.files("zeroclaw_daemon.providers") / "demo-script.toml"
        write_config_atomic(script, bundled.read_text(encoding="utf-8"), False)
        click.echo(f"wrote {script}")


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
    cfg = load_cli_config(chosen, check_env=not no_env)
    preflight(cfg)  # what startup checks too: named files exist and parse, tools build
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
