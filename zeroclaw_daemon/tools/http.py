"""The ``http_get`` tool: fetch one http(s) URL, refusing private addresses.

Checks are made on the *resolved* addresses, not the host name, and the
connection then goes to exactly the address that was checked (the URL's host
is kept in the ``Host`` header and as the TLS server name), so a DNS answer
that changes between check and connect cannot steer the request to a private
address. Redirects are followed by hand, each hop resolved and checked again.

``allow_hosts`` exempts hosts (names, or IP networks such as ``10.1.0.0/16``)
from the private-address refusal; it does not restrict fetches to those hosts.
``deny_hosts`` (same syntax) is always refused. A name entry matches that
exact host; ``*.example.com`` or ``.example.com`` also match its subdomains.
"""

from __future__ import annotations

import codecs
import ipaddress
import socket
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anyio
import httpx

from zeroclaw_daemon.errors import (
    ToolArgumentError,
    ToolDeniedError,
    ToolError,
    ToolExecutionError,
    ToolTimeoutError,
)

from .base import RiskClass, Tool, ToolContext, ToolOutput, closed_object_schema, require_positive

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str, int], Awaitable[Sequence[str]]]

DEFAULT_MAX_REDIRECTS = 5
TIMEOUT_GRACE_S = 1.0
ERROR_BODY_CHARS = 300
USER_AGENT = "zeroclaw-daemon http_get"
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
TEXTUAL_TYPES = frozenset({
    "application/json", "application/xml", "application/javascript", "application/ecmascript",
    "application/x-javascript", "application/yaml", "application/x-yaml", "application/toml",
    "application/x-www-form-urlencoded", "application/x-ndjson", "image/svg+xml",
})


async def resolve_host(host: str, port: int) -> list[str]:
    """All addresses ``host`` resolves to (for TCP), in resolver order, without duplicates."""
    infos = await anyio.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    addresses: list[str] = []
    for info in infos:
        address = str(info[4][0])
        if address not in addresses:
            addresses.append(address)
    return addresses


def _normalise_host(host: str) -> str:
    return host.strip().lower().rstrip(".")


@dataclass(frozen=True, slots=True)
class HostRules:
    """A parsed list of host entries: exact names, ``*.suffix`` names, IP networks."""

    names: frozenset[str]
    suffixes: tuple[str, ...]
    networks: tuple[IPNetwork, ...]

    @classmethod
    def parse(cls, entries: Sequence[str]) -> HostRules:
        names: set[str] = set()
        suffixes: list[str] = []
        networks: list[IPNetwork] = []
        for raw in entries:
            entry = _normalise_host(raw)
            if not entry:
                continue
            try:
                networks.append(ipaddress.ip_network(entry.strip("[]"), strict=False))
                continue
            except ValueError:
                pass
            if entry.startswith("*."):
                suffixes.append(entry[1:])
            elif entry.startswith("."):
                suffixes.append(entry)
            else:
                names.add(entry)
        return cls(frozenset(names), tuple(suffixes), tuple(networks))

    def matches_name(self, host: str) -> bool:
        host = _normalise_host(host)
        return host in self.names or any(host.endswith(suffix) for suffix in self.suffixes)

    def matches_address(self, address: IPAddress) -> bool:
        return any(address in network for network in self.networks)


