"""``[[tools.mcp]]`` tables: defaults, round trip, every problem reported with its path,
and the secrets they name (checked, never echoed)."""

from __future__ import annotations

import pytest

from zeroclaw_daemon.config import check_secrets, dump_config, parse_config
from zeroclaw_daemon.daemon.settings import configured_secrets
from zeroclaw_daemon.errors import ConfigError

pytestmark = pytest.mark.usefixtures("clean_logging")

GOOD = """
[[tools.mcp]]
name = "time"
command = "mcp-server-time"
env = { TZ = "Etc/UTC" }
env_from = { GITHUB_TOKEN = "ZC_GITHUB_TOKEN" }
allow = ["get_current_time"]
trust_annotations = true

[[tools.mcp]]
name = "remote"
transport = "http"
url = "https://mcp.example.com/mcp"
headers_env = { Authorization = "ZC_REMOTE_AUTH" }
timeout_s = 10
"""

# Two tables whose keys do not fit their transport, sharing one name.
WRONG_TRANSPORT_KEYS = """
[[tools.mcp]]
name = "a"
url = "https://x.example/mcp"

[[tools.mcp]]
name = "a"
transport = "http"
command = "srv"
"""


def problems(text: str) -> dict[str, str]:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    return {problem.path: problem.message for problem in caught.value.problems}


def test_servers_parse_and_round_trip() -> None:
    """Two servers parse with their tables; dump -> parse gives the same config."""
    cfg = parse_config(GOOD)
    time_server, remote = cfg.tools.mcp
    assert (("TZ", "Etc/UTC"),) == time_server.env
    assert "stdio" == time_server.transport and "http" == remote.transport
    assert 30.0 == time_server.timeout_s and 10.0 == remote.timeout_s
    assert cfg == parse_config(dump_config(cfg))
    assert () == parse_config("").tools.mcp


def test_every_problem_is_reported_with_its_path() -> None:
    """Missing command/url, wrong-transport keys, duplicate and bad names, a secret in
    env_from: each a problem at its own dotted path, values never echoed."""
    found = problems(WRONG_TRANSPORT_KEYS + """
[[tools.mcp]]
name = "Bad__Name"
command = "srv"

[[tools.mcp]]
name = "c"
command = "srv"
env_from = { TOKEN = "sk-live-abc def" }
comand = "typo"
""")
    assert {"tools.mcp[2].name", "tools.mcp[3].env_from", "tools.mcp[3].comand"} <= set(found)
    assert "sk-live" not in " ".join(found.values())
    cross = problems(WRONG_TRANSPORT_KEYS)
    assert {"tools.mcp[0].command", "tools.mcp[0].url", "tools.mcp[1].name",
            "tools.mcp[1].url", "tools.mcp[1].command"} == set(cross)


def test_named_secrets_are_checked_and_redacted() -> None:
    """env_from and headers_env name secrets: check_secrets reports unset ones by name,
    and their values join the daemon's redaction list."""
    cfg = parse_config(GOOD)
    missing = check_secrets(cfg, {})
    assert {"tools.mcp[0].env_from.GITHUB_TOKEN", "tools.mcp[1].headers_env.Authorization"} \
        == {problem.path for problem in missing}
    environ = {"ZC_GITHUB_TOKEN": "ghp-secret-1", "ZC_REMOTE_AUTH": "Bearer secret-2"}
    assert [] == check_secrets(cfg, environ)
    assert {"ghp-secret-1", "Bearer secret-2"} <= set(configured_secrets(cfg, environ))
