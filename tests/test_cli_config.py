"""`zeroclaw config init/check/show`, --help/--version and the CLI's error handling."""

# The house style asserts `expected == actual`, which ruff's SIM300 calls Yoda.

from __future__ import annotations

import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from zeroclaw_daemon import __version__
from zeroclaw_daemon.cli import main, run_cli_errors
from zeroclaw_daemon.config import default_config, load_config, parse_config
from zeroclaw_daemon.errors import ChannelError, ConfigError, ConfigProblem

pytestmark = pytest.mark.usefixtures("clean_logging")

SECRET_VALUE = "sk-test-DO-NOT-PRINT-7c1e9a"

BROKEN = """
[daemon]
max_concurrent_turns = "8"
[agent.tool_receipts]
enabled = "yes"
surprise = 1
[agent]
autonomy = "yolo"
[channels.gateway]
listen = "nowhere"
"""


@pytest.fixture(autouse=True)
def _quiet_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the caller's logging and config variables out of these tests."""
    for name in ("ZEROCLAW_LOG", "RUST_LOG", "ZEROCLAW_CONFIG"):
        monkeypatch.delenv(name, raising=False)


def invoke(*args: str) -> Result:
    """Run the CLI in-process with separate stdout and stderr."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_help_and_version() -> None:
    """--help lists the config group; --version prints the package version."""
    help_result = invoke("--help")
    assert 0 == help_result.exit_code
    assert "config" in help_result.stdout
    version_result = invoke("--version")
    assert (0, f"zeroclaw, version {__version__}\n") == (
        version_result.exit_code,
        version_result.stdout,
    )


def test_init_writes_defaults_to_default_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`config init` writes ./zeroclaw.toml holding exactly the defaults."""
    monkeypatch.chdir(tmp_path)
    result = invoke("config", "init")
    assert 0 == result.exit_code, result.stderr
    written = tmp_path / "zeroclaw.toml"
    assert default_config() == load_config(written)
    assert "wrote zeroclaw.toml\nwrote demo-script.toml\n" == result.stdout


def test_init_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    """An existing file is left untouched and the command fails; --force replaces it."""
    target = tmp_path / "conf" / "zeroclaw.toml"
    target.parent.mkdir()
    target.write_text("# mine\n", encoding="utf-8")
    refused = invoke("config", "init", str(target))
    assert 1 == refused.exit_code
    assert f"error: {target} already exists (use --force to overwrite it)\n" == refused.stderr
    assert "# mine\n" == target.read_text(encoding="utf-8")
    forced = invoke("config", "init", str(target), "--force")
    assert 0 == forced.exit_code, forced.stderr
    assert default_config() == load_config(target)
    assert ["demo-script.toml", "zeroclaw.toml"] == sorted(p.name for p in target.parent.iterdir())


def test_init_creates_parent_directories(tmp_path: Path) -> None:
    """`config init a/b/c.toml` creates the directories it needs."""
    target = tmp_path / "a" / "b" / "c.toml"
    assert 0 == invoke("config", "init", str(target)).exit_code
    assert target.is_file()


def test_check_ok(shipped_config_path: Path) -> None:
    """A valid config: exit 0 and `ok: PATH` on stdout."""
    result = invoke("config", "check", str(shipped_config_path))
    assert (0, f"ok: {shipped_config_path}\n") == (result.exit_code, result.stdout)


def test_check_lists_every_problem(tmp_path: Path) -> None:
    """A broken config: exit 78 and every problem on its own stderr line."""
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    result = invoke("config", "check", str(path))
    assert 78 == result.exit_code
    assert "" == result.stdout
    lines = result.stderr.splitlines()
    assert f"error: {path}: 5 config problems:" == lines[0]
    expected = {
        "daemon.max_concurrent_turns: expected an integer",
        "agent.tool_receipts.enabled: expected a boolean (true or false)",
        "agent.tool_receipts.surprise: unknown key",
        "agent.autonomy: expected one of 'read_only', 'supervised' or 'full'",
        "channels.gateway.listen: expected host:port, for example 127.0.0.1:8731",
    }
    assert expected == {line.strip() for line in lines[1:]}
    assert "yolo" not in result.stderr
    assert "nowhere" not in result.stderr


def test_check_missing_file(tmp_path: Path) -> None:
    """A missing file exits 78 with one error."""
    result = invoke("config", "check", str(tmp_path / "absent.toml"))
    assert 78 == result.exit_code
    assert result.stderr.startswith("error: ")


