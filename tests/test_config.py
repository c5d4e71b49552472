"""Config models, loading, error reporting, secrets and atomic writing."""

# The house style asserts `expected == actual`, which ruff's SIM300 calls Yoda.

from __future__ import annotations

import os
import stat
from functools import reduce
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from zeroclaw_daemon.config import (
    Config,
    ConfigFileExistsError,
    check_secrets,
    default_config,
    dump_config,
    load_config,
    parse_config,
    require_env,
    write_config_atomic,
)
from zeroclaw_daemon.errors import ConfigError, ConfigProblem

pytestmark = pytest.mark.usefixtures("clean_logging")

SECRET = "sk-live-9f8e7d6c5b4a39281706SECRET"


def attr(cfg: Config, dotted: str) -> Any:
    """Follow a dotted attribute path such as ``agent.tool_receipts.audit.mode``."""
    return reduce(getattr, dotted.split("."), cfg)


def problems_of(text: str, tmp_path: Path) -> list[ConfigProblem]:
    """The problems load_config reports for a file holding ``text``."""
    path = tmp_path / "zeroclaw.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    return list(caught.value.problems)


@pytest.mark.parametrize(
    ("dotted", "expected"),
    [
        ("daemon.state_dir", "state"),
        ("daemon.drain_timeout_s", 30.0),
        ("daemon.max_concurrent_turns", 8),
        ("daemon.store_payloads", False),
        ("logging.filter", "info"),
        ("logging.format", "console"),
        ("provider.kind", "scripted"),
        ("provider.base_url", ""),
        ("provider.model", ""),
        ("provider.api_key_env", ""),
        ("provider.timeout_s", 60.0),
        ("provider.max_retries", 3),
        ("provider.script", "demo-script.toml"),
        ("agent.max_tool_iterations", 8),
        ("agent.max_tool_result_chars", 16000),
        ("agent.autonomy", "supervised"),
        ("agent.history_max_messages", 40),
        ("agent.tool_timeout_s", 30.0),
        ("agent.tool_receipts.enabled", True),
        ("agent.tool_receipts.show_in_response", False),
        ("agent.tool_receipts.inject_system_prompt", True),
        ("agent.tool_receipts.ledger_max_entries", 100000),
        ("agent.tool_receipts.audit.mode", "annotate"),
        (
            "tools.shell.allow",
            ("echo", "date", "uname", "wc", "grep", "git"),
        ),
        ("tools.shell.workdir", "workspace"),
        ("tools.shell.timeout_s", 20.0),
        ("tools.shell.max_output_bytes", 65536),
        ("tools.files.root", "workspace"),
        ("tools.files.max_read_bytes", 1048576),
        ("tools.files.max_write_bytes", 1048576),
        ("tools.http_get.allow_hosts", ()),
        ("tools.http_get.deny_hosts", ()),
        ("tools.http_get.allow_private", False),
        ("tools.http_get.timeout_s", 20.0),
        ("tools.http_get.max_bytes", 1048576),
        ("tools.delegate.enabled", True),
        ("tools.delegate.max_tool_iterations", 6),
        ("channels.gateway.enabled", True),
        ("channels.gateway.listen", "127.0.0.1:8731"),
        ("channels.gateway.auth_token_env", ""),
        ("channels.gateway.max_body_bytes", 1048576),
        ("channels.telegram.enabled", False),
        ("channels.telegram.bot_token_env", "ZEROCLAW_TELEGRAM_TOKEN"),
        ("channels.telegram.api_base", "https://api.telegram.org"),
        ("channels.telegram.allowed_users", ()),
        ("channels.telegram.poll_timeout_s", 25),
        ("channels.irc.enabled", False),
        ("channels.irc.allowed_users", ()),
        ("channels.irc.server", "127.0.0.1"),
        ("channels.irc.port", 6667),
        ("channels.irc.tls", False),
        ("channels.irc.nick", "zeroclaw"),
        ("channels.irc.channels", ("#zeroclaw",)),
        ("channels.irc.password_env", ""),
    ],
)
def test_defaults(dotted: str, expected: object) -> None:
    """Every default matches the documented value, and an empty file means the defaults."""
    assert expected == attr(default_config(), dotted)
    assert expected == attr(parse_config(""), dotted)


def test_prompts_have_defaults() -> None:
    """The two system prompts default to the documented openings."""
    cfg = default_config()
    assert cfg.agent.system_prompt.startswith("You are ZeroClaw, ")
    assert cfg.tools.delegate.system_prompt.startswith("You are a focused sub-agent")


def test_shipped_config_loads_and_round_trips(shipped_config_path: Path, tmp_path: Path) -> None:
    """config/zeroclaw.toml loads cleanly, and load(dump(cfg)) == cfg through a real file."""
    cfg = load_config(shipped_config_path, check_env=True)
    copy = tmp_path / "copy.toml"
    copy.write_text(dump_config(cfg), encoding="utf-8")
    assert cfg == load_config(copy)
    assert dump_config(cfg) == dump_config(load_config(copy))


