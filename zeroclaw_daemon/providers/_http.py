"""What the HTTP model providers share: client, retry policy, key handling, repr, close."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import httpx

from zeroclaw_daemon.providers._retry import RetryPolicy, post_json


class HttpJsonProvider:
    """A provider that POSTs JSON to ``{base_url}{path}``; subclasses build and parse bodies.

    The API key lives only in ``_api_key``: never in the repr, and scrubbed from
    every error message.
    """

    name: str

    def __init__(self, *, base_url: str, default_base_url: str, path: str, model: str,
                 api_key: str | None, timeout_s: float, max_retries: int,
                 transport: httpx.AsyncBaseTransport | None,
                 retry_policy: RetryPolicy | None) -> None:
        if not model:
            raise ValueError("model must not be empty")
        self.base_url = (base_url or default_base_url).rstrip("/")
        self.url = f"{self.base_url}{path}"
        self.model = model
        self.timeout_s = float(timeout_s)
        self.policy = retry_policy or RetryPolicy(max_retries=max_retries)
        self._api_key = api_key or ""
        self._rng = random.Random()
        self._client = httpx.AsyncClient(timeout=httpx.Timeout(self.timeout_s),
                                         transport=transport)

    def __repr__(self) -> str:
        # Never the key.
        return f"<{type(self).__name__} url={self.url!r} model={self.model!r}>"

    async def _post(self, body: Mapping[str, Any], headers: Mapping[str, str]) -> Any:
        """The decoded JSON answer, after the retries ``self.policy`` allows."""
        return await post_json(self._client, self.url, body=body, headers=headers,
                               provider=self.name, policy=self.policy, timeout_s=self.timeout_s,
                               rng=self._rng, secrets=(self._api_key,))

    async def aclose(self) -> None:
        await self._client.aclose()


def int_usage(raw: object) -> dict[str, int]:
    """The integer counters of a response's ``usage`` object (others dropped)."""
    if not isinstance(raw, dict):
        return {}
    return {key: value for key, value in raw.items()
            if isinstance(value, int) and not isinstance(value, bool)}
