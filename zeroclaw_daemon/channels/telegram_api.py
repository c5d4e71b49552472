"""The Telegram Bot API client of one bot: calls with retries, the token out of sight.

The bot token is part of every Bot API URL, so the httpx client only ever sees
URLs with a placeholder (which is what httpx logs and puts into its
exceptions); a transport wrapper swaps in the real token at the last moment.
Errors name the API method, never the URL.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import anyio
import httpx

from ..backoff import Backoff, BackoffPolicy
from ..errors import ChannelError
from ..logs import Logger

_TOKEN_PLACEHOLDER = "TOKEN"


class _TokenTransport(httpx.AsyncBaseTransport):
    """Puts the bot token into the URL path only on the way to the socket."""

    def __init__(self, token: str, inner: httpx.AsyncBaseTransport) -> None:
        self._marker = f"/bot{_TOKEN_PLACEHOLDER}/".encode()
        self._real = f"/bot{token}/".encode()
        self._inner = inner

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        raw_path = request.url.raw_path.replace(self._marker, self._real, 1)
        real_request = httpx.Request(
            request.method,
            request.url.copy_with(raw_path=raw_path),
            headers=request.headers,
            stream=request.stream,
            extensions=request.extensions,
        )
        return await self._inner.handle_async_request(real_request)

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __repr__(self) -> str:
        return "_TokenTransport()"


class _RetryLater(Exception):
    """One API attempt failed in a way another attempt may fix."""

    def __init__(self, reason: str, wait_s: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.wait_s = wait_s


class BotApi:
    """``call`` a Bot API method: network errors, 5xx and 429 retried with backoff."""

    def __init__(self, token: str, api_base: str, name: str, log: Logger, *,
                 http_timeout_s: float, max_attempts: int, backoff: BackoffPolicy,
                 max_retry_after_s: float) -> None:
        self.name = name
        self.api_base = api_base.rstrip("/")
        self._token = token
        self._log = log
        self._http_timeout_s = http_timeout_s
        self._max_attempts = max_attempts
        self._backoff = backoff
        self._max_retry_after_s = max_retry_after_s

    def __repr__(self) -> str:
        return f"BotApi(name={self.name!r}, api_base={self.api_base!r})"

    def client(self) -> httpx.AsyncClient:
        """A client whose requests get the real token only inside the transport."""
        transport = _TokenTransport(self._token, httpx.AsyncHTTPTransport())
        return httpx.AsyncClient(transport=transport, timeout=self._http_timeout_s)

    async def call(self, client: httpx.AsyncClient, method: str, params: Mapping[str, Any],
                   read_timeout_s: float) -> Any:
        """``result`` of a Bot API call, retrying network errors, 5xx and 429."""
        backoff = Backoff(self._backoff)
        attempt = 0
        while True:
            attempt += 1
            try:
                return await self._attempt(client, method, params, read_timeout_s, backoff)
            except _RetryLater as retry:
                reason = retry.reason
                wait_s = retry.wait_s if retry.wait_s is not None else backoff.next_delay()
            if attempt >= self._max_attempts:
                raise ChannelError(self.name, f"{method} failed after {attempt} attempts: {reason}")
            self._log.warning("Telegram API call failed; retrying", channel=self.name,
                              method=method, attempt=attempt, reason=reason,
                              retry_in_s=round(wait_s, 3))
            await anyio.sleep(wait_s)

    async def _attempt(self, client: httpx.AsyncClient, method: str, params: Mapping[str, Any],
                       read_timeout_s: float, backoff: Backoff) -> Any:
        url = f"{self.api_base}/bot{_TOKEN_PLACEHOLDER}/{method}"
        timeout = httpx.Timeout(read_timeout_s, connect=self._http_timeout_s)
        network_error: str | None = None
        try:
            response = await client.post(url, json=dict(params), timeout=timeout)
        except httpx.HTTPError as exc:
            # Keep only the class name: httpx messages and the exception's request
            # carry the URL. Raised outside this block so no context is chained.
            network_error = type(exc).__name__
        if network_error is not None:
            raise _RetryLater(network_error)
        body = _json_object(response.content)
        status = response.status_code
        if body is not None and body.get("ok") is True and 200 <= status < 300:
            return body.get("result")
        body = body or {}
        error_code = body.get("error_code")
        error_code = error_code if isinstance(error_code, int) else status
        description = str(body.get("description") or response.reason_phrase)
        description = description.replace(self._token, "[REDACTED]")
        if error_code == 429 or status == 429:
            parameters = body.get("parameters")
            retry_after = parameters.get("retry_after") if isinstance(parameters, Mapping) else None
            wait_s = (float(retry_after) if isinstance(retry_after, int | float)
                      and retry_after >= 0 else backoff.next_delay())
            raise _RetryLater(f"429 {description}", min(wait_s, self._max_retry_after_s))
        if status >= 500 or error_code >= 500:
            raise _RetryLater(f"{error_code} {description}")
        raise ChannelError(self.name, f"{method} rejected: {error_code} {description}")


def _json_object(content: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(content)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