def test_check_requires_secret_env_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An enabled channel with its token variable unset fails check; --no-env skips that."""
    path = tmp_path / "tg.toml"
    (tmp_path / "demo-script.toml").write_text("[default]\nreply = 'hi'\n", encoding="utf-8")
    path.write_text(
        '[channels.telegram]\nenabled = true\nbot_token_env = "ZC_CLI_TG"\n', encoding="utf-8"
    )
    monkeypatch.delenv("ZC_CLI_TG", raising=False)
    failed = invoke("config", "check", str(path))
    assert 78 == failed.exit_code
    assert "channels.telegram.bot_token_env: environment variable ZC_CLI_TG" in failed.stderr
    assert 0 == invoke("config", "check", "--no-env", str(path)).exit_code
    monkeypatch.setenv("ZC_CLI_TG", SECRET_VALUE)
    assert 0 == invoke("config", "check", str(path)).exit_code


def test_check_defaults_to_config_dir_or_env(
    tmp_path: Path, shipped_config_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without PATH: $ZEROCLAW_CONFIG, else config/zeroclaw.toml under the cwd."""
    monkeypatch.chdir(shipped_config_path.parent.parent)
    result = invoke("config", "check")
    assert "ok: config/zeroclaw.toml\n" == result.stdout
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ZEROCLAW_CONFIG", str(shipped_config_path))
    assert f"ok: {shipped_config_path}\n" == invoke("config", "check").stdout
    other = tmp_path / "other.toml"
    other.write_text("", encoding="utf-8")
    (tmp_path / "demo-script.toml").write_text("[default]\nreply = 'hi'\n", encoding="utf-8")
    assert f"ok: {other}\n" == invoke("config", "check", "--config", str(other)).stdout
    both = invoke("config", "check", str(shipped_config_path), "--config", str(other))
    assert 2 == both.exit_code


def test_show_never_prints_secret_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`config show` names the variables and whether they are set, never their values."""
    path = tmp_path / "zeroclaw.toml"
    path.write_text(
        '[provider]\nkind = "openai"\nmodel = "gpt-test"\napi_key_env = "ZC_CLI_API_KEY"\n'
        '[channels.gateway]\nauth_token_env = "ZC_CLI_GW_TOKEN"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("ZC_CLI_API_KEY", SECRET_VALUE)
    monkeypatch.setenv("ZC_CLI_GW_TOKEN", SECRET_VALUE + "-gw")
    result = invoke("config", "show", str(path))
    assert 0 == result.exit_code, result.stderr
    assert SECRET_VALUE not in result.stdout + result.stderr
    assert "# provider.api_key_env = ZC_CLI_API_KEY (set)" in result.stdout
    assert "# channels.gateway.auth_token_env = ZC_CLI_GW_TOKEN (set)" in result.stdout
    assert "# channels.telegram.bot_token_env = ZEROCLAW_TELEGRAM_TOKEN (not set, not needed" \
        in result.stdout
    assert load_config(path) == parse_config(result.stdout)  # the output is the config as TOML
    assert "gpt-test" == tomllib.loads(result.stdout)["provider"]["model"]


def test_show_reports_log_filter_override(
    shipped_config_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When RUST_LOG overrides [logging] filter, show says so."""
    monkeypatch.setenv("RUST_LOG", "warn")
    result = invoke("config", "show", str(shipped_config_path))
    assert "# logging.filter is overridden by RUST_LOG=warn" in result.stdout


def test_show_invalid_config_exits_78(tmp_path: Path) -> None:
    """show refuses a broken config the same way check does."""
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    result = invoke("config", "show", str(path))
    assert (78, "") == (result.exit_code, result.stdout)


def test_run_cli_errors_decorator() -> None:
    """The decorator turns our errors into `error: ...` and their exit codes."""

    @click.command()
    @click.argument("kind")
    @run_cli_errors
    def fail(kind: str) -> None:
        if kind == "config":
            raise ConfigError("x.toml", [ConfigProblem("a.b", "expected a string")])
        raise ChannelError("irc", "connection refused")

    runner = CliRunner()
    config_result = runner.invoke(fail, ["config"])
    assert (78, "error: x.toml: 1 config problem:\n  a.b: expected a string\n") == (
        config_result.exit_code,
        config_result.stderr,
    )
    channel_result = runner.invoke(fail, ["channel"])
    assert (1, "error: irc: connection refused\n") == (
        channel_result.exit_code,
        channel_result.stderr,
    )


def test_unexpected_errors_are_not_hidden() -> None:
    """Bugs (non-Zeroclaw exceptions) keep their traceback instead of a tidy message."""

    @click.command()
    @run_cli_errors
    def crash() -> None:
        raise KeyError("bug")

    result = CliRunner().invoke(crash, [])
    assert isinstance(result.exception, KeyError)


def test_receipt_errors_exit_1() -> None:
    """A ReceiptError (its own base, outside ZeroclawError) is also one line and exit 1."""
    receipts = pytest.importorskip("zeroclaw_daemon.receipts")

    @click.command()
    @run_cli_errors
    def verify() -> None:
        raise receipts.ReceiptError("not a receipt token")

    result = CliRunner().invoke(verify, [])
    assert (1, "error: not a receipt token\n") == (result.exit_code, result.stderr)


def test_version_imports_no_layer() -> None:
    """`zeroclaw --version` loads only the CLI shell: no agent, daemon, channel, provider,
    pydantic or Starlette import (the 1.2 s start the first-hour issue measured)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from zeroclaw_daemon.cli import main\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('zeroclaw_daemon.agent', 'zeroclaw_daemon.daemon', 'zeroclaw_daemon.channels',\n"
        "         'zeroclaw_daemon.providers', 'zeroclaw_daemon.audit', 'pydantic', 'starlette',\n"
        "         'httpx', 'uvicorn')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or\n"
        "             any(m == h or m.startswith(h + '.') for h in heavy)))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, check=True)
    assert f"zeroclaw, version {__version__}\n[]\n" == done.stdout
