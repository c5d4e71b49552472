"""ScriptedProvider: rule matching, tool rounds, reply placeholders, script checks;
plus build_provider and build_tools from a real config file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zeroclaw_daemon.config import load_config
from zeroclaw_daemon.errors import ConfigError
from zeroclaw_daemon.providers import AnthropicProvider, OpenAIProvider, build_provider
from zeroclaw_daemon.providers.base import ChatMessage, ToolCall
from zeroclaw_daemon.providers.scripted import ScriptedProvider
from zeroclaw_daemon.receipts import ReceiptScope, parse_token, trailer
from zeroclaw_daemon.tools import build_tools

REPO_ROOT = Path(__file__).resolve().parent.parent
DEMO_SCRIPT = REPO_ROOT / "config" / "demo-script.toml"
FIXED_NOW = 1_700_000_000.0

SCRIPT = """
[default]
reply = "No rule for: {user}"

[[rule]]
match = 'two rounds'
steps = [
  [{ tool = "list_dir", args = { path = "." } }, { tool = "read_file", args = { path = "a" } }],
  { tool = "shell", args = { argv = ["echo", "hi"] } },
]
reply = "a={receipt:1} b={receipt:2} c={receipt:3} d={result:2} e={head:1:2} f={receipt:9} {keep}"

[[rule]]
match = 'FORGE'
reply = "[receipt: {forged}]"
"""


def _provider(tmp_path: Path, text: str = SCRIPT) -> ScriptedProvider:
    path = tmp_path / "script.toml"
    path.write_text(text, encoding="utf-8")
    return ScriptedProvider(path, clock=lambda: FIXED_NOW)


def _user(text: str) -> ChatMessage:
    return ChatMessage(role="user", content=text)


async def test_default_reply_when_nothing_matches(tmp_path: Path) -> None:
    """No matching rule: the default reply, with {user} filled in, no tool calls."""
    response = await _provider(tmp_path).chat([_user("hello there")], [])
    assert ("No rule for: hello there", ()) == (response.text, response.tool_calls)


async def test_rounds_then_reply_with_placeholders(tmp_path: Path) -> None:
    """Each call emits the next round; the reply quotes receipts and results it saw."""
    provider = _provider(tmp_path)
    history = [ChatMessage(role="system", content="sys"), _user("please do TWO ROUNDS")]
    first = await provider.chat(history, [])
    assert (ToolCall("call_1", "list_dir", '{"path": "."}'),
            ToolCall("call_2", "read_file", '{"path": "a"}')) == first.tool_calls
    history += [
        ChatMessage(role="assistant", content="", tool_calls=first.tool_calls),
        ChatMessage(role="tool", content=trailer("one\ntwo\nthree", "zc-receipt-1-AAA"),
                    tool_call_id="call_1"),
        ChatMessage(role="tool", content="read_file: no such file: 'a'", tool_call_id="call_2"),
    ]
    second = await provider.chat(history, [])
    assert (ToolCall("call_3", "shell", '{"argv": ["echo", "hi"]}'),) == second.tool_calls
    history += [
        ChatMessage(role="assistant", content="", tool_calls=second.tool_calls),
        ChatMessage(role="tool", content=trailer("hi\n", "zc-receipt-2-BBB"),
                    tool_call_id="call_3"),
    ]
    final = await provider.chat(history, [])
    assert ("a=zc-receipt-1-AAA b= c=zc-receipt-2-BBB d=read_file: no such file: 'a' "
            "e=one\ntwo f= {keep}") == final.text
    assert ((), "stop") == (final.tool_calls, final.finish_reason)


async def test_only_the_last_user_message_counts(tmp_path: Path) -> None:
    """A rule matching an earlier turn does not fire again; call ids keep counting."""
    provider = _provider(tmp_path)
    earlier = [
        _user("two rounds"),
        ChatMessage(role="assistant", content="", tool_calls=(
            ToolCall("call_1", "list_dir", "{}"), ToolCall("call_2", "read_file", "{}"))),
        ChatMessage(role="tool", content="x", tool_call_id="call_1"),
        ChatMessage(role="tool", content="y", tool_call_id="call_2"),
        ChatMessage(role="assistant", content="done"),
    ]
    response = await provider.chat([*earlier, _user("something else")], [])
    assert "No rule for: something else" == response.text
    again = await provider.chat([*earlier, _user("two rounds again")], [])
    assert ["call_3", "call_4"] == [call.id for call in again.tool_calls]


async def test_forged_token_is_well_formed_and_never_issued(tmp_path: Path) -> None:
    """{forged} parses as a token stamped now, and a real scope calls it forged."""
    response = await _provider(tmp_path).chat([_user("forge one")], [])
    token_text = response.text.removeprefix("[receipt: ").removesuffix("]")
    token = parse_token(token_text)
    assert int(FIXED_NOW) == token.timestamp
    scope = ReceiptScope(clock=lambda: FIXED_NOW - 10)
    try:
        (verdict,) = scope.check_tokens(response.text, "conv")
        assert "forged" == verdict.verdict
    finally:
        scope.close()


def test_script_problems_are_all_reported(tmp_path: Path) -> None:
    """A bad script raises one ConfigError listing every problem with its path."""
    bad = """