def _why_not_public(address: IPAddress) -> str | None:
    """Why ``address`` is not a plain public unicast address, or None when it is."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return _why_not_public(address.ipv4_mapped)
        # 6to4 (2002::/16) and Teredo (2001::/32) carry an IPv4 address inside; a
        # relay would deliver to it, so it must be public as well.
        if address.sixtofour is not None:
            embedded = _why_not_public(address.sixtofour)
            if embedded is not None:
                return f"a 6to4 address embedding {embedded}"
        if address.teredo is not None:
            server, client = address.teredo
            for inner in (server, client):
                embedded = _why_not_public(inner)
                if embedded is not None:
                    return f"a Teredo address embedding {embedded}"
    checks = (
        (address.is_unspecified, "an unspecified"),
        (address.is_loopback, "a loopback"),
        (address.is_link_local, "a link-local"),
        (address.is_multicast, "a multicast"),
        (address.is_private, "a private"),
        (address.is_reserved, "a reserved"),
        (not address.is_global, "a non-public"),
    )
    for failed, label in checks:
        if failed:
            return f"{label} address"
    return None


@dataclass(frozen=True, slots=True)
class _Fetched:
    final_url: str
    text: str


class HttpGetTool(Tool):
    """HTTP GET one URL with a timeout and a size cap; returns the body as text."""

    name = "http_get"
    risk = RiskClass.NETWORK
    parameters: Mapping[str, Any] = closed_object_schema(
        {"url": {"type": "string", "minLength": 1,
                 "description": "An absolute http:// or https:// URL."}},
        required=["url"])

    def __init__(self, allow_hosts: Sequence[str], deny_hosts: Sequence[str],
                 allow_private: bool, timeout_s: float, max_bytes: int, *,
                 max_redirects: int = DEFAULT_MAX_REDIRECTS,
                 resolver: Resolver | None = None) -> None:
        require_positive(timeout_s=timeout_s, max_bytes=max_bytes)
        self.allow = HostRules.parse(allow_hosts)
        self.deny = HostRules.parse(deny_hosts)
        self.allow_private = bool(allow_private)
        self.fetch_timeout_s = float(timeout_s)
        # Our own deadline fires first (with a precise message); the middleware's
        # outer one, if it uses this attribute, only backs it up.
        self.timeout_s = self.fetch_timeout_s + TIMEOUT_GRACE_S
        self.max_bytes = int(max_bytes)
        self.max_redirects = int(max_redirects)
        self._resolve: Resolver = resolver or resolve_host
        self.description = (
            "Fetch an http:// or https:// URL with GET and return the response body as text "
            f"(at most {self.max_bytes} bytes; longer bodies are cut). Private, loopback and "
            "link-local addresses are refused unless configured.")

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolOutput:
        raw_url = args.get("url")
        if not isinstance(raw_url, str) or not raw_url:
            raise ToolArgumentError(self.name, "argument 'url': expected a non-empty string")
        url = self._parse_url(raw_url, raw_url)
        fetched: _Fetched | None = None
        with anyio.move_on_after(self.fetch_timeout_s):
            fetched = await self._fetch(url, raw_url)
        if fetched is None:
            raise ToolTimeoutError(self.name, f"no complete response from {raw_url!r} "
                                              f"within {self.fetch_timeout_s:g} s")
        return ToolOutput(text=fetched.text, urls=(fetched.final_url,))

    def _parse_url(self, raw_url: str, original: str) -> httpx.URL:
        try:
            url = httpx.URL(raw_url)
        except (httpx.InvalidURL, ValueError) as exc:
            raise ToolArgumentError(self.name, f"invalid URL {original!r}: {exc}") from None
        if url.scheme not in ("http", "https"):
            raise ToolDeniedError(
                self.name, f"only http and https URLs are allowed, not {url.scheme or 'none'!r}")
        if not url.host:
            raise ToolArgumentError(self.name, f"URL {original!r} has no host")
        return url

    async def _vet(self, url: httpx.URL) -> list[str]:
        """Resolve the URL's host and return its addresses, or refuse the fetch."""
        host = url.host
        shown = str(url)
        if self.deny.matches_name(host):
            raise ToolDeniedError(self.name, f"host {host!r} is on the deny list")
        port = url.port or (443 if url.scheme == "https" else 80)
        try:
            addresses = list(await self._resolve(url.raw_host.decode("ascii"), port))
        except (OSError, UnicodeError) as exc:
            raise ToolExecutionError(self.name, f"cannot resolve host {host!r}: {exc}") from None
        if not addresses:
            raise ToolExecutionError(self.name, f"host {host!r} has no addresses")
        host_allowed = self.allow.matches_name(host)
        for text in addresses:
            try:
                address = ipaddress.ip_address(text.split("%", 1)[0])
            except ValueError:
                raise ToolExecutionError(
                    self.name, f"host {host!r} resolved to an unusable address") from None
            if self.deny.matches_address(address):
                raise ToolDeniedError(self.name, f"{shown!r} resolves to {address}, "
                                                 "which is on the deny list")
            reason = _why_not_public(address)
            if reason and not (self.allow_private or host_allowed
                               or self.allow.matches_address(address)):
                raise ToolDeniedError(
                    self.name, f"refusing {shown!r}: {host} resolves to {address}, {reason} "
                    "(not allowed by tools.http_get.allow_private / allow_hosts)")
        return addresses

    async def _fetch(self, url: httpx.URL, original: str) -> _Fetched:
        timeout = httpx.Timeout(self.fetch_timeout_s)
        # trust_env=False: a proxy from the environment would connect somewhere
        # other than the address we checked.
        async with httpx.AsyncClient(trust_env=False, follow_redirects=False, timeout=timeout,
                                     headers={"User-Agent": USER_AGENT}) as client:
            current = url
            redirected = False
            for _hop in range(self.max_redirects + 1):
                addresses = await self._vet(current)
                response = await self._connect(client, current, addresses)
                try:
                    location = response.headers.get("location")
                    if response.status_code in REDIRECT_STATUSES and location:
                        current = self._parse_url(str(current.join(location)), original)
                        redirected = True
                        continue
                    if not 200 <= response.status_code < 300:
                        raise ToolExecutionError(self.name, await self._status_error(
                            response, current))
                    text = await self._read_text(response)
                finally:
                    await response.aclose()
                if redirected:
                    text = f"[redirected to {current}]\n\n{text}"
                return _Fetched(final_url=str(current), text=text)
        raise ToolExecutionError(
            self.name, f"{original!r} redirected more than {self.max_redirects} times")

    async def _connect(self, client: httpx.AsyncClient, url: httpx.URL,
                       addresses: Sequence[str]) -> httpx.Response:
        """Send the GET to each vetted address in turn until one accepts the connection."""
        host_header = url.raw_host.decode("ascii")
        if ":" in host_header:
            host_header = f"[{host_header}]"
        if url.port is not None:
            host_header += f":{url.port}"
        extensions = {"sni_hostname": url.raw_host.decode("ascii")} if url.scheme == "https" else {}
        last_error: httpx.ConnectError | None = None
        for address in addresses:
            request = client.build_request(
                "GET", url.copy_with(host=address), headers={"Host": host_header},
                extensions=extensions)
            try:
                return await client.send(request, stream=True)
            except httpx.ConnectError as exc:
                last_error = exc
            except httpx.HTTPError as exc:
                raise self._failure(exc, f"{url.host} did not answer",
                                    f"request to {url.host} failed") from None
        raise ToolExecutionError(
            self.name, f"cannot connect to {url.host}: {_describe(last_error)}")

    def _failure(self, exc: httpx.HTTPError, no_answer: str, failed: str) -> ToolError:
        """A timeout says what did not arrive in time; any other error what failed."""
        if isinstance(exc, httpx.TimeoutException):
            return ToolTimeoutError(self.name, f"{no_answer} within {self.fetch_timeout_s:g} s")
        return ToolExecutionError(self.name, f"{failed}: {_describe(exc)}")

    async def _read_text(self, response: httpx.Response) -> str:
        content_type = response.headers.get("content-type", "")
        mime = content_type.split(";", 1)[0].strip().lower()
        if mime and not _is_textual(mime):
            size = response.headers.get("content-length", "unknown")
            return f"[{mime} content not shown: {size} bytes]"
        body = bytearray()
        truncated = False
        try:
            async for chunk in response.aiter_bytes():
                room = self.max_bytes - len(body)
                if len(chunk) > room:
                    body += chunk[:room]
                    truncated = True
                    break
                body += chunk
        except httpx.HTTPError as exc:
            raise self._failure(exc, "the body did not arrive",
                                "reading the body failed") from None
        text = bytes(body).decode(_charset(response), errors="replace")
        if truncated:
            text += f"\n[body truncated at {self.max_bytes} bytes]"
        return text

    async def _status_error(self, response: httpx.Response, url: httpx.URL) -> str:
        snippet = bytearray()
        try:
            async for chunk in response.aiter_bytes():
                snippet += chunk
                if len(snippet) >= ERROR_BODY_CHARS:
                    break
        except httpx.HTTPError:
            pass
        body = bytes(snippet[:ERROR_BODY_CHARS]).decode(_charset(response), errors="replace")
        message = f"HTTP {response.status_code} {response.reason_phrase} from {url}".rstrip()
        return f"{message}: {body.strip()}" if body.strip() else message


def _is_textual(mime: str) -> bool:
    return (mime.startswith("text/") or mime in TEXTUAL_TYPES
            or mime.endswith("+json") or mime.endswith("+xml"))


def _charset(response: httpx.Response) -> str:
    charset = response.charset_encoding or "utf-8"
    try:
        codecs.lookup(charset)
    except LookupError:
        return "utf-8"
    return charset


def _describe(exc: Exception | None) -> str:
    if exc is None:
        return "no address to connect to"
    text = str(exc).strip()
    return text or type(exc).__name__
