"""http_get against a real HTTP server on loopback: address checks, redirects, caps, errors."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator, Sequence

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from tests.fakes import serve_app
from zeroclaw_daemon.errors import ToolDeniedError, ToolExecutionError, ToolTimeoutError
from zeroclaw_daemon.tools.base import RiskClass, ToolContext
from zeroclaw_daemon.tools.http import HttpGetTool, Resolver

CTX = ToolContext(conversation_id="conv", turn_id="turn", call_id="call_1")


async def _text(request: Request) -> Response:
    return PlainTextResponse("hello from loopback")


async def _big(request: Request) -> Response:
    return PlainTextResponse("a" * 10_000)


async def _latin1(request: Request) -> Response:
    return Response("café".encode("latin-1"), media_type="text/plain; charset=latin-1")


async def _image(request: Request) -> Response:
    return Response(b"\x89PNG\r\n\x1a\n" + b"\0" * 32, media_type="image/png")


async def _missing(request: Request) -> Response:
    return PlainTextResponse("not here", status_code=404)


async def _host(request: Request) -> Response:
    return PlainTextResponse(request.headers.get("host", ""))


async def _slow(request: Request) -> Response:
    await asyncio.sleep(3.0)
    return PlainTextResponse("late")


async def _redirect(request: Request) -> Response:
    return RedirectResponse(request.query_params["to"], status_code=302)


async def _loop(request: Request) -> Response:
    return RedirectResponse("/loop", status_code=307)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A loopback HTTP server; yields its base URL."""
    app = Starlette(routes=[
        Route("/text", _text), Route("/big", _big), Route("/latin1", _latin1),
        Route("/image", _image), Route("/missing", _missing), Route("/host", _host),
        Route("/slow", _slow), Route("/redirect", _redirect), Route("/loop", _loop),
    ])
    with serve_app(app) as url:
        yield url


def _tool(*, allow_hosts: Sequence[str] = (), deny_hosts: Sequence[str] = (),
          allow_private: bool = False, timeout_s: float = 5.0, max_bytes: int = 1 << 20,
          resolver: Resolver | None = None) -> HttpGetTool:
    return HttpGetTool(allow_hosts=allow_hosts, deny_hosts=deny_hosts,
                       allow_private=allow_private, timeout_s=timeout_s, max_bytes=max_bytes,
                       resolver=resolver)


def _static_resolver(mapping: dict[str, list[str]]) -> Resolver:
    async def resolve(host: str, port: int) -> list[str]:
        if host not in mapping:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return mapping[host]
    return resolve


async def test_loopback_is_refused_by_default(server: str) -> None:
    """With default settings a loopback URL is denied before any connection."""
    tool = _tool()
    with pytest.raises(ToolDeniedError) as caught:
        await tool.run({"url": f"{server}/text"}, CTX)
    assert "denied" == caught.value.status
    assert "resolves to 127.0.0.1, a loopback address" in caught.value.message
    assert RiskClass.NETWORK == tool.risk


async def test_allow_private_fetches_loopback(server: str) -> None:
    """allow_private lets loopback through; the final URL is recorded."""
    output = await _tool(allow_private=True).run({"url": f"{server}/text"}, CTX)
    assert "hello from loopback" == output.text
    assert (f"{server}/text",) == output.urls


@pytest.mark.parametrize("entry", ["127.0.0.1", "127.0.0.0/8"])
async def test_allow_hosts_exempts_a_host_or_network(server: str, entry: str) -> None:
    """A host name or an IP network in allow_hosts is exempt from the private check."""
    output = await _tool(allow_hosts=[entry]).run({"url": f"{server}/text"}, CTX)
    assert "hello from loopback" == output.text


@pytest.mark.parametrize("entry", ["127.0.0.1", "127.0.0.0/8"])
async def test_deny_hosts_always_wins(server: str, entry: str) -> None:
    """deny_hosts refuses even when private addresses are allowed."""
    with pytest.raises(ToolDeniedError) as caught:
        await _tool(allow_private=True, deny_hosts=[entry]).run({"url": f"{server}/text"}, CTX)
    assert "deny list" in caught.value.message


async def test_redirect_to_a_private_address_is_refused(server: str) -> None:
    """Each redirect hop is checked: a hop to 10.x is refused even though hop 1 was allowed."""
    tool = _tool(allow_hosts=["127.0.0.1"])
    with pytest.raises(ToolDeniedError) as caught:
        await tool.run({"url": f"{server}/redirect?to=http://10.1.2.3/admin"}, CTX)
    assert "10.1.2.3, a private address" in caught.value.message


async def test_redirect_to_an_unlisted_loopback_name_is_refused(server: str) -> None:
    """A name exemption is per host: a redirect to `localhost` is checked on its own."""
    port = server.rsplit(":", 1)[1]
    resolver = _static_resolver({"service.test": ["127.0.0.1"], "localhost": ["127.0.0.1"]})
    tool = _tool(allow_hosts=["service.test"], resolver=resolver)
    first = await tool.run({"url": f"http://service.test:{port}/text"}, CTX)
    assert "hello from loopback" == first.text
    with pytest.raises(ToolDeniedError) as caught:
        await tool.run({"url": f"http://service.test:{port}/redirect"
                               f"?to=http://localhost:{port}/text"}, CTX)
    assert "localhost resolves to 127.0.0.1, a loopback address" in caught.value.message