def test_shipped_config_choices(shipped_config_path: Path) -> None:
    """The shipped config is offline: scripted model, loopback gateway, no remote channels."""
    cfg = load_config(shipped_config_path)
    expected = {
        "provider.kind": "scripted",
        "provider.script": "demo-script.toml",
        "channels.gateway.enabled": True,
        "channels.gateway.listen": "127.0.0.1:8731",
        "channels.gateway.auth_token_env": "",
        "channels.telegram.enabled": False,
        "channels.irc.enabled": False,
        "daemon.state_dir": "state",
    }
    assert expected == {key: attr(cfg, key) for key in expected}
    assert shipped_config_path.parent / "demo-script.toml" == cfg.resolve_path(
        cfg.provider.script
    )


def test_default_config_round_trips() -> None:
    """The defaults survive dump and parse unchanged."""
    cfg = default_config()
    assert cfg == parse_config(dump_config(cfg))


@pytest.mark.parametrize(
    ("listen", "valid"),
    [
        ("127.0.0.1:8731", True),
        ("127.0.0.1:0", True),
        ("localhost:80", True),
        ("[::1]:8731", True),
        ("0.0.0.0:65535", True),
        ("127.0.0.1", False),
        (":8731", False),
        ("127.0.0.1:", False),
        ("127.0.0.1:99999", False),
        ("127.0.0.1:http", False),
        ("::1:8731", False),
        ("127.0.0.1:-1", False),
    ],
)
def test_listen_must_be_host_port(listen: str, valid: bool) -> None:
    """channels.gateway.listen accepts host:port (IPv6 bracketed) and nothing else."""
    # With a token, so that only the syntax decides (exposure is tested below).
    text = f'[channels.gateway]\nlisten = "{listen}"\nauth_token_env = "ZC_TOKEN"\n'
    try:
        parse_config(text)
    except ConfigError as exc:
        assert ["channels.gateway.listen"] == [p.path for p in exc.problems]
        accepted = False
    else:
        accepted = True
    assert valid == accepted


@pytest.mark.parametrize(("listen", "extra", "exposed"), [
    ("0.0.0.0:8731", "", True),
    ("[::]:8731", "", True),
    ("192.0.2.10:8731", "", True),
    ("gateway.example:8731", "", True),   # a name may resolve anywhere
    ("127.0.0.1:8731", "", False),
    ("127.1.2.3:8731", "", False),
    ("[::1]:8731", "", False),
    ("localhost:8731", "", False),
    ("0.0.0.0:8731", 'auth_token_env = "ZC_TOKEN"\n', False),
    ("0.0.0.0:8731", "allow_unauthenticated = true\n", False),
    ("0.0.0.0:8731", "enabled = false\n", False),
])
def test_unauthenticated_listener_beyond_loopback_is_refused(listen: str, extra: str,
                                                             exposed: bool) -> None:
    """A gateway beyond loopback needs a token or allow_unauthenticated (problem at listen)."""
    text = f'[channels.gateway]\nlisten = "{listen}"\n{extra}'
    try:
        parse_config(text)
    except ConfigError as exc:
        problems = [(p.path, "without a bearer token" in p.message) for p in exc.problems]
    else:
        problems = []
    assert ([("channels.gateway.listen", True)] if exposed else []) == problems


def test_trusted_proxies_must_be_addresses_or_networks() -> None:
    """trusted_proxies accepts IPs and CIDR networks; anything else is a problem at its path."""
    parse_config('[channels.gateway]\ntrusted_proxies = ["127.0.0.1", "10.0.0.0/8", "::1"]\n')
    with pytest.raises(ConfigError) as caught:
        parse_config('[channels.gateway]\ntrusted_proxies = ["proxy.example"]\n')
    assert ["channels.gateway.trusted_proxies"] == [p.path for p in caught.value.problems]


def test_secret_pasted_into_env_name_is_refused(tmp_path: Path) -> None:
    """Putting the key itself where its variable name belongs is an error that hides it."""
    problems = problems_of(f'[provider]\napi_key_env = "{SECRET}"\n', tmp_path)
    assert ["provider.api_key_env"] == [p.path for p in problems]
    assert "NAME of an environment variable" in problems[0].message
    assert SECRET not in str(problems[0])


def test_cross_field_checks(tmp_path: Path) -> None:
    """Settings that depend on each other are checked, each with its own path."""
    problems = problems_of(
        '[provider]\nkind = "openai"\n[channels.telegram]\nenabled = true\nbot_token_env = ""\n',
        tmp_path,
    )
    expected = [
        ConfigProblem("provider.model", "required when provider.kind is openai"),
        ConfigProblem(
            "channels.telegram.bot_token_env", "required when channels.telegram is enabled"
        ),
    ]
    assert expected == problems


def test_cross_field_checks_apply_to_direct_construction() -> None:
    """Building a Config in code runs the same cross-field checks."""
    with pytest.raises(ValidationError) as caught:
        Config.model_validate({"provider": {"kind": "anthropic"}})
    assert "provider.model: required when provider.kind is anthropic" in str(caught.value)