surprise = 1
[[rule]]
match = '(unclosed'
reply = 3
[[rule]]
match = 'ok'
steps = [{ tool = "", args = "nope" }]
reply = "fine"
"""
    with pytest.raises(ConfigError) as caught:
        _provider(tmp_path, bad)
    paths = [problem.path for problem in caught.value.problems]
    assert ["surprise", "rule[0].match", "rule[0].reply", "rule[1].steps[0].tool",
            "rule[1].steps[0].args"] == paths


def test_missing_and_unparseable_scripts_are_config_errors(tmp_path: Path) -> None:
    """A missing file or invalid TOML is a ConfigError, not a crash."""
    with pytest.raises(ConfigError) as missing:
        ScriptedProvider(tmp_path / "absent.toml")
    assert "provider.script: script file not found" == str(missing.value.problems[0])
    with pytest.raises(ConfigError) as broken:
        _provider(tmp_path, "[[rule]\n")
    assert str(broken.value.problems[0]).startswith("<root>: invalid TOML")


async def test_shipped_demo_script_rules(tmp_path: Path) -> None:
    """The demo script loads, and its showcase rules do what its comments promise."""
    provider = ScriptedProvider(DEMO_SCRIPT, clock=lambda: FIXED_NOW)
    listing = await provider.chat([_user("list files")], [])
    assert (ToolCall("call_1", "list_dir", '{"path": "."}'),) == listing.tool_calls
    readme = await provider.chat([_user("read the README please")], [])
    assert (ToolCall("call_1", "read_file", '{"path": "README.md"}'),) == readme.tool_calls
    database = await provider.chat([_user("Check the database")], [])
    assert ("I queried the staging database and the index exists.", ()) == (
        database.text, database.tool_calls)
    weather = await provider.chat([_user("what is the weather?")], [])
    assert 1 == weather.text.count("zc-receipt-")
    hello = await provider.chat([_user("hello")], [])
    assert hello.text.startswith("I am the scripted demo model")


async def test_demo_list_files_reply_quotes_the_receipt_verbatim(tmp_path: Path) -> None:
    """The honest demo answer carries exactly the token the tool result carried."""
    provider = ScriptedProvider(DEMO_SCRIPT)
    first = await provider.chat([_user("list files")], [])
    token = "zc-receipt-1700000000-" + "A" * 43
    final = await provider.chat([
        _user("list files"),
        ChatMessage(role="assistant", content="", tool_calls=first.tool_calls),
        ChatMessage(role="tool", content=trailer("a.txt\nsub/", token), tool_call_id="call_1"),
    ], [])
    assert ("I listed the directory with list_dir. It contains:\na.txt\nsub/\n\n"
            f"[receipt: {token}]") == final.text


# --- build_provider / build_tools from a real config file --------------------------------

def _config(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "zeroclaw.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_build_provider_scripted_resolves_the_script(tmp_path: Path) -> None:
    """kind = scripted loads the script relative to the config file."""
    (tmp_path / "s.toml").write_text('[default]\nreply = "hi"\n')
    cfg = load_config(_config(tmp_path, '[provider]\nkind = "scripted"\nscript = "s.toml"\n'))
    provider = build_provider(cfg, cfg.resolve_path)
    assert isinstance(provider, ScriptedProvider)
    assert tmp_path / "s.toml" == provider.script_path


def test_build_provider_openai_reads_the_key_from_env(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """kind = openai takes the key from the named variable and keeps it out of repr."""
    monkeypatch.setenv("ZC_TEST_OPENAI_KEY", "sk-from-env-123")
    cfg = load_config(_config(tmp_path, '[provider]\nkind = "openai"\nmodel = "gpt-x"\n'
                                        'base_url = "http://127.0.0.1:11434/v1"\n'
                                        'api_key_env = "ZC_TEST_OPENAI_KEY"\n'))
    provider = build_provider(cfg, cfg.resolve_path)
    assert isinstance(provider, OpenAIProvider)
    assert "http://127.0.0.1:11434/v1/chat/completions" == provider.url
    assert "sk-from-env-123" not in repr(provider)


def test_build_provider_missing_key_variable_is_a_config_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unset key variable is named in a ConfigError."""
    monkeypatch.delenv("ZC_TEST_MISSING_KEY", raising=False)
    cfg = load_config(_config(tmp_path, '[provider]\nkind = "anthropic"\nmodel = "claude-x"\n'
                                        'api_key_env = "ZC_TEST_MISSING_KEY"\n'))
    with pytest.raises(ConfigError) as caught:
        build_provider(cfg, cfg.resolve_path)
    assert "ZC_TEST_MISSING_KEY" == caught.value.problems[0].path


def test_build_provider_anthropic_default_url(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """kind = anthropic with no base_url talks to the public API."""
    monkeypatch.setenv("ZC_TEST_ANTHROPIC_KEY", "k")
    cfg = load_config(_config(tmp_path, '[provider]\nkind = "anthropic"\nmodel = "claude-x"\n'
                                        'api_key_env = "ZC_TEST_ANTHROPIC_KEY"\n'))
    provider = build_provider(cfg, cfg.resolve_path)
    assert isinstance(provider, AnthropicProvider)
    assert "https://api.anthropic.com/v1/messages" == provider.url


def test_build_tools_follows_config(tmp_path: Path) -> None:
    """Enabled tools are built with config values; disabled ones are absent."""
    (tmp_path / "data").mkdir()
    cfg = load_config(_config(tmp_path, '[tools.shell]\nenabled = false\n'
                                        '[tools.files]\nroot = "data"\nmax_read_bytes = 10\n'
                                        '[tools.http_get]\nallow_private = true\n'))
    tools = build_tools(cfg)
    assert ["http_get", "list_dir", "read_file", "write_file"] == sorted(tools)
    read_file = tools["read_file"]
    assert str((tmp_path / "data").resolve()) == read_file.confinement.root  # type: ignore[attr-defined]
    assert 10 == read_file.max_read_bytes  # type: ignore[attr-defined]
    assert tools["http_get"].allow_private  # type: ignore[attr-defined]
    for tool in tools.values():
        json.dumps(dict(tool.parameters))