async def test_relative_redirect_is_followed_and_final_url_recorded(server: str) -> None:
    """A permitted redirect is followed; text and urls name where the body came from."""
    output = await _tool(allow_private=True).run({"url": f"{server}/redirect?to=/text"}, CTX)
    assert f"[redirected to {server}/text]\n\nhello from loopback" == output.text
    assert (f"{server}/text",) == output.urls


async def test_redirect_loop_stops(server: str) -> None:
    """More than five redirects is a failed call."""
    with pytest.raises(ToolExecutionError) as caught:
        await _tool(allow_private=True).run({"url": f"{server}/loop"}, CTX)
    assert f"'{server}/loop' redirected more than 5 times" == caught.value.message


async def test_body_is_capped(server: str) -> None:
    """A body over max_bytes is cut at the cap and marked."""
    output = await _tool(allow_private=True, max_bytes=100).run({"url": f"{server}/big"}, CTX)
    assert "a" * 100 + "\n[body truncated at 100 bytes]" == output.text


async def test_non_2xx_is_an_error_with_status(server: str) -> None:
    """A 404 fails the call with the status and a snippet of the body."""
    with pytest.raises(ToolExecutionError) as caught:
        await _tool(allow_private=True).run({"url": f"{server}/missing"}, CTX)
    assert f"HTTP 404 Not Found from {server}/missing: not here" == caught.value.message


async def test_charset_is_honoured(server: str) -> None:
    """The Content-Type charset decodes the body."""
    output = await _tool(allow_private=True).run({"url": f"{server}/latin1"}, CTX)
    assert "café" == output.text


async def test_binary_content_is_not_dumped(server: str) -> None:
    """Non-text content types are described, not decoded."""
    output = await _tool(allow_private=True).run({"url": f"{server}/image"}, CTX)
    assert "[image/png content not shown: 40 bytes]" == output.text


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com/x"])
async def test_only_http_and_https(url: str) -> None:
    """Other schemes are refused."""
    with pytest.raises(ToolDeniedError) as caught:
        await _tool(allow_private=True).run({"url": url}, CTX)
    assert caught.value.message.startswith("only http and https URLs are allowed")


async def test_connects_to_the_checked_address_with_the_original_host(server: str) -> None:
    """The request goes to the vetted IP; the URL's host travels in the Host header."""
    port = server.rsplit(":", 1)[1]
    resolver = _static_resolver({"service.test": ["127.0.0.1"]})
    output = await _tool(allow_private=True, resolver=resolver).run(
        {"url": f"http://service.test:{port}/host"}, CTX)
    assert f"service.test:{port}" == output.text
    assert (f"http://service.test:{port}/host",) == output.urls


@pytest.mark.parametrize("address", ["10.0.0.5", "169.254.169.254", "::1", "::ffff:127.0.0.1",
                                     "fd00::1", "0.0.0.0", "224.0.0.1", "100.64.0.1"])
async def test_resolved_address_is_checked_not_the_name(address: str) -> None:
    """A public-looking name that resolves to a non-public address is refused."""
    resolver = _static_resolver({"public.example": [address]})
    with pytest.raises(ToolDeniedError) as caught:
        await _tool(resolver=resolver).run({"url": "http://public.example/"}, CTX)
    assert "refusing 'http://public.example/'" in caught.value.message


@pytest.mark.parametrize(("address", "kind"), [
    ("2002:c0a8:0101::1", "6to4"),              # 192.168.1.1 inside 6to4
    ("2002:7f00:0001::1", "6to4"),              # 127.0.0.1
    ("2002:a9fe:a9fe::1", "6to4"),              # 169.254.169.254 (cloud metadata)
    ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"),  # client 192.0.2.45 (TEST-NET)
    ("2001:0:0a00:0001::f5ff:fffe", "Teredo"),  # server 10.0.0.1, client 10.0.0.1
])
async def test_ipv6_transition_addresses_embedding_private_ipv4_are_refused(
        address: str, kind: str) -> None:
    """6to4 and Teredo addresses carry an IPv4 address a relay delivers to: a private one
    inside is refused, and the reason names the transition form."""
    resolver = _static_resolver({"relay.example": [address]})
    with pytest.raises(ToolDeniedError) as caught:
        await _tool(resolver=resolver).run({"url": "http://relay.example/"}, CTX)
    assert f"a {kind} address embedding" in caught.value.message


async def test_one_private_address_among_public_ones_is_refused() -> None:
    """Every resolved address must pass, not just the first."""
    resolver = _static_resolver({"mixed.example": ["93.184.216.34", "127.0.0.1"]})
    with pytest.raises(ToolDeniedError):
        await _tool(resolver=resolver).run({"url": "http://mixed.example/"}, CTX)


async def test_unresolvable_host_fails() -> None:
    """A name that does not resolve is a failed call."""
    resolver = _static_resolver({})
    with pytest.raises(ToolExecutionError) as caught:
        await _tool(resolver=resolver).run({"url": "http://nowhere.invalid/"}, CTX)
    assert caught.value.message.startswith("cannot resolve host 'nowhere.invalid'")


async def test_slow_server_times_out(server: str) -> None:
    """A response slower than timeout_s ends as a timeout."""
    with pytest.raises(ToolTimeoutError) as caught:
        await _tool(allow_private=True, timeout_s=0.5).run({"url": f"{server}/slow"}, CTX)
    assert "timeout" == caught.value.status