def test_missing_env_var_for_enabled_telegram(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An enabled channel whose token variable is unset fails the env check, naming it."""
    path = tmp_path / "zeroclaw.toml"
    path.write_text(
        '[channels.telegram]\nenabled = true\nbot_token_env = "ZC_TEST_TG_TOKEN"\n',
        encoding="utf-8",
    )
    monkeypatch.delenv("ZC_TEST_TG_TOKEN", raising=False)
    load_config(path)  # without the env check the file itself is fine
    with pytest.raises(ConfigError) as caught:
        load_config(path, check_env=True)
    assert ["channels.telegram.bot_token_env"] == [p.path for p in caught.value.problems]
    assert "ZC_TEST_TG_TOKEN" in caught.value.problems[0].message
    monkeypatch.setenv("ZC_TEST_TG_TOKEN", "123:" + SECRET)
    assert load_config(path, check_env=True).channels.telegram.enabled


def test_check_secrets_covers_every_enabled_part() -> None:
    """Each enabled part naming a variable is checked; disabled parts and empty names are not."""
    cfg = parse_config(
        '[provider]\nkind = "openai"\nmodel = "m"\napi_key_env = "ZC_T_KEY"\n'
        '[channels.gateway]\nauth_token_env = "ZC_T_GW"\n'
        '[channels.telegram]\nenabled = true\nbot_token_env = "ZC_T_TG"\n'
        '[channels.irc]\nenabled = false\npassword_env = "ZC_T_IRC"\n'
    )
    missing = check_secrets(cfg, environ={"ZC_T_GW": "  "})
    expected = ["provider.api_key_env", "channels.gateway.auth_token_env",
                "channels.telegram.bot_token_env"]
    assert expected == [p.path for p in missing]
    everything = {"ZC_T_KEY": "k", "ZC_T_GW": "g", "ZC_T_TG": "t", "ZC_T_IRC": "i"}
    assert [] == check_secrets(cfg, environ=everything)
    assert [] == check_secrets(default_config(), environ={})


def test_require_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """require_env returns the value, or raises a ConfigError naming the variable."""
    monkeypatch.setenv("ZC_TEST_REQ", SECRET)
    assert SECRET == require_env("ZC_TEST_REQ", "the test secret")
    monkeypatch.setenv("ZC_TEST_REQ", "")
    with pytest.raises(ConfigError) as caught:
        require_env("ZC_TEST_REQ", "the test secret")
    assert "ZC_TEST_REQ" in str(caught.value)
    assert "the test secret" in str(caught.value)
    assert 78 == caught.value.exit_code


def test_models_are_frozen() -> None:
    """Loaded configs cannot be changed in place, not even their arrays."""
    cfg = default_config()
    with pytest.raises(ValidationError):
        cfg.agent.autonomy = "full"
    with pytest.raises(ValidationError):
        cfg.agent.tool_receipts.audit.mode = "off"
    assert isinstance(cfg.tools.shell.allow, tuple)
    assert hash(cfg) == hash(parse_config(dump_config(cfg)))


def test_resolve_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative paths resolve against the config's directory; ~ expands; absolute stays."""
    conf_dir = tmp_path / "etc"
    conf_dir.mkdir()
    path = conf_dir / "zeroclaw.toml"
    path.write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    cfg = load_config(path)
    assert conf_dir / "state" == cfg.resolve_path(cfg.daemon.state_dir)
    assert tmp_path / "home" / "x" == cfg.resolve_path("~/x")
    assert Path("/var/lib/z") == cfg.resolve_path("/var/lib/z")
    assert path == cfg.source
    assert tmp_path / "state" == default_config().resolve_path("state")


def test_equality_ignores_location(tmp_path: Path) -> None:
    """The same settings loaded from two directories are equal; different settings are not."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "z.toml").write_text("", encoding="utf-8")
    (tmp_path / "b" / "z.toml").write_text("[daemon]\nstore_payloads = true\n", encoding="utf-8")
    assert load_config(tmp_path / "a" / "z.toml") == default_config()
    assert load_config(tmp_path / "b" / "z.toml") != default_config()


def test_write_config_atomic(tmp_path: Path) -> None:
    """Writes new files, refuses existing ones without force, replaces with force."""
    target = tmp_path / "sub" / "zeroclaw.toml"
    assert target == write_config_atomic(target, "a = 1\n", force=False)
    with pytest.raises(ConfigFileExistsError):
        write_config_atomic(target, "a = 2\n", force=False)
    assert "a = 1\n" == target.read_text(encoding="utf-8")
    os.chmod(target, 0o600)
    write_config_atomic(target, "a = 3\n", force=True)
    assert "a = 3\n" == target.read_text(encoding="utf-8")
    assert 0o600 == stat.S_IMODE(target.stat().st_mode)  # the replaced file's mode is kept
    assert ["zeroclaw.toml"] == sorted(p.name for p in target.parent.iterdir())  # no temp left
