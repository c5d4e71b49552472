"""POST a JSON request to a model endpoint with retries, backoff and honest errors.

Retried: HTTP 408, 409, 429 (honouring ``Retry-After`` up to a cap), 5xx
(including Anthropic's 529 "overloaded"), connection failures and timeouts.
Not retried: other 4xx and bodies that are not JSON. Error messages carry the
status and the endpoint's own error message, never a request header or the
API key (any occurrence of a secret in the server's text is replaced).
"""

from __future__ import annotations

import email.utils
import json
import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anyio
import httpx

from zeroclaw_daemon.backoff import BackoffPolicy
from zeroclaw_daemon.errors import ProviderError, ProviderResponseError, ProviderTimeoutError

RETRYABLE_STATUSES = frozenset({408, 409, 429})
MAX_ERROR_MESSAGE_CHARS = 300
REDACTED = "[redacted]"


# Delays grow 2x per retry from 0.5 s to 8 s; half of each is random.
DEFAULT_BACKOFF = BackoffPolicy(initial_s=0.5, max_s=8.0, jitter=0.5)


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often and how patiently to retry."""

    max_retries: int = 3
    backoff: BackoffPolicy = DEFAULT_BACKOFF
    # A server asking for a longer pause than this gets an error now instead.
    max_retry_after_s: float = 30.0


def scrub(text: str, secrets: Sequence[str]) -> str:
    """``text`` with every occurrence of each non-empty secret replaced."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    return text


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP-date)."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    if not math.isfinite(seconds):
        return None
    return max(0.0, seconds)


def error_message_from_body(body: bytes) -> str:
    """The endpoint's own error text: OpenAI and Anthropic both use ``{"error": {"message"}}``."""
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        text = body.decode("utf-8", errors="replace").strip()
        return _clip(" ".join(text.split()))
    if isinstance(data, dict):
        error = data.get("error")
        if isinstance(error, dict):
            message = error.get("message")
            kind = error.get("type") or error.get("code")
            parts = [str(part) for part in (kind, message) if isinstance(part, str) and part]
            if parts:
                return _clip(": ".join(parts))
        if isinstance(error, str) and error:
            return _clip(error)
        if isinstance(data.get("message"), str):
            return _clip(data["message"])
        if isinstance(data.get("detail"), str):
            return _clip(data["detail"])
    return _clip(body.decode("utf-8", errors="replace").strip())


def _clip(text: str) -> str:
    if len(text) <= MAX_ERROR_MESSAGE_CHARS:
        return text
    return text[: MAX_ERROR_MESSAGE_CHARS - 3] + "..."


def is_retryable_status(status: int) -> bool:
    return status in RETRYABLE_STATUSES or status >= 500


async def post_json(client: httpx.AsyncClient, url: str, *, body: Mapping[str, Any],
                    headers: Mapping[str, str], provider: str, policy: RetryPolicy,
                    timeout_s: float, rng: random.Random,
                    secrets: Sequence[str] = ()) -> Any:
    """POST ``body`` as JSON and return the decoded JSON response, retrying per ``policy``.

    Raises ``ProviderTimeoutError`` when the last attempt timed out,
    ``ProviderResponseError`` for a 2xx body that is not JSON, and
    ``ProviderError`` otherwise. ``secrets`` are scrubbed from every message.
    """
    from zeroclaw_daemon.logs import get_logger

    log = get_logger(f"zeroclaw_providers::{provider}")
    attempts = policy.max_retries + 1
    for attempt in range(1, attempts + 1):
        outcome = await _attempt(client, url, body, headers, provider, timeout_s, secrets)
        if isinstance(outcome, _Decoded):
            return outcome.value
        error = outcome
        if not error.retryable or attempt == attempts:
            raise _final(error, attempt)
        delay = policy.backoff.delay_s(attempt - 1, rng)
        if error.retry_after is not None:
            if error.retry_after > policy.max_retry_after_s:
                raise _final(error, attempt, f"the endpoint asks to wait {error.retry_after:g} s")
            delay = error.retry_after
        log.warning("Provider request failed; retrying", provider=provider, attempt=attempt,
                    max_attempts=attempts, delay_s=round(delay, 3), reason=error.message,
                    status=error.status_code)
        await anyio.sleep(delay)
    raise AssertionError("unreachable: the loop returns or raises")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class _Decoded:
    value: Any


async def _attempt(client: httpx.AsyncClient, url: str, body: Mapping[str, Any],
                   headers: Mapping[str, str], provider: str, timeout_s: float,
                   secrets: Sequence[str]) -> _Decoded | ProviderError:
    """One try: the decoded JSON, or the error it ended with (returned, not raised)."""
    response: httpx.Response | None = None
    try:
        # httpx's timeout bounds each read; this bounds the whole exchange, so a
        # server trickling bytes cannot hold a turn forever.
        with anyio.move_on_after(timeout_s):
            response = await client.post(url, json=body, headers=dict(headers))
    except httpx.TimeoutException:
        response = None
    except httpx.DecodingError as exc:
        detail = scrub(str(exc) or type(exc).__name__, secrets)
        return ProviderResponseError(provider, f"response body could not be decoded ({detail})")
    except httpx.TransportError as exc:
        detail = scrub(str(exc) or type(exc).__name__, secrets)
        return ProviderError(provider, f"connection to the endpoint failed ({detail})",
                             retryable=True)
    except httpx.RequestError as exc:
        detail = scrub(str(exc) or type(exc).__name__, secrets)
        return ProviderError(provider, f"request failed ({detail})")
    if response is None:
        return ProviderTimeoutError(provider, f"no response within {timeout_s:g} s",
                                    retryable=True)
    status = response.status_code
    if not 200 <= status < 300:
        message = scrub(error_message_from_body(response.content), secrets)
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        text = f"HTTP {status}" + (f": {message}" if message else "")
        return ProviderError(provider, text, retryable=is_retryable_status(status),
                             status_code=status, retry_after=retry_after)
    try:
        return _Decoded(json.loads(response.content))
    except (ValueError, UnicodeDecodeError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "not UTF-8"
        return ProviderResponseError(
            provider, f"response body is not valid JSON ({reason}; HTTP {status}, "
            f"{len(response.content)} bytes)", status_code=status)


def _final(error: ProviderError, attempts: int, why_stop: str = "") -> ProviderError:
    """The error to raise, saying how many attempts were made."""
    if attempts > 1 or why_stop:
        suffix = f" (gave up after {attempts} attempt{'s' if attempts != 1 else ''}"
        suffix += f"; {why_stop})" if why_stop else ")"
    else:
        suffix = ""
    return type(error)(error.provider, error.message + suffix, retryable=error.retryable,
                       status_code=error.status_code, retry_after=error.retry_after)
