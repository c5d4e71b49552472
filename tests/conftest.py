"""Fixtures shared by every test module (generic ones only)."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.fakes import ChatError, ChatOnce
from zeroclaw_daemon.errors import ProviderError
from zeroclaw_daemon.logs import configure_logging, reset_logging
from zeroclaw_daemon.providers.base import ChatMessage, ChatResponse, Provider, ToolSpec
from zeroclaw_daemon.tools.argpolicy import BUILTIN_SPECS, Positionals, ProgramSpec

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def repo_root() -> Path:
    """The checkout's top directory."""
    return REPO_ROOT


@pytest.fixture
def shipped_config_path() -> Path:
    """config/zeroclaw.toml, the default config the package ships."""
    return REPO_ROOT / "config" / "zeroclaw.toml"


@pytest.fixture
def clean_logging() -> Iterator[None]:
    """Put logging back to its unconfigured state after a test that configures it."""
    yield
    reset_logging()


@pytest.fixture
def capture_json_logs(monkeypatch: pytest.MonkeyPatch,
                      clean_logging: None) -> Callable[[str], io.StringIO]:
    """Configure logging at a level, as JSON lines into a returned buffer (env filters off)."""
    def capture(level: str) -> io.StringIO:
        monkeypatch.delenv("ZEROCLAW_LOG", raising=False)
        monkeypatch.delenv("RUST_LOG", raising=False)
        buffer = io.StringIO()
        configure_logging(level, "json", stream=buffer)
        return buffer
    return capture


@pytest.fixture
def json_logs(capture_json_logs: Callable[[str], io.StringIO]) -> io.StringIO:
    """Log records as JSON lines in a buffer, filter info (env filters removed)."""
    return capture_json_logs("info")


@pytest.fixture
def http_server() -> Iterator[str]:
    """A real HTTP server on 127.0.0.1 serving fixed text at /page (and a redirect)."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/redirect":
                self.send_response(302)
                self.send_header("Location", "/page")
                self.end_headers()
                return
            body = b"alpha\nbeta\ngamma\n"
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


# --- model providers (test_provider_openai.py, test_provider_anthropic.py) -------------------

@pytest.fixture
def chat_once() -> ChatOnce:
    """One ``provider.chat(messages, tools)``, the provider closed afterwards in any case."""
    async def chat(provider: Provider, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec] = ()) -> ChatResponse:
        try:
            return await provider.chat(messages, tools)
        finally:
            await provider.aclose()
    return chat


@pytest.fixture
def chat_error(chat_once: ChatOnce) -> ChatError:
    """The error of a ``chat_once`` that must fail with ``expected`` (a ProviderError kind)."""
    async def fail(provider: Provider, messages: Sequence[ChatMessage],
                   tools: Sequence[ToolSpec] = (), *,
                   expected: type[ProviderError] = ProviderError) -> ProviderError:
        with pytest.raises(expected) as caught:
            await chat_once(provider, messages, tools)
        return caught.value
    return fail


def process_test_specs() -> dict[str, ProgramSpec]:
    """The built-in argument policies plus test-only programs (sh, yes, printf, true)
    for tests of process mechanics (timeouts, output caps, orphans), not of the policy."""
    specs = dict(BUILTIN_SPECS)
    specs["sh"] = ProgramSpec("sh", valued=frozenset({"-c"}), positionals=Positionals.TEXT)
    for name in ("yes", "printf", "true"):
        specs[name] = ProgramSpec(name, positionals=Positionals.TEXT)
    return specs


@pytest.fixture
def process_test_programs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let configs allow-list the test-only programs of :func:`process_test_specs`."""
    monkeypatch.setattr("zeroclaw_daemon.tools.argpolicy.BUILTIN_SPECS", process_test_specs())
